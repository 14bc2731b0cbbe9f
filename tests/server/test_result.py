"""The end of a game: its replay step by step as each seat saw it (the whole game revealed,
one seat's eyes at a time), only once the game is over."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from spieltisch.core import Record
from spieltisch.registry import record_game


def finished_table(client: TestClient, **body: Any) -> dict[str, Any]:
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    table = r.json()
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        while True:
            m = ws.receive_json()
            if m["type"] == "update" and m["status"] == "finished":
                return table


def test_each_seat_sees_its_own_game_in_the_replay_after_the_end(client: TestClient) -> None:
    table = finished_table(client, game="maumau", seats=["random", "random", "random"])
    base = f"/api/tables/{table['id']}/record"
    record = Record.from_json(client.get(base).json())
    game = record_game(record)
    n = len(record.actions)
    revealed = 0
    for step in sorted({0, 1, 2, n // 2, n - 1, n}):
        state = record.replay(game, step)
        public = client.get(f"{base}/{step}").json()
        assert public["seat"] is None and public["view"] == state.view(None)
        for seat in range(3):
            seen = client.get(f"{base}/{step}", params={"seat": seat}).json()
            assert seen["seat"] == seat and seen["step"] == step
            assert seen["view"] == state.view(seat)
            revealed += seen["view"] != public["view"]  # a hand the spectator did not see
            # the seat's events: the public ones and its own, never another seat's only
            for e in seen["events"]:
                assert "visible_to" not in e or seat in e["visible_to"]
    assert revealed > 0
    for bad in ["-1", "16", "x", "1.5", "true"]:
        assert client.get(f"{base}/1", params={"seat": bad}).status_code == 422, bad
    r = client.get(f"{base}/1", params={"seat": 3})  # a seat this table does not have
    assert r.status_code == 404 and "seat 3" in r.json()["error"]


def test_no_seat_sees_a_game_in_play_through_the_replay(client: TestClient) -> None:
    r = client.post("/api/tables", json={"game": "maumau", "seats": ["human", "random", "random"]})
    table = r.json()
    answer = client.get(f"/api/tables/{table['id']}/record/0", params={"seat": 1})
    assert answer.status_code == 409
