"""What the bean games' clone tests share: random positions the bench's way, and the two
checks — a clone equals its original and lives apart from it; the answers a state keeps between
two actions (actors, legal lists) are those a fresh state read from its JSON would give."""

from __future__ import annotations

import spieltisch
from spieltisch.core import Rng


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
