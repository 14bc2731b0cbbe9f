"""clone() and the memo of a moment: a clone equals its original and lives apart from it, and
the answers a state keeps between two actions are those a fresh state would give."""

from __future__ import annotations

import pytest
from clone_checks import check_clones, check_memo, positions

import spieltisch
from spieltisch.core import IllegalAction, Rng


@pytest.mark.parametrize("players", [3, 4, 5])
def test_clone_equals_and_is_apart(players: int) -> None:
    assert check_clones("bohnanza", players, 3) > 100


@pytest.mark.parametrize("players", [3, 5])
def test_kept_answers_are_a_fresh_states(players: int) -> None:
    check_memo("bohnanza", players, 2)


def test_resample_forgets_the_kept_answers() -> None:
    game = spieltisch.load_game("bohnanza")
    for i, (state, _) in enumerate(positions("bohnanza", 4, 1)):
        if i % 9:
            continue
        for p in sorted(state.actors()):
            state.legal_actions(p)
        s = state.resample(0, Rng(i))
        fresh = game.from_json(s.to_json())
        for p in sorted(fresh.actors()):
            assert s.legal_actions(p) == fresh.legal_actions(p)


def test_plain_dicts_and_refusals_keep_the_answers_right() -> None:
    """A host passes JSON objects, not the listed Actions, and sometimes a refused one: the
    kept answers stay those of a fresh state."""
    game = spieltisch.load_game("bohnanza")
    rng = Rng(5)
    state = game.new_state(4, seed=11)
    while not state.is_terminal():
        actors = sorted(state.actors())
        options = [(p, state.legal_actions(p)) for p in actors]
        options = [(p, legal) for p, legal in options if legal]
        player, legal = options[rng.below(len(options))]
        with pytest.raises(IllegalAction):
            state.apply(player, {"plant": "front", "field": 9})
        state.apply(player, dict(legal[rng.below(len(legal))]))
        fresh = game.from_json(state.to_json())
        assert state.actors() == fresh.actors()
        for p in sorted(fresh.actors()):
            assert state.legal_actions(p) == fresh.legal_actions(p)
