"""Bodensee Mau-Mau in a terminal: the table as one player sees it, and what a person types.

Mau-Mau is played in real time (``REALTIME``): ``spieltisch play`` hands it to the host in
``tui/realtime.py``, where a person types at any moment while bots act on their own reaction
times. What a person types (case does not matter, ``♥`` works for ``h``):

- a card to lay: ``7h``, several 10s at once ``10h 10s``, a jack with its wish ``Jh s``, a
  queen with her partner ``Qh 2``; a 3 at any time ``3c``; a 2 on an empty pile ``2d``;
- ``draw``, ``pass``, ``take`` (the 7-chain), ``sit`` (sit out an 8);
- ``throw 9c`` (``throw Jh s``, ``throw Qh 2``): a throw-in onto a 9 or with the privilege;
- ``l`` / ``r`` / ``b``: slap with the left, the right or both hands;
- ``mau``, ``miau``, ``maumau``, ``matt``: the word owed;
- ``joker``: put a joker down in front of you; ``pilz 2``: bring back winner 2;
- as the dealer, after a turned-up jack or queen: ``wish s`` / ``swap 2`` (or just ``s``/``2``).

``typed(action)`` is the text for an action (``parse`` reads it back); ``describe`` says it in
words.
"""

from __future__ import annotations

import re
from functools import partial
from typing import Any

from rich.console import Console
from rich.text import Text

from ..core import Action
from ..games.maumau.pile import Laid, cancelled
from ..games.maumau.rules import JOKER, RANKS, SUITS, rank, sort_cards, suit
from .words import and_list, hidden_from, plural, tr, you_or_player

REALTIME = True
"""Played in real time: several people and bots act at once, so the host is ``realtime``."""

SUIT_NAMES = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
_SUIT_SIGNS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
OWN_LOG = True  # in English this screen logs cards as typed ("10h"); German: the game's words
_SAID = {"mau": "Mau", "miau": "Miau", "mau-mau": "Mau-Mau", "matt": "Matt"}
_NEED = {"left": "the left hand", "right": "the right hand", "both": "both hands"}

# -- what a person types ----------------------------------------------------------------------

_SUIT_WORDS = {
    **{s: s for s in SUITS},
    **{name: s for s, name in SUIT_NAMES.items()},
    **{name[:-1]: s for s, name in SUIT_NAMES.items()},  # "club", "heart", ...
    "kreuz": "c",
    "karo": "d",
    "herz": "h",
    "pik": "s",
}
_RANK_WORDS = {"j": "J", "q": "Q", "k": "K", "a": "A", "b": "J", "d": "Q"}  # B(ube), D(ame)
_CARD = re.compile(r"(10|[2-9]|[jqkabd])([cdhs])")
_WORD_SAID = {
    "mau": "mau",
    "miau": "miau",
    "maumau": "mau-mau",
    "mau-mau": "mau-mau",
    "matt": "matt",
}
_SIMPLE = {
    "draw": Action(draw=True),
    "ziehen": Action(draw=True),
    "pass": Action(**{"pass": True}),
    "weiter": Action(**{"pass": True}),
    "take": Action(take=True),
    "sit": Action(sit_out=True),
    "sitout": Action(sit_out=True),
    "aussetzen": Action(sit_out=True),
    "joker": Action(joker=True),
    "jo": Action(joker=True),
}
_SLAP = {
    "l": "left",
    "left": "left",
    "links": "left",
    "r": "right",
    "right": "right",
    "rechts": "right",
    "b": "both",
    "both": "both",
    "beide": "both",
}
_FILLER = {"lay", "play", "legen", "say", "sag", "slap", "with", "and", "on", "out", "the"}


def card_token(token: str) -> str | None:
    """The card a token names (``7h``, ``10♥``, ``jh``, ``Dh`` for Dame, ``joker``), else None."""
    t = token.lower()
    for letter, sign in _SUIT_SIGNS.items():
        t = t.replace(sign, letter)
    t = t.replace("♤", "s").replace("♡", "h").replace("♢", "d").replace("♧", "c")
    if t == JOKER:
        return JOKER
    m = _CARD.fullmatch(t)
    if m is None:
        return None
    r = _RANK_WORDS.get(m.group(1), m.group(1))
    return r + m.group(2) if r in RANKS else None


def _player_of(token: str) -> int | None:
    m = re.fullmatch(r"(?:p|player|spieler)?#?(\d+)", token)
    return int(m.group(1)) if m else None


def _tokens(text: str) -> list[str]:
    t = text.strip().lower()
    for letter, sign in _SUIT_SIGNS.items():
        t = t.replace(sign, letter)
    t = re.sub(r"\b(mau)[\s-]+(mau)\b", "maumau", t)
    t = re.sub(r"\bsit[\s-]+out\b", "sit", t)
    t = re.sub(r"\b(p|player|spieler)\s+#?(\d+)\b", r"p\2", t)
    t = re.sub(r"[,;:!.?\"'()]", " ", t)
    return t.split()


def parse(text: str, view: dict[str, Any], legal: list[Action] | None = None) -> Action | str:
    """The action a person meant, or a sentence saying what was wrong with the text. Whether the
    rules allow it now is the engine's to say (its reason is shown)."""
    words = _tokens(text)
    if not words:
        return tr("tui.typesomething")
    head, rest = words[0], words[1:]
    if head in _WORD_SAID and not rest:
        return Action(say=_WORD_SAID[head])
    if head == "say" and len(rest) == 1 and rest[0] in _WORD_SAID:
        return Action(say=_WORD_SAID[rest[0]])
    if head in _SIMPLE and not rest:
        return _SIMPLE[head]
    if head == "slap" and len(rest) == 1 and rest[0] in _SLAP:
        return Action(slap=_SLAP[rest[0]])
    if head in _SLAP and not rest:
        return Action(slap=_SLAP[head])
    if head == "pilz":
        q = _player_of(rest[0]) if len(rest) == 1 else None
        if q is None:
            return tr("tui.maumau.e.pilz")
        return Action(pilz=q)
    if head == "wish":
        s = _SUIT_WORDS.get(rest[0]) if len(rest) == 1 else None
        return Action(wish=s) if s else tr("tui.maumau.e.wish")
    if head == "swap":
        q = _player_of(rest[0]) if len(rest) == 1 else None
        return Action(swap=q) if q is not None else tr("tui.maumau.e.swap")
    choice = view.get("choice")
    if choice is not None and choice.get("player") == view.get("viewer") and len(words) == 1:
        # the dealer answers a turned-up jack or queen with a bare suit or seat
        if choice["what"] == "wish" and head in _SUIT_WORDS:
            return Action(wish=_SUIT_WORDS[head])
        if choice["what"] == "swap" and _player_of(head) is not None:
            return Action(swap=_player_of(head))
    verb = "lay"
    if head in ("throw", "werfen", "reinwerfen"):
        verb, words = "throw", rest
        if not words:
            return tr("tui.maumau.e.throw")
    return _parse_cards(verb, [w for w in words if w not in _FILLER])


def _parse_cards(verb: str, words: list[str]) -> Action | str:
    if not words:
        return tr("tui.maumau.e.card")
    first = card_token(words[0])
    if first is None:
        return tr("tui.maumau.e.unknown", words[0])
    if first == JOKER:
        if len(words) == 1 and verb == "lay":
            return Action(joker=True)
        return tr("tui.maumau.e.joker")
    r = rank(first)
    if verb == "throw" and r in ("J", "Q") and len(words) == 1:
        return Action(throw=first)  # an unfitting throw-in: no wish, no partner
    if r == "J":
        if len(words) != 2 or words[1] not in _SUIT_WORDS:
            return tr("tui.maumau.e.jack", first)
        return Action(**{verb: first, "wish": _SUIT_WORDS[words[1]]})
    if r == "Q":
        q = _player_of(words[1]) if len(words) == 2 else None
        if q is None:
            return tr("tui.maumau.e.queen", first)
        return Action(**{verb: first, "swap": q})
    if len(words) == 1:
        return Action(**{verb: first})
    cards = [card_token(w) for w in words]
    bad = next((w for w, c in zip(words, cards, strict=True) if c is None), None)
    if bad is not None:
        return tr("tui.maumau.e.notcard", bad)
    if any(rank(c) != "10" for c in cards):  # type: ignore[arg-type]
        return tr("tui.maumau.e.tens")
    if verb == "throw":
        return tr("tui.maumau.e.onethrow")
    return Action(lay=cards)


def typed(action: Action) -> str:
    """What a person types for ``action`` (``parse`` reads it back)."""
    for verb in ("lay", "throw"):
        if verb in action:
            cards = action[verb]
            text = " ".join(cards) if isinstance(cards, list) else cards
            if "wish" in action:
                text += f" {action['wish']}"
            if "swap" in action:
                text += f" {action['swap']}"
            return text if verb == "lay" else f"throw {text}"
    if "say" in action:
        return action["say"].replace("-", "")
    if "slap" in action:
        return action["slap"][0]
    if "pilz" in action:
        return f"pilz {action['pilz']}"
    if "wish" in action:
        return f"wish {action['wish']}"
    if "swap" in action:
        return f"swap {action['swap']}"
    for text, simple in _SIMPLE.items():
        if action == simple:
            return text
    return str(action)


# -- words ------------------------------------------------------------------------------------


def _word(w: str) -> str:
    return f'"{_SAID.get(w, w)}"'


def describe(action: Action) -> str:
    """An action in words (for the help's list of what one may do, and for logs)."""
    for verb, done in (("lay", "lays"), ("throw", "throws in")):
        if verb in action:
            cards = action[verb]
            text = f"{done} {and_list(cards) if isinstance(cards, list) else cards}"
            if "wish" in action:
                text += f" wishing {SUIT_NAMES[action['wish']]}"
            if "swap" in action:
                text += f" swapping with player {action['swap']}"
            return text
    if "say" in action:
        return f"says {_word(action['say'])}"
    if "slap" in action:
        return f"slaps with {_NEED.get(action['slap'], action['slap'])}"
    if "pilz" in action:
        return f"spends a Pilz on player {action['pilz']}"
    if "wish" in action:
        return f"wishes {SUIT_NAMES.get(action['wish'], action['wish'])}"
    if "swap" in action:
        return f"swaps hands with player {action['swap']}"
    if "joker" in action:
        return "puts a joker down"
    if "draw" in action:
        return "draws"
    if "pass" in action:
        return "passes"
    if "take" in action:
        return "takes the 7-chain"
    if "sit_out" in action:
        return "sits out"
    return str(action)


_WHY = {
    "chain": "for the 7-chain",
    "words": "as penalty for words not said",
    "slap": "as slap penalty",
    "misfit": "as penalty for an unfitting throw-in",
}


def describe_event(event: dict[str, Any], viewer: int | None = None) -> str | None:
    """One event in words, as ``viewer`` sees it ("you"); a private event only for those who
    may see it."""
    if hidden_from(event, viewer):
        return None
    kind = event["type"]
    name = partial(you_or_player, viewer=viewer)
    p = event.get("player")
    who = name(p)
    s = "" if p == viewer else "s"  # "you lay", "player 2 lays"
    if kind == "deal":
        deals = "deal" if event["dealer"] == viewer else "deals"
        return f"{name(event['dealer'])} {deals} {event['cards']} cards each"
    if kind == "turn_up":
        card, dealer = event["card"], name(event["dealer"])
        if card == JOKER:
            return f"{dealer} turned up a joker: it goes back under the stock"
        return f"{dealer} turned up {card}"
    if kind == "free_pile":
        return "No card is left to turn up: any card fits until one is laid"
    if kind == "reshuffle":
        return f"The pile is shuffled into a new stock ({plural(event['cards'], 'card')})"
    if kind == "turn":
        return "— your turn —" if p == viewer else f"— player {p}'s turn —"
    if kind == "lay":
        return f"{who} lay{s} {event['card']}"
    if kind == "throw":
        how = "onto the 9" if event.get("kind") == "nine" else "with the privilege"
        return f"{who} throw{s} in {event['card']} {how}"
    if kind == "misfit":
        return f"{who} tried to throw in {event['card']}, which does not fit: a penalty card"
    if kind == "cancel":
        return f"the 3 cancels {event['card']}"
    if kind == "restore":
        return f"the 3 on the 3 puts the turn back: {name(event['turn'])} on turn"
    if kind == "counts_again":
        return f"{event['card']} counts again"
    if kind == "reverse":
        return "the direction is now " + _direction(event["direction"])
    if kind == "ace":
        return f"ace: {who} may lay one more fitting card (or pass)"
    if kind == "nine":
        return f"9: a throw-in window is open (not for {who} or the player on turn)"
    if kind == "slap_open":
        return f"SLAP! with {_NEED[event['need']]}"
    if kind == "slap":
        return f"{who} slap{s} {event['hand']}"
    if kind == "slap_closed":
        return _slap_closed(event, viewer)
    if kind == "wish":
        return f"{who} wish{'' if p == viewer else 'es'} {SUIT_NAMES.get(event['suit'])}"
    if kind == "swap":
        return f"{who} swap{s} hands with {name(event['partner'])}"
    if kind == "hand":
        return "your hand is now " + (" ".join(event["cards"]) or "empty")
    if kind == "take":
        sevens = event["sevens"]
        return f"{who} take{s} the 7-chain of {sevens} ({plural(2 * sevens, 'card')})"
    if kind == "drew":
        if "cards" in event:
            return "you drew " + " ".join(event["cards"])
        why = event.get("why", "turn")
        if why == "turn":
            return f"{who} draws a card"
        return f"{who} draw{s} {plural(event['count'], 'card')} {_WHY.get(why, why)}"
    if kind == "draw":
        return None  # "drew" tells it, with the card for the drawer
    if kind == "no_cards":
        return f"no card is left for {who} to draw"
    if kind == "joker":
        return f"{who} put{s} a joker down ({event['front']} in front)"
    if kind == "joker_to_pile":
        return f"{who} put{s} a joker from the front onto the pile"
    if kind == "too_late":
        words = and_list([_word(w) for w in event["words"]])
        k = len(event["words"])
        return f"too late: {who} did not say {words}: {plural(k, 'penalty card')}"
    if kind == "say":
        return f"{who}: {_SAID.get(event['word'], event['word'])}!"
    if kind == "won":
        return f"{who} {'have' if p == viewer else 'has'} won (place {event['place']})"
    if kind == "pilz":
        return f"Pilz! four {event['rank']}s on top: {who} get{s} a Pilz"
    if kind == "pilz_spent":
        return (
            f"{who} spend{s} a Pilz: {name(event['winner'])} "
            f"{'are' if event['winner'] == viewer else 'is'} back as a silent winner"
        )
    if kind == "sit_out":
        return f"{who} sit{s} out"
    if kind == "pass":
        return f"{who} pass{'' if p == viewer else 'es'}"
    if kind == "game_end":
        return f"The game is over: {event['summary']}"
    return None


def _slap_closed(event: dict[str, Any], viewer: int | None) -> str:
    name = partial(you_or_player, viewer=viewer)
    pens = event.get("penalties", {})
    last = [name(q) for q in event.get("last", [])]
    text = "the slap is over"
    if last:
        text += f"; last: {and_list(last)}"
    if pens:
        text += "; penalty cards: " + ", ".join(f"{name(int(q))} {k}" for q, k in pens.items())
    return text


def _need(need: str) -> str:
    """The hand a slap needs, in words: ``the left hand``."""
    return tr(f"tui.maumau.need.{need}")


def _direction(d: int) -> str:
    return tr("tui.maumau.cw") if d == 1 else tr("tui.maumau.ccw")


# -- hooks for the real-time host ---------------------------------------------------------------


def owes(view: dict[str, Any]) -> bool:
    """Whether the viewer owes a word: another player's turn action would make it too late."""
    viewer = view.get("viewer")
    return viewer is not None and viewer >= 0 and bool(view["owed"][viewer])


def turn_action(action: Action, view: dict[str, Any]) -> bool:
    """Whether ``action`` is (or may be) a turn action: the moment words owed become too late.
    Every throw-in counts, an unfitting one too (the host holds it back a little longer, which
    does no harm)."""
    if "lay" in action:
        card = action["lay"]
        if isinstance(card, str) and rank(card) == "3":
            return False
        return not (isinstance(card, str) and rank(card) == "2" and view.get("reference") is None)
    return any(k in action for k in ("draw", "pass", "take", "sit_out", "throw"))


# -- the screen ---------------------------------------------------------------------------------


def _card_text(card: str, style: str = "") -> Text:
    if card == JOKER:
        return Text(tr("tui.maumau.joker"), style=style or "bold yellow")
    color = "red" if suit(card) in ("h", "d") else ""
    return Text(card, style=f"bold {color} {style}".strip())


def _pile_text(view: dict[str, Any], show: int = 7) -> Text:
    """The top of the pile, bottom first: the reference card marked ``*``, cancelled cards in
    brackets, the dealer's turned-up cards with ``(by p)`` only where it matters."""
    pile = view["pile"]
    if not pile:
        return Text(tr("tui.empty"), style="dim")
    gone = cancelled([Laid(rank(e["card"]), suit(e["card"])) for e in pile])
    ref = view.get("reference")
    out = Text()
    start = max(0, len(pile) - show)
    if start:
        out.append(f"…{start} ", style="dim")
    for i in range(start, len(pile)):
        e = pile[i]
        if i > start:
            out.append(" ")
        if gone[i]:
            out.append("(")
            out.append_text(_card_text(e["card"], "strike"))
            out.append(")")
        else:
            out.append_text(_card_text(e["card"], "" if e["card"] != JOKER else "dim"))
        if i == ref:
            out.append("*", style="bold green")
    return out


def _reference_note(view: dict[str, Any]) -> str:
    ref = view.get("reference")
    if view.get("free"):
        return tr("mm.free")
    if ref is None:
        return tr("mm.noref")
    e = view["pile"][ref]
    parts = [tr("mm.match", e["card"])]
    if rank(e["card"]) == "J" and e.get("wish"):
        parts = [tr("mm.wish", f"{tr('mm.suit.' + e['wish'])} {_SUIT_SIGNS[e['wish']]}")]
    chain = view.get("chain", 0)
    if chain:
        parts.append(tr("mm.chain", chain, 2 * chain))
    elif view.get("facing") == "eight":
        parts.append(tr("mm.eight"))
    return " · ".join(parts)


def _status(view: dict[str, Any], p: int) -> str:
    bits = [tr("mm.tag.dealer")] if p == view.get("dealer") else []
    status = view["status"][p]
    if status == "won":
        place = view["winners"].index(p) + 1 if p in view["winners"] else "?"
        bits.append(tr("mm.tag.won", place))
    elif status == "between":
        bits.append(tr("mm.tag.between"))
    elif status == "silent":
        bits.append(tr("mm.tag.silent"))
    front = view["front"][p]
    if front:
        bits.append(tr("mm.tag.jokers", front))
    if view.get("privilege") == p:
        bits.append(tr("mm.tag.resting" if view["rest"][p] else "mm.tag.privilege"))
    if view["pilze"][p]:
        bits.append(tr("mm.tag.pilze", view["pilze"][p]))
    if view["owed"][p]:
        bits.append(tr("mm.tag.owes", ", ".join(_word(w) for w in view["owed"][p])))
    return " · ".join(bits)


def who_may_act(view: dict[str, Any]) -> list[str]:
    """Who may act now and how, from what everyone sees (no hidden 3 or joker is told)."""
    viewer = view["viewer"]
    name = partial(you_or_player, viewer=viewer)
    out: list[str] = []
    in_play = [q for q in range(view["players"]) if view["status"][q] != "won"]
    slap = view.get("slap")
    if view.get("over"):
        return [tr("tui.over")]
    if slap is not None:
        done = {q for q, _ in slap["slapped"]}
        todo = [name(q) for q in in_play if q not in done]
        first = "" if slap["slapped"] else " " + tr("tui.maumau.notfirst", name(slap["layer"]))
        return [tr("tui.maumau.slapwith", _need(slap["need"]), and_list(todo)) + first]
    choice = view.get("choice")
    if choice is not None:
        what = "wish" if choice["what"] == "wish" else "swap"
        mine = "" if choice["player"] != viewer else ".you"
        out.append(tr(f"tui.maumau.dealer.{what}{mine}", name(choice["player"])))
    elif view.get("reference") is None and not view.get("free"):
        out.append(tr("tui.maumau.anytwo"))
    elif view.get("turn") is not None:
        face = view.get("facing")
        if face == "chain":
            verb = tr("tui.maumau.face.chain", 2 * view.get("chain", 0))
        elif face in ("eight", "ace", "drawn", "play"):
            verb = tr(f"mm.face.{face}")
        else:
            verb = "play"
        out.append(tr("mm.onturn", name(view["turn"])) + f" ({verb})")
    window = view.get("window")
    if window is not None:
        throwers = [
            name(q)
            for q in in_play
            if view["hands"][q] and q not in (window["layer"], view.get("turn"))
        ]
        if throwers:
            out.append(tr("tui.maumau.throwers", and_list(throwers)))
    priv = view.get("privilege")
    if priv is not None and not view["rest"][priv] and priv != view.get("turn"):
        out.append(tr("tui.maumau.privilege", name(priv)))
    owing = [
        tr(
            "tui.maumau.owe" if q == viewer else "tui.maumau.owes",
            name(q),
            _word(view["owed"][q][0]),
        )
        for q in in_play
        if view["owed"][q]
    ]
    return out + owing


def you_may(legal: list[Action]) -> str:
    """The viewer's legal actions, grouped: what to type now."""
    if not legal:
        return tr("tui.maumau.nothing")
    groups: dict[str, list[str]] = {}
    for a in legal:
        if "lay" in a:
            cards = a["lay"]
            key, text = "lay", (" ".join(cards) if isinstance(cards, list) else cards)
            if rank(cards if isinstance(cards, str) else cards[0]) in ("J", "Q"):
                text = cards  # one entry per card, not per wish or partner
        elif "throw" in a:
            key, text = "throw", a["throw"]
        elif "slap" in a:
            key, text = "slap", a["slap"][0]
        elif "pilz" in a:
            key, text = "pilz", str(a["pilz"])
        elif "wish" in a:
            key, text = "wish", a["wish"]
        elif "swap" in a:
            key, text = "swap", str(a["swap"])
        else:
            key = text = typed(a)
        if text not in groups.setdefault(key, []):
            groups[key].append(text)
    parts = []
    for key, items in groups.items():
        if key in ("lay", "throw", "slap", "pilz", "wish", "swap"):
            shown = items[:12] + (["…"] if len(items) > 12 else [])
            parts.append(f"{key} " + "/".join(shown))
        else:
            parts.append(items[0])
    return " · ".join(parts)


def render(
    view: dict[str, Any],
    console: Console,
    names: list[str],
    legal: list[Action] | None = None,
    slap_left: float | None = None,
) -> None:
    """A compact status block: pile, what is open, every player, the viewer's hand and what
    they may type. It reads in a plain terminal (no layout that needs redrawing)."""
    viewer = view["viewer"]
    n = view["players"]
    head = Text("Mau-Mau", style="bold")
    if view.get("turn") is not None and not view.get("over"):
        head.append(" · " + tr("mm.onturn", you_or_player(view["turn"], viewer)))
    head.append(f" · {_direction(view['direction'])}", style="dim")
    head.append(" · " + tr("tui.maumau.stock", view["stock"]), style="dim")
    if view.get("pilze_left") is not None:
        head.append(" · " + tr("tui.maumau.pilzeleft", view["pilze_left"]), style="dim")
    console.print(head)
    pile = Text(tr("tui.maumau.l.pile"), style="dim")
    pile.append_text(_pile_text(view))
    pile.append("   ")
    pile.append(_reference_note(view), style="bold")
    console.print(pile)
    slap = view.get("slap")
    if slap is not None:
        line = Text(tr("tui.maumau.slap", _need(slap["need"]).upper()), style="bold red")
        if slap["slapped"]:
            slapped = ", ".join(f"p{q} {h}" for q, h in slap["slapped"])
            line.append("  " + tr("mm.slapped", slapped))
        if slap_left is not None:
            line.append("  " + tr("tui.maumau.left", f"{slap_left:.1f}"), style="dim")
        console.print(line)
    window = view.get("window")
    if window is not None:
        nine = view["pile"][window["at"]]["card"] if window["at"] < len(view["pile"]) else "9"
        console.print(
            Text(tr("mm.nine", nine, tr("tui.player", window["layer"])), style="bold magenta")
        )
    for p in range(n):
        mark = "▶" if p == view.get("turn") and not view.get("over") else " "
        count = view["hands"][p]
        row = Text(f" {mark} ", style="bold green")
        row.append(f"{names[p]:<22}", style="bold cyan" if p == viewer else "")
        row.append(f"{plural(count, 'card'):>9}  ")  # the count word: tui.n.card
        row.append(_status(view, p), style="yellow")
        console.print(row)
    if view.get("hand") is not None:
        hand = Text(tr("tui.bohnanza.l.hand"), style="bold cyan")
        cards = sort_cards(view["hand"])
        if cards:
            hand.append_text(Text(" ").join(_card_text(c) for c in cards))
        else:
            hand.append(f"({tr('tui.empty')})", style="dim")
        console.print(hand)
    now = who_may_act(view)
    if now:
        console.print(Text(tr("tui.maumau.l.now") + " · ".join(now), style="green"))
    if legal is not None and viewer is not None and not view.get("over"):
        console.print(Text(tr("tui.maumau.youmay", you_may(legal)), style="bold green"))
