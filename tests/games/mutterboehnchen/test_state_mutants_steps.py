"""Mutterböhnchen's steps as ``mutterboehnchen/state.py`` carries them out (``_carry_out``,
``_plant``): what each tells the table, where each card goes and what is counted, pinned where
mutation testing (``make mutate``) found them unchecked. Rulings:
shared/rules/mutterboehnchen.md."""

from __future__ import annotations

from mutterboehnchen_positions import act, fields_of, hand, load, names
from mutterboehnchen_state_positions import pull as baby_above_lady
from mutterboehnchen_state_positions import two_babys
from position_checks import legal

from spieltisch import REFEREE


def told(events):
    return [(e.type, e.data) for e in events]


def test_a_declined_pull_is_told_and_leaves_the_baby_on_top():
    """A Lady may pull a Baby planted above her down (or not): declining is told to the table
    with the field and no place moved from, and is no pull counted."""
    s = baby_above_lady()
    assert told(act(s, 0, {"pull": "none"})) == [("pull", {"player": 0, "field": 0, "from": None})]
    assert fields_of(s, 0)[0] == ["blue", "blue-lady", "blue-baby"] and s.pull is None
    assert s.stats() == {}


def test_a_pull_made_is_told_and_counted_on_top_of_the_games_count():
    """The Lady pulls the Baby under her: the table is told from where to where, and the pull
    is counted on top of what the position had counted."""
    s = baby_above_lady()
    s.counts["pulls"] = 2
    assert told(act(s, 0, {"pull": 1})) == [("pull", {"player": 0, "field": 0, "from": 1, "to": 2})]
    assert fields_of(s, 0)[0] == ["blue", "blue-baby", "blue-lady"]
    assert s.stats() == {"pulls": 3.0}


def test_a_field_a_choleriker_emptied_shows_no_variety():
    """Choleriker: the top card of each of his other fields is discarded; a field of one card
    is then empty, and the view shows it without a variety (a new first card gives it one)."""
    s = load(4, hands=[["choleriker", "soy"], [], [], []],
             fields=[[["red"], ["blue"]], [[], []], [[], []], [[], []]])  # fmt: skip
    act(s, 0, {"plant": "front", "field": 0})
    assert fields_of(s, 0) == [["red", "choleriker"], []] and names(s.discard[-1:]) == ["blue"]
    assert s.view(None)["field_varieties"][0] == ["red", None]
    act(s, 0, {"plant": "front", "field": 1})
    assert s.view(None)["field_varieties"][0] == ["red", "soy"]


def test_a_hampelmanns_second_card_may_be_named_by_either_of_two_equal_cards():
    """Hampelmann (on top): the optional 2nd card may be any hand card. Two equal beans are the
    same move: the moves list one of them, and naming the other plants a Red just the same
    (from the hand, the turn's 2nd planting, a Hampelmann fired)."""
    s = load(4, hands=[["hampelmann", "soy", "red", "red"], [], [], []],
             fields=[[["blackeyed"], ["red"]], [[], []], [[], []], [[], []]],
             counts={"fired_hampelmann": 1})  # fmt: skip
    act(s, 0, {"plant": "front", "field": 0})
    listed, other = s.hands[0][1:]
    assert {"plant": listed, "field": 1, "from": "hand"} in legal(s, 0)
    assert {"plant": other, "field": 1, "from": "hand"} not in legal(s, 0)
    (plant,) = [e for e in act(s, 0, {"plant": other, "field": 1, "from": "hand"})
                if e.type == "plant"]  # fmt: skip
    assert plant.data == {"player": 0, "field": 1, "card": "red", "route": "hand"}
    assert fields_of(s, 0)[1] == ["red", "red"] and hand(s, 0) == ["soy", "red"]
    assert s.planted == 2, "two cards planted in this turn: the front card and the 2nd"
    assert s.stats()["fired_hampelmann"] == 2.0, "counted on top of the game's count"


def test_a_gift_to_plant_at_once_may_be_named_by_either_of_two_equal_cards():
    """Prügelknabe (on top): a gift to him is taken and planted at once (told as received). Of
    two equal Blue beans received, the moves list one; naming the other plants a Blue just the
    same."""
    s = load(4, phase="trade", hands=[["blue", "blue"], [], [], []],
             fields=[[[], []], [["blackeyed", "pruegelknabe"], ["blue"]], [[], []], [[], []]],
             rest=2, counts={"foisted": 2})  # fmt: skip
    act(s, 0, {"draft": "to", "player": 1})
    act(s, 0, {"draft": "give", "variety": "blue", "from": "hand"})
    act(s, 0, {"draft": "give", "variety": "blue", "from": "hand"})
    act(s, 0, {"propose": True})
    ((who, cards),) = s.foist
    assert who == 1 and len(cards) == 2
    assert {"plant": cards[1], "field": 1} not in legal(s, 1)
    assert told(act(s, 1, {"plant": cards[1], "field": 1})) == [
        ("plant", {"player": 1, "field": 1, "card": "blue", "route": "received"})
    ]
    assert fields_of(s, 1)[1] == ["blue", "blue"] and len(s.foist[0][1]) == 1
    assert s.stats()["foisted"] == 3.0, "each card planted at once counted, on top"


def test_a_turned_up_card_planted_is_told_so_and_an_offer_of_it_is_dropped():
    """In the trading phase the active player may plant his turned-up cards: the planting is
    told as turned up, and an open offer that gives that card can no longer be met and is
    dropped (its receiver can no longer accept it); an offer of another turned-up card stays."""
    s = load(4, phase="trade", offer_area=["red", "soy"], hands=[["chili"], ["blue"], [], []],
             fields=[[["red"], []], [[], []], [[], []], [[], []]], rest=3)  # fmt: skip
    act(s, 0, {"draft": "to", "player": 1})
    act(s, 0, {"draft": "give", "variety": "soy", "from": "offer"})
    act(s, 0, {"draft": "want", "variety": "blue", "from": "hand"})
    act(s, 0, {"propose": True})
    act(s, 0, {"draft": "to", "player": 2})
    act(s, 0, {"draft": "give", "variety": "red", "from": "offer"})
    act(s, 0, {"propose": True})
    offer, red = s.offers
    assert {"accept": offer.id} in legal(s, 1)
    assert told(act(s, 0, {"plant": s.offer_area[1], "field": 1})) == [
        ("plant", {"player": 0, "field": 1, "card": "soy", "route": "turned_up"})
    ]
    assert s.offers == [red] and {"accept": offer.id} not in legal(s, 1)
    assert {"accept": red.id} in legal(s, 2), "the turned-up Red bean is still his to give"


def test_the_arbeitstiers_rearmost_card_goes_where_it_fits_after_the_harvest_made_room():
    """Arbeitstier (when played): the rearmost hand card is planted too; where it fits no field,
    a field is harvested first. The card that then fits decides where it goes: the rearmost
    (Blue), which fits only the field just emptied, not the Garden bean before it, which would
    fit the Arbeitstier's Garden field as well."""
    s = load(4, hands=[["arbeitstier", "soy", "garden", "blue"], [], [], []],
             fields=[[["garden"], ["red", "red"]], [[], []], [[], []], [[], []]],
             rest=1)  # fmt: skip
    act(s, 0, {"plant": "front", "field": 0})
    assert legal(s, 0) == [{"harvest": 0}, {"harvest": 1}], "the Blue fits nowhere yet"
    events = act(s, 0, {"harvest": 1})
    assert [e.type for e in events] == ["harvest", "plant"] and s.choice is None
    assert fields_of(s, 0) == [["garden", "arbeitstier"], ["blue"]]
    assert hand(s, 0) == ["soy", "garden"]


def test_a_soy_bean_an_aktivist_takes_is_counted_on_top_and_an_offer_of_it_is_dropped():
    """Aktivist (on top): a turned-up Soy bean may be taken at once. Taken, it is planted (told
    as the Aktivist's), counted on top of the game's count, and an open gift of it by the active
    player can no longer be met and is dropped; his gift of another turned-up card stays."""
    s = load(4, phase="trade", offer_area=["soy", "red"], hands=[["chili"], ["blue"], [], []],
             fields=[[[], []], [["soy", "aktivist"], ["blue"]], [[], []], [[], []]],
             rest="discard", counts={"fired_aktivist": 1})  # fmt: skip
    act(s, 0, {"draft": "to", "player": 2})
    act(s, 0, {"draft": "give", "variety": "soy", "from": "offer"})
    act(s, 0, {"propose": True})
    act(s, 0, {"draft": "to", "player": 3})
    act(s, 0, {"draft": "give", "variety": "red", "from": "offer"})
    act(s, 0, {"propose": True})
    offer, red = s.offers
    assert {"accept": offer.id} in legal(s, 2)
    assert told(act(s, 1, {"aktivist": s.offer_area[0], "field": 0})) == [
        ("plant", {"player": 1, "field": 0, "card": "soy", "route": "aktivist"})
    ]
    assert s.offers == [red] and {"accept": offer.id} not in legal(s, 2)
    assert {"accept": red.id} in legal(s, 3), "the turned-up Red bean is still the active's"
    assert s.stats() == {"fired_aktivist": 2.0}


def test_the_referee_closes_an_idle_trading_phase_and_is_told_as_the_closer():
    """The referee (the host's seat) may close a trading phase nobody ends: the table is told
    that he ended it and what the active player keeps to plant."""
    s = load(4, phase="trade", offer_area=["red", "soy"], hands=[["chili"], ["blue"], [], []],
             fields=[[["red"], []], [[], []], [[], []], [[], []]], rest=3)  # fmt: skip
    assert told(act(s, REFEREE, {"close": "trading"})) == [
        ("trading_end", {"by": REFEREE, "kept": ["red", "soy"]})
    ]
    assert s.phase == "plant-trades" and names(s.to_plant[0]) == ["red", "soy"]


def test_attacks_left_out_are_dropped_when_the_rasselbande_ends():
    """The active player may end the Rasselbande before every Baby has attacked: the attacks
    left are dropped (the view and the record hold none) and the trading phase begins."""
    s = two_babys()
    assert s.planned == [{"field": 0, "rattles": 1}]
    act(s, 0, {"end": "attacks"})
    assert s.phase == "trade" and s.view(None)["attacks"] == [] and s.to_json()["planned"] == []
