"""Hand-made Ladybohn positions (3–5 players) for the rulings' tests, in ``to_json()``'s format.

A test names cards by kind (``"blue"``: a male Blue, ``"blue-lady"``: a Lady, ``"makeup"``: a
Make-up bean; the lowest free id of that kind) or by id (an ``int``). ``position`` lays out
hands (front first), fields (bottom first), coins, the fans (top first), the turned-up cards
still to meet the fans, the offer, the cards to plant, the top of the stock (``stock_top``: its
last card is drawn first) and the discard pile (last card on top). The fans default to six
Garden and four Red males, picked after everything else. Every other card lies under the stock
(``rest="stock"``), under the discard pile (``rest="discard"``) or under player ``rest``'s
coins, so that every card id is in exactly one place.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from position_checks import events_of, item, legal, refused, same, text  # noqa: F401 (re-exported)

import spieltisch

Card = str | int

# (variety, males, ladies, male beanometer, Lady beanometer): rules/ladybohn.md's table
TABLE = [
    ("blue", 20, 5, (4, 6, 8, 10), (3, 5, 7, 9)),
    ("chili", 18, 5, (3, 6, 8, 9), (2, 5, 7, 8)),
    ("stink", 16, 4, (3, 5, 7, 8), (2, 4, 6, 7)),
    ("green", 14, 3, (3, 5, 6, 7), (2, 4, 5, 6)),
    ("soy", 12, 3, (2, 4, 6, 7), (1, 3, 5, 6)),
    ("blackeyed", 10, 2, (2, 4, 5, 6), (1, 3, 4, 5)),
    ("red", 8, 1, (2, 3, 4, 5), (1, 2, 3, 4)),
    ("garden", 6, 0, (0, 2, 3, 0), None),
    ("makeup", 0, 9, None, None),
]


def load_game(**options: Any):
    return spieltisch.load_game("ladybohn", **options)


def kind_name(game, card: int) -> str:
    return game.deck.kinds[card].name


class Picker:
    """Hands out card ids: a named id, or the lowest free id of a kind."""

    def __init__(self, game) -> None:
        self.game = game
        self.free = set(range(game.deck.size))

    def take(self, card: Card) -> int:
        if isinstance(card, int):
            assert card in self.free, f"card {card} is used twice in the test's position"
            self.free.remove(card)
            return card
        name = "makeup-lady" if card == "makeup" else card
        ids = sorted(c for c in self.free if kind_name(self.game, c) == name)
        assert ids, f"the test's position uses more {card} cards than the deck has"
        self.free.remove(ids[0])
        return ids[0]

    def row(self, cards: Iterable[Card]) -> list[int]:
        return [self.take(c) for c in cards]

    def any(self, k: int) -> list[int]:
        """``k`` free non-Make-up cards, the highest ids first (coins are face down)."""
        pool = [
            c for c in sorted(self.free, reverse=True) if kind_name(self.game, c) != "makeup-lady"
        ]
        out = pool[:k]
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
    fans: Sequence[Sequence[Card]] | None = None,
    turned: Sequence[Card] = (),
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
    third: Sequence[str | None] | None = None,
    ratio_taken: bool | None = None,
    rotation: Sequence[int | None] | None = None,
    makeup_choice: Sequence[dict[str, Any] | None] | None = None,
    steals: Sequence[int] | None = None,
    promises: Sequence[Sequence[int]] = (),
    offers: Sequence[dict[str, Any]] = (),
    drafts: dict[str, Any] | None = None,
    next_offer: int = 1,
    rest: str | int = "stock",
) -> dict[str, Any]:
    n = players
    pick = Picker(game)
    third_ = list(third) if third is not None else [None] * n
    hands_ = [pick.row(h) for h in (hands or [[] for _ in range(n)])]
    if fields is None:
        fields = [[[] for _ in range(3 if third_[p] else 2)] for p in range(n)]
    fields_ = [[pick.row(f) for f in fs] for fs in fields]
    plant_ = [pick.row(r) for r in (to_plant or [[] for _ in range(n)])]
    offer_ = pick.row(offer_area)
    turned_ = pick.row(turned)
    top = pick.row(stock_top)
    disc = pick.row(discard)
    choice_: list[dict[str, Any] | None] = []
    for c in makeup_choice or [None] * n:
        if c is None:
            choice_.append(None)
        else:
            coin = c.get("coin")
            choice_.append({"beans": c["beans"], "coin": None if coin is None else pick.take(coin)})
    named: list[list[int] | None] = []
    for c in coins or [0] * n:
        named.append(None if isinstance(c, int) else pick.row(c))
    fans_ = (
        [pick.row(f) for f in fans]
        if fans is not None
        else [pick.row(["garden"] * 6), pick.row(["red"] * 4)]
    )
    coins_ = [
        m if m is not None else pick.any(c)  # type: ignore[arg-type]
        for m, c in zip(named, coins or [0] * n, strict=True)
    ]
    left = sorted(pick.free)
    if rest == "stock":
        stock = left + top
    elif isinstance(rest, int):
        stock = top
        coins_[rest] = left + coins_[rest]
    else:
        assert rest == "discard"
        stock, disc = top, left + disc
    assert len(hands_) == len(fields_) == len(coins_) == len(plant_) == n
    return {
        "game": "ladybohn",
        "players": n,
        "phase": phase,
        "active": active,
        "first_player": active if first_player is None else first_player,
        "planted": planted,
        "ending": ending,
        "exhausted": exhausted,
        "hands": hands_,
        "fields": fields_,
        "third_field": [False] * n,
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
        "fan_sizes": [6, 4],
        "fans": fans_,
        "third": third_,
        "ratio_taken": any(third_) if ratio_taken is None else ratio_taken,
        "rotation": list(rotation) if rotation is not None else [None] * n,
        "makeup_choice": choice_,
        "steals": list(steals) if steals is not None else [0] * n,
        "steal_now": [],
        "promises": [list(p) for p in promises],
        "removed": [],
        "turned": turned_,
        "protected": [],
    }


def load(players: int = 3, options: dict[str, Any] | None = None, **kw: Any):
    """The state of a hand-made position (see ``position``)."""
    game = load_game(**(options or {}))
    return game.from_json(position(game, players, **kw))


def where(j: dict[str, Any]) -> Counter:
    """Every card id of a position, wherever it is, read from ``to_json()`` alone."""
    c = Counter(j["stock"]) + Counter(j["discard"]) + Counter(j["offer_area"])
    c += Counter(j.get("turned", [])) + Counter(j.get("removed", []))
    for fan in j.get("fans", []):
        c += Counter(fan)
    for choice in j.get("makeup_choice", []):
        if choice and choice.get("coin") is not None:
            c[choice["coin"]] += 1
    for p in range(j["players"]):
        c += Counter(j["hands"][p]) + Counter(j["coins"][p]) + Counter(j["to_plant"][p])
        for f in j["fields"][p]:
            c += Counter(f)
    return c


def conserved(state) -> None:
    full = Counter(range(state.game.deck.size))
    assert where(state.to_json()) == full, "every card is in exactly one place (to_json)"
    assert state.all_cards() == full, "every card is in exactly one place (all_cards)"


def do(state, player: int, action: dict[str, Any]):
    events = state.apply(player, action)
    conserved(state)
    return events


def kinds(state, ids: Iterable[int]) -> list[str]:
    """Kind names (``blue``, ``blue-lady``, ``makeup-lady``) of card ids."""
    return [state.game.deck.kinds[c].name for c in ids]
