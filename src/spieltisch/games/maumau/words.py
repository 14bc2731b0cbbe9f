"""Mau-Mau's actions and events as sentences of its words catalog (``words.toml``).

The one place a Mau-Mau action or log line is put together, for the terminal, the browser's
log and the replay alike. A card reads as printed on its corner: rank (B, D, K, A in German)
and suit sign ("10♥", "B♠"), the Joker by name.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from ...core.words import Said, Seat, Seq

SIGN = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
_RANKS_IN_WORDS = {"J", "Q", "K", "A"}
_TURN_ACTS = ("joker", "draw", "pass", "take", "sit_out")


def rank(r: str) -> Any:
    return Said(f"mm.rank.{r}") if r in _RANKS_IN_WORDS else r


def card(c: str) -> Any:
    if c == "joker":
        return Said("mm.joker")
    return Seq([rank(c[:-1]), SIGN.get(c[-1], c[-1])], "")


def cards(cs: Iterable[str] | str) -> Seq:
    return Seq([card(c) for c in ([cs] if isinstance(cs, str) else cs)])


def suit(s: str) -> Seq:
    return Seq([SIGN.get(s, s), Said(f"mm.suit.{s}")])


def said_action(view: Mapping[str, Any] | None, a: Mapping[str, Any]) -> Said:
    for verb in ("lay", "throw"):
        if verb in a:
            said = Said(f"mm.a.{verb}", cards(a[verb]))
            if "wish" in a:
                said = Said("mm.a.wishing", said, suit(a["wish"]))
            if "swap" in a:
                said = Said("mm.a.swapping", said, Seat(a["swap"]))
            return said
    if "say" in a:
        return Said("mm.a.say", Said(f"mm.word.{a['say']}"))
    if "slap" in a:
        return Said("mm.a.slap", Said(f"mm.slap.{a['slap']}"))
    if "pilz" in a:
        return Said("mm.a.pilz", Seat(a["pilz"]))
    if "wish" in a:
        return Said("mm.a.wish", suit(a["wish"]))
    if "swap" in a:
        return Said("mm.a.swap", Seat(a["swap"]))
    for key in _TURN_ACTS:
        if key in a:
            return Said(f"mm.{key}")
    return Said("action.json", json.dumps(dict(a), sort_keys=True))


def said_event(ev: Mapping[str, Any], view: Mapping[str, Any] | None) -> Said | None:
    kind = ev["type"]
    p = ev.get("player")
    if kind == "deal":
        return Said("mm.ev.deal", Seat(ev["dealer"]), ev["cards"])
    if kind == "turn_up":
        if ev["card"] == "joker":
            return Said("mm.ev.turn_up.joker", Seat(ev["dealer"]))
        return Said("mm.ev.turn_up", Seat(ev["dealer"]), card(ev["card"]))
    if kind == "free_pile":
        return Said("mm.ev.free_pile")
    if kind == "reshuffle":
        return Said("mm.ev.reshuffle", Said("cards.n", ev["cards"]))
    if kind == "turn":
        return Said("mm.ev.turn", Seat(p))
    if kind == "lay":
        return Said("mm.ev.lay", Seat(p), card(ev["card"]))
    if kind == "throw":
        key = "mm.ev.throw.nine" if ev.get("kind") == "nine" else "mm.ev.throw.privilege"
        return Said(key, Seat(p), card(ev["card"]))
    if kind in ("misfit", "cancel", "counts_again"):
        args = (Seat(p),) if kind == "misfit" else ()
        return Said(f"mm.ev.{kind}", *args, card(ev["card"]))
    if kind == "restore":
        return Said("mm.ev.restore", Seat(ev["turn"]))
    if kind == "reverse":
        return Said("mm.ev.reverse", Said(f"mm.dir.{ev['direction']}"))
    if kind in ("ace", "nine", "no_cards", "joker_to_pile", "sit_out", "pass"):
        return Said(f"mm.ev.{kind}", Seat(p))
    if kind == "slap_open":
        return Said("mm.ev.slap_open", Said(f"mm.need.{ev['need']}"))
    if kind == "slap":
        return Said("mm.ev.slap", Seat(p), Said(f"mm.slap.{ev['hand']}"))
    if kind == "slap_closed":
        parts: list[Any] = [Said("mm.ev.slap_closed")]
        if ev.get("last"):
            parts.append(Said("mm.ev.slap_last", [Seat(q) for q in ev["last"]]))
        pens = (ev.get("penalties") or {}).items()
        if pens:
            each = [Said("mm.scored", Seat(int(q)), k) for q, k in pens]
            parts.append(Said("mm.ev.slap_pen", Seq(each, ", ")))
        return Said("mm.seq", Seq(parts, "; "))
    if kind == "wish":
        return Said("mm.ev.wish", Seat(p), suit(ev["suit"]))
    if kind == "swap":
        return Said("mm.ev.swap", Seat(p), Seat(ev["partner"]))
    if kind == "hand":
        return Said("mm.ev.hand", cards(ev["cards"]) if ev["cards"] else Said("mm.empty"))
    if kind == "take":
        return Said("mm.ev.take", Seat(p), ev["sevens"], Said("cards.n", 2 * ev["sevens"]))
    if kind == "drew":
        if ev.get("cards"):
            return Said("mm.ev.drew.cards", cards(ev["cards"]))
        why = ev.get("why") or "turn"
        if why == "turn":
            return Said("mm.ev.drew.turn", Seat(p))
        return Said("mm.ev.drew", Seat(p), Said("cards.n", ev["count"]), Said(f"mm.why.{why}"))
    if kind == "joker":
        return Said("mm.ev.joker", Seat(p), ev["front"])
    if kind == "too_late":
        words = [Said("mm.quoted", Said(f"mm.word.{w}")) for w in ev["words"]]
        return Said("mm.ev.too_late", Seat(p), words, Said("mm.penalty.n", len(ev["words"])))
    if kind == "say":
        return Said("mm.ev.say", Seat(p), Said(f"mm.word.{ev['word']}"))
    if kind == "won":
        return Said("mm.ev.won", Seat(p), ev["place"])
    if kind == "pilz":
        return Said("mm.ev.pilz", rank(ev["rank"]), Seat(p))
    if kind == "pilz_spent":
        return Said("mm.ev.pilz_spent", Seat(p), Seat(ev["winner"]))
    if kind == "game_end":
        ranks = ev.get("ranks")
        if ranks is None:
            return Said("mm.ev.game_end", ev.get("summary", ""))
        places = [Said("mm.placed", Seat(q), r) for q, r in enumerate(ranks)]
        return Said("mm.ev.game_end", Seq(places, ", "))
    return None
