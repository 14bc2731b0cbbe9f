"""Leases: which server process owns which table, kept in PostgreSQL.

Several ``spieltisch serve --cluster`` processes share one PostgreSQL. A table is played by
one process at a time, its owner, named by a row of ``leases``: the owner's id and the time
its lease runs out. The owner renews its leases every third of their length (``renew``, one
statement for all its tables); a process that stops renewing (killed, frozen, cut off from
the database) loses them when they run out, and another takes them over (``take``: one
conditional ``INSERT ... ON CONFLICT DO UPDATE ... WHERE``, atomic, so two processes never
both win).

Every time is the database's clock (``clock_timestamp()``), never a process's: the machines'
clocks may disagree, the database's is one.

Fencing: an owner's actions are written (``append_actions``) in a transaction that first
extends the lease of each table it writes for, and fails, writing nothing, where the process
no longer owns one of them. The UPDATE locks the lease rows, so a take-over waits for that
transaction and then sees the extended lease: an owner that lost its lease (a long pause)
cannot write after the new owner has started. Two writers of one index were already
impossible (the actions' primary key); this keeps a stale owner from writing at all.

The same transaction sends the table's notices (``pg_notify``): the step for the processes
that follow the table, and the answer to a process that forwarded the action. PostgreSQL
delivers a transaction's notices only when it commits, in the order they were sent: a
follower never hears of an action that is not in the database, and hears of every one that
is (while its listening connection is up; ``cluster.Cluster`` catches up from the database
after it reconnects).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Column, Float, MetaData, String, Table, bindparam, delete, text

from .store import Appended, Store, TableRow

lease_metadata = MetaData()

leases = Table(
    "leases",
    lease_metadata,
    Column("table_id", String(32), primary_key=True),
    Column("owner", String(100), nullable=False),
    Column("expires", Float, nullable=False),  # the database's clock, seconds since 1970
)

NOW = "extract(epoch from clock_timestamp())"
"""The database's time in seconds: the one clock every process shares."""

Notice = tuple[str, str]
"""A notice to send when a transaction commits: the channel and the payload."""


class NotOwner(Exception):
    """The process does not hold the lease of a table it tried to write for."""


class LeasedStore(Store):
    """A ``Store`` on PostgreSQL with the tables' leases and their notices."""

    def __init__(self, url: str, owner: str, seconds: float, pool_size: int = 8) -> None:
        super().__init__(url, pool_size)
        if self.sqlite:
            raise ValueError("leases need PostgreSQL: one SQLite file serves one process")
        self.owner = owner
        self.seconds = seconds
        lease_metadata.create_all(self.engine)

    # -- the leases ---------------------------------------------------------------------------

    def take(self, table_id: str, stale: float = 0.0) -> bool:
        """Take the table's lease where it is free, has run out more than ``stale`` seconds
        ago, or is this process's already; True where this process owns it now."""
        with self.engine.begin() as conn:
            row = conn.execute(
                text(
                    f"INSERT INTO leases (table_id, owner, expires) "
                    f"VALUES (:t, :me, {NOW} + :s) "
                    f"ON CONFLICT (table_id) DO UPDATE SET owner = :me, expires = {NOW} + :s "
                    f"WHERE leases.owner = :me OR leases.expires < {NOW} - :stale "
                    f"RETURNING owner"
                ),
                {"t": table_id, "me": self.owner, "s": self.seconds, "stale": stale},
            ).first()
        return row is not None

    def renew(self, table_ids: list[str]) -> set[str]:
        """Extend this process's leases of ``table_ids``; the ids it still owns (one
        missing was taken over: its lease had run out)."""
        if not table_ids:
            return set()
        with self.engine.begin() as conn:
            rows = conn.execute(
                text(
                    f"UPDATE leases SET expires = {NOW} + :s "
                    f"WHERE owner = :me AND table_id = ANY(:ids) RETURNING table_id"
                ),
                {"s": self.seconds, "me": self.owner, "ids": list(table_ids)},
            ).all()
        return {r.table_id for r in rows}

    def release(self, table_ids: list[str] | None = None) -> None:
        """Give leases up at once (a process that stops on purpose): another process takes
        the tables without waiting for them to run out. None: all of this process's."""
        with self.engine.begin() as conn:
            query = delete(leases).where(leases.c.owner == self.owner)
            if table_ids is not None:
                query = query.where(leases.c.table_id.in_(table_ids))
            conn.execute(query)

    def claimable(self) -> list[tuple[str, float]]:
        """The tables in play that nobody owns now: each with the seconds since its lease
        ran out (a large number where it has none). This process's own come back too (a
        restart with the same id takes its tables back at once)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                text(
                    f"SELECT t.id AS id, {NOW} - coalesce(l.expires, 0) AS late, "
                    f"l.owner AS owner FROM tables t LEFT JOIN leases l ON l.table_id = t.id "
                    f"WHERE t.status = 'playing' "
                    f"AND (l.table_id IS NULL OR l.expires < {NOW} OR l.owner = :me)"
                ),
                {"me": self.owner},
            ).all()
        return [(r.id, 1e9 if r.owner == self.owner else float(r.late)) for r in rows]

    def owner_of(self, table_id: str) -> str | None:
        """The process whose lease on the table runs now (None: nobody's)."""
        with self.engine.connect() as conn:
            row = conn.execute(
                text(f"SELECT owner FROM leases WHERE table_id = :t AND expires >= {NOW}"),
                {"t": table_id},
            ).first()
        return None if row is None else row.owner

    def processes(self) -> set[str]:
        """The application names of the sessions on the database: each cluster process's
        listening connection is ``spieltisch:<id>``, so these are the processes alive."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                text(
                    "SELECT DISTINCT application_name FROM pg_stat_activity "
                    "WHERE application_name LIKE 'spieltisch:%'"
                )
            ).all()
        return {r.application_name for r in rows}

    # -- writing, fenced ------------------------------------------------------------------------

    def create_table(self, row: TableRow) -> None:
        """The table, and this process's lease of it, in one transaction: no other process
        sees a table in play that nobody owns."""
        with self.engine.begin() as conn:
            self._insert_table(conn, row)
            conn.execute(
                text(f"INSERT INTO leases (table_id, owner, expires) VALUES (:t, :me, {NOW} + :s)"),
                {"t": row.id, "me": self.owner, "s": self.seconds},
            )

    def delete_unplayed(self, table_id: str) -> bool:
        """A table nobody joined goes with its lease."""
        gone = super().delete_unplayed(table_id)
        if gone:
            with self.engine.begin() as conn:
                conn.execute(delete(leases).where(leases.c.table_id == table_id))
        return gone

    def append_actions(self, items: list[Appended], notices: list[Notice] | None = None) -> None:
        """The actions (a group commit), where this process owns every table they are for;
        ``NotOwner`` and nothing written where it does not. ``notices`` go out when the
        transaction commits, in their order."""
        ids = sorted({item[0] for item in items})
        with self.engine.begin() as conn:
            kept = conn.execute(
                text(
                    f"UPDATE leases SET expires = {NOW} + :s "
                    f"WHERE owner = :me AND table_id = ANY(:ids) RETURNING table_id"
                ),
                {"s": self.seconds, "me": self.owner, "ids": ids},
            ).all()
            if len(kept) != len(ids):
                lost = sorted(set(ids) - {r.table_id for r in kept})
                raise NotOwner(f"this process no longer owns table(s) {', '.join(lost)}")
            self._write_actions(conn, items)
            self._notify(conn, notices or [])

    def notify(self, notices: list[Notice]) -> None:
        """Send notices now (a transaction of their own)."""
        with self.engine.begin() as conn:
            self._notify(conn, notices)

    @staticmethod
    def _notify(conn: Any, notices: list[Notice]) -> None:
        if notices:
            conn.execute(
                text("SELECT pg_notify(:c, :p)").bindparams(bindparam("c"), bindparam("p")),
                [{"c": c, "p": p} for c, p in notices],
            )
