"""What the card games' position helpers (``bohnanza_positions``, ``ladybohn_positions``,
``bibermania_positions``) and the rules' mutant tests share: a position as text, the legal
actions as dicts, refused actions and their refusals, and picking events and trade items."""

from __future__ import annotations

import json
from typing import Any

import pytest

from spieltisch import IllegalAction


def text(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def legal(state, player: int) -> list[dict[str, Any]]:
    return [dict(a) for a in state.legal_actions(player)]


def refused(state, player: int, action: dict[str, Any]) -> None:
    """``action`` is not listed, is refused, and changes nothing."""
    before = text(state)
    if "offer" not in action:  # a whole offer in one action is checked, never listed
        assert action not in legal(state, player)
    with pytest.raises(IllegalAction):
        state.apply(player, action)
    assert text(state) == before, "a refused action changes nothing"


def refusal(state, player: int, action: Any) -> IllegalAction:
    """The refusal of ``action``, for a test to read its words; the state is left as it was."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as err:
        state.apply(player, action)
    assert state.to_json() == before, "a refused action changes nothing"
    return err.value


def same(actions, expected) -> bool:
    """The same actions, each once, in any order."""
    got = [json.dumps(dict(a), sort_keys=True) for a in actions]
    want = [json.dumps(dict(a), sort_keys=True) for a in expected]
    return sorted(got) == sorted(want)


def events_of(events, kind: str) -> list:
    return [e for e in events if e.type == kind]


def item(variety: str, count: int = 1, source: str = "hand") -> dict[str, Any]:
    return {"variety": variety, "count": count, "from": source}
