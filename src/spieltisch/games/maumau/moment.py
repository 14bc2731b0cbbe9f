"""What everyone may do at one moment of Bodensee Mau-Mau.

Mau-Mau is played in real time: at almost any moment several players may act (a 3, a joker, a
word, a slap, a throw-in), so hosts, bots and random playouts ask for the legal actions of every
player after every action, and ``actors()`` is exactly the players who have any. This module
works them all out in one pass, sharing what the moment has in common (the reference card, what
the player on turn faces, who may throw in), and the state keeps the answer until its next
action (``MaumauState._moment``), which is also what an action is validated against.

The actions themselves are made once, here, per card (and per wish or partner), and shared by
every state: an ``Action`` is immutable, and a shared one is recognised by identity when it comes
back to ``apply``. The order of each player's list is part of the game: seeded random players
pick by index, so it stays as the rules module has always listed them.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping, Sequence
from itertools import combinations, compress
from typing import TYPE_CHECKING, Any

from ...core import REFEREE, Action
from ...core.game import Player
from .cards import (
    CARDS,
    EIGHTS,
    JACKS,
    JOKER,
    ORDER_KEY,
    PLAIN,
    QUEENS,
    SEVENS,
    SUITS,
    TENS,
    THREES,
    TWOS,
    card_order,
    fitting,
    sort_cards,
)

if TYPE_CHECKING:
    from .rules import MaumauState

WORDS = ("mau", "miau", "mau-mau", "matt")
HANDS = ("left", "right", "both")

SAY = {w: Action(say=w) for w in WORDS}
JOKER_DOWN = Action(joker=True)
SLAPS = [Action(slap=h) for h in HANDS]
CLOSE = [Action(close="slap")]
WISHES = [Action(wish=s) for s in SUITS]
TAKE = Action(take=True)
SIT_OUT = Action(sit_out=True)
DRAW = Action(draw=True)
PASS = Action({"pass": True})
_TURNS = {"take": TAKE, "sit_out": SIT_OUT, "draw": DRAW, "pass": PASS}
LAY = {c: Action(lay=c) for c in CARDS}
THROW = {c: Action(throw=c) for c in CARDS}
_ONE = {"lay": LAY, "throw": THROW}
_WISHED = {
    (verb, c): [Action(**{verb: c, "wish": s}) for s in SUITS]
    for verb in ("lay", "throw")
    for c in JACKS
}
_SWAPPED: dict[tuple[str, str, int], Action] = {}  # (verb, queen, partner), made when first met
_PILZ: dict[int, Action] = {}
_SWAP: dict[int, Action] = {}


# What ``apply`` does with each shared action (rules.MaumauState._DO) and with what, looked up
# by identity: asking an Action for its keys and values (Python-level Mapping methods) cost more
# than the rest of a plain lay's dispatch. Only the shared actions, which live as long as the
# module, are listed (an id is unique while its object lives); any other is read by ``verb_of``.
Verb = tuple[str, Any]  # (say, joker, slap, pilz, wish, swap, throw, three, lay, take, ...; value)
VERBS: dict[int, Verb] = {id(a): ("say", w) for w, a in SAY.items()}
VERBS[id(JOKER_DOWN)] = ("joker", True)
VERBS.update({id(a): ("slap", h) for h, a in zip(HANDS, SLAPS, strict=True)})
VERBS.update({id(a): ("wish", w) for w, a in zip(SUITS, WISHES, strict=True)})
VERBS.update({id(a): (a_verb, True) for a_verb, a in _TURNS.items()})
VERBS.update({id(a): ("three" if c in THREES else "lay", c) for c, a in LAY.items()})
VERBS.update({id(a): ("throw", c) for c, a in THROW.items()})
VERBS.update({id(a): (verb, c) for (verb, c), acts in _WISHED.items() for a in acts})


def verb_of(a: Mapping[str, Any]) -> Verb:
    """What ``apply`` does with ``a`` (a legal action), and the value it does it with: say,
    joker, slap, pilz, wish or swap (the dealer's), throw, three (a 3 laid), lay, take,
    sit_out, draw or pass."""
    known = VERBS.get(id(a))
    if known is not None:
        return known
    keys = set(a)
    for plain in ("say", "joker", "slap", "pilz"):
        if plain in keys:
            return plain, a[plain]
    if "lay" not in keys and "throw" not in keys:
        for choice in ("wish", "swap"):
            if choice in keys:
                return choice, a[choice]
    if "throw" in keys:
        return "throw", a["throw"]
    if "lay" in keys:
        cards = a["lay"]
        return ("three" if isinstance(cards, str) and cards in THREES else "lay"), cards
    for turn in _TURNS:
        if turn in keys:
            return turn, True
    return "lay", a["lay"]


def _swapped(verb: str, queen: str, partner: int) -> Action:
    a = _SWAPPED.get((verb, queen, partner))
    if a is None:
        a = _SWAPPED[verb, queen, partner] = Action(**{verb: queen, "swap": partner})
        VERBS[id(a)] = (verb, queen)
    return a


def _pilz(winner: int) -> Action:
    a = _PILZ.get(winner)
    if a is None:
        a = _PILZ[winner] = Action(pilz=winner)
        VERBS[id(a)] = ("pilz", winner)
    return a


def _swap(partner: int) -> Action:
    a = _SWAP.get(partner)
    if a is None:
        a = _SWAP[partner] = Action(swap=partner)
        VERBS[id(a)] = ("swap", partner)
    return a


_TEN_LAYS: dict[tuple[tuple[str, ...], tuple[str, ...]], list[Action]] = {}


def ten_lays(tens: tuple[str, ...], firsts: tuple[str, ...]) -> list[Action]:
    """Every way of laying several of the 10s ``tens`` (a hand's 10s, twins included) at once
    that starts with one of ``firsts`` (the fitting ones). Only the first and the last card of
    such a lay count, so the cards between are listed once, sorted. Kept per hand of 10s: a
    hand with two or more 10s comes back often in a long game, the enumeration is not cheap."""
    key = (tens, firsts)
    known = _TEN_LAYS.get(key)
    if known is not None:
        return known
    out: list[Action] = []
    for first in sorted(set(firsts), key=card_order):
        rest = list(tens)
        rest.remove(first)
        seen: set[tuple[str, ...]] = set()
        for k in range(1, len(rest) + 1):
            for combo in combinations(sort_cards(rest), k):
                if combo in seen:
                    continue
                seen.add(combo)
                for last in sorted(set(combo), key=card_order):
                    middle = list(combo)
                    middle.remove(last)
                    out.append(Action(lay=[first, *sort_cards(middle), last]))
    if len(_TEN_LAYS) > 4096:  # a bound on what a very long simulation keeps
        _TEN_LAYS.clear()
    _TEN_LAYS[key] = out
    return out


Held = tuple[
    tuple[str, ...], tuple[Action, ...], tuple[Action, ...], tuple[Action, ...], tuple[str, ...]
]


def held(hand: list[str]) -> Held:
    """What the lists need of a hand: its different cards but jokers, in hand order; what it
    may do at any moment with 3s allowed (a joker put down, then its 3s); a joker put down
    alone; its 3s alone; its 10s, twins included. The state keeps it until the hand changes,
    since most moments change one hand or none. Hands are kept sorted (by suit, then rank,
    jokers last), so twins lie side by side."""
    distinct = tuple(dict.fromkeys(hand))
    joker: tuple[Action, ...] = ()
    if distinct and distinct[-1] == JOKER:
        distinct, joker = distinct[:-1], (JOKER_DOWN,)
    # most hands hold no 3 and no 10: a set's intersection says so in C without a call per
    # card; only a hand that holds some lists them in hand order (filter and map with C-level
    # predicates: no Python frame per card, and this runs after most actions)
    threes: tuple[Action, ...] = ()
    if not THREES.isdisjoint(distinct):
        threes = tuple(map(LAY.__getitem__, filter(THREES.__contains__, distinct)))
    tens: tuple[str, ...] = ()
    if not TENS.isdisjoint(distinct):
        tens = tuple(filter(TENS.__contains__, hand))
    return distinct, joker + threes if threes else joker, joker, threes, tens


def without(summary: Held | None, card: str, hand: list[str]) -> Held | None:
    """``held(hand)`` for a hand that has just given up one ``card`` (laid or thrown in), from
    its summary before (None: none was kept, nor is one now). A card that is no 3, 10 or joker
    changes only the different cards, and only when it had no twin: most lays."""
    if summary is None or card in _RECOUNT:
        return None
    if card in hand:  # its twin is still there: the same cards, in the same order
        return summary
    distinct = summary[0]
    i = distinct.index(card)
    return (distinct[:i] + distinct[i + 1 :], *summary[1:])  # type: ignore[return-value]


def with_card(summary: Held | None, card: str) -> Held | None:
    """``held(hand)`` for a hand that has just taken one ``card`` (a draw), from its summary
    before (None: none was kept, nor is one now). A card that is no 3, 10 or joker changes
    only the different cards, and only when it has no twin there: most draws, and working a
    long hand's summary out anew after each cost more than the rest of the draw."""
    if summary is None or card in _RECOUNT:
        return None
    distinct = summary[0]
    if card in distinct:  # its twin is there: the same cards, in the same order
        return summary
    i = bisect_right(distinct, ORDER_KEY(card), key=ORDER_KEY)  # its place in hand order
    return ((*distinct[:i], card, *distinct[i:]), *summary[1:])  # type: ignore[return-value]


_RECOUNT = (
    THREES | TENS | {JOKER}
)  # cards whose coming or going changes more than the different cards


Moment = dict[Player, Sequence[Action]]


def legal_moment(s: MaumauState) -> tuple[Moment, frozenset[Player]]:
    """Every player's legal actions now (the referee's under ``REFEREE``; a player with none
    is listed with an empty list), and who may act. A list may be a tuple shared with other
    moments: read them, never change them."""
    n = s.num_players
    if s.over:
        return {p: [] for p in range(-1, n)}, frozenset()
    slap = s.slap
    legal: Moment = {}
    s._face = None  # what the player on turn faces (facing()), for the turn action to come
    s._throws = frozenset()  # what fits a throw-in, worked out below where one is listed
    if slap is not None:
        _slap_moment(s, slap, legal)
        legal[REFEREE] = CLOSE
    else:
        scanned = s._cache or s._scan()
        if s.choice is not None or (scanned[0] is None and not s.free):
            _waiting_moment(s, legal)
        else:
            _play_moment(s, legal, scanned)
        legal[REFEREE] = ()
    # the seats' lists are made in their order, then the referee's: the actors, picked from
    # them in C, are put into the set in the order the rules always put them (seats, then the
    # referee), so that it iterates alike for hosts that do not sort it
    return legal, frozenset(compress(_ACTING_ORDER[n], legal.values()))


class _ActingOrder(dict[int, tuple[Player, ...]]):
    """``_ACTING_ORDER[n]``: the seats of a table of ``n``, then the referee, the order of a
    moment's lists (made when first asked for: a dict's lookup, not a call)."""

    def __missing__(self, n: int) -> tuple[Player, ...]:
        order = self[n] = (*range(n), REFEREE)
        return order


_ACTING_ORDER = _ActingOrder()


def _slap_moment(s: MaumauState, slap: dict[str, Any], legal: Moment) -> None:
    """While a slap is open: only slaps, words and jokers. Most players' lists are the shared
    ``SLAPS`` or nothing, made for nobody."""
    out, owed, hands = s.out, s.owed, s.hands
    slapped = slap["slapped"]
    done = {q for q, _ in slapped} if slapped else ()
    waits = -1 if slapped else slap["layer"]  # the layer may not slap first
    for p in range(s.num_players):
        if out[p]:
            legal[p] = ()
            continue
        slaps = SLAPS if p not in done and p != waits else ()
        hand = hands[p]
        # (a joker is the last card of a sorted hand)
        if owed[p] or (hand and hand[-1] == JOKER):
            acts: list[Action] = [SAY[owed[p][0]]] if owed[p] else []
            if hand and hand[-1] == JOKER:
                acts.append(JOKER_DOWN)
            acts += slaps
            legal[p] = acts
        else:
            legal[p] = slaps


def _common(s: MaumauState, p: int, summary: Held, threes_ok: bool) -> list[Action]:
    """What ``p`` may do at any moment without a slap: the word owed, a joker put down, a
    Pilz spent (on a winner who has left play), a 3 laid (when the top card allows one)."""
    acts: list[Action] = [SAY[s.owed[p][0]]] if s.owed[p] else []
    if s.pilze[p] and any(s.out):
        acts += summary[2]
        acts += [_pilz(w) for w in range(s.num_players) if s.out[w]]
        if threes_ok:
            acts += summary[3]
    else:
        acts += summary[1] if threes_ok else summary[2]
    return acts


def _summary(s: MaumauState, p: int) -> Held:
    summary = s._held[p]
    if summary is None:
        summary = s._held[p] = held(s.hands[p])
    return summary


def _waiting_moment(s: MaumauState, legal: Moment) -> None:
    """No turn action can be made: the dealer's choice of a turned-up jack's wish or queen's
    partner is awaited, or the pile has no reference card and waits for a 2."""
    n, out, choice = s.num_players, s.out, s.choice
    top = s._top()
    threes_ok = top is None or not top.begun
    for p in range(n):
        if out[p]:
            legal[p] = []
            continue
        summary = _summary(s, p)
        if choice is None:  # a 2 of any suit restarts the pile
            acts = _common(s, p, summary, threes_ok)
            acts += [LAY[c] for c in summary[0] if c in TWOS]
        else:
            acts = _common(s, p, summary, False)
            if choice["player"] == p:
                if choice["what"] == "wish":
                    acts += WISHES
                else:
                    acts += [_swap(q) for q in range(n) if not out[q] and q != p]
            # a 3 may cancel a turned-up jack before its wish (never a queen: its swap has
            # begun)
            if choice["what"] == "wish" and threes_ok:
                acts += summary[3]
        legal[p] = acts


def _play_moment(s: MaumauState, legal: Moment, scanned: tuple[int | None, int]) -> None:
    """Play goes on: everyone's words, jokers, Pilze and 3s; the turn; throw-ins. ``scanned``:
    the pile's reference card's index and pending chain (``MaumauState._scan``)."""
    n, out, owed, pilze, summaries = s.num_players, s.out, s.owed, s.pilze, s._held
    pile = s.pile
    ref_i, chain = scanned
    top = pile[-1] if pile and not pile[-1].is_joker else s._top()
    threes_ok = top is None or not top.begun
    anytime = 1 if threes_ok else 2  # the summary's actions for any moment, 3s or not
    spend = any(out)  # a Pilz needs a winner to bring back (and only then is anyone out)
    turn = s.turn
    # what the player on turn faces (``facing``, written out: no slap or dealer's choice is
    # open here and the game goes on), and what fits
    if ref_i is None:  # (no reference card: here only on a free pile)
        face = None if turn is None or not s.free else s.mode
        fits = PLAIN
    else:
        ref = pile[ref_i]
        if turn is None:
            face = None
        elif chain:
            face = "chain"
        else:
            face = "eight" if ref.rank == "8" and not ref.done else s.mode
        fits = PLAIN if s.free else fitting(ref.card, ref.wish)
    s._face = face
    # who may throw in: anyone but the 9's layer while its window is open; otherwise the
    # holder of the joker privilege, unless it rests
    window = s.window
    thrower: int | None = None
    if window is None and face is not None and any(s.front):
        thrower = s.privileged()
        if thrower is not None and s.rest[thrower]:
            thrower = None
    throwing = turn is not None and (window is not None or thrower is not None)
    options = s.game.options
    # everyone's list for any moment: most players at most moments have their hand summary's
    # own tuple, shared (nobody changes a moment's lists; the player on turn and throw-ins
    # get lists of their own below). The hottest loop of a random game: what only some
    # moments need (a winner out of play, a Pilz to spend, a word owed) is mended after it.
    for p in range(n):  # (every summary is kept after this loop)
        legal[p] = (summaries[p] or _summary(s, p))[anytime]
    if spend or any(owed):
        for p in range(n):
            if out[p]:
                legal[p] = []
            elif spend and pilze[p]:
                legal[p] = _common(s, p, summaries[p], threes_ok)  # type: ignore[arg-type]
            elif owed[p]:
                legal[p] = [SAY[owed[p][0]], *legal[p]]
    if turn is not None and not out[turn]:
        acts = legal[turn] = list(legal[turn])
        if face is not None:
            _turn(acts, s, turn, face, summaries[turn], fits, options)  # type: ignore[arg-type]
    if not throwing:
        return
    hands = s.hands
    for p in range(n):
        if p == turn or out[p] or not hands[p]:
            continue
        if window is not None:
            if p == window["layer"]:
                continue
            kind_fits = fits
        elif p == thrower:
            kind_fits = SEVENS if face == "chain" else EIGHTS if face == "eight" else fits
        else:
            continue
        s._throws = kind_fits  # what fits, for the throw to come (the same for every thrower)
        distinct = summaries[p][0]  # type: ignore[index]
        acts = legal[p] = list(legal[p])
        _lays(acts, "throw", list(filter(kind_fits.__contains__, distinct)), out, p)
        if options["misfit_throw_in"] == "penalty":
            # the other cards but 3s (filter and map: see held)
            acts += map(THROW.__getitem__, filter(_misfits(kind_fits).__contains__, distinct))


_MISFITS: dict[frozenset[str], frozenset[str]] = {}


def _misfits(kind_fits: frozenset[str]) -> frozenset[str]:
    """The cards but 3s that do not fit where ``kind_fits`` do (a 3 is laid, never thrown
    in), kept per set of fitting cards (a reference card's, the 7s, the 8s)."""
    known = _MISFITS.get(kind_fits)
    if known is None:
        known = _MISFITS[kind_fits] = PLAIN - kind_fits
    return known


def _turn(
    acts: list[Action],
    s: MaumauState,
    p: int,
    face: str,
    summary: Held,
    fits: frozenset[str],
    options: Mapping[str, Any],
) -> None:
    """The turn actions of ``p``, who is on turn and faces ``face``."""
    distinct = summary[0]
    # (filter and map: see held)
    if face == "chain":
        acts += map(LAY.__getitem__, filter(SEVENS.__contains__, distinct))
        acts.append(TAKE)
    elif face == "eight":
        acts += map(LAY.__getitem__, filter(EIGHTS.__contains__, distinct))
        acts.append(SIT_OUT)
    else:
        fit = list(filter(fits.__contains__, distinct))
        _lays(acts, "lay", fit, s.out, p)
        # several 10s are one lay of a turn; after drawing or an ace, one card
        if face == "play":
            tens = summary[4]
            if len(tens) >= 2:
                acts += ten_lays(tens, tuple(c for c in fit if c in TENS))
        if face in ("ace", "drawn"):
            acts.append(PASS)
        elif not fit or options["free_draw"]:
            acts.append(DRAW)


def _lays(acts: list[Action], verb: str, cards: list[str], out: list[bool], p: int) -> None:
    """Laying (or throwing in) each of ``cards``: a jack with each wish, a queen with each
    partner in play (anyone who has not said Matt, but ``p``), any other card as it is."""
    made = _MADE[verb]
    for c in cards:
        known = made[c]
        if known is None:  # a queen
            acts += [_swapped(verb, c, q) for q in range(len(out)) if not out[q] and q != p]
        else:
            acts += known


# what laying (or throwing in) each card offers, looked up once per card: a jack's four
# wishes, any other card as it is; None for a queen (its partners are those in play)
_MADE: dict[str, dict[str, tuple[Action, ...] | None]] = {
    verb: {
        c: tuple(_WISHED[verb, c]) if c in JACKS else None if c in QUEENS else (one[c],)
        for c in CARDS
    }
    for verb, one in _ONE.items()
}


__all__ = [
    "HANDS",
    "VERBS",
    "WORDS",
    "Held",
    "Moment",
    "Verb",
    "held",
    "legal_moment",
    "verb_of",
    "with_card",
    "without",
]
