"""Bohnanza in a terminal: the table as one player sees it, and what a person types.

Fields are numbered from 1 on the screen (field 1, 2, 3), players by their seat (player 0, 1,
…), offers by their id (#3). Bean names are read in English or German, any case, any unique
start of three letters or more: ``blue``/``Blaue``, ``chili``/``Feuer``, ``stink``/``Sau``,
``green``/``Brech``, ``soy``/``Soja``, ``black-eyed``/``Augen``, ``red``/``Rote``,
``garden``/``Garten``, ``coffee``/``Kaffee``, ``wax``/``Weinbrand``, ``cocoa``/``Kakao``.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..core import Action
from ..games.beans.cards import MALE, Deck, payout
from ..games.beans.trading import HAND, OFFER, items_to_json
from ..games.bohnanza.rules import PLANT, PLANT_TRADES, TRADE, BohnanzaGame
from .words import game_label, lang, tr, you_or_player
from .words import number_token as _number
from .words import or_list as _or
from .words import player_token as _player
from .words import plural as _plural

# -- the cards: a vocabulary read from the view ---------------------------------------------------

# Words for a variety beyond its id and its English and German names; the first is the short
# German name the "not a bean" message gives. Only the varieties a table has are used.
_MORE_WORDS: dict[str, tuple[str, ...]] = {
    "blue": ("Blaue", "blau"), "chili": ("Feuer", "chilli"), "stink": ("Sau", "stinky"),
    "green": ("Brech", "gruen", "gruene"), "soy": ("Soja", "soya"),
    "blackeyed": ("Augen", "blackeye"), "red": ("Rote", "rot"), "garden": ("Garten",),
    "coffee": ("Kaffee",), "wax": ("Weinbrand",), "cocoa": ("Kakao",),
    "makeup": ("Schmink", "schminke"),
}  # fmt: skip


def _fold(word: str) -> str:
    w = word.lower().replace("ö", "oe").replace("ä", "ae").replace("ü", "ue").replace("ß", "ss")
    return re.sub(r"[^a-z0-9]", "", w)


def variety_of(name: str) -> str:
    """The variety of a card name (``blue``, ``blue-lady`` -> ``blue``)."""
    return name.split("-")[0]


@dataclass(frozen=True, eq=False)
class Vocabulary:
    """The bean words of one table, read from its view's ``varieties`` (a loaded card file
    may differ from the built-in one): names and aliases, English names, beanometers per card
    name, and the names of the card ids the view shows."""

    aliases: Mapping[str, str]  # folded word -> variety id
    en: Mapping[str, str]  # variety id -> English name
    meters: Mapping[str, tuple[int, ...]]  # card name (blue, blue-lady) -> beanometer
    known: str  # "blue/Blaue, chili/Feuer, ..." for the "not a bean" message
    cards: Mapping[int, str] = field(default_factory=lambda: MappingProxyType({}))
    de: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))

    def bean(self, variety: str) -> str:
        """A variety's name in the screen's language: ``Black-eyed``, ``Augenbohne``."""
        v = variety_of(variety)
        if lang() == "de" and v in self.de:
            return self.de[v]
        return self.en.get(v, v.capitalize())

    def meter(self, card: str) -> tuple[int, ...]:
        return self.meters.get(card, ())

    def card(self, card_id: Any) -> str | None:
        """The name of a card id the view shows (``blue-lady``); None when it shows none."""
        return self.cards.get(card_id)

    def variety(self, token: str) -> str | list[str] | None:
        """The variety a word names; None when none; a list when it is ambiguous."""
        w = _fold(token)
        for suffix in ("bohnen", "bohne", "beans", "bean"):
            if w.endswith(suffix) and len(w) > len(suffix):
                w = w[: -len(suffix)]
                break
        if w in self.aliases:
            return self.aliases[w]
        if w.endswith("s") and w[:-1] in self.aliases:
            return self.aliases[w[:-1]]
        if len(w) >= 3:
            found = sorted({v for k, v in self.aliases.items() if k.startswith(w)})
            if len(found) == 1:
                return found[0]
            if found:
                return found
        return None

    def unknown(self, token: str) -> str:
        return tr("tui.bohnanza.e.bean", token, self.known)


@lru_cache(maxsize=16)
def _vocabulary_of(varieties_json: str) -> Vocabulary:
    varieties: dict[str, dict[str, Any]] = json.loads(varieties_json)
    aliases: dict[str, str] = {}
    for vid, v in varieties.items():
        for name in (vid, v.get("en", vid), v.get("de", vid)):
            aliases[_fold(name)] = vid
    for vid in varieties:
        aliases.update({_fold(w): vid for w in _MORE_WORDS.get(vid, ())})
    en = {vid: v.get("en", vid) for vid, v in varieties.items()}
    meters = {
        vid if sex == MALE else f"{vid}-{sex}": tuple(meter)
        for vid, v in varieties.items()
        for sex, meter in (v.get("beanometer") or {}).items()
    }
    order = list(_MORE_WORDS)  # the rule book's order, then any other variety
    listed = sorted(varieties, key=lambda vid: order.index(vid) if vid in order else len(order))
    known = ", ".join(
        f"{en[vid].lower()}/{(_MORE_WORDS.get(vid) or (varieties[vid].get('de', vid),))[0]}"
        for vid in listed
    )
    de = {vid: v.get("de", en[vid]) for vid, v in varieties.items()}
    return Vocabulary(
        MappingProxyType(aliases),
        MappingProxyType(en),
        MappingProxyType(meters),
        known,
        de=MappingProxyType(de),
    )


def deck_varieties(deck: Deck) -> dict[str, dict[str, Any]]:
    """A deck's varieties as a view gives them (``table_view``)."""
    return {
        v.id: {"de": v.de, "en": v.en, "beanometer": {s: list(b) for s, b in v.beanometers.items()}}
        for v in deck.varieties
    }


def deck_vocabulary(deck: Deck) -> Vocabulary:
    """The words of a deck, every card id named: for words said without a view."""
    base = _vocabulary_of(json.dumps(deck_varieties(deck)))
    return replace(base, cards=MappingProxyType({i: k.name for i, k in enumerate(deck.kinds)}))


@lru_cache(maxsize=1)
def builtin_vocabulary() -> Vocabulary:
    """Bohnanza's built-in card file: for an action or event described without a view."""
    return deck_vocabulary(BohnanzaGame().deck)


def vocabulary(view: dict[str, Any] | None, default: Vocabulary | None = None) -> Vocabulary:
    """The words of the table a view shows: its varieties (cached per set of varieties) and
    the card ids it shows (turned-up cards, the offer, cards to plant). A view without
    varieties falls back to ``default`` (Bohnanza's built-in cards when None)."""
    varieties = view.get("varieties") if view else None
    if isinstance(varieties, dict):
        base = _vocabulary_of(json.dumps(varieties))
    else:
        base = default or builtin_vocabulary()
    shown = {
        c["id"]: c["card"]
        for key in ("offer_area", "offer")
        for c in (view or {}).get(key) or []
        if isinstance(c, dict)
    }
    for row in (view or {}).get("to_plant") or []:
        shown.update({c["id"]: c["card"] for c in row})
    if not shown:
        return base
    return replace(base, cards=MappingProxyType({**base.cards, **shown}))


def bean(variety: str, vocab: Vocabulary | None = None) -> str:
    """A variety's English name: ``Black-eyed`` (Bohnanza's built-in names when no ``vocab``)."""
    return (vocab or builtin_vocabulary()).bean(variety)


# -- words ----------------------------------------------------------------------------------------


def _coins(k: int) -> str:
    return _plural(k, "coin")


def _items(items: list[dict[str, Any]], vocab: Vocabulary, tag: bool = True) -> str:
    """Offer items in words: ``1 Chili (turned up), 2 Blue``."""
    parts = []
    for it in items:
        text = f"{it.get('count', 1)} {vocab.bean(it['variety'])}"
        if tag and it.get("from") == OFFER:
            text += f" ({tr('tui.bohnanza.turnedup')})"
        parts.append(text)
    return ", ".join(parts) if parts else tr("tr.nothing")


def meter_text(meter: tuple[int, ...] | list[int], beans: int) -> str:
    """What a field of ``beans`` on this beanometer pays now and at its next tier:
    ``1 coin; 6 → 2``."""
    now = payout(tuple(meter), beans)
    text = _coins(now)
    nxt = [(tier, need) for tier, need in enumerate(meter, start=1) if need and tier > now]
    if nxt:
        tier, need = nxt[0]
        text += f"; {need} → {tier}"
    else:
        text += "; " + tr("tui.bohnanza.most")
    return text


def field_text(cards: list[str], vocab: Vocabulary) -> Text:
    if not cards:
        return Text(tr("tui.empty"), style="dim")
    out = Text(f"{vocab.bean(cards[-1])} ×{len(cards)}", style="bold")
    out.append(f" ({meter_text(vocab.meter(cards[-1]), len(cards))})", style="dim")
    return out


def offer_text(offer: dict[str, Any], viewer: int | None, vocab: Vocabulary) -> str:
    """``#3 player 2 → you: gives 1 Chili, wants 1 Blue``."""

    def who(q: int) -> str:
        return you_or_player(q, viewer)

    head = f"#{offer['id']} {who(offer['from'])} → {who(offer['to'])}: "
    if not offer["want"]:
        return head + tr("tui.bohnanza.giftof", _items(offer["give"], vocab))
    give, want = _items(offer["give"], vocab), _items(offer["want"], vocab)
    return head + tr("tui.bohnanza.gives", give, want)


# -- what a player may do, from the view ----------------------------------------------------------


def _fits(fields: list[list[str]], card: str) -> list[int]:
    return [
        f for f, cards in enumerate(fields) if not cards or variety_of(cards[0]) == variety_of(card)
    ]


def _may_harvest(fields: list[list[str]], f: int) -> bool:
    if not fields[f]:
        return False
    if len(fields[f]) == 1:
        return all(len(g) <= 1 for i, g in enumerate(fields) if i != f)
    return True


def parse_listed(
    text: str, view: dict[str, Any], legal: list[Action], describe: Callable[[Action], str]
) -> Action | str:
    """A move typed as 'help' lists it (``describe``) or by its place in that list: for the
    positions a game's own words do not cover."""
    t = " ".join(text.lower().split())
    if not t:
        return "type something ('help' lists the moves)"
    if view.get("phase") == "over":
        return "the game is over"
    if not legal:
        return "there is nothing for you to do now"
    if t.isdigit():
        k = int(t)
        return legal[k - 1] if 1 <= k <= len(legal) else f"choose 1 to {len(legal)}"
    for action in legal:
        if " ".join(describe(action).lower().split()) == t:
            return action
    return "type a move as 'help' lists it, its place in that list, or a move as JSON"


def choices(view: dict[str, Any]) -> list[Action]:
    """The main moves open to the viewer, in the order the screen numbers them (drafting an
    offer step by step is left out: offers are typed whole)."""
    me, phase = view.get("viewer"), view["phase"]
    if me is None or phase not in (PLANT, TRADE, PLANT_TRADES):
        return []
    fields = view["fields"][me]
    out: list[Action] = []
    if phase == PLANT and me == view["active"]:
        hand = view["hand"] or []
        if hand:
            out += [Action(plant="front", field=f) for f in _fits(fields, hand[0])]
        if view["planted"] >= 1:
            out.append(Action(end="planting"))
    elif phase == TRADE:
        for o in view["offers"]:
            if o["to"] == me:
                out += [Action(accept=o["id"]), Action(decline=o["id"]), Action(counter=o["id"])]
            if o["from"] == me:
                out.append(Action(withdraw=o["id"]))
        if me == view["active"]:
            out.append(Action(end="trading"))
    elif phase == PLANT_TRADES:
        seen: set[str] = set()
        for c in view["to_plant"][me]:  # one card of each kind (a Lady is not a male)
            if c["card"] in seen:
                continue
            seen.add(c["card"])
            out += [Action(plant=c["id"], field=f) for f in _fits(fields, c["card"])]
    out += [Action(harvest=f) for f in range(len(fields)) if _may_harvest(fields, f)]
    if may_buy_field(view):
        out.append(Action(buy="field"))
    return out


def has_third_field(view: dict[str, Any], p: int) -> bool:
    """Whether player ``p`` has a 3rd field: Bohnanza's ``third_field``, Ladybohn's ``third``
    (None, "ratio" or "field")."""
    if "third" in view:
        return view["third"][p] is not None
    return bool(view["third_field"][p])


def may_buy_field(view: dict[str, Any], legal: list[Action] | None = None) -> bool:
    """Whether the viewer may buy a 3rd field now: ``{"buy": "field"}`` among ``legal`` when
    those are at hand, else read from the view (no 3rd field yet, 3 coins; never solo)."""
    if legal is not None:
        return Action(buy="field") in legal
    me = view.get("viewer")
    if me is None or view.get("players", 0) < 2:
        return False
    return not has_third_field(view, me) and view["coins"][me] >= 3


def chance(view: dict[str, Any]) -> str | None:
    """A moment a person may want to act in though the game does not wait for them: another
    player's trading, while none of their own offers is open. A host asks once per moment (the
    text names it) and lets Enter pass it."""
    me = view.get("viewer")
    if me is None or view["phase"] != TRADE or me == view["active"]:
        return None
    if any(me in (o["from"], o["to"]) for o in view["offers"]):
        return None
    return f"trading of player {view['active']}, stock {view['stock']}/{view['exhausted']}"


def waits_for_viewer(view: dict[str, Any]) -> bool:
    me, phase = view.get("viewer"), view["phase"]
    if me is None:
        return False
    if phase == PLANT:
        return me == view["active"]
    if phase == TRADE:
        return me == view["active"] or any(o["to"] == me for o in view["offers"])
    if phase == PLANT_TRADES:
        return bool(view["to_plant"][me])
    return False


# -- rendering ------------------------------------------------------------------------------------

_PHASE_WORDS = {  # keys of the terminal's words
    PLANT: "tui.phase.plant",
    TRADE: "tui.phase.trade",
    PLANT_TRADES: "tui.phase.plant-trades",
}


def render(view: dict[str, Any], console: Console, names: list[str]) -> None:
    vocab = vocabulary(view)
    me = view["viewer"]
    console.print(_head("Bohnanza", view, names, _PHASE_WORDS, vocab.bean))
    console.print(_player_table(view, names, lambda p, f: field_text(view["fields"][p][f], vocab)))
    _print_lines(
        console,
        [
            _cards_line(
                tr("tui.bohnanza.l.turnedup"), [c["card"] for c in view["offer_area"]], vocab.bean
            ),
            _to_plant_line(view, names, vocab.bean),
            *_offer_lines(view, lambda o: offer_text(o, me, vocab)),
            _draft_line(view.get("draft"), vocab),
            _hand_line(view.get("hand"), vocab.bean),
            _choices_line(choices(view), lambda action: _choice_text(action, view, vocab)),
        ],
    )
    console.print(Text(prompt(view, names, vocab), style="bold green"))


# The pieces of the screen, also Ladybohn's (``card``: a card id in words).


def _print_lines(console: Console, lines: Iterable[Text | None]) -> None:
    for line in lines:
        if line is not None:
            console.print(line)


def _head(
    title: str,
    view: dict[str, Any],
    names: list[str],
    phase_words: Mapping[str, str],
    card: Callable[[str], str],
) -> Text:
    """The top line: the game, whose turn, what is done now, stock and discard."""
    me, active, phase = view["viewer"], view["active"], view["phase"]
    head = Text(title, style="bold")
    if phase == "over":
        head.append(" · " + tr("tui.over"))
    else:
        mine = active == me
        head.append(
            " · " + (tr("tui.yourturn") if mine else tr("tui.onturn", names[active])) + ": "
        )
        head.append(tr(phase_words[phase]) if phase in phase_words else phase, style="bold")
        if phase == PLANT:
            head.append(" " + tr("tui.bohnanza.planted", view["planted"]))
    stock = tr("tui.bohnanza.stock", view["stock"], view["exhausted"])
    return _head_tail(head, view, stock, card)


def _head_tail(head: Text, view: dict[str, Any], stock: str, card: Callable[[str], str]) -> Text:
    """``head`` with the stock, the discard pile and a last-turn warning appended."""
    discard = view["discard"]
    top = ", " + tr("tui.bohnanza.top", card(discard[-1])) if discard else ""
    head.append(f" · {stock} · {tr('tui.bohnanza.discard', len(discard))}{top}", style="dim")
    if view.get("ending") and view["phase"] != "over":
        head.append(" · " + tr("tui.bohnanza.lastturn"), style="bold red")
    return head


def _player_table(
    view: dict[str, Any],
    names: list[str],
    cell: Callable[[int, int], Text],
    notes: Callable[[int], str] | None = None,
) -> Table:
    """A row a player: coins, hand size, ``cell(p, f)`` a field, and ``notes(p)`` when given."""
    me, active, phase = view["viewer"], view["active"], view["phase"]
    most = max(len(f) for f in view["fields"])
    table = Table(box=None, padding=(0, 1), show_header=True, header_style="dim")
    table.add_column("")
    table.add_column(tr("tui.col.player"))
    table.add_column(tr("tui.col.coins"), justify="right")
    table.add_column(tr("tui.col.hand"), justify="right")
    for f in range(most):
        table.add_column(tr("field", f + 1))
    if notes is not None:
        table.add_column("")
    for p in range(view["players"]):
        fields = view["fields"][p]
        cells = [cell(p, f) if f < len(fields) else Text("—", style="dim") for f in range(most)]
        if notes is not None:
            cells.append(Text(notes(p), style="yellow"))
        mark = "▶" if p == active and phase != "over" else ""
        table.add_row(
            Text(mark, style="bold green"),
            Text(names[p], style="bold cyan" if p == me else ""),
            str(view["coins"][p]),
            str(view["hands"][p]),
            *cells,
        )
    return table


def _cards_line(label: str, cards: list[str], card: Callable[[str], str]) -> Text | None:
    """``label`` and the cards in bold yellow, or None when there are none."""
    if not cards:
        return None
    line = Text(label, style="dim")
    line.append("  ".join(card(c) for c in cards), style="bold yellow")
    return line


def _to_plant_line(
    view: dict[str, Any], names: list[str], card: Callable[[str], str]
) -> Text | None:
    """Who still plants which traded beans."""
    me = view["viewer"]
    plants = [(p, row) for p, row in enumerate(view["to_plant"]) if row]
    if not plants:
        return None
    line = Text(tr("tui.bohnanza.l.toplant"), style="dim")
    line.append(
        " · ".join(
            f"{tr('tui.you') if p == me else names[p]}: " + ", ".join(card(c["card"]) for c in row)
            for p, row in plants
        )
    )
    return line


def _offer_lines(view: dict[str, Any], text: Callable[[dict[str, Any]], str]) -> list[Text]:
    """The open offers, those to the viewer marked."""
    me = view["viewer"]
    return [
        Text(tr("tui.bohnanza.l.offer"), style="dim")
        + Text(text(o), style="bold magenta" if me is not None and o["to"] == me else "")
        for o in view["offers"]
    ]


def _draft_line(
    draft: dict[str, Any] | None,
    vocab: Vocabulary,
    more: str = "",
    hint: str = "tui.bohnanza.drafthint",
) -> Text | None:
    """The viewer's unsent offer, if it holds anything; ``more`` follows what it wants;
    ``hint``: the key of what to type next."""
    if not draft or not (draft["give"] or draft["want"]):
        return None
    to = tr("tui.bohnanza.nobodyyet") if draft["to"] is None else tr("tui.player", draft["to"])
    give, want = _items(draft["give"], vocab), _items(draft["want"], vocab)
    return Text(tr("tui.bohnanza.l.draft"), style="dim") + Text(
        tr("tui.bohnanza.draft", to, give, want) + f"{more}  ({tr(hint)})"
    )


def _hand_line(
    hand: list[str] | None, card: Callable[[str], str], front_first: bool = True
) -> Text | None:
    """The viewer's hand, numbered from 1, the front card in bold."""
    if hand is None:
        return None
    line = Text(tr("tui.bohnanza.l.hand"), style="bold cyan")
    for i, c in enumerate(hand):
        if i:
            line.append("  ")
        line.append(f"{i + 1}:", style="dim")
        line.append(card(c), style="bold" if i == 0 else "")
    if not hand:
        line.append(f"({tr('tui.empty')})", style="dim")
    elif front_first:
        line.append(f"   ({tr('tui.bohnanza.frontfirst')})", style="dim")
    return line


def _choices_line(menu: list[Action], text: Callable[[Action], str]) -> Text | None:
    """The numbered choices, or None when there are none."""
    if not menu:
        return None
    line = Text(tr("tui.bohnanza.l.choices"), style="dim")
    for i, action in enumerate(menu):
        if i:
            line.append(" · ", style="dim")
        line.append(f"{i + 1} ", style="bold")
        line.append(text(action))
    return line


def _choice_text(action: Action, view: dict[str, Any], vocab: Vocabulary) -> str:
    label = game_label(view, action)
    if label is not None:
        return label
    if action.get("plant") == "front":
        return f"plant {vocab.bean(view['hand'][0])} on field {action['field'] + 1}"
    return describe(action, vocab)


def prompt(view: dict[str, Any], names: list[str], vocab: Vocabulary | None = None) -> str:
    """What the game waits for, in words."""
    vocab = vocab or vocabulary(view)
    me, phase, active = view["viewer"], view["phase"], view["active"]
    if phase == "over":
        coins = view.get("result") or view["coins"]
        return tr("tui.bohnanza.p.over") + ", ".join(
            f"{tr('tui.you') if p == me else names[p]} {c}" for p, c in enumerate(coins)
        )
    mine = me == active
    if phase == PLANT:
        if not mine:
            return tr("tui.bohnanza.p.planting", names[active])
        hand = view["hand"] or []
        fits = _fits(view["fields"][me], hand[0]) if hand else []
        if hand and not fits and view["planted"] == 0:
            return tr("tui.bohnanza.p.nofit", vocab.bean(hand[0]))
        if view["planted"] == 0:
            return tr("tui.bohnanza.p.front", vocab.bean(hand[0]))
        return tr("tui.bohnanza.p.next")
    if phase == TRADE:
        mine_offers = [o for o in view["offers"] if o["to"] == me]
        if mine_offers:
            ids = _or([f"#{o['id']}" for o in mine_offers])
            return tr("tui.bohnanza.p.answer", ids, mine_offers[0]["id"])
        if mine:
            return tr("tui.bohnanza.p.trade")
        return tr("tui.bohnanza.p.trades", names[active])
    if phase == PLANT_TRADES:
        row = view["to_plant"][me] if me is not None else []
        if row and not any(_fits(view["fields"][me], c["card"]) for c in row):
            return tr("tui.bohnanza.p.nothingfits")
        if row:
            return tr("tui.bohnanza.p.plantgot", vocab.bean(row[0]["card"]).lower())
        return tr("tui.bohnanza.p.others")
    return phase


# -- describing -----------------------------------------------------------------------------------


def describe(action: Action, vocab: Vocabulary | None = None) -> str:
    """An action in words; ``vocab``: the table's words (Bohnanza's built-in cards when None)."""
    vocab = vocab or builtin_vocabulary()
    if "plant" in action:
        f = action["field"] + 1
        if action["plant"] == "front":
            return f"plant the front card on field {f}"
        card = vocab.card(action["plant"])
        what = vocab.bean(card) if card else f"card {action['plant']}"
        return f"plant {what} on field {f}"
    if "harvest" in action:
        return f"harvest field {action['harvest'] + 1}"
    if action.get("buy") == "field":
        return "buy a 3rd field"
    if "end" in action:
        return f"end {action['end']}"
    if "close" in action:
        return "close trading"
    for verb in ("accept", "decline", "counter", "withdraw"):
        if verb in action:
            return f"{verb} #{action[verb]}"
    if "propose" in action:
        return "send the draft"
    if "draft" in action:
        step = action["draft"]
        if step in ("give", "want"):
            where = "turned up" if action["from"] == OFFER else "hand"
            return f"draft: {step} {vocab.bean(action['variety'])} ({where})"
        if step == "to":
            return f"draft: to player {action['player']}"
        return "draft: clear"
    if "offer" in action:
        o = action["offer"]

        def said(items: list[dict[str, Any]]) -> str:
            return ", ".join(
                _items([it], vocab) + ("" if it.get("from") == OFFER else " (hand)") for it in items
            )

        give, want = said(o.get("give", [])), said(o.get("want", []))
        return f"offer to player {o.get('to')}: give {give or 'nothing'}, want {want or 'nothing'}"
    return str(action)


# -- parsing --------------------------------------------------------------------------------------

_VERBS = {
    "plant": ["plant", "plants", "p", "pflanze", "pflanzen", "pfl", "sow"],
    "harvest": ["harvest", "harvests", "h", "ernte", "ernten", "e"],
    "buy": ["buy", "buys", "kaufe", "kaufen", "kauf", "b"],
    "end": ["done", "end", "ends", "finish", "fertig", "stop", "ende", "schluss"],
    "offer": ["offer", "offers", "o", "trade", "angebot", "biete", "tausche", "tausch"],
    "gift": ["gift", "gifts", "donate", "schenke", "schenk", "schenken", "geschenk"],
    "accept": ["accept", "accepts", "a", "annehmen", "nimm", "yes", "ja", "y", "deal"],
    "decline": ["decline", "declines", "d", "refuse", "ablehnen", "no", "nein", "n", "reject"],
    "withdraw": ["withdraw", "withdraws", "w", "retract", "zurueck", "zurueckziehen"],
    "counter": ["counter", "counters", "c", "gegenangebot", "gegen"],
    "send": ["send", "propose", "proposes", "sends", "senden", "schicke", "schick"],
    "clear": ["clear", "clears", "loeschen", "verwerfen"],
    "draft": ["draft", "entwurf"],
}
_VERB = {w: verb for verb, words in _VERBS.items() for w in words}
_FILLER = {
    "the", "a", "an", "card", "cards", "on", "onto", "in", "into", "field", "fields", "feld",
    "felder", "of", "my", "and", "und", "please", "bitte", "auf", "ins", "den", "die", "der",
    "das", "karte", "bean", "beans", "bohne", "bohnen", "it", "with", "number", "nr", "offer#",
    "planting", "trading", "draft", "is", "x", "from", "aus", "von", "vom",
}  # fmt: skip
_GIVE = {"give", "gives", "gebe", "gib", "geben", "biete", "for-give"}
_WANT = {"want", "wants", "for", "fuer", "will", "moechte", "get", "against", "gegen", "need"}
_TO = {"to", "an", "with", "mit", "zu"}
_SRC_OFFER = {"offer", "turned", "up", "turnedup", "area", "auslage", "offen", "display", "table"}
_SRC_HAND = {"hand"}
_NOTHING = {"nothing", "nichts", "none", "-"}


def _words(text: str) -> list[str]:
    t = text.lower().replace("ö", "oe").replace("ä", "ae").replace("ü", "ue").replace("ß", "ss")
    t = re.sub(r"black[\s-]*eyed?", "blackeyed", t)
    t = t.replace("→", " to ").replace("×", " ")
    t = re.sub(r"(\d+)\s*x\b", r"\1", t)  # "2x blue" -> "2 blue"
    t = re.sub(r"[,;:()\[\]/+&.!?\"=']", " ", t)
    t = re.sub(r"\b(player|spieler|pl)\s*#?\s*(\d+)\b", r"p\2", t)  # "player 2" -> "p2"
    t = re.sub(r"#\s*(\d+)", r"#\1", t)
    return t.split()


def _bean_word(token: str, vocab: Vocabulary) -> str:
    """The variety a word names, or ValueError with what is wrong."""
    v = vocab.variety(token)
    if isinstance(v, list):
        raise _Say(tr("tui.bohnanza.e.could", token, _or([vocab.bean(x) for x in v])))
    if v is None:
        raise _Say(vocab.unknown(token))
    return v


class _Say(Exception):
    """A message for the person, raised deep in the parser."""


def parse(text: str, view: dict[str, Any], legal: list[Action]) -> Action | str:
    """The action a person meant, or a sentence saying what was wrong."""
    return _answer(lambda: _parse(text, view, legal, vocabulary(view)))


def _answer(read: Callable[[], Action | str]) -> Action | str:
    """What ``read`` returns, a :class:`_Say`'s sentence, or a sentence for any other error:
    never an exception at the prompt."""
    try:
        return read()
    except _Say as say:
        return str(say)
    except Exception as err:  # never an exception at the prompt
        return tr("tui.unreadable", type(err).__name__)


def _not_now(words: list[str], view: dict[str, Any]) -> str | None:
    """Why nothing typed can be read now (nothing typed, the game over, a spectator), or None."""
    if not words:
        return tr("tui.typesomething")
    if view["phase"] == "over":
        return tr("tui.over")
    if view.get("viewer") is None:
        return tr("tui.spectator")
    return None


def _parse(text: str, view: dict[str, Any], legal: list[Action], vocab: Vocabulary) -> Action | str:
    words = _words(text)
    why = _not_now(words, view)
    if why:
        return why
    if len(words) == 1 and words[0].isdigit():
        return _pick(int(words[0]), view, legal, vocab)
    verb = _VERB.get(words[0])
    rest = words[1:]
    if verb is None:
        if isinstance(vocab.variety(words[0]), str):
            verb, rest = "plant", words  # "chili 2"
        else:
            return tr("tui.bohnanza.e.verb", words[0])
    handler = {
        "plant": _parse_plant,
        "harvest": _parse_harvest,
        "buy": _parse_buy,
        "end": _parse_end,
        "offer": _parse_offer,
        "gift": _parse_offer,
        "accept": _parse_answer,
        "decline": _parse_answer,
        "withdraw": _parse_answer,
        "counter": _parse_answer,
        "send": _parse_send,
        "clear": _parse_send,
        "draft": _parse_draft,
    }[verb]
    return handler(verb, rest, view, legal, vocab)


def _pick(k: int, view: dict[str, Any], legal: list[Action], vocab: Vocabulary) -> Action | str:
    return _pick_from(k, choices(view), legal, lambda action: _choice_text(action, view, vocab))


def _pick_from(
    k: int, menu: list[Action], legal: list[Action], text: Callable[[Action], str]
) -> Action | str:
    """Choice ``k`` (from 1) of ``menu`` if it is legal, else what is wrong; ``text`` names a
    choice."""
    if not menu:
        return tr("tui.e.nochoice")
    if not 1 <= k <= len(menu):
        return tr("tui.e.choose", len(menu))
    action = menu[k - 1]
    if action not in legal:
        return tr("tui.e.notnow", text(action))
    return action


def _fields_named(rest: list[str]) -> tuple[list[int], list[str]]:
    nums, other = [], []
    for w in rest:
        k = _number(w)
        if k is not None:
            nums.append(k)
        elif w not in _FILLER:
            other.append(w)
    return nums, other


def _field_range(view: dict[str, Any]) -> str:
    k = len(view["fields"][view["viewer"]])
    return tr("r.fields", k)


def _parse_plant(
    verb: str, rest: list[str], view: dict[str, Any], legal: list[Action], vocab: Vocabulary
) -> Action | str:
    me, phase = view["viewer"], view["phase"]
    fields = view["fields"][me]
    nums, other = _fields_named(rest)
    front = False
    named: list[str] = []
    for w in other:
        if w in ("front", "first", "vorne", "vorderste", "erste", "next"):
            front = True
            continue
        named.append(_bean_word(w, vocab))
    if len(set(named)) > 1:
        return tr("tui.bohnanza.e.onebean")
    if len(nums) > 1:
        return tr("tui.bohnanza.e.onefield")
    if phase == PLANT and me == view["active"]:
        hand = view["hand"] or []
        if not hand:
            return tr("tui.bohnanza.e.handempty")
        card = hand[0]
        if named and named[0] != variety_of(card):
            return tr("tui.bohnanza.e.frontis", vocab.bean(card), vocab.bean(named[0]))
        options = [a for a in legal if a.get("plant") == "front"]
        make = lambda f: Action(plant="front", field=f)  # noqa: E731
    elif phase == PLANT_TRADES:
        row = view["to_plant"][me]
        if not row:
            return tr("tui.bohnanza.e.nothingtoplant")
        kinds = list(dict.fromkeys(variety_of(c["card"]) for c in row))
        if front:
            return tr("tui.bohnanza.e.plantgot")
        if not named:
            if len(kinds) > 1:
                return tr("tui.bohnanza.e.which", _or([vocab.bean(v) for v in kinds]), kinds[0])
            named = kinds
        if named[0] not in kinds:
            got = _or([vocab.bean(v) for v in kinds])
            return tr("tui.bohnanza.e.nobean", vocab.bean(named[0]), got)
        card = next(c["card"] for c in row if variety_of(c["card"]) == named[0])
        options = [
            a
            for a in legal
            if "plant" in a
            and a["plant"] != "front"
            and variety_of(vocab.card(a["plant"]) or "") == named[0]
        ]
        ids = [a["plant"] for a in options] or [
            next(c["id"] for c in row if variety_of(c["card"]) == named[0])
        ]
        make = lambda f: Action(plant=ids[0], field=f)  # noqa: E731
    elif phase == PLANT:
        return tr("tui.bohnanza.e.planting", tr("tui.player", view["active"]))
    else:
        return tr("tui.bohnanza.e.trading")
    if nums:
        f = nums[0] - 1
        if not 0 <= f < len(fields):
            return _field_range(view)
        action = make(f)
        if action in legal:
            return action
        held = fields[f]
        return tr("tui.bohnanza.e.holds", f + 1, vocab.bean(held[0]), vocab.bean(card)) + (
            " " + tr("tui.bohnanza.e.orharvest") if not options else ""
        )
    if not options:
        return tr("tui.bohnanza.e.fitsno", vocab.bean(card))
    same = [a for a in options if fields[a["field"]]]
    if same:
        return same[0]
    if len(options) == 1:
        return options[0]
    which = [str(a["field"] + 1) for a in options]
    return tr("tui.bohnanza.e.onwhich", _or(which), which[0])


def _parse_harvest(
    verb: str, rest: list[str], view: dict[str, Any], legal: list[Action], vocab: Vocabulary
) -> Action | str:
    nums, other = _fields_named(rest)
    fields = view["fields"][view["viewer"]]
    options = [a for a in legal if "harvest" in a]
    if other:
        v = _bean_word(other[0], vocab)
        nums = nums or [
            f + 1 for f, cards in enumerate(fields) if cards and variety_of(cards[0]) == v
        ]
        if not nums:
            return tr("tui.bohnanza.e.noholds", vocab.bean(v))
    if not nums:
        if len(options) == 1:
            return options[0]
        if not options:
            return tr("tui.bohnanza.e.noharvest")
        return tr("tui.bohnanza.e.harvestwhich", _or([str(a["harvest"] + 1) for a in options]))
    f = nums[0] - 1
    if not 0 <= f < len(fields):
        return _field_range(view)
    if not fields[f]:
        return tr("r.fieldempty", tr("field", f + 1))
    action = Action(harvest=f)
    if action in legal:
        return action
    if len(fields[f]) == 1:
        return tr("tui.bohnanza.e.onebeanfield")
    return tr("tui.bohnanza.e.cannotharvest")


def _parse_buy(
    verb: str, rest: list[str], view: dict[str, Any], legal: list[Action], vocab: Vocabulary
) -> Action | str:
    action = Action(buy="field")
    if action in legal:
        return action
    me = view["viewer"]
    if has_third_field(view, me):
        return tr("tui.bohnanza.e.hasthird")
    return tr("tui.bohnanza.e.costs", view["coins"][me])


def _parse_end(
    verb: str, rest: list[str], view: dict[str, Any], legal: list[Action], vocab: Vocabulary
) -> Action | str:
    ends = [a for a in legal if "end" in a]
    if ends:
        return ends[0]
    me, phase = view["viewer"], view["phase"]
    if me != view["active"] and phase in (PLANT, TRADE):
        key = "tui.bohnanza.e.endsplant" if phase == PLANT else "tui.bohnanza.e.endstrade"
        return tr(key, tr("tui.player", view["active"]))
    if phase == PLANT:
        return tr("tui.bohnanza.e.frontfirst")
    if phase == PLANT_TRADES:
        return tr("tui.bohnanza.e.gotfirst")
    return tr("tui.bohnanza.e.nothingtoend")


def _parse_answer(
    verb: str, rest: list[str], view: dict[str, Any], legal: list[Action], vocab: Vocabulary
) -> Action | str:
    me = view["viewer"]
    if view["phase"] != TRADE:
        return tr("tui.bohnanza.e.answered")
    nums = [k for k in (_number(w) for w in rest) if k is not None]
    mine = [o["id"] for o in view["offers"] if (o["from"] if verb == "withdraw" else o["to"]) == me]
    if not nums:
        if len(mine) == 1:
            nums = mine
        elif not mine:
            key = "tui.bohnanza.e.noopen" if verb != "withdraw" else "tui.bohnanza.e.noown"
            return tr(key)
        else:
            return tr("tui.bohnanza.e.whichoffer", verb, _or(["#" + str(i) for i in mine]))
    if len(nums) > 1:
        return tr("tui.bohnanza.e.oneoffer", verb)
    oid = nums[0]
    action = Action(**{verb: oid})
    if action in legal:
        return action
    offer = next((o for o in view["offers"] if o["id"] == oid), None)
    if offer is None:
        return tr("tui.bohnanza.e.nooffer", oid)
    if verb == "withdraw":
        return tr("tui.bohnanza.e.notyours", oid)
    if offer["to"] != me:
        return tr("tui.bohnanza.e.nottoyou", oid)
    return tr("tui.bohnanza.e.gone", oid)


def _parse_send(
    verb: str, rest: list[str], view: dict[str, Any], legal: list[Action], vocab: Vocabulary
) -> Action | str:
    action = Action(propose=True) if verb == "send" else Action(draft="clear")
    if action in legal:
        return action
    if view["phase"] != TRADE:
        return tr("tui.bohnanza.e.drafts")
    draft = view.get("draft")
    if not draft or not (draft["give"] or draft["want"]):
        return tr("tui.bohnanza.e.nodraft")
    return tr("tui.bohnanza.e.draftnobody")


def _parse_draft(
    verb: str, rest: list[str], view: dict[str, Any], legal: list[Action], vocab: Vocabulary
) -> Action | str:
    if not rest:
        return tr("tui.bohnanza.e.draftforms")
    step, args = rest[0], [w for w in rest[1:] if w not in _FILLER]
    if step in ("clear", "send"):
        return _parse_send(step, [], view, legal, vocab)
    if step in _TO:
        players = [
            q
            for q in (_player(w) if _player(w) is not None else _number(w) for w in args)
            if q is not None
        ]
        if len(players) != 1:
            return tr("tui.bohnanza.e.drafttowhom")
        action = Action(draft="to", player=players[0])
    elif step in _GIVE or step in _WANT:
        kind = "give" if step in _GIVE else "want"
        src = OFFER if any(w in _SRC_OFFER for w in args) else HAND
        names = [
            w for w in args if w not in _SRC_OFFER and w not in _SRC_HAND and _number(w) is None
        ]
        if len(names) != 1:
            return tr("tui.bohnanza.e.draftwhich", kind)
        action = Action(draft=kind, variety=_bean_word(names[0], vocab), **{"from": src})
    else:
        return tr("tui.bohnanza.e.draftforms")
    return action if action in legal else tr("tui.e.notnow", describe(action, vocab))


def _parse_offer(
    verb: str, rest: list[str], view: dict[str, Any], legal: list[Action], vocab: Vocabulary
) -> Action | str:
    me, active, n = view["viewer"], view["active"], view["players"]
    if view["phase"] != TRADE:
        return tr("tui.bohnanza.e.offerswhen")
    to: int | None = None
    section = "give"
    give: list[list[Any]] = []  # [variety, count, source or None]
    want: list[list[Any]] = []
    count: int | None = None
    nothing_wanted = False
    i = 0
    while i < len(rest):
        w = rest[i]
        nxt = rest[i + 1] if i + 1 < len(rest) else None
        q = _player(w)
        if q is not None:
            to = q
        elif w in _TO and nxt is not None and (_player(nxt) is not None or nxt.isdigit()):
            to = _player(nxt) if _player(nxt) is not None else int(nxt)
            i += 1
        elif (
            w.isdigit()
            and verb == "offer"
            and i == 0
            and (nxt is None or nxt in _GIVE or nxt in _WANT)
        ):
            to = int(w)
        elif w.isdigit():
            if count is not None:
                return tr("tui.bohnanza.e.twocounts", count, w)
            count = int(w)
            if count < 1:
                return tr("tui.bohnanza.e.count")
        elif w in _GIVE:
            section = "give"
        elif w in _WANT:
            section = "want"
        elif w in _NOTHING:
            nothing_wanted = nothing_wanted or section == "want"
        elif w in _SRC_OFFER or w in _SRC_HAND:
            row = give if section == "give" else want
            if row:
                row[-1][2] = OFFER if w in _SRC_OFFER else HAND
        elif w in _FILLER or w in _TO:
            pass
        else:
            v = _bean_word(w, vocab)
            (give if section == "give" else want).append([v, count or 1, None])
            count = None
        i += 1
    if count is not None:
        return tr("tui.bohnanza.e.countwhat", count)
    if verb == "gift" and want:
        return tr("tui.bohnanza.e.giftwants")
    if to is None:
        if me != active:
            to = active
        else:
            others = [q for q in range(n) if q != me]
            if verb == "offer":
                return tr("tui.bohnanza.e.towhom", verb, others[0])
            return tr("tui.bohnanza.e.towhomgift", give[0][0] if give else "soy", others[0])
    if not 0 <= to < n or to == me:
        partners = _or([str(q) for q in range(n) if q != me])
        return tr("tui.bohnanza.e.nopartner", tr("tui.player", to), partners)
    if active not in (me, to):
        return tr("tui.bohnanza.e.onlyactive", tr("tui.player", active))
    if not give and not want:
        return tr("tui.bohnanza.e.offerempty")
    del nothing_wanted
    give_items = _allocate(give, view, me == active, tr("tui.you"), mine=True, vocab=vocab)
    if isinstance(give_items, str):
        return give_items
    want_items = _allocate(want, view, to == active, tr("tui.player", to), mine=False, vocab=vocab)
    if isinstance(want_items, str):
        return want_items
    return Action(
        offer={"to": to, "give": items_to_json(give_items), "want": items_to_json(want_items)}
    )


def _allocate(
    items: list[list[Any]],
    view: dict[str, Any],
    has_offer: bool,
    holder: str,
    mine: bool,
    vocab: Vocabulary,
) -> Counter[tuple[str, str]] | str:
    """Sources for offer items: the turned-up cards first (of the active player), then the hand;
    ``holder`` names whose cards they are ("you", "player 2")."""
    area = Counter(variety_of(c["card"]) for c in view["offer_area"]) if has_offer else Counter()
    hand = Counter(variety_of(c) for c in view["hand"] or []) if mine else None
    out: Counter[tuple[str, str]] = Counter()
    for v, k, src in items:
        if src == OFFER:
            if not has_offer:
                key = "tui.bohnanza.e.notactiveyou" if mine else "tui.bohnanza.e.notactive"
                return tr(key, holder)
            out[(v, OFFER)] += k
        elif src == HAND:
            out[(v, HAND)] += k
        else:
            from_area = min(k, area[v] - out[(v, OFFER)])
            if from_area > 0:
                out[(v, OFFER)] += from_area
            if k - max(from_area, 0) > 0:
                out[(v, HAND)] += k - max(from_area, 0)
    for (v, src), k in out.items():
        if src == OFFER and area[v] < k:
            return tr("tui.bohnanza.e.onlyup", area[v], vocab.bean(v))
        if src == HAND and hand is not None and hand[v] < k:
            if not hand[v]:
                return tr("tui.bohnanza.e.holdno", vocab.bean(v))
            return tr("tui.bohnanza.e.holdonly", hand[v], vocab.bean(v))
    return out
