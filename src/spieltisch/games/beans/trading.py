"""Trading in the bean games: offers, drafts, gifts — between the active player and the others.

An offer names cards by variety, count and where they come from: ``"hand"`` (hidden cards, so
only the variety is said and the exact cards stay hidden until they change hands) or
``"offer"`` (the active player's turned-up cards, which lie face up). A gift is an offer that
wants nothing; the receiver may refuse it like any offer.

A full offer can be sent in one action (``{"offer": {"to": 2, "give": [...], "want": [...]}}``),
or built in small steps that ``legal_actions`` lists exactly: ``{"draft": "give", ...}``,
``{"draft": "want", ...}``, ``{"draft": "to", "player": p}``, ``{"draft": "clear"}``, then
``{"propose": true}``. Both end in the same open offer.

Ladybohn's trades may carry promises not to steal ("a promise covers the stealer's next steal
only, unless the trade says otherwise"): either side may give one, and each says how long it
holds, ``{"promises": {"receiver": "next", "sender": "game"}}`` — the receiver will not rob the
sender at her next steal, the sender will not rob the receiver for the rest of the game. In a
draft: ``{"draft": "promise", "side": "receiver", "holds": "game"}`` (``"none"`` drops it).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

HAND, OFFER = "hand", "offer"
SOURCES = (HAND, OFFER)
SENDER, RECEIVER = "sender", "receiver"  # the sides of a trade, who may promise
SIDES = (SENDER, RECEIVER)
NEXT, GAME = "next", "game"  # how long a promise holds: the next steal, the rest of the game
HOLDS = (NEXT, GAME)

Items = Counter  # (variety, source) -> count


def copy_items(items: Counter[tuple[str, str]]) -> Counter[tuple[str, str]]:
    """A copy of ``items``, made in C: ``Counter(items)`` runs its update in Python, and a
    clone copies every offer and draft (a Counter is a dict; its ``__init__`` only updates)."""
    out: Counter[tuple[str, str]] = Counter.__new__(Counter)
    dict.update(out, items)
    return out


def items_to_json(items: Counter[tuple[str, str]]) -> list[dict[str, Any]]:
    return [
        {"variety": v, "count": k, "from": src} for (v, src), k in sorted(items.items()) if k > 0
    ]


def items_from_json(value: Any, varieties: set[str]) -> Counter[tuple[str, str]]:
    """Offer items from JSON, or ValueError with what is wrong."""
    if not isinstance(value, list):
        raise ValueError("give and want are lists of {variety, count, from}")
    out: Counter[tuple[str, str]] = Counter()
    for item in value:
        if not isinstance(item, Mapping) or set(item) - {"variety", "count", "from"}:
            raise ValueError("an item is {variety, count, from}")
        v, k, src = item.get("variety"), item.get("count", 1), item.get("from", HAND)
        if v not in varieties:
            raise ValueError(f"there is no variety {v!r}")
        if not isinstance(k, int) or isinstance(k, bool) or k < 1:
            raise ValueError(f"a count is a whole number of at least 1, not {k!r}")
        if src not in SOURCES:
            raise ValueError(f"cards come from 'hand' or 'offer', not {src!r}")
        out[(v, src)] += k
    return out


def promises_from_json(value: Any) -> dict[str, str]:
    """An offer's promises from JSON, or ValueError with what is wrong."""
    if not isinstance(value, Mapping) or set(value) - set(SIDES):
        raise ValueError('promises are {"sender": holds, "receiver": holds}, each side once')
    if any(holds not in HOLDS for holds in value.values()):
        raise ValueError('a promise holds for the "next" steal or the rest of the "game"')
    return {side: value[side] for side in SIDES if side in value}


def turned_round(promises: dict[str, str]) -> dict[str, str]:
    """The promises of an offer turned round (a counter-offer): the sides change places."""
    other = {SENDER: RECEIVER, RECEIVER: SENDER}
    return {other[side]: holds for side, holds in promises.items()}


def _promises_json(promises: dict[str, str]) -> dict[str, str]:
    return {side: promises[side] for side in SIDES if side in promises}


def _promises_read(d: Mapping[str, Any]) -> dict[str, str]:
    """A position's promises; ``"promise": true`` (before either side could promise) was the
    receiver's promise for the next steal."""
    if "promises" in d:
        return promises_from_json(d["promises"])
    return {RECEIVER: NEXT} if d.get("promise") is True else {}


@dataclass
class Offer:
    id: int
    sender: int
    to: int
    give: Counter[tuple[str, str]]
    want: Counter[tuple[str, str]]
    # Ladybohn: binding promises not to steal coins, by side: how long each holds
    promises: dict[str, str] = field(default_factory=dict)

    @property
    def is_gift(self) -> bool:
        return not self.want

    def copy(self) -> Offer:
        # (attribute by attribute: the dataclass's __init__ costs as much as the rest)
        new = object.__new__(Offer)
        new.id, new.sender, new.to = self.id, self.sender, self.to
        new.give, new.want = copy_items(self.give), copy_items(self.want)
        new.promises = dict(self.promises)
        return new

    def promisers(self) -> list[tuple[int, int, str]]:
        """(stealer, protected, holds) for each promise: who will not rob whom, how long."""
        out = []
        for side, holds in _promises_json(self.promises).items():
            if side == SENDER:
                out.append((self.sender, self.to, holds))
            else:
                out.append((self.to, self.sender, holds))
        return out

    def to_json(self) -> dict[str, Any]:
        out = {
            "id": self.id,
            "from": self.sender,
            "to": self.to,
            "give": items_to_json(self.give),
            "want": items_to_json(self.want),
        }
        if self.promises:
            out["promises"] = _promises_json(self.promises)
        return out

    @classmethod
    def from_json(cls, d: Mapping[str, Any], varieties: set[str]) -> Offer:
        return cls(
            id=int(d["id"]),
            sender=int(d["from"]),
            to=int(d["to"]),
            give=items_from_json(d["give"], varieties),
            want=items_from_json(d["want"], varieties),
            promises=_promises_read(d),
        )


@dataclass
class Draft:
    """An offer being built, seen only by its author."""

    to: int | None = None
    give: Counter[tuple[str, str]] = field(default_factory=Counter)
    want: Counter[tuple[str, str]] = field(default_factory=Counter)
    promises: dict[str, str] = field(default_factory=dict)

    @property
    def empty(self) -> bool:
        return not self.give and not self.want

    def copy(self) -> Draft:
        new = object.__new__(Draft)  # (see Offer.copy)
        new.to, new.give, new.want = self.to, copy_items(self.give), copy_items(self.want)
        new.promises = dict(self.promises)
        return new

    def to_json(self) -> dict[str, Any]:
        out = {"to": self.to, "give": items_to_json(self.give), "want": items_to_json(self.want)}
        if self.promises:
            out["promises"] = _promises_json(self.promises)
        return out

    @classmethod
    def from_json(cls, d: Mapping[str, Any], varieties: set[str]) -> Draft:
        return cls(
            to=d.get("to"),
            give=items_from_json(d.get("give", []), varieties),
            want=items_from_json(d.get("want", []), varieties),
            promises=_promises_read(d),
        )


def holdings(hand_varieties: list[str], offer_varieties: list[str]) -> Counter[tuple[str, str]]:
    """What a player could give: hand cards and (the active player's) turned-up cards."""
    out: Counter[tuple[str, str]] = Counter((v, HAND) for v in hand_varieties)
    out.update((v, OFFER) for v in offer_varieties)
    return out


def covers(have: Counter[tuple[str, str]], need: Counter[tuple[str, str]]) -> bool:
    return all(have[key] >= k for key, k in need.items())
