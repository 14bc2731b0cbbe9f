"""Which card a giver hands over (``beans/givefirst.py``), pinned in Ladybohn where mutation
testing (``make mutate``) found it unchecked: the active player's turned-up cards, marks of two
varieties at once, and several marks kept newest first. The ruling (issue 14, rules/ladybohn.md):
a field "pays by its top card's beanometer" — a Lady and a male of one variety are different
cards, so the giver chooses which of hers she gives; others see only variety and count."""

from __future__ import annotations

from ladybohn_positions import do, item, kinds, legal, load

from spieltisch.games.beans.givefirst import mark


def j(state) -> dict:
    return state.to_json()


def ids(s, cards: list[int], name: str) -> list[int]:
    return [c for c in cards if kinds(s, [c])[0] == name]


def marks(s, p: int) -> list[int]:
    return [a["give_first"] for a in legal(s, p) if "give_first" in a]


def turned_up_soy(**kw):
    """Player 1's trading phase; a Soy Lady and a Soy male lie turned up (hers to trade)."""
    base = dict(
        phase="trade",
        active=1,
        planted=1,
        hands=[["red"], ["soy", "blue"], ["green"]],
        fields=[[["blue"], []], [["stink"] * 2, []], [["green"], []]],
        offer_area=["soy-lady", "soy"],
    )
    base.update(kw)
    return load(**base)


def test_the_active_player_chooses_among_her_turned_up_cards():
    """The turned-up cards are the active player's to trade: where a Lady and a male of one
    variety lie there, she marks which goes first; nobody else may mark them."""
    s = turned_up_soy()
    lady = ids(s, j(s)["offer_area"], "soy-lady")[0]
    assert lady in marks(s, 1)
    assert marks(s, 0) == [] and marks(s, 2) == [], "others hold one kind each: no choice"
    do(s, 1, {"give_first": lady})
    do(s, 1, {"offer": {"to": 2, "give": [item("soy", 1, "offer")], "want": []}})
    do(s, 2, {"accept": 1})
    assert j(s)["to_plant"][2] == [lady]


def test_a_turned_up_card_given_leaves_the_turned_up_cards_not_the_hand():
    """An offer names where each card comes from ("hand" or "offer", the turned-up cards): a
    turned-up Soy given leaves the Soy in her hand where it was."""
    s = turned_up_soy()
    hand_soy = ids(s, j(s)["hands"][1], "soy")
    do(s, 1, {"offer": {"to": 2, "give": [item("soy", 1, "offer")], "want": []}})
    do(s, 2, {"accept": 1})
    assert ids(s, j(s)["hands"][1], "soy") == hand_soy
    assert len(j(s)["offer_area"]) == 1


def test_marks_are_offered_for_every_variety_with_two_kinds():
    """Each variety of which she holds a Lady and a male gives her a choice."""
    s = load(
        phase="trade",
        active=1,
        planted=1,
        hands=[["red"], ["blue"], ["soy-lady", "soy", "green-lady", "green"]],
        fields=[[["blue"], []], [["stink"] * 2, []], [["red"], []]],
    )
    hand = j(s)["hands"][2]
    assert sorted(kinds(s, marks(s, 2))) == ["green-lady", "soy-lady"]
    assert set(marks(s, 2)) == set(ids(s, hand, "soy-lady") + ids(s, hand, "green-lady"))


def test_a_later_mark_of_another_variety_keeps_the_earlier_one():
    """A mark says which card goes first when its variety leaves her hand; marking a card of
    another variety afterwards changes nothing for the first."""
    s = load(
        phase="trade",
        active=1,
        planted=1,
        hands=[["red"], ["blue"], ["soy-lady", "soy", "green-lady", "green"]],
        fields=[[["blue"], []], [["stink"] * 2, []], [["red"], []]],
    )
    hand = j(s)["hands"][2]
    soy_lady, green_lady = ids(s, hand, "soy-lady")[0], ids(s, hand, "green-lady")[0]
    do(s, 2, {"give_first": soy_lady})
    do(s, 2, {"give_first": green_lady})
    assert s.view(2)["give_first"] == [green_lady, soy_lady], "newest first"
    do(s, 2, {"offer": {"to": 1, "give": [item("soy")], "want": []}})
    do(s, 1, {"accept": 1})
    assert j(s)["to_plant"][1] == [soy_lady]


def test_a_mark_is_one_action_per_card_and_an_unchanged_hand_gets_the_same_list():
    """``mark`` makes ``{"give_first": card}`` once per card id (a list holds the very object a
    host passes back), and a hand unchanged since gets the same list again."""
    assert mark(5) is mark(5)
    assert mark(5) == {"give_first": 5}
    s = turned_up_soy(hands=[["red"], ["blue"], ["soy-lady", "soy", "green"]])
    first = s._give_first_actions(2)
    assert first and s._give_first_actions(2) is first
