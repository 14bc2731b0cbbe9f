"""Biber-Mania in a terminal: the table as one player sees it, and what a person types.

Cards are typed by name or digit, German or English, in any case and with any unique
abbreviation of three letters or more: ``5 5 joker``, ``hippie 3 4 5``, ``party 2 5 9``,
``koenig 7 7`` / ``könig`` / ``king``, ``dieb`` / ``thief``, ``fee`` / ``fairy``, ``j`` (joker).
While laying, the letters shown beside the hand pick cards too (``a c d``; there is no ``j``,
that is the joker).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..core import Action
from ..games.bibermania.cards import (
    ACTIONS,
    HIPPIE_RUN,
    JOKER,
    JOKERS,
    PARTY,
    RUN,
    SET,
    card_name,
    load_deck,
    shape,
    sort_cards,
    sort_key,
)
from .words import or_list as _or
from .words import player_token as _player
from .words import tr

# hand positions while laying: no "j", which is the joker
LETTERS = "abcdefghiklmnopqrstuvwxyz"

_DIGITS = load_deck().digits  # to name group shapes; only a Hippie run's top depends on it

# -- card names -----------------------------------------------------------------------------------

_ALIASES: dict[str, str] = {
    "j": JOKER,
    "jo": JOKER,
    "joker": JOKER,
    "jokers": JOKER,
    "wild": JOKER,
    "superbiber": "superbiber",
    "super": "superbiber",
    "superbeaver": "superbiber",
    "sb": "superbiber",
    "dieb": "dieb",
    "thief": "dieb",
    "fee": "fee",
    "fairy": "fee",
    "partybiber": "partybiber",
    "party": "partybiber",
    "partybeaver": "partybiber",
    "pb": "partybiber",
    "hippie": "hippie",
    "hippy": "hippie",
    "gemeinling": "gemeinling",
    "meanie": "gemeinling",
    "bodyguard": "bodyguard",
    "bg": "bodyguard",
    "koenig": "koenig",
    "konig": "koenig",
    "king": "koenig",
    "kg": "koenig",
}
_LONG_NAMES = sorted(k for k in _ALIASES if len(k) >= 4)


def _card(token: str) -> str | None:
    """The card a token names, or None."""
    if token.isdigit():
        return str(int(token)) if int(token) > 0 else None
    if token.endswith("s") and token[:-1].isdigit():  # "5s"
        return _card(token[:-1])
    if token in _ALIASES:
        return _ALIASES[token]
    if len(token) >= 3:
        found = {_ALIASES[name] for name in _LONG_NAMES if name.startswith(token)}
        if len(found) == 1:
            return found.pop()
    return None


def _words(text: str) -> list[str]:
    t = text.lower().replace("ö", "oe").replace("ä", "ae").replace("ü", "ue").replace("ß", "ss")
    t = t.replace("'s", " ")
    t = re.sub(r"[,;:()\[\]/+&.!?\"=]", " ", t)
    t = re.sub(r"\b(p|player|spieler|pl)\s*#?\s*(\d+)\b", r"p\2", t)  # "player 2" -> "p2"
    return t.split()


_FILLER = {
    "the", "a", "an", "one", "card", "cards", "in", "on", "of", "to", "for", "into", "with",
    "lay", "lays", "play", "plays", "beat", "beats", "steal", "steals", "take", "takes",
    "wish", "wishes", "draw", "draws", "deal", "deals", "pick", "picks", "pile", "top", "group",
    "beaten", "it", "them", "please", "i", "my", "your", "der", "den", "dem", "ein", "eine",
}  # fmt: skip
_YES = {"y", "yes", "ja", "j", "keep", "keeps", "k", "hand", "behalten", "true", "ok", "sure"}
_NO = {"n", "no", "nein", "reject", "rejects", "r", "out", "discard", "weg", "false", "nope"}
_DECLINE = {"no", "n", "nein", "none", "nothing", "nichts", "pass", "passes", "skip", "declines"}
_DECLINE |= {"decline", "-", "keine", "kein"}
_DISPLAY = {"display", "disp", "dis", "auslage", "d"}
_SUPPLY = {"supply", "sup", "supp", "vorrat", "s"}
_STOCK = {"stock", "st", "s", "deck", "stapel", "nachziehstapel", "talon"}
_FROM = {"from", "von", "aus", "vom"}


def _named(cards: Iterable[str]) -> str:
    return " ".join(card_name(c) for c in cards)


def _count_word(k: int) -> str:
    return tr(f"tui.num.{k}") if 1 <= k <= 6 else str(k)


def group_shape(cards: list[str]) -> str:
    """What a group on a pile counts as, in a few words."""
    s = shape(cards, _DIGITS)
    if s.kind == SET:
        if s.size == 1:
            text = tr("tui.bibermania.single", s.value)
        else:
            text = tr("tui.bibermania.set", _count_word(s.size), s.value)
        return tr("tui.bibermania.guarded", text) if s.protected else text
    if s.kind == JOKERS:
        if s.size == 1:
            return tr("tui.bibermania.joker1")
        return tr("tui.bibermania.jokers", _count_word(s.size))
    if s.kind == HIPPIE_RUN:
        return tr("tui.bibermania.hippierun", s.size)
    if s.kind == RUN:
        return tr("tui.bibermania.run", s.size)
    if s.kind == PARTY:
        return tr("tui.bibermania.party")
    if s.kind == "action":
        return tr("tui.bibermania.lone", card_name(cards[0]))
    return tr("tui.bibermania.mixed")


# -- rendering ------------------------------------------------------------------------------------


def _card_text(card: str) -> Text:
    if card == JOKER:
        return Text(card_name(card), style="bold yellow")
    if card in ACTIONS:
        return Text(card_name(card), style="magenta")
    return Text(card, style="bold")


def _cards_text(cards: Iterable[str], empty: str = "—") -> Text:
    cards = list(cards)
    if not cards:
        return Text(empty, style="dim")
    return Text(" ").join(_card_text(c) for c in cards)


def _known_text(cards: list[str]) -> Text:
    """Known hand cards, runs of three or more of a kind as "8×4"."""
    out = Text()
    for card, k in sorted(Counter(cards).items(), key=lambda ck: sort_key(ck[0])):
        if out:
            out.append(" ")
        if k >= 3:
            out.append_text(_card_text(card))
            out.append(f"×{k}", style="dim")
        else:
            out.append_text(Text(" ").join(_card_text(card) for _ in range(k)))
    return out


def _who(player: int | None, viewer: int | None, names: list[str]) -> str:
    if player is None:
        return tr("core.nobody")
    return tr("tui.you") if player == viewer else names[player]


def decider(view: dict[str, Any]) -> int | None:
    """The player whose decision the game waits for."""
    if view["phase"] == "over":
        return None
    if view["phase"] == "draw":
        return view["pending"].get("drawer")
    return view["turn"]


def render(view: dict[str, Any], console: Console, names: list[str]) -> None:
    viewer = view["viewer"]
    n = view["players"]
    head = Text(f"Biber-Mania · {tr('tui.bibermania.round', view['round'])}", style="bold")
    if view.get("target"):
        head.append(" " + tr("tui.bibermania.target", view["target"]))
    if view["phase"] != "over":
        head.append(" · " + tr("tui.onturn", names[view["turn"]]))
    deck = view.get("deck") or {}
    if deck.get("status") == "reconstructed":
        head.append("   " + tr("tui.reconstructed", deck.get("size")), style="dim")
    console.print(head)

    table = Table(box=None, padding=(0, 1), show_header=True, header_style="dim")
    table.add_column("")
    table.add_column(tr("tui.col.player"))
    table.add_column(tr("tui.bibermania.col.pile"), max_width=44)
    table.add_column(tr("tui.bibermania.col.below"), justify="right")
    table.add_column(tr("tui.col.hand"), justify="right")
    table.add_column(tr("tui.bibermania.col.known"), max_width=30)
    table.add_column(tr("tui.col.score"), justify="right")
    if view.get("target"):
        table.add_column(tr("tui.col.total"), justify="right")
    for p in range(n):
        pile = view["piles"][p]
        if pile:
            top = _cards_text(pile[-1])
            top.append(f"  ({group_shape(pile[-1])})", style="dim")
        else:
            top = Text(tr("tui.empty"), style="dim")
        below = sum(len(g) for g in pile[:-1])
        hand = view["hands"][p]
        mark = "▶" if p == view["turn"] and view["phase"] != "over" else ""
        row = [
            Text(mark, style="bold green"),
            Text(names[p], style="bold cyan" if p == viewer else ""),
            top,
            Text(str(below) if pile else "", style="dim"),
            str(hand["count"]),
            _known_text(hand["known"]),
            str(view["scores"][p]),
        ]
        if view.get("target"):
            row.append(str(view["totals"][p]))
        table.add_row(*row)
    console.print(table)

    labels = [tr("tui.bibermania.display"), tr("tui.bibermania.supply")]
    wide = max(map(len, labels)) + 2
    display = Text(labels[0].ljust(wide), style="dim")
    display.append_text(_cards_text(view["display"]))
    supply = Text(labels[1].ljust(wide), style="dim")
    supply.append_text(_cards_text(view["supply"]))
    supply.append(
        "     " + tr("tui.bibermania.stock", view["stock"], len(view["rejected"])), style="dim"
    )
    console.print(display)
    console.print(supply)

    if view.get("hand") is not None:
        line = Text(tr("tui.yourhand") + "  ", style="bold cyan")
        for i, card in enumerate(view["hand"]):
            if i:
                line.append("  ")
            if i < len(LETTERS) and view["phase"] == "lay" and viewer == view["turn"]:
                line.append(f"{LETTERS[i]}:", style="dim")
            line.append_text(_card_text(card))
        if not view["hand"]:
            line.append(f"({tr('tui.empty')})", style="dim")
        console.print(line)
    console.print(Text(prompt(view, names), style="bold green"))


def prompt(view: dict[str, Any], names: list[str]) -> str:
    """What the game waits for, in words."""
    phase, pending, viewer = view["phase"], view["pending"], view["viewer"]
    if phase == "over":
        return tr("tui.bibermania.over")
    who = decider(view)
    mine = who == viewer
    lay = pending.get("lay") or []
    laid = tr("tui.bibermania.laid", _who(view["turn"], viewer, names), _named(lay)) if lay else ""
    if phase == "lay":
        if mine:
            return tr("tui.bibermania.p.lay")
        return tr("tui.bibermania.p.laying", names[who])  # type: ignore[index]
    if phase == "beat-display":
        k = len(lay)
        sets = [" ".join([card_name(c)] * (1 if c in ACTIONS else k)) for c in pending["targets"]]
        text = tr("tui.bibermania.p.beatdisplay", _or(sets))
    elif phase == "beat-whom":
        text = tr("tui.bibermania.p.beatwhom", _or([tr("tui.player", p) for p in pending["whom"]]))
    elif phase == "keep":
        keep = pending["keep"]
        what = _named(keep["cards"])
        key = "tui.bibermania.p.keep" if mine else "tui.bibermania.p.keeps"
        text = tr(key, what, tr("tui.player", keep["from"]))
        if keep.get("after"):
            text += "  " + tr("tui.bibermania.p.after", keep["after"])
    elif phase == "steal":
        text = tr("tui.bibermania.p.steal", pending.get("steals", 0))
    elif phase == "fee":
        text = tr("tui.bibermania.p.fee")
    elif phase == "victim":
        others = [str(p) for p in range(view["players"]) if p != who]
        text = tr("tui.bibermania.p.victim", _or(others))
    elif phase == "deal":
        victim = pending.get("victim")
        text = tr("tui.bibermania.p.deal", victim, pending.get("deals"), _example(view))
    elif phase == "draw":
        text = tr("tui.bibermania.p.draw", pending.get("draws", 0), _example(view))
    else:
        text = phase
    if phase == "draw":
        laid = ""
    if mine:
        return laid + text
    return laid + tr("tui.waiting", names[who], text[0].lower() + text[1:])  # type: ignore[index]


def _example(view: dict[str, Any]) -> str:
    return card_name(view["supply"][0]).lower() if view["supply"] else "4"


# -- describing -----------------------------------------------------------------------------------


def describe(action: Action) -> str:
    if "lay" in action:
        return f"lays {_named(action['lay'])}"
    if "beat" in action:
        if action["beat"] == "display":
            return f"beats {card_name(action['card'])} in the display"
        return f"beats player {action['beat']}"
    if "keep" in action:
        return "keeps the beaten card" if action["keep"] else "rejects the beaten card"
    if "steal" in action:
        src = action["steal"]
        where = f"the {src}" if isinstance(src, str) else f"player {src}"
        return f"steals {card_name(action['card'])} from {where}"
    if "fee" in action:
        if action["fee"] is None:
            return "declines the Fee"
        return f"wishes {card_name(action['fee'])} from player {action['from']}"
    if "victim" in action:
        return f"picks player {action['victim']} for the Gemeinling"
    for verb in ("deal", "draw"):
        if verb in action:
            if action[verb] == "stock":
                return f"{verb}s from the stock"
            return f"{verb}s {card_name(action['card'])} from the supply"
    return str(action)


# -- parsing --------------------------------------------------------------------------------------


def parse(text: str, view: dict[str, Any], legal: list[Action]) -> Action | str:
    """The action a person meant, or a sentence saying what was wrong."""
    words = _words(text)
    if not words:
        return tr("tui.typesomething")
    phase = view["phase"]
    handler = {
        "lay": _parse_lay,
        "beat-display": _parse_beat_display,
        "beat-whom": _parse_whom,
        "keep": _parse_keep,
        "steal": _parse_steal,
        "fee": _parse_fee,
        "victim": _parse_victim,
        "deal": _parse_source,
        "draw": _parse_source,
    }.get(phase)
    if handler is None:
        return tr("tui.bibermania.over").rstrip(".")
    try:
        return handler(words, view, legal)
    except (ValueError, KeyError, IndexError, TypeError) as err:  # never an exception
        return tr("tui.unreadable", str(err))


def _unknown(token: str) -> str:
    return tr("tui.bibermania.e.unknown", token)


def _cards_in(words: list[str]) -> list[str] | str:
    """The cards the words name, or what is wrong with the first word that names none."""
    cards = []
    for w in words:
        card = _card(w)
        if card is None:
            return _unknown(w)
        cards.append(card)
    return cards


def _parse_lay(words: list[str], view: dict[str, Any], legal: list[Action]) -> Action | str:
    hand: list[str] = view["hand"] or []
    cards: list[str] = []
    used: set[int] = set()
    for w in words:
        if w in ("lay", "lays", "play", "plays", "and"):
            continue
        if len(w) == 1 and w in LETTERS and w != "j":
            i = LETTERS.index(w)
            if i >= len(hand):
                return tr("tui.bibermania.e.letters", LETTERS[len(hand) - 1], w)
            if i in used:
                return tr("tui.bibermania.e.twice", w)
            used.add(i)
            cards.append(hand[i])
            continue
        card = _card(w)
        if card is None:
            return _unknown(w)
        cards.append(card)
    if not cards:
        return tr("tui.bibermania.e.name")
    missing = Counter(cards) - Counter(hand)
    if missing:
        card = sort_cards(missing)[0]
        held = hand.count(card)
        if not held:
            return tr("tui.bibermania.e.nocard", card_name(card))
        return tr("tui.bibermania.e.only", held, card_name(card))
    return Action(lay=sort_cards(cards))


def _parse_beat_display(
    words: list[str], view: dict[str, Any], legal: list[Action]
) -> Action | str:
    targets = view["pending"].get("targets") or []
    cards = []
    for w in words:
        if w in _FILLER or w in _DISPLAY:
            continue
        card = _card(w)
        if card is None:
            return _unknown(w)
        cards.append(card)
    choice = _or([card_name(c) for c in targets])
    if len(set(cards)) != 1:
        return tr("tui.bibermania.e.beatdisplay", choice)
    action = Action(beat="display", card=cards[0])
    if action not in legal:
        return tr("tui.bibermania.e.notset", card_name(cards[0]), choice)
    return action


def _players_in(words: list[str]) -> tuple[list[int], list[str]]:
    """Explicit player tokens ("p2") and the other words."""
    players, rest = [], []
    for w in words:
        q = _player(w)
        if q is None:
            rest.append(w)
        else:
            players.append(q)
    return players, rest


def _one_player(words: list[str], choices: list[int], what: str) -> int | str:
    players, rest = _players_in(words)
    if not players:
        players = [int(w) for w in rest if w.isdigit()]
    choice = _or([str(q) for q in choices])
    if len(set(players)) != 1:
        return tr("tui.bibermania.e.number", what, choice)
    if players[0] not in choices:
        return tr("tui.bibermania.e.nochoice", tr("tui.player", players[0]), choice)
    return players[0]


def _parse_whom(words: list[str], view: dict[str, Any], legal: list[Action]) -> Action | str:
    choices = [a["beat"] for a in legal]
    q = _one_player(words, choices, tr("tui.bibermania.e.whom"))
    return q if isinstance(q, str) else Action(beat=q)


def _parse_victim(words: list[str], view: dict[str, Any], legal: list[Action]) -> Action | str:
    choices = [a["victim"] for a in legal]
    q = _one_player(words, choices, tr("tui.bibermania.e.victim"))
    return q if isinstance(q, str) else Action(victim=q)


def _parse_keep(words: list[str], view: dict[str, Any], legal: list[Action]) -> Action | str:
    yes = any(w in _YES for w in words)
    no = any(w in _NO for w in words)
    if yes == no:
        return tr("tui.bibermania.e.keep")
    return Action(keep=yes)


def _split_from(words: list[str]) -> tuple[list[str], list[str]]:
    for i, w in enumerate(words):
        if w in _FROM:
            return words[:i], words[i + 1 :]
    return words, []


def _parse_steal(words: list[str], view: dict[str, Any], legal: list[Action]) -> Action | str:
    words = [w for w in words if w not in _FILLER]
    before, after = _split_from(words)
    source: Any = None
    items: list[str] = []
    for part, is_after in ((before, False), (after, True)):
        for w in part:
            q = _player(w)
            if w in _DISPLAY:
                src: Any = "display"
            elif w in _SUPPLY:
                src = "supply"
            elif q is not None:
                src = q
            elif is_after and w.isdigit():
                src = int(w)  # "5 from 2"
            else:
                items.append(w)
                continue
            if source is not None and source != src:
                return tr("tui.bibermania.e.oneplace")
            source = src
    if source is None and len(items) == 2 and items[0].isdigit():
        source, items = int(items[0]), items[1:]  # "2 5": player 2's 5
    if len(items) != 1:
        return tr("tui.bibermania.e.onecard")
    card = _card(items[0])
    if card is None:
        return _unknown(items[0])
    options = [a for a in legal if a["card"] == card and (source is None or a["steal"] == source)]
    if len(options) == 1:
        return options[0]
    if len(options) > 1:
        spots = [describe(a).removeprefix("steals ") for a in options]
        return tr("tui.bibermania.e.places", card_name(card), _or(spots))
    if source is None:
        return tr("tui.bibermania.e.nosteal", card_name(card))
    if isinstance(source, int) and source not in {a["steal"] for a in legal}:
        return tr("tui.bibermania.e.nopile", tr("tui.player", source))
    if isinstance(source, str):
        where = tr(f"bm.where.{source}")
    else:
        where = tr("tui.bibermania.topgroup", tr("tui.player", source))
    return tr("tui.bibermania.e.nostealin", card_name(card), where)


def _parse_fee(words: list[str], view: dict[str, Any], legal: list[Action]) -> Action | str:
    if any(w in _DECLINE for w in words):
        return Action(fee=None)
    words = [w for w in words if w not in _FILLER]
    before, after = _split_from(words)
    players, before = _players_in(before)
    later, after = _players_in(after)
    players += later
    if after and not later and len(after) == 1 and after[0].isdigit():
        players, after = [*players, int(after[0])], []  # "7 from 2"
    items = before + after
    if not players and len(items) == 2 and items[-1].isdigit():
        players, items = [int(items[-1])], items[:-1]  # "7 2": the 7 from player 2
    cards = _cards_in(items)
    if isinstance(cards, str):
        return cards
    if len(cards) == 2 and "fee" in cards:  # "fee 7 from 2"
        cards.remove("fee")
    opponents = sorted({a["from"] for a in legal if a["fee"] is not None})
    if not players and len(opponents) == 1:
        players = opponents
    if len(cards) != 1 or len(set(players)) != 1:
        return tr("tui.bibermania.e.fee")
    if players[0] not in opponents:
        others = _or([str(q) for q in opponents])
        return tr("tui.bibermania.e.notopponent", tr("tui.player", players[0]), others)
    action = Action(fee=cards[0], **{"from": players[0]})
    if action not in legal:
        return tr("tui.bibermania.e.notindeck", card_name(cards[0]))
    return action


def _parse_source(words: list[str], view: dict[str, Any], legal: list[Action]) -> Action | str:
    verb = view["phase"]  # "deal" or "draw"
    words = [w for w in words if w not in _FILLER and w not in _FROM]
    supply = sort_cards(set(view["supply"]))
    kinds = _or([card_name(c) for c in supply])
    say = tr("tui.bibermania.e.stockor", kinds) if supply else "'stock'"
    stock = any(w in _STOCK and w not in ("s",) for w in words) or words == ["s"]
    named = [w for w in words if w not in _STOCK and w not in _SUPPLY]
    if stock and not named:
        action = Action(**{verb: "stock"})
        return action if action in legal else tr("tui.bibermania.e.stockempty", kinds)
    cards = _cards_in(named)
    if isinstance(cards, str):
        return cards
    if not cards and any(w in _SUPPLY for w in words) and len(supply) == 1:
        cards = supply
    if len(cards) != 1:
        return tr(f"tui.bibermania.e.{verb}where", say)
    action = Action(**{verb: "supply", "card": cards[0]})
    if action not in legal:
        return tr("tui.bibermania.e.nosupply", card_name(cards[0]), say)
    return action
