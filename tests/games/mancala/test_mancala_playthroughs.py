"""Golden playthroughs of mancala (see tests/support/playthroughs.py). Regenerate after a
deliberate rule change with SPIELTISCH_REGENERATE=1 and read the diff."""

from __future__ import annotations

from pathlib import Path

import pytest
from playthroughs import check_golden, playthrough

HERE = Path(__file__).parent / "playthroughs"

CASES = {
    "mancala_rounds3_seed7": ("mancala", {"rounds": 3}, 7),
    "mancala_recorded_giuthi_seed2": (
        "mancala",
        {"rounds": 2, "capture_after_lap": True, "chain": "all", "skip_start": True},
        2,
    ),
    "kalah_seed3": ("kalah", {}, 3),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_playthrough_matches_the_golden_file(name: str) -> None:
    game_id, options, seed = CASES[name]
    check_golden(HERE / f"{name}.txt", playthrough(game_id, options, 2, seed))
