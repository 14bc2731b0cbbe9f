"""Errors a caller can act on. Each carries a sentence a person understands."""

from __future__ import annotations

from typing import Any

from .words import Said


class SpieltischError(Exception):
    """Base of every error spieltisch raises on purpose."""


class IllegalAction(SpieltischError):
    """An action that the rules do not allow now. Raised before the state changes.

    ``str()`` is the English reason, as always. A rule may also name the reason's key in its
    game's words catalog and its arguments (``IllegalAction("pit 3 is empty", key="r.pit.empty",
    args=(3,))``), so a host can say it in its reader's language; ``said`` is then that sentence
    (a :class:`~spieltisch.core.words.Said`), else None.
    """

    def __init__(self, reason: str = "", *, key: str | None = None, args: tuple[Any, ...] = ()):
        super().__init__(reason)
        self.key = key
        self.args_said = tuple(args)

    @property
    def said(self) -> Said | None:
        if self.key is None:
            return None
        return Said(self.key, *self.args_said)


class OptionError(SpieltischError):
    """An unknown option, or a value that does not fit the option's declaration."""


class RecordError(SpieltischError):
    """A record or position that cannot be read."""
