"""The compiled kernel's Python face (``MancalaKernel``): what it checks before the compiled
code runs (which checks nothing), how it takes seeds, how it grows its buffers when a game
outruns them (a trace longer than its first rows, a stretch that fills the record of
positions) and gives the same games as with room to spare, and ``encode``'s row."""

from __future__ import annotations

import numpy as np
import pytest
from mancala_kernel_play import api_game, mean_returns

from spieltisch.core import Rng
from spieltisch.games.mancala import kernel as K
from spieltisch.registry import load_game


def test_a_trace_longer_than_its_first_rows_and_a_full_record_give_the_same_game() -> None:
    """A match of 40 rounds runs to hundreds of positions: the trace starts with 256 rows and
    grows fourfold until the game fits; a record of positions too small for a stretch grows
    too. Either way the trace is the whole game, one row per position, as the API plays it."""
    game = load_game("mancala", rounds=40, elimination=False)
    roomy = game.kernel().trace(17)
    assert len(roomy) > 256  # past the first rows
    assert roomy.dtype == np.int64  # the kernel's rows: flat integers, as encode writes them
    assert len(roomy) == api_game(game, 17)[1] + 1
    tight = game.kernel()
    tight._record = K.new_record(1)
    assert (tight.trace(17) == roomy).all()
    assert tight._record[2][K.M_BITS] > 1


def test_a_record_of_positions_is_flat_integers() -> None:
    """The record keeps each position as packed words of 60 bits (six pits of 10 bits): in
    int64 arrays, as the compiled functions take them. Floats would round the words' low bits
    off (above 2**53), and two positions would count as one."""
    tab, ent, meta = K.new_record(3)
    assert tab.dtype == ent.dtype == meta.dtype == np.int64
    assert tab.shape == (8, 2) and (tab == -1).all()  # 2**3 slots, all free
    assert ent.shape == (4, K.ENTRY) and not ent.any()  # half of them may be filled
    assert meta[K.M_BITS] == 3 and meta[K.M_ROUND] == meta[K.M_RUN] == -1


def test_playouts_that_fill_the_record_are_played_again_on_a_larger_one() -> None:
    game = load_game("mancala")
    seeds = np.arange(6)
    roomy = game.kernel().playouts(seeds)
    tight = game.kernel()
    tight._record = K.new_record(1)
    again = tight.playouts(seeds)
    for key in ("actions", "scores", "ranks"):
        assert (again[key] == roomy[key]).all(), key
    assert again["scores"].dtype == np.float64


def test_seeds_are_taken_modulo_two_to_the_64() -> None:
    game = load_game("kalah")
    kernel = game.kernel()
    state = game.new_state(seed=2)
    means = {s: tuple(kernel.rollout(state, 40, seed=s)) for s in (4, 5, 5 + 128, 1)}
    assert len(set(means.values())) == 4, "each seed its own playouts"
    assert tuple(kernel.rollout(state, 40, seed=5 + 2**64)) == means[5]
    assert tuple(kernel.rollout(state, 40, seed=-1)) == tuple(
        kernel.rollout(state, 40, seed=2**64 - 1)
    )
    assert (kernel.trace(7 + 2**64) == kernel.trace(7)).all()
    assert (kernel.trace(-1) == kernel.trace(2**64 - 1)).all()


def test_a_rollout_of_one_playout_is_that_playout_and_none_is_refused() -> None:
    game = load_game("kalah")
    kernel = game.kernel()
    state = game.new_state(seed=3)
    assert list(kernel.rollout(state, 1, seed=9)) == mean_returns(state, 1, seed=9)
    with pytest.raises(ValueError, match=r"^a rollout needs at least one playout$"):
        kernel.rollout(state, 0, seed=9)
    other = load_game("kalah", seeds=3).new_state(seed=3)
    with pytest.raises(
        ValueError, match=r"^the state belongs to a game with other options than this kernel$"
    ):
        kernel.rollout(other, 1, seed=9)


def test_a_single_move_takes_the_largest_board_and_refuses_negative_beans() -> None:
    kernel = load_game("mancala").kernel()
    pits = [1] * (2 * K.MAX_PITS)  # 12 pits a side: the option's largest board
    after, stores, _end, _again = kernel.play_move(pits, [0, 0], 0, 0, 1)
    assert sum(after) + sum(stores) == sum(pits) and after != pits
    with pytest.raises(ValueError, match=r"^bean counts are not negative$"):
        kernel.play_move([1, 1, -1, 1], [0, 0], 0, 0, 1)


def test_encode_writes_the_finished_rounds_into_the_row() -> None:
    """After a round: how many are finished, and the beans of the last one."""
    game = load_game("mancala")
    rng = Rng(1)
    state = game.new_state(seed=1)
    while not state.history:
        (actor,) = state.actors()
        legal = state.legal_actions(actor)
        state.apply(actor, legal[rng.below(len(legal))])
    row = K.encode(state)
    assert row.dtype == np.int64  # the kernel's own row: flat integers, as trace's rows
    assert row[K.S_HISTORY] == len(state.history) == 1
    assert list(row[K.S_LAST : K.S_LAST + 2]) == list(state.history[-1])
    assert row[K.S_ROUND] == state.round


def test_a_hand_made_position_nobody_can_act_in_is_refused_by_a_rollout() -> None:
    """The rules end a round before its mover is left without beans, so only a position made
    by hand can be one: the kernel says so instead of playing on."""
    game = load_game("kalah")
    record = game.new_state(seed=1).to_json()
    record["pits"] = [0] * 6 + [8] * 6
    stuck = game.from_json(record)
    assert not stuck.is_terminal()
    with pytest.raises(ValueError, match=r"^nobody can act in this position, and it is not over$"):
        game.kernel().rollout(stuck, 2, seed=1)
