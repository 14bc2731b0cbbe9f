"""A restart: a second app on the same database replays every unfinished table and goes on
(on SQLite and on PostgreSQL)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from spieltisch.core import Record
from spieltisch.registry import replay


@pytest.fixture
def db_url(store_url: str) -> str:
    return store_url


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def move(client: TestClient, table: dict[str, Any], n: int) -> None:
    """``n`` actions by whoever is on turn, each acknowledged before the next."""
    host = client.app.state.hub.tables[table["id"]]
    for _ in range(n):
        seat = min(host.state.waiting_for())
        with client.websocket_connect(
            f"/ws/tables/{table['id']}?token={table['seats'][seat]['token']}"
        ) as ws:
            ws.receive_json()
            update = ws.receive_json()
            if update["type"] == "history":  # the log so far, then the update
                update = ws.receive_json()
            ws.send_json({"action": update["legal"][-1], "id": 1})
            assert ws.receive_json()["type"] == "accepted"


def test_a_table_resumes_where_it_was(serve) -> None:
    with serve() as client:
        table = create(client, game="mancala", seats=["human", "human"])
        move(client, table, 6)
        host = client.app.state.hub.tables[table["id"]]
        before = host.state.to_json()
        view = client.get(f"/api/tables/{table['id']}").json()["view"]
        # bots frozen in mid-game: their second lasts 1000 s in this app
    with serve(time_scale=1000.0) as client:
        bots = create(client, game="bibermania", seats=["random", "heuristic"])
        assert client.app.state.hub.tables[bots["id"]].record.actions == []
    with serve() as client:
        host = client.app.state.hub.tables[table["id"]]
        assert host.state.to_json() == before
        assert len(host.record.actions) == 6
        assert client.get(f"/api/tables/{table['id']}").json()["view"] == view
        # the tokens still open their seats, and the game goes on
        move(client, table, 2)
        assert len(host.record.actions) == 8
        # the bots' table resumed too, and its bots play it to the end
        with client.websocket_connect(f"/ws/tables/{bots['id']}") as ws:
            while True:
                m = ws.receive_json()
                if m["type"] == "update" and m["status"] == "finished":
                    break
        after = host.state.to_json()
    with serve() as client:
        # finished games stay: listed, viewable, downloadable; unfinished ones resume again
        assert client.app.state.hub.tables[table["id"]].state.to_json() == after
        assert bots["id"] not in client.app.state.hub.tables
        listed = {t["id"]: t["status"] for t in client.get("/api/tables").json()}
        assert listed == {table["id"]: "playing", bots["id"]: "finished"}
        record = Record.from_json(client.get(f"/api/tables/{bots['id']}/record").json())
        assert replay(record).is_terminal()
        assert client.get(f"/api/tables/{bots['id']}").json()["status"] == "finished"
        with client.websocket_connect(f"/ws/tables/{bots['id']}") as ws:
            ws.receive_json()
            history = ws.receive_json()  # a finished game's log is there after a restart too
            assert history["type"] == "history" and history["events"]
            assert ws.receive_json()["status"] == "finished"
