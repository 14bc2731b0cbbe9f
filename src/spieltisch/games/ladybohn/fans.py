"""Ladybohn's fans: face-up rows of cards a player may take for her whole hand, and what turned-up
cards do to them (sheet 001, "The 4-card and 6-card fans" and its worked example).

A fan is an ordered row, **top** first: the fully visible card onto which matching cards go.
Its **bottom** card is the rear end, the one pushed out into the offer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

Variety = Callable[[int], str]
IsLady = Callable[[int], bool]


@dataclass
class FanStep:
    """What one turned-up card did: joined fan ``fan`` (None: straight into the offer) and
    pushed ``pushed`` out of it."""

    card: int
    fan: int | None
    pushed: list[int]


def ladies_first(cards: Sequence[int], is_lady: IsLady) -> list[int]:
    """The turned-up cards in the order they meet the fans: Ladies first, else as drawn."""
    return sorted(cards, key=lambda c: not is_lady(c))


def matching_fans(fans: Sequence[Sequence[int]], card: int, variety: Variety) -> list[int]:
    return [i for i, fan in enumerate(fans) if fan and variety(fan[0]) == variety(card)]


def join_fan(fans: list[list[int]], sizes: Sequence[int], card: int, fan: int) -> list[int]:
    """Put ``card`` on top of ``fan`` and push bottom cards out until it has its size again.

    Returns the pushed cards (they go into the offer and do not meet the fans again: "this
    procedure is not repeated")."""
    fans[fan].insert(0, card)
    pushed = []
    while len(fans[fan]) > sizes[fan]:
        pushed.append(fans[fan].pop())
    return pushed


def turn_up(
    fans: list[list[int]],
    sizes: Sequence[int],
    cards: Sequence[int],
    variety: Variety,
    is_lady: IsLady,
    choose: Callable[[int, list[int]], int],
) -> tuple[list[int], list[FanStep]]:
    """The whole procedure for the turned-up ``cards``; ``choose(card, fans)`` picks the fan
    when both tops match. Returns the offer (in the order its cards came out) and the steps."""
    offer: list[int] = []
    steps = []
    for card in ladies_first(cards, is_lady):
        options = matching_fans(fans, card, variety)
        if not options:
            offer.append(card)
            steps.append(FanStep(card, None, []))
            continue
        fan = options[0] if len(options) == 1 else choose(card, options)
        pushed = join_fan(fans, sizes, card, fan)
        offer += pushed
        steps.append(FanStep(card, fan, pushed))
    return offer, steps


def swap(hand: list[int], fan: list[int]) -> tuple[list[int], list[int]]:
    """A whole-hand swap: the hand becomes the fan (its front card on top) and the fan the
    hand (its top card in front). Orders never change; sizes must be equal."""
    if len(hand) != len(fan):
        raise ValueError("a hand is swapped only for a fan of as many cards")
    return list(fan), list(hand)
