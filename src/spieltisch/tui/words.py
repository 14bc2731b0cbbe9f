"""Small word helpers the terminal screens share: lists in words, counts, and the tokens a person
types for players and numbers; and the terminal's catalog (``words.toml`` here, beside the
games' own), through which a game's sentences are said in the player's language.

A terminal shows one table to one reader, so the screen modules say their words through
:func:`tr`, in the language of the table the screen shows now (:func:`speaking`, while the host
plays a table); without a table they speak English. The screens' own words live
in ``words.toml`` here (``tui.<game>.*``), a game's words (its phases, actions, reasons) in the
game's catalog, which the terminal's builds on: a label is never written twice."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from functools import cache
from typing import Any

from ..core.actions import Action
from ..core.game import Game
from ..core.words import LANGS, Said, Words
from ..registry import GAMES


class Speaker:
    """Says a game's sentences (and the terminal's own) in one language, naming seats as the
    terminal does (``player 0``: the seats a person types as ``p0``)."""

    def __init__(self, game: Game, lang: str) -> None:
        if lang not in LANGS:
            raise ValueError(f"the languages are {', '.join(LANGS)}, not {lang!r}")
        self.lang = lang
        self.game = game
        self.words = Words.load("spieltisch.tui", parents=(game.words(),))

    def seat(self, player: int) -> str:
        return self.words.say(self.lang, "tui.player", player)

    def own(self, key: str) -> str | None:
        """``key`` in this language if the catalogs have it in this language, else None (a
        game title or rules text: English comes from the game itself)."""
        if self.words.lookup(self.lang, key) is None:
            return None
        found = self.words.entries[self.lang].get(key) or any(
            p._find(self.lang, key) for p in self.words.parents
        )
        return self(key) if found else None

    def __call__(self, what: Said | str, *args: Any) -> str:
        return self.words.say(self.lang, what, *args, seat=self.seat)


@cache
def _every_game() -> Words:
    """The terminal's words over every game's: what a screen says with no table sat down
    (a screen module's function called on its own), in English."""
    packages = dict.fromkeys(path.rpartition(".")[0] for path, _, _ in GAMES.values())
    return Words.load("spieltisch.tui", parents=tuple(Words.load(p) for p in packages))


class _Screen:
    """The speaker (catalog, language and game) of the table this terminal shows now."""

    speaker: Speaker | None = None


@contextmanager
def speaking(speaker: Speaker) -> Iterator[None]:
    """While a table plays, the screens say their words in ``speaker``'s language, with its
    game's words beside them; afterwards as before."""
    before, _Screen.speaker = _Screen.speaker, speaker
    try:
        yield
    finally:
        _Screen.speaker = before


def game_label(view: Mapping[str, Any] | None, action: Mapping[str, Any]) -> str | None:
    """An action as the game itself names it (its buttons' and log's words), in the screen's
    language; None in English, where a screen lists what a person types instead, or when no
    game sits at the screen."""
    speaker = _Screen.speaker
    if speaker is None or speaker.lang == "en":
        return None
    game = speaker.game
    if type(game).said_action is Game.said_action:
        return None
    return tr(game.said_action(view, Action(action)))


def lang() -> str:
    """The language the screen speaks now."""
    return _Screen.speaker.lang if _Screen.speaker is not None else "en"


def tr(what: Said | str, *args: Any) -> str:
    """A terminal word (or a game's sentence) in the screen's language, seats as typed."""
    if _Screen.speaker is not None:
        return _Screen.speaker(what, *args)
    return _every_game().say("en", what, *args, seat=_seat_en)


def _seat_en(player: int) -> str:
    return _every_game().say("en", "tui.player", player)


def or_list(items: list[str]) -> str:
    """``a, b or c`` in the screen's language."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {tr('or')} " + items[-1]


def and_list(items: list[str]) -> str:
    """``a, b and c`` in the screen's language."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {tr('and')} " + items[-1]


def plural(k: int, word: str) -> str:
    """``1 coin``, ``2 coins``; in German the catalog's count word (``tui.n.<word>``) where it
    has one."""
    key = f"tui.n.{word}"
    if _every_game().lookup("en", key) is not None:
        return tr(key, k)
    return f"{k} {word}" if k == 1 else f"{k} {word}s"


def player_token(token: str) -> int | None:
    """The seat a token names (``p2``; the parsers rewrite ``player 2`` to it), else None."""
    m = re.fullmatch(r"p(\d+)", token)
    return int(m.group(1)) if m else None


def number_token(token: str) -> int | None:
    """The number a token names (``3``, ``#3``), else None."""
    t = token.lstrip("#")
    return int(t) if t.isdigit() else None


def hidden_from(event: dict[str, Any], viewer: int | None) -> bool:
    """Whether ``viewer`` may not see a private event."""
    seen = event.get("visible_to")
    return seen is not None and viewer not in seen


def you_or_player(q: Any, viewer: int | None) -> str:
    """``you`` for the viewer, ``player 2`` for another seat."""
    return tr("tui.you") if q == viewer else tr("tui.player", q)
