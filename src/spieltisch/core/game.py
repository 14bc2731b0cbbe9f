"""The core contract every game implements (see DESIGN.md, "Core contract").

A ``Game`` is a rule set with its options fixed; a ``State`` is the whole truth of one table,
hidden cards included. Everything outside ``games/`` (CLI, simulator, bots, server) talks to a
game only through these two classes, so a new game is one package and one registry line.

Who may act is a *set*: several players at once (a slap, a trade) and the ``REFEREE``, who
closes windows that end by time. The engine has no clock; a host decides when time is up and
applies the referee's action.
"""

from __future__ import annotations

import copy
import json
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, final

from .actions import Action
from .errors import IllegalAction, OptionError
from .events import Event
from .options import Option, resolve_options
from .rng import Rng
from .words import Said, Seat, Seq, Words

Player = int

REFEREE: Player = -1
"""The actor who closes time-limited windows. A host (server clock, simulator) plays it."""


def player_name(player: Player | None) -> str:
    if player is None:
        return "spectator"
    return "referee" if player == REFEREE else f"player {player}"


def check_seat(player: Any) -> None:
    """Refuse a player that is not a seat number (a float, a string, a bool, None, a list): a
    ``1.0`` equals seat 1 in every set and dict of seats, so it would pass as that seat and fail
    half-way through an action, after the state had changed."""
    if type(player) is not int:
        text = repr(player)[:40]
        raise IllegalAction(
            f"{text} is not a seat: a player is a whole number", key="core.noseat", args=(text,)
        )


def _seat(player: Player) -> Seat | Said:
    """A player as a reason's argument (the referee by name)."""
    return Seat(player) if player >= 0 else Said("referee")


@dataclass(frozen=True)
class Result:
    """The end of a game as the sheet scores it.

    ``scores`` are the sheet's points (beans, cards...), ``ranks`` 1 for the best, equal ranks
    for a shared place. ``returns`` turns ranks into zero-sum payoffs for learning agents.

    ``breakdown`` says how the sheet arrived at the scores, so that a result screen can show
    more than a number (issue #15: "each game's own scoring breakdown"): rows in order, each a
    label (a :class:`Said` of the game's words) and one value per seat, a number where a number
    says it (coins, cards on the pile) or a :class:`Said` where it does not (a tie-break, how a
    player went out). Each game's ``result()`` fills it from its own sheet and its test checks
    that the rows explain ``scores``; a game with nothing to break down leaves it empty. It is
    tuples of hashable parts, so a Result stays hashable and picklable as before.
    """

    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    summary: str = ""
    breakdown: tuple[tuple[Said, tuple[Any, ...]], ...] = ()

    @property
    def winners(self) -> tuple[Player, ...]:
        return tuple(p for p, r in enumerate(self.ranks) if r == 1)

    @property
    def is_draw(self) -> bool:
        return len(self.winners) == len(self.ranks)

    @property
    def returns(self) -> tuple[float, ...]:
        n = len(self.ranks)
        if n == 1:
            return (1.0 if self.ranks[0] == 1 else -1.0,)
        # each pair of players is a duel won by the better rank: zero-sum, in [-1, 1]
        return tuple(sum((r < s) - (r > s) for s in self.ranks) / (n - 1) for r in self.ranks)

    def to_json(self) -> dict[str, Any]:
        """JSON for hosts and records. ``breakdown`` is ``[{"label": Said JSON, "values":
        [number or Said JSON per seat]}]``: the browser's result screen reads exactly this."""
        return {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "summary": self.summary,
            "breakdown": [
                {"label": label.to_json(), "values": [_value_json(v) for v in values]}
                for label, values in self.breakdown
            ],
        }


def _value_json(value: Any) -> Any:
    """A breakdown value: a number as it is, a sentence (or seat) as its JSON."""
    return value.to_json() if hasattr(value, "to_json") else value


class Game(ABC):
    """A rule set with fixed options. Subclasses declare ``OPTIONS`` and make states."""

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    OPTIONS: ClassVar[tuple[Option, ...]] = ()
    PRESETS: ClassVar[Mapping[str, Mapping[str, Any]]] = {}
    RULES: ClassVar[str] = ""
    """The rules in short, for ``spieltisch rules``."""

    def __init__(self, **options: Any) -> None:
        self.options: dict[str, Any] = resolve_options(self.OPTIONS, options, self.PRESETS)

    @property
    def default_players(self) -> int:
        return self.min_players

    def reconstructed(self) -> list[str]:
        """What this game's data (as loaded) reconstructs instead of taking it from a rule
        sheet, one line per group, for ``spieltisch rules``; empty where nothing is."""
        return []

    def kernel(self) -> Any | None:
        """This game's compiled fast path for whole random games, where it has one (mancala
        and Kalah: ``games/mancala/kernel.py``); None where it has none. A host that wants
        bare playout speed (``spieltisch bench``, ``spieltisch simulate`` with random bots,
        a search bot's rollouts) asks the game for it instead of importing the game's modules.
        Its shape is the game's own; the mancala kernel's ``playouts(seeds)`` returns arrays
        of actions, scores and ranks per game."""
        return None

    def words(self) -> Words:
        """This game's words in German and English (``core/words.py``): by default the
        ``words.toml`` beside the game's rules module; a game whose words build on another's
        (the bean games on Bohnanza's) overrides this to name its parents."""
        package = type(self).__module__.rpartition(".")[0]
        try:
            return Words.load(package)
        except (FileNotFoundError, ModuleNotFoundError, TypeError, ValueError):
            return Words({})  # a game with no words of its own (a test's toy game)

    def said_action(self, view: Mapping[str, Any] | None, action: Action) -> Said:
        """An action in words, as the game's log says it: the label of a button, of a replay
        step, of the terminal's echo. ``view`` is the position before the action as the
        reader sees it (the actor's view where the actor reads). By default its JSON."""
        return Said("action.json", json.dumps(action.to_json(), sort_keys=True))

    def said_event(self, event: Mapping[str, Any], view: Mapping[str, Any] | None) -> Said | None:
        """An event (its JSON) as a line of the game's log, or None for an event the log does
        not show. ``view`` is the position before the action that made the event, as the
        reader sees it."""
        return None

    def check_players(self, players: int | None) -> int:
        n = self.default_players if players is None else players
        if not isinstance(n, int) or not self.min_players <= n <= self.max_players:
            span = (
                str(self.min_players)
                if self.min_players == self.max_players
                else f"{self.min_players} to {self.max_players}"
            )
            raise OptionError(f"{self.title} is played by {span} players, not {players}")
        return n

    @abstractmethod
    def new_state(self, players: int | None = None, seed: int = 0) -> State: ...

    @abstractmethod
    def from_json(self, data: Mapping[str, Any]) -> State: ...

    def non_default_options(self) -> dict[str, Any]:
        defaults = resolve_options(self.OPTIONS, {})
        return {k: v for k, v in self.options.items() if defaults.get(k) != v}

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.non_default_options().items())
        return f"load_game({self.id!r}{', ' if opts else ''}{opts})"


class State(ABC):
    """One table's whole truth. Deterministic: all chance comes from ``self.rng``."""

    game: Game
    num_players: int

    # -- who acts, and what they may do -------------------------------------------------------

    @abstractmethod
    def actors(self) -> frozenset[Player]:
        """Everyone who may act now (may hold several players and ``REFEREE``)."""

    def waiting_for(self) -> frozenset[Player]:
        """The players the game cannot go on without (the one on turn, one who must plant or
        answer). Others among ``actors`` may act but need not: a host at one screen asks a
        person when the game waits for them, and lets the others' chances pass."""
        return frozenset(p for p in self.actors() if p != REFEREE)

    @abstractmethod
    def legal_actions(self, player: Player) -> list[Action]:
        """Every action ``player`` may take now; empty when they may not act."""

    # The two ways in for an action from outside. Both are final: every seat a host, a bot or a
    # test hands in passes the one check below before any game code reads it (a ``1.0`` equals
    # seat 1 in every set and dict of seats, so a game's fast path would take it as that seat
    # and fail half-way through). A game speeds up or widens its checks in ``_accept`` and
    # ``_check``, which see only whole numbers.

    @final
    def apply(self, player: Player, action: Action | Mapping[str, Any]) -> list[Event]:
        """Validate, then carry out. An illegal action raises and changes nothing."""
        if type(player) is not int:
            check_seat(player)
        return self._accept(player, action)

    @final
    def validate(self, player: Player, action: Action) -> None:
        """Raise ``IllegalAction`` with a reason unless ``player`` may take ``action`` now."""
        if type(player) is not int:
            check_seat(player)
        self._check(player, action)

    def _accept(self, player: int, action: Action | Mapping[str, Any]) -> list[Event]:
        """``apply`` for a seat that is a whole number. The general way: make an ``Action`` of
        any mapping, check it, carry it out. A game overrides it to take its common case
        quicker (an action handed back as ``legal_actions`` listed it) and passes anything
        else on to this one."""
        try:
            act = Action.of(action)
        except TypeError as err:
            raise IllegalAction(f"{player_name(player)}: {err}") from None
        self._check(player, act)
        return self._apply(player, act)

    def _check(self, player: int, action: Action) -> None:
        """``validate`` for a seat that is a whole number. The default checks membership in
        ``legal_actions``; games with parametric actions override it, and games override
        ``explain`` for a more precise reason."""
        if self.is_terminal():
            raise IllegalAction("the game is over; no more actions are taken", key="core.over")
        if player not in self.actors():
            actors = sorted(self.actors())
            who = ", ".join(player_name(p) for p in actors) or "nobody"
            named = Seq([_seat(p) for p in actors], ", ") if actors else Said("core.nobody")
            raise IllegalAction(
                f"it is not {player_name(player)}'s turn to act ({who} may act)",
                key="core.notturn",
                args=(_seat(player), named),
            )
        if action not in self.legal_actions(player):
            why = self.explain(player, action)
            if isinstance(why, IllegalAction):  # the game named its catalog key
                raise why
            if type(self).explain is State.explain:  # the generic reason: said in words too
                raise IllegalAction(why, key="core.notlegal", args=(str(action), _seat(player)))
            raise IllegalAction(why)

    def priority(self) -> list[Player]:
        """Who goes first when several act at the same moment (a host breaks exact ties with
        it): seat order unless a game says otherwise."""
        return sorted(p for p in self.actors() if p != REFEREE)

    def window_seconds(self) -> float | None:
        """How long a host keeps the referee's current window open before it applies the
        referee's first legal action; None when the referee may not act now."""
        return None

    def explain(self, player: Player, action: Action) -> str | IllegalAction:
        """Why ``action`` is not allowed for ``player`` (games give the sheet's reason): a
        sentence, or an :class:`IllegalAction` that also names its key in the game's words
        catalog, so that a host can say it in its reader's language."""
        return f"{action} is not a legal action for {player_name(player)} now"

    @abstractmethod
    def _apply(self, player: Player, action: Action) -> list[Event]:
        """Carry out a validated action."""

    # -- the end ---------------------------------------------------------------------------

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def result(self) -> Result:
        """Scores and ranks; only when terminal."""

    def stats(self) -> dict[str, float]:
        """Counts of what happened in this game (penalties, special cards...), which the
        simulator adds up over a run; games with nothing to report return nothing."""
        return {}

    # -- information -------------------------------------------------------------------------

    @abstractmethod
    def view(self, player: Player | None) -> dict[str, Any]:
        """What ``player`` may see (None: a spectator), JSON-ready. Bots get only this. Read it,
        do not change it: a game may share tables that never change (its card legend, its
        varieties) between all its views rather than build them afresh for every view."""

    @abstractmethod
    def resample(self, player: Player, rng: Rng) -> State:
        """A full state consistent with everything ``player`` has seen (for ISMCTS)."""

    # -- serialisation -----------------------------------------------------------------------

    @abstractmethod
    def to_json(self) -> dict[str, Any]: ...

    def to_json_text(self) -> str:
        """The canonical text of ``to_json``: equal states give equal bytes."""
        return json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))

    def clone(self) -> State:
        return copy.deepcopy(self)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.to_json_text()}>"
