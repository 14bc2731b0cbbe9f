"""Bohnanza's card data (``rules/bohnanza.md``, "Cards"): counts, beanometers, the classic set,
and card files of a table's own, which the loader checks."""

from __future__ import annotations

from collections import Counter

import pytest
from bohnanza_positions import CLASSIC, TABLE, load_game

from spieltisch import OptionError
from spieltisch.games.beans.cards import payout


def test_the_deck_has_154_cards_as_in_the_table():
    game = load_game()
    assert game.deck.size == 154
    counts = Counter(k.variety for k in game.deck.kinds)
    assert counts == {v: k for v, k, _ in TABLE}
    assert sum(k for _, k, _ in TABLE) == 154


@pytest.mark.parametrize(("variety", "count", "meter"), TABLE, ids=[t[0] for t in TABLE])
def test_every_beanometer_as_in_the_table(variety, count, meter):
    game = load_game()
    kinds = [k for k in game.deck.kinds if k.variety == variety]
    assert len(kinds) == count
    assert {k.beanometer for k in kinds} == {meter}
    assert {k.sex for k in kinds} == {"male"}


def test_german_and_english_names():
    names = {v.id: (v.de, v.en) for v in load_game().deck.varieties}
    assert names["coffee"] == ("Kaffeebohne", "Coffee")
    assert names["wax"] == ("Weinbrandbohne", "Wax")
    assert names["blackeyed"] == ("Augenbohne", "Black-eyed")
    assert names["cocoa"] == ("Kakaobohne", "Cocoa")


def test_the_classic_option_keeps_the_eight_classic_varieties_104_cards():
    game = load_game(classic=True)
    assert game.deck.size == 104
    counts = Counter(k.variety for k in game.deck.kinds)
    assert counts == {v: k for v, k, _ in TABLE if v in CLASSIC}
    assert set(counts) == set(CLASSIC)
    assert game.variety_ids == set(CLASSIC)
    s = game.new_state(5, 3)
    j = s.to_json()
    assert len(j["stock"]) == 104 - 25
    assert all(game.deck.kinds[c].variety in CLASSIC for h in j["hands"] for c in h)


# beans in a field -> coins, worked out from the table: the highest tier <= beans
PAYOUTS = {
    "coffee": {1: 0, 3: 0, 4: 1, 6: 1, 7: 2, 9: 2, 10: 3, 11: 3, 12: 4, 20: 4},
    "wax": {3: 0, 4: 1, 7: 2, 8: 2, 9: 3, 10: 3, 11: 4},
    "blue": {3: 0, 4: 1, 5: 1, 6: 2, 7: 2, 8: 3, 9: 3, 10: 4},
    "chili": {2: 0, 3: 1, 5: 1, 6: 2, 7: 2, 8: 3, 9: 4, 12: 4},
    "stink": {2: 0, 3: 1, 4: 1, 5: 2, 6: 2, 7: 3, 8: 4},
    "green": {2: 0, 3: 1, 4: 1, 5: 2, 6: 3, 7: 4},
    "soy": {1: 0, 2: 1, 3: 1, 4: 2, 5: 2, 6: 3, 7: 4},
    "blackeyed": {1: 0, 2: 1, 3: 1, 4: 2, 5: 3, 6: 4, 9: 4},
    "red": {1: 0, 2: 1, 3: 2, 4: 3, 5: 4, 8: 4},
    "garden": {1: 0, 2: 2, 3: 3, 4: 3, 6: 3},
    "cocoa": {1: 0, 2: 2, 3: 3, 4: 4},
}


@pytest.mark.parametrize(
    ("variety", "beans", "coins"),
    [(v, b, c) for v, table in PAYOUTS.items() for b, c in table.items()],
)
def test_payout_by_the_beanometer(variety, beans, coins):
    meter = dict((v, m) for v, _, m in TABLE)[variety]
    assert payout(meter, beans) == coins


GOOD = """
[[variety]]
id = "alpha"
male = 12
beanometer = [2, 4, 6, 7]

[[variety]]
id = "beta"
de = "Betabohne"
male = 10
beanometer = [0, 2, 3, 0]
classic = true
"""


def test_a_card_file_of_ones_own(tmp_path):
    path = tmp_path / "cards.toml"
    path.write_text(GOOD, encoding="utf-8")
    game = load_game(cards=str(path))
    assert game.deck.size == 22
    counts = Counter(k.variety for k in game.deck.kinds)
    assert counts == {"alpha": 12, "beta": 10}
    assert {k.beanometer for k in game.deck.kinds if k.variety == "beta"} == {(0, 2, 3, 0)}
    s = game.new_state(3, 1)
    assert len(s.to_json()["stock"]) == 22 - 15
    classic = load_game(cards=str(path), classic=True)
    assert classic.deck.size == 10


def test_too_few_cards_for_the_players_are_refused(tmp_path):
    path = tmp_path / "cards.toml"
    path.write_text('[[variety]]\nid = "a"\nmale = 16\nbeanometer = [2, 4, 6, 7]\n')
    game = load_game(cards=str(path))
    with pytest.raises(OptionError):
        game.new_state(3, 0)  # 15 dealt + 2 to turn up > 16


def meter_file(meter: str) -> str:
    return f'[[variety]]\nid = "a"\nmale = 40\nbeanometer = {meter}\n'


@pytest.mark.parametrize(
    "meter",
    ["[2, 2, 4, 6]", "[4, 3, 5, 6]", "[2, 4, 6, 6]", "[3, 0, 2, 5]", "[0, 3, 3, 0]"],
)
def test_thresholds_that_do_not_strictly_increase_are_refused(tmp_path, meter):
    path = tmp_path / "cards.toml"
    path.write_text(meter_file(meter), encoding="utf-8")
    with pytest.raises(OptionError):
        load_game(cards=str(path))


@pytest.mark.parametrize("meter", ["[2, 4, 6, 7]", "[0, 2, 3, 0]", "[0, 2, 3, 4]", "[5]"])
def test_thresholds_that_strictly_increase_load(tmp_path, meter):
    path = tmp_path / "cards.toml"
    path.write_text(meter_file(meter), encoding="utf-8")
    assert load_game(cards=str(path)).deck.size == 40


BAD_FILES = {
    "unknown variety key": GOOD.replace("classic = true", 'classic = true\ncolour = "red"'),
    "misspelt beanometer": GOOD.replace("beanometer = [2, 4, 6, 7]", "beanometr = [2, 4, 6, 7]"),
    "misspelt count": GOOD.replace("male = 12", "mael = 12"),
    "unknown table": GOOD.replace("[[variety]]", "[[varieties]]"),
    "unknown top-level key": "version = 2\n" + GOOD,
    "no varieties": "",
    "not TOML": "[[variety]\nid = ",
    "five tiers": meter_file("[1, 2, 3, 4, 5]"),
    "negative count": GOOD.replace("male = 12", "male = -1"),
}


@pytest.mark.parametrize("text", BAD_FILES.values(), ids=BAD_FILES.keys())
def test_a_bad_card_file_is_refused(tmp_path, text):
    path = tmp_path / "cards.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(OptionError):
        load_game(cards=str(path))


def test_a_missing_card_file_is_refused(tmp_path):
    with pytest.raises(OptionError):
        load_game(cards=str(tmp_path / "nowhere.toml"))
