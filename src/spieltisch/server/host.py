"""The server as the host of DESIGN.md: live tables, their bots and the referee's clock.

One ``TableHost`` per table that is being played. Everything that changes a table — a person's
action from a websocket, a bot's, the referee's when a window runs out, a seat being left —
happens under the table's one ``asyncio.Lock``, so near-simultaneous actions are ordered by
arrival and every action is validated against the state the others left.

An action is applied to the state (``IllegalAction``: nothing changed), then written to the
database; only when that commit has returned is it acknowledged and sent to everyone. When the
write fails the state is rebuilt from the record, which does not hold the action: so what
people saw is always what a restart will replay.

After every change the host (``_refresh``) cancels the timers of the moment before and
schedules new ones from the new state:

- each bot seat among ``state.actors()``: the bot is asked (on a worker thread, on a copy of the
  state, seeing only ``Decision.at(copy, seat, rng)``) what it would do and how long it takes;
  after its reaction time (times ``time_scale``) the action is applied, unless something else
  happened first — then the bot is asked again, like the simulator's scheduler does;
- the referee: when ``REFEREE`` is among the actors, its window opened the first moment it was
  (and opens anew after each referee action); at ``opened + window_seconds() * time_scale`` the
  host applies the referee's first legal action.

Each connection has an outbox (a queue) written by one task, so a slow client never holds the
table's lock; a client whose outbox overflows is disconnected.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import hmac
import logging
import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any, TypeVar

from ..bots import Bot, Decision, make_bot
from ..core import (
    REFEREE,
    Action,
    Event,
    IllegalAction,
    OptionError,
    Player,
    Record,
    Rng,
    SpieltischError,
    State,
)
from ..registry import load_game
from .store import BROKEN, FINISHED, PLAYING, SeatRow, Store, TableRow, hash_token

log = logging.getLogger("spieltisch.server")

T = TypeVar("T")

OUTBOX_LIMIT = 512
"""Messages waiting for one client before the server gives up on it."""


@dataclass
class Settings:
    time_scale: float = 1.0
    """Every bot reaction and referee window lasts its seconds times this (tests: 0.01)."""
    max_body_bytes: int = 64 * 1024
    max_message_bytes: int = 16 * 1024
    messages_per_second: float = 30.0
    message_burst: float = 60.0
    bot_threads: int = 4


class Unsaved(SpieltischError):
    """The database did not take the action: nothing changed, the player may try again."""


def player_json(p: Player) -> int | str:
    return "referee" if p == REFEREE else p


@dataclass(eq=False)
class Connection:
    """One websocket: a seat (None: a spectator) and its outbox."""

    seat: int | None
    queue: asyncio.Queue[dict[str, Any] | None] = field(default_factory=asyncio.Queue)
    closed: bool = False
    close_code: int = 1000
    tokens: float = 0.0
    last: float = field(default_factory=time.monotonic)

    def push(self, message: dict[str, Any]) -> None:
        if self.closed:
            return
        if self.queue.qsize() >= OUTBOX_LIMIT:
            self.close(1008)
            return
        self.queue.put_nowait(message)

    def close(self, code: int = 1000) -> None:
        if not self.closed:
            self.closed = True
            self.close_code = code
            self.queue.put_nowait(None)

    def allow(self, rate: float, burst: float) -> bool:
        """A token bucket: ``rate`` messages a second, ``burst`` at once."""
        now = time.monotonic()
        self.tokens = min(burst, self.tokens + (now - self.last) * rate)
        self.last = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True


class TableHost:
    def __init__(self, hub: Hub, row: TableRow, state: State, record: Record) -> None:
        self.hub = hub
        self.id = row.id
        self.row = row
        self.state = state
        self.record = record
        self.seats: list[SeatRow] = row.seats
        self.takeover = row.takeover
        self.status = row.status
        self.lock = asyncio.Lock()
        self.conns: set[Connection] = set()
        self.bots: dict[int, Bot] = {}
        self.bot_rngs: dict[int, Rng] = {}
        self.bot_busy: dict[int, concurrent.futures.Future[Any]] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        self.window_opened: float | None = None
        self.version = 0
        for s in self.seats:
            if not s.human and not s.left:
                self._seat_bot(s.seat, s.kind)

    # -- set-up --------------------------------------------------------------------------

    def _seat_bot(self, seat: int, spec: str) -> None:
        self.bots[seat] = make_bot(spec, self.state.game)
        self.bot_rngs[seat] = Rng(secrets.randbits(63))

    @property
    def finished(self) -> bool:
        return self.status != PLAYING

    def seat_for_token(self, token: str) -> int | None:
        digest = hash_token(token)
        found = None
        for s in self.seats:  # compare with every seat, in constant time each
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, digest):
                found = s.seat
        return found

    # -- acting ----------------------------------------------------------------------------

    async def _act(self, player: Player, action: Mapping[str, Any]) -> tuple[int, list[Event]]:
        """Apply, then commit; the caller holds the lock and calls ``_refresh`` after."""
        if self.finished:
            raise IllegalAction("the game is over; no more actions are taken")
        act = Action.of(action)
        try:
            events = self.state.apply(player, act)
        except IllegalAction:
            raise
        except Exception:
            log.exception("table %s: applying %s for %s failed", self.id, act, player)
            self.state = self.record.replay()
            raise
        idx = len(self.record.actions)
        result = self.state.result().to_json() if self.state.is_terminal() else None
        try:
            await self.hub.db(self.hub.store.append_action, self.id, idx, player, act, result)
        except Exception as err:
            log.exception("table %s: writing action %d failed", self.id, idx)
            self.state = self.record.replay()
            raise Unsaved("the action could not be saved, so it was not taken; try again") from err
        self.record.add(player, act)
        if result is not None:
            self.status = FINISHED
            self.row.result = result
        self.row.action_count = idx + 1
        self.row.updated = time.time()
        return idx, events

    async def submit(self, conn: Connection, action: Any, request_id: Any = None) -> None:
        """A person's action from their websocket: accepted (after the commit) or refused."""
        seat = conn.seat
        if seat is None:
            conn.push(refused(request_id, "spectators watch; they cannot act"))
            return
        if not isinstance(action, dict):
            conn.push(refused(request_id, 'an action is a JSON object, e.g. {"pit": 3}'))
            return
        try:
            Action.of(action)
        except (TypeError, ValueError, RecursionError):
            conn.push(refused(request_id, "an action holds only plain JSON values"))
            return
        async with self.lock:
            if conn.closed or self.seats[seat].left or not self.seats[seat].human:
                conn.push(refused(request_id, "you have left this seat"))
                return
            try:
                idx, events = await self._act(seat, action)
            except IllegalAction as err:
                conn.push(refused(request_id, str(err)))
                return
            except Unsaved as err:
                conn.push(refused(request_id, str(err)))
                return
            except Exception:
                conn.push(refused(request_id, "the server could not take this action"))
                return
            conn.push({"type": "accepted", "id": request_id, "index": idx, "action": action})
            self._refresh(events, referee_acted=False)

    async def leave(self, seat: int) -> SeatRow:
        """A person leaves their seat: the table's takeover bot sits down, or it stays empty."""
        async with self.lock:
            old = self.seats[seat]
            if self.takeover and not self.finished:
                new = SeatRow(seat, self.takeover, None, left=False)
            else:
                new = SeatRow(seat, old.kind, None, left=True)
            await self.hub.db(self.hub.store.set_seat, self.id, new)
            self.seats[seat] = new
            self.record.seats[seat] = new.kind if not new.left else "left"
            if not new.human and not new.left:
                self._seat_bot(seat, new.kind)
            for conn in list(self.conns):
                if conn.seat == seat:
                    conn.push({"type": "left", "seat": seat, "now": self.seat_json(new)})
                    conn.close(4000)
                    self.conns.discard(conn)
            self._refresh([], referee_acted=False)
            return new

    # -- after every change ------------------------------------------------------------------

    def _refresh(self, events: list[Event], referee_acted: bool) -> None:
        self.version += 1
        current = asyncio.current_task()
        for task in list(self.tasks):
            if task is not current:
                task.cancel()
        self.tasks.clear()
        if referee_acted:
            self.window_opened = None
        self._track_window()
        self.broadcast(events)
        if not self.finished:
            self.schedule()

    def schedule(self) -> None:
        """Timers for the moment: the bots that may act, and the referee's window."""
        if self.finished:
            return
        loop = asyncio.get_running_loop()
        actors = self.state.actors()
        scale = self.hub.settings.time_scale
        self._track_window()
        if self.window_opened is not None:
            window = self.state.window_seconds()
            if window is not None:
                self._spawn(self._referee(self.version, self.window_opened + window * scale))
            elif actors == {REFEREE}:
                self._spawn(self._referee(self.version, loop.time()))
        for seat in sorted(self.bots):
            if seat in actors:
                self._spawn(self._bot(seat, self.version))

    def _track_window(self) -> None:
        """The referee's window opens the first moment it may act, and lasts while it may."""
        if self.finished or REFEREE not in self.state.actors():
            self.window_opened = None
        elif self.window_opened is None:
            self.window_opened = asyncio.get_running_loop().time()

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _referee(self, version: int, deadline: float) -> None:
        loop = asyncio.get_running_loop()
        await asyncio.sleep(max(0.0, deadline - loop.time()))
        async with self.lock:
            if version != self.version or self.finished:
                return
            legal = self.state.legal_actions(REFEREE)
            if not legal:
                return
            try:
                _, events = await self._act(REFEREE, legal[0])
            except SpieltischError as err:
                log.error("table %s: the referee's %s failed: %s", self.id, legal[0], err)
                return
            self._refresh(events, referee_acted=True)

    async def _bot(self, seat: int, version: int) -> None:
        loop = asyncio.get_running_loop()
        start = loop.time()
        snapshot = self.state.clone()  # the bot thinks on a copy; the table may move on
        try:
            action, delay = await self._think(seat, snapshot)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: the bot in seat %d failed", self.id, seat)
            return
        if action is None:
            return
        wait = delay * self.hub.settings.time_scale - (loop.time() - start)
        if wait > 0:
            await asyncio.sleep(wait)
        async with self.lock:
            if version != self.version or self.finished or seat not in self.bots:
                return
            try:
                _, events = await self._act(seat, action)
            except SpieltischError as err:
                log.error("table %s: the bot in seat %d chose %s: %s", self.id, seat, action, err)
                return
            self._refresh(events, referee_acted=False)

    async def _think(self, seat: int, snapshot: State) -> tuple[Action | None, float]:
        # one computation per bot at a time: a cancelled one still runs on its thread
        busy = self.bot_busy.get(seat)
        if busy is not None and not busy.done():
            with contextlib.suppress(Exception):
                await asyncio.shield(asyncio.wrap_future(busy))
        future = self.hub.bot_pool.submit(
            _decide, self.bots[seat], snapshot, seat, self.bot_rngs[seat]
        )
        self.bot_busy[seat] = future
        return await asyncio.wrap_future(future)

    def stop(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        self.tasks.clear()
        for conn in list(self.conns):
            conn.close(1001)
        self.conns.clear()

    # -- what clients see ----------------------------------------------------------------------

    async def attach(self, conn: Connection) -> None:
        """Add a connection; under the lock, so it never sees an action still being saved."""
        async with self.lock:
            self._attach(conn)

    def _attach(self, conn: Connection) -> None:
        conn.tokens = self.hub.settings.message_burst
        self.conns.add(conn)
        conn.push(
            {
                "type": "welcome",
                "table": self.id,
                "game": self.record.game,
                "seat": conn.seat,
                "players": self.record.players,
            }
        )
        conn.push(self.update_for(conn.seat, []))

    def detach(self, conn: Connection) -> None:
        self.conns.discard(conn)

    def broadcast(self, events: list[Event]) -> None:
        cache: dict[int | None, dict[str, Any]] = {}
        for conn in list(self.conns):
            if conn.seat not in cache:
                cache[conn.seat] = self.update_for(conn.seat, events)
            conn.push(cache[conn.seat])

    def update_for(self, seat: int | None, events: list[Event]) -> dict[str, Any]:
        """Everything one connection may know now: its view, its legal actions, its events."""
        state = self.state
        legal = []
        if seat is not None and not self.finished and self.seats[seat].human:
            legal = [a.to_json() for a in state.legal_actions(seat)]
        return {
            "type": "update",
            "seq": len(self.record.actions),
            "view": state.view(seat),
            "legal": legal,
            "events": [e.to_json() for e in events if e.visible_for(seat)],
            "actors": [player_json(p) for p in sorted(state.actors())],
            "waiting_for": sorted(state.waiting_for()),
            "window": self.window_left(),
            "status": self.status,
            "result": self.row.result,
            "seats": [self.seat_json(s) for s in self.seats],
        }

    def window_left(self) -> float | None:
        """Seconds until the referee closes its window (None: no window open)."""
        if self.finished or self.window_opened is None:
            return None
        window = self.state.window_seconds()
        if window is None:
            return None
        loop = asyncio.get_running_loop()
        left = self.window_opened + window * self.hub.settings.time_scale - loop.time()
        return round(max(0.0, left), 3)

    def seat_json(self, s: SeatRow) -> dict[str, Any]:
        return {
            "seat": s.seat,
            "kind": "empty" if s.left else ("human" if s.human else "bot"),
            "bot": None if s.human else s.kind,
            "connected": sum(1 for c in self.conns if c.seat == s.seat),
        }

    def summary(self) -> dict[str, Any]:
        return table_summary(self.row, self.status, [self.seat_json(s) for s in self.seats])

    async def public(self) -> dict[str, Any]:
        """The summary with what a spectator sees (under the lock: only saved actions)."""
        async with self.lock:
            out = self.summary()
            update = self.update_for(None, [])
            for key in ("view", "actors", "waiting_for", "window"):
                out[key] = update[key]
            return out


def table_summary(row: TableRow, status: str, seats: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "id": row.id,
        "game": row.game,
        "players": row.players,
        "options": row.options,
        "status": status,
        "seats": seats,
        "takeover": row.takeover,
        "actions": row.action_count,
        "result": row.result,
        "created": row.created,
        "updated": row.updated,
        "spectate": f"/ws/tables/{row.id}",
    }


def refused(request_id: Any, reason: str) -> dict[str, Any]:
    return {"type": "refused", "id": request_id, "reason": reason}


def _decide(bot: Bot, state: State, seat: int, rng: Rng) -> tuple[Action | None, float]:
    decision = Decision.at(state, seat, rng)
    if not decision.legal:
        return None, 0.0
    delay = bot.reaction_time(decision)
    action = bot.act(decision)
    if action is not None and action not in decision.legal:
        log.error("a bot chose %s, which is not among its legal actions", action)
        return None, 0.0
    return action, max(0.0, float(delay))


class Hub:
    """Every live table of one app, the database and the worker threads."""

    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.tables: dict[str, TableHost] = {}
        # SQLite takes one writer at a time: one database thread keeps them in line
        self.db_pool = concurrent.futures.ThreadPoolExecutor(
            1 if store.sqlite else 8, thread_name_prefix="spieltisch-db"
        )
        self.bot_pool = concurrent.futures.ThreadPoolExecutor(
            settings.bot_threads, thread_name_prefix="spieltisch-bot"
        )

    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.db_pool, partial(fn, *args))

    async def start(self) -> None:
        """Load every unfinished table, replay its record, and let it go on."""
        rows = await self.db(self.store.load_status, PLAYING)
        for row in rows:
            try:
                host = self._host(row)
            except SpieltischError as err:
                log.error("table %s cannot be resumed: %s", row.id, err)
                await self.db(self.store.set_status, row.id, BROKEN)
                continue
            self.tables[row.id] = host
            if host.state.is_terminal():  # finished, but the status was not written
                host.status = FINISHED
                continue
            host.schedule()
        log.info("resumed %d table(s)", len(self.tables))

    async def stop(self) -> None:
        for host in self.tables.values():
            host.stop()
        self.bot_pool.shutdown(wait=False, cancel_futures=True)
        self.db_pool.shutdown(wait=True)
        self.store.close()

    def _host(self, row: TableRow) -> TableHost:
        record = row.record()
        state = record.replay()
        record.seats = [s.kind if not s.left else "left" for s in row.seats]
        return TableHost(self, row, state, record)

    def live(self, table_id: str) -> TableHost | None:
        return self.tables.get(table_id)

    async def find(self, table_id: str) -> TableHost | None:
        """A live table, or a finished one read back from the database (not kept)."""
        host = self.tables.get(table_id)
        if host is not None:
            return host
        if len(table_id) > 64:
            return None
        row = await self.db(self.store.load, table_id)
        if row is None or row.status == BROKEN:
            return None
        host = self._host(row)
        host.status = row.status
        return host

    async def create(
        self,
        game_id: str,
        seat_kinds: list[str],
        options: Mapping[str, Any],
        takeover: str | None,
    ) -> tuple[TableHost, dict[int, str]]:
        """A new table; the tokens of its human seats (given out once, stored as hashes)."""
        game = load_game(game_id, **check_server_options(game_id, options))
        n = game.check_players(len(seat_kinds))
        for spec in [*seat_kinds, *([takeover] if takeover else [])]:
            if spec != "human":
                check_bot_name(spec)
                make_bot(spec, game)
        seed = secrets.randbelow(2**62)
        tokens = {p: secrets.token_urlsafe(32) for p, k in enumerate(seat_kinds) if k == "human"}
        now = time.time()
        table_id = secrets.token_urlsafe(9)
        row = TableRow(
            id=table_id,
            game=game_id,
            options=dict(game.options),
            seed=seed,
            players=n,
            status=PLAYING,
            takeover=takeover,
            created=now,
            updated=now,
            seats=[
                SeatRow(p, kind, hash_token(tokens[p]) if p in tokens else None)
                for p, kind in enumerate(seat_kinds)
            ],
        )
        record = row.record()
        state = game.new_state(n, seed)
        host = TableHost(self, row, state, record)
        await self.db(self.store.create_table, row)
        self.tables[table_id] = host
        host.schedule()
        return host, tokens


def check_bot_name(spec: str) -> None:
    if ":" in spec or not spec.strip():
        raise OptionError(f"a seat is 'human' or a bot's name without arguments, not {spec!r}")


def check_server_options(game_id: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """The options as given, minus what a server must not take from a client: free-text
    options (the games' card and deck files) would read files on the server's disk."""
    from ..registry import game_class

    declared = {o.name: o for o in game_class(game_id).OPTIONS}
    for name, value in options.items():
        opt = declared.get(name)
        if (
            opt is not None
            and opt.type is str
            and opt.choices is None
            and value not in ("", opt.default)
        ):
            raise OptionError(
                f"option {name!r} names a file on the server's disk; the server plays the "
                f"built-in data only"
            )
    return dict(options)
