"""Mutterböhnchen's bots: the Bohnanza trader and no-trade planter taught Mutterböhnchen's cards.

They build on ``games/bohnanza/bots.py`` as Ladybohn's do: every change is valued as the
difference of two evaluations (plant what must be planted, then the front of the hand, then the
worth of the fields left), and the Bohnanza trader's trading logic runs unchanged on top. What
Mutterböhnchen adds:

- **Fields are simulated with the game's own field rules** (``fields.Beds`` on one card id of
  each kind): what fits where (Kotzbrocken anywhere, Saufkumpan and Pistolenheld fields,
  Kavalier under a Lady, Einsiedler, Schluckspecht), Macho and Lichtgestalt moving up. A field
  pays by its top card (Babys and a Kotzbrocken on top nothing, a Garden Lady from the discard
  pile); its worth is that, or the male way on if more (an Einsiedler on top: only that), plus
  a share of an attack for a Baby on top, plus small marks for what a special on top does to
  its owner (Faulpelz, Warmduscher, ...). Every card counts toward k.
- **Planting** (front card, the optional 2nd, Hampelmann, received, foisted, kept, Flitzer,
  Aktivist, Arbeitstier, Kameradenschwein talers) takes the placement whose evaluation after it
  is best, with the best optional Lady/Baby pull and the one-shots it fires (Choleriker,
  Loser, Frauenversteher, Junggeselle; Kameradenschwein and Schürzenjäger as a bonus).
  **Pulls**: the option (or none) whose field is worth most afterwards.
- **Foisting**: what a player receives is planted at once on a fitting existing field, so the
  simulation of a trade plants received cards there first (the receiver cannot dodge by a
  harvest); an offer that would ruin a field is declined, and gifts of harmful cards are only
  sent where they still fit the receiver's fields.
- **Bohnentaler memory**: harvested coin cards are public only at the harvest, so the bot keeps
  what it saw: comparing each view with the last one, a field that lost two cards or more was
  harvested, and its top N cards (N by its top card; a Garden Lady's from the discard pile's
  bottom) went to the owner's pile; when a pile shrinks (attacks), what is known of it shrinks
  in proportion. The rest of a pile counts as the starting talers (males of every variety).
- **Attacks** name the opponent whose pile most likely gives a card that fits its fields (and
  what that card is worth there, plus a coin the victim loses), the Baby with more rattles
  first; an attack worth nothing is skipped. **Kept taler**: the card and field that evaluate
  best. **Defending**: harvest first a field whose coin cards thin out the pile's share that
  fits the attacker's fields by more than the harvest loses (or a finished field).
- **Special choices**: the Loser's harvest and Frauenversteher's Lady by evaluation, the
  Schürzenjäger's Lady that does most for the hand, the Kameradenschwein's victim by the chance
  that a drawn taler fits, the Kavalier slid ``under`` a Lady when that is worth more.
- **End placement**: each card that raises what a field pays at the final harvest, the best
  first. ``give_first``: of a variety it gives away a Kotzbrocken, then a Baby, then a plain
  male, and keeps its Ladys. **Flitzer**: taken when planting him is worth it.

- **2 players** (``duo.py``): leftovers and the offer are planted or discarded a variety at a
  time by the evaluation after it (a variety begun is finished; what it leaves in the offer
  counts against it by the opponent's gain), the hand phase weighs its one discard, the
  opponent's Aktivist claim is taken when it is worth it; a closed field slot is no field.

A decision asked again with the same view and the same legal actions (others only drafted)
gets the same answer without a new evaluation. An unknown phase gets the first legal action
that ends something, else the first legal one (harvests only when nothing else may be done).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...bots.base import Decision
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
from ..bohnanza.bots import (
    FAST,
    HARVEST,
    IDLE,
    BohnanzaBot,
    Item,
    NoTradeBot,
    TraderBot,
    _Ctx,
    deck_memo,
)
from .cards import DISCARD_BOTTOM, MALE, Kind
from .fields import TOP, UNDER, Beds

STRONGEST = "trader"

# effect ids the bot reads (cards.EFFECTS)
KOTZBROCKEN = "foist_anywhere_pays_nothing"
EINSIEDLER = "nothing_above"
CHOLERIKER, LOSER, FRAUENVERSTEHER = "discard_other_tops", "forced_harvest", "lady_to_top"
JUNGGESELLE, SCHUERZENJAEGER = "ladies_to_bottom_when_played", "lady_from_discard"
ARBEITSTIER, KAMERADENSCHWEIN = "play_rearmost_too", "draw_opponent_taler"
KAMERADEN_PLANT = "plant_drawn_taler"
WUEHLER, MESSIE = "attack_draws_one_more", "no_gifts"
WHEN_PLANTED = (CHOLERIKER, LOSER, FRAUENVERSTEHER)
WHEN_PLAYED = (JUNGGESELLE, SCHUERZENJAEGER, ARBEITSTIER, KAMERADENSCHWEIN)
# what a special bean on top (class M) or anywhere (class T) is worth to its owner, roughly
MARKS = {
    "draw_one_fewer": -0.6,  # Faulpelz
    "draw_after_each_active": -0.2,  # Warmduscher
    "must_accept_gifts": -0.1,  # Prügelknabe
    "no_gifts": -0.1,  # Messie
    "second_card_any": 0.2,  # Hampelmann
    "take_turned_up_soy": 0.15,  # Aktivist
    "attack_draws_one_more": 0.2,  # Wühler
    KOTZBROCKEN: -0.2,  # pays nothing until covered
}
# routes a card is planted by (as the engine names them)
HAND_ROUTE, RECEIVED, LATER, ATTACK_ROUTE, END = "hand", "received", "later", "attack", "end"
# which card of a variety goes first when it gives that variety: the lowest rank
GIVE_RANK = {"kotzbrocken": 0, "baby": 1, "male": 2, "special": 3, "lady": 4}


def give_rank(k: Kind) -> int:
    """Which card of a variety it gives first: the lowest."""
    if k.effect == KOTZBROCKEN:
        return GIVE_RANK["kotzbrocken"]
    if k.is_baby:
        return GIVE_RANK["baby"]
    if k.is_lady:
        return GIVE_RANK["lady"]
    return GIVE_RANK["special" if k.special else "male"]


PLACEMENT_LIMIT = 25_000  # rule results kept per deck at most (then they start anew; ~15 MB)
TABLE_LIMIT = 20_000  # evaluations kept between decisions at most (then the caches start anew)

Sim = tuple[list[list[int]], list[str | None]]  # one player's fields: card ids, varieties
# a decision's signature and its caches of ``potential``, ``fvalue`` and ``evaluate``
_Tables = tuple[
    tuple[Any, ...],
    dict[Any, float],
    dict[Any, float],
    dict[Any, float],
    dict[Any, float],
    dict[Any, Any],
]


def _copy(sim: Sim) -> Sim:
    return [list(f) for f in sim[0]], list(sim[1])


_RuleMemo = tuple[dict[tuple[Any, ...], list[str]], dict[tuple[Any, ...], tuple[Any, ...]]]


def _rule_memo(deck: Any) -> _RuleMemo:
    """Where the field rules let a card go, and what planting it did, on simulated positions:
    a function of the deck, the Schluckspecht option and the position alone, so the bots of a
    deck share what they worked out (``deck_memo``; search makes fresh bots for every
    rollout). At most PLACEMENT_LIMIT entries each."""
    return {}, {}


class _DeckInfo:
    """What the bots read off Mutterböhnchen's deck, once per deck (``deck_memo``); read-only."""

    def __init__(self, deck: Any) -> None:
        kinds: tuple[Kind, ...] = deck.kinds
        self.kinds = kinds
        self.rep: dict[str, int] = {}  # a card id of each kind: the simulation's cards
        for c, k in enumerate(kinds):
            self.rep.setdefault(k.name, c)
        self.kinds_by_name: dict[str, Kind] = {k.name: k for k in kinds}
        self.lady_names = frozenset(name for name, k in self.kinds_by_name.items() if k.is_lady)
        # the most coins a field can pay (a beanometer has a threshold per coin)
        self.most_coins = max((len(k.beanometer) for k in kinds), default=0)
        # ``_MutCtx.order``: in a variety a Kotzbrocken first, then males, Babys, Ladys last
        self.plant_rank: dict[str, int] = {
            name: 0 if k.effect == KOTZBROCKEN else 3 if k.is_lady else 2 if k.is_baby else 1
            for name, k in self.kinds_by_name.items()
        }
        self.varieties: list[str] = sorted({k.variety for k in kinds})
        self.plain: dict[str, str] = {}  # a card of a variety whose kind is hidden: a male
        for k in kinds:
            if k.sex == MALE and not k.special:
                self.plain.setdefault(k.variety, k.name)
        for k in kinds:
            self.plain.setdefault(k.variety, k.name)
        # growth is judged on the plain males' beanometer
        self.meters = {k.variety: k.beanometer for k in kinds if k.sex == MALE and not k.special}
        totals = Counter(k.variety for k in kinds)
        self.pay = {v: [payout(m, k) for k in range(totals[v] + 1)] for v, m in self.meters.items()}


class _MutCtx(_Ctx):
    """What one decision reads off a Mutterböhnchen view."""

    def __init__(self, bot: MutterBot, view: dict[str, Any]) -> None:
        self._begin(bot, view)
        self.mbot = bot
        kind = bot.kind_of
        self.hand_k: list[str] = list(view.get("hand") or [])
        self.hand = [kind[c] for c in self.hand_k]
        offer = view.get("offer_area", view.get("offer", [])) or []
        self.offer_k: list[str] = [x["card"] if isinstance(x, dict) else x for x in offer]
        self.offer_area = [kind[c] for c in self.offer_k]
        rows = view.get("to_plant") or [[] for _ in range(self.n)]
        self.to_plant_k = [[x["card"] if isinstance(x, dict) else x for x in r] for r in rows]
        self.to_plant = [[kind[c] for c in r] for r in self.to_plant_k]
        rep = bot.rep
        fv = view.get("field_varieties")
        self.sims: list[Sim] = []
        for p, pf in enumerate(view["fields"]):
            cards = [[rep[c] for c in f] for f in pf]
            var = [
                (fv[p][g] if fv and g < len(fv[p]) else None) or (kind[f[0]] if f else None)
                for g, f in enumerate(pf)
            ]
            self.sims.append((cards, [v if cards[g] else None for g, v in enumerate(var)]))
        self.fields = self.sims  # type: ignore[assignment]
        # the slots that are fields (2 players: a closed slot is none, unless its holder may
        # begin his third field there now)
        opened = view.get("fields_open")
        self.usable: list[set[int]] = [
            set(opened[p]) if opened else set(range(len(pf))) for p, pf in enumerate(view["fields"])
        ]
        if opened and view.get("third_field_card") is not None:
            holder = view["third_field_card"]
            if holder == self.active and self.phase in ("leftover", "plant", "take"):
                self.usable[holder] = set(range(len(view["fields"][holder])))
        self.coins_of: list[int] = list(view["coins"])
        self.discard_n = len(view["discard"])
        self._count_unseen()
        n_out = max(1, self.n - 2)
        stock = view["stock"]
        per_round = 5.0 * self.n
        if view.get("ending"):
            self.alpha, self.remaining = 0.0, 0.0
        else:
            rounds_left = stock / per_round if view["exhausted"] >= n_out - 1 else 99.0
            self.alpha = bot.alpha * min(1.0, rounds_left / 3.0)
            self.remaining = min(1.0, rounds_left / 3.0)
        self._share_tables(bot, view)
        self._gains: dict[tuple[Any, ...], float] = {}  # ``my_gain``'s and ``their_gain``'s

    def _share_tables(self, bot: MutterBot, view: dict[str, Any]) -> None:
        """The valuation caches: ``potential``'s, ``fvalue``'s, ``lost_of``'s, and ``evaluate``'s
        and ``put``'s (by the whole simulated position). What they give depends on the
        arguments and on these numbers of the decision only; a decision with the same numbers as
        the bot's last one (common: others traded, drafted or answered meanwhile) keeps using
        that one's caches, which is where most of a 4-player trading phase's evaluations come
        from."""
        signature = (
            self.me,
            self.alpha,
            self.remaining,
            self.unseen_total,
            tuple(self.unseen.items()),
            tuple(map(frozenset, self.usable)),
            # a Kameradenschwein's bonus: whether anyone has a taler
            any(self.coins_of[: self.n]),
            # a Garden Lady's cash: the discard pile's size, where it is below any payout
            min(self.discard_n, bot.most_coins),
            # the Schürzenjäger's bonus: whether a Lady lies in the discard pile
            not bot.lady_names.isdisjoint(view["discard"]),
        )
        tables = bot._tables
        if tables is None or tables[0] != signature or len(tables[4]) > TABLE_LIMIT:
            tables = bot._tables = (signature, {}, {}, {}, {}, {})
        _, self._pot, self._vcache, self._lcache, self._ecache, self._pcache = tables

    def _seen(self) -> Counter[str]:
        varieties = [*self.hand, *self.offer_area]  # counted in one go
        for row in self.to_plant:
            varieties += row
        names = list(self.view["discard"])
        for pf in self.view["fields"]:
            for f in pf:
                names += f
        for x in self.view.get("foist") or []:
            names += x["cards"]
        varieties += map(self.bot.kind_of.__getitem__, names)
        # the Bohnentaler: 2 males of each variety at the start, and the harvested coins
        totals = self.bot.totals
        varieties += totals
        varieties += totals
        seen = Counter(varieties)
        for pile in self.mbot.piles:
            for v, k in pile.items():
                seen[v] += int(k)
        return seen

    # -- one field ---------------------------------------------------------------------------------

    def kinds(self) -> tuple[Kind, ...]:
        return self.mbot.kinds

    def effects(self, cards: list[int]) -> set[str]:
        kinds = self.mbot.kinds
        out = {kinds[c].effect for c in cards if kinds[c].klass == "T"}
        if cards and kinds[cards[-1]].klass == "M":
            out.add(kinds[cards[-1]].effect)
        return out

    def cash(self, cards: list[int]) -> float:
        """What harvesting the field now brings (by its top card; k counts every card)."""
        if not cards:
            return 0.0
        top = self.mbot.kinds[cards[-1]]
        if top.effect == KOTZBROCKEN:
            return 0.0
        got = payout(top.beanometer, len(cards))
        if top.pays == DISCARD_BOTTOM:
            got = min(got, self.discard_n)
        return float(got)

    def fvalue(self, cards: list[int], var: str | None, p: int) -> float:
        """A field's worth: coins now by its top card, or the male way on if more; a Baby on
        top attacks; marks for the specials in it."""
        if not cards:
            return self.mbot.empty
        key = (tuple(cards), var, p == self.me)
        got = self._vcache.get(key)
        if got is not None:
            return got
        kinds = self.mbot.kinds
        top = kinds[cards[-1]]
        now = self.cash(cards)
        if top.effect == EINSIEDLER:
            value = now
        else:
            grow = self.potential(var, len(cards)) if var in self.mbot.meters else 0.0
            value = max(now, grow)
        if top.is_baby:
            value += self.mbot.attack_worth * top.rattles * max(0.3, self.remaining)
        for e in self.effects(cards):
            value += MARKS.get(e, 0.0)
        self._vcache[key] = value
        return value

    def lost_of(self, cards: list[int], var: str | None, p: int) -> float:
        """What harvesting the field now gives up: its worth beyond its cash (cached like
        ``fvalue``)."""
        key = (tuple(cards), var, p == self.me)
        got = self._lcache.get(key)
        if got is None:
            got = self._lcache[key] = self.fvalue(cards, var, p) - self.cash(cards)
        return got

    # -- planting in the simulation ----------------------------------------------------------------

    def beds(self, sim: Sim) -> Beds:
        return Beds(self.mbot.kinds, sim[0], sim[1], self.mbot.swallow_all)

    def may_harvest(self, sim: Sim, f: int) -> bool:
        cards = sim[0]
        if not cards[f]:
            return False
        return len(cards[f]) > 1 or all(len(g) <= 1 for g in cards)

    def harvest_least(self, sim: Sim, p: int) -> int:
        """The field whose harvest loses least (one-bean rule)."""
        cards, var = sim
        options = [f for f in range(len(cards)) if self.may_harvest(sim, f)]
        return min(options, key=lambda f: (self.lost_of(cards[f], var[f], p), -len(cards[f])))

    def harvest(self, sim: Sim, f: int) -> float:
        got = self.cash(sim[0][f])
        sim[0][f] = []
        sim[1][f] = None
        return got

    def options(self, sim: Sim, card: int, route: str, p: int) -> list[tuple[int, str]]:
        usable = self.usable[p]
        placements = self.mbot.placements
        out = [
            (f, w)
            for f in range(len(sim[0]))
            if sim[0][f] or f in usable
            for w in placements(sim, f, card)
        ]
        if route in (RECEIVED, ATTACK_ROUTE, END):
            out = [(f, w) for f, w in out if sim[0][f]]
        return out

    def plant_at(self, sim: Sim, card: int, f: int, where: str, route: str, p: int) -> float:
        """Plant ``card`` on field ``f`` in the simulation, with the best pull and the one-shot
        it fires; the coins that brings (a Loser's harvest) and the bonus of a one-shot."""
        pulls = self.mbot.plant(sim, f, card, where)
        cards, var = sim
        if pulls:
            best_i, best_v = None, self.fvalue(cards[f], var[f], p)
            for i in pulls:
                trial = list(cards[f])
                Beds(self.mbot.kinds, [trial], [var[f]]).pull(0, i)
                v = self.fvalue(trial, var[f], p)
                if v > best_v + 1e-9:
                    best_i, best_v = i, v
            if best_i is not None:
                self.beds(sim).pull(f, best_i)
        if route == END or not cards[f] or cards[f][-1] != card:
            return 0.0
        effect = self.mbot.kinds[card].effect
        if effect in WHEN_PLANTED or (route == HAND_ROUTE and effect in WHEN_PLAYED):
            return self.fire(sim, f, effect, p)
        return 0.0

    def fire(self, sim: Sim, f: int, effect: str, p: int) -> float:
        cards, var = sim
        kinds = self.mbot.kinds
        if effect == CHOLERIKER:
            for g in range(len(cards)):
                if g != f and cards[g]:
                    cards[g].pop()
                    if not cards[g]:
                        var[g] = None
            return 0.0
        if effect == LOSER:
            options = [g for g in range(len(cards)) if self.may_harvest(sim, g)]
            if not options:
                return 0.0
            g = min(options, key=lambda g: self.lost_of(cards[g], var[g], p))
            return self.harvest(sim, g)
        if effect == FRAUENVERSTEHER:
            best: tuple[float, int, int] | None = None
            b = self.beds(sim)
            for g in range(len(cards)):
                for i, c in enumerate(cards[g]):
                    if kinds[c].is_lady and i < b.limit(g):
                        trial = list(cards[g])
                        Beds(kinds, [trial], [var[g]]).move_up(0, i, len(trial))
                        gain = self.fvalue(trial, var[g], p) - self.fvalue(cards[g], var[g], p)
                        if best is None or gain > best[0]:
                            best = (gain, g, i)
            if best is not None:
                b.move_up(best[1], best[2], len(cards[best[1]]))
            return 0.0
        if effect == JUNGGESELLE:
            ladies = [c for c in cards[f] if kinds[c].is_lady]
            cards[f][:] = ladies + [c for c in cards[f] if not kinds[c].is_lady]
            return 0.0
        if effect == KAMERADENSCHWEIN:
            return self.mbot.kamerad_worth if any(self.coins_of[q] for q in range(self.n)) else 0.0
        if effect == SCHUERZENJAEGER:
            ladies = not self.mbot.lady_names.isdisjoint(self.view["discard"])
            return 0.4 if ladies else 0.0
        return 0.0

    def put(self, sim: Sim, name: str, p: int, route: str) -> float:
        """Plant one card where it does most good (it must be planted); a forced harvest's
        coins and a one-shot's bonus. The same card on the same fields goes the same way: the
        position it leaves is remembered (``_share_tables``) and copied into ``sim``."""
        cards, var = sim
        key = (p, route, name, tuple(map(tuple, cards)), tuple(var))
        got = self._pcache.get(key)
        if got is None:
            gained = self._put(sim, name, p, route)
            self._pcache[key] = (gained, tuple(map(tuple, cards)), tuple(var))
            return gained
        gained, after, after_var = got
        cards[:] = map(list, after)
        var[:] = after_var
        return gained

    def _put(self, sim: Sim, name: str, p: int, route: str) -> float:
        card = self.mbot.rep[name]
        cards, var = sim
        options = self.options(sim, card, route, p)
        gained = 0.0
        if not options:
            if route == END or not any(cards):
                return 0.0
            f = self.harvest_least(sim, p)
            gained += self.harvest(sim, f)
            options = [(f, TOP)]
        if len(options) > 1:
            best: tuple[float, int, str] | None = None
            for f, w in options:
                if self.mbot.swallow_all:  # a Schluckspecht elsewhere decides where it goes
                    full = _copy(sim)
                    self.mbot.plant(full, f, card, w)
                    trial, tv = full[0][f], full[1][f]
                else:
                    alone: Sim = ([list(cards[f])], [var[f]])
                    self.mbot.plant(alone, 0, card, w)
                    trial, tv = alone[0][0], alone[1][0]
                delta = self.fvalue(trial, tv, p) - self.fvalue(cards[f], var[f], p)
                if best is None or delta > best[0] + 1e-9:
                    best = (delta, f, w)
            assert best is not None
            options = [(best[1], best[2])]
        f, w = options[0]
        return gained + self.plant_at(sim, card, f, w, route, p)

    def order(self, sim: Sim, names: list[str]) -> list[str]:
        """Cards to plant in a good order: onto own fields first, bigger groups first, in each
        variety a Kotzbrocken first and the Ladys last (a Lady should end on top)."""
        if len(names) < 2:
            return list(names)  # most calls: nothing or one card to order
        kind, rank = self.bot.kind_of, self.mbot.plant_rank
        counts: dict[str, int] = {}
        for c in names:
            v = kind[c]
            counts[v] = counts.get(v, 0) + 1
        have = set(sim[1])
        return sorted(
            names, key=lambda c: (kind[c] not in have, -counts[kind[c]], kind[c], rank[c])
        )

    def evaluate(  # type: ignore[override]
        self,
        fields: Sim,
        to_plant: list[str],
        hand: list[str],
        p: int | None = None,
        forced: list[str] | None = None,
    ) -> float:
        """Coins of forced harvests while planting what was received (on a fitting existing
        field), what is to be planted, and the front card (and the next if it fits a field of
        its variety), plus the fields' worth and a fading share of the later hand cards."""
        p = self.me if p is None else p
        # the same position and cards: the same answer (``_share_tables``)
        key = (
            p,
            tuple(map(tuple, fields[0])),
            tuple(fields[1]),
            tuple(to_plant),
            tuple(hand),
            tuple(forced or ()),
        )
        got = self._ecache.get(key)
        if got is None:
            got = self._ecache[key] = self._evaluate(fields, to_plant, hand, p, forced)
        return got

    def _evaluate(
        self, fields: Sim, to_plant: list[str], hand: list[str], p: int, forced: list[str] | None
    ) -> float:
        sim = _copy(fields)
        gained = 0.0
        for name in self.order(sim, forced or []):
            gained += self.put(sim, name, p, RECEIVED)
        for name in self.order(sim, to_plant):
            gained += self.put(sim, name, p, LATER)
        kind = self.bot.kind_of
        later = hand
        if hand:
            gained += self.put(sim, hand[0], p, HAND_ROUTE)
            later = hand[1:]
            if later and kind[later[0]] in sim[1]:
                gained += self.put(sim, later[0], p, HAND_ROUTE)
                later = later[1:]
        cards, var = sim
        value = gained
        usable = self.usable[p]
        for f in range(len(cards)):
            if cards[f] or f in usable:
                value += self.fvalue(cards[f], var[f], p)
        grow = {var[f]: len(cards[f]) for f in range(len(cards)) if cards[f]}
        free = sum(1 for f in range(len(cards)) if not cards[f] and f in usable)
        least = min(self.lost_of(cards[f], var[f], p) for f in range(len(cards)))
        return value + self.outlook([kind[name] for name in later], grow, free, least)

    def my_fields(self) -> Sim:  # type: ignore[override]
        return self.sims[self.me]

    def _received(self, get: list[Item]) -> list[str]:
        """The kinds of the cards got: from the offer the one the engine would take (the rearmost
        of the variety), from a hand a male (its kind is hidden)."""
        offer = list(self.offer_k)
        out = []
        for v, src in get:
            if src == OFFER:
                idx = [i for i, c in enumerate(offer) if self.bot.kind_of[c] == v]
                if idx:
                    out.append(offer.pop(idx[-1]))
                    continue
            out.append(self.mbot.plain[v])
        return out

    def my_gain(self, give: list[Item], get: list[Item]) -> float:
        """How much better off this player is after giving ``give`` and getting ``get`` (the
        trader asks the same again and again while it builds an offer: kept per decision)."""
        key = (tuple(give), tuple(get))
        got = self._gains.get(key)
        if got is None:
            got = self._gains[key] = self._my_gain(give, get)
        return got

    def _my_gain(self, give: list[Item], get: list[Item]) -> float:
        hand = list(self.hand_k)
        tp = self.plant_row(self.me)
        kind = self.bot.kind_of
        for v, src in give:
            row = hand if src == HAND else tp
            idx = [i for i, c in enumerate(row) if kind[c] == v]
            if not idx:
                return -99.0
            # the one it marks to go first (``give_first``), else the rearmost
            ranks = self.mbot.kinds_by_name
            del row[min(idx, key=lambda i: (give_rank(ranks[row[i]]), -i))]
        forced = self._received(get)
        return self.evaluate(self.my_fields(), tp, hand, forced=forced) - self.base()

    def their_gain(self, p: int, give: list[Item], get: list[Item]) -> float:
        """An estimate of ``p``'s gain from the fields, ignoring their hidden hand (kept per
        decision, as ``my_gain``)."""
        key = (p, tuple(give), tuple(get))
        got = self._gains.get(key)
        if got is None:
            got = self._gains[key] = self._their_gain(p, give, get)
        return got

    def _their_gain(self, p: int, give: list[Item], get: list[Item]) -> float:
        tp = self.plant_row(p)
        before = self.evaluate(self.sims[p], tp, [], p)
        tp = list(tp)
        kind = self.bot.kind_of
        for v, src in give:
            idx = [i for i, c in enumerate(tp) if kind[c] == v]
            if src == OFFER and idx:
                del tp[idx[-1]]
        return self.evaluate(self.sims[p], tp, [], p, forced=self._received(get)) - before

    def finished(self, f: int) -> bool:
        """A field worth harvesting now: it pays, and waiting would hardly add to it."""
        cards, var = self.my_fields()
        v = var[f]
        if not cards[f] or v is None or self.cash(cards[f]) < 1:
            return False
        kind = self.bot.kind_of
        upcoming = self.hand_k[:3] + self.to_plant_k[self.me]
        if any(kind[c] == v for c in upcoming):
            return False
        return self.lost_of(cards[f], v, self.me) < 0.1

    # -- the Bohnentaler piles ---------------------------------------------------------------------

    def pile(self, q: int) -> dict[str, float]:
        """What ``q``'s Bohnentaler are likely to be, by variety (expected counts)."""
        total = self.coins_of[q]
        known = dict(self.mbot.piles[q]) if q < len(self.mbot.piles) else {}
        k = sum(known.values())
        if k > total > 0:
            known = {v: x * total / k for v, x in known.items()}
            k = float(total)
        elif total == 0:
            return {}
        rest = total - k
        varieties = self.mbot.varieties
        for v in varieties:
            known[v] = known.get(v, 0.0) + rest / len(varieties)
        return known

    def fit_share(self, q: int, accepts: set[str]) -> float:
        """The share of ``q``'s Bohnentaler whose variety ``accepts`` holds."""
        total = self.coins_of[q]
        if total <= 0:
            return 0.0
        pile = self.pile(q)
        return min(1.0, sum(x for v, x in pile.items() if v in accepts) / total)

    def accepts_of(self, p: int) -> set[str]:
        b = self.beds(self.sims[p])
        out: set[str] = set()
        for f in range(len(self.sims[p][0])):
            out |= b.accepts(f)
        return out

    def taler_gain(self, q: int) -> float:
        """What one fitting taler from ``q`` is worth on this player's fields (their mix)."""
        pile = self.pile(q)
        accepts = self.accepts_of(self.me)
        base = self.evaluate(self.my_fields(), [], self.hand_k)
        total, weight = 0.0, 0.0
        for v in sorted(accepts):
            x = pile.get(v, 0.0)
            if x <= 0:
                continue
            sim = _copy(self.my_fields())
            got = self.put(sim, self.mbot.plain[v], self.me, ATTACK_ROUTE)
            total += x * (got + self.evaluate(sim, [], self.hand_k) - base)
            weight += x
        return total / weight if weight else 0.0

    def attack_value(self, q: int, draws: int) -> float:
        share = self.fit_share(q, self.accepts_of(self.me))
        if share <= 0:
            return 0.0
        k = min(draws, self.coins_of[q])
        hit = 1.0 - (1.0 - share) ** k
        leader = self.coins_of[q] >= max(self.coins_of[o] for o in range(self.n) if o != self.me)
        denial = self.mbot.steal + (0.3 if leader else 0.0)
        return hit * (self.taler_gain(q) + denial)


class MutterBot(BohnanzaBot):
    """Mutterböhnchen's planting, harvesting, attacks and special beans; subclasses trade."""

    name = "mutterboehnchen"

    def __init__(
        self,
        game: Game,
        attack_worth: float = 0.4,
        steal: float = 1.0,
        kamerad_worth: float = 0.6,
        dilute: float = 1.5,
        discard_cost: float = 0.2,
        **kw: Any,
    ) -> None:
        super().__init__(game, **kw)
        deck = game.deck  # type: ignore[attr-defined]
        info = deck_memo(deck, "mutterboehnchen", _DeckInfo)
        self.kinds = info.kinds
        self.rep = info.rep
        self.kinds_by_name = info.kinds_by_name
        self.lady_names = info.lady_names
        self.most_coins = info.most_coins
        self.plant_rank = info.plant_rank
        self.varieties = info.varieties
        self.plain = info.plain
        self.meters = info.meters
        self.pay = info.pay
        options = getattr(game, "options", {})
        self.swallow_all = bool(options.get("schluckspecht_all_fields", False))
        # the field rules' answers on simulated positions, shared by the deck's bots
        self._placements, self._planted = deck_memo(
            deck, f"mutterboehnchen rules {self.swallow_all}", _rule_memo
        )
        self.attack_worth = attack_worth
        self.steal = steal
        self.kamerad_worth = kamerad_worth
        self.dilute = dilute
        self.discard_cost = discard_cost
        # memory between decisions: the last view's fields, coins and discard pile, and what
        # is known of each player's Bohnentaler (expected count per variety)
        self.piles: list[dict[str, float]] = []
        self._last: dict[str, Any] | None = None
        self._same: tuple[dict[str, Any], list[Action], Action | None, float] | None = None
        # the last decision's valuation caches and what they depend on (``_share_tables``)
        self._tables: _Tables | None = None

    def placements(self, sim: Sim, f: int, card: int) -> list[str]:
        """``Beds.placements`` on a simulated position (do not change the list). Without the
        Schluckspecht option they depend on field ``f`` and the card alone, so they are kept
        (by the field's cards and variety), for all bots of the deck (``_rule_memo``)."""
        if self.swallow_all:
            return Beds(self.kinds, sim[0], sim[1], True).placements(f, card)
        cards = sim[0][f]
        key = (card, tuple(cards), sim[1][f])
        got = self._placements.get(key)
        if got is None:
            if len(self._placements) >= PLACEMENT_LIMIT:
                self._placements.clear()
            got = self._placements[key] = Beds(self.kinds, [cards], [sim[1][f]]).placements(0, card)
        return got

    def plant(self, sim: Sim, f: int, card: int, where: str) -> list[int]:
        """``Beds.plant`` on a simulated position: ``sim`` changed in place (its fields' lists
        replaced), the positions the planted card may pull up returned. The rules are a function
        of the position alone, so what they did is kept for all bots of the deck (``_rule_memo``)
        and copied in when the same card goes the same way again."""
        cards, var = sim
        key = (card, f, where, tuple(map(tuple, cards)), tuple(var))
        got = self._planted.get(key)
        if got is None:
            pulls = Beds(self.kinds, cards, var, self.swallow_all).plant(f, card, where).pulls
            if len(self._planted) >= PLACEMENT_LIMIT:
                self._planted.clear()
            self._planted[key] = (tuple(map(tuple, cards)), tuple(var), tuple(pulls))
            return pulls
        after, after_var, pulled = got
        cards[:] = map(list, after)
        var[:] = after_var
        return list(pulled)

    # -- the Bot interface -------------------------------------------------------------------------

    def _plan(self, decision: Decision) -> tuple[Action | None, float]:
        memo = self._memo
        if memo is not None and memo[0] is decision:
            return memo[1], memo[2]
        self.observe(decision.view)
        if not decision.legal:
            action, delay = None, IDLE
        else:
            # the same view and choices as last time (others only drafted): the same answer
            same = self._same
            if same is not None and same[0] == decision.view and same[1] == decision.legal:
                action, delay = same[2], same[3]
            else:
                action, delay = self.decide(self._context(decision.view), decision.legal)
                self._same = (decision.view, decision.legal, action, delay)
            if action is not None:
                delay += 0.05 * decision.rng.random()  # breaks ties between equal bots
        self._memo = (decision, action, delay)
        return action, delay

    def _context(self, view: dict[str, Any]) -> _MutCtx:
        return _MutCtx(self, view)

    # -- memory: the harvested Bohnentaler ---------------------------------------------------------

    def observe(self, view: dict[str, Any]) -> None:
        """Remember the coin cards of every harvest since the last view (public only then)."""
        n = view["players"]
        now = {
            "fields": view["fields"],
            "coins": list(view["coins"]),
            "discard": list(view["discard"]),
            "turn": view.get("turn", 0),
        }
        last = self._last
        self._last = now
        if last is None or len(self.piles) != n or now["turn"] < last["turn"]:
            self.piles = [{} for _ in range(n)]
            return
        for q in range(n):
            added = 0
            old_fields = last["fields"][q]
            for f, old in enumerate(old_fields):
                new = view["fields"][q][f] if f < len(view["fields"][q]) else []
                if not old or new == old:
                    continue  # (most fields: as they were, nothing harvested)
                missing = Counter(old) - Counter(new)
                if sum(missing.values()) < 2 and (new or len(old) > 1):
                    continue
                for name in self._coin_cards(old, last["discard"]):
                    v = self.kind_of[name]
                    self.piles[q][v] = self.piles[q].get(v, 0.0) + 1.0
                    added += 1
            expected = last["coins"][q] + added
            have = now["coins"][q]
            if have < expected and expected > 0:
                scale = have / expected
                self.piles[q] = {v: x * scale for v, x in self.piles[q].items()}

    def _coin_cards(self, field: list[str], discard: list[str]) -> list[str]:
        top = self.kinds_by_name[field[-1]]
        if top.effect == KOTZBROCKEN:
            return []
        n = payout(top.beanometer, len(field))
        if top.pays == DISCARD_BOTTOM:
            return discard[:n]
        return field[len(field) - n :] if n else []

    # -- deciding ----------------------------------------------------------------------------------

    def decide(self, c: _MutCtx, legal: list[Action]) -> tuple[Action | None, float]:  # type: ignore[override]
        keys = {k for a in legal for k in a}
        view = c.view
        if "pull" in keys:
            return self._pull(c, legal), FAST
        choice = view.get("choice")
        if choice and choice.get("player") == c.me:
            return self._one_shot(c, legal, choice), FAST
        if "flitzer" in keys:
            return self._flitzer(c, legal), FAST
        foist = view.get("foist") or []
        if foist and foist[0]["player"] == c.me and "plant" in keys:
            rest = list(foist[0]["cards"])
            return self._choose(c, legal, [], c.hand_k, False, forced=rest), FAST
        phase = c.phase
        if "mode" in view and phase in ("leftover", "plant", "reveal", "take"):
            return self._duo(c, legal)
        if phase == "attack" and c.active == c.me:
            return self._attack(c, legal), FAST
        if phase == "defend" and (view.get("attack") or {}).get("target") == c.me:
            return self._defend(c, legal), FAST
        if phase == "keep" and "keep" in keys:
            return self._choose(c, legal, [], c.hand_k, False), FAST
        if phase == "place":
            return self._place(c, legal), FAST
        if phase == "plant" and c.active == c.me:
            return self._plant_front(c, legal), FAST
        if phase == "plant-trades" and c.to_plant[c.me]:
            return self._plant_received(c, legal), FAST
        if phase == "trade":
            if "aktivist" in keys:
                got = self._aktivist(c, legal)
                if got is not None:
                    return got, FAST
            if "give_first" in keys and self.trades:
                got = self._give_first(c, legal)
                if got is not None:
                    return got, FAST
            return self.trade(c, legal)
        if phase in ("plant", "attack", "defend", "keep", "plant-trades", "over"):
            return self._anytime(c, legal)
        return self._unknown(c, legal)

    # -- 2 players ---------------------------------------------------------------------------------

    def _duo(self, c: _MutCtx, legal: list[Action]) -> tuple[Action | None, float]:
        """The 2-player turn: leftovers planted or discarded and the offer taken, a variety all
        or none (by the evaluation after it); the hand phase with its one discard; the
        opponent's Aktivist claim when planting the Soy is worth it."""
        phase = c.phase
        if phase == "reveal":
            if any("aktivist" in a and "field" in a for a in legal):
                got = self._aktivist(c, legal)
                if got is not None:
                    return got, FAST
            stay = Action(aktivist="pass")
            return (stay if stay in legal else self._fallback(legal)), FAST
        if c.active != c.me:
            return self._anytime(c, legal)
        if phase == "plant":
            return self._choose(c, legal, [], c.hand_k, c.view["planted"] >= 1), FAST
        return self._take(c, legal), FAST

    def _take(self, c: _MutCtx, legal: list[Action]) -> Action:
        """Phase 1 (leftovers) or phase 4 (the offer): which card to plant or discard, or done."""
        offer = list(c.offer_k)
        started = c.view.get("started") or {}
        kind = self.kind_of

        def must(skip: str | None) -> list[str]:
            return [x for x in offer if started.get(kind[x]) == "plant" and kind[x] != skip]

        leftover = c.phase == "leftover"
        opp = 1 - c.me if c.n == 2 else None
        worth: dict[str, float] = {}

        def left_for_them(taken: str | None) -> float:
            """What the cards left in the offer are worth to the opponent (his phase 1)."""
            if leftover or opp is None:
                return 0.0
            out = 0.0
            for v in sorted({kind[x] for x in offer} - {taken}):
                if v not in worth:
                    group = [x for x in offer if kind[x] == v]
                    before = c.evaluate(c.sims[opp], [], [], opp)
                    worth[v] = max(0.0, c.evaluate(c.sims[opp], group, [], opp) - before)
                out += worth[v]
            return self.envy * out

        best: tuple[float, int, Action] | None = None
        sim0 = c.my_fields()
        plantable = any("plant" in a or "discard" in a for a in legal)
        for a in legal:
            rank = 0
            if "plant" in a:
                name = self._name(c, a, "plant")
                if name is None:
                    continue
                v = kind[name]
                rest = [x for x in offer if kind[x] == v]
                if name in rest:
                    rest.remove(name)
                sim = _copy(sim0)
                card = self.rep[name]
                placements = self.placements(sim, a["field"], card)
                if not placements:
                    continue
                w = UNDER if a.get("under") is True and UNDER in placements else placements[0]
                gained = c.plant_at(sim, card, a["field"], w, LATER, c.me)
                value = gained + c.evaluate(sim, rest + must(v), c.hand_k) - left_for_them(v)
            elif "discard" in a:
                name = self._name(c, a, "discard")
                if name is None:
                    continue
                value, rank = c.evaluate(sim0, must(kind[name]), c.hand_k) - 0.05, 3
                if not leftover:
                    continue
            elif "harvest" in a:
                sim = _copy(sim0)
                cash = c.harvest(sim, a["harvest"])
                if cash == 0 and plantable:
                    continue
                value, rank = cash + c.evaluate(sim, must(None), c.hand_k), 2
            elif a.get("end") in ("taking", "planting"):
                value, rank = c.evaluate(sim0, must(None), c.hand_k) - left_for_them(None), 1
            else:
                continue
            if best is None or (value, -rank) > (best[0], -best[1]):
                best = (value, rank, a)
        return best[2] if best is not None else self._fallback(legal)

    def _unknown(self, c: _MutCtx, legal: list[Action]) -> tuple[Action | None, float]:
        """A phase this bot does not know: harvest a finished field, else end something, else
        the first legal action; only harvests: the best-paying one, slowly."""
        harvest = self._anytime(c, legal)
        if harvest[0] is not None:
            return harvest
        others = [a for a in legal if "harvest" not in a]
        if others:
            return self._fallback(others), FAST
        cards = c.my_fields()[0]
        best = max(legal, key=lambda a: c.cash(cards[a["harvest"]]))
        return best, IDLE

    @staticmethod
    def _fallback(legal: list[Action]) -> Action:
        for a in legal:
            if "end" in a:
                return a
        return legal[0]

    # -- planting ----------------------------------------------------------------------------------

    def _name(self, c: _MutCtx, a: Action, key: str) -> str | None:
        card = a.get(key)
        if card == "front":
            return c.hand_k[0] if c.hand_k else None
        if card == "rear":
            return c.hand_k[-1] if c.hand_k else None
        if card == "taler":
            choice = c.view.get("choice") or {}
            cid = choice.get("card")
            return self.kinds[cid].name if isinstance(cid, int) else None
        if isinstance(card, int) and not isinstance(card, bool) and 0 <= card < len(self.kinds):
            return self.kinds[card].name
        return None

    def _after_plant(
        self,
        c: _MutCtx,
        a: Action,
        key: str,
        tp: list[str],
        hand: list[str],
        forced: list[str],
        route: str,
    ) -> tuple[float, list[str], list[str], list[str]] | None:
        """Plant the card ``a`` names (``a[key]``) where it says: the coins and bonus it brings,
        the simulation, and what is left to plant and in the hand."""
        name = self._name(c, a, key)
        if name is None:
            return None
        card = self.rep[name]
        sim = _copy(c.my_fields())
        f = a["field"]
        if not 0 <= f < len(sim[0]):
            return None
        where = UNDER if a.get("under") is True else None
        placements = self.placements(sim, f, card)
        if not placements:
            return None
        w = where if where in placements else placements[0]
        rest_tp, rest_hand, rest_forced = list(tp), list(hand), list(forced)
        if a.get(key) == "front":
            rest_hand = rest_hand[1:]
        elif a.get(key) == "rear":
            rest_hand = rest_hand[:-1]
        elif a.get("from") == HAND and name in rest_hand:
            rest_hand.remove(name)
        elif name in rest_forced:
            rest_forced.remove(name)
        elif name in rest_tp:
            rest_tp.remove(name)
        got = c.plant_at(sim, card, f, w, route, c.me)
        value = got + c.evaluate(sim, rest_tp, rest_hand, forced=rest_forced)
        return value, rest_tp, rest_hand, rest_forced

    def _choose(  # type: ignore[override]
        self,
        c: _MutCtx,
        legal: list[Action],
        tp: list[str],
        hand: list[str],
        second: bool,
        forced: list[str] | None = None,
    ) -> Action:
        """The best planting, keeping, taking or harvest by the evaluation after it."""
        forced = list(forced or [])
        best: tuple[float, int, Action] | None = None
        sim0 = c.my_fields()
        plantable = any(
            k in a for a in legal for k in ("plant", "keep", "flitzer", "aktivist", "place")
        )
        for a in legal:
            rank = 0
            key = next((k for k in ("plant", "keep", "flitzer", "aktivist") if k in a), None)
            if key is not None:
                route = {"keep": ATTACK_ROUTE, "flitzer": "flitzer", "aktivist": "aktivist"}.get(
                    key, HAND_ROUTE
                )
                if key == "plant":
                    if a["plant"] in ("front", "rear") or a.get("from") == HAND:
                        route = HAND_ROUTE
                    elif a["plant"] == "taler":
                        route = "kameradenschwein"
                    elif forced:
                        route = RECEIVED
                    else:
                        route = LATER
                if second and a.get(key) == "front":
                    name = hand[0] if hand else None
                    if name is None or self.kind_of[name] != sim0[1][a["field"]]:
                        continue  # the 2nd card only onto its own variety
                got = self._after_plant(c, a, key, tp, hand, forced, route)
                if got is None:
                    continue
                value = got[0]
            elif "harvest" in a:
                g = a["harvest"]
                sim = _copy(sim0)
                cash = c.harvest(sim, g)
                if cash == 0 and plantable:
                    continue
                value, rank = cash + c.evaluate(sim, tp, hand, forced=forced), 2
            elif a.get("end") in ("planting",):
                value, rank = c.evaluate(sim0, tp, hand, forced=forced), 1
            elif "discard_hand" in a and isinstance(a["discard_hand"], int):
                i = a["discard_hand"]
                if not 0 <= i < len(hand):
                    continue
                rest_hand = hand[:i] + hand[i + 1 :]
                value = c.evaluate(sim0, tp, rest_hand, forced=forced) - self.discard_cost
                rank = 3
            else:
                continue
            if best is None or (value, -rank) > (best[0], -best[1]):
                best = (value, rank, a)
        if best is None:
            return self._fallback(legal)
        return best[2]

    def _plant_front(self, c: _MutCtx, legal: list[Action]) -> Action:  # type: ignore[override]
        return self._choose(c, legal, [], c.hand_k, c.view["planted"] >= 1)

    def _plant_received(self, c: _MutCtx, legal: list[Action]) -> Action:  # type: ignore[override]
        return self._choose(c, legal, list(c.to_plant_k[c.me]), c.hand_k, False)

    def _pull(self, c: _MutCtx, legal: list[Action]) -> Action:
        pull = c.view.get("pull") or {}
        f = pull.get("field", 0)
        cards, var = c.my_fields()
        if not 0 <= f < len(cards):
            return self._fallback(legal)
        best = (c.fvalue(cards[f], var[f], c.me), Action(pull="none"))
        for a in legal:
            i = a.get("pull")
            if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < len(cards[f]):
                continue
            trial = list(cards[f])
            Beds(self.kinds, [trial], [var[f]]).pull(0, i)
            v = c.fvalue(trial, var[f], c.me)
            if v > best[0] + 1e-9:
                best = (v, a)
        return best[1] if best[1] in legal else self._fallback(legal)

    # -- the special beans' choices ----------------------------------------------------------------

    def _one_shot(self, c: _MutCtx, legal: list[Action], choice: dict[str, Any]) -> Action:
        effect = choice.get("effect")
        if effect in (ARBEITSTIER, KAMERADEN_PLANT):
            return self._choose(c, legal, [], c.hand_k, False)
        if effect == LOSER:
            return self._choose(
                c, [a for a in legal if "harvest" in a] or legal, [], c.hand_k, False
            )
        if effect == KAMERADENSCHWEIN:
            accepts = c.accepts_of(c.me)
            return max(
                (a for a in legal if "taler_from" in a),
                key=lambda a: (c.fit_share(a["taler_from"], accepts), c.coins_of[a["taler_from"]]),
                default=self._fallback(legal),
            )
        if effect == SCHUERZENJAEGER:
            best: tuple[float, Action] | None = None
            for a in legal:
                name = self._name(c, a, "take")
                if name is None:
                    continue
                # she goes to the back of the hand
                value = c.evaluate(c.my_fields(), [], [*c.hand_k, name])
                value += 0.3 * max(0.0, self._lady_worth(c, name))
                if best is None or value > best[0]:
                    best = (value, a)
            return best[1] if best else self._fallback(legal)
        # Frauenversteher: the Lady whose move to the top does most
        cards, var = c.my_fields()
        best2: tuple[float, Action] | None = None
        for a in legal:
            g, i = a.get("field"), a.get("lady")
            if not isinstance(g, int) or not isinstance(i, int) or not 0 <= g < len(cards):
                continue
            trial = list(cards[g])
            if not 0 <= i < len(trial):
                continue
            Beds(self.kinds, [trial], [var[g]]).move_up(0, i, len(trial))
            gain = c.fvalue(trial, var[g], c.me) - c.fvalue(cards[g], var[g], c.me)
            if best2 is None or gain > best2[0]:
                best2 = (gain, a)
        return best2[1] if best2 else self._fallback(legal)

    def _lady_worth(self, c: _MutCtx, name: str) -> float:
        k = self.kinds_by_name[name]
        return 1.0 if k.variety in c.my_fields()[1] else 0.0

    def _flitzer(self, c: _MutCtx, legal: list[Action]) -> Action:
        base = c.evaluate(c.my_fields(), [], c.hand_k)
        takes = [a for a in legal if "flitzer" in a and "field" in a]
        take = self._choose(c, takes, [], c.hand_k, False) if takes else Action(end="none")
        if "flitzer" in take and take.get("flitzer") != "pass":
            got = self._after_plant(c, take, "flitzer", [], c.hand_k, [], "flitzer")
            if got is not None and got[0] > base + 0.1:
                return take
        return Action(flitzer="pass") if Action(flitzer="pass") in legal else self._fallback(legal)

    def _aktivist(self, c: _MutCtx, legal: list[Action]) -> Action | None:
        options = [a for a in legal if "aktivist" in a]
        base = c.base()
        best = self._choose(c, options, c.plant_row(c.me), c.hand_k, False)
        got = self._after_plant(c, best, "aktivist", c.plant_row(c.me), c.hand_k, [], "aktivist")
        if got is not None and got[0] > base + 0.1:
            return best
        return None

    def _give_first(self, c: _MutCtx, legal: list[Action]) -> Action | None:
        """Of a variety it holds in several kinds, a Kotzbrocken goes first, then a Baby, then a
        plain male; Ladys last (for the varieties an open offer takes from it)."""

        def rank(name: str) -> tuple[int, str]:
            return give_rank(self.kinds_by_name[name]), name

        held = list(c.hand_k) + (list(c.offer_k) if c.me == c.active else [])
        by_variety: dict[str, list[str]] = {}
        for name in held:
            by_variety.setdefault(self.kind_of[name], []).append(name)
        # only the varieties an open offer would take from it
        giving: set[str] = set()
        for o in c.view.get("offers") or []:
            items = o["give"] if o["from"] == c.me else o["want"] if o["to"] == c.me else []
            giving.update(it["variety"] for it in items)
        for a in legal:
            name = self._name(c, a, "give_first")
            if name is None or self.kind_of[name] not in giving:
                continue
            names = by_variety.get(self.kind_of[name], [])
            if names and rank(name) == min(rank(x) for x in names):
                return a
        return None

    # -- the Rasselbande ---------------------------------------------------------------------------

    def _attack(self, c: _MutCtx, legal: list[Action]) -> Action:
        planned = {a["field"]: a["rattles"] for a in c.view.get("attacks") or []}
        wuehler = any(WUEHLER in c.effects(f) for f in c.my_fields()[0])
        best: tuple[float, int, Action] | None = None
        for a in legal:
            if "attack" not in a:
                continue
            rattles = planned.get(a.get("field"), 1)
            value = c.attack_value(a["attack"], rattles + int(wuehler))
            key = (value, rattles)
            if best is None or key > (best[0], best[1]):
                best = (value, rattles, a)
        if best is not None and best[0] > 0.05:
            return best[2]
        end = Action(end="attacks")
        return end if end in legal else self._fallback(legal)

    def _defend(self, c: _MutCtx, legal: list[Action]) -> Action:
        """Harvest first what thins out the share of the pile that fits the attacker (or a
        finished field); then let the attack come."""
        attack = c.view.get("attack") or {}
        attacker = c.active
        rattles = int(attack.get("rattles", 1))
        if any(WUEHLER in c.effects(f) for f in c.sims[attacker][0]):
            rattles += 1
        accepts = c.accepts_of(attacker)
        total = c.coins_of[c.me]
        fits = c.fit_share(c.me, accepts) * total
        cards, var = c.my_fields()
        best: tuple[float, Action] | None = None
        for a in legal:
            if "harvest" not in a:
                continue
            g = a["harvest"]
            names = [self.kinds[x].name for x in cards[g]]
            coins = self._coin_cards(names, list(c.view["discard"])) if names else []
            if not coins:
                continue
            n = len(coins)
            extra = sum(1 for x in coins if self.kind_of[x] in accepts)
            before = 1 - (1 - fits / total) ** rattles if total else 0.0
            after = 1 - (1 - (fits + extra) / (total + n)) ** rattles
            benefit = (before - after) * self.dilute
            loss = c.lost_of(cards[g], var[g], c.me)
            gain = benefit - loss
            if c.finished(g):
                gain = max(gain, 0.1)
            if gain > 0.05 and (best is None or gain > best[0]):
                best = (gain, a)
        if best is not None:
            return best[1]
        end = Action(end="defending")
        return end if end in legal else self._fallback(legal)

    # -- the end placement -------------------------------------------------------------------------

    def _place(self, c: _MutCtx, legal: list[Action]) -> Action:
        """The card and field that raise the final harvest most; none: done."""
        cards = c.my_fields()[0]
        best: tuple[float, Action] | None = None
        for a in legal:
            if "place" not in a:
                continue
            name = self._name(c, a, "place")
            f = a.get("field")
            if name is None or not isinstance(f, int) or not 0 <= f < len(cards):
                continue
            sim = _copy(c.my_fields())
            placements = self.placements(sim, f, self.rep[name])
            if not placements:
                continue
            w = UNDER if a.get("under") is True and UNDER in placements else placements[0]
            c.plant_at(sim, self.rep[name], f, w, END, c.me)
            gain = c.cash(sim[0][f]) - c.cash(cards[f])
            if gain > 0 and (best is None or gain > best[0]):
                best = (gain, a)
        if best is not None:
            return best[1]
        end = Action(end="placing")
        return end if end in legal else self._fallback(legal)

    def _anytime(self, c: _MutCtx, legal: list[Action]) -> tuple[Action | None, float]:  # type: ignore[override]
        for a in legal:
            if "harvest" in a and c.finished(a["harvest"]):
                return a, HARVEST
        return None, IDLE

    # -- trading (the trader's, with gifts only where they are possible) ---------------------------

    def _send(
        self, sent: set[tuple[Any, ...]], to: int, give: list[Item], want: list[Item]
    ) -> Action | None:
        if not want and self._messie:
            return None  # a Messie on top: no gifts
        return super()._send(sent, to, give, want)  # type: ignore[misc]

    _messie = False


class MutterNoTradeBot(MutterBot, NoTradeBot):
    """Plants, harvests, attacks and uses the special beans like the trader; never trades."""

    name = "notrade"


class MutterTraderBot(MutterBot, TraderBot):
    """The Bohnanza trader on Mutterböhnchen's valuation (module docstring)."""

    name = "trader"

    def trade(self, c: _Ctx, legal: list[Action]) -> tuple[Action | None, float]:
        mc: _MutCtx = c  # type: ignore[assignment]
        self._messie = any(MESSIE in mc.effects(f) for f in mc.my_fields()[0])
        return TraderBot.trade(self, c, legal)


BOTS = {"trader": MutterTraderBot, "notrade": MutterNoTradeBot}  # each made as cls(game, **kw)

__all__ = [
    "BOTS",
    "SEARCH_DEPTH",
    "STRONGEST",
    "MutterNoTradeBot",
    "MutterTraderBot",
    "evaluate",
    "evaluate_all",
    "search_depth",
    "search_moves",
]
