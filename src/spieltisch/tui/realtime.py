"""A real-time game at one screen: people type at any moment, bots act on their own reaction
times, the referee closes windows when their time is up.

For games where several players may act at once and speed matters (Bodensee Mau-Mau: 3s out of
turn, slaps, words before the next turn action, throw-ins). Time is the wall clock here, and only
here: the engine stays clock-free, and this host turns time into the order of actions.

A *moment* begins at the start and after every action applied. At each moment every bot among the
actors is asked, as the simulator's scheduler asks it (``spieltisch.bots.scheduler``), how long
it needs (``reaction_time``) and what it would do (``act``); its action is due that many seconds
after the moment began. The referee's window (``state.window_seconds()``) runs from the first
moment the referee could act. The earliest due action happens unless a person types first; then
a new moment begins and everyone is asked again.

A person at the screen owes a word (the UI's ``owes``): bots' turn actions (the UI's
``turn_action``) are held back until ``grace`` seconds after the word became due, so a person
can still say it before a bot's turn makes it too late. The grace is the host's setting
(``rules/maumau.md``, "Hosts"), not a rule.

The clock, the sleep and the input are injected (``clock``, ``sleep``, ``lines``): the terminal
reads stdin on a thread and uses ``time.monotonic``; tests use ``FakeTime`` and
``ScriptedLines`` and run instantly and deterministically.

The game's UI module (``tui/<game>.py``) gives ``render(view, console, names, legal=...,
slap_left=...)``, ``parse``, ``describe_event``, ``HELP``, and optionally ``owes`` and
``turn_action`` for the grace; ``REALTIME = True`` there sends ``spieltisch play`` here.
"""

from __future__ import annotations

import json
import math
import queue
import re
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Protocol

from rich.console import Console
from rich.pretty import Pretty

from ..bots import Decision
from ..core import REFEREE, Action, Event, Game, IllegalAction, Player, State
from .play import Quit, ScreenTable, help_text
from .words import speaking, tr

GRACE = 0.8
"""Seconds a bot's turn action waits after a person's word became due (the host's setting)."""


class LineSource(Protocol):
    def get(self, timeout: float | None) -> tuple[float, str] | None:
        """The next line typed and the time it arrived, waiting at most ``timeout`` seconds
        (None: as long as it takes); None if no line came. Raises EOFError when input ends."""


class StdinLines:
    """Lines from standard input, read on a thread so that the host wakes on input or on the
    next bot's time, whichever comes first; each line carries the time it arrived."""

    def __init__(
        self, clock: Callable[[], float] = time.monotonic, read: Callable[[], str] = input
    ) -> None:
        self.clock = clock
        self.read = read
        self.queue: queue.Queue[tuple[float, str] | None] = queue.Queue()
        self.thread: threading.Thread | None = None

    def _reader(self) -> None:
        while True:
            try:
                line = self.read()
            except (EOFError, OSError, ValueError):
                self.queue.put(None)
                return
            self.queue.put((self.clock(), line))

    def get(self, timeout: float | None) -> tuple[float, str] | None:
        if self.thread is None:
            self.thread = threading.Thread(target=self._reader, name="stdin", daemon=True)
            self.thread.start()
        try:
            item = self.queue.get(timeout=timeout)
        except queue.Empty:
            return None
        if item is None:
            self.queue.put(None)  # the end stays the end
            raise EOFError
        return item


class FakeTime:
    """A clock that moves only when someone waits on it."""

    def __init__(self, start: float = 0.0) -> None:
        self.t = start

    def now(self) -> float:
        return self.t

    def sleep(self, seconds: float) -> None:
        self.t += max(0.0, seconds)


class ScriptedLines:
    """Lines typed at given times (seconds on a ``FakeTime``); the input ends after the last."""

    def __init__(self, fake: FakeTime, lines: Iterable[tuple[float, str]]) -> None:
        self.time = fake
        self.lines = deque(sorted(lines, key=lambda tl: tl[0]))

    def get(self, timeout: float | None) -> tuple[float, str] | None:
        if not self.lines:
            if timeout is None:
                raise EOFError
            self.time.sleep(timeout)
            return None
        at, text = self.lines[0]
        if timeout is not None and at > self.time.t + timeout:
            self.time.sleep(timeout)
            return None
        self.lines.popleft()
        self.time.t = max(self.time.t, at)
        return self.time.t, text


@dataclass
class Plan:
    """An action that happens at ``at`` unless something else happens first."""

    at: float
    player: Player
    action: Action


class RealtimeGame(ScreenTable):
    """People and bots at one screen, in real time. ``run()`` plays to the end (or until the
    person quits or the input ends) and returns the state; ``record`` holds every action."""

    def __init__(
        self,
        game: Game,
        seats: list[str],
        seed: int,
        console: Console,
        *,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
        lines: LineSource | None = None,
        grace: float = GRACE,
        lang: str = "en",
    ) -> None:
        super().__init__(game, seats, seed, console, lang)
        self.before: dict | None = None  # the viewer's view before the last action
        self.clock = clock
        self.sleep = sleep
        self.lines: LineSource = lines if lines is not None else StdinLines(clock)
        self.grace = grace
        self.humans = [p for p, b in enumerate(self.bots) if b is None]
        self.moment = 0.0  # when the current moment began
        self.plans: list[Plan] | None = None  # the bots' and referee's, for this moment
        self.window_opened: float | None = None  # the referee's current window
        self.owed_since: dict[int, float] = {}  # a person's words, due since
        self.held: tuple[float, str] | None = None  # a line read but not yet handled
        self.paused_until = -math.inf  # "wait 2": no line is read before then

    # -- the loop ----------------------------------------------------------------------------

    def run(self) -> State:
        with speaking(self.say):  # the screen module speaks this table's language
            return self._run()

    def _run(self) -> State:
        self.moment = self.clock()
        self._track()
        self.show()
        try:
            while not self.state.is_terminal():
                self.step()
        except (Quit, EOFError, KeyboardInterrupt):
            self.console.print("\n" + self.say("tui.unfinished"))
            return self.state
        except Stuck as err:
            self.console.print(f"[red]{err}[/red]")
            return self.state
        result = self.state.result()
        if self.say.lang == "en":  # the scores as a list, as the screen has always shown them
            scores = self.say("tui.scores", str(list(result.scores)))
            self.print_result(result, f"[bold]Game over:[/bold] {result.summary} · {scores}")
        else:
            self.print_result(result, self.end_line(result))
        return self.state

    def step(self) -> None:
        """Wait for a line or the next due action, whichever comes first, and handle it."""
        plan = self.next_plan()
        due = math.inf if plan is None else plan.at
        now = self.clock()
        if self.held is None:
            if now < self.paused_until:
                self.sleep(min(due, self.paused_until) - now)
            else:
                if plan is None and not self.humans:
                    raise Stuck(tr("tui.stuck", str(sorted(self.state.actors()))))
                got = self.lines.get(None if plan is None else max(0.0, due - now))
                # a line that waited behind a 'wait' counts from when reading went on
                self.held = None if got is None else (max(got[0], self.paused_until), got[1])
        if self.held is not None and self.held[0] <= due:
            at, text = self.held
            self.held = None
            self.handle(text, at)
        elif plan is not None and self.clock() >= plan.at:
            self.act(plan.player, plan.action, plan.at)

    def next_plan(self) -> Plan | None:
        """The earliest action due: a bot's (turn actions held back for a person's words) or
        the referee's; on a tie the referee first, then the game's priority."""
        if self.plans is None:
            self.plans = self._plan()
        best: Plan | None = None
        for plan in self.plans:
            at = self._held_back(plan)
            if best is None or at < best.at:
                best = Plan(at, plan.player, plan.action)
        return best

    def _plan(self) -> list[Plan]:
        state = self.state
        plans: list[Plan] = []
        if REFEREE in state.actors():
            if self.window_opened is None:
                self.window_opened = self.moment
            legal = state.legal_actions(REFEREE)
            window = state.window_seconds()
            if legal and window is not None:
                plans.append(Plan(self.window_opened + window, REFEREE, legal[0]))
        else:
            self.window_opened = None
        for p in state.priority():
            bot = self.bots[p] if 0 <= p < len(self.bots) else None
            if bot is None:
                continue
            decision = Decision.at(state, p, self.rngs[p])
            if not decision.legal:
                continue
            delay = max(0.0, float(bot.reaction_time(decision)))
            action = bot.act(decision)
            if action is not None:
                plans.append(Plan(self.moment + delay, p, Action.of(action)))
        if not plans and state.actors() == {REFEREE}:
            # nobody else can act: the referee closes the window now rather than never
            legal = state.legal_actions(REFEREE)
            if legal:
                plans.append(Plan(self.moment, REFEREE, legal[0]))
        return plans

    def _held_back(self, plan: Plan) -> float:
        turn_action = getattr(self.ui, "turn_action", None)
        if plan.player == REFEREE or not self.owed_since or turn_action is None:
            return plan.at
        at = plan.at
        for p, since in self.owed_since.items():
            if p != plan.player and turn_action(plan.action, self.state.view(p)):
                at = max(at, since + self.grace)
        return at

    def _track(self) -> None:
        """Since when each person owes a word (for the grace)."""
        owes = getattr(self.ui, "owes", None)
        if owes is None:
            return
        for p in self.humans:
            if self.state.is_terminal() or not owes(self.state.view(p)):
                self.owed_since.pop(p, None)
            else:
                self.owed_since.setdefault(p, self.moment)

    # -- acting --------------------------------------------------------------------------------

    def act(self, player: Player, action: Action, at: float) -> bool:
        """Apply ``action`` at time ``at``; a refusal is shown and changes nothing."""
        self.before = self.state.view(self.viewer())
        try:
            events = self.state.apply(player, action)
        except IllegalAction as err:
            if player in self.humans:
                self.console.print(f"[red]{self.say('tui.notallowed')}[/red] {self.reason(err)}")
            else:  # a bot's mistake must not stop the table: it lets this moment pass
                who = tr("referee") if player == REFEREE else self.names[player]
                self.console.print(
                    f"[red]{tr('tui.tried', who, str(action), self.reason(err))}[/red]"
                )
                self.plans = [pl for pl in self.plans or [] if pl.player != player]
            return False
        self.record.add(player, action)
        self.moment = max(at, self.moment)
        self.plans = None
        if player == REFEREE:
            self.window_opened = None  # the window it closed is over
        self._track()
        self.show(events)
        return True

    def handle(self, text: str, at: float) -> None:
        """One line a person typed."""
        line = text.strip()
        low = line.lower()
        if low in ("q", "quit", "exit"):
            raise Quit
        if low.startswith("wait"):
            secs = low[4:].strip() or "1"
            try:
                self.paused_until = max(at, self.clock()) + float(secs)
            except ValueError:
                self.console.print(f"[red]{tr('tui.waithow')}[/red]")
            return
        player, line = self._who(line)
        if player is None:
            self.console.print(f"[red]{line}[/red]")
            return
        low = line.lower()
        if low in ("?", "h", "help"):
            self.console.print(self._help(player))
            return
        if low == "rules":
            self.console.print(self.rules(), markup=False)
            return
        if not low:
            self.show()
            return
        action = self._parse(line, player)
        if isinstance(action, str):
            self.console.print(f"[red]{action}[/red]")
            return
        self.act(player, action, at)

    def _who(self, line: str) -> tuple[int | None, str]:
        """Whose line it is: the one person's, or the seat named first ('p2 7h', '2: 7h'),
        which several people at one screen must name."""
        head, _, rest = line.partition(" ")
        m = re.fullmatch(r"(p)?(\d+)(:)?", head.lower())
        if m and (m.group(1) or m.group(3)) and rest.strip() and int(m.group(2)) in self.humans:
            return int(m.group(2)), rest.strip()
        if len(self.humans) == 1:
            return self.humans[0], line
        if not self.humans:
            return None, tr("tui.onlybots")
        seats = ", ".join(f"p{p}" for p in self.humans)
        return None, tr("tui.severalseats", seats)

    def _parse(self, text: str, player: int) -> Action | str:
        if text.startswith("{"):
            try:
                return Action.of(json.loads(text))
            except (json.JSONDecodeError, TypeError) as err:
                return tr("tui.json.bad", str(err))
        if self.ui is None:
            return tr("tui.help.rt")
        return self.ui.parse(text, self.state.view(player), self.state.legal_actions(player))

    def _help(self, player: int) -> str:
        legal = self.state.legal_actions(player)
        you_may = getattr(self.ui, "you_may", None)
        now = you_may(legal) if you_may is not None else ", ".join(map(str, legal[:40]))
        return f"{help_text(self.ui)}\n" + tr("tui.maynow", self.names[player], now)

    # -- the screen ----------------------------------------------------------------------------

    def viewer(self) -> int | None:
        """Whose eyes the screen is: the one person at it, else a spectator's."""
        return self.humans[0] if len(self.humans) == 1 else None

    def show(self, events: list[Event] | None = None) -> None:
        viewer = self.viewer()
        for text in self.event_lines(events or [], self.before, viewer):
            self.console.print(f"[yellow]{text}[/yellow]", highlight=False)
        self.console.print()
        view = self.state.view(viewer)
        if self.ui is None:
            self.console.print(Pretty(view))
            return
        legal = self.state.legal_actions(viewer) if viewer is not None else None
        self.ui.render(view, self.console, self.names, legal=legal, slap_left=self.slap_left())

    def slap_left(self) -> float | None:
        """Seconds until the referee closes the open window (None: none open)."""
        window = self.state.window_seconds()
        if window is None or self.window_opened is None:
            return window
        return max(0.0, self.window_opened + window - self.clock())


class Stuck(Exception):
    """Nobody can act and the game is not over (only bots play, and none will act)."""


__all__ = ["GRACE", "FakeTime", "RealtimeGame", "ScriptedLines", "StdinLines", "Stuck"]
