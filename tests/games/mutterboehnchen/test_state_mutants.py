"""Mutterböhnchen's 3–6 player state (``mutterboehnchen/state.py``), pinned where mutation
testing (``make mutate``) found it unchecked. Rulings: shared/rules/mutterboehnchen.md."""

from __future__ import annotations

import pytest
from mutterboehnchen_positions import act, fields_of, load, names
from position_checks import item


def frauenversteher_choice():
    """Player 0 (of 4) has planted a Frauenversteher on a Soy field: a Lady on each of his two
    fields may move to the top, so he is asked which ([field, index] options)."""
    s = load(4, hands=[["frauenversteher", "soy"], [], [], []],
             fields=[[["soy-lady", "soy"], ["blue-lady", "blue", "blue"]],
                     [[], []], [[], []], [[], []]],
             rest=1)  # fmt: skip
    act(s, 0, {"plant": "front", "field": 0})
    assert s.choice == {"player": 0, "effect": "lady_to_top", "options": [[0, 0], [1, 0]]}
    return s


def test_a_clone_during_a_one_shots_choice_asks_the_same_and_copies_the_options():
    """A clone is the same position with containers of its own (``clone``: "every container of
    the position is copied"): a pending one-shot's [field, index] options too, so a search
    that plays the choice on the clone leaves the real game's question as it was."""
    s = frauenversteher_choice()
    copy = s.clone()
    assert copy.to_json() == s.to_json()
    assert copy.choice == s.choice
    pairs = zip(copy.choice["options"], s.choice["options"], strict=True)
    assert all(a is not b for a, b in pairs)
    act(copy, 0, {"lady": 0, "field": 1})
    assert fields_of(copy, 0)[1] == ["blue", "blue", "blue-lady"]
    assert s.choice["options"] == [[0, 0], [1, 0]]
    assert fields_of(s, 0)[1] == ["blue-lady", "blue", "blue"]


def loser_on(fields):
    """Player 0 (of 4) plants a Loser (a Blackeyed) from his hand on field 0."""
    s = load(4, hands=[["loser", "soy"], [], [], []],
             fields=[fields, [[], []], [[], []], [[], []]], rest=1)  # fmt: skip
    return s, act(s, 0, {"plant": "front", "field": 0})


def test_the_loser_never_offers_an_empty_field_to_harvest():
    """The Loser's owner "must harvest one field at once": an empty field holds nothing to
    harvest, so with his other field empty the Loser's own field is the only one, harvested at
    once without asking."""
    s, events = loser_on([["blackeyed"], []])
    (harvest,) = [e for e in events if e.type == "harvest"]
    assert harvest.data["field"] == 0
    assert s.choice is None and fields_of(s, 0) == [[], []]


def test_the_loser_on_an_empty_field_beside_one_bean_may_harvest_either_one_bean_field():
    """The one-bean rule ("a field of one bean may be harvested only if no other field holds
    more"): the Loser alone on a field beside a field of one Red: both hold one bean, so the
    owner chooses either."""
    s, events = loser_on([[], ["red"]])
    assert not [e for e in events if e.type == "harvest"]
    assert s.choice == {"player": 0, "effect": "forced_harvest", "options": [0, 1]}
    assert s.clone().choice == s.choice, "a clone asks the same (options by field number)"


def test_a_field_emptied_by_the_choleriker_has_no_variety_left():
    """The Choleriker discards the top card of each other field: a field of one Blue is then
    empty, of no variety, and the next card planted there is planted as on any empty field
    (not counted as a Pistolenheld's bean of another variety)."""
    s = load(4, hands=[["choleriker", "soy"], [], [], []],
             fields=[[["red"], ["blue"]], [[], []], [[], []], [[], []]], rest=1)  # fmt: skip
    act(s, 0, {"plant": "front", "field": 0})
    assert fields_of(s, 0) == [["red", "choleriker"], []]
    assert s.field_variety(0, 1) is None
    act(s, 0, {"plant": "front", "field": 1})
    assert fields_of(s, 0) == [["red", "choleriker"], ["soy"]]
    assert s.stats() == {"fired_choleriker": 1.0}


def test_accepts_answers_by_the_fields_rules():
    """``accepts`` (the bean table's question: may this card go on this field) answers by
    Mutterböhnchen's field rules: a field of its variety or an empty one, not another's."""
    s = load(4, hands=[["soy", "blue"], [], [], []],
             fields=[[["blue"], []], [[], []], [[], []], [[], []]], rest=1)  # fmt: skip
    soy, blue = s.hands[0]
    assert s.accepts(0, 0, blue) and s.accepts(0, 1, soy)
    assert not s.accepts(0, 0, soy)


def test_the_schluckspecht_option_swallows_on_all_his_owners_fields():
    """Schluckspecht: "every bean planted on that field ... goes to its bottom (option: on all
    his owner's fields)": with the option, a Soy Lady planted on the Soy field beside his goes
    under the Soy; without it, on top."""
    for all_fields, expected in ((True, ["soy-lady", "soy"]), (False, ["soy", "soy-lady"])):
        s = load(4, options={"schluckspecht_all_fields": all_fields},
                 hands=[["soy-lady", "red"], [], [], []],
                 fields=[[["green", "schluckspecht"], ["soy"]], [[], []], [[], []], [[], []]],
                 rest=1)  # fmt: skip
        (planted,) = act(s, 0, {"plant": "front", "field": 1})
        assert fields_of(s, 0)[1] == expected, all_fields
        where = {"where": "bottom"} if all_fields else {}  # said only when not on top
        assert planted.data == {"player": 0, "field": 1, "card": "soy-lady", "route": "hand",
                                **where}  # fmt: skip


def test_a_planting_tells_the_table_the_card_its_field_and_each_bean_it_moved_up():
    """Macho: "moves up 1 place each time you plant a Lady, on any of your fields": the plant
    event names player, field, card and route, and a move-up event follows for the Macho; a
    plain Soy on an empty field moves nothing."""
    s = load(4, hands=[["blue-lady", "soy"], [], [], []],
             fields=[[["blue", "macho", "blue"], []], [[], []], [[], []], [[], []]],
             rest=1)  # fmt: skip
    events = act(s, 0, {"plant": "front", "field": 0})
    assert [(e.type, e.data) for e in events] == [
        ("plant", {"player": 0, "field": 0, "card": "blue-lady", "route": "hand"}),
        ("move_up", {"player": 0, "field": 0, "from": 1, "to": 2}),
    ]
    assert fields_of(s, 0)[0] == ["blue", "blue", "macho", "blue-lady"]
    events = act(s, 0, {"plant": "front", "field": 1})
    assert [e.data for e in events if e.type in ("plant", "move_up")] == [
        {"player": 0, "field": 1, "card": "soy", "route": "hand"}
    ]


def test_a_harvest_tells_the_table_what_it_paid_and_is_counted():
    """A harvest's event names the field, its beans, the Bohnentaler it paid and the card on
    top. The Garden Lady: "the N coins are the N bottom cards of the discard pile ...; if it
    holds fewer than N cards, the shortfall is not paid" (3 beans, a pile of 1: 1 paid, 2
    owed). A Kotzbrocken on top pays nothing. ``stats()`` goes on counting from the position's
    counts."""
    s = load(4, hands=[["soy"], [], [], []],
             fields=[[["garden", "garden", "garden-lady"], ["blue", "blue", "blue", "kotzbrocken"]],
                     [[], []], [[], []], [[], []]],
             discard=["red"], rest=1,
             counts={"harvests": 2, "garden_lady_harvests": 1, "fired_kotzbrocken": 1})  # fmt: skip
    (garden,) = act(s, 0, {"harvest": 0})
    assert garden.data == {
        "player": 0, "field": 0, "beans": 3, "coins": 1, "coin_cards": ["red"],
        "variety": "garden", "top": "garden-lady", "from_discard": True, "owed": 2,
    }  # fmt: skip
    (kotz,) = act(s, 0, {"harvest": 1})
    assert kotz.data == {
        "player": 0, "field": 1, "beans": 4, "coins": 0, "coin_cards": [],
        "variety": "green", "top": "kotzbrocken",
    }  # fmt: skip
    assert s.stats() == {"fired_kotzbrocken": 2.0, "garden_lady_harvests": 2.0, "harvests": 4.0}


def test_a_lady_swallowed_to_the_bottom_under_an_einsiedler_counts_for_him():
    """Einsiedler: "nothing may be planted on him ...; planting at the bottom is allowed": with
    the Schluckspecht option his other field's Schluckspecht sends a Soy Lady to the bottom of
    the Einsiedler's field, and the statistics count it as the Einsiedler's doing (the field he
    keeps shut), not a Chauvischwein's."""
    s = load(4, options={"schluckspecht_all_fields": True},
             hands=[["soy-lady", "red"], [], [], []],
             fields=[[["soy", "einsiedler"], ["green", "schluckspecht"]],
                     [[], []], [[], []], [[], []]],
             rest=1)  # fmt: skip
    act(s, 0, {"plant": "front", "field": 0})
    assert fields_of(s, 0)[0] == ["soy-lady", "soy", "einsiedler"]
    assert s.stats() == {"fired_einsiedler": 1.0}


ONE_SHOTS = {
    "Choleriker: the top card of each other field is discarded": (
        ["choleriker", "soy"],
        [["red"], ["blue", "blue-lady"]],
        {},
        [
            ("plant", {"player": 0, "field": 0, "card": "choleriker", "route": "hand"}),
            ("special", {"player": 0, "field": 0, "card": "choleriker",
                         "effect": "discard_other_tops"}),
            ("discard_top", {"player": 0, "field": 1, "card": "blue-lady"}),
        ],
    ),
    "Junggeselle: every Lady of his field to its bottom": (
        ["junggeselle", "soy"],
        [["chili", "chili-lady", "chili", "chili-lady"], []],
        {},
        [
            ("plant", {"player": 0, "field": 0, "card": "junggeselle", "route": "hand"}),
            ("special", {"player": 0, "field": 0, "card": "junggeselle",
                         "effect": "ladies_to_bottom_when_played"}),
            ("ladies_to_bottom", {"player": 0, "field": 0, "count": 2}),
        ],
    ),
    "Arbeitstier: then also the rearmost hand card, not the next one": (
        ["arbeitstier", "soy", "red", "blue"],
        [[], ["blue"]],
        {},
        [
            ("plant", {"player": 0, "field": 0, "card": "arbeitstier", "route": "hand"}),
            ("special", {"player": 0, "field": 0, "card": "arbeitstier",
                         "effect": "play_rearmost_too"}),
            ("plant", {"player": 0, "field": 1, "card": "blue", "route": "hand"}),
        ],
    ),
    "Arbeitstier as the last hand card: nothing more to plant": (
        ["arbeitstier"],
        [[], ["blue"]],
        {},
        [
            ("plant", {"player": 0, "field": 0, "card": "arbeitstier", "route": "hand"}),
            ("special", {"player": 0, "field": 0, "card": "arbeitstier",
                         "effect": "play_rearmost_too"}),
            ("turn_up", {"player": 0, "cards": []}),  # (the stock is empty here)
        ],
    ),
    "Frauenversteher: a Lady on top already has no place to move up to": (
        ["frauenversteher", "red"],
        [["soy"], ["blue", "blue-lady"]],
        {},
        [
            ("plant", {"player": 0, "field": 0, "card": "frauenversteher", "route": "hand"}),
            ("special", {"player": 0, "field": 0, "card": "frauenversteher",
                         "effect": "lady_to_top"}),
        ],
    ),
    "Kameradenschwein: a taler that fits no existing field goes back": (
        ["kameradenschwein", "soy"],
        [[], ["blue"]],
        {"coins": [[], ["red"], [], []], "rest": "discard"},
        [
            ("plant", {"player": 0, "field": 0, "card": "kameradenschwein", "route": "hand"}),
            ("special", {"player": 0, "field": 0, "card": "kameradenschwein",
                         "effect": "draw_opponent_taler"}),
            ("taler_draw", {"player": 0, "target": 1, "card": "red"}),
            ("give_back", {"player": 0, "target": 1, "count": 1}),
        ],
    ),
    "Kameradenschwein: a taler that fits is planted at once": (
        ["kameradenschwein", "soy"],
        [[], ["red"]],
        {"coins": [[], ["red"], [], []], "rest": "discard"},
        [
            ("plant", {"player": 0, "field": 0, "card": "kameradenschwein", "route": "hand"}),
            ("special", {"player": 0, "field": 0, "card": "kameradenschwein",
                         "effect": "draw_opponent_taler"}),
            ("taler_draw", {"player": 0, "target": 1, "card": "red"}),
            ("plant", {"player": 0, "field": 1, "card": "red", "route": "kameradenschwein"}),
        ],
    ),
    "Frauenversteher: the only Lady below the top moves up to it": (
        ["frauenversteher", "red"],
        [["soy"], ["blue-lady", "blue", "blue"]],
        {},
        [
            ("plant", {"player": 0, "field": 0, "card": "frauenversteher", "route": "hand"}),
            ("special", {"player": 0, "field": 0, "card": "frauenversteher",
                         "effect": "lady_to_top"}),
            ("lady_to_top", {"player": 0, "field": 1, "from": 0, "to": 2}),
        ],
    ),
    "Schuerzenjaeger: the only Lady of the discard pile to his hand": (
        ["schuerzenjaeger", "red"],
        [[], []],
        {"discard": ["red", "blue-lady", "red"]},
        [
            ("plant", {"player": 0, "field": 0, "card": "schuerzenjaeger", "route": "hand"}),
            ("special", {"player": 0, "field": 0, "card": "schuerzenjaeger",
                         "effect": "lady_from_discard"}),
            ("take_lady", {"player": 0, "card": "blue-lady"}),
        ],
    ),
}  # fmt: skip


@pytest.mark.parametrize(("hand", "fields", "more", "told"), ONE_SHOTS.values(), ids=ONE_SHOTS)
def test_a_one_shot_tells_the_table_what_it_did_and_is_counted_again(hand, fields, more, told):
    """The table of the 24: each one-shot fired is told (a "special" event naming card and
    effect, then what it did), and counted in ``stats()`` on top of the position's counts
    (this is its second firing in the game). Every card not named lies in player 1's
    Bohnentaler unless ``more`` says otherwise."""
    name = hand[0]
    s = load(4, hands=[hand, [], [], []], fields=[fields, [[], []], [[], []], [[], []]],
             counts={"fired_" + name: 1}, **{"rest": 1, **more})  # fmt: skip
    events = act(s, 0, {"plant": "front", "field": 0})
    assert [(e.type, e.data) for e in events] == told
    assert s.stats()["fired_" + name] == 2


def test_the_kameradenschweins_taler_that_fits_two_fields_is_planted_where_he_says():
    """Kameradenschwein: "1 Bohnentaler blind from an opponent of his choice"; a taler that fits
    two existing fields waits for him to name one, and is planted there by the
    Kameradenschwein's route."""
    s = load(3, hands=[["kameradenschwein", "soy"], [], []],
             fields=[[[], ["red"], ["red"]], [[], [], []], [[], [], []]],
             coins=[[], ["red"], []], rest="discard")  # fmt: skip
    act(s, 0, {"plant": "front", "field": 0})
    assert s.choice["effect"] == "plant_drawn_taler"
    assert s.choice["options"] == [[1, "top"], [2, "top"]]
    (planted,) = act(s, 0, {"plant": "taler", "field": 2})
    assert planted.data == {"player": 0, "field": 2, "card": "red", "route": "kameradenschwein"}
    assert fields_of(s, 0) == [["kameradenschwein"], ["red"], ["red", "red"]]


def test_two_gifts_that_fit_no_existing_field_both_wait_to_be_planted():
    """What a player receives "is planted at once on a fitting existing field", else after the
    trading: two gifts in one trading phase that fit none of player 1's existing fields (a
    Soy field) both wait in his row to be planted, neither lost."""
    s = load(4, phase="trade", planted=1, hands=[["red", "blue"], [], [], []],
             fields=[[[], []], [["soy"], []], [[], []], [[], []]], rest=1)  # fmt: skip
    for offer_id, variety in ((1, "red"), (2, "blue")):
        act(s, 0, {"offer": {"to": 1, "give": [item(variety)]}})
        act(s, 1, {"accept": offer_id})
    assert names(s.to_plant[1]) == ["red", "blue"]
