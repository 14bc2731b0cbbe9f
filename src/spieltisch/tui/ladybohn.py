"""Ladybohn in a terminal: Bohnanza's table (``tui/bohnanza.py``) plus the fans, Ladys, Make-up
beans, the Ratio Field, rotation, steals and promises.

With 3 to 5 players a Ladybohn turn is Bohnanza's turn with extras, so this module reads and
writes everything Bohnanza's screen does with Bohnanza's own functions, and adds the rest:
``swap 6`` / ``swap 1`` (the hand for the fan of 6 cards / fan 1), ``fan 1`` (the active
player's choice when both fans match a turned-up card), ``rotate 2`` (right after a harvest),
``field`` / ``coin`` / ``none`` (what a Make-up harvest gives), ``steal 1 3`` / ``steal none``,
promises in an offer (``offer 2 give blue want soy promise game``: the receiver's, for the rest
of the game; ``pledge`` or ``pledge next``: the sender's own, for the next steal) or a draft
(``draft promise game``, ``draft pledge none``), and which card goes first when a variety held
as a Lady and a male is given (``first soy lady``).

Bohnanza's functions take the words of the table (``bz.Vocabulary``: bean names, beanometers,
card ids) from the view, so they speak Ladybohn's beans (the Make-up bean, the Ladys) when given
a Ladybohn view.

A position this module does not know (the 1–2 player game, while its screen is not written)
falls back to a plain table and the legal moves by number ('help' lists them) or as JSON.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from functools import lru_cache
from itertools import combinations
from types import MappingProxyType
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..core import Action
from ..games.bohnanza.rules import PLANT, PLANT_TRADES, TRADE
from ..games.ladybohn.rules import FAN_CHOICE, FINAL_STEAL, STEAL, LadybohnGame
from . import bohnanza as bz
from .words import (
    and_list,
    game_label,
    number_token,
    or_list,
    player_token,
    tr,
)

HELP_FROM = ("bohnanza",)  # the help begins with Bohnanza's, then Ladybohn's own (words.toml)
MAKEUP = "makeup"
RATIO = "ratio"
STEAL_TARGETS = 3

# -- Ladybohn's words: Bohnanza's vocabulary, read from the view --------------------------------


@lru_cache(maxsize=1)
def _builtin() -> bz.Vocabulary:
    """Ladybohn's built-in card file: for an action or event described without a view."""
    return bz.deck_vocabulary(LadybohnGame().deck)


def vocabulary(view: dict[str, Any] | None) -> bz.Vocabulary:
    """The words of the table a view shows (its varieties: the Ladys' beanometers, the Make-up
    bean; the card ids it shows, the viewer's hand's among them); Ladybohn's built-in cards
    for a view without varieties."""
    vocab = bz.vocabulary(view, default=_builtin())
    ids, hand = (view or {}).get("hand_ids"), (view or {}).get("hand")
    if not ids or not hand:
        return vocab
    mine = dict(zip(ids, hand, strict=False))
    return replace(vocab, cards=MappingProxyType({**vocab.cards, **mine}))


# -- promises: who will not rob whom, for how long ------------------------------------------------

_HOLDS_WORDS = {"next": "tui.ladybohn.holds.next", "game": "tui.ladybohn.holds.game"}  # keys


def _holds(holds: Any, default: str | None = None) -> str:
    key = _HOLDS_WORDS.get(holds)
    if key is None:
        return default if default is not None else str(holds)
    return tr(key)


def promise_words(
    promises: dict[str, str], sender: int | None, to: int | None, viewer: int | None
) -> str:
    """An offer's promises in words: ``you will not rob player 2 for the rest of the game``
    (a seat of None is the viewer: an offer she is about to send)."""

    def who(p: int | None) -> str:
        return tr("tui.you") if p is None or p == viewer else tr("tui.player", p)

    out = []
    for side, holds in sorted(promises.items()):
        thief, victim = (sender, to) if side == "sender" else (to, sender)
        out.append(tr("tui.ladybohn.norob", who(thief), who(victim), _holds(holds)))
    return "; ".join(out)


def promised(view: dict[str, Any]) -> list[tuple[int, int, str]]:
    """The promises in force: (stealer, protected, holds); an old pair is for the next steal."""
    return [(e[0], e[1], e[2] if len(e) > 2 else "next") for e in view.get("promises") or []]


# -- which card goes first ------------------------------------------------------------------------


def give_first_choices(view: dict[str, Any], me: int) -> list[Action]:
    """The engine's rule, read from the view: for a variety held in two kinds (a Lady and a
    male), marking a card of the kind that does not go first yet (by default the rearmost)."""
    if view.get("phase") != TRADE or not view.get("hand_ids"):
        return []
    rows = list(zip(view["hand_ids"], view["hand"], strict=False))
    if me == view.get("active"):
        rows += [(c["id"], c["card"]) for c in view.get("offer_area") or []]
    held = {c for c, _ in rows}
    marks = [c for c in view.get("give_first") or [] if c in held]
    kinds: dict[str, dict[str, int]] = {}
    rearmost: dict[str, int] = {}
    names = dict(rows)
    for c, name in rows:
        v = bz.variety_of(name)
        rearmost[v] = c
        kinds.setdefault(v, {}).setdefault(name, c)
    out = []
    for v in sorted(kinds):
        if len(kinds[v]) < 2:
            continue
        first = next((c for c in marks if bz.variety_of(names[c]) == v), rearmost[v])
        out += [Action(give_first=c) for name, c in kinds[v].items() if name != names[first]]
    return out


def _is_table(view: dict[str, Any]) -> bool:
    """A 3–5 player position (Bohnanza's turn with Ladybohn's parts)."""
    need = ("fans", "offers", "to_plant", "fields", "phase", "active", "makeup_choice")
    return all(k in view for k in need) and view.get("players", 0) >= 3


# -- words ----------------------------------------------------------------------------------------


def is_lady(card: str) -> bool:
    return card.endswith("-lady") and bz.variety_of(card) != MAKEUP


def card_text(card: str, vocab: bz.Vocabulary | None = None) -> str:
    """A card's name: ``Blue``, ``Blue Lady``, ``Make-up`` (built-in names when no ``vocab``)."""
    name = (vocab or _builtin()).bean(card)
    return tr("tui.ladybohn.lady", name) if is_lady(card) else name


def _players(qs: list[int], viewer: int | None, names: list[str] | None = None) -> str:
    def one(q: int) -> str:
        if q == viewer:
            return tr("tui.you")
        return names[q] if names else tr("tui.player", q)

    return and_list([one(q) for q in qs])


def field_text(view: dict[str, Any], p: int, f: int, vocab: bz.Vocabulary) -> Text:
    """A field as its owner's neighbours see it: variety, size, Ladys, what it pays."""
    cards = view["fields"][p][f]
    ratio = f == 2 and (view.get("third") or [None] * (p + 1))[p] == RATIO
    out = Text(tr("tui.ladybohn.ratio") if ratio else "", style="bold blue" if ratio else "")
    if not cards:
        out.append(tr("tui.empty"), style="dim")
        return out
    top, k = cards[-1], len(cards)
    out.append(f"{vocab.bean(top)} ×{k}", style="bold")
    if bz.variety_of(top) == MAKEUP:
        third = (view.get("third") or [None] * (p + 1))[p] is not None
        if k < 3:
            pays = "m.nothing3" if not third else "m.nothing5"
        elif k < 5:
            pays = "m.field5" if not third else "m.nothing5"
        else:
            pays = "m.fieldorcoin" if not third else "m.coin"
        out.append(" " + tr("tui.ladybohn.guards", tr(f"tui.ladybohn.{pays}")), style="dim")
        return out
    ladies = sum(is_lady(c) for c in cards)
    if is_lady(top):
        out.append(", " + tr("tui.ladybohn.ladytop"), style="magenta")
        if ladies > 1:
            out.append(f" ({tr('tui.ladybohn.ladys', ladies)})", style="magenta")
    elif ladies:
        out.append(", " + tr("tui.ladybohn.ladys", ladies), style="magenta")
    if ratio and not ladies and not view.get("ratio_males_pay", False):
        out.append(f" ({tr('tui.ladybohn.males')})", style="dim")
        return out
    out.append(f" ({bz.meter_text(vocab.meter(top), k)})", style="dim")
    return out


def offer_text(offer: dict[str, Any], viewer: int | None, vocab: bz.Vocabulary) -> str:
    text = bz.offer_text(offer, viewer, vocab)
    promises = offer.get("promises") or ({"receiver": "next"} if offer.get("promise") else {})
    if promises:
        said = promise_words(promises, offer["from"], offer["to"], viewer)
        text += f" · {tr('tui.ladybohn.promise')}: {said}"
    return text


# -- what a player may do, from the view ----------------------------------------------------------


def fan_choice(view: dict[str, Any]) -> list[int]:
    """The fans a turned-up card may join in the fan step."""
    card = view.get("fan_card")
    if view["phase"] != FAN_CHOICE or not card:
        return []
    return [
        i
        for i, fan in enumerate(view["fans"])
        if fan and bz.variety_of(fan[0]) == bz.variety_of(card)
    ]


def stealer(view: dict[str, Any]) -> int | None:
    """Who steals now: the active player, or at the end the first with a steal from her on."""
    if view["phase"] == STEAL:
        return view["active"]
    if view["phase"] == FINAL_STEAL:
        n = view["players"]
        for k in range(n):
            p = (view["active"] + k) % n
            if view["steals"][p]:
                return p
    return None


def _makeup_field(view: dict[str, Any], p: int) -> bool:
    return any(f and bz.variety_of(f[0]) == MAKEUP for f in view["fields"][p])


def steal_targets(view: dict[str, Any]) -> list[int]:
    thief = stealer(view)
    if thief is None:
        return []
    spared = {q for t, q, _ in promised(view) if t == thief}
    return _robbable(view, thief, spared)


def _robbable(view: dict[str, Any], thief: int, promised: set[int] | None = None) -> list[int]:
    """The players ``thief`` may steal from: those with coins, not protected, not promised."""
    final = view["phase"] == FINAL_STEAL
    return [
        p
        for p in range(view["players"])
        if p != thief
        and view["coins"][p]
        and (p not in view.get("protected", []) if final else not _makeup_field(view, p))
        and p not in (promised or set())
    ]


def _steal_actions(targets: list[int]) -> list[Action]:
    """Every steal from up to STEAL_TARGETS of ``targets``, and stealing nothing last."""
    out = [
        Action(steal=list(c))
        for k in range(min(STEAL_TARGETS, len(targets)), 0, -1)
        for c in combinations(targets, k)
    ]
    return [*out, Action(steal=[])]


def _why_not_robbed(view: dict[str, Any], p: int) -> str:
    thief = stealer(view)
    if p == thief:
        return tr("tui.ladybohn.e.you_do_not")
    if not 0 <= p < view["players"]:
        return tr("tui.ladybohn.e.there_is_no", str(p))
    if not view["coins"][p]:
        return tr("tui.ladybohn.e.player_has_no", str(p))
    if any(t == thief and q == p for t, q, _ in promised(view)):
        return tr("tui.ladybohn.e.you_promised_player", str(p))
    return tr("tui.ladybohn.e.player_has_a", str(p))


def rotations(view: dict[str, Any], me: int) -> list[int]:
    f = view["rotation"][me]
    if f is None:
        return []
    fields = view["fields"][me]
    return [g for g in range(len(fields)) if g != f and len(fields[g]) >= 2]


def swaps(view: dict[str, Any], me: int) -> list[int]:
    k = view["hands"][me]
    if view["phase"] == FAN_CHOICE or k == 0:
        return []
    return [i for i, fan in enumerate(view["fans"]) if len(fan) == k]


def _makeup_actions(choice: dict[str, Any]) -> list[Action]:
    return [Action(makeup="field"), Action(makeup="coin" if choice["coin"] else "none")]


def choices(view: dict[str, Any]) -> list[Action]:
    """The moves open to the viewer, in the order the screen numbers them."""
    me, phase = view.get("viewer"), view["phase"]
    if _is_duo(view):
        return _duo_choices(view)
    if me is None or phase == "over" or not _is_table(view):
        return []
    choice = view["makeup_choice"][me]
    if choice is not None:
        return _makeup_actions(choice)
    if phase == FAN_CHOICE:
        return [Action(fan=i) for i in fan_choice(view)] if me == view["active"] else []
    if phase in (STEAL, FINAL_STEAL):
        out = []
        if me == stealer(view):
            out = _steal_actions(steal_targets(view))
        if phase == STEAL:  # meanwhile everyone may harvest, rotate, buy or swap
            fields = view["fields"][me]
            out += [Action(harvest=f) for f in range(len(fields)) if bz._may_harvest(fields, f)]
            out += _extras(view, me)
        return out
    return [a for a in bz.choices(view) if "buy" not in a] + _extras(view, me)


def _extras(view: dict[str, Any], me: int) -> list[Action]:
    """Ladybohn's moves at any time: rotate (right after a harvest), buy, swap; while trading,
    which card of a variety goes first."""
    out = [Action(rotate=g) for g in rotations(view, me)]
    if bz.may_buy_field(view):
        out.append(Action(buy="field"))
    return out + [Action(swap=i) for i in swaps(view, me)] + give_first_choices(view, me)


def chance(view: dict[str, Any]) -> str | None:
    """Moments a person may act in though the game does not wait for her: the rotation right
    after her harvest, and another player's trading (Bohnanza's)."""
    me = view.get("viewer")
    if me is None or not _is_table(view) or view["phase"] == "over":
        return None
    parts = []
    if rotations(view, me):
        sizes = [len(f) for f in view["fields"][me]]
        parts.append(f"rotation after harvesting field {view['rotation'][me] + 1}, fields {sizes}")
    trading = bz.chance(view)
    if trading:
        parts.append(trading)
    return "; ".join(parts) or None


# -- rendering ------------------------------------------------------------------------------------

_PHASE_WORDS = {  # keys of the terminal's words
    PLANT: "tui.phase.plant",
    TRADE: "tui.phase.trade",
    PLANT_TRADES: "tui.phase.plant-trades",
    FAN_CHOICE: "tui.ladybohn.phase.fan",
    STEAL: "tui.ladybohn.phase.steal",
    FINAL_STEAL: "tui.ladybohn.phase.final-steal",
}


def render(view: dict[str, Any], console: Console, names: list[str]) -> None:
    vocab = vocabulary(view)
    if _is_duo(view):
        _render_duo(view, console, names, vocab)
    elif not _is_table(view):
        _render_plain(view, console, names, vocab)
    else:
        _render(view, console, names, vocab)


def _render(view: dict[str, Any], console: Console, names: list[str], vocab: bz.Vocabulary) -> None:
    me, phase = view["viewer"], view["phase"]

    def card(c: str) -> str:
        return card_text(c, vocab)

    console.print(bz._head("Ladybohn", view, names, _PHASE_WORDS, card))
    console.print(
        bz._player_table(
            view, names, lambda p, f: field_text(view, p, f, vocab), lambda p: _notes(view, p)
        )
    )
    for i, fan in enumerate(view["fans"]):
        line = Text(tr("tui.ladybohn.l.fan", i + 1), style="dim")
        if fan:
            line.append(card(fan[0]), style="bold")
            if len(fan) > 1:
                line.append(" · " + " · ".join(card(c) for c in fan[1:]))
        else:
            line.append(f"({tr('tui.empty')})", style="dim")
        line.append("   " + tr("tui.ladybohn.fancards", len(fan)), style="dim")
        console.print(line)
    waiting = view.get("turned") or []
    if phase == FAN_CHOICE and view.get("fan_card"):
        line = Text(tr("tui.ladybohn.l.tolay"), style="dim")
        line.append(card(view["fan_card"]), style="bold yellow")
        rest = [card(c) for c in waiting[1:]]
        if rest:
            line.append("   " + tr("tui.ladybohn.then", and_list(rest)), style="dim")
        console.print(line)
    draft = view.get("draft")
    bz._print_lines(
        console,
        [
            bz._cards_line(
                tr("tui.bohnanza.l.turnedup"), [c["card"] for c in view["offer_area"]], card
            ),
            bz._to_plant_line(view, names, card),
            *bz._offer_lines(view, lambda o: offer_text(o, me, vocab)),
            bz._draft_line(
                draft, vocab, more=_draft_promises(draft, me), hint="tui.ladybohn.drafthint"
            ),
            bz._hand_line(view.get("hand"), lambda c: card(c).replace(" ", "-")),
            _first_line(view, card),
            bz._choices_line(choices(view), lambda action: _choice_text(action, view, vocab)),
        ],
    )
    for text in prompt(view, names, vocab):
        console.print(Text(text, style="bold green"))


def _draft_promises(draft: dict[str, Any] | None, me: int | None) -> str:
    promises = (draft or {}).get("promises") or {}
    if not promises or draft is None or draft.get("to") is None or me is None:
        return ", " + tr("tui.ladybohn.withpromise") if promises else ""
    return "; " + promise_words(promises, me, draft["to"], me)


def _first_line(view: dict[str, Any], card: Any) -> Text | None:
    """The cards the viewer marked to give first, where she holds a variety in two kinds."""
    marks = view.get("give_first") or []
    names = dict(zip(view.get("hand_ids") or [], view.get("hand") or [], strict=False))
    names.update({c["id"]: c["card"] for c in view.get("offer_area") or []})
    shown = [card(names[c]) for c in marks if c in names]
    if not shown:
        return None
    return Text(tr("tui.ladybohn.l.first"), style="dim") + Text(and_list(shown))


def _notes(view: dict[str, Any], p: int) -> str:
    out = []
    if view["steals"][p]:
        out.append(tr("tui.ladybohn.owes", view["steals"][p]))
    if view["phase"] == FINAL_STEAL:
        if p in view.get("protected", []):
            out.append(tr("tui.ladybohn.protected"))
    elif _makeup_field(view, p):
        out.append(tr("tui.ladybohn.protected"))
    spared = [
        tr("tui.ladybohn.forgame", s) if h == "game" else str(s)
        for s, q, h in promised(view)
        if q == p
    ]
    if spared:
        out.append(tr("tui.ladybohn.promisedby", ", ".join(spared)))
    if view["makeup_choice"][p] is not None:
        out.append(tr("tui.ladybohn.choosing"))
    return " · ".join(out)


def _choice_text(action: Action, view: dict[str, Any], vocab: bz.Vocabulary) -> str:
    label = game_label(view, action)
    if label is not None:
        return label
    if action.get("plant") == "front":
        return f"plant {card_text(view['hand'][0], vocab)} on field {action['field'] + 1}"
    if "swap" in action:
        fan = view["fans"][action["swap"]]
        return f"swap your hand for fan {action['swap'] + 1} ({len(fan)} cards)"
    if "fan" in action:
        return f"lay {card_text(view['fan_card'], vocab)} on fan {action['fan'] + 1}"
    return _describe(action, vocab)


def prompt(view: dict[str, Any], names: list[str], vocab: bz.Vocabulary | None = None) -> list[str]:
    """What the game waits for, in words (one line or a few)."""
    vocab = vocab or vocabulary(view)
    me, phase, active = view["viewer"], view["phase"], view["active"]
    if phase == "over" or me is None:
        return [bz.prompt(view, names, vocab)] if phase == "over" else []
    choice = view["makeup_choice"][me]
    if choice is not None:
        other = tr("tui.ladybohn.coin" if choice["coin"] else "tui.ladybohn.none")
        ratio = "" if view.get("ratio_taken") else " " + tr("tui.ladybohn.ratiofirst")
        return [tr("tui.ladybohn.p.makeup", choice["beans"], ratio, other)]
    if phase == FAN_CHOICE:
        if me != active:
            return [tr("tui.ladybohn.p.chooses", names[active])]
        fans = or_list([f"'fan {i + 1}'" for i in fan_choice(view)])
        card = card_text(view["fan_card"], vocab)
        return [tr("tui.ladybohn.p.fan", vocab.bean(view["fan_card"]), card, fans)]
    if phase in (STEAL, FINAL_STEAL):
        thief = stealer(view)
        if thief != me:
            who = names[thief] if thief is not None else tr("tui.ladybohn.someone")
            return [tr("tui.ladybohn.p.stealing", who)]
        targets = steal_targets(view)
        if not targets:
            return [tr("tui.ladybohn.p.nobody")]
        most = min(STEAL_TARGETS, len(targets))
        example = " ".join(str(q) for q in targets[:most])
        return [tr("tui.ladybohn.p.steal", _players(targets, me), example)]
    out = []
    rot = rotations(view, me)
    if rot:
        fields = or_list([tr("field", g + 1) for g in rot])
        out.append(tr("tui.ladybohn.p.rotate", fields, rot[0] + 1))
    out.append(bz.prompt(view, names, vocab))
    can = swaps(view, me)
    if can:
        fans = or_list([f"'swap {i + 1}'" for i in can])
        out.append(tr("tui.ladybohn.p.swap", view["hands"][me], fans))
    return out


# -- describing -----------------------------------------------------------------------------------


def describe(action: Action, vocab: bz.Vocabulary | None = None) -> str:
    """An action in words; ``vocab``: the table's words (Ladybohn's built-in cards when None)."""
    return _describe(action, vocab or _builtin())


def _describe(action: Action, vocab: bz.Vocabulary) -> str:
    if "swap" in action:
        return f"swap your hand for fan {action['swap'] + 1}"
    if "fan" in action:
        return f"lay the card on fan {action['fan'] + 1}"
    if "rotate" in action:
        return f"rotate field {action['rotate'] + 1}"
    if "makeup" in action:
        return {
            "field": "take the free 3rd field",
            "coin": "take the coin and a steal",
            "none": "take nothing",
        }.get(action["makeup"], str(action))
    if "steal" in action:
        who = action["steal"]
        if not who:
            return "steal from nobody"
        return f"steal from player{'s' if len(who) > 1 else ''} " + " and ".join(map(str, who))
    if action.get("draft") == "promise":
        whose = "pledge your own promise" if action.get("side") == "sender" else "promise"
        holds = action.get("holds")
        if holds == "none":
            return f"draft: drop the {whose}"
        asked = whose if action.get("side") == "sender" else "ask the receiver's promise"
        return f"draft: {asked}, {_HOLDS_WORDS.get(holds, 'at the next steal')}"
    if "give_first" in action:
        name = vocab.card(action["give_first"])
        return f"give your {card_text(name, vocab) if name else 'card'} first"
    if "plant" in action and action["plant"] != "front" and vocab.card(action["plant"]):
        card = card_text(vocab.card(action["plant"]) or "", vocab)
        return f"plant {card} on field {action['field'] + 1}"
    if "discard" in action:
        return f"discard {card_text(vocab.card(action['discard']) or '?', vocab)} from the offer"
    if "discard_hand" in action:
        return f"discard hand card {action['discard_hand'] + 1}"
    if "take" in action:
        return f"take every {vocab.bean(action['take'])}"
    if "offer" in action:
        text = bz.describe(action, vocab)
        offer = action["offer"]
        promises = offer.get("promises") or ({"receiver": "next"} if offer.get("promise") else {})
        if promises and isinstance(promises, dict):
            to = offer.get("to")
            text += "; promise: " + promise_words(promises, None, to, None)
        return text
    if set(action) <= _BZ_KEYS:
        return bz.describe(action, vocab)
    return json.dumps(dict(action), sort_keys=True)


# -- parsing --------------------------------------------------------------------------------------

_BZ_KEYS = {"plant", "field", "harvest", "buy", "end", "close", "accept", "decline", "counter"}
_BZ_KEYS |= {"withdraw", "propose", "draft", "variety", "from", "player"}
_VERBS = {
    "swap": ["swap", "swaps", "exchange", "wechsel", "wechsle", "wechseln"],
    "fan": ["fan", "lay", "put", "join", "faecher"],
    "rotate": ["rotate", "rotates", "r", "drehe", "drehen", "dreh", "rotiere", "turn"],
    "makeup": ["choose", "waehle", "reward"],
    "steal": ["steal", "steals", "rob", "klaue", "klauen", "stehle", "stehlen", "raube"],
    "buy": ["buy", "buys", "kaufe", "kaufen", "kauf", "b"],
    "promise": ["promise", "versprechen", "verspreche", "pledge", "gelobe"],
    "first": ["first", "zuerst", "erst"],
}
_VERB = {w: verb for verb, words in _VERBS.items() for w in words}
_PROMISE = {"promise", "promised", "promises", "versprechen", "versprochen", "verspreche"}
_PLEDGE = {"pledge", "pledges", "gelobe", "ehrenwort"}  # the sender's own promise
_HOLDS = {
    **dict.fromkeys(("next", "naechsten", "naechste", "once", "einmal"), "next"),
    **dict.fromkeys(("game", "spiel", "always", "immer", "forever", "ganze"), "game"),
}
_FIELD = {"field", "feld", "third", "3rd", "acker"}
_COIN = {"coin", "coins", "muenze", "taler", "geld"}
_NONE = {"none", "nothing", "nichts", "no", "nein", "nobody", "noone", "niemand", "skip", "keins"}
_ALL = {"all", "everyone", "everybody", "alle", "max"}
_LADY = re.compile(r"[\s-]*\b(lady|ladys|ladies|dame|damen)\b", re.IGNORECASE)


def parse(text: str, view: dict[str, Any], legal: list[Action]) -> Action | str:
    """The action a person meant, or a sentence saying what was wrong."""
    return bz._answer(lambda: _parse_any(text, view, legal))


def _parse_any(text: str, view: dict[str, Any], legal: list[Action]) -> Action | str:
    if text.strip().startswith("{"):
        try:
            return Action.of(json.loads(text))
        except (json.JSONDecodeError, TypeError) as err:
            return tr("tui.ladybohn.e.that_is_not", str(err))
    if _is_duo(view):
        return _parse_duo(text, view, legal, vocabulary(view))
    if not _is_table(view):
        vocab = vocabulary(view)
        return bz.parse_listed(text, view, legal, lambda a: _describe(a, vocab))
    return _parse(text, view, legal, vocabulary(view))


def _lady_words(text: str) -> tuple[bool, list[str]]:
    """Whether ``text`` speaks of Ladys, and its words without them (``make up`` as one)."""
    lady = bool(_LADY.search(text))
    return lady, bz._words(_LADY.sub(" ", re.sub(r"(?i)make[\s-]*up", "makeup", text)))


def _parse(
    text: str, view: dict[str, Any], legal: list[Action], vocab: bz.Vocabulary
) -> Action | str:
    lady, words = _lady_words(text)
    why = bz._not_now(words, view)
    if why:
        return why
    me = view["viewer"]
    if len(words) == 1 and words[0].isdigit():
        return _pick(int(words[0]), view, legal, vocab)
    verb = _VERB.get(words[0])
    rest = words[1:]
    choice = view["makeup_choice"][me]
    if choice is not None:
        said = set(words) & (_FIELD | _COIN | _NONE)
        if (
            verb in ("makeup", "buy")
            or words[0] in ("take", "makeup")
            or (verb is None and (said or bz._VERB.get(words[0]) is None))
        ):
            return _parse_makeup(words, view, legal)
        return tr("tui.ladybohn.e.first_say_what", str("coin" if choice["coin"] else "none"))
    if verb is None and words[0] in _FIELD | _COIN and len(words) <= 2:
        return tr("tui.ladybohn.e.no_make_up")
    phase = view["phase"]
    allowed = {
        FAN_CHOICE: ("fan", "swap"),
        FINAL_STEAL: ("steal",),
        STEAL: ("steal", "swap", "rotate", "buy", "harvest"),
    }.get(phase)
    if allowed is not None and (verb or bz._VERB.get(words[0])) not in allowed:
        return _phase_hint(view, vocab)
    if verb == "swap":
        return _parse_swap(rest, view, legal)
    if verb == "fan":
        return _parse_fan(rest, view, legal)
    if verb == "rotate":
        return _parse_rotate(rest, view, legal, vocab)
    if verb == "makeup":
        return tr("tui.ladybohn.e.no_make_up2")
    if verb == "steal":
        return _parse_steal(rest, view, legal)
    if verb == "buy":
        return _parse_buy(view, legal, vocab)
    if verb == "first":
        return _parse_first(rest, view, legal, lady, vocab)
    if len(words) > 2 and words[0] == "give" and _VERB.get(words[-1]) == "first":
        return _parse_first(words[1:-1], view, legal, lady, vocab)  # 'give your soy lady first'
    if verb == "promise" or (words[0] == "draft" and set(rest) & (_PROMISE | _PLEDGE)):
        return _parse_promise(words if verb == "promise" else rest, view, legal)
    promises, words = _promises_said(words)
    if isinstance(promises, str):
        return promises
    if promises and bz._VERB.get(words[0]) not in ("offer", "gift"):
        return tr("tui.ladybohn.e.a_promise_goes")
    got = bz._parse(" ".join(words), view, legal, vocab)
    if isinstance(got, str) and got == tr("tui.bohnanza.e.verb", words[0]):
        return tr("tui.ladybohn.e.i_do_not", str(words[0]))
    if promises and isinstance(got, Action) and "offer" in got:
        return Action(offer={**got["offer"], "promises": promises})
    if isinstance(got, Action) and got.get("plant") not in (None, "front"):
        return _plant_sex(got, legal, lady, vocab)
    return got


def _plant_sex(action: Action, legal: list[Action], lady: bool, vocab: bz.Vocabulary) -> Action:
    """Bohnanza's parser finds a card of the variety named; a Lady and a male of it are
    different moves (which lies on top decides the pay): the one said ('blue lady'), else the
    male, on the same field."""
    variety = bz.variety_of(vocab.card(action["plant"]) or "")
    same = [
        a
        for a in legal
        if a.get("plant") not in (None, "front")
        and a["field"] == action["field"]
        and _same_kind(a["plant"], variety, lady, vocab)
    ]
    return same[0] if same else action


def _phase_hint(view: dict[str, Any], vocab: bz.Vocabulary) -> str:
    me, phase, active = view["viewer"], view["phase"], view["active"]
    if phase == FAN_CHOICE:
        if me != active:
            return tr("tui.ladybohn.e.player_is_choosing", str(active))
        fans = or_list([f"'fan {i + 1}'" for i in fan_choice(view)])
        return tr(
            "tui.ladybohn.e.first_lay_the", str(card_text(view["fan_card"], vocab)), str(fans)
        )
    thief = stealer(view)
    if me != thief:
        if phase == STEAL:
            return tr("tui.ladybohn.e.player_is_stealing2", str(thief))
        return tr("tui.ladybohn.e.player_is_stealing", str(thief))
    return tr("tui.ladybohn.e.first_steal_steal")


def _pick(k: int, view: dict[str, Any], legal: list[Action], vocab: bz.Vocabulary) -> Action | str:
    return bz._pick_from(k, choices(view), legal, lambda action: _choice_text(action, view, vocab))


def _numbers(rest: list[str]) -> list[int]:
    out = []
    for w in rest:
        q = player_token(w)
        k = q if q is not None else number_token(w)
        if k is not None:
            out.append(k)
    return out


def _parse_makeup(words: list[str], view: dict[str, Any], legal: list[Action]) -> Action | str:
    choice = view["makeup_choice"][view["viewer"]]
    said = set(words)
    if said & _COIN:
        action = Action(makeup="coin")
        if action in legal:
            return action
        return tr("tui.ladybohn.e.only_or_more")
    if said & _FIELD:
        action = Action(makeup="field")
        return action if action in legal else tr("tui.ladybohn.e.you_cannot_take")
    if said & _NONE:
        action = Action(makeup="none")
        if action in legal:
            return action
        return tr("tui.ladybohn.e.with_or_more")
    other = "'coin' (1 coin with a steal)" if choice["coin"] else "'none' (nothing)"
    return tr("tui.ladybohn.e.what_does_your", str(other))


def _parse_swap(rest: list[str], view: dict[str, Any], legal: list[Action]) -> Action | str:
    me, fans = view["viewer"], view["fans"]
    nums = _numbers(rest)
    options = [a for a in legal if "swap" in a]
    hand = view["hands"][me]
    if not nums:
        if len(options) == 1:
            return options[0]
        if not options:
            return _no_swap(view, hand)
        return tr(
            "tui.ladybohn.e.swap_for_which", or_list([f"'swap {a['swap'] + 1}'" for a in options])
        )
    if len(set(nums)) > 1:
        return tr("tui.ladybohn.e.swap_for_one")
    k = nums[0]
    if 1 <= k <= len(fans):
        i = k - 1
    else:
        sized = [i for i, fan in enumerate(fans) if len(fan) == k]
        if not sized:
            return tr(
                "tui.ladybohn.e.fans_are",
                and_list([f"{i + 1} ({len(f)} cards)" for i, f in enumerate(fans)]),
            )
        i = sized[0]
    action = Action(swap=i)
    if action in legal:
        return action
    if view["phase"] == FAN_CHOICE:
        return tr("tui.ladybohn.e.not_during_the")
    if len(fans[i]) != hand:
        return tr("tui.ladybohn.e.fan_has_cards", str(i + 1), str(len(fans[i])), str(hand))
    return _no_swap(view, hand)


def _no_swap(view: dict[str, Any], hand: int) -> str:
    sizes = and_list([str(len(f)) for f in view["fans"]])
    return tr("tui.ladybohn.e.your_hand_of", str(hand), str(sizes))


def _parse_fan(rest: list[str], view: dict[str, Any], legal: list[Action]) -> Action | str:
    if view["phase"] != FAN_CHOICE:
        return tr("tui.ladybohn.e.turned_up_cards")
    if view["viewer"] != view["active"]:
        return tr("tui.ladybohn.e.player_chooses_the", str(view["active"]))
    nums = _numbers(rest)
    options = fan_choice(view)
    if not nums or len(set(nums)) > 1:
        return tr("tui.ladybohn.e.on_which_fan", or_list([f"'fan {i + 1}'" for i in options]))
    action = Action(fan=nums[0] - 1)
    if action in legal:
        return action
    return tr("tui.ladybohn.e.choose", or_list([f"'fan {i + 1}'" for i in options]))


def _parse_rotate(
    rest: list[str], view: dict[str, Any], legal: list[Action], vocab: bz.Vocabulary
) -> Action | str:
    me = view["viewer"]
    fields = view["fields"][me]
    nums = _numbers(rest)
    named = [w for w in rest if number_token(w) is None and w not in bz._FILLER]
    if named and not nums:
        v = bz._bean_word(named[0], vocab)
        nums = [f + 1 for f, c in enumerate(fields) if c and bz.variety_of(c[0]) == v]
        if not nums:
            return tr("tui.ladybohn.e.no_field_of", str(vocab.bean(v)))
    options = [a for a in legal if "rotate" in a]
    if not nums:
        if len(options) == 1:
            return options[0]
        if not options:
            return tr("tui.ladybohn.e.you_may_rotate2")
        return tr(
            "tui.ladybohn.e.rotate_which_field", or_list([str(a["rotate"] + 1) for a in options])
        )
    f = nums[0] - 1
    if not 0 <= f < len(fields):
        return bz._field_range(view)
    action = Action(rotate=f)
    if action in legal:
        return action
    if view["rotation"][me] is None:
        return tr("tui.ladybohn.e.you_may_rotate")
    if f == view["rotation"][me]:
        return tr("tui.ladybohn.e.field_was_just", str(f + 1))
    return tr("tui.ladybohn.e.field_holds_fewer", str(f + 1))


def _parse_steal(rest: list[str], view: dict[str, Any], legal: list[Action]) -> Action | str:
    me = view["viewer"]
    thief = stealer(view)
    if thief is None:
        if view["steals"][me]:
            return tr("tui.ladybohn.e.your_steal_comes")
        return tr("tui.ladybohn.e.you_have_no")
    if thief != me:
        return tr("tui.ladybohn.e.player_is_stealing3", str(thief))
    words = [w for w in rest if w not in bz._FILLER and w not in bz._TO]
    if set(words) & _NONE:
        return Action(steal=[])
    targets = steal_targets(view)
    if set(words) & _ALL:
        if len(targets) > STEAL_TARGETS:
            three = " ".join(map(str, targets[:3]))
            return tr("tui.ladybohn.e.choose_up_to", str(_players(targets, me)), str(three))
        return Action(steal=targets)
    nums = sorted(set(_numbers(words)))
    if not nums:
        if not targets:
            return tr("tui.ladybohn.e.nobody_can_be")
        return tr("tui.ladybohn.e.steal_from_whom", str(_players(targets, me)))
    if len(nums) > STEAL_TARGETS:
        return tr("tui.ladybohn.e.a_steal_takes")
    bad = [q for q in nums if q not in targets]
    if bad:
        return _why_not_robbed(view, bad[0])
    action = Action(steal=nums)
    return action if action in legal else tr("tui.ladybohn.e.that_steal_is")


def _parse_buy(view: dict[str, Any], legal: list[Action], vocab: bz.Vocabulary) -> Action | str:
    action = Action(buy="field")
    if action in legal:
        return action
    me = view["viewer"]
    if view["third"][me] is not None:
        return tr("tui.ladybohn.e.you_already_have")
    if view["phase"] in (FAN_CHOICE, STEAL, FINAL_STEAL):
        return _phase_hint(view, vocab)
    return tr("tui.ladybohn.e.a_rd_field", str(view["coins"][me]))


def _promises_said(words: list[str]) -> tuple[dict[str, str] | str, list[str]]:
    """The promises an offer's words give, and the words without them: 'promise' (the
    receiver's) and 'pledge' (the sender's own), each followed by 'next' or 'game' if said."""
    promises: dict[str, str] = {}
    rest: list[str] = []
    side: str | None = None
    for w in words:
        if w in _PROMISE or w in _PLEDGE:
            side = "receiver" if w in _PROMISE else "sender"
            if side in promises:
                return tr("tui.ladybohn.e.say_each_side"), words
            promises[side] = "next"
        elif side is not None and w in _HOLDS:
            promises[side] = _HOLDS[w]
            side = None
        else:
            side = None
            rest.append(w)
    return promises, rest


def _parse_promise(words: list[str], view: dict[str, Any], legal: list[Action]) -> Action | str:
    """A draft's promise: 'draft promise game' (the receiver's), 'draft pledge next' (your
    own), 'draft promise none' drops it."""
    side = "sender" if any(w in _PLEDGE for w in words) else "receiver"
    holds = "next"
    for w in words:
        if w in _HOLDS:
            holds = _HOLDS[w]
        elif w in _NONE or w == "drop":
            holds = "none"
    action = Action(draft="promise", side=side, holds=holds)
    if action in legal:
        return action
    if view["phase"] != TRADE:
        return tr("tui.ladybohn.e.promises_are_given")
    if any(a.get("draft") == "promise" for a in legal):
        return tr("tui.ladybohn.e.your_draft_already")
    return tr("tui.ladybohn.e.a_promise_goes2")


def _parse_first(
    rest: list[str], view: dict[str, Any], legal: list[Action], lady: bool, vocab: bz.Vocabulary
) -> Action | str:
    """'first soy lady' / 'first soy': which of your cards of a variety a trade takes first."""
    marks = [a for a in legal if "give_first" in a]
    if not marks:
        if view["phase"] != TRADE:
            return tr("tui.ladybohn.e.which_card_goes")
        return tr("tui.ladybohn.e.you_hold_no")
    beans = [bz._bean_word(w, vocab) for w in rest if w not in bz._FILLER and w != "your"]
    if not beans:
        return tr("tui.ladybohn.e.name_the_bean")
    for a in marks:
        if _same_kind(a["give_first"], beans[0], lady, vocab):
            return a
    kind = f"{vocab.bean(beans[0])}{' Lady' if lady else ''}"
    return tr("tui.ladybohn.e.the_goes_first", str(kind))


# -- positions this screen does not know (the 1–2 player game, for now) ---------------------------


def _render_plain(
    view: dict[str, Any], console: Console, names: list[str], vocab: bz.Vocabulary
) -> None:
    me = view.get("viewer")
    head = Text("Ladybohn", style="bold")
    phase = view.get("phase", "?")
    head.append(f" · {phase}")
    if "active" in view and phase != "over":
        head.append(" · " + (tr("tui.yourturn") if view["active"] == me else names[view["active"]]))
    if "stock" in view:
        head.append(" · " + tr("tui.ladybohn.stock", view["stock"]), style="dim")
    if "discard" in view:
        head.append(" · " + tr("tui.bohnanza.discard", len(view["discard"])), style="dim")
    console.print(head)
    fields = view.get("fields") or []
    if fields:
        most = max((len(f) for f in fields), default=0)
        table = Table(box=None, padding=(0, 1), show_header=True, header_style="dim")
        table.add_column(tr("tui.col.player"))
        table.add_column(tr("tui.col.coins"), justify="right")
        table.add_column(tr("tui.col.hand"), justify="right")
        for f in range(most):
            table.add_column(tr("field", f + 1))
        for p, row in enumerate(fields):
            cells = []
            for f in range(most):
                cards = row[f] if f < len(row) else None
                if cards is None:
                    cells.append(Text("—", style="dim"))
                elif not cards:
                    cells.append(Text(tr("tui.empty"), style="dim"))
                else:
                    top = cards[-1]
                    lady = ", " + tr("tui.ladybohn.ladytop") if is_lady(top) else ""
                    cells.append(Text(f"{vocab.bean(top)} ×{len(cards)}{lady}"))
            table.add_row(
                Text(names[p] if p < len(names) else tr("tui.player", p),
                     style="bold cyan" if p == me else ""),
                str((view.get("coins") or [0] * len(fields))[p]),
                str((view.get("hands") or [0] * len(fields))[p]),
                *cells,
            )  # fmt: skip
        console.print(table)
    for i, fan in enumerate(view.get("fans") or []):
        cards = " · ".join(card_text(c, vocab) for c in fan) or f"({tr('tui.empty')})"
        console.print(
            Text(tr("tui.ladybohn.l.fan", i + 1), style="dim")
            + Text(f"{cards}   ({tr('tui.ladybohn.topfirst')})")
        )
    for key in ("offer", "offer_area"):
        cards = view.get(key)
        if cards:
            shown = [card_text(c["card"] if isinstance(c, dict) else c, vocab) for c in cards]
            console.print(Text(tr("tui.bohnanza.l.offer"), style="dim") + Text("  ".join(shown)))
    if view.get("hand") is not None:
        hand = "  ".join(
            f"{i + 1}:{card_text(c, vocab).replace(' ', '-')}" for i, c in enumerate(view["hand"])
        )
        empty = f"({tr('tui.empty')})"
        console.print(Text(tr("tui.bohnanza.l.hand"), style="bold cyan") + Text(hand or empty))
    if phase != "over" and me is not None:
        console.print(Text(tr("tui.ladybohn.plainhint"), style="bold green"))


# -- 2 players and solo (duo.py) ------------------------------------------------------------------

_DUO_WORDS = {  # keys of the terminal's words
    "leftover": "tui.ladybohn.duo.leftover",
    "plant": "tui.phase.plant",
    "take": "tui.ladybohn.duo.take",
    "swap": "tui.ladybohn.duo.swap",
    "steal": "tui.ladybohn.duo.steal",
    "final": "tui.ladybohn.duo.final",
    "final-steal": "tui.ladybohn.phase.final-steal",
}
_OWN_TURN = ("leftover", "plant", "take", "swap")


def _is_duo(view: dict[str, Any]) -> bool:
    return "mode" in view and view.get("players", 0) <= 2 and "fans" in view


def _fitting(fields: list[list[str]], card: str) -> list[int]:
    v = bz.variety_of(card)
    return [f for f, cards in enumerate(fields) if not cards or bz.variety_of(cards[0]) == v]


def _kinds(row: list[dict[str, Any]]) -> list[dict[str, Any]]:
    seen: dict[str, dict[str, Any]] = {}
    for c in row:
        seen.setdefault(c["card"], c)
    return list(seen.values())


def _duo_stealer(view: dict[str, Any]) -> int | None:
    if view["phase"] == "steal":
        return view["active"]
    if view["phase"] == "final-steal" and view.get("steal_now"):
        return view["steal_now"][0]
    return None


def _duo_choices(view: dict[str, Any]) -> list[Action]:
    me, phase = view.get("viewer"), view["phase"]
    if me is None or phase == "over" or me != (_duo_stealer(view) or view["active"]):
        return []
    if phase in ("steal", "final-steal"):
        return _steal_actions(_robbable(view, me))
    choice = view["makeup_choice"][me]
    if choice is not None:
        return _makeup_actions(choice)
    fields, hand = view["fields"][me], view["hand"] or []
    out: list[Action] = []
    if phase == "leftover":
        for c in _kinds(view["offer"]):
            if view["players"] == 2:
                out += [Action(plant=c["id"], field=f) for f in _fitting(fields, c["card"])]
            out.append(Action(discard=c["id"]))
    elif phase == "plant":
        if hand and view["planted"] < 3:
            out += [Action(plant="front", field=f) for f in _fitting(fields, hand[0])]
        if hand and not view["hand_discarded"]:
            out += [Action(discard_hand=i) for i in range(len(hand))]
        if view["planted"] >= 1 or not hand:
            out.append(Action(end="planting"))
    elif phase == "take":
        out += [
            Action(take=v) for v in dict.fromkeys(bz.variety_of(c["card"]) for c in view["offer"])
        ]
        row = view["to_plant"][me]
        for c in _kinds(row):
            out += [Action(plant=c["id"], field=f) for f in _fitting(fields, c["card"])]
        if not row:
            out.append(Action(end="taking"))
    elif phase == "swap":
        out += [Action(swap=0), Action(end="swap")]
    elif phase == "final":
        out += [Action(harvest=f) for f, cards in enumerate(fields) if cards]
        out += [Action(rotate=g) for g in rotations(view, me)]
        out.append(Action(end="game"))
    if phase in _OWN_TURN:
        out += [Action(harvest=f) for f in range(len(fields)) if bz._may_harvest(fields, f)]
        if bz.may_buy_field(view):
            out.append(Action(buy="field"))
        out += [Action(rotate=g) for g in rotations(view, me)]
    return out


def _duo_prompt(view: dict[str, Any], names: list[str], vocab: bz.Vocabulary) -> list[str]:
    me, phase, active = view["viewer"], view["phase"], view["active"]
    if phase == "over":
        coins = view.get("result") or view["coins"]
        tail = ""
        if view["players"] == 1:
            tail = " " + tr("tui.ladybohn.tobeat", len(view["discard"]))
        return [tr("tui.bohnanza.p.over") + ", ".join(map(str, coins)) + tail + "."]
    thief = _duo_stealer(view)
    if thief is not None:
        if thief != me:
            return [tr("tui.ladybohn.d.stealing", names[thief])]
        targets = _robbable(view, me)
        if not targets:
            return [tr("tui.ladybohn.d.nobody")]
        return [tr("tui.ladybohn.d.steal", _players(targets, me), targets[0])]
    if me != active:
        return [tr("tui.onturn", names[active]) + "."]
    choice = view["makeup_choice"][me]
    if choice is not None:
        other = tr("tui.ladybohn.coin" if choice["coin"] else "tui.ladybohn.none")
        return [tr("tui.ladybohn.d.makeup", choice["beans"], other)]
    out = []
    rot = rotations(view, me)
    if rot:
        out.append(tr("tui.ladybohn.d.rotate", rot[0] + 1))
    if phase == "leftover":
        card = card_text(view["offer"][0]["card"], vocab).lower()
        if view["players"] == 1:
            out.append(tr("tui.ladybohn.d.discarded", card))
        else:
            out.append(tr("tui.ladybohn.d.leftover", card))
    elif phase == "plant":
        hand = view["hand"] or []
        if view["planted"] == 0 and hand:
            out.append(tr("tui.ladybohn.d.front", card_text(hand[0], vocab)))
        else:
            out.append(tr("tui.ladybohn.d.next"))
        if not view["hand_discarded"] and hand:
            out.append(tr("tui.ladybohn.d.discard"))
    elif phase == "take":
        row = view["to_plant"][me]
        if row:
            out.append(tr("tui.ladybohn.d.took", card_text(row[0]["card"], vocab).lower()))
        else:
            out.append(tr("tui.ladybohn.d.take"))
    elif phase == "swap":
        out.append(tr("tui.ladybohn.d.swap"))
    elif phase == "final":
        out.append(tr("tui.ladybohn.d.final"))
    return out


def _render_duo(
    view: dict[str, Any], console: Console, names: list[str], vocab: bz.Vocabulary
) -> None:
    me, n, active, phase = view["viewer"], view["players"], view["active"], view["phase"]

    def card(c: str) -> str:
        return card_text(c, vocab)

    mode = {"solo": "tui.ladybohn.solo", "two players": "tui.ladybohn.two"}.get(view["mode"])
    head = Text(f"Ladybohn ({tr(mode) if mode else view['mode']})", style="bold")
    if phase == "over":
        head.append(" · " + tr("tui.over"))
    else:
        who = tr("tui.yourturn") if active == me else tr("tui.onturn", names[active])
        turn = view["turns"][active]
        head.append(f" · {who} ({turn}): ")
        head.append(tr(_DUO_WORDS[phase]) if phase in _DUO_WORDS else phase, style="bold")
    console.print(bz._head_tail(head, view, tr("tui.ladybohn.stock", view["stock"]), card))

    def notes(p: int) -> str:
        out = []
        if view["steals"][p]:
            out.append(tr("tui.ladybohn.owes", view["steals"][p]))
        if n == 2 and _makeup_field(view, p):
            out.append(tr("tui.ladybohn.protected"))
        shown = (view.get("shown") or [[]] * n)[p]
        if shown and p != me:
            out.append(tr("tui.ladybohn.front", ", ".join(card(c) for c in shown)))
        return " · ".join(out)

    console.print(bz._player_table(view, names, lambda p, f: field_text(view, p, f, vocab), notes))
    for i, fan in enumerate(view["fans"]):
        line = Text(tr("tui.ladybohn.l.fan", i + 1), style="dim")
        line.append(" · ".join(card(c) for c in fan) or f"({tr('tui.empty')})")
        line.append("   " + tr("tui.ladybohn.fancards", len(fan)), style="dim")
        console.print(line)
    row = view["to_plant"][me] if me is not None else []
    bz._print_lines(
        console,
        [
            bz._cards_line(tr("tui.bohnanza.l.offer"), [c["card"] for c in view["offer"]], card),
            Text(tr("tui.bohnanza.l.toplant"), style="dim")
            + Text(", ".join(card(c["card"]) for c in row))
            if row
            else None,
            bz._hand_line(view.get("hand"), lambda c: card(c).replace(" ", "-"), front_first=False),
            bz._choices_line(choices(view), lambda action: _duo_choice_text(action, view, vocab)),
        ],
    )
    if me is not None:
        for text in _duo_prompt(view, names, vocab):
            console.print(Text(text, style="bold green"))


def _duo_choice_text(action: Action, view: dict[str, Any], vocab: bz.Vocabulary) -> str:
    label = game_label(view, action)
    if label is not None:
        return label
    if action.get("plant") == "front":
        return f"plant {card_text(view['hand'][0], vocab)} on field {action['field'] + 1}"
    return _describe(action, vocab)


def _parse_duo(
    text: str, view: dict[str, Any], legal: list[Action], vocab: bz.Vocabulary
) -> Action | str:
    lady, words = _lady_words(text)
    why = bz._not_now(words, view)
    if why:
        return why
    me = view["viewer"]
    if not legal:
        return tr("tui.ladybohn.e.it_is_not")
    if len(words) == 1 and words[0].isdigit():
        return _pick(int(words[0]), view, legal, vocab)
    head, rest = words[0], words[1:]
    if view["makeup_choice"][me] is not None and any(a.get("makeup") for a in legal):
        return _parse_makeup(words, view, legal)
    verb = _VERB.get(head) or bz._VERB.get(head)
    if head in ("discard", "drop", "wegwerfen", "abwerfen", "ablegen", "x"):
        verb = "discard"
    elif head in ("take", "nimm", "nehme", "nehmen"):
        verb = "take_offer"
    if verb is None and isinstance(vocab.variety(head), str):
        verb, rest = "plant", words
    if verb == "steal":
        return _parse_duo_steal(rest, view, legal)
    if verb == "swap":
        action = Action(swap=0)
        return action if action in legal else tr("tui.ladybohn.e.you_may_swap")
    if verb == "rotate":
        return _parse_rotate(rest, view, legal, vocab)
    if verb == "harvest":
        return bz._parse_harvest(verb, rest, view, legal, vocab)
    if verb == "buy":
        action = Action(buy="field")
        return action if action in legal else tr("tui.ladybohn.e.you_cannot_buy")
    if verb == "end" or (verb == "decline" and view["phase"] == "swap"):
        return _parse_duo_end(rest, legal, vocab)
    if verb == "take_offer":
        return _parse_duo_take(rest, view, legal, vocab)
    if verb == "discard":
        return _parse_duo_discard(rest, view, legal, lady, vocab)
    if verb == "plant":
        return _parse_duo_plant(rest, view, legal, lady, vocab)
    return tr("tui.ladybohn.e.i_do_not2", str(head))


_NOT_BEANS = {"hand", "front", "every", "all", "alle", "offer", "auslage", "card", "your", "one"}


def _named(rest: list[str], vocab: bz.Vocabulary) -> tuple[list[int], list[str]]:
    nums, beans = [], []
    for w in rest:
        k = number_token(w)
        if k is not None:
            nums.append(k)
        elif w not in bz._FILLER and w not in _NOT_BEANS:
            beans.append(bz._bean_word(w, vocab))
    return nums, beans


def _same_kind(action_card: int, variety: str, lady: bool, vocab: bz.Vocabulary) -> bool:
    name = vocab.card(action_card) or ""
    return bz.variety_of(name) == variety and (is_lady(name) == lady or variety == MAKEUP)


def _parse_duo_plant(
    rest: list[str], view: dict[str, Any], legal: list[Action], lady: bool, vocab: bz.Vocabulary
) -> Action | str:
    nums, beans = _named(rest, vocab)
    plants = [a for a in legal if "plant" in a]
    if not plants:
        return tr("tui.ladybohn.e.there_is_nothing")
    if beans:
        plants = [
            a
            for a in plants
            if a["plant"] != "front" and _same_kind(a["plant"], beans[0], lady, vocab)
        ]
        if not plants:
            kind = f"{vocab.bean(beans[0])}{' Lady' if lady else ''}"
            return tr("tui.ladybohn.e.you_have_no2", str(kind))
    if nums:
        plants = [a for a in plants if a["field"] == nums[0] - 1]
        if not plants:
            return tr("tui.ladybohn.e.that_does_not", str(nums[0]))
    if len({a["plant"] for a in plants}) > 1:
        return tr("tui.ladybohn.e.plant_which_card")
    if len(plants) > 1:
        return tr("tui.ladybohn.e.on_which_field", or_list([str(a["field"] + 1) for a in plants]))
    return plants[0]


def _parse_duo_discard(
    rest: list[str], view: dict[str, Any], legal: list[Action], lady: bool, vocab: bz.Vocabulary
) -> Action | str:
    nums, beans = _named(rest, vocab)
    if nums and not beans:
        action = Action(discard_hand=nums[0] - 1)
        if action in legal:
            return action
        return tr("tui.ladybohn.e.you_may_discard")
    drops = [a for a in legal if "discard" in a]
    if beans:
        drops = [a for a in drops if _same_kind(a["discard"], beans[0], lady, vocab)]
        if not drops:
            hand = [
                Action(discard_hand=i)
                for i, c in enumerate(view["hand"] or [])
                if bz.variety_of(c) == beans[0] and is_lady(c) == lady
            ]
            hand = [a for a in hand if a in legal]
            return hand[0] if hand else tr("tui.ladybohn.e.there_is_no2", str(vocab.bean(beans[0])))
    if len(drops) == 1:
        return drops[0]
    return tr("tui.ladybohn.e.discard_which_discard")


def _parse_duo_take(
    rest: list[str], view: dict[str, Any], legal: list[Action], vocab: bz.Vocabulary
) -> Action | str:
    _, beans = _named(rest, vocab)
    takes = [a for a in legal if "take" in a]
    if beans:
        action = Action(take=beans[0])
        return (
            action
            if action in takes
            else tr("tui.ladybohn.e.the_offer_holds", str(vocab.bean(beans[0])))
        )
    if len(takes) == 1:
        return takes[0]
    return tr("tui.ladybohn.e.take_which_variety", or_list([f"'take {a['take']}'" for a in takes]))


def _parse_duo_end(rest: list[str], legal: list[Action], vocab: bz.Vocabulary) -> Action | str:
    ends = [a for a in legal if "end" in a]
    said = [w for w in rest if w not in bz._FILLER]
    if said:
        ends = [a for a in ends if a["end"].startswith(said[0][:4])] or ends
    if len(ends) == 1:
        return ends[0]
    return (
        tr("tui.ladybohn.e.there_is_nothing2")
        if not ends
        else tr("tui.ladybohn.e.end_what", ", ".join(_describe(a, vocab) for a in ends))
    )


def _parse_duo_steal(rest: list[str], view: dict[str, Any], legal: list[Action]) -> Action | str:
    if not any("steal" in a for a in legal):
        return tr("tui.ladybohn.e.you_have_no3")
    words = [w for w in rest if w not in bz._FILLER and w not in bz._TO]
    if set(words) & _NONE:
        return Action(steal=[])
    nums = sorted(set(_numbers(words)))
    if not nums:
        options = [a for a in legal if a.get("steal")]
        return options[0] if len(options) == 1 else tr("tui.ladybohn.e.steal_from_whom2")
    action = Action(steal=nums)
    return action if action in legal else tr("tui.ladybohn.e.that_player_cannot")
