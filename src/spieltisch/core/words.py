"""Words: what a game says, in German and English, kept in one data file beside the game.

A game's ``words.toml`` holds one table per language (``[en]``, ``[de]``) of templates under
dotted keys (``"m.ev.move" = "{0} sows pit {1} {2}: {3}"``), and may name the catalogs it builds
on (``extends = [package, ...]``). A game's ``words.py`` makes its sentences: an action or an
event becomes a key and its arguments (a :class:`Said`, through ``Game.said_action`` and
``Game.said_event``), and whoever shows it (the terminal, the browser's log, a replay) renders
it in its reader's language. The browser gets the same catalogs as JSON (``GET /api/words``)
and the sentences with the events, and renders them with the same small template grammar, so
a label is built once, in Python, of words written once, in the data file.

Why TOML and not gettext/Babel: the project keeps all its data in TOML already, a TOML file per
game needs no new dependency or build step (no ``.mo`` compilation), and the browser needs the
catalog as JSON anyway, which TOML maps onto one to one. Keys rather than English source
strings as message ids, because the English text of a reason is the engine's ``str()`` and may
be reworded without breaking the German.

The grammar, the same in Python and in the browser (``static/js/i18n.js``):

- ``{0}``, ``{1}``...: the arguments in order;
- ``{0:one|other}``: a count; ``one`` when the argument is 1, else ``other``; ``#`` inside is
  the number (``"{0:1 bean|# beans}"``).

An argument is a plain value, another :class:`Said` (rendered in the same language first), a
:class:`Seat` (a player, named by the host: "Player 3", a person's name), a :class:`Named` (a
name other data gives per language), a :class:`Seq` (several joined by a separator) or a list
(joined "a, b and c" in the language).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from importlib import resources
from typing import Any

LANGS = ("en", "de")

# Language-level words every catalog falls back on: no game owns them.
_BASE: dict[str, dict[str, str]] = {
    "en": {
        "player": "Player {0}",
        "referee": "referee",
        "and": "and",
        "or": "or",
        "yes": "yes",
        "action.json": "{0}",
        "no": "no",
        # the core's own reasons (core/game.py's validate); the English is the engine's str()
        "core.over": "the game is over; no more actions are taken",
        "core.notturn": "it is not {0}'s turn to act ({1} may act)",
        "core.notlegal": "{0} is not a legal action for {1} now",
        "core.nobody": "nobody",
        "core.noseat": "{0} is not a seat: a player is a whole number",
    },
    "de": {
        "player": "Spieler {0}",
        "referee": "Schiedsrichter",
        "and": "und",
        "or": "oder",
        "yes": "ja",
        "action.json": "{0}",
        "no": "nein",
        "core.over": "das Spiel ist vorbei; es wird nichts mehr angenommen",
        "core.notturn": "{0} ist nicht dran ({1} darf handeln)",
        "core.notlegal": "{0} darf {1} jetzt nicht",
        "core.nobody": "niemand",
        "core.noseat": "{0} ist kein Platz: ein Spieler ist eine ganze Zahl",
    },
}

_SLOT = re.compile(r"\{(\d+)(?::([^{}|]*)\|([^{}]*))?\}")


class Seat:
    """A player as an argument: the host names it (0-based seat; people count from 1)."""

    __slots__ = ("player",)

    def __init__(self, player: int) -> None:
        self.player = player

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.player}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Seat) and other.player == self.player

    def __hash__(self) -> int:
        return hash(("seat", self.player))

    def __repr__(self) -> str:
        return f"Seat({self.player})"


class Named:
    """A name that a game's other data gives in each language (a bean variety's "Blue Bean" /
    "Blaue Bohne" from its card file, which a table may load from a file of its own)."""

    __slots__ = ("names",)

    def __init__(self, names: Mapping[str, str]) -> None:
        self.names = dict(names)

    def to_json(self) -> dict[str, Any]:
        return {"names": dict(self.names)}

    def say(self, lang: str) -> str:
        return self.names.get(lang) or self.names.get("en") or next(iter(self.names.values()), "")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Named) and other.names == self.names

    def __hash__(self) -> int:
        return hash(tuple(sorted(self.names.items())))

    def __repr__(self) -> str:
        return f"Named({self.names!r})"


class Seq:
    """Several arguments shown as one, joined by ``sep`` (cards in a row: ``"3 3 Joker"``)."""

    __slots__ = ("items", "sep")

    def __init__(self, items: Iterable[Any], sep: str = " ") -> None:
        self.items = tuple(items)
        self.sep = sep

    def to_json(self) -> dict[str, Any]:
        return {"seq": [_arg_json(a) for a in self.items], "sep": self.sep}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Seq) and (self.items, self.sep) == (other.items, other.sep)

    def __hash__(self) -> int:
        return hash((self.items, self.sep))

    def __repr__(self) -> str:
        return f"Seq({self.items!r}, {self.sep!r})"


class Said:
    """A sentence not yet put into words: a catalog key and its arguments."""

    __slots__ = ("args", "key")

    def __init__(self, key: str, *args: Any) -> None:
        self.key = key
        self.args = args

    def to_json(self) -> dict[str, Any]:
        """``{"key": ..., "args": [...]}``; nested sentences alike, seats as ``{"seat": p}``."""
        return {"key": self.key, "args": [_arg_json(a) for a in self.args]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Said:
        return cls(data["key"], *(_arg_from_json(a) for a in data.get("args", ())))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Said) and (self.key, self.args) == (other.key, other.args)

    def __hash__(self) -> int:
        return hash((self.key, self.args))

    def __repr__(self) -> str:
        return f"Said({self.key!r}{''.join(', ' + repr(a) for a in self.args)})"


def _arg_json(a: Any) -> Any:
    if isinstance(a, (Said, Seat, Seq, Named)):
        return a.to_json()
    if isinstance(a, (list, tuple)):
        return [_arg_json(x) for x in a]
    return a


def _arg_from_json(a: Any) -> Any:
    if isinstance(a, dict) and "key" in a:
        return Said.from_json(a)
    if isinstance(a, dict) and "seat" in a:
        return Seat(a["seat"])
    if isinstance(a, dict) and "names" in a:
        return Named(a["names"])
    if isinstance(a, dict) and "seq" in a:
        return Seq((_arg_from_json(x) for x in a["seq"]), a.get("sep", " "))
    if isinstance(a, list):
        return tuple(_arg_from_json(x) for x in a)
    return a


class Words:
    """A catalog: each language's templates, and the catalogs it falls back on.

    A key missing in German falls back to English, a key missing in this catalog to its
    ``parents`` (the bean games build on Bohnanza's words), and a missing key renders as itself
    so a forgotten word shows up instead of crashing a host.
    """

    def __init__(
        self,
        entries: Mapping[str, Mapping[str, str]],
        parents: Iterable[Words] = (),
    ) -> None:
        unknown = set(entries) - set(LANGS)
        if unknown:
            raise ValueError(f"unknown languages in a words catalog: {sorted(unknown)}")
        self.entries = {lang: dict(entries.get(lang, {})) for lang in LANGS}
        self.parents = tuple(parents)

    @classmethod
    def load(cls, package: str, parents: Iterable[Words] = (), name: str = "words.toml") -> Words:
        """The catalog ``name`` in ``package`` (a dotted package name)."""
        return _load(package, name, tuple(parents))

    def lookup(self, lang: str, key: str) -> str | None:
        """The template of ``key`` in ``lang`` (then English, then the parents), else None."""
        for code in (lang, "en") if lang != "en" else ("en",):
            found = self._find(code, key)
            if found is not None:
                return found
        return None

    def _find(self, lang: str, key: str) -> str | None:
        own = self.entries.get(lang, {}).get(key)
        if own is not None:
            return own
        for parent in self.parents:
            found = parent._find(lang, key)
            if found is not None:
                return found
        return _BASE.get(lang, {}).get(key)

    def has(self, key: str) -> bool:
        return self.lookup("en", key) is not None

    def say(
        self,
        lang: str,
        what: Said | str,
        *args: Any,
        seat: Callable[[int], str] | None = None,
    ) -> str:
        """``what`` (a :class:`Said`, or a key with ``args``) in ``lang``.

        ``seat`` names a player; by default "Player 3" / "Spieler 3" (seats count from 1).
        """
        if isinstance(what, Said):
            key, args = what.key, what.args
        else:
            key = what
        template = self.lookup(lang, key)
        if template is None:
            return key
        shown = [self._arg(lang, a, seat) for a in args]
        return fill(template, shown, args)

    def _arg(self, lang: str, a: Any, seat: Callable[[int], str] | None) -> str:
        if isinstance(a, Said):
            return self.say(lang, a, seat=seat)
        if isinstance(a, Seat):
            return seat(a.player) if seat else self.say(lang, "player", a.player + 1)
        if isinstance(a, Named):
            return a.say(lang)
        if isinstance(a, Seq):
            return a.sep.join(self._arg(lang, x, seat) for x in a.items)
        if isinstance(a, (list, tuple)):
            return self.join(lang, [self._arg(lang, x, seat) for x in a])
        if isinstance(a, bool):
            return self.say(lang, "yes" if a else "no")
        return str(a)

    def join(self, lang: str, items: list[str], word: str = "and") -> str:
        """``a, b and c`` in ``lang``."""
        if len(items) <= 1:
            return "".join(items)
        return f"{', '.join(items[:-1])} {self.say(lang, word)} {items[-1]}"

    def to_json(self) -> dict[str, dict[str, str]]:
        """Every key this catalog knows (parents' and base words included), per language."""
        out: dict[str, dict[str, str]] = {lang: dict(_BASE[lang]) for lang in LANGS}
        for parent in self.parents:
            for lang, entries in parent.to_json().items():
                out[lang].update(entries)
        for lang in LANGS:
            out[lang].update(self.entries[lang])
        return out


def fill(template: str, shown: list[str], raw: tuple[Any, ...] | list[Any]) -> str:
    """Fill ``{0}`` with ``shown[0]``; ``{0:one|other}`` chooses by the raw count ``raw[0]``."""

    def slot(m: re.Match[str]) -> str:
        i = int(m.group(1))
        if i >= len(shown):
            return m.group(0)
        if m.group(2) is None:
            return shown[i]
        count = raw[i]
        form = m.group(2) if count == 1 else m.group(3)
        return form.replace("#", str(count))

    return _SLOT.sub(slot, template)


@cache
def _load(package: str, name: str, parents: tuple[Words, ...]) -> Words:
    text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    data = tomllib.loads(text)
    # a catalog may build on others: ``extends = ["spieltisch.games.bohnanza"]`` at its top
    extends = tuple(Words.load(p) for p in data.pop("extends", ()))
    return Words(data, parents + extends)


def lang_from_env(environ: Mapping[str, str]) -> str:
    """The language a terminal asks for: ``de`` when ``LANGUAGE``/``LC_ALL``/``LANG`` say German."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if value:
            return "de" if value.lower().startswith("de") else "en"
    return "en"
