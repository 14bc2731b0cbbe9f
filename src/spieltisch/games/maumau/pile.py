"""Bodensee Mau-Mau's discard pile: which card counts (the reference card), what the 3s cancel,
and the pending 7-chain (rules/maumau.md, "The reference card and the 3").

The pile is a stack, bottom first. Jokers on it (put there by players who draw with jokers in
front of them) are ignored everywhere. Worked from the top down, a card is cancelled when the
card directly on it is a 3 that is not itself cancelled; so a 3 on a 3 gives the card below
back its effect.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

JOKER = "joker"
THREE, SEVEN, EIGHT, JACK = "3", "7", "8", "J"


class PileCard(Protocol):
    """Anything with a rank and a suit that knows whether it is a joker."""

    @property
    def rank(self) -> str: ...

    @property
    def suit(self) -> str | None: ...

    @property
    def is_joker(self) -> bool: ...


@dataclass(frozen=True)
class Laid:
    """A card on the pile: its rank (``"2"``..``"10"``, ``"J"``, ``"Q"``, ``"K"``, ``"A"``, or
    ``"joker"``) and suit (``"clubs"``, ...; None for a joker)."""

    rank: str
    suit: str | None = None

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER


def cancelled(pile: Sequence[PileCard]) -> list[bool]:
    """For every card of the pile: whether a 3 lying on it (jokers between ignored) cancels it."""
    out = [False] * len(pile)
    above: int | None = None  # the nearest card above, jokers skipped
    for i in range(len(pile) - 1, -1, -1):
        if pile[i].is_joker:
            continue
        if above is not None:
            out[i] = pile[above].rank == THREE and not out[above]
        above = i
    return out


def scan(pile: Sequence[PileCard], drawn: Callable[[int], bool]) -> tuple[int | None, int]:
    """The reference card's index (None when there is none) and the pending 7-chain, in one
    walk from the top that stops as soon as both are known. ``drawn(i)``: someone already drew
    for the 7 at ``i``.

    The chain is the unbroken run of uncancelled 7s not yet drawn for, from the reference card
    downward (3s, cancelled cards and jokers skipped)."""
    live_three_above = False  # the nearest card above (jokers skipped) is an uncancelled 3
    ref: int | None = None
    chain = 0
    for i in range(len(pile) - 1, -1, -1):
        card = pile[i]
        if card.is_joker:
            continue
        gone = live_three_above
        if card.rank == THREE:
            live_three_above = not gone
            continue
        live_three_above = False
        if gone:
            continue
        if card.rank != SEVEN or drawn(i):
            return (i, 0) if ref is None else (ref, chain)
        if ref is None:
            ref = i
        chain += 1
    return ref, chain


def chain_indices(pile: Sequence[PileCard], ref: int, chain: int) -> list[int]:
    """Where the ``chain`` 7s of a pending chain lie, from the reference card ``ref`` down:
    the uncancelled cards that are neither 3s nor jokers. One walk from the top that stops at
    the last of them (``cancelled`` would walk the whole pile, and a pile grows long)."""
    out: list[int] = []
    live_three_above = False  # as in scan
    for i in range(len(pile) - 1, -1, -1):
        card = pile[i]
        if card.is_joker:
            continue
        gone = live_three_above
        if card.rank == THREE:
            live_three_above = not gone
            continue
        live_three_above = False
        if gone or i > ref:
            continue
        out.append(i)
        if len(out) == chain:
            break
    return out


def reference_index(pile: Sequence[PileCard]) -> int | None:
    """The topmost card that is neither a 3, nor cancelled, nor a joker; None when there is
    none (play waits for a 2)."""
    return scan(pile, lambda i: True)[0]


def reference(pile: Sequence[PileCard]) -> PileCard | None:
    i = reference_index(pile)
    return None if i is None else pile[i]


def pending_chain(pile: Sequence[PileCard], drawn: Sequence[bool]) -> int:
    """The 7s the next player faces (see ``scan``)."""
    return scan(pile, drawn.__getitem__)[1]


def fits(card: PileCard, pile: Sequence[PileCard], wish: str | None = None) -> bool:
    """Whether ``card`` may be laid on ``pile`` now (see ``fits_reference``)."""
    return fits_reference(card, reference(pile), wish)


def fits_reference(card: PileCard, ref: PileCard | None, wish: str | None = None) -> bool:
    """Whether ``card`` may be laid on the reference card ``ref``: a 3 always; a jack on
    anything but a 7 or 8 reference card; after a jack with a wish, the wished suit; otherwise
    the reference card's suit or rank. With no reference card only a 2 may be laid (it is laid
    to restart the pile)."""
    if card.rank == THREE:
        return True
    if ref is None:
        return card.rank == "2"
    if card.rank == JACK:
        return ref.rank not in (SEVEN, EIGHT)
    if wish is not None and ref.rank == JACK:
        return card.suit == wish
    return card.suit == ref.suit or card.rank == ref.rank
