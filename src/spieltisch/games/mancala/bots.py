"""Mancala's bots: alpha-beta with an evaluation for the sheet's match (and the kalah preset).

What to value. A player's beans are their store plus their own pits: at a round's end each
player sweeps their pits into their own store. Beans carry over from round to round (the loser
arranges their beans, the winner copies the arrangement and banks the rest), so the beans after
the last round, which decide the match, are the beans now plus what changes hands later. Earlier
rounds' beans also choose who arranges and the next board's size, and a loser with too few
beans is out; the search sees those ends, the evaluation counts beans. So the evaluation is the
bean difference, the same for Kalah (whose round also ends with each side sweeping its pits).

While arranging, every arrangement has the same beans, so the evaluation finishes the
arrangement evenly, copies it, and charges the arranger with half of the best immediate gain
of the player who moves first on it: arrangements that hand the first mover a big capture are
bad. The search considers a handful of bean counts for each pit (an even share and its
neighbours, one and two), not all of them (the bot never picks another), so the arranging
phase stays quick and its arrangements ordinary.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from ...bots.alphabeta import AlphaBetaBot
from ...bots.base import Bot
from ...core import Action, Game, State
from .sowing import DIRECTIONS, play_move

STRONGEST = "solver"
"""The arena's winner (README, Results): the round solver beat alpha-beta 20 of 20 games in
Kalah and in the sheet's match, at equal time a move (``spieltisch arena mancala --bots
solver:time=0.3,alphabeta:time=0.3 -n 20 --seed 7``)."""

THREAT_WEIGHT = 0.5
"""How much of the first mover's best immediate gain an arrangement is charged."""


def beans(state: Any, player: int) -> int:
    """``player``'s beans: their store plus their own pits (also while arranging, when the
    arranger's unplaced beans wait in their store)."""
    n = len(state.pits) >> 1
    return state.stores[player] + sum(state.pits[player * n : player * n + n])


def evaluate(state: State, player: int) -> float:
    """How good ``state`` is for ``player``, in beans."""
    s: Any = state
    if s.phase == "over":
        ret = state.result().returns[player]
        return 1000.0 * ret
    value = float(beans(s, player) - beans(s, 1 - player))
    if s.phase == "arrange":
        gain = _first_mover_threat(s)
        value += -THREAT_WEIGHT * gain if s.to_move != player else THREAT_WEIGHT * gain
    return value


def _first_mover_threat(s: Any) -> int:
    """The best bean gain of the round's first move, once the arrangement is finished evenly."""
    n = len(s.pits) >> 1
    arranger = s.arranger
    lo = arranger * n
    row = s.pits[lo : lo + n]
    placed = next((k for k, x in enumerate(row) if x == 0), n)
    left = s.stores[arranger]
    for k in range(placed, n):
        share = left // (n - k)
        row[k] = share
        left -= share
    pits = [0] * (2 * n)
    for k, x in enumerate(row):
        pits[lo + k] = x
        pits[2 * n - 1 - (lo + k)] = x
    stores = [0, 0]
    return max(_gains(s, pits, stores, s.to_move).values(), default=0)


def _gains(s: Any, pits: list[int], stores: list[int], player: int) -> dict[tuple[int, int], int]:
    """Each move's bean gain for ``player`` (and 1000 more when it earns another move)."""
    game = s.game
    n = len(pits) >> 1
    lo = player * n
    min_pick = game.options["min_pick"]
    before = stores[player] + sum(pits[lo : lo + n])
    out: dict[tuple[int, int], int] = {}
    for i in range(lo, lo + n):
        if pits[i] < min_pick:
            continue
        for name in game.directions:
            d = DIRECTIONS[name]
            p, st = pits[:], stores[:]
            play_move(p, st, player, i, d, game.sowing)
            out[(i, d)] = st[player] + sum(p[lo : lo + n]) - before
    return out


def state_key(state: State) -> Hashable:
    s: Any = state
    return (
        s.phase,
        tuple(s.pits),
        tuple(s.stores),
        s.to_move,
        s.arranger,
        s.first_mover,
        s.round,
        s.rounds,
    )


def order(state: State, actions: list[Action]) -> list[Action]:
    """Moves by their immediate bean gain (another move first of all); while arranging, a
    handful of sensible bean counts for the next pit."""
    s: Any = state
    if not actions:
        return actions
    if s.phase == "arrange":
        return _arrange_candidates(s, actions)
    player = s.to_move
    game = s.game
    n = len(s.pits) >> 1
    lo = player * n
    before = s.stores[player] + sum(s.pits[lo : lo + n])
    scored = []
    for idx, a in enumerate(actions):
        p, st = s.pits[:], s.stores[:]
        res = play_move(p, st, player, a["pit"], DIRECTIONS[a["direction"]], game.sowing)
        gain = st[player] + sum(p[lo : lo + n]) - before
        score = gain * 64 + (4096 if res.again else 0) + min(len(res.laps), 32)
        scored.append((-score, idx, a))
    scored.sort()
    return [a for _, _, a in scored]


def _arrange_candidates(s: Any, actions: list[Action]) -> list[Action]:
    n = len(s.pits) >> 1
    lo = s.arranger * n
    placed = sum(1 for i in range(lo, lo + n) if s.pits[i] > 0)
    left_pits = n - placed
    remaining = s.stores[s.arranger]
    even = max(1, round(remaining / left_pits))
    by_k = {a["place"]: a for a in actions}
    out: list[Action] = []
    for k in (even, even + 1, even - 1, 2, 1):
        a = by_k.get(k)
        if a is not None and a not in out:
            out.append(a)
    return out or actions[:1]


def alphabeta(
    game: Game, time: float = 0.5, depth: int | None = None, max_depth: int = 64
) -> AlphaBetaBot:
    """Alpha-beta: ``time`` seconds a move (iterative deepening), or exactly ``depth`` plies."""
    # full_root=False: also at the root, arrange with the handful of sensible bean counts
    # (searching every count at the root let the crude arrangement estimate pick odd ones)
    return AlphaBetaBot(
        evaluate,
        state_key,
        order,
        time=time,
        depth=depth,
        max_depth=max_depth,
        full_root=False,
    )


def solver(
    game: Game,
    time: float = 0.9,
    depth: int | None = None,
    engine: str = "auto",
    table: str = "shared",
) -> Bot:
    """The round solver of ``solver.py`` (imported on first use)."""
    from .solver import SolverBot

    return SolverBot(game, time=time, depth=depth, engine=engine, table=table)


def mcts(
    game: Game,
    iters: int | None = None,
    time: float | None = None,
    c: float = 1.4,
    rollout: str = "auto",
) -> Bot:
    """UCT with random rollouts of ``mcts.py`` (imported on first use)."""
    from .mcts import MctsBot

    return MctsBot(game, iters=iters, time=time, c=c, rollout=rollout)


BOTS = {"alphabeta": alphabeta, "solver": solver, "mcts": mcts}

__all__ = ["BOTS", "STRONGEST", "alphabeta", "beans", "evaluate", "order", "state_key"]
