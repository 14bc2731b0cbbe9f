"""Ladybohn's cards (rules/ladybohn.md's table, sheet 001's contents list): 136 cards for 3–5
players, the Lady counts, the males' verified beanometers and the Ladys' reconstructed ones,
marked so in the data; a table's own card file replaces them."""

from __future__ import annotations

from collections import Counter

from ladybohn_positions import TABLE, do, load, load_game

from spieltisch.games.beans.cards import payout


def test_136_cards_no_coffee_wax_or_cocoa():
    game = load_game()
    assert game.deck.size == 136
    assert {v.id for v in game.deck.varieties} == {v for v, *_ in TABLE}
    assert sum(m + w for _, m, w, _, _ in TABLE) == 136
    assert sum(w for _, _, w, _, _ in TABLE) == 32, "the 32 female cards of the contents list"


def test_counts_per_variety_and_sex():
    game = load_game()
    got = Counter((k.variety, k.sex) for k in game.deck.kinds)
    for v, males, ladies, _, _ in TABLE:
        assert got[(v, "male")] == males, v
        assert got[(v, "lady")] == ladies, v
    assert got[("makeup", "lady")] == 9 and got[("makeup", "male")] == 0


def test_beanometers_males_verified_ladies_reconstructed():
    game = load_game()
    by_id = {v.id: v for v in game.deck.varieties}
    for v, males, _ladies, male_meter, lady_meter in TABLE:
        var = by_id[v]
        if males:
            assert var.beanometers["male"] == male_meter, v
            assert var.status["male"] == "verified", v
        if lady_meter is not None:
            assert var.beanometers["lady"] == lady_meter, v
            assert var.status["lady"] == "reconstructed", v
            # the reconstruction: each male threshold less one
            assert lady_meter == tuple(x - 1 for x in male_meter)
    assert "lady" not in by_id["garden"].counts or by_id["garden"].counts["lady"] == 0
    assert by_id["makeup"].status["lady"] == "sheet"
    for card, kind in enumerate(game.deck.kinds):
        meter = by_id[kind.variety].beanometers.get(kind.sex, ())
        assert kind.beanometer == meter, card


def test_kind_names():
    game = load_game()
    names = Counter(k.name for k in game.deck.kinds)
    assert names["blue"] == 20 and names["blue-lady"] == 5
    assert names["makeup-lady"] == 9 and names["garden"] == 6 and names["red-lady"] == 1


def test_payouts_of_the_table():
    assert payout((3, 5, 7, 9), 3) == 1 and payout((4, 6, 8, 10), 3) == 0
    assert payout((1, 2, 3, 4), 4) == 4 and payout((2, 3, 4, 5), 4) == 3
    assert payout((0, 2, 3, 0), 1) == 0 and payout((0, 2, 3, 0), 5) == 3


def test_the_view_shows_both_beanometers_of_every_variety():
    s = load_game().new_state(3, 0)
    v = s.view(0)["varieties"]
    assert v["blue"]["beanometer"] == {"male": [4, 6, 8, 10], "lady": [3, 5, 7, 9]}
    assert v["garden"]["beanometer"] == {"male": [0, 2, 3, 0]}


def test_a_table_loads_its_own_card_file(tmp_path):
    text = (
        __import__("importlib.resources", fromlist=["files"])
        .files("spieltisch.games.ladybohn")
        .joinpath("cards.toml")
        .read_text(encoding="utf-8")
    )
    mine = text.replace("lady_beanometer = [3, 5, 7, 9]", "lady_beanometer = [2, 4, 6, 8]")
    assert mine != text
    path = tmp_path / "my_cards.toml"
    path.write_text(mine, encoding="utf-8")
    game = load_game(cards=str(path))
    by_id = {v.id: v for v in game.deck.varieties}
    assert by_id["blue"].beanometers["lady"] == (2, 4, 6, 8)
    s = load(
        options={"cards": str(path)},
        hands=[["soy"], [], []],
        fields=[[["blue", "blue-lady"], []], [[], []], [[], []]],
    )
    do(s, 0, {"harvest": 0})
    assert len(s.to_json()["coins"][0]) == 1, "2 beans, the Lady on top: 1 coin by this card file"
