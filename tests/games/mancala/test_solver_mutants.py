"""The round solver pinned where its other tests left it free (#14): tiny positions whose values
come from a plain negamax through the rules' own API (``mancala_solver_positions``), the
transposition table's bounds, the search's budget and bookkeeping, and ``SolverBot``'s trap."""

from __future__ import annotations

import functools
import gc
import threading
import time
from collections import OrderedDict
from typing import Any

import numpy as np
import pytest
from mancala_positions import position
from mancala_solver_positions import after, at, game, move_key, move_value, value

import spieltisch
from spieltisch.bots import Decision
from spieltisch.core import OptionError, Rng
from spieltisch.games.mancala import solver as S
from spieltisch.games.mancala.bots import AlphaBetaBot, alphabeta
from spieltisch.games.mancala.solver import (
    CHECK_EVERY,
    EXACT,
    INF,
    LOWER,
    MAX_DEPTH,
    TT_BITS,
    UPPER,
    CompiledRoundSolver,
    RoundSolver,
    SolverBot,
    SolverInfo,
)

ENGINES = [RoundSolver, CompiledRoundSolver]

# (preset, options, pits): small rounds of each rule set the solver searches, player 0 to move
KALAH3 = ("kalah", (("pits", 3), ("seeds", 2)))
KALAH4 = ("kalah", (("pits", 4), ("seeds", 2)))
SHEET3 = ("mancala", (("pits", 3), ("seeds", 2)))
SHEET4 = ("mancala", (("pits", 4), ("seeds", 2)))
BOTH3 = ("kalah", (("pits", 3), ("seeds", 2), ("round_end", "both")))
POSITIONS = [
    (KALAH3, [1, 0, 2, 2, 2, 2]),
    (KALAH3, [2, 1, 2, 2, 0, 1]),
    (KALAH3, [1, 3, 0, 2, 1, 0]),
    (KALAH4, [1, 1, 1, 0, 1, 2, 0, 0]),
    (KALAH4, [1, 0, 1, 0, 2, 0, 2, 1]),
    (SHEET4, [0, 1, 1, 3, 2, 0, 1, 0]),
    (SHEET4, [0, 1, 4, 1, 2, 0, 0, 1]),
    (BOTH3, [2, 1, 0, 0, 2, 1]),
]


def state_of(rules: tuple[str, tuple], pits: list[int], to_move: int = 0) -> Any:
    preset, options = rules
    return at(game(preset, **dict(options)), pits, to_move)


def solver_game(rules: tuple[str, tuple]) -> Any:
    return game(rules[0], **dict(rules[1]))


@functools.cache
def solved(rules: tuple[str, tuple], pits: tuple[int, ...], depth: int | None = None) -> int:
    """The reference value of player 0's position (computed once for all the tests)."""
    return value(state_of(rules, list(pits)), depth)


def children_by_the_rules(state: Any) -> list[tuple[tuple[int, int], int, int, tuple[int, ...]]]:
    """``RoundSolver.children`` as the rules play each move: (move, gain, next mover or -1,
    pits or ()), extra turns first, then the biggest gain, else in the order of the actions."""
    (mover,) = state.actors()
    out = []
    for action in state.legal_actions(mover):
        child, gain, nxt = after(state, action)
        pits = () if nxt < 0 else tuple(child.to_json()["pits"])
        out.append((move_key(action), gain, nxt, pits))
    out.sort(key=lambda c: (c[2] != mover, -c[1]))
    return out


# -- the moves: RoundSolver.children -------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "pits"),
    [
        *POSITIONS,
        # the sheet, both directions: pit 0 sown ccw ends the round (player 1 is left with
        # singles), sown cw it does not; both are listed
        (SHEET3, [2, 0, 0, 0, 3, 1]),
        # kalah: pit 3's extra turn (1 bean) is listed before pit 1's capture (4 beans)
        (KALAH4, [0, 1, 0, 1, 0, 3, 0, 1]),
        # round_end=both: pit 1 captures player 1's last bean; they pass, player 0 moves again
        (BOTH3, [1, 1, 0, 1, 0, 0]),
        # round_end=both: after pit 2 sows into the store player 0 has no bean left, so the
        # extra turn passes to player 1
        (BOTH3, [0, 0, 1, 0, 2, 0]),
    ],
)
def test_children_are_the_rules_moves_with_gain_next_mover_and_pits(rules, pits) -> None:
    """Each move as ``MancalaState`` plays it (no second rulebook): its gain with the round's
    sweep, who moves next (the same mover after an extra turn, the other after a pass, -1
    when the round ends) and the pits after it; extra turns first, then the biggest gain."""
    state = state_of(rules, pits)
    solver = RoundSolver(state.game)
    assert solver.children(tuple(pits), 0) == children_by_the_rules(state)


# -- values: exact, windowed, depth-limited ------------------------------------------------------


@pytest.mark.parametrize("search", ENGINES)
@pytest.mark.parametrize(("rules", "pits"), POSITIONS)
def test_exact_values_are_the_plain_negamaxs(search, rules, pits) -> None:
    """An exact search's value is the round's bean margin under perfect play, and its move
    keeps it."""
    state = state_of(rules, pits)
    best = solved(rules, tuple(pits))
    info = search(state.game, **({} if search is RoundSolver else {"shared": False})).solve(
        tuple(pits), 0, None, 60
    )
    assert info.exact and info.value == best
    (action,) = [a for a in state.legal_actions(0) if move_key(a) == info.move]
    assert move_value(state, action) == best


@pytest.mark.parametrize(("rules", "pits"), [POSITIONS[k] for k in (0, 2, 4, 5, 7)])
@pytest.mark.parametrize("offset", [(-INF, INF), (-2, -1), (-1, 0), (-1, 1), (0, 1), (1, 2)])
def test_a_window_bounds_the_value_as_fail_soft_alpha_beta(rules, pits, offset) -> None:
    """negamax in the window (alpha, beta): the value itself inside it, a bound on the right
    side of it outside (fail-soft), extra turns included (their window is shifted by the gain,
    not negated)."""
    state = state_of(rules, pits)
    best = solved(rules, tuple(pits))
    lo, hi = offset
    alpha, beta = (lo, hi) if lo == -INF else (best + lo, best + hi)
    v = RoundSolver(state.game).negamax(tuple(pits), 0, 60, alpha, beta)
    if best <= alpha:
        assert v <= alpha
    elif best >= beta:
        assert v >= beta
    else:
        assert v == best


KALAH4_3 = ("kalah", (("pits", 4), ("seeds", 3)))


@pytest.mark.parametrize(
    ("rules", "pits", "deepest"),
    [
        *((rules, pits, 3) for rules, pits in POSITIONS),
        (KALAH4_3, [1, 1, 0, 1, 0, 0, 1, 0], 4),  # 4 plies see one bean more than 3
        (KALAH4_3, [0, 0, 1, 1, 1, 1, 0, 2], 4),
    ],
)
def test_a_depth_limited_search_counts_that_many_plies(rules, pits, deepest) -> None:
    """``depth`` plies, each sowing one (an extra turn too), the rest of the round worth 0: 1
    ply is the best immediate gain, 0 plies nothing; the iterations stop at ``depth``, and a
    round that can run longer is not solved."""
    state = state_of(rules, pits)
    solver = RoundSolver(state.game)
    assert solver.negamax(tuple(pits), 0, 0, -INF, INF) == 0
    assert solver.cut  # the horizon cut every line
    for depth in range(1, deepest + 1):
        expected = solved(rules, tuple(pits), depth)
        assert RoundSolver(state.game).negamax(tuple(pits), 0, depth, -INF, INF) == expected
        info = RoundSolver(state.game).solve(tuple(pits), 0, None, depth)
        assert (info.value, info.depth) == (expected, depth)
        assert not info.exact


@pytest.mark.parametrize("search", ENGINES)
def test_a_round_every_move_ends_is_solved_in_one_ply(search) -> None:
    """Each move of player 0 leaves them without a bean: one ply sees every line end."""
    state = state_of(KALAH3, [2, 1, 0, 1, 0, 0])  # both moves capture player 1's last bean
    assert [after(state, a)[2] for a in state.legal_actions(0)] == [-1, -1]
    kw = {} if search is RoundSolver else {"shared": False}
    info = search(state.game, **kw).solve((2, 1, 0, 1, 0, 0), 0, None, 60)
    assert (info.depth, info.exact, info.value) == (1, True, value(state))


# -- the transposition table -----------------------------------------------------------------


def test_entries_sit_in_the_slot_of_their_hash_in_a_table_of_fixed_size() -> None:
    """2 ** TT_BITS slots, never more; an entry lives at ``hash((pits, mover))`` masked."""
    state = state_of(KALAH4, [1, 0, 1, 0, 2, 0, 2, 1])
    solver = RoundSolver(state.game)
    solver.solve((1, 0, 1, 0, 2, 0, 2, 1), 0, None, 60)
    assert len(solver.tt) == 1 << TT_BITS
    stored = [(i, e) for i, e in enumerate(solver.tt) if e is not None]
    assert len(stored) > 5
    assert all(i == hash(e[0]) & ((1 << TT_BITS) - 1) for i, e in stored)


def test_an_exact_entry_answers_any_later_search_at_once() -> None:
    """What a search saw to the round's end is stored exact and reused at any depth and window
    without a search below it: one node, nothing cut."""
    pits = (1, 0, 1, 0, 2, 0, 2, 1)
    state = state_of(KALAH4, list(pits))
    solver = RoundSolver(state.game)
    best = solver.negamax(pits, 0, 30, -INF, INF)
    assert not solver.cut and best == value(state)
    for depth in (30, 2, 100):
        before = solver.nodes
        assert solver.negamax(pits, 0, depth, -INF, INF) == best
        assert solver.nodes == before + 1
        assert not solver.cut


def test_a_depth_limited_entry_answers_only_as_deep_a_search() -> None:
    """An entry cut at the horizon holds for searches as deep as it or shallower, and says the
    line was cut; a deeper search searches again."""
    pits = (1, 0, 2, 2, 2, 2)
    state = state_of(KALAH3, list(pits))
    solver = RoundSolver(state.game)
    first = solver.negamax(pits, 0, 3, -INF, INF)
    assert solver.cut
    solver.cut = False
    before = solver.nodes
    assert solver.negamax(pits, 0, 3, -INF, INF) == first
    assert solver.nodes == before + 1 and solver.cut
    before = solver.nodes
    solver.negamax(pits, 0, 4, -INF, INF)
    assert solver.nodes > before + 1


# a stored value far from the true one (a few beans): when the entry answers, it shows
FAKE = 40


@pytest.mark.parametrize(
    ("flag", "stored", "alpha", "beta", "entry_depth", "exact", "answers"),
    [
        (EXACT, FAKE, -INF, INF, 5, False, True),
        (EXACT, FAKE, -INF, INF, 4, False, False),  # shallower than the search: not used
        (EXACT, FAKE, -INF, INF, 1, True, True),  # exact: used at any depth
        (LOWER, FAKE, 0, FAKE, 5, False, True),  # a lower bound at beta: a cut-off
        (LOWER, FAKE, 0, FAKE + 1, 5, False, False),
        (LOWER, FAKE, FAKE + 1, FAKE + 5, 5, False, False),  # below alpha says nothing
        (UPPER, -FAKE, -FAKE, 0, 5, False, True),  # an upper bound at alpha: a cut-off
        (UPPER, -FAKE, -FAKE - 1, 0, 5, False, False),
        (UPPER, -FAKE, -FAKE - 5, -FAKE - 1, 5, False, False),  # above beta says nothing
    ],
)
def test_a_table_entry_answers_only_the_windows_it_bounds(
    flag, stored, alpha, beta, entry_depth, exact, answers
) -> None:
    """EXACT answers any window, LOWER one it fails high (value >= beta), UPPER one it fails
    low (value <= alpha); only at the entry's depth or less, unless it is exact."""
    pits = (1, 0, 2, 2, 2, 2)
    state = state_of(KALAH3, list(pits))
    solver = RoundSolver(state.game)
    key = (pits, 0)
    solver.tt[hash(key) & solver.mask] = (key, entry_depth, stored, flag, (0, 1), exact)
    solver.cut = False
    v = solver.negamax(pits, 0, 5, alpha, beta)
    if answers:
        assert (v, solver.nodes) == (stored, 1)
        assert solver.cut == (not exact)  # an entry that saw a horizon passes the cut on
    else:
        assert v != stored and solver.nodes > 1


# -- the search's bookkeeping: nodes, clock, collector ----------------------------------------


def test_nodes_count_each_position_searched() -> None:
    """Player 0's only move (pit 2, into the store: an extra turn) leaves the round going: one
    ply searches one position below the root (the Python search counts the positions below
    the root, the compiled one the root too)."""
    pits = (0, 0, 2, 0, 1, 1, 0, 1)
    state = state_of(KALAH4, list(pits))
    assert [after(state, a)[2] for a in state.legal_actions(0)] == [0]
    solver = RoundSolver(state.game)
    assert solver.negamax(pits, 0, 2, -INF, INF) == value(state, 2)
    assert solver.nodes == 2
    assert RoundSolver(state.game).solve(pits, 0, None, 1).nodes == 1
    compiled = CompiledRoundSolver(state.game, shared=False)
    assert compiled.solve(pits, 0, None, 1).nodes == 2


class Clock:
    """``perf_counter`` for the solver: 0.0 for its first ``reads`` reads, then a day later."""

    def __init__(self, reads: int) -> None:
        self.reads, self.left = reads, reads

    def perf_counter(self) -> float:
        self.left -= 1
        return 0.0 if self.left >= 0 else 86400.0


class Stopped:
    """A clock that stands still (at 1000 s: not at 0)."""

    def perf_counter(self) -> float:
        return 1000.0


@pytest.mark.parametrize(("reads", "partial"), [(1, "same move"), (3, "none"), (6, "another")])
def test_a_search_out_of_time_plays_the_better_move_its_last_iteration_found(
    monkeypatch, reads, partial
) -> None:
    """The budget runs out at the ``reads``-th look at the clock (one every CHECK_EVERY + 1
    nodes; the first read is the start). The last finished iteration's move and value stand,
    unless the unfinished one, which searched that move first, found a better move (its
    partial answer)."""
    g = spieltisch.load_game("kalah")
    pits = (4,) * 12
    monkeypatch.setattr(S, "_time", Clock(reads))
    solver = RoundSolver(g)
    info = solver.solve(pits, 0, 1.0, None)
    assert info.nodes == reads * (CHECK_EVERY + 1)
    assert not info.exact and info.seconds == 86400.0
    monkeypatch.undo()
    finished = RoundSolver(g).solve(pits, 0, None, info.depth)
    if partial == "another":
        assert solver.partial[1] != finished.move
        assert (info.value, info.move) == solver.partial
    else:
        assert solver.partial is None or solver.partial[1] == finished.move
        assert (solver.partial is None) == (partial == "none")
        assert (info.value, info.move) == (finished.value, finished.move)
    assert solver.deadline is None  # no budget left behind for a later search


def test_without_a_budget_the_search_never_reads_the_clock(monkeypatch) -> None:
    """negamax called on its own (not through ``solve``) has no deadline, however many nodes
    it searches; a new solver has searched nothing and cut nothing."""
    g = spieltisch.load_game("kalah")
    solver = RoundSolver(g)
    assert (solver.deadline, solver.nodes, solver.cut) == (None, 0, False)
    monkeypatch.setattr(S, "_time", None)  # a look at the clock would fail
    solver.negamax((4,) * 12, 0, 6, -INF, INF)
    assert solver.nodes > CHECK_EVERY


def test_a_compiled_search_out_of_time_gets_2000_nodes_an_iteration() -> None:
    """The compiled search reads no clock: each iteration gets a node budget, at least 2000
    nodes, and the first iteration past it stops the search (its nodes counted)."""
    g = spieltisch.load_game("kalah")
    pits = (4,) * 12
    info = CompiledRoundSolver(g, shared=False).solve(pits, 0, 1e-9, None)
    assert info.depth >= 1 and not info.exact
    finished = CompiledRoundSolver(g, shared=False).solve(pits, 0, None, info.depth)
    assert info.nodes == finished.nodes + 2001


def test_a_compiled_search_too_quick_to_time_guesses_200000_nodes_a_second(monkeypatch) -> None:
    """Until a rate can be measured (0.01 s) the budget is 200,000 nodes a second of what is
    left: on a clock that never moves, each iteration of a 0.1 s search of the opening gets
    20,000 nodes, and the first to need more stops the search there."""
    g = spieltisch.load_game("kalah")
    monkeypatch.setattr(S, "_time", Stopped())
    info = CompiledRoundSolver(g, shared=False).solve((4,) * 12, 0, 0.1, None)
    monkeypatch.undo()
    finished = CompiledRoundSolver(g, shared=False).solve((4,) * 12, 0, None, info.depth)
    assert not info.exact and info.nodes == finished.nodes + 20_001
    assert info.seconds == 0.0  # the stopped clock: no time passed


def test_the_clock_is_read_every_256_nodes_and_the_budget_ends_the_search() -> None:
    """With its budget spent at once, the search still finishes the nodes up to the first
    look at the clock (CHECK_EVERY + 1 of them), then stops: not exact, its move a legal one,
    the time it took reported."""
    g = spieltisch.load_game("kalah")
    pits = (4,) * 12
    info = RoundSolver(g).solve(pits, 0, 1e-9, None)
    assert info.nodes == CHECK_EVERY + 1
    assert not info.exact and info.depth >= 1
    assert info.move in {(i, 1) for i in range(6)}
    assert 0 <= info.seconds < 1


def test_a_search_leaves_the_garbage_collector_as_it_found_it() -> None:
    """The collector is off during a search (no cycles made) and on again after it; a caller
    that had it off keeps it off."""
    state = state_of(KALAH3, [1, 0, 2, 2, 2, 2])
    solver = RoundSolver(state.game)
    assert gc.isenabled()
    solver.solve((1, 0, 2, 2, 2, 2), 0, None, 3)
    assert gc.isenabled()
    gc.disable()
    try:
        solver.solve((1, 0, 2, 2, 2, 2), 0, None, 3)
        assert not gc.isenabled()
    finally:
        gc.enable()


# -- SolverBot ---------------------------------------------------------------------------------


def test_the_bots_settings_and_their_bounds() -> None:
    """0.9 s a move by default; depth from 1 to MAX_DEPTH plies; time above 0 s."""
    g = spieltisch.load_game("kalah")
    bot = SolverBot(g, engine="python")
    assert (bot.game, bot.time, bot.depth, bot.engine) == (g, 0.9, None, "python")
    assert bot.info == SolverInfo()
    assert SolverBot(g, depth=1, engine="python").depth == 1
    assert SolverBot(g, depth=MAX_DEPTH, engine="python").depth == MAX_DEPTH
    for bad in ({"depth": MAX_DEPTH + 1}, {"time": 0}):
        with pytest.raises(OptionError):
            SolverBot(g, engine="python", **bad)
    with pytest.raises(OptionError) as refused:
        SolverBot(g, engine="fast")
    assert str(refused.value) == "solver: engine is one of auto, compiled, python, not 'fast'"


def test_the_solver_function_passes_its_settings_on() -> None:
    g = spieltisch.load_game("kalah")
    bot = S.solver(g)
    assert (bot.game, bot.time, bot.depth, bot.engine) == (g, 0.9, None, "compiled")
    assert bot.search.shared  # type: ignore[union-attr]
    bot = S.solver(g, time=0.4, depth=7, engine="compiled", table="own")
    assert (bot.time, bot.depth, bot.engine, bot.search.shared) == (0.4, 7, "compiled", False)  # type: ignore[union-attr]
    assert S.solver(g, engine="python").engine == "python"


def test_without_numba_auto_searches_in_python_and_compiled_is_refused(monkeypatch) -> None:
    g = spieltisch.load_game("kalah")
    monkeypatch.setattr(S, "HAVE_COMPILED", False)
    bot = SolverBot(g, depth=2)
    assert bot.engine == "python" and isinstance(bot.search, RoundSolver)
    with pytest.raises(OptionError) as refused:
        SolverBot(g, depth=2, engine="compiled")
    assert str(refused.value) == "solver: no compiled search here: the compiled solver needs numba"


def test_a_single_legal_move_is_played_without_a_search() -> None:
    state = state_of(KALAH3, [0, 0, 1, 1, 0, 1])
    (only,) = state.legal_actions(0)
    bot = SolverBot(state.game, depth=3, engine="python")
    assert bot.act(Decision.at(state, 0, Rng(0))) == only
    assert bot.info == SolverInfo(move=only)


def test_arranging_is_left_to_the_alpha_beta_bot_with_the_same_budget() -> None:
    """The solver searches rounds, not arrangements: mancala's alpha-beta bot arranges, with
    the solver's time and depth, one bot kept for the whole match."""
    g = spieltisch.load_game("mancala", pits=3, seeds=2, rounds=3)
    arranging = position(
        [0, 0, 0, 0],
        [3, 9],
        to_move=1,
        phase="arrange",
        arranger=0,
        rounds=3,
        round_no=2,
        total=g.total_beans,
    )
    state = g.from_json(arranging)
    bot = SolverBot(g, time=0.3, depth=2, engine="python")
    action = bot.act(Decision.at(state, 0, Rng(0)))
    arranger = bot._arranger
    assert isinstance(arranger, AlphaBetaBot) and (arranger.time, arranger.depth) == (0.3, 2)
    assert action == alphabeta(g, time=0.3, depth=2).act(Decision.at(state, 0, Rng(0)))
    bot.act(Decision.at(state, 0, Rng(0)))
    assert bot._arranger is arranger


# -- the trap: among equal moves, the one whose replies go wrong --------------------------------


def greedy_first(state: Any) -> list[tuple[Any, Any, int, int]]:
    """The mover's moves in the solver's order: extra turns, then the biggest gain."""
    (mover,) = state.actors()
    rows = [(a, *after(state, a)) for a in state.legal_actions(mover)]
    rows.sort(key=lambda r: (r[3] != mover, -r[2]))
    return rows


def trap_scores(state: Any) -> dict[tuple[int, int], float]:
    """``SolverBot._trap``'s measure of each move that keeps the solved value: the share of
    the opponent's replies worse for them than their best, their greedy reply (the first in
    the solver's order) counting as many as all; 0 for a move after which they do not move."""
    (mover,) = state.actors()
    best = value(state)
    out = {}
    for action, child, _, nxt in greedy_first(state):
        if move_value(state, action) != best:
            continue
        if nxt != 1 - mover:
            out[move_key(action)] = 0.0
            continue
        theirs = value(child)
        replies = greedy_first(child)
        wrong = sum(
            (len(replies) if k == 0 else 1)
            for k, (reply, *_) in enumerate(replies)
            if move_value(child, reply) < theirs
        )
        out[move_key(action)] = wrong / len(replies)
    return out


# positions whose first best move in the solver's order leaves the opponent fewer mistakes
TRAPS = [
    (KALAH3, [1, 1, 2, 0, 1, 2]),
    (KALAH3, [1, 1, 1, 0, 3, 2]),
    (KALAH4, [2, 0, 1, 1, 0, 2, 1, 1]),
    (KALAH4, [0, 3, 1, 0, 0, 2, 1, 1]),
    (SHEET4, [2, 1, 2, 0, 0, 1, 0, 1]),
    (SHEET4, [1, 2, 1, 0, 2, 2, 0, 0]),
]


@pytest.mark.parametrize(
    ("engine", "rules", "pits"),
    [
        *(("python", rules, pits) for rules, pits in POSITIONS[:7] + TRAPS),
        *(("compiled", rules, pits) for rules, pits in (POSITIONS[0], TRAPS[2], TRAPS[5])),
    ],
)
def test_a_solved_position_is_played_for_the_opponents_mistakes(engine, rules, pits) -> None:
    """Of the moves that keep the solved value, the bot plays the one after which most of the
    opponent's replies lose (neither the search's own move nor the first in its order here)."""
    state = state_of(rules, pits)
    scores = trap_scores(state)
    top = max(scores.values())
    (trap,) = [m for m, x in scores.items() if x == top]
    own = RoundSolver(state.game).solve(tuple(pits), 0, None, 60).move
    first = next(move_key(a) for a, *_ in greedy_first(state) if move_key(a) in scores)
    assert (own, first) != (trap, trap)
    bot = SolverBot(state.game, time=5.0, engine=engine)
    assert move_key(bot.act(Decision.at(state, 0, Rng(0)))) == trap
    assert bot.info.exact and bot.info.value == solved(rules, tuple(pits))


# positions where one of the trap's rules decides the move: player 1 to move (the first three),
# an extra turn among the best moves, the greedy reply counted as all replies, a tie
TRAP_RULES = [
    (KALAH4, [1, 1, 1, 1, 1, 2, 1, 0], 1),
    (KALAH4, [0, 0, 1, 0, 0, 1, 3, 1], 1),
    (KALAH3, [0, 1, 2, 0, 1, 3], 1),
    (KALAH3, [3, 1, 0, 1, 1, 2], 1),
    (KALAH3, [0, 1, 1, 0, 3, 0], 0),
]


@pytest.mark.parametrize(("rules", "pits", "mover"), TRAP_RULES)
def test_the_trap_weighs_the_replies_by_its_rule(rules, pits, mover) -> None:
    """The move with the largest share of losing replies (the greedy reply counting as all of
    them; 0 after an extra turn), the first in the solver's order among equals."""
    state = state_of(rules, pits, mover)
    scores = trap_scores(state)
    top = max(scores.values())
    expected = next(move_key(a) for a, *_ in greedy_first(state) if scores.get(move_key(a)) == top)
    bot = SolverBot(state.game, time=5.0, engine="python")
    assert move_key(bot.act(Decision.at(state, mover, Rng(0)))) == expected


@pytest.mark.parametrize("engine", ["python", "compiled"])
def test_the_traps_searches_keep_to_the_moves_deadline(engine) -> None:
    """Each reply the trap weighs is solved within what is left of the move's time: a tiny
    endgame is solved with half a second left, the opening is not solved in a hundredth (no
    answer, so no trap), and nothing is searched once the deadline passed."""
    g = spieltisch.load_game("kalah")
    bot = SolverBot(g, engine=engine)
    tiny = (0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 1)
    assert (
        bot._exact(tiny, 0, time.perf_counter() + 0.5)
        == RoundSolver(g).solve(tiny, 0, None, 60).value
    )
    assert bot._exact((4,) * 12, 0, time.perf_counter() + 0.01) is None
    assert bot._exact(tiny, 0, time.perf_counter() - 0.01) is None


def test_with_a_fixed_depth_the_bot_plays_the_searchs_own_move() -> None:
    """A depth-limited bot is reproducible: no trap (it needs the clock), the search's move."""
    rules, pits = POSITIONS[0]
    state = state_of(rules, pits)
    bot = SolverBot(state.game, depth=60, engine="python")
    own = RoundSolver(state.game).solve(tuple(pits), 0, None, 60).move
    assert move_key(bot.act(Decision.at(state, 0, Rng(0)))) == own


# -- the compiled search's tables ----------------------------------------------------------------


def test_a_compiled_table_holds_2_to_the_20_empty_slots() -> None:
    """40 MB: 2 ** 20 keys (uint64, 0) and entries of depth, value, flags, move (int64, -1 for
    an empty slot)."""
    keys, entries = S._new_table()
    assert (keys.shape, keys.dtype) == ((1 << S.C_TT_BITS,), np.uint64)
    assert (entries.shape, entries.dtype) == ((1 << S.C_TT_BITS, 4), np.int64)
    assert not keys.any() and (entries == -1).all()


def test_at_most_eight_tables_are_kept_the_least_recently_used_let_go(monkeypatch) -> None:
    monkeypatch.setattr(S, "_TABLES", OrderedDict())
    monkeypatch.setattr(S, "_new_table", lambda: (object(), object()))
    tables = [S._table(("rules", k)) for k in range(S.MAX_TABLES)]
    assert [S._table(("rules", k)) for k in range(S.MAX_TABLES)] == tables  # all eight kept
    S._table(("rules", 0))  # used again: now the most recent
    ninth = S._table(("rules", 99))
    assert S._table(("rules", 99)) is ninth
    assert S._table(("rules", 0)) is tables[0]
    assert S._table(("rules", 1)) is not tables[1]  # the least recently used went


def test_a_compiled_solver_shares_its_threads_table_by_default_and_follows_the_thread() -> None:
    """Shared unless told otherwise; a host may move a bot to another thread, whose table it
    then searches."""
    g = spieltisch.load_game("kalah")
    a, b = CompiledRoundSolver(g), CompiledRoundSolver(g)
    assert a.tt is b.tt
    seen = []

    def elsewhere() -> None:
        a.solve((4,) * 12, 0, None, 2)
        seen.append(a.tt)

    worker = threading.Thread(target=elsewhere)
    worker.start()
    worker.join()
    assert seen[0] is not b.tt
    a.solve((4,) * 12, 0, None, 2)
    assert a.tt is b.tt


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_the_compiled_search_stops_at_its_depth(depth) -> None:
    rules, pits = POSITIONS[3]
    state = state_of(rules, pits)
    info = CompiledRoundSolver(state.game, shared=False).solve(tuple(pits), 0, None, depth)
    assert (info.depth, info.exact, info.value) == (depth, False, solved(rules, tuple(pits), depth))


# -- the search's order and windows: principal variation search ---------------------------------


class Recorder:
    """Wraps a solver's ``value`` (and ``root``) to see the moves searched and their windows."""

    def __init__(self, solver: RoundSolver) -> None:
        self.solver = solver
        self.value, self.root = solver.value, solver.root
        self.calls: list[tuple[int, tuple[int, ...], int, int, int, int]] = []
        self.roots: list[tuple[Any, list]] = []
        solver.value = self.on_value  # type: ignore[method-assign]
        solver.root = self.on_root  # type: ignore[method-assign]

    def on_value(self, gain, mover, nxt, child, depth, alpha, beta) -> int:
        if self.roots and not self.roots[-1][1]:
            self.roots[-1][1].append(child)  # the first move this root searches
        at, iteration = len(self.calls), len(self.roots)
        self.calls.append((depth, child, alpha, beta, 0, iteration))
        v = self.value(gain, mover, nxt, child, depth, alpha, beta)
        self.calls[at] = (depth, child, alpha, beta, v, iteration)  # in the order they began
        return v

    def on_root(self, pits, mover, depth, first):
        self.roots.append((first, []))
        return self.root(pits, mover, depth, first)


def check_pvs(calls: list, alpha: int, beta: int, fresh_window_beta: int | None = None) -> None:
    """The first move in the full window; each later one first in the null window (alpha,
    alpha + 1) at the best so far, and again in (alpha, beta) only when it fell inside."""
    assert calls[0][2:4] == (alpha, beta)
    best = calls[0][4]
    k = 1
    while k < len(calls):
        _, child, lo, hi, v, _ = calls[k]
        a = max(alpha, best)
        assert (lo, hi) == (a, a + 1)
        if a < v < beta:
            assert calls[k + 1][1:4] == (child, a, beta)
            v = calls[k + 1][4]
            k += 1
        best = max(best, v)
        k += 1


@pytest.mark.parametrize(
    ("rules", "pits"),
    [
        (KALAH3, (1, 1, 2, 0, 2, 2)),
        (KALAH4, (1, 1, 3, 0, 0, 1, 0, 0)),
        (SHEET4, (3, 1, 2, 0, 0, 0, 0, 2)),
    ],
)
def test_negamax_searches_the_first_move_wide_and_the_others_with_a_null_window(
    rules, pits
) -> None:
    """Principal variation search: one move searched again in the full window (it fell inside
    the null one), one that fails low exactly at alpha not searched again."""
    solver = RoundSolver(solver_game(rules))
    rec = Recorder(solver)
    solver.negamax(pits, 0, 3, -INF, INF)
    top = [c for c in rec.calls if c[0] == 2]
    assert len(top) == len(solver.children(pits, 0)) + 1
    check_pvs(top, -INF, INF)


def test_each_iteration_searches_the_last_ones_best_move_first_and_pvs_at_the_root() -> None:
    pits = (1, 0, 1, 0, 2, 0, 2, 1)
    solver = RoundSolver(state_of(KALAH4, list(pits)).game)
    rec = Recorder(solver)
    info = solver.solve(pits, 0, None, 4)
    assert info.depth == 4 and len(rec.roots) == 4
    moves = {c[3]: c[0] for c in solver.children(pits, 0)}
    assert rec.roots[0][0] is None
    last_best = []
    for d in range(1, 4):
        last_best.append(RoundSolver(solver_game(KALAH4)).solve(pits, 0, None, d).move)
    for (first, searched), best in zip(rec.roots[1:], last_best, strict=True):
        assert first == best
        assert moves[searched[0]] == best
    # iteration 2's root: its calls are the only ones at depth 1
    check_pvs([c for c in rec.calls if c[0] == 1 and c[5] == 2], -INF, INF)


def test_the_tables_best_move_is_searched_first() -> None:
    """An entry too shallow to answer still orders the search: its move first."""
    pits = (1, 0, 1, 0, 2, 0, 2, 1)
    solver = RoundSolver(state_of(KALAH4, list(pits)).game)
    children = solver.children(pits, 0)
    last = children[-1]
    key = (pits, 0)
    solver.tt[hash(key) & solver.mask] = (key, 0, 0, EXACT, last[0], False)
    rec = Recorder(solver)
    solver.negamax(pits, 0, 3, -INF, INF)
    assert next(c for c in rec.calls if c[0] == 2)[1] == last[3]
