"""Ladybohn in every mode: clone() and the memo of a moment. A clone equals its original and
lives apart from it, and the answers a state keeps between two actions are those a fresh state
would give."""

from __future__ import annotations

import pytest
from clone_checks import check_clones, check_memo, positions

import spieltisch
from spieltisch.core import Rng


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_clone_equals_and_is_apart(players: int) -> None:
    assert check_clones("ladybohn", players, 3) > 60


@pytest.mark.parametrize("players", [1, 2, 3, 5])
def test_kept_answers_are_a_fresh_states(players: int) -> None:
    check_memo("ladybohn", players, 2)


@pytest.mark.parametrize("players", [2, 4])
def test_resample_forgets_the_kept_answers(players: int) -> None:
    game = spieltisch.load_game("ladybohn")
    for i, (state, _) in enumerate(positions("ladybohn", players, 1)):
        if i % 9:
            continue
        for p in sorted(state.actors()):
            state.legal_actions(p)
        s = state.resample(0, Rng(i))
        fresh = game.from_json(s.to_json())
        for p in sorted(fresh.actors()):
            assert s.legal_actions(p) == fresh.legal_actions(p)
