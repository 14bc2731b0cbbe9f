"""Mutterböhnchen's cards from its data file (``cards.toml``): males, Ladys (the Garden Lady
among them), Babys with 1 and 2 rattles, and the 24 special beans (Mutterböhnchen).

Every number carries its source (``sheet``, ``verified``, ``reconstructed``, ``printed``), so a
table that owns the real cards can load them (option ``cards``) and ``spieltisch rules`` can say
what is a guess. The loader refuses what it does not know: a misspelt key, a missing status, an
unknown effect id.

A card's kind (``Kind``) is Bohnanza's ``CardKind`` with what this game adds: the rattles of a
Baby, the special bean's id, class and effect id, and where a Lady's coins come from.
Kind names, as views and events show them: ``blue`` (a male), ``blue-lady``, ``blue-baby``
(1 rattle), ``blue-baby2`` (2 rattles), and a special bean's id (``kotzbrocken``).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from ...core import OptionError
from ..beans.cards import LADY, MALE, CardKind, Deck, Variety, _beanometer

BABY = "baby"
STATUSES = ("sheet", "verified", "reconstructed", "printed")
CLASSES = ("M", "T", "R")  # M: on top only; T: anywhere in a field; R: among turned-up cards
FIELD, DISCARD_BOTTOM = "field", "discard_bottom"  # where a Lady's coins come from

# every effect the engine knows, by the rulings' table (one per special bean)
EFFECTS = (
    "play_rearmost_too",  # Arbeitstier
    "draw_one_fewer",  # Faulpelz
    "attack_draws_one_more",  # Wühler
    "discard_other_tops",  # Choleriker
    "free_for_all_when_turned_up",  # Flitzer
    "draw_after_each_active",  # Warmduscher
    "must_accept_gifts",  # Prügelknabe
    "forced_harvest",  # Loser
    "second_card_any",  # Hampelmann
    "take_turned_up_soy",  # Aktivist
    "nothing_above",  # Einsiedler
    "lady_to_top",  # Frauenversteher
    "foist_anywhere_pays_nothing",  # Kotzbrocken
    "field_accepts_green_and_blue",  # Saufkumpan
    "plant_at_bottom",  # Schluckspecht
    "ladies_to_bottom",  # Chauvischwein
    "draw_opponent_taler",  # Kameradenschwein
    "no_gifts",  # Messie
    "ladies_to_bottom_when_played",  # Junggeselle
    "up_on_male_planted",  # Lichtgestalt
    "lady_from_discard",  # Schürzenjäger
    "under_a_lady",  # Kavalier
    "up_on_lady_planted",  # Macho
    "field_accepts_chili_and_blue",  # Pistolenheld
)

# (count key, its status key, beanometer key, its status key) per kind of plain card
_COUNTS = {
    "male": ("male", "male_status", "beanometer", "beanometer_status"),
    "lady": ("lady", "lady_status", "lady_beanometer", "lady_beanometer_status"),
    "baby": ("baby", "baby_status", None, None),
    "baby2": ("baby2", "baby2_status", None, None),
}
_VARIETY_KEYS = {"id", "de", "en", "lady_pays", "lady_pays_status"} | {
    k for keys in _COUNTS.values() for k in keys if k
}
_SPECIAL_KEYS = {
    "id", "name", "variety", "class", "effect", "status", "confidence", "text", "beanometer",
}  # fmt: skip


@dataclass(frozen=True)
class Kind(CardKind):
    """What a card is. ``sex`` is ``male`` (special beans too), ``lady`` or ``baby``."""

    rattles: int = 0  # a Baby's rattles: the Bohnentaler it draws in a Rasselbande attack
    special: str = ""  # a Mutterböhnchen's id ("" for the plain cards)
    klass: str = ""  # a Mutterböhnchen's class: M, T or R
    effect: str = ""  # a Mutterböhnchen's effect id
    pays: str = FIELD  # where the coins of a harvest topped by this card come from
    core: bool = True  # one of the 136 cards of the 2007 core (else one of the 32 of sheet 000)

    @cached_property
    def name(self) -> str:  # type: ignore[override]
        if self.special:
            return self.special
        if self.sex == BABY:
            return f"{self.variety}-baby" + ("2" if self.rattles == 2 else "")
        return super().name

    @property
    def is_male(self) -> bool:
        return self.sex == MALE

    @property
    def is_lady(self) -> bool:
        return self.sex == LADY

    @property
    def is_baby(self) -> bool:
        return self.sex == BABY


@dataclass(frozen=True)
class Special:
    id: str
    name: str
    variety: str
    klass: str
    effect: str
    status: str
    text: str
    confidence: str = ""
    beanometer: tuple[int, ...] | None = None  # None: the variety's male beanometer


@dataclass(frozen=True)
class CardSet:
    """A card file read and checked: the varieties (with Bohnanza's ``Variety`` for the views),
    the special beans, and every number's source."""

    varieties: tuple[Variety, ...]
    babies: dict[str, dict[int, int]]  # variety -> rattles -> count
    lady_pays: dict[str, str]  # variety -> where its Lady's coins come from
    specials: tuple[Special, ...]
    sources: tuple[tuple[str, str], ...]  # (what, status) for every number of the file

    def deck(self) -> Deck:
        """Every card gets an id: per variety its males, Ladys, 1-rattle and 2-rattle Babys,
        then the special beans in the file's order."""
        kinds: list[Kind] = []
        meters = {v.id: v.beanometers for v in self.varieties}
        for v in self.varieties:
            male = v.beanometers.get(MALE, ())
            kinds += [Kind(v.id, MALE, male)] * v.counts.get(MALE, 0)
            pays = self.lady_pays.get(v.id, FIELD)
            lady = v.beanometers.get(LADY, ())
            kinds += [Kind(v.id, LADY, lady, pays=pays)] * v.counts.get(LADY, 0)
            for rattles, k in sorted(self.babies[v.id].items()):
                kinds += [Kind(v.id, BABY, (), rattles=rattles, core=rattles == 1)] * k
        for s in self.specials:
            meter = s.beanometer if s.beanometer is not None else meters[s.variety].get(MALE, ())
            kinds.append(
                Kind(s.variety, MALE, meter, special=s.id, klass=s.klass, effect=s.effect,
                     core=False)
            )  # fmt: skip
        return Deck(self.varieties, tuple(kinds))

    def reconstructed(self) -> list[str]:
        """What the file marks as reconstructed, one line each."""
        return [what for what, status in self.sources if status == "reconstructed"]

    def reconstructed_summary(self) -> list[str]:
        """The same, grouped: one line per number of a variety ("male beanometer: blue, chili,
        ..."), one for the special beans' texts."""
        varieties = {v.id for v in self.varieties}
        specials = {f"{s.name} ({s.effect})": s.name for s in self.specials}
        groups: dict[str, list[str]] = {}
        for what in self.reconstructed():
            if what in specials:
                groups.setdefault("special bean texts and effects", []).append(specials[what])
                continue
            variety, _, rest = what.partition(" ")
            if variety in varieties:
                groups.setdefault(rest, []).append(variety)
            else:
                groups.setdefault(what, [])
        label = {"baby count": "1-rattle Baby count", "baby2 count": "2-rattle Baby count"}
        return [f"{label.get(k, k)}: {', '.join(v)}" if v else k for k, v in groups.items()]


def _status(entry: dict[str, Any], key: str, where: str, sources: list, what: str) -> str:
    if key not in entry:
        raise OptionError(f"{where}: needs {key!r} (one of {', '.join(STATUSES)})")
    mark = entry[key]
    if mark not in STATUSES:
        raise OptionError(f"{where}: {key} is one of {', '.join(STATUSES)}, not {mark!r}")
    sources.append((what, mark))
    return mark


def _variety(entry: Any, i: int, source: str, sources: list) -> tuple[Variety, dict, str]:
    if not isinstance(entry, dict):
        raise OptionError(f"{source}: a [[variety]] entry is a table")
    where = f"{source}, variety {entry.get('id', i)!r}"
    unknown = sorted(set(entry) - _VARIETY_KEYS)
    if unknown:
        known = ", ".join(sorted(_VARIETY_KEYS))
        raise OptionError(f"{where}: unknown key(s) {', '.join(unknown)}; known: {known}")
    if not isinstance(entry.get("id"), str) or not entry["id"]:
        raise OptionError(f"{where}: needs an 'id'")
    vid = entry["id"]
    counts: dict[str, int] = {}
    meters: dict[str, tuple[int, ...]] = {}
    status: dict[str, str] = {}
    babies: dict[int, int] = {}
    for kind, (count_key, count_status, meter_key, meter_status) in _COUNTS.items():
        count = entry.get(count_key, 0)
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise OptionError(f"{where}: {count_key} is a whole number of cards")
        if count_key in entry:
            status[kind] = _status(entry, count_status, where, sources, f"{vid} {kind} count")
        elif count_status in entry:
            raise OptionError(f"{where}: {count_status} without {count_key}")
        if kind.startswith("baby"):
            babies[2 if kind == "baby2" else 1] = count
            continue
        counts[kind] = count
        if meter_key in entry:
            meters[kind] = _beanometer(entry[meter_key], f"{where}, {meter_key}")
            _status(entry, meter_status, where, sources, f"{vid} {kind} beanometer")
        elif count:
            raise OptionError(f"{where}: {count} {kind} cards need a {meter_key}")
        elif meter_status in entry:
            raise OptionError(f"{where}: {meter_status} without {meter_key}")
    pays = entry.get("lady_pays", FIELD)
    if pays not in (FIELD, DISCARD_BOTTOM):
        raise OptionError(f"{where}: lady_pays is {FIELD!r} or {DISCARD_BOTTOM!r}, not {pays!r}")
    if "lady_pays" in entry:
        _status(entry, "lady_pays_status", where, sources, f"{vid} Lady paid from {pays}")
    elif "lady_pays_status" in entry:
        raise OptionError(f"{where}: lady_pays_status without lady_pays")
    variety = Variety(
        id=vid,
        de=str(entry.get("de", vid)),
        en=str(entry.get("en", vid)),
        counts=counts,
        beanometers=meters,
        status=status,
    )
    return variety, babies, pays


def _special(entry: Any, i: int, source: str, meters: dict, sources: list) -> Special:
    if not isinstance(entry, dict):
        raise OptionError(f"{source}: a [[special]] entry is a table")
    where = f"{source}, special {entry.get('id', i)!r}"
    unknown = sorted(set(entry) - _SPECIAL_KEYS)
    if unknown:
        known = ", ".join(sorted(_SPECIAL_KEYS))
        raise OptionError(f"{where}: unknown key(s) {', '.join(unknown)}; known: {known}")
    for key in ("id", "name", "variety", "class", "effect", "text"):
        if not isinstance(entry.get(key), str) or not entry[key]:
            raise OptionError(f"{where}: needs {key!r}")
    if entry["variety"] not in meters:
        raise OptionError(f"{where}: there is no variety {entry['variety']!r}")
    if entry["class"] not in CLASSES:
        raise OptionError(f"{where}: class is one of {', '.join(CLASSES)}")
    if entry["effect"] not in EFFECTS:
        raise OptionError(f"{where}: unknown effect {entry['effect']!r}")
    if entry.get("confidence", "") not in ("", "low"):
        raise OptionError(f"{where}: confidence is 'low' or left out")
    meter: tuple[int, ...] | None = None
    if "beanometer" in entry:
        value = entry["beanometer"]
        if isinstance(value, dict):
            as_ = value.get("as")
            variety, _, sex = str(as_).partition("-")
            if set(value) != {"as"} or sex not in ("", LADY) or variety not in meters:
                raise OptionError(f"{where}: beanometer = {{ as = '<variety>-lady' }} or a list")
            known = meters[variety].get(sex or MALE)
            if known is None:
                raise OptionError(f"{where}: {as_} has no beanometer")
            meter = known
        else:
            meter = _beanometer(value, f"{where}, beanometer")
    _status(entry, "status", where, sources, f"{entry['name']} ({entry['effect']})")
    return Special(
        id=entry["id"],
        name=entry["name"],
        variety=entry["variety"],
        klass=entry["class"],
        effect=entry["effect"],
        status=entry["status"],
        text=entry["text"],
        confidence=entry.get("confidence", ""),
        beanometer=meter,
    )


def parse_cards(text: str, source: str) -> CardSet:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise OptionError(f"{source}: not a TOML file ({err})") from None
    stray = sorted(set(data) - {"variety", "special"})
    if stray:
        raise OptionError(
            f"{source}: unknown key(s) {', '.join(stray)}; a card file holds [[variety]] and "
            "[[special]] entries"
        )
    sources: list[tuple[str, str]] = []
    varieties, babies, pays = [], {}, {}
    for i, entry in enumerate(data.get("variety", [])):
        v, b, p = _variety(entry, i, source, sources)
        if v.id in babies:
            raise OptionError(f"{source}: variety {v.id!r} twice")
        varieties.append(v)
        babies[v.id] = b
        if p != FIELD:
            pays[v.id] = p
    if not varieties:
        raise OptionError(f"{source}: no [[variety]] entries")
    meters = {v.id: v.beanometers for v in varieties}
    specials = [
        _special(e, i, source, meters, sources) for i, e in enumerate(data.get("special", []))
    ]
    ids = [s.id for s in specials]
    clash = sorted({x for x in ids if ids.count(x) > 1} | (set(ids) & _plain_names(varieties)))
    if clash:
        raise OptionError(f"{source}: special id(s) used twice or as a card name: {clash}")
    return CardSet(tuple(varieties), babies, pays, tuple(specials), tuple(sources))


def _plain_names(varieties: list[Variety]) -> set[str]:
    out = set()
    for v in varieties:
        out |= {v.id, f"{v.id}-lady", f"{v.id}-baby", f"{v.id}-baby2"}
    return out


def load_cards(path: str = "") -> CardSet:
    """The built-in card file, or the file at ``path`` (a table's printed cards)."""
    if path:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as err:
            raise OptionError(f"cannot read the card file {path}: {err.strerror}") from None
        return parse_cards(text, path)
    from importlib import resources

    text = resources.files(__package__).joinpath("cards.toml").read_text(encoding="utf-8")
    return parse_cards(text, "cards.toml (built in)")


__all__ = [
    "BABY",
    "CLASSES",
    "DISCARD_BOTTOM",
    "EFFECTS",
    "FIELD",
    "LADY",
    "MALE",
    "CardSet",
    "Kind",
    "Special",
    "load_cards",
    "parse_cards",
]
