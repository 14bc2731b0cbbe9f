"""Long relay chains on the kernel: its loop guard watches a chain only after
``kernel.QUIET_LAPS`` laps, so these boards hold it to ``sowing.play_move`` where that
matters most: chains that end after more laps than that, and loop guards whose first
repeated key comes before the watch begins (the replay from the chain's start must still
stop exactly there).

The boards are drawn until each kind has been met many times, so the test cannot pass
without the kinds it is about."""

from __future__ import annotations

import random
from typing import Any

import pytest

from spieltisch.games.mancala import kernel as K
from spieltisch.games.mancala import sowing
from spieltisch.registry import load_game

WANTED = 40  # of each kind


def random_move(rnd: random.Random) -> tuple[list[int], list[int], int, int, int]:
    n = rnd.randint(2, 7)
    pits = [rnd.choice((0, 1, 1, 2, 3, 4, 6, 9)) for _ in range(2 * n)]
    player = rnd.randint(0, 1)
    pit = rnd.randrange(player * n, player * n + n)
    pits[pit] = max(pits[pit], 2)
    stores = [rnd.randint(0, 9), rnd.randint(0, 9)]
    return pits, stores, player, pit, rnd.choice((sowing.CCW, sowing.CW))


@pytest.mark.parametrize(
    ("options", "cycles"),
    [
        ({}, WANTED),
        ({"skip_start": True}, WANTED),
        # a lap past the mover's store leaves a bean there for good, so a chain that sows
        # the stores hardly ever comes back to a board: its long chains only
        ({"stores_sown": True, "capture": "kalah"}, 0),
    ],
)
def test_long_chains_and_early_cycles_match_play_move(options: dict[str, Any], cycles: int) -> None:
    game = load_game("mancala", **options)
    kernel = game.kernel()
    rnd = random.Random(12)
    long_chains = early_cycles = 0
    for _ in range(200_000):
        pits, stores, player, pit, direction = random_move(rnd)
        got = kernel.play_move(pits, stores, player, pit, direction)
        out = sowing.play_move(pits, stores, player, pit, direction, game.sowing)
        assert got == (pits, stores, out.end, out.again), (options, pits, player, pit)
        if out.end == sowing.END_GUARD:
            # the laps up to the first repeated key: fewer than the kernel sows unwatched
            early_cycles += len(out.laps) <= K.QUIET_LAPS
        else:
            long_chains += len(out.laps) > K.QUIET_LAPS + 1
        if long_chains >= WANTED and early_cycles >= cycles:
            return
    raise AssertionError(f"only {long_chains} long chains and {early_cycles} early cycles")
