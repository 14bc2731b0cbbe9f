"""Biber-Mania's cards module pinned rule by rule (``cards.py``): what a group counts as, what
beats what, which lays exist, and how a deck file is read. Each test quotes the ruling it pins
(``shared/rules/bibermania.md``); mutation testing (``make mutate``) found these cases
unchecked."""

from __future__ import annotations

import pytest

from spieltisch.core import OptionError
from spieltisch.games.bibermania.cards import (
    ACTION,
    HIPPIE_RUN,
    JOKERS,
    MIXED,
    PARTY,
    RUN,
    SET,
    Shape,
    _SortKeys,
    beats,
    card_name,
    display_targets,
    hippie_run_top,
    hippie_runs,
    parse_deck,
    possible_lays,
    shape,
    sort_cards,
    sort_key,
)

DIGITS = tuple(range(1, 11))


# -- "A Hippie run: a Hippie with 2–6 digits of different values, such that one missing value —
#    a gap inside, or just beyond an end and within the deck's digit range — makes them
#    consecutive." ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("values", "top"),
    [
        ([3, 5], 5),  # a gap inside: the run 3-4-5
        ([3, 4], 5),  # beyond an end: the Hippie goes above when it can (the stronger run)
        ([9, 10], 10),  # no 11 in the deck: the Hippie goes below, the top stays 10
        ([1, 2, 3, 4, 5, 6], 7),  # six digits, the most a Hippie run holds
        ([2, 3, 4, 5, 6, 8], 8),  # six digits with the gap inside
    ],
)
def test_a_hippie_runs_top(values, top):
    assert hippie_run_top(values, DIGITS) == top


@pytest.mark.parametrize(
    "values",
    [
        [4],  # one digit is no run
        [1, 2, 3, 4, 5, 6, 7],  # seven digits: more than 6
        [3, 3],  # values must differ
        [3, 6],  # two values missing
        [2, 3, 4, 7],
    ],
)
def test_not_a_hippie_run(values):
    assert hippie_run_top(values, DIGITS) is None


def test_a_hippie_run_stays_within_the_decks_digits():
    """With the digits 1 and 2 only, 1-2 has no room beyond either end."""
    assert hippie_run_top([1, 2], (1, 2)) is None
    assert hippie_run_top([1, 2], (1, 2, 3)) == 3
    assert hippie_run_top([2, 3], (1, 2, 3)) == 3  # below: the top stays 3


# -- what a group counts as ------------------------------------------------------------------


def test_the_shapes_of_groups():
    assert shape([], DIGITS) == Shape(MIXED, 0)
    # "Jokers alone: they count as the highest value of the game (above every digit of the deck)"
    assert shape(["joker", "joker"], DIGITS) == Shape(JOKERS, 2, 11)
    assert shape(["joker"], (1, 2, 5)) == Shape(JOKERS, 1, 6)
    assert shape(["fee"], DIGITS) == Shape(ACTION, 1)
    assert shape(["4", "4", "joker"], DIGITS) == Shape(SET, 3, 4)
    assert shape(["4", "dieb"], DIGITS) == Shape(SET, 2, 4)
    # "A Bodyguard laid with digits ... cannot be beaten"
    assert shape(["4", "4", "bodyguard"], DIGITS) == Shape(SET, 3, 4, protected=True)
    # "the 4-card Partybiber group, cannot be beaten" — whatever of it is left
    assert shape(["1", "5", "9", "partybiber"], DIGITS) == Shape(PARTY, 4, None, protected=True)
    assert shape(["1", "partybiber"], DIGITS) == Shape(PARTY, 2, None, protected=True)
    assert shape(["3", "5", "hippie"], DIGITS) == Shape(HIPPIE_RUN, 3, 5)
    assert shape(["4", "5", "6"], DIGITS) == Shape(RUN, 3, 6)


@pytest.mark.parametrize(
    "cards",
    [
        ["4", "dieb", "joker"],  # "never together with a joker"
        ["4", "dieb", "fee"],  # "At most one action card per lay"
        ["3", "5", "hippie", "joker"],  # a Hippie run has no joker
        ["4", "6"],  # "cards with no common value that are not a Hippie run"
        ["4", "5", "joker"],
        ["4", "6", "7"],  # not consecutive: no run
    ],
)
def test_groups_without_a_single_value_are_mixed(cards):
    s = shape(cards, DIGITS)
    assert s.kind == MIXED and s.size == len(cards) and not s.can_be_beaten


def test_two_consecutive_digits_are_a_plain_run():
    """ "A plain run (consecutive digits, no Hippie, no joker)": two digits are one already."""
    assert shape(["4", "5"], DIGITS) == Shape(RUN, 2, 5)


def test_jokers_alone_top_a_deck_without_digits():
    """The top is one above the highest digit, so 1 where a (hand-made) deck has none."""
    assert shape(["joker"], ()) == Shape(JOKERS, 1, 1)
    assert list(possible_lays(["joker"], ())) == [["joker"]]
    assert list(hippie_runs([1, 2], ())) == []


def test_what_can_be_beaten():
    assert Shape(SET, 2, 4).can_be_beaten
    assert Shape(HIPPIE_RUN, 3, 5).can_be_beaten
    assert Shape(ACTION, 1).can_be_beaten
    assert not Shape(SET, 2, 4, protected=True).can_be_beaten
    for kind in (JOKERS, RUN, PARTY, MIXED):
        assert not Shape(kind, 2, 9).can_be_beaten


# -- "A Hippie run is beaten by any run, plain or with a Hippie, of the same number of cards
#    (the sheet's "beliebige"; option: only a higher run)." -------------------------------------


@pytest.mark.parametrize(
    ("lay_top", "any_run", "higher_only"),
    [(4, True, False), (5, True, False), (6, True, True), (9, True, True)],
)
def test_runs_beat_a_hippie_run_of_top_5(lay_top, any_run, higher_only):
    target = Shape(HIPPIE_RUN, 3, 5)
    for kind in (RUN, HIPPIE_RUN):
        lay = Shape(kind, 3, lay_top)
        assert beats(lay, target) is any_run
        assert beats(lay, target, only_higher_runs=True) is higher_only


def test_a_run_of_another_length_or_a_set_does_not_beat_a_hippie_run():
    target = Shape(HIPPIE_RUN, 3, 5)
    assert not beats(Shape(RUN, 4, 9), target)
    assert not beats(Shape(SET, 3, 9), target)


def test_sets_beat_lower_sets_of_as_many_cards():
    target = Shape(SET, 2, 6)
    assert beats(Shape(SET, 2, 7), target)
    assert not beats(Shape(SET, 2, 6), target)  # equal value does not beat
    assert not beats(Shape(SET, 3, 9), target)
    assert beats(Shape(JOKERS, 2, 11), target)
    assert not beats(Shape(JOKERS, 2, 11), Shape(JOKERS, 2, 11))  # "two joker groups never"


def test_a_lone_action_card_falls_only_to_a_lone_joker():
    target = Shape(ACTION, 1)
    assert beats(Shape(JOKERS, 1, 11), target)
    assert not beats(Shape(SET, 1, 10), target)


# -- "In the 9-card display, targets are only digits: any set of as many display digits of one
#    value as the lay has cards, of lower value." ------------------------------------------------


def test_display_targets():
    display = sort_cards(["2", "2", "3", "5", "5", "5", "8", "fee", "joker"])
    assert display_targets(Shape(SET, 1, 5), display) == ["2", "3"]
    assert display_targets(Shape(SET, 2, 6), display) == ["2", "5"]
    assert display_targets(Shape(SET, 3, 9), display) == ["5"]
    assert display_targets(Shape(SET, 4, 9), display) == []
    assert display_targets(Shape(JOKERS, 1, 11), display) == ["2", "3", "5", "8"]
    # "option: a lone joker beats one display action card"
    assert display_targets(Shape(JOKERS, 1, 11), display, True) == ["2", "3", "5", "8", "fee"]
    assert display_targets(Shape(JOKERS, 2, 11), display, True) == ["2", "5"]
    assert display_targets(Shape(SET, 1, 9), display, True) == ["2", "3", "5", "8"]
    assert display_targets(Shape(HIPPIE_RUN, 3, 9), display) == []


# -- "What may be laid": each lay once, in one canonical order ---------------------------


def test_each_lay_is_listed_once_and_sorted():
    hand = sort_cards(["2", "4", "4", "6", "9", "hippie", "partybiber", "dieb", "joker", "joker"])
    lays = list(possible_lays(hand, DIGITS))
    assert len(lays) == len({tuple(lay) for lay in lays})
    assert all(lay == sort_cards(lay) for lay in lays)
    # a Hippie run completed in two ways (2-4 with 3, or 4-6 with 5) is each listed, once
    assert ["2", "4", "hippie"] in lays and ["4", "6", "hippie"] in lays
    # the Partybiber with 3 digits pairwise neither equal nor consecutive
    assert ["2", "4", "9", "partybiber"] in lays
    assert ["4", "6", "9", "partybiber"] in lays and ["2", "6", "9", "partybiber"] in lays
    assert not any(lay[-1] == "partybiber" and len(lay) == 2 for lay in lays)
    # the Partybiber never joins a set; the others do, one at a time, never with a joker
    assert ["4", "4", "dieb"] in lays and ["4", "4", "joker", "joker"] in lays
    assert not any("dieb" in lay and "joker" in lay for lay in lays)
    # "(the Hippie included; option: not the Hippie)": by default the Hippie joins a set
    assert ["4", "4", "hippie"] in lays
    assert ["4", "4", "hippie"] not in list(possible_lays(hand, DIGITS, hippie_in_sets=False))


def test_a_hippie_run_holds_at_most_six_digits():
    """ "a Hippie with 2–6 digits": seven held in a row give runs of six at most."""
    hand = sort_cards([str(v) for v in range(1, 9)] + ["hippie"])
    runs = [lay for lay in possible_lays(hand, DIGITS) if "hippie" in lay and len(lay) > 2]
    assert runs and max(len(lay) for lay in runs) == 7
    assert all(2 <= len(run) <= 6 for run in hippie_runs(list(range(1, 9)), DIGITS))


# -- the deck file ---------------------------------------------------------------------------


def test_a_deck_file_is_read_whatever_the_spelling_of_its_card_names():
    deck = parse_deck(
        '[cards]\n"König" = 2\n" 03 " = 4\nJOKER = 1\n"1" = 3\nFee = 0\n', "test.toml"
    )
    assert deck.counts == (("1", 3), ("3", 4), ("fee", 0), ("koenig", 2), ("joker", 1))
    assert deck.status == "reconstructed" and deck.source == "test.toml"
    assert deck.kinds == ("1", "3", "koenig", "joker")
    assert deck.digits == (1, 3) and deck.top == 4 and deck.size == 10
    assert sorted(deck.cards) == sorted(["1"] * 3 + ["3"] * 4 + ["koenig"] * 2 + ["joker"])


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ("[cards]\n0 = 2\n", "unknown card '0'"),
        ("[cards]\nbiber = 1\n", "cards are digits 1, 2, ... and superbiber, dieb, fee, "),
        ("[cards]\nbiber = 1\n", "unknown card 'biber'"),
        ("[cards]\n1 = -1\n", "not a whole number >= 0"),
        ("[cards]\n1 = true\n", "not a whole number >= 0"),
        ('status = "guessed"\n[cards]\n1 = 1\n', "status is sheet, verified or reconstructed"),
        ("[cards]\njoker = 2\n", "a deck needs digit cards"),
        ("[cards]\n1 = 0\njoker = 2\n", "a deck needs digit cards"),
    ],
)
def test_a_bad_deck_file_says_what_is_wrong(body, words):
    with pytest.raises(OptionError, match=words):
        parse_deck(body, "test.toml")


def test_a_deck_file_says_where_its_counts_come_from():
    for status in ("sheet", "verified", "reconstructed"):
        assert parse_deck(f'status = "{status}"\n[cards]\n1 = 1\n', "t").status == status


def test_cards_are_named_as_the_sheet_prints_them():
    assert card_name("koenig") == "König" and card_name("joker") == "Joker"
    assert card_name("7") == "7"


def test_sort_keys_put_digits_then_action_cards_then_jokers():
    keys = _SortKeys()
    assert keys["7"] == sort_key("7") == (0, 7, "")
    assert "7" in keys  # kept after the first look-up
    assert keys["joker"] == (2, 0, "")
    assert sort_cards(["joker", "koenig", "10", "superbiber", "2"]) == [
        "2",
        "10",
        "superbiber",
        "koenig",
        "joker",
    ]
