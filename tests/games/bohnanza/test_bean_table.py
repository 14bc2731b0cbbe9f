"""The bean games' shared table (``games/beans/table.py``) pinned where mutation testing
(``make mutate``) found it unchecked: two trades in one trading phase, and a position that
leaves out what it may leave out."""

from __future__ import annotations

from bohnanza_positions import do, item, load, names


def test_cards_from_two_trades_in_one_phase_are_all_to_be_planted():
    """rules/bohnanza.md, phase 2: "every card received must be planted" — the active player
    trading with two players in one phase plants what both trades gave."""
    s = load(
        hands=[["soy", "red", "soy"], ["blue", "green", "blue", "stink"], ["red", "wax"]],
        phase="trade",
        planted=1,
        offer_area=["chili", "blue"],
        fields=[[["soy"], []], [[], []], [[], []]],
    )
    do(s, 0, {"offer": {"to": 1, "give": [item("chili", source="offer")], "want": [item("blue")]}})
    do(s, 1, {"accept": 1})
    do(s, 0, {"offer": {"to": 2, "give": [item("red")], "want": [item("wax")]}})
    (second,) = s.to_json()["offers"]
    do(s, 2, {"accept": second["id"]})
    j = s.to_json()
    assert sorted(names(s, j["to_plant"][0])) == ["blue", "wax"]
    assert names(s, j["to_plant"][1]) == ["chili"]
    assert names(s, j["to_plant"][2]) == ["red"]


def test_one_player_receiving_in_two_trades_plants_both():
    """The same, for the one who accepts: player 1 takes both turned-up cards in two trades."""
    s = load(
        hands=[["soy", "red", "soy"], ["blue", "green", "blue", "stink"], ["red", "wax"]],
        phase="trade",
        planted=1,
        offer_area=["chili", "blue"],
        fields=[[["soy"], []], [[], []], [[], []]],
    )
    for up, wanted in (("chili", "blue"), ("blue", "green")):
        do(s, 0, {"offer": {"to": 1, "give": [item(up, source="offer")], "want": [item(wanted)]}})
        (offer,) = s.to_json()["offers"]
        do(s, 1, {"accept": offer["id"]})
    j = s.to_json()
    assert sorted(names(s, j["to_plant"][1])) == ["blue", "chili"]
    assert sorted(names(s, j["to_plant"][0])) == ["blue", "green"]


def test_a_position_without_run_outs_offers_or_cards_to_plant():
    """What a position may leave out reads as the start of a game has it: the stock not yet
    run out, nothing turned up, nothing waiting to be planted."""
    s = load(hands=[["soy"], ["blue"], ["red"]], phase="plant", planted=0)
    j = s.to_json()
    game = s.game
    for key in ("exhausted", "offer_area", "to_plant"):
        j.pop(key, None)
    t = game.from_json(j).to_json()
    assert t["exhausted"] == 0
    assert t["offer_area"] == []
    assert t["to_plant"] == [[], [], []]


def test_every_view_names_the_varieties_in_both_languages():
    """The card data printed on the cards, in every view: the page names a bean by it."""
    s = load(hands=[["soy"], ["blue"], ["red"]], phase="plant", planted=0)
    for seat in (0, 1, None):
        varieties = s.view(seat)["varieties"]
        assert varieties["soy"]["de"] == "Sojabohne" and varieties["soy"]["en"] == "Soy"
        assert set(varieties) == {v.id for v in s.game.deck.varieties}
