"""Hand-made Biber-Mania positions for the rulings' tests, in ``to_json()``'s position format.

``position`` lays out hands, piles, display and supply as a test names them; every other card
of the deck goes into the stock (below the cards named in ``stock_top``, whose last card is the
top of the stock) or, with ``rest="rejected"``, out of the game, so that the stock is exactly
``stock_top``. Unless a test names it, the display is nine action cards and jokers (what is
left of them after the test's own cards), so that no lay beats anything in it.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from position_checks import events_of, refused, text  # noqa: F401 (re-exported)

import spieltisch

ACTIONS = ("superbiber", "dieb", "fee", "partybiber", "hippie", "gemeinling", "bodyguard", "koenig")

SUPPLY = ["1", "1", "1", "1", "1"]


def sort_key(card: str) -> tuple[int, int]:
    if card.isdigit():
        return (0, int(card))
    if card == "joker":
        return (2, 0)
    return (1, ACTIONS.index(card))


def srt(cards) -> list[str]:
    return sorted(cards, key=sort_key)


def deck_counter(game) -> Counter:
    return Counter(game.deck.cards)


def position(
    game,
    hands: list[list[str]],
    piles: list[list[list[str]]] | None = None,
    *,
    display: list[str] | None = None,
    supply: list[str] | None = None,
    stock_top: list[str] = (),  # type: ignore[assignment]
    rest: str = "stock",
    rejected: list[str] = (),  # type: ignore[assignment]
    turn_player: int = 0,
    first_player: int | None = None,
    known: list[list[str]] | None = None,
    totals: list[int] | None = None,
    round_no: int = 1,
    history: list[list[int]] | None = None,
) -> dict[str, Any]:
    n = len(hands)
    piles = piles if piles is not None else [[] for _ in range(n)]
    supply = list(SUPPLY if supply is None else supply)
    used = Counter(supply) + Counter(stock_top) + Counter(rejected)
    for h in hands:
        used += Counter(h)
    for pile in piles:
        for g in pile:
            used += Counter(g)
    deck = deck_counter(game)
    if display is None:  # nine cards that are never display targets: action cards, jokers
        display = [c for c in srt((deck - used).elements()) if not c.isdigit()][:9]
        assert len(display) == 9
    display = list(display)
    used += Counter(display)
    over = used - deck
    assert not over, f"the test's own position uses more cards than the deck has: {over}"
    left = srt((deck - used).elements())
    stock = list(stock_top)
    rej = list(rejected)
    if rest == "stock":
        stock = left + stock
    else:
        rej += left
    return {
        "game": "bibermania",
        "players": n,
        "phase": "lay",
        "turn_player": turn_player,
        "first_player": turn_player if first_player is None else first_player,
        "round": round_no,
        "hands": [srt(h) for h in hands],
        "known": [[] for _ in range(n)] if known is None else [srt(k) for k in known],
        "piles": [[list(g) for g in pile] for pile in piles],
        "display": srt(display),
        "supply": srt(supply),
        "stock": stock,
        "rejected": rej,
        "totals": [0] * n if totals is None else list(totals),
        "history": [] if history is None else history,
        "result": None,
        "why": "",
        "rng": 12345,
    }


def load(hands, piles=None, options: dict | None = None, **kw):
    game = spieltisch.load_game("bibermania", **(options or {}))
    return game.from_json(position(game, hands, piles, **kw))


def where(j: dict[str, Any]) -> Counter:
    """Every card of a position, wherever it is (the beaten cards waiting for keep included)."""
    c = Counter(j["display"]) + Counter(j["supply"]) + Counter(j["stock"]) + Counter(j["rejected"])
    for h in j["hands"]:
        c += Counter(h)
    for pile in j["piles"]:
        for g in pile:
            c += Counter(g)
    for _, cards in j["turn"]["keep"]:
        c += Counter(cards)
    return c


def conserved(state) -> None:
    assert where(state.to_json()) == deck_counter(state.game), "every card is in one place"


def do(state, player: int, action: dict):
    events = state.apply(player, action)
    conserved(state)
    return events


def lay(state, player: int, cards: list[str]):
    return do(state, player, {"lay": list(cards)})


def lays(state, player: int) -> set[tuple[str, ...]]:
    return {tuple(srt(a["lay"])) for a in state.legal_actions(player)}


def keep_all(state, player: int, keep: bool = True) -> None:
    while state.to_json()["phase"] == "keep":
        do(state, player, {"keep": keep})


def pile(state, p: int) -> list[list[str]]:
    return state.to_json()["piles"][p]


def hand(state, p: int) -> list[str]:
    return state.to_json()["hands"][p]


def as_multiset(cards) -> Counter:
    return Counter(cards)


def draw_all(state) -> None:
    """Everyone waiting to draw draws from the stock (or the supply when the stock is empty)."""
    while state.to_json()["phase"] == "draw":
        (p,) = state.actors()
        acts = state.legal_actions(p)
        do(state, p, next((a for a in acts if a["draw"] == "stock"), acts[0]))
