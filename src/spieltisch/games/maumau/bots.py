"""Bodensee Mau-Mau's bots: ``maumau``, a heuristic player, and a ``random`` one that plays at
random but says its words and slaps as quickly as the heuristic one (so that ``maumau:normal``
against ``random:normal`` measures play, not reflexes). Both see only ``decision.view`` and
``decision.legal``; a spec names the reaction profile as a bare word (``maumau:fast``), one of
``profiles.toml``.

Timing. The simulator's scheduler asks every bot that may act, at every step, how long it needs
(``reaction_time``) and what it would do (``act``); the quickest acts, and everyone is asked
again. Time is told to nobody: a bot's delay counts from the latest action. So that a delay means
something, a bot draws each of its times once per moment and keeps it (``_memo``, emptied when
``view["turn_actions"]`` moves on), rather than rolling the dice again at every step, which
would make the quickest of many draws win and a forgotten word come back to mind at once:

- a word: drawn when it falls due (keyed by the turn actions so far, the word, how many words are
  owed, the hand's and the pile's sizes); a forgotten one is drawn from ``late``, so that the
  next player's turn action usually comes first and costs the penalty card, yet the word is
  said in the end;
- a slap: the time from the slap's opening and the hand (a wrong one by the ``wrong_hand``
  chance), drawn once per slap. Slaps come one per step, and the clock runs on by each one, so a
  bot reports its time less the time the slap has been open. Nobody knows that time; every bot
  reckons it the same way from the number of slaps made (``[clock]`` in profiles.toml), so the
  slaps keep the order of the players' reflexes and the clock's error does not add up;
- a decision (a turn play, a throw-in, a 3, a joker, a 2, a Pilz, the dealer's choice): drawn
  once per kind of decision and state of the pile (the turn actions so far, the pile's size): a
  card laid by someone else is a new situation to think about, a word said is not.

The random bot's optional acts (throw in, lay a 3, put a joker down, spend a Pilz) are decided
once per such moment, too.

The heuristic (``MaumauBot``), in the order it looks at a moment:

- words and slaps as its profile says (the right hand, but for the profile's slips);
- the dealer's choice: wish the suit it holds most of; swap with the smallest hand;
- jokers go down at once (fewer cards, and the most jokers in front hold the throw-in
  privilege), but never the last card while on turn (the player would still draw);
- a 2 on an empty pile at once (a card shed out of turn);
- a Pilz only when a queen of its own can be laid at once and no player in play has an empty
  hand: it brings back the *first* winner (the strongest rival drops behind every winner) as a
  silent winner, then swaps its hand for the silent winner's empty one;
- a 3 where it helps: it cancels a 7 of a chain or an 8 aimed at it, a jack's wish or any card
  that leaves it nothing to lay, a king that gave the turn away from it or to a player about to
  go out, an opponent's ace before its extra lay when that opponent is about to go out; it sheds
  its 3s when nothing else is left, and a spare one on its turn when the card below suits it;
- its turn: a 7 on a chain and an 8 on an 8 always; otherwise every legal lay scored (below),
  the best laid; after drawing or its own ace it passes rather than lay at a loss;
- a throw-in onto a 9, or under the privilege, with the best fitting card when it sheds safely
  (never an unfitting one).

A lay is scored in cards shed (10 each) and what follows: 7s, 8s, jacks and queens are kept back
while the hand is big (a 7 or 8 passes a chain or an 8 on, a jack fits anything, a queen swaps
later), and laid to hit a neighbour about to go out; a queen swaps with the smallest hand (an
empty one wins the game), a jack wishes the suit held most; an ace counts double when a card
fits on it; a king is worth what it changes about who plays next; a 9 gives others a throw-in;
a 5 or 6 is worth laying for a quick slapper. A card of a suit it holds more of keeps its next
turn easy; against a next player with one or two cards, a card they probably cannot answer.

Card counting: the cards not seen (the deck less its own hand and the pile) are what others may
hold; a player who drew for their turn held nothing that fitted (remembered until they get more
cards or a queen swaps hands). The chance that a player can answer a card is worked out from
those counts.
"""

from __future__ import annotations

import math
import tomllib
from abc import abstractmethod
from collections import Counter
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from statistics import NormalDist
from typing import Any

from ...bots.base import Bot, Decision
from ...core import Action, Game, OptionError, Rng
from .rules import HANDS, JOKER, RANKS, SUITS, rank, suit

STRONGEST = "maumau"
SEARCH_DEPTH = 24
"""ISMCTS cuts its rollouts after this many actions (a few rounds of turns with the reactions
between them) and scores the position with ``evaluate``: a random Mau-Mau game runs for
thousands of actions, so a rollout to the end buys few iterations and says little."""

NEVER = math.inf
MIN_GAP = 0.01  # a delay is never zero: the scheduler breaks exact ties by seat, not by speed

Ref = tuple[str, str | None, str | None]  # the reference card's rank, suit, and a jack's wish


# -- reaction profiles ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Lognormal:
    median: float
    spread: float

    def draw(self, rng: Rng) -> float:
        return self.median * math.exp(self.spread * _gauss(rng))

    def quantile(self, p: float) -> float:
        return self.median * math.exp(self.spread * NormalDist().inv_cdf(p))


def _gauss(rng: Rng) -> float:
    """A standard normal draw (Box-Muller) from the bot's own generator."""
    u1, u2 = rng.random(), rng.random()
    return math.sqrt(-2.0 * math.log(1.0 - u1)) * math.cos(2.0 * math.pi * u2)


@dataclass(frozen=True)
class Profile:
    name: str
    reflex: Lognormal
    decision: Lognormal
    late: Lognormal
    forget: float
    wrong_hand: float
    floor: float

    def time(self, dist: Lognormal, rng: Rng) -> float:
        return max(self.floor, dist.draw(rng))


@cache
def _data() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("profiles.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def _lognormal(d: dict[str, Any]) -> Lognormal:
    return Lognormal(float(d["median"]), float(d["spread"]))


@cache
def profiles() -> dict[str, Profile]:
    data = _data()
    return {
        name: Profile(
            name,
            _lognormal(p["reflex"]),
            _lognormal(p["decision"]),
            _lognormal(p["late"]),
            float(p["forget"]),
            float(p["wrong_hand"]),
            float(data["floor"]),
        )
        for name, p in data["profiles"].items()
    }


def reaction_profile(name: str) -> Profile:
    """The profile ``name``, or an OptionError naming the known ones."""
    known = profiles()
    if name not in known:
        raise OptionError(
            f"no reaction profile {name!r} for the Mau-Mau bots; there are {', '.join(known)}"
        )
    return known[name]


@lru_cache(maxsize=256)
def slap_elapsed(slaps: int, in_play: int) -> float:
    """How long every bot reckons a slap has been open after ``slaps`` slaps (see Timing)."""
    if slaps <= 0:
        return 0.0
    clock = _data()["clock"]
    return _lognormal(clock).quantile(min(slaps / (in_play + 1), 0.99))


# -- cards ----------------------------------------------------------------------------------------


def fits(card: str, ref: Ref | None, free: bool = False) -> bool:
    """Whether ``card`` may be laid on the reference card ``ref`` (as the engine's pile rules)."""
    if card == JOKER:
        return False
    r = rank(card)
    if r == "3" or free:
        return True
    if ref is None:
        return r == "2"
    rr, rs, wish = ref
    if r == "J":
        return rr not in ("7", "8")
    if wish is not None and rr == "J":
        return suit(card) == wish
    return suit(card) == rs or r == rr


def ref_of(entry: dict[str, Any] | None) -> Ref | None:
    if entry is None:
        return None
    card = entry["card"]
    return (rank(card), suit(card), entry.get("wish"))


def scan(pile: list[dict[str, Any]], three_on_top: bool = False) -> tuple[int | None, int]:
    """The reference card's index and the pending 7-chain of a view's pile, as ``pile.scan``
    works them out; ``three_on_top``: as if a 3 had just been laid on it."""
    live_three = three_on_top
    ref: int | None = None
    chain = 0
    for i in range(len(pile) - 1, -1, -1):
        e = pile[i]
        card = e["card"]
        if card == JOKER:
            continue
        gone = live_three
        r = rank(card)
        if r == "3":
            live_three = not gone
            continue
        live_three = False
        if gone:
            continue
        if r != "7" or e.get("done"):
            return (i, 0) if ref is None else (ref, chain)
        if ref is None:
            ref = i
        chain += 1
    return ref, chain


def top_entry(pile: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The topmost card of the pile, jokers skipped: the one a 3 would go on."""
    for e in reversed(pile):
        if e["card"] != JOKER:
            return e
    return None


def cards_of(action: Action, verb: str) -> list[str]:
    c = action[verb]
    return list(c) if isinstance(c, list) else [c]


def is_three(action: Action) -> bool:
    c = action.get("lay")
    return isinstance(c, str) and rank(c) == "3"


def _none_of(total: int, marked: int, k: int) -> float:
    """The chance that ``k`` cards drawn from ``total`` hold none of ``marked`` of them."""
    p = 1.0
    for i in range(k):
        left = total - i
        if left <= 0:
            break
        p *= max(0, left - marked) / left
        if p == 0.0:
            break
    return p


# -- the timing both bots share -------------------------------------------------------------------


class ReactingBot(Bot):
    """Words and slaps by the reaction profile, decisions timed by it (see Timing above);
    subclasses say what they would decide (``choose``)."""

    def __init__(self, game: Game | None = None, profile: str = "normal") -> None:
        self.profile = reaction_profile(profile)
        options = game.options if game is not None else {}
        self.free_draw = bool(options.get("free_draw", False))
        self.three_out = str(options.get("three_out", "draw"))
        self._memo: dict[tuple[Hashable, ...], Any] = {}
        self._epoch = -1
        self._last: Decision | None = None
        self._planned: tuple[Action | None, float] = (None, NEVER)

    def reaction_time(self, decision: Decision) -> float:
        return self._plan(decision)[1]

    def act(self, decision: Decision) -> Action | None:
        return self._plan(decision)[0]

    @abstractmethod
    def choose(self, decision: Decision) -> tuple[Action, str] | None:
        """What the bot would decide now besides words and slaps, and the decision's kind."""

    def observe(self, view: dict[str, Any]) -> None:
        """Memory a subclass keeps between moments (called at every step it is asked)."""

    def _plan(self, d: Decision) -> tuple[Action | None, float]:
        # reaction_time and act of one step get the same decision: plan once
        if d is self._last:
            return self._planned
        v = d.view
        ta = v["turn_actions"]
        if ta != self._epoch:
            self._memo = {k: x for k, x in self._memo.items() if k[0] == ta}
            self._epoch = ta
        self.observe(v)
        best: tuple[Action | None, float] = (None, NEVER)
        owed = v["owed"][d.player]
        if owed:
            best = (Action(say=owed[0]), self._word_time(d, owed))
        if v["slap"] is not None:
            slap = self._slap(d)
            if slap is not None and slap[1] < best[1]:
                best = slap
        chosen = self.choose(d)
        if chosen is not None:
            action, kind = chosen
            t = self._time(d, (ta, kind, len(v["pile"])), self.profile.decision)
            if t < best[1]:
                best = (action, t)
        self._last, self._planned = d, best
        return best

    def _time(self, d: Decision, key: tuple[Hashable, ...], dist: Lognormal) -> float:
        t = self._memo.get(key)
        if t is None:
            t = self._memo[key] = self.profile.time(dist, d.rng)
        return float(t)

    def _flag(self, d: Decision, kind: str, p: float) -> bool:
        """A yes/no decided once per moment (the random bot's optional acts)."""
        v = d.view
        key = (v["turn_actions"], "flag", kind, len(v["pile"]))
        flag = self._memo.get(key)
        if flag is None:
            flag = self._memo[key] = d.rng.random() < p
        return bool(flag)

    def _word_time(self, d: Decision, owed: list[str]) -> float:
        v = d.view
        key = (v["turn_actions"], "say", owed[0], len(owed), len(v["hand"]), len(v["pile"]))
        t = self._memo.get(key)
        if t is None:
            p = self.profile
            dist = p.late if d.rng.random() < p.forget else p.reflex
            t = self._memo[key] = p.time(dist, d.rng)
        return float(t)

    def _slap(self, d: Decision) -> tuple[Action, float] | None:
        if not any("slap" in a for a in d.legal):
            return None
        v = d.view
        s = v["slap"]
        key = (v["turn_actions"], "slap", len(v["pile"]), s["layer"], s["need"])
        plan = self._memo.get(key)
        if plan is None:
            p, rng = self.profile, d.rng
            t = p.time(p.reflex, rng)
            hand = s["need"]
            if rng.random() < p.wrong_hand:
                others = [h for h in HANDS if h != hand]
                hand = others[rng.below(len(others))]
            plan = self._memo[key] = (t, hand)
        in_play = sum(1 for st in v["status"] if st != "won")
        left = plan[0] - slap_elapsed(len(s["slapped"]), in_play)
        return Action(slap=plan[1]), max(left, MIN_GAP)


# -- what the heuristic reads off its view --------------------------------------------------------


class _Table:
    """One decision's view, with what the heuristic works out from it (on demand)."""

    def __init__(self, bot: MaumauBot, view: dict[str, Any], legal: list[Action]) -> None:
        self.bot = bot
        self.view = view
        self.legal = legal
        self.me: int = view["viewer"]
        self.n: int = view["players"]
        self.hand: list[str] = view["hand"]
        self.counts: list[int] = view["hands"]
        self.status: list[str] = view["status"]
        self.pile: list[dict[str, Any]] = view["pile"]
        ri = view["reference"]
        self.ref: Ref | None = ref_of(None if ri is None else self.pile[ri])
        self.ref_entry = None if ri is None else self.pile[ri]
        self.free: bool = view["free"]
        self.turn: int | None = view["turn"]
        self.direction: int = view["direction"]
        self.facing: str | None = view["facing"]
        self.chain: int = view["chain"]
        self._unseen: Counter[str] | None = None

    # seats

    def next_holder(self, anchor: int, direction: int, my_count: int | None = None) -> int | None:
        """The next seat from ``anchor`` in ``direction`` that holds cards (``my_count``: the
        bot's own hand size after what it is about to do)."""
        for i in range(1, self.n + 1):
            seat = (anchor + i * direction) % self.n
            k = my_count if seat == self.me and my_count is not None else self.counts[seat]
            if k > 0 and self.status[seat] != "won":
                return seat
        return None

    def threat(self, p: int | None) -> int:
        """How close ``p`` is to going out: 3 with one card, 0 with four or more (or none)."""
        if p is None or p == self.me or self.counts[p] <= 0:
            return 0
        return max(0, 4 - self.counts[p])

    # card counting

    @property
    def unseen(self) -> Counter[str]:
        """The cards the bot has not seen: the deck less its hand and the pile (jokers aside)."""
        if self._unseen is None:
            c: Counter[str] = Counter({r + s: 2 for s in SUITS for r in RANKS})
            c.subtract(x for x in self.hand if x != JOKER)
            c.subtract(e["card"] for e in self.pile if e["card"] != JOKER)
            self._unseen = +c
        return self._unseen

    def p_answer(self, q: int, wanted: Callable[[str], bool]) -> float:
        """The chance that ``q`` holds at least one card ``wanted`` picks out."""
        k = self.counts[q]
        if k <= 0:
            return 0.0
        unseen = self.unseen
        total = sum(unseen.values()) + self.unseen_jokers()
        marked = sum(n for c, n in unseen.items() if wanted(c))
        lack = self.bot.lacks.get(q)
        if lack is None:
            return 1.0 - _none_of(total, marked, k)
        ref, when = lack
        old = min(k, when - 1)  # the cards they held when they drew: none of them fitted
        rest = [(n, wanted(c)) for c, n in unseen.items() if not fits(c, ref)]
        old_total = sum(n for n, _ in rest) + self.unseen_jokers()
        old_marked = sum(n for n, w in rest if w)
        p_none = _none_of(old_total, old_marked, old) * _none_of(total, marked, k - old)
        return 1.0 - p_none

    def unseen_jokers(self) -> int:
        v = self.view
        deck = sum(v["hands"]) + v["stock"] + len(self.pile) + sum(v["front"])
        jokers = max(0, deck - 2 * 52)
        seen = sum(1 for x in self.hand if x == JOKER) + sum(v["front"])
        seen += sum(1 for e in self.pile if e["card"] == JOKER)
        return max(0, jokers - seen)


# -- the heuristic --------------------------------------------------------------------------------

KEEP_SEVEN = 6.0  # a 7 held back passes a chain on
KEEP_SPARE_SEVEN = 2.0
KEEP_EIGHT = 4.0
KEEP_SPARE_EIGHT = 1.0
KEEP_JACK = 8.0  # a jack fits (nearly) anything
KEEP_QUEEN = 3.0  # a queen swaps later, when someone is about to go out
KEEP_THREE = 6.0  # the last 3 held back cancels a chain or an 8 aimed at the bot
SHED = 10.0  # a card out of the hand
OUT = 1000.0  # the hand empty: Mau-Mau, then Matt
FOLLOW = 0.8  # per card of the new suit still held: the bot's next turn is easier
FOLLOW_WISH = 1.2
THROW_AT_LEAST = 6.0  # a throw-in is made when it is worth this much (a card shed, roughly)


class MaumauBot(ReactingBot):
    """The heuristic player (see the module's docstring)."""

    name = "maumau"

    def __init__(self, game: Game | None = None, profile: str = "normal") -> None:
        super().__init__(game, profile)
        # a quick slapper gains by opening slaps (others are last); a slow one loses by it
        reflex = self.profile.reflex.median
        edge = max(-3.0, min(3.0, (0.6 - reflex) * 8.0))
        self.slap_edge = edge - 10.0 * self.profile.wrong_hand
        # what each opponent lacked when they last drew for their turn: (reference, hand size)
        self.lacks: dict[int, tuple[Ref, int]] = {}

    def observe(self, view: dict[str, Any]) -> None:
        counts = view["hands"]
        for q in [q for q, (_, k) in self.lacks.items() if counts[q] > k]:
            del self.lacks[q]
        top = top_entry(view["pile"])
        if top is not None and rank(top["card"]) == "Q":
            self.lacks.clear()  # someone swapped hands: what they lacked went with them
        turn = view["turn"]
        if (
            view["facing"] == "drawn"
            and turn is not None
            and turn != view["viewer"]
            and not self.free_draw
            and not view["free"]
        ):
            ri = view["reference"]
            ref = ref_of(None if ri is None else view["pile"][ri])
            if ref is not None:
                self.lacks[turn] = (ref, counts[turn])

    def choose(self, d: Decision) -> tuple[Action, str] | None:
        legal = d.legal
        kinds = set()
        for a in legal:
            kinds.update(a)
        v = d.view
        me = d.player
        joker = Action(joker=True) if "joker" in kinds else None
        if v["slap"] is not None:
            return (joker, "joker") if joker is not None else None
        t = _Table(self, v, legal)
        choice = v["choice"]
        if choice is not None and choice["player"] == me:
            return self._dealer_choice(t), "choice"
        on_turn = t.turn == me
        if joker is not None and not (on_turn and len(t.hand) == 1 and self._turn_draws()):
            return joker, "joker"
        if t.ref is None and not t.free:
            twos = [a for a in legal if "lay" in a and not is_three(a)]
            if twos:
                return max(twos, key=lambda a: self._suit_count(t.hand, suit(a["lay"]))), "two"
        if "pilz" in kinds:
            pilz = self._pilz(t)
            if pilz is not None:
                return pilz, "pilz"
        if "lay" in kinds:
            three = self._three(t)
            if three is not None:
                return three, "three"
        if on_turn:
            play = self._turn(t)
            if play is not None:
                return play, "turn"
        if "throw" in kinds:
            throw = self._throw(t)
            if throw is not None:
                return throw, "throw"
        return None

    def _turn_draws(self) -> bool:
        """A player on turn whose hand a 3 or a joker empties still draws (option three_out)."""
        return self.three_out == "draw"

    @staticmethod
    def _suit_count(cards: list[str] | Counter[str], s: str | None) -> int:
        return sum(1 for c in cards if c != JOKER and rank(c) not in ("3", "J") and suit(c) == s)

    def _best_suit(self, cards: list[str] | Counter[str]) -> str:
        held = list(cards.elements()) if isinstance(cards, Counter) else cards
        return max(SUITS, key=lambda s: (self._suit_count(held, s), -SUITS.index(s)))

    # the dealer's turned-up jack or queen

    def _dealer_choice(self, t: _Table) -> Action:
        wishes = [a for a in t.legal if "wish" in a and "lay" not in a]
        if wishes:
            return Action(wish=self._best_suit(t.hand))
        swaps = [a for a in t.legal if "swap" in a and "lay" not in a]
        return min(swaps, key=lambda a: (t.counts[a["swap"]], (a["swap"] - t.me) % t.n))

    # the Pilz

    def _pilz(self, t: _Table) -> Action | None:
        spend = [a for a in t.legal if "pilz" in a]
        empty = any(
            q != t.me and t.counts[q] == 0 and t.status[q] in ("silent", "between")
            for q in range(t.n)
        )
        if not spend or empty:
            return None
        queen_now = False
        for a in t.legal:
            for verb in ("lay", "throw"):
                card = a.get(verb)
                if isinstance(card, str) and rank(card) == "Q":
                    queen_now = queen_now or verb == "lay" or self._throw_fits(t, card)
        if not queen_now:
            return None
        first = t.view["winners"][0]
        return next((a for a in spend if a["pilz"] == first), spend[0])

    # 3s

    def _three(self, t: _Table) -> Action | None:
        threes = [a for a in t.legal if is_three(a)]
        if not threes:
            return None
        three = threes[0]
        hand = t.hand
        others = [c for c in hand if c != JOKER and rank(c) != "3"]
        on_turn = t.turn == t.me
        if on_turn and len(hand) == 1 and self._turn_draws():
            return None  # the last card laid on turn: the turn would still draw
        if not others:
            return three  # nothing else to lay: shed the 3s whenever they may go
        top = top_entry(t.pile)
        if top is None:
            return None
        top_rank = rank(top["card"])
        if on_turn:
            return three if self._three_on_turn(t, top_rank) else None
        if top_rank == "K" and top.get("active") and top["by"] != t.me and t.turn is not None:
            after = t.next_holder(top["anchor"], -t.direction)
            now = t.turn
            gives_back = after == t.me or t.threat(now) > t.threat(after)
            if after is not None and after != now and gives_back:
                return three
        if (
            top_rank == "A"
            and t.facing == "ace"
            and t.turn == top["by"]
            and t.turn != t.me
            and t.threat(t.turn) >= 2
        ):
            return three  # cancels the extra lay of a player about to go out
        return None

    def _three_on_turn(self, t: _Table, top_rank: str) -> bool:
        """Whether a 3 now (on the card the bot faces) leaves it better off for its turn."""
        hand = t.hand
        ri, chain = scan(t.pile, three_on_top=True)
        after = None if ri is None else t.pile[ri]
        eight = after is not None and rank(after["card"]) == "8" and not after.get("done")
        if t.facing == "chain":
            return not any(rank(c) == "7" for c in hand) and chain < t.chain
        if t.facing == "eight":
            return not any(rank(c) == "8" for c in hand) and not eight
        if t.facing not in ("play", "drawn") or top_rank in ("K", "A", "3"):
            return False
        if after is None or chain or eight:
            return False  # no reference card, or a chain or an 8 come back: worse than now
        rest = list(hand)
        rest.remove(next(c for c in hand if rank(c) == "3"))
        now = self._best_lay_score(t, hand, t.ref)
        if now is None:
            now = 0.0 if t.facing == "drawn" else -1.5 * SHED  # a pass, or a draw
        then = self._best_lay_score(t, rest, ref_of(after))
        if then is None:
            return False
        spare = sum(1 for c in hand if rank(c) == "3") > 1 or len(hand) <= 3
        keep = 0.0 if spare else KEEP_THREE
        return SHED - keep + then > now + 2.0

    def _best_lay_score(self, t: _Table, hand: list[str], ref: Ref | None) -> float | None:
        """The best single lay's score from ``hand`` onto ``ref`` (None: nothing fits)."""
        best: float | None = None
        partners = [q for q in range(t.n) if q != t.me and t.status[q] != "won"]
        for c in dict.fromkeys(hand):
            if c == JOKER or rank(c) == "3" or not fits(c, ref, t.free):
                continue
            r = rank(c)
            if r == "J":
                rest = list(hand)
                rest.remove(c)
                a = Action(lay=c, wish=self._best_suit(rest))
            elif r == "Q":
                a = Action(lay=c, swap=min(partners, key=lambda q: t.counts[q]))
            else:
                a = Action(lay=c)
            s = self._score(t, a, "lay", t.me, hand)
            best = s if best is None else max(best, s)
        return best

    # the turn

    def _turn(self, t: _Table) -> Action | None:
        legal = t.legal
        face = t.facing
        lays = [a for a in legal if "lay" in a and not is_three(a)]
        if face == "chain":
            if lays:
                return max(lays, key=lambda a: self._score(t, a, "lay", t.me, t.hand))
            return next((a for a in legal if "take" in a), None)
        if face == "eight":
            if lays:
                return max(lays, key=lambda a: self._score(t, a, "lay", t.me, t.hand))
            return next((a for a in legal if "sit_out" in a), None)
        anchor = t.me
        if face == "ace" and t.ref_entry is not None:
            anchor = t.ref_entry["anchor"]
        if lays:
            scored = [(self._score(t, a, "lay", anchor, t.hand), i) for i, a in enumerate(lays)]
            value, i = max(scored)
            if face not in ("ace", "drawn") or value > 0:
                return lays[i]
        for verb in ("pass", "draw"):
            a = next((a for a in legal if verb in a), None)
            if a is not None:
                return a
        return lays[0] if lays else None

    # throw-ins

    def _throw_fits(self, t: _Table, card: str) -> bool:
        """Whether a throw-in of ``card`` would be laid (an unfitting one costs a card)."""
        if card == JOKER or rank(card) == "3":
            return False
        if t.view["window"] is None:
            if t.facing == "chain":
                return rank(card) == "7"
            if t.facing == "eight":
                return rank(card) == "8"
        return fits(card, t.ref, t.free)

    def _throw(self, t: _Table) -> Action | None:
        window = t.view["window"]
        anchor = window["anchor"] if window is not None else t.me
        best: tuple[float, int] | None = None
        throws = [a for a in t.legal if "throw" in a and self._throw_fits(t, a["throw"])]
        for i, a in enumerate(throws):
            s = self._score(t, a, "throw", anchor, t.hand)
            if best is None or s > best[0]:
                best = (s, i)
        if best is None or best[0] < THROW_AT_LEAST:
            return None
        return throws[best[1]]

    # scoring a lay

    def _score(self, t: _Table, a: Action, verb: str, anchor: int, hand: list[str]) -> float:
        """What laying ``a`` is worth to the bot, in tenths of a card shed (see the docstring)."""
        cards = cards_of(a, verb)
        after = Counter(hand)
        after.subtract(cards)
        after = +after
        left = sum(after.values())
        last = cards[-1]
        r = rank(last)
        direction = -t.direction if r == "K" else t.direction
        nxt = t.next_holder(anchor, direction, left)
        s = SHED * len(cards)
        if r == "Q":
            q = a["swap"]
            if t.counts[q] == 0:
                return s + OUT  # the partner's empty hand: the bot is out
            s += SHED * (left - t.counts[q]) + 2.0 * t.threat(q)
            if left >= 3:
                s -= KEEP_QUEEN
            return s
        if left == 0:
            return s + OUT
        held = [c for c in after.elements() if c != JOKER]
        if all(rank(c) in ("Q", "3") for c in held) and any(rank(c) == "Q" for c in held):
            s -= 8.0  # the last card a queen: it would swap an empty hand for a full one
        if r == "7":
            if left >= 2:
                spare = any(rank(c) == "7" for c in held)
                s -= KEEP_SPARE_SEVEN if spare else KEEP_SEVEN
            if nxt == t.me:
                s -= 3 * SHED
            elif nxt is not None:
                no_seven = 1.0 - t.p_answer(nxt, lambda c: rank(c) == "7")
                s += (3.0 + 2.5 * t.threat(nxt)) * no_seven
        elif r == "8":
            if left >= 2:
                spare = any(rank(c) == "8" for c in held)
                s -= KEEP_SPARE_EIGHT if spare else KEEP_EIGHT
            if nxt == t.me:
                s -= SHED
            elif nxt is not None:
                no_eight = 1.0 - t.p_answer(nxt, lambda c: rank(c) == "8")
                s += (2.0 + 2.5 * t.threat(nxt)) * no_eight
        elif r == "J":
            if left >= 2:
                s -= KEEP_JACK
        elif r == "K":
            before = t.next_holder(anchor, t.direction, left)
            s += 2.0 * (t.threat(before) - t.threat(nxt))
            if nxt == t.me:
                s += 3.0
        elif r == "A":
            lead: Ref = ("A", suit(last), None)
            follow = any(rank(c) != "3" and fits(c, lead) for c in held)
            s += 7.0 if follow else -1.0
        elif r == "9":
            s -= 2.0
        elif r in ("5", "6"):
            s += self.slap_edge
        # what comes next: the bot's own next lay, and the next player's answer
        new_suit = a["wish"] if r == "J" else suit(last)
        s += (FOLLOW_WISH if r == "J" else FOLLOW) * self._suit_count(held, new_suit)
        if nxt is not None and nxt != t.me and r not in ("7", "8") and t.threat(nxt) >= 2:
            if r == "J":
                wish = a["wish"]

                def answers(c: str) -> bool:
                    return rank(c) == "J" or suit(c) == wish
            else:

                def answers(c: str) -> bool:
                    return rank(c) in (r, "J") or suit(c) == new_suit

            s -= 4.0 * t.threat(nxt) * t.p_answer(nxt, answers)
        return s


# -- random play, timed like the heuristic ---------------------------------------------------------


TURN_VERBS = frozenset(("lay", "draw", "pass", "take", "sit_out"))


class RandomMaumauBot(ReactingBot):
    """Plays at random: a turn option drawn uniformly (a card, a set of 10s, a draw, a pass, a
    take, a sit-out), a random wish or partner; each moment it throws in a fitting card, lays a
    3, puts a joker down or spends a Pilz with some chance. Words and slaps as its profile says,
    exactly as the heuristic does."""

    name = "random"

    THROW = 0.5
    THREE = 0.2
    JOKER = 0.5
    PILZ = 0.3

    def choose(self, d: Decision) -> tuple[Action, str] | None:
        legal, v, rng = d.legal, d.view, d.rng
        kinds = set()
        for a in legal:
            kinds.update(a)
        joker = Action(joker=True) if "joker" in kinds else None
        if joker is not None and self._flag(d, "joker", self.JOKER):
            return joker, "joker"
        if v["slap"] is not None:
            return None
        choice = v["choice"]
        if choice is not None and choice["player"] == d.player:
            answers = [a for a in legal if ("wish" in a or "swap" in a) and "lay" not in a]
            return rng.choice(answers), "choice"
        ri = v["reference"]
        if ri is None and not v["free"]:
            twos = [a for a in legal if "lay" in a and not is_three(a)]
            if twos:
                return rng.choice(twos), "two"
        if "pilz" in kinds and self._flag(d, "pilz", self.PILZ):
            return rng.choice([a for a in legal if "pilz" in a]), "pilz"
        threes = [a for a in legal if is_three(a)]
        if threes and self._flag(d, "three", self.THREE):
            return rng.choice(threes), "three"
        if v["turn"] == d.player:
            options: dict[Hashable, list[Action]] = {}
            for a in legal:
                if is_three(a) or not TURN_VERBS & set(a):
                    continue
                card = a.get("lay")
                key = tuple(card) if isinstance(card, list) else (next(iter(a)), card)
                options.setdefault(key, []).append(a)
            if options:
                group = list(options.values())[rng.below(len(options))]
                return rng.choice(group), "turn"
        if "throw" in kinds and self._flag(d, "throw", self.THROW):
            ref = ref_of(None if ri is None else v["pile"][ri])
            fitting = [a for a in legal if "throw" in a and self._fits_throw(v, ref, a["throw"])]
            if fitting:
                return rng.choice(fitting), "throw"
        return None

    @staticmethod
    def _fits_throw(v: dict[str, Any], ref: Ref | None, card: str) -> bool:
        if v["window"] is None and v["facing"] in ("chain", "eight"):
            return rank(card) == ("7" if v["facing"] == "chain" else "8")
        return fits(card, ref, v["free"]) and rank(card) != "3"


def maumau(game: Game, **kwargs: Any) -> MaumauBot:
    """The heuristic bot (argument: a reaction profile, e.g. ``maumau:fast``)."""
    return MaumauBot(game, **kwargs)


def random(game: Game, **kwargs: Any) -> RandomMaumauBot:
    """Random play with the heuristic's reflexes (argument: a profile, e.g. ``random:slow``)."""
    return RandomMaumauBot(game, **kwargs)


BOTS = {"maumau": maumau, "random": random}


def evaluate(state: Any, player: int) -> float:
    """How good ``state`` is for ``player``, in cards: how many fewer they hold than the others
    on average. A seat that has said its last "Matt" counts as holding fewer than any hand, the
    earlier the fewer (the first of n winners -n cards, the next -(n-1)...), so the places
    already taken count as the sheet ranks them. The search's cut-off rollouts score positions
    by it (``ismcts:depth=N``); it reads the whole state, which inside the search is a
    determinization, never the table."""
    n = state.num_players
    place = {p: i for i, p in enumerate(state.winners)}
    held = [-(n - place[p]) if p in place else len(state.hands[p]) for p in range(n)]
    others = [h for p, h in enumerate(held) if p != player]
    return float(sum(others) / len(others) - held[player]) if others else float(-held[player])


__all__ = [
    "BOTS",
    "SEARCH_DEPTH",
    "STRONGEST",
    "MaumauBot",
    "Profile",
    "RandomMaumauBot",
    "ReactingBot",
    "evaluate",
    "maumau",
    "profiles",
    "random",
    "reaction_profile",
]
