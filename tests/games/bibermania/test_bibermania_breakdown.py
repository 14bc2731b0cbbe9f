"""The result's breakdown of Biber-Mania (issue #15's result screen): the sheet's score is each
card on the own pile +1 and each card in hand -1, and the two rows add up to it; with 'Punkte
sammeln' each round adds its winners' points, and the rounds' rows add up to the totals."""

from __future__ import annotations

from typing import Any

import pytest

from spieltisch.bots import make_bot
from spieltisch.bots.scheduler import play_game
from spieltisch.core import State
from spieltisch.core.words import Said
from spieltisch.registry import load_game


def finished(options: dict[str, Any], players: int, seed: int) -> State:
    game = load_game("bibermania", **options)
    played = play_game(game, [make_bot("random", game) for _ in range(players)], seed)
    assert played.state.is_terminal()
    return played.state


@pytest.mark.parametrize("players", [2, 3, 5])
def test_pile_and_hand_add_up_to_the_score(players: int) -> None:
    for seed in range(4):
        state = finished({}, players, seed)
        result = state.result()
        (pile_label, pile), (hand_label, hand) = result.breakdown
        assert pile_label == Said("bm.bd.pile") and hand_label == Said("bm.bd.hand")
        assert tuple(a + b for a, b in zip(pile, hand, strict=True)) == result.scores
        assert all(v >= 0 for v in pile) and all(v <= 0 for v in hand)
        assert hand == tuple(-len(h) for h in state.hands)


@pytest.mark.parametrize("players", [2, 4])
def test_the_rounds_of_punkte_sammeln_add_up_to_the_totals(players: int) -> None:
    for seed in range(3):
        state = finished({"target": 30}, players, seed)
        result = state.result()
        assert [label.key for label, _ in result.breakdown] == ["bm.bd.round"] * len(state.history)
        assert [label.args for label, _ in result.breakdown] == [
            (k,) for k in range(1, len(state.history) + 1)
        ]
        sums = tuple(sum(values[p] for _, values in result.breakdown) for p in range(players))
        assert sums == result.scores and max(result.scores) >= 30
        for (_, added), scores in zip(result.breakdown, state.history, strict=True):
            # only a round's winners score, and each its own round's points
            assert added == tuple(s if s == max(scores) else 0 for s in scores)
