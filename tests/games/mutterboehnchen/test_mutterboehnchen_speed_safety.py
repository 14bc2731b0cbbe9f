"""What the fast paths must not change: seeded games stay the same game, a clone is the same
position and independent of its original, and the legal actions a state keeps from one moment
to the next (``_spared``) are those it would work out anew.

The digests were taken from the engine before the fast paths (commit 0010a42): each is a whole
random game through the public API, as ``spieltisch bench`` plays it (a random one of the
actors, a random one of its legal actions), over every action, event and the final position.
"""

from __future__ import annotations

import hashlib
import json

import pytest
from mutterboehnchen_positions import load_game

from spieltisch.core import Rng

# (players, seed) -> digest of the whole game, from the engine before the fast paths
SEEDED = {
    (2, 1): "8393aa4f1d2d2d227bca",
    (3, 2): "8efeb21b15e1bab6f77b",
    (4, 3): "28b19689c3d05f075e22",
    (5, 4): "c093510428e6347502c8",
    (6, 5): "2a74223a785ca573d2c6",
}


def _step(state, rng):
    actors = sorted(state.actors())
    options = [(p, state.legal_actions(p)) for p in actors]
    options = [(p, legal) for p, legal in options if legal]
    player, legal = options[rng.below(len(options))]
    return player, legal[rng.below(len(legal))]


def game_digest(players: int, seed: int) -> str:
    state = load_game().new_state(players, seed)
    rng = Rng(seed)
    h = hashlib.sha256(state.to_json_text().encode())
    while not state.is_terminal():
        player, action = _step(state, rng)
        events = state.apply(player, action)
        h.update(f"{player} {action}".encode())
        h.update(json.dumps([e.to_json() for e in events], sort_keys=True).encode())
    h.update(state.to_json_text().encode())
    return h.hexdigest()[:20]


@pytest.mark.parametrize(("players", "seed"), sorted(SEEDED))
def test_seeded_games_are_the_games_they_were(players, seed):
    assert game_digest(players, seed) == SEEDED[(players, seed)]


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_clone_is_the_same_position_and_independent(players):
    game = load_game()
    rng = Rng(100 + players)
    for seed in range(3):
        state = game.new_state(players, seed)
        while not state.is_terminal():
            before = state.to_json_text()
            copy = state.clone()
            assert copy.to_json_text() == before
            assert copy.actors() == state.actors()
            for p in sorted(state.actors()):
                assert copy.legal_actions(p) == state.legal_actions(p)
            branch = Rng(rng.next64())  # a few steps on the clone leave the original as it was
            for _ in range(3):
                if copy.is_terminal():
                    break
                copy.apply(*_step(copy, branch))
            assert state.to_json_text() == before
            state.apply(*_step(state, rng))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_kept_legal_actions_are_those_worked_out_anew(players):
    """After every action, the answers a state kept or works out equal a fresh copy's."""
    game = load_game()
    for seed in range(4):
        state = game.new_state(players, seed)
        rng = Rng(seed)
        while not state.is_terminal():
            fresh = game.from_json(state.to_json())
            assert state.actors() == fresh.actors()
            for p in sorted(state.actors()):
                assert state.legal_actions(p) == fresh.legal_actions(p), (p, state.phase)
            state.apply(*_step(state, rng))


def _containers(value, path, out):
    """Every mutable container reachable from ``value`` through lists, dicts and the trading
    objects (offers and drafts), with where it lies."""
    if isinstance(value, (list, dict, set)):
        out.append((path, value))
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for k, v in items:
            _containers(v, f"{path}[{k!r}]", out)
    elif hasattr(value, "give") and hasattr(value, "want"):  # an Offer or a Draft
        for name in ("give", "want", "promises"):
            _containers(getattr(value, name), f"{path}.{name}", out)


@pytest.mark.parametrize("players", [2, 4])
def test_a_clone_shares_only_what_it_names(players):
    """A clone copies every container of the position by name (no loop over attributes): one
    it forgot would be shared with the original, and a search would write into the real game.
    Only the tables and memos in ``SHARED_ON_CLONE`` may be the same objects; the kept moment's
    answers (lists nobody changes) and the legal actions themselves are shared by design."""
    game = load_game()
    rng = Rng(40 + players)
    state = game.new_state(players, 3)
    step = 0
    while not state.is_terminal() and step < 600:
        if step % 5 == 0:
            state.actors()
            for p in sorted(state.actors()):
                state.legal_actions(p)
            copy = state.clone()
            assert set(vars(copy)) == set(vars(state))
            for name, value in vars(state).items():
                if name in type(state).SHARED_ON_CLONE or name.startswith("_memo_"):
                    continue
                mine: list = []
                _containers(value, name, mine)
                theirs: list = []
                _containers(getattr(copy, name), name, theirs)
                assert [p for p, _ in mine] == [p for p, _ in theirs]
                for (path, a), (_, b) in zip(mine, theirs, strict=True):
                    assert a is not b, f"the clone shares {path} with its original"
            # the answers it kept are those a fresh copy works out
            fresh = game.from_json(state.to_json())
            assert copy.actors() == fresh.actors()
            for p in sorted(fresh.actors()):
                assert copy.legal_actions(p) == fresh.legal_actions(p)
        state.apply(*_step(state, rng))
        step += 1
