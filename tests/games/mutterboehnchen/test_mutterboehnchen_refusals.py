"""Mutterböhnchen's own refusals name their reason's key in the game's words (``words.toml``,
the keys the browser's patterns knew: r.mb.*, r.mb2.*), so a host can say it in its reader's
language; the English stays the engine's reason. (Reasons Bohnanza's rules give are
Bohnanza's to name.)"""

from __future__ import annotations

import json

import pytest
from mutterboehnchen_positions import load_game

from spieltisch.core import REFEREE, IllegalAction, Rng

ODD = [
    {"harvest": 0},
    {"harvest": 2},
    {"attack": 1, "field": 0},
    {"keep": 0, "field": 0},
    {"place": 0, "field": 0},
    {"buy": "field"},
    {"discard": 0},
    {"discard_hand": 0},
    {"plant": "front", "field": 0},
    {"plant": 0, "field": 0},
    {"flitzer": "pass"},
    {"end": "taking"},
    {"end": "planting"},
    {"hop": 1},
]


def _keys(players: int, seed: int, steps: int) -> set[str]:
    game = load_game()
    words = game.words()
    rng = Rng(seed)
    state = game.new_state(players, seed)
    keys: set[str] = set()
    step = 0
    while not state.is_terminal() and step < steps:
        if step % 3 == 0:
            for player in (*range(players), REFEREE):
                legal = state.legal_actions(player)
                for action in ODD:
                    if action in legal:
                        continue
                    try:
                        state.clone().apply(player, action)
                    except IllegalAction as err:
                        if err.key is None:
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
    return keys


@pytest.mark.parametrize(("players", "prefix", "least"), [(2, "r.mb2.", 5), (4, "r.mb.", 3)])
def test_refusals_name_keys_said_in_both_languages(players: int, prefix: str, least: int) -> None:
    keys = _keys(players, seed=7, steps=500)
    assert sum(k.startswith(prefix) for k in keys) >= least, sorted(keys)


def test_a_refusal_keeps_the_engines_english() -> None:
    state = load_game().new_state(2, 1)
    player = min(state.actors())
    with pytest.raises(IllegalAction) as caught:
        state.apply(player, {"hop": 1})
    err = caught.value
    assert err.key == "r.mb2.notnow"
    assert str(err) == f'{{"hop": 1}} is not possible now ({state.phase} phase)'
