"""The server as the host of DESIGN.md: live tables, their bots and the referee's clock.

One ``TableHost`` per table that is being played. Everything that changes a table — a person's
action from a websocket, a bot's, the referee's when a window runs out, a seat being left —
happens under the table's one ``asyncio.Lock``, so near-simultaneous actions are ordered by
arrival and every action is validated against the state the others left.

An action is applied to the state (``IllegalAction``: nothing changed), then written to the
database (``Hub.append``: a group commit with the other tables' actions of the moment); only
when that commit has returned is it acknowledged and sent to everyone. When the
write fails the state is rebuilt from the record, which does not hold the action: so what
people saw is always what a restart will replay.

After every change the host (``_refresh``) cancels the timers of the moment before and
schedules new ones from the new state. Every duration below is multiplied by the server's
``time_scale`` (tests run at 0.002):

- each bot seat among ``state.actors()``: the bot is asked (on a worker thread, on a copy of the
  state, seeing only ``Decision.at(copy, seat, rng)``) what it would do and how long it takes
  (``Bot.reaction_time``: its reaction profile); after that time the action is applied, unless
  something else happened first — then the bot is asked again, like the simulator's scheduler;
- the referee: when ``REFEREE`` is among the actors, its window opened the first moment it was
  and opens anew after each referee action; at ``opened + window_seconds() + grace`` the host
  applies the referee's first legal action. The grace (the table's ``grace_seconds``) is slack
  for the network: a slap sent in time still arrives before the referee closes the slap. In
  the bean games the window is the *idle* trading phase (their option ``trade_seconds``): it
  opens anew after every person's action, so the referee ends trading only when no person has
  traded for that long (bots' actions do not hold it open: a table of bots that bargain
  without end still moves on). Other windows (Mau-Mau's slap) run from their opening,
  whatever happens;
- words (Mau-Mau): while a person owes a word (the game's UI hook ``owes``), another player's
  turn action (``turn_action``), a bot's or a person's, is held back until ``grace_seconds``
  after the word became due, so that the word is not made too late by a faster connection
  (``rules/maumau.md``, "Hosts": a host setting, not a rule);
- turn timers (the table's ``turn_seconds``, off by default): a person the game waits for
  (``state.waiting_for()``) who has not acted for that long has a stand-in bot act once for
  them — the table's takeover bot, else the game's strongest — and the seat stays theirs;
  the seat's connections get a ``timeout`` message. The clock restarts after each of their
  actions. It runs for whatever the game waits for, a bean game's active player's trading
  phase included (they end it, or their stand-in acts).

Near-simultaneous actions are ordered by arrival: ``asyncio.Lock`` hands the table to its
waiters first come, first served.

Each connection has an outbox (a queue) written by one task, so a slow client never holds the
table's lock; a client whose outbox overflows is disconnected.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import errno
import gc
import hmac
import importlib
import json
import logging
import math
import os
import secrets
import sys
import time
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from functools import partial
from typing import Any, TypeVar

from sqlalchemy.exc import SQLAlchemyError

from ..bots import Bot, Decision, make_bot, strongest_bot
from ..core import (
    REFEREE,
    Action,
    Event,
    Game,
    IllegalAction,
    OptionError,
    Player,
    Record,
    Rng,
    SpieltischError,
    State,
)
from ..core.words import Said, Seat
from ..registry import GAMES, load_game
from .lease import Notice
from .store import BROKEN, FINISHED, PLAYING, Appended, SeatRow, Store, TableRow, hash_token
from .words import site_words

log = logging.getLogger("spieltisch.server")

T = TypeVar("T")

OUTBOX_LIMIT = 512
"""Messages waiting for one client before the server gives up on it."""

GAMES_KEPT = 64
"""Games (an id with its options) the hub keeps built for the next table that plays one."""

INLINE_SECONDS = 0.001
"""A bot whose decisions take less CPU than this decides on the event loop, not a thread."""


@dataclass
class Settings:
    """The server's settings. ``create_app`` takes them by keyword; each one not given there is
    read from the environment as ``SPIELTISCH_`` and its name in capitals (so ``spieltisch
    serve`` takes them too: ``SPIELTISCH_TIME_SCALE=0.01 spieltisch serve``)."""

    time_scale: float = 1.0
    """Every bot reaction, referee window, grace and turn timer lasts its seconds times this
    (tests: 0.002)."""
    max_body_bytes: int = 64 * 1024
    """The largest HTTP request body (413 above)."""
    max_message_bytes: int = 16 * 1024
    """The largest websocket message a client may send (an ``error`` above)."""
    messages_per_second: float = 30.0
    message_burst: float = 60.0
    """Each websocket's token bucket: a client sends at most this many messages at once and
    this many a second after (an ``error`` for each message over)."""
    requests_per_second: float = 20.0
    request_burst: float = 120.0
    """Each client address's token bucket for ``/api`` requests and websocket connections
    (429 over)."""
    max_tables: int = 1000
    """Tables in play at once (503 for the next until one ends)."""
    tables_per_address: int = 20
    """Tables in play that one client address may have made (429 for the next until one
    ends or expires): one address cannot fill the lobby for everyone."""
    unjoined_table_seconds: float = 1800.0
    """A table where nobody has acted yet and no seat is connected is removed after this
    many seconds of wall-clock time (not scaled by ``time_scale``), after a restart too
    (counted from its creation or its last seat's leaving); 0 keeps such tables for ever."""
    sockets_per_address: int = 16
    """Websockets one client address may hold open at once (the next is closed with 1008)."""
    bot_threads: int = 4
    """Worker threads on which bots think."""
    gc_freeze_seconds: float = 2.0
    """How often what is alive is moved out of the cyclic garbage collector's sight
    (``gc.freeze``, a constant-time splice of the collector's lists): with a thousand tables
    in memory a full collection stopped the server for 0.4 s at a time, the slowest 1 % of
    actions. Every 10 s still let 2,000 tables' young survivors pile up into 100-200 ms
    pauses (p99 186 ms at human pace); every 2 s held 2,500 tables under 100 ms
    (bench/load_server.py --pace human). Objects freed by their reference count go as always;
    only cyclic garbage waits for ``gc_full_seconds``. 0 leaves the collector alone."""
    gc_full_seconds: float = 900.0
    """How often the frozen objects are collected after all (one full pause), so that cyclic
    garbage of tables long gone is freed."""
    chat_per_second: float = 0.5
    chat_burst: float = 5.0
    """Each seat's token bucket for chat lines: this many at once and this many a second
    after (an ``error`` for each line over), whatever connections the seat has."""
    cluster: bool = False
    """Several processes on one PostgreSQL (``cluster.Cluster``): each table is owned by one
    process at a time through a lease in the database, reachable through any of them, and
    taken over when its owner dies. Off: this process plays every table (SQLite's only way)."""
    process_id: str = ""
    """This process's name among the cluster's (letters, digits, ``.-_``, at most 40): give
    each process a name of its own that it keeps across restarts, and a restarted process
    takes its tables back at once. Empty: the host's name and the process id (a restart then
    waits for its old leases to run out)."""
    lease_seconds: float = 5.0
    """How long a table's lease lasts without being renewed (the owner renews every third of
    it): a dead process's tables are taken over this long after it died, give or take a
    third. Shorter fails over sooner; too short, and a process paused that long (a full
    collection, a slow disk) loses its tables to another."""

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, **given: Any) -> Settings:
        env = os.environ if environ is None else environ
        values: dict[str, Any] = {}
        for f in fields(cls):
            if f.name in given:
                values[f.name] = given.pop(f.name)
                continue
            text = env.get(f"SPIELTISCH_{f.name.upper()}")
            if text is None:
                continue
            kind: Callable[[str], Any] = float
            if f.type in (int, "int"):
                kind = int
            elif f.type in (str, "str"):
                kind = str
            elif f.type in (bool, "bool"):
                kind = _flag
            try:
                values[f.name] = kind(text)
            except ValueError:
                what = {"_flag": "flag (1 or 0)"}.get(kind.__name__, kind.__name__)
                raise OptionError(
                    f"SPIELTISCH_{f.name.upper()} must be a {what}, not {text!r}"
                ) from None
        if given:
            raise OptionError(f"unknown server setting(s): {', '.join(sorted(given))}")
        return cls(**values)


def _flag(text: str) -> bool:
    """An on/off setting from the environment."""
    value = text.strip().lower()
    if value in ("1", "true", "yes", "on"):
        return True
    if value in ("0", "false", "no", "off", ""):
        return False
    raise ValueError(text)


@dataclass(frozen=True)
class TableTiming:
    """A table's settings beside the game's options (chosen when the table is made)."""

    grace_seconds: float = 0.5
    """Slack for the network: added to every referee window, and the time a turn action is
    held back while a person owes a word (Mau-Mau)."""
    turn_seconds: float | None = None
    """A turn timer: a person the game waits for longer than this has a bot act for them
    (None: no timer)."""

    GRACE_RANGE = (0.0, 10.0)
    TURN_RANGE = (5.0, 3600.0)

    def __post_init__(self) -> None:
        lo, hi = self.GRACE_RANGE
        g = self.grace_seconds
        if not isinstance(g, int | float) or isinstance(g, bool) or not lo <= g <= hi:
            raise OptionError(f"grace_seconds must be a number from {lo:g} to {hi:g}, not {g!r}")
        t = self.turn_seconds
        lo, hi = self.TURN_RANGE
        if t is not None and (
            not isinstance(t, int | float) or isinstance(t, bool) or not lo <= t <= hi
        ):
            raise OptionError(
                f"turn_seconds must be a number from {lo:g} to {hi:g} (or none), not {t!r}"
            )

    def to_json(self) -> dict[str, Any]:
        return {"grace_seconds": self.grace_seconds, "turn_seconds": self.turn_seconds}

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> TableTiming:
        data = data or {}
        return cls(
            grace_seconds=data.get("grace_seconds", cls.grace_seconds),
            turn_seconds=data.get("turn_seconds"),
        )


class ServerFull(SpieltischError):
    """As many tables are in play as the server takes."""


class Unavailable(SpieltischError):
    """The database failed (a full disk, a lost connection): nothing was changed, and the
    client may try again later. The app answers 503."""


class TooManyTables(SpieltischError):
    """One client address has as many tables in play as it may make. The app answers 429."""


def database_failure(err: BaseException) -> str:
    """One line that says why the database failed, without its SQL or parameters."""
    orig = getattr(err, "orig", None) or err
    if isinstance(orig, OSError) and orig.errno == errno.ENOSPC:
        return "the server's disk is full"
    text = str(orig).strip().splitlines()
    return f"{type(orig).__name__}: {text[0] if text else 'no reason given'}"[:200]


def word_hooks(game_id: str) -> tuple[Callable[..., bool] | None, Callable[..., bool] | None]:
    """The game's ``owes(view)`` and ``turn_action(action, view)`` (from its terminal UI
    module, shared by every host), or None where the game has no words to wait for."""
    pkg = GAMES[game_id][0].rsplit(".", 2)[-2]
    try:
        ui = importlib.import_module(f"spieltisch.tui.{pkg}")
    except ModuleNotFoundError:
        return None, None
    owes, turn_action = getattr(ui, "owes", None), getattr(ui, "turn_action", None)
    if owes is None or turn_action is None:
        return None, None
    return owes, turn_action


class Unsaved(SpieltischError):
    """The database did not take the action: nothing changed, the player may try again."""


def player_json(p: Player) -> int | str:
    return "referee" if p == REFEREE else p


@dataclass(eq=False)
class Connection:
    """One websocket: a seat (None: a spectator) and its outbox."""

    seat: int | None
    queue: asyncio.Queue[dict[str, Any] | str | None] = field(default_factory=asyncio.Queue)
    closed: bool = False
    close_code: int = 1000
    tokens: float = 0.0
    last: float = field(default_factory=time.monotonic)

    def push(self, message: dict[str, Any] | str) -> None:
        """Queue a message: a dict, or one already written as JSON text."""
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


HISTORY_LIMIT = 200  # events sent to a (re)connecting seat as its log
CHAT_HISTORY = 100  # chat lines sent to a (re)connecting client
NAME_LIMIT = 24  # characters of a display name
CHAT_LIMIT = 300  # characters of a chat line


class Refused(SpieltischError):
    """A name or a chat line the table does not take; nothing changed."""


def _plain(value: Any, what: str, limit: int) -> str:
    """``value`` as one line of printable text, trimmed, 1..``limit`` characters: control and
    format characters (newlines, bidi overrides) would let a name or a line pose as another."""
    if not isinstance(value, str):
        raise Refused(f"a {what} is a JSON string, not {type(value).__name__}")
    text = " ".join(value.split())
    if not text:
        raise Refused(f"a {what} holds at least one visible character")
    if len(text) > limit:
        raise Refused(f"a {what} holds at most {limit} characters")
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn") for ch in text):
        raise Refused(f"a {what} holds only printable characters")
    return text


def clean_name(value: Any) -> str:
    return _plain(value, "name", NAME_LIMIT)


def clean_chat(value: Any) -> str:
    return _plain(value, "chat line", CHAT_LIMIT)


@dataclass
class UndoAsk:
    """A person's request to take their last action back at a table with other people: it
    waits until every other person seated when it was made (``asked``) has accepted. One
    decline, a new action at the table (it would take back more than was agreed to) or one of
    them leaving ends it; one request at a time per table."""

    seat: int
    keep: int  # the index of the action taken back: the record keeps the actions before it
    asked: frozenset[int]
    accepted: set[int] = field(default_factory=set)
    at: int = 0  # the record's length when it was asked: any later action ends it

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "index": self.keep,
            "asked": sorted(self.asked),
            "accepted": sorted(self.accepted),
            "at": self.at,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> UndoAsk:
        return cls(
            data["seat"],
            data["index"],
            frozenset(data["asked"]),
            set(data["accepted"]),
            data.get("at", 0),
        )

    def message(self) -> dict[str, Any]:
        """What the people are shown (``at`` is the processes' own bookkeeping)."""
        data = self.to_json()
        del data["at"]
        return {"type": "undo_request", **data}


def said_error(said: Said) -> dict[str, Any]:
    """An ``error`` that names its catalog key: the English sentence for any client, and
    ``said`` for the page to say it in its language."""
    return {"type": "error", "error": site_words().say("en", said), "said": said.to_json()}


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
        self.timing = TableTiming.from_json(row.timing)
        self.lock = asyncio.Lock()
        self.conns: set[Connection] = set()
        self.bots: dict[int, Bot] = {}
        self.bot_rngs: dict[int, Rng] = {}
        self.bot_busy: dict[int, concurrent.futures.Future[Any]] = {}
        self.think_cost: dict[int, float] = {}  # id(bot) -> CPU seconds of its decisions
        self.standins: dict[int, Bot] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        self.window_opened: float | None = None
        self._history: list[Event] | None = None  # every event so far; rebuilt from the record
        # each event's line in the game's words ({"key", "args"}, core/words.py), said on the
        # public view before its action: the page says it in its language (the log, no label
        # built in the browser); the last action's by event, and the history's in order
        self._said_now: dict[int, dict[str, Any] | None] = {}
        self._history_said: list[dict[str, Any] | None] = []
        # the bean games' trading phase closes when idle: every action opens it anew
        self.idle_window = "trade_seconds" in state.game.options
        self.owes, self.turn_action = word_hooks(row.game)
        self.owed_since: dict[int, float] = {}  # a person's word, due since (loop time)
        self.waiting_since: dict[int, float] = {}  # a person the game waits for, since
        # the seats whose person has connected: a turn timer runs from their arrival, not
        # from the table's creation (a person slow to open the link still has a whole turn)
        self.arrived: set[int] = set()
        self.version = 0
        self.creator: str | None = None  # the client address that made it (quota)
        self.quiet_since = row.created  # wall time since no seat has been connected
        # the table's chat: read from the database at the first connection (it survives a
        # restart); people only, never in the state, so no bot ever sees it
        self.chat: list[dict[str, Any]] | None = None
        self.chat_buckets: dict[int, tuple[float, float]] = {}  # seat -> (tokens, when)
        # several processes (cluster.Cluster): the owner plays the table (bots, timers,
        # writes); a follower keeps a replica from the owner's notices for its own sockets
        # and forwards its people's actions to the owner. One process alone: always leader.
        self.leader = True
        self.owner: str | None = None  # a follower's idea of the owning process
        self.catching = False  # a follower reading the record's new actions
        # the seats' sockets on other processes: process -> seat -> sockets (cluster "here")
        self.elsewhere: dict[str, dict[int, int]] = {}
        self.here_lock = asyncio.Lock()  # this process's counts go out one at a time
        self.touched = time.monotonic()  # last looked up or (dis)connected: kept a while
        self.behind = False  # ... and a notice came while it did
        # an undo asked of the other people at the table, waiting for their answers (a
        # follower keeps the owner's, from its notices, for its own sockets)
        self.undo_ask: UndoAsk | None = None
        self.undo_deadline: float | None = None  # when it lapses, on this process's loop clock
        for s in self.seats:
            if not s.human and not s.left:
                self._seat_bot(s.seat, s.kind)

    def unjoined_for(self, now: float) -> float | None:
        """Seconds that nobody has acted here and no seat has been connected; None when
        somebody has acted, a seat is connected or the game is over."""
        if self.finished or self.record.actions or any(c.seat is not None for c in self.conns):
            return None
        if any(n for counts in self.elsewhere.values() for n in counts.values()):
            return None
        return now - self.quiet_since

    # -- set-up --------------------------------------------------------------------------

    def _seat_bot(self, seat: int, spec: str) -> None:
        self.bots[seat] = make_bot(spec, self.state.game)
        self.bot_rngs[seat] = Rng(secrets.randbits(63))

    def _standin(self, seat: int) -> Bot:
        """The bot that acts for a person whose turn timer ran out."""
        bot = self.standins.get(seat)
        if bot is None:
            bot = make_bot(self.takeover or strongest_bot(self.state.game), self.state.game)
            self.standins[seat] = bot
            self.bot_rngs.setdefault(seat, Rng(secrets.randbits(63)))
        return bot

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

    def _person(self, seat: int) -> bool:
        s = self.seats[seat]
        return s.human and not s.left

    # -- acting ----------------------------------------------------------------------------

    async def _act(
        self, player: Player, action: Mapping[str, Any], answer: Any = None
    ) -> tuple[int, list[Event]]:
        """Apply, then commit; the caller holds the lock and calls ``_refresh`` after.
        ``answer``: a forwarded action's ``cluster.Relay``, whose ``accepted`` goes out with
        the commit."""
        if self.finished:
            raise IllegalAction("the game is over; no more actions are taken", key="core.over")
        act = Action.of(action)
        before = self.state.view(None)
        try:
            events = self.state.apply(player, act)
        except IllegalAction:
            raise
        except Exception:
            log.exception("table %s: applying %s for %s failed", self.id, act, player)
            self.state = self.record.replay(self.state.game)
            raise
        idx = len(self.record.actions)
        result = self.state.result().to_json() if self.state.is_terminal() else None
        notices = None if answer is None else [answer.accepted(idx, action)]
        try:
            await self.hub.append((self.id, idx, player, act, result), notices)
        except Exception as err:
            log.exception("table %s: writing action %d failed", self.id, idx)
            self.state = self.record.replay(self.state.game)
            if self.hub.cluster is not None:
                self.hub.cluster.check_lease(self)  # another process may own it now
            raise Unsaved("the action could not be saved, so it was not taken; try again") from err
        self.record.add(player, act)
        said = [self._said(e, before) for e in events]
        self._said_now = {id(e): s for e, s in zip(events, said, strict=True)}
        if self._history is not None:
            self._history.extend(events)
            self._history_said.extend(said)
        if result is not None:
            self.status = FINISHED
            self.row.result = result
            self.hub.out_of_play(self)
        self.row.action_count = idx + 1
        self.row.updated = time.time()
        return idx, events

    async def submit(self, conn: Connection, action: Any, request_id: Any = None) -> None:
        """A person's action from their websocket: accepted (after the commit) or refused."""
        seat = conn.seat
        if seat is None:
            conn.push(refused(request_id, "spectators watch; they cannot act", Said("r.spectator")))
            return
        if not isinstance(action, dict):
            why = 'an action is a JSON object, e.g. {"pit": 3}'
            conn.push(refused(request_id, why, Said("r.json")))
            return
        try:
            act = Action.of(action)
        except (TypeError, ValueError, RecursionError):
            why = "an action holds only plain JSON values"
            conn.push(refused(request_id, why, Said("r.json")))
            return
        if not self.leader and await self.hub.cluster.forward(
            self, conn, "act", action, request_id
        ):
            return  # the owning process took it or refused it
        hold = self._held_until(seat, act) - asyncio.get_running_loop().time()
        if hold > 0:  # someone owes a word: give them the grace first
            await asyncio.sleep(hold)
        async with self.lock:
            if conn.closed or self.seats[seat].left or not self.seats[seat].human:
                conn.push(refused(request_id, "you have left this seat", Said("r.left")))
                return
            relayed = getattr(conn, "relayed", False)  # a forwarded action: answered by commit
            try:
                idx, events = await self._act(seat, action, conn if relayed else None)
            except IllegalAction as err:
                conn.push(refused(request_id, str(err), err.said))
                return
            except Unsaved as err:
                conn.push(refused(request_id, str(err)))
                return
            except Exception:
                why = "the server could not take this action"
                conn.push(refused(request_id, why, Said("r.server")))
                return
            if not relayed:
                conn.push({"type": "accepted", "id": request_id, "index": idx, "action": action})
            self._refresh(events, seat)

    async def leave_json(self, seat: int) -> dict[str, Any]:
        """``leave`` where the table is played, here or by its owning process: the seat as
        everyone now sees it."""
        if not self.leader:
            now = await self.hub.cluster.ask(self, seat, "leave")
            if now is not None:
                return now
        return self.seat_json(await self.leave(seat))

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
            ask = self.undo_ask
            if ask is not None and (seat == ask.seat or seat in ask.asked):
                said = Said("undo.gone", Seat(ask.seat), Seat(seat))
                self._ask_over(said)
                await self._tell({"k": "ask", "ask": None, "said": said.to_json()})
            for conn in list(self.conns):
                if conn.seat == seat:
                    conn.push({"type": "left", "seat": seat, "now": self.seat_json(new)})
                    conn.close(4000)
                    self.conns.discard(conn)
            self._refresh([], None)
            await self._tell({"k": "seats", "left": seat})
            return new

    # -- people: names and chat ---------------------------------------------------------------

    async def rename(self, conn: Connection, value: Any) -> None:
        """A person names their seat (saved, then shown to everyone); ``error`` if refused."""
        if conn.seat is None:
            conn.push({"type": "error", "error": "spectators have no seat to name"})
            return
        try:
            name = clean_name(value)
        except Refused as err:
            conn.push({"type": "error", "error": str(err)})
            return
        if not self.leader and await self.hub.cluster.forward(self, conn, "name", name):
            return
        async with self.lock:
            seat = self.seats[conn.seat]
            if conn.closed or seat.left or not seat.human:
                conn.push({"type": "error", "error": "you have left this seat"})
                return
            if seat.name == name:
                return
            await self.hub.db(self.hub.store.set_name, self.id, conn.seat, name)
            seat.name = name
            self._refresh_seats()
            await self._tell({"k": "seats"})

    async def say(self, conn: Connection, value: Any) -> None:
        """A person's chat line: rate-limited per seat, saved, then sent to every client."""
        if conn.seat is None:
            conn.push({"type": "error", "error": "spectators watch; only the seated chat"})
            return
        try:
            line = clean_chat(value)
        except Refused as err:
            conn.push({"type": "error", "error": str(err)})
            return
        if not self.leader and await self.hub.cluster.forward(self, conn, "chat", line):
            return  # the owner counts the seat's lines, whichever process they came through
        cfg = self.hub.settings
        now = time.monotonic()
        tokens, last = self.chat_buckets.get(conn.seat, (cfg.chat_burst, now))
        tokens = min(cfg.chat_burst, tokens + (now - last) * cfg.chat_per_second)
        if tokens < 1.0:
            self.chat_buckets[conn.seat] = (tokens, now)
            conn.push({"type": "error", "error": "too many chat lines; slow down"})
            return
        self.chat_buckets[conn.seat] = (tokens - 1.0, now)
        async with self.lock:
            seat = self.seats[conn.seat]
            if conn.closed or seat.left or not seat.human:
                conn.push({"type": "error", "error": "you have left this seat"})
                return
            lines = await self._chat()
            entry = {"seat": conn.seat, "text": line, "at": time.time()}
            await self.hub.db(self.hub.store.add_chat, self.id, len(lines), *entry.values())
            lines.append(entry)
            self.heard_chat(entry)
            await self._tell({"k": "chat", "e": entry})

    def heard_chat(self, entry: dict[str, Any]) -> None:
        """A chat line saved (here or by the owning process): every connection here gets it."""
        if self.chat is not None and (not self.chat or self.chat[-1] is not entry):
            self.chat.append(entry)
        text = json.dumps({"type": "chat", "lines": [entry], "history": False})
        for c in list(self.conns):
            c.push(text)

    async def _tell(self, notice: dict[str, Any]) -> None:
        """Tell the processes that follow this table what changed beside its actions (a
        name, a seat, a chat line, an undo); nothing where this process is alone."""
        if self.hub.cluster is not None:
            await self.hub.cluster.publish(self.id, notice)

    # -- undo: against bots, or asked of the other people ------------------------------------

    UNDO_SAMPLES = 8
    """Worlds ``revealed`` deals to see whether a person learned something hidden."""

    async def undo(self, conn: Connection) -> None:
        """A person takes back their last action and every action after it, where nothing
        hidden has been revealed to them since (``revealed``). At a table of bots that is done
        at once; where other people sit, they are asked (``undo_request``) and it is done when
        all of them have accepted (``undo_answer``). The record is cut in the database first;
        everyone then gets the log and the state anew."""
        seat = conn.seat
        if seat is None:
            conn.push(said_error(Said("r.undo.spectator")))
            return
        if not self.leader and await self.hub.cluster.forward(self, conn, "undo", True):
            return
        async with self.lock:
            why = self._no_undo(seat)
            keep = -1
            if why is None:
                keep = max(i for i, (p, _) in enumerate(self.record.actions) if p == seat)
                if self.revealed(seat, keep):
                    why = Said("r.undo.revealed")
            if why is not None:
                conn.push(said_error(why))
                return
            others = frozenset(
                s.seat for s in self.seats if s.seat != seat and self._person(s.seat)
            )
            if not others:
                await self._take_back(seat, keep)
                return
            self.undo_ask = UndoAsk(seat, keep, others, at=len(self.record.actions))
            self.undo_deadline = asyncio.get_running_loop().time() + self.UNDO_ASK_SECONDS
            self._show_ask()
            await self._tell({"k": "ask", "ask": self.undo_ask.to_json()})
            self.schedule()  # the table holds: the lapse's timer

    async def undo_answer(self, conn: Connection, value: Any) -> None:
        """A person's answer to the undo another person asked for: ``true`` accepts (the
        last acceptance carries it out), ``false`` declines and ends the request for all."""
        seat = conn.seat
        if seat is None:
            conn.push(said_error(Said("r.spectator")))
            return
        if not isinstance(value, bool):
            conn.push(said_error(Said("r.undo.answer")))
            return
        if not self.leader and await self.hub.cluster.forward(self, conn, "undo_answer", value):
            return
        async with self.lock:
            ask = self.undo_ask
            why = None
            if conn.closed or not self._person(seat):
                why = Said("r.left")
            elif ask is None:
                why = Said("r.undo.nothing")
            elif seat == ask.seat:
                why = Said("r.undo.own")
            elif seat not in ask.asked:
                why = Said("r.undo.notasked", Seat(ask.seat))
            elif seat in ask.accepted:
                why = Said("r.undo.answered")
            if why is not None:
                conn.push(said_error(why))
                return
            assert ask is not None
            if not value:
                said = Said("undo.declined", Seat(seat), Seat(ask.seat))
                self._ask_over(said)
                await self._tell({"k": "ask", "ask": None, "said": said.to_json()})
                self._resume()
                return
            ask.accepted.add(seat)
            if ask.accepted < ask.asked:
                self._show_ask()
                await self._tell({"k": "ask", "ask": ask.to_json()})
                return
            self.undo_ask, self.undo_deadline = None, None  # all said yes: as against bots
            await self._take_back(ask.seat, ask.keep)

    async def _take_back(self, seat: int, keep: int) -> None:
        """Cut the record to its first ``keep`` actions (in the database first), and tell
        everyone; the caller holds the lock and has checked that ``seat`` may."""
        await self.hub.db(self.hub.store.truncate_actions, self.id, keep)
        self.record.actions = self.record.actions[:keep]
        self.state = self.record.replay(self.state.game)
        self.row.action_count = keep
        self._history, self._history_said, self._said_now = None, [], {}
        for c in list(self.conns):
            c.push({"type": "undone", "seat": seat, "index": keep})
            c.push({"type": "history", "events": self.history_for(c.seat)})
        self._refresh([], None)
        await self._tell({"k": "undone", "seat": seat, "index": keep})

    def _show_ask(self) -> None:
        """The request as it stands, to every seated connection here (bots have none, and
        spectators are not asked)."""
        if self.undo_ask is None:
            return
        text = json.dumps(self.undo_ask.message())
        for c in list(self.conns):
            if c.seat is not None:
                c.push(text)

    def _ask_over(self, said: Said) -> None:
        """The request ends without an undo: every seated connection here is told why."""
        ask, self.undo_ask, self.undo_deadline = self.undo_ask, None, None
        if ask is None:
            return
        text = json.dumps({"type": "undo_cancelled", "seat": ask.seat, "said": said.to_json()})
        for c in list(self.conns):
            if c.seat is not None:
                c.push(text)

    UNDO_ASK_SECONDS = 60.0
    """How long an undo request waits for the people's answers; the table holds meanwhile (its
    bots, referee and turn timers), and then it lapses as if declined."""

    async def _ask_lapse(self, ask: UndoAsk, deadline: float) -> None:
        """The request ``ask`` has waited its time: it ends, and the table goes on."""
        await asyncio.sleep(max(0.0, deadline - asyncio.get_running_loop().time()))
        async with self.lock:
            if self.undo_ask is not ask or self.finished:
                return
            said = Said("undo.lapsed", Seat(ask.seat))
            self._ask_over(said)
            await self._tell({"k": "ask", "ask": None, "said": said.to_json()})
            self._resume()

    def _resume(self) -> None:
        """After a request ended without an undo: the held table's timers anew (the bots
        think again on the same position)."""
        self.version += 1
        self._cancel_timers()
        self.schedule()

    def _moved_on(self) -> None:
        """An action was applied (here, or by the owning process): a request waiting for
        answers would now take back more than the others were asked about, so it ends."""
        if self.undo_ask is not None:
            self._ask_over(Said("undo.moved", Seat(self.undo_ask.seat)))

    def heard_ask(self, notice: Mapping[str, Any]) -> None:
        """The owning process's request changed (a follower's sockets are shown it)."""
        ask = notice.get("ask")
        if ask is None:
            self._ask_over(Said.from_json(notice["said"]))
        else:
            self.undo_ask = UndoAsk.from_json(ask)
            self._show_ask()

    def _no_undo(self, seat: int) -> Said | None:
        """Why ``seat`` may not take an action back now (None: it may)."""
        if self.finished:
            return Said("r.undo.over")
        if not self._person(seat):
            return Said("r.left")
        if not any(p == seat for p, _ in self.record.actions):
            return Said("r.undo.none")
        if self.undo_ask is not None:
            return Said("r.undo.pending", Seat(self.undo_ask.seat))
        return None

    def revealed(self, seat: int, keep: int) -> bool:
        """Whether ``seat`` has seen something hidden since action ``keep`` (its own): the
        actions since are played again on worlds it could not tell apart then (``resample``,
        the core contract); where one of them shows the seat another view, or cannot take an
        action at all, what the seat saw depended on the hidden cards."""
        before = self.record.replay(self.state.game, keep)
        rng = Rng(secrets.randbits(63))
        truth: list[Any] = []
        state = before.clone()
        for player, action in self.record.actions[keep:]:
            state.apply(player, action)
            truth.append(state.view(seat))
        for _ in range(self.UNDO_SAMPLES):
            world = before.resample(seat, rng)
            try:
                for (player, action), seen in zip(self.record.actions[keep:], truth, strict=True):
                    world.apply(player, action)
                    if world.view(seat) != seen:
                        return True
            except IllegalAction:
                return True
        return False

    async def chat_lines(self) -> list[dict[str, Any]]:
        """The table's chat so far, in order: ``{seat, text, at}`` per line."""
        return list(await self._chat())

    async def _chat(self) -> list[dict[str, Any]]:
        if self.chat is None:
            rows = await self.hub.db(self.hub.store.load_chat, self.id)
            self.chat = [{"seat": s, "text": t, "at": at} for s, t, at in rows]
        return self.chat

    def heard_again(self, next_id: str, seat: int) -> None:
        """Play again made the next table (here or in another process): everyone here is
        told, and the summary names it."""
        self.row.next = next_id
        for conn in list(self.conns):
            conn.push({"type": "again", "table": next_id, "by": seat})
        self.broadcast([])

    def _refresh_seats(self) -> None:
        """A seat's name changed: everyone's update (the seats); the timers of the moment
        run on (nothing in the game moved)."""
        self.broadcast([])

    # -- after every change ------------------------------------------------------------------

    def _refresh(self, events: list[Event], actor: Player | None) -> None:
        """After ``actor``'s action (None: a seat changed): new timers, then everyone's update."""
        self.version += 1
        if actor is not None:
            self._moved_on()  # after the actor's "accepted", before the update that shows it
        self._cancel_timers()
        if actor == REFEREE or (self.idle_window and actor is not None and self._person(actor)):
            # the window it closed is over; an idle one restarts when a person acts (bots that
            # never stop bargaining, the random one, must not hold the phase open for ever)
            self.window_opened = None
        if actor is not None:
            self.waiting_since.pop(actor, None)  # a person who acted gets a fresh turn clock
        self._track()
        self.broadcast(events)
        if not self.finished:
            self.schedule()

    def _cancel_timers(self) -> None:
        """Every timer of the moment that passed (bots, referee, turn timers, a lapse), but the
        task calling this: the moment's timers are scheduled anew."""
        current = asyncio.current_task()
        for task in list(self.tasks):
            if task is not current:
                task.cancel()
        self.tasks.clear()

    def _track(self) -> None:
        """When the referee's window opened, and since when each person owes a word or has
        been waited for (their turn timer)."""
        now = asyncio.get_running_loop().time()
        over = self.finished or self.state.is_terminal()
        actors = frozenset() if over else self.state.actors()
        if REFEREE not in actors:
            self.window_opened = None
        elif self.window_opened is None:
            self.window_opened = now
        waiting = frozenset() if over else self.state.waiting_for()
        for p in range(len(self.seats)):
            if (
                self.timing.turn_seconds is None
                or p not in waiting
                or not self._person(p)
                or p not in self.arrived
            ):
                self.waiting_since.pop(p, None)
            else:
                self.waiting_since.setdefault(p, now)
            if (
                self.owes is None
                or over
                or not self._person(p)
                or not self.owes(self.state.view(p))
            ):
                self.owed_since.pop(p, None)
            else:
                self.owed_since.setdefault(p, now)

    def _held_until(self, player: Player, action: Action) -> float:
        """The loop time before which ``player``'s ``action`` waits: a turn action waits for
        the grace of every other person who owes a word (Mau-Mau's words)."""
        if not self.owed_since or self.turn_action is None or player == REFEREE:
            return -math.inf
        grace = self.timing.grace_seconds * self.hub.settings.time_scale
        until = -math.inf
        for p, since in self.owed_since.items():
            if p != player and self.turn_action(action, self.state.view(p)):
                until = max(until, since + grace)
        return until

    def schedule(self) -> None:
        """Timers for the moment: the bots that may act, the referee's window, turn timers
        (the owning process's: a follower only shows the table)."""
        if self.finished or not self.leader:
            return
        loop = asyncio.get_running_loop()
        if self.undo_ask is not None:
            # the table holds while the people answer an undo request (a bot's move, the
            # referee's or a stand-in's would end it at once); it lapses after a while
            if self.undo_deadline is None:  # (a process that took the table over meanwhile)
                self.undo_deadline = loop.time() + self.UNDO_ASK_SECONDS
            self._spawn(self._ask_lapse(self.undo_ask, self.undo_deadline))
            return
        actors = self.state.actors()
        scale = self.hub.settings.time_scale
        self._track()
        if self.window_opened is not None:
            window = self.state.window_seconds()
            if window is not None:
                grace = self.timing.grace_seconds
                self._spawn(
                    self._referee(self.version, self.window_opened + (window + grace) * scale)
                )
            elif actors == {REFEREE}:
                self._spawn(self._referee(self.version, loop.time()))
        for seat in sorted(self.bots):
            if seat in actors:
                self._spawn(self._bot(seat, self.version))
        if self.timing.turn_seconds is not None:
            for seat, since in sorted(self.waiting_since.items()):
                deadline = since + self.timing.turn_seconds * scale
                self._spawn(self._timeout(seat, self.version, deadline))

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _referee(self, version: int, deadline: float) -> None:
        loop = asyncio.get_running_loop()
        await asyncio.sleep(max(0.0, deadline - loop.time()))
        async with self.lock:
            if version != self.version or self.finished or self.undo_ask is not None:
                return
            legal = self.state.legal_actions(REFEREE)
            if not legal:
                return
            try:
                _, events = await self._act(REFEREE, legal[0])
            except SpieltischError as err:
                log.error("table %s: the referee's %s failed: %s", self.id, legal[0], err)
                self._unsaved(err, version)
                return
            self._refresh(events, REFEREE)

    RETRY_SECONDS = 1.0
    """After the database failed a bot's, the referee's or a stand-in's action: the wait
    before they try again (else the table would wait for a person's action for ever)."""

    def _unsaved(self, err: SpieltischError, version: int) -> None:
        if isinstance(err, Unsaved):
            self._spawn(self._again(version))

    async def _again(self, version: int) -> None:
        await asyncio.sleep(self.RETRY_SECONDS)
        async with self.lock:
            if version == self.version and not self.finished and self.leader:
                self.schedule()

    async def _bot(self, seat: int, version: int) -> None:
        loop = asyncio.get_running_loop()
        start = loop.time()
        snapshot = self.state.clone()  # the bot thinks on a copy; the table may move on
        try:
            action, delay = await self._think(seat, self.bots[seat], snapshot)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: the bot in seat %d failed", self.id, seat)
            return
        if action is None:
            return
        due = max(start + delay * self.hub.settings.time_scale, self._held_until(seat, action))
        if due > loop.time():
            await asyncio.sleep(due - loop.time())
        async with self.lock:
            if (
                version != self.version
                or self.finished
                or seat not in self.bots
                or self.undo_ask is not None  # the table holds (schedule() starts it again)
            ):
                return
            try:
                _, events = await self._act(seat, action)
            except SpieltischError as err:
                log.error("table %s: the bot in seat %d chose %s: %s", self.id, seat, action, err)
                self._unsaved(err, version)
                return
            self._refresh(events, seat)

    async def _timeout(self, seat: int, version: int, deadline: float) -> None:
        """A person's turn timer ran out: their stand-in bot acts once for them."""
        loop = asyncio.get_running_loop()
        await asyncio.sleep(max(0.0, deadline - loop.time()))
        if version != self.version or self.finished:
            return
        snapshot = self.state.clone()
        try:
            action, _ = await self._think(seat, self._standin(seat), snapshot)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: the stand-in for seat %d failed", self.id, seat)
            action = None
        if action is None:  # the stand-in would let it pass: the game waits, so act anyway
            legal = snapshot.legal_actions(seat)
            if not legal:
                return
            action = legal[0]
        async with self.lock:
            if (
                version != self.version
                or self.finished
                or not self._person(seat)
                or self.undo_ask is not None
            ):
                return
            try:
                idx, events = await self._act(seat, action)
            except SpieltischError as err:
                log.error(
                    "table %s: the stand-in for seat %d chose %s: %s", self.id, seat, action, err
                )
                self._unsaved(err, version)
                return
            for conn in self.conns:
                if conn.seat == seat:
                    conn.push(
                        {"type": "timeout", "seat": seat, "index": idx, "action": action.to_json()}
                    )
            self._refresh(events, seat)

    async def _think(self, seat: int, bot: Bot, snapshot: State) -> tuple[Action | None, float]:
        """The bot's action and reaction time. A bot that thinks long (a search) does it on a
        worker thread, so the tables go on meanwhile; one whose decisions have all been quick
        (``INLINE_SECONDS`` of CPU, a random or rule-of-thumb bot) decides here, on the loop:
        handing a decision of a few microseconds to a thread and back costs more than it."""
        cost = self.think_cost.get(id(bot))
        if cost is not None and cost < INLINE_SECONDS:
            started = time.perf_counter()  # the loop's own thread: its time is the CPU's
            out = _decide(bot, snapshot, seat, self.bot_rngs[seat])
            self._thought(bot, time.perf_counter() - started)
            return out
        # one computation per seat at a time: a cancelled one still runs on its thread
        busy = self.bot_busy.get(seat)
        if busy is not None and not busy.done():
            with contextlib.suppress(Exception):
                await asyncio.shield(asyncio.wrap_future(busy))
        future = self.hub.bot_pool.submit(_timed_decide, bot, snapshot, seat, self.bot_rngs[seat])
        self.bot_busy[seat] = future
        out, spent = await asyncio.wrap_future(future)
        self._thought(bot, spent)
        return out

    def _thought(self, bot: Bot, spent: float) -> None:
        """Keep a bot's decision cost: the larger of this one and a running mean, so one slow
        decision sends the next to a thread at once."""
        before = self.think_cost.get(id(bot), spent)
        self.think_cost[id(bot)] = max(spent, 0.8 * before + 0.2 * spent)

    # -- a table another process plays (cluster.Cluster) ------------------------------------

    def follow(self, idx: int, player: Player, action: Action) -> bool:
        """A follower's replica takes action ``idx``, which the owning process committed,
        and its connections get their updates as the owner's do; False where the replica
        lacks actions before it (the caller reads them from the record)."""
        if self.leader or idx < len(self.record.actions):
            return True  # played here, or had already
        if idx > len(self.record.actions):
            return False
        before = self.state.view(None)
        events = self.state.apply(player, action)  # the owner applied it: it is legal
        self.record.add(player, action)
        said = [self._said(e, before) for e in events]
        self._said_now = {id(e): s for e, s in zip(events, said, strict=True)}
        if self._history is not None:
            self._history.extend(events)
            self._history_said.extend(said)
        if self.state.is_terminal():
            self.status = FINISHED
            self.row.result = self.state.result().to_json()
        self.row.action_count = idx + 1
        self.row.updated = time.time()
        self._refresh(events, player)
        return True

    def adopt(self, row: TableRow, leader: bool) -> None:
        """Start again from the database's row (a follower that missed notices, an undo, a
        take-over): the record replayed, the seats and the chat as saved, this process the
        table's owner or a follower. The caller holds the lock."""
        for task in list(self.tasks):
            task.cancel()
        self.tasks.clear()
        self.row = row
        self.record = row.record()
        self.state = self.record.replay(self.state.game)
        self.record.seats = [s.kind if not s.left else "left" for s in row.seats]
        self.seats = row.seats
        self.takeover = row.takeover
        self.status = row.status
        if self.state.is_terminal():
            self.status = FINISHED
        self.leader = leader
        ask = self.undo_ask
        if ask is not None and len(self.record.actions) != ask.at:
            # the record moved on (or was cut) since it was asked: it is over (a follower
            # that missed the notices hears it here)
            self._ask_over(Said("undo.moved", Seat(ask.seat)))
        self.chat = None
        self._history, self._history_said, self._said_now = None, [], {}
        self.window_opened = None  # a window, a word, a turn timer: from now on
        self.owed_since.clear()
        self.waiting_since.clear()
        self.bots.clear()
        for s in self.seats:
            if not s.human and not s.left:
                self._seat_bot(s.seat, s.kind)

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
            lines = await self._chat()
            if self.hub.cluster is not None and not self.hub.cluster.keep(self):
                conn.close(1012)  # forgotten meanwhile, and read anew: the client reconnects
                return
            self._attach(conn)
            if lines:
                conn.push({"type": "chat", "lines": lines[-CHAT_HISTORY:], "history": True})

    def _attach(self, conn: Connection) -> None:
        conn.tokens = self.hub.settings.message_burst
        self.conns.add(conn)
        if conn.seat is not None and conn.seat not in self.arrived:
            self._arrive(conn.seat)
        if conn.seat is not None and self.hub.cluster is not None:
            self.hub.cluster.here(self)  # the other processes show the seat online
        conn.push(
            {
                "type": "welcome",
                "table": self.id,
                "game": self.record.game,
                "seat": conn.seat,
                "players": self.record.players,
                "timing": self.timing.to_json(),
            }
        )
        history = self.history_for(conn.seat)
        if history:
            conn.push({"type": "history", "events": history})
        conn.push(self.update_for(conn.seat, []))
        if conn.seat is not None and self.undo_ask is not None:
            conn.push(self.undo_ask.message())
        if conn.seat is not None:  # the others see the seat come online
            cache: dict[int | None, str] = {}
            for other in list(self.conns):
                if other is not conn:
                    text = cache.get(other.seat)
                    if text is None:
                        text = cache[other.seat] = json.dumps(self.update_for(other.seat, []))
                    other.push(text)

    def _arrive(self, seat: int) -> None:
        """A person's first connection: their turn timer, if the table has one, starts now."""
        self.arrived.add(seat)
        if self.finished or self.timing.turn_seconds is None or not self.leader:
            return
        self._track()
        since = self.waiting_since.get(seat)
        if since is not None:
            deadline = since + self.timing.turn_seconds * self.hub.settings.time_scale
            self._spawn(self._timeout(seat, self.version, deadline))

    def history_for(self, seat: int | None) -> list[dict[str, Any]]:
        """The last ``HISTORY_LIMIT`` events this seat may see, so a reloaded page has its log."""
        if self._history is None:
            state = self.record.new_state(self.state.game)
            events: list[Event] = []
            said: list[dict[str, Any] | None] = []
            for player, action in self.record.actions:
                before = state.view(None)
                made = state.apply(player, action)
                events.extend(made)
                said.extend(self._said(e, before) for e in made)
            self._history, self._history_said = events, said
        seen = [
            self._event_json(e, s)
            for e, s in zip(self._history, self._history_said, strict=True)
            if e.visible_for(seat)
        ]
        return seen[-HISTORY_LIMIT:]

    def _said(self, event: Event, before: dict[str, Any]) -> dict[str, Any] | None:
        """``event`` as a line of the game's log, in the game's words (or None: no line)."""
        line = self.state.game.said_event(event.to_json(), before)
        return None if line is None else line.to_json()

    @staticmethod
    def _event_json(event: Event, said: dict[str, Any] | None) -> dict[str, Any]:
        out = event.to_json()
        if said is not None:
            out["said"] = said
        return out

    def unwatched(self, quiet: float = 5.0) -> bool:
        """No socket here, and none for ``quiet`` seconds: a follower or a finished table
        that may be forgotten (one just looked up keeps its socket about to attach)."""
        return not self.conns and time.monotonic() - self.touched > quiet

    def presence(self) -> dict[int, int]:
        """The seats' sockets on this process: seat -> how many."""
        counts: dict[int, int] = {}
        for c in self.conns:
            if c.seat is not None:
                counts[c.seat] = counts.get(c.seat, 0) + 1
        return counts

    def heard_here(self, process: str, counts: dict[int, int]) -> None:
        """Another process says how many sockets each seat has there: everyone's seats
        show it, and the owner starts a turn timer for a person who arrived there."""
        if counts:
            self.elsewhere[process] = counts
        else:
            self.elsewhere.pop(process, None)
        # under the lock: an action being committed has changed the state already, and an
        # update must never show what is not in the database yet
        self.hub.cluster.spawn(self._heard_here(counts))

    async def _heard_here(self, counts: dict[int, int]) -> None:
        async with self.lock:
            if self.leader:
                for seat, n in counts.items():
                    if n and seat not in self.arrived and 0 <= seat < len(self.seats):
                        self._arrive(seat)
            self.broadcast([])

    def detach(self, conn: Connection) -> None:
        self.touched = time.monotonic()
        if self.hub.cluster is not None and conn.seat is not None and conn in self.conns:
            self.conns.discard(conn)
            self.hub.cluster.here(self)
        self.conns.discard(conn)
        if conn.seat is not None and not any(c.seat is not None for c in self.conns):
            self.quiet_since = time.time()
        if conn.seat is not None and self.conns:
            self._spawn(self._seats_changed())  # the others see the seat go offline

    async def _seats_changed(self) -> None:
        """Everyone's update after a seat came or went (under the lock: only saved actions
        are ever shown)."""
        async with self.lock:
            self.broadcast([])

    def broadcast(self, events: list[Event]) -> None:
        """Everyone's update: built and written as JSON text once per seat (spectators share
        one), not once per connection."""
        cache: dict[int | None, str] = {}
        for conn in list(self.conns):
            text = cache.get(conn.seat)
            if text is None:
                text = cache[conn.seat] = json.dumps(self.update_for(conn.seat, events))
            conn.push(text)

    def update_for(self, seat: int | None, events: list[Event]) -> dict[str, Any]:
        """Everything one connection may know now: its view, its legal actions, its events."""
        state, said = self.state, self._said_now
        view = state.view(seat)
        legal, labels = [], []
        if seat is not None and not self.finished and self.seats[seat].human:
            # the actions as plain dicts: they are written as JSON text at once (broadcast),
            # so no deep copy (Action.to_json) is needed; each with its label in the game's
            # words, said on the seat's view (the page's buttons say it in its language)
            actions = state.legal_actions(seat)
            legal = [dict(a) for a in actions]
            labels = [state.game.said_action(view, a).to_json() for a in actions]
        return {
            "type": "update",
            "seq": len(self.record.actions),
            "view": view,
            "legal": legal,
            "legal_said": labels,
            "events": [self._event_json(e, said.get(id(e))) for e in events if e.visible_for(seat)],
            "actors": [player_json(p) for p in sorted(state.actors())],
            "waiting_for": sorted(state.waiting_for()),
            "window": self.window_left(),
            "timers": self.timers_left(),
            "status": self.status,
            "result": self.row.result,
            "seats": [self.seat_json(s) for s in self.seats],
            "next": self.row.next,
        }

    def window_left(self) -> float | None:
        """Seconds until the referee's window ends (None: no window open); the grace beyond
        is the network's, not announced."""
        if self.finished or self.window_opened is None:
            return None
        window = self.state.window_seconds()
        if window is None:
            return None
        loop = asyncio.get_running_loop()
        left = self.window_opened + window * self.hub.settings.time_scale - loop.time()
        return round(max(0.0, left), 3)

    def timers_left(self) -> list[dict[str, Any]]:
        """Each running turn timer: the seat and the seconds before its stand-in acts."""
        if self.finished or self.timing.turn_seconds is None:
            return []
        now = asyncio.get_running_loop().time()
        limit = self.timing.turn_seconds * self.hub.settings.time_scale
        return [
            {"seat": p, "left": round(max(0.0, since + limit - now), 3)}
            for p, since in sorted(self.waiting_since.items())
        ]

    def seat_json(self, s: SeatRow) -> dict[str, Any]:
        """A seat as everyone sees it: who sits there, their name, whether they are online
        and whether the table waits for them (a person) or they are deciding (a bot)."""
        thinking = False
        if not self.finished and not s.left:
            if s.human:
                thinking = s.seat in self.state.waiting_for()
            else:
                thinking = s.seat in self.state.actors()
        return {
            "seat": s.seat,
            "kind": "empty" if s.left else ("human" if s.human else "bot"),
            "bot": None if s.human else s.kind,
            "name": s.name,
            "connected": sum(1 for c in self.conns if c.seat == s.seat)
            + sum(counts.get(s.seat, 0) for counts in self.elsewhere.values()),
            "thinking": thinking,
        }

    def summary(self) -> dict[str, Any]:
        return table_summary(self.row, self.status, [self.seat_json(s) for s in self.seats])

    async def public(self) -> dict[str, Any]:
        """The summary with what a spectator sees (under the lock: only saved actions)."""
        async with self.lock:
            out = self.summary()
            update = self.update_for(None, [])
            for key in ("view", "actors", "waiting_for", "window", "timers"):
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
        "timing": TableTiming.from_json(row.timing).to_json(),
        "next": row.next,
        "created": row.created,
        "updated": row.updated,
        "spectate": f"/ws/tables/{row.id}",
    }


def refused(request_id: Any, reason: str, said: Said | None = None) -> dict[str, Any]:
    """The answer to a refused action: the English ``reason``, and where the rule named its
    catalog key, ``said`` (``{"key", "args"}``) for the page to say it in its language."""
    out: dict[str, Any] = {"type": "refused", "id": request_id, "reason": reason}
    if said is not None:
        out["said"] = said.to_json()
    return out


def _timed_decide(
    bot: Bot, state: State, seat: int, rng: Rng
) -> tuple[tuple[Action | None, float], float]:
    """``_decide`` on a worker thread, with the CPU seconds it took that thread."""
    started = time.thread_time()
    out = _decide(bot, state, seat, rng)
    return out, time.thread_time() - started


def _decide(bot: Bot, state: State, seat: int, rng: Rng) -> tuple[Action | None, float]:
    decision = Decision.at(state, seat, rng)
    if not decision.legal:
        return None, 0.0
    delay = bot.reaction_time(decision)
    action = bot.act(decision)
    if action is not None and action not in decision.legal:
        try:  # whole offers are checked, never listed: the state judges what the list lacks
            state.validate(seat, action)
        except IllegalAction as err:
            log.error("a bot chose %s, which is not legal: %s", action, err)
            return None, 0.0
    return action, max(0.0, float(delay))


class Hub:
    """Every live table of one app, the database and the worker threads.

    Actions are written by one writer task in group commits: every action that arrives while a
    commit is on its way goes into the next one, and each is acknowledged when the commit that
    holds it has returned. A commit costs a disk flush (SQLite's ``synchronous=FULL``) or a
    round trip (PostgreSQL), so tables that act at the same time share it. A group that fails is
    written again one action at a time, so that one bad write refuses only its own action.
    """

    GROUP = 256
    """The most actions in one commit."""

    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.tables: dict[str, TableHost] = {}
        self.pending: list[tuple[Appended, list[Notice] | None, asyncio.Future[None]]] = []
        self.wake: asyncio.Event | None = None
        self.writer: asyncio.Task[None] | None = None
        # SQLite takes one writer at a time: one database thread keeps them in line
        self.db_pool = concurrent.futures.ThreadPoolExecutor(
            1 if store.sqlite else 8, thread_name_prefix="spieltisch-db"
        )
        self.bot_pool = concurrent.futures.ThreadPoolExecutor(
            settings.bot_threads, thread_name_prefix="spieltisch-bot"
        )
        self.sockets: dict[str, int] = {}  # client address -> websockets open
        self.playing_ids: set[str] = set()  # the tables in play
        self.made_by: dict[str, int] = {}  # client address -> its tables in play
        self.games: dict[str, Game] = {}  # the games of the tables, by id and options
        self.sweeper: asyncio.Task[None] | None = None
        self.freezer: asyncio.Task[None] | None = None
        self.again_lock = asyncio.Lock()  # one "play again" at a time: each table's once
        # several processes on one PostgreSQL (Settings.cluster): the leases and the notices
        # between them; None where this process plays every table
        self.cluster: Any = None

    @property
    def cluster_id(self) -> str | None:
        """This process's id among the cluster's (None: alone)."""
        return None if self.cluster is None else self.cluster.me

    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` on a database thread. A database that fails (a full disk, a lost
        connection, a read-only file) raises ``Unavailable`` with one line of reason, which
        the app answers with 503: the caller changed nothing and may try again."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self.db_pool, partial(fn, *args))
        except (SQLAlchemyError, OSError) as err:
            why = database_failure(err)
            log.error("database: %s failed: %s", getattr(fn, "__name__", "a call"), why)
            raise Unavailable(
                f"the server could not use its database ({why}); try again later"
            ) from err

    # -- limits per client address ---------------------------------------------------------

    def open_socket(self, address: str) -> bool:
        """Count a websocket of ``address``; False (and not counted) over the limit."""
        n = self.sockets.get(address, 0)
        if n >= self.settings.sockets_per_address:
            return False
        self.sockets[address] = n + 1
        return True

    def close_socket(self, address: str) -> None:
        n = self.sockets.get(address, 0) - 1
        if n > 0:
            self.sockets[address] = n
        else:
            self.sockets.pop(address, None)

    def _check_quota(self, address: str | None) -> None:
        if address is None:
            return
        limit = self.settings.tables_per_address
        mine = self.made_by.get(address, 0)
        if mine >= limit:
            ttl = self.settings.unjoined_table_seconds
            expiry = f"; a table nobody joins is removed after {ttl:g} s" if ttl > 0 else ""
            raise TooManyTables(
                f"this address has {mine} tables in play, as many as one address may make; "
                f"play or leave one first{expiry}"
            )

    # -- tables nobody joined --------------------------------------------------------------

    async def _sweep(self) -> None:
        """Remove the tables nobody joined (``Settings.unjoined_table_seconds``), for ever
        every fraction of that time."""
        ttl = self.settings.unjoined_table_seconds
        period = min(30.0, max(0.02, ttl / 4))
        while True:
            await self.expire_unjoined()
            await asyncio.sleep(period)

    async def expire_unjoined(self) -> int:
        """Remove every table where nobody has acted and no seat has been connected for
        ``unjoined_table_seconds``; the number removed."""
        ttl = self.settings.unjoined_table_seconds
        if ttl <= 0:
            return 0
        now = time.time()
        removed = 0
        for table_id, host in list(self.tables.items()):
            if not host.leader:  # its owner sweeps it
                continue
            quiet = host.unjoined_for(now)
            if quiet is None or quiet < ttl:
                continue
            async with host.lock:  # no action half-way through while it goes
                if host.unjoined_for(time.time()) is None:
                    continue
                try:
                    gone = await self.db(self.store.delete_unplayed, table_id)
                except Unavailable:
                    continue  # the next sweep tries again
                if not gone:  # an action was written after all: it stays
                    continue
                host.stop()
                self.out_of_play(host)
                self.tables.pop(table_id, None)
                removed += 1
                await host._tell({"k": "gone"})  # the processes that follow it let it go
        if removed:
            log.info("removed %d table(s) nobody joined in %g s", removed, ttl)
        return removed

    async def append(self, item: Appended, notices: list[Notice] | None = None) -> None:
        """Write one action; returns when it is committed (raises when it could not be).
        In a cluster, the commit also sends ``notices`` and the table's step."""
        loop = asyncio.get_running_loop()
        if self.wake is None or self.writer is None or self.writer.done():
            self.wake = asyncio.Event()
            self.writer = loop.create_task(self._write())
        done: asyncio.Future[None] = loop.create_future()
        if self.cluster is not None:
            notices = [*(notices or ()), self.cluster.step(item)]
        self.pending.append((item, notices, done))
        self.wake.set()
        await done

    def _commit(self, group: list[tuple[Appended, list[Notice] | None, Any]]) -> Any:
        """The store's call that writes ``group`` (with its notices, in a cluster)."""
        items = [item for item, _, _ in group]
        if self.cluster is None:
            return partial(self.store.append_actions, items)
        notices = [n for _, ns, _ in group for n in ns or ()]
        return partial(self.store.append_actions, items, notices)

    async def _write(self) -> None:
        assert self.wake is not None
        while True:
            await self.wake.wait()
            self.wake.clear()
            while self.pending:
                group, self.pending = self.pending[: self.GROUP], self.pending[self.GROUP :]
                try:
                    await self.db(self._commit(group))
                except Exception:
                    if len(group) == 1:
                        _settle(group[0][2], sys.exc_info()[1])
                        continue
                    for one in group:
                        try:
                            await self.db(self._commit([one]))
                        except Exception as err:
                            _settle(one[2], err)
                        else:
                            _settle(one[2], None)
                    continue
                for _, _, done in group:
                    _settle(done, None)

    async def start(self) -> None:
        """Load every unfinished table, replay its record, and let it go on (in a cluster:
        those nobody owns, and later the ones whose owner dies)."""
        if self.cluster is not None:
            await self.cluster.start()
            self._start_chores()
            return
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
            self.in_play(host)
            host.schedule()
        log.info("resumed %d table(s)", len(self.tables))
        self._start_chores()

    def _start_chores(self) -> None:
        if self.settings.unjoined_table_seconds > 0:
            self.sweeper = asyncio.get_running_loop().create_task(self._sweep())
        if self.settings.gc_freeze_seconds > 0:
            self.freezer = asyncio.get_running_loop().create_task(self._freeze())

    async def _freeze(self) -> None:
        """Keep the long-lived objects (tables, states, records) out of the collector's full
        collections, whose time grows with them: what is alive now is frozen every
        ``gc_freeze_seconds``; every ``gc_full_seconds`` all is collected once and frozen
        again. Young garbage is collected as always."""
        every, full = self.settings.gc_freeze_seconds, self.settings.gc_full_seconds
        last_full = time.monotonic()
        try:
            while True:
                await asyncio.sleep(every)
                if full > 0 and time.monotonic() - last_full >= full:
                    gc.unfreeze()
                    gc.collect()
                    last_full = time.monotonic()
                gc.freeze()
        finally:
            gc.unfreeze()

    async def stop(self) -> None:
        if self.cluster is not None:  # its leases given up: others take its tables at once
            await self.cluster.stop()
        for task in (self.sweeper, self.freezer):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        for host in self.tables.values():
            host.stop()
        for _ in range(100):  # the writes under way are finished, not dropped
            if not self.pending:
                break
            await asyncio.sleep(0.05)
        if self.writer is not None:
            self.writer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.writer
        self.bot_pool.shutdown(wait=False, cancel_futures=True)
        self.db_pool.shutdown(wait=True)
        self.store.close()

    def game(self, game_id: str, options: Mapping[str, Any]) -> Game:
        """The game ``game_id`` with ``options``, one object for every table that plays it:
        a game is its rules and their tables (mancala's actions by identity...), the same for
        each table, and building it was a tenth of a table's creation in the profile. The
        ``GAMES_KEPT`` used last are kept (a client chooses options: no unbounded cache)."""
        key = f"{game_id} {json.dumps(options, sort_keys=True, default=str)}"
        game = self.games.pop(key, None)
        if game is None:
            game = load_game(game_id, **options)
        self.games[key] = game  # the most recent last
        if len(self.games) > GAMES_KEPT:
            del self.games[next(iter(self.games))]
        return game

    def _host(self, row: TableRow) -> TableHost:
        record = row.record()
        state = record.replay(self.game(record.game, record.options))
        record.seats = [s.kind if not s.left else "left" for s in row.seats]
        return TableHost(self, row, state, record)

    def live(self, table_id: str) -> TableHost | None:
        return self.tables.get(table_id)

    async def find(self, table_id: str) -> TableHost | None:
        """A live table, or a finished one read back from the database (not kept)."""
        host = self.tables.get(table_id)
        if host is not None:
            host.touched = time.monotonic()
            return host
        if len(table_id) > 64:
            return None
        row = await self.db(self.store.load, table_id)
        if row is None or row.status == BROKEN:
            return None
        if self.cluster is not None and row.status == PLAYING:  # owned here or followed
            return await self.cluster.join(row)
        host = self._host(row)
        host.status = row.status
        return host

    def playing(self) -> int:
        return len(self.playing_ids)

    def in_play(self, host: TableHost) -> None:
        """Count a table in play, for ``max_tables`` and its maker's ``tables_per_address``
        (kept as counts: a scan of every table at each creation grew with the lobby)."""
        if host.id not in self.playing_ids:
            self.playing_ids.add(host.id)
            if host.creator is not None:
                self.made_by[host.creator] = self.made_by.get(host.creator, 0) + 1

    def out_of_play(self, host: TableHost) -> None:
        """A table ended or went: it no longer counts."""
        if host.id in self.playing_ids:
            self.playing_ids.discard(host.id)
            if host.creator is not None:
                left = self.made_by.get(host.creator, 0) - 1
                if left > 0:
                    self.made_by[host.creator] = left
                else:
                    self.made_by.pop(host.creator, None)

    def _evict(self) -> None:
        """Forget finished tables nobody watches (``find`` reads them back when asked)."""
        if len(self.tables) <= self.settings.max_tables:
            return
        for table_id, host in list(self.tables.items()):
            gone = host.finished and not host.conns
            if self.cluster is not None:  # a followed table too, once nobody watches it
                gone = (host.finished or not host.leader) and host.unwatched()
            if gone:
                del self.tables[table_id]

    async def create(
        self,
        game_id: str,
        seat_kinds: list[str],
        options: Mapping[str, Any],
        takeover: str | None,
        timing: TableTiming | None = None,
        creator: str | None = None,
    ) -> tuple[TableHost, dict[int, str]]:
        """A new table; the tokens of its human seats (given out once, stored as hashes).
        ``creator`` is the client's address, counted against ``tables_per_address``."""
        game = self.game(game_id, check_server_options(game_id, options))
        n = game.check_players(len(seat_kinds))
        for spec in [*seat_kinds, *([takeover] if takeover else [])]:
            if spec != "human":
                check_bot_name(spec)
                make_bot(spec, game)
        timing = timing or TableTiming()
        self._evict()
        if self.playing() >= self.settings.max_tables:
            raise ServerFull(
                f"the server has {self.settings.max_tables} tables in play, as many as it "
                "takes; try again when a game has ended"
            )
        self._check_quota(creator)
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
            timing=timing.to_json(),
        )
        record = row.record()
        state = game.new_state(n, seed)
        host = TableHost(self, row, state, record)
        host.creator = creator
        await self.db(self.store.create_table, row)
        self.tables[table_id] = host
        self.in_play(host)
        host.schedule()
        return host, tokens

    async def again(self, old: TableHost, seat: int, creator: str | None) -> TableHost:
        """After the end, "play again": a new table of the finished ``old`` one's game,
        options, timing and seats, made once (a second call gets the same). Each person's seat
        there opens with the token of their seat here (its hash is copied: no new secret to
        hand out) and keeps its name; a seat left empty gets the takeover bot, else the game's
        strongest."""
        async with self.again_lock:
            if old.row.next is not None:
                found = await self.find(old.row.next)
                if found is not None:
                    return found
            game = load_game(old.row.game, **old.row.options)
            standin = old.takeover or strongest_bot(game)
            kinds = [standin if s.left else s.kind for s in old.seats]
            host, _ = await self.create(
                old.row.game,
                kinds,
                old.row.options,
                old.takeover,
                old.timing,
                creator=creator,
            )
            for s in old.seats:
                if s.human and not s.left:
                    new = SeatRow(s.seat, "human", s.token_hash, name=s.name)
                    await self.db(self.store.set_seat, host.id, new)
                    host.seats[s.seat] = new
            if not await self.db(self.store.set_next, old.id, host.id):
                # another process made it first: that one it is, this one goes
                await self.db(self.store.delete_unplayed, host.id)
                host.stop()
                self.out_of_play(host)
                self.tables.pop(host.id, None)
                row = await self.db(self.store.load, old.id, False)
                found = await self.find(row.next) if row is not None and row.next else None
                if found is None:
                    raise Unavailable("the table to play again at is gone; try again")
                return found
            old.heard_again(host.id, seat)
            await old._tell({"k": "again", "next": host.id, "by": seat, "p": self.cluster_id})
            return host


def _settle(done: asyncio.Future[None], error: BaseException | None) -> None:
    if done.done():  # its action's task was cancelled (the server stops)
        return
    if error is None:
        done.set_result(None)
    else:
        done.set_exception(error)


def check_bot_name(spec: str) -> None:
    if ":" in spec or not spec.strip():
        raise OptionError(f"a seat is 'human' or a bot's name without arguments, not {spec!r}")


def check_server_options(game_id: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """The options as given, minus what a server must not take from a client: options that
    name a file (the games' card and deck files) would read files on the server's disk."""
    from ..registry import game_class

    declared = {o.name: o for o in game_class(game_id).OPTIONS}
    for name, value in options.items():
        opt = declared.get(name)
        if opt is not None and opt.path and value not in ("", opt.default):
            raise OptionError(
                f"option {name!r} names a file on the server's disk; the server plays the "
                f"built-in data only"
            )
    return dict(options)
