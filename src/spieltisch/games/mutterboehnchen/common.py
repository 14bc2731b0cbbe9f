"""What Mutterböhnchen's 3–6 player state (``state.py``), its 2-player state (``duo.py``) and
the game (``rules.py``) all need: the phases, the special beans' effect ids as the turn reads
them, the planting routes, and the set-up (fields per player, run-outs, the starting
Bohnentaler). One module below all three, so that none of them imports another in a circle.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core import OptionError, Rng
from ..beans.table import forget_oldest
from ..bohnanza.rules import OVER, PLANT, PLANT_TRADES, TRADE
from .cards import MALE, Kind
from .fields import UNDER

ATTACK, DEFEND, KEEP, PLACE = "attack", "defend", "keep", "place"
PHASES = (PLANT, ATTACK, DEFEND, KEEP, TRADE, PLANT_TRADES, PLACE, OVER)
HAND_SIZE, PLANT_MAX, TURN_UP, DRAW = 5, 2, 2, 3
TALERS_PER_VARIETY = 2  # the sheet: 2 males of each variety become starting Bohnentaler
WUEHLER = "attack_draws_one_more"
CHOLERIKER, LOSER, FRAUENVERSTEHER = "discard_other_tops", "forced_harvest", "lady_to_top"
WHEN_PLANTED = (CHOLERIKER, LOSER, FRAUENVERSTEHER)  # one-shots fired by any planting route
JUNGGESELLE, SCHUERZENJAEGER = "ladies_to_bottom_when_played", "lady_from_discard"
ARBEITSTIER, KAMERADENSCHWEIN = "play_rearmost_too", "draw_opponent_taler"
KAMERADEN_PLANT = "plant_drawn_taler"  # the Kameradenschwein's 2nd step: where the taler goes
WHEN_PLAYED = (JUNGGESELLE, SCHUERZENJAEGER, ARBEITSTIER, KAMERADENSCHWEIN)
PRUEGELKNABE, MESSIE = "must_accept_gifts", "no_gifts"
FAULPELZ, WARMDUSCHER = "draw_one_fewer", "draw_after_each_active"
HAMPELMANN, AKTIVIST = "second_card_any", "take_turned_up_soy"
FLITZER = "free_for_all_when_turned_up"  # class R: works while face up among the turned-up
# the routes a card is planted by; cards put down in the end placement fire no one-shot
HAND_ROUTE, RECEIVED, TURNED_UP, ATTACK_ROUTE, END_PLACEMENT = (
    "hand", "received", "turned_up", "attack", "end_placement"
)  # fmt: skip
KAMERADEN_ROUTE, FLITZER_ROUTE = "kameradenschwein", "flitzer"
LATER = "later"  # received or turned up, planted after the trading (or not fitting at once)


def fields_for(players: int) -> int:
    """3 players start with 3 fields; 4 to 6 have 2 (and cannot buy a 3rd)."""
    return 3 if players == 3 else 2


def run_outs(players: int) -> int:
    """The game ends when the stock runs out for the 1st / 2nd / 3rd / 4th time with 3 / 4 /
    5 / 6 players (for the 1st time with 2)."""
    return max(1, players - 2)


def starting_talers(kinds: tuple[Kind, ...], varieties: list[str]) -> list[int]:
    """The males set aside as starting Bohnentaler: 2 plain males of each variety (a new list;
    worked out once per deck and varieties: every new game deals them)."""
    key = (id(kinds), tuple(varieties))
    known = _TALERS.get(key)
    if known is None or known[0] is not kinds:
        forget_oldest(_TALERS)
        known = _TALERS[key] = (kinds, _starting_talers(kinds, varieties))
    return list(known[1])


_TALERS: dict[tuple[int, tuple[str, ...]], tuple[tuple[Kind, ...], list[int]]] = {}
"""``starting_talers`` by the deck's kinds (kept alive with their answer) and varieties."""


def _starting_talers(kinds: tuple[Kind, ...], varieties: list[str]) -> list[int]:
    out = []
    for v in varieties:
        males = [c for c, k in enumerate(kinds) if k.variety == v and k.sex == MALE]
        males = [c for c in males if not kinds[c].special]
        if len(males) < TALERS_PER_VARIETY:
            raise OptionError(f"variety {v!r} needs {TALERS_PER_VARIETY} males for the talers")
        out += males[:TALERS_PER_VARIETY]
    return out


def deal_talers(
    kinds: tuple[Kind, ...], varieties: list[str], players: int, rng: Rng
) -> tuple[list[list[int]], list[int]]:
    """The starting Bohnentaler dealt evenly, face down, and the stock before the hands are
    dealt (the talers left over go back into it unseen)."""
    talers = starting_talers(kinds, varieties)
    rng.shuffle(talers)
    each = len(talers) // players
    piles = [talers[p * each : (p + 1) * each] for p in range(players)]
    dealt = {c for pile in piles for c in pile}
    stock = [c for c in range(len(kinds)) if c not in dealt]
    rng.shuffle(stock)
    return piles, stock


def where_of(action: Mapping[str, Any]) -> str | None:
    """A plant action's placement: ``"under": true`` slides a Kavalier under a Lady."""
    return UNDER if action.get("under") is True else None


__all__ = [
    "AKTIVIST",
    "ARBEITSTIER",
    "ATTACK",
    "ATTACK_ROUTE",
    "CHOLERIKER",
    "DEFEND",
    "DRAW",
    "END_PLACEMENT",
    "FAULPELZ",
    "FLITZER",
    "FLITZER_ROUTE",
    "FRAUENVERSTEHER",
    "HAMPELMANN",
    "HAND_ROUTE",
    "HAND_SIZE",
    "JUNGGESELLE",
    "KAMERADENSCHWEIN",
    "KAMERADEN_PLANT",
    "KAMERADEN_ROUTE",
    "KEEP",
    "LATER",
    "LOSER",
    "MESSIE",
    "PHASES",
    "PLACE",
    "PLANT_MAX",
    "PRUEGELKNABE",
    "RECEIVED",
    "SCHUERZENJAEGER",
    "TALERS_PER_VARIETY",
    "TURNED_UP",
    "TURN_UP",
    "WARMDUSCHER",
    "WHEN_PLANTED",
    "WHEN_PLAYED",
    "WUEHLER",
    "deal_talers",
    "fields_for",
    "run_outs",
    "starting_talers",
    "where_of",
]
