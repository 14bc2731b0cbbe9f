"""Kalah's state with its play phase compiled (``_kalah.pyx``), the rest the Python rules'.

``MancalaGame.new_state`` hands out a :class:`KalahState` where the options are Kalah's
(``MancalaGame.compiled_play``) and the compiled module is built (``make install`` builds
it; without it every state is a plain ``MancalaState``, the same game, only slower). It is
the same game as ``MancalaState`` plays, call for call and byte for byte: the compiled part
carries out a move that leaves the round going, in C; anything else — the round's end, an
action that is not one ``legal_actions`` handed out, arranging, the match's end, every view
and record — is done by the Python rules on the ``MancalaState`` this position is
(``_python``), whose outcome the state takes back (``_adopt``).

The attributes of ``MancalaState`` (``pits``, ``phase``, ``history``...) read the same here
(``KalahCore``'s properties): copies, not the state's own lists.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import TYPE_CHECKING, Any

from ...core import Action, Event, Rng, State
from ...core.game import Player
from ._kalah import EventMemo, KalahCore
from .sowing import (
    CCW,
    END_CAPTURE,
    END_FILLED,
    END_OPPONENT_EMPTY,
    END_OWN_EMPTY,
    END_STORE,
    STORE,
    MoveOutcome,
)

if TYPE_CHECKING:
    from ...core import Result
    from .rules import MancalaGame, MancalaState

ENDS = (END_STORE, END_FILLED, END_OPPONENT_EMPTY, END_OWN_EMPTY, END_CAPTURE)
"""The compiled move's end codes 0..4 by name (``_kalah.pyx``'s enum)."""


def setup(
    game: MancalaGame,
    rules: type[MancalaState],
    move_data: Callable[..., dict[str, Any]],
    seats: tuple[frozenset[int], frozenset[int]],
    nobody: frozenset[int],
) -> tuple[Any, ...]:
    """What every Kalah state of ``game`` shares (``KalahCore._bind``), from the rules that
    ask for it (``MancalaGame.kalah_setup``; this module imports nothing of theirs): their
    state class, the game's move actions by pit, the actors (each seat's, and nobody),
    a memo of move events and their maker (of the rules' ``move_data``), a memo of ends of a
    match, the extra turn, and the beans in the game."""

    extra_turn = game.sowing.extra_turn
    make_event = partial(move_event, move_data, extra_turn)  # a partial pickles with its game
    actions = tuple(game.single_actions)
    return (
        rules,
        actions,
        seats,
        nobody,
        EventMemo(),
        make_event,
        {},
        extra_turn,
        game.total_beans,
    )


def move_event(
    move_data: Callable[..., dict[str, Any]],
    extra_turn: bool,
    n: int,
    player: int,
    pit: int,
    beans: int,
    landing: int,
    end: int,
    got: int,
) -> Event:
    """The event of a compiled move as the rules make it (their ``move_data``): one lap from
    ``pit`` of ``beans`` beans, landing in ring pit ``landing`` (``2n``: the mover's store),
    ending as ``ENDS[end]``, capturing ``got`` beans from the opposite pit."""
    captures = [(2 * n - 1 - landing, got), (landing, 1)] if ENDS[end] == END_CAPTURE else []
    to = STORE if landing == 2 * n else landing
    again = ENDS[end] == END_STORE and extra_turn
    out = MoveOutcome([(pit, CCW, beans, to)], captures, ENDS[end], again)
    return Event("move", move_data(player, pit, "ccw", out))


class KalahState(KalahCore, State):
    """A Kalah position: the compiled play phase (``KalahCore``), the rest ``MancalaState``'s."""

    num_players = 2

    @classmethod
    def start(cls, game: MancalaGame, first: int) -> KalahState:
        """Round 1 from the initial setup, ``first`` to move (``MancalaState.start_round``;
        with at least one bean a pit nobody is without a move, so no round ends at once)."""
        s = cls.__new__(cls)
        s._bind(game, game.kalah_setup)
        o = game.options
        s._start(o["pits"], o["seeds"], first, (first, 1, o["rounds"], (), None))
        return s

    @classmethod
    def of(cls, game: MancalaGame, state: MancalaState) -> KalahState:
        """The position ``state`` holds (which this one then owns)."""
        s = cls.__new__(cls)
        s._bind(game, game.kalah_setup)
        s._adopt(state)
        return s

    def _adopt(self, state: MancalaState) -> None:
        """Take the Python rules' position back: into C in the play phase, else held."""
        if state.phase == "play" and state.forced is None and state.seen is None:
            history = tuple(tuple(h) for h in state.history)
            swept = None if state.swept is None else tuple(state.swept)
            meta = (state.first_mover, state.round, state.rounds, history, swept)
            self._load(state.pits, state.stores, state.to_move, meta)
        else:
            self._set_slow(state)

    def _python(self) -> MancalaState:
        """The ``MancalaState`` of this position: the one held outside the play phase, a new
        one (the state's own to change) in it and at the end a compiled move reached."""
        if self.slow is not None:
            return self.slow  # type: ignore[no-any-return]
        s = self.rules(self.game)
        s.pits, s.stores, s.to_move, s.phase = self.pits, self.stores, self.to_move, self.phase
        s.first_mover, s.round, s.rounds = self.first_mover, self.round, self.rounds
        s.history, s.swept, s.result_ = self.history, self.swept, self.result_
        return s

    def breakdown(self) -> tuple[tuple[Any, tuple[Any, ...]], ...]:
        """``MancalaState.breakdown``: how the score came about."""
        return self._python().breakdown()

    def _slow_apply(self, player: Player, action: Action | Mapping[str, Any]) -> list[Event]:
        """``apply`` by the Python rules: they check (an illegal action raises and the
        position stays as it was) and carry out; the state takes the outcome."""
        state = self._python()
        events = state.apply(player, action)
        self._adopt(state)
        return events

    def _round_over(self, event: Event, key: tuple[int, int, int, int]) -> list[Event]:
        """A compiled move left a row empty: the Python rules end the round (and with it
        perhaps the match) on the position after it, the mover's ``event`` first. An end of
        the match is recorded under ``key`` (round, rounds and the beans each player has
        after banking their pits), for ``KalahCore._round_end`` to play again in C: the
        events and the result of that end are the same for every match with that key."""
        state = self._python()
        tail = state._end_round()
        if state.phase == "over":
            self._record_end(key, tuple(tail), state.result_)
        self._adopt(state)
        return [event, *tail]

    # -- the rest of the contract, by the Python rules -------------------------------------

    def _check(self, player: int, action: Action) -> None:
        self._python()._check(player, action)

    # State's way in (apply -> _accept -> _check, _apply) is not this state's: its apply is
    # KalahCore's, which hands all but its own case to _slow_apply. State asks for an
    # _apply all the same (an abstract method); this one is that same way.
    _apply = _slow_apply

    def explain(self, player: Player, action: Action) -> Any:
        return self._python().explain(player, action)

    def result(self) -> Result:
        return self._python().result()

    def stats(self) -> dict[str, float]:
        return self._python().stats()

    def view(self, player: Player | None) -> dict[str, Any]:
        return self._python().view(player)

    def resample(self, player: Player, rng: Rng) -> KalahState:
        return self.clone()  # type: ignore[no-any-return]

    def to_json(self) -> dict[str, Any]:
        return self._python().to_json()

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(
            f"a Kalah state's position changes only by apply, not by setting {name!r}"
        )

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled and deep-copied as the Python state it is, taken back on the way in."""
        return _revive, (self.game, self._python())


def _revive(game: MancalaGame, state: MancalaState) -> KalahState:
    return KalahState.of(game, state)
