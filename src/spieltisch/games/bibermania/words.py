"""Biber-Mania's actions and events as sentences of its words catalog (``words.toml``).

The one place a Biber-Mania action or log line is put together, for the terminal, the browser's
log and the replay alike. Cards are named as printed ("Superbiber", "3"), in a row sorted as a
hand is: digits by value, then the action cards, the Joker last.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ...core.words import Said, Seat, Seq


def card(c: str) -> Any:
    return c if c.isdigit() else Said(f"bm.card.{c}")


def _order(c: str) -> tuple[int, int, str]:
    if c.isdigit():
        return (0, int(c), "")
    return (2, 0, c) if c == "joker" else (1, 0, c)


def cards(cs: Iterable[str]) -> Seq:
    return Seq([card(c) for c in sorted(cs, key=_order)])


def _where(src: Any) -> Said:
    if src in ("display", "supply"):
        return Said(f"bm.where.{src}")
    return Said("bm.where.pile", Seat(src))


def said_action(view: Mapping[str, Any] | None, a: Mapping[str, Any]) -> Said:
    if "lay" in a:
        return Said("bm.a.lay", cards(a["lay"]))
    if "beat" in a:
        if a["beat"] == "display":
            return Said("bm.a.beat.display", card(a["card"]))
        return Said("bm.a.beat", Seat(a["beat"]))
    if "keep" in a:
        pending = (view or {}).get("pending") or {}
        keep = pending.get("keep") or {}
        return Said("bm.a.keep" if a["keep"] else "bm.a.reject", cards(keep.get("cards") or []))
    if "steal" in a:
        if a["steal"] in ("display", "supply"):
            return Said(f"bm.a.steal.{a['steal']}", card(a["card"]))
        return Said("bm.a.steal", card(a["card"]), Seat(a["steal"]))
    if "fee" in a:
        if a["fee"] is None:
            return Said("bm.a.fee.none")
        return Said("bm.a.fee", card(a["fee"]), Seat(a["from"]))
    if "victim" in a:
        return Said("bm.a.victim", Seat(a["victim"]))
    for verb in ("deal", "draw"):
        if verb in a:
            if a[verb] == "stock":
                return Said(f"bm.a.{verb}.stock")
            return Said(f"bm.a.{verb}.supply", card(a["card"]))
    return Said("action.json", str(dict(a)))


def said_event(ev: Mapping[str, Any], view: Mapping[str, Any] | None) -> Said | None:
    kind = ev["type"]
    p = ev.get("player")
    if kind == "lay":
        return Said("bm.ev.lay", Seat(p), cards(ev["cards"]))
    if kind == "beat":
        if ev["from"] == "display":
            # "takes it" or "takes them": the count chooses
            return Said("bm.ev.beat.display", Seat(p), cards(ev["cards"]), len(ev["cards"]))
        return Said("bm.ev.beat", Seat(p), cards(ev["cards"]), Seat(ev["from"]))
    if kind in ("keep", "reject"):
        return Said(f"bm.ev.{kind}", Seat(p), cards(ev["cards"]), Seat(ev["from"]))
    if kind == "steal":
        return Said("bm.ev.steal", Seat(p), card(ev["card"]), _where(ev["from"]))
    if kind == "fee":
        if ev.get("card") is None:
            return Said("bm.ev.fee.none", Seat(p))
        key = "bm.ev.fee.given" if ev.get("given") else "bm.ev.fee.not"
        return Said(key, Seat(ev["from"]), card(ev["card"]), Seat(p))
    if kind == "gemeinling":
        return Said("bm.ev.gemeinling", Seat(p), Seat(ev["victim"]))
    if kind == "setup":
        return Said("bm.ev.setup", ev["round"], Seat(ev["first"]))
    if kind in ("deal", "draw"):
        what = (
            Said("bm.ev.fromsupply", card(ev["card"]))
            if ev.get("from") == "supply"
            else Said("bm.ev.fromstock")
        )
        if kind == "deal":
            return Said("bm.ev.deal", Seat(ev["by"]), Seat(p), what)
        return Said("bm.ev.draw", Seat(p), what)
    if kind in ("deal-card", "draw-card"):
        return Said("bm.ev.got", Seat(p), card(ev["card"]))
    if kind == "tribute":
        return Said("bm.ev.tribute", Seat(p), card(ev["card"]), Seat(ev["to"]))
    if kind == "refill":
        parts = [
            Said("bm.plus", Said(f"bm.{zone}"), cards(ev[zone]))
            for zone in ("display", "supply")
            if ev.get(zone)
        ]
        return Said("bm.ev.refill", Seq(parts, "; ")) if parts else None
    if kind == "turn":
        return Said("bm.ev.turn", Seat(p))
    if kind == "round_end":
        scores = Seq([Said("bm.scored", Seat(q), s) for q, s in enumerate(ev["scores"])], ", ")
        return Said("bm.ev.round_end", ev["round"], scores)
    if kind == "game_end":
        why = _why(ev)
        # an older event with neither facts nor a why: no colon before nothing
        return Said("bm.ev.game_end", why) if why else Said("bm.ev.game_end.plain")
    return None


def _why(ev: Mapping[str, Any]) -> Any:
    """How the game ended, from the event's facts (an older event keeps its English)."""
    end = ev.get("end")
    if end is None:
        return ev.get("why", "")
    return Said(f"bm.end.{end}", Seat(ev["by"])) if "by" in ev else Said(f"bm.end.{end}")
