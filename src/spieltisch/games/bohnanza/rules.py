"""Bohnanza, the base bean-trading game, as ``rules/bohnanza.md`` summarises it (3–5 players).

A turn of the active player:

1. **Plant** the front hand card ``{"plant": "front", "field": f}`` (must), then optionally the
   next one the same way, or ``{"end": "planting"}``.
2. **Trade**: two cards are turned up into the offer area. Everyone may act at once: build and
   send offers (see ``games/beans/trading.py``), ``{"accept": id}``, ``{"decline": id}``,
   ``{"counter": id}``, ``{"withdraw": id}``; a gift is an offer that wants nothing. Others
   trade only with the active player. The active player ends the phase ``{"end": "trading"}``;
   the referee may close an idle one ``{"close": "trading"}`` (a host's time limit).
3. **Plant what was traded**: every card received or kept from the offer area is planted by
   whoever holds it, in the order they like: ``{"plant": card_id, "field": f}``.
4. **Draw** 3 cards to the back of the hand (by itself).

At any time, every player may ``{"harvest": f}`` (one-bean rule) or ``{"buy": "field"}`` (a
3rd field for 3 coins, once). A bean that fits no field forces a harvest first. The game ends
when the stock runs out for the 3rd time: the turn finishes with what is there, then all fields
are harvested. Most coins wins; on a tie the later first turn (option: most hand cards).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, ClassVar

from ...core import (
    REFEREE,
    Action,
    Event,
    Game,
    IllegalAction,
    Option,
    OptionError,
    RecordError,
    Result,
    Rng,
    State,
)
from ...core.game import Player
from ...core.words import Named, Said, Seq
from ..beans import actions as acts
from ..beans import words
from ..beans.cards import Deck, load_varieties
from ..beans.moment import MomentMemo
from ..beans.options import CARDS, FIRST_PLAYER, TRADE_SECONDS
from ..beans.table import BeanTable
from ..beans.trading import (
    HAND,
    HOLDS,
    NEXT,
    OFFER,
    RECEIVER,
    SIDES,
    Draft,
    Offer,
    items_from_json,
    items_to_json,
    promises_from_json,
    turned_round,
)

_NONE: Counter[tuple[str, str]] = Counter()  # an empty draft's items (only read)
NO_PROMISE = "none"  # a draft step that drops a side's promise
PROMISE_STEPS = (*HOLDS, NO_PROMISE)


def _refuse(reason: str, key: str, *args: Any) -> IllegalAction:
    """A refusal with its key in the words catalog, so each host says it in its language;
    ``reason`` stays the engine's English."""
    return IllegalAction(reason, key=key, args=args)


class _Row:
    """A row of cards (a hand, the turned-up cards) as trading reads it: its varieties, and
    how many of each when a draft's counts are to be checked against them."""

    __slots__ = ("_counts", "_of", "cards", "kinds")

    def __init__(self, cards: tuple[int, ...], variety_of: tuple[str, ...]) -> None:
        self.cards, self._of = cards, variety_of
        self.kinds = sorted(set(map(variety_of.__getitem__, cards)))  # in the order of names
        self._counts: dict[str, int] | None = None

    def counts(self) -> dict[str, int]:
        """Cards by variety, in the order of their names (worked out once; never change it)."""
        if self._counts is None:
            counts = dict.fromkeys(self.kinds, 0)
            for c in self.cards:
                counts[self._of[c]] += 1
            self._counts = counts
        return self._counts


PLANT, TRADE, PLANT_TRADES, OVER = "plant", "trade", "plant-trades", "over"
PHASES = (PLANT, TRADE, PLANT_TRADES, OVER)
_OWN_PHASES = (PLANT, TRADE, PLANT_TRADES)  # where a step may be private (_private_step)
HAND_SIZE, TURN_UP, DRAW = 5, 2, 3
RESHUFFLES = 3  # the game ends when the stock runs out for the 3rd time
FIELD_PRICE = 3


class BohnanzaGame(Game):
    id = "bohnanza"
    title = "Bohnanza"
    min_players = 3
    max_players = 5

    OPTIONS = (
        Option("classic", bool, False, "the classic 104-card set (Blue down to Garden) only"),
        CARDS,
        FIRST_PLAYER,
        Option(
            "tie_break",
            str,
            "later_turn",
            "equal coins: the later first turn wins (sheet 000's advice for every bean game), "
            "or the most hand cards (the published base rule)",
            ("later_turn", "hand_cards"),
        ),
        TRADE_SECONDS,
    )

    RULES = """\
Plant beans in your 2 fields (a 3rd costs 3 coins), trade the rest, harvest for coins.
Your hand keeps its order: on your turn
1. plant the front card of your hand (you must), and if you like the next one;
2. turn up 2 cards and trade: you may trade them and your hand cards with everyone, the others
   trade only with you; any cards for any cards; gifts are allowed; anyone may refuse;
3. everyone plants what they got (and you the turned-up cards you kept), in any order;
4. draw 3 cards to the back of your hand.
A field holds one variety. A bean that fits no field forces you to harvest one first. Harvest
any time (a field of one bean only if no field of yours holds more): the field pays coins by its
beanometer. The game ends when the stock runs out for the 3rd time; all fields are harvested.
Most coins wins; a tie goes to the player who had their first turn later."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        varieties = load_varieties(__package__, path=self.options["cards"])
        if self.options["classic"]:
            varieties = [v for v in varieties if v.classic]
        self.deck = Deck.build(varieties)
        self.variety_ids = {v.id for v in varieties}

    @property
    def default_players(self) -> int:
        return 4

    @property
    def tie_break(self) -> str:
        return self.options["tie_break"]

    def said_action(self, view: Mapping[str, Any] | None, action: Action) -> Said:
        return words.said_action(view, action)

    def said_event(self, event: Mapping[str, Any], view: Mapping[str, Any] | None) -> Said | None:
        return words.said_event(event, view)

    def reconstructed(self) -> list[str]:
        """The card file's entries marked reconstructed, one line per sex of card."""
        guessed: dict[str, list[str]] = {}
        for v in self.deck.varieties:
            for sex, mark in v.status.items():
                if mark == "reconstructed":
                    guessed.setdefault(sex, []).append(v.id)
        return [f"{sex} count and beanometer: {', '.join(v)}" for sex, v in guessed.items()]

    def first_seat(self, rng: Rng, n: int) -> int:
        """Who starts: the ``first_player`` option, or a seat drawn from ``rng``."""
        first = self.options["first_player"]
        start = rng.below(n) if first == "lot" else int(first)
        if start >= n:
            raise OptionError(f"first_player {start} is not a seat of a {n}-player game")
        return start

    def new_state(self, players: int | None = None, seed: int = 0) -> BohnanzaState:
        n = self.check_players(players)
        if self.deck.size < n * HAND_SIZE + TURN_UP:
            raise OptionError(f"{self.deck.size} cards are too few to deal to {n} players")
        rng = Rng(seed)
        start = self.first_seat(rng, n)
        s = BohnanzaState(self, n, rng)
        s.shuffle_new_stock()
        for _ in range(HAND_SIZE):
            for p in range(n):
                s.hands[p].append(s.stock.pop())
        s.first_player = s.active = start
        s.start_turn()
        return s

    def from_json(self, data: Mapping[str, Any]) -> BohnanzaState:
        return BohnanzaState.from_position(self, data)


class BohnanzaState(MomentMemo, BeanTable, State):
    PHASES: ClassVar[tuple[str, ...]] = PHASES
    PROMISES: ClassVar[bool] = False  # Ladybohn: trades may carry a promise not to steal
    COINS_ROW: ClassVar[str] = "b.bd.coins"  # the result's coins row (Mutterböhnchen: Bohnentaler)
    # actions that change only their player's own moves, within a phase (_private_step)
    PRIVATE_STEPS: ClassVar[frozenset[str]] = frozenset(("draft", "harvest", "buy", "plant"))

    def __init__(self, game: BohnanzaGame, players: int, rng: Rng) -> None:
        self.game: BohnanzaGame = game
        self.init_table(game.deck, players, rng)
        self.forget_moment()
        varieties = frozenset(game.variety_ids)
        self._want_hand = acts.want_from_hand(varieties)
        self._item = acts.draft_items(varieties)  # (step, variety, source) -> its action
        self._traders = frozenset((*range(players), REFEREE))  # who may act in phase 2
        self._rows: dict[tuple[int, ...], _Row] = {}  # see _row
        self.third_field = [False] * players
        self.active = 0
        self.first_player = 0
        self.phase = PLANT
        self.planted = 0  # cards planted from the hand this turn
        self.ending = False  # the stock ran out for the last time: this turn is the last
        self.turn_no = 0  # turns begun so far: lets a bot tell one trading phase from the next
        self.result_: list[int] | None = None

    # -- the flow of a turn ---------------------------------------------------------------------

    def start_turn(self) -> list[Event]:
        self.phase, self.planted = PLANT, 0
        self.turn_no += 1
        events = [Event("turn", {"player": self.active})]
        if not self.hands[self.active]:
            return events + self._turn_up()  # nothing to plant
        return events

    def _turn_up(self) -> list[Event]:
        self.phase = TRADE
        cards = []
        for _ in range(TURN_UP):
            card = self._draw()
            if card is None:
                break
            cards.append(card)
        self.offer_area = cards
        self.offers, self.drafts = [], {}
        return [Event("turn_up", {"player": self.active, "cards": self.public_cards(cards)})]

    def _draw(self) -> int | None:
        card = self.draw(RESHUFFLES)
        if self.exhausted >= RESHUFFLES:
            self.ending = True
        return card

    def _end_trading(self, by: Player) -> list[Event]:
        self.to_plant[self.active] += self.offer_area
        kept = self.public_cards(self.offer_area)
        self.offer_area, self.offers, self.drafts = [], [], {}
        self.phase = PLANT_TRADES
        events = [Event("trading_end", {"by": by, "kept": kept})]
        return events + self._after_planting()

    def _after_planting(self) -> list[Event]:
        if any(self.to_plant):
            return []
        drawn = []
        for _ in range(DRAW):
            card = self._draw()
            if card is None:
                break
            drawn.append(card)
            self.hands[self.active].append(card)
        events = [
            Event("draw", {"player": self.active, "count": len(drawn)}),
            Event(
                "draw_cards",
                {"player": self.active, "cards": self.public_cards(drawn)},
                frozenset((self.active,)),
            ),
        ]
        if self.ending:
            return events + self._final_harvest()
        self.active = (self.active + 1) % self.num_players
        return events + self.start_turn()

    def _final_harvest(self) -> list[Event]:
        events = []
        for p in range(self.num_players):
            for f in range(len(self.fields[p])):
                if self.fields[p][f]:
                    events.append(self.harvest(p, f))
        self.phase = OVER
        coins = [len(c) for c in self.coins]
        self.result_ = coins
        return [*events, Event("game_end", {"coins": coins})]

    # -- who may act, and what ------------------------------------------------------------------

    def _actors(self) -> frozenset[Player]:
        if self.phase == OVER:
            return frozenset()
        if self.phase == TRADE:
            return self._traders  # everyone trades; the referee may close the phase
        return frozenset(p for p in range(self.num_players) if self._acts(p))

    def _acts(self, p: Player) -> bool:
        """Whether ``p`` may act in phase 1 or 3: the active player plants, and who holds
        cards to plant; anyone may harvest or buy a field."""
        if self.phase == PLANT:
            return p == self.active or bool(self.anytime(p))
        return bool(self.to_plant[p]) or bool(self.anytime(p))

    def _actor_again(self, actors: frozenset[Player], player: Player) -> frozenset[Player]:
        """The actors after a private step of ``player`` (in phases 1 to 3): only whether she
        may act can have changed."""
        if self.phase == TRADE:
            return actors
        if self._acts(player):
            return actors if player in actors else actors | {player}
        return actors - {player}

    def priority(self) -> list[Player]:
        """Simultaneous claims: the active player first, then clockwise (Ladybohn's rule for
        the fans, and the natural order at a bean table)."""
        actors = self.actors()
        order = [(self.active + k) % self.num_players for k in range(self.num_players)]
        return [p for p in order if p in actors]

    def waiting_for(self) -> frozenset[Player]:
        if self.phase == PLANT:
            return frozenset((self.active,))
        if self.phase == TRADE:  # the active player ends trading; offers want an answer
            return frozenset({self.active} | {o.to for o in self.offers})
        if self.phase == PLANT_TRADES:
            return frozenset(p for p in range(self.num_players) if self.to_plant[p])
        return frozenset()

    def window_seconds(self) -> float | None:
        return self.game.options["trade_seconds"] if self.phase == TRADE else None

    def _anytime(self, p: Player) -> list[Action]:
        out = list(acts.harvests_by_sizes(tuple(map(len, self.fields[p]))))
        if not self.third_field[p] and len(self.coins[p]) >= FIELD_PRICE:
            out.append(acts.BUY_FIELD)
        return out

    def _legal_actions(self, player: Player) -> list[Action]:
        if self.phase == OVER:
            return []
        if player == REFEREE:
            return [acts.CLOSE_TRADING] if self.phase == TRADE else []
        if not 0 <= player < self.num_players:
            return []
        out: list[Action] = []
        if self.phase == PLANT and player == self.active:
            hand = self.hands[player]
            if hand:
                out += [acts.plant("front", f) for f in self.fitting_fields(player, hand[0])]
            if self.planted >= 1:
                out.append(acts.END_PLANTING)
        elif self.phase == TRADE:
            out += self._trade_actions(player)
        elif self.phase == PLANT_TRADES:
            for card in self._distinct(self.to_plant[player]):
                out += [acts.plant(card, f) for f in self.fitting_fields(player, card)]
        return out + self.anytime(player)

    def _flow(self) -> Any:
        return self.phase, self.turn_no

    def _anytime_own(self, player: Player, action: Mapping[str, Any], flow: Any) -> bool:
        """Harvests and a bought field read the player's own fields and coins, which only her
        own harvests, plants and purchases change (trades and draws move hand cards); at the
        end every field is harvested, but then no one acts. A game whose ``_anytime`` reads
        more says otherwise."""
        return True

    def _private_step(self, player: Player, action: Mapping[str, Any]) -> bool:
        """Within a phase: a trading draft's step, a harvest, a bought field, a bean planted.
        They change the player's own hand, fields, coins or draft, and no one else's moves
        depend on those (a trade's cards are counted from the hands, which these leave be)."""
        return self.phase in _OWN_PHASES and not self.PRIVATE_STEPS.isdisjoint(action)

    def _distinct(self, cards: list[int]) -> list[int]:
        """One card of each kind: planting either of two equal beans is the same move (but a
        Lady and a male of one variety are not equal: which lies on top decides the pay)."""
        seen: dict[str, int] = {}
        names = self.card_names
        for c in cards:
            seen.setdefault(names[c], c)
        return list(seen.values())

    def _row(self, cards: list[int]) -> _Row:
        """A row of cards as trading reads it. Rows recur (a hand stays as it is while its
        owner drafts, and is listed for her after each step): they are kept by the row's
        cards, so a changed row is read anew and a clone may share them."""
        key = tuple(cards)
        row = self._rows.get(key)
        if row is None:
            if len(self._rows) >= 256:
                self._rows.clear()
            row = self._rows[key] = _Row(key, self.variety_of)
        return row

    def _trade_actions(self, player: Player) -> list[Action]:
        active = self.active
        draft = self.drafts.get(player)
        if draft is None:  # as an empty draft: to the active player, or to be addressed
            partner, give, want = (None if player == active else active), _NONE, _NONE
        else:
            partner, give, want = draft.to, draft.give, draft.want
        hand, offered = self._row(self.hands[player]), self._row(self.offer_area)
        # what the player could give, by (variety, source): a hand's before the turned-up
        out: list[Action]
        item = self._item
        if player == active and not give:  # every variety held, from each place
            out = []
            held, shown = set(hand.kinds), set(offered.kinds)
            for v in sorted(held | shown):
                if v in held:
                    out.append(item["give", v, HAND])
                if v in shown:
                    out.append(item["give", v, OFFER])
        elif player == active:
            out = []
            held, shown = hand.counts(), offered.counts()
            for v in sorted(held.keys() | shown.keys()):
                k = held.get(v, 0)
                if k and give.get((v, HAND), 0) < k:
                    out.append(item["give", v, HAND])
                k = shown.get(v, 0)
                if k and give.get((v, OFFER), 0) < k:
                    out.append(item["give", v, OFFER])
        elif give:
            out = [
                item["give", v, HAND]
                for v, k in hand.counts().items()
                if give.get((v, HAND), 0) < k
            ]
        else:
            out = [item["give", v, HAND] for v in hand.kinds]
        if partner is not None:
            their_hand = len(self.hands[partner])
            wanted_from_hand = sum(k for (_, src), k in want.items() if src == HAND) if want else 0
            if wanted_from_hand < their_hand:
                out += self._want_hand
            if partner == active:
                if want:
                    out += [
                        item["want", v, OFFER]
                        for v, k in offered.counts().items()
                        if want.get((v, OFFER), 0) < k
                    ]
                else:
                    out += [item["want", v, OFFER] for v in offered.kinds]
        if player == active:
            out += acts.draft_tos(self.num_players, player, partner)
        if give or want:
            out.append(acts.DRAFT_CLEAR)
            if self.PROMISES:  # either side's promise, for how long, or none
                promises = draft.promises if draft is not None else {}
                for side in SIDES:
                    now = promises.get(side, NO_PROMISE)
                    out += [acts.draft_promise(side, h) for h in PROMISE_STEPS if h != now]
            if partner is not None:
                out.append(acts.PROPOSE)
        for o in self.offers:
            if o.to == player and self.offer_possible(o, active):
                out += [acts.one(answer, o.id) for answer in ("accept", "decline", "counter")]
            elif o.to == player:
                out.append(acts.one("decline", o.id))
            if o.sender == player:
                out.append(acts.one("withdraw", o.id))
        if player == active:
            out.append(acts.END_TRADING)
        return out

    def _check(self, player: int, action: Action) -> None:
        if self.listed(player, action):
            return
        card = action.get("plant")
        if self.phase == PLANT_TRADES and isinstance(card, int) and 0 <= player < self.num_players:
            row = self.to_plant[player]
            if card in row:  # any of several equal beans: the one legal_actions lists
                action = Action(action, plant=self._same_kind(self._distinct(row), card))
        if self.phase == TRADE and "offer" in action and len(action) == 1:
            self._offer_from_json(player, action["offer"])  # raises with the reason
            return
        super()._check(player, action)

    def explain(self, player: Player, action: Action) -> IllegalAction:
        """The sheet's reason with its key in the words catalog (fields counted from 1, as
        the page and the terminal count them)."""
        if "harvest" in action:
            f = action["harvest"]
            fields = self.fields[player] if 0 <= player < self.num_players else []
            if not isinstance(f, int) or not 0 <= f < len(fields):
                return _refuse(f"you have fields 0 to {len(fields) - 1}", "r.fields", len(fields))
            if not fields[f]:
                return _refuse(f"field {f} is empty", "r.fieldempty", words.field(f))
            return _refuse(
                "a field of one bean may be harvested only if no other field holds more",
                "r.onebean",
            )
        if "plant" in action:
            if self.phase == PLANT and player == self.active:
                return _refuse(
                    "plant your front card on an empty field or one of its variety (or harvest)",
                    "r.front",
                )
            return _refuse(
                "plant a card you received on an empty field or one of its variety", "r.received"
            )
        if "accept" in action:
            return _refuse(
                "that offer is not open to you, or the cards are no longer there", "r.offer"
            )
        if action.get("buy") == "field":
            return _refuse("a 3rd field costs 3 coins, and a player buys one only once", "r.buy")
        if self.phase == TRADE and player != self.active and action.get("draft") == "to":
            return _refuse("you trade only with the active player", "r.tradeactive")
        return _refuse(
            f"{action} is not possible now ({self.phase} phase)",
            "r.bo.notnow",
        )

    # -- carrying out ---------------------------------------------------------------------------

    def _apply(self, player: Player, action: Action) -> list[Event]:
        # one look at the keys, not a Mapping lookup for each question
        return self._apply_step(player, action, set(action))

    def _apply_step(self, player: Player, action: Action, keys: set[str]) -> list[Event]:
        """Carry out ``action``, whose keys are ``keys``."""
        if "harvest" in keys:
            return [self.harvest(player, action["harvest"]), *self._after_harvest(player)]
        end = action["end"] if "end" in keys else None
        if "buy" in keys and action["buy"] == "field":
            self.third_field[player] = True
            paid = self.coins[player][-FIELD_PRICE:]
            del self.coins[player][-FIELD_PRICE:]
            self.discard += paid
            self.fields[player].append([])
            return [Event("buy_field", {"player": player})]
        if player == REFEREE:
            return self._end_trading(REFEREE)
        if "plant" in keys:
            return self._plant(player, action)
        if end == "planting":
            return self._turn_up()
        if end == "trading":
            return self._end_trading(player)
        return self._trade(player, action)

    def _after_harvest(self, player: Player) -> list[Event]:
        return []

    def _plant(self, player: Player, action: Action) -> list[Event]:
        f = action["field"]
        if action["plant"] == "front":
            card = self.hands[player].pop(0)
            self.planted += 1
        else:
            card = self._same_kind(self.to_plant[player], action["plant"])
            self.to_plant[player].remove(card)
        self.plant(player, f, card)
        event = Event("plant", {"player": player, "field": f, "card": self.variety(card)})
        if self.phase == PLANT:
            if self.planted >= 2 or not self.hands[player]:
                return [event, *self._turn_up()]
            return [event]
        return [event, *self._after_planting()]

    def _same_kind(self, row: list[int], card: int) -> int:
        """The card named, or one of the same kind in ``row`` (they are interchangeable)."""
        if card in row:
            return card
        kind = self.deck.kinds[card].name
        return next(c for c in row if self.deck.kinds[c].name == kind)

    def _trade(self, player: Player, action: Action) -> list[Event]:
        active = self.active
        keys = set(action)
        if "offer" in keys:
            offer = self._offer_from_json(player, action["offer"])
            return self._open(offer)
        if "draft" in keys:
            draft = self.drafts.get(player)
            if draft is None:
                draft = self.drafts[player] = Draft(to=None if player == active else active)
            step = action["draft"]
            if step == "give":
                draft.give[(action["variety"], action["from"])] += 1
            elif step == "want":
                draft.want[(action["variety"], action["from"])] += 1
            elif step == "promise":
                if action["holds"] == NO_PROMISE:
                    draft.promises.pop(action["side"], None)
                else:
                    draft.promises[action["side"]] = action["holds"]
            elif step == "to":
                draft.to = action["player"]
                draft.want = Counter({k: n for k, n in draft.want.items() if k[1] == HAND})
            else:  # clear
                self.drafts[player] = Draft(to=None if player == active else active)
            return []
        if "propose" in action:
            draft = self.drafts.pop(player)
            offer = Offer(0, player, draft.to, draft.give, draft.want, draft.promises)  # type: ignore[arg-type]
            return self._open(offer)
        if "withdraw" in action or "decline" in action:
            oid = action.get("withdraw", action.get("decline"))
            self.offers = [o for o in self.offers if o.id != oid]
            verb = "withdraw" if "withdraw" in action else "decline"
            return [Event(verb, {"player": player, "offer": oid})]
        if "counter" in action:
            old = next(o for o in self.offers if o.id == action["counter"])
            self.offers.remove(old)
            # the answer starts as the offer turned round; the player changes it, then proposes
            self.drafts[player] = Draft(
                to=old.sender,
                give=Counter(old.want),
                want=Counter(old.give),
                promises=turned_round(old.promises),
            )
            return [Event("decline", {"player": player, "offer": old.id, "counter": True})]
        # accept
        offer = next(o for o in self.offers if o.id == action["accept"])
        self.offers.remove(offer)
        moved = self.trade(offer, active)
        if offer.promises:
            self.keep_promise(offer)
        self.offers = [o for o in self.offers if self.offer_possible(o, active)]
        return [
            Event(
                "trade",
                {
                    "offer": offer.id,
                    "from": offer.sender,
                    "to": offer.to,
                    "give": items_to_json(offer.give),
                    "want": items_to_json(offer.want),
                    "cards": self.public_cards(moved),
                    "gift": offer.is_gift,
                },
            )
        ]

    def keep_promise(self, offer: Offer) -> None:
        """An accepted offer's promises: who will not rob whom, and how long (Ladybohn)."""

    def _open(self, offer: Offer) -> list[Event]:
        offer.id = self.next_offer
        self.next_offer += 1
        self.offers.append(offer)
        return [Event("offer", offer.to_json())]

    def _offer_item(self, variety: str, src: str, k: int) -> Said:
        """``2× Blue Bean (offer)`` as the trading panel says an offer's item."""
        v = next((v for v in self.game.deck.varieties if v.id == variety), None)
        name: Any = Named({"en": v.en, "de": v.de}) if v else variety
        if src == OFFER:
            return Said("tr.item.offer", k, name, Said("src.offer"))
        return Said("tr.item", k, name)

    def _offer_from_json(self, player: Player, data: Any) -> Offer:
        """A whole offer in one action, checked: parties, items, and what the sender holds."""
        if self.phase != TRADE or not 0 <= player < self.num_players:
            raise _refuse("offers are made in the trading phase", "r.bo.offerphase")
        if not isinstance(data, Mapping):
            raise _refuse('an offer is {"to": p, "give": [...], "want": [...]}', "r.bo.offerform")
        to = data.get("to", self.active)
        if to == player or not isinstance(to, int) or not 0 <= to < self.num_players:
            raise _refuse(f"an offer goes to another player, not {to!r}", "r.bo.offerto")
        if self.active not in (player, to):
            raise _refuse("the others trade only with the active player", "r.bo.othersactive")
        try:
            give = items_from_json(data.get("give", []), self.game.variety_ids)
            want = items_from_json(data.get("want", []), self.game.variety_ids)
        except ValueError as err:
            raise _refuse(str(err), "r.bo.offeritems") from None
        if not give and not want:
            raise _refuse("an offer gives or wants at least one card", "r.bo.offerempty")
        promises: dict[str, str] = {}
        if "promise" in data or "promises" in data:
            if not self.PROMISES:
                raise _refuse("promises not to steal are given only in Ladybohn", "r.bo.nopromises")
            if "promise" in data and (data["promise"] is not True or "promises" in data):
                raise _refuse(
                    '"promise": true asks the receiver\'s promise for the next steal; '
                    'or say "promises": {"sender": "next", "receiver": "game"}',
                    "r.bo.promiseform",
                )
            try:
                promises = (
                    promises_from_json(data["promises"]) if "promises" in data else {RECEIVER: NEXT}
                )
            except ValueError as err:
                raise _refuse(str(err), "r.bo.promiseform") from None
        if any(src == OFFER for _, src in give) and player != self.active:
            raise _refuse("only the active player gives turned-up cards", "r.bo.giveoffer")
        if any(src == OFFER for _, src in want) and to != self.active:
            raise _refuse("only the active player has turned-up cards", "r.bo.wantoffer")
        have = self.holdings(player, self.active)
        short = [(key, k - have[key]) for key, k in give.items() if have[key] < k]
        if short:
            raise _refuse(
                "you do not hold what you offer: "
                + ", ".join(f"{k} {v} ({src})" for (v, src), k in short),
                "r.bo.short",
                Seq((self._offer_item(v, src, k) for (v, src), k in short), ", "),
            )
        return Offer(0, player, to, give, want, promises)

    # -- the end --------------------------------------------------------------------------------

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def result(self) -> Result:
        if self.result_ is None:
            raise _refuse("the game is not over yet", "r.notover")
        coins = self.result_
        n = self.num_players
        if self.game.tie_break == "later_turn":
            # the later a player's first turn came, the better on equal coins
            tie = [(p - self.first_player) % n for p in range(n)]
            # the breakdown counts turns from 1, as people do: the first player's is 1
            tie_row = (Said("b.bd.turn"), tuple(t + 1 for t in tie))
        else:
            tie = [len(h) for h in self.hands]
            tie_row = (Said("b.bd.hand"), tuple(tie))
        key = [(coins[p], tie[p]) for p in range(n)]
        ranks = tuple(1 + sum(k > key[p] for k in key) for p in range(n))
        winners = [p for p in range(n) if ranks[p] == 1]
        summary = (
            f"player {winners[0]} wins"
            if len(winners) == 1
            else "players " + ", ".join(map(str, winners)) + " share the win"
        )
        # the sheet scores coins alone; its tie-break is the second row (Ladybohn and
        # Mutterböhnchen, which end here too, break ties by the later first turn)
        breakdown = ((Said(self.COINS_ROW), tuple(coins)), tie_row)
        return Result(tuple(coins), ranks, summary, breakdown)

    # -- information ----------------------------------------------------------------------------

    def view(self, player: Player | None) -> dict[str, Any]:
        out = self.table_view(player)
        out.update(
            game=self.game.id,
            viewer=player,
            players=self.num_players,
            phase=self.phase,
            active=self.active,
            first_player=self.first_player,
            planted=self.planted,
            turn=self.turn_no,
            third_field=list(self.third_field),
            ending=self.ending,
            result=None if self.result_ is None else list(self.result_),
        )
        return out

    def resample(self, player: Player, rng: Rng) -> BohnanzaState:
        """Others' hands and the stock dealt anew from the cards ``player`` has not seen.

        What the table knows stays true: a player whose open offer gives hand cards holds
        them. Others' drafts are private and dropped; the chance to come is reseeded from
        ``rng``, so the real state's generator cannot be read back from a resample."""
        s = self.clone()
        s.rng = Rng(rng.next64())
        s.drafts = {p: d for p, d in s.drafts.items() if p == player}  # the clone's own copy
        pool = [c for p in range(self.num_players) if p != player for c in self.hands[p]]
        pool += self.stock
        # in a canonical order before the shuffle: the deal must depend only on which cards
        # are unseen, not on where they really lie (else the true order would leak into it)
        pool.sort()
        rng.shuffle(pool)
        others = [p for p in range(self.num_players) if p != player]
        # first what open offers show (so that no hand dealt earlier takes those cards), capped
        # by what is still held: an offer may give cards planted or traded away since
        hands: dict[int, list[str]] = {}
        for p in others:
            shown: Counter[str] = Counter()
            for o in self.offers:  # the most of a variety any open offer gives from the hand
                if o.sender == p:
                    for (v, src), k in o.give.items():
                        if src == HAND:
                            shown[v] = max(shown[v], k)
            held = Counter(self.variety(c) for c in self.hands[p])
            hands[p] = []
            for v, k in sorted(shown.items()):
                for _ in range(min(k, held[v])):
                    card = next(c for c in pool if self.variety(c) == v)
                    pool.remove(card)
                    hands[p].append(card)
        for p in others:
            rest = len(self.hands[p]) - len(hands[p])
            hand = hands[p] + pool[:rest]
            del pool[:rest]
            rng.shuffle(hand)
            s.hands[p] = hand
        s.stock = pool
        s.forget_moment()
        return s

    def clone(self) -> BohnanzaState:
        """A copy to play on: containers copied, immutable parts shared, no ``deepcopy``.

        A game built on this one that keeps state of its own (``load_extra``) copies it in
        ``copy_extra``; one that does not is cloned through its position, as a record is."""
        cls = type(self)
        if cls.load_extra is not BohnanzaState.load_extra and (
            cls.copy_extra is BohnanzaState.copy_extra
        ):
            return cls.from_position(self.game, self.to_json())
        new = cls.__new__(cls)
        new.__dict__.update(self.__dict__)  # numbers, strings, tables: then the containers
        self.copy_table(new)
        new.third_field = list(self.third_field)
        new.result_ = None if self.result_ is None else list(self.result_)
        self.copy_moment(new)  # equal states, equal answers
        self.copy_extra(new)
        return new

    def copy_extra(self, new: BohnanzaState) -> None:
        """Give ``new`` (a shallow copy) its own copies of what ``extra_json`` covers."""

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game.id,
            "players": self.num_players,
            "phase": self.phase,
            "active": self.active,
            "first_player": self.first_player,
            "planted": self.planted,
            "turn": self.turn_no,
            "ending": self.ending,
            **self.table_json(),
            "third_field": list(self.third_field),
            "offers": [o.to_json() for o in self.offers],
            "drafts": {str(p): d.to_json() for p, d in sorted(self.drafts.items())},
            "next_offer": self.next_offer,
            "result": None if self.result_ is None else list(self.result_),
            "rng": self.rng.state,
            **self.extra_json(),
        }

    def extra_json(self) -> dict[str, Any]:
        """What a game built on this one adds to the position."""
        return {}

    def load_extra(self, data: Mapping[str, Any]) -> None:
        """Read back what ``extra_json`` wrote."""

    @classmethod
    def from_position(cls, game: BohnanzaGame, data: Mapping[str, Any]) -> BohnanzaState:
        def bad(why: str) -> RecordError:
            return RecordError(f"not a {game.id} position: {why}")

        if not isinstance(data, Mapping) or data.get("game") != game.id:
            raise bad(f"a position is a JSON object with game {game.id!r}")
        try:
            n = int(data["players"])
            s = cls(game, n, Rng(int(data.get("rng", 0))))
            s.phase = data["phase"]
            s.active = int(data["active"])
            s.first_player = int(data.get("first_player", s.active))
            s.planted = int(data.get("planted", 0))
            s.turn_no = int(data.get("turn", 1))
            s.ending = bool(data.get("ending", False))
            s.load_table(data)
            s.third_field = [bool(x) for x in data.get("third_field", [False] * n)]
            s.offers = [Offer.from_json(o, game.variety_ids) for o in data.get("offers", [])]
            s.drafts = {
                int(p): Draft.from_json(d, game.variety_ids)
                for p, d in data.get("drafts", {}).items()
            }
            s.next_offer = int(data.get("next_offer", 1))
            s.result_ = None if data.get("result") is None else list(data["result"])
            s.load_extra(data)
        except (KeyError, TypeError, ValueError) as err:
            raise bad(f"{type(err).__name__}: {err}") from None
        if s.phase not in cls.PHASES:
            raise bad(f"unknown phase {s.phase!r}")
        if not (len(s.hands) == len(s.fields) == len(s.coins) == len(s.to_plant) == n):
            raise bad(f"hands, fields, coins and to_plant need one entry per player ({n})")
        if s.all_cards() != Counter(range(game.deck.size)):
            raise bad("every card of the deck must be in exactly one place")
        return s


__all__ = ["BohnanzaGame", "BohnanzaState"]
