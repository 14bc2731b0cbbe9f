"""Hand-made Bohnanza positions for the rulings' tests, in ``to_json()``'s position format.

A test names cards by variety (``"chili"``: the lowest card id of that variety not used yet)
or by id (an ``int``). ``position`` lays out hands (front first), fields (bottom first), coins,
the turned-up cards, the cards waiting to be planted, the top of the stock (``stock_top``, its
last card on top) and the discard pile (its last card on top). Every other card of the deck
goes under the stock (``rest="stock"``), under the discard pile (``rest="discard"``) or under
the coins of a player (``rest=p``), so that every card id is in exactly one place.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from position_checks import events_of, item, legal, refused, same, text  # noqa: F401 (re-exported)

import spieltisch

# (variety, cards, beanometer with 0 for "–"): rules/bohnanza.md's table
TABLE = [
    ("coffee", 24, (4, 7, 10, 12)),
    ("wax", 22, (4, 7, 9, 11)),
    ("blue", 20, (4, 6, 8, 10)),
    ("chili", 18, (3, 6, 8, 9)),
    ("stink", 16, (3, 5, 7, 8)),
    ("green", 14, (3, 5, 6, 7)),
    ("soy", 12, (2, 4, 6, 7)),
    ("blackeyed", 10, (2, 4, 5, 6)),
    ("red", 8, (2, 3, 4, 5)),
    ("garden", 6, (0, 2, 3, 0)),
    ("cocoa", 4, (0, 2, 3, 4)),
]
VARIETIES = tuple(v for v, _, _ in TABLE)
CLASSIC = ("blue", "chili", "stink", "green", "soy", "blackeyed", "red", "garden")

Card = str | int


def load_game(**options: Any):
    return spieltisch.load_game("bohnanza", **options)


class Picker:
    """Hands out card ids: a named id, or the lowest free id of a variety."""

    def __init__(self, game) -> None:
        self.game = game
        self.free = set(range(game.deck.size))

    def take(self, card: Card) -> int:
        if isinstance(card, int):
            assert card in self.free, f"card {card} is used twice in the test's position"
            self.free.remove(card)
            return card
        ids = sorted(c for c in self.free if self.game.deck.kinds[c].variety == card)
        assert ids, f"the test's position uses more {card} cards than the deck has"
        self.free.remove(ids[0])
        return ids[0]

    def row(self, cards: Iterable[Card]) -> list[int]:
        return [self.take(c) for c in cards]

    def any(self, k: int) -> list[int]:
        """``k`` free cards, the highest ids first (coins: which cards they are is hidden)."""
        out = sorted(self.free)[::-1][:k]
        assert len(out) == k
        self.free -= set(out)
        return out


def position(
    game,
    players: int = 3,
    *,
    hands: Sequence[Sequence[Card]] | None = None,
    fields: Sequence[Sequence[Sequence[Card]]] | None = None,
    coins: Sequence[int | Sequence[Card]] | None = None,
    stock_top: Sequence[Card] = (),
    discard: Sequence[Card] = (),
    offer_area: Sequence[Card] = (),
    to_plant: Sequence[Sequence[Card]] | None = None,
    phase: str = "plant",
    active: int = 0,
    first_player: int | None = None,
    planted: int = 0,
    exhausted: int = 0,
    ending: bool = False,
    third_field: Sequence[bool] | None = None,
    offers: Sequence[dict[str, Any]] = (),
    drafts: dict[str, Any] | None = None,
    next_offer: int = 1,
    rest: str | int = "stock",
) -> dict[str, Any]:
    n = players
    pick = Picker(game)
    hands_ = [pick.row(h) for h in (hands or [[] for _ in range(n)])]
    third = list(third_field) if third_field is not None else [False] * n
    if fields is None:
        fields = [[[] for _ in range(3 if third[p] else 2)] for p in range(n)]
    fields_ = [[pick.row(f) for f in fs] for fs in fields]
    plant_ = [pick.row(r) for r in (to_plant or [[] for _ in range(n)])]
    offer_ = pick.row(offer_area)
    top = pick.row(stock_top)
    disc = pick.row(discard)
    named_coins: list[list[int] | None] = []
    for c in coins or [0] * n:
        named_coins.append(None if isinstance(c, int) else pick.row(c))
    coins_ = [
        named if named is not None else pick.any(c)  # type: ignore[arg-type]
        for named, c in zip(named_coins, coins or [0] * n, strict=True)
    ]
    left = sorted(pick.free)
    if rest == "stock":
        stock, disc = left + top, disc
    elif isinstance(rest, int):  # under the coins of player ``rest``: out of play until the end
        stock = top
        coins_[rest] = left + coins_[rest]
    else:
        assert rest == "discard"
        stock, disc = top, left + disc
    assert len(hands_) == len(fields_) == len(coins_) == len(plant_) == n
    return {
        "game": "bohnanza",
        "players": n,
        "phase": phase,
        "active": active,
        "first_player": active if first_player is None else first_player,
        "planted": planted,
        "ending": ending,
        "exhausted": exhausted,
        "hands": hands_,
        "fields": fields_,
        "third_field": third,
        "coins": coins_,
        "stock": stock,
        "discard": disc,
        "offer_area": offer_,
        "to_plant": plant_,
        "offers": list(offers),
        "drafts": dict(drafts or {}),
        "next_offer": next_offer,
        "result": None,
        "rng": 12345,
    }


def load(players: int = 3, options: dict[str, Any] | None = None, **kw: Any):
    """The state of a hand-made position (see ``position``)."""
    game = load_game(**(options or {}))
    return game.from_json(position(game, players, **kw))


def where(j: dict[str, Any]) -> Counter:
    """Every card id of a position, wherever it is."""
    c = Counter(j["stock"]) + Counter(j["discard"]) + Counter(j["offer_area"])
    for p in range(j["players"]):
        c += Counter(j["hands"][p]) + Counter(j["coins"][p]) + Counter(j["to_plant"][p])
        for f in j["fields"][p]:
            c += Counter(f)
    return c


def conserved(state) -> None:
    got = where(state.to_json())
    assert got == Counter(range(state.game.deck.size)), "every card is in exactly one place"


def do(state, player: int, action: dict[str, Any]):
    events = state.apply(player, action)
    conserved(state)
    return events


def names(state, ids: Iterable[int]) -> list[str]:
    return [state.game.deck.kinds[c].variety for c in ids]


def trading(**kw: Any):
    """Player 0 active in phase 2 of a 3-player table, her Soy planted, a Chili and a Blue
    turned up: the trading tests' common position (``kw`` changes any part of it)."""
    args: dict[str, Any] = {
        "hands": [["soy", "red", "soy"], ["blue", "green", "blue", "stink"], ["red", "wax"]],
        "phase": "trade",
        "planted": 1,
        "offer_area": ["chili", "blue"],
        "fields": [[["soy"], []], [[], []], [[], []]],
    }
    args.update(kw)
    return load(**args)


def offer(to: int | None = None, give: Iterable = (), want: Iterable = (), **more: Any) -> dict:
    """An offer action: what is given and wanted, to whom (everyone when ``to`` is None)."""
    body = {"give": list(give), "want": list(want), **more}
    if to is not None:
        body["to"] = to
    return {"offer": body}
