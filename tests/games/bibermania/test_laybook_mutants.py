"""Biber-Mania's lay book (``bibermania/laybook.py``) pinned where mutation testing (``make
mutate``) found it unchecked. The book is the fast path of the legal lays: "every lay a deck
allows, worked out once per deck", the legal lays of a hand "a few cached blocks of ranks",
each group's shape remembered. ``test_bibermania_fast.py`` checks what it answers against the
rulebook's ``possible_lays``; these tests check that it answers from what it worked out once:
a change that quietly works everything out anew each time keeps the answers and loses the
reason the book exists."""

from __future__ import annotations

import pytest

import spieltisch
from spieltisch.games.bibermania.cards import plain_runs, possible_lays, shape, sort_key
from spieltisch.games.bibermania.laybook import LayBook

HANDS = [
    ["2", "3", "3", "5", "7", "hippie", "joker", "joker"],
    ["1", "4", "4", "6", "8", "partybiber", "dieb"],
    ["3", "5", "9", "9", "9", "hippie", "partybiber", "fee", "joker"],
]


def book() -> LayBook:
    game = spieltisch.load_game("bibermania")
    return LayBook(game.deck, True)


def small_deck(tmp_path) -> LayBook:
    """A table's own deck of six digits (1 to 6), a Hippie and jokers."""
    path = tmp_path / "deck.toml"
    path.write_text(
        '[cards]\n"1" = 2\n"2" = 2\n"3" = 2\n"4" = 2\n"5" = 2\n"6" = 2\nhippie = 2\njoker = 2\n',
        encoding="utf-8",
    )
    return spieltisch.load_game("bibermania", deck=str(path)).book


@pytest.mark.parametrize("hippie_in_sets", [True, False])
def test_the_book_holds_every_lay_of_the_deck_and_every_plain_run(hippie_in_sets):
    """ "A LayBook runs [possible_lays] once on the whole deck (every hand is a part of the
    deck, so every lay of any hand is among those)" and adds the plain runs, "laid to beat
    Hippie runs", of every length up to all the deck's digits: each lay once, none empty, in
    the legal list's order."""
    deck = spieltisch.load_game("bibermania").deck
    b = LayBook(deck, hippie_in_sets)
    want = {tuple(lay) for lay in possible_lays(deck.cards, b.digits, True)}
    for length in range(2, len(b.digits) + 1):
        want |= {tuple(run) for run in plain_runs(deck.cards, length)}
    order = sorted(want, key=lambda c: (len(c), [sort_key(x) for x in c]))
    assert [lay.cards for lay in b.lays] == order
    assert [lay.rank for lay in b.lays] == list(range(len(order)))
    assert () not in b.by_cards
    assert ("1", "2") in b.by_cards and tuple(map(str, range(1, 11))) in b.by_cards


def test_a_small_deck_beats_its_longest_hippie_run_with_a_plain_run(tmp_path):
    """A deck of six digits has Hippie runs of up to 6 cards (five values and the Hippie): the
    book holds the plain runs of every length up to six (the engine finds the run a hand lays
    against one by its cards in the book)."""
    b = small_deck(tmp_path)
    assert b.digits == (1, 2, 3, 4, 5, 6)
    for length in range(2, 7):
        assert ("1", "2", "3", "4", "5", "6")[:length] in b.by_cards
    five = b.lay(["1", "2", "3", "4", "5"])
    assert five.shape.kind == "run" and five.action == {"lay": ["1", "2", "3", "4", "5"]}


def test_a_hands_lays_asked_again_come_from_the_blocks_kept():
    """ "The legal lays of a hand are then a few cached blocks of ranks — per held digit, per
    set of held values": a hand asked about again is answered from those blocks alone, even
    with the deck's ranks, counts, Hippie runs and Partybiber trios no longer at hand."""
    b = book()
    first = [b.ranks(sorted(hand, key=sort_key)) for hand in HANDS]
    assert all(first), "every hand lays something"
    b.rank, b.most, b._hippie_runs, b._party_trios = {}, {}, [], []
    assert [b.ranks(sorted(hand, key=sort_key)) for hand in HANDS] == first


def test_the_sets_of_each_digit_are_worked_out_once_for_hands_of_like_jokers_and_actions():
    """The sets table (for each digit and count: its sets alone, with jokers, with an action
    card) depends only on the jokers held and the action cards laid with digits: a hand with
    a Partybiber (never laid with digits) and one without share it, so the second hand is
    answered from the table the first one filled."""
    partybiber = ["4", "4", "6", "partybiber"]
    digits_only = ["4", "6", "6", "9"]
    want = book().ranks(digits_only)
    b = book()
    b.ranks(partybiber)
    b.rank, b.most = {}, {}
    assert b.ranks(digits_only) == want


def test_the_shape_of_a_lay_is_the_one_worked_out_with_the_book():
    """ "keeps, for each lay, its Action, its Shape": the shape of a lay's cards is the one
    the book made, not one worked out again."""
    b = book()
    for lay in b.lays[::50]:
        assert b.shape(lay.cards) is lay.shape
        assert b.shape(list(lay.cards)) is lay.shape


def test_a_group_that_is_no_lay_has_its_shape_remembered():
    """ "It also remembers the shape of every group it is asked about": a group that is no lay
    (a Hippie run that lost its Hippie, a set that gained a König) gets its shape once."""
    b = book()
    for group in (["3", "5"], ["7", "7", "koenig", "koenig"]):
        assert tuple(group) not in b.by_cards
        first = b.shape(group)
        assert first == shape(group, b.digits)
        assert b.shape(tuple(group)) is first
