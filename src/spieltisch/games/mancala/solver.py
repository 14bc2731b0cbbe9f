"""Mancala's exact solver: negamax alpha-beta on the round's bean difference.

What it searches. A round of the sheet's game, and a whole game of Kalah, ends when a player has
no pit to take up; then each player sweeps their own pits into their store. So the round's
outcome is the bean difference at its end, and every move's worth is the beans it moves into the
mover's store now (sown or captured) plus what the rest of the round brings. The solver searches
exactly that: the value of a position is the mover's beans minus the opponent's beans that the
rest of the round adds, a number that depends on the pits and the mover only, not on the stores
(``sowing.play_move`` never reads a store). Positions are plain tuples of pits, the transposition
table is keyed by ``(pits, mover)`` and lives as long as the bot: its values do not depend on the
root, so what one move's search proved is reused by the next (the memoised endgame database of
the game in play). An entry that saw every line to the round's end is exact and used at any
depth; when the root's search is exact the bot plays the solved position perfectly.

The moves are ``sowing.play_move`` itself on copied lists (no second rulebook), with an extra turn
handled as the same mover's move again (no negation) and a player without a move passing where
``round_end=both`` says so, as ``MancalaState._after_move`` does. A search cut off by depth
values the position by the stores alone (0: no change). Moves are ordered by the transposition
table's best move, then extra turns, then immediate gain. Iterative deepening runs under a time
budget (``time``, seconds) or to a fixed ``depth`` (plies, each sowing one ply).

For Kalah the margin's sign is the game's result, so the margin's exact value plays perfectly
for win, draw and loss. For the sheet's match, the round's bean difference is what the beans
after the last round, who arranges, and the next board's size follow from; the solver values a
round by it (the next rounds' arrangements are not searched). Arranging is a different decision:
the solver hands it to mancala's alpha-beta bot (``bots.py``), which searches the arranging with
its first-mover threat estimate, with the same time budget.
"""

from __future__ import annotations

import gc
import time as _time
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from ...bots.base import Bot, Decision
from ...core import Action, Game, OptionError
from .sowing import DIRECTIONS, play_move

INF = 1 << 30
EXACT, LOWER, UPPER = 0, 1, 2
MAX_DEPTH = 200
TT_BITS = 18
"""The transposition table has ``2 ** TT_BITS`` slots (about 80 MB when full). A new entry
replaces whatever held its slot: the table never grows and is never cleared, since freeing a
few hundred thousand entries at once took half a second, past a move's budget."""
CHECK_EVERY = 255
"""Nodes between looks at the clock (a power of two minus one, used as a mask)."""

Position = tuple[tuple[int, ...], int]  # (pits, mover)
Move = tuple[int, int]  # (pit, direction)
# a child: (move, bean gain for the mover, the next mover or -1 when the round ends, pits)
Child = tuple[Move, int, int, tuple[int, ...]]


class _Timeout(Exception):
    """The time budget ran out in the middle of an iteration."""


@dataclass
class SolverInfo:
    """What the last ``act`` found: for tests, benchmarks and curious hosts."""

    depth: int = 0  # the deepest iteration that finished
    value: int = 0  # the chosen move's bean margin from here to the round's end
    nodes: int = 0
    seconds: float = 0.0
    exact: bool = False  # every line was seen to the round's end: the value is proven
    move: Action | None = None


class RoundSolver:
    """The search on one game's rules, independent of any bot or clock."""

    def __init__(self, game: Game) -> None:
        g: Any = game
        self.rules = g.sowing
        self.min_pick: int = g.min_pick
        self.dirs = tuple(DIRECTIONS[d] for d in g.directions)
        self.round_end_both: bool = g.round_end_both
        # slot -> (key, depth, value, flag, best move, exact)
        self.tt: list[tuple[Position, int, int, int, Move, bool] | None] = [None] * (1 << TT_BITS)
        self.mask = (1 << TT_BITS) - 1
        self.nodes = 0
        self.deadline: float | None = None
        self.cut = False

    # -- the rules, as the search needs them ---------------------------------------------------

    def children(self, pits: tuple[int, ...], mover: int) -> list[Child]:
        """Every move of ``mover`` with its gain and what follows, as ``MancalaState`` plays it.
        (Not cached: measured, a cache of them made the search slower, not faster.)"""
        out: list[Child] = []
        n = len(pits) >> 1
        lo = mover * n
        min_pick, rules, other = self.min_pick, self.rules, 1 - mover
        for i in range(lo, lo + n):
            if pits[i] < min_pick:
                continue
            for d in self.dirs:
                p = list(pits)
                stores = [0, 0]
                again = play_move(p, stores, mover, i, d, rules).again
                gain = stores[mover] - stores[other]
                can = (max(p[:n]) >= min_pick, max(p[n:]) >= min_pick)
                if not (can[0] and can[1]) and (not self.round_end_both or not (can[0] or can[1])):
                    # the round ends: each sweeps their own pits
                    gain += sum(p[lo : lo + n]) - sum(p[other * n : other * n + n])
                    out.append(((i, d), gain, -1, ()))
                    continue
                nxt = mover if again else other
                if not can[nxt]:  # round_end=both: a player without a move passes
                    nxt = 1 - nxt
                out.append(((i, d), gain, nxt, tuple(p)))
        # extra turns first, then the biggest gain: a cheap guess at the best move
        out.sort(key=lambda c: (c[2] != mover, -c[1]))
        return out

    # -- the search ------------------------------------------------------------------------------

    def negamax(self, pits: tuple[int, ...], mover: int, depth: int, alpha: int, beta: int) -> int:
        """The beans ``mover`` gains over the opponent from here to the round's end (searched
        to ``depth`` plies; beyond them, nothing more). Sets ``self.cut`` when a line was cut."""
        self.nodes += 1
        if (
            self.deadline is not None
            and not self.nodes & CHECK_EVERY
            and _time.perf_counter() > self.deadline
        ):
            raise _Timeout
        key = (pits, mover)
        slot = hash(key) & self.mask
        entry = self.tt[slot]
        best_move = None
        if entry is not None and entry[0] == key:
            _, e_depth, e_value, e_flag, best_move, e_exact = entry
            if (e_exact or e_depth >= depth) and (
                e_flag == EXACT
                or (e_flag == LOWER and e_value >= beta)
                or (e_flag == UPPER and e_value <= alpha)
            ):
                if not e_exact:
                    self.cut = True
                return e_value
        if depth <= 0:  # the horizon: the stores as they are (an exact entry came first)
            self.cut = True
            return 0
        children = self.children(pits, mover)
        if best_move is not None:
            children = sorted(children, key=lambda c: c[0] != best_move)
        cut_before, self.cut = self.cut, False
        a0 = alpha
        value = -INF
        best_move = children[0][0]
        first = True
        for move, gain, nxt, child in children:
            if nxt < 0:
                v = gain
            elif first:
                v = self.value(gain, mover, nxt, child, depth - 1, alpha, beta)
                first = False
            else:  # principal variation search: prove it worse with a null window
                v = self.value(gain, mover, nxt, child, depth - 1, alpha, alpha + 1)
                if alpha < v < beta:
                    v = self.value(gain, mover, nxt, child, depth - 1, alpha, beta)
            if v > value:
                value, best_move = v, move
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        flag = UPPER if value <= a0 else LOWER if value >= beta else EXACT
        exact = not self.cut
        self.tt[slot] = (key, depth, value, flag, best_move, exact)
        self.cut = self.cut or cut_before
        return value

    def value(
        self,
        gain: int,
        mover: int,
        nxt: int,
        child: tuple[int, ...],
        depth: int,
        alpha: int,
        beta: int,
    ) -> int:
        """A move's value for ``mover`` in the window (alpha, beta): its gain, then the child's
        search, negated unless the mover moves again."""
        if nxt == mover:
            return gain + self.negamax(child, nxt, depth, alpha - gain, beta - gain)
        return gain - self.negamax(child, nxt, depth, gain - beta, gain - alpha)

    def root(
        self, pits: tuple[int, ...], mover: int, depth: int, first: Move | None
    ) -> tuple[int, Move, bool]:
        """One iteration at the root: (value, best move, exact). ``first`` is searched first."""
        children = self.children(pits, mover)
        if first is not None:
            children = sorted(children, key=lambda c: c[0] != first)
        self.cut = False
        alpha = -INF
        best = children[0][0]
        for k, (move, gain, nxt, child) in enumerate(children):
            if nxt < 0:
                v = gain
            elif k == 0:
                v = self.value(gain, mover, nxt, child, depth - 1, alpha, INF)
            else:
                v = self.value(gain, mover, nxt, child, depth - 1, alpha, alpha + 1)
                if v > alpha:
                    v = self.value(gain, mover, nxt, child, depth - 1, alpha, INF)
            if v > alpha:
                alpha, best = v, move
                self.partial = (v, move)
        return alpha, best, not self.cut

    def solve(
        self, pits: tuple[int, ...], mover: int, seconds: float | None, depth: int | None
    ) -> SolverInfo:
        """Iterative deepening from ``(pits, mover)`` to ``depth`` plies or for ``seconds``.

        The cyclic garbage collector is off meanwhile: the search makes no cycles, and a full
        collection walking the big tables cost a few hundred milliseconds, past the budget."""
        collecting = gc.isenabled()
        gc.disable()
        try:
            return self._solve(pits, mover, seconds, depth)
        finally:
            if collecting:
                gc.enable()

    def _solve(
        self, pits: tuple[int, ...], mover: int, seconds: float | None, depth: int | None
    ) -> SolverInfo:
        start = _time.perf_counter()
        self.nodes = 0
        self.deadline = None if seconds is None else start + seconds
        info = SolverInfo()
        best: Move | None = None
        for d in range(1, (depth or MAX_DEPTH) + 1):
            self.partial: tuple[int, Move] | None = None
            try:
                value, best, exact = self.root(pits, mover, d, best)
            except _Timeout:
                # the old best was searched first: a move that beat it in part is better known
                if self.partial is not None and self.partial[1] != best:
                    info.value, best = self.partial
                break
            info.depth, info.value, info.exact = d, value, exact
            if exact:
                break  # every line seen to the round's end: deeper adds nothing
            # with a time budget, go on to the deadline: an unfinished iteration searched the
            # best move first, so its partial answer is at least as well founded
        self.deadline = None
        info.nodes = self.nodes
        info.seconds = _time.perf_counter() - start
        info.move = best  # type: ignore[assignment]  # the bot turns it into its Action
        return info


class SolverBot(Bot):
    """Plays the solver's move in the play phase; arranges with mancala's alpha-beta bot."""

    name = "solver"

    def __init__(self, game: Game, time: float = 1.0, depth: int | None = None) -> None:
        if depth is not None and (
            isinstance(depth, bool) or not isinstance(depth, int) or not 1 <= depth <= MAX_DEPTH
        ):
            raise OptionError(
                f"solver: depth is a whole number from 1 to {MAX_DEPTH}, not {depth!r}"
            )
        if isinstance(time, bool) or not isinstance(time, int | float) or not time > 0:
            raise OptionError(f"solver: time is a positive number of seconds, not {time!r}")
        self.game = game
        self.time = float(time)
        self.depth = depth
        self.search = RoundSolver(game)
        self.info = SolverInfo()
        self._arranger: Bot | None = None

    def act(self, decision: Decision) -> Action | None:
        legal = decision.legal
        if not legal:
            return None
        view = decision.view
        if view["phase"] != "play":
            return self._arrange(decision)
        if len(legal) == 1:
            self.info = SolverInfo(move=legal[0])
            return legal[0]
        seconds = None if self.depth is not None else self.time
        info = self.search.solve(tuple(view["pits"]), decision.player, seconds, self.depth)
        pit, d = info.move  # type: ignore[misc]
        by_move: dict[Hashable, Action] = {(a["pit"], DIRECTIONS[a["direction"]]): a for a in legal}
        info.move = by_move[(pit, d)]
        self.info = info
        return info.move

    def _arrange(self, decision: Decision) -> Action | None:
        if self._arranger is None:
            from .bots import alphabeta

            self._arranger = alphabeta(self.game, time=self.time, depth=self.depth)
        return self._arranger.act(decision)


def solver(game: Game, time: float = 1.0, depth: int | None = None) -> SolverBot:
    """The exact round solver: ``time`` seconds a move, or exactly ``depth`` plies."""
    return SolverBot(game, time=time, depth=depth)


__all__ = ["RoundSolver", "SolverBot", "SolverInfo", "solver"]
