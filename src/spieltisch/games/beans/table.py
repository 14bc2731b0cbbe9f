"""The parts every bean game shares: fields, harvests, the stock with its reshuffles, and the
trading phase. A game's State class builds on ``BeanTable`` and adds its own phases.

Fields are ordered stacks, bottom first; new beans go on top (``plant``), a Mutterböhnchen
card may go to the bottom (``plant_bottom``) or move up (``move_up``), Ladybohn rotates a field
(``rotate``). A field's variety is that of the first card planted while it was empty; the
fields a card may go on are ``fitting_fields`` (Mutterböhnchen plants by its own rule).
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Any

from ...core import Event, Rng
from .cards import Deck, payout
from .trading import HAND, OFFER, Draft, Offer, covers, holdings


@lru_cache(maxsize=4096)
def one_bean_rule(sizes: tuple[int, ...]) -> tuple[int, ...]:
    """The fields that may be harvested, given how many beans each holds: where a field holds
    two or more, those; else every field of one bean. Kept by sizes: they recur."""
    big = tuple(f for f, k in enumerate(sizes) if k > 1)
    return big if big else tuple(f for f, k in enumerate(sizes) if k)


def varieties_view(deck: Deck) -> dict[str, dict[str, Any]]:
    """Each variety as a view shows it (its names and beanometers), by id: made once per
    deck and shared by every view of it, which copies the outer dict only (read the entries,
    never change them)."""
    known = _VARIETIES_VIEW.get(id(deck))
    if known is None or known[0] is not deck:
        made = {
            v.id: {
                "de": v.de,
                "en": v.en,
                "beanometer": {s: list(b) for s, b in v.beanometers.items()},
            }
            for v in deck.varieties
        }
        forget_oldest(_VARIETIES_VIEW)
        known = _VARIETIES_VIEW[id(deck)] = (deck, made)
    return known[1]


_VARIETIES_VIEW: dict[int, tuple[Deck, dict[str, dict[str, Any]]]] = {}  # the deck kept alive

DECKS_KEPT = 64
"""How many decks a per-deck table is kept for. Each game object builds its own deck, and a
server makes a game object for every set of options a client asks for (it keeps 64 of them):
a table keyed by deck must not keep every deck ever made alive."""


def forget_oldest(tables: dict[Any, Any]) -> None:
    """Make room in a per-deck table: drop its oldest entry once it holds ``DECKS_KEPT``."""
    if len(tables) >= DECKS_KEPT:
        del tables[next(iter(tables))]


class BeanTable:
    """Cards and their places. Hidden: hands, the stock, coins (face-down cards)."""

    deck: Deck
    rng: Rng
    num_players: int

    def init_table(self, deck: Deck, players: int, rng: Rng, fields: int = 2) -> None:
        self.deck = deck
        self.variety_of = deck.variety_of  # by card id: shared tables, never changed
        self.card_names = deck.name_of
        self.num_players = players
        self.rng = rng
        self.hands: list[list[int]] = [[] for _ in range(players)]  # front first
        self.fields: list[list[list[int]]] = [[[] for _ in range(fields)] for _ in range(players)]
        self.coins: list[list[int]] = [[] for _ in range(players)]
        self.stock: list[int] = []  # the top is the end
        self.discard: list[int] = []  # the top is the end
        self.exhausted = 0  # how often the stock has run out
        self.offer_area: list[int] = []  # the active player's turned-up cards
        self.to_plant: list[list[int]] = [[] for _ in range(players)]
        self.offers: list[Offer] = []
        self.drafts: dict[int, Draft] = {}
        self.next_offer = 1

    # -- the stock ----------------------------------------------------------------------------

    def shuffle_new_stock(self) -> None:
        cards = list(range(self.deck.size))
        self.rng.shuffle(cards)
        self.stock = cards

    def draw(self, reshuffles: int) -> int | None:
        """The top stock card, or None. When the stock runs out and it has run out fewer than
        ``reshuffles`` times, the discard pile becomes the new stock at once."""
        if not self.stock:
            return None
        card = self.stock.pop()
        if not self.stock:
            self.exhausted += 1
            if self.exhausted < reshuffles:
                if self.discard:
                    self.stock = self.discard
                    self.discard = []
                    self.rng.shuffle(self.stock)
                else:
                    # nothing to shuffle into a new stock: it is gone for good, and a game
                    # waiting for its last run-out would otherwise never end
                    self.exhausted = reshuffles
        return card

    # -- fields -------------------------------------------------------------------------------

    def variety(self, card: int) -> str:
        return self.variety_of[card]

    def fitting_fields(self, player: int, card: int) -> list[int]:
        """The fields that accept ``card`` by the base rule (an empty field, or one of the
        card's variety), in one pass: asked for every card a player may plant after most
        actions. A game with another rule plants by its own, as Mutterböhnchen does."""
        of = self.variety_of
        v = of[card]
        return [f for f, cards in enumerate(self.fields[player]) if not cards or of[cards[0]] == v]

    def plant(self, player: int, f: int, card: int) -> None:
        self.fields[player][f].append(card)

    def harvest(self, player: int, f: int) -> Event:
        """Pay the field by its top card; the top N cards become coins, the rest go onto the
        discard pile as one block in field order (the highest remaining card on top)."""
        cards = self.fields[player][f]
        top = self.deck.kinds[cards[-1]]
        n = min(payout(top.beanometer, len(cards)), len(cards))
        coins = cards[len(cards) - n :] if n else []
        self.coins[player] += coins
        self.discard += cards[: len(cards) - n]
        self.fields[player][f] = []
        return Event(
            "harvest",
            {
                "player": player,
                "field": f,
                "beans": len(cards),
                "coins": n,
                "coin_cards": self.public_cards(coins),
                "variety": top.variety,
            },
        )

    # -- trading ------------------------------------------------------------------------------

    def holdings(self, player: int, active: int) -> Counter[tuple[str, str]]:
        of = self.variety_of
        offer = [of[c] for c in self.offer_area] if player == active else []
        return holdings([of[c] for c in self.hands[player]], offer)

    def offer_possible(self, offer: Offer, active: int) -> bool:
        return covers(self.holdings(offer.sender, active), offer.give) and covers(
            self.holdings(offer.to, active), offer.want
        )

    def take_items(self, player: int, items: Counter[tuple[str, str]]) -> list[int]:
        """Remove the named cards from a hand (rearmost first) or the offer area."""
        taken: list[int] = []
        for (v, src), k in sorted(items.items()):
            row = self.hands[player] if src == HAND else self.offer_area
            for _ in range(k):
                i = max(i for i, c in enumerate(row) if self.variety(c) == v)
                taken.append(row.pop(i))
        return taken

    def trade(self, offer: Offer, active: int) -> list[int]:
        """Carry out an accepted offer; every card received must be planted in phase 3."""
        given = self.take_items(offer.sender, offer.give)
        got = self.take_items(offer.to, offer.want)
        self.to_plant[offer.to] += given
        self.to_plant[offer.sender] += got
        return given + got

    # -- views ----------------------------------------------------------------------------------

    def public_cards(self, cards: list[int]) -> list[str]:
        return list(map(self.card_names.__getitem__, cards))

    def table_view(self, player: int | None) -> dict[str, Any]:
        name = self.card_names.__getitem__  # a card's kind name (``public_cards``), in one step
        return {
            # printed on the cards: public, and a loaded card file may differ (the game's own
            # entries, made once per deck: a bot reads a view at every decision)
            "varieties": dict(varieties_view(self.deck)),
            "hand": list(map(name, self.hands[player])) if player is not None else None,
            "hands": list(map(len, self.hands)),
            "fields": [[list(map(name, f)) for f in fields] for fields in self.fields],
            "coins": list(map(len, self.coins)),
            "stock": len(self.stock),
            "discard": list(map(name, self.discard)),
            "exhausted": self.exhausted,
            "offer_area": [{"id": c, "card": name(c)} for c in self.offer_area],
            "to_plant": [[{"id": c, "card": name(c)} for c in row] for row in self.to_plant],
            "offers": [o.to_json() for o in self.offers],
            "draft": (
                self.drafts[player].to_json()
                if player is not None and player in self.drafts
                else None
            ),
        }

    def table_json(self) -> dict[str, Any]:
        """The cards' places and the stock's run-outs, for a game's ``to_json``."""
        return {
            "exhausted": self.exhausted,
            "hands": [list(h) for h in self.hands],
            "fields": [[list(f) for f in fields] for fields in self.fields],
            "coins": [list(c) for c in self.coins],
            "stock": list(self.stock),
            "discard": list(self.discard),
            "offer_area": list(self.offer_area),
            "to_plant": [list(r) for r in self.to_plant],
        }

    def load_table(self, data: Any) -> None:
        """Read back what ``table_json`` wrote (KeyError, TypeError or ValueError if bad)."""
        n = self.num_players
        self.exhausted = int(data.get("exhausted", 0))
        self.hands = [list(map(int, h)) for h in data["hands"]]
        self.fields = [[list(map(int, f)) for f in fields] for fields in data["fields"]]
        self.coins = [list(map(int, c)) for c in data["coins"]]
        self.stock = list(map(int, data["stock"]))
        self.discard = list(map(int, data["discard"]))
        self.offer_area = list(map(int, data.get("offer_area", [])))
        self.to_plant = [list(map(int, r)) for r in data.get("to_plant", [[]] * n)]

    def copy_table(self, new: BeanTable) -> None:
        """Give ``new``, a shallow copy of this table, its own containers and generator: the
        cheap half of a ``clone`` (card ids, names and tables are immutable and shared). The
        rows are copied with ``map``: no Python frame per row, and a search clones often."""
        new.rng = Rng(self.rng.state)
        new.hands = list(map(list, self.hands))
        new.fields = [list(map(list, fields)) for fields in self.fields]
        new.coins = list(map(list, self.coins))
        new.stock = list(self.stock)
        new.discard = list(self.discard)
        new.offer_area = list(self.offer_area)
        new.to_plant = list(map(list, self.to_plant))
        new.offers = [o.copy() for o in self.offers] if self.offers else []
        drafts = self.drafts
        new.drafts = {p: d.copy() for p, d in drafts.items()} if drafts else {}

    def all_cards(self) -> Counter[int]:
        """Every card, wherever it is: for the conservation checks."""
        out: Counter[int] = Counter(self.stock + self.discard + self.offer_area)
        for p in range(self.num_players):
            out.update(self.hands[p])
            out.update(self.coins[p])
            out.update(self.to_plant[p])
            for f in self.fields[p]:
                out.update(f)
        return out


__all__ = ["HAND", "OFFER", "BeanTable"]
