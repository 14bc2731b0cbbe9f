"""Every game's result carries its sheet's scoring breakdown (issue #15, the result screen): rows
of a label and one value per seat, every label and every worded value a key of the game's words
in English and German, and the JSON the browser reads. Whether the rows explain the scores is
each game's own test (tests/games/<game>/test_*_breakdown.py); this file checks what all share.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from spieltisch.bots import make_bot
from spieltisch.bots.scheduler import play_game
from spieltisch.core import Result, State
from spieltisch.core.words import Said, Seat
from spieltisch.registry import load_game

# (game id, options, players): each game's seat counts and variants with their own scoring
TABLES: list[tuple[str, dict[str, Any], int]] = [
    ("mancala", {}, 2),
    ("mancala", {"rounds": 2, "tie": "replay"}, 2),
    ("kalah", {}, 2),
    ("bohnanza", {}, 3),
    ("bohnanza", {"tie_break": "hand_cards"}, 5),
    ("ladybohn", {}, 1),
    ("ladybohn", {}, 2),
    ("ladybohn", {}, 4),
    ("mutterboehnchen", {}, 2),
    ("mutterboehnchen", {}, 4),
    ("bibermania", {}, 3),
    ("bibermania", {"target": 30}, 2),
    ("maumau", {}, 4),
]


def finished(game_id: str, options: dict[str, Any], players: int, seed: int) -> State:
    """A whole game of random bots, as the simulator plays it."""
    game = load_game(game_id, **options)
    bots = [make_bot("random", game) for _ in range(players)]
    played = play_game(game, bots, seed)
    assert played.state.is_terminal()
    return played.state


def said_keys(value: Any) -> list[str]:
    """Every catalog key a value names (a sentence and the sentences among its arguments)."""
    if isinstance(value, Said):
        return [value.key, *(k for a in value.args for k in said_keys(a))]
    if isinstance(value, (list, tuple)):
        return [k for a in value for k in said_keys(a)]
    return []


def check_breakdown(state: State, result: Result) -> None:
    catalog = state.game.words().to_json()
    assert result.breakdown, f"{state.game.id}: no breakdown"
    for label, values in result.breakdown:
        assert isinstance(label, Said)
        assert len(values) == state.num_players, label
        for v in values:
            ok = isinstance(v, (Said, Seat)) or (
                isinstance(v, (int, float)) and not isinstance(v, bool)
            )
            assert ok, f"{label}: {v!r} is neither a number nor words"
        for key in said_keys(label) + said_keys(list(values)):
            for lang in ("en", "de"):
                assert key in catalog[lang], f"{state.game.id}: {key!r} has no {lang} words"
    out = json.loads(json.dumps(result.to_json()))
    assert len(out["breakdown"]) == len(result.breakdown)
    for row, (label, values) in zip(out["breakdown"], result.breakdown, strict=True):
        assert row["label"] == label.to_json()
        assert row["values"] == [v.to_json() if hasattr(v, "to_json") else v for v in values]


@pytest.mark.parametrize(("game_id", "options", "players"), TABLES)
def test_a_finished_game_breaks_its_score_down_in_both_languages(
    game_id: str, options: dict[str, Any], players: int
) -> None:
    for seed in range(3):
        state = finished(game_id, options, players, seed)
        check_breakdown(state, state.result())
