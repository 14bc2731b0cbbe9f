"""Small word helpers the terminal screens share: lists in words, counts, and the tokens a person
types for players and numbers; and the terminal's catalog (``words.toml`` here, beside the
games' own), through which a game's sentences are said in the player's language."""

from __future__ import annotations

import re
from typing import Any

from ..core.game import Game
from ..core.words import LANGS, Said, Words


class Speaker:
    """Says a game's sentences (and the terminal's own) in one language, naming seats as the
    terminal does (``player 0``: the seats a person types as ``p0``)."""

    def __init__(self, game: Game, lang: str) -> None:
        if lang not in LANGS:
            raise ValueError(f"the languages are {', '.join(LANGS)}, not {lang!r}")
        self.lang = lang
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


def or_list(items: list[str]) -> str:
    """``a, b or c``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]


def and_list(items: list[str]) -> str:
    """``a, b and c``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def plural(k: int, word: str) -> str:
    """``1 coin``, ``2 coins``."""
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
    return "you" if q == viewer else f"player {q}"
