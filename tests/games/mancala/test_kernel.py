"""The kernel's own contract: single moves against ``sowing.play_move`` on random boards
(the loop guard included), its outputs' shape, rollouts, refusing unknown options, and a
second process that finds the compiled code on disk."""

from __future__ import annotations

import random
import subprocess
import sys
import time
from typing import Any

import numpy as np
import pytest
from mancala_kernel_play import api_game
from numba import njit

from spieltisch.core import Rng
from spieltisch.games.mancala import kernel as K
from spieltisch.games.mancala import sowing
from spieltisch.games.mancala.rules import MancalaGame
from spieltisch.registry import load_game

MOVE_VARIANTS: list[dict[str, Any]] = [
    {},
    {"skip_start": True, "chain": "all"},
    {"chain": "one", "capture_after_lap": True},
    {"capture": "kalah", "stores_sown": True, "extra_turn": True},
    {"relay": False, "capture": "none"},
    {"stores_sown": True, "skip_start": True, "capture": "kalah"},
]


@pytest.mark.parametrize("options", MOVE_VARIANTS)
def test_single_moves_on_random_boards_match_play_move(options: dict[str, Any]) -> None:
    game = load_game("mancala", **options)
    kernel = game.kernel()
    rnd = random.Random(3)
    guards = 0
    for _ in range(3000):
        n = rnd.randint(2, 6)
        pits = [rnd.choice((0, 0, 1, 2, 3, 5, 8)) for _ in range(2 * n)]
        player = rnd.randint(0, 1)
        pit = rnd.randrange(player * n, player * n + n)
        if pits[pit] == 0:
            pits[pit] = rnd.randint(1, 9)
        direction = rnd.choice((sowing.CCW, sowing.CW))
        stores = [rnd.randint(0, 9), rnd.randint(0, 9)]
        got = kernel.play_move(pits, stores, player, pit, direction)
        out = sowing.play_move(pits, stores, player, pit, direction, game.sowing)
        assert got == (pits, stores, out.end, out.again), (options, pits, player, pit)
        guards += out.end == sowing.END_GUARD
    if options.get("relay", True) and not options.get("stores_sown"):
        assert guards > 0, "random boards reach the loop guard of relay sowing"


def test_loop_guard_board_of_the_rulings() -> None:
    kernel = load_game("mancala").kernel()
    pits, stores = [0, 1, 0, 2, 3, 5], [0, 0]
    got = kernel.play_move(pits, stores, 1, 4, sowing.CCW)
    sowing.play_move(pits, stores, 1, 4, sowing.CCW, sowing.SowingRules())
    assert got == (pits, stores, sowing.END_GUARD, False)


@pytest.mark.parametrize("game_id", ["kalah", "mancala"])
def test_playouts_shape_and_results(game_id: str) -> None:
    game = load_game(game_id)
    out = game.kernel().playouts(np.arange(200, dtype=np.int64))
    assert out["actions"].dtype == np.int64 and out["actions"].shape == (200,)
    assert out["scores"].dtype == np.float64 and out["scores"].shape == (200, 2)
    assert out["ranks"].dtype == np.int64 and out["ranks"].shape == (200, 2)
    assert (out["scores"].sum(axis=1) == game.total_beans).all()
    for seed in (0, 17, 199):  # the API's game of that seed, played by Rng(seed)
        state, actions = api_game(game, seed)
        result = state.result()
        assert out["actions"][seed] == actions
        assert tuple(out["scores"][seed]) == result.scores
        assert tuple(out["ranks"][seed]) == result.ranks


def test_negative_and_large_seeds_are_the_rng_s_seeds() -> None:
    kernel = load_game("kalah").kernel()
    seeds = np.array([-1, 2**62, -(2**63)], dtype=np.int64)
    a = kernel.playouts(seeds)
    b = kernel.playouts(seeds)
    assert (a["actions"] == b["actions"]).all()


@pytest.mark.parametrize("game_id", ["kalah", "mancala"])
def test_rollout_returns_mean_returns(game_id: str) -> None:
    game = load_game(game_id)
    kernel = game.kernel()
    state = game.new_state(seed=5)
    rng = Rng(1)
    for _ in range(7):  # somewhere in the match
        (actor,) = state.actors()
        legal = state.legal_actions(actor)
        state.apply(actor, legal[rng.below(len(legal))])
    before = state.to_json_text()
    means = kernel.rollout(state, 500, seed=9)
    assert state.to_json_text() == before, "a rollout leaves the state alone"
    assert means.shape == (2,) and means.dtype == np.float64
    assert means[0] == pytest.approx(-means[1])
    assert -1.0 <= means[0] <= 1.0
    assert (kernel.rollout(state, 500, seed=9) == means).all(), "seeded"


def test_rollout_of_a_finished_match_is_its_result() -> None:
    game = load_game("kalah")
    state = game.new_state(seed=0)
    rng = Rng(0)
    while not state.is_terminal():
        (actor,) = state.actors()
        legal = state.legal_actions(actor)
        state.apply(actor, legal[rng.below(len(legal))])
    assert tuple(game.kernel().rollout(state, 3, seed=1)) == state.result().returns


def test_rollout_refuses_a_state_of_other_options() -> None:
    state = load_game("mancala", rounds=2).new_state(seed=0)
    with pytest.raises(ValueError, match="other options"):
        load_game("mancala").kernel().rollout(state, 10, seed=0)


def test_an_option_the_kernel_does_not_know_refuses_the_build() -> None:
    from spieltisch.core import Option

    class Extended(MancalaGame):
        OPTIONS = (
            *MancalaGame.OPTIONS,
            Option("sowing_song", bool, False, "a new rule"),
            Option("harvest_dance", bool, False, "another"),
        )

    with pytest.raises(NotImplementedError) as err:
        Extended().kernel()
    assert str(err.value) == (
        "the mancala kernel does not carry out the option(s) harvest_dance, sowing_song; "
        "teach kernel.py the rule, or play through the API"
    )


def test_every_option_of_the_rules_is_known_to_the_kernel() -> None:
    assert {o.name for o in MancalaGame.OPTIONS} == K.KNOWN_OPTIONS


def test_a_second_process_finds_the_compiled_kernel_on_disk() -> None:
    load_game("kalah").kernel().playouts(np.arange(4))  # compiled (or loaded) here
    code = (
        "import time, numpy as np; t = time.perf_counter();"
        "from spieltisch.registry import load_game;"
        "load_game('kalah').kernel().playouts(np.arange(4));"
        "load_game('mancala').kernel().playouts(np.arange(4));"
        "print(time.perf_counter() - t)"
    )
    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert float(out.stdout) < 10.0, "no compilation: numba's cache on disk is used"
    assert time.perf_counter() - start < 20.0


def test_whole_laps_by_the_reciprocal_are_the_division() -> None:
    """``_sow_lap``/``_ring_lap`` take ``beans // size`` as ``(beans * recip) >> 32`` from
    the lap table: exact for every lap length and every bean count a game can hold."""
    game = load_game("mancala", pits=12, seeds=24, stores_sown=True)  # the most beans
    _order, laps, _board = K._tables(game)
    rows = laps.reshape(-1, K.LAP_FIELDS)
    sizes = sorted({int(size) for size in rows[:, 0] if size})
    assert sizes[-1] == 2 * K.MAX_PITS + 1
    beans = np.arange(game.total_beans + 1, dtype=np.int64)
    for size, recip in {(int(r[0]), int(r[3])) for r in rows if r[0]}:
        assert ((beans * recip) >> K.RECIP_SHIFT == beans // size).all(), size
    for size in range(1, 2 * K.MAX_PITS + 2):  # skip_start's lengths too
        recip = -(-(2**K.RECIP_SHIFT) // size)
        assert ((beans * recip) >> K.RECIP_SHIFT == beans // size).all(), size


@njit
def _kernel_draws(seed: int, n: int, count: int) -> Any:
    rng = np.zeros(1, np.uint64)
    rng[0] = seed
    out = np.empty(count, np.int64)
    for i in range(count):
        out[i] = K._below(rng, n)
    return out


# counts of legal actions: 1, small, the tables' last (1023) and the first past them, and
# a large one past them (its 2**64 mod n and its reciprocal worked out by division)
BELOW_BOUNDS = [1, 2, 3, 7, 12, 24, 25, 255, 1000, 1023, 1024, 1025, 2**40 + 3]


@pytest.mark.parametrize("n", BELOW_BOUNDS)
def test_the_kernels_draw_below_n_is_the_rngs(n: int) -> None:
    """``_below`` takes ``x % n`` as ``x - mulhi(x, (2**64 - 1) // n) * n``, less ``n`` once
    where the product's estimate of ``x // n`` is one short: every draw is ``Rng.below``'s,
    and the seeds below reach that correction (checked here, so the test cannot pass
    without it)."""
    count = 4000
    for seed in (0, 5, 2**63 + 11):
        rng = Rng(seed)
        assert _kernel_draws(np.uint64(seed), n, count).tolist() == [
            rng.below(n) for _ in range(count)
        ]
    if 1 < n < len(K._RECIP):
        recip, raw = int(K._RECIP[n]), Rng(5)
        short = sum((x * recip) >> 64 < x // n for x in (raw.next64() for _ in range(count)))
        assert short > 0, n


@pytest.mark.parametrize(
    ("pits", "stores", "player", "pit", "direction", "why"),
    [
        ([2] * 12, [0, 0], 0, 12, 1, "pit is a ring index from 0 to 11"),
        ([2] * 12, [0, 0], 0, -1, 1, "pit is a ring index from 0 to 11"),
        ([2] * 12, [0, 0], 0, 6, 1, "pit 6 is not player 0's: theirs are 0 to 5"),
        ([2] * 12, [0, 0], 1, 5, -1, "pit 5 is not player 1's: theirs are 6 to 11"),
        ([2] * 12, [0, 0], 0, 1.0, 1, "pit is a ring index"),
        ([2] * 12, [0, 0], 2, 1, 1, "player is 0 or 1"),
        ([2] * 12, [0, 0], 0, 1, 0, "direction is 1"),
        ([2] * 11, [0, 0], 0, 1, 1, "two equal rows"),
        ([2] * 26, [0, 0], 0, 1, 1, "two equal rows"),
        ([2] * 12, [0], 0, 1, 1, "stores holds two counts"),
        ([2, -1] * 6, [0, 0], 0, 0, 1, "not negative"),
    ],
)
def test_play_move_refuses_bad_arguments(pits, stores, player, pit, direction, why) -> None:
    """The compiled move indexes unsigned (``_at``): a pit off the board would read and write
    past the row, so the test helper checks its arguments first."""
    kernel = load_game("mancala").kernel()
    with pytest.raises(ValueError, match=why):
        kernel.play_move(pits, stores, player, pit, direction)
