"""Every game's ``clone()``: its own (no deepcopy), equal to the original, and independent.

A search step is ``clone`` + ``legal_actions`` + ``apply``; a clone that shares a list with its
original would let a search change the real game. Each game is walked at random, and at every
few positions a clone is taken, played on for a few actions and compared.
"""

from __future__ import annotations

import pytest

from spieltisch.core import REFEREE, Rng, State
from spieltisch.registry import GAMES, load_game

PLAYERS = {"mancala": 2, "kalah": 2, "ladybohn": 2}  # the rest at four, the bench's table


def _random_step(state: State, rng: Rng) -> None:
    options = [(p, state.legal_actions(p)) for p in sorted(state.actors())]
    options = [(p, legal) for p, legal in options if legal]
    player, legal = options[rng.below(len(options))]
    state.apply(player, legal[rng.below(len(legal))])


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_each_game_has_its_own_clone(game_id: str) -> None:
    state = load_game(game_id).new_state(PLAYERS.get(game_id, 4), seed=1)
    assert type(state).clone is not State.clone, f"{game_id} clones by deepcopy"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_clone_is_equal_and_independent(game_id: str) -> None:
    rng = Rng(7)
    for seed in range(3):
        state = load_game(game_id).new_state(PLAYERS.get(game_id, 4), seed=seed)
        step = 0
        while not state.is_terminal() and step < 400:
            if step % 7 == 0:
                before = state.to_json_text()
                views = [state.view(p) for p in range(state.num_players)]
                copy = state.clone()
                assert copy.to_json_text() == before
                assert copy.actors() == state.actors()
                for p in [*range(state.num_players), REFEREE]:
                    assert copy.legal_actions(p) == state.legal_actions(p)
                for _ in range(5):  # play on the clone: the original must not move
                    if copy.is_terminal():
                        break
                    _random_step(copy, rng)
                assert state.to_json_text() == before
                assert [state.view(p) for p in range(state.num_players)] == views
            _random_step(state, rng)
            step += 1


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_clone_plays_on_as_its_original_does(game_id: str) -> None:
    """The same action on a state and on its clone, taken just before, gives the same position:
    a list the original shares between two of its parts but the clone copies apart would make
    them differ (Biber-Mania's lay and its pile group did, when a König's tribute came)."""
    game = load_game(game_id)
    players = PLAYERS.get(game_id, game.max_players if game_id == "bibermania" else 4)
    for seed in range(10, 30):
        rng = Rng(seed)
        state = game.new_state(players, seed=seed)
        step = 0
        while not state.is_terminal() and step < 300:
            options = [(p, state.legal_actions(p)) for p in sorted(state.actors())]
            options = [(p, legal) for p, legal in options if legal]
            player, legal = options[rng.below(len(options))]
            action = legal[rng.below(len(legal))]
            twin = state.clone()
            state.apply(player, action)
            twin.apply(player, action)
            assert twin.to_json_text() == state.to_json_text(), (seed, step)
            step += 1
