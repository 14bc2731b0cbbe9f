"""Hand-made Ladybohn positions for 2 players and solo (``duo.py``), in ``to_json()``'s format.

They are ``ladybohn_positions.position``'s positions (cards named by kind or id, the rest under
the stock) with the 2-player table: one fan of 5 (``fan``, top first) and no trading.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ladybohn_positions import Card, load_game, position

GAME = load_game()


def duo_position(
    players: int = 2,
    *,
    fan: Sequence[Card] = ("green",) * 5,
    turns: Sequence[int] | None = None,
    shown: Sequence[int] | None = None,
    protected: Sequence[int] = (),
    steal_now: Sequence[int] = (),
    hand_discarded: bool = False,
    result: Sequence[int] | None = None,
    **kw: Any,
) -> dict[str, Any]:
    """A 2-player (or solo) position; ``kw`` as ``ladybohn_positions.position`` takes it."""
    data = position(GAME, players, fans=[list(fan)], **kw)
    for key in ("offers", "drafts", "next_offer", "promises", "turned", "third_field"):
        data.pop(key, None)
    data.update(
        fan_sizes=[5],
        turns=list(turns) if turns is not None else [1] * players,
        shown=list(shown) if shown is not None else [0] * players,
        protected=list(protected),
        steal_now=list(steal_now),
        hand_discarded=hand_discarded,
        result=None if result is None else list(result),
        removed_at_setup=[],
    )
    return data


def duo(players: int = 2, **kw: Any):
    """The state of a hand-made 2-player (or solo) position (see ``duo_position``)."""
    return GAME.from_json(duo_position(players, **kw))
