"""Golden playthroughs of Biber-Mania (see tests/support/playthroughs.py). Regenerate after a
deliberate rule change with SPIELTISCH_REGENERATE=1 and read the diff."""

from __future__ import annotations

from pathlib import Path

import pytest
from playthroughs import check_golden, playthrough

HERE = Path(__file__).parent / "playthroughs"

CASES = {
    "bibermania_3p_seed5": ({}, 3, 5),
    "bibermania_5p_seed11": ({}, 5, 11),
    "bibermania_2p_options_seed4": (
        {"beat_opponents": "one", "keep_per": "group", "higher_runs_only": True, "profis": True},
        2,
        4,
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_playthrough_matches_the_golden_file(name: str) -> None:
    options, players, seed = CASES[name]
    check_golden(HERE / f"{name}.txt", playthrough("bibermania", options, players, seed))
