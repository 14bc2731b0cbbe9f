"""The mancala board in a terminal, and what a person types for a move."""

from __future__ import annotations

import re
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..core import Action
from ..registry import load_game
from .words import Speaker, tr

SPEAKS = True  # render takes the table's Speaker: its words come from the game's catalog


def render(
    view: dict[str, Any], console: Console, names: list[str], say: Speaker | None = None
) -> None:
    say = say or _ENGLISH
    pits, stores = view["pits"], view["stores"]
    n = len(pits) // 2
    phase = view["phase"]
    head = f"{say('m.round', view['round'], view['rounds'])} · {say('m.board', n)}"
    if phase == "play":
        head += " · " + say("m.tomove", names[view["to_move"]])
    elif phase == "arrange":
        head += " · " + say("m.arranges", names[view["arranger"]])
    table = Table(show_header=False, box=None, padding=(0, 1))
    table.add_column(justify="right")
    for _ in range(n):
        table.add_column(justify="center")
    table.add_column(justify="left")
    top = [2 * n - 1 - j for j in range(n)]  # player 1's row, facing player 0's pits
    table.add_row("", *[Text(str(i), style="dim") for i in top], "")
    table.add_row(
        Text(f"{names[1]}", style="bold magenta"),
        *[_pit(pits[i]) for i in top],
        "",
    )
    table.add_row(
        Text(f"{say('m.store')} {stores[1]}", style="magenta"),
        *[""] * n,
        Text(f"{say('m.store')} {stores[0]}", style="cyan"),
    )
    table.add_row(Text(f"{names[0]}", style="bold cyan"), *[_pit(pits[j]) for j in range(n)], "")
    table.add_row("", *[Text(str(j), style="dim") for j in range(n)], "")
    console.print(Text(head, style="bold"))
    console.print(table)
    if view.get("history"):
        rounds = ", ".join(f"{a}:{b}" for a, b in view["history"])
        console.print(Text(f"{say('m.history')} ({names[0]} : {names[1]}): {rounds}", style="dim"))


_ENGLISH = Speaker(load_game("mancala"), "en")


def _pit(beans: int) -> Text:
    return Text(f"[{beans:>2}]", style="bold" if beans >= 2 else "dim")


def describe(action: Action) -> str:
    if "place" in action:
        return f"places {action['place']} beans"
    return f"sows pit {action['pit']} {action['direction']}"


_MOVE = re.compile(r"^\s*(\d+)\s*(cw|ccw|c|a|)\s*$", re.IGNORECASE)


def parse(text: str, view: dict[str, Any], legal: list[Action]) -> Action | str:
    """The action a person meant, or a sentence saying what was wrong."""
    if view["phase"] == "arrange":
        try:
            return Action(place=int(text.strip()))
        except ValueError:
            return tr("tui.mancala.e.arrange")
    m = _MOVE.match(text)
    if not m:
        return tr("tui.mancala.e.move")
    pit, word = int(m.group(1)), m.group(2).lower()
    direction = {"c": "cw", "a": "ccw"}.get(word, word)
    if not direction:
        dirs = sorted({a["direction"] for a in legal if a.get("pit") == pit})
        if len(dirs) != 1:
            return tr("tui.mancala.e.which", pit)
        direction = dirs[0]
    return Action(pit=pit, direction=direction)
