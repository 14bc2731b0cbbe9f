"""Biber-Mania's bots: a heuristic player that sees only its view.

Score is pile minus hand, so every card moved from the hand to the pile is worth 2, a card
taken into the hand costs 1 now and earns 2 back if it is laid later (its *use* is
``2 * P(laid) - 1``), and an opponent whose top group is beaten or stolen from loses 2 a card
(pile down, a card drawn). The bot values each legal action by that arithmetic:

- **Lay**: 2 a card, plus what the lay wins (display cards forced into the hand at their use,
  opponents' beaten groups as damage weighted towards the leader, kept cards at their use,
  the action card's expected effect), minus the risk that the new top group is beaten before
  the bot's next turn (estimated from the cards it has not seen and the opponents' ``known``
  hand cards), minus a little for breaking up a set. A lay that empties the hand ends the game:
  taken when it wins, avoided when it loses. The Partybiber waits until the game is near its end.
- **Keep** a beaten card only when its use is positive (it fits a set, is a joker or an action
  card the bot can attach); reject the rest.
- **Steal** from opponents' top groups (the leader first) rather than the display or supply.
- **Fee** only where the expected gain is positive: known cards first, jokers, cards that fit.
- **Gemeinling**: the leader (or whoever is about to go out) gets the supply's worst cards.
- **Draw** a supply card that fits the hand, else from the stock.

The bot keeps no memory between calls: ``view["hands"][p]["known"]`` is the table's public
knowledge of each hand, and the rest of the view (piles, display, supply, rejected cards) tells
which cards are still unseen.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from ...bots.base import Bot, Decision
from ...core import Action, Game
from .cards import (
    ACTION,
    ACTIONS,
    HIPPIE_RUN,
    JOKER,
    SET,
    Shape,
    beats,
    display_targets,
    shape,
)

STRONGEST = "heuristic"
SEARCH_DEPTH = 20
"""ISMCTS cuts its random rollouts after this many actions and scores the position with
``evaluate``: random play to the end judges a Biber-Mania position worse than the score
difference 20 actions on (2 players against the heuristic, 30 games each: 300 iterations to
the end won 0.25, with the cut 0.48; the arena figures are in the README's results)."""

ATTACHABLE = tuple(a for a in ACTIONS if a != "partybiber")
WIN_BONUS = 100.0


@lru_cache(maxsize=4096)
def _tail(lam: float, need: int) -> float:
    """P(X >= need) for X ~ Poisson(lam)."""
    if need <= 0:
        return 1.0
    if lam <= 0.0:
        return 0.0
    term = math.exp(-lam)
    below = term
    for i in range(1, need):
        term *= lam / i
        below += term
    return max(0.0, 1.0 - below)


def _digits(hand: Counter[str]) -> list[str]:
    """The digit cards ``hand`` holds."""
    return [c for c in hand if c.isdigit() and hand[c] > 0]


class _Table:
    """What the bot reads off its view for one decision (nothing is kept between calls)."""

    def __init__(self, bot: HeuristicBot, view: dict[str, Any]) -> None:
        self.bot = bot
        self.view = view
        self.me: int = view["viewer"]
        self.n: int = view["players"]
        self.hand = Counter(view["hand"])
        self.scores: list[int] = list(view["scores"])
        self.piles: list[list[list[str]]] = view["piles"]
        self.display: list[str] = view["display"]
        self.supply: list[str] = view["supply"]
        self.stock: int = view["stock"]
        self.counts = [h["count"] for h in view["hands"]]
        self.known = [Counter(h["known"]) for h in view["hands"]]
        self.opponents = [(self.me + k) % self.n for k in range(1, self.n)]
        unseen = Counter(bot.deck_counts)
        unseen -= self.hand
        for p in range(self.n):
            for g in self.piles[p]:
                unseen -= Counter(g)
            if p != self.me:
                unseen -= self.known[p]
        unseen -= Counter(self.display) + Counter(self.supply) + Counter(view["rejected"])
        keep = view.get("pending", {}).get("keep")
        if keep:
            unseen -= Counter(keep["cards"])
        self.unseen = unseen
        self.unseen_total = max(1, sum(unseen.values()))
        self.unknown = [max(0, self.counts[p] - sum(self.known[p].values())) for p in range(self.n)]
        # how near the end is: stock and supply run out, or someone lays out
        left = self.stock + len(self.supply)
        burn = bot.burn * self.n  # stock cards used up per round, roughly
        by_stock = left / burn if burn > 0 else 99.0
        by_hands = min((self.counts[p] for p in self.opponents), default=13) / 2.5
        self.horizon = max(0.0, min(by_stock, by_hands + 0.5))  # my turns after this one
        self.late = left <= bot.late_stock or min(self.counts) <= 4 or self.horizon <= 2.0
        best_opp = max(self.opponents, key=lambda p: (self.scores[p], -self.counts[p]))
        self.leader = best_opp
        self._risk: dict[tuple[str, int, int | None], float] = {}
        # the fee's targets, whatever the bot's hand: (chance they hold it, its use to them
        # weighted as damage, card, player), filled on the first lay that names the fee
        self.fee_targets: list[tuple[float, float, str, int]] | None = None
        self.tops: list[tuple[int, list[str], Shape]] | None = None  # the opponents' top groups

    # -- weights --------------------------------------------------------------------------------

    def weight(self, p: int) -> float:
        """How much an opponent's loss is worth to the bot (its own gain is 1)."""
        if self.n == 2:
            return 1.0
        w = self.bot.aggression
        if p == self.leader or self.scores[p] >= self.scores[self.me]:
            w += 0.3
        if self.counts[p] <= 3:
            w += 0.2  # may lay out soon
        return min(1.0, w)

    # -- what a card is worth in a hand ---------------------------------------------------------

    def p_lay(self, card: str, hand: Counter[str], horizon: float | None = None) -> float:
        """The chance ``card``, added to ``hand``, is laid before the game ends."""
        h = self.horizon if horizon is None else horizon
        if h <= 0.3:
            return 0.03
        if card == JOKER:
            base = 0.95
        elif card.isdigit():
            cnt = hand[card]
            if cnt >= 2:
                base = 0.93
            elif cnt == 1:
                base = 0.75
            else:
                v = int(card)
                base = 0.3
                if hand[JOKER]:
                    base = 0.55
                if hand["hippie"] and (str(v - 1) in hand or str(v + 1) in hand):
                    base = max(base, 0.55)
                if hand["partybiber"]:
                    base = max(base, 0.5)
        elif card == "partybiber":
            lone = sum(1 for c in _digits(hand) if hand[c] == 1)
            base = 0.75 if not hand["partybiber"] and lone >= 2 else 0.3
        else:
            held = sum(hand[a] for a in ATTACHABLE)
            digits = _digits(hand)
            base = 0.85 if digits and held < max(1.0, min(len(digits), h)) else 0.35
        if h < 1.5:
            # about one lay left: only what joins the biggest group gets laid
            top = max((hand[c] for c in _digits(hand)), default=0)
            joins = card == JOKER or card in ATTACHABLE or (card.isdigit() and hand[card] >= top)
            base *= 0.9 if joins else 0.25
        return base

    def use(self, card: str, hand: Counter[str] | None = None) -> float:
        """What taking ``card`` into the hand is worth: -1 now, +2 if it is laid later."""
        return 2.0 * self.p_lay(card, self.hand if hand is None else hand) - 1.0

    def use_of(self, p: int, card: str) -> float:
        """The same for opponent ``p``, judged from their known cards."""
        h = max(0.5, min(self.horizon + 1, self.counts[p] / 2.5 + 0.5))
        return 2.0 * self.p_lay(card, self.known[p], h) - 1.0

    def stock_use(self, use: Callable[[str], float]) -> float:
        """The expected use of an unseen card."""
        total = sum(self.unseen.values())
        if not total:
            return -0.5
        return sum(k * use(c) for c, k in self.unseen.items()) / total

    # -- the risk of a top group ----------------------------------------------------------------

    def beat_prob(self, s: Shape) -> float:
        """The chance that a group of shape ``s`` on the bot's pile is beaten before its next
        turn (each opponent lays once; an opponent able to beat it does so with ``risk``)."""
        if not s.can_be_beaten:
            return 0.0
        key = (s.kind, s.size, s.value)
        if key in self._risk:
            return self._risk[key]
        miss = 1.0
        for p in self.opponents:
            q = self._can_beat(p, s)
            miss *= 1.0 - self.bot.risk * q
        out = 1.0 - miss
        self._risk[key] = out
        return out

    def _expect(self, p: int, cards: tuple[str, ...]) -> tuple[int, float]:
        if len(cards) == 1:  # the common case, without two generators
            c = cards[0]
            return self.known[p][c], self.unknown[p] * self.unseen[c] / self.unseen_total
        known = sum(self.known[p][c] for c in cards)
        lam = self.unknown[p] * sum(self.unseen[c] for c in cards) / self.unseen_total
        return known, lam

    def _can_beat(self, p: int, s: Shape) -> float:
        k = s.size
        if s.kind == ACTION:
            kj, lj = self._expect(p, (JOKER,))
            return _tail(lj, 1 - kj)
        if s.kind == HIPPIE_RUN:
            # a run of k cards: a Hippie and k-1 digits, or k consecutive digits
            kh, lh = self._expect(p, ("hippie",))
            hippie = _tail(lh, 1 - kh)
            hand = self.counts[p]
            spread = min(1.0, hand / 13.0)
            plain = {3: 0.45, 4: 0.22, 5: 0.1, 6: 0.04, 7: 0.015}.get(k, 0.01) * spread
            with_h = {3: 0.7, 4: 0.45, 5: 0.25, 6: 0.12, 7: 0.05}.get(k, 0.03) * spread
            return 1.0 - (1.0 - plain) * (1.0 - hippie * with_h)
        if s.kind != SET or s.value is None:
            return 0.0
        kj, lj = self._expect(p, (JOKER,))
        ka, la = self._expect(p, ATTACHABLE)
        action = _tail(la, 1 - ka) if k >= 2 else 0.0
        miss = 1.0 - _tail(lj, k - kj)  # jokers alone are above every digit
        for w in self.bot.digits:
            if w <= s.value:
                continue
            kd, ld = self._expect(p, (str(w),))
            if kd == 0 and ld < 0.05:
                continue
            some = 1.0 if kd else 1.0 - math.exp(-ld)  # a set needs a digit
            with_jokers = some * _tail(ld + lj, k - kd - kj)
            with_action = _tail(ld, max(1, k - 1) - kd) * action if k >= 2 else 0.0
            q = min(1.0, max(with_jokers, with_action))
            miss *= 1.0 - q
        return 1.0 - miss


class HeuristicBot(Bot):
    """Plays Biber-Mania from its view alone by the arithmetic of the module docstring.

    ``risk``: how likely an opponent able to beat the bot's top group is taken to do it;
    ``aggression``: how much an opponent's loss counts against the bot's own gain (the leader
    and whoever may lay out soon count more); ``patience``: what laying the Partybiber before
    the end costs; ``burn``: stock cards used up per turn (how near the end is).
    """

    name = "heuristic"

    def __init__(
        self,
        game: Game,
        risk: float = 0.6,
        aggression: float = 0.5,
        patience: float = 3.0,
        burn: float = 2.0,
        late_stock: int = 8,
    ) -> None:
        deck = game.deck  # type: ignore[attr-defined]
        self.options = dict(game.options)
        self.deck_counts = {kind: n for kind, n in deck.counts if n > 0}
        self.digits: tuple[int, ...] = deck.digits
        self.risk = float(risk)
        self.aggression = float(aggression)
        self.patience = float(patience)
        self.burn = float(burn)
        self.late_stock = int(late_stock)

    def reaction_time(self, decision: Decision) -> float:
        return 1.0

    def act(self, decision: Decision) -> Action | None:
        legal = decision.legal
        if not legal:
            return None
        if len(legal) == 1:
            return legal[0]
        view = decision.view
        t = _Table(self, view)
        phase = view["phase"]
        handler = {
            "lay": self._lay,
            "beat-display": self._beat_display,
            "beat-whom": self._beat_whom,
            "keep": self._keep,
            "steal": self._steal,
            "fee": self._fee,
            "victim": self._victim,
            "deal": self._deal,
            "draw": self._draw,
        }.get(phase)
        if handler is None:
            return legal[0]
        choice = handler(t, legal)
        return choice if choice in legal else legal[0]

    @staticmethod
    def _best(legal: list[Action], value: Callable[[Action], float]) -> Action:
        return max(legal, key=value)  # the first of equals: legal's order is deterministic

    # -- laying ---------------------------------------------------------------------------------

    def _lay(self, t: _Table, legal: list[Action]) -> Action:
        return self._best(legal, lambda a: self.lay_value(t, a["lay"]))

    def lay_value(self, t: _Table, cards: list[str]) -> float:
        s = shape(cards, self.digits)
        size = len(cards)
        after = t.hand - Counter(cards)
        after = +after
        if not after:
            return self._ending_value(t, size)
        value = 2.0 * size
        acts = [c for c in cards if c in ACTIONS]
        action = acts[0] if acts else None
        # beating: the display (forced, into the hand), then the opponents
        if s.kind != ACTION:  # a lone action card does not beat
            targets = display_targets(
                s, t.display, self.options.get("joker_beats_display_action", False)
            )
            if targets:
                value += max(self._display_take(t, after, c, size) for c in targets)
            higher = self.options.get("higher_runs_only", False)
            beaten = [(p, group) for p, group, top in self._tops(t) if beats(s, top, higher)]
            if beaten and self.options.get("beat_opponents", "all") == "one":
                beaten = [max(beaten, key=lambda pg: t.weight(pg[0]) * len(pg[1]))]
            for p, group in beaten:
                value += 2.0 * len(group) * t.weight(p)
                value += sum(max(0.0, t.use(c, after)) for c in group)
        # the action card
        if action in ("superbiber", "dieb"):
            n = 2 if action == "superbiber" else 1
            options = sorted((v for v, _ in self._steal_options(t, after)), reverse=True)
            value += sum(options[:n])
        elif action == "fee":
            value += max(0.0, max((v for v, _ in self._fee_options(t, after)), default=0.0))
        elif action == "gemeinling":
            victim = self._victim_choice(t)
            value += 2.0 * 0.8 * t.weight(victim)
        elif action == "koenig" and size > 1 and s.value is not None:
            for p in t.opponents:
                k, lam = t._expect(p, (str(s.value),))
                has = 1.0 if k else _tail(lam, 1)
                value += has * (1.0 - t.weight(p) * 0.5)
        # the risk that the new top group is beaten before the next turn
        value -= 2.0 * size * t.beat_prob(s)
        # breaking sets up: a value used but not all of it
        used = Counter(c for c in cards if c.isdigit())
        for c in used:
            if after[c]:
                value -= 1.0
        if JOKER in cards and s.kind == SET:
            # jokers are worth most on the biggest set
            biggest = max((t.hand[c] for c in t.hand if c.isdigit()), default=0)
            if used and max(used.values()) < biggest:
                value -= 0.5 * cards.count(JOKER)
        if "partybiber" in cards:
            if not t.late:
                value -= self.patience
            if size == 1:
                value -= 2.0  # a lone Partybiber wastes it
        elif s.kind == ACTION and action in ("hippie", "bodyguard", "koenig"):
            value -= 1.0  # nothing happens: the card would have done more with digits
        return value

    def _tops(self, t: _Table) -> list[tuple[int, list[str], Shape]]:
        """Each opponent's top group with its shape, worked out once a decision."""
        if t.tops is None:
            t.tops = [
                (p, t.piles[p][-1], shape(t.piles[p][-1], self.digits))
                for p in t.opponents
                if t.piles[p]
            ]
        return t.tops

    def _display_take(self, t: _Table, after: Counter[str], card: str, size: int) -> float:
        k = 1 if card in ACTIONS else size
        hand = Counter(after)
        total = 0.0
        for _ in range(k):
            total += t.use(card, hand)
            hand[card] += 1
        return total

    def _ending_value(self, t: _Table, size: int) -> float:
        mine = t.scores[t.me] + 2 * size
        best = max(t.scores[p] for p in t.opponents)
        if mine > best:
            return WIN_BONUS + mine - best
        if mine == best:
            return WIN_BONUS / 2
        return -WIN_BONUS / 2 + (mine - best)

    # -- beating choices ------------------------------------------------------------------------

    def _beat_display(self, t: _Table, legal: list[Action]) -> Action:
        size = len(t.view["pending"].get("lay", [])) or 1
        return self._best(legal, lambda a: self._display_take(t, t.hand, a["card"], size))

    def _beat_whom(self, t: _Table, legal: list[Action]) -> Action:
        def value(a: Action) -> float:
            p = a["beat"]
            group = t.piles[p][-1] if t.piles[p] else []
            return len(group) * (2.0 * t.weight(p) + 0.1) + sum(max(0.0, t.use(c)) for c in group)

        return self._best(legal, value)

    def _keep(self, t: _Table, legal: list[Action]) -> Action:
        cards = t.view["pending"]["keep"]["cards"]
        hand = Counter(t.hand)
        total = 0.0
        for c in cards:
            total += t.use(c, hand)
            hand[c] += 1
        return Action(keep=total > 0.0)

    # -- action cards ---------------------------------------------------------------------------

    def _steal_options(self, t: _Table, hand: Counter[str]) -> list[tuple[float, tuple[Any, str]]]:
        out: list[tuple[float, tuple[Any, str]]] = []
        jokers = self.options.get("steal_jokers", True)
        for src, cards in (("display", t.display), ("supply", t.supply)):
            for c in set(cards):
                if jokers or c != JOKER:
                    out.append((t.use(c, hand), (src, c)))
        for p in t.opponents:
            if t.piles[p]:
                group = t.piles[p][-1]
                for c in set(group):
                    if jokers or c != JOKER:
                        bonus = 0.3 if c == "bodyguard" and len(group) > 1 else 0.0
                        out.append((2.0 * t.weight(p) + t.use(c, hand) + bonus, (p, c)))
        return out

    def _steal(self, t: _Table, legal: list[Action]) -> Action:
        values = {src_c: v for v, src_c in self._steal_options(t, t.hand)}
        return self._best(legal, lambda a: values.get((a["steal"], a["card"]), -9.0))

    def _fee_options(self, t: _Table, hand: Counter[str]) -> list[tuple[float, tuple[str, int]]]:
        targets = t.fee_targets
        if targets is None:
            t.fee_targets = targets = self._fee_targets(t)
        uses: dict[str, float] = {}
        out = []
        for has, theirs, c, p in targets:
            use = uses.get(c)
            if use is None:
                use = uses[c] = t.use(c, hand)
            out.append((has * (use - theirs), (c, p)))
        return out

    def _fee_targets(self, t: _Table) -> list[tuple[float, float, str, int]]:
        """What taking each card from each opponent does to them, which no lay of the bot's
        changes: worked out once a decision, however many of its lays name the fee."""
        out = []
        for p in t.opponents:
            if t.counts[p] <= 1 and t.scores[p] + 1 >= t.scores[t.me]:
                continue  # taking their last card lets them end the game
            for c, n in self.deck_counts.items():
                if not n:
                    continue
                if t.known[p][c]:
                    has = 1.0
                else:
                    _, lam = t._expect(p, (c,))
                    has = _tail(lam, 1)
                if has < 0.05:
                    continue
                theirs = 1.0 - 2.0 * t.p_lay(c, t.known[p] - Counter([c]))
                out.append((has, t.weight(p) * theirs, c, p))
        return out

    def _fee(self, t: _Table, legal: list[Action]) -> Action:
        options = self._fee_options(t, t.hand)
        if not options:
            return Action(fee=None)
        value, (card, p) = max(options)
        if value <= 0.05:
            return Action(fee=None)
        return Action(fee=card, **{"from": p})

    def _victim_choice(self, t: _Table) -> int:
        def threat(p: int) -> float:
            return t.scores[p] + (6.0 if t.counts[p] <= 3 else 0.0) - 0.5 * t.counts[p]

        return max(t.opponents, key=threat)

    def _victim(self, t: _Table, legal: list[Action]) -> Action:
        p = self._victim_choice(t)
        return Action(victim=p)

    def _deal(self, t: _Table, legal: list[Action]) -> Action:
        victim = t.view["pending"].get("victim")
        if victim is None:
            return legal[0]

        def harm(a: Action) -> float:
            if a["deal"] == "stock":
                return -t.stock_use(lambda c: t.use_of(victim, c)) - 0.05
            c = a["card"]
            # a good card left in the supply may be drawn by the bot later: dealing it costs
            return -t.use_of(victim, c) - 0.2 * t.use(c)

        return self._best(legal, harm)

    def _draw(self, t: _Table, legal: list[Action]) -> Action:
        def value(a: Action) -> float:
            if a["draw"] == "stock":
                return t.stock_use(lambda c: t.use(c)) + 0.05
            return t.use(a["card"])

        return self._best(legal, value)


def heuristic(game: Game, **kwargs: Any) -> HeuristicBot:
    """The heuristic bot (arguments: risk, aggression, patience, burn, late_stock)."""
    return HeuristicBot(game, **kwargs)


BOTS = {"heuristic": heuristic}

__all__ = ["BOTS", "STRONGEST", "HeuristicBot", "heuristic"]


def evaluate(state: Any, player: int) -> float:
    """How good ``state`` is for ``player``, in cards: their score (pile minus hand) ahead of the
    best other seat's. The search's cut-off rollouts score positions by it (``ismcts:depth=N``);
    it reads the whole state, which inside the search is a determinization, never the table."""
    scores = state.result_ if state.result_ is not None else state.scores()
    return float(scores[player] - max(s for p, s in enumerate(scores) if p != player))
