"""Bodensee Mau-Mau's card names pinned where mutation testing (``make mutate``) found them
unchecked (``maumau/cards.py``): a card is its name, rank then suit, the joker has neither a
suit nor a rank other than its own, and a hand is kept by suit, then rank, jokers last.
Rulings: shared/rules/maumau.md, "Cards, players, deal" (a Rommé deck: 2 × 52 French cards and
jokers)."""

from __future__ import annotations

from ascii_locale import run_under_ascii_locale
from maumau_cards_support import hand, table

from spieltisch.games.maumau.cards import CARDS, JOKER, insert_card, rank, sort_cards, suit


def test_the_joker_is_its_own_rank_and_has_no_suit():
    """The joker is no French card: no suit (it never fits by suit), and its rank is "joker"
    (a throw-in refuses it by that rank: "jokers are never laid")."""
    assert rank(JOKER) == "joker"
    assert suit(JOKER) is None


def test_a_french_cards_rank_and_suit_are_its_name():
    """A card is its name: rank then suit ("10h", "Qs")."""
    assert [rank(c) for c in ("10h", "Qs", "2c", "Ad")] == ["10", "Q", "2", "A"]
    assert [suit(c) for c in ("10h", "Qs", "2c", "Ad")] == ["h", "s", "c", "d"]
    assert all(rank(c) + suit(c) == c for c in CARDS)


def test_a_name_outside_the_table_is_still_read_rank_then_suit():
    """The name is what views, events and records carry: one the table does not know (a card of
    a table with other ranks) is still read as rank then suit."""
    assert rank("11h") == "11"
    assert rank("Cs") == "C"


def test_a_drawn_card_goes_into_its_place_in_the_hand():
    """Hands are kept by suit, then rank (2 … 10, J, Q, K, A), jokers last: a card drawn goes
    between its neighbours, not where the name would sort as text ("9c" before "10c")."""
    s = table([["2c", "10c", "Kh"], ["4d", "5d"], ["4h", "5h"]], ["4s"], stock=["9c"])
    s.apply(0, {"draw": True})
    assert hand(s, 0) == ["2c", "9c", "10c", "Kh"]


def test_insert_card_puts_a_card_where_sort_cards_would():
    cards = ["2c", "10c", "Jc", "9d", "Ah", "joker"]
    for new in ("9c", "Qc", "10d", "2h", "joker", "3s"):
        h = sort_cards(cards)
        insert_card(h, new)
        assert h == sort_cards([*cards, new]), new


def test_the_table_file_is_read_as_utf_8_whatever_the_locale():
    """table.toml (suits, ranks, the cards' names) is UTF-8 and holds more than ASCII: the
    module reads it so in a process whose locale says ASCII too."""
    code = "from spieltisch.games.maumau import cards; print(len(cards.CARDS))"
    out = run_under_ascii_locale(code)
    assert out.stdout.split() == [str(len(CARDS))], out.stderr
