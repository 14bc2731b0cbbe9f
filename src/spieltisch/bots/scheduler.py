"""Playing a game through with bots: the simulator's host.

When several players may act at once, each bot is asked what it would do and how long it would
take; the quickest acts, and everyone is asked again (the state has changed). The referee acts
when nobody else will, or when its window's time is up before the quickest bot would act.
Time here is simulated seconds, never the machine's clock, so a game is reproducible from its
seed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core import REFEREE, Action, Game, Player, Record, Rng, SpieltischError, State
from .base import Bot, Decision


class StuckGame(SpieltischError):
    """Nobody could or would act, and the game is not over."""


@dataclass
class Played:
    state: State
    record: Record
    seconds: float  # simulated time
    actions: int


def bot_rngs(seed: int, players: int) -> list[Rng]:
    """Each seat's own generator, derived from the game's seed: a bot's choices are
    reproducible and independent of the deal."""
    return [Rng(seed * 1_000_003 + 7919 * (p + 1)) for p in range(players)]


def play_game(
    game: Game,
    bots: Sequence[Bot],
    seed: int,
    seats: Sequence[str] | None = None,
    max_actions: int = 1_000_000,
) -> Played:
    """One game from ``seed`` to its end; bot randomness is derived from the same seed."""
    state = game.new_state(len(bots), seed)
    record = Record(
        game=game.id,
        options=dict(game.options),
        seed=seed,
        players=len(bots),
        seats=list(seats or [b.name for b in bots]),
    )
    rngs = bot_rngs(seed, len(bots))
    clock = 0.0
    opened: float | None = None  # when the referee's current window opened
    for count in range(max_actions):
        if state.is_terminal():
            return Played(state, record, clock, count)
        if REFEREE in state.actors():
            opened = clock if opened is None else opened
            window = state.window_seconds()
            left = None if window is None else opened + window - clock
        else:
            opened, left = None, None
        player, action, delay = next_action(state, bots, rngs, left)
        clock += delay
        state.apply(player, action)
        record.add(player, action)
        if player == REFEREE:
            opened = None  # the window it closed is over; a new one opens from now
    raise StuckGame(f"{game.id}: no end after {max_actions} actions (seed {seed})")


def next_action(
    state: State,
    bots: Sequence[Bot],
    rngs: Sequence[Rng],
    window_left: float | None = None,
) -> tuple[Player, Action, float]:
    """The earliest action: the quickest bot's, or the referee's when its window runs out
    first (``window_left``: seconds left of the open window; default: all of it)."""
    actors = state.actors()
    best: tuple[Player, Action, float] | None = None
    for p in state.priority():  # an exact tie goes to the earlier in the game's priority
        decision = Decision.at(state, p, rngs[p])
        if not decision.legal:
            continue
        delay = bots[p].reaction_time(decision)
        if best is not None and delay >= best[2]:
            continue
        action = bots[p].act(decision)
        if action is not None:
            best = (p, action, delay)
    if REFEREE in actors:
        left = state.window_seconds() if window_left is None else window_left
        if best is None or (left is not None and left <= best[2]):
            legal = state.legal_actions(REFEREE)
            if legal:
                return REFEREE, legal[0], max(left or 0.0, 0.0)
    if best is None:
        raise StuckGame(f"nobody may act, and the game is not over: actors {sorted(actors)}")
    return best
