"""clone() and the memo of a moment: a clone equals its original and lives apart from it, and
the answers a state keeps between two actions are those a fresh state would give."""

from __future__ import annotations

import pytest

import spieltisch
from spieltisch.core import IllegalAction, Rng


def positions(game_id: str, players: int, games: int, seed: int = 1):
    """Random positions (every action through the public API, the bench's way): yields
    (state, rng) after each action."""
    game = spieltisch.load_game(game_id)
    rng = Rng(seed)
    for _ in range(games):
        state = game.new_state(players, seed=rng.next64())
        while not state.is_terminal():
            actors = sorted(state.actors())
            options = [(p, state.legal_actions(p)) for p in actors]
            options = [(p, legal) for p, legal in options if legal]
            player, legal = options[rng.below(len(options))]
            state.apply(player, legal[rng.below(len(legal))])
            yield state, rng


def random_step(state, rng: Rng) -> None:
    actors = sorted(state.actors())
    options = [(p, state.legal_actions(p)) for p in actors]
    options = [(p, legal) for p, legal in options if legal]
    player, legal = options[rng.below(len(options))]
    state.apply(player, legal[rng.below(len(legal))])


def check_clones(game_id: str, players: int, games: int) -> int:
    checked = 0
    for i, (state, rng) in enumerate(positions(game_id, players, games)):
        if i % 5:
            continue
        before = state.to_json_text()
        copy = state.clone()
        assert copy.to_json_text() == before
        assert copy.view(None) == state.view(None)
        for _ in range(6):  # play on: the original does not move
            if copy.is_terminal():
                break
            random_step(copy, rng)
        assert state.to_json_text() == before
        checked += 1
    return checked


def check_memo(game_id: str, players: int, games: int) -> None:
    game = spieltisch.load_game(game_id)
    for state, _ in positions(game_id, players, games):
        fresh = game.from_json(state.to_json())
        assert state.actors() == fresh.actors()
        for p in sorted(fresh.actors()):
            assert state.legal_actions(p) == fresh.legal_actions(p), (p, state.phase)


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
