"""Alpha-beta search for two-player games of perfect information.

The bot sees the table only through its ``Decision``: the root of every search is
``decision.resample()`` (in a perfect-information game, the position itself). It searches with
iterative deepening under a time budget (the host's clock: bots live outside the engine, which
never reads one), or to a fixed depth, so that tests get the same move every time.

Nothing assumes that the players alternate: a player may act several times in a row (an extra
turn, a player arranging their pits bean by bean), so every node maximizes when its mover is the
root player and minimizes otherwise, with all values from the root player's side (no negamax).

What the bot knows about a game comes from the game's ``bots`` module, given to the constructor:

- ``evaluate(state, player) -> float``: how good a non-terminal state is for ``player``; keep
  it well inside ``WIN`` (a terminal state scores ``WIN`` minus its distance from the root).
- ``state_key(state) -> Hashable``: the transposition table's key (default: the canonical JSON).
- ``order(state, actions) -> list[Action]``: the actions to search at a node, most promising
  first. It may leave out actions it never wants searched (a game with many near-equivalent
  actions keeps the tree narrow that way); with ``full_root`` (the default) the root still
  searches every legal action, the left-out ones last. The order is asked once per position
  and search, at every depth (measured on mancala: cheaper than searching unordered).

The bot only ever returns an action from ``decision.legal``.
"""

from __future__ import annotations

import math
import time as _time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from ..core import REFEREE, Action, Player, State
from .base import Bot, Decision

Evaluate = Callable[[State, Player], float]
StateKey = Callable[[State], Hashable]
Order = Callable[[State, list[Action]], list[Action]]

WIN = 1_000_000.0
"""The value of a won game at the root; a win ``k`` plies away is worth ``WIN - k``."""
_PROVEN = WIN / 2

EXACT, LOWER, UPPER = 0, 1, 2


class _Timeout(Exception):
    """The time budget ran out in the middle of an iteration."""


@dataclass
class SearchInfo:
    """What the last ``act`` found: for tests, benchmarks and curious hosts."""

    depth: int = 0  # the deepest iteration that finished (or was used in part)
    value: float = 0.0  # the chosen move's value for the bot's player
    nodes: int = 0
    seconds: float = 0.0
    complete: bool = False  # the search saw every line to its end (no depth cut-off)
    move: Action | None = None


def json_key(state: State) -> str:
    return state.to_json_text()


class AlphaBetaBot(Bot):
    """Iterative-deepening alpha-beta with a transposition table and move ordering."""

    name = "alphabeta"
    searches = True

    def __init__(
        self,
        evaluate: Evaluate,
        state_key: StateKey | None = None,
        order: Order | None = None,
        *,
        time: float = 0.5,
        depth: int | None = None,
        max_depth: int = 64,
        order_depth: int = 1,
        full_root: bool = True,
        clock: Callable[[], float] = _time.perf_counter,
    ) -> None:
        if depth is not None and (
            isinstance(depth, bool) or not isinstance(depth, int) or depth < 1
        ):
            raise ValueError(f"depth is a whole number of at least 1, not {depth!r}")
        if not isinstance(time, int | float) or isinstance(time, bool) or time <= 0:
            raise ValueError(f"time is a positive number of seconds, not {time!r}")
        self.evaluate = evaluate
        self.state_key = state_key or json_key
        self.order = order
        self.time = float(time)
        self.depth = depth
        self.max_depth = max_depth
        self.order_depth = order_depth
        self.full_root = full_root
        self.clock = clock  # seconds; a test hands a clock of its own to count reads, not time
        self.info = SearchInfo()
        # per search
        self._player: Player = 0
        self._tt: dict[Hashable, tuple[int, float, int, Action | None, bool]] = {}
        self._orders: dict[Hashable, list[Action]] = {}
        self._deadline: float | None = None
        self._nodes = 0
        self._cut = False
        self._partial: tuple[float, Action] | None = None

    # -- the host's side -------------------------------------------------------------------

    def act(self, decision: Decision) -> Action | None:
        legal = list(decision.legal)
        if not legal:
            return None
        start = self.clock()
        if len(legal) == 1:
            self.info = SearchInfo(move=legal[0])
            return legal[0]
        root = decision.resample()
        self._player = decision.player
        self._tt = {}
        self._orders = {}
        self._nodes = 0
        self._deadline = None if self.depth is not None else start + self.time
        moves = self._root_moves(root, legal)
        best, best_value, reached, complete = moves[0], 0.0, 0, False
        for d in range(1, (self.depth or self.max_depth) + 1):
            self._cut = False
            self._partial = None
            try:
                best_value, best = self._root(root, moves, d)
            except _Timeout:
                if self._partial is not None:  # the old best was searched first: this beats it
                    best_value, best = self._partial
                    reached = d
                break
            reached = d
            moves.remove(best)
            moves.insert(0, best)
            if abs(best_value) >= _PROVEN or not self._cut:
                complete = not self._cut
                break  # a proven result, or every line seen to its end: deeper adds nothing
            if self._deadline is not None and self.clock() - start > self.time / 2:
                break  # the next iteration would most likely not finish
        self.info = SearchInfo(
            reached, best_value, self._nodes, self.clock() - start, complete, best
        )
        return best

    # -- the search ------------------------------------------------------------------------

    def _root_moves(self, root: State, legal: list[Action]) -> list[Action]:
        """The game's preferred actions first, then every other legal one."""
        if self.order is None:
            return legal
        hinted = [a for a in self.order(root, list(legal)) if a in legal]
        if not hinted:
            return legal
        if not self.full_root:
            return hinted
        seen = set(hinted)
        return hinted + [a for a in legal if a not in seen]

    def _root(self, root: State, moves: Sequence[Action], depth: int) -> tuple[float, Action]:
        alpha = -math.inf
        best, best_value = moves[0], -math.inf
        for move in moves:
            child = root.clone()
            child.apply(self._player, move)
            value = self._search(child, depth - 1, alpha, math.inf, 1)
            if value > best_value:
                best, best_value = move, value
                alpha = value
                self._partial = (best_value, best)
        return best_value, best

    def _mover(self, state: State) -> tuple[Player | None, list[Action]]:
        """Who acts at ``state`` and their actions; the referee when nobody else can."""
        actors = state.actors()
        for p in sorted(actors):
            if p != REFEREE:
                legal = state.legal_actions(p)
                if legal:
                    return p, legal
        if REFEREE in actors:
            legal = state.legal_actions(REFEREE)
            if legal:
                return REFEREE, legal
        return None, []

    def _search(self, state: State, depth: int, alpha: float, beta: float, ply: int) -> float:
        self._nodes += 1
        if self._deadline is not None and not self._nodes & 255 and self.clock() > self._deadline:
            raise _Timeout
        if state.is_terminal():
            return self._terminal(state, ply)
        mover, legal = self._mover(state)
        if mover is None:
            return self.evaluate(state, self._player)
        if mover == REFEREE:
            # a host closes the window with the referee's first action, as the simulator does
            child = state.clone()
            child.apply(REFEREE, legal[0])
            return self._search(child, depth, alpha, beta, ply + 1)
        if depth <= 0:
            self._cut = True
            return self.evaluate(state, self._player)

        key = self.state_key(state)
        entry = self._tt.get(key)
        tt_move = None
        if entry is not None:
            e_depth, e_value, e_flag, tt_move, e_complete = entry
            if e_depth >= depth or e_complete:
                value = _from_tt(e_value, ply)
                if e_flag == EXACT or (
                    (e_flag == LOWER and value >= beta) or (e_flag == UPPER and value <= alpha)
                ):
                    if not e_complete:
                        self._cut = True
                    return value

        moves = self._ordered(state, key, legal, depth)
        if tt_move is not None and tt_move in legal:
            moves = [tt_move, *(m for m in moves if m != tt_move)]

        cut_before, self._cut = self._cut, False
        maximizing = mover == self._player
        a0, b0 = alpha, beta
        best_move = moves[0]
        if maximizing:
            value = -math.inf
            for move in moves:
                child = state.clone()
                child.apply(mover, move)
                v = self._search(child, depth - 1, alpha, beta, ply + 1)
                if v > value:
                    value, best_move = v, move
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
        else:
            value = math.inf
            for move in moves:
                child = state.clone()
                child.apply(mover, move)
                v = self._search(child, depth - 1, alpha, beta, ply + 1)
                if v < value:
                    value, best_move = v, move
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
        flag = UPPER if value <= a0 else LOWER if value >= b0 else EXACT
        complete = not self._cut and len(moves) == len(legal)
        self._tt[key] = (depth, _to_tt(value, ply), flag, best_move, complete)
        self._cut = self._cut or cut_before or len(moves) != len(legal)
        return value

    def _ordered(
        self, state: State, key: Hashable, legal: list[Action], depth: int
    ) -> list[Action]:
        """The game's order for this node, kept for the next iterations (it may be costly)."""
        if self.order is None:
            return legal
        moves = self._orders.get(key)
        if moves is None:
            if depth < self.order_depth:
                return legal
            moves = self.order(state, list(legal)) or legal
            self._orders[key] = moves
        return moves

    def _terminal(self, state: State, ply: int) -> float:
        ret = state.result().returns[self._player]
        if ret > 0:
            return WIN - ply  # a sooner win is better
        if ret < 0:
            return -WIN + ply  # a later loss is less bad
        return 0.0


def _to_tt(value: float, ply: int) -> float:
    """A proven value counted from this node rather than from the root."""
    if value >= _PROVEN:
        return value + ply
    if value <= -_PROVEN:
        return value - ply
    return value


def _from_tt(value: float, ply: int) -> float:
    if value >= _PROVEN:
        return value - ply
    if value <= -_PROVEN:
        return value + ply
    return value


def describe(info: SearchInfo) -> dict[str, Any]:
    return {
        "depth": info.depth,
        "value": info.value,
        "nodes": info.nodes,
        "seconds": round(info.seconds, 4),
        "complete": info.complete,
        "move": None if info.move is None else info.move.to_json(),
    }
