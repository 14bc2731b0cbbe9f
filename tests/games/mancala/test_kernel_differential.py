"""The compiled kernel against the Python rules: many thousands of random games played on
both, compared at every position (as OpenSpiel tests its C++ games against each other).

The kernel draws its choices from the same SplitMix64 stream as ``core.Rng``, so the Python
side plays the game of a seed by itself: ``new_state(seed=seed)`` and
``legal[rng.below(len(legal))]`` from ``Rng(seed)`` (after the first mover's draw where it is
drawn by lot). At every position the kernel's row must equal ``kernel.encode(state)`` and
its count of legal actions ``len(state.legal_actions(actor))``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from mancala_positions import CIRCLING, CIRCLING_SEED, LOOP

from spieltisch.core import Rng
from spieltisch.games.mancala import kernel as K
from spieltisch.registry import load_game

# (game id, options, games): Kalah and the sheet's match, then variants of every option. The
# sheet's match is several rounds a game: 900 of them (2,700 until the suite ran past its
# fifteen minutes), and the sum stays over 10,000 (test_at_least_ten_thousand_games)
CASES: list[tuple[str, dict[str, Any], int]] = [
    ("kalah", {}, 4000),
    ("mancala", {}, 900),
    ("mancala", {"round_end": "both", "next_starter": "loser"}, 400),
    ("mancala", {"chain": "all", "skip_start": True, "tie": "replay"}, 400),
    ("mancala", {"chain": "one", "capture_after_lap": True, "next_starter": "alternate"}, 400),
    ("mancala", {"elimination": False, "rounds": 7, "first_mover": "1"}, 400),
    ("mancala", {"capture": "none", "pits": 4, "seeds": 2}, 300),
    ("mancala", {"pits": 4, "seeds": 2, "capture": "kalah", "rounds": 3}, 400),
    ("mancala", {"relay": False, "stores_sown": True, "extra_turn": True, "rounds": 3}, 400),
    ("kalah", {"pits": 5, "seeds": 3, "directions": "both", "relay": True}, 300),
    # the largest boards (11 and 12 pits a side): the kernel's tables hold a row for each size
    ("mancala", {"pits": 12, "seeds": 2}, 40),
    ("mancala", {"pits": 11, "seeds": 2, "skip_start": True, "directions": "cw"}, 40),
    ("kalah", {"rounds": 3, "tie": "replay", "capture": "giuthi", "min_pick": 2}, 300),
    # one direction: runs of forced moves, watched by the circling rule (option circling)
    ("mancala", {"directions": "ccw", "next_starter": "loser"}, 300),
    ("mancala", {"directions": "cw", "round_end": "both", "circling": "tied"}, 300),
    ("mancala", {**CIRCLING, "circling": "tied", "tie": "replay"}, 300),
    ("mancala", CIRCLING, 300),
    ("kalah", {"relay": True, "min_pick": 2, "round_end": "both", "rounds": 3}, 300),
    # rounds that go round through a choice, ended by the repetition rule (option repetition)
    ("mancala", {**LOOP, "pits": 3, "seeds": 2, "repetition": 2}, 150),
    ("mancala", {**LOOP, "directions": "both", "pits": 4, "seeds": 2, "circling": "tied"}, 100),
]

# option sets and seeds whose random games end a round by the circling rule (a position that
# comes back while every move is forced): before the rule, the first of them never ended
CIRCLING_SEEDS: list[tuple[dict[str, Any], int]] = [
    (CIRCLING, CIRCLING_SEED),
    ({**CIRCLING, "circling": "tied"}, CIRCLING_SEED),
]


def play_and_compare(game: Any, kernel: K.MancalaKernel, seed: int) -> None:
    """The rules' game of ``seed`` played beside the kernel's trace, compared as a whole once
    it is over (row by row, a list compare at every position, took a fifth of the test's time);
    a difference is then named at its first position."""
    trace = kernel.trace(seed)
    rng = Rng(seed)
    if game.options["first_mover"] == "lot":
        rng.below(2)  # the draw new_state makes from Rng(seed)
    state = game.new_state(seed=seed)
    rows: list[np.ndarray] = []
    chosen: list[tuple[int, int]] = []  # (how many legal actions, which was taken)
    while len(rows) < len(trace):
        row = K.encode(state)
        row[K.S_ACTIONS] = len(rows)  # the actions taken so far: the API keeps no count
        rows.append(row)
        if state.is_terminal():
            chosen.append((0, -1))  # the end: no legal action, none taken
            break
        (actor,) = state.actors()
        legal = state.legal_actions(actor)
        k = rng.below(len(legal))
        chosen.append((len(legal), k))
        state.apply(actor, legal[k])
    expected = np.hstack([np.array(rows), np.array(chosen)])
    # unequal lengths are unequal too; a game that is not over ends in a row with a choice,
    # where the kernel's last row has none
    if not np.array_equal(trace, expected):
        m = min(len(trace), len(expected))
        differ = np.flatnonzero((trace[:m] != expected[:m]).any(axis=1))
        i = differ[0] if len(differ) else m - 1
        at = f"{game!r} seed {seed}, position {i}"
        assert list(trace[i, : K.WIDTH]) == list(expected[i, : K.WIDTH]), at
        assert list(trace[i, K.WIDTH :]) == list(expected[i, K.WIDTH :]), f"{at}: legal, taken"
        raise AssertionError(
            f"{game!r} seed {seed}: {len(trace)} positions in the kernel's game, "
            f"{len(expected)} in the rules'"
        )
    result = state.result()
    out = kernel.playouts(np.array([seed]))
    at = f"{game!r} seed {seed}, its end"
    assert list(out["scores"][0]) == list(result.scores), at
    assert list(out["ranks"][0]) == list(result.ranks), at
    assert out["actions"][0] == len(expected) - 1, at


@pytest.mark.parametrize(("game_id", "options", "games"), CASES)
def test_kernel_plays_the_rules_game(game_id: str, options: dict[str, Any], games: int) -> None:
    game = load_game(game_id, **options)
    kernel = game.kernel()
    for seed in range(games):
        play_and_compare(game, kernel, seed * 7919 + 1)


def test_at_least_ten_thousand_games() -> None:
    assert sum(games for _, _, games in CASES) >= 10_000


@pytest.mark.parametrize(("options", "seed"), CIRCLING_SEEDS)
def test_kernel_ends_a_circling_round_as_the_rules_do(options: dict[str, Any], seed: int) -> None:
    game = load_game("mancala", **options)
    play_and_compare(game, game.kernel(), seed)
