"""Ladybohn's bots: the Bohnanza trader and no-trade planter taught Ladybohn's cards.

They build on ``games/bohnanza/bots.py``: the same simulation values every change as the
difference of two evaluations (plant the cards that must be planted, then the front of the hand,
then the potential of the fields left), and the Bohnanza trader's whole trading logic runs
unchanged on top of Ladybohn's valuation. What Ladybohn adds:

- **Fields pay by their top card.** A simulated field knows its variety, its beans, whether a
  Lady is on top (and anywhere in it) and whether it is the Ratio Field. A Lady on top is worth
  her own (better) beanometer now, or the male way on if that is worth more; a male planted on
  her covers her. Cards that must be planted go males first, the Lady last, so she ends on top.
  The Ratio Field with only males pays nothing now, and counts a share of its male potential.
- **Rotation**: right after a harvest it rotates the other field whose top change gains most
  (a male on top with a Lady below comes to her), which may make that field ready to harvest.
- **Fans**: it swaps its hand for a fan whose cards evaluate better than its hand (by a
  margin; at most twice a turn), and, when both fans match a turned-up card, puts it where the
  card pushed into the offer helps it most.
- **Make-up beans** are a field of their own value: 3-4 beans a free 3rd field (less when it
  would be the Ratio Field, fading as the game runs out), 5+ the better of that field and a coin
  with a steal (1 coin plus one for each player it could rob), a share of the way to the next
  step when enough Make-up beans are unseen, and, once in a field, protection against thieves.
  The choice after a harvest compares the same two values; a 3-4 harvest always takes the field.
- **Steals** take the most players allowed, the richest first (the engine already leaves out the
  promised, the protected and the poor). **3rd field**: bought for 3 coins when a field's worth
  for the rest of the game (less for the Ratio Field) beats them, sooner when a thief threatens.
- **Promises** (``LadyTraderBot``): an offer it sends to a player who may steal soon (a steal
  owed or 3+ Make-up beans in a field) asks that player's promise, once — for the rest of the
  game when that player could steal more than once (2 steals owed, or Make-up growing while
  much of the game is left), else for her next steal; the same offer without it may follow.
  When it threatens the partner itself and its own promise costs it little, it adds its own
  promise for the partner's sake. An offer it receives is weighed with its promises: its own
  promise costs the steals it gives up (more when it holds for the game), the sender's promise
  is worth the coins it keeps (more for the game); a trade whose promises tip the balance is
  accepted or declined on them.
- **Which card it gives** (``LadyTraderBot``): of a variety an open offer takes from it and
  that it holds as a Lady and a male, it marks (``give_first``) the kind that pays worse on
  its field of that variety to go first, and keeps the one that pays best on top.
- **1 and 2 players** (``duo.py``): leftover cards are planted when they help, else discarded;
  the planting phase plants up to 3 and discards the hand card that hurts most; offer varieties
  are taken when they help; the fan swap as above; the solo end harvests a field only while it
  keeps coins above the discard pile or pays more than it discards.

An unknown phase gets the first legal action that ends something, else the first legal one.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...core import Action, Game
from ..beans.cards import LADY, MALE, payout
from ..beans.search import (  # ISMCTS's cut-off and its score
    SEARCH_DEPTH,
    evaluate,
    evaluate_all,
    search_depth,
    search_moves,
)
from ..beans.trading import HAND, OFFER
from ..bohnanza.bots import (
    ANSWER,
    FAST,
    HARVEST,
    IDLE,
    BohnanzaBot,
    Item,
    NoTradeBot,
    TraderBot,
    _Ctx,
    _items,
    deck_memo,
)

STRONGEST = "trader"
MAKEUP = "makeup"
TABLE_LIMIT = 20_000  # evaluations kept between decisions at most (then the caches start anew)

# a simulated field: [variety | None, beans, Lady on top, a Lady in it, Ratio Field]
LField = list[Any]


class _LadyCtx(_Ctx):
    """What one decision reads off a Ladybohn view (3-5 players, or the 1-2 player view)."""

    def __init__(self, bot: LadyBot, view: dict[str, Any]) -> None:
        # Bohnanza's reading of the cards is not reused: the 1-2 player view has no trading fields
        self._begin(bot, view)
        self.duo = "mode" in view
        kind = bot.kind_of
        self.hand_k: list[str] = list(view["hand"] or [])
        self.hand = [kind[c] for c in self.hand_k]
        offer = view.get("offer_area", view.get("offer", []))
        self.offer_k: list[str] = [x["card"] for x in offer]
        self.offer_area = [kind[c] for c in self.offer_k]
        self.to_plant_k: list[list[str]] = [[x["card"] for x in r] for r in view["to_plant"]]
        self.to_plant = [[kind[c] for c in r] for r in self.to_plant_k]
        self.third: list[str | None] = list(view.get("third") or [None] * self.n)
        self.coins_of: list[int] = list(view["coins"])
        self.steals: list[int] = list(view.get("steals") or [0] * self.n)
        self.lfields: list[list[LField]] = [
            [bot.field_of(f, g == 2 and self.third[p] == "ratio") for g, f in enumerate(pf)]
            for p, pf in enumerate(view["fields"])
        ]
        self.fields = self.lfields  # type: ignore[assignment]
        self._count_unseen()
        stock = view["stock"]
        if self.duo:
            per_round = 5.0 * self.n
            self.remaining = min(1.0, stock / 90.0)
            rounds_left = stock / per_round
        else:
            per_round = float(self.n * (2 + self.n))
            passes_left = max(0, 2 - view["exhausted"])
            self.remaining = min(1.0, (passes_left * bot.pass_size + stock) / (3 * bot.pass_size))
            rounds_left = stock / per_round if view["exhausted"] >= 2 else 99.0
        if view.get("ending"):
            self.alpha = 0.0
            self.remaining = 0.0
        else:
            self.alpha = bot.alpha * min(1.0, rounds_left / 3.0)
        self._steal_value: dict[int, float] = {}
        self._share_tables(bot, view)

    def _share_tables(self, bot: LadyBot, view: dict[str, Any]) -> None:
        """The valuation caches: ``potential``'s, ``value``'s, ``cash``'s and ``evaluate``'s.
        What they give depends on the arguments and on these numbers of the decision only (the
        Make-up's worth reads a little of everyone's fields, coins, steals and 3rd fields); a
        decision with the same numbers as the bot's last one (common: others traded, answered
        or planted elsewhere meanwhile) keeps using that one's caches."""
        signature = (
            self.me,
            self.alpha,
            self.remaining,
            self.unseen_total,
            tuple(self.unseen.items()),
            # what the Make-up's worth reads of each player: a 3rd field (``field_worth``),
            # coins and Make-up to rob or not (``steal_value``), a thief (``protection``)
            tuple(t is not None for t in self.third),
            tuple(c > 0 for c in self.coins_of),
            tuple((self.has_makeup(q), self.threat_from(q)) for q in range(self.n)),
            bool(view.get("ratio_taken")),
        )
        tables = bot._tables
        if tables is None or tables[0] != signature or len(tables[4]) > TABLE_LIMIT:
            tables = bot._tables = (signature, {}, {}, {}, {})
        _, self._pot, self._values, self._cashes, self._evals = tables

    def _seen(self) -> Counter[str]:
        """Bohnanza's, and the fans, the turned-up cards and the cards removed at setup."""
        kind, view = self.bot.kind_of, self.view
        seen = super()._seen()
        names = list(view.get("turned", []))
        for fan in view.get("fans", []):
            names += fan
        seen.update(map(kind.__getitem__, names))
        for name, k in (view.get("removed_at_setup") or {}).items():
            seen[kind[name]] += k
        return seen

    # -- Make-up, the 3rd field, steals ----------------------------------------------------------

    def has_makeup(self, p: int) -> bool:
        return any(f[0] == MAKEUP for f in self.lfields[p])

    def field_worth(self, p: int) -> float:
        """What a 3rd field is worth to ``p`` for the rest of the game (0 if she may not)."""
        if self.third[p] is not None or self.n == 1:
            return 0.0
        share = 1.0 if self.view.get("ratio_taken") else self.bot.ratio_share
        return self.bot.field_worth * share * self.remaining

    def steal_value(self, p: int) -> float:
        got = self._steal_value.get(p)
        if got is None:
            targets = sum(
                1
                for q in range(self.n)
                if q != p and self.coins_of[q] > 0 and not self.has_makeup(q)
            )
            got = self._steal_value[p] = 1.0 + self.bot.steal_weight * min(3, targets)
        return got

    def makeup_now(self, k: int, p: int) -> float:
        if k < 3:
            return 0.0
        field = self.field_worth(p)
        return field if k < 5 else max(field, self.steal_value(p))

    def makeup_potential(self, k: int, p: int) -> float:
        now = self.makeup_now(k, p)
        need = 3 if k < 3 else 5 if k < 5 else 0
        if need and self.alpha > 0:
            missing = need - k
            avail = self.unseen.get(MAKEUP, 0)
            if avail >= missing:
                reach = min(1.0, avail * self.bot.horizon / (self.unseen_total * missing))
                now += self.alpha * reach * (k / need) * (self.makeup_now(need, p) - now)
        return now

    def protection(self, p: int) -> float:
        """What a Make-up bean in a field is worth to ``p`` against thieves."""
        if self.coins_of[p] == 0:
            return 0.1
        threat = sum(
            1
            for q in range(self.n)
            if q != p
            and (self.steals[q] or any(f[0] == MAKEUP and f[1] >= 3 for f in self.lfields[q]))
        )
        return min(1.0, 0.2 + 0.4 * threat)

    def threat_from(self, q: int) -> bool:
        return bool(self.steals[q]) or any(f[0] == MAKEUP and f[1] >= 3 for f in self.lfields[q])

    def steal_chance(self, p: int) -> float:
        """How likely ``p`` is to steal soon: a steal owed, else her Make-up fields."""
        makeup = [f[1] for f in self.lfields[p] if f[0] == MAKEUP]
        if self.steals[p]:
            return 1.0
        if makeup:
            return 0.9 if max(makeup) >= 5 else 0.4 if max(makeup) >= 3 else 0.1
        return 0.0

    def promise_cost(self, q: int, holds: str = "next") -> float:
        """What promising ``q`` not to rob her costs this player: the next steal's coin, and
        for the rest of the game the steals still to come (fewer as the game runs out)."""
        cost = self.steal_chance(self.me) * (1.5 if self.coins_of[q] > 0 else 0.7)
        if holds == "game":
            cost += self.remaining * (1.0 if self.steals[self.me] > 1 else 0.6)
        return cost

    def promise_worth(self, q: int, holds: str = "next") -> float:
        """What ``q``'s promise not to rob this player is worth to it: the coin it keeps."""
        if self.coins_of[self.me] == 0:
            return 0.1 if holds == "game" else 0.0
        worth = self.steal_chance(q)
        if holds == "game":
            worth += self.remaining * 0.6
        return worth

    def asks_for(self, q: int) -> str:
        """How long a promise it asks of ``q``: the game when she could steal again."""
        many = self.steals[q] > 1 or (self.steal_chance(q) >= 0.4 and self.remaining > 0.5)
        return "game" if many else "next"

    # -- fields -----------------------------------------------------------------------------------

    def value(self, f: LField, p: int) -> float:
        """A field's worth: coins now by its top card, or the male way on if more (cached:
        ``_share_tables``)."""
        key = (p, f[0], f[1], f[2], f[3], f[4])
        got = self._values.get(key)
        if got is None:
            got = self._values[key] = self._value(f, p)
        return got

    def _value(self, f: LField, p: int) -> float:
        v, k, top_lady, any_lady, ratio = f
        if v is None or k <= 0:
            return 0.0
        if v == MAKEUP:
            return self.makeup_potential(k, p)
        value = self.potential(v, k)
        if top_lady:
            value = max(value, float(payout(self.bot.lady_meters.get(v, ()), k)))
        if ratio and not any_lady:
            value *= self.bot.ratio_share
        return value

    def cash(self, f: LField, p: int) -> float:
        """What harvesting the field now brings (cached: ``_share_tables``)."""
        key = (p, f[0], f[1], f[2], f[3], f[4])
        got = self._cashes.get(key)
        if got is None:
            got = self._cashes[key] = self._cash(f, p)
        return got

    def _cash(self, f: LField, p: int) -> float:
        v, k, top_lady, any_lady, ratio = f
        if v is None or k <= 0:
            return 0.0
        if v == MAKEUP:
            return self.makeup_now(k, p)
        if ratio and not any_lady:
            return 0.0
        meter = self.bot.lady_meters.get(v, ()) if top_lady else self.bot.meters[v]
        return float(payout(meter, k))

    def lost(self, f: LField, p: int) -> float:
        return self.value(f, p) - self.cash(f, p)

    def put(self, fields: list[LField], name: str, p: int) -> float:
        """Plant one card in the simulation; what a forced harvest brings, if any."""
        v = self.bot.kind_of[name]
        lady = self.bot.lady_of[name]
        empty = None
        for f in fields:
            if f[0] == v:
                f[1] += 1
                f[2] = lady
                f[3] = f[3] or lady
                return 0.0
            if f[0] is None and empty is None:
                empty = f
        if empty is not None:
            empty[:4] = [v, 1, lady, lady]
            return 0.0
        crowded = any(f[1] > 1 for f in fields)
        best = min(
            (f for f in fields if f[1] > 1 or not crowded),
            key=lambda f: (self.lost(f, p), -self.cash(f, p)),
        )
        got = self.cash(best, p)
        best[:4] = [v, 1, lady, lady]
        return got

    def order(self, fields: list[LField], cards: list[str]) -> list[str]:
        """Cards to plant in a good order: onto own fields first, bigger groups first, and in
        each variety the males before the Ladies (a Lady should end on top)."""
        if len(cards) < 2:
            return list(cards)  # most calls: nothing or one card to order
        kind, lady = self.bot.kind_of, self.bot.lady_of
        counts: dict[str, int] = {}
        for c in cards:
            v = kind[c]
            counts[v] = counts.get(v, 0) + 1
        have = {f[0] for f in fields}
        return sorted(
            cards, key=lambda c: (kind[c] not in have, -counts[kind[c]], kind[c], lady[c])
        )

    def evaluate(  # type: ignore[override]
        self, fields: list[LField], to_plant: list[str], hand: list[str], p: int | None = None
    ) -> float:
        """As Bohnanza's: the coins of forced harvests while planting ``to_plant`` and the
        front card (and the next one if it fits a field of its variety), plus the fields' worth,
        a little per empty field, protection by Make-up, and a fading share of later cards.
        The same fields and cards, the same answer (cached: ``_share_tables``)."""
        p = self.me if p is None else p
        key = (p, tuple(map(tuple, fields)), tuple(to_plant), tuple(hand))
        got = self._evals.get(key)
        if got is None:
            got = self._evals[key] = self._evaluate(fields, to_plant, hand, p)
        return got

    def _evaluate(
        self, fields: list[LField], to_plant: list[str], hand: list[str], p: int
    ) -> float:
        sim = [list(f) for f in fields]
        gained = 0.0
        for name in self.order(sim, to_plant):
            gained += self.put(sim, name, p)
        later = hand
        if hand:
            gained += self.put(sim, hand[0], p)
            later = hand[1:]
            if later and any(f[0] == self.bot.kind_of[later[0]] for f in sim):
                gained += self.put(sim, later[0], p)
                later = later[1:]
        value = gained
        for f in sim:
            value += self.value(f, p) if f[0] else self.bot.empty
        if any(f[0] == MAKEUP for f in sim):
            value += self.protection(p)
        w = self.bot.later
        grow = {f[0]: f for f in sim if f[0]}
        free = sum(1 for f in sim if f[0] is None)
        least = min(self.lost(f, p) for f in sim)
        for name in later[:5]:
            v = self.bot.kind_of[name]
            f = grow.get(v)
            if f is not None:
                nxt = [v, f[1] + 1, self.bot.lady_of[name], f[3] or self.bot.lady_of[name], f[4]]
                value += w * (self.value(nxt, p) - self.value(f, p))
                grow[v] = nxt
            elif free:
                free -= 1
                grow[v] = [v, 1, False, False, False]
            else:
                value -= w * least
            w *= 0.7
        return value

    def my_fields(self) -> list[LField]:  # type: ignore[override]
        return self.lfields[self.me]

    def _received(self, get: list[Item]) -> list[str]:
        """The kinds of the cards got: the rearmost of the variety in the offer (as the engine
        takes them), a male from a hand (its sex is hidden)."""
        offer = list(self.offer_k)
        out = []
        for v, src in get:
            if src == OFFER:
                idx = [i for i, c in enumerate(offer) if self.bot.kind_of[c] == v]
                if idx:
                    out.append(offer.pop(idx[-1]))
                    continue
            out.append(self.bot.plain[v])
        return out

    def my_gain(self, give: list[Item], get: list[Item]) -> float:
        hand = list(self.hand_k)
        tp = self.plant_row(self.me)
        kind = self.bot.kind_of
        for v, src in give:
            row = hand if src == HAND else tp
            idx = [i for i, c in enumerate(row) if kind[c] == v]
            if not idx:
                return -99.0
            del row[idx[-1]]  # the rearmost one goes
        tp += self._received(get)
        return self.evaluate(self.my_fields(), tp, hand) - self.base()

    def their_gain(self, p: int, give: list[Item], get: list[Item]) -> float:
        tp = self.plant_row(p)
        before = self.evaluate(self.lfields[p], tp, [], p)
        tp = list(tp)
        kind = self.bot.kind_of
        for v, src in give:
            idx = [i for i, c in enumerate(tp) if kind[c] == v]
            if src == OFFER and idx:
                del tp[idx[-1]]
        tp += self._received(get)
        return self.evaluate(self.lfields[p], tp, [], p) - before

    def finished(self, f: int) -> bool:
        """A field worth harvesting now: it pays, and waiting would hardly add to it."""
        field = self.my_fields()[f]
        v = field[0]
        if v is None or self.cash(field, self.me) < 1:
            return False
        upcoming = self.hand_k[:3] + self.to_plant_k[self.me]
        if field[2] and v != MAKEUP:
            # a Lady on top: only another Lady coming keeps her worth
            if any(self.bot.kind_of[c] == v and not self.bot.lady_of[c] for c in upcoming):
                return self.cash(field, self.me) >= self.value(field, self.me) - 0.5
        elif any(self.bot.kind_of[c] == v for c in upcoming):
            return False
        return self.lost(field, self.me) < 0.1


class _DeckInfo:
    """What the bots read off Ladybohn's deck, once per deck (``deck_memo``); read-only."""

    def __init__(self, deck: Any) -> None:
        kinds = deck.kinds
        self.lady_of: dict[str, bool] = {k.name: k.sex == LADY for k in kinds}
        self.plain: dict[str, str] = {}  # a card of a variety whose sex is hidden: a male
        for k in sorted(kinds, key=lambda k: k.sex != MALE):
            self.plain.setdefault(k.variety, k.name)
        # growth is judged on the males' beanometer; a Lady on top pays by her own
        self.meters = {k.variety: k.beanometer for k in kinds if k.sex == MALE}
        self.lady_meters = {
            k.variety: k.beanometer for k in kinds if k.sex == LADY and k.variety != MAKEUP
        }
        totals = Counter(k.variety for k in kinds)
        for v in totals:
            self.meters.setdefault(v, self.lady_meters.get(v, ()))
        self.pay = {v: [payout(m, k) for k in range(totals[v] + 1)] for v, m in self.meters.items()}


class LadyBot(BohnanzaBot):
    """Ladybohn's planting, harvesting, fans, Make-up and steals; subclasses decide trading."""

    name = "ladybohn"

    def __init__(
        self,
        game: Game,
        ratio_share: float = 0.5,
        field_worth: float = 3.5,
        steal_weight: float = 1.0,
        swap_margin: float = 0.4,
        **kw: Any,
    ) -> None:
        super().__init__(game, **kw)
        deck = game.deck  # type: ignore[attr-defined]
        info = deck_memo(deck, "ladybohn", _DeckInfo)
        self.lady_of = info.lady_of
        self.plain = info.plain
        self.meters = info.meters
        self.lady_meters = info.lady_meters
        self.pay = info.pay
        options = getattr(game, "options", {})
        self.ratio_pays = bool(options.get("ratio_males_pay", False))
        self.pass_size = float(deck.size)
        self.ratio_share = ratio_share
        self.field_worth = field_worth
        self.steal_weight = steal_weight
        self.swap_margin = swap_margin
        self._swaps: tuple[Any, int] = (None, 0)
        self._ctx: _LadyCtx | None = None
        # the last decision's valuation caches and what they depend on (``_share_tables``)
        self._tables: tuple[Any, ...] | None = None

    def field_of(self, cards: list[str], ratio: bool) -> LField:
        if not cards:
            return [None, 0, False, False, ratio and not self.ratio_pays]
        lady = [self.lady_of[c] for c in cards]
        return [
            self.kind_of[cards[0]],
            len(cards),
            lady[-1],
            any(lady),
            ratio and not self.ratio_pays,
        ]

    # -- the Bot interface ------------------------------------------------------------------------

    def _context(self, view: dict[str, Any]) -> _LadyCtx:
        self._ctx = _LadyCtx(self, view)
        return self._ctx

    # -- deciding ---------------------------------------------------------------------------------

    def decide(self, c: _LadyCtx, legal: list[Action]) -> tuple[Action | None, float]:  # type: ignore[override]
        keys = {k for a in legal for k in a}
        if "makeup" in keys:
            return self._makeup(c, legal), FAST
        if "steal" in keys:
            return self._steal(c, legal), FAST
        if "fan" in keys:
            return self._fan(c, legal), FAST
        if "rotate" in keys:
            rotate = self._rotate(c, legal)
            if rotate is not None:
                return rotate, FAST
        if "swap" in keys:
            swap = self._swap(c, legal)
            if swap is not None:
                return swap, FAST
            if c.duo and c.phase == "swap":
                return Action(end="swap"), FAST
        if c.duo:
            return self._duo(c, legal)
        got = super().decide(c, legal)  # Bohnanza's phases
        if got[0] is not None or c.phase in ("trade", "plant", "plant-trades"):
            return got
        if c.active != c.me and all("harvest" in a or "buy" in a for a in legal):
            # another player's phase that Bohnanza has not (her steal): only what anyone may do
            # at any time is listed, and _anytime has passed on it; a harvest taken here would
            # sell a growing field for nothing
            return got
        return self._fallback(legal), FAST

    def _fallback(self, legal: list[Action]) -> Action:
        """An unknown phase: end something if possible, else the first legal action."""
        for a in legal:
            if "end" in a:
                return a
        return legal[0]

    def _anytime(self, c: _LadyCtx, legal: list[Action]) -> tuple[Action | None, float]:  # type: ignore[override]
        for a in legal:
            if "harvest" in a and c.finished(a["harvest"]):
                return a, HARVEST
        buy = Action(buy="field")
        if buy in legal and self._buy_now(c):
            return buy, HARVEST
        return None, IDLE

    def _buy_now(self, c: _LadyCtx) -> bool:
        """A 3rd field for 3 coins, when its worth beats them (a thief near: sooner)."""
        bonus = 1.0 if any(c.threat_from(q) for q in range(c.n) if q != c.me) else 0.0
        if c.n == 2:
            bonus -= 0.5  # the coins leave the game: no one else loses them
        return c.field_worth(c.me) + bonus > 3.0

    # -- Ladybohn's choices -----------------------------------------------------------------------

    def _makeup(self, c: _LadyCtx, legal: list[Action]) -> Action:
        field = Action(makeup="field")
        coin = Action(makeup="coin")
        if coin in legal and field in legal:
            return coin if c.steal_value(c.me) >= c.field_worth(c.me) else field
        return field if field in legal else legal[0]

    def _steal(self, c: _LadyCtx, legal: list[Action]) -> Action:
        """The most players, the richest first (the leaders)."""
        coins = c.coins_of
        return max(
            (a for a in legal if "steal" in a),
            key=lambda a: (len(a["steal"]), sum(coins[q] for q in a["steal"])),
            default=legal[0],
        )

    def _fan(self, c: _LadyCtx, legal: list[Action]) -> Action:
        """The fan whose pushed bottom card does most for this player."""
        fans = c.view["fans"]
        best: tuple[float, Action] | None = None
        for a in legal:
            if "fan" not in a:
                continue
            fan = fans[a["fan"]]
            pushed = [fan[-1]] if fan else []
            value = c.evaluate(c.my_fields(), c.plant_row(c.me) + pushed, c.hand_k)
            if best is None or value > best[0]:
                best = (value, a)
        return best[1] if best else legal[0]

    def _rotate(self, c: _LadyCtx, legal: list[Action]) -> Action | None:
        """The rotation that brings the best card to a field's top (a Lady), if any gains."""
        cards = c.view["fields"][c.me]
        best: tuple[float, Action] | None = None
        for a in legal:
            if "rotate" not in a:
                continue
            g = a["rotate"]
            now = c.my_fields()[g]
            turned = [cards[g][-1], *cards[g][:-1]]
            after = self.field_of(turned, False)
            after[4] = now[4]
            gain = c.value(after, c.me) - c.value(now, c.me)
            if gain > 0.05 and (best is None or gain > best[0]):
                best = (gain, a)
        return best[1] if best else None

    def _swap(self, c: _LadyCtx, legal: list[Action]) -> Action | None:
        """The fan for the hand when the fan's cards suit the fields better."""
        key = c.view.get("turn", c.view.get("turns"))
        key = (c.me, str(key))
        if self._swaps[0] != key:
            self._swaps = (key, 0)
        if self._swaps[1] >= 2:
            return None
        fields, tp = c.my_fields(), c.plant_row(c.me)
        now = c.evaluate(fields, tp, c.hand_k)
        best: tuple[float, Action] | None = None
        for a in legal:
            if "swap" not in a:
                continue
            fan = c.view["fans"][a["swap"]]
            gain = c.evaluate(fields, tp, list(fan)) - now
            if gain > self.swap_margin and (best is None or gain > best[0]):
                best = (gain, a)
        if best is None:
            return None
        self._swaps = (key, self._swaps[1] + 1)
        return best[1]

    def _card(self, c: _LadyCtx, card_id: int) -> str:
        for row in (c.view["to_plant"][c.me], c.view.get("offer", [])):
            for x in row:
                if x["id"] == card_id:
                    return x["card"]
        raise KeyError(card_id)

    def _choose(  # type: ignore[override]
        self, c: _LadyCtx, legal: list[Action], tp: list[str], hand: list[str], second: bool
    ) -> Action:
        """The best planting, harvest, purchase, discard or take by the evaluation after it."""
        best: tuple[float, int, Action] | None = None
        fields = c.my_fields()
        me = c.me
        legal = self._siblings(c, legal)
        plantable = any(a.get("plant") is not None for a in legal)
        for a in legal:
            if "plant" in a:
                sim = [list(f) for f in fields]
                f = sim[a["field"]]
                if a["plant"] == "front":
                    name, rest_tp, rest_hand = hand[0], tp, hand[1:]
                    if second and f[0] != self.kind_of[name]:
                        continue  # later cards only onto their own variety
                else:
                    name = self._card(c, a["plant"])
                    rest_tp, rest_hand = list(tp), hand
                    if name in rest_tp:
                        rest_tp.remove(name)
                lady = self.lady_of[name]
                f[0], f[1], f[2], f[3] = self.kind_of[name], f[1] + 1, lady, f[3] or lady
                value, rank = c.evaluate(sim, rest_tp, rest_hand), 0
            elif "harvest" in a:
                sim = [list(f) for f in fields]
                f = sim[a["harvest"]]
                got = c.cash(f, me)
                if got == 0 and plantable:
                    continue  # no pointless 0-coin harvests while a planting is possible
                f[:4] = [None, 0, False, False]
                value, rank = got + c.evaluate(sim, tp, hand), 2
            elif a.get("buy") == "field":
                if not self._buy_now(c):
                    continue
                sim = [*fields, [None, 0, False, False, not c.view.get("ratio_taken")]]
                value, rank = c.evaluate(sim, tp, hand) - 3 + c.field_worth(me), 1
            elif a.get("end") in ("planting", "taking"):
                value, rank = c.evaluate(fields, tp, hand), 1
            elif "discard" in a:
                name = self._card(c, a["discard"])
                rest_tp = list(tp)
                if name in rest_tp:
                    rest_tp.remove(name)
                value, rank = c.evaluate(fields, rest_tp, hand) - self._discard_cost(c), 3
            elif "discard_hand" in a:
                rest_hand = list(hand)
                del rest_hand[a["discard_hand"]]
                value, rank = c.evaluate(fields, tp, rest_hand) - self._discard_cost(c) - 0.2, 3
            elif "take" in a:
                taken = [k for k in c.offer_k if self.kind_of[k] == a["take"]]
                # solo: what is left in the offer is discarded next turn
                spared = self._discard_cost(c) * len(taken)
                value, rank = c.evaluate(fields, tp + taken, hand) - 0.1 + spared, 1
            else:
                continue
            key = (value, -rank)
            if best is None or key > (best[0], -best[1]):
                best = (value, rank, a)
        if best is None:
            return self._fallback(legal)
        return best[2]

    def _siblings(self, c: _LadyCtx, legal: list[Action]) -> list[Action]:
        """Bohnanza's planting of received cards lists one card per variety; the engine takes
        any id of that variety as the same move, so a male may go before a Lady: add them."""
        if c.duo:
            return legal
        rows = c.view["to_plant"][c.me]
        out = []
        for a in legal:
            out.append(a)
            if not isinstance(a.get("plant"), int) or isinstance(a.get("plant"), bool):
                continue
            name = self._card(c, a["plant"])
            seen = {name}
            for x in rows:
                if self.kind_of[x["card"]] == self.kind_of[name] and x["card"] not in seen:
                    seen.add(x["card"])
                    out.append(Action(a, plant=x["id"]))
        return out

    @staticmethod
    def _discard_cost(c: _LadyCtx) -> float:
        return 0.4 if c.n == 1 else 0.0  # solo: every discarded card counts against her

    # -- 1 and 2 players --------------------------------------------------------------------------

    def _duo(self, c: _LadyCtx, legal: list[Action]) -> tuple[Action | None, float]:
        phase = c.phase
        if phase == "final":
            return self._solo_end(c, legal), FAST
        harvest = self._anytime(c, legal)[0]
        if harvest is not None:
            return harvest, HARVEST
        if phase == "leftover":
            tp = list(c.offer_k)
            return self._choose(c, legal, tp, c.hand_k, False), FAST
        if phase == "plant":
            return self._plant_front(c, legal), FAST
        if phase == "take":
            return self._plant_received(c, legal), FAST
        return self._fallback(legal), FAST

    def _solo_end(self, c: _LadyCtx, legal: list[Action]) -> Action:
        """Solo's last step: harvest a field while coins stay above the discard pile (or it
        pays more than it discards), then end the game."""
        coins, discard = c.coins_of[c.me], len(c.view["discard"])
        for a in legal:
            if "harvest" not in a:
                continue
            f = c.my_fields()[a["harvest"]]
            got = int(c.cash(f, c.me))
            after = coins + got - (discard + f[1] - got)
            if (got > 0 and after > 0) or 2 * got > f[1]:
                return a
        end = Action(end="game")
        return end if end in legal else self._fallback(legal)


class LadyNoTradeBot(LadyBot, NoTradeBot):
    """Plants, harvests, swaps, grows Make-up and steals like the trader; never trades."""

    name = "notrade"


class LadyTraderBot(LadyBot, TraderBot):
    """The Bohnanza trader on Ladybohn's valuation, with promises (module docstring)."""

    name = "trader"

    def trade(self, c: _Ctx, legal: list[Action]) -> tuple[Action | None, float]:
        lc: _LadyCtx = c  # type: ignore[assignment]
        self._ctx = lc
        for o in lc.view["offers"]:
            promises = o.get("promises") or {}
            if o["to"] != lc.me or not promises or Action(accept=o["id"]) not in legal:
                continue
            get, give = _items(o["give"]), _items(o["want"])
            score = lc.my_gain(give, get) - self.envy * lc.their_gain(o["from"], get, give)
            swing = 0.0
            if "receiver" in promises:  # this bot would promise the sender
                swing -= lc.promise_cost(o["from"], promises["receiver"])
            if "sender" in promises:  # the sender promises this bot
                swing += lc.promise_worth(o["from"], promises["sender"])
            if score + swing + self.bias <= 0:
                return Action(decline=o["id"]), ANSWER
            if score + self.bias <= 0 < score + swing + self.bias:
                return Action(accept=o["id"]), ANSWER  # the promise makes it worth it
        marked = self._give_first(lc, legal)
        if marked is not None:
            return marked, FAST
        return super().trade(c, legal)

    def _give_first(self, c: _LadyCtx, legal: list[Action]) -> Action | None:
        """Of a variety an open offer would take from it, the kind that pays worse on its
        field of that variety goes first; it keeps the one that pays best on top."""
        marks = [a for a in legal if "give_first" in a]
        if not marks:
            return None
        giving: set[str] = set()
        for o in c.view["offers"]:
            items = o["give"] if o["from"] == c.me else o["want"] if o["to"] == c.me else []
            giving.update(it["variety"] for it in items)
        if not giving:
            return None
        names = {x["id"]: x["card"] for x in c.view.get("offer_area") or []}
        hand_ids = c.view.get("hand_ids") or []
        names.update(zip(hand_ids, c.hand_k, strict=False))
        for a in marks:
            name = names.get(a["give_first"])
            if name is None or self.kind_of[name] not in giving:
                continue
            v = self.kind_of[name]
            if self._pays(c, name) < max(
                self._pays(c, other) for other in self._kinds_held(c, v) if other != name
            ):
                return a
        return None

    def _kinds_held(self, c: _LadyCtx, v: str) -> set[str]:
        held = list(c.hand_k) + (list(c.offer_k) if c.me == c.active else [])
        return {x for x in held if self.kind_of[x] == v}

    def _pays(self, c: _LadyCtx, name: str) -> tuple[int, int]:
        """What a card of kind ``name`` pays on top of this bot's field of its variety, with
        one more bean (its own beanometer: a Lady's or a male's); on equal pay now, the
        beanometer that asks fewer beans in all pays better later."""
        v = self.kind_of[name]
        k = 1 + max((f[1] for f in c.my_fields() if f[0] == v), default=0)
        meter = self.lady_meters.get(v, ()) if self.lady_of[name] else self.meters.get(v, ())
        return payout(meter, k), -sum(meter) if meter else -999

    def _send(
        self, sent: set[tuple[Any, ...]], to: int, give: list[Item], want: list[Item]
    ) -> Action | None:
        c = self._ctx
        if c is not None and c.coins_of[c.me] > 0 and c.threat_from(to):
            sig = ("promise", to, tuple(sorted(give)), tuple(sorted(want)))
            if sig not in sent:
                sent.add(sig)
                plain = super()._send(set(), to, give, want)
                assert plain is not None
                promises = {"receiver": c.asks_for(to)}
                if c.coins_of[to] > 0 and 0 < c.promise_cost(to) < 0.5:
                    promises["sender"] = "next"  # its own promise, cheap to give, sweetens it
                return Action(offer={**plain["offer"], "promises": promises})
        return super()._send(sent, to, give, want)


def trader(game: Game, **kw: Any) -> LadyTraderBot:
    return LadyTraderBot(game, **kw)


def notrade(game: Game, **kw: Any) -> LadyNoTradeBot:
    return LadyNoTradeBot(game, **kw)


BOTS = {"trader": trader, "notrade": notrade}

__all__ = [
    "BOTS",
    "SEARCH_DEPTH",
    "STRONGEST",
    "LadyNoTradeBot",
    "LadyTraderBot",
    "evaluate",
    "evaluate_all",
    "notrade",
    "search_depth",
    "search_moves",
    "trader",
]
