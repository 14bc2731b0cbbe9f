"""A game at one screen: people type, bots answer, with undo against bots."""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from types import ModuleType

from rich.console import Console
from rich.pretty import Pretty

from ..bots import Bot, Decision, make_bot
from ..bots.scheduler import bot_rngs, next_action
from ..core import REFEREE, Action, Event, Game, IllegalAction, Record, Result, State
from ..core.words import Said, Seat
from ..registry import GAMES
from .words import Speaker, speaking, tr

HUMAN = "human"


class Quit(Exception):
    pass


def ui_module(game: Game) -> ModuleType | None:
    pkg = GAMES[game.id][0].rsplit(".", 2)[-2]  # spieltisch.games.<pkg>.rules -> <pkg>
    try:
        return importlib.import_module(f"spieltisch.tui.{pkg}")
    except ModuleNotFoundError:
        return None


def breakdown_lines(say: Speaker, result: Result) -> list[str]:
    """A line per row of ``result.breakdown``: its label and each seat's value in ``say``'s
    language, seats named as ``say`` names them; nothing for a game that gives no breakdown.
    The screens print them under their end line, ``spieltisch replay`` under the result."""
    if not result.breakdown:
        return []
    lines = [say("tui.breakdown")]
    for label, values in result.breakdown:
        shown = " · ".join(f"{say.seat(p)}: {_value(say, v)}" for p, v in enumerate(values))
        lines.append(f"  {say(label)} — {shown}")
    return lines


def _value(say: Speaker, value: object) -> str:
    if isinstance(value, Said):
        return say(value)
    if isinstance(value, Seat):
        return say.seat(value.player)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))  # Mau-Mau's scores are floats of whole players
    return str(value)


class ScreenTable:
    """What every host at one screen holds: the game, its seats (people and bots) with their
    names, the record, the state and each seat's generator."""

    def __init__(
        self, game: Game, seats: list[str], seed: int, console: Console, lang: str = "en"
    ) -> None:
        self.game = game
        self.say = Speaker(game, lang)
        self.seats = seats
        self.console = console
        self.ui = ui_module(game)
        # a game that says its own actions and events (words.py beside its rules) is said in
        # the player's language; one that does not yet keeps its screen module's English, and
        # so does a screen whose English log is its own (OWN_LOG: Mau-Mau's real-time screen
        # logs cards as they are typed, "10h")
        own_log = lang == "en" and getattr(self.ui, "OWN_LOG", False)
        self.speaks = type(game).said_event is not Game.said_event and not own_log
        self.bots: list[Bot | None] = [None if s == HUMAN else make_bot(s, game) for s in seats]
        self.names = [
            f"{self.say.seat(p)} ({self.say('tui.you') if s == HUMAN else s})"
            for p, s in enumerate(seats)
        ]
        self.record = Record(game.id, dict(game.options), seed, len(seats), list(seats))
        self.state: State = game.new_state(len(seats), seed)
        self.rngs = bot_rngs(seed, len(seats))

    def end_line(self, result: Result) -> str:
        """The last line: who won, and the scores. In English the game's own summary; in
        another language the winners by their ranks, named as the screen names seats."""
        if self.say.lang == "en" and result.summary:
            summary = result.summary
        else:
            winners = [self.say.seat(p) for p in result.winners]
            summary = self.say("tui.wins" if len(winners) == 1 else "tui.share", winners)
        scores = self.say("tui.scores", ", ".join(map(str, result.scores)))
        return f"[bold]{self.say('tui.gameover')}[/bold] {summary} · {scores}"

    def breakdown_lines(self, result: Result) -> list[str]:
        """The sheet's scoring under the end line (issue #15's result screen)."""
        return breakdown_lines(self.say, result)

    def print_result(self, result: Result, end_line: str) -> None:
        """The end line, then the breakdown rows."""
        self.console.print(end_line)
        for line in self.breakdown_lines(result):
            self.console.print(line, markup=False, highlight=False)

    def rules(self) -> str:
        """The rules text: the game's German words where its catalog has them."""
        return self.say.own(f"rules.{self.game.id}") or type(self.game).RULES

    def reason(self, err: IllegalAction) -> str:
        """Why an action was refused, in the player's language where the rule names its key."""
        return self.say(err.said) if err.said is not None else str(err)

    def event_lines(
        self, events: list[Event], before: dict | None, viewer: int | None
    ) -> list[str]:
        """The log lines ``viewer`` reads of ``events``; ``before``: their view before."""
        shown = [e.to_json() for e in events if e.visible_for(viewer)]  # hidden cards stay so
        if self.speaks:
            said = (self.game.said_event(e, before) for e in shown)
            return [self.say(s) for s in said if s is not None]
        if self.ui is None or not hasattr(self.ui, "describe_event"):
            return []
        return [t for t in (self.ui.describe_event(e, viewer) for e in shown) if t]


def help_text(ui: ModuleType | None) -> str:
    """A screen's help in the screen's language: its ``tui.<module>.help`` words."""
    if ui is None:
        return tr("tui.help.json")
    parts = (*getattr(ui, "HELP_FROM", ()), ui.__name__.rsplit(".", 1)[-1])
    return "\n".join(tr(f"tui.{part}.help") for part in parts)


class TerminalGame(ScreenTable):
    def __init__(
        self,
        game: Game,
        seats: list[str],
        seed: int,
        console: Console,
        ask: Callable[[str], str] | None = None,
        lang: str = "en",
    ) -> None:
        super().__init__(game, seats, seed, console, lang)
        self.ask = ask or console.input
        self.bots_had_their_chance = False
        self.let_pass: dict[int, str] = {}  # a person's "not now", per moment the UI names

    # -- the loop ---------------------------------------------------------------------------

    def run(self) -> State:
        with speaking(self.say):  # the screen modules speak this table's language
            return self._run()

    def _run(self) -> State:
        try:
            while not self.state.is_terminal():
                humans = [p for p in sorted(self.state.waiting_for()) if not self.bots[p]]
                humans += [p for p in self._chances() if p not in humans]
                if humans:
                    # before a person is asked, each bot has one chance to act (answer an
                    # offer, harvest): bounded, so the person is asked even if bots never rest
                    if not self.bots_had_their_chance:
                        self.bots_had_their_chance = True
                        if self.bot_round():
                            continue  # things changed: look again whom the game waits for
                    self.render(humans[0])
                    self.human_turn(humans[0])
                    self.bots_had_their_chance = False
                else:
                    self.bot_turn()
        except (Quit, EOFError, KeyboardInterrupt):
            self.console.print("\n" + self.say("tui.unfinished"))
            return self.state
        self.render(None)
        result = self.state.result()
        self.print_result(result, self.end_line(result))
        return self.state

    def render(self, player: int | None) -> None:
        view = self.state.view(player)
        self.console.print()
        if self.ui is not None and getattr(self.ui, "SPEAKS", False):
            self.ui.render(view, self.console, self.names, say=self.say)
        elif self.ui is not None:
            self.ui.render(view, self.console, self.names)
        else:
            self.console.print(Pretty(view))

    def _chances(self) -> list[int]:
        """People the game does not wait for who may want to act now (the UI names the moment,
        e.g. another player's trading); each is asked once per moment, and Enter lets it pass."""
        chance = getattr(self.ui, "chance", None)
        if chance is None:
            return []
        actors = self.state.actors()
        out = []
        for p, bot in enumerate(self.bots):
            if bot is None and p in actors:
                moment = chance(self.state.view(p))
                if moment is not None and self.let_pass.get(p) != moment:
                    out.append(p)
        return out

    def human_turn(self, player: int) -> None:
        legal = self.state.legal_actions(player)
        while True:
            text = self.ask(f"{self.names[player]} > ").strip()
            low = text.lower()
            if low in ("q", "quit", "exit"):
                raise Quit
            if low in ("?", "h", "help"):
                self.console.print(self._help(legal))
                continue
            if low == "rules":
                self.console.print(self.rules())
                continue
            if low in ("", "wait", "pass") and hasattr(self.ui, "chance"):
                moment = self.ui.chance(self.state.view(player))
                if moment is not None:
                    self.let_pass[player] = moment
                return  # the others act now; the person is asked again when needed
            if low in ("u", "undo"):
                if self.undo(player):
                    return
                continue
            action = self._parse(text, player, legal)
            if isinstance(action, str):
                self.console.print(f"[red]{action}[/red]")
                continue
            before = self.state.view(self.viewer())
            try:
                events = self.state.apply(player, action)
            except IllegalAction as err:
                self.console.print(f"[red]{self.say('tui.notallowed')}[/red] {self.reason(err)}")
                continue
            self.record.add(player, action)
            self._show_events(events, before)
            return

    def bot_round(self) -> bool:
        """Every bot among the actors may act once; whether any did. Bounded, so a person is
        asked again even when bots always find something to do."""
        acted = False
        for p in sorted(self.state.actors()):
            bot = self.bots[p] if p >= 0 else None
            if bot is None or p not in self.state.actors() or self.state.is_terminal():
                continue
            decision = Decision.at(self.state, p, self.rngs[p])
            action = bot.act(decision) if decision.legal else None
            if action is not None:
                self._apply_bot(p, action)
                acted = True
        return acted

    def bot_turn(self) -> None:
        bots = [b for b in self.bots]
        for p, b in enumerate(bots):
            if b is None:  # a person the game does not wait for lets this moment pass
                bots[p] = _Idle()
        player, action, _ = next_action(self.state, bots, self.rngs)  # type: ignore[arg-type]
        self._apply_bot(player, action)

    def _apply_bot(self, player: int, action: Action) -> None:
        before = self.state.view(self.viewer())
        events = self.state.apply(player, action)
        self.record.add(player, action)
        if not self.speaks and (self.ui is None or not hasattr(self.ui, "describe_event")):
            who = tr("referee") if player == REFEREE else self.names[player]
            self.console.print(f"[bold]{who}[/bold] {self._describe(action)}")
        self._show_events(events, before)

    def undo(self, player: int) -> bool:
        """Take back ``player``'s last action and everything after it (bots only after it)."""
        if any(b is None for p, b in enumerate(self.bots) if p != player):
            self.console.print(f"[red]{tr('tui.undo.bots')}[/red]")
            return False
        mine = [i for i, (p, _) in enumerate(self.record.actions) if p == player]
        if not mine:
            self.console.print(f"[red]{tr('tui.undo.none')}[/red]")
            return False
        self.record.actions = self.record.actions[: mine[-1]]
        self.state = self.record.replay(self.game)
        self.console.print(tr("tui.undo.done"))
        return True

    # -- helpers ------------------------------------------------------------------------------

    def _parse(self, text: str, player: int, legal: list[Action]) -> Action | str:
        if text.startswith("{"):
            try:
                return Action.of(json.loads(text))
            except (json.JSONDecodeError, TypeError) as err:
                return tr("tui.json.bad", str(err))
        if text.isdigit() and self.ui is None:
            k = int(text)
            return legal[k] if 0 <= k < len(legal) else tr("tui.choose", len(legal) - 1)
        if self.ui is not None:
            return self.ui.parse(text, self.state.view(player), legal)
        return tr("tui.json.choose")

    def _help(self, legal: list[Action]) -> str:
        lines = [help_text(self.ui)]
        view = self.state.view(self.viewer())
        listed = ", ".join(self._describe(a, view) for a in legal[:40])
        lines.append(self.say("tui.legal", listed))
        return "\n".join(lines)

    def _describe(self, action: Action, view: dict | None = None) -> str:
        """An action as the help lists it: in English as the screen module reads it back where
        it has one (what a person types), else (and in another language) in the game's words."""
        english = self.say.lang == "en"
        if english and self.ui is not None and hasattr(self.ui, "describe"):
            return self.ui.describe(action)
        if type(self.game).said_action is not Game.said_action:
            return self.say(self.game.said_action(view, action))
        return str(action)

    def viewer(self) -> int | None:
        """Whose eyes the screen is: the one person at it, or nobody in particular (a
        spectator's share of the information) when several people share it."""
        humans = [p for p, b in enumerate(self.bots) if b is None]
        return humans[0] if len(humans) == 1 else None

    def _show_events(self, events: list[Event], before: dict | None = None) -> None:
        """The log lines of ``events``; ``before`` is the viewer's view before the action."""
        for text in self.event_lines(events, before, self.viewer()):
            self.console.print(f"[yellow]{text}[/yellow]")


class _Idle(Bot):
    def act(self, decision: Decision) -> Action | None:
        return None
