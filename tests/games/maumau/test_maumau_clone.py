"""Bodensee Mau-Mau's ``clone()`` (no deepcopy: the mutable parts are copied by hand, the pile's
entries and the 3s' undo records shared until one side changes them) and the moment's legal
actions kept between two actions: across many random positions a clone is the original, byte
for byte, and whatever is played on the clone leaves the original as it was — and the other
way round."""

from __future__ import annotations

import json

import pytest

from spieltisch.core import REFEREE, Rng
from spieltisch.registry import load_game


def random_step(state, rng: Rng):
    actors = sorted(state.actors())
    options = [(p, state.legal_actions(p)) for p in actors]
    options = [(p, legal) for p, legal in options if legal]
    p, legal = options[rng.below(len(options))]
    return p, legal[rng.below(len(legal))]


def everything(state) -> tuple:
    """The whole position, what everyone may do now, and every view."""
    n = state.num_players
    return (
        state.to_json_text(),
        sorted(state.actors()),
        [[str(a) for a in state.legal_actions(p)] for p in [REFEREE, *range(n)]],
        [state.view(p) for p in [None, *range(n)]],
    )


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [
        (4, 1, {}),
        (3, 2, {"jokers": 0}),
        (5, 3, {"free_draw": True, "nine_next": "thrower"}),
        (6, 4, {"jokers": 4, "three_out": "skip", "misfit_throw_in": "refuse"}),
    ],
)
def test_a_clone_is_the_original_and_goes_its_own_way(players, seed, options) -> None:
    game = load_game("maumau", **options)
    state = game.new_state(players, seed)
    rng = Rng(seed * 7919)
    for step in range(1500):
        if state.is_terminal():
            break
        if step % 7 == 0:
            before = everything(state)
            twin = state.clone()
            assert everything(twin) == before
            # play a few actions on the clone: the original does not move
            for _ in range(12):
                if twin.is_terminal():
                    break
                twin.apply(*random_step(twin, rng))
            assert everything(state) == before
            # and the original's next action leaves a fresh clone of it untouched
            other = state.clone()
            kept = everything(other)
            p, action = random_step(state, rng)
            state.apply(p, action)
            assert everything(other) == kept
            continue
        state.apply(*random_step(state, rng))


def test_a_resampled_state_lists_what_its_own_hands_allow() -> None:
    # a clone shares the moment's legal actions; a resample deals new hands to a clone, so
    # what it lists must be worked out afresh, as for the same position read from JSON
    game = load_game("maumau")
    state = game.new_state(4, 21)
    rng = Rng(77)
    for step in range(1200):
        if state.is_terminal():
            break
        if step % 5 == 0:
            everything(state)  # the moment worked out before the resample
            for p in range(state.num_players):
                other = state.resample(p, Rng(rng.next64()))
                assert everything(other) == everything(game.from_json(other.to_json()))
                if not other.is_terminal():
                    other.apply(*random_step(other, rng))  # and it plays on
        state.apply(*random_step(state, rng))


def test_clone_copies_no_mutable_part_by_reference() -> None:
    state = load_game("maumau").new_state(4, 9)
    rng = Rng(5)
    for _ in range(300):
        state.apply(*random_step(state, rng))
    twin = state.clone()
    for name in ("hands", "stock", "pile", "front", "owed", "out", "silent", "winners", "pilze"):
        assert getattr(twin, name) is not getattr(state, name), name
    for mine, theirs in zip(twin.hands, state.hands, strict=True):
        assert mine is not theirs
    assert twin.rng is not state.rng and twin.rng.state == state.rng.state
    assert twin.counts is not state.counts


def test_a_loaded_position_owns_its_slap():
    """A state loaded from a saved position (a server's table after a restart, a replay) copies
    the open slap with its list of who slapped: a slap played on the loaded state must not
    reach back into the saved data, or the saved position would show a slap nobody made."""
    game = load_game("maumau")
    state, rng = game.new_state(4, seed=0), Rng(0)
    while state.slap is None:
        state.apply(*random_step(state, rng))
    data = json.loads(state.to_json_text())
    saved = json.dumps(data, sort_keys=True)
    loaded = game.from_json(data)
    slapper = next(q for q in range(4) if any("slap" in a for a in loaded.legal_actions(q)))
    loaded.apply(slapper, next(a for a in loaded.legal_actions(slapper) if "slap" in a))
    assert loaded.slap["slapped"], "the slap was played on the loaded state"
    assert json.dumps(data, sort_keys=True) == saved
