"""Mutterböhnchen in a terminal: Bohnanza's table (``tui/bohnanza.py``: offers, gifts, drafts,
the words for beans) with what this game adds: fields as stacks (males, Ladys, Babys with their
rattles, the 24 special beans by their German names and class M / T / R), fields that accept
several varieties, Bohnentaler as face-down counts, the Rasselbande's attacks and the talers
they draw, the optional Lady/Baby pull, the one-shots' choices, the Flitzer and the end
placement.

What a person types (fields and players by their numbers; a number alone picks from the
choices under the table; JSON is always read):

- ``plant 1`` (the front card on field 1), ``plant 1 under`` (a Kavalier under a Lady); the 2nd
  card with a Hampelmann on top: ``plant chili 2``; traded, given and turned-up cards:
  ``plant blue lady 1``, ``plant kotzbrocken 2``.
- ``harvest 2``; ``done`` ends planting, the attacks, defending, trading or the end placement.
- ``attack 2 1`` (player 2 with the Baby of field 1); ``keep blue 1`` (a drawn taler).
- ``pull 1`` / ``pull none`` (a Lady or Baby moves up 2 places), ``lady 1`` (Frauenversteher),
  ``take 1`` (Schürzenjäger), ``rear 2`` (Arbeitstier), ``taler 2`` (Kameradenschwein: from
  player 2; then ``taler 1``: onto field 1) — the options are numbered on the screen.
- ``flitzer 1`` / ``flitzer no`` (the turned-up Flitzer), ``aktivist 1`` (a turned-up Soy).
- ``place blue 1`` (the end placement), trading as in Bohnanza (``offer 2 give chili want
  blue``, ``gift 1 soy``, ``accept 3`` …), ``first blue lady`` (which card of a variety you hand
  over first).

A position this module does not know (the 2-player game, while its screen is not written) is
shown plainly; its moves are read by their place in the list 'help' shows, as written there,
or as JSON.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from rich.console import Console
from rich.text import Text

from ..core import Action
from ..core.words import Said
from ..games.beans.cards import payout
from ..games.bohnanza.rules import PLANT, PLANT_TRADES, TRADE
from ..games.mutterboehnchen import words as mb_words
from ..games.mutterboehnchen.cards import BABY, LADY, MALE, Kind, load_cards
from ..games.mutterboehnchen.fields import EINSIEDLER, KOTZBROCKEN, UNDER, Beds
from ..games.mutterboehnchen.rules import (
    ARBEITSTIER,
    ATTACK,
    DEFEND,
    FRAUENVERSTEHER,
    KAMERADEN_PLANT,
    KAMERADENSCHWEIN,
    KEEP,
    LOSER,
    PLACE,
    SCHUERZENJAEGER,
    MutterboehnchenGame,
)
from . import bohnanza as bz
from .words import (
    and_list,
    game_label,
    lang,
    number_token,
    or_list,
    player_token,
    tr,
)

TITLE = "Mutterböhnchen"


# -- the cards ------------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def _builtin() -> tuple[bz.Vocabulary, dict[str, str], tuple[str, ...]]:
    """The built-in card file: the words, the special beans' German names, the name of each
    card id (a card of the hand or of the drawn talers is named by its id in a move)."""
    game = MutterboehnchenGame()
    vocab = bz.deck_vocabulary(game.deck)
    names = {s.id: s.name for s in load_cards().specials}
    return vocab, names, tuple(k.name for k in game.kinds)


@lru_cache(maxsize=1)
def special_texts() -> dict[str, str]:
    """The special beans' texts (the built-in card file's, reconstructed)."""
    return {s.id: s.text for s in load_cards().specials}


def special_names() -> dict[str, str]:
    return _builtin()[1]


def card_name(card_id: Any) -> str | None:
    """The kind name of a card id (``blue-lady``), by the built-in card file."""
    ids = _builtin()[2]
    if isinstance(card_id, int) and not isinstance(card_id, bool) and 0 <= card_id < len(ids):
        return ids[card_id]
    return None


def vocabulary(view: dict[str, Any] | None) -> bz.Vocabulary:
    return bz.vocabulary(view, default=_builtin()[0])


def _legend(view: dict[str, Any] | None) -> dict[str, dict[str, Any]]:
    cards = (view or {}).get("cards")
    if isinstance(cards, dict):
        return cards
    return {k.name: _kind_json(k) for k in MutterboehnchenGame().kinds}


def _kind_json(k: Kind) -> dict[str, Any]:
    from ..games.mutterboehnchen.rules import kind_view

    return kind_view(k)


def _kind(name: str, legend: dict[str, dict[str, Any]]) -> Kind:
    d = legend.get(name)
    if d is None:  # an unknown name: read it from its shape
        variety, _, rest = name.partition("-")
        sex = LADY if rest == "lady" else BABY if rest.startswith("baby") else MALE
        return Kind(variety, sex, (), rattles=2 if rest == "baby2" else int(sex == BABY))
    return _make_kind(
        d["variety"],
        d["sex"],
        tuple(d.get("beanometer") or ()),
        int(d.get("rattles", 0)),
        d.get("special", ""),
        d.get("klass", ""),
        d.get("effect", ""),
        d.get("pays", "field"),
    )


@lru_cache(maxsize=512)
def _make_kind(
    variety: str,
    sex: str,
    meter: tuple[int, ...],
    rattles: int,
    special: str,
    klass: str,
    effect: str,
    pays: str,
) -> Kind:
    return Kind(variety, sex, meter, rattles=rattles, special=special, klass=klass,
                effect=effect, pays=pays)  # fmt: skip


def card_text(name: str, vocab: bz.Vocabulary | None = None, view: dict[str, Any] | None = None,
              short: bool = False) -> str:  # fmt: skip
    """A card in words: ``Blue``, ``Blue Lady``, ``Blue Baby (2 rattles)``, ``Kotzbrocken
    (Green, M)`` (``short``: without the rattles' and the class's brackets)."""
    vocab = vocab or _builtin()[0]
    k = _kind(name, _legend(view))
    bean = vocab.bean(k.variety)
    if k.special:
        german = special_names().get(k.special, k.special.capitalize())
        return german if short else f"{german} ({bean}, {k.klass})"
    if k.sex == LADY:
        return tr("tui.ladybohn.lady", bean)
    if k.sex == BABY:
        if short:
            return tr("tui.mutterboehnchen.baby", bean) + ("²" if k.rattles == 2 else "")
        return tr("tui.mutterboehnchen.babyr", bean, k.rattles)
    return bean


def _id_name(view: dict[str, Any] | None, card_id: Any) -> str | None:
    """A card id's name: from what the view shows, else by the built-in card file."""
    for key in ("offer_area",):
        for c in (view or {}).get(key) or []:
            if c.get("id") == card_id:
                return c["card"]
    for row in (view or {}).get("to_plant") or []:
        for c in row:
            if c.get("id") == card_id:
                return c["card"]
    flitzer = (view or {}).get("flitzer") or {}
    for c in flitzer.get("cards") or []:
        if c.get("id") == card_id:
            return c["card"]
    deck = (view or {}).get("deck")  # every card id's kind, by the table's own card file
    if isinstance(deck, list) and isinstance(card_id, int) and 0 <= card_id < len(deck):
        return deck[card_id]
    return card_name(card_id)


# -- the fields, read with the engine's own field rules -----------------------------------------


class _Fields:
    """A player's fields from the view, as the engine's ``Beds`` over local card ids."""

    def __init__(self, view: dict[str, Any], p: int) -> None:
        legend = _legend(view)
        self.names = list(legend)
        self.kinds = [_kind(n, legend) for n in self.names]
        self.index = {n: i for i, n in enumerate(self.names)}
        cards = [[self._id(c, legend) for c in f] for f in view["fields"][p]]
        fv = (view.get("field_varieties") or [None] * (p + 1))[p]
        varieties = list(fv) if fv is not None else [None] * len(cards)
        self.beds = Beds(self.kinds, cards, varieties)

    def _id(self, name: str, legend: dict[str, dict[str, Any]]) -> int:
        if name not in self.index:
            self.index[name] = len(self.names)
            self.names.append(name)
            self.kinds.append(_kind(name, legend))
        return self.index[name]

    def fits(self, name: str, existing_only: bool = False) -> list[tuple[int, str]]:
        return self.beds.fits(self._id(name, {}), existing_only)

    def may_harvest(self, f: int) -> bool:
        return self.beds.may_harvest(f)


# -- what a player may do, from the view ----------------------------------------------------------


def _is_table(view: dict[str, Any]) -> bool:
    need = ("fields", "phase", "active", "attacks", "foist", "placing", "offer_area", "to_plant")
    return all(k in view for k in need) and view.get("players", 0) >= 3


def _is_duo(view: dict[str, Any]) -> bool:
    """The 2-player game (``duo.py``): the table with its own turn; moves by the legal list."""
    need = ("fields", "phase", "active", "hands", "coins")
    return view.get("mode") == "two players" and all(k in view for k in need)


def _distinct(names: list[str]) -> list[str]:
    return list(dict.fromkeys(names))


def _plant_sigs(fields: _Fields, names: list[str], existing_only: bool, key: str) -> list[Action]:
    out = []
    for n in _distinct(names):
        for f, where in fields.fits(n, existing_only):
            out.append(Action({key: n, "field": f, **({"under": True} if where == UNDER else {})}))
    return out


def _harvests(view: dict[str, Any], fields: _Fields, me: int) -> list[Action]:
    if view["phase"] in (PLACE, "over"):
        return []
    return [Action(harvest=f) for f in range(len(view["fields"][me])) if fields.may_harvest(f)]


def _on_top(view: dict[str, Any], p: int, effect: str) -> bool:
    legend = _legend(view)
    return any(f and _kind(f[-1], legend).effect == effect for f in view["fields"][p])


def moment(view: dict[str, Any]) -> int | None:
    """The one player everything waits for, as the engine's ``_moment`` reads it."""
    if view.get("pull"):
        return view["pull"]["player"]
    if view.get("choice"):
        return view["choice"]["player"]
    if view.get("foist"):
        return view["foist"][0]["player"]
    if view.get("flitzer"):
        return view["flitzer"]["order"][0]
    if view["phase"] == DEFEND and view.get("attack"):
        return view["attack"]["target"]
    if view["phase"] == KEEP:
        return view["active"]
    if view["phase"] == PLACE and view.get("placing"):
        return view["placing"][0]
    return None


def _targets(view: dict[str, Any]) -> list[int]:
    n, active = view["players"], view["active"]
    named = [view["targets"].count(q) for q in range(n)]
    triple = n == 3 and len(view["targets"]) + len(view["attacks"]) == 3
    return [
        q
        for q in range(n)
        if q != active and (named[q] == 0 or (triple and named[q] == 1 and max(named) < 2))
    ]


def _option_name(view: dict[str, Any], option: Any) -> str:
    return _id_name(view, option) or "?"


def choices(view: dict[str, Any]) -> list[Action]:
    """The moves open to the viewer, in the order the screen numbers them. A card is named by
    its kind (``blue-lady``) where the view shows no id: ``resolve`` finds the legal move."""
    me, phase = view.get("viewer"), view["phase"]
    if me is None or phase == "over" or not _is_table(view):
        return []
    fields = _Fields(view, me)
    one = moment(view)
    if one is not None and one != me:
        return []
    if view.get("pull"):
        return [Action(pull=i) for i in view["pull"]["options"]] + [Action(pull="none")]
    choice = view.get("choice")
    if choice:
        effect, options = choice["effect"], choice["options"]
        if effect == LOSER:
            return [Action(harvest=g) for g in options]
        if effect == SCHUERZENJAEGER:
            return [Action(take=_option_name(view, c)) for c in options]
        if effect in (ARBEITSTIER, KAMERADEN_PLANT):
            what = "rear" if effect == ARBEITSTIER else "taler"
            return [
                Action(plant=what, field=g, **({"under": True} if w == UNDER else {}))
                for g, w in options
            ]
        if effect == KAMERADENSCHWEIN:
            return [Action(taler_from=q) for q in options]
        return [Action(lady=i, field=g) for g, i in options]
    if view.get("foist"):
        return _plant_sigs(fields, view["foist"][0]["cards"], True, "plant")
    if view.get("flitzer"):
        card = view["flitzer"]["cards"][0]["card"]
        take = _plant_sigs(fields, [card], False, "flitzer")
        return [*take, Action(flitzer="pass"), *_harvests(view, fields, me)]
    if phase == DEFEND:
        return [*_harvests(view, fields, me), Action(end="defending")]
    if phase == KEEP:
        return _plant_sigs(fields, view["attack"]["drawn"], True, "keep")
    if phase == PLACE:
        if me != one:
            return []
        out = [
            Action(place=a["plant"], field=a["field"], **({"under": True} if "under" in a else {}))
            for a in _plant_sigs(fields, view["hand"] or [], True, "plant")
            if a["field"] not in view["placed"]
        ]
        return [*out, Action(end="placing")]
    out: list[Action] = []
    active = me == view["active"]
    hand = view.get("hand") or []
    if phase == PLANT and active:
        if hand:
            for f, where in fields.fits(hand[0]):
                out.append(Action(plant="front", field=f, **({"under": True} if where == UNDER
                                                             else {})))  # fmt: skip
        if view["planted"] == 1 and hand and _on_top(view, me, "second_card_any"):
            out += [
                Action(a, **{"from": "hand"}) for a in _plant_sigs(fields, hand, False, "plant")
            ]
        if view["planted"] >= 1:
            out.append(Action(end="planting"))
    elif phase == ATTACK and active:
        for q in _targets(view):
            out += [Action(attack=q, field=a["field"]) for a in view["attacks"]]
        out.append(Action(end="attacks"))
    elif phase == TRADE:
        if not active and _on_top(view, me, "take_turned_up_soy"):
            soy = [c["card"] for c in view["offer_area"] if bz.variety_of(c["card"]) == "soy"]
            out += [
                Action(aktivist=a["plant"], field=a["field"],
                       **({"under": True} if "under" in a else {}))
                for a in _plant_sigs(fields, soy, False, "plant")
            ]  # fmt: skip
        for o in view["offers"]:
            if o["to"] == me:
                out += [Action(accept=o["id"]), Action(decline=o["id"]), Action(counter=o["id"])]
            if o["from"] == me:
                out.append(Action(withdraw=o["id"]))
        rows = [c["card"] for c in view["to_plant"][me]]
        if active:
            rows += [c["card"] for c in view["offer_area"]]
        out += _plant_sigs(fields, rows, False, "plant")
        if active:
            out.append(Action(end="trading"))
    elif phase == PLANT_TRADES:
        out += _plant_sigs(fields, [c["card"] for c in view["to_plant"][me]], False, "plant")
    return out + _harvests(view, fields, me)


_CARD_KEYS = ("plant", "keep", "place", "flitzer", "aktivist", "take", "give_first", "discard")


def signature(action: Action, view: dict[str, Any] | None = None) -> Action:
    """A move with its card named by kind (``blue-lady``) instead of its id."""
    out = dict(action)
    for key in _CARD_KEYS:
        value = out.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            out[key] = _id_name(view, value) or value
    return Action(out)


def resolve(sig: Action, view: dict[str, Any], legal: list[Action]) -> Action | None:
    """The legal move a signature stands for (the first of its kind), or None."""
    for action in legal:
        if action == sig or signature(action, view) == sig:
            return action
    return None


def chance(view: dict[str, Any]) -> str | None:
    """Another player's trading: a person may offer, gift or plant (Bohnanza's moment)."""
    if not _is_table(view) or view["phase"] != TRADE or moment(view) is not None:
        return None
    return bz.chance(view)


# -- rendering ------------------------------------------------------------------------------------

_PHASE_WORDS = {  # keys of the terminal's words
    PLANT: "tui.phase.plant",
    ATTACK: "tui.mutterboehnchen.phase.attack",
    DEFEND: "tui.mutterboehnchen.phase.defend",
    KEEP: "tui.mutterboehnchen.phase.keep",
    TRADE: "tui.mutterboehnchen.phase.trade",
    PLANT_TRADES: "tui.mutterboehnchen.phase.plant-trades",
    PLACE: "tui.mutterboehnchen.phase.place",
    "leftover": "tui.mutterboehnchen.phase.leftover",
    "reveal": "tui.mutterboehnchen.phase.reveal",
    "take": "tui.ladybohn.duo.take",
}


def render(view: dict[str, Any], console: Console, names: list[str]) -> None:
    vocab = vocabulary(view)
    duo = _is_duo(view)
    if not _is_table(view) and not duo:
        _render_plain(view, console, names, vocab)
        return
    me, phase = view["viewer"], view["phase"]

    def card(c: str) -> str:
        return card_text(c, vocab, view)

    console.print(_head(view, names))
    for p in range(view["players"]):
        for line in _player_lines(view, p, names, vocab):
            console.print(line)
    lines: list[Text | None] = [
        bz._cards_line(
            tr("tui.bohnanza.l.offer" if duo else "tui.bohnanza.l.turnedup"),
            [c["card"] for c in view["offer_area"]],
            card,
        ),
        bz._cards_line(tr("tui.mutterboehnchen.l.aside"), list(view.get("aside") or []), card),
        _flitzer_line(view, names, card),
        _foist_line(view, names, card),
        bz._to_plant_line(view, names, card),
        *bz._offer_lines(view, lambda o: bz.offer_text(o, me, vocab)),
        bz._draft_line(view.get("draft"), vocab),
        *_attack_lines(view, names, card),
        _placing_line(view, names),
        bz._hand_line(view.get("hand"), lambda c: card_text(c, vocab, view, short=True)),
        _give_first_line(view, card),
        *_special_lines(view, vocab),
        bz._choices_line(choices(view), lambda a: choice_text(a, view, vocab)),
    ]
    bz._print_lines(console, lines)
    if duo:
        if phase != "over" and me is not None:
            console.print(Text(tr("tui.mutterboehnchen.duohint"), style="bold green"))
        elif phase == "over":
            console.print(Text(prompt(view, names, vocab)[0], style="bold green"))
        return
    for text in prompt(view, names, vocab):
        console.print(Text(text, style="bold green"))


def _head(view: dict[str, Any], names: list[str]) -> Text:
    me, active, phase = view["viewer"], view["active"], view["phase"]
    head = Text(TITLE, style="bold")
    if phase == "over":
        head.append(" · " + tr("tui.over"))
    else:
        whose = tr("tui.yourturn") if active == me else tr("tui.onturn", names[active])
        head.append(f" · {whose}: ")
        head.append(tr(_PHASE_WORDS[phase]) if phase in _PHASE_WORDS else phase, style="bold")
        if phase == PLANT:
            head.append(" " + tr("tui.bohnanza.planted", view["planted"]))
    runs = max(1, view["players"] - 2)
    if _is_duo(view) and phase != "over":
        holder = view.get("third_field_card")
        if holder is not None:
            head.append(" · " + tr("tui.mutterboehnchen.thirdcard", _who(holder, me, names)))
    nth = {1: "1st", 2: "2nd", 3: "3rd"}.get(runs, f"{runs}th")  # English; German: "2."
    stock = tr("tui.mutterboehnchen.stock", view["stock"], view["exhausted"], nth, runs)
    return bz._head_tail(head, view, stock, lambda c: card_text(c, vocabulary(view), view, True))


def field_text(view: dict[str, Any], p: int, f: int, vocab: bz.Vocabulary) -> Text:
    """A field as a stack, top first: the top card bold, what it pays, what it accepts."""
    cards = view["fields"][p][f]
    out = Text(tr("field", f + 1) + "  ", style="dim")
    if not cards:
        out.append(tr("tui.empty"), style="dim")
        return out
    legend = _legend(view)
    fields = _Fields(view, p)
    top = _kind(cards[-1], legend)
    out.append(card_text(cards[-1], vocab, view), style="bold magenta" if top.special else "bold")
    out.append(f" ×{len(cards)}", style="bold")
    effects = fields.beds.effects(f)
    if KOTZBROCKEN in effects:
        pays = tr("tui.mutterboehnchen.kotz")
    elif top.sex == BABY:
        pays = tr("tui.mutterboehnchen.babytop")
    else:
        pays = _meter(top.beanometer, len(cards))
        if top.pays != "field":
            pays += ", " + tr("tui.mutterboehnchen.bottom")
    out.append(f"  ({pays})", style="dim")
    accepts = sorted(fields.beds.accepts(f))
    if len(accepts) > 1:
        out.append(
            "  " + tr("tui.mutterboehnchen.accepts", "+".join(vocab.bean(v) for v in accepts)),
            style="cyan",
        )
    elif accepts and accepts[0] != top.variety:
        out.append("  " + tr("tui.mutterboehnchen.afield", vocab.bean(accepts[0])), style="cyan")
    if EINSIEDLER in effects:
        out.append(f"  ({tr('tui.mutterboehnchen.nothingontop')})", style="cyan")
    if len(cards) > 1:
        below = " · ".join(card_text(c, vocab, view, short=True) for c in reversed(cards[:-1]))
        out.append("  " + tr("tui.mutterboehnchen.under", below), style="dim")
    return out


def _player_lines(view: dict[str, Any], p: int, names: list[str], vocab: bz.Vocabulary) -> list:
    me, active = view["viewer"], view["active"]
    head = Text("▶ " if p == active and view["phase"] != "over" else "  ", style="bold green")
    head.append(
        names[p] if p < len(names) else tr("tui.player", p),
        style="bold cyan" if p == me else "bold",
    )
    coins = view["coins"][p]
    head.append("  ·  " + tr("tui.mutterboehnchen.talers", coins, view["hands"][p]))
    notes = _notes(view, p)
    if notes:
        head.append(f"  ·  {notes}", style="yellow")
    lines = [head]
    open_ = (view.get("fields_open") or [None] * (p + 1))[p]
    for f in range(len(view["fields"][p])):
        if open_ is not None and f not in open_ and not view["fields"][p][f]:
            lines.append(Text("    " + tr("tui.mutterboehnchen.nofield", f + 1), style="dim"))
            continue
        lines.append(Text("    ") + field_text(view, p, f, vocab))
    return lines


def _notes(view: dict[str, Any], p: int) -> str:
    out = []
    attack = view.get("attack")
    if attack and attack["target"] == p:
        out.append(tr("tui.mutterboehnchen.attacked"))
    if view["phase"] == PLACE and view.get("placing") and view["placing"][0] == p:
        out.append(tr("tui.mutterboehnchen.placing"))
    if moment(view) == p and view.get("choice"):
        out.append(tr("tui.mutterboehnchen.choosing"))
    return " · ".join(out)


def _flitzer_line(
    view: dict[str, Any], names: list[str], card: Callable[[str], str]
) -> Text | None:
    fl = view.get("flitzer")
    if not fl:
        return None
    who = fl["order"][0]
    name = tr("tui.you") if who == view["viewer"] else names[who]
    line = Text("Flitzer    ", style="dim")
    line.append(
        tr("tui.mutterboehnchen.flitzer", card(fl["cards"][0]["card"]), name), style="bold yellow"
    )
    rest = [names[q] if q != view["viewer"] else tr("tui.you") for q in fl["order"][1:]]
    if rest:
        line.append(" " + tr("tui.ladybohn.then", and_list(rest)), style="dim")
    return line


def _foist_line(view: dict[str, Any], names: list[str], card: Callable[[str], str]) -> Text | None:
    rows = view.get("foist") or []
    if not rows:
        return None
    me = view["viewer"]
    line = Text(tr("tui.mutterboehnchen.l.plantnow"), style="dim")
    line.append(
        " · ".join(
            f"{tr('tui.you') if r['player'] == me else names[r['player']]}: "
            + ", ".join(card(c) for c in r["cards"])
            for r in rows
        )
    )
    line.append(f"  ({tr('tui.mutterboehnchen.received')})", style="dim")
    return line


def _attack_lines(view: dict[str, Any], names: list[str], card: Callable[[str], str]) -> list:
    me, active = view["viewer"], view["active"]
    out = []
    who = tr("tui.you") if active == me else names[active]
    if view["attacks"] and (view["phase"] == ATTACK or view.get("attack")):
        planned = ", ".join(
            tr("tui.mutterboehnchen.fieldrattles", a["field"] + 1, a["rattles"])
            for a in view["attacks"]
        )
        line = Text("Rasselbande ", style="dim")
        key = "tui.mutterboehnchen.yourattacks" if active == me else "tui.mutterboehnchen.attacks"
        line.append(tr(key, names[active], planned), style="bold red")
        if view["targets"]:
            so_far = ", ".join(_who(q, me, names) for q in view["targets"])
            line.append("; " + tr("tui.mutterboehnchen.sofar", so_far), style="dim")
        out.append(line)
    attack = view.get("attack")
    if attack:
        line = Text(tr("tui.mutterboehnchen.l.attack"), style="dim")
        line.append(
            tr(
                "tui.mutterboehnchen.attack",
                who,
                _who(attack["target"], me, names),
                attack["field"] + 1,
                attack["rattles"],
            ),
            style="bold red",
        )
        if attack["drawn"]:
            drawn = ", ".join(card(c) for c in attack["drawn"])
            line.append("; " + tr("tui.mutterboehnchen.drawn", drawn), style="bold yellow")
        out.append(line)
    return out


def _meter(meter: tuple[int, ...] | list[int], beans: int) -> str:
    """What a field of ``beans`` cards pays by ``meter``: ``pays 1; 5 beans → 2``."""
    now = payout(tuple(meter), beans)
    nxt = [(tier, need) for tier, need in enumerate(meter, start=1) if need and tier > now]
    text = tr("tui.mutterboehnchen.pays", now)
    if nxt:
        return text + "; " + tr("tui.mutterboehnchen.next", nxt[0][1], nxt[0][0])
    return text + "; " + tr("tui.mutterboehnchen.most")


def _who(q: int, me: int | None, names: list[str]) -> str:
    return tr("tui.you") if q == me else names[q]


def _placing_line(view: dict[str, Any], names: list[str]) -> Text | None:
    if view["phase"] != PLACE or not view.get("placing"):
        return None
    me = view["viewer"]
    order = [_who(q, me, names) for q in view["placing"]]
    line = Text(tr("tui.mutterboehnchen.l.placing"), style="dim")
    line.append(tr("tui.mutterboehnchen.now", order[0]), style="bold")
    if len(order) > 1:
        line.append(", " + tr("tui.mutterboehnchen.then", and_list(order[1:])))
    if view["placed"]:
        placed = ", ".join(str(f + 1) for f in view["placed"])
        line.append(" · " + tr("tui.mutterboehnchen.placed", placed), style="dim")
    return line


def _special_lines(view: dict[str, Any], vocab: bz.Vocabulary) -> list[Text]:
    """What each special bean on the screen does (class M: on top, T: anywhere in its field,
    R: while turned up), those of the hand and the turned-up cards first."""
    legend = _legend(view)
    shown = list(view.get("hand") or []) + [c["card"] for c in view.get("offer_area") or []]
    shown += [c for r in view.get("foist") or [] for c in r["cards"]]
    shown += list((view.get("attack") or {}).get("drawn") or [])
    for fields in view["fields"]:  # those at work: on top (class M), anywhere (class T)
        shown += [c for f in fields for i, c in enumerate(f)
                  if i == len(f) - 1 or _kind(c, legend).klass == "T"]  # fmt: skip
    out = []
    for name in _distinct([c for c in shown if _kind(c, legend).special]):
        k = _kind(name, legend)
        line = Text("  " + card_text(name, vocab, view) + ": ", style="magenta")
        line.append(_special_text(k.special, k.effect), style="dim")
        out.append(line)
    if out:
        out.insert(0, Text(tr("tui.mutterboehnchen.specials"), style="dim"))
    return out


def _special_text(special: str, effect: str) -> str:
    """A special bean's text in the screen's language: the game's words for the built-in
    beans, else the card file's own text."""
    key = f"mb.sp.{special}.doc"
    said = tr(key)
    return said if said != key else special_texts().get(special, effect)


def _give_first_line(view: dict[str, Any], card: Callable[[str], str]) -> Text | None:
    marks = view.get("give_first") or []
    if view["phase"] != TRADE or not marks:
        return None
    named = [card(_id_name(view, c) or "?") for c in marks]
    return Text(tr("tui.ladybohn.l.first"), style="dim") + Text(", ".join(named))


def _pull_text(view: dict[str, Any], i: int, vocab: bz.Vocabulary) -> str:
    pull = view["pull"]
    cards = view["fields"][pull["player"]][pull["field"]]
    name = card_text(cards[i], vocab, view, short=True) if 0 <= i < len(cards) else "?"
    return tr("tui.mutterboehnchen.pull", name, _place(len(cards), i), pull["field"] + 1)


def _place(size: int, i: int) -> str:
    k = size - i
    if k == 1:
        return tr("tui.mutterboehnchen.top")
    return tr("tui.mutterboehnchen.fromtop", _ordinal(k), k)


def _ordinal(k: int) -> str:
    """``2nd``: English ordinals (the German words write ``2.``)."""
    ends = {1: "st", 2: "nd", 3: "rd"}
    return f"{k}{'th' if 11 <= k % 100 <= 13 else ends.get(k % 10, 'th')}"


def choice_text(action: Action, view: dict[str, Any], vocab: bz.Vocabulary) -> str:
    """A choice of the menu in words (with the view's cards and fields)."""
    if "pull" in action:
        if action["pull"] == "none":
            return tr("tui.mutterboehnchen.nopull")
        return _pull_text(view, action["pull"], vocab)
    if "lady" in action:
        g, i = action["field"], action["lady"]
        cards = view["fields"][view["viewer"]][g]
        name = card_text(cards[i], vocab, view, short=True) if 0 <= i < len(cards) else "Lady"
        return tr("tui.mutterboehnchen.totop", name, _place(len(cards), i), g + 1)
    label = _game_label(action, view)
    if label is not None:
        return label
    if action.get("plant") == "front":
        hand = view.get("hand") or []
        name = card_text(hand[0], vocab, view, short=True) if hand else "the front card"
        under = " under the Lady" if action.get("under") else ""
        return f"plant {name}{under} on field {action['field'] + 1}"
    return describe(signature(action, view), vocab, view)


_CARD_SAID = {  # a menu's move that names its card by kind, as the game's words say it
    "plant": "mb.a.plant",
    "keep": "mb.a.keep",
    "place": "mb.a.place",
    "aktivist": "mb.a.aktivist",
    "take": "mb.a.take",
    "discard": "mb.a.discard",
    "give_first": "mb.a.givefirst",
}


def _game_label(action: Action, view: dict[str, Any]) -> str | None:
    """A menu's move in the game's own words (outside English): a move the menu names by its
    card's kind (``signature``) is said with that card, the others as the game says them."""
    if lang() == "en":
        return None
    for key, said in _CARD_SAID.items():
        value = action.get(key)
        if isinstance(value, str) and value not in ("front", "rear", "taler", "pass"):
            args: list[Any] = [mb_words.card(view, value)]
            if "field" in action:
                where = Said("field", action["field"] + 1)
                args.append(Said("mb.a.underlady", where) if action.get("under") else where)
            return tr(Said(said, *args))
    return game_label(view, action)


def prompt(view: dict[str, Any], names: list[str], vocab: bz.Vocabulary | None = None) -> list[str]:
    """What the game waits for, in words."""
    vocab = vocab or vocabulary(view)
    me, phase, active = view["viewer"], view["phase"], view["active"]
    if phase == "over":
        coins = view.get("result") or view["coins"]
        return [
            tr("tui.mutterboehnchen.p.over")
            + ", ".join(f"{_who(p, me, names)} {c}" for p, c in enumerate(coins))
        ]
    if me is None:
        return []
    one = moment(view)
    if one is not None and one != me:
        doing = "foist" if view.get("foist") else "choosing"
        if view.get("flitzer") and not view.get("pull") and not view.get("choice"):
            doing = "flitzer"
        elif phase == DEFEND:
            doing = "defending"
        elif phase == PLACE:
            doing = "place"
        return [tr(f"tui.mutterboehnchen.doing.{doing}", names[one])]
    if view.get("pull"):
        return [tr("tui.mutterboehnchen.p.pull")]
    choice = view.get("choice")
    if choice:
        return [_choice_prompt(choice["effect"])]
    if view.get("foist"):
        cards = view["foist"][0]["cards"]
        first = card_text(cards[0], vocab, view, short=True).lower()
        return [tr("tui.mutterboehnchen.p.foist", first)]
    if view.get("flitzer"):
        return [tr("tui.mutterboehnchen.p.flitzer")]
    if phase == DEFEND:
        return [tr("tui.mutterboehnchen.p.defend")]
    if phase == KEEP:
        return [tr("tui.mutterboehnchen.p.keep")]
    if phase == PLACE:
        if not any("place" in a for a in choices(view)):
            return [tr("tui.mutterboehnchen.p.noplace")]
        return [tr("tui.mutterboehnchen.p.place")]
    if phase == ATTACK and me == active:
        q = _targets(view)[0] if _targets(view) else 0
        f = view["attacks"][0]["field"] + 1 if view["attacks"] else 1
        return [tr("tui.mutterboehnchen.p.attack", q, f)]
    if phase == PLANT and me == active:
        hand = view.get("hand") or []
        if view["planted"] == 0 and hand:
            if not _Fields(view, me).fits(hand[0]):
                return [tr("tui.mutterboehnchen.p.nofit")]
            name = card_text(hand[0], vocab, view, short=True)
            return [tr("tui.bohnanza.p.front", name)]
        return [tr("tui.mutterboehnchen.p.next")]
    if phase == TRADE:
        if me == active:
            return [tr("tui.mutterboehnchen.p.trade")]
        mine = [o for o in view["offers"] if o["to"] == me]
        if mine:
            return [tr("tui.bohnanza.p.answer", f"#{mine[0]['id']}", mine[0]["id"])]
        return [tr("tui.mutterboehnchen.p.trades", names[active])]
    if phase == PLANT_TRADES:
        row = view["to_plant"][me]
        if row:
            name = card_text(row[0]["card"], vocab, view, short=True).lower()
            return [tr("tui.mutterboehnchen.p.left", name)]
        return [tr("tui.mutterboehnchen.p.othersleft")]
    return [tr("tui.onturn", names[active]) + "."]


_CHOICE_KEYS = {
    LOSER: "loser",
    FRAUENVERSTEHER: "frauenversteher",
    SCHUERZENJAEGER: "schuerzenjaeger",
    ARBEITSTIER: "arbeitstier",
    KAMERADENSCHWEIN: "kameradenschwein",
    KAMERADEN_PLANT: "kameradenplant",
}


def _choice_prompt(effect: str) -> str:
    return tr(f"tui.mutterboehnchen.c.{_CHOICE_KEYS.get(effect, 'any')}")


# -- positions this screen does not know (the 2-player game, for now) -----------------------------


def _render_plain(
    view: dict[str, Any], console: Console, names: list[str], vocab: bz.Vocabulary
) -> None:
    me = view.get("viewer")
    head = Text(TITLE, style="bold")
    phase = view.get("phase", "?")
    head.append(f" · {phase}")
    if "active" in view and phase != "over":
        head.append(" · " + (tr("tui.yourturn") if view["active"] == me else names[view["active"]]))
    if "stock" in view:
        head.append(" · " + tr("tui.ladybohn.stock", view["stock"]), style="dim")
    console.print(head)
    fields = view.get("fields") or []
    coins = view.get("coins") or [0] * len(fields)
    hands = view.get("hands") or [0] * len(fields)
    for p, row in enumerate(fields):
        line = Text(names[p] if p < len(names) else tr("tui.player", p),
                    style="bold cyan" if p == me else "bold")  # fmt: skip
        line.append("  ·  " + tr("tui.mutterboehnchen.talers", coins[p], hands[p]))
        console.print(line)
        for f, cards in enumerate(row):
            field = tr("field", f + 1)
            if not cards:
                console.print(Text(f"    {field}  {tr('tui.empty')}", style="dim"))
                continue
            stack = " · ".join(card_text(c, vocab, view, short=True) for c in reversed(cards))
            console.print(Text(f"    {field}  ") + Text(stack + f"  (×{len(cards)})"))
    for key in ("offer", "offer_area"):
        cards = view.get(key)
        if cards:
            shown = [card_text(c["card"] if isinstance(c, dict) else c, vocab, view) for c in cards]
            console.print(Text(tr("tui.bohnanza.l.offer"), style="dim") + Text("  ".join(shown)))
    if view.get("hand") is not None:
        hand = "  ".join(
            f"{i + 1}:{card_text(c, vocab, view, short=True).replace(' ', '-')}"
            for i, c in enumerate(view["hand"])
        )
        empty = f"({tr('tui.empty')})"
        console.print(Text(tr("tui.bohnanza.l.hand"), style="bold cyan") + Text(hand or empty))
    if phase != "over" and me is not None:
        console.print(Text(tr("tui.ladybohn.plainhint"), style="bold green"))


# -- describing -----------------------------------------------------------------------------------


def describe(
    action: Action, vocab: bz.Vocabulary | None = None, view: dict[str, Any] | None = None
) -> str:
    """A move in words (a card id named by the view, else by the built-in card file)."""
    vocab = vocab or _builtin()[0]

    def card(value: Any) -> str:
        name = value if isinstance(value, str) else _id_name(view, value)
        return card_text(name, vocab, view, short=True) if name else f"card {value}"

    under = ", under its top" if action.get("under") else ""
    if "pull" in action:
        if action["pull"] == "none":
            return "pull none"
        pull = (view or {}).get("pull") or {}
        if action["pull"] in pull.get("options", []):
            k = pull["options"].index(action["pull"]) + 1
            return f"pull {k}: " + _pull_text(view or {}, action["pull"], vocab)
        return f"pull: move up the card at place {action['pull'] + 1} from the bottom"
    if "plant" in action:
        f = action["field"] + 1
        what = action["plant"]
        if what == "front":
            return f"plant the front card on field {f}{under}"
        if what == "rear":
            return f"plant the rearmost hand card on field {f}{under}"
        if what == "taler":
            return f"plant the drawn taler on field {f}{under}"
        src = " from the hand" if action.get("from") == "hand" else ""
        return f"plant {card(what)}{src} on field {f}{under}"
    if "keep" in action:
        return f"keep {card(action['keep'])} on field {action['field'] + 1}{under}"
    if "place" in action:
        return f"place {card(action['place'])} on field {action['field'] + 1}{under}"
    if "flitzer" in action:
        if action["flitzer"] == "pass":
            return "flitzer: leave him"
        return f"flitzer: take him onto field {action['field'] + 1}{under}"
    if "aktivist" in action:
        if action["aktivist"] == "pass":
            return "aktivist: leave the Soy"
        return f"aktivist: take {card(action['aktivist'])} onto field {action['field'] + 1}{under}"
    if "attack" in action:
        return f"attack player {action['attack']} with field {action['field'] + 1}"
    if "take" in action:
        return f"take {card(action['take'])} from the discard pile"
    if "taler_from" in action:
        return f"taler from player {action['taler_from']}"
    if "lady" in action:
        choice = (view or {}).get("choice") or {}
        options = choice.get("options") or []
        here = [action["field"], action["lady"]]
        if here in options:
            k = options.index(here) + 1
            g, i = here
            cards = view["fields"][choice["player"]][g] if view else []
            size = len(cards)
            return f"lady {k}: the Lady {_place(size, i)} of field {g + 1} to the top"
        return f"lady: the Lady at place {action['lady'] + 1} of field {action['field'] + 1}"
    if "give_first" in action:
        return f"give first: {card(action['give_first'])}"
    if "discard_hand" in action:
        return f"discard hand card {action['discard_hand'] + 1}"
    if "discard" in action:
        return f"discard {card(action['discard'])} from the offer"
    if "end" in action:
        return f"end {action['end']}"
    if set(action) <= _BZ_KEYS:
        return bz.describe(action, vocab)
    return json.dumps(dict(action), sort_keys=True)


_BZ_KEYS = {"plant", "field", "harvest", "buy", "end", "close", "accept", "decline", "counter"}
_BZ_KEYS |= {"withdraw", "propose", "draft", "variety", "from", "player", "offer"}


# -- parsing --------------------------------------------------------------------------------------

_VERBS = {
    "attack": ["attack", "attacks", "angriff", "angreifen", "greife", "att"],
    "keep": ["keep", "behalte", "behalten", "k"],
    "pull": ["pull", "move", "up", "hoch", "ziehe", "ziehen"],
    "lady": ["lady", "dame"],
    "take": ["take", "nimm", "nehme", "nehmen"],
    "rear": ["rear", "last", "hintere", "letzte", "arbeitstier"],
    "taler": ["taler", "bohnentaler", "kameradenschwein", "coin"],
    "flitzer": ["flitzer"],
    "aktivist": ["aktivist", "activist"],
    "place": ["place", "put", "lege", "legen", "anlegen"],
    "first": ["first", "zuerst", "givefirst"],
    "discard": ["discard", "drop", "wegwerfen", "abwerfen", "ablegen"],
}
_VERB = {w: verb for verb, words in _VERBS.items() for w in words}
_NONE = {"none", "no", "nothing", "nichts", "nein", "skip", "keine", "keins", "n", "leave", "pass"}
_UNDER = {"under", "unter", "below"}


def parse(text: str, view: dict[str, Any], legal: list[Action]) -> Action | str:
    """The move a person meant, or a sentence saying what was wrong."""
    return bz._answer(lambda: _parse_any(text, view, legal))


def _parse_any(text: str, view: dict[str, Any], legal: list[Action]) -> Action | str:
    if text.strip().startswith("{"):
        try:
            return Action.of(json.loads(text))
        except (json.JSONDecodeError, TypeError) as err:
            return tr("tui.mutterboehnchen.e.that_is_not", str(err))
    vocab = vocabulary(view)
    if _is_duo(view):
        return _parse_duo(text, view, legal, vocab)
    if not _is_table(view):
        return bz.parse_listed(text, view, legal, lambda a: describe(a, vocab))
    return _parse(text, view, legal, vocab)


def _parse_duo(
    text: str, view: dict[str, Any], legal: list[Action], vocab: bz.Vocabulary
) -> Action | str:
    """The 2-player game: a number picks from the legal list ('help'), a move as 'help' writes
    it, or the words of the 3–6 player screen (checked against the legal moves)."""
    t = " ".join(text.lower().split())
    if t and view.get("phase") != "over" and legal:
        if t.isdigit():
            k = int(t)
            return (
                legal[k - 1]
                if 1 <= k <= len(legal)
                else tr("tui.mutterboehnchen.e.choose_to_help", str(len(legal)))
            )
        for action in legal:
            if " ".join(describe(action, vocab, view).lower().split()) == t:
                return action
    got = _parse(text, view, legal, vocab)
    if isinstance(got, Action) and got not in legal and "offer" not in got:
        return tr("tui.mutterboehnchen.e.is_not_possible", str(describe(got, vocab, view)))
    return got


def _words(text: str) -> list[str]:
    t = re.sub(r"(?i)\b(baby|babys|babies)\s*(2|²|two)\b", "baby2", text.replace("²", "2"))
    t = re.sub(r"(?i)\b(lady|ladys|ladies|dame|damen)\b", " lady ", t)
    t = re.sub(r"-(lady|baby2|baby)\b", r" \1", t)
    return bz._words(t)


def _card_spec(words: list[str], vocab: bz.Vocabulary) -> tuple[dict[str, Any], list[str]]:
    """A card named in ``words`` (variety, sex, rattles or special) and the other words."""
    spec: dict[str, Any] = {}
    rest = []
    specials = _special_words()
    for w in words:
        f = bz._fold(w)
        if w in ("lady", "ladies", "ladys"):
            spec["sex"] = LADY
        elif w in ("baby", "babys", "babies"):
            spec["sex"] = BABY
        elif w == "baby2":
            spec["sex"], spec["rattles"] = BABY, 2
        elif w in ("male", "mann", "maennlich", "he"):
            spec["sex"] = MALE
        elif len(f) >= 4 and "special" not in spec and any(k.startswith(f) for k in specials):
            hits = sorted({v for k, v in specials.items() if k.startswith(f)})
            if len(hits) > 1:
                raise bz._Say(f"'{w}' could be {or_list([special_names()[h] for h in hits])}")
            spec["special"] = hits[0]
        elif (
            number_token(w) is None
            and player_token(w) is None
            and w not in bz._FILLER
            and (isinstance(vocab.variety(w), str))
        ):
            spec["variety"] = vocab.variety(w)
        else:
            rest.append(w)
    return spec, rest


@lru_cache(maxsize=1)
def _special_words() -> dict[str, str]:
    """Folded words for the special beans (German name and id) -> id."""
    names = special_names()
    return {bz._fold(v): k for k, v in names.items()} | {k: k for k in names}


def _matches(name: str, spec: dict[str, Any], view: dict[str, Any]) -> bool:
    k = _kind(name, _legend(view))
    if "special" in spec:
        return k.special == spec["special"]
    if "variety" in spec and k.variety != spec["variety"]:
        return False
    if "sex" in spec:
        if k.special or k.sex != spec["sex"]:
            return False
        if "rattles" in spec and k.rattles != spec["rattles"]:
            return False
        if spec["sex"] == BABY and "rattles" not in spec and k.rattles != 1:
            return False
    return True


def _narrow(kinds: list[str], spec: dict[str, Any], view: dict[str, Any]) -> list[str]:
    """Of several kinds a card word matches, the plain male when the word named only a variety
    ('blue': the Blue, not the Blue Lady)."""
    if len(kinds) <= 1 or not spec or "sex" in spec or "special" in spec:
        return kinds
    legend = _legend(view)
    plain = [k for k in kinds if _kind(k, legend).sex == MALE and not _kind(k, legend).special]
    return plain if len(plain) == 1 else kinds


def _numbers(words: list[str]) -> list[int]:
    out = []
    for w in words:
        q = player_token(w)
        k = q if q is not None else number_token(w)
        if k is not None:
            out.append(k)
    return out


def _pick_card(
    options: list[Action],
    key: str,
    spec: dict[str, Any],
    nums: list[int],
    view: dict[str, Any],
    legal: list[Action],
    vocab: bz.Vocabulary,
    under: bool,
    what: str,
) -> Action | str:
    """Of ``options`` (signatures with ``key`` naming a card kind and a ``field``), the one the
    words mean: the card named (a male before a Lady of one variety), the field numbered."""
    if not options:
        return tr("tui.mutterboehnchen.e.there_is_nothing", str(what))
    if spec:
        options = [a for a in options if _matches(a[key], spec, view)]
        if not options:
            return tr("tui.mutterboehnchen.e.that_card_cannot", str(what))
    kinds = _narrow(_distinct([a[key] for a in options]), spec, view)
    if len(kinds) > 1 and nums:  # 'keep 2': the one card that fits field 2
        on_field = _distinct([a[key] for a in options if a["field"] == nums[0] - 1])
        kinds = on_field if len(on_field) == 1 else kinds
    if len(kinds) > 1:
        said = or_list([card_text(k, vocab, view, short=True) for k in kinds])
        example = card_text(kinds[0], vocab, view, True).lower()
        return tr("tui.mutterboehnchen.e.which_card_e", str(said), str(what), str(example))
    options = [a for a in options if a[key] == kinds[0]]
    if nums:
        f = nums[0] - 1
        here = [a for a in options if a["field"] == f]
        if not here:
            fits = or_list([str(a["field"] + 1) for a in options])
            name = card_text(kinds[0], vocab, view, True)
            return tr("tui.mutterboehnchen.e.the_does_not", str(name), str(nums[0]), str(fits))
        options = here
    fields = sorted({a["field"] for a in options})
    if len(fields) > 1:
        return tr(
            "tui.mutterboehnchen.e.on_which_field", str(or_list([str(f + 1) for f in fields]))
        )
    if len(options) > 1:
        options = [a for a in options if bool(a.get("under")) == under] or options
    got = resolve(options[0], view, legal)
    return (
        got
        if got is not None
        else tr("tui.mutterboehnchen.e.is_not_possible2", str(describe(options[0], vocab, view)))
    )


def _parse(
    text: str, view: dict[str, Any], legal: list[Action], vocab: bz.Vocabulary
) -> Action | str:
    words = _words(text)
    why = bz._not_now(words, view)
    if why:
        return why
    me = view["viewer"]
    if len(words) == 1 and words[0].isdigit():
        menu = choices(view)
        k = int(words[0])
        if not menu:
            return tr("tui.mutterboehnchen.e.there_is_nothing3")
        if not 1 <= k <= len(menu):
            return tr("tui.mutterboehnchen.e.choose_to_from", str(len(menu)))
        got = resolve(menu[k - 1], view, legal)
        if got is None and {"accept", "counter"} & set(menu[k - 1]):
            return bz._parse(describe(menu[k - 1], vocab), _bz_view(view), legal, vocab)
        return got or f"'{choice_text(menu[k - 1], view, vocab)}' is not possible now"
    if not legal:
        return _waiting(view)
    head, rest = words[0], words[1:]
    verb = _VERB.get(head) or bz._VERB.get(head)
    if head == "give" and rest and rest[0] in ("first", "zuerst"):
        verb, rest = "first", rest[1:]
    if verb == "take" and _is_duo(view) and view["phase"] == "take":
        verb = "plant"  # the 2-player offer: what is taken is planted
    if head in _NONE and (view.get("pull") or view.get("flitzer")):
        verb, rest = ("pull" if view.get("pull") else "flitzer"), ["none"]
    one = moment(view)
    if one is not None and one != me:
        if verb == "harvest":
            return bz._parse_harvest(verb, rest, view, legal, vocab)
        return _waiting(view)
    pending = _pending(view)
    if pending and verb not in pending:
        if verb is None and words[0].isdigit():
            pass
        else:
            return _pending_hint(view, vocab)
    spec, other = _card_spec(rest, vocab)
    nums = _numbers(other)
    under = any(w in _UNDER for w in other)
    sigs = [signature(a, view) for a in legal]
    if verb is None and (spec or isinstance(vocab.variety(head), str)):
        verb, (spec, other) = "plant", _card_spec(words, vocab)
        nums = _numbers(other)
    if verb == "pull":
        return _parse_option(view, legal, "pull", rest, vocab)
    if verb == "lady":
        return _parse_option(view, legal, "lady", rest, vocab)
    if verb == "take":
        return _parse_option(view, legal, "take", rest, vocab, spec)
    if verb == "rear":
        return _field_choice(sigs, "rear", nums, under, view, legal, vocab, "the rearmost card")
    if verb == "taler":
        choice = view.get("choice") or {}
        if choice.get("effect") == KAMERADENSCHWEIN:
            options = [a for a in legal if "taler_from" in a]
            if not nums:
                return tr(
                    "tui.mutterboehnchen.e.from_whom",
                    or_list([f"'taler {a['taler_from']}'" for a in options]),
                )
            action = Action(taler_from=nums[0])
            return (
                action
                if action in legal
                else tr(
                    "tui.mutterboehnchen.e.choose", or_list([str(a["taler_from"]) for a in options])
                )
            )
        if choice.get("effect") == KAMERADEN_PLANT:
            return _field_choice(sigs, "taler", nums, under, view, legal, vocab, "the drawn taler")
        if view["phase"] == KEEP:
            verb = "keep"
        else:
            return tr("tui.mutterboehnchen.e.you_draw_no")
    if verb == "flitzer":
        if not view.get("flitzer"):
            return tr("tui.mutterboehnchen.e.no_flitzer_is")
        if set(rest) & _NONE:
            action = Action(flitzer="pass")
            return action if action in legal else tr("tui.mutterboehnchen.e.you_cannot_leave")
        options = [a for a in sigs if "flitzer" in a and a["flitzer"] != "pass"]
        return _pick_card(options, "flitzer", {}, nums, view, legal, vocab, under, "take")
    if verb == "aktivist":
        if set(rest) & _NONE:
            action = Action(aktivist="pass")
            return action if action in legal else tr("tui.mutterboehnchen.e.no_aktivist_claim")
        options = [a for a in sigs if "aktivist" in a and a["aktivist"] != "pass"]
        if not options:
            return tr("tui.mutterboehnchen.e.an_aktivist_on")
        return _pick_card(options, "aktivist", spec, nums, view, legal, vocab, under, "take")
    if verb == "attack":
        return _parse_attack(nums, view, legal)
    if verb == "keep":
        options = [a for a in sigs if "keep" in a]
        if view["phase"] != KEEP:
            return tr("tui.mutterboehnchen.e.you_keep_a")
        return _pick_card(options, "keep", spec, nums, view, legal, vocab, under, "keep")
    if verb == "place":
        options = [a for a in sigs if "place" in a]
        if view["phase"] != PLACE:
            return tr("tui.mutterboehnchen.e.hand_cards_are")
        return _pick_card(options, "place", spec, nums, view, legal, vocab, under, "place")
    if verb == "first":
        options = [a for a in sigs if "give_first" in a]
        if not options:
            return tr("tui.mutterboehnchen.e.you_hold_no")
        if spec:
            options = [a for a in options if _matches(a["give_first"], spec, view)]
        kinds = _narrow(_distinct([a["give_first"] for a in options]), spec, view)
        options = [a for a in options if a["give_first"] in kinds[:1]]
        if not kinds:
            return tr("tui.mutterboehnchen.e.that_card_is")
        if len(kinds) > 1:
            said = [f"'first {card_text(k, vocab, view, True).lower()}'" for k in kinds]
            return tr("tui.mutterboehnchen.e.give_which_card", or_list(said))
        return resolve(options[0], view, legal) or "that is not possible now"
    if verb == "plant":
        return _parse_plant(spec, other, nums, under, view, legal, sigs, vocab)
    if verb == "discard":
        if spec:
            drops = [a for a in sigs if "discard" in a and _matches(a["discard"], spec, view)]
            kinds = _narrow(_distinct([a["discard"] for a in drops]), spec, view)
            if len(kinds) == 1:
                return resolve(next(a for a in drops if a["discard"] == kinds[0]), view, legal) or (
                    "that is not possible now"
                )
            if not kinds:
                return tr("tui.mutterboehnchen.e.there_is_no")
            return tr(
                "tui.mutterboehnchen.e.discard_which",
                or_list([card_text(k, vocab, view, True) for k in kinds]),
            )
        if nums:
            action = Action(discard_hand=nums[0] - 1)
            if action in legal:
                return action
        if any("discard_hand" in a for a in legal):
            return tr("tui.mutterboehnchen.e.discard_which_hand")
        return tr("tui.mutterboehnchen.e.nothing_can_be")
    if verb == "end":
        ends = [a for a in legal if "end" in a]
        if len(ends) == 1:
            return ends[0]
        if view["phase"] == PLANT and me == view["active"]:
            return tr("tui.mutterboehnchen.e.plant_your_front")
        if view["phase"] in (TRADE, PLANT_TRADES) and me != view["active"]:
            return tr("tui.mutterboehnchen.e.only_player_whose", str(view["active"]))
        if view["phase"] == PLANT_TRADES:
            return tr("tui.mutterboehnchen.e.plant_what_is")
        return tr("tui.mutterboehnchen.e.there_is_nothing2")
    if verb == "harvest":
        if view["phase"] == PLACE:
            return tr("tui.mutterboehnchen.e.in_the_end")
        choice = view.get("choice") or {}
        if choice.get("effect") == LOSER and not nums and len(legal) > 1:
            return tr(
                "tui.mutterboehnchen.e.the_loser_makes",
                or_list([f"'harvest {a['harvest'] + 1}'" for a in legal]),
            )
        return bz._parse_harvest(verb, rest, view, legal, vocab)
    if verb == "buy":
        return tr("tui.mutterboehnchen.e.in_mutterb_hnchen")
    if verb in (
        "offer",
        "gift",
        "accept",
        "decline",
        "withdraw",
        "counter",
        "send",
        "clear",
        "draft",
    ):
        if view["phase"] != TRADE:
            return tr("tui.mutterboehnchen.e.offers_are_made")
        return bz._parse(text, _bz_view(view), legal, vocab)
    return tr("tui.mutterboehnchen.e.i_do_not", str(head))


def _bz_view(view: dict[str, Any]) -> dict[str, Any]:
    """The view as Bohnanza's offer parser reads it: every card as its variety."""
    legend = _legend(view)

    def v(name: str) -> str:
        return _kind(name, legend).variety

    return {
        **view,
        "hand": [v(c) for c in view.get("hand") or []],
        "offer_area": [{"id": c["id"], "card": v(c["card"])} for c in view["offer_area"]],
    }


def _pending(view: dict[str, Any]) -> set[str] | None:
    """The verbs a pending choice allows (None: no choice waits)."""
    if view.get("pull"):
        return {"pull"}
    choice = view.get("choice")
    if choice:
        return {
            LOSER: {"harvest"},
            FRAUENVERSTEHER: {"lady", "pull"},
            SCHUERZENJAEGER: {"take"},
            ARBEITSTIER: {"rear", "plant"},
            KAMERADENSCHWEIN: {"taler"},
            KAMERADEN_PLANT: {"taler", "plant"},
        }.get(choice["effect"], set())
    if view.get("foist"):
        return {"plant"}
    if view.get("flitzer"):
        return {"flitzer", "harvest"}
    return None


def _pending_hint(view: dict[str, Any], vocab: bz.Vocabulary) -> str:
    if view.get("pull"):
        return tr("tui.mutterboehnchen.e.first_does_a")
    choice = view.get("choice")
    if choice:
        return tr("tui.mutterboehnchen.e.first", _choice_prompt(choice["effect"]))
    if view.get("foist"):
        card = card_text(view["foist"][0]["cards"][0], vocab, view, short=True).lower()
        return tr("tui.mutterboehnchen.e.first_plant_what", str(card))
    return tr("tui.mutterboehnchen.e.first_take_the")


def _waiting(view: dict[str, Any]) -> str:
    one = moment(view)
    if one is not None and one != view["viewer"]:
        return tr("tui.mutterboehnchen.e.player_is_to", str(one))
    return tr("tui.mutterboehnchen.e.it_is_not")


def _parse_option(
    view: dict[str, Any],
    legal: list[Action],
    key: str,
    rest: list[str],
    vocab: bz.Vocabulary,
    spec: dict[str, Any] | None = None,
) -> Action | str:
    """A pending choice's option by its number among the options (``pull 1``), ``none``."""
    options = [a for a in legal if key in a and a[key] != "none"]
    if key == "pull" and not view.get("pull"):
        if (view.get("choice") or {}).get("effect") == FRAUENVERSTEHER:
            options = [a for a in legal if "lady" in a]
        else:
            return tr("tui.mutterboehnchen.e.nothing_can_be2")
    if not options:
        return {
            "lady": "no Frauenversteher asks to move a Lady now",
            "take": "no Schürzenjäger lets you take a Lady now",
        }.get(key, f"there is nothing to {key} now")
    if key == "pull" and set(rest) & _NONE:
        return Action(pull="none")
    if spec and key == "take":
        options = [a for a in options if _matches(_id_name(view, a["take"]) or "", spec, view)]
        if len(options) == 1:
            return options[0]
    nums = _numbers(rest)
    if "place" in rest and nums:  # "at place 2 (of field 1)": counted from the bottom
        by_place = [a for a in options if next(iter(a.values())) == nums[0] - 1 or
                    a.get("lady") == nums[0] - 1]  # fmt: skip
        if len(nums) > 1:
            by_place = [a for a in by_place if a.get("field") == nums[1] - 1]
        if len(by_place) == 1:
            return by_place[0]
    if not nums:
        if len(options) == 1:
            return options[0]
        return tr("tui.mutterboehnchen.e.which_one_to", str(key), str(key), str(len(options)))
    k = nums[0]
    if not 1 <= k <= len(options):
        return tr(
            "tui.mutterboehnchen.e.choose_to",
            str(key),
            str(key),
            str(len(options)),
            " or 'pull none'" if key == "pull" else "",
        )
    return options[k - 1]


def _field_choice(
    sigs: list[Action],
    what: str,
    nums: list[int],
    under: bool,
    view: dict[str, Any],
    legal: list[Action],
    vocab: bz.Vocabulary,
    name: str,
) -> Action | str:
    options = [a for a in legal if a.get("plant") == what]
    if not options:
        return tr("tui.mutterboehnchen.e.there_is_no2", str(name))
    fields = sorted({a["field"] for a in options})
    if not nums:
        if len(fields) == 1:
            nums = [fields[0] + 1]
        else:
            return tr(
                "tui.mutterboehnchen.e.plant_on_which",
                str(name),
                or_list([f"'{what} {f + 1}'" for f in fields]),
            )
    here = [a for a in options if a["field"] == nums[0] - 1]
    if not here:
        return tr(
            "tui.mutterboehnchen.e.does_not_fit",
            str(name),
            str(nums[0]),
            or_list([str(f + 1) for f in fields]),
        )
    return next((a for a in here if bool(a.get("under")) == under), here[0])


def _parse_attack(nums: list[int], view: dict[str, Any], legal: list[Action]) -> Action | str:
    me = view["viewer"]
    attacks = [a for a in legal if "attack" in a]
    if view["phase"] != ATTACK or me != view["active"]:
        return tr("tui.mutterboehnchen.e.only_the_active")
    if not attacks:
        return tr("tui.mutterboehnchen.e.no_baby_of")
    fields = sorted({a["field"] for a in attacks})
    targets = sorted({a["attack"] for a in attacks})
    if not nums:
        if len(targets) == 1 and len(fields) == 1:
            return attacks[0]
        return tr("tui.mutterboehnchen.e.attack_whom_attack", str(targets[0]), str(fields[0] + 1))
    q = nums[0]
    if q not in targets:
        if q == me:
            return tr("tui.mutterboehnchen.e.you_do_not")
        return tr(
            "tui.mutterboehnchen.e.player_cannot_be",
            str(q),
            str(or_list([str(t) for t in targets])),
        )
    if len(nums) > 1:
        f = nums[1] - 1
    elif len(fields) == 1:
        f = fields[0]
    else:
        which = or_list([str(g + 1) for g in fields])
        return tr("tui.mutterboehnchen.e.with_which_baby", str(q), str(fields[0] + 1), str(which))
    action = Action(attack=q, field=f)
    if action in legal:
        return action
    return tr(
        "tui.mutterboehnchen.e.field_has_no", str(f + 1), str(or_list([str(g + 1) for g in fields]))
    )


def _parse_plant(
    spec: dict[str, Any],
    other: list[str],
    nums: list[int],
    under: bool,
    view: dict[str, Any],
    legal: list[Action],
    sigs: list[Action],
    vocab: bz.Vocabulary,
) -> Action | str:
    me, phase = view["viewer"], view["phase"]
    choice = view.get("choice") or {}
    if choice.get("effect") == ARBEITSTIER:
        return _field_choice(sigs, "rear", nums, under, view, legal, vocab, "the rearmost card")
    if choice.get("effect") == KAMERADEN_PLANT:
        return _field_choice(sigs, "taler", nums, under, view, legal, vocab, "the drawn taler")
    if phase == KEEP:
        return _pick_card(
            [a for a in sigs if "keep" in a], "keep", spec, nums, view, legal, vocab, under, "keep"
        )
    if phase == PLACE:
        return _pick_card(
            [a for a in sigs if "place" in a],
            "place",
            spec,
            nums,
            view,
            legal,
            vocab,
            under,
            "place",
        )
    if phase == PLANT and not view.get("foist"):
        if me != view["active"]:
            return tr("tui.mutterboehnchen.e.player_is_planting", str(view["active"]))
        hand = view.get("hand") or []
        if not hand:
            return tr("tui.mutterboehnchen.e.your_hand_is")
        fronts = [a for a in legal if a.get("plant") == "front"]
        anyof = [a for a in sigs if a.get("from") == "hand"]
        if spec and anyof:
            return _pick_card(anyof, "plant", spec, nums, view, legal, vocab, under, "plant")
        if spec and not _matches(hand[0], spec, view):
            name = card_text(hand[0], vocab, view, short=True)
            return tr("tui.mutterboehnchen.e.your_front_card", str(name))
        if not fronts:
            if view["planted"] >= 2:
                return tr("tui.mutterboehnchen.e.you_have_planted")
            if view["planted"] == 0:
                return tr("tui.mutterboehnchen.e.your_front_card2")
            return tr("tui.mutterboehnchen.e.your_next_card")
        fields = sorted({a["field"] for a in fronts})
        if not nums:
            same = [f for f in fields if view["fields"][me][f]]
            if len(fields) == 1 or len(same) == 1:
                nums = [(same or fields)[0] + 1]
            else:
                which = or_list([str(f + 1) for f in fields])
                return tr("tui.mutterboehnchen.e.on_which_field2", str(which), str(fields[0] + 1))
        f = nums[0] - 1
        if not 0 <= f < len(view["fields"][me]):
            return tr("tui.mutterboehnchen.e.you_have_fields", str(len(view["fields"][me])))
        here = [a for a in fronts if a["field"] == f]
        if not here:
            name = card_text(hand[0], vocab, view, short=True)
            return tr(
                "tui.mutterboehnchen.e.your_does_not",
                str(name),
                str(f + 1),
                f"field {or_list([str(g + 1) for g in fields])}" if fields else "harvest first",
            )
        return next((a for a in here if bool(a.get("under")) == under), here[0])
    options = [a for a in sigs if "plant" in a and a["plant"] not in ("front", "rear", "taler")]
    if not options:
        if phase in (TRADE, PLANT_TRADES):
            return tr("tui.mutterboehnchen.e.you_have_nothing")
        return tr("tui.mutterboehnchen.e.there_is_nothing4")
    return _pick_card(options, "plant", spec, nums, view, legal, vocab, under, "plant")


__all__ = ["chance", "choices", "describe", "parse", "render"]
