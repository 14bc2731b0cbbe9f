"""The result's breakdown of the bean games (issue #15's result screen): the coins, which are
the score, and the sheet's tie-break, which with the coins gives the places: the later first
turn (Bohnanza by sheet 000's advice, Ladybohn, Mutterböhnchen, their 2-player games) or the
most hand cards (Bohnanza's published rule, an option). Ladybohn solo: her coins against the
cards in the discard pile, which she must beat."""

from __future__ import annotations

from typing import Any

import pytest

from spieltisch.bots import make_bot
from spieltisch.bots.scheduler import play_game
from spieltisch.core import State
from spieltisch.core.words import Said
from spieltisch.registry import load_game

TABLES = [
    ("bohnanza", {}, 3, "b.bd.turn"),
    ("bohnanza", {"tie_break": "hand_cards"}, 4, "b.bd.hand"),
    ("ladybohn", {}, 3, "b.bd.turn"),
    ("ladybohn", {}, 2, "b.bd.turn"),
    ("mutterboehnchen", {}, 3, "b.bd.turn"),
    ("mutterboehnchen", {}, 2, "b.bd.turn"),
]


def finished(game_id: str, options: dict[str, Any], players: int, seed: int) -> State:
    game = load_game(game_id, **options)
    played = play_game(game, [make_bot("random", game) for _ in range(players)], seed)
    assert played.state.is_terminal()
    return played.state


@pytest.mark.parametrize(("game_id", "options", "players", "tie"), TABLES)
def test_coins_are_the_score_and_with_the_tie_break_give_the_places(
    game_id: str, options: dict[str, Any], players: int, tie: str
) -> None:
    for seed in range(2):
        state = finished(game_id, options, players, seed)
        result = state.result()
        (coins_label, coins), (tie_label, ties) = result.breakdown
        # Mutterböhnchen's coins are its Bohnentaler
        coins_row = "mb.bd.coins" if game_id == "mutterboehnchen" else "b.bd.coins"
        assert coins_label == Said(coins_row) and tie_label == Said(tie)
        assert coins == result.scores
        key = list(zip(coins, ties, strict=True))
        assert result.ranks == tuple(1 + sum(k > mine for k in key) for mine in key)
        if tie == "b.bd.turn":  # each seat's place in the turn order, counted from 1
            assert sorted(ties) == list(range(1, players + 1))
            assert ties[state.first_player] == 1
        else:
            assert ties == tuple(len(h) for h in state.hands)


def test_a_tie_on_coins_goes_to_the_later_turn_as_the_breakdown_says() -> None:
    """A set-up end: equal coins, and the rows say why the later player has the first place."""
    state = finished("bohnanza", {}, 3, 0)
    state.result_ = [5, 5, 3]
    state.first_player = 2
    result = state.result()
    assert result.breakdown == ((Said("b.bd.coins"), (5, 5, 3)), (Said("b.bd.turn"), (2, 3, 1)))
    assert result.ranks == (2, 1, 3)


@pytest.mark.parametrize("seed", range(3))
def test_ladybohn_solo_shows_her_coins_against_the_discard_pile(seed: int) -> None:
    state = finished("ladybohn", {}, 1, seed)
    result = state.result()
    assert result.breakdown == (
        (Said("b.bd.coins"), result.scores),
        (Said("lb.bd.discard"), (len(state.discard),)),
    )
    (coins,), (discard,) = (v for _, v in result.breakdown)
    assert result.ranks == ((1,) if coins > discard else (2,))
