"""Mancala's actions and events as sentences of its words catalog (``words.toml``).

The one place a move or a log line of mancala and Kalah is put together: the terminal, the
browser's log and the replay all render these sentences. Pits are numbered as their owner
counts them (1..n from the owner's left) on the board of the moment: a move's pit on the board
it was sown on, so a replay step reads as the log did when it was played.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.words import Said, Seat


def pit_no(pit: int, n: int) -> int:
    """A ring index as its owner counts it: 1..n from the owner's left."""
    return pit % n + 1


def _side(view: Mapping[str, Any] | None) -> int:
    if view and view.get("pits"):
        return len(view["pits"]) // 2
    return 6


def said_action(view: Mapping[str, Any] | None, action: Mapping[str, Any]) -> Said:
    """An action on the board of ``view`` (the position before it)."""
    if "place" in action:
        return Said("m.place", Said("beans.n", action["place"]))
    n = _side(view)
    return Said("m.sow", pit_no(action["pit"], n), Said(f"m.{action['direction']}"))


def said_event(event: Mapping[str, Any], view: Mapping[str, Any] | None) -> Said | None:
    """A log line; ``view`` is the board before the action that made the event."""
    kind = event["type"]
    n = _side(view)
    if kind == "move":
        parts: list[Any] = []
        if len(event["laps"]) > 1:
            parts.append(Said("m.relays", len(event["laps"]) - 1))
        caught = sum(c["beans"] for c in event["captures"])
        if event["end"] == "capture":
            parts.append(Said("m.end.capture", Said("beans.n", caught)))
        else:
            parts.append(Said(f"m.end.{event['end']}"))
        if event.get("again"):
            parts.append(Said("m.again"))
        return Said(
            "m.ev.move",
            Seat(event["player"]),
            pit_no(event["pit"], n),
            Said(f"m.{event['direction']}"),
            Said("m.parts." + str(len(parts)), *parts),
        )
    if kind == "round_end":
        a, b = event["beans"]
        loser = event["loser"]
        how = Said("m.ev.tied") if loser is None else Said("m.ev.lost", Seat(loser))
        circled = event.get("circled")  # ended by the circling rule: said, since it is rare
        repeated = event.get("repeated")  # or by the repetition rule
        if circled == "tied" or repeated == "tied":
            how = Said("m.ev.circled.tied")
        if circled:
            return Said("m.ev.round_end.circled", event["round"], a, b, how)
        if repeated:
            return Said("m.ev.round_end.repeated", event["round"], a, b, how, event["times"])
        return Said("m.ev.round_end", event["round"], a, b, how)
    if kind == "arrange_start":
        return Said("m.ev.arrange_start", Seat(event["arranger"]), event["pits"])
    if kind == "place":
        # placing happens on the new board, whose size the arranger's view already has
        return Said(
            "m.ev.place",
            Seat(event["player"]),
            Said("beans.n", event["beans"]),
            pit_no(event["pit"], n),
        )
    if kind == "copy":
        return Said("m.ev.copy", Seat(event["player"]))
    if kind == "round_start":
        return Said("m.ev.round_start", event["round"], event["pits"], Seat(event["first"]))
    if kind == "pass":
        return Said("m.ev.pass", Seat(event["player"]))
    if kind == "match_end":
        if event["result"] == "draw":
            return Said("m.ev.match_end.draw")
        if "pits" in event:
            why = Said("m.why.out", Seat(event["loser"]), event["pits"])
        elif "round" in event:
            why = Said("m.why.more", event["round"])
        else:  # an event from before the facts were kept
            why = event.get("why", "")
        if not why:  # nor a why: no empty brackets
            return Said("m.ev.match_end.plain", Seat(event["result"]))
        return Said("m.ev.match_end", Seat(event["result"]), why)
    return None
