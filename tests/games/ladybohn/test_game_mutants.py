"""Ladybohn's shared game (``ladybohn/game.py``): what the rulings say of every mode and the
module itself decides, pinned beside its mutation run (``make mutate``). mutmut leaves the
properties alone (it changes no decorated function), so the tie rule and the table sizes that
live in them are pinned here by hand. Rulings: shared/rules/ladybohn.md."""

from __future__ import annotations

import pytest

from spieltisch import load_game


def ended(players: int, first: int, coins: tuple[int, ...], hands: list[int]):
    """A Ladybohn table of ``players`` whose game ended with ``coins``, ``first`` having taken
    the first turn and the hands holding ``hands`` cards (Bohnanza's own tie-break reads them,
    Ladybohn's must not)."""
    state = load_game("ladybohn").new_state(players, 0)
    state.first_player = first
    state.hands = [state.stock[: hands[p]] for p in range(players)]
    state.result_ = coins
    return state


@pytest.mark.parametrize(
    ("first", "winner"),
    [(0, 1), (1, 0), (2, 1)],
)
def test_a_tie_goes_to_the_later_first_turn(first, winner):
    """ "Ties: the later first turn wins": players 0 and 1 end on 5 coins each; the one whose
    first turn came later (counted round from the first player) wins, whatever the hands
    hold (the more cards in hand, Bohnanza's tie rule, would pick the other one)."""
    hands = [4, 0, 2] if winner == 1 else [0, 4, 2]
    result = ended(3, first, (5, 5, 3), hands).result()
    assert result.ranks[winner] == 1 and result.ranks[1 - winner] == 2 and result.ranks[2] == 3
    assert result.summary == f"player {winner} wins"


def test_a_two_player_tie_goes_to_the_second_player():
    """ "Ties: the later first turn wins (2 players: the second player)"."""
    for first in (0, 1):
        result = ended(2, first, (4, 4), [3, 0] if first == 0 else [0, 3]).result()
        second = 1 - first
        assert result.ranks[second] == 1 and result.ranks[first] == 2


def test_more_coins_win_before_any_tie_rule():
    """Coins decide; the tie rule only where they are equal."""
    result = ended(3, 0, (3, 7, 5), [5, 0, 0]).result()
    assert result.ranks == (3, 1, 2)


def test_the_table_sizes_of_the_sheet():
    """Sheet 001: 1–5 players (solo and 2 players by their own rules); the default table is
    4 (the base game's 3–5 in the middle)."""
    game = load_game("ladybohn")
    assert (game.min_players, game.max_players, game.default_players) == (1, 5, 4)
    for n in (1, 2, 3, 5):
        assert game.new_state(n, 0).num_players == n


def test_the_ratio_field_pays_nothing_with_only_males_unless_the_option_says():
    """The rulings: the first 3rd field is the Ratio Field, "with only males in it, it pays
    nothing" (the option ``ratio_males_pay`` reads the card's unknown print the other way)."""
    assert load_game("ladybohn").options["ratio_males_pay"] is False
    assert load_game("ladybohn", ratio_males_pay=True).options["ratio_males_pay"] is True
