"""Bean cards from data files: varieties, sexes, counts and beanometers.

Every physical card gets an id (its index in the deck table), because the bean games need
identity: a hand is an ordered row, a field an ordered stack, coins are face-down cards, and in
Ladybohn a traded Blue may be a male or a Lady. A card's kind is (variety, sex); its beanometer
comes from the data file, each entry marked ``sheet``, ``verified`` or ``reconstructed`` so a
table that owns the real cards can replace a guess.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cached_property
from itertools import pairwise
from pathlib import Path
from typing import Any

from ...core import OptionError

STATUSES = ("sheet", "verified", "reconstructed")
_KNOWN = {"id", "de", "en", "classic", "male", "beanometer", "status"} | {
    f"lady{suffix}" for suffix in ("", "_beanometer", "_status")
}
MALE, LADY = "male", "lady"


@dataclass(frozen=True)
class Variety:
    id: str
    de: str
    en: str
    counts: dict[str, int]  # per sex
    beanometers: dict[str, tuple[int, ...]]  # per sex: beans for 1, 2, 3, 4 coins (0: none)
    status: dict[str, str]  # per sex
    classic: bool = False
    flags: tuple[tuple[str, Any], ...] = ()  # a game's own marks, e.g. two_player = false

    def flag(self, name: str, default: Any = None) -> Any:
        return dict(self.flags).get(name, default)


@dataclass(frozen=True)
class CardKind:
    """What a card is; every card of a kind is interchangeable."""

    variety: str
    sex: str
    beanometer: tuple[int, ...]

    @property
    def name(self) -> str:
        return self.variety if self.sex == MALE else f"{self.variety}-{self.sex}"


def payout(beanometer: tuple[int, ...], beans: int) -> int:
    """Coins a field of ``beans`` cards pays: the highest tier whose threshold it reaches."""
    coins = 0
    for tier, need in enumerate(beanometer, start=1):
        if need and beans >= need:
            coins = tier
    return coins


def _beanometer(value: Any, where: str) -> tuple[int, ...]:
    if (
        not isinstance(value, list)
        or not 0 <= len(value) <= 4
        or not all(isinstance(x, int) and x >= 0 for x in value)
    ):
        raise OptionError(f"{where}: a beanometer is a list of up to 4 bean counts (0 = none)")
    tiers = [x for x in value if x]
    if any(b <= a for a, b in pairwise(tiers)):
        raise OptionError(f"{where}: beanometer thresholds must strictly increase, not {value}")
    return tuple(value)


def parse_varieties(text: str, source: str, flags: tuple[str, ...] = ()) -> list[Variety]:
    """Varieties from a card file; ``flags``: the extra keys a game reads (e.g. two_player).
    Any other key is refused: a misspelt ``mael = 12`` must not become a variety of no cards."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise OptionError(f"{source}: not a TOML file ({err})") from None
    stray = sorted(set(data) - {"variety"})
    if stray:
        raise OptionError(
            f"{source}: unknown key(s) {', '.join(stray)}; a card file holds [[variety]] entries"
        )
    out = []
    for i, entry in enumerate(data.get("variety", [])):
        where = f"{source}, variety {entry.get('id', i)!r}"
        unknown = sorted(set(entry) - _KNOWN - set(flags))
        if unknown:
            raise OptionError(
                f"{where}: unknown key(s) {', '.join(unknown)}; known: "
                f"{', '.join(sorted(_KNOWN | set(flags)))}"
            )
        try:
            counts, meters, status = {}, {}, {}
            for sex in (MALE, LADY):
                if sex not in entry:
                    continue
                count = entry[sex]
                if not isinstance(count, int) or count < 0:
                    raise OptionError(f"{where}: the count of {sex} cards is a whole number")
                counts[sex] = count
                key = "beanometer" if sex == MALE else f"{sex}_beanometer"
                if count or key in entry:
                    meters[sex] = _beanometer(entry[key], where)
                mark = entry.get("status" if sex == MALE else f"{sex}_status", "reconstructed")
                if mark not in STATUSES:
                    raise OptionError(f"{where}: status is one of {', '.join(STATUSES)}")
                status[sex] = mark
            out.append(
                Variety(
                    id=str(entry["id"]),
                    de=str(entry.get("de", entry["id"])),
                    en=str(entry.get("en", entry["id"])),
                    counts=counts,
                    beanometers=meters,
                    status=status,
                    classic=bool(entry.get("classic", False)),
                    flags=tuple(sorted((k, v) for k, v in entry.items() if k not in _KNOWN)),
                )
            )
        except KeyError as err:
            raise OptionError(f"{where}: needs {err.args[0]!r}") from None
    if not out:
        raise OptionError(f"{source}: no [[variety]] entries")
    return out


def load_varieties(
    package: str, name: str = "cards.toml", path: str = "", flags: tuple[str, ...] = ()
) -> list[Variety]:
    """A game's card file, or the file at ``path`` when a table loads its own."""
    if path:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as err:
            raise OptionError(f"cannot read the card file {path}: {err.strerror}") from None
        return parse_varieties(text, path, flags)
    from importlib import resources

    text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    return parse_varieties(text, f"{name} (built in)", flags)


@dataclass(frozen=True)
class Deck:
    """The cards of one game set-up: ``kinds[id]`` for every card id."""

    varieties: tuple[Variety, ...]
    kinds: tuple[CardKind, ...]

    @classmethod
    def build(cls, varieties: list[Variety]) -> Deck:
        kinds = []
        for v in varieties:
            for sex, count in v.counts.items():
                kind = CardKind(v.id, sex, v.beanometers.get(sex, ()))
                kinds += [kind] * count
        return cls(tuple(varieties), tuple(kinds))

    @property
    def size(self) -> int:
        return len(self.kinds)

    def variety(self, card: int) -> str:
        return self.kinds[card].variety

    # The hot paths (listing moves, events) ask a card's variety or name many times a move:
    # tables by card id answer with one index instead of an attribute chain through its kind.

    @cached_property
    def variety_of(self) -> tuple[str, ...]:
        """Every card's variety, by card id."""
        return tuple(k.variety for k in self.kinds)

    @cached_property
    def name_of(self) -> tuple[str, ...]:
        """Every card's kind name (``blue``, ``blue-lady``), by card id."""
        return tuple(k.name for k in self.kinds)

    def names(self) -> dict[str, Variety]:
        return {v.id: v for v in self.varieties}
