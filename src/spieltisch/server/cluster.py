"""Several server processes on one PostgreSQL: any process serves any table.

Each table is owned by one process at a time (``lease.LeasedStore``: a lease row, renewed by
this module's heartbeat). The owner plays it as a lone process would: it validates and
commits every action, runs the bots, the referee's windows and the turn timers. Every other
process that has sockets at the table keeps a follower replica: the games are deterministic
from their records, so a follower that applies the owner's committed actions in order has the
owner's state, and sends its own sockets the same views and events.

PostgreSQL's LISTEN/NOTIFY is the pub/sub between the processes (no broker to run beside the
database, and a notice sent in a transaction goes out exactly when it commits). Two channels
per process:

- ``spieltisch``: every table's notices, heard by every process, each ``"<table id> <JSON>"``
  (the id first, so a process that does not hold the table drops it unread): ``step`` (an
  action committed, with the action where it fits in a notice, else read from the record),
  ``chat``, ``seats`` (a name, a seat left), ``ask`` (an undo asked of the table's people, as
  it stands, or ended and why), ``undone``, ``again``, ``owner`` (a take-over);
- ``spieltisch.<process id>``: requests to this process and answers to its requests, JSON.

A person whose socket is on a follower acts through it: the follower forwards the action to
the owner (``forward``); the owner takes it as its own person's and answers ``accepted`` in
the very commit that writes the action, before that commit's step notice, so the person is
told "accepted" only when the action is in the database, and before the update that shows it
(as a lone process does). A refusal comes back with its reason and its ``said``. Names, chat
lines, undo, the answers to an undo another person asked for and leaving a seat go the same
way.

When a process dies, its leases run out (``Settings.lease_seconds``) and the heartbeat of
another takes each table over (a process that follows the table at once, any other half a
lease later, so the tables go where their people are): it reads the record from the
database, replays it, and goes on, with the bots, the referee's windows and the turn timers
(each window and timer starting afresh). The dead process's clients reconnect by themselves
(the browser does) to any process.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import os
import re
import socket
from dataclasses import dataclass, field
from typing import Any

import psycopg

from ..core import Action
from ..core.words import Said
from .host import Connection, Hub, TableHost, Unavailable, refused
from .lease import LeasedStore, Notice
from .store import PLAYING, Appended, TableRow, database_url

log = logging.getLogger("spieltisch.server")

CHANNEL = "spieltisch"
"""Every table's notices."""

NOTICE_BYTES = 7000
"""A step notice carries its action up to this size (PostgreSQL's limit is 8000 bytes);
beyond, the followers read it from the record."""

PROCESS_ID = re.compile(r"[A-Za-z0-9._-]{1,40}")


def process_id(given: str) -> str:
    """This process's id: the one given, or the host's name and the process id."""
    if given:
        if not PROCESS_ID.fullmatch(given):
            raise ValueError(
                f"a process id is 1 to 40 letters, digits, '.', '-' or '_', not {given!r}"
            )
        return given
    host = re.sub(r"[^A-Za-z0-9._-]", "-", socket.gethostname())[:28] or "host"
    return f"{host}-{os.getpid()}"


def inbox(process: str) -> str:
    return f"{CHANNEL}.{process}"


def libpq_dsn(url: str) -> str:
    """The SQLAlchemy URL as psycopg opens it (no driver name)."""
    return database_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


@dataclass(eq=False)
class Relay(Connection):
    """An action, name, chat line or undo forwarded by another process: the owner takes it
    through this stand-in for the person's socket, and what it would have sent the person
    goes back to the process that forwarded it."""

    key: str = ""
    sender: str = ""
    request_id: Any = None
    relayed: bool = True
    messages: list[dict[str, Any]] = field(default_factory=list)
    answered: bool = False

    def push(self, message: dict[str, Any] | str) -> None:
        self.messages.append(json.loads(message) if isinstance(message, str) else message)

    def accepted(self, idx: int, action: Any) -> Notice:
        """The answer for the commit that writes the action (``TableHost._act``)."""
        self.answered = True
        message = {"type": "accepted", "id": self.request_id, "index": idx, "action": action}
        return answer(self.sender, self.key, [message])


def answer(sender: str, key: str, messages: list[dict[str, Any]], **more: Any) -> Notice:
    return inbox(sender), json.dumps({"k": "answer", "key": key, "m": messages, **more})


class Cluster:
    """This process's part in the cluster: its leases, its listening connection, the
    requests it forwards and the ones it serves."""

    FORGET_SECONDS = 30.0
    """A followed table with no socket here is forgotten after this long."""

    def __init__(self, hub: Hub) -> None:
        store = hub.store
        assert isinstance(store, LeasedStore)
        self.hub = hub
        self.store: LeasedStore = store
        self.me = store.owner
        self.seconds = store.seconds
        self.dsn = libpq_dsn(store.url)
        # a forwarded request's key -> its answer, and the socket that gets the answer
        self.waiting: dict[str, tuple[asyncio.Future[dict[str, Any]], Connection | None]] = {}
        self.asked: dict[str, str] = {}  # a forwarded request's key -> its table
        self.keys = itertools.count()
        self.listening = asyncio.Event()
        self.joining = asyncio.Lock()
        self.tasks: list[asyncio.Task[None]] = []
        self.helpers: set[asyncio.Task[Any]] = set()
        self.timeout = max(2.0, self.seconds)  # a forwarded request's answer, at most
        self.stopping = False

    # -- start and stop -----------------------------------------------------------------------

    async def start(self) -> None:
        """Listen, then take the tables nobody owns, then keep the leases."""
        loop = asyncio.get_running_loop()
        self.tasks.append(loop.create_task(self._listen()))
        try:
            await asyncio.wait_for(self.listening.wait(), 30)
        except TimeoutError:
            raise Unavailable("cannot LISTEN on the database for the cluster's notices") from None
        await self.beat()
        self.tasks.append(loop.create_task(self._heartbeat()))
        log.info("cluster: process %s, leases of %g s", self.me, self.seconds)

    async def stop(self) -> None:
        self.stopping = True
        for task in [*self.tasks, *self.helpers]:
            task.cancel()
        for task in [*self.tasks, *self.helpers]:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        owned = [t for t, h in self.hub.tables.items() if h.leader]
        with contextlib.suppress(Exception):
            await self.hub.db(self.store.release, owned)
        for host in self.hub.tables.values():
            host.leader = False  # nothing more is played here

    def spawn(self, coro: Any) -> None:
        if self.stopping:  # the process is going: nothing new starts
            coro.close()
            return
        task = asyncio.get_running_loop().create_task(coro)
        self.helpers.add(task)
        task.add_done_callback(self.helpers.discard)

    # -- the notices ----------------------------------------------------------------------------

    async def _listen(self) -> None:
        """One connection LISTENs on both channels for the process's life; when it breaks
        (the database restarted) it connects again, and every followed table is read
        afresh from the database, since notices sent meanwhile are lost."""
        again = False
        while True:
            try:
                conn = await psycopg.AsyncConnection.connect(
                    self.dsn, autocommit=True, application_name=f"{CHANNEL}:{self.me}"
                )
                async with conn:
                    await conn.execute(f'LISTEN "{CHANNEL}"')
                    await conn.execute(f'LISTEN "{inbox(self.me)}"')
                    self.listening.set()
                    if again:
                        for host in list(self.hub.tables.values()):
                            if not host.leader and not host.finished:
                                self.spawn(self.reload(host))
                            if host.presence():
                                self.here(host)
                    again = True
                    async for notice in conn.notifies():
                        try:
                            self._heard(notice.channel, notice.payload)
                        except Exception:
                            log.exception("cluster: a notice failed: %s", notice.payload[:200])
            except asyncio.CancelledError:
                raise
            except Exception as err:
                self.listening.clear()
                log.warning("cluster: the listening connection failed (%s); again in 1 s", err)
                await asyncio.sleep(1.0)

    def _heard(self, channel: str, payload: str) -> None:
        if channel != CHANNEL:
            message = json.loads(payload)
            if message["k"] == "answer":
                waiter, conn = self.waiting.pop(message["key"], (None, None))
                if waiter is not None and not waiter.done():
                    if conn is not None and not message.get("moved"):
                        # now, before the step notice that follows it in the same commit
                        # is applied: "accepted" comes before the update that shows it
                        for m in message["m"]:
                            conn.push(m)
                    waiter.set_result(message)
            elif message["k"] == "request":
                self.spawn(self._serve(message))
            return
        table_id, _, body = payload.partition(" ")
        host = self.hub.tables.get(table_id)
        if host is None:
            return  # a table nobody here watches
        notice = json.loads(body)
        kind = notice["k"]
        if kind == "owner":
            if notice["o"] != self.me and host.leader:
                self.spawn(self.demote(host))  # it ran out here, and was taken
            host.owner = notice["o"]
            return
        if kind in ("here", "who"):
            if notice["p"] == self.me:
                return
            if kind == "here":
                host.heard_here(notice["p"], {int(k): n for k, n in notice["n"].items()})
                return
            if host.presence():
                self.here(host)
            if host.leader and host.undo_ask is not None:
                # a process that has just begun to follow shows its sockets the request too
                self.spawn(self.publish(host.id, {"k": "ask", "ask": host.undo_ask.to_json()}))
            return
        if kind == "again":  # "play again" may be asked at any process, the owner's too
            if notice.get("p") != self.me:
                host.heard_again(notice["next"], notice["by"])
            return
        if host.leader:
            return  # its own notices
        if kind == "gone":  # a table nobody joined, removed by its owner
            host.stop()
            self.hub.tables.pop(host.id, None)
            return
        if kind == "step":
            host.owner = notice["o"]
            action = notice.get("a")
            try:
                followed = action is not None and host.follow(
                    notice["i"], notice["p"], Action.of(action)
                )
            except Exception:  # the replica went astray: it is read anew from the record
                log.exception("cluster: table %s: the replica failed at %s", host.id, notice)
                self.spawn(self.reload(host))
                return
            if not followed:
                self.spawn(self.catch_up(host))
        elif kind == "chat":
            host.heard_chat(notice["e"])
        elif kind == "ask":  # an undo asked of the table's people, answered or ended
            host.heard_ask(notice)
        elif kind in ("seats", "undone"):
            if kind == "undone":
                host.undo_ask = None  # carried out: no longer asked
            self.spawn(self.reload(host, notice))

    def step(self, item: Appended) -> Notice:
        """The notice of an action that commits with it: the followers apply it."""
        table_id, idx, player, action, _ = item
        body = {"k": "step", "i": idx, "p": player, "a": dict(action), "o": self.me}
        text = json.dumps(body)
        if len(text) > NOTICE_BYTES:  # the followers read it from the record
            text = json.dumps({"k": "step", "i": idx, "p": player, "o": self.me})
        return CHANNEL, f"{table_id} {text}"

    def here(self, host: TableHost) -> None:
        """Tell the others how many sockets each seat has here (online or not)."""
        self.spawn(self._here(host))

    async def _here(self, host: TableHost) -> None:
        # one at a time per table, each with the counts of the moment it is sent: notices
        # sent side by side could commit in another order and leave the others an old count
        async with host.here_lock:
            counts = {str(seat): n for seat, n in host.presence().items()}
            await self.publish(host.id, {"k": "here", "p": self.me, "n": counts})

    async def publish(self, table_id: str, notice: dict[str, Any]) -> None:
        """A table's notice beside its actions (the database failing: logged, and the
        followers are behind until the next step or reconnection)."""
        try:
            await self.hub.db(self.store.notify, [(CHANNEL, f"{table_id} {json.dumps(notice)}")])
        except Unavailable as err:
            log.error("cluster: table %s: a notice was not sent: %s", table_id, err)

    # -- followers --------------------------------------------------------------------------------

    async def catch_up(self, host: TableHost) -> None:
        """Read the actions the replica lacks from the record (a notice too large to carry
        its action, or one missed); once at a time per table."""
        if host.catching:
            host.behind = True
            return
        host.catching = True
        try:
            while not host.leader:
                host.behind = False
                rows = await self.hub.db(
                    self.store.actions_since, host.id, len(host.record.actions)
                )
                try:
                    for idx, player, action in rows:
                        if not host.follow(idx, player, action):
                            host.behind = True
                            break
                except Exception:  # the replica went astray: read anew from the record
                    log.exception("cluster: table %s: the replica failed", host.id)
                    self.spawn(self.reload(host))
                    return
                if not host.behind:
                    return
        finally:
            host.catching = False

    async def reload(self, host: TableHost, notice: dict[str, Any] | None = None) -> None:
        """The table afresh from the database: the seats changed, an undo cut the record,
        or notices were lost. Its connections get what changed and an update."""
        row = await self.hub.db(self.store.load, host.id)
        if row is None:
            return
        async with host.lock:
            if host.leader:
                return
            host.adopt(row, leader=False)
            kind = (notice or {}).get("k")
            for conn in list(host.conns):
                if kind == "undone":
                    conn.push({"type": "undone", "seat": notice["seat"], "index": notice["index"]})
                if kind == "undone" or notice is None:
                    conn.push({"type": "history", "events": host.history_for(conn.seat)})
                left = (notice or {}).get("left")
                if kind == "seats" and left is not None and left == conn.seat:
                    seat = host.seats[conn.seat]
                    conn.push({"type": "left", "seat": conn.seat, "now": host.seat_json(seat)})
                    conn.close(4000)
                    host.conns.discard(conn)
            host._refresh([], None)

    def keep(self, host: TableHost) -> bool:
        """A socket attaches to ``host``: it must be the table this process holds (the
        heartbeat may have forgotten a followed table between its lookup and the socket's
        arrival, on a machine that stalled). Held again where nothing replaced it (and
        read up to date); False where another copy did."""
        held = self.hub.tables.get(host.id)
        if held is host:
            return True
        if held is not None or host.finished:
            return held is None
        self.hub.tables[host.id] = host
        self.spawn(self.catch_up(host))
        return True

    async def join(self, row: TableRow) -> TableHost:
        """A table in play that this process does not hold yet (a socket or a request for
        it): taken where nobody owns it, else followed."""
        async with self.joining:
            host = self.hub.tables.get(row.id)
            if host is not None:
                return host
            if await self.hub.db(self.store.take, row.id):
                return await self.promote(row.id) or self.hub._host(row)
            host = self.hub._host(row)
            host.leader = False
            self.hub.tables[row.id] = host
        await self.publish(row.id, {"k": "who", "p": self.me})  # whose seats are online
        await self.catch_up(host)  # what was committed while it was read
        return host

    async def promote(self, table_id: str) -> TableHost | None:
        """This process has just taken the table's lease: it reads the record, replays it
        and plays on (a follower's replica becomes the table; its sockets stay)."""
        row = await self.hub.db(self.store.load, table_id)
        if row is None or row.status != PLAYING:
            return None
        host = self.hub.tables.get(table_id)
        if host is None:
            host = self.hub._host(row)
            self.hub.tables[table_id] = host
            async with host.lock:
                host._refresh([], None)
        else:
            async with host.lock:
                host.adopt(row, leader=True)
                for conn in list(host.conns):
                    conn.push({"type": "history", "events": host.history_for(conn.seat)})
                host._refresh([], None)
        host.owner = self.me
        self.hub.in_play(host)
        log.info("cluster: took table %s over at action %d", table_id, len(host.record.actions))
        self.spawn(self._give_up(table_id))
        await self.publish(table_id, {"k": "owner", "o": self.me})
        await self.publish(table_id, {"k": "who", "p": self.me})
        # an undo request as this process knows it (a replica that followed it), or none: the
        # others show what the new owner will answer to
        ask = host.undo_ask
        if ask is not None:
            await self.publish(table_id, {"k": "ask", "ask": ask.to_json()})
        else:
            said = Said("undo.dropped").to_json()
            await self.publish(table_id, {"k": "ask", "ask": None, "said": said})
        return host

    async def demote(self, host: TableHost) -> None:
        """This process lost the table's lease (it did not renew it in time): it stops
        playing it and follows the new owner, or lets it go where nobody here watches."""
        if not host.leader:
            return
        log.warning("cluster: lost the lease of table %s", host.id)
        host.leader = False
        host.owner = None
        for task in list(host.tasks):
            task.cancel()
        host.tasks.clear()
        self.hub.out_of_play(host)
        if host.conns:
            await self.reload(host)
        else:
            self.hub.tables.pop(host.id, None)

    async def _give_up(self, table_id: str) -> None:
        """The requests forwarded to a table's dead owner get no answer: they are answered
        "no answer" now, not after the whole wait. An answer still on its way from the
        moment before the owner died (it commits with the action) has a moment to come."""
        await asyncio.sleep(0.2)
        for key, table in list(self.asked.items()):
            waiter, _ = self.waiting.get(key, (None, None))
            if table == table_id and waiter is not None and not waiter.done():
                waiter.set_result({"timeout": True})

    def check_lease(self, host: TableHost) -> None:
        """A write failed: where the lease is gone, the table is let go at once."""

        async def check() -> None:
            with contextlib.suppress(Unavailable):
                if host.leader and host.id not in await self.hub.db(self.store.renew, [host.id]):
                    await self.demote(host)

        self.spawn(check())

    # -- the heartbeat ----------------------------------------------------------------------------

    async def _heartbeat(self) -> None:
        while True:
            await asyncio.sleep(self.seconds / 3)
            try:
                await self.beat()
            except Unavailable as err:
                log.error("cluster: heartbeat: %s", err)
            except Exception:
                log.exception("cluster: heartbeat failed")

    async def beat(self) -> None:
        """Renew this process's leases, let go of the ones taken over, take the tables
        nobody owns, and forget the followed tables nobody here watches any more."""
        hub = self.hub
        owned = [t for t, h in hub.tables.items() if h.leader and not h.finished]
        kept = await hub.db(self.store.renew, owned)
        for table_id in owned:
            host = hub.tables.get(table_id)
            if table_id not in kept and host is not None:
                await self.demote(host)
        for table_id, late in await hub.db(self.store.claimable):
            host = hub.tables.get(table_id)
            if host is not None and host.leader:
                continue
            if host is None and (
                late < self.seconds / 2 or hub.playing() >= hub.settings.max_tables
            ):
                continue  # a process that follows it takes it first; or this one is full
            stale = 0.0 if host is not None else self.seconds / 2
            if await hub.db(self.store.take, table_id, stale):
                await self.promote(table_id)
        for table_id, host in list(hub.tables.items()):
            if not host.leader and not host.catching and host.unwatched(self.FORGET_SECONDS):
                hub.tables.pop(table_id, None)
        # the sockets of a process that is gone are gone too (its seats show offline)
        if any(host.elsewhere for host in hub.tables.values()):
            live = await hub.db(self.store.processes)
            for host in hub.tables.values():
                gone = [p for p in host.elsewhere if f"{CHANNEL}:{p}" not in live]
                for p in gone:
                    host.heard_here(p, {})

    # -- forwarding ------------------------------------------------------------------------------

    async def owner(self, host: TableHost) -> str | None:
        """The process that owns the table now; where nobody does, this one takes it."""
        if host.owner is not None:
            return host.owner
        owner = await self.hub.db(self.store.owner_of, host.id)
        # nobody's (run out), or this process's own from before a restart: played here now
        if owner in (None, self.me) and await self.hub.db(self.store.take, host.id):
            await self.promote(host.id)
            return self.me
        host.owner = owner
        return owner

    async def request(
        self,
        host: TableHost,
        seat: int,
        op: str,
        value: Any,
        request_id: Any = None,
        conn: Connection | None = None,
    ) -> dict[str, Any] | None:
        """Send a request to the table's owner and wait for its answer (its messages are
        pushed to ``conn`` the moment it comes): None where this process owns the table
        now (the caller does it itself); ``{"timeout": True}`` where no answer came."""
        loop = asyncio.get_running_loop()
        for _ in range(3):
            if host.leader:
                return None
            owner = await self.owner(host)
            if owner is None or owner == self.me or host.leader:
                if host.leader:
                    return None
                await asyncio.sleep(0.1)
                continue
            key = f"{self.me}:{next(self.keys)}"
            waiter: asyncio.Future[dict[str, Any]] = loop.create_future()
            self.waiting[key] = (waiter, conn)
            self.asked[key] = host.id
            message = {
                "k": "request",
                "key": key,
                "from": self.me,
                "t": host.id,
                "seat": seat,
                "op": op,
                "v": value,
                "id": request_id,
            }
            try:
                await self.hub.db(self.store.notify, [(inbox(owner), json.dumps(message))])
                reply = await asyncio.wait_for(waiter, self.timeout)
            except TimeoutError:
                log.warning("cluster: process %s did not answer for table %s", owner, host.id)
                host.owner = None  # asked again next time: it may have died
                return {"timeout": True}
            finally:
                self.waiting.pop(key, None)
                self.asked.pop(key, None)
            if reply.get("moved"):
                host.owner = None
                continue
            return reply
        return {"timeout": True}

    async def forward(
        self, host: TableHost, conn: Connection, op: str, value: Any, request_id: Any = None
    ) -> bool:
        """A person's action (``op`` "act"), name, chat line or undo at a table another
        process owns: forwarded, and its answers pushed to ``conn``. False where this process
        owns the table after all (the caller does it itself)."""
        assert conn.seat is not None
        reply = await self.request(host, conn.seat, op, value, request_id, conn)
        if reply is None:
            return False
        if reply.get("timeout"):
            why = "the table's server did not answer in time; look at the table and try again"
            if op == "act":
                async with host.lock:  # the update: never a state half-way through an action
                    conn.push(refused(request_id, why))
                    conn.push(host.update_for(conn.seat, []))  # so that the person goes on
            else:
                conn.push({"type": "error", "error": why})
        return True

    async def ask(self, host: TableHost, seat: int, op: str) -> dict[str, Any] | None:
        """A request that is not a person's socket's (leaving a seat over HTTP): the seat's
        new state from the owner, None where this process owns the table now."""
        reply = await self.request(host, seat, op, None)
        if reply is None:
            return None
        if reply.get("timeout"):
            raise Unavailable("the table's server did not answer in time; try again")
        return reply.get("now")

    async def _serve(self, message: dict[str, Any]) -> None:
        """Another process's request for a table this one owns."""
        sender, key = message["from"], message["key"]
        host = self.hub.tables.get(message["t"])
        if host is None or not host.leader:  # not here (any more): the sender asks again
            await self._answer([answer(sender, key, [], moved=True)])
            return
        relay = Relay(message["seat"], key=key, sender=sender, request_id=message.get("id"))
        op, value = message["op"], message["v"]
        more: dict[str, Any] = {}
        try:
            if op == "act":
                await host.submit(relay, value, message.get("id"))
            elif op == "chat":
                await host.say(relay, value)
            elif op == "name":
                await host.rename(relay, value)
            elif op == "undo":
                await host.undo(relay)
            elif op == "undo_answer":
                await host.undo_answer(relay, value)
            elif op == "leave":
                more["now"] = host.seat_json(await host.leave(message["seat"]))
        except Exception:
            log.exception("cluster: table %s: a forwarded %s failed", host.id, op)
            relay.messages.append({"type": "error", "error": "the server could not do this"})
        if not relay.answered or relay.messages:
            await self._answer([answer(sender, key, relay.messages, **more)])

    async def _answer(self, notices: list[Notice]) -> None:
        try:
            await self.hub.db(self.store.notify, notices)
        except Unavailable as err:
            log.error("cluster: an answer was not sent: %s", err)
