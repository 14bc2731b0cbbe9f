"""The server's clock: the referee closes Mau-Mau's slaps after ``slap_seconds`` plus the table's
grace, and an idle trading phase of the bean games; a person's turn timer lets a stand-in act;
a turn action waits while a person owes a word; bots act on their reaction times; actions that
arrive together are taken in the order they arrived; and a Mau-Mau table with bots and a person
plays to its end."""

from __future__ import annotations

import asyncio
import itertools
import random
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from spieltisch.bots import RandomBot
from spieltisch.core import REFEREE, Action, Record
from spieltisch.registry import replay
from spieltisch.server import host as server_host
from spieltisch.server.host import Connection, word_hooks

SLAP_SEED = 6  # Mau-Mau, 3 players: the dealer (seat 2) turns up a 6, a slap is open at once


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def host_of(client: TestClient, table: dict[str, Any]) -> Any:
    return client.app.state.hub.tables[table["id"]]


def ws_path(table: dict[str, Any], seat: int | None = None) -> str:
    if seat is None:
        return f"/ws/tables/{table['id']}"
    return f"/ws/tables/{table['id']}?token={table['seats'][seat]['token']}"


def next_update(ws: Any) -> dict[str, Any]:
    while True:
        m = ws.receive_json()
        if m["type"] == "update":
            return m


def answer(ws: Any) -> dict[str, Any]:
    while True:
        m = ws.receive_json()
        if m["type"] in ("accepted", "refused", "error"):
            return m


@pytest.fixture
def slap_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server_host.secrets, "randbelow", lambda n: SLAP_SEED)


def test_a_slap_stays_open_for_its_seconds_and_the_grace(serve, slap_seed) -> None:
    # slap_seconds 2.0 and grace 1.0 at time scale 0.2: the window is 0.4 s, the referee
    # closes the slap 0.6 s after it opened
    with serve(time_scale=0.2) as client:
        table = create(client, game="maumau", seats=["human"] * 3, grace_seconds=1.0)
        opened = time.monotonic()
        host = host_of(client, table)
        assert host.state.window_seconds() == 2.0
        with (
            client.websocket_connect(ws_path(table, 1)) as ws,
            client.websocket_connect(ws_path(table)) as watcher,
        ):
            ws.receive_json()
            first = next_update(ws)
            assert 0.2 < first["window"] <= 0.4
            assert first["legal"] == [{"slap": "left"}, {"slap": "right"}, {"slap": "both"}]
            time.sleep(max(0.0, opened + 0.46 - time.monotonic()))  # after the window proper
            ws.send_json({"action": {"slap": "right"}, "id": 1})
            assert answer(ws)["type"] == "accepted"  # ... but within the grace
            watcher.receive_json()
            while True:
                m = next_update(watcher)
                if m["view"]["slap"] is None:
                    break
            closed = time.monotonic()
    assert closed - opened >= 0.55
    assert host.record.actions[:2] == [(1, Action(slap="right")), (REFEREE, Action(close="slap"))]


def test_near_simultaneous_actions_are_taken_in_arrival_order(serve, slap_seed) -> None:
    async def both(host: Any, first: int, second: int) -> None:
        a, b = Connection(first), Connection(second)
        await asyncio.gather(
            host.submit(a, {"slap": "right"}, 1), host.submit(b, {"slap": "left"}, 2)
        )
        assert a.queue.get_nowait()["type"] == "accepted"
        assert b.queue.get_nowait()["type"] == "accepted"

    with serve(time_scale=1.0) as client:
        for first, second in ((0, 1), (1, 0)):
            table = create(client, game="maumau", seats=["human"] * 3)
            host = host_of(client, table)
            client.portal.call(both, host, first, second)
            assert host.record.actions[:2] == [
                (first, Action(slap="right")),
                (second, Action(slap="left")),
            ]


def test_an_idle_trading_phase_closes_and_trading_keeps_it_open(serve) -> None:
    # Bohnanza's trade_seconds 60 at time scale 0.01: 0.6 s without an action end the phase
    with serve(time_scale=0.01) as client:
        table = create(client, game="bohnanza", seats=["human"] * 3, grace_seconds=0)
        host = host_of(client, table)
        active = host.state.active
        with client.websocket_connect(ws_path(table, active)) as ws:
            ws.receive_json()
            m = next_update(ws)
            while m["view"]["phase"] != "trade":  # plant the first card, end planting
                action = next(a for a in m["legal"] if "plant" in a or "end" in a)
                ws.send_json({"action": action})
                assert answer(ws)["type"] == "accepted"
                m = next_update(ws)
            began = time.monotonic()
            assert 0.5 < m["window"] <= 0.6
            for _ in range(4):  # 1.2 s of trading: twice the window
                time.sleep(0.3)
                draft = next(a for a in m["legal"] if "draft" in a)
                ws.send_json({"action": draft})
                assert answer(ws)["type"] == "accepted"
                m = next_update(ws)
                assert m["view"]["phase"] == "trade" and m["window"] > 0.5  # open anew
            while m["view"]["phase"] == "trade":
                m = next_update(ws)
            ended = time.monotonic()
    assert ended - began >= 1.2 + 0.55
    player, action = host.record.actions[-1]
    assert (player, action) == (REFEREE, Action(close="trading"))


def test_bots_that_bargain_without_end_do_not_hold_the_trading_phase_open(serve) -> None:
    # random bots act every 0.5-1.5 s (at time scale 0.01: every 5-15 ms) and never end the
    # phase: only a person's action restarts the idle window, so it closes 0.6 s after opening
    with serve(time_scale=0.01) as client:
        table = create(client, game="bohnanza", seats=["random"] * 3, grace_seconds=0)
        host = host_of(client, table)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            closed = [a for p, a in host.record.actions if p == REFEREE]
            if len(closed) >= 2:
                break
            time.sleep(0.1)
        assert len(closed) >= 2, "two trading phases closed by the referee"
        assert host.state.turn_no >= 2


def test_bots_make_whole_offers_at_the_server(serve) -> None:
    # a whole offer is checked by the state, never listed among the legal actions: the host
    # must judge a bot's offer as the state does, not by the list
    with serve(time_scale=0.01) as client:
        table = create(client, game="bohnanza", seats=["trader"] * 3, grace_seconds=0)
        host = host_of(client, table)
        deadline = time.monotonic() + 30
        offers: list[Action] = []
        while time.monotonic() < deadline and not offers:
            offers = [a for _, a in host.record.actions if "offer" in a]
            time.sleep(0.1)
        assert offers, "the trader bots' offers reach the table"


def test_a_turn_timer_lets_a_stand_in_act(serve) -> None:
    # turn_seconds 5 at time scale 0.01: 50 ms for each move, then the random stand-in moves;
    # the clock starts when the person arrives (their seat connects), not at the table's
    # creation (issue 18: "1 s to act" on arrival, then a bot moved for them)
    with serve(time_scale=0.01) as client:
        table = create(
            client, game="mancala", seats=["human", "human"], turn_seconds=5, takeover="random"
        )
        assert table["timing"] == {"grace_seconds": 0.5, "turn_seconds": 5.0}
        host = host_of(client, table)
        time.sleep(0.3)  # six turn timers long: nobody has arrived, so no stand-in acts
        assert host.record.actions == []
        assert client.get(f"/api/tables/{table['id']}").json()["timers"] == []
        with (
            client.websocket_connect(ws_path(table, 0)),
            client.websocket_connect(ws_path(table, 1)),
            client.websocket_connect(ws_path(table)) as watcher,
        ):
            watcher.receive_json()
            m = next_update(watcher)
            assert m["timers"] and m["timers"][0]["left"] <= 0.05
            while m["seq"] < 4:
                m = next_update(watcher)
        assert {p for p, _ in host.record.actions} == {0, 1}
        assert [s["kind"] for s in client.get(f"/api/tables/{table['id']}").json()["seats"]] == [
            "human",
            "human",
        ]
        seat = min(host.state.waiting_for())
        with client.websocket_connect(ws_path(table, seat)) as ws:
            assert ws.receive_json()["timing"]["turn_seconds"] == 5.0
            while True:
                m = ws.receive_json()
                if m["type"] == "timeout":
                    break
            assert m["seat"] == seat
            assert host.record.actions[m["index"]] == (seat, Action.of(m["action"]))
    # no timer unless the table asks for one
    with serve(time_scale=0.01) as client:
        table = create(client, game="mancala", seats=["human", "human"])
        time.sleep(0.2)
        assert host_of(client, table).record.actions == []
        assert client.get(f"/api/tables/{table['id']}").json()["timers"] == []


def test_a_turn_action_waits_while_a_person_owes_a_word(serve) -> None:
    assert word_hooks("maumau") != (None, None)
    assert word_hooks("mancala") == (None, None)
    # grace 1.0 at time scale 0.2: a turn action waits up to 0.2 s after a word became due
    with serve(time_scale=0.2) as client:
        table = create(client, game="maumau", seats=["human"] * 3, grace_seconds=1.0)
        host = host_of(client, table)
        turn = host.state.turn
        assert host.state.slap is None and turn is not None
        with client.websocket_connect(ws_path(table, turn)) as ws:
            ws.receive_json()
            m = next_update(ws)
            lay = next(a for a in m["legal"] if "lay" in a or "draw" in a)
            other = (turn + 1) % 3
            host.owed_since[other] = time.monotonic()  # as if another person owed "Mau" now
            sent = time.monotonic()
            ws.send_json({"action": lay})
            assert answer(ws)["type"] == "accepted"
            assert time.monotonic() - sent >= 0.18
        # without a word owed, nothing waits: under the longest grace (10 s, 2 s at this
        # scale) a held action would take 2 s; an unheld one is answered at once (a loaded
        # machine's "at once" is well under a second)
        table = create(client, game="maumau", seats=["human"] * 3, grace_seconds=10.0)
        turn = host_of(client, table).state.turn
        with client.websocket_connect(ws_path(table, turn)) as ws:
            ws.receive_json()
            m = next_update(ws)
            sent = time.monotonic()
            ws.send_json({"action": next(a for a in m["legal"] if "lay" in a or "draw" in a)})
            assert answer(ws)["type"] == "accepted"
            assert time.monotonic() - sent < 1.0


class Slowpoke(RandomBot):
    name = "slowpoke"

    def reaction_time(self, decision: Any) -> float:
        return 2.0


def test_bots_act_on_their_reaction_times(serve, monkeypatch: pytest.MonkeyPatch) -> None:
    from spieltisch.games.mancala import bots as mancala_bots

    monkeypatch.setitem(mancala_bots.BOTS, "slowpoke", lambda game, **kw: Slowpoke(**kw))
    # 2 s a move at time scale 0.1: 0.2 s between two moves
    with serve(time_scale=0.1) as client:
        table = create(client, game="mancala", seats=["slowpoke", "slowpoke"])
        with client.websocket_connect(ws_path(table)) as watcher:
            watcher.receive_json()
            m = next_update(watcher)
            seen = [(m["seq"], time.monotonic())]
            while len(seen) < 4:
                m = next_update(watcher)
                seen.append((m["seq"], time.monotonic()))
    assert [s for s, _ in seen] == list(range(seen[0][0], seen[0][0] + 4))
    gaps = [b - a for (_, a), (_, b) in itertools.pairwise(seen)]
    assert min(gaps) >= 0.17, gaps


def test_maumau_with_bots_and_a_person_plays_to_the_end(client: TestClient) -> None:
    info = client.get("/api/games/maumau").json()
    assert {"maumau", "random"} <= set(info["bots"])
    table = create(client, game="maumau", seats=["human", "maumau", "maumau", "random"])
    rng = random.Random(5)
    accepted = 0
    with client.websocket_connect(ws_path(table, 0)) as ws:
        pending = False
        latest: dict[str, Any] = {}
        while True:
            m = ws.receive_json()
            if m["type"] == "error":  # over the message rate: wait, then try again
                assert "too many messages" in m["error"]
                time.sleep(0.1)
            if m["type"] in ("accepted", "refused", "error"):
                accepted += m["type"] == "accepted"
                pending = False
                m = latest
            elif m["type"] != "update":
                continue
            latest = m
            if m["status"] == "finished":
                break
            words = [a for a in m["legal"] if "say" in a or "slap" in a]
            mine = 0 in m["waiting_for"]
            if not pending and (words or (mine and m["legal"])):
                ws.send_json({"action": rng.choice(words or m["legal"])})
                pending = True
    assert accepted > 0
    record = Record.from_json(client.get(f"/api/tables/{table['id']}/record").json())
    final = replay(record)
    assert final.is_terminal() and final.result().to_json() == m["result"]
    assert {0, 1, 2, 3} <= {p for p, _ in record.actions}
