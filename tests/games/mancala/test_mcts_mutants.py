"""Mancala's UCT bot, pinned where mutation testing found nothing noticing a change: the
bookkeeping of a node (visits and returns start at nothing), the bot's own defaults (a host
that builds ``MctsBot`` without the spec parser gets the same bot as ``mcts``), and the edges
of its arguments."""

from __future__ import annotations

from typing import Any

import pytest
from mancala_positions import kalah_at

import spieltisch
from spieltisch.bots import Decision, make_bot
from spieltisch.core import OptionError, Rng
from spieltisch.games.mancala import mcts
from spieltisch.games.mancala.mcts import MctsBot, Node

KALAH = spieltisch.load_game("kalah")


def test_every_iteration_adds_one_visit_along_one_path() -> None:
    """UCT's counts: each iteration visits the root once and exactly one of its children, so
    after N iterations the root and its children have N visits each way (none before)."""
    bot = MctsBot(KALAH, iters=40, rollout="python")
    rng = Rng(5)
    root = Node(KALAH.new_state(2), rng)
    assert (root.visits, root.wins) == (0, 0.0)
    for _ in range(40):
        bot._iterate(root, rng)
    assert root.visits == 40
    assert sum(child.visits for _, child in root.children) == 40
    assert len(root.children) == 6  # every opening sowing tried once before any is repeated


def test_a_child_that_ends_the_game_counts_exactly_its_result() -> None:
    """The returns of a finished game, and nothing else, reach the player who chose the move:
    player 1 sows the last bean of her side into her store, the game ends 31 : 17 for her."""
    state = kalah_at([0, 0, 0, 0, 0, 7, 0, 0, 0, 0, 0, 1], [10, 30], to_move=1)
    bot = MctsBot(KALAH, iters=3, rollout="python")
    rng = Rng(1)
    root = Node(state, rng)
    for _ in range(3):
        bot._iterate(root, rng)
    ((_, child),) = root.children
    assert child.state.is_terminal()
    assert (child.visits, child.wins) == (3, 3.0)  # the winner's return, 1, three times


def test_the_bots_defaults_are_the_spec_parsers() -> None:
    """``MctsBot(game)`` is ``mcts``: one second a move, c = 1.4 (about √2, UCT's usual
    exploration constant on returns of -1..1), rollouts in the kernel where it can be built
    (where numba is missing, both are the Python rollouts: the last line holds trivially)."""
    plain, parsed = MctsBot(KALAH), make_bot("mcts", KALAH)
    assert (plain.iters, plain.time, plain.c) == (None, 1.0, 1.4)
    assert (plain.rollout_kind, plain.iters, plain.c, plain.time) == (
        parsed.rollout_kind,
        parsed.iters,
        parsed.c,
        parsed.time,
    )
    assert plain.rollout_kind == MctsBot(KALAH, rollout="auto").rollout_kind


def test_a_single_iteration_is_a_budget() -> None:
    """``iters`` is a whole number of at least 1: one iteration tries one move and plays it."""
    bot = MctsBot(KALAH, iters=1, rollout="python")
    state = KALAH.new_state(2, seed=3)
    decision = Decision.at(state, 0, Rng(2))
    assert bot.act(decision) in decision.legal
    assert bot.iterations == 1


@pytest.mark.parametrize("c", [0, 0.5])
def test_an_exploration_constant_below_one_is_allowed(c: float) -> None:
    """c = 0 is pure exploitation, allowed as any c of at least 0."""
    assert MctsBot(KALAH, iters=5, c=c, rollout="python").c == c


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"time": True}, "time is a positive number"),
        ({"c": True}, "c is a number"),
        ({"c": False}, "c is a number"),
    ],
)
def test_a_truth_value_is_no_number_of_seconds_or_exploration(
    kwargs: dict[str, Any], words: str
) -> None:
    """``True`` is an int to Python, not a budget to a player: refused with the reason."""
    with pytest.raises(OptionError, match=words):
        MctsBot(KALAH, **kwargs)


def test_a_budget_of_iterations_alone_has_no_time_limit_and_a_time_alone_is_kept() -> None:
    """The budget as the module says it: iters iterations, or time seconds, whichever ends
    first when both are given; with neither, one second. Iterations alone set no clock."""
    assert MctsBot(KALAH, iters=5).time is None
    assert MctsBot(KALAH, time=0.25).time == 0.25
    assert MctsBot(KALAH, iters=5, time=0.25).time == 0.25


def test_the_rollouts_asked_for_are_the_rollouts_played() -> None:
    """``rollout=python`` plays through the rules' API even where the kernel could be built;
    ``rollout=kernel`` plays in the compiled kernel (numba is one of the project's pinned
    dependencies, so it can be built here)."""
    python = MctsBot(KALAH, iters=5, rollout="python")
    kernel = MctsBot(KALAH, iters=5, rollout="kernel")
    assert (python.rollout_kind, python.kernel) == ("python", None)
    assert kernel.rollout_kind == "kernel"
    assert kernel.kernel is not None


def test_no_search_before_the_first_move_or_for_a_forced_one() -> None:
    """``iterations`` counts the last act's search: none before any act, and none where one
    move is legal (that move is played without a search), even after a move that searched."""
    bot = MctsBot(KALAH, iters=3, rollout="python")
    assert bot.iterations == 0
    bot.act(Decision.at(KALAH.new_state(2, seed=3), 0, Rng(2)))
    assert bot.iterations == 3
    forced = kalah_at([0, 0, 0, 0, 0, 1, 3, 3, 3, 3, 3, 3], [14, 15])
    decision = Decision.at(forced, 0, Rng(2))
    assert decision.legal == [bot.act(decision)]
    assert bot.iterations == 0


MAUMAU = spieltisch.load_game("maumau")  # a game with no compiled kernel (core.Game.kernel)


def test_a_game_without_a_kernel_is_refused_the_kernel_and_falls_back_to_python() -> None:
    """``rollout=kernel`` asks for the compiled kernel: a game that has none is refused with
    the reason; ``auto`` takes the kernel only where it can be built, else the Python
    rollouts."""
    with pytest.raises(OptionError) as caught:
        MctsBot(MAUMAU, iters=5, rollout="kernel")
    assert str(caught.value) == "mcts: no compiled kernel for this game: this game has no kernel"
    auto = MctsBot(MAUMAU, iters=5)
    assert (auto.rollout_kind, auto.kernel) == ("python", None)


def _expanded_root(stats: list[tuple[int, float]], root_visits: int) -> tuple[MctsBot, Node]:
    """Kalah's opening with all 6 sowings tried, then given the visits and summed returns of
    ``stats`` (child by child, in the order they were tried) and ``root_visits``."""
    bot = MctsBot(KALAH, iters=6, rollout="python")
    rng = Rng(5)
    root = Node(KALAH.new_state(2), rng)
    for _ in range(6):
        bot._iterate(root, rng)
    assert not root.untried and len(root.children) == len(stats)
    for (_, child), (visits, wins) in zip(root.children, stats, strict=True):
        child.visits, child.wins = visits, wins
    root.visits = root_visits
    return bot, root


def _descended(bot: MctsBot, root: Node) -> int:
    """Which child the next iteration walks down to (its visits grow by one)."""
    before = [child.visits for _, child in root.children]
    bot._iterate(root, Rng(9))
    grown = [i for i, (_, child) in enumerate(root.children) if child.visits != before[i]]
    assert len(grown) == 1 and root.children[grown[0]][1].visits == before[grown[0]] + 1
    return grown[0]


def test_selection_walks_down_by_uct() -> None:
    """UCT's score of a child: its mean return wins/visits plus c * sqrt(ln N / visits), N the
    parent's visits (c = 1.4, N = 100). The rarely tried child 1 (mean 0.2 of 5 visits: 1.54)
    beats the best mean (child 2, 0.7 of 20: 1.37) and the most tried (child 0, 0.6 of 50:
    1.03); neither the mean alone, nor the bonus subtracted, nor a bonus that grows with the
    visits would choose it."""
    bot, root = _expanded_root([(50, 30.0), (5, 1.0), (20, 14.0)] + [(10, 0.0)] * 3, 100)
    assert _descended(bot, root) == 1


def test_selection_takes_the_first_of_equal_scores() -> None:
    """Children of equal score: the first tried is taken (a later one must score strictly
    more), so the walk is the same for the same tree."""
    bot, root = _expanded_root([(10, 5.0)] * 6, 60)
    assert _descended(bot, root) == 0
    bot, root = _expanded_root([(10, 5.0)] * 4 + [(10, 6.0), (10, 5.0)], 60)
    assert _descended(bot, root) == 4


class _Spy:
    """The real kernel, with every rollout's arguments written down."""

    def __init__(self, kernel: Any) -> None:
        self.kernel = kernel
        self.calls: list[tuple[Any, int, int]] = []

    def rollout(self, state: Any, count: int, seed: int) -> Any:
        self.calls.append((state, count, seed))
        return self.kernel.rollout(state, count, seed)


def test_a_kernel_rollout_is_one_playout_seeded_from_the_search() -> None:
    """With the kernel, a rollout is one random playout (not a mean of several) of the node's
    own state, seeded by the search's rng (so the same seed gives the same search); the
    Python rules are not played then."""
    bot = MctsBot(KALAH, iters=1, rollout="kernel")
    spy = bot.kernel = _Spy(bot.kernel)
    state = kalah_at([3, 0, 0, 0, 1, 0, 20, 1, 0, 1, 1, 1], [10, 10])
    returns = bot._rollout(state, Rng(4))
    ((seen, count, seed),) = spy.calls
    assert seen is state and (count, seed) == (1, Rng(4).next64())
    assert list(returns) == list(spy.kernel.rollout(state, 1, seed))


class _Clock:
    """A host's clock that reads the given times, one a look (``time.perf_counter``)."""

    def __init__(self, *times: float) -> None:
        self.times = iter(times)

    def perf_counter(self) -> float:
        return next(self.times)


def test_a_time_budget_ends_when_the_clock_reaches_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """``time`` seconds: the search iterates while the clock reads before the start plus the
    budget, and stops once it reads the budget's end (here 1 s from 0: iterations at 0.25,
    0.5 and 0.75, none at 1.0); with ``iters`` too, whichever ends first."""
    decision = Decision.at(KALAH.new_state(2, seed=3), 0, Rng(2))
    monkeypatch.setattr(mcts, "_time", _Clock(0.0, 0.25, 0.5, 0.75, 1.0, 9.0))
    bot = MctsBot(KALAH, time=1.0, rollout="python")
    assert bot.act(decision) in decision.legal and bot.iterations == 3
    monkeypatch.setattr(mcts, "_time", _Clock(0.0, 0.25, 0.5, 0.75, 1.0, 9.0))
    bot = MctsBot(KALAH, iters=2, time=1.0, rollout="python")
    assert bot.act(decision) in decision.legal and bot.iterations == 2
