"""The issue's security points that the lobby and play tests do not cover: rate limits per
address, seat tokens kept out of URLs and logs, no traceback over a websocket, a full server,
table settings validated."""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

import httpx
import pytest
import websockets
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from spieltisch.core import OptionError
from spieltisch.server.app import HideTokens, hide_tokens
from spieltisch.server.host import Settings


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def test_requests_are_rate_limited_per_address(serve) -> None:
    with serve(requests_per_second=0.01, request_burst=3) as client:
        assert [client.get("/api/games").status_code for _ in range(3)] == [200] * 3
        r = client.get("/api/tables")
        assert r.status_code == 429 and r.json() == {"error": "too many requests; slow down"}
        assert int(r.headers["retry-after"]) >= 1
        # the browser client's files are not counted
        assert client.get("/").status_code != 429
        # a websocket over the limit is closed before it opens
        with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect("/ws/tables/x"):
            pass
        assert closed.value.code == 1008
        # another address has its own bucket
        other = TestClient(client.app, client=("10.0.0.2", 50000))
        assert other.get("/api/games").status_code == 200


def test_settings_come_from_keywords_or_the_environment() -> None:
    env = {"SPIELTISCH_TIME_SCALE": "0.5", "SPIELTISCH_MAX_TABLES": "7"}
    s = Settings.from_env(env, messages_per_second=3.0)
    assert (s.time_scale, s.max_tables, s.messages_per_second) == (0.5, 7, 3.0)
    assert Settings.from_env(env, time_scale=2.0).time_scale == 2.0
    with pytest.raises(OptionError, match="SPIELTISCH_MAX_TABLES must be a int"):
        Settings.from_env({"SPIELTISCH_MAX_TABLES": "many"})
    with pytest.raises(OptionError, match="unknown server setting"):
        Settings.from_env({}, colour="red")


def test_a_full_server_takes_no_more_tables(serve) -> None:
    with serve(max_tables=1, time_scale=1000.0) as client:
        create(client, game="mancala", seats=["human", "human"])
        r = client.post("/api/tables", json={"game": "mancala", "seats": ["human", "human"]})
        assert r.status_code == 503 and "in play" in r.json()["error"]


@pytest.mark.parametrize(
    ("body", "where"),
    [
        ({"grace_seconds": -1}, "grace_seconds"),
        ({"grace_seconds": 11}, "grace_seconds"),
        ({"grace_seconds": "long"}, "grace_seconds"),
        ({"turn_seconds": 1}, "turn_seconds"),
        ({"turn_seconds": 99999}, "turn_seconds"),
    ],
)
def test_table_settings_are_validated(client: TestClient, body: dict[str, Any], where: str) -> None:
    r = client.post("/api/tables", json={"game": "mancala", **body})
    assert r.status_code == 422 and where in r.json()["error"]
    assert client.get("/api/tables").json() == []


def test_the_token_may_travel_as_a_subprotocol(client: TestClient) -> None:
    table = create(client, game="mancala", seats=["human", "human"])
    token = table["seats"][1]["token"]
    path = f"/ws/tables/{table['id']}"
    with client.websocket_connect(path, subprotocols=["spieltisch", f"token.{token}"]) as ws:
        assert ws.accepted_subprotocol == "spieltisch"
        assert ws.receive_json()["seat"] == 1
    with client.websocket_connect(path, subprotocols=[f"token.{token}"]) as ws:
        assert ws.receive_json()["seat"] == 1
    with client.websocket_connect(path, subprotocols=["spieltisch", "token.wrong"]) as ws:
        assert ws.receive_json()["error"] == "this token opens no seat at this table"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4403
    with client.websocket_connect(path, subprotocols=["spieltisch"]) as ws:  # a spectator
        assert ws.receive_json()["seat"] is None


def test_no_traceback_over_a_websocket(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    table = create(client, game="mancala", seats=["human", "human"])
    host = client.app.state.hub.tables[table["id"]]
    before = host.state.to_json()
    mover = min(host.state.waiting_for())
    token = table["seats"][mover]["token"]

    def boom(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("secret internals at /srv/spieltisch")

    with client.websocket_connect(f"/ws/tables/{table['id']}?token={token}") as ws:
        ws.receive_json()
        update = ws.receive_json()
        monkeypatch.setattr(type(host.state), "_apply", boom)
        ws.send_json({"action": update["legal"][0], "id": 1})
        m = ws.receive_json()
        assert m == {
            "type": "refused",
            "id": 1,
            "reason": "the server could not take this action",
            "said": {"key": "r.server", "args": []},  # said in the page's language
        }
    monkeypatch.undo()
    assert host.state.to_json() == before and host.record.actions == []
    # a failure outside any action: a generic error, the connection closed with 1011
    monkeypatch.setattr(type(host), "attach", boom)
    with client.websocket_connect(f"/ws/tables/{table['id']}?token={token}") as ws:
        assert ws.receive_json() == {"type": "error", "error": "internal server error"}
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1011


def test_tokens_are_masked_in_log_lines() -> None:
    record = logging.LogRecord(
        "uvicorn.access",
        logging.INFO,
        __file__,
        1,
        '%s - "%s %s HTTP/%s" %d',
        ("127.0.0.1:5", "GET", "/tables/abc?token=s3cr3t-_x&lang=de", "1.1", 200),
        None,
    )
    assert HideTokens().filter(record)
    assert record.getMessage() == '127.0.0.1:5 - "GET /tables/abc?token=***&lang=de HTTP/1.1" 200'
    assert hide_tokens("offered token.abc_DEF-1, spieltisch") == "offered token.***, spieltisch"
    assert hide_tokens("this token opens no seat") == "this token opens no seat"


async def _visit(server: Any, table: dict[str, Any]) -> None:
    first, second = table["seats"][0], table["seats"][1]
    async with websockets.connect(first["websocket"]) as ws:  # the token in the query
        assert json.loads(await ws.recv())["seat"] == 0
    protocols = ["spieltisch", f"token.{second['token']}"]
    url = f"{server.ws}/ws/tables/{table['id']}"
    async with websockets.connect(url, subprotocols=protocols) as ws:  # ... as a subprotocol
        assert json.loads(await ws.recv())["seat"] == 1
    async with websockets.connect(f"{url}?token=wrong-{second['token'][:10]}") as ws:
        assert json.loads(await ws.recv())["type"] == "error"
    async with websockets.connect(f"{url}?tok%65n={second['token']}") as ws:  # name encoded
        assert json.loads(await ws.recv())["seat"] == 1


def test_seat_tokens_never_reach_the_access_log(server_process, db_url: str) -> None:
    server = server_process(db_url)
    server.start()
    r = httpx.post(f"{server.http}/api/tables", json={"game": "mancala", "seats": ["human"] * 2})
    table = r.json()
    httpx.get(table["seats"][0]["invite"])  # the invite link, as a browser opens it
    httpx.post(f"{server.http}/api/tables/{table['id']}/leave?token=x", json={"token": "y"})
    asyncio.run(_visit(server, table))
    server.stop()
    log = server.log.read_text()
    assert f"GET /tables/{table['id']}?token=*** HTTP/1.1" in log
    assert f'"WebSocket /ws/tables/{table["id"]}?token=***" [accepted]' in log
    assert f'"WebSocket /ws/tables/{table["id"]}?tok%65n=***" [accepted]' in log
    for seat in table["seats"]:
        assert seat["token"] not in log
        assert seat["token"][:10] not in log
