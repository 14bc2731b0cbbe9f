"""Biber-Mania's heuristic bot, rule by rule (mutation tests of games/bibermania/bots.py).

The bot's heuristic is its spec: the module docstring's arithmetic (score is pile minus hand, a
card laid is worth 2, a card taken into the hand ``2 * P(laid) - 1``, an opponent's beaten card
2 weighted towards the leader) and the estimates its methods state. Each test sets up a view by
hand (every opponent card known where the arithmetic must come out exact: then no Poisson guess
enters) and checks one rule, named in its docstring. Every game and view is built inside its
test: mutmut picks the tests to run against a mutant by the calls made inside them.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

import spieltisch
from spieltisch.core import Action
from spieltisch.games.bibermania import bots
from spieltisch.games.bibermania.bots import HeuristicBot
from spieltisch.games.bibermania.cards import (
    sort_cards,
)


def deck() -> Counter[str]:
    return Counter(dict(spieltisch.load_game("bibermania").deck.counts))


def view(
    hand: list[str],
    n: int = 2,
    *,
    counts: list[int] | None = None,
    known: list[list[str]] | None = None,
    scores: list[int] | None = None,
    piles: list[list[list[str]]] | None = None,
    display: list[str] | None = None,
    supply: list[str] | None = None,
    stock: int = 40,
    rejected: list[str] | None = None,
    pending: dict[str, Any] | None = None,
    phase: str = "lay",
) -> dict[str, Any]:
    """A view of seat 0, by hand: only what the bot reads."""
    counts = counts or [len(hand)] + [13] * (n - 1)
    known = known or [[] for _ in range(n)]
    return {
        "viewer": 0,
        "players": n,
        "phase": phase,
        "hand": sort_cards(hand),
        "hands": [{"count": counts[p], "known": known[p]} for p in range(n)],
        "scores": scores or [0] * n,
        "piles": piles or [[] for _ in range(n)],
        "display": sort_cards(display or []),
        "supply": sort_cards(supply or []),
        "stock": stock,
        "rejected": rejected or [],
        "pending": pending or {},
    }


def table(v: dict[str, Any], game: Any = None, **kwargs: Any) -> tuple[HeuristicBot, Any]:
    bot = HeuristicBot(game or spieltisch.load_game("bibermania"), **kwargs)
    return bot, bots._Table(bot, v)


def quiet(hand: list[str], n: int = 2, **kw: Any) -> dict[str, Any]:
    """A table where nothing of the bot's can be beaten: each opponent holds five known 1s."""
    ones = ["1"] * 5
    return view(hand, n, counts=[len(hand)] + [5] * (n - 1), known=[[]] + [ones] * (n - 1), **kw)


def close(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12)


# -- the Gemeinling's deal -----------------------------------------------------------------------


def test_the_gemeinling_deals_the_victim_the_worst_cards() -> None:
    """Gemeinling dealing: the card of least use to the victim (a good one left in the supply may
    be the bot's later: 0.2 of its use to the bot), the stock at its expected use, 0.05 worse."""
    pending = {"victim": 1}
    legal = [Action(deal="stock"), Action(deal="supply", card="1"), Action(deal="supply", card="9")]
    hand = ["9", "7"]
    rest = deck() - Counter(hand) - Counter(["1", "9", "9", "1"])
    v = view(
        hand,
        counts=[2, 5],
        known=[[], ["9", "9", "2", "2", "3"]],
        phase="deal",
        display=list(rest.elements()),
        supply=["1", "9"],
        pending=pending,
    )
    b, t = table(v)
    assert t.unseen == Counter({"1": 1})
    # the 9 joins their pair; the 1 is lone to them, as is the stock's only card (a 1)
    assert b._deal(t, legal) == Action(deal="supply", card="1")
    assert b._deal(t, legal[:1] + legal[2:]) == Action(deal="stock")
    # no victim named yet: the first option
    v["pending"] = {}
    b, t = table(v)
    assert b._deal(t, legal[::-1]) == legal[-1]


def test_the_bot_keeps_a_supply_card_it_may_draw_later() -> None:
    """Gemeinling dealing: of two cards equally bad for the victim, the one of less use to the
    bot is dealt (0.2 of its use to the bot counts)."""
    pending = {"victim": 1}
    legal = [Action(deal="supply", card="9"), Action(deal="supply", card="4")]
    v = view(
        ["4", "4", "7"],
        counts=[3, 5],
        known=[[], ["1"] * 5],
        phase="deal",
        supply=["4", "9"],
        pending=pending,
    )
    b, t = table(v)
    assert b._deal(t, legal) == Action(deal="supply", card="9")
    v["hand"] = ["9", "9", "7"]
    b, t = table(v)
    assert b._deal(t, legal) == Action(deal="supply", card="4")
