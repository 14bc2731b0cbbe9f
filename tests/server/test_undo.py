"""Undo: a person takes back their last action (and every action after it) where nothing hidden
was revealed to them since; the record in the database is cut first, so a restart replays the
game as everyone saw it after the undo. Against bots it is done at once; where other people
sit, they are asked, and it is done when all of them have accepted."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from fastapi.testclient import TestClient

from spieltisch.core.words import Said
from spieltisch.server.words import site_words


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def until(ws: Any, kind: str, test: Any = lambda m: True) -> dict[str, Any]:
    for _ in range(2000):
        m = ws.receive_json()
        if m["type"] == kind and test(m):
            return m
    raise AssertionError(f"no {kind} message came")


def test_a_person_takes_back_a_mancala_move_and_the_bots_answer(serve) -> None:
    with serve() as client:
        table = create(client, game="mancala", seats=["human", "random"])
        host = client.app.state.hub.tables[table["id"]]
        token = table["seats"][0]["token"]
        with client.websocket_connect(f"/ws/tables/{table['id']}?token={token}") as ws:
            update = until(ws, "update", lambda m: bool(m["legal"]))
            if host.record.actions:  # the bot moved first: nothing of the person's yet either
                assert all(p == 1 for p, _ in host.record.actions)
            ws.send_json({"undo": True})
            assert "not acted yet" in until(ws, "error")["error"]
            for bad in [1, "yes", None, False, [], {}]:
                ws.send_json({"undo": bad})
                assert "undo" in until(ws, "error")["error"]
            mine = update["seq"]
            ws.send_json({"action": update["legal"][0], "id": 1})
            until(ws, "accepted")
            # the bot answers (or the pit gave another move): the person is waited for again
            until(ws, "update", lambda m: bool(m["legal"]) or m["status"] != "playing")
            before = list(host.record.actions)
            assert before[mine][0] == 0
            ws.send_json({"undo": True})
            undone = until(ws, "undone")
            assert undone == {"type": "undone", "seat": 0, "index": mine}
            history = until(ws, "history")
            update = until(ws, "update", lambda m: m["seq"] <= mine + 1)
            assert host.record.actions[:mine] == before[:mine]
            assert host.state.to_json() == host.record.replay(host.state.game).to_json()
            assert update["legal"] and update["seq"] >= mine
            assert history["events"] == host.history_for(0)  # the log as if never played
            cut = len(host.record.actions)
            kept = list(host.record.actions)
            assert cut >= mine
    with serve(time_scale=1000.0) as client:  # the database holds the cut record
        host = client.app.state.hub.tables[table["id"]]
        assert host.record.actions[:cut] == kept[:cut]
        assert len(host.record.actions) == cut


def test_no_undo_where_a_bot_laid_a_card_from_its_hidden_hand(client: TestClient) -> None:
    table = create(client, game="maumau", seats=["human", "random", "random"])
    host = client.app.state.hub.tables[table["id"]]
    token = table["seats"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{table['id']}?token={token}") as ws:
        # Mau-Mau runs in real time: a bot may act between the person's update and their
        # action (which is then refused), and the next update may come before the answer to
        # the last action, so the latest update is kept and acted on once the answer is in
        latest: dict[str, Any] | None = None
        acted_on, pending, turns = -1, False, 0
        for _ in range(20_000):
            m = ws.receive_json()
            if m["type"] in ("accepted", "refused"):
                pending = False
            elif m["type"] == "update":
                latest = m
            else:
                continue
            if latest is None or pending:
                continue
            if latest["status"] != "playing" or turns >= 40:
                break
            if not latest["legal"] or latest["seq"] <= acted_on:
                continue
            mine = [i for i, (p, _) in enumerate(host.record.actions) if p == 0]
            after = host.record.actions[mine[-1] + 1 :] if mine else []
            if any(p != 0 and "lay" in dict(a) for p, a in after):
                ws.send_json({"undo": True})
                assert "revealed" in until(ws, "error")["error"]
                assert host.record.actions[mine[-1] + 1 :][: len(after)] == after  # kept
                return
            ws.send_json({"action": latest["legal"][0], "id": latest["seq"]})
            acted_on, pending, turns = latest["seq"], True, turns + 1
    raise AssertionError("no bot laid a card after the person's action in 40 turns")


def seat_socket(client: TestClient, table: dict[str, Any], seat: int) -> Any:
    token = table["seats"][seat]["token"]
    return client.websocket_connect(f"/ws/tables/{table['id']}?token={token}")


def refusal(ws: Any) -> dict[str, Any]:
    """The next ``error``'s ``said`` (every undo refusal names its catalog key), after
    checking that its English is the catalog's sentence."""
    m = until(ws, "error")
    said = m.get("said")
    assert said is not None, m
    assert m["error"] == site_words().say("en", Said.from_json(said))
    return said


def no_more_undo_messages(ws: Any) -> None:
    """Nothing about an undo is waiting for this socket: the refusal of a message sent now
    comes back before anything else the table says (messages to one socket keep their
    order)."""
    ws.send_json({"undo": "check"})
    for _ in range(200):
        m = ws.receive_json()
        assert m["type"] not in ("undo_request", "undo_cancelled", "undone"), m
        if m["type"] == "error" and m.get("said", {}).get("key") == "r.undo.json":
            return
    raise AssertionError("the refusal did not come back")


def stored_actions(client: TestClient, table_id: str) -> int:
    row = client.app.state.hub.store.load(table_id)
    assert row is not None
    return len(row.record().actions)


def test_an_undo_asked_of_another_person_is_done_when_they_accept(client: TestClient) -> None:
    table = create(client, game="mancala", seats=["human", "human"], options={"first_mover": "0"})
    host = client.app.state.hub.tables[table["id"]]
    with seat_socket(client, table, 0) as ada, seat_socket(client, table, 1) as bruno:
        update = until(ada, "update", lambda m: bool(m["legal"]))
        before = {ada: update["view"], bruno: until(bruno, "update")["view"]}
        ada.send_json({"action": update["legal"][0], "id": 1})
        until(ada, "accepted")
        ada.send_json({"undo": True})
        for ws in (ada, bruno):
            asked = until(ws, "undo_request")
            assert asked == {
                "type": "undo_request",
                "seat": 0,
                "index": 0,
                "asked": [1],
                "accepted": [],
            }
        assert len(host.record.actions) == 1  # nothing is taken back before the answer
        assert stored_actions(client, table["id"]) == 1
        bruno.send_json({"undo_answer": True})
        for ws in (ada, bruno):
            assert until(ws, "undone") == {"type": "undone", "seat": 0, "index": 0}
            assert until(ws, "history")["events"] == []
            after = until(ws, "update")
            assert after["seq"] == 0 and after["view"] == before[ws]
        assert host.record.actions == [] and host.undo_ask is None
        assert stored_actions(client, table["id"]) == 0  # the database's record is cut too
        # it is the person's turn again, and the request is over
        bruno.send_json({"undo_answer": True})
        assert refusal(bruno)["key"] == "r.undo.nothing"


def test_a_declined_undo_is_not_done_and_everyone_is_told(client: TestClient) -> None:
    table = create(client, game="mancala", seats=["human", "human"], options={"first_mover": "0"})
    host = client.app.state.hub.tables[table["id"]]
    with seat_socket(client, table, 0) as ada, seat_socket(client, table, 1) as bruno:
        update = until(ada, "update", lambda m: bool(m["legal"]))
        ada.send_json({"action": update["legal"][0], "id": 1})
        until(ada, "accepted")
        ada.send_json({"undo": True})
        until(bruno, "undo_request")
        bruno.send_json({"undo_answer": False})
        declined = {"key": "undo.declined", "args": [{"seat": 1}, {"seat": 0}]}
        for ws in (ada, bruno):
            assert until(ws, "undo_cancelled") == {
                "type": "undo_cancelled",
                "seat": 0,
                "said": declined,
            }
        assert len(host.record.actions) == 1 and host.undo_ask is None
        assert stored_actions(client, table["id"]) == 1
        bruno.send_json({"undo_answer": True})  # too late: nothing is asked any more
        assert refusal(bruno)["key"] == "r.undo.nothing"
        no_more_undo_messages(ada)
        ada.send_json({"undo": True})  # a new request may be made
        assert until(bruno, "undo_request")["accepted"] == []


def test_an_action_at_the_table_ends_the_request(client: TestClient) -> None:
    table = create(client, game="mancala", seats=["human", "human"], options={"first_mover": "0"})
    host = client.app.state.hub.tables[table["id"]]
    with seat_socket(client, table, 0) as ada, seat_socket(client, table, 1) as bruno:
        update = until(ada, "update", lambda m: bool(m["legal"]))
        ada.send_json({"action": update["legal"][0], "id": 1})
        until(ada, "accepted")
        turn = until(bruno, "update", lambda m: bool(m["legal"]))
        ada.send_json({"undo": True})
        until(bruno, "undo_request")
        bruno.send_json({"action": turn["legal"][0], "id": 2})  # Bruno moves instead
        until(bruno, "accepted")
        moved = {"key": "undo.moved", "args": [{"seat": 0}]}
        for ws in (ada, bruno):
            assert until(ws, "undo_cancelled")["said"] == moved
        assert len(host.record.actions) == 2 and host.undo_ask is None
        bruno.send_json({"undo_answer": True})  # it would take back Bruno's move too
        assert refusal(bruno)["key"] == "r.undo.nothing"
        assert len(host.record.actions) == 2


def test_undo_refusals_name_their_keys_and_any_other_answer_is_refused(
    client: TestClient,
) -> None:
    table = create(client, game="mancala", seats=["human", "human"], options={"first_mover": "0"})
    host = client.app.state.hub.tables[table["id"]]
    with (
        seat_socket(client, table, 0) as ada,
        seat_socket(client, table, 1) as bruno,
        client.websocket_connect(f"/ws/tables/{table['id']}") as watcher,
    ):
        update = until(ada, "update", lambda m: bool(m["legal"]))
        ada.send_json({"undo": True})
        assert refusal(ada)["key"] == "r.undo.none"
        for bad in [1, "yes", None, False, [], {}]:
            ada.send_json({"undo": bad})
            assert refusal(ada)["key"] == "r.undo.json"
        watcher.send_json({"undo": True})
        assert refusal(watcher)["key"] == "r.undo.spectator"
        watcher.send_json({"undo_answer": True})
        assert refusal(watcher)["key"] == "r.spectator"
        bruno.send_json({"undo_answer": True})
        assert refusal(bruno)["key"] == "r.undo.nothing"
        ada.send_json({"action": update["legal"][0], "id": 1})
        until(ada, "accepted")
        ada.send_json({"undo": True})
        until(bruno, "undo_request")
        ada.send_json({"undo": True})  # one request at a time
        assert refusal(ada) == {"key": "r.undo.pending", "args": [{"seat": 0}]}
        ada.send_json({"undo_answer": True})
        assert refusal(ada)["key"] == "r.undo.own"
        bruno.send_json({"undo": True})
        assert refusal(bruno)["key"] == "r.undo.none"
        for bad in [1, 0, 1.0, "yes", "true", None, [], {}, [True], {"undo_answer": True}]:
            bruno.send_json({"undo_answer": bad})
            assert refusal(bruno)["key"] == "r.undo.answer"
        assert host.undo_ask is not None and host.undo_ask.accepted == set()
        assert len(host.record.actions) == 1
        no_more_undo_messages(watcher)  # spectators are not asked


def test_every_other_person_is_asked_and_no_bot(client: TestClient) -> None:
    table = create(
        client,
        game="bibermania",
        seats=["human", "human", "human", "random"],
        options={"first_player": "0"},
    )
    host = client.app.state.hub.tables[table["id"]]
    with (
        seat_socket(client, table, 0) as ada,
        seat_socket(client, table, 1) as bruno,
        seat_socket(client, table, 2) as cleo,
    ):
        update = until(ada, "update", lambda m: bool(m["legal"]))
        ada.send_json({"action": update["legal"][0], "id": 1})
        until(ada, "accepted")
        ada.send_json({"undo": True})
        for ws in (ada, bruno, cleo):
            asked = until(ws, "undo_request")
            assert asked["asked"] == [1, 2] and asked["accepted"] == []  # the bot is not
        bruno.send_json({"undo_answer": True})
        for ws in (ada, bruno, cleo):
            assert until(ws, "undo_request")["accepted"] == [1]
        assert len(host.record.actions) == 1  # Cleo has not answered
        bruno.send_json({"undo_answer": True})
        assert refusal(bruno)["key"] == "r.undo.answered"
        cleo.send_json({"undo_answer": True})
        for ws in (ada, bruno, cleo):
            assert until(ws, "undone")["index"] == 0
        assert host.record.actions == []
        # the bot's turn never came: nothing but the undo changed the record
        assert 0 in host.state.waiting_for()


def test_a_request_ends_when_an_asked_person_leaves(client: TestClient) -> None:
    table = create(
        client,
        game="bibermania",
        seats=["human", "human", "human"],
        options={"first_player": "0"},
    )
    with seat_socket(client, table, 0) as ada, seat_socket(client, table, 1) as bruno:
        update = until(ada, "update", lambda m: bool(m["legal"]))
        ada.send_json({"action": update["legal"][0], "id": 1})
        until(ada, "accepted")
        ada.send_json({"undo": True})
        until(bruno, "undo_request")
        r = client.post(
            f"/api/tables/{table['id']}/leave", json={"token": table["seats"][2]["token"]}
        )
        assert r.status_code == 200, r.text
        gone = {"key": "undo.gone", "args": [{"seat": 0}, {"seat": 2}]}
        for ws in (ada, bruno):
            assert until(ws, "undo_cancelled")["said"] == gone


def test_a_person_who_connects_while_asked_is_shown_the_request(client: TestClient) -> None:
    table = create(client, game="mancala", seats=["human", "human"], options={"first_mover": "0"})
    with seat_socket(client, table, 0) as ada:
        update = until(ada, "update", lambda m: bool(m["legal"]))
        ada.send_json({"action": update["legal"][0], "id": 1})
        until(ada, "accepted")
        ada.send_json({"undo": True})
        until(ada, "undo_request")
        with seat_socket(client, table, 1) as bruno:  # Bruno opens the table only now
            assert until(bruno, "undo_request")["asked"] == [1]
            bruno.send_json({"undo_answer": True})
            assert until(ada, "undone")["index"] == 0
        with client.websocket_connect(f"/ws/tables/{table['id']}") as watcher:
            no_more_undo_messages(watcher)  # nothing asked any more, and never of a spectator


@contextmanager
def asked_before_the_bot(serve: Any, ask_seconds: float | None = None) -> Iterator[Any]:
    """Biber-Mania in real time, Ada, a bot and Cleo: Ada plays and at once asks to take it
    back, before the bot (next) has answered; Cleo is asked. Yields (host, ada, cleo)."""
    with serve(time_scale=1.0) as client:
        table = create(
            client,
            game="bibermania",
            seats=["human", "random", "human"],
            options={"first_player": "0"},
        )
        host = client.app.state.hub.tables[table["id"]]
        if ask_seconds is not None:
            host.UNDO_ASK_SECONDS = ask_seconds
        with seat_socket(client, table, 0) as ada, seat_socket(client, table, 2) as cleo:
            update = until(ada, "update", lambda m: bool(m["legal"]))
            ada.send_json({"action": update["legal"][0], "id": 1})
            until(ada, "accepted")
            ada.send_json({"undo": True})
            until(cleo, "undo_request")
            yield host, ada, cleo


def test_the_table_holds_while_the_people_answer_and_goes_on_after(serve) -> None:
    """At a table of people and a bot, a request would be ended at once by the bot's next move:
    the table holds while the people answer (no bot, referee or turn timer acts), and goes on
    when they decline. (Real time here: the bot takes its human-like second to answer.)"""
    with asked_before_the_bot(serve) as (host, ada, cleo):
        time.sleep(2.5)  # more than the bot's reaction time
        assert len(host.record.actions) == 1 and host.undo_ask is not None
        cleo.send_json({"undo_answer": False})
        until(ada, "undo_cancelled")
        # the table goes on: the bot moves
        until(ada, "update", lambda m: m["seq"] >= 2)
        assert host.record.actions[1][0] == 1


def test_a_request_nobody_answers_lapses_and_the_table_goes_on(serve) -> None:
    with asked_before_the_bot(serve, ask_seconds=1.0) as (host, ada, cleo):
        lapsed = {"key": "undo.lapsed", "args": [{"seat": 0}]}
        for ws in (ada, cleo):
            assert until(ws, "undo_cancelled")["said"] == lapsed
        assert host.undo_ask is None and len(host.record.actions) == 1
        until(ada, "update", lambda m: m["seq"] >= 2)  # and the bot moves
        assert host.record.actions[1][0] == 1
