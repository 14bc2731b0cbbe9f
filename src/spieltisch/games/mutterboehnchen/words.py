"""Mutterböhnchen's actions and events as sentences of its words catalog (``words.toml``, which
extends Bohnanza's): its own moments (pulls, the Rasselbande, the Flitzer, the specials, the
2-player turn) here, the plain bean moments as the bean games say them (``beans/words.py``).

A card is named from the view's legend (``view.cards``: variety, sex, rattles, special) and
the card file's names (``view.deck``, the names of a table's own printed cards).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ...core.words import Said, Seat, Seq
from ..beans import words as beans
from ..beans.words import bean, field

View = Mapping[str, Any]


def _kind(view: View, name: str) -> Mapping[str, Any]:
    legend = view.get("cards") or {}
    if name in legend:
        return legend[name]
    vid, _, sex = str(name).partition("-")
    return {
        "variety": vid,
        "sex": "lady" if sex == "lady" else "baby" if sex.startswith("baby") else "male",
        "rattles": 2 if sex == "baby2" else 1 if sex == "baby" else 0,
    }


def card(view: View, name: str | None) -> Any:
    """A card's name: "Blue Bean", "Blue Bean (Lady)", "Blue Bean Baby ●●", "Kotzbrocken"."""
    if not name:
        return "?"
    k = _kind(view, name)
    if k.get("special"):
        return k.get("name") or Said(f"mb.sp.{k['special']}")
    vn = bean(view, k["variety"])
    if k["sex"] == "lady":
        return Said("b.card.lady", vn)
    if k["sex"] == "baby":
        baby = Said("mb.babyname", vn)
        return Seq([baby, "●●"]) if k.get("rattles") == 2 else baby
    return vn


def cards(view: View, cs: Iterable[str] | None) -> Any:
    named = [card(view, c) for c in cs or ()]
    return named if named else Said("mb.nothing")


def name_of(view: View, cid: Any) -> str | None:
    if not isinstance(cid, int) or isinstance(cid, bool):
        return None
    deck = view.get("deck")
    if isinstance(deck, list) and 0 <= cid < len(deck) and deck[cid]:
        return deck[cid]
    flitzer = (view.get("flitzer") or {}).get("cards")
    rows = [view.get("offer_area"), flitzer, *(view.get("to_plant") or [])]
    for row in rows:
        for c in row or []:
            if isinstance(c, Mapping) and c.get("id") == cid:
                return c.get("card")
    return None


def by_id(view: View, cid: Any) -> Any:
    found = name_of(view, cid)
    return card(view, found) if found else f"#{cid}"


def _duo(view: View) -> bool:
    return view.get("mode") == "two players"


def _on(a: Mapping[str, Any]) -> Any:
    return Said("mb.a.underlady", field(a["field"])) if a.get("under") else field(a["field"])


def said_action(view: View | None, a: Mapping[str, Any]) -> Said:
    v: View = view or {}
    hand = v.get("hand") or []
    if "pull" in a:
        if a["pull"] == "none":
            return Said("mb.a.pull.none")
        pull = v.get("pull") or {}
        row = v["fields"][pull["player"]][pull["field"]] if pull else []
        k = a["pull"]
        return Said("mb.a.pull", card(v, row[k]) if 0 <= k < len(row) else f"#{k + 1}")
    if "plant" in a:
        what = a["plant"]
        if what == "front":
            return Said("mb.a.plantfront", card(v, hand[0] if hand else None), _on(a))
        if what == "rear":
            return Said("mb.a.plantrear", card(v, hand[-1] if hand else None), _on(a))
        if what == "taler":
            choice = v.get("choice") or {}
            return Said("mb.a.planttaler", by_id(v, choice.get("card")) if choice else "?", _on(a))
        return Said("mb.a.plant", by_id(v, what), _on(a))
    if "flitzer" in a:
        return Said("mb.a.flitzer.pass") if a["flitzer"] == "pass" else Said("mb.a.flitzer", _on(a))
    if "attack" in a:
        return Said("mb.a.attack", Seat(a["attack"]), field(a["field"]))
    if "keep" in a:
        return Said("mb.a.keep", by_id(v, a["keep"]), _on(a))
    if "place" in a:
        return Said("mb.a.place", by_id(v, a["place"]), _on(a))
    if "aktivist" in a:
        if a["aktivist"] == "pass":
            return Said("mb.a.aktivist.pass")
        return Said("mb.a.aktivist", by_id(v, a["aktivist"]), _on(a))
    if "lady" in a:
        seat = v.get("viewer")
        fields = v.get("fields") or []
        row = fields[seat][a["field"]] if isinstance(seat, int) and seat < len(fields) else []
        lady = card(v, row[a["lady"]]) if 0 <= a["lady"] < len(row) else Said("mb.lady")
        return Said("mb.a.lady", lady, field(a["field"]))
    if "taler_from" in a:
        return Said("mb.a.taler_from", Seat(a["taler_from"]))
    if "give_first" in a:
        return Said("mb.a.givefirst", by_id(v, a["give_first"]))
    if "take" in a:
        take = a["take"]
        return Said("mb.a.take", by_id(v, take) if isinstance(take, int) else bean(v, take))
    if "end" in a:
        if a["end"] == "planting" and _duo(v):
            return Said("mb.a.end.planting.duo")
        return Said(f"mb.a.end.{a['end']}")
    if "harvest" in a:
        return Said("mb.a.harvest", field(a["harvest"]))
    if "discard" in a:
        d = a["discard"]
        return Said("mb.a.discard", by_id(v, d) if isinstance(d, int) else bean(v, d))
    if "discard_hand" in a:
        k = a["discard_hand"]
        return Said("mb.a.discard_hand", k + 1, card(v, hand[k]) if k < len(hand) else "")
    if "close" in a:
        return Said("mb.a.close")
    return beans.said_action(v, a)


def _route(ev: Mapping[str, Any]) -> Any:
    bits = []
    if ev.get("route") and ev["route"] != "hand":
        bits.append(Said(f"mb.route.{ev['route']}"))
    if ev.get("where"):
        bits.append(Said(f"mb.where.{ev['where']}"))
    return Said("mb.routed", Seq(bits, ", ")) if bits else ""


def said_event(ev: Mapping[str, Any], view: View | None) -> Said | None:
    v: View = view or {}
    kind = ev["type"]
    p = ev.get("player")
    if kind == "turn":
        return Said("mb.ev.turn", Seat(p))
    if kind == "third_field":
        return Said("mb.ev.third_field", Seat(p), field(ev["field"]), Seat(ev["card_to"]))
    if kind == "set_aside":
        return Said("mb.ev.set_aside", Seat(p), cards(v, ev["cards"]))
    if kind == "from_discard":
        return Said("mb.ev.from_discard", cards(v, ev["cards"])) if ev.get("cards") else None
    if kind in ("aktivist_pass", "flitzer_pass", "flitzer_take"):
        return Said(f"mb.ev.{kind}", Seat(p))
    if kind == "discard" and ev.get("from") in ("hand", "offer"):
        return Said(f"mb.ev.discard.{ev['from']}", Seat(p), card(v, ev["card"]))
    if kind == "plant":
        return Said(
            "mb.withroute",
            Said("mb.ev.plant", Seat(p), card(v, ev["card"]), field(ev["field"])),
            _route(ev),
        )
    if kind == "move_up":
        return Said("mb.ev.move_up", Seat(p), field(ev["field"]), ev["from"] + 1, ev["to"] + 1)
    if kind == "pull":
        if ev.get("from") is None:
            return Said("mb.ev.pull.none", Seat(p))
        return Said("mb.ev.pull", Seat(p), ev["from"] + 1, field(ev["field"]), ev["to"] + 1)
    if kind in ("special", "take_lady", "keep"):
        return Said(f"mb.ev.{kind}", Seat(p), card(v, ev["card"]))
    if kind == "discard_top":
        return Said("mb.ev.discard_top", Seat(p), field(ev["field"]), card(v, ev["card"]))
    if kind == "ladies_to_bottom":
        return Said("mb.ev.ladies_to_bottom", Seat(p), ev["count"], field(ev["field"]))
    if kind == "taler_draw":
        return Said("mb.ev.taler_draw", Seat(p), Seat(ev["target"]), card(v, ev["card"]))
    if kind == "give_back":
        return Said("mb.ev.give_back", Seat(p), Said("mb.talers", ev["count"]), Seat(ev["target"]))
    if kind == "lady_to_top":
        return Said("mb.ev.lady_to_top", Seat(p), ev["from"] + 1, field(ev["field"]))
    if kind == "rasselbande":
        each = [
            Said("mb.fieldrattles", field(x["field"]), Said("mb.rattles", x["rattles"]))
            for x in ev.get("attacks") or []
        ]
        return Said("mb.ev.rasselbande", Seat(p), each)
    if kind == "attack":
        return Said(
            "mb.ev.attack",
            Seat(p),
            Seat(ev["target"]),
            field(ev["field"]),
            Said("mb.rattles", ev["rattles"]),
        )
    if kind == "attack_draw":
        drawn = ev.get("cards") or []
        return Said(
            "mb.ev.attack_draw",
            Seat(p),
            Said("mb.talers", len(drawn)),
            Seat(ev["target"]),
            cards(v, drawn),
        )
    if kind == "turn_up":
        if ev["cards"]:
            key = "mb.ev.turn_up4" if _duo(v) else "mb.ev.turn_up"
            return Said(key, Seat(p), cards(v, ev["cards"]))
        return Said("mb.ev.turn_up.none", Seat(p))
    if kind == "trading_end":
        by = ev.get("by")
        head = (
            Said("mb.ev.trading_end.time")
            if by in (-1, "referee", None)
            else Said("mb.ev.trading_end", Seat(by))
        )
        if ev.get("kept"):
            kept = ev["kept"]  # the count chooses the verb: one card "stays"
            return Said("b.withkept", head, Said("mb.ev.kept", cards(v, kept), len(kept)))
        return head
    if kind == "draw":
        count = Said("cards.n", ev["count"])
        if _duo(v):
            if v.get("active") is not None and p != v.get("active"):
                return Said("mb.ev.drawwarm", Seat(p), count)
            return (
                Said("mb.ev.draw5", Seat(p), count)
                if ev["count"]
                else Said("mb.ev.draw5.none", Seat(p))
            )
        return Said("mb.ev.draw", Seat(p), count)
    if kind == "draw_cards":
        return Said("b.ev.drew", Seat(p), cards(v, ev["cards"])) if ev.get("cards") else None
    if kind == "end_placement":
        return Said("mb.ev.end_placement", [Seat(q) for q in ev.get("order") or []])
    if kind == "harvest":
        said = Said(
            "mb.ev.harvest",
            Seat(p),
            Said("beans.n", ev["beans"]),
            field(ev["field"]),
            card(v, ev["top"]),
            Said("mb.talers", ev["coins"]),
        )
        if ev.get("from_discard"):
            said = Said("b.withnote", said, Said("mb.ev.harvest.discard"))
        if ev.get("field_closed"):
            said = Said("b.withkept", said, Said("mb.ev.field_closed", field(ev["field"])))
        return said
    if kind == "game_end":
        coins = Seq(
            [Said("b.scored", Seat(q), c) for q, c in enumerate(ev.get("coins") or [])], ", "
        )
        return Said("mb.ev.game_end", coins)
    return beans.said_event(ev, v)
