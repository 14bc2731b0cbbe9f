"""Undo against bots: a person takes back their last action (and the bots' after it) where
nothing hidden was revealed to them since; the record in the database is cut first, so a
restart replays the game as everyone saw it after the undo."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from spieltisch.core import Action


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


def test_no_undo_with_another_person_at_the_table(client: TestClient) -> None:
    table = create(client, game="mancala", seats=["human", "human"])
    host = client.app.state.hub.tables[table["id"]]
    seat = min(host.state.waiting_for())
    token = table["seats"][seat]["token"]
    with client.websocket_connect(f"/ws/tables/{table['id']}?token={token}") as ws:
        update = until(ws, "update")
        ws.send_json({"action": update["legal"][0], "id": 1})
        until(ws, "accepted")
        ws.send_json({"undo": True})
        assert "everyone else is a bot" in until(ws, "error")["error"]
    assert len(host.record.actions) == 1 and host.record.actions[0][1] == Action.of(
        update["legal"][0]
    )
    with client.websocket_connect(f"/ws/tables/{table['id']}") as watcher:
        watcher.send_json({"undo": True})
        assert "spectators" in until(watcher, "error")["error"]
