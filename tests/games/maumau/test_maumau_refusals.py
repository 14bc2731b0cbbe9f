"""Every refusal of Mau-Mau names its reason's key in the game's words (``words.toml``), so a
host can say it in its reader's language; its English stays the engine's reason."""

from __future__ import annotations

import json

import pytest

from spieltisch.core import REFEREE, IllegalAction, Rng
from spieltisch.registry import load_game

# actions no moment allows, or only some: each is refused somewhere in a random game
ODD = [
    {"lay": "7h"},
    {"lay": "3c"},
    {"lay": "Jh"},
    {"lay": "Qs"},
    {"lay": ["10h", "10s"]},
    {"lay": ["10h", "7h"]},
    {"lay": [1]},
    {"lay": "Jh", "wish": "x"},
    {"lay": "7h", "wish": "s"},
    {"lay": "7h", "swap": 1},
    {"lay": "Qh", "swap": 9},
    {"throw": "3h"},
    {"throw": "joker"},
    {"throw": ["10h", "10s"]},
    {"throw": "8c"},
    {"draw": True},
    {"draw": 1},
    {"pass": True},
    {"take": True},
    {"sit_out": True},
    {"joker": True},
    {"say": "mau"},
    {"say": "wuff"},
    {"slap": "left"},
    {"slap": "nose"},
    {"pilz": 0},
    {"wish": "h"},
    {"swap": 1},
    {"close": "slap"},
    {"hop": 1},
    {"draw": True, "pass": True},
]


@pytest.mark.parametrize("seed", [1, 2])
def test_every_refusal_names_a_key_said_in_both_languages(seed: int) -> None:
    game = load_game("maumau")
    words = game.words()
    rng = Rng(seed)
    state = game.new_state(4, seed=seed)
    keys: set[str] = set()
    step = 0
    while not state.is_terminal() and step < 1200:
        if step % 4 == 0:
            for player in (*range(5), REFEREE):
                legal = state.legal_actions(player) if player < 4 else []
                for action in ODD:
                    if action in legal:
                        continue
                    try:
                        state.clone().apply(player, action)
                    except IllegalAction as err:
                        assert err.key is not None, (str(err), action)
                        assert err.said is not None
                        json.dumps(err.said.to_json())  # as the server sends it to the page
                        for lang in ("en", "de"):
                            text = words.say(lang, err.said)
                            assert err.key not in text and "{" not in text.replace('{"', ""), text
                        keys.add(err.key)
        actors = [p for p in sorted(state.actors()) if state.legal_actions(p)]
        player = actors[rng.below(len(actors))]
        legal = state.legal_actions(player)
        state.apply(player, legal[rng.below(len(legal))])
        step += 1
    assert len(keys) >= 30, sorted(keys)  # the walk met many kinds of refusal


def test_a_refusal_keeps_the_engines_english() -> None:
    state = load_game("maumau").new_state(4, seed=3)
    turn = state.turn
    other = (turn + 1) % 4
    with pytest.raises(IllegalAction) as caught:
        state.apply(other, {"draw": True})
    err = caught.value
    assert str(err) == f"it is not your turn (player {turn} is on turn); out of turn only 3s"
    assert err.key == "r.mm.notturn"
    words = load_game("maumau").words()
    assert words.say("en", err.said) == (
        f"it is not your turn (Player {turn + 1} is on turn); out of turn only 3s"
    )
