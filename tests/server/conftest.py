"""Fixtures for the server's tests: an app on a temporary SQLite file, run by TestClient, and a
throw-away PostgreSQL server for the database tests.

``TestClient`` is used as a context manager, so the app's lifespan runs (the tables are loaded,
the bots and the referee get their timers) and every request and websocket of one test shares
the app's event loop.

``store_url`` runs a test on both databases: a SQLite file, and a fresh database on the
session's PostgreSQL server (``postgres``), which ``scripts/postgres.sh`` starts from Debian's
binaries (``make system`` installs them) in a temporary folder on a free loopback port, and
stops and removes at the end. Where it cannot start, those tests fail and say why: they are
never skipped.
"""

from __future__ import annotations

import itertools
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import warnings
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any

import psycopg
import pytest

with warnings.catch_warnings():
    # Starlette would like httpx2; httpx (which FastAPI's TestClient documents) works the same
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    from fastapi.testclient import TestClient

from spieltisch.server.app import create_app

FAST = 0.002
"""The tests' time scale: a bot's second is 2 ms, Bohnanza's minute of trading 0.12 s."""


ROOT = Path(__file__).resolve().parents[2]
POSTGRES_SH = ROOT / "scripts" / "postgres.sh"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'data' / 'spieltisch.db'}"


@pytest.fixture(scope="session")
def postgres() -> Iterator[str]:
    """A PostgreSQL server for the whole session: the URL of its database ``spieltisch``."""
    folder = tempfile.mkdtemp(prefix="spieltisch-pg-")
    # nothing here outlives the session, so the server need not flush to disk
    env = {**os.environ, "PG_OPTS": "-c fsync=off -c full_page_writes=off"}
    try:
        started = subprocess.run(
            ["sh", str(POSTGRES_SH), "start", folder, str(free_port())],
            capture_output=True,
            text=True,
            env=env,
            timeout=180,
        )
    except subprocess.TimeoutExpired:
        started = None
    if started is None or started.returncode != 0:
        shutil.rmtree(folder, ignore_errors=True)
        why = "it took longer than 3 minutes" if started is None else started.stderr.strip()
        pytest.fail(
            f"the database tests need a PostgreSQL server, and scripts/postgres.sh could not "
            f"start one: {why}\n(`make system` installs Debian's postgresql)",
            pytrace=False,
        )
    try:
        yield started.stdout.strip().splitlines()[-1]
    finally:
        subprocess.run(["sh", str(POSTGRES_SH), "stop", folder], capture_output=True, timeout=120)
        shutil.rmtree(folder, ignore_errors=True)


_databases = itertools.count()


def libpq_url(url: str) -> str:
    """A SQLAlchemy URL as psycopg takes it (without the driver)."""
    return url.replace("postgresql+psycopg://", "postgresql://", 1)


def new_database(postgres: str) -> str:
    """A new, empty database on the session's server: its URL."""
    name = f"test_{os.getpid()}_{next(_databases)}"
    with psycopg.connect(libpq_url(postgres), autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return postgres.rsplit("/", 1)[0] + "/" + name


@pytest.fixture
def postgres_url(postgres: str) -> str:
    """A new, empty database on the session's server."""
    return new_database(postgres)


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The test runs twice: on a SQLite file and on a PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'data' / 'spieltisch.db'}"
    return request.getfixturevalue("postgres_url")


@pytest.fixture
def serve(db_url: str) -> Callable[..., AbstractContextManager[TestClient]]:
    """``with serve(time_scale=...) as client``: a running app on the test's database."""

    @contextmanager
    def run(time_scale: float = FAST, **settings: Any) -> Iterator[TestClient]:
        app = create_app(db_url, time_scale=time_scale, **settings)
        with TestClient(app) as client:
            yield client

    return run


@pytest.fixture
def client(serve: Callable[..., AbstractContextManager[TestClient]]) -> Iterator[TestClient]:
    with serve() as c:
        yield c


@pytest.fixture(autouse=True)
def known_seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tables get the seeds 1, 2, 3, ... instead of the server's secret ones, so a test deals
    the same cards every run, and their bots the seeds 1001, 1002, ... in the order they are
    made (bots still act in real time, so the order of their actions may vary)."""
    from spieltisch.server import host

    seeds = iter(range(1, 1_000_000))
    bot_seeds = iter(range(1001, 1_000_000))
    monkeypatch.setattr(host.secrets, "randbelow", lambda n: next(seeds) % n)
    monkeypatch.setattr(host.secrets, "randbits", lambda k: next(bot_seeds) % (1 << k))


class ServerProcess:
    """``spieltisch serve`` in a process of its own on a free loopback port, its output in a
    file: started, killed (SIGKILL) and started again on the same port and database."""

    def __init__(self, db_url: str, folder: Path, **env: str) -> None:
        self.db_url = db_url
        self.folder = folder
        self.port = free_port()
        self.env = {**os.environ, **env}
        self.proc: subprocess.Popen[bytes] | None = None
        self.starts = 0

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    @property
    def log(self) -> Path:
        return self.folder / "server.log"

    def start(self, timeout: float = 60.0) -> None:
        import httpx

        spieltisch = Path(sys.executable).with_name("spieltisch")
        command = [str(spieltisch), "serve", "--port", str(self.port), "--db", self.db_url]
        self.starts += 1
        with self.log.open("ab") as out:
            out.write(f"--- start {self.starts}\n".encode())
            out.flush()
            self.proc = subprocess.Popen(
                command, cwd=self.folder, env=self.env, stdout=out, stderr=subprocess.STDOUT
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server stopped at once:\n{self.log.read_text()}")
            try:
                if httpx.get(f"{self.http}/api/games", timeout=2.0).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"the server did not answer in {timeout} s:\n{self.log.read_text()}")

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush, nothing the process could still do."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(30)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(30)


@pytest.fixture
def server_process(tmp_path: Path) -> Iterator[Callable[..., ServerProcess]]:
    """``server_process(db_url, **env)``: a real server, stopped at the end of the test."""
    made: list[ServerProcess] = []

    def make(db_url: str, **env: str) -> ServerProcess:
        folder = tmp_path / f"server{len(made)}"
        folder.mkdir()
        server = ServerProcess(db_url, folder, **env)
        made.append(server)
        return server

    yield make
    for server in made:
        server.stop()
