"""Mancala's exact solver: negamax alpha-beta on the round's bean difference.

What it searches. A round of the sheet's game, and a whole game of Kalah, ends when a player has
no pit to take up; then each player sweeps their own pits into their store. So the round's
outcome is the bean difference at its end, and every move's worth is the beans it moves into the
mover's store now (sown or captured) plus what the rest of the round brings. The solver searches
exactly that: the value of a position is the mover's beans minus the opponent's beans that the
rest of the round adds, a number that depends on the pits and the mover only, not on the stores
(``sowing.play_move`` never reads a store). Positions are plain tuples of pits, the transposition
table is keyed by ``(pits, mover)`` and lives as long as the bot (the compiled one: as long as the
process, shared by the solvers of the same rules on one thread): its values do not depend on the
root, so what one move's search proved is reused by the next (the memoised endgame database of
the game in play). An entry that saw every line to the round's end is exact and used at any
depth; when the root's search is exact the bot plays the solved position perfectly.

The moves are ``sowing.play_move`` itself on copied lists (no second rulebook), with an extra turn
handled as the same mover's move again (no negation) and a player without a move passing where
``round_end=both`` says so, as ``MancalaState._after_move`` does. A search cut off by depth
values the position by the stores alone (0: no change). Moves are ordered by the transposition
table's best move, then extra turns, then immediate gain; principal variation search. Iterative
deepening runs under a time budget (``time``, seconds) or to a fixed ``depth`` (plies, each
sowing one ply).

The circling rule (option ``circling``: a round whose forced moves bring a whole position back
ends there) is not searched: its end depends on the path, not on ``(pits, mover)``, which the
table is keyed by. A line that circles never reaches a round's end, so nothing on it is exact,
and the search stops there at its depth or its time budget as for any line it cannot see to the
end (``test_mancala_circling.py``); it never loops, and never calls such a value exact. The
repetition rule (option ``repetition``: a position that comes up the k-th time in a round ends
it) is not searched either, for the same reason: the solver values positions as if the rule
did not exist. It keeps no record of the line it searches or of the positions before the root,
so a value it proves can rest on a line along which the rules would end the round by
repetition (a position that comes back k times). Such lines need a position to come back, and
in random play of the sheet's rules about one round in a thousand ends by repetition.

Two engines, one search: ``RoundSolver`` in Python, the reference, and ``CompiledRoundSolver``,
the same search in numba on the rows of the mancala kernel (``kernel.py``) with its ``_move``,
several times the nodes a second. ``solver:engine=auto`` (the default) takes the compiled one
where numba and the kernel are there; the tests hold both to a brute-force minimax.

Solved positions. Once the search is exact, every move that keeps the solved value is as good
as another against perfect play; the bot then picks the one after which most of the opponent's
replies are mistakes, since the opponents it meets are not perfect (``SolverBot._trap``).

For Kalah the margin's sign is the game's result, so the margin's exact value plays perfectly
for win, draw and loss. For the sheet's match, the round's bean difference is what the beans
after the last round, who arranges, and the next board's size follow from; the solver values a
round by it (the next rounds' arrangements are not searched). Arranging is a different decision:
the solver hands it to mancala's alpha-beta bot (``bots.py``), which searches the arranging with
its first-mover threat estimate, with the same time budget.
"""

from __future__ import annotations

import gc
import hashlib
import threading
import time as _time
from collections import OrderedDict
from collections.abc import Hashable
from dataclasses import dataclass
from pathlib import Path
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
        if depth == 1:
            # the frontier: the best immediate gain, what follows unsearched (worth 0); not
            # worth a table entry (measured: a third fewer calls, cheaper than looking up)
            if any(c[2] >= 0 for c in children):
                self.cut = True
            return max(c[1] for c in children)
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


ENGINES = ("auto", "compiled", "python")
TABLES = ("shared", "own")


class SolverBot(Bot):
    """Plays the solver's move in the play phase; arranges with mancala's alpha-beta bot.

    ``engine``: ``compiled`` searches in numba (``CompiledRoundSolver``), ``python`` in Python
    (``RoundSolver``), ``auto`` the compiled one where it can be built. ``table``: ``shared``
    (the compiled table of these rules that the solvers searching on one thread share: 40 MB
    a thread, not a bot; ``_table``) or ``own`` (its own, so that its moves depend on nothing
    another bot searched: what a reproducible depth-limited run wants)."""

    name = "solver"
    searches = True

    def __init__(
        self,
        game: Game,
        time: float = 0.9,
        depth: int | None = None,
        engine: str = "auto",
        table: str = "shared",
    ) -> None:
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
        if engine not in ENGINES:
            raise OptionError(f"solver: engine is one of {', '.join(ENGINES)}, not {engine!r}")
        if table not in TABLES:
            raise OptionError(f"solver: table is one of {', '.join(TABLES)}, not {table!r}")
        self.search: RoundSolver | CompiledRoundSolver = RoundSolver(game)
        if engine != "python":
            try:
                self.search = CompiledRoundSolver(game, shared=table == "shared")
            except (ImportError, NotImplementedError) as err:
                if engine == "compiled":
                    raise OptionError(f"solver: no compiled search here: {err}") from None
        self.engine = "compiled" if isinstance(self.search, CompiledRoundSolver) else "python"
        self._rules = RoundSolver(game) if self.engine == "compiled" else self.search
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
        start = _time.perf_counter()
        seconds = None if self.depth is not None else self.time
        pits, mover = tuple(view["pits"]), decision.player
        info = self.search.solve(pits, mover, seconds, self.depth)
        if info.exact and seconds is not None:
            trap = self._trap(pits, mover, info.value, start + seconds)
            if trap is not None:
                info.move = trap  # type: ignore[assignment]
        pit, d = info.move  # type: ignore[misc]
        by_move: dict[Hashable, Action] = {(a["pit"], DIRECTIONS[a["direction"]]): a for a in legal}
        info.move = by_move[(pit, d)]
        self.info = info
        return info.move

    def _trap(self, pits: tuple[int, ...], mover: int, best: int, deadline: float) -> Move | None:
        """Among the moves that keep the solved value ``best``, the one after which the most
        of the opponent's replies are mistakes (worse for them than their best reply), above
        all their greedy reply.

        Perfect play makes every such move equal, and the solver's first one is as good as
        any against a perfect opponent; an imperfect one (a Monte Carlo search) is more
        likely to go wrong where most replies lose. Measured against OpenSpiel's MCTS: with
        the first one, many solved draws stayed draws. None when the clock runs out first."""
        rules = self.search if isinstance(self.search, RoundSolver) else self._rules
        other = 1 - mover
        chosen: tuple[float, Move] | None = None
        for move, gain, nxt, child in rules.children(pits, mover):
            if nxt < 0:
                value, traps = gain, 0.0
            else:
                sub = self._exact(child, nxt, deadline)
                if sub is None:
                    return None
                value = gain + sub if nxt == mover else gain - sub
                traps = 0.0
                if nxt == other and value == best:
                    replies = rules.children(child, nxt)
                    wrong = 0.0
                    for k, (_, g2, n2, c2) in enumerate(replies):
                        if n2 < 0:
                            v2 = g2
                        else:
                            s2 = self._exact(c2, n2, deadline)
                            if s2 is None:
                                return None
                            v2 = g2 + s2 if n2 == nxt else g2 - s2
                        if v2 < sub:
                            # the greedy reply (an extra turn, else the biggest gain: the
                            # first of ``children``) counts most: it is the one a weaker
                            # player, or a search with random playouts, is drawn to
                            wrong += len(replies) if k == 0 else 1
                    traps = wrong / len(replies)
            if value == best and (chosen is None or traps > chosen[0]):
                chosen = (traps, move)
        return None if chosen is None else chosen[1]

    def _exact(self, pits: tuple[int, ...], mover: int, deadline: float) -> int | None:
        left = deadline - _time.perf_counter()
        if left <= 0:
            return None
        info = self.search.solve(pits, mover, left, None)
        return info.value if info.exact else None

    def _arrange(self, decision: Decision) -> Action | None:
        if self._arranger is None:
            from .bots import alphabeta

            self._arranger = alphabeta(self.game, time=self.time, depth=self.depth)
        return self._arranger.act(decision)


def solver(
    game: Game,
    time: float = 0.9,
    depth: int | None = None,
    engine: str = "auto",
    table: str = "shared",
) -> SolverBot:
    """The exact round solver: ``time`` seconds a move, or exactly ``depth`` plies;
    ``table=own`` for a compiled table of its own (see ``_table``)."""
    return SolverBot(game, time=time, depth=depth, engine=engine, table=table)


__all__ = ["RoundSolver", "SolverBot", "SolverInfo", "solver"]


# -- the compiled search ---------------------------------------------------------------------
#
# The same search in numba, on the kernel's flat rows and its own ``_move`` (kernel.py: the
# compiled copy of ``sowing.play_move`` that a differential test holds to the rules), many
# times the Python search's nodes a second. The Python search above stays the reference:
# ``test_solver.py`` compares the two, and the bot falls back to it where numba or the kernel
# is missing. The table is keyed by a 64-bit hash of (pits, mover): two positions with the same
# hash would share an entry, a chance of about one in 10**12 per search.

_C_INF = 1 << 30
C_TT_BITS = 20
"""Slots of the compiled table (2 ** 20: 1M, 40 MB)."""
C_MAX_PLY = 256
C_MAX_MOVES = 24  # 12 pits, two directions
# the stats array: what a search reports back, and its node budget
ST_NODES, ST_LIMIT, ST_ABORT, ST_CUT, ST_PVALUE, ST_PMOVE, ST_HAS_PARTIAL = range(7)


def _drop_stale_cache(solver: Path, kernel: Path) -> None:
    """Forget this module's compiled functions when ``kernel.py`` changed since they were
    cached. They inline the kernel's ``_move`` and ``_has_move``, but numba judges a cache by
    this file's own time stamp alone, so after an edit of the kernel it would load a search
    built on the old one. The kernel's digest is kept beside the cache (``__pycache__``, where
    numba caches for a checkout); an installed package changes both files at once."""
    cache = solver.parent / "__pycache__"
    digest = hashlib.sha256(kernel.read_bytes()).hexdigest()
    stamp = cache / f"{solver.stem}.kernel-digest"
    try:
        if stamp.read_text(encoding="utf-8") == digest:
            return
    except OSError:
        pass
    try:
        for old in cache.glob(f"{solver.stem}.*.nb[ic]"):
            old.unlink()
        cache.mkdir(exist_ok=True)
        stamp.write_text(digest, encoding="utf-8")
    except OSError:  # a read-only install: numba caches elsewhere, and both files came together
        pass


try:
    import numpy as np
    from numba import njit

    from . import kernel as _k
except ImportError:  # pragma: no cover - numba is a dependency; the Python search still works
    HAVE_COMPILED = False
else:
    HAVE_COMPILED = True
    _drop_stale_cache(Path(__file__), Path(_k.__file__))
    _WIDTH, _S_N, _S_STORES = _k.WIDTH, _k.S_N, _k.S_STORES
    _P_MIN_PICK, _P_NDIR, _P_DIR0, _P_DIR1 = _k.P_MIN_PICK, _k.P_NDIR, _k.P_DIR0, _k.P_DIR1
    _P_ROUND_END_BOTH = _k.P_ROUND_END_BOTH
    _move, _has_move = _k._move, _k._has_move
    _MIX = np.uint64(0x9E3779B97F4A7C15)
    _FNV = np.uint64(0x100000001B3)

    @njit(cache=True)
    def _key_of(s: Any, mover: int) -> Any:
        h = np.uint64(mover + 1) * _MIX
        for i in range(2 * s[_S_N]):
            h = (h ^ np.uint64(s[i])) * _FNV
        h ^= h >> np.uint64(29)
        h *= _MIX
        return h ^ (h >> np.uint64(32))

    @njit(cache=True)
    def _expand(s: Any, mover: int, ply: int, buf: Any, meta: Any, p: Any, tabs: Any) -> int:
        """Every move of ``mover`` into ``buf[ply]``, as ``RoundSolver.children``;
        ``meta[ply, k]``: the gain, the next mover (-1: the round ends, pits swept), the
        move's code (pit * 2 + direction index)."""
        order, laps, work = tabs
        n = s[_S_N]
        lo, other = mover * n, 1 - mover
        min_pick = p[_P_MIN_PICK]
        count = 0
        for i in range(lo, lo + n):
            if s[i] < min_pick:
                continue
            for di in range(p[_P_NDIR]):
                d = p[_P_DIR0] if di == 0 else p[_P_DIR1]
                c = buf[ply, count]
                for j in range(_WIDTH):
                    c[j] = s[j]
                again = _move(c, mover, i, d, p, order, laps, work)[1]
                gain = (c[_S_STORES + mover] - s[_S_STORES + mover]) - (
                    c[_S_STORES + other] - s[_S_STORES + other]
                )
                can0 = _has_move(c, 0, min_pick)
                can1 = _has_move(c, 1, min_pick)
                if not (can0 and can1) and (p[_P_ROUND_END_BOTH] == 0 or not (can0 or can1)):
                    for j in range(n):
                        gain += c[lo + j] - c[other * n + j]
                    nxt = -1
                else:
                    nxt = mover if again else other
                    if not (can0 if nxt == 0 else can1):
                        nxt = 1 - nxt
                meta[ply, count, 0] = gain
                meta[ply, count, 1] = nxt
                meta[ply, count, 2] = i * 2 + di
                count += 1
        return count

    @njit(cache=True)
    def _score(meta: Any, ply: int, x: int, mover: int, first: int) -> int:
        score = meta[ply, x, 0]
        if meta[ply, x, 1] == mover:
            score += 10_000
        if meta[ply, x, 2] == first:
            score += 1_000_000
        return score

    @njit(cache=True)
    def _arrange(mover: int, ply: int, count: int, meta: Any, first: int, idx: Any) -> None:
        """``idx[ply, :count]``: the moves in search order (``first``, extra turns, gain)."""
        for j in range(count):
            idx[ply, j] = j
        for j in range(1, count):  # insertion sort by score, highest first
            x = idx[ply, j]
            sx = _score(meta, ply, x, mover, first)
            m = j - 1
            while m >= 0 and _score(meta, ply, idx[ply, m], mover, first) < sx:
                idx[ply, m + 1] = idx[ply, m]
                m -= 1
            idx[ply, m + 1] = x

    @njit(cache=True, nogil=True)
    def _negamax(
        s: Any,
        mover: int,
        depth: int,
        alpha: int,
        beta: int,
        ply: int,
        p: Any,
        tabs: Any,
        space: Any,
        tt_key: Any,
        tt: Any,
        st: Any,
    ) -> int:
        """``RoundSolver.negamax`` (and its root at ply 0, which records its best so far)."""
        buf, meta, idx = space
        st[ST_NODES] += 1
        if st[ST_NODES] > st[ST_LIMIT] or ply >= C_MAX_PLY - 1:
            st[ST_ABORT] = 1
            return 0
        h = _key_of(s, mover)
        slot = h & np.uint64(tt_key.shape[0] - 1)
        first = -1
        if tt_key[slot] == h and tt[slot, 0] >= 0:
            e_depth, e_value, e_flags = tt[slot, 0], tt[slot, 1], tt[slot, 2]
            first = tt[slot, 3]
            e_flag, e_exact = e_flags & 3, e_flags >> 2
            if (
                ply > 0
                and (e_exact or e_depth >= depth)
                and (
                    e_flag == EXACT
                    or (e_flag == LOWER and e_value >= beta)
                    or (e_flag == UPPER and e_value <= alpha)
                )
            ):
                if not e_exact:
                    st[ST_CUT] = 1
                return e_value
        if depth <= 0:
            st[ST_CUT] = 1
            return 0
        count = _expand(s, mover, ply, buf, meta, p, tabs)
        if depth == 1 and ply > 0:
            best = -_C_INF
            for j in range(count):
                best = max(best, meta[ply, j, 0])
                if meta[ply, j, 1] >= 0:
                    st[ST_CUT] = 1
            return best
        _arrange(mover, ply, count, meta, first, idx)
        cut_before = st[ST_CUT]
        st[ST_CUT] = 0
        a0 = alpha
        value = -_C_INF
        best_move = meta[ply, idx[ply, 0], 2]
        for j in range(count):
            x = idx[ply, j]
            gain, nxt = meta[ply, x, 0], meta[ply, x, 1]
            if nxt < 0:
                v = gain
            else:
                lo_w, hi_w = alpha, beta if j == 0 else alpha + 1
                while True:  # principal variation search: a null window, then maybe again
                    if nxt == mover:
                        v = gain + _negamax(
                            buf[ply, x], nxt, depth - 1, lo_w - gain, hi_w - gain,
                            ply + 1, p, tabs, space, tt_key, tt, st,
                        )  # fmt: skip
                    else:
                        v = gain - _negamax(
                            buf[ply, x], nxt, depth - 1, gain - hi_w, gain - lo_w,
                            ply + 1, p, tabs, space, tt_key, tt, st,
                        )  # fmt: skip
                    if st[ST_ABORT]:
                        return 0
                    if hi_w == beta or not (alpha < v < beta):
                        break
                    hi_w = beta
            if v > value:
                value, best_move = v, meta[ply, x, 2]
                if v > alpha:
                    alpha = v
                    if ply == 0:  # the root: the best so far, should the budget run out
                        st[ST_PVALUE] = v
                        st[ST_PMOVE] = best_move
                        st[ST_HAS_PARTIAL] = 1
                    if alpha >= beta:
                        break
        flag = UPPER if value <= a0 else LOWER if value >= beta else EXACT
        tt_key[slot] = h
        tt[slot, 0] = depth
        tt[slot, 1] = value
        tt[slot, 2] = flag | (4 if st[ST_CUT] == 0 else 0)
        tt[slot, 3] = best_move
        st[ST_CUT] = st[ST_CUT] | cut_before
        return value


def _new_table() -> tuple[Any, Any]:
    return np.zeros(1 << C_TT_BITS, np.uint64), np.full((1 << C_TT_BITS, 4), -1, np.int64)


SEARCHED_RULES = (
    "relay",
    "skip_start",
    "capture",
    "chain",
    "capture_after_lap",
    "stores_sown",
    "extra_turn",
    "min_pick",
    "directions",
    "round_end",
)
"""The options a round's value depends on: how a move sows and captures, who may move, when
the round ends. Not the seeds, pits, rounds or who starts: a position holds its pits itself."""

MAX_TABLES = 8
_TABLES: OrderedDict[Hashable, tuple[Any, Any]] = OrderedDict()
_TABLES_LOCK = threading.Lock()


def _rules_of(game: Game) -> tuple[Any, ...]:
    o = game.options
    return tuple(tuple(o[k]) if isinstance(o[k], list) else o[k] for k in SEARCHED_RULES)


def _table(rules: tuple[Any, ...]) -> tuple[Any, Any]:
    """The transposition table of one set of rules for the calling thread, shared by every
    compiled solver that searches on this thread. An entry is the value of a position under
    these rules, whoever searched it (the module docstring: values do not depend on the root),
    so one bot's search is another's head start, and a server with a solver on many tables
    holds a table per bot thread, not per table. One per thread: the search runs without the
    GIL (the other tables go on meanwhile) and two searches never write one table at once.
    At most ``MAX_TABLES`` (40 MB each) are kept, the least recently used let go first."""
    key = (threading.get_ident(), rules)
    with _TABLES_LOCK:
        table = _TABLES.get(key)
        if table is None:
            table = _TABLES[key] = _new_table()
            if len(_TABLES) > MAX_TABLES:
                _TABLES.popitem(last=False)
        else:
            _TABLES.move_to_end(key)
    return table


class CompiledRoundSolver:
    """``RoundSolver``'s search in numba on the kernel's rows: the same values, searched without
    the GIL. ``shared``: the table of these rules for the searching thread (``_table``), else
    one of its own (a search that depends on nothing searched before it)."""

    def __init__(self, game: Game, shared: bool = True) -> None:
        if not HAVE_COMPILED:
            raise ImportError("the compiled solver needs numba")
        g: Any = game
        self.kernel = g.kernel()
        self.tabs = (self.kernel.order, self.kernel.laps, np.zeros((3, _WIDTH), np.int64))
        self.space = (
            np.zeros((C_MAX_PLY, C_MAX_MOVES, _WIDTH), np.int64),
            np.zeros((C_MAX_PLY, C_MAX_MOVES, 3), np.int64),
            np.zeros((C_MAX_PLY, C_MAX_MOVES), np.int64),
        )
        self.rules = _rules_of(game)
        self.shared = shared
        self.tt_key, self.tt = _table(self.rules) if shared else _new_table()
        self.st = np.zeros(8, np.int64)
        self.dirs = tuple(DIRECTIONS[d] for d in g.directions)
        self.nodes = 0
        self.solve((g.options["seeds"],) * (2 * g.options["pits"]), 0, None, 2)  # compile now

    def solve(
        self, pits: tuple[int, ...], mover: int, seconds: float | None, depth: int | None
    ) -> SolverInfo:
        """Iterative deepening, as ``RoundSolver.solve``. Compiled code does not read the
        clock: each iteration gets a budget of nodes from the rate of the ones before."""
        start = _time.perf_counter()
        if self.shared:  # this thread's table of these rules (a host moves bots between threads)
            self.tt_key, self.tt = _table(self.rules)
        st = self.st
        s = np.zeros(_WIDTH, np.int64)
        s[: len(pits)] = pits
        s[_S_N] = len(pits) >> 1
        info = SolverInfo()
        total = 0
        best = -1
        for d in range(1, min(depth or MAX_DEPTH, C_MAX_PLY - 2) + 1):
            st[:] = 0
            elapsed = _time.perf_counter() - start
            if seconds is None:
                st[ST_LIMIT] = 1 << 62
            else:
                # a modest guess until there is a rate to measure (a busy machine runs slow)
                rate = total / elapsed if elapsed > 0.01 else 200_000.0
                st[ST_LIMIT] = max(2000, int(rate * (seconds - elapsed)))
            # the last iteration's best move is searched first: the root's table entry has it
            value = _negamax(
                s, mover, d, -_C_INF, _C_INF, 0,
                self.kernel.params, self.tabs, self.space, self.tt_key, self.tt, st,
            )  # fmt: skip
            total += int(st[ST_NODES])
            if st[ST_ABORT]:
                if st[ST_HAS_PARTIAL]:
                    info.value, best = int(st[ST_PVALUE]), int(st[ST_PMOVE])
                break
            info.depth, info.value, info.exact = d, int(value), bool(st[ST_CUT] == 0)
            best = int(st[ST_PMOVE])
            if info.exact:
                break
        if best < 0:  # not even one iteration: the first move in the search's order
            best = int(self.space[1][0, self.space[2][0, 0], 2])
        self.nodes = info.nodes = total
        info.seconds = _time.perf_counter() - start
        info.move = (best >> 1, self.dirs[best & 1])  # type: ignore[assignment]
        return info
