"""The bean games' actions, each made once and shared.

``legal_actions`` lists the same few dozen actions again and again (harvest field 0, give a
Blue from the hand, plant card 17 on field 1). An ``Action`` is immutable, so one object per
action serves every state and every moment: a list is filled by lookups instead of building
dicts, and the canonical text an ``Action`` works out to be compared or hashed is worked out
once per program instead of once per list. The caches stay small: their keys are field
numbers, card ids, varieties, seats and a game's offer ids.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

from ...core import Action
from .table import one_bean_rule

END_PLANTING = Action(end="planting")
END_TRADING = Action(end="trading")
CLOSE_TRADING = Action(close="trading")
BUY_FIELD = Action(buy="field")
DRAFT_CLEAR = Action(draft="clear")
PROPOSE = Action(propose=True)


@cache
def one(key: str, value: Any) -> Action:
    """``{key: value}`` (e.g. ``{"harvest": 0}``, ``{"accept": 3}``). Never called with a
    bool: ``True`` and ``1`` are one key to the cache but two different actions."""
    return Action({key: value})


@cache
def plant(card: int | str, field: int) -> Action:
    """``{"plant": card, "field": field}``: a card id, or ``"front"`` for the front hand card."""
    return Action(plant=card, field=field)


@cache
def draft_item(step: str, variety: str, source: str) -> Action:
    """``{"draft": "give"|"want", "variety": v, "from": "hand"|"offer"}``."""
    return Action({"draft": step, "variety": variety, "from": source})


@cache
def draft_promise(side: str, holds: str) -> Action:
    """``{"draft": "promise", "side": "sender"|"receiver", "holds": "next"|"game"|"none"}``:
    that side's promise not to steal, for the next steal or the rest of the game, or none."""
    return Action(draft="promise", side=side, holds=holds)


@cache
def draft_to(player: int) -> Action:
    return Action(draft="to", player=player)


@cache
def draft_tos(players: int, player: int, partner: int | None) -> tuple[Action, ...]:
    """``draft_to`` each seat but ``player``'s own and the draft's ``partner``: the active
    player's list after every step of hers."""
    return tuple(draft_to(q) for q in range(players) if q != player and q != partner)


@cache
def harvests(fields: tuple[int, ...]) -> tuple[Action, ...]:
    """``{"harvest": f}`` for each of ``fields``."""
    return tuple(one("harvest", f) for f in fields)


@lru_cache(maxsize=4096)
def harvests_by_sizes(sizes: tuple[int, ...]) -> tuple[Action, ...]:
    """``harvests`` of the fields the one-bean rule lets their owner harvest, given how many
    beans each holds (``table.one_bean_rule``): asked for every player after most actions,
    and field sizes recur, so one lookup answers it."""
    return harvests(one_bean_rule(sizes))


@cache
def draft_items(varieties: frozenset[str]) -> dict[tuple[str, str, str], Action]:
    """``draft_item`` for every step, variety and source, by (step, variety, source): the
    same actions, found by a plain lookup."""
    return {
        (step, v, source): draft_item(step, v, source)
        for step in ("give", "want")
        for v in varieties
        for source in ("hand", "offer")
    }


@cache
def want_from_hand(varieties: frozenset[str]) -> tuple[Action, ...]:
    """Every variety asked from a partner's hand, in the order of their names."""
    return tuple(draft_item("want", v, "hand") for v in sorted(varieties))


__all__ = [
    "BUY_FIELD",
    "CLOSE_TRADING",
    "DRAFT_CLEAR",
    "END_PLANTING",
    "END_TRADING",
    "PROPOSE",
    "draft_item",
    "draft_items",
    "draft_promise",
    "draft_to",
    "draft_tos",
    "harvests",
    "harvests_by_sizes",
    "one",
    "plant",
    "want_from_hand",
]
