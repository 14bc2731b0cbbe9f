"""Our turn-based games registered with OpenSpiel pass its random simulation test, and its own
search bots play them to the end: MCTS (C++) on sheet-003 mancala, ISMCTS on Biber-Mania."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest

from spieltisch.core import Rng
from spieltisch.envs import openspiel

NAMES = openspiel.register()


def test_register_names_every_turn_based_game_and_is_repeatable() -> None:
    assert [f"spieltisch_{g}" for g in openspiel.GAMES] == NAMES
    assert openspiel.register() == NAMES
    assert set(NAMES) <= set(pyspiel.registered_names())


@pytest.mark.parametrize(
    ("name", "params", "sims"),
    [
        ("spieltisch_mancala", {}, 2),
        ("spieltisch_kalah", {}, 3),
        ("spieltisch_bibermania", {}, 3),
        ("spieltisch_bibermania", {"players": 3}, 1),
        ("spieltisch_bibermania", {"players": 4}, 1),
        ("spieltisch_bibermania", {"players": 5}, 1),
        ("spieltisch_ladybohn", {}, 1),
        ("spieltisch_mutterboehnchen", {}, 1),
    ],
)
def test_random_sim_test(name: str, params: dict, sims: int) -> None:
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=sims, serialize=False, verbose=False)


def test_game_options_are_a_parameter() -> None:
    one = pyspiel.load_game("spieltisch_mancala", {"options": "rounds=1"})
    assert one.new_initial_state().get_game().rules.options["rounds"] == 1
    assert pyspiel.load_game("spieltisch_mancala").rules.options["rounds"] == 5
    with pytest.raises(Exception, match="rounds"):
        pyspiel.load_game("spieltisch_mancala", {"options": "rounds=many"})


def test_players_outside_the_registered_counts_are_refused() -> None:
    with pytest.raises(Exception, match="players"):
        pyspiel.load_game("spieltisch_ladybohn", {"players": 3})


def test_openspiel_mcts_plays_sheet_mancala_to_the_end() -> None:
    """OpenSpiel's C++ MCTS with random rollouts on our mancala (sheet 003, five rounds).
    ``MCTSBot.step`` on a Python game crashes in open-spiel 2.0.2 (as on its own
    python_tic_tac_toe), so the move is the search root's best child, which is what step
    returns."""
    game = pyspiel.load_game("spieltisch_mancala")
    evaluator = pyspiel.RandomRolloutEvaluator(1, 7)
    bots = [pyspiel.MCTSBot(game, evaluator, 2.0, 12, 50, False, 7 + p, False) for p in (0, 1)]
    state = game.new_initial_state()
    state.apply_action(3)  # the deal (who moves first)
    moves = 0
    while not state.is_terminal():
        root = bots[state.current_player()].mcts_search(state)
        action = root.best_child().action
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert moves > 10
    assert sorted(state.returns()) == [-1.0, 1.0] or state.returns() == [0.0, 0.0]


def test_openspiel_ismcts_plays_two_player_bibermania_to_the_end() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("spieltisch_bibermania")
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(3))
    bot = ismcts.ISMCTSBot(game, evaluator, 1.5, 15, random_state=np.random.RandomState(4))
    bot.set_resampler(openspiel.ismcts_resampler(Rng(5)))
    rng = np.random.RandomState(1)
    state = game.new_initial_state()
    state.apply_action(11)
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
    assert sum(state.returns()) == pytest.approx(0.0)


def test_information_states_hold_only_the_seats_view() -> None:
    """The information-state string and tensor of a seat are the same in a state resampled for
    that seat (its own hand and what it has seen; the rest redrawn)."""
    game = pyspiel.load_game("spieltisch_bibermania")
    state = game.new_initial_state()
    state.apply_action(5)
    rng = np.random.RandomState(0)
    for _ in range(30):
        if state.is_terminal():
            break
        seat = state.current_player()
        other = state.resample_from_infostate(seat, lambda: rng.uniform())
        assert other.information_state_string(seat) == state.information_state_string(seat)
        assert other.information_state_tensor(seat) == state.information_state_tensor(seat)
        assert other.legal_actions() == state.legal_actions()
        state.apply_action(rng.choice(state.legal_actions()))
    # and the two seats' strings differ: each holds its own hand
    assert state.information_state_string(0) != state.information_state_string(1)
