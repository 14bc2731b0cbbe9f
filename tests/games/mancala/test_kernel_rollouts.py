"""The compiled kernel's rollouts, playout by playout, against random play through the rules'
API: the same SplitMix64 stream (``core.Rng``) decides every choice, so ``rollout(state, n,
seed)`` must be exactly the mean of the returns of ``n`` games played on from ``state`` with
``legal[rng.below(len(legal))]`` from one ``Rng(seed)``. The positions come from games whose
rounds end by the repetition rule, with runs of forced moves in them: a rollout only comes out
right if the kernel was given the stretch the state has already seen
(``MancalaKernel._known``), how often each position came up and which belong to the present
run of forced moves."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from mancala_kernel_play import mean_returns, positions
from mancala_positions import LOOP

from spieltisch.games.mancala import kernel as K
from spieltisch.registry import load_game

# rounds that go round through a choice (LOOP): a position's 3rd time ends it, so a stretch
# holds positions seen twice already, some of them in the present run of forced moves
REPEATING = {**LOOP, "pits": 3, "seeds": 2, "repetition": 3, "rounds": 1}

# (options, the seed of the game the positions come from): rounds ended by a repetition
# through a choice (LOOP, a position's 3rd time), with runs of forced moves among them
CASES = [
    (REPEATING, 2),
    (REPEATING, 28),
    ({**LOOP, "pits": 2, "seeds": 2, "repetition": 3, "rounds": 1}, 9),
    (REPEATING, 30),
]


@pytest.mark.parametrize(("options", "seed"), CASES)
def test_a_rollout_is_random_play_through_the_api_with_the_same_stream(
    options: dict[str, Any], seed: int
) -> None:
    game = load_game("mancala", **options)
    kernel = game.kernel()
    states = positions(game, seed, every=2, most=20)
    assert any(len(s.seen or ()) > 1 for s in states), "the case must have a stretch seen"
    for i, state in enumerate(states):
        got = kernel.rollout(state, 6, seed=100 + i)
        assert list(got) == mean_returns(state, 6, seed=100 + i), f"position {i}"


def test_the_stretch_before_a_state_is_handed_over_as_the_rules_count_it() -> None:
    """``_known``: one row per position seen before the state (its own one time fewer, as the
    kernel counts it when it faces it), its times and last (0 inside the present forced run,
    -1 outside), and the run 0 when the state stands in a forced run, else -1."""
    game = load_game("mancala", **REPEATING)
    met = {"seen twice": False, "in the run": False, "outside it": False}
    for seed in (2, 28, 30):
        for state in positions(game, seed, every=1, most=60):
            known, run = K.MancalaKernel._known(state)
            here = (*state.pits, *state.stores, state.to_move)
            in_run = set(state.forced or ()) - {here}
            expected = {k: t - (k == here) for k, t in (state.seen or {}).items()}
            expected = {k: t for k, t in expected.items() if t > 0}
            assert known.shape == (len(expected), K.WIDTH + 2) and known.dtype == np.int64
            n2 = len(state.pits)
            for row in known:
                key = (*row[:n2].tolist(), *state.stores, int(row[K.S_TO_MOVE]))
                assert row[K.WIDTH] == expected.pop(key)
                assert row[K.WIDTH + 1] == (0 if key in in_run else -1)
                # the rest of the row is the state's own (its stores, round, phase, ...)
                rest = [i for i in range(K.WIDTH) if not i < n2 and i != K.S_TO_MOVE]
                assert row[rest].tolist() == K.encode(state)[rest].tolist()
                met["seen twice"] |= bool(row[K.WIDTH] >= 2)
                met["in the run"] |= key in in_run
                met["outside it"] |= key not in in_run
            assert expected == {}
            assert run == (0 if in_run else -1)
    assert all(met.values()), met


def test_a_record_too_small_for_the_rollout_grows_and_the_rollout_is_the_same() -> None:
    """The record of positions starts small and grows four times over when a stretch fills it
    (``_grown``): the playouts then start again, and their returns are those of a large one."""
    game = load_game("mancala", **REPEATING)
    state = positions(game, 2, every=1, most=23)[-1]  # a stretch of 9 positions behind it
    roomy = game.kernel()
    expected = roomy.rollout(state, 20, seed=7)
    tight = game.kernel()
    tight._record = K.new_record(1)  # two slots: the first stretch fills it
    assert list(tight.rollout(state, 20, seed=7)) == list(expected)
    assert tight._record[2][K.M_BITS] > 1
