"""The database layer on both databases: SQLite and a real PostgreSQL server."""

from __future__ import annotations

import time

import pytest
from sqlalchemy import Column, Float, Integer, MetaData, String, Table, create_engine, inspect
from sqlalchemy.exc import IntegrityError

from spieltisch.core import REFEREE, Action
from spieltisch.server.store import (
    FINISHED,
    PLAYING,
    SeatRow,
    Store,
    TableRow,
    database_url,
    hash_token,
    sqlite_path,
)


def row(table_id: str, created: float = 0.0, seats: int = 2) -> TableRow:
    now = created or time.time()
    return TableRow(
        id=table_id,
        game="mancala",
        options={"rounds": 2, "note": "äöü"},
        seed=2**62 - 1,  # the largest seed the server makes: a 64-bit column
        players=seats,
        status=PLAYING,
        takeover=None,
        created=now,
        updated=now,
        seats=[SeatRow(0, "human", hash_token("secret")), SeatRow(1, "random", None)],
        timing={"grace_seconds": 0.25, "turn_seconds": 30.0},
    )


@pytest.fixture
def store(store_url: str):
    s = Store(store_url)
    yield s
    s.close()


def test_urls_name_their_driver() -> None:
    assert database_url("postgresql://u@h/db").drivername == "postgresql+psycopg"
    assert database_url("postgres://u@h/db").drivername == "postgresql+psycopg"
    assert database_url("postgresql+psycopg://u@h/db").drivername == "postgresql+psycopg"
    assert database_url("sqlite:///x.db").drivername == "sqlite"


def test_a_table_and_its_actions_come_back(store: Store) -> None:
    store.create_table(row("t1"))
    store.append_action("t1", 0, 0, Action(pit=3, direction="cw"))
    store.append_action("t1", 1, REFEREE, Action(close="slap"))
    store.append_action("t1", 2, 1, Action(lay=["10h", "10s"]), {"ranks": [1, 2]})
    loaded = store.load("t1")
    assert loaded is not None
    assert loaded.options == {"rounds": 2, "note": "äöü"} and loaded.seed == 2**62 - 1
    assert loaded.status == FINISHED and loaded.result == {"ranks": [1, 2]}
    assert loaded.action_count == 3
    assert loaded.timing == {"grace_seconds": 0.25, "turn_seconds": 30.0}
    assert loaded.actions == [
        (0, Action(pit=3, direction="cw")),
        (REFEREE, Action(close="slap")),
        (1, Action(lay=["10h", "10s"])),
    ]
    assert [(s.seat, s.kind, s.token_hash, s.left) for s in loaded.seats] == [
        (0, "human", hash_token("secret"), False),
        (1, "random", None, False),
    ]
    assert store.load("nope") is None
    assert store.load_status(PLAYING) == []


def test_two_writers_of_one_action_never_both_succeed(store: Store) -> None:
    store.create_table(row("t1"))
    store.append_action("t1", 0, 0, Action(pit=1))
    with pytest.raises(IntegrityError):
        store.append_action("t1", 0, 1, Action(pit=2))
    loaded = store.load("t1")
    assert loaded is not None and loaded.actions == [(0, Action(pit=1))]
    assert loaded.action_count == 1  # the failed write changed nothing


def test_seats_status_lists_and_counts(store: Store) -> None:
    store.create_table(row("old", created=1000.0))
    store.create_table(row("new", created=2000.0))
    store.set_seat("old", SeatRow(0, "random", None, left=False))
    store.set_seat("new", SeatRow(0, "human", None, left=True))
    store.set_status("old", "broken")
    assert [t.id for t in store.list_tables()] == ["new", "old"]
    assert [t.id for t in store.list_tables(limit=1)] == ["new"]
    assert store.list_tables()[0].actions == []  # lists leave the actions out
    assert [t.id for t in store.load_status(PLAYING)] == ["new"]
    old, new = store.load("old"), store.load("new")
    assert old is not None and new is not None
    assert (old.status, old.seats[0].kind, old.seats[0].token_hash) == ("broken", "random", None)
    assert new.seats[0].left is True
    assert store.count_tables() == 2


def test_an_older_database_gets_the_new_columns(store_url: str) -> None:
    path = sqlite_path(store_url)
    if path is not None:
        path.parent.mkdir(parents=True)
    engine = create_engine(database_url(store_url))
    old = MetaData()
    Table(  # the tables table as the first server version made it: no timing
        "tables",
        old,
        Column("id", String(32), primary_key=True),
        Column("game", String(64), nullable=False),
        Column("options", String, nullable=False),
        Column("seed", Integer, nullable=False),
        Column("players", Integer, nullable=False),
        Column("status", String(16), nullable=False),
        Column("takeover", String(100)),
        Column("result", String),
        Column("actions", Integer, nullable=False),
        Column("created", Float, nullable=False),
        Column("updated", Float, nullable=False),
    )
    old.create_all(engine)
    engine.dispose()
    store = Store(store_url)
    try:
        assert "timing" in {c["name"] for c in inspect(store.engine).get_columns("tables")}
    finally:
        store.close()
