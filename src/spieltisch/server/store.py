"""The database: tables, seats and the action log (SQLAlchemy 2, Core).

Every call is synchronous and short; the host runs them on its database threads so the event
loop never waits on a disk. Seat tokens are never stored: a seat keeps the SHA-256 of its token
(a token is 256 random bits, so an unsalted hash cannot be guessed back), and a lost token is
lost for good.

Two databases, by URL:

- SQLite (the default, ``sqlite:///data/spieltisch.db``) is opened in WAL mode with
  ``synchronous=FULL``: a commit that returned is on disk, so an acknowledged action survives a
  crash of the process or the machine. One writer at a time: the host keeps one database thread.
- PostgreSQL (``postgresql+psycopg://user:password@host:port/database``; ``postgresql://`` and
  ``postgres://`` mean the same, through psycopg 3): a commit is durable with the server's
  default ``synchronous_commit=on``. The tables are created when missing; the database itself
  must exist (``createdb``). ``scripts/postgres.sh`` starts a throw-away server for the tests
  and the benchmark.

A database made by an older version gets the columns it lacks (``_upgrade``) on start.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    bindparam,
    create_engine,
    delete,
    event,
    func,
    insert,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import SQLAlchemyError

from ..core import REFEREE, Action, Record, SpieltischError

metadata = MetaData()

tables = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("players", Integer, nullable=False),
    Column("status", String(16), nullable=False, index=True),  # playing | finished | broken
    Column("takeover", String(100), nullable=True),  # the bot that takes over a left seat
    Column("result", JSON, nullable=True),
    Column("actions", Integer, nullable=False, default=0),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
    # the table's settings beside the game's options: grace and turn timer (host.TableTiming)
    Column("timing", JSON, nullable=True),
    # "play again": the table the same seats went on to (their tokens open its seats too)
    Column("next", String(32), nullable=True),
)

seats = Table(
    "seats",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(100), nullable=False),  # "human" or a bot's name
    Column("token_hash", String(64), nullable=True, index=True),
    Column("left", Boolean, nullable=False, default=False),
    Column("name", String(64), nullable=True),  # the person's display name (host.clean_name)
)

chat = Table(
    "chat",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("text", String(1000), nullable=False),
    Column("at", Float, nullable=False),
)

actions = Table(
    "actions",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("player", Integer, nullable=False),  # -1: the referee
    Column("action", JSON, nullable=False),
    Column("at", Float, nullable=False),
)

PLAYING, FINISHED, BROKEN = "playing", "finished", "broken"

Appended = tuple[str, int, int, Action, "dict[str, Any] | None"]
"""An action to write: table, index, player (-1: the referee), action, result (at the end)."""


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass
class SeatRow:
    seat: int
    kind: str
    token_hash: str | None
    left: bool = False
    name: str | None = None

    @property
    def human(self) -> bool:
        return self.kind == "human"


@dataclass
class TableRow:
    id: str
    game: str
    options: dict[str, Any]
    seed: int
    players: int
    status: str
    takeover: str | None
    created: float
    updated: float
    seats: list[SeatRow]
    result: dict[str, Any] | None = None
    timing: dict[str, Any] = field(default_factory=dict)
    next: str | None = None
    action_count: int = 0
    actions: list[tuple[int, Action]] = field(default_factory=list)

    def record(self) -> Record:
        return Record(
            game=self.game,
            options=dict(self.options),
            seed=self.seed,
            players=self.players,
            seats=[s.kind for s in self.seats],
            actions=list(self.actions),
        )


def database_url(url: str) -> URL:
    """The URL SQLAlchemy opens: PostgreSQL goes through psycopg 3 unless a driver is named."""
    u = make_url(url)
    if u.drivername in ("postgresql", "postgres"):
        u = u.set(drivername="postgresql+psycopg")
    return u


def sqlite_path(url: str) -> Path | None:
    """The file of a SQLite URL (None for another database or an in-memory one); a URI
    filename (``sqlite:///file:PATH?mode=ro&uri=true``) names the file after ``file:``."""
    u = make_url(url)
    if u.get_backend_name() != "sqlite" or not u.database or u.database == ":memory:":
        return None
    name = u.database
    if u.query.get("uri") == "true" and name.startswith("file:"):
        name = name.removeprefix("file:").split("?", 1)[0]
    return Path(name)


class DatabaseError(SpieltischError):
    """The database cannot be opened or written; the server does not start."""


def open_failure(url: str, err: BaseException) -> str:
    """One line for a database that cannot be opened: the URL without its password, and the
    driver's first line of reason (no SQL, no traceback)."""
    u = make_url(url)
    shown = url if u.password is None else u.render_as_string(hide_password=True)
    orig = getattr(err, "orig", None) or err
    lines = str(orig).strip().splitlines()
    return f"cannot open the database {shown}: {lines[0] if lines else type(orig).__name__}"


def check_database(url: str) -> None:
    """Open the database at ``url`` once (creating its tables where missing) and check that
    it can be written; raise ``DatabaseError`` with one line of reason where it cannot."""
    try:
        Store(url).close()
    except (SQLAlchemyError, OSError) as err:
        raise DatabaseError(open_failure(url, err)) from None


class Store:
    def __init__(self, url: str, pool_size: int = 8) -> None:
        self.url = url
        u = database_url(url)
        self.backend = u.get_backend_name()
        self.sqlite = self.backend == "sqlite"
        path = sqlite_path(url)
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
        kwargs: dict[str, Any] = {}
        if self.sqlite:
            kwargs["connect_args"] = {"check_same_thread": False}
        else:  # one connection per database thread, checked before use (a restarted server)
            kwargs.update(pool_size=pool_size, max_overflow=4, pool_pre_ping=True)
        self.engine: Engine = create_engine(u, **kwargs)
        if self.sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)
        metadata.create_all(self.engine)
        self._upgrade()
        self._check_writable()

    def _check_writable(self) -> None:
        """Fail now, not at the first action, where the database cannot be written (a
        read-only file or a read-only role): an update of no row still asks for a write."""
        with self.engine.begin() as conn:
            conn.execute(update(tables).where(text("1 = 0")).values(status=tables.c.status))

    def _upgrade(self) -> None:
        """Add the columns a database made by an older version lacks."""
        with self.engine.begin() as conn:
            for table in (tables, seats):
                have = {c["name"] for c in inspect(conn).get_columns(table.name)}
                for column in table.columns:
                    if column.name not in have and column.nullable:
                        kind = column.type.compile(dialect=self.engine.dialect)
                        conn.execute(
                            text(f'ALTER TABLE {table.name} ADD COLUMN "{column.name}" {kind}')
                        )

    def close(self) -> None:
        self.engine.dispose()

    # -- writing ----------------------------------------------------------------------------

    def create_table(self, row: TableRow) -> None:
        with self.engine.begin() as conn:
            self._insert_table(conn, row)

    @staticmethod
    def _insert_table(conn: Any, row: TableRow) -> None:
        """The table and its seats, inside the caller's transaction."""
        conn.execute(
            insert(tables).values(
                id=row.id,
                game=row.game,
                options=row.options,
                seed=row.seed,
                players=row.players,
                status=row.status,
                takeover=row.takeover,
                result=None,
                actions=0,
                created=row.created,
                updated=row.updated,
                timing=row.timing or None,
            )
        )
        conn.execute(
            insert(seats),
            [
                {
                    "table_id": row.id,
                    "seat": s.seat,
                    "kind": s.kind,
                    "token_hash": s.token_hash,
                    "left": s.left,
                    "name": s.name,
                }
                for s in row.seats
            ],
        )

    def append_action(
        self,
        table_id: str,
        idx: int,
        player: int,
        action: Action,
        result: dict[str, Any] | None = None,
    ) -> None:
        """Write action ``idx`` (and the result, when it ended the game) in one transaction.
        A second action with the same index fails: two writers never both succeed."""
        self.append_actions([(table_id, idx, player, action, result)])

    def append_actions(self, items: list[Appended]) -> None:
        """Several tables' actions in one transaction (a group commit): all or none."""
        with self.engine.begin() as conn:
            self._write_actions(conn, items)

    @staticmethod
    def _write_actions(conn: Any, items: list[Appended]) -> None:
        """The actions, each table's count and the results, inside the caller's transaction."""
        now = time.time()
        conn.execute(
            insert(actions),
            [
                {
                    "table_id": table_id,
                    "idx": idx,
                    "player": player,
                    "action": dict(action),  # JSON-ready; the driver writes it
                    "at": now,
                }
                for table_id, idx, player, action, _ in items
            ],
        )
        # each table's count once, all in one statement run for many rows (psycopg sends
        # them in one pipeline): not one round trip per action of the group
        counts: dict[str, int] = {}
        results: dict[str, dict[str, Any]] = {}
        for table_id, idx, _, _, result in items:
            counts[table_id] = max(counts.get(table_id, 0), idx + 1)
            if result is not None:
                results[table_id] = result
        conn.execute(
            update(tables)
            .where(tables.c.id == bindparam("tid"))
            .values(actions=bindparam("n"), updated=now),
            [{"tid": t, "n": n} for t, n in counts.items()],
        )
        if results:
            conn.execute(
                update(tables)
                .where(tables.c.id == bindparam("tid"))
                .values(status=FINISHED, result=bindparam("res")),
                [{"tid": t, "res": r} for t, r in results.items()],
            )

    def set_seat(self, table_id: str, seat: SeatRow) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                update(seats)
                .where(seats.c.table_id == table_id, seats.c.seat == seat.seat)
                .values(kind=seat.kind, token_hash=seat.token_hash, left=seat.left, name=seat.name)
            )
            conn.execute(update(tables).where(tables.c.id == table_id).values(updated=time.time()))

    def set_name(self, table_id: str, seat: int, name: str) -> None:
        """A person's display name (already checked by the host)."""
        with self.engine.begin() as conn:
            conn.execute(
                update(seats)
                .where(seats.c.table_id == table_id, seats.c.seat == seat)
                .values(name=name)
            )

    def add_chat(self, table_id: str, idx: int, seat: int, line: str, at: float) -> None:
        """Chat line ``idx`` of a table; a second line with the same index fails."""
        with self.engine.begin() as conn:
            conn.execute(
                insert(chat).values(table_id=table_id, idx=idx, seat=seat, text=line, at=at)
            )

    def load_chat(self, table_id: str) -> list[tuple[int, str, float]]:
        """A table's chat in order: (seat, text, time) per line."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(chat.c.seat, chat.c.text, chat.c.at)
                .where(chat.c.table_id == table_id)
                .order_by(chat.c.idx)
            ).all()
        return [(r.seat, r.text, r.at) for r in rows]

    def truncate_actions(self, table_id: str, keep: int) -> None:
        """An undo: the table's record keeps its first ``keep`` actions (the game in play)."""
        with self.engine.begin() as conn:
            conn.execute(
                delete(actions).where(actions.c.table_id == table_id, actions.c.idx >= keep)
            )
            conn.execute(
                update(tables)
                .where(tables.c.id == table_id)
                .values(actions=keep, updated=time.time())
            )

    def set_next(self, table_id: str, next_id: str) -> bool:
        """The table a finished one's seats play again at, where none is named yet: False
        (and nothing changed) where another process named one first."""
        with self.engine.begin() as conn:
            done = conn.execute(
                update(tables)
                .where(tables.c.id == table_id, tables.c.next.is_(None))
                .values(next=next_id)
            )
            return done.rowcount > 0

    def delete_unplayed(self, table_id: str) -> bool:
        """Remove a table on which no action was ever taken (one nobody joined), with its
        seats; False, and nothing removed, where an action has been written."""
        with self.engine.begin() as conn:
            played = conn.execute(
                select(actions.c.idx).where(actions.c.table_id == table_id).limit(1)
            ).first()
            if played is not None:
                return False
            conn.execute(delete(chat).where(chat.c.table_id == table_id))
            conn.execute(delete(seats).where(seats.c.table_id == table_id))
            return conn.execute(delete(tables).where(tables.c.id == table_id)).rowcount > 0

    def set_status(self, table_id: str, status: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(tables).where(tables.c.id == table_id).values(status=status))

    # -- reading ----------------------------------------------------------------------------

    def load(self, table_id: str, with_actions: bool = True) -> TableRow | None:
        rows = self._load(tables.c.id == table_id, with_actions)
        return rows[0] if rows else None

    def actions_since(self, table_id: str, start: int) -> list[tuple[int, int, Action]]:
        """A table's actions from index ``start`` on: (index, player, action) in order (a
        follower catching up with the record; ``REFEREE`` for the referee)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(actions.c.idx, actions.c.player, actions.c.action)
                .where(actions.c.table_id == table_id, actions.c.idx >= start)
                .order_by(actions.c.idx)
            ).all()
        return [(r.idx, REFEREE if r.player < 0 else r.player, Action.of(r.action)) for r in rows]

    def load_status(self, status: str) -> list[TableRow]:
        return self._load(tables.c.status == status, True)

    def list_tables(self, limit: int = 200) -> list[TableRow]:
        return self._load(None, False, limit)

    def count_tables(self) -> int:
        with self.engine.connect() as conn:
            return conn.execute(select(func.count()).select_from(tables)).scalar_one()

    def _load(self, where: Any, with_actions: bool, limit: int | None = None) -> list[TableRow]:
        with self.engine.connect() as conn:
            query = select(tables).order_by(tables.c.created.desc())
            if where is not None:
                query = query.where(where)
            if limit is not None:
                query = query.limit(limit)
            rows = conn.execute(query).mappings().all()
            ids = [r["id"] for r in rows]
            seat_rows: dict[str, list[SeatRow]] = {i: [] for i in ids}
            action_rows: dict[str, list[tuple[int, Action]]] = {i: [] for i in ids}
            if ids:
                for s in conn.execute(
                    select(seats).where(seats.c.table_id.in_(ids)).order_by(seats.c.seat)
                ).mappings():
                    seat_rows[s["table_id"]].append(
                        SeatRow(s["seat"], s["kind"], s["token_hash"], bool(s["left"]), s["name"])
                    )
                if with_actions:
                    for a in conn.execute(
                        select(actions.c.table_id, actions.c.player, actions.c.action)
                        .where(actions.c.table_id.in_(ids))
                        .order_by(actions.c.table_id, actions.c.idx)
                    ).mappings():
                        player = REFEREE if a["player"] < 0 else a["player"]
                        action_rows[a["table_id"]].append((player, Action.of(a["action"])))
        return [
            TableRow(
                id=r["id"],
                game=r["game"],
                options=dict(r["options"] or {}),
                seed=int(r["seed"]),
                players=r["players"],
                status=r["status"],
                takeover=r["takeover"],
                created=r["created"],
                updated=r["updated"],
                seats=seat_rows[r["id"]],
                result=r["result"],
                timing=dict(r["timing"] or {}),
                next=r["next"],
                action_count=r["actions"],
                actions=action_rows[r["id"]],
            )
            for r in rows
        ]


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cursor = dbapi_conn.cursor()
    try:
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=5000")
    finally:
        cursor.close()
