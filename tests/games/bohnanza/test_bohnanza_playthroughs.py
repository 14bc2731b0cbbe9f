"""Golden playthroughs of the bean games (see tests/support/playthroughs.py). Regenerate after a
deliberate rule change with SPIELTISCH_REGENERATE=1 and read the diff."""

from __future__ import annotations

from pathlib import Path

import pytest
from playthroughs import check_golden, scheduled_playthrough

HERE = Path(__file__).parent / "playthroughs"

CASES = {
    "bohnanza_3p_seed2": ("bohnanza", {"trade_seconds": 3}, 3, 2),
    "ladybohn_3p_seed4": ("ladybohn", {"trade_seconds": 3}, 3, 4),
    "ladybohn_2p_seed1": ("ladybohn", {}, 2, 1),
    "ladybohn_solo_seed3": ("ladybohn", {}, 1, 3),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_playthrough_matches_the_golden_file(name: str) -> None:
    game_id, options, players, seed = CASES[name]
    check_golden(HERE / f"{name}.txt", scheduled_playthrough(game_id, options, players, seed))
