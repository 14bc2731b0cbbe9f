"""Hand-made Mau-Mau positions for the bots' tests: the named cards where a test puts them,
filler cards without an effect that matters everywhere else."""

from __future__ import annotations

from typing import Any

import spieltisch
from spieltisch.games.maumau.rules import MaumauState

GAME = spieltisch.load_game("maumau")

FILLER = [r + s for s in "cd" for r in ("2", "4", "9", "10", "K")] * 2
"""Cards for the hands a test does not name: clubs and diamonds without an effect that matters."""


def position(
    hands: list[list[str] | int], pile: list[Any], turn: int = 0, **more: Any
) -> MaumauState:
    """The named cards in hand and on the pile (bottom first), ``k`` filler cards for a hand
    given as a number; the rest is the stock."""
    named = [c for h in hands if isinstance(h, list) for c in h]
    named += [e if isinstance(e, str) else e["card"] for e in pile]
    free = list(FILLER)
    for c in named:
        if c in free:
            free.remove(c)
    full: list[list[str]] = []
    for h in hands:
        if isinstance(h, int):
            h, free = free[:h], free[h:]
        full.append(h)
    data = {"players": len(hands), "hands": full, "pile": pile, "turn": turn, **more}
    return GAME.from_json(data)
