"""Mutterböhnchen's shared set-up and planting helpers (``mutterboehnchen/common.py``) pinned
where mutation testing (``make mutate``) found them unchecked: the starting Bohnentaler of a
variety with just enough males, and the Kavalier's "under" placement. Rulings:
shared/rules/mutterboehnchen.md."""

from __future__ import annotations

import pytest
from mutterboehnchen_positions import act, fields_of, load

from spieltisch.core import OptionError
from spieltisch.games.mutterboehnchen.cards import BABY, LADY, MALE, Kind
from spieltisch.games.mutterboehnchen.common import starting_talers, where_of
from spieltisch.games.mutterboehnchen.fields import UNDER

METER = (2, 4, 6, 8)


def test_a_variety_with_exactly_two_plain_males_gives_both_as_talers():
    """Setup: "2 males of each variety are dealt face down … as starting Bohnentaler": a
    variety (of a card file of one's own) with exactly 2 plain males has enough."""
    kinds = (
        Kind("red", MALE, METER),
        Kind("red", LADY, METER),
        Kind("red", MALE, METER),
        Kind("red", BABY, METER),
        Kind("blue", MALE, METER),
        Kind("blue", MALE, METER),
        Kind("blue", MALE, METER),
    )
    assert starting_talers(kinds, ["red", "blue"]) == [0, 2, 4, 5]


def test_a_variety_with_one_plain_male_cannot_give_its_talers():
    """With fewer than 2 plain males (a special male is no plain one) the set-up cannot be
    made: the refusal names the variety and the number needed."""
    kinds = (
        Kind("red", MALE, METER),
        Kind("red", MALE, METER, special="wuehler", klass="T", effect="attack_draws_one_more"),
        Kind("red", LADY, METER),
    )
    with pytest.raises(OptionError, match="variety 'red' needs 2 males for the talers"):
        starting_talers(kinds, ["red"])


def test_under_only_when_the_action_says_under_true():
    """A plant action's placement: ``"under": true`` slides a Kavalier under a Lady; without it
    (or with ``false``) the card goes on top as any bean."""
    assert where_of({"plant": "front", "field": 0, "under": True}) == UNDER
    assert where_of({"plant": "front", "field": 0}) is None
    assert where_of({"plant": "front", "field": 0, "under": False}) is None


def test_a_kavalier_slid_under_a_lady_or_planted_on_a_blue_field():
    """Kavalier: "When planted, he may be slid directly under the top card of any of your
    fields whose top card is a Lady (any variety), instead of going on a Blue field; the Lady
    stays on top." """
    fields = [[["chili", "chili-lady"], ["blue"]], [], [], []]
    s = load(4, hands=[["kavalier"], [], [], []], fields=fields)
    act(s, 0, {"plant": "front", "field": 0, "under": True})
    assert fields_of(s, 0) == [["chili", "kavalier", "chili-lady"], ["blue"]]

    s = load(4, hands=[["kavalier"], [], [], []], fields=fields)
    act(s, 0, {"plant": "front", "field": 1})
    assert fields_of(s, 0) == [["chili", "chili-lady"], ["blue", "kavalier"]]
