"""Cards by name for Mutterböhnchen's tests: ``"blue"`` (a male), ``"blue-lady"``,
``"blue-baby"`` (1 rattle), ``"blue-baby2"`` (2 rattles), or a special bean's id
(``"kotzbrocken"``); each name takes the lowest card id of that kind not used yet."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from spieltisch.games.mutterboehnchen.cards import load_cards
from spieltisch.games.mutterboehnchen.fields import Beds

DECK = load_cards().deck()

Card = str | int


class Picker:
    """Hands out card ids: a named id, or the lowest free id of a kind."""

    def __init__(self, deck=DECK) -> None:
        self.deck = deck
        self.free = set(range(deck.size))

    def take(self, card: Card) -> int:
        if isinstance(card, int):
            assert card in self.free, f"card {card} is used twice in the test's position"
            self.free.remove(card)
            return card
        ids = sorted(c for c in self.free if self.deck.kinds[c].name == card)
        assert ids, f"the test's position uses more {card} cards than the deck has"
        self.free.remove(ids[0])
        return ids[0]

    def row(self, cards: Iterable[Card]) -> list[int]:
        return [self.take(c) for c in cards]


def names(cards: Iterable[int], deck=DECK) -> list[str]:
    return [deck.kinds[c].name for c in cards]


def beds(
    *fields: Sequence[Card],
    varieties: Sequence[str | None] | None = None,
    swallow_all: bool = False,
    pick: Picker | None = None,
) -> Beds:
    """One player's fields (bottom first); a field's variety is its bottom card's unless
    ``varieties`` says otherwise."""
    pick = pick or Picker()
    cards = [pick.row(f) for f in fields]
    var = (
        list(varieties)
        if varieties is not None
        else [DECK.kinds[f[0]].variety if f else None for f in cards]
    )
    b = Beds(DECK.kinds, cards, var, swallow_all)
    b.pick = pick  # type: ignore[attr-defined]  # for the cards the test plants next
    return b


def card(b: Beds, name: Card) -> int:
    """A free card of kind ``name`` for the fields ``b`` (to plant on them)."""
    return b.pick.take(name)  # type: ignore[attr-defined]


def field_names(b: Beds) -> list[list[str]]:
    return [names(f) for f in b.cards]


# -- whole positions -----------------------------------------------------------------------------


def load_game(**options: Any):
    from spieltisch.games.mutterboehnchen.rules import MutterboehnchenGame

    return MutterboehnchenGame(**options)


def position(
    game,
    players: int = 4,
    *,
    hands: Sequence[Sequence[Card]] | None = None,
    fields: Sequence[Sequence[Sequence[Card]]] | None = None,
    field_var: Sequence[Sequence[str | None]] | None = None,
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
    rest: str | int = "stock",
    **extra: Any,
) -> dict[str, Any]:
    """A position in ``to_json()``'s format. Hands front first, fields bottom first, the stock's
    top card last, the discard pile's top card last; coins as names or as a count of any
    cards. Every card not named lies under the stock (``rest="stock"``), under the discard pile
    (``"discard"``) or in player ``rest``'s Bohnentaler. ``extra``: the state's own keys
    (``pull``, ``foist``, ``planned``, ``attack``, ...), card names in them given as ids."""
    n = players
    pick = Picker(game.deck)
    k = 3 if n == 3 else 2
    hands_ = [pick.row(h) for h in (hands or [[] for _ in range(n)])]
    fields_ = [[pick.row(f) for f in fs] for fs in (fields or [[[]] * k for _ in range(n)])]
    plant_ = [pick.row(r) for r in (to_plant or [[] for _ in range(n)])]
    offer_ = pick.row(offer_area)
    top = pick.row(stock_top)
    disc = pick.row(discard)
    named = [None if isinstance(c, int) else pick.row(c) for c in (coins or [0] * n)]
    coins_ = []
    for m, c in zip(named, coins or [0] * n, strict=True):
        if m is not None:
            coins_.append(m)
        else:
            free = sorted(pick.free, reverse=True)[: int(c)]
            pick.free -= set(free)
            coins_.append(free)
    var = (
        [list(v) for v in field_var]
        if field_var is not None
        else [[game.deck.kinds[f[0]].variety if f else None for f in fs] for fs in fields_]
    )
    left = sorted(pick.free)
    if rest == "stock":
        stock = left + top
    elif isinstance(rest, int):
        stock = top
        coins_[rest] = left + coins_[rest]
    else:
        stock, disc = top, left + disc
    return {
        "game": game.id,
        "players": n,
        "phase": phase,
        "active": active,
        "first_player": active if first_player is None else first_player,
        "planted": planted,
        "turn": 1,
        "ending": ending,
        "exhausted": exhausted,
        "hands": hands_,
        "fields": fields_,
        "coins": coins_,
        "stock": stock,
        "discard": disc,
        "offer_area": offer_,
        "to_plant": plant_,
        "offers": [],
        "drafts": {},
        "next_offer": 1,
        "result": None,
        "rng": 12345,
        "field_var": var,
        **extra,
    }


def load(players: int = 4, options: dict[str, Any] | None = None, **kw: Any):
    """The state of a hand-made position (see ``position``)."""
    game = load_game(**(options or {}))
    return game.from_json(position(game, players, **kw))


def fields_of(state, player: int) -> list[list[str]]:
    return [names(f, state.game.deck) for f in state.fields[player]]


def ids(state, player: int, f: int) -> list[int]:
    return list(state.fields[player][f])


def hand(state, player: int) -> list[str]:
    return names(state.hands[player], state.game.deck)


def act(state, player: int, action: dict[str, Any]):
    """Apply, and check that every card is still in exactly one place."""
    events = state.apply(player, action)
    assert state.all_cards() == Counter(range(state.game.deck.size))
    return events
