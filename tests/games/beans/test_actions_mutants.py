"""The bean games' shared actions (``beans/actions.py``) pinned where mutation testing (``make
mutate``, which mutates these ``@cache``d functions undecorated in its copy) found them
unchecked. An action is what a player, a bot, the terminal and the browser send and what a
record stores (games/bohnanza/rules.py: ``{"plant": "front", "field": f}``, ``{"harvest": f}``;
games/beans/trading.py: the draft steps), so each helper must make exactly that JSON object,
keys in the order a record writes them."""

from __future__ import annotations

from spieltisch.core import Action
from spieltisch.games.beans import actions as acts


def items(action: Action) -> list[tuple[str, object]]:
    """An action's keys and values in their order (a record keeps the order)."""
    assert isinstance(action, Action)
    return list(action.items())


def test_one_key_actions_are_that_key_and_value():
    """ "At any time, every player may {"harvest": f}"; {"accept": id} and the like."""
    assert items(acts.one("harvest", 0)) == [("harvest", 0)]
    assert items(acts.one("accept", 7)) == [("accept", 7)]
    assert acts.one("harvest", 1) is acts.one("harvest", 1), "made once and shared"


def test_plant_names_the_card_then_the_field():
    """1. Plant "the front hand card {"plant": "front", "field": f}"; 3. a traded card
    {"plant": card_id, "field": f}."""
    assert items(acts.plant("front", 1)) == [("plant", "front"), ("field", 1)]
    assert items(acts.plant(17, 0)) == [("plant", 17), ("field", 0)]


def test_a_draft_item_gives_or_wants_a_variety_from_the_hand_or_the_offer():
    """A draft step: {"draft": "give"|"want", "variety": v, "from": "hand"|"offer"}."""
    assert items(acts.draft_item("give", "blue", "hand")) == [
        ("draft", "give"),
        ("variety", "blue"),
        ("from", "hand"),
    ]


def test_draft_items_are_every_step_variety_and_source_by_their_key():
    """The lookup of every draft item: give and want, each variety, from the hand and from the
    offer area; each the same action draft_item makes."""
    table = acts.draft_items(frozenset({"blue", "soy"}))
    assert set(table) == {
        (step, v, src)
        for step in ("give", "want")
        for v in ("blue", "soy")
        for src in ("hand", "offer")
    }
    for (step, v, src), action in table.items():
        assert items(action) == [("draft", step), ("variety", v), ("from", src)]
        assert action is acts.draft_item(step, v, src)


def test_a_draft_promise_names_its_side_and_how_long_it_holds():
    """ "a promise covers the stealer's next steal only, unless the trade says otherwise":
    {"draft": "promise", "side": "sender"|"receiver", "holds": "next"|"game"|"none"}."""
    assert items(acts.draft_promise("sender", "game")) == [
        ("draft", "promise"),
        ("side", "sender"),
        ("holds", "game"),
    ]


def test_a_draft_is_sent_to_a_player():
    assert items(acts.draft_to(2)) == [("draft", "to"), ("player", 2)]


def test_harvests_are_one_harvest_action_per_field_in_order():
    assert [items(a) for a in acts.harvests((2, 0))] == [[("harvest", 2)], [("harvest", 0)]]
    assert acts.harvests(()) == ()


def test_wanting_from_a_hand_lists_the_varieties_by_name():
    """Every variety asked from a partner's hand, in the order of their names."""
    wants = acts.want_from_hand(frozenset({"soy", "blue", "red"}))
    assert [items(a) for a in wants] == [
        [("draft", "want"), ("variety", v), ("from", "hand")] for v in ("blue", "red", "soy")
    ]
