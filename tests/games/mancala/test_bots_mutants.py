"""Mancala's bots module (``bots.py``) pinned piece by piece: what the alpha-beta bot values
(``beans``, ``evaluate``), which moves it looks at first (``order``), which bean counts it
considers while arranging, its transposition key, and the bots its spec names build.

The search tests (``tests/bots/test_alphabeta.py``) show the bot plays well; they cannot say
whether the evaluation is the one its docstring describes. Here each expected figure comes
from the public API (a clone, a move, the beans after it), never from the module's own helpers.
"""

from __future__ import annotations

from typing import Any

import pytest
from mancala_positions import load, position

import spieltisch
from spieltisch.bots import make_bot, strongest_bot
from spieltisch.bots.alphabeta import AlphaBetaBot
from spieltisch.core import Action
from spieltisch.games.mancala import bots as B
from spieltisch.games.mancala.mcts import MctsBot
from spieltisch.games.mancala.solver import SolverBot


def own_beans(state: Any, player: int) -> int:
    """A player's beans by the sheet's count: their store and what their own pits hold."""
    j = state.to_json()
    n = len(j["pits"]) // 2
    return j["stores"][player] + sum(j["pits"][player * n : player * n + n])


def first_moves(state: Any) -> list[tuple[Action, int, dict[str, Any]]]:
    """Each legal move of the player to move, played on a clone: the move, what it gains
    them at once, and its event's data (its laps, whether another move follows)."""
    player = state.to_json()["to_move"]
    before = own_beans(state, player)
    out = []
    for action in state.legal_actions(player):
        child = state.clone()
        (event, *_) = child.apply(player, action)
        out.append((action, own_beans(child, player) - before, event.data))
    return out


def first_move_gains(state: Any) -> list[int]:
    """What each legal move of the player to move gains them at once."""
    return [gain for _, gain, _ in first_moves(state)]


# -- what a position is worth ---------------------------------------------------------------------


def test_a_players_beans_are_their_store_and_their_own_pits():
    """At a round's end each player sweeps their own pits into their store, so what they own
    now is both together, and nothing of the opponent's row."""
    s = load([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0], [3, 3])
    assert B.beans(s, 0) == 3 + 21
    assert B.beans(s, 1) == 3 + 45
    assert (B.beans(s, 0), B.beans(s, 1)) == (own_beans(s, 0), own_beans(s, 1))


def test_in_play_the_value_is_the_bean_difference():
    """The evaluation counts beans: the player's less the opponent's, from either side."""
    s = load([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0], [3, 3])
    assert B.evaluate(s, 0) == -24.0
    assert B.evaluate(s, 1) == 24.0
    assert isinstance(B.evaluate(s, 0), float)


def test_a_finished_match_is_worth_its_result_a_thousandfold():
    """Over, the match's result decides: a win is worth far more than any bean count."""
    game = spieltisch.load_game("mancala", rounds=1, pits=4, seeds=3, first_mover="0")
    s = game.from_json(position([2, 2, 0, 5, 0, 1, 2, 4], [4, 4], rounds=1, total=game.total_beans))
    s.apply(0, Action(pit=1, direction="ccw"))  # the winning capture of test_alphabeta
    assert s.is_terminal()
    returns = s.result().returns
    assert returns[0] > 0 > returns[1]
    assert B.evaluate(s, 0) == 1000.0 * returns[0]
    assert B.evaluate(s, 1) == 1000.0 * returns[1]


def test_a_drawn_match_is_worth_nothing_to_either():
    """A match that ends level (12 beans each here) is worth 0: neither a win nor a loss."""
    game = spieltisch.load_game("mancala", rounds=1, pits=4, seeds=3, first_mover="0")
    s = game.from_json(position([0, 1, 1, 2, 4, 1, 2, 3], [3, 7], rounds=1, total=game.total_beans))
    s.apply(0, Action(pit=3, direction="ccw"))
    assert s.is_terminal() and s.result().ranks == (1, 1)
    assert (B.evaluate(s, 0), B.evaluate(s, 1)) == (0.0, 0.0)


def arranging(placed: list[int], to_move: int, own: int = 36, arranger: int = 0) -> Any:
    """``arranger`` arranges their ``own`` beans (the opponent holds the rest of the 72):
    ``placed`` so far, the rest still in their store."""
    game = spieltisch.load_game("mancala")
    row = [*placed, *[0] * (6 - len(placed))]
    pits = [*row, *[0] * 6] if arranger == 0 else [*[0] * 6, *row]
    stores = [own - sum(placed), 72 - own]
    if arranger:
        stores.reverse()
    return game.from_json(
        position(pits, stores, phase="arrange", arranger=arranger, to_move=to_move, total=72)
    )


def finished_evenly(state: Any) -> Any:
    """The arrangement finished as the evaluation imagines it: each later pit an even share
    of the beans left (the rest to the last), then copied for the opponent."""
    s = state.clone()
    while s.to_json()["phase"] == "arrange":
        j = s.to_json()
        a = j["arranger"]
        left_pits = sum(1 for x in j["pits"][a * 6 : a * 6 + 6] if x == 0)
        s.apply(a, Action(place=j["stores"][a] // left_pits))
    return s


@pytest.mark.parametrize(("arranger", "to_move"), [(0, 0), (0, 1), (1, 0), (1, 1)])
def test_an_arrangement_is_charged_half_the_first_movers_best_gain(arranger, to_move):
    """While arranging every arrangement holds the same beans, so what tells them apart is
    what the first mover can take at once from the finished board: the arranger is charged
    half of their best first move's gain, and the other player credited with it, on top of
    the bean difference."""
    s = arranging([2, 12], to_move, own=30, arranger=arranger)  # the loser: 30 to 42 beans
    done = finished_evenly(s)
    j = done.to_json()
    assert j["phase"] == "play"
    assert j["pits"][arranger * 6 : arranger * 6 + 6] == [2, 12, 4, 4, 4, 4]
    assert j["to_move"] == to_move  # the player to move while arranging moves first
    gain = max(first_move_gains(done))
    assert gain == 8  # the position charges something (spread from the first pit: 10)
    sign = 1.0 if to_move == arranger else -1.0  # an own threat is to the arranger's good
    assert B.evaluate(s, arranger) == pytest.approx(-12 + sign * 0.5 * gain)
    assert B.evaluate(s, 1 - arranger) == pytest.approx(12 - sign * 0.5 * gain)


# -- the transposition key ------------------------------------------------------------------------

KEYED = {
    "phase": "arrange",
    "pits": [6, 6, 6, 6, 6, 5, 6, 6, 6, 6, 6, 7],
    "stores": [1, 0],
    "to_move": 1,
    "arranger": 1,
    "first_mover": 1,
    "round": 2,
    "rounds": 4,
}


@pytest.mark.parametrize("field", sorted(KEYED))
def test_the_search_key_tells_positions_apart_by_every_field_that_decides_play(field):
    """Two positions that differ in anything play can depend on (phase, board, stores, who
    moves, who arranges, who began the round, which round of how many) have different keys,
    and equal positions equal ones: the search must never take one for the other."""
    base = load([6] * 12, [0, 0])
    j = base.to_json()
    other = load([6] * 12, [0, 0])
    assert B.state_key(base) == B.state_key(other)
    changed = base.game.from_json({**j, "phase": "play", "arranger": None})
    setattr(changed, field, KEYED[field])  # the key reads the state's fields, as here
    assert B.state_key(changed) != B.state_key(base)
    assert len({B.state_key(base), B.state_key(changed)}) == 2  # hashable: a table's key


# -- the moves searched first ---------------------------------------------------------------------


def expected_order(state: Any) -> list[Action]:
    """The documented order, found through the API: another move first of all, then the
    biggest immediate gain, then the longer chain of laps (up to 32), then the listed order."""
    keyed = [
        ((-data["again"], -gain, -min(len(data["laps"]), 32), idx), action)
        for idx, (action, gain, data) in enumerate(first_moves(state))
    ]
    return [a for _, a in sorted(keyed, key=lambda t: t[0])]


@pytest.mark.parametrize(
    ("game_id", "pits", "stores", "to_move"),
    [
        ("mancala", [6] * 12, [0, 0], 0),
        ("mancala", [3, 0, 5, 1, 2, 9, 4, 0, 2, 7, 1, 2], [20, 16], 0),
        ("mancala", [2, 2, 0, 8, 2, 2, 1, 4, 2, 0, 3, 6], [20, 20], 0),
        # the best first by its beans is not the best by its capture alone: beans the chain
        # leaves in the mover's own row count as much as the store's
        ("mancala", [4, 2, 5, 2, 6, 5, 6, 5, 5, 4, 0, 6], [11, 11], 0),
        ("kalah", [4, 1, 6, 0, 3, 1, 2, 5, 0, 4, 4, 6], [6, 6], 0),
        ("kalah", [1, 2, 3, 4, 5, 6, 0, 0, 9, 1, 0, 2], [7, 8], 0),
        # the same for the second player, whose own row is the board's second half
        ("mancala", [6, 3, 2, 4, 1, 1, 5, 3, 4, 6, 4, 3], [15, 15], 1),
    ],
)
def test_moves_are_searched_best_looking_first(game_id, pits, stores, to_move):
    """The search cuts most where the best move comes first, so moves are tried by what they
    bring at once: another move (Kalah's store) above everything, then the beans gained, then
    the longer relay chain (more of the board changed); ties keep the listed order."""
    game = spieltisch.load_game(game_id)
    s = game.from_json(position(pits, stores, to_move=to_move, total=game.total_beans))
    actions = s.legal_actions(to_move)
    ordered = B.order(s, actions)
    assert sorted(map(str, ordered)) == sorted(map(str, actions))  # every move, once
    assert ordered == expected_order(s)


def test_the_kalah_order_puts_the_extra_move_before_a_bigger_capture():
    """Kalah: a move ending in the store gains no bean (its beans stay the mover's) but
    another move; a capture gains nine. Another move comes first all the same: the search
    sees the capture one ply later, among the extra move's own replies."""
    game = spieltisch.load_game("kalah")
    s = game.from_json(position([1, 0, 4, 0, 0, 3, 0, 0, 2, 1, 9, 2], [10, 16], total=48))
    gains = dict(zip(map(str, s.legal_actions(0)), first_move_gains(s), strict=True))
    ordered = B.order(s, s.legal_actions(0))
    assert ordered[0] == Action(pit=2, direction="ccw")  # 4 beans: the last in the store
    assert gains[str(ordered[0])] == 0  # beans moved from own pits to own store
    assert ordered[1] == Action(pit=0, direction="ccw")  # lands empty: takes the 9 opposite
    assert gains[str(ordered[1])] == 9


def test_the_order_of_no_actions_is_none():
    """A position with no legal action (the opponent to move) is handed back as it is."""
    s = load([6] * 12, [0, 0])
    assert B.order(s, []) == []


# -- arranging: a handful of bean counts ----------------------------------------------------------


@pytest.mark.parametrize(
    ("placed", "candidates"),
    [
        ([1, 9], [6, 7, 5, 2, 1]),  # 26 beans over 4 pits: 6.5 rounds to 6
        ([], [6, 7, 5, 2, 1]),  # 36 over 6: 6
        ([10, 10, 10], [2, 3, 1]),  # 6 over 3: 2 (and 1 already listed once)
        ([1, 1, 1, 1], [16, 17, 15, 2, 1]),  # 32 over 2: 16
        ([30, 1, 1], [1, 2]),  # 4 over 3: 1, its neighbour below is no count at all
    ],
)
def test_arranging_considers_an_even_share_its_neighbours_one_and_two(placed, candidates):
    """While arranging the search looks only at a few counts for the next pit: an even share
    of the beans left, one more, one less, then 2 and 1, each once and only if legal."""
    s = arranging(placed, 1)
    legal = s.legal_actions(0)
    got = B.order(s, legal)
    assert [a["place"] for a in got] == candidates
    assert all(a in legal for a in got)


def test_the_threat_counts_moves_from_pits_of_exactly_two_past_a_pit_too_small():
    """The sheet's moves need two beans in the pit (``min_pick``): here the first mover's
    best move is from a pit of exactly two, found past a pit of one bean that cannot move."""
    s = arranging([6, 7], 0, own=20)
    done = finished_evenly(s)
    assert done.to_json()["pits"][:6] == [6, 7, 1, 2, 2, 2]
    gains = dict(zip(map(str, done.legal_actions(0)), first_move_gains(done), strict=True))
    best = max(gains.values())
    assert best == 11 and gains[str(Action(pit=3, direction="ccw"))] == best
    assert B.evaluate(s, 0) == pytest.approx(-32 + 0.5 * best)


def test_an_arrangement_that_leaves_the_first_mover_no_move_is_charged_nothing():
    """Six beans over six pits is a bean in each: no pit holds the two beans a move needs,
    so the first mover threatens nothing and the value is the bean difference alone."""
    s = arranging([1, 1, 1, 1], 1, own=6)
    assert finished_evenly(s).to_json()["round"] == 2  # the rules agree: nobody could move
    assert (B.evaluate(s, 0), B.evaluate(s, 1)) == (-60.0, 60.0)


def test_arranging_falls_back_to_the_first_legal_count():
    """Where none of the handful is legal (a hand-made list of actions), the first one is
    searched, so that the search always has a move."""
    s = arranging([1, 9], 1)
    assert B.order(s, [Action(place=12), Action(place=13)]) == [Action(place=12)]


# -- the bots the specs name ----------------------------------------------------------------------


def test_the_alphabeta_spec_builds_the_bot_with_mancalas_knowledge():
    """``alphabeta`` is the generic search with this module's evaluation, key and order, and
    arranges with the handful of counts even at the root (``full_root=False``)."""
    game = spieltisch.load_game("mancala")
    bot = B.alphabeta(game, time=0.3, depth=4, max_depth=9)
    assert isinstance(bot, AlphaBetaBot)
    assert (bot.evaluate, bot.state_key, bot.order) == (B.evaluate, B.state_key, B.order)
    assert (bot.time, bot.depth, bot.max_depth, bot.full_root) == (0.3, 4, 9, False)
    default = make_bot("alphabeta", game)
    assert (default.time, default.depth, default.max_depth) == (0.5, None, 64)


def test_the_specs_defaults():
    """Without settings: the solver thinks 0.9 s a move, MCTS 1 s, exploring with c = 1.4, and
    picks its rollouts itself (the compiled kernel where the game has one)."""
    game = spieltisch.load_game("kalah")
    solver = B.solver(game)
    assert (solver.time, solver.depth) == (0.9, None)
    mcts = B.mcts(game)
    assert (mcts.iters, mcts.time, mcts.c) == (None, 1.0, 1.4)  # no budget named: a second
    assert mcts.rollout_kind in ("kernel", "python")


def test_the_solver_and_mcts_specs_pass_their_settings_on():
    game = spieltisch.load_game("kalah")
    solver = B.solver(game, time=0.4, depth=7, engine="python", table="own")
    assert isinstance(solver, SolverBot)
    assert (solver.time, solver.depth, solver.engine) == (0.4, 7, "python")
    mcts = B.mcts(game, iters=33, time=None, c=2.5, rollout="python")
    assert isinstance(mcts, MctsBot)
    assert (mcts.iters, mcts.time, mcts.c, mcts.rollout_kind) == (33, None, 2.5, "python")
    assert set(B.BOTS) == {"alphabeta", "solver", "mcts"}
    assert B.STRONGEST == "solver"
    assert strongest_bot(game) == "solver"  # the spec the arena and hosts seat
