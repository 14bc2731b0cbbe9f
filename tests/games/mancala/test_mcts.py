"""Mancala's UCT bot: legal only, deterministic by seed and iterations, sensible on a capture."""

from __future__ import annotations

from typing import Any

import pytest
from mancala_positions import kalah_at

import spieltisch
from spieltisch.bots import Decision, RandomBot, make_bot
from spieltisch.bots.scheduler import play_game
from spieltisch.core import Action, OptionError, Rng
from spieltisch.games.mancala.mcts import MctsBot


class Checked(MctsBot):
    """The bot, asserting every answer is one of the legal actions."""

    def act(self, decision: Decision) -> Action | None:
        action = super().act(decision)
        assert action in decision.legal
        return action


@pytest.mark.parametrize("rollout", ["python", "auto"])
@pytest.mark.parametrize(
    ("game_id", "options"),
    [("kalah", {}), ("mancala", {"pits": 4, "seeds": 3, "rounds": 3})],
)
def test_mcts_plays_only_legal_moves_to_the_end(
    game_id: str, options: dict[str, Any], rollout: str
) -> None:
    game = spieltisch.load_game(game_id, **options)
    bot = Checked(game, iters=30, rollout=rollout)
    played = play_game(game, [bot, RandomBot()], seed=1)
    assert played.state.is_terminal()


@pytest.mark.parametrize("rollout", ["python", "auto"])
def test_mcts_is_deterministic_by_seed_and_iterations(rollout: str) -> None:
    game = spieltisch.load_game("mancala")
    state = game.new_state(2, seed=2)
    (p,) = state.actors()

    def move(seed: int) -> tuple[Any, ...]:
        bot = MctsBot(game, iters=150, rollout=rollout)
        return tuple(bot.act(Decision.at(state, p, Rng(seed))).items())  # type: ignore[union-attr]

    assert move(7) == move(7)


def test_mcts_leaves_the_real_state_alone() -> None:
    game = spieltisch.load_game("kalah")
    state = game.new_state(2)
    before = state.to_json_text()
    MctsBot(game, iters=100, rollout="python").act(Decision.at(state, 0, Rng(0)))
    assert state.to_json_text() == before


@pytest.mark.parametrize("rollout", ["python", "auto"])
def test_mcts_takes_an_obvious_capture(rollout: str) -> None:
    # pit 4's single bean lands in the empty pit 5, opposite pit 6 with 20 beans: a capture of
    # 21; pit 0 lands in the empty pit 3, but opposite it pit 8 is empty
    state = kalah_at([3, 0, 0, 0, 1, 0, 20, 1, 0, 1, 1, 1], [10, 10])
    bot = MctsBot(state.game, iters=400, rollout=rollout)
    action = bot.act(Decision.at(state, 0, Rng(5)))
    assert action == Action(pit=4, direction="ccw")


def test_mcts_time_budget() -> None:
    game = spieltisch.load_game("kalah")
    bot = MctsBot(game, time=0.1, rollout="python")
    bot.act(Decision.at(game.new_state(2), 0, Rng(0)))
    assert bot.iterations > 0


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("mcts:iters=0", "iters is a whole number"),
        ("mcts:iters=1.5", "iters is a whole number"),
        ("mcts:time=0", "time is a positive number"),
        ("mcts:c=-1", "c is a number"),
        ("mcts:rollout=smart", "rollout is one of auto, kernel, python"),
        ("mcts:depth=3", "takes iters, time, c, rollout"),
    ],
)
def test_bad_mcts_arguments_are_refused_clearly(spec: str, words: str) -> None:
    with pytest.raises(OptionError, match=words):
        make_bot(spec, spieltisch.load_game("kalah"))
