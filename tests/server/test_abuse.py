"""The server against abuse (issue 16): a lobby filled by one address, sockets held by the
hundred, tokens with a percent-encoded name, a full disk, a database that cannot be opened.

Each limit is a ``Settings`` value; the tests set small ones so that they are reached at once.
"""

from __future__ import annotations

import errno
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.exc import OperationalError
from starlette.websockets import WebSocketDisconnect

from spieltisch.server.app import HideTokens, hide_tokens
from spieltisch.server.store import Store

from .conftest import free_port


def create(client: TestClient, game: str = "mancala", **body: Any) -> dict[str, Any]:
    r = client.post("/api/tables", json={"game": game, "seats": ["human", "human"], **body})
    assert r.status_code == 201, r.text
    return r.json()


def ws_path(table: dict[str, Any], seat: int | None = None) -> str:
    path = f"/ws/tables/{table['id']}"
    return path if seat is None else f"{path}?token={table['seats'][seat]['token']}"


def until(check: Callable[[], bool], timeout: float = 10.0) -> bool:
    """Poll ``check`` until it holds (True) or ``timeout`` passes (False): the sweeper runs
    on the app's loop in the background."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.02)
    return check()


def gone(client: TestClient, table_id: str) -> bool:
    return client.get(f"/api/tables/{table_id}").status_code == 404


# -- a lobby filled by one address (defect 2) ---------------------------------------------------


def age(client: TestClient, table: dict[str, Any], seconds: float = 120.0) -> None:
    """Make a table look unjoined for ``seconds`` longer (no waiting in the tests)."""
    client.app.state.hub.tables[table["id"]].quiet_since -= seconds


def sweep(client: TestClient) -> int:
    """Run the sweep that the server runs every ``unjoined_table_seconds / 4`` now."""
    hub = client.app.state.hub
    return client.portal.call(hub.expire_unjoined)


def test_tables_nobody_joined_expire_and_free_the_address_quota(serve) -> None:
    with serve(time_scale=1000.0, tables_per_address=2, unjoined_table_seconds=60) as client:
        hub = client.app.state.hub
        joined, idle = create(client), create(client)
        r = client.post("/api/tables", json={"game": "mancala", "seats": ["human", "human"]})
        assert r.status_code == 429
        assert "2 tables in play" in r.json()["error"] and "removed after 60 s" in r.json()["error"]
        # another address has its own quota
        other = TestClient(client.app, client=("10.0.0.7", 50000))
        assert other.post("/api/tables", json={"game": "mancala"}).status_code == 201
        assert sweep(client) == 0  # nothing is old enough yet
        with client.websocket_connect(ws_path(joined, 0)) as ws:
            ws.receive_json()
            age(client, joined)
            age(client, idle)
            # a table whose seat is connected stays, however long nobody acts
            assert sweep(client) == 1
            assert gone(client, idle["id"])
            assert client.get(f"/api/tables/{joined['id']}").status_code == 200
            create(client)  # the address may make a table again
        # the seat gone, the clock starts again from its leaving ...
        assert until(lambda: not hub.tables[joined["id"]].conns)
        assert sweep(client) == 0
        # ... and when nobody came back for as long, the table goes too
        age(client, joined)
        assert sweep(client) == 1
        assert gone(client, joined["id"])
        assert joined["id"] not in {t["id"] for t in client.get("/api/tables").json()}


def test_a_table_where_someone_acted_stays(serve) -> None:
    with serve(time_scale=1000.0, unjoined_table_seconds=60) as client:
        played, idle = create(client), create(client)
        host = client.app.state.hub.tables[played["id"]]
        mover = min(host.state.waiting_for())
        with client.websocket_connect(ws_path(played, mover)) as ws:
            ws.receive_json()
            update = ws.receive_json()
            ws.send_json({"action": update["legal"][0], "id": 1})
            while ws.receive_json()["type"] != "accepted":
                pass
        assert until(lambda: not host.conns)
        age(client, played)
        age(client, idle)
        assert sweep(client) == 1
        assert gone(client, idle["id"])
        assert client.get(f"/api/tables/{played['id']}").status_code == 200


def test_the_server_sweeps_by_itself(serve) -> None:
    with serve(time_scale=1000.0, unjoined_table_seconds=0.2) as client:
        table = create(client)
        assert until(lambda: gone(client, table["id"]))


def test_tables_nobody_joined_expire_after_a_restart(serve) -> None:
    with serve(time_scale=1000.0, unjoined_table_seconds=3600) as client:
        table = create(client)
    time.sleep(0.3)
    with serve(time_scale=1000.0, unjoined_table_seconds=0.2) as client:
        assert until(lambda: gone(client, table["id"]))
        assert client.get("/api/tables").json() == []
    with serve(time_scale=1000.0) as client:  # removed from the database, not only hidden
        assert client.get("/api/tables").json() == []


# -- sockets held by the hundred (defect 3) ------------------------------------------------------


def test_sockets_per_address_are_limited(serve) -> None:
    with serve(time_scale=1000.0, sockets_per_address=2) as client:
        table = create(client)
        with client.websocket_connect(ws_path(table, 0)) as first:
            first.receive_json()
            with client.websocket_connect(ws_path(table)) as second:
                second.receive_json()
                with client.websocket_connect(ws_path(table, 0)) as third:
                    m = third.receive_json()
                    assert m["type"] == "error" and "2 websockets open" in m["error"]
                    with pytest.raises(WebSocketDisconnect) as closed:
                        third.receive_json()
                    assert closed.value.code == 1008
                other = TestClient(client.app, client=("10.0.0.8", 50000))
                with other.websocket_connect(ws_path(table, 1)) as theirs:
                    assert theirs.receive_json()["seat"] == 1
            # one closed: room for one more
            with client.websocket_connect(ws_path(table, 1)) as again:
                assert again.receive_json()["type"] == "welcome"


def test_each_socket_is_rate_limited(serve) -> None:
    with serve(time_scale=1000.0, messages_per_second=0.01, message_burst=3) as client:
        table = create(client)
        with client.websocket_connect(ws_path(table, 0)) as ws:
            ws.receive_json()
            ws.receive_json()  # the first update
            for _ in range(5):
                ws.send_text("{}")
            answers = [ws.receive_json()["error"] for _ in range(5)]
        assert answers.count("too many messages; slow down") == 2


# -- a token under a percent-encoded name (defect 4) ---------------------------------------------


@pytest.mark.parametrize(
    ("line", "masked"),
    [
        ("GET /tables/abc?tok%65n=SECRET&lang=de HTTP/1.1", "/tables/abc?tok%65n=***&lang=de "),
        ('"WebSocket /ws/tables/x?%74oken=SECRET" [accepted]', "?%74oken=***"),
        ("GET /ws/tables/x?a=1;TOKEN=SECRET HTTP/1.1", "?a=1;TOKEN=***"),
        ("GET /ws/tables/x?tok%2565n=SECRET HTTP/1.1", "?tok%2565n=***"),
        ("GET /tables/x?to+ken=no&token=SECRET HTTP/1.1", "?to+ken=no&token=***"),
    ],
)
def test_tokens_under_encoded_names_are_masked(line: str, masked: str) -> None:
    assert "SECRET" not in hide_tokens(line) and masked in hide_tokens(line)
    record = __import__("logging").LogRecord(
        "uvicorn.access", 20, __file__, 1, '%s - "%s"', ("127.0.0.1:5", line), None
    )
    assert HideTokens().filter(record) and "SECRET" not in record.getMessage()


def test_an_encoded_token_name_opens_the_seat_it_names(client: TestClient) -> None:
    table = create(client)
    token = table["seats"][1]["token"]
    with client.websocket_connect(f"/ws/tables/{table['id']}?tok%65n={token}") as ws:
        assert ws.receive_json()["seat"] == 1


# -- a full disk (defect 5) --------------------------------------------------------------------


def disk_full(kind: str) -> Callable[..., None]:
    """A store call that fails as a full disk does: SQLite's own error through SQLAlchemy,
    or the operating system's ENOSPC."""

    def fail(*args: Any, **kwargs: Any) -> None:
        if kind == "sqlite":
            raise OperationalError(
                "INSERT INTO tables ...", {}, sqlite3.OperationalError("database or disk is full")
            )
        raise OSError(errno.ENOSPC, "No space left on device")

    return fail


@pytest.mark.parametrize("kind", ["sqlite", "os"])
def test_a_full_disk_on_creation_is_a_503_with_a_reason(
    serve, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    with serve(time_scale=1000.0) as client:
        table = create(client)
        monkeypatch.setattr(Store, "create_table", disk_full(kind))
        r = client.post("/api/tables", json={"game": "mancala", "seats": ["human", "human"]})
        assert r.status_code == 503, r.text
        reason = r.json()["error"]
        assert "could not use its database" in reason and "try again" in reason
        assert ("disk is full" if kind == "os" else "database or disk is full") in reason
        assert "INSERT" not in reason and int(r.headers["retry-after"]) >= 1
        # leaving a seat while the disk is full: the same answer, the seat still taken
        monkeypatch.setattr(Store, "set_seat", disk_full(kind))
        token = table["seats"][0]["token"]
        r = client.post(f"/api/tables/{table['id']}/leave", json={"token": token})
        assert r.status_code == 503 and "database" in r.json()["error"]
        monkeypatch.undo()
        assert [t["id"] for t in client.get("/api/tables").json()] == [table["id"]]
        create(client)  # space again: tables are made again


# -- a database that cannot be opened (defect 6) ---------------------------------------------


def serve_cli(db_url: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    spieltisch = Path(sys.executable).with_name("spieltisch")
    command = [str(spieltisch), "serve", "--port", str(free_port()), "--db", db_url]
    env = {"COLUMNS": "80", "PATH": "/usr/bin:/bin"}
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=60, env=env)


def test_a_database_that_cannot_be_opened_stops_the_server_with_one_line(tmp_path: Path) -> None:
    made = tmp_path / "made.db"
    Store(f"sqlite:///{made}").close()
    a_file = tmp_path / "a-file"
    a_file.write_text("not a folder")
    cases = {
        # read-only: SQLite opens it, and refuses the first write
        f"sqlite:///file:{made}?mode=ro&uri=true": "attempt to write a readonly database",
        f"sqlite:///{a_file}/data/spieltisch.db": "Not a directory",  # no folder can be made
        f"postgresql://someone:hunter2@127.0.0.1:{free_port()}/db": "Connection refused",
    }
    for url, why in cases.items():
        done = serve_cli(url, tmp_path)
        assert done.returncode != 0, (url, done.stdout, done.stderr)
        assert "serves on" not in done.stdout and "Traceback" not in done.stderr
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1, done.stderr
        assert "cannot open the database" in lines[0] and why in lines[0], lines[0]
        assert "hunter2" not in done.stderr


def test_a_bot_acts_again_when_the_database_is_back(serve, monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot's action is refused while the disk is full; once there is space again it acts
    (it tries again every RETRY_SECONDS), so a table waiting for a bot does not stand still."""
    from spieltisch.server.host import TableHost

    monkeypatch.setattr(TableHost, "RETRY_SECONDS", 0.05)
    with serve(requests_per_second=1e6, request_burst=1e6) as client:  # it asks often
        writes = Store.append_actions
        monkeypatch.setattr(Store, "append_actions", disk_full("os"))
        # mancala with the first seed: seat 1, the bot, moves first
        table = create(client, game="mancala", seats=["human", "random"])
        deadline = time.monotonic() + 30
        while client.get(f"/api/tables/{table['id']}").json()["actors"] != [1]:
            assert time.monotonic() < deadline
            time.sleep(0.02)
        time.sleep(0.3)  # a few of the bot's tries fail meanwhile
        assert client.get(f"/api/tables/{table['id']}").json()["actions"] == 0
        monkeypatch.setattr(Store, "append_actions", writes)  # space again
        while client.get(f"/api/tables/{table['id']}").json()["actions"] == 0:
            assert time.monotonic() < deadline, "the bot never acted again"
            time.sleep(0.02)
