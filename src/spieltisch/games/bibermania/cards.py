"""Biber-Mania's cards and groups: what may be laid, and what beats what (``Stechen``).

Cards are named by kind: digits ``"1"``..``"10"``, the eight action cards by lower-case ASCII
name (``"superbiber"``, ``"dieb"``, ``"fee"``, ``"partybiber"``, ``"hippie"``, ``"gemeinling"``,
``"bodyguard"``, ``"koenig"``) and ``"joker"``. Cards of one kind are identical, so hands and
groups are multisets, kept as sorted lists (``sort_key``) so that equal multisets are equal
lists and a lay is one canonical action.

A group is what one lay put on a pile (it may later lose cards to stealing or gain them from a
König). Its ``shape`` is worked out from its cards alone, every time, so a group that lost its
Bodyguard or its Partybiber is judged as what is left of it.
"""

from __future__ import annotations

import tomllib
from bisect import bisect_left, insort
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from importlib import resources
from itertools import combinations
from pathlib import Path

from ...core import OptionError

ACTIONS = ("superbiber", "dieb", "fee", "partybiber", "hippie", "gemeinling", "bodyguard", "koenig")
JOKER = "joker"
NAMES = {
    "superbiber": "Superbiber",
    "dieb": "Dieb",
    "fee": "Fee",
    "partybiber": "Partybiber",
    "hippie": "Hippie",
    "gemeinling": "Gemeinling",
    "bodyguard": "Bodyguard",
    "koenig": "König",
    JOKER: "Joker",
}


def is_digit(card: str) -> bool:
    return card.isdigit()


@cache  # called for every card of every sort: a lookup after the first time
def sort_key(card: str) -> tuple[int, int, str]:
    """Digits by value, then the action cards, then jokers: the display's order."""
    if card.isdigit():
        return (0, int(card), "")
    if card == JOKER:
        return (2, 0, "")
    return (1, ACTIONS.index(card) if card in ACTIONS else 99, card)


def sort_cards(cards: Iterable[str]) -> list[str]:
    return sorted(cards, key=SORT_KEYS.__getitem__)


class _SortKeys(dict[str, tuple[int, int, str]]):
    """``sort_key`` as a dict: its ``__getitem__`` is the cheapest key a bisect can call."""

    def __missing__(self, card: str) -> tuple[int, int, str]:
        self[card] = key = sort_key(card)
        return key


SORT_KEYS = _SortKeys()


def insert_cards(cards: list[str], new: Iterable[str]) -> None:
    """Add ``new`` to the sorted list ``cards`` in place: the same list ``sort_cards`` gives."""
    for card in new:
        insort(cards, card, key=SORT_KEYS.__getitem__)


def card_name(card: str) -> str:
    return NAMES.get(card, card)


# -- the deck -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Deck:
    counts: tuple[tuple[str, int], ...]  # (kind, count), in sort order
    status: str  # "sheet" | "verified" | "reconstructed"
    source: str

    @property
    def cards(self) -> list[str]:
        return [kind for kind, n in self.counts for _ in range(n)]

    @property
    def size(self) -> int:
        return sum(n for _, n in self.counts)

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(kind for kind, n in self.counts if n > 0)

    @property
    def digits(self) -> tuple[int, ...]:
        return tuple(sorted(int(k) for k, n in self.counts if k.isdigit() and n > 0))

    @property
    def top(self) -> int:
        """The value of jokers laid alone: above every digit of the deck."""
        return max(self.digits, default=0) + 1


def parse_deck(text: str, source: str) -> Deck:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise OptionError(f"deck {source}: not a TOML file ({err})") from None
    cards = data.get("cards")
    if not isinstance(cards, dict) or not cards:
        raise OptionError(f"deck {source}: needs a [cards] table of counts per card")
    counts = []
    for kind, n in cards.items():
        kind = str(kind).strip().lower().replace("ö", "oe")
        if not (kind.isdigit() and int(kind) > 0) and kind not in ACTIONS and kind != JOKER:
            known = ", ".join([*ACTIONS, JOKER])
            raise OptionError(
                f"deck {source}: unknown card {kind!r}; cards are digits 1, 2, ... and {known}"
            )
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise OptionError(f"deck {source}: the count of {kind!r} is not a whole number >= 0")
        counts.append((str(int(kind)) if kind.isdigit() else kind, n))
    status = data.get("status", "reconstructed")
    if status not in ("sheet", "verified", "reconstructed"):
        raise OptionError(f"deck {source}: status is sheet, verified or reconstructed")
    counts.sort(key=lambda kn: sort_key(kn[0]))
    if not any(k.isdigit() and n for k, n in counts):
        raise OptionError(f"deck {source}: a deck needs digit cards")
    return Deck(tuple(counts), status, source)


@cache
def load_deck(path: str = "") -> Deck:
    """The deck file at ``path``, or the default (reconstructed) deck."""
    if not path:
        text = resources.files(__package__).joinpath("deck.toml").read_text(encoding="utf-8")
        return parse_deck(text, "deck.toml (built in)")
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as err:
        raise OptionError(f"cannot read the deck file {path}: {err.strerror}") from None
    return parse_deck(text, path)


# -- groups ---------------------------------------------------------------------------------------

# shapes of a group
SET = "set"  # equal digits, perhaps with jokers or one action card: one value
JOKERS = "jokers"  # jokers alone: the top value
HIPPIE_RUN = "hippie-run"  # a run completed by the Hippie
RUN = "run"  # a plain run (laid only to beat a Hippie run)
PARTY = "party"  # the Partybiber with unrelated digits
ACTION = "action"  # one action card alone
MIXED = "mixed"  # what is left of a group with no common value: cannot be beaten


@dataclass(frozen=True)
class Shape:
    kind: str
    size: int
    value: int | None = None  # SET: the digits' value; JOKERS: the top; runs: their top
    protected: bool = False  # a Bodyguard with digits, or a Partybiber group

    @property
    def can_be_beaten(self) -> bool:
        return not self.protected and self.kind in (SET, HIPPIE_RUN, ACTION)


def hippie_run_top(values: list[int], digits: tuple[int, ...]) -> int | None:
    """The highest top of a run the Hippie completes from these distinct values, or None.

    One missing value — a gap inside, or just beyond an end within the deck's digits — must
    make them consecutive; at an end the Hippie goes above when it can (the stronger run).
    """
    if not 2 <= len(values) <= 6 or len(set(values)) != len(values):
        return None
    lo, hi = min(values), max(values)
    span = hi - lo + 1
    if span == len(values) + 1:
        return hi
    if span == len(values):
        if hi + 1 in digits:
            return hi + 1
        if lo - 1 in digits:
            return hi
    return None


def shape(cards: list[str], digits: tuple[int, ...]) -> Shape:
    """What a group of cards counts as (``digits``: the deck's digit values)."""
    n = len(cards)
    nums = [int(c) for c in cards if c.isdigit()]
    actions = [c for c in cards if c in ACTIONS]
    jokers = n - len(nums) - len(actions)
    top = max(digits, default=0) + 1
    if n == 0:
        return Shape(MIXED, 0)
    if jokers == n:
        return Shape(JOKERS, n, top)
    if n == 1 and actions:
        return Shape(ACTION, 1)
    if "partybiber" in actions:
        # the Partybiber's group is never beaten, whatever of it is left (but the card alone)
        return Shape(PARTY, n, None, protected=True)
    equal = bool(nums) and len(set(nums)) == 1
    if equal and len(actions) <= 1 and not (actions and jokers):
        return Shape(SET, n, nums[0], protected=actions == ["bodyguard"])
    if actions == ["hippie"] and not jokers:
        run_top = hippie_run_top(nums, digits)
        if run_top is not None:
            return Shape(HIPPIE_RUN, n, run_top)
    if not actions and not jokers and len(nums) >= 2:
        ordered = sorted(nums)
        if ordered == list(range(ordered[0], ordered[0] + len(ordered))):
            return Shape(RUN, n, ordered[-1])
    return Shape(MIXED, n)


def beats(lay: Shape, target: Shape, only_higher_runs: bool = False) -> bool:
    """Whether ``lay`` beats ``target`` (a group on an opponent's pile)."""
    if not target.can_be_beaten or lay.size != target.size:
        return False
    if target.kind == SET:
        return lay.kind in (SET, JOKERS) and lay.value > target.value  # type: ignore[operator]
    if target.kind == HIPPIE_RUN:
        if lay.kind not in (RUN, HIPPIE_RUN):
            return False
        return not only_higher_runs or lay.value > target.value  # type: ignore[operator]
    if target.kind == ACTION:
        return lay.kind == JOKERS and lay.size == 1
    return False


def display_targets(lay: Shape, display: list[str], joker_beats_action: bool = False) -> list[str]:
    """The display cards a lay may beat: values of which the display holds ``lay.size``
    digits below the lay's value (and, by option, an action card for a lone joker), in the
    display's order. ``display`` is sorted as the table keeps it (``sort_cards``): the digits
    below the lay's value are then the front of it, found by bisection."""
    if lay.kind not in (SET, JOKERS):
        return []
    size = lay.size
    below = display[: bisect_left(display, (0, lay.value, ""), key=SORT_KEYS.__getitem__)]
    kinds = dict.fromkeys(below)  # each value once, in order
    out = list(kinds) if size == 1 else [card for card in kinds if below.count(card) >= size]
    if joker_beats_action and lay.kind == JOKERS and size == 1:
        out += [card for card in dict.fromkeys(display) if card in ACTIONS]
    return out


# -- what may be laid -----------------------------------------------------------------------------


def possible_lays(
    hand: list[str],
    digits: tuple[int, ...],
    hippie_in_sets: bool = True,
) -> Iterator[list[str]]:
    """Every group the rulings allow from ``hand`` (plain runs aside: they need a target).

    Each lay is a canonical sorted list; no lay is given twice.
    """
    counts = Counter(hand)
    jokers = counts.get(JOKER, 0)
    actions = [a for a in ACTIONS if counts.get(a)]
    values = sorted(int(c) for c in counts if c.isdigit())
    with_digits = [a for a in actions if a != "partybiber" and (hippie_in_sets or a != "hippie")]
    for v in values:
        d = str(v)
        for n in range(1, counts[d] + 1):
            yield [d] * n
            for j in range(1, jokers + 1):
                yield [d] * n + [JOKER] * j
            for a in with_digits:
                yield sort_cards([d] * n + [a])
    for j in range(1, jokers + 1):
        yield [JOKER] * j
    if "hippie" in actions:
        for run in hippie_runs(values, digits):
            yield sort_cards([str(v) for v in run] + ["hippie"])
    if "partybiber" in actions:
        for trio in combinations(values, 3):
            if all(abs(a - b) >= 2 for a, b in combinations(trio, 2)):
                yield sort_cards([str(v) for v in trio] + ["partybiber"])
    for a in actions:
        yield [a]


def hippie_runs(values: list[int], digits: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Sets of 2-6 distinct held values that a Hippie completes into a run (each once)."""
    held = set(values)
    seen: set[tuple[int, ...]] = set()
    lo_d, hi_d = min(digits, default=0), max(digits, default=0)
    for length in range(3, 8):  # the whole run, Hippie included
        for start in range(lo_d, hi_d - length + 2):
            window = range(start, start + length)
            for missing in window:
                run = tuple(v for v in window if v != missing)
                if run not in seen and held.issuperset(run):
                    seen.add(run)
                    yield run


def plain_runs(hand: list[str], length: int) -> Iterator[list[str]]:
    """Plain runs of ``length`` consecutive held digits."""
    values = sorted({int(c) for c in hand if c.isdigit()})
    held = set(values)
    for v in values:
        run = range(v, v + length)
        if held.issuperset(run):
            yield [str(x) for x in run]
