"""What the terminal's log shows a seat of one event, for the games' terminal tests."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console

from spieltisch.core import Event, Game
from spieltisch.tui.play import ScreenTable


def logged(game: Game, seats: int, data: dict[str, Any], viewer: int | None = None) -> str | None:
    """The log line ``viewer`` sees of the event ``data`` (``ScreenTable.event_lines``: the
    game's own words, in English; a private event only for its player), or None."""
    data = dict(data)
    kind, seen = data.pop("type"), data.pop("visible_to", None)
    event = Event(kind, data, visible_to=None if seen is None else frozenset(seen))
    host = ScreenTable(game, ["human"] * seats, 0, Console(file=io.StringIO()))
    lines = host.event_lines([event], host.state.view(viewer), viewer)
    return lines[0] if lines else None
