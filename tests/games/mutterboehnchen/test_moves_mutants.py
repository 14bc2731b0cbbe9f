"""Mutterböhnchen's shared actions (``mutterboehnchen/moves.py``) pinned where mutation testing
(``make mutate``, which mutates these ``@cache``d functions undecorated in its copy) found them
unchecked. An action is what a player, a bot, the terminal and the browser send and a record
stores: each helper makes exactly that JSON object, "the keys in the order the engine always
wrote them in (a record stores an action as given)"."""

from __future__ import annotations

from spieltisch.core import Action
from spieltisch.games.mutterboehnchen import moves


def items(action: Action) -> list[tuple[str, object]]:
    assert isinstance(action, Action)
    return list(action.items())


def test_one_key_actions_are_that_key_and_value():
    """{"harvest": 0}, {"give_first": 17}, {"pull": 2}: one key, one value, made once."""
    assert items(moves.one("harvest", 0)) == [("harvest", 0)]
    assert items(moves.one("give_first", 17)) == [("give_first", 17)]
    assert moves.one("pull", 2) is moves.one("pull", 2)


def test_put_names_the_card_then_the_field_and_under_only_for_a_kavalier():
    """{key: card, "field": f}, and "under": true for a Kavalier "slid directly under the top
    card of any of your fields whose top card is a Lady"; never "under": false."""
    assert items(moves.put("plant", "front", 1)) == [("plant", "front"), ("field", 1)]
    assert items(moves.put("keep", 17, 0, False)) == [("keep", 17), ("field", 0)]
    assert items(moves.put("plant", 9, 2, True)) == [("plant", 9), ("field", 2), ("under", True)]


def test_a_hampelmann_second_card_comes_from_the_hand():
    """Hampelmann: "Your optional 2nd card in the hand-play phase may be any hand card":
    {"plant": card, "field": f, "from": "hand"}, slid under a Lady when it is a Kavalier."""
    assert items(moves.from_hand(5, 1)) == [("plant", 5), ("field", 1), ("from", "hand")]
    assert items(moves.from_hand(5, 0, True)) == [
        ("plant", 5),
        ("field", 0),
        ("under", True),
        ("from", "hand"),
    ]


def test_a_pair_is_its_two_keys_in_order():
    """{"attack": q, "field": f}, {"lady": i, "field": f}."""
    assert items(moves.pair("attack", 3, "field", 1)) == [("attack", 3), ("field", 1)]
    assert items(moves.pair("lady", 0, "field", 2)) == [("lady", 0), ("field", 2)]


def test_an_action_s_plain_dict_is_made_once_and_shared():
    """``plain`` keeps each action's dict (the same few hundred actions come again and again):
    asked again for an equal action, the same dict, with the action's keys and values."""
    first = moves.plain(Action({"plant": 3, "field": 1}))
    assert first == {"plant": 3, "field": 1}
    assert moves.plain(Action({"plant": 3, "field": 1})) is first


def test_the_plain_dicts_kept_are_dropped_once_4096_are_held(monkeypatch):
    monkeypatch.setattr(moves, "_PLAIN", {Action({"pass": i}): {} for i in range(4095)})
    moves.plain(Action({"plant": 1}))
    assert len(moves._PLAIN) == 4096
    moves.plain(Action({"plant": 2}))
    assert list(moves._PLAIN) == [Action({"plant": 2})]
