"""The bean games' actions and events as sentences of Bohnanza's words catalog
(``games/bohnanza/words.toml``, which Ladybohn's and Mutterböhnchen's extend).

The one place a bean game's action or log line is put together, for the terminal, the browser's
log and the replay alike: an offer reads as the trading panel shows it ("#3 Player 1 → Player
2: gives 2× Blue Bean; wants 1× Soy Bean"), a planting names its bean, not the card's id. Bean
names come from the view (its card data, in both languages), as :class:`Named` arguments.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from ...core.errors import IllegalAction
from ...core.words import Named, Said, Seat, Seq

View = Mapping[str, Any]


def refusal(reason: str, key: str, *args: Any) -> IllegalAction:
    """A refusal of a bean game: the engine's English ``reason``, and its key and arguments in
    the game's words catalog, so that a host says it in its reader's language."""
    return IllegalAction(reason, key=key, args=args)


def variety(view: View, card: str) -> str:
    legend = view.get("cards") or {}
    if isinstance(legend, Mapping) and card in legend:
        return legend[card]["variety"]
    return card[:-5] if card.endswith("-lady") else card


def bean(view: View, v: str) -> Any:
    """A variety's name in both languages, as the table's card data gives it."""
    info = (view.get("varieties") or {}).get(v)
    return Named({"en": info["en"], "de": info["de"]}) if info else v


def card_name(view: View, card: str | None) -> Any:
    if card is None:
        return "?"
    name = bean(view, variety(view, card))
    return Said("b.card.lady", name) if card.endswith("-lady") else name


def cards(view: View, cs: Iterable[str] | None) -> list[Any]:
    """Cards as a list ("a, b and c" in the reader's language)."""
    return [card_name(view, c) for c in cs or ()]


def field(f: int) -> Said:
    return Said("field", f + 1)


def items(view: View, its: list[Mapping[str, Any]] | None) -> Any:
    """What an offer gives or wants: ``2× Blue Bean, 1× Soy Bean (offer)``."""
    if not its:
        return Said("tr.nothing")
    out = []
    for i in its:
        if i.get("from") == "offer":
            out.append(
                Said("tr.item.offer", i["count"], bean(view, i["variety"]), Said("src.offer"))
            )
        else:
            out.append(Said("tr.item", i["count"], bean(view, i["variety"])))
    return Seq(out, ", ")


def card_by_id(view: View, cid: Any) -> str | None:
    """The card with id ``cid`` where the view shows it: the offer, the hand, the cards to
    plant (a hidden card stays unnamed)."""
    area = view.get("offer_area") or view.get("offer") or []
    for c in area if isinstance(area, list) else []:
        if isinstance(c, Mapping) and c.get("id") == cid:
            return c.get("card")
    for i, own in enumerate(view.get("hand_ids") or []):
        if own == cid:
            return (view.get("hand") or [None] * (i + 1))[i]
    for row in view.get("to_plant") or []:
        for c in row if isinstance(row, list) else []:
            if isinstance(c, Mapping) and c.get("id") == cid:
                return c.get("card")
    return None


def _card_or_id(view: View, cid: Any) -> Any:
    card = card_by_id(view, cid)
    return card_name(view, card) if card is not None else f"#{cid}"


def promises(promised: Mapping[str, str] | None, sender: int, receiver: int) -> Seq:
    parts = []
    for side, holds in (promised or {}).items():
        thief, victim = (sender, receiver) if side == "sender" else (receiver, sender)
        parts.append(Said("tr.promised.by", Seat(thief), Seat(victim), Said(f"tr.holds.{holds}")))
    return Seq(parts, "; ")


def said_action(view: View | None, a: Mapping[str, Any]) -> Said:
    v: View = view or {}
    if "plant" in a:
        if a["plant"] == "front":
            hand = v.get("hand") or []
            return Said(
                "b.a.plantfront", card_name(v, hand[0] if hand else None), field(a["field"])
            )
        return Said("b.a.plant", _card_or_id(v, a["plant"]), field(a["field"]))
    if "end" in a:
        return Said(f"b.a.end.{a['end']}")
    if "harvest" in a:
        return Said("b.a.harvest", field(a["harvest"]))
    if a.get("buy") == "field":
        return Said("b.a.buy")
    if "swap" in a:
        return Said("b.a.swap", a["swap"] + 1)
    if "fan" in a:
        return Said("b.a.fan", a["fan"] + 1)
    if "makeup" in a:
        return Said(f"b.a.makeup.{a['makeup']}")
    if "rotate" in a:
        return Said("b.a.rotate", field(a["rotate"]))
    if "steal" in a:
        who = [Seat(p) for p in a["steal"]]
        return Said("b.a.steal", who) if who else Said("b.a.steal.none")
    if "take" in a:
        return Said("b.a.take", bean(v, a["take"]))
    if "discard" in a:
        return Said("b.a.discard", _card_or_id(v, a["discard"]))
    if "discard_hand" in a:
        hand = v.get("hand") or []
        k = a["discard_hand"]
        return Said("b.a.discard_hand", k + 1, card_name(v, hand[k] if k < len(hand) else None))
    for verb in ("accept", "decline", "counter", "withdraw"):
        if verb in a:
            return Said("b.a.offerref", Said(f"tr.{verb}"), a[verb])
    if "close" in a:
        return Said("b.a.close")
    draft = a.get("draft")
    if draft in ("give", "want"):
        return Said(f"b.a.draft.{draft}", bean(v, a["variety"]), Said(f"src.{a['from']}"))
    if draft == "to":
        return Said("b.a.draft.to", Seat(a["player"]))
    if draft == "clear":
        return Said("b.a.draft.clear")
    if draft == "promise":
        return Said(f"b.a.draft.promise.{a['side']}", Said(f"tr.holds.{a['holds']}"))
    if "give_first" in a:
        return Said("b.a.givefirst", _card_or_id(v, a["give_first"]))
    if "propose" in a:
        return Said("b.a.propose")
    text = json.dumps(dict(a), sort_keys=True)
    return Said("b.a.draft", text) if draft is not None else Said("action.json", text)


def said_event(ev: Mapping[str, Any], view: View | None) -> Said | None:
    v: View = view or {}
    kind = ev["type"]
    p = ev.get("player")
    if kind == "turn":
        return Said("b.ev.turn", Seat(p))
    if kind == "plant":
        return Said("b.ev.plant", Seat(p), card_name(v, ev["card"]), field(ev["field"]))
    if kind == "turn_up":
        if ev["cards"]:
            return Said("b.ev.turn_up", Seat(p), cards(v, ev["cards"]))
        return Said("b.ev.turn_up.none", Seat(p))
    if kind == "offer":
        sender, receiver = ev["from"], ev["to"]
        if ev["want"]:
            line = Said(
                "tr.line",
                ev["id"],
                Seat(sender),
                Seat(receiver),
                items(v, ev["give"]),
                items(v, ev["want"]),
            )
        else:
            line = Said("tr.giftline", ev["id"], Seat(sender), Seat(receiver), items(v, ev["give"]))
        said = Said("b.ev.offer", line)
        if ev.get("promises"):
            return Said("b.withnote", said, promises(ev["promises"], sender, receiver))
        return said
    if kind == "trade":
        sender, receiver = Seat(ev["from"]), Seat(ev["to"])
        if ev.get("gift") or not ev["want"]:
            return Said("b.ev.gift", ev["offer"], sender, receiver, items(v, ev["give"]))
        return Said(
            "b.ev.trade", ev["offer"], sender, receiver, items(v, ev["give"]), items(v, ev["want"])
        )
    if kind == "decline":
        return Said("b.ev.counter" if ev.get("counter") else "b.ev.decline", Seat(p), ev["offer"])
    if kind == "withdraw":
        return Said("b.ev.withdraw", Seat(p), ev["offer"])
    if kind == "trading_end":
        by = ev.get("by")
        head = (
            Said("b.ev.trading_end.time")
            if by in (-1, "referee", None)
            else Said("b.ev.trading_end", Seat(by))
        )
        if ev.get("kept"):
            kept = ev["kept"]
            return Said("b.withkept", head, Said("b.ev.kept", cards(v, kept), len(kept)))
        return head
    if kind == "draw":
        return Said("b.ev.draw", Seat(p), Said("cards.n", ev["count"]))
    if kind == "draw_cards":
        return Said("b.ev.drew", Seat(p), cards(v, ev["cards"]))
    if kind == "harvest":
        said = Said(
            "b.ev.harvest",
            Seat(p),
            Said("beans.n", ev["beans"]),  # "1 bean", "4 beans": a variety's name has no plural
            bean(v, ev["variety"]),
            field(ev["field"]),
            Said("coins.n", ev["coins"]),
        )
        return Said("b.withratio", said) if ev.get("ratio_males") else said
    if kind == "buy_field":
        return Said("b.ev.buy_field", Seat(p))
    if kind == "third_field":
        return Said("b.ev.third_field", Seat(p), Said(f"b.field.{ev['kind']}"))
    if kind == "game_end":
        coins = Seq(
            [Said("b.scored", Seat(q), c) for q, c in enumerate(ev.get("coins") or [])], ", "
        )
        return Said("b.ev.game_end", coins)
    if kind == "fan":
        pushed = cards(v, ev.get("pushed")) or Said("b.nothing")
        return Said("b.ev.fan", card_name(v, ev["card"]), ev["fan"] + 1, pushed)
    if kind == "swap":
        return Said("b.ev.swap", Seat(p), ev["fan"] + 1)
    if kind == "makeup":
        return Said("b.ev.makeup", Seat(p), Said(f"b.took.{ev['took']}"))
    if kind == "rotate":
        return Said("b.ev.rotate", Seat(p), field(ev["field"]))
    if kind == "steal":
        if ev["from"]:
            return Said("b.ev.steal", Seat(p), [Seat(q) for q in ev["from"]])
        return Said("b.ev.steal.none", Seat(p))
    if kind == "reveal":
        return Said("b.ev.reveal", Seat(p), cards(v, ev["cards"]))
    if kind == "take":
        return Said("b.ev.take", Seat(p), cards(v, ev["cards"]))
    if kind == "discard":
        return Said("b.ev.discard", Seat(p), card_name(v, ev["card"]))
    if kind == "game_end_harvest":
        return Said("b.ev.game_end_harvest")
    return None
