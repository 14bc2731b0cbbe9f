"""Positions and refusals for the Bodensee Mau-Mau tests (tests/games/maumau/).

``table(hands, pile, ...)`` is a short position in ``from_json``'s format: pile bottom first, a
pile entry a card string (laid by the dealer, effect not begun) or a dict. Unless a test names
the stock, the cards not named are the stock in deck order, "2c" on top; ``rest="pile"`` puts
them at the bottom of the pile instead (an empty stock that a reshuffle refills) and
``rest="hand"`` into the hand of the seat ``rest_to`` (nothing left to draw at all).
"""

from __future__ import annotations

import contextlib
import json
from collections import Counter
from typing import Any

import pytest

from spieltisch import IllegalAction
from spieltisch.core import Rng
from spieltisch.games.maumau.rules import full_deck, sort_cards
from spieltisch.registry import load_game


def game(**options: Any):
    return load_game("maumau", **options)


def _named(hands: list[list[str]], pile: list[Any], stock: list[str] | None) -> Counter:
    cards = Counter(c for h in hands for c in h)
    cards += Counter(e if isinstance(e, str) else e["card"] for e in pile)
    return cards + Counter(stock or [])


def table(
    hands: list[list[str]],
    pile: list[Any],
    *,
    turn: int | None = 0,
    stock: list[str] | None = None,
    rest: str = "stock",
    rest_to: int = 0,
    options: dict[str, Any] | None = None,
    **fields: Any,
):
    """A position with ``len(hands)`` players; ``stock`` (top last) is the stock's top."""
    g = game(**(options or {}))
    hands = [list(h) for h in hands]
    pile = list(pile)
    left = Counter(full_deck(g.options["jokers"])) - _named(hands, pile, stock)
    left["joker"] -= sum(fields.get("front", []))  # jokers put down in front are no stock
    rest_cards = sort_cards(left.elements())[::-1]  # "2c" last: the top
    data: dict[str, Any] = {"players": len(hands), "turn": turn, **fields}
    if rest == "stock":
        data["stock"] = rest_cards + list(stock or [])
    elif rest == "pile":
        pile = rest_cards + pile
        data["stock"] = list(stock or [])
    elif rest == "hand":
        hands[rest_to] += rest_cards
        data["stock"] = list(stock or [])
    else:
        raise ValueError(rest)
    data["hands"] = hands
    data["pile"] = pile
    return g.from_json(data)


def legal(state, player: int) -> list[dict[str, Any]]:
    return [dict(a) for a in state.legal_actions(player)]


def can(state, player: int, action: dict[str, Any]) -> bool:
    return action in legal(state, player)


def refused(state, player: Any, action: Any, why: str | None = None) -> str:
    """``action`` is not listed, is refused with a message containing ``why`` (None: any
    message), and leaves the state untouched byte for byte. Returns the message."""
    before = state.to_json_text()
    # compared as JSON text: {"draw": 1} is not the legal {"draw": true}, though 1 == True
    listed = {json.dumps(x, sort_keys=True) for x in legal(state, player)}
    with contextlib.suppress(TypeError, ValueError):  # not JSON at all: surely not listed
        assert json.dumps(action, sort_keys=True) not in listed
    with pytest.raises(IllegalAction) as err:
        state.apply(player, action)
    assert state.to_json_text() == before, "a refused action changes nothing"
    message = str(err.value)
    assert why is None or why in message, message
    return message


def kinds(events) -> list[str]:
    return [e.type for e in events]


def first(events, kind: str):
    return next(e for e in events if e.type == kind)


def hand(state, player: int) -> list[str]:
    return list(state.to_json()["hands"][player])


def pile_cards(state) -> list[str]:
    return [e["card"] for e in state.to_json()["pile"]]


def reference(state) -> str | None:
    """The reference card, as a card string."""
    v = state.view(None)
    return None if v["reference"] is None else v["pile"][v["reference"]]["card"]


def deal_order(players: int, seed: int, jokers: int = 6) -> tuple[int, list[str]]:
    """The dealer drawn by lot and the cards left after the deal, top first, as
    ``new_state(players, seed)`` shuffles them: the first of them is the card turned up."""
    rng = Rng(seed)
    dealer = rng.below(players)
    cards = full_deck(jokers)
    rng.shuffle(cards)
    return dealer, cards[: len(cards) - 5 * players][::-1]


def seed_where(test, players: int = 4, limit: int = 20000, **options: Any) -> tuple[int, Any]:
    """The first seed whose dealt state satisfies ``test(state)``, and that state."""
    g = game(**options)
    for seed in range(limit):
        s = g.new_state(players, seed)
        if test(s):
            return seed, s
    raise AssertionError(f"no seed below {limit} deals such a table")


def first_card_rank(rank: str):
    """A seed test: the dealer turned up a card of ``rank`` first."""

    def test(s) -> bool:
        first_card = s.to_json()["pile"][0]["card"]
        return first_card != "joker" and first_card[:-1] == rank

    return test
