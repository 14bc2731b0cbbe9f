"""Every lay a deck allows, worked out once per deck: the fast path of the legal lays.

``cards.possible_lays`` is the rulebook's definition of what may be laid from a hand. Run on
every lay moment it spent most of a random game's time building the same few hundred lists,
sorting them and wrapping them into actions. A ``LayBook`` runs it once on the whole deck (every
hand is a part of the deck, so every lay of any hand is among those) and keeps, for each lay,
its ``Action``, its ``Shape`` and its *rank*: its place in the legal list's order (small first,
then by cards). The legal lays of a hand are then a few cached blocks of ranks — per held digit,
per set of held values — joined and sorted as integers. ``tests/games/bibermania`` checks the
book against ``possible_lays`` on many hands.

It also remembers the shape of every group it is asked about (groups on the piles recur: they
are lays, or lays that lost or gained a card).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Any

from ...core import Action
from .cards import (
    ACTIONS,
    JOKER,
    Deck,
    Shape,
    hippie_runs,
    plain_runs,
    possible_lays,
    shape,
    sort_key,
)

HIPPIE = "hippie"
PARTYBIBER = "partybiber"


@dataclass(frozen=True, slots=True)
class Lay:
    """One lay of the book: its cards (canonical order), its action and its shape."""

    cards: tuple[str, ...]
    action: Action  # {"lay": [cards]}, one object for every state that offers it
    shape: Shape
    rank: int  # its place in the legal list: by size, then by cards
    act: str | None  # the action card among the cards (at most one is laid), or None


def _lay_order(cards: tuple[str, ...]) -> tuple[int, list[tuple[int, int, str]]]:
    """Legal lays listed small first, then by their cards: a stable, readable order."""
    return (len(cards), [sort_key(c) for c in cards])


class LayBook:
    """The lays of one deck (and the ``hippie_in_sets`` option), ranked; see the module."""

    def __init__(self, deck: Deck, hippie_in_sets: bool) -> None:
        self.digits = deck.digits
        self.hippie_in_sets = hippie_in_sets
        whole = deck.cards
        universe = {tuple(lay) for lay in possible_lays(whole, self.digits, True)}
        for length in range(2, len(self.digits) + 1):  # plain runs: laid to beat Hippie runs
            universe.update(tuple(run) for run in plain_runs(whole, length))
        ordered = sorted(universe, key=_lay_order)
        self.lays: list[Lay] = [
            Lay(
                cards,
                Action(lay=list(cards)),
                shape(list(cards), self.digits),
                rank,
                next((c for c in cards if c in ACTIONS), None),
            )
            for rank, cards in enumerate(ordered)
        ]
        self.actions = [lay.action for lay in self.lays]  # by rank
        self.by_cards: dict[tuple[str, ...], Lay] = {lay.cards: lay for lay in self.lays}
        self._shapes: dict[tuple[str, ...], Shape] = {lay.cards: lay.shape for lay in self.lays}
        self.value = {str(v): v for v in self.digits}  # a digit card's value
        self.most = {kind: n for kind, n in deck.counts if kind in self.value}  # in the deck
        # blocks of ranks, filled as hands ask for them
        self.rank = {lay.cards: lay.rank for lay in self.lays}
        self._parts: dict[tuple[int, tuple[str, ...]], Any] = {}
        self._sets: dict[tuple[int, tuple[str, ...]], Any] = {}
        # every Partybiber trio and every run the Hippie completes in this deck, once, with
        # its lay's rank: a hand's are those whose values it holds
        self._party_trios = [
            (trio, self.rank[(*map(str, trio), PARTYBIBER)])
            for trio in combinations(self.digits, 3)
            if PARTYBIBER in deck.kinds and all(abs(a - b) >= 2 for a, b in combinations(trio, 2))
        ]
        self._hippie_runs = [
            (run, self.rank[(*map(str, run), HIPPIE)])
            for run in hippie_runs(list(self.digits), self.digits)
            if HIPPIE in deck.kinds
        ]
        self._hippie: dict[tuple[int, ...], tuple[int, ...]] = {}
        self._party: dict[tuple[int, ...], tuple[int, ...]] = {}
        # for each digit, by how many of it are laid: the rank of them alone, with 1, 2, ...
        # jokers, and with each action card that goes with digits: what a hand's sets are
        # joined from (``_sets_table``), looked up here once rather than for every hand
        jokers = dict(deck.counts).get(JOKER, 0)
        partners = [a for a in ACTIONS if a in deck.kinds and self._with_digits(a)]
        self._steps = {
            d: [
                (
                    self.rank[(d,) * count],
                    tuple(self.rank[(d,) * count + (JOKER,) * j] for j in range(1, jokers + 1)),
                    {a: self.rank[(d,) * count + (a,)] for a in partners},
                )
                for count in range(1, most + 1)
            ]
            for d, most in self.most.items()
        }

    # -- shapes ---------------------------------------------------------------------------------

    def shape(self, cards: list[str] | tuple[str, ...]) -> Shape:
        """``cards.shape`` of a group, remembered (a group's shape depends on its cards only)."""
        key = tuple(cards)
        s = self._shapes.get(key)
        if s is None:
            s = self._shapes[key] = shape(list(key), self.digits)
        return s

    def lay(self, cards: list[str]) -> Lay:
        """The book's entry for a legal lay's ``cards`` (in their canonical order)."""
        return self.by_cards[tuple(cards)]

    # -- the lays of a hand ---------------------------------------------------------------------

    def ranks(self, hand: list[str]) -> list[int]:
        """The ranks of ``possible_lays(hand, digits, hippie_in_sets)``, sorted, each once."""
        held = dict.fromkeys(hand)  # the distinct cards
        jokers = hand.count(JOKER) if JOKER in held else 0
        actions = tuple(filter(held.__contains__, ACTIONS))  # in ACTIONS' order
        part = self._parts.get((jokers, actions))
        if part is None:
            part = self._parts[jokers, actions] = self._part(jokers, actions)
        sets, out = part
        out = list(out)  # jokers alone, action cards alone
        for card in held:
            by_count = sets.get(card)
            if by_count is not None:  # a digit: its sets, alone, with jokers, with an action
                out += by_count[hand.count(card)]
        if HIPPIE in held or PARTYBIBER in held:
            values = tuple(sorted(self.value[c] for c in held if c in self.value))
            if HIPPIE in held:
                out += self._hippie_block(values)
            if PARTYBIBER in held:
                out += self._party_block(values)
        out.sort()
        return out

    def _with_digits(self, card: str) -> bool:
        """Whether an action card is laid in a set with digits: all but the Partybiber, and the
        Hippie only with ``hippie_in_sets``."""
        return card != PARTYBIBER and (self.hippie_in_sets or card != HIPPIE)

    def _part(
        self, jokers: int, actions: tuple[str, ...]
    ) -> tuple[dict[str, list[tuple[int, ...]]], tuple[int, ...]]:
        """What a hand with ``jokers`` and ``actions`` lays besides runs and parties: for each
        digit, by how many of it are held, its sets; and the jokers and action cards alone."""
        with_digits = tuple(filter(self._with_digits, actions))
        sets = self._sets.get((jokers, with_digits))
        if sets is None:
            sets = self._sets[jokers, with_digits] = self._sets_table(jokers, with_digits)
        rank = self.rank
        alone = [rank[(JOKER,) * j] for j in range(1, jokers + 1)]
        alone += [rank[(a,)] for a in actions]
        return sets, tuple(alone)

    def _sets_table(
        self, jokers: int, with_digits: tuple[str, ...]
    ) -> dict[str, list[tuple[int, ...]]]:
        """For each digit ``d`` and count ``k``: the sets of 1 to ``k`` ``d``s, alone, with 1 to
        ``jokers`` jokers, or with one of ``with_digits``. Joined from ``_steps`` (a table that
        fills as hands ask: one new key cost 50-240 µs when it built every rank's key, and a
        random 4-player game met some 500 keys in its first 40,000 actions)."""
        sets: dict[str, list[tuple[int, ...]]] = {}
        for d, steps in self._steps.items():
            blocks: list[tuple[int, ...]] = [()]
            for alone, with_jokers, with_action in steps:
                blocks.append(
                    (
                        *blocks[-1],
                        alone,
                        *with_jokers[:jokers],
                        *map(with_action.__getitem__, with_digits),
                    )
                )
            sets[d] = blocks
        return sets

    def _hippie_block(self, values: tuple[int, ...]) -> tuple[int, ...]:
        """The runs a Hippie completes from the held values."""
        block = self._hippie.get(values)
        if block is None:
            held = set(values)  # every Hippie run of the deck whose values are all held
            block = self._hippie[values] = tuple(
                rank for run, rank in self._hippie_runs if held.issuperset(run)
            )
        return block

    def _party_block(self, values: tuple[int, ...]) -> tuple[int, ...]:
        """The Partybiber with three held values neither equal nor consecutive."""
        block = self._party.get(values)
        if block is None:
            held = set(values)  # every Partybiber trio of the deck whose values are all held
            block = self._party[values] = tuple(
                rank for trio, rank in self._party_trios if held.issuperset(trio)
            )
        return block


@cache
def lay_book(deck: Deck, hippie_in_sets: bool) -> LayBook:
    """One book per deck and option: games with the same deck share it."""
    return LayBook(deck, hippie_in_sets)
