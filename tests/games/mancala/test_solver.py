"""The mancala round solver: legal and view-only play, determinism, and exact endgames checked
against a brute-force minimax through the rules' own API."""

from __future__ import annotations

from typing import Any

import pytest
from mancala_positions import kalah_at

import spieltisch
from spieltisch.bots import Decision, RandomBot, make_bot
from spieltisch.bots.scheduler import play_game
from spieltisch.core import Action, OptionError, Rng
from spieltisch.games.mancala.solver import CompiledRoundSolver, RoundSolver, SolverBot

SEARCHES = [RoundSolver, CompiledRoundSolver]


def brute_force(state: Any, memo: dict[Any, int] | None = None) -> int:
    """The final store difference for the player to move, under perfect play of both, through
    ``clone``/``legal_actions``/``apply`` (extra turns included): the reference."""
    memo = {} if memo is None else memo
    key = (tuple(state.pits), tuple(state.stores), state.to_move)
    if key in memo:
        return memo[key]
    (mover,) = state.actors()
    best = None
    for a in state.legal_actions(mover):
        child = state.clone()
        child.apply(mover, a)
        if child.is_terminal():
            v = child.stores[mover] - child.stores[1 - mover]
        else:
            (nxt,) = child.actors()
            v = (1 if nxt == mover else -1) * brute_force(child, memo)
        best = v if best is None else max(best, v)
    assert best is not None
    memo[key] = best
    return best


def move_values(state: Any) -> dict[int, int]:
    """Each legal move's final store difference for the mover, by brute force."""
    (mover,) = state.actors()
    out = {}
    memo: dict[Any, int] = {}
    for a in state.legal_actions(mover):
        child = state.clone()
        child.apply(mover, a)
        if child.is_terminal():
            out[a["pit"]] = child.stores[mover] - child.stores[1 - mover]
        else:
            (nxt,) = child.actors()
            out[a["pit"]] = (1 if nxt == mover else -1) * brute_force(child, memo)
    return out


def small_positions(count: int, beans: int, seed: int) -> list[Any]:
    """Kalah positions with ``beans`` on the board (the rest in the stores), player 0 to move."""
    rng = Rng(seed)
    out = []
    while len(out) < count:
        pits = [0] * 12
        for _ in range(beans):
            pits[rng.below(12)] += 1
        if sum(x > 0 for x in pits[:6]) < 2 or not any(pits[6:]):
            continue  # player 0 has a choice, and the round is not over
        left = 48 - beans
        mine = rng.below(left + 1)
        out.append(kalah_at(pits, [mine, left - mine], to_move=0))
    return out


class Guard:
    """A state a view-only bot never touches: any use of it fails the test."""

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"the bot read the state ({name}); it may use its view only")


def view_only(state: Any, player: int, rng: Rng) -> Decision:
    return Decision(player, state.view(player), state.legal_actions(player), rng, Guard())  # type: ignore[arg-type]


# -- exact play ----------------------------------------------------------------------------


@pytest.mark.parametrize("search", SEARCHES)
def test_solver_values_small_endgames_exactly(search: Any) -> None:
    game = spieltisch.load_game("kalah")
    solver = search(game)  # one table for all: its entries stay valid from position to position
    for state in small_positions(20, beans=7, seed=3):
        values = move_values(state)
        best = max(values.values())
        info = solver.solve(tuple(state.pits), 0, None, 60)
        assert info.exact
        # the solver's value counts from here: add the stores' difference now
        assert info.value + state.stores[0] - state.stores[1] == best, state.to_json_text()
        assert values[info.move[0]] == best  # type: ignore[index]


@pytest.mark.parametrize("engine", ["python", "compiled"])
def test_solver_bot_plays_solved_endgames_perfectly(engine: str) -> None:
    game = spieltisch.load_game("kalah")
    bot = SolverBot(game, time=5.0, engine=engine)
    for state in small_positions(8, beans=8, seed=11):
        values = move_values(state)
        action = bot.act(view_only(state, 0, Rng(1)))
        assert bot.info.exact
        assert values[action["pit"]] == max(values.values())  # type: ignore[index]


def test_solver_finds_a_forced_win_that_random_misses() -> None:
    # a position where one move wins and the others do not; random play misses it
    found = None
    for state in small_positions(200, beans=7, seed=5):
        values = move_values(state)
        winning = [p for p, v in values.items() if v + state.stores[0] - state.stores[1] > 0]
        if len(winning) == 1 and len(values) >= 3:
            found = state, winning[0]
            break
    assert found is not None
    state, win = found
    bot = make_bot("solver:depth=40", state.game)
    assert bot.act(view_only(state, 0, Rng(0)))["pit"] == win  # type: ignore[index]
    random_picks = {RandomBot().act(Decision.at(state, 0, Rng(s)))["pit"] for s in range(20)}  # type: ignore[index]
    assert random_picks - {win}, "random play found the winning move every time"


@pytest.mark.parametrize("search", SEARCHES)
def test_extra_turn_chains_are_searched_as_the_same_movers(search: Any) -> None:
    # player 0: pit 5 (1 bean) reaches the store and moves again, then pit 4 (2 beans) too
    pits = [0, 0, 0, 0, 2, 1, 3, 0, 0, 0, 0, 2]
    state = kalah_at(pits, [20, 20])
    values = move_values(state)
    info = search(state.game).solve(tuple(pits), 0, None, 30)
    assert info.exact
    assert info.value == max(values.values())


# -- the contract: legal only, view only, deterministic --------------------------------------


class Checked(SolverBot):
    """The solver, asserting every answer is one of the legal actions."""

    def act(self, decision: Decision) -> Action | None:
        action = super().act(decision)
        assert action in decision.legal
        return action


@pytest.mark.parametrize(
    ("game_id", "options"),
    [("kalah", {}), ("mancala", {"pits": 4, "seeds": 3, "rounds": 3})],
)
def test_solver_plays_only_legal_moves_to_the_end(game_id: str, options: dict[str, Any]) -> None:
    game = spieltisch.load_game(game_id, **options)
    for seed in range(2):
        played = play_game(game, [Checked(game, depth=3), RandomBot()][:: 1 - 2 * seed], seed)
        assert played.state.is_terminal()


def test_solver_uses_its_view_only_in_play() -> None:
    game = spieltisch.load_game("kalah")
    state = game.new_state(2, seed=0)
    action = SolverBot(game, depth=4).act(view_only(state, 0, Rng(0)))
    assert action in state.legal_actions(0)


def test_solver_with_a_depth_is_deterministic() -> None:
    game = spieltisch.load_game("mancala")
    state = game.new_state(2, seed=4)
    (p,) = state.actors()
    moves = {
        tuple(SolverBot(game, depth=4, table="own").act(Decision.at(state, p, Rng(seed))).items())  # type: ignore[union-attr]
        for seed in range(3)
    }
    assert len(moves) == 1


def test_compiled_solvers_of_the_same_rules_share_one_table() -> None:
    """A server with the solver on many tables holds one table per set of rules and bot
    thread, not one per bot (40 MB each); ``table=own`` keeps one apart. Rules that change
    what a position is worth never share one (how a move sows: ``skip_start``, stores sown;
    captures); the number of seeds a game starts with does."""
    kalah = spieltisch.load_game("kalah")
    a, b = SolverBot(kalah, depth=2), SolverBot(spieltisch.load_game("kalah"), depth=2)
    assert a.search.tt is b.search.tt  # type: ignore[union-attr]
    assert SolverBot(kalah, depth=2, table="own").search.tt is not a.search.tt  # type: ignore[union-attr]
    fewer_seeds = SolverBot(spieltisch.load_game("kalah", seeds=3), depth=2)
    assert fewer_seeds.search.tt is a.search.tt  # type: ignore[union-attr]
    for other in ({"skip_start": True}, {"stores_sown": False}, {"capture": "none"}):
        bot = SolverBot(spieltisch.load_game("kalah", **other), depth=2)
        assert bot.search.tt is not a.search.tt, other  # type: ignore[union-attr]


def test_each_thread_searches_its_own_table() -> None:
    """The compiled search runs without the GIL: two threads never write one table."""
    import threading

    kalah = spieltisch.load_game("kalah")
    here = SolverBot(kalah, depth=2).search.tt  # type: ignore[union-attr]
    seen = []
    worker = threading.Thread(target=lambda: seen.append(SolverBot(kalah, depth=2).search.tt))  # type: ignore[union-attr]
    worker.start()
    worker.join()
    assert seen and seen[0] is not here


def test_a_shared_table_gives_the_moves_an_own_table_gives() -> None:
    """What one bot stored helps another, and never changes an exact answer."""
    game = spieltisch.load_game("kalah", seeds=2)
    state = game.new_state(2, seed=0)
    while sum(state.pits) > 10:  # into the endgame, where the search is exact
        (p,) = state.actors()
        state.apply(p, state.legal_actions(p)[-1])
    assert not state.is_terminal()
    (p,) = state.actors()
    decision = Decision.at(state, p, Rng(0))
    first = SolverBot(game, depth=40)
    first.act(decision)
    second, alone = SolverBot(game, depth=40), SolverBot(game, depth=40, table="own")
    second.act(decision)
    alone.act(decision)
    assert first.info.exact and alone.info.exact
    assert second.info.value == alone.info.value == first.info.value
    assert second.info.nodes < alone.info.nodes  # the shared table's head start


def test_solver_keeps_its_time_budget() -> None:
    game = spieltisch.load_game("kalah")
    bot = SolverBot(game, time=0.2)
    state = game.new_state(2)
    bot.act(Decision.at(state, 0, Rng(0)))
    assert bot.info.seconds < 0.6
    assert bot.info.depth >= 2


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("solver:depth=0", "depth is a whole number"),
        ("solver:depth=2.5", "depth is a whole number"),
        ("solver:table=mine", "table is one of shared, own"),
        ("solver:time=-1", "time is a positive number"),
        ("solver:time=fast", "time is a positive number"),
        ("solver:speed=3", "takes time, depth"),
    ],
)
def test_bad_solver_arguments_are_refused_clearly(spec: str, words: str) -> None:
    with pytest.raises(OptionError, match=words):
        make_bot(spec, spieltisch.load_game("kalah"))


def test_a_changed_kernel_drops_the_solvers_stale_compiled_cache(tmp_path) -> None:
    """The compiled search inlines the kernel's functions, and numba judges a cache by the
    solver's own file: an edit of the kernel must throw the solver's cache away."""
    from spieltisch.games.mancala.solver import _drop_stale_cache

    solver, kernel = tmp_path / "solver.py", tmp_path / "kernel.py"
    solver.write_text("x = 1\n")
    kernel.write_text("def _move(): ...\n")
    cache = tmp_path / "__pycache__"
    cache.mkdir()
    (cache / "solver._search-1.py311.nbi").write_text("index")
    (cache / "solver._search-1.py311.1.nbc").write_text("code")
    (cache / "kernel._move-1.py311.nbi").write_text("the kernel's own")
    _drop_stale_cache(solver, kernel)  # no digest yet: whatever is there may be stale
    assert sorted(p.name for p in cache.iterdir()) == [
        "kernel._move-1.py311.nbi",
        "solver.kernel-digest",
    ]
    (cache / "solver._search-1.py311.nbi").write_text("index")
    _drop_stale_cache(solver, kernel)  # the same kernel: the cache stays
    assert (cache / "solver._search-1.py311.nbi").exists()
    kernel.write_text("def _move(): return 1\n")
    _drop_stale_cache(solver, kernel)  # the kernel changed: gone
    assert not (cache / "solver._search-1.py311.nbi").exists()
