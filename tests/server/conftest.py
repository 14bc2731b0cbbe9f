"""Fixtures for the server's tests: an app on a temporary SQLite file, run by TestClient.

``TestClient`` is used as a context manager, so the app's lifespan runs (the tables are loaded,
the bots and the referee get their timers) and every request and websocket of one test shares
the app's event loop.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    # Starlette would like httpx2; httpx (which FastAPI's TestClient documents) works the same
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    from fastapi.testclient import TestClient

from spieltisch.server.app import create_app

FAST = 0.002
"""The tests' time scale: a bot's second is 2 ms, Bohnanza's minute of trading 0.12 s."""


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'data' / 'spieltisch.db'}"


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
    the same cards every run (bots still act in real time, so their order may vary)."""
    from spieltisch.server import host

    seeds = iter(range(1, 1_000_000))
    monkeypatch.setattr(host.secrets, "randbelow", lambda n: next(seeds) % n)
