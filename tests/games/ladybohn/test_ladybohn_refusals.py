"""Ladybohn's refusals name their reason's key in the game's words (``words.toml``), so a host
can say it in its reader's language; the English stays the engine's reason. (Reasons Bohnanza's
rules give, under the 3-5 player game, are Bohnanza's to name.)"""

from __future__ import annotations

import json

import pytest

from spieltisch.core import REFEREE, IllegalAction, Rng
from spieltisch.registry import load_game

ODD = [
    {"swap": 0},
    {"steal": [1]},
    {"makeup": "coin"},
    {"rotate": 0},
    {"give_first": 0},
    {"draft": "promise", "side": "sender", "holds": "game"},
    {"harvest": 0},
    {"harvest": 2},
    {"buy": "field"},
    {"discard_hand": 0},
    {"take": "blue"},
    {"discard": 0},
    {"plant": "front", "field": 0},
    {"plant": 3, "field": 0},
    {"end": "planting"},
    {"end": "taking"},
    {"hop": 1},
]


def _refusals(
    players: int, seed: int, steps: int, until: frozenset[str] = frozenset()
) -> tuple[set[str], int]:
    """The refusal keys met in up to ``steps`` random actions (the odd actions tried every
    third step), and how many refusals had none; it stops early once ``until`` are all met."""
    game = load_game("ladybohn")
    words = game.words()
    rng = Rng(seed)
    state = game.new_state(players, seed=seed)
    keys: set[str] = set()
    unnamed = 0
    step = 0
    while not state.is_terminal() and step < steps and not (until and until <= keys):
        if step % 3 == 0:
            for player in (*range(players + 1), REFEREE):
                legal = state.legal_actions(player) if player < players else []
                for action in ODD:
                    if action in legal:
                        continue
                    try:
                        state.clone().apply(player, action)
                    except IllegalAction as err:
                        if err.key is None:
                            unnamed += 1
                            continue
                        json.dumps(err.said.to_json())  # as the server sends it to the page
                        for lang in ("en", "de"):
                            text = words.say(lang, err.said)
                            assert not text.startswith("r."), text
                        keys.add(err.key)
        actors = [p for p in sorted(state.actors()) if state.legal_actions(p)]
        player = actors[rng.below(len(actors))]
        legal = state.legal_actions(player)
        state.apply(player, legal[rng.below(len(legal))])
        step += 1
    return keys, unnamed


@pytest.mark.parametrize("players", [1, 2])
def test_the_duo_and_solo_games_name_every_refusal(players: int) -> None:
    keys, unnamed = _refusals(players, seed=5, steps=400)
    assert unnamed == 0
    assert sum(k.startswith("r.lb2.") for k in keys) >= 6, sorted(keys)


def test_the_ladybohn_reasons_of_the_table_game_are_named() -> None:
    named = frozenset({"r.lb.swap", "r.lb.steal", "r.lb.makeup", "r.lb.rotate"})
    keys, _ = _refusals(4, seed=6, steps=500, until=named)
    assert named <= keys, sorted(keys)


def test_a_refusal_keeps_the_engines_english() -> None:
    state = load_game("ladybohn").new_state(2, seed=1)
    player = min(state.actors())
    with pytest.raises(IllegalAction) as caught:
        state.apply(player, {"hop": 1})
    err = caught.value
    assert err.key == "r.lb2.notnow"
    assert str(err) == f'{{"hop": 1}} is not possible now ({state.phase} phase)'
