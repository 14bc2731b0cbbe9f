"""Bohnanza's bots: a trader and a planter that never trades, both seeing only their view.

Everything is valued in coins by one small simulation, ``_Ctx.evaluate``: the cards a player
must plant now (received, or kept from the offer area) go on their fields, then the hand in its
fixed order (every hand card becomes a front card that must be planted). A card that fits a field
of its variety grows it; one that fits nothing forces a harvest of the field that loses least.
The position is worth the coins harvested on the way plus each field's *potential*: the coins it
would pay now plus a share (``alpha``) of the way to its next beanometer tier, when enough
unseen beans of its variety remain to get there (less near the end of the game).

The value of any change — planting here or there, harvesting, giving or getting cards — is the
difference of two evaluations, so a card that fits a growing field is worth the beanometer steps
it brings closer, and a card that would force the harvest of a young field is worth less than
nothing.

- **Planting**: the front card on the field that evaluates best; the second only when it fits a
  field of its variety. A forced harvest takes the field that loses least.
- **Harvesting** at any other time only a finished field: it pays at least a coin and its next
  tier is out of reach (or worth little), so more beans would only block it. Never a 0-coin
  harvest unless forced.
- **3rd field**: bought with 3 coins in the first pass through the stock, on its own turn.
- **Trading** (``TraderBot``): as the active player it gives away turned-up and hand cards whose
  removal raises its evaluation to players whose fields they fit, first asking for a card that
  fits its own fields in return, then as a gift; the others ask the active player for turned-up
  cards that fit them, offering their own harmful hand cards. Every offer received is accepted
  when what it brings is worth more than what it costs (less a share of the partner's estimated
  gain, plus a small bias to trade at all) and declined otherwise. The active player ends the
  phase when nothing is pending and nothing new is worth proposing; otherwise a bot passes.
- ``NoTradeBot`` plants and harvests the same way, ends its own trading phase at once and
  declines every offer: the baseline that shows what trading is worth.

Offers it sent in the current trading phase are remembered so that none is repeated. Besides
them only caches of its own valuation outlive a decision (``_share_tables``, ``TraderBot._kept``):
the same answers, sooner.
"""

from __future__ import annotations

import weakref
from collections import Counter
from collections.abc import Callable
from typing import Any, TypeVar

from ...bots.base import Bot, Decision
from ...core import Action, Game
from ..beans.cards import payout
from ..beans.search import (  # ISMCTS's cut-off and its score
    SEARCH_DEPTH,
    evaluate,
    evaluate_all,
    search_depth,
    search_moves,
)
from ..beans.trading import HAND, OFFER

STRONGEST = "trader"
TABLE_LIMIT = 20_000  # evaluations kept between decisions at most (then the caches start anew)

Item = tuple[str, str]  # (variety, "hand" | "offer")
Field = list[Any]  # [variety | None, beans]

FAST, HARVEST, ANSWER, PROPOSE_OTHER, PROPOSE_ACTIVE, END, IDLE = (
    0.1,
    0.15,
    0.2,
    0.3,
    0.4,
    0.7,
    9.0,
)


class _Ctx:
    """What one decision reads off the view (nothing here outlives the decision)."""

    def __init__(self, bot: BohnanzaBot, view: dict[str, Any]) -> None:
        self._begin(bot, view)
        kind = bot.kind_of
        self.fields: list[list[Field]] = [
            [[kind[f[0]] if f else None, len(f)] for f in pf] for pf in view["fields"]
        ]
        self.hand: list[str] = [kind[c] for c in view["hand"]]
        self.offer_area: list[str] = [kind[x["card"]] for x in view["offer_area"]]
        self.to_plant: list[list[str]] = [[kind[x["card"]] for x in r] for r in view["to_plant"]]
        # the same cards as ``evaluate`` takes them: varieties here (Ladybohn: card kinds)
        self.hand_k: list[str] = self.hand
        self.offer_k: list[str] = self.offer_area
        self.to_plant_k: list[list[str]] = self.to_plant
        self._count_unseen()
        # how much of the way to the next tier still counts: less as the game runs out
        if view.get("ending"):
            self.alpha = 0.0
        elif view["exhausted"] >= 2:
            turns_left = view["stock"] / (5.0 * self.n)
            self.alpha = bot.alpha * min(1.0, turns_left / 3.0)
        else:
            self.alpha = bot.alpha
        self._share_tables(bot, view)

    def _share_tables(self, bot: BohnanzaBot, view: dict[str, Any]) -> None:
        """The valuation caches: ``potential``'s, ``evaluate``'s and the trader's ``_kept``.
        What they give depends on the arguments and on the unseen beans and ``alpha`` only; a
        decision with the same numbers as the bot's last one (common in a trading phase:
        others offered or answered meanwhile) keeps using that one's caches."""
        signature = (self.alpha, self.unseen_total, tuple(self.unseen.items()))
        tables = bot._tables
        if tables is None or tables[0] != signature or len(tables[2]) > TABLE_LIMIT:
            tables = bot._tables = (signature, {}, {}, {})
        _, self._pot, self._evals, self._kept_values = tables

    def _begin(self, bot: BohnanzaBot, view: dict[str, Any]) -> None:
        """Whose decision this is, in which phase, and empty caches."""
        self.bot = bot
        self.view = view
        self.me: int = view["viewer"]
        self.n: int = view["players"]
        self.active: int = view["active"]
        self.phase: str = view["phase"]
        self._pot: dict[tuple[str, int], float] = {}
        self._base: float | None = None

    def _seen(self) -> Counter[str]:
        """The varieties this player can see: hand, offer, discard pile, fields, cards to plant."""
        varieties = [*self.hand, *self.offer_area]  # counted in one go
        for row in self.to_plant:
            varieties += row
        names = list(self.view["discard"])
        for pf in self.view["fields"]:
            for f in pf:
                names += f
        varieties += map(self.bot.kind_of.__getitem__, names)
        return Counter(varieties)

    def _count_unseen(self) -> None:
        seen = self._seen()
        self.unseen = {v: max(0, t - seen[v]) for v, t in self.bot.totals.items()}
        self.unseen_total = max(1, sum(self.unseen.values()))

    # -- values ---------------------------------------------------------------------------------

    def coins(self, v: str, k: int) -> int:
        table = self.bot.pay[v]
        return table[k] if k < len(table) else table[-1]

    def potential(self, v: str | None, k: int) -> float:
        """Coins now plus the share of the way to the next tier that is within reach."""
        if v is None or k <= 0:
            return 0.0
        key = (v, k)
        got = self._pot.get(key)
        if got is not None:
            return got
        meter = self.bot.meters[v]
        now = payout(meter, k)
        prev, value = 0, float(now)
        for tier, need in enumerate(meter, start=1):
            if not need:
                continue
            if need <= k:
                prev = need
                continue
            missing = need - k
            avail = self.unseen[v]
            if avail >= missing and self.alpha > 0:
                # the beans of this variety among the next cards this player will see
                reach = min(1.0, avail * self.bot.horizon / (self.unseen_total * missing))
                step = 1 if prev else 0  # a field at a tier can grow on
                share = (k - prev + step) / (need - prev + step)
                value += self.alpha * reach * (tier - now) * share
            break
        self._pot[key] = value
        return value

    def loss(self, field: Field) -> float:
        """What harvesting the field now gives up (its potential beyond its coins)."""
        v, k = field
        if v is None:
            return 0.0
        key = (v, -k)
        got = self._pot.get(key)
        if got is None:
            got = self._pot[key] = self.potential(v, k) - self.coins(v, k)
        return got

    def _place(self, fields: list[Field], v: str) -> float:
        """Plant one bean in the simulation; the coins of a forced harvest, if any."""
        empty = None
        for f in fields:
            if f[0] == v:
                f[1] += 1
                return 0.0
            if f[0] is None and empty is None:
                empty = f
        if empty is not None:
            empty[0], empty[1] = v, 1
            return 0.0
        # the field that loses least (of those with more than one bean, where there are any),
        # the one that pays more on a tie, the first on a tie of both
        crowded = any(f[1] > 1 for f in fields)
        best, best_key = fields[0], None
        for f in fields:
            if f[1] > 1 or not crowded:
                key = (self.loss(f), -self.coins(f[0], f[1]))
                if best_key is None or key < best_key:
                    best, best_key = f, key
        got = self.coins(best[0], best[1])
        best[0], best[1] = v, 1
        return float(got)

    def evaluate(self, fields: list[Field], to_plant: list[str], hand: list[str]) -> float:
        """Coins harvested while planting ``to_plant`` (any order) and the next turn's front
        card (the one after it too when it fits a field of its variety), plus the potential of
        the fields left, a little for each empty field, and a fading share of what the later
        hand cards will add to (or cost) the fields. The same fields and cards, the same
        answer (cached: ``_share_tables``)."""
        key = (tuple(map(tuple, fields)), tuple(to_plant), tuple(hand))
        got = self._evals.get(key)
        if got is None:
            got = self._evals[key] = self._evaluate(fields, to_plant, hand)
        return got

    def _evaluate(self, fields: list[Field], to_plant: list[str], hand: list[str]) -> float:
        sim = [list(f) for f in fields]
        gained = 0.0
        if len(to_plant) == 1:
            gained += self._place(sim, to_plant[0])
        elif to_plant:
            # varieties with a field first, then the most beans, then by name
            counts: dict[str, int] = {}
            for v in to_plant:
                counts[v] = counts.get(v, 0) + 1
            kinds = {f[0] for f in sim}
            order = sorted(counts, key=lambda v: (v not in kinds, -counts[v], v))
            for v in order:
                for _ in range(counts[v]):
                    gained += self._place(sim, v)
        later = hand
        if hand:
            gained += self._place(sim, hand[0])
            later = hand[1:]
            if later and any(f[0] == later[0] for f in sim):
                gained += self._place(sim, later[0])
                later = later[1:]
        value = gained
        grow: dict[str, int] = {}
        free = 0
        least: float | None = None
        for f in sim:
            v, k = f
            if v:
                value += self.potential(v, k)
                grow[v] = k
                lost = self.loss(f)
            else:
                value += self.bot.empty
                free += 1
                lost = 0.0
            if least is None or lost < least:
                least = lost
        return value + self.outlook(later, grow, free, least or 0.0)

    def outlook(self, later: list[str], grow: dict[str, int], free: int, least: float) -> float:
        """What the next hand cards (their varieties, front first) promise: each grows a field
        of its variety, starts one of the ``free`` fields, or costs the ``least`` a field is
        worth; each further back counts less. ``grow`` (variety -> beans) is changed."""
        value, w = 0.0, self.bot.later
        for v in later[:5]:
            if v in grow:
                k = grow[v]
                value += w * (self.potential(v, k + 1) - self.potential(v, k))
                grow[v] = k + 1
            elif free:
                free -= 1
                grow[v] = 1
            else:
                value -= w * least
            w *= 0.7
        return value

    def my_fields(self) -> list[Field]:
        return self.fields[self.me]

    def plant_row(self, p: int) -> list[str]:
        """What ``p`` would have to plant if trading ended now (as ``evaluate`` takes it)."""
        out = list(self.to_plant_k[p])
        if p == self.active and self.phase == "trade":
            out += self.offer_k
        return out

    def base(self) -> float:
        if self._base is None:
            self._base = self.evaluate(self.my_fields(), self.plant_row(self.me), self.hand_k)
        return self._base

    def my_gain(self, give: list[Item], get: list[Item]) -> float:
        """How much better off this player is after giving ``give`` and getting ``get``."""
        hand = list(self.hand)
        tp = self.plant_row(self.me)
        for v, src in give:
            row = hand if src == HAND else tp
            if v not in row:
                return -99.0
            if src == HAND:
                del hand[len(hand) - 1 - hand[::-1].index(v)]  # the rearmost one goes
            else:
                tp.remove(v)
        tp += [v for v, _ in get]
        return self.evaluate(self.my_fields(), tp, hand) - self.base()

    def gain_inputs(self) -> tuple[Any, ...] | None:
        """Everything ``my_gain`` reads besides its arguments and the valuation tables (which
        ``_share_tables`` renews when what they depend on changes): a key under which the
        trader keeps what its cards are worth from one decision to the next (in a trading
        phase it decides again after every offer and answer at the table, its own cards and
        fields mostly unchanged). None for a game's context built on this one: it reads more
        than this names, and would have to name it itself."""
        if type(self) is not _Ctx:
            return None
        mine = tuple(map(tuple, self.my_fields()))
        return (tuple(self.hand), tuple(self.plant_row(self.me)), mine)

    def their_gain(self, p: int, give: list[Item], get: list[Item]) -> float:
        """An estimate of ``p``'s gain from the fields, ignoring their hidden hand."""
        tp = self.plant_row(p)
        before = self.evaluate(self.fields[p], tp, [])
        tp = list(tp)
        for v, src in give:
            if src == OFFER and v in tp:
                tp.remove(v)
        tp += [v for v, _ in get]
        return self.evaluate(self.fields[p], tp, []) - before

    def finished(self, f: int) -> bool:
        """A field worth harvesting now: it pays, and more beans would hardly add to it."""
        v, k = self.my_fields()[f]
        if v is None or self.coins(v, k) < 1:
            return False
        if v in self.hand[:3] or v in self.to_plant[self.me]:
            return False
        return self.loss([v, k]) < 0.1


def _items(raw: list[dict[str, Any]]) -> list[Item]:
    return [(it["variety"], it["from"]) for it in raw for _ in range(it["count"])]


def _json(items: list[Item]) -> list[dict[str, Any]]:
    counts = Counter(items)
    return [{"variety": v, "count": k, "from": src} for (v, src), k in sorted(counts.items())]


T = TypeVar("T")
_DECK_MEMO: dict[tuple[int, str], tuple[weakref.ref[Any], Any]] = {}


def deck_memo(deck: Any, name: str, build: Callable[[Any], T]) -> T:
    """``build(deck)``, worked out once per deck and ``name`` and shared by every bot made for
    that deck — search makes fresh bots for every rollout, and reading a deck of 100+ cards
    into tables cost more than a decision. Kept while the deck lives (a game keeps its deck,
    the server a game per table) and dropped with it: by the deck's id, checked against a weak
    reference, and removed when the deck is collected (a deck holds a dict, so it is no key of
    a ``WeakKeyDictionary``). Most tables are read-only once built; Mutterböhnchen's rule memo
    grows, to its own bound."""
    key = (id(deck), name)
    known = _DECK_MEMO.get(key)
    if known is None or known[0]() is not deck:
        known = _DECK_MEMO[key] = (weakref.ref(deck), build(deck))
        weakref.finalize(deck, _forget, key, known[0])
    return known[1]  # type: ignore[no-any-return]


def _forget(key: tuple[int, str], ref: weakref.ref[Any]) -> None:
    """A collected deck's tables go (unless its id already serves a newer deck)."""
    known = _DECK_MEMO.get(key)
    if known is not None and known[0] is ref:
        del _DECK_MEMO[key]


def _deck_tables(
    deck: Any,
) -> tuple[dict[str, str], dict[str, tuple[int, ...]], Counter[str], dict[str, list[int]]]:
    """Each card's variety, each variety's beanometer, count and coins by beans."""
    kind_of = {k.name: k.variety for k in deck.kinds}
    meters = {k.variety: k.beanometer for k in deck.kinds}
    totals = Counter(k.variety for k in deck.kinds)
    pay = {v: [payout(m, k) for k in range(totals[v] + 1)] for v, m in meters.items()}
    return kind_of, meters, totals, pay


class BohnanzaBot(Bot):
    """Planting, harvesting and buying; subclasses decide how to trade."""

    name = "bohnanza"
    trades = False

    def __init__(
        self,
        game: Game,
        alpha: float = 0.8,
        buy_pass: int = 1,
        bias: float = 0.02,
        empty: float = 0.3,
        later: float = 0.6,
        horizon: float = 12.0,
        envy: float = 0.2,
        **_: Any,
    ) -> None:
        deck = game.deck  # type: ignore[attr-defined]
        tables = deck_memo(deck, "bohnanza", _deck_tables)
        self.kind_of: dict[str, str] = tables[0]
        self.meters: dict[str, tuple[int, ...]] = tables[1]
        self.totals: Counter[str] = tables[2]
        self.pay: dict[str, list[int]] = tables[3]
        self.alpha = alpha
        self.buy_pass = buy_pass
        self.bias = bias
        self.empty = empty
        self.later = later
        self.horizon = horizon
        self.envy = envy
        self._memo: tuple[Decision, Action | None, float] | None = None
        self._phase_key: tuple[Any, ...] | None = None
        self._sent: set[tuple[Any, ...]] = set()
        # the last decision's valuation caches and what they depend on (``_share_tables``)
        self._tables: tuple[Any, ...] | None = None

    # -- the Bot interface ------------------------------------------------------------------

    def act(self, decision: Decision) -> Action | None:
        return self._plan(decision)[0]

    def reaction_time(self, decision: Decision) -> float:
        return self._plan(decision)[1]

    def _plan(self, decision: Decision) -> tuple[Action | None, float]:
        memo = self._memo
        if memo is not None and memo[0] is decision:
            return memo[1], memo[2]
        if not decision.legal:
            action, delay = None, IDLE
        else:
            action, delay = self.decide(self._context(decision.view), decision.legal)
            if action is not None:
                delay += 0.05 * decision.rng.random()  # breaks ties between equal bots
        self._memo = (decision, action, delay)
        return action, delay

    def _context(self, view: dict[str, Any]) -> _Ctx:
        return _Ctx(self, view)

    def worth(self, view: dict[str, Any]) -> float:
        """What the position is worth to the view's player, in coins, by this bot's own
        valuation: the coins held and what the fields, the cards to plant and the hand promise
        (``_Ctx.base``). A search that cuts its rollouts early values the cut by it
        (``ismcts:value=policy``): a field two beans short of a coin counts for something."""
        c = self._context(view)
        return view["coins"][c.me] + c.base()

    # -- deciding ---------------------------------------------------------------------------

    def decide(self, c: _Ctx, legal: list[Action]) -> tuple[Action | None, float]:
        if c.phase == "plant" and c.active == c.me:
            return self._plant_front(c, legal), FAST
        if c.phase == "plant-trades" and c.to_plant[c.me]:
            return self._plant_received(c, legal), FAST
        if c.phase == "trade":
            got = self.trade(c, legal)
            if got[0] is not None:
                return got
        return self._anytime(c, legal)

    def _anytime(self, c: _Ctx, legal: list[Action]) -> tuple[Action | None, float]:
        for a in legal:
            if "harvest" in a and c.finished(a["harvest"]):
                return a, HARVEST
        return None, IDLE

    def _want_field(self, c: _Ctx) -> bool:
        return c.view["exhausted"] < self.buy_pass and not c.view.get("ending")

    def _choose(
        self, c: _Ctx, legal: list[Action], tp: list[str], hand: list[str], second: bool
    ) -> Action:
        """The best planting, harvest or purchase by the evaluation after it."""
        best: tuple[float, int, Action] | None = None
        fields = c.my_fields()
        for a in legal:
            if "plant" in a:
                sim = [list(f) for f in fields]
                f = sim[a["field"]]
                if a["plant"] == "front":
                    v, rest_tp, rest_hand = hand[0], tp, hand[1:]
                    if second and f[0] != v:
                        continue  # the second card only onto its own variety
                else:
                    v = c.bot.kind_of[self._card_name(c, a["plant"])]
                    rest_tp, rest_hand = list(tp), hand
                    rest_tp.remove(v)
                f[0], f[1] = v, f[1] + 1
                value, rank = c.evaluate(sim, rest_tp, rest_hand), 0
            elif "harvest" in a:
                sim = [list(f) for f in fields]
                f = sim[a["harvest"]]
                got = c.coins(f[0], f[1])
                if got == 0 and any(b.get("plant") is not None for b in legal):
                    continue  # no pointless 0-coin harvests while a planting is possible
                f[0], f[1] = None, 0
                value, rank = got + c.evaluate(sim, tp, hand), 2
            elif a.get("buy") == "field":
                if not self._want_field(c):
                    continue
                value, rank = c.evaluate([*fields, [None, 0]], tp, hand) - 3 + 3.5, 1
            elif a.get("end") == "planting":
                value, rank = c.evaluate(fields, tp, hand), 1
            else:
                continue
            key = (value, -rank)
            if best is None or key > (best[0], -best[1]):
                best = (value, rank, a)
        if best is None:
            return legal[0]
        return best[2]

    def _card_name(self, c: _Ctx, card_id: int) -> str:
        for x in c.view["to_plant"][c.me]:
            if x["id"] == card_id:
                return x["card"]
        raise KeyError(card_id)

    def _plant_front(self, c: _Ctx, legal: list[Action]) -> Action:
        return self._choose(c, legal, [], c.hand_k, c.view["planted"] >= 1)

    def _plant_received(self, c: _Ctx, legal: list[Action]) -> Action:
        return self._choose(c, legal, list(c.to_plant_k[c.me]), c.hand_k, False)

    # -- trading ----------------------------------------------------------------------------

    def trade(self, c: _Ctx, legal: list[Action]) -> tuple[Action | None, float]:
        """The trading phase: never trade; the active player ends the phase at once."""
        for a in legal:
            if "decline" in a:
                return a, ANSWER
        for a in legal:
            if a.get("end") == "trading":
                return self._anytime(c, legal)[0] or a, FAST
        return None, IDLE


class NoTradeBot(BohnanzaBot):
    """Plants and harvests like the trader; never offers, declines everything."""

    name = "notrade"


class TraderBot(BohnanzaBot):
    """Trades by the value of cards for its fields (see the module docstring)."""

    name = "trader"
    trades = True
    MAX_ACTIVE_OFFERS = 10
    MAX_OTHER_OFFERS = 3

    def _memory(self, c: _Ctx) -> set[tuple[Any, ...]]:
        v = c.view
        size = sum(v["coins"]) + len(v["discard"]) + sum(len(f) for pf in v["fields"] for f in pf)
        key = (c.active, v["stock"], v["exhausted"], size, c.n)
        if key != self._phase_key:
            self._phase_key, self._sent = key, set()
        return self._sent

    def trade(self, c: _Ctx, legal: list[Action]) -> tuple[Action | None, float]:
        sent = self._memory(c)
        offers = c.view["offers"]
        mine = [o for o in offers if o["from"] == c.me]
        legal_set = set(legal)
        # 1. withdraw what has turned bad
        for o in mine:
            if c.my_gain(_items(o["give"]), _items(o["want"])) < 0:
                return Action(withdraw=o["id"]), ANSWER
        # 2. answer what is addressed to me
        best: tuple[float, Action] | None = None
        for o in offers:
            if o["to"] != c.me:
                continue
            accept = Action(accept=o["id"])
            if accept not in legal_set:
                return Action(decline=o["id"]), ANSWER
            get, give = _items(o["give"]), _items(o["want"])
            score = c.my_gain(give, get) - self.envy * c.their_gain(o["from"], get, give)
            if score + self.bias <= 0:
                return Action(decline=o["id"]), ANSWER
            if best is None or score > best[0]:
                best = (score, accept)
        if best is not None:
            return best[1], ANSWER
        # 3. a finished field makes room
        harvest = self._anytime(c, legal)
        if harvest[0] is not None:
            return harvest
        # 4. propose
        if c.me == c.active:
            offer = self._active_offer(c, sent)
            if offer is not None:
                return offer, PROPOSE_ACTIVE
            if not mine and Action(end="trading") in legal_set:
                return Action(end="trading"), END
            return None, IDLE
        offer = self._other_offer(c, sent)
        if offer is not None:
            return offer, PROPOSE_OTHER
        return None, IDLE

    def proposals(self, decision: Decision, most: int) -> list[Action]:
        """The offers this trader would send next at ``decision``, in its order of preference,
        up to ``most``: each one it would send were the one before (first: its own move)
        declined — a search's candidate list beside the trader's move, never an enumeration of
        offers. Asked after ``act`` on the same decision (whose planning set what a game's
        ``_send`` reads, such as Ladybohn's context). They count as sent, as every offer it
        plans does: it proposes none of them again this trading phase, whichever the search
        chose."""
        if not decision.legal:
            return []
        c = self._context(decision.view)
        if c.phase != "trade":
            return []
        sent = self._memory(c)
        out: list[Action] = []
        while len(out) < most:
            offer = self._active_offer(c, sent) if c.me == c.active else self._other_offer(c, sent)
            if offer is None:
                break
            out.append(offer)
        return out

    def _send(
        self, sent: set[tuple[Any, ...]], to: int, give: list[Item], want: list[Item]
    ) -> Action | None:
        sig = (to, tuple(sorted(give)), tuple(sorted(want)))
        if sig in sent:
            return None
        sent.add(sig)
        return Action(offer={"to": to, "give": _json(give), "want": _json(want)})

    def _kept(self, c: _Ctx, key: tuple[Any, ...], value: Callable[[], list[T]]) -> list[T]:
        """``value()``, or what it gave at an earlier decision with the same ``key`` and the
        same ``gain_inputs`` on the same valuation tables (``my_gain`` would give the same)."""
        inputs = c.gain_inputs()
        if inputs is None:
            return value()
        key = (*key, inputs)
        got = c._kept_values.get(key)
        if got is None:
            got = c._kept_values[key] = value()
        return list(got)

    def _junk(self, c: _Ctx, pool: list[Item]) -> list[Item]:
        """Cards whose removal makes this player better off, most harmful first (greedy)."""
        return self._kept(c, ("junk", tuple(pool)), lambda: self._find_junk(c, pool))

    def _find_junk(self, c: _Ctx, pool: list[Item]) -> list[Item]:
        chosen: list[Item] = []
        left = list(pool)
        current = 0.0
        while left:
            best: tuple[float, Item] | None = None
            for item in dict.fromkeys(left):
                gain = c.my_gain([*chosen, item], [])
                if gain > current + 0.05 and (best is None or gain > best[0]):
                    best = (gain, item)
            if best is None:
                break
            current = best[0]
            chosen.append(best[1])
            left.remove(best[1])
        return chosen

    def _wanted(self, c: _Ctx, src: str, varieties: list[str]) -> list[tuple[float, str]]:
        """The varieties whose arrival (from ``src``) makes this player better off, most first."""
        key = ("wanted", src, tuple(varieties))
        return self._kept(c, key, lambda: self._find_wanted(c, src, varieties))

    def _find_wanted(self, c: _Ctx, src: str, varieties: list[str]) -> list[tuple[float, str]]:
        out = []
        for v in dict.fromkeys(varieties):
            gain = c.my_gain([], [(v, src)])
            if gain > 0.1:
                out.append((gain, v))
        out.sort(key=lambda t: (-t[0], t[1]))
        return out

    def _active_offer(self, c: _Ctx, sent: set[tuple[Any, ...]]) -> Action | None:
        if len(sent) >= self.MAX_ACTIVE_OFFERS:
            return None
        pool = [(v, OFFER) for v in c.offer_area] + [(v, HAND) for v in c.hand]
        junk = self._junk(c, pool)
        if not junk:
            return None
        wanted = self._wanted(c, HAND, sorted(c.bot.totals))
        others = [q for q in range(c.n) if q != c.me]
        # whom the junk helps, most first
        takers = []
        for q in others:
            give = [it for it in junk if c.their_gain(q, [], [it]) > 0]
            if give:
                takers.append((c.their_gain(q, [], give), q, give))
        takers.sort(key=lambda t: (-t[0], t[1]))
        for _, q, give in takers:
            asks = [(v, HAND) for _, v in wanted[:2] if all(v != g for g, _ in give)]
            tries = [give] if len(give) == 1 else [give, *([it] for it in dict.fromkeys(give))]
            for part in tries:
                for ask in asks:
                    offer = self._send(sent, q, part, [ask])
                    if offer is not None:
                        return offer
                offer = self._send(sent, q, part, [])
                if offer is not None:
                    return offer
        return None

    def _other_offer(self, c: _Ctx, sent: set[tuple[Any, ...]]) -> Action | None:
        if len(sent) >= self.MAX_OTHER_OFFERS or c.active == c.me:
            return None
        a = c.active
        wanted = self._wanted(c, OFFER, c.offer_area)
        junk = self._junk(c, [(v, HAND) for v in c.hand])
        # what of the junk the active player would take
        junk = [it for it in junk if c.their_gain(a, [], [it]) > 0]
        for _, v in wanted:
            want = [(v, OFFER)]
            give = list(junk)
            if c.their_gain(a, want, give) < 0 and not give:
                # a sweetener: a hand card that fits their fields and costs this player less
                mine = c.my_gain([], want)
                for s in dict.fromkeys(c.hand):
                    cost = -c.my_gain([(s, HAND)], [])
                    if cost < mine - 0.1 and c.their_gain(a, want, [(s, HAND)]) > 0:
                        give = [(s, HAND)]
                        break
            if c.my_gain(give, want) <= 0:
                continue
            offer = self._send(sent, a, give, want)
            if offer is not None:
                return offer
        if junk:
            return self._send(sent, a, junk, [])
        return None


def trader(game: Game, **kw: Any) -> TraderBot:
    return TraderBot(game, **kw)


def notrade(game: Game, **kw: Any) -> NoTradeBot:
    return NoTradeBot(game, **kw)


BOTS = {"trader": trader, "notrade": notrade}

__all__ = [
    "BOTS",
    "SEARCH_DEPTH",
    "STRONGEST",
    "NoTradeBot",
    "TraderBot",
    "evaluate",
    "evaluate_all",
    "notrade",
    "search_depth",
    "search_moves",
    "trader",
]
