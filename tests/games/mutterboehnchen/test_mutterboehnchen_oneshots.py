"""The when-planted one-shots (rules/mutterboehnchen.md, the table of the 24): Choleriker, Loser
and Frauenversteher fire once by any planting route, only if the card lands readable on top,
never in the end placement; each firing is counted in ``stats()``."""

from __future__ import annotations

import json

from mutterboehnchen_positions import act, fields_of, hand, load, names
from position_checks import events_of, legal, refused


def plant_front(fields, hand=("soy", "soy"), rest=1, **kw):
    """Player 0 (of 4) plants his front card on field 0 (the cards not named lie in player 1's
    Bohnentaler)."""
    s = load(4, hands=[list(hand), [], [], []], fields=[fields, [[], []], [[], []], [[], []]],
             rest=rest, **kw)  # fmt: skip
    events = act(s, 0, {"plant": "front", "field": 0})
    return s, events


def test_choleriker_discards_the_top_card_of_each_other_field() -> None:
    s, events = plant_front([["red"], ["blue", "blue-lady"]], hand=["choleriker", "soy"])
    assert fields_of(s, 0) == [["red", "choleriker"], ["blue"]]
    assert names(s.discard[-1:]) == ["blue-lady"]
    assert events_of(events, "special")[0].data["card"] == "choleriker"
    assert events_of(events, "plant")[0].data["route"] == "hand"
    assert s.stats()["fired_choleriker"] == 1


def test_a_one_shot_put_under_by_a_schluckspecht_does_not_fire() -> None:
    s, events = plant_front(
        [["red", "schluckspecht"], ["blue", "blue-lady"]],
        hand=["choleriker", "soy"],
        field_var=[["red", "blue"], [None, None], [None, None], [None, None]],
    )
    assert fields_of(s, 0) == [["choleriker", "red", "schluckspecht"], ["blue", "blue-lady"]]
    assert not events_of(events, "special") and "fired_choleriker" not in s.stats()


def test_a_one_shot_fires_by_another_route_than_the_hand() -> None:
    s = load(4, phase="plant-trades", to_plant=[["choleriker"], [], [], []],
             fields=[[["red"], ["blue", "blue"]], [[], []], [[], []], [[], []]],
             rest="discard")  # fmt: skip
    card = s.to_plant[0][0]
    events = act(s, 0, {"plant": card, "field": 0})
    assert events_of(events, "plant")[0].data["route"] == "later"
    assert fields_of(s, 0)[1] == ["blue"]
    assert s.stats()["fired_choleriker"] == 1


def test_no_one_shot_fires_in_the_end_placement() -> None:
    s = load(4, phase="place", placing=[0, 1, 2, 3], hands=[["choleriker"], [], [], []],
             fields=[[["red"], ["blue", "blue"]], [[], []], [[], []], [[], []]],
             ending=True, rest="discard")  # fmt: skip
    card = s.hands[0][0]
    events = act(s, 0, {"place": card, "field": 0})
    assert events_of(events, "plant")[0].data["route"] == "end_placement"
    assert fields_of(s, 0) == [["red", "choleriker"], ["blue", "blue"]]
    assert not events_of(events, "special")


def test_loser_the_sheets_example_only_his_own_two_card_field_may_be_harvested() -> None:
    s, events = plant_front([["blackeyed"], ["stink"]], hand=["loser", "soy"])
    (harvest,) = events_of(events, "harvest")
    assert harvest.data["field"] == 0 and harvest.data["coins"] == 0, "2 beans pay nothing"
    assert fields_of(s, 0) == [[], ["stink"]]
    assert s.choice is None and s.stats()["fired_loser"] == 1


def test_loser_with_a_choice_waits_for_the_owner_to_harvest_one_field() -> None:
    s, events = plant_front([["blackeyed"], ["stink", "stink"]], hand=["loser", "soy"])
    assert not events_of(events, "harvest")
    assert s.actors() == {0}
    assert legal(s, 0) == [{"harvest": 0}, {"harvest": 1}]
    again = s.game.from_json(json.loads(json.dumps(s.to_json())))
    assert again.choice == s.choice, "the pending choice survives a save"
    act(s, 0, {"harvest": 1})
    assert fields_of(s, 0) == [["blackeyed", "loser"], []]
    assert s.choice is None and {"end": "planting"} in legal(s, 0)


def test_frauenversteher_moves_the_only_lady_to_the_top_of_her_field() -> None:
    s, events = plant_front([["soy"], ["blue-lady", "blue", "blue"]], hand=["frauenversteher"])
    assert fields_of(s, 0) == [["soy", "frauenversteher"], ["blue", "blue", "blue-lady"]]
    assert events_of(events, "lady_to_top")
    assert s.stats()["fired_frauenversteher"] == 1


def test_frauenversteher_with_two_ladys_lets_the_owner_choose() -> None:
    s, _ = plant_front(
        [["soy-lady", "soy"], ["blue-lady", "blue", "blue"]], hand=["frauenversteher", "soy"]
    )
    assert sorted(map(str, legal(s, 0))) == sorted(
        map(str, [{"lady": 0, "field": 0}, {"lady": 0, "field": 1}])
    )
    act(s, 0, {"lady": 0, "field": 0})
    assert fields_of(s, 0)[0] == ["soy", "frauenversteher", "soy-lady"]
    assert s.choice is None


# -- when played: only from the hand in the hand-play phase ------------------------------------


def test_junggeselle_when_played_moves_every_lady_of_his_field_to_its_bottom() -> None:
    s, _ = plant_front(
        [["chili", "chili-lady", "chili", "chili-lady"], []], hand=["junggeselle", "soy"]
    )
    assert fields_of(s, 0)[0] == ["chili-lady", "chili-lady", "chili", "chili", "junggeselle"]
    assert s.stats()["fired_junggeselle"] == 1


def test_junggeselle_planted_by_another_route_does_nothing() -> None:
    s = load(4, phase="plant-trades", to_plant=[["junggeselle"], [], [], []],
             fields=[[["chili", "chili-lady"], []], [[], []], [[], []], [[], []]],
             rest="discard")  # fmt: skip
    act(s, 0, {"plant": s.to_plant[0][0], "field": 0})
    assert fields_of(s, 0)[0] == ["chili", "chili-lady", "junggeselle"]
    assert "fired_junggeselle" not in s.stats()


def test_schuerzenjaeger_takes_the_only_lady_of_the_discard_pile_the_rest_keeps_its_order() -> None:
    s, _ = plant_front(
        [["chili"], []], hand=["schuerzenjaeger", "soy"], discard=["red", "blue-lady", "green"]
    )
    assert hand(s, 0) == ["soy", "blue-lady"]
    assert names(s.discard[-2:]) == ["red", "green"]
    assert s.stats()["fired_schuerzenjaeger"] == 1


def test_schuerzenjaeger_chooses_among_the_ladys_of_the_discard_pile() -> None:
    s, _ = plant_front(
        [["chili"], []], hand=["schuerzenjaeger", "soy"],
        discard=["blue-lady", "red", "stink-lady", "green"],
    )  # fmt: skip
    options = legal(s, 0)
    assert sorted(names(a["take"] for a in options)) == ["blue-lady", "stink-lady"]
    (blue,) = [a["take"] for a in options if names([a["take"]]) == ["blue-lady"]]
    act(s, 0, {"take": blue})
    assert hand(s, 0) == ["soy", "blue-lady"]
    assert names(s.discard[-3:]) == ["red", "stink-lady", "green"]


def test_schuerzenjaeger_with_no_lady_in_the_discard_pile_takes_none() -> None:
    s, _ = plant_front([["chili"], []], hand=["schuerzenjaeger", "soy"], discard=["red"])
    assert hand(s, 0) == ["soy"] and s.choice is None


# -- Hampelmann: the optional 2nd card may be any hand card ----------------------------------


def test_hampelmann_lets_the_second_card_be_any_hand_card() -> None:
    s, _ = plant_front([["blackeyed"], ["red"]], hand=["hampelmann", "soy", "red"])
    (red,) = [c for c in s.hands[0] if names([c]) == ["red"]]
    assert {"plant": red, "field": 1, "from": "hand"} in legal(s, 0)
    act(s, 0, {"plant": red, "field": 1, "from": "hand"})
    assert fields_of(s, 0) == [["blackeyed", "hampelmann"], ["red", "red"]]
    assert hand(s, 0) == ["soy"] and s.phase != "plant"
    assert s.stats()["fired_hampelmann"] == 1


def test_without_a_hampelmann_on_top_only_the_front_card_is_second() -> None:
    s, _ = plant_front([["blackeyed"], ["red"]], hand=["blackeyed", "soy", "red"])
    assert not [a for a in legal(s, 0) if a.get("from") == "hand"]


# -- Arbeitstier: when played, the rearmost hand card is planted too --------------------------


def test_arbeitstier_plants_the_rearmost_hand_card_which_is_not_the_optional_second() -> None:
    s, events = plant_front([["garden"], ["red"]], hand=["arbeitstier", "soy", "red"])
    assert fields_of(s, 0) == [["garden", "arbeitstier"], ["red", "red"]], "only one fit"
    assert hand(s, 0) == ["soy"] and s.planted == 1
    assert [e.data["route"] for e in events_of(events, "plant")] == ["hand", "hand"]
    assert s.stats()["fired_arbeitstier"] == 1


def test_arbeitstier_asks_where_the_rearmost_card_goes_when_several_fields_fit() -> None:
    s, _ = plant_front([["garden"], []], hand=["arbeitstier", "soy", "garden"])
    assert fields_of(s, 0) == [["garden", "arbeitstier"], []]
    assert legal(s, 0) == [{"plant": "rear", "field": 0}, {"plant": "rear", "field": 1}]
    act(s, 0, {"plant": "rear", "field": 0})
    assert fields_of(s, 0) == [["garden", "arbeitstier", "garden"], []]
    assert hand(s, 0) == ["soy"] and s.choice is None and s.planted == 1
    assert {"plant": "front", "field": 1} in legal(s, 0), "the optional 2nd card is still open"


def test_arbeitstier_rearmost_card_that_fits_no_field_needs_a_harvest_first() -> None:
    s, _ = plant_front([["garden"], ["red", "red"]], hand=["arbeitstier", "soy", "blue"])
    assert fields_of(s, 0) == [["garden", "arbeitstier"], ["red", "red"]]
    assert legal(s, 0) == [{"harvest": 0}, {"harvest": 1}], "the Blue fits nowhere yet"
    refused(s, 0, {"plant": "front", "field": 1})
    act(s, 0, {"harvest": 1})
    assert fields_of(s, 0) == [["garden", "arbeitstier"], ["blue"]], "planted in the room made"
    assert hand(s, 0) == ["soy"] and s.choice is None


def test_arbeitstier_option_off_leaves_a_card_that_fits_nowhere_in_the_hand() -> None:
    s, _ = plant_front([["garden"], ["red", "red"]], hand=["arbeitstier", "soy", "blue"],
                       options={"arbeitstier_must_plant": False})  # fmt: skip
    assert hand(s, 0) == ["soy", "blue"] and s.choice is None
    assert {"plant": "front", "field": 0} not in legal(s, 0) and {"end": "planting"} in legal(s, 0)


# -- Kameradenschwein: when played, 1 Bohnentaler blind from an opponent -----------------------


def test_kameradenschwein_draws_a_taler_that_fits_and_plants_it() -> None:
    s, events = plant_front([["stink"], ["red"]], hand=["kameradenschwein", "soy"],
                            coins=[0, ["red"], 0, 0], rest="discard")  # fmt: skip
    assert fields_of(s, 0) == [["stink", "kameradenschwein"], ["red", "red"]]
    assert s.coins[1] == [] and s.stats()["fired_kameradenschwein"] == 1
    assert [e.data["route"] for e in events_of(events, "plant")] == ["hand", "kameradenschwein"]


def test_kameradenschwein_names_the_opponent_and_gives_back_what_does_not_fit() -> None:
    s, _ = plant_front([["stink"], ["red"]], hand=["kameradenschwein", "soy"],
                       coins=[0, ["green"], ["blue"], 0], rest="discard")  # fmt: skip
    assert legal(s, 0) == [{"taler_from": 1}, {"taler_from": 2}]
    act(s, 0, {"taler_from": 2})
    assert names(s.coins[2]) == ["blue"] and s.choice is None
    assert fields_of(s, 0) == [["stink", "kameradenschwein"], ["red"]]


def test_kameradenschwein_asks_where_a_taler_that_fits_two_fields_goes() -> None:
    s, _ = plant_front([["stink"], ["stink"]], hand=["kameradenschwein", "soy"],
                       coins=[0, ["stink"], 0, 0], rest="discard")  # fmt: skip
    assert legal(s, 0) == [{"plant": "taler", "field": 0}, {"plant": "taler", "field": 1}]
    again = s.game.from_json(json.loads(json.dumps(s.to_json())))
    assert again.choice == s.choice
    act(s, 0, {"plant": "taler", "field": 1})
    assert fields_of(s, 0) == [["stink", "kameradenschwein"], ["stink", "stink"]]
    assert s.coins[1] == [] and s.choice is None


# -- Aktivist: a turned-up Soy bean may be taken at once ---------------------------------------


def test_an_aktivist_on_top_takes_a_turned_up_soy_bean() -> None:
    s = load(4, phase="trade", offer_area=["soy", "red"],
             fields=[[[], []], [["soy", "aktivist"], ["blue"]], [[], []], [[], []]],
             rest="discard")  # fmt: skip
    (soy,) = [c for c in s.offer_area if names([c]) == ["soy"]]
    options = [a for a in legal(s, 1) if "aktivist" in a]
    assert options == [{"aktivist": soy, "field": 0}]
    assert not [a for a in legal(s, 0) if "aktivist" in a]
    events = act(s, 1, {"aktivist": soy, "field": 0})
    assert events_of(events, "plant")[0].data["route"] == "aktivist"
    assert fields_of(s, 1)[0] == ["soy", "aktivist", "soy"]
    assert names(s.offer_area) == ["red"] and s.stats()["fired_aktivist"] == 1


def test_a_covered_aktivist_takes_nothing() -> None:
    s = load(4, phase="trade", offer_area=["soy", "red"],
             fields=[[[], []], [["soy", "aktivist", "soy"], []], [[], []], [[], []]],
             rest="discard")  # fmt: skip
    assert not [a for a in legal(s, 1) if "aktivist" in a]
