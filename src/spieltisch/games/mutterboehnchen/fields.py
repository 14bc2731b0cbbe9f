"""One player's bean fields under Mutterböhnchen's rules (rules/mutterboehnchen.md), as a small
class over plain lists, so that the rules can be tested position by position.

- A field is an ordered stack, bottom first; an "existing field" holds at least 1 card. Its
  variety is that of the first card planted on it while it was empty (a card put under later
  does not change it).
- A field accepts its variety, plus Green and Blue while a Saufkumpan lies in it and Chili and
  Blue while a Pistolenheld lies in it. A card *fits* a field if the field accepts its variety
  or the card's own text allows it there (Kotzbrocken: any existing field; Saufkumpan: an empty
  field or one that accepts Blue, never one that accepts only Green; Kavalier: under the top
  card of a field whose top card is a Lady). Nothing is planted on an Einsiedler on top.
- New cards go on top, except under a Schluckspecht on top (every card to the bottom; option:
  on all his owner's fields) and Ladys on a Chauvischwein's field (to the bottom).
- Planting a Baby lets one Lady of the same field move up 2 places (or to the top if nearer);
  planting a Lady lets one Baby move up 2 — optional; across the varieties of a Saufkumpan or
  Pistolenheld field; never for a card put under. A Macho moves up 1 whenever his owner plants a
  Lady, a Lichtgestalt whenever his owner plants a male bean. Nothing moves above an Einsiedler
  on top.
- A field pays by its top card; k counts every card. Babys pay nothing, a Kotzbrocken on top
  makes the field pay nothing. The top N cards become Bohnentaler, the rest go to the discard
  pile as one block in field order. A Garden Lady on top: all cards go to the discard pile and
  the N coins are the N bottom cards of the discard pile as it was before (a shortfall is not
  paid).
- One-bean rule: a field of exactly one card may be harvested only if no other own field holds
  two or more (not at the final harvest).

Special beans work by class: M only while on top of a field, T while anywhere in a field.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..beans.cards import LADY, MALE, payout
from ..beans.table import forget_oldest
from .cards import BABY, DISCARD_BOTTOM, Kind

TOP, BOTTOM, UNDER = "top", "bottom", "under"  # where a planted card goes

# the effect ids the field rules read (cards.EFFECTS)
KOTZBROCKEN = "foist_anywhere_pays_nothing"
SAUFKUMPAN = "field_accepts_green_and_blue"
PISTOLENHELD = "field_accepts_chili_and_blue"
SCHLUCKSPECHT = "plant_at_bottom"
CHAUVISCHWEIN = "ladies_to_bottom"
EINSIEDLER = "nothing_above"
KAVALIER = "under_a_lady"
MACHO = "up_on_lady_planted"
LICHTGESTALT = "up_on_male_planted"

# what a field-widening special adds to the varieties its field accepts
WIDENS = {SAUFKUMPAN: ("green", "blue"), PISTOLENHELD: ("chili", "blue")}
PULL = 2  # places a pulled Lady or Baby moves up
FOLLOW = 1  # places a Macho or Lichtgestalt moves up


@dataclass
class Harvest:
    """What harvesting a field gives: ``coins`` become Bohnentaler (from the field's top, or from
    the bottom of the discard pile for a Garden Lady), ``to_discard`` go onto the discard pile as
    one block, ``owed`` coins the beanometer gave that the discard pile could not pay."""

    coins: list[int]
    to_discard: list[int]
    from_discard: bool = False
    owed: int = 0


@dataclass
class Planted:
    """Where a card went, and what may follow: the cards it may pull up (their positions)."""

    field: int
    index: int
    where: str
    pulls: list[int] = field(default_factory=list)
    moved: list[tuple[int, int, int]] = field(default_factory=list)  # (field, from, to)


@dataclass(frozen=True)
class DeckMarks:
    """Which card ids of a deck carry what the field rules look for, so that a field can be
    passed over with one set test (most fields hold no special bean): the class T cards, and
    the cards of each effect."""

    anywhere: frozenset[int]  # class T: works anywhere in its field
    by_effect: dict[str, frozenset[int]]
    on_top: tuple[str | None, ...] = ()  # by card id: a class M card's effect, else None

    @classmethod
    def of(cls, kinds: Sequence[Kind]) -> DeckMarks:
        """The marks of a deck's kinds, worked out once per deck (the last ``DECKS_KEPT`` kept)."""
        known = _MARKS.get(id(kinds))
        if known is not None and known[0] is kinds:
            return known[1]
        by_effect: dict[str, set[int]] = {}
        for c, k in enumerate(kinds):
            if k.effect:
                by_effect.setdefault(k.effect, set()).add(c)
        anywhere = frozenset(c for c, k in enumerate(kinds) if k.klass == "T")
        on_top = tuple(k.effect if k.klass == "M" else None for k in kinds)
        marks = cls(anywhere, {e: frozenset(ids) for e, ids in by_effect.items()}, on_top)
        forget_oldest(_MARKS)
        _MARKS[id(kinds)] = (kinds, marks)
        return marks


_MARKS: dict[int, tuple[Sequence[Kind], DeckMarks]] = {}  # by id(kinds), the kinds kept alive
_NONE: frozenset[int] = frozenset()


class Beds:
    """One player's fields. ``cards`` and ``varieties`` are the state's own lists, changed in
    place; ``swallow_all`` is the option that a Schluckspecht works on all his owner's fields."""

    hidden: int | None = None
    """A slot that is no field, where nothing fits (the 2-player game's closed third slot:
    ``duo.DuoBeds``); ``fits`` passes it over."""

    def __init__(
        self,
        kinds: Sequence[Kind],
        cards: list[list[int]],
        varieties: list[str | None],
        swallow_all: bool = False,
    ) -> None:
        self.kinds = kinds
        self.cards = cards
        self.varieties = varieties
        self.swallow_all = swallow_all
        self.marks = DeckMarks.of(kinds)

    # -- reading ------------------------------------------------------------------------------

    def kind(self, card: int) -> Kind:
        return self.kinds[card]

    def top(self, f: int) -> Kind | None:
        cards = self.cards[f]
        return self.kinds[cards[-1]] if cards else None

    def existing(self, f: int) -> bool:
        return bool(self.cards[f])

    def effects(self, f: int) -> set[str]:
        """The special beans' effects working in field ``f``: class T anywhere, class M on top."""
        cards = self.cards[f]
        if not cards:
            return set()
        marks = self.marks
        if marks.anywhere.isdisjoint(cards):
            out = set()
        else:
            kinds = self.kinds
            out = {kinds[c].effect for c in cards if kinds[c].klass == "T"}
        top = marks.on_top[cards[-1]]
        if top is not None:
            out.add(top)
        return out

    def accepts(self, f: int, effects: set[str] | None = None) -> set[str]:
        """The varieties field ``f`` accepts (empty for an empty field: it takes any card);
        ``effects``: ``self.effects(f)`` where the caller has it already."""
        variety = self.varieties[f]
        if not self.cards[f] or variety is None:
            return set()
        out = {variety}
        for effect in self.effects(f) if effects is None else effects:
            if effect in WIDENS:
                out.update(WIDENS[effect])
        return out

    def goes_under(self, f: int, card: int, effects: set[str] | None = None) -> bool:
        """A card planted on field ``f`` goes to its bottom (Schluckspecht, Chauvischwein);
        ``effects``: ``self.effects(f)`` where the caller has it already."""
        if not self.cards[f]:
            return False
        if effects is None:
            effects = self.effects(f)
        if SCHLUCKSPECHT in effects:
            return True
        if self.swallow_all and any(
            SCHLUCKSPECHT in self.effects(g) for g in range(len(self.cards)) if g != f
        ):
            return True
        return self.kinds[card].is_lady and CHAUVISCHWEIN in effects

    def placements(self, f: int, card: int) -> list[str]:
        """Where ``card`` may go on field ``f``: [] if it does not fit there."""
        k = self.kinds[card]
        cards = self.cards[f]
        if not cards:
            return [TOP]
        marks = self.marks
        if marks.on_top[cards[-1]] is None and marks.anywhere.isdisjoint(cards):
            effects: set[str] = set()  # no special bean works in the field (most fields)
            if not k.effect and not self.swallow_all:
                # a plain card on a field no special bean works in: its variety or nothing
                return [TOP] if k.variety == self.varieties[f] else []
        else:
            effects = self.effects(f)  # once: every rule below reads them
        top = self.kinds[cards[-1]]
        if k.effect == SAUFKUMPAN:
            plain = "blue" in self.accepts(f, effects)
        elif k.effect == KOTZBROCKEN:
            plain = True
        else:
            plain = k.variety in self.accepts(f, effects)
        slide = k.effect == KAVALIER and top.is_lady
        under = self.goes_under(f, card, effects)
        out = []
        if plain:
            out.append(BOTTOM if under else TOP)
        if slide and not under:
            out.append(UNDER)
        elif slide and BOTTOM not in out:
            out.append(BOTTOM)
        if EINSIEDLER in effects:
            out = [w for w in out if w == BOTTOM]  # nothing on him; the bottom is allowed
        return out

    def fits(self, card: int, existing_only: bool = False) -> list[tuple[int, str]]:
        """Every (field, placement) ``card`` may go to. Asked for every card a player may
        plant after most actions: an empty field, and a plain card on a field no special bean
        works in (most fields), are answered here without ``placements``."""
        k = self.kinds[card]
        plain = not k.effect and not self.swallow_all
        marks, hidden = self.marks, self.hidden
        out: list[tuple[int, str]] = []
        for f, cards in enumerate(self.cards):
            if f == hidden:
                continue
            if not cards:
                if not existing_only:
                    out.append((f, TOP))
            elif plain and marks.on_top[cards[-1]] is None and marks.anywhere.isdisjoint(cards):
                if k.variety == self.varieties[f]:  # its variety or nothing (as placements)
                    out.append((f, TOP))
            else:
                out += [(f, w) for w in self.placements(f, card)]
        return out

    def fits_existing(self, card: int) -> bool:
        return bool(self.fits(card, existing_only=True))

    # -- moving up -----------------------------------------------------------------------------

    def limit(self, f: int) -> int:
        """The highest position a card may move to: the top, or under an Einsiedler on top."""
        top = len(self.cards[f]) - 1
        return top - 1 if EINSIEDLER in self.effects(f) else top

    def move_up(self, f: int, i: int, places: int) -> int:
        """Card ``i`` of field ``f`` moves up ``places`` (or as far as it may); its new place."""
        cards = self.cards[f]
        to = max(i, min(i + places, self.limit(f)))
        if to != i:
            cards.insert(to, cards.pop(i))
        return to

    def pull_options(self, f: int, index: int) -> list[int]:
        """After planting the card at ``index`` on top: the Ladys (for a Baby) or Babys (for a
        Lady) of the same field that may move up 2 places."""
        cards = self.cards[f]
        if index != len(cards) - 1:
            return []  # put under (or slid under a Lady): pulls nothing up
        planted = self.kinds[cards[index]]
        if planted.sex == BABY:
            wanted = LADY
        elif planted.sex == LADY:
            wanted = BABY
        else:
            return []
        effects = self.effects(f)  # once, for ``group`` and ``limit``
        group: set[str] = set()
        for effect in effects:
            group.update(WIDENS.get(effect, ()))
        limit = len(cards) - 2 if EINSIEDLER in effects else len(cards) - 1
        out = []
        for i, c in enumerate(cards[:index]):
            k = self.kinds[c]
            same = k.variety == planted.variety or (k.variety in group and planted.variety in group)
            if k.sex == wanted and same and limit > i:
                out.append(i)
        return out

    def pull(self, f: int, i: int) -> int:
        return self.move_up(f, i, PULL)

    # -- planting ------------------------------------------------------------------------------

    def plant(self, f: int, card: int, where: str | None = None) -> Planted:
        """Plant ``card`` on field ``f`` (``where``: one of ``placements``; by default the first).
        Macho and Lichtgestalt follow at once; the optional pull is returned, not made."""
        options = self.placements(f, card)
        if not options:
            raise ValueError(f"card {card} does not fit field {f}")
        where = options[0] if where is None else where
        if where not in options:
            raise ValueError(f"card {card} cannot go {where} on field {f}")
        cards = self.cards[f]
        if not cards:
            self.varieties[f] = self.kinds[card].variety
        if where == BOTTOM:
            cards.insert(0, card)
        elif where == UNDER:
            cards.insert(len(cards) - 1, card)
        else:
            cards.append(card)
        moved = self.follow(card)
        index = cards.index(card)
        pulls = self.pull_options(f, index) if where == TOP else []
        return Planted(f, index, where, pulls, moved)

    def follow(self, planted: int) -> list[tuple[int, int, int]]:
        """Macho (after a Lady) and Lichtgestalt (after a male bean) move up 1, wherever they
        lie in the owner's fields (not after their own planting)."""
        sex = self.kinds[planted].sex
        effect = MACHO if sex == LADY else LICHTGESTALT if sex == MALE else None
        moved: list[tuple[int, int, int]] = []
        followers = self.marks.by_effect.get(effect, _NONE) if effect is not None else _NONE
        if not followers:
            return moved  # (a deck without him, or nobody follows this card)
        for f, cards in enumerate(self.cards):
            if followers.isdisjoint(cards):
                continue
            for c in [c for c in cards if c != planted and c in followers]:
                i = cards.index(c)
                to = self.move_up(f, i, FOLLOW)
                if to != i:
                    moved.append((f, i, to))
        return moved

    # -- harvest -------------------------------------------------------------------------------

    def may_harvest(self, f: int) -> bool:
        """The one-bean rule: a field of one card only if no other field holds two or more."""
        if not self.cards[f]:
            return False
        if len(self.cards[f]) == 1:
            return all(len(g) <= 1 for i, g in enumerate(self.cards) if i != f)
        return True

    def payout(self, f: int) -> int:
        """Coins field ``f`` is worth by its top card (k counts every card)."""
        cards = self.cards[f]
        if not cards or KOTZBROCKEN in self.effects(f):
            return 0
        return payout(self.kinds[cards[-1]].beanometer, len(cards))

    def harvest(self, f: int, discard: Sequence[int]) -> Harvest:
        """What harvesting field ``f`` gives, with ``discard`` the pile as it is now (bottom
        first); the field is emptied, the caller moves the cards."""
        cards = self.cards[f]
        n = min(self.payout(f), len(cards))
        top = self.kinds[cards[-1]]
        self.cards[f] = []
        self.varieties[f] = None
        if top.pays == DISCARD_BOTTOM:
            paid = list(discard[: min(n, len(discard))])
            return Harvest(paid, list(cards), from_discard=True, owed=n - len(paid))
        return Harvest(cards[len(cards) - n :] if n else [], cards[: len(cards) - n])


__all__ = [
    "BOTTOM",
    "TOP",
    "UNDER",
    "Beds",
    "Harvest",
    "Planted",
]
