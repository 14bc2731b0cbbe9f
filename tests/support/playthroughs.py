"""Golden playthroughs, as OpenSpiel keeps them: a whole seeded game written out step by step
(actor, action, every event with its visibility, the position after it). A change to any rule's
outcome shows up as a readable diff of the golden file.

After a deliberate rule change, regenerate with ``SPIELTISCH_REGENERATE=1`` and read the diff
before committing it.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import spieltisch
from spieltisch.core import Rng


def playthrough(game_id: str, options: dict[str, Any], players: int, seed: int) -> str:
    game = spieltisch.load_game(game_id, **options)
    state = game.new_state(players, seed)
    rng = Rng(seed)
    lines = [f"game {game!r}, {players} players, seed {seed}", f"start {state.to_json_text()}"]
    while not state.is_terminal():
        player = min(state.actors())  # the referee (-1) first, where it may act
        action = rng.choice(state.legal_actions(player))
        events = state.apply(player, action)
        lines.append(f"player {player}: {action}")
        lines += [f"  event {json.dumps(e.to_json(), sort_keys=True)}" for e in events]
        lines.append(f"  now {state.to_json_text()}")
    lines.append(f"result {json.dumps(state.result().to_json(), sort_keys=True)}")
    return "\n".join(lines) + "\n"


def scheduled_playthrough(game_id: str, options: dict[str, Any], players: int, seed: int) -> str:
    """For games where many may act at once (the bean games): random bots under the
    simulator's scheduler pick who acts; every step gives its events and a digest of the
    position (the whole position only at the start and the end, to keep the file readable)."""
    import hashlib

    from spieltisch.bots import make_bot
    from spieltisch.bots.scheduler import play_game

    game = spieltisch.load_game(game_id, **options)
    played = play_game(game, [make_bot("random", game) for _ in range(players)], seed)
    state = game.new_state(players, seed)
    lines = [f"game {game!r}, {players} players, seed {seed}", f"start {state.to_json_text()}"]
    for player, action in played.record.actions:
        events = state.apply(player, action)
        digest = hashlib.sha256(state.to_json_text().encode()).hexdigest()[:16]
        lines.append(f"player {player}: {action}  -> {digest}")
        lines += [f"  event {json.dumps(e.to_json(), sort_keys=True)}" for e in events]
    lines.append(f"end {state.to_json_text()}")
    lines.append(f"result {json.dumps(state.result().to_json(), sort_keys=True)}")
    return "\n".join(lines) + "\n"


def check_golden(path: Path, text: str) -> None:
    if os.environ.get("SPIELTISCH_REGENERATE"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no golden file {path.name}: run with SPIELTISCH_REGENERATE=1"
    assert text == path.read_text(encoding="utf-8"), f"{path.name} differs from the golden file"
