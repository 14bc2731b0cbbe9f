"""Small word helpers the terminal screens share: lists in words, counts, and the tokens a person
types for players and numbers."""

from __future__ import annotations

import re
from typing import Any


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
