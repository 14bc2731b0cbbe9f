"""Mutterböhnchen's actions, each made once and shared by every state.

``legal_actions`` lists the same few hundred actions again and again (harvest field 0, plant
card 17 on field 1, give a Blue first). An ``Action`` is immutable, so one object per action
serves every state and every moment: a list is filled by lookups instead of building dicts, an
action's hash and canonical text are worked out once per program, and ``validate`` finds an
action handed out by ``legal_actions`` by identity. The caches stay small: their keys are field
numbers, card ids, seats, list positions and a game's offer ids.

The keys keep the order the engine always wrote them in (a record stores an action as given).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ...core import Action

END_PLANTING = Action(end="planting")
END_ATTACKS = Action(end="attacks")
END_DEFENDING = Action(end="defending")
END_PLACING = Action(end="placing")
CLOSE_TRADING = Action(close="trading")
PULL_NONE = Action(pull="none")
FLITZER_PASS = Action(flitzer="pass")


@cache
def one(key: str, value: Any) -> Action:
    """``{key: value}`` (``{"harvest": 0}``, ``{"give_first": 17}``, ``{"pull": 2}``). Never
    called with a bool: ``True`` and ``1`` are one key to the cache but two actions."""
    return Action({key: value})


@cache
def put(key: str, card: int | str, field: int, under: bool = False) -> Action:
    """``{key: card, "field": f}`` and ``"under": true`` for a Kavalier slid under a Lady:
    ``plant``, ``keep``, ``place``, ``flitzer``, ``aktivist`` (card ids), or ``plant``
    ``"front"``, ``"rear"``, ``"taler"``."""
    return Action(
        {key: card, "field": field, "under": True} if under else {key: card, "field": field}
    )


@cache
def from_hand(card: int, field: int, under: bool = False) -> Action:
    """A Hampelmann's 2nd card: ``{"plant": card, "field": f, "from": "hand"}``."""
    return Action(put("plant", card, field, under), **{"from": "hand"})


def plain(action: Action) -> dict[str, Any]:
    """The action as a plain dict, for the rules to read (an ``Action`` answers a missing key
    by raising and catching inside, a dict at once). Kept per action, the same few hundred
    again and again (looked up by equality: equal actions hold the same keys and values); the
    dict is only read, never changed."""
    found = _PLAIN.get(action)
    if found is None:
        found = {key: action[key] for key in action}
        if len(_PLAIN) >= 4096:
            _PLAIN.clear()
        _PLAIN[action] = found
    return found


_PLAIN: dict[Action, dict[str, Any]] = {}


@cache
def pair(key: str, value: int, other: str, second: int) -> Action:
    """``{key: value, other: second}``: ``{"attack": q, "field": f}``, ``{"lady": i, "field":
    f}``."""
    return Action({key: value, other: second})


__all__ = [
    "CLOSE_TRADING",
    "END_ATTACKS",
    "END_DEFENDING",
    "END_PLACING",
    "END_PLANTING",
    "FLITZER_PASS",
    "PULL_NONE",
    "from_hand",
    "one",
    "pair",
    "plain",
    "put",
]
