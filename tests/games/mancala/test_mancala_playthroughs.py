"""Golden playthroughs, as OpenSpiel keeps them: a whole seeded match written out step by
step (position, actor, action, events). Any change to the rules' outcome shows up here as a
readable diff. After a deliberate rule change, regenerate with

    SPIELTISCH_REGENERATE=1 .venv/bin/python -m pytest tests/games/mancala -k playthrough

and read the diff before committing it.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import spieltisch
from spieltisch.core import Rng

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


def playthrough(game_id: str, options: dict, seed: int) -> str:
    game = spieltisch.load_game(game_id, **options)
    state = game.new_state(2, seed)
    rng = Rng(seed)
    lines = [f"game {game!r}, seed {seed}", f"start {state.to_json_text()}"]
    while not state.is_terminal():
        (player,) = state.actors()
        action = rng.choice(state.legal_actions(player))
        events = state.apply(player, action)
        lines.append(f"player {player}: {action}")
        lines += [f"  event {json.dumps(e.to_json(), sort_keys=True)}" for e in events]
        lines.append(f"  now {state.to_json_text()}")
    lines.append(f"result {json.dumps(state.result().to_json(), sort_keys=True)}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name", sorted(CASES))
def test_playthrough_matches_the_golden_file(name: str) -> None:
    text = playthrough(*CASES[name])
    path = HERE / f"{name}.txt"
    if os.environ.get("SPIELTISCH_REGENERATE"):
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no golden file {path.name}: run with SPIELTISCH_REGENERATE=1"
    assert text == path.read_text(encoding="utf-8")
