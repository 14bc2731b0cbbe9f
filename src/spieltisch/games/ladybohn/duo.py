"""Ladybohn for 2 players and solo: the sheet's own turn ("Rules for Two players", "The game for
the solo player"), as ``rules/ladybohn.md`` spells it out.

Set-up: 2 players play without Garden, Red and Black-eyed (the ``two_player = false`` cards,
kept in ``removed_at_setup``), deal 5 each, lay one 5-card fan and a 4-card discard pile; 90
cards are the stock. Solo also removes the 9 Make-up beans but keeps the 6 male Garden beans,
starts the discard pile with 1 card; the stock has 95.

A turn of the active player (she may harvest in her own turn, never in phase 3; the one-bean
rule holds; after a harvest she may ``{"rotate": g}`` another field):

1. Cards the opponent left in the offer: ``{"plant": id, "field": f}`` or ``{"discard": id}``
   each, until none is left (solo: all of them are discarded).
2. ``{"plant": "front", "field": f}`` (must), up to 3 from the front; once, before or after,
   ``{"discard_hand": i}`` any hand card; ``{"end": "planting"}``.
3. (by itself) 3 cards are revealed; Ladies first, one matching the fan's top goes on the fan
   and pushes its bottom card into the offer (once); then while the discard pile's top card
   matches a variety in the offer, it joins the offer.
4. ``{"take": variety}`` takes every offer card of that variety; they are planted
   ``{"plant": id, "field": f}`` in any order; ``{"end": "taking"}``.
5. (by itself) draw 2 cards one after the other; holding 5 after the first, she may
   ``{"swap": 0}`` her hand for the fan or ``{"end": "swap"}``, then the second comes.
   A coin won by 5+ Make-up beans gives a steal now: ``{"steal": [opponent]}`` or
   ``{"steal": []}``.

Make-up harvests and the third fields as in every mode (``lady.py``): 3-4 beans offer a free
3rd field, 5+ a free 3rd field or a coin; the first 3rd field is the Ratio Field; a bought 3rd
field's coins leave the game (``{"buy": "field"}``). The game ends when the stock is exhausted
(9 turns each): both harvest every field (no one-bean rule; 5+ Make-up beans give the coin and
a steal at once, protection judged just before). Most coins wins; a tie: the second player.

Solo: no 3rd field; after the 19th turn she may ``{"harvest": f}`` fields or not, then
``{"end": "game"}``; she wins with strictly more coins than cards in the discard pile.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, ClassVar

from ...core import (
    Action,
    Event,
    IllegalAction,
    OptionError,
    RecordError,
    Result,
    Rng,
    State,
)
from ...core.game import Player, player_name
from ...core.words import Said, Seat, Seq
from ..beans import actions as acts
from ..beans.cards import MALE
from ..beans.moment import MomentMemo
from ..beans.table import BeanTable
from ..beans.words import refusal as _no
from . import fans as fan_rules
from .game import HAND_SIZE, LadybohnBase
from .lady import FIELD_PRICE, MAKEUP, LadyTable

FAN_SIZE = 5
REVEAL = 3
PLANT_MAX = 3
DRAW = 2
DISCARD_START = {2: 4, 1: 1}
GARDEN = "garden"

LEFTOVER, PLANT, TAKE, SWAP, STEAL = "leftover", "plant", "take", "swap", "steal"
FINAL, FINAL_STEAL, OVER = "final", "final-steal", "over"
PHASES = (LEFTOVER, PLANT, TAKE, SWAP, STEAL, FINAL, FINAL_STEAL, OVER)
OWN_TURN = (LEFTOVER, PLANT, TAKE, SWAP)  # the phases in which the active player may harvest


def mode_cards(game: LadybohnBase, players: int) -> tuple[list[int], list[int]]:
    """The card ids in play and those removed at set-up, for 2 players or solo."""
    kinds = game.deck.kinds
    flags = {v.id: v.flag("two_player", True) for v in game.varieties}

    def used(card: int) -> bool:
        kind = kinds[card]
        if players == 2:
            return bool(flags.get(kind.variety, True))
        if kind.variety == MAKEUP:
            return False
        if kind.variety == GARDEN:
            return kind.sex == MALE
        return bool(flags.get(kind.variety, True))

    cards = [c for c in range(game.deck.size) if used(c)]
    removed = [c for c in range(game.deck.size) if not used(c)]
    return cards, removed


def new_duo_state(game: LadybohnBase, n: int, seed: int) -> LadybohnDuoState:
    rng = Rng(seed)
    start = game.first_seat(rng, n)
    cards, removed = mode_cards(game, n)
    need = n * HAND_SIZE + FAN_SIZE + DISCARD_START[n]
    if len(cards) < need:
        raise OptionError(f"{len(cards)} cards are too few to set up a {n}-player game")
    s = LadybohnDuoState(game, n, rng)
    rng.shuffle(cards)
    s.stock = cards
    s.removed_at_setup = removed
    for _ in range(HAND_SIZE):
        for p in range(n):
            s.hands[p].append(s.stock.pop())
    s.fans[0] = [s.stock.pop() for _ in range(FAN_SIZE)]  # laid top first
    s.discard = [s.stock.pop() for _ in range(DISCARD_START[n])]
    s.first_player = s.active = start
    s.start_turn()
    return s


def _seat(player: Player) -> Seat | Said:
    """A player as a refusal's argument, as the core's refusals name one (the referee by name)."""
    return Seat(player) if player >= 0 else Said("referee")


class LadybohnDuoState(MomentMemo, LadyTable, BeanTable, State):
    """Ladybohn with 2 players, or solo (``num_players == 1``)."""

    PHASES: ClassVar[tuple[str, ...]] = PHASES

    def __init__(self, game: LadybohnBase, players: int, rng: Rng) -> None:
        if players not in (1, 2):
            raise OptionError(f"the 2-player and solo rules are for 1 or 2 players, not {players}")
        self.game: LadybohnBase = game
        self.init_table(game.deck, players, rng)
        self.init_lady((FAN_SIZE,))
        self.forget_moment()
        self.coins_for_field_leave_game = players == 2
        self.third_fields_allowed = players == 2
        self.removed_at_setup: list[int] = []
        # the view's summary of them, by the cards it was made of (see ``_removed_summary``)
        self._removed_seen: tuple[tuple[int, ...], dict[str, int]] | None = None
        self.active = 0
        self.first_player = 0
        self.phase = PLANT
        self.turns = [0] * players  # turns begun, per player
        self.planted = 0  # cards planted from the front of the hand this turn
        self.hand_discarded = False  # the one hand card discarded in phase 2
        self.ending = False  # the stock is exhausted: this turn is the last
        self.shown = [0] * players  # front hand cards the others know (a swap shows them)
        self.protected: list[int] = []  # the final harvest: who had Make-up in a field before
        self.result_: list[int] | None = None

    @property
    def solo(self) -> bool:
        return self.num_players == 1

    def _ratio_males_worthless(self) -> bool:
        return not self.game.options["ratio_males_pay"]

    # -- the flow of a turn ---------------------------------------------------------------------

    def start_turn(self) -> list[Event]:
        self.turns[self.active] += 1
        self.planted, self.hand_discarded = 0, False
        events = [Event("turn", {"player": self.active, "turn": self.turns[self.active]})]
        if self.offer_area:
            self.phase = LEFTOVER
            return events
        return events + self._start_planting()

    def _start_planting(self) -> list[Event]:
        self.phase = PLANT
        if not self.hands[self.active]:
            return self._reveal()  # nothing to plant or discard
        return []

    def _draw(self) -> int | None:
        card = self.draw(1)  # no reshuffle: the game ends when the stock is exhausted
        if not self.stock:
            self.ending = True
        return card

    def _reveal(self) -> list[Event]:
        """Phase 3: three cards, the fan (Ladies first, once), then the discard pile's chain."""
        cards = []
        for _ in range(REVEAL):
            card = self._draw()
            if card is None:
                break
            cards.append(card)
        offer, steps = fan_rules.turn_up(
            self.fans,
            self.fan_sizes,
            cards,
            self.variety,
            lambda c: self.deck.kinds[c].sex != MALE,
            lambda card, options: options[0],  # one fan: never a choice
        )
        joined = []
        while self.discard and self.variety(self.discard[-1]) in {self.variety(c) for c in offer}:
            card = self.discard.pop()
            joined.append(card)
            offer.append(card)
        self.offer_area = offer
        self.phase = TAKE
        return [
            Event(
                "reveal",
                {
                    "player": self.active,
                    "cards": self.public_cards(cards),
                    "fan": [
                        {
                            "card": self.deck.kinds[s.card].name,
                            "pushed": self.public_cards(s.pushed),
                        }
                        for s in steps
                        if s.fan is not None
                    ],
                    "from_discard": self.public_cards(joined),
                    "offer": self.public_cards(offer),
                },
            )
        ]

    def _draw_one(self) -> list[Event]:
        card = self._draw()
        if card is None:
            return []
        p = self.active
        self.hands[p].append(card)
        return [
            Event("draw", {"player": p, "count": 1}),
            Event("draw_cards", {"player": p, "cards": self.public_cards([card])}, frozenset((p,))),
        ]

    def _end_taking(self) -> list[Event]:
        """Phase 5: the first card; holding 5 she may swap with the fan before the second."""
        events = self._draw_one()
        if events and len(self.hands[self.active]) == len(self.fans[0]) == FAN_SIZE:
            self.phase = SWAP
            return events
        return events + self._second_draw()

    def _second_draw(self) -> list[Event]:
        events = []
        for _ in range(DRAW - 1):
            events += self._draw_one()
        return events + self._end_turn()

    def _end_turn(self) -> list[Event]:
        """After phase 5 the active player's steal, in the last turn too ("a steal takes 1 coin
        from the opponent after phase 5 if she then has one"): the final harvest comes after
        it, so a coin the harvest gives the opponent is not hers to lose yet."""
        if self.steals[self.active]:
            if self.steal_targets(self.active):
                self.phase = STEAL
                return []
            self.steals[self.active] = 0  # the opponent has no coin, or a Make-up field
        return self._next_turn()

    def _next_turn(self) -> list[Event]:
        if self.ending:
            return self._final()
        self.active = (self.active + 1) % self.num_players
        return self.start_turn()

    # -- the end --------------------------------------------------------------------------------

    def _final(self) -> list[Event]:
        if self.solo:
            self.phase = FINAL  # she may harvest or not
            self.rotation = [None]
            return [Event("game_end_harvest", {"player": 0})]
        return self._final_harvest()

    def _final_harvest(self) -> list[Event]:
        """Both harvest every field at once (no one-bean rule); Make-up fields protect as they
        were just before; 5+ Make-up beans give the coin and a steal at once."""
        n = self.num_players
        self.protected = [p for p in range(n) if self.has_makeup_field(p)]
        self.settle_makeup_choices()
        events = self.harvest_all()
        self.phase = FINAL_STEAL
        return events + self._next_final_steal()

    def _next_final_steal(self) -> list[Event]:
        while self.steal_now and not (
            self.steals[self.steal_now[0]] and self.steal_targets(self.steal_now[0])
        ):
            self.steals[self.steal_now.pop(0)] = 0
        if self.steal_now:
            self.phase = FINAL_STEAL
            return []
        return self._game_over()

    def _game_over(self) -> list[Event]:
        self.phase = OVER
        self.rotation = [None] * self.num_players
        coins = [len(c) for c in self.coins]
        self.result_ = coins
        data: dict[str, Any] = {"coins": coins}
        if self.solo:
            data["discard"] = len(self.discard)
        return [Event("game_end", data)]

    def steal_targets(self, stealer: int) -> list[int]:
        """In the final steal, protection is judged on the fields just before the harvest."""
        if self.phase != FINAL_STEAL:
            return super().steal_targets(stealer)
        return [
            p
            for p in range(self.num_players)
            if p != stealer and self.coins[p] and p not in self.protected
        ]

    # -- who may act ----------------------------------------------------------------------------

    def _actors(self) -> frozenset[Player]:
        if self.phase == OVER:
            return frozenset()
        if self.phase == FINAL_STEAL:
            return frozenset((self.steal_now[0],))
        return frozenset((self.active,))

    def waiting_for(self) -> frozenset[Player]:
        return self.actors()

    def _anytime(self, p: Player) -> list[Action]:
        """Harvests, a 3rd field, a rotation: the active player, in her own turn's phases."""
        if self.phase not in OWN_TURN:
            return []
        out = list(acts.harvests_by_sizes(tuple(map(len, self.fields[p]))))
        if self.may_take_third(p) and len(self.coins[p]) >= FIELD_PRICE:
            out.append(acts.BUY_FIELD)
        return out + self.rotation_actions(p)

    def _kinds(self, row: list[int]) -> list[int]:
        """One card of each kind (a Lady and a male of a variety differ on a field's top)."""
        seen: dict[str, int] = {}
        names = self.card_names
        for c in row:
            seen.setdefault(names[c], c)
        return list(seen.values())

    def _legal_actions(self, player: Player) -> list[Action]:
        if player not in self.actors():
            return []
        if self.phase == FINAL_STEAL or self.phase == STEAL:
            return self.steal_actions(player)
        if self.makeup_choice[player] is not None:
            return self.makeup_actions(player)  # the Make-up harvest's choice comes first
        out: list[Action] = []
        hand = self.hands[player]
        if self.phase == LEFTOVER:
            for c in self._kinds(self.offer_area):
                if not self.solo:
                    out += [acts.plant(c, f) for f in self.fitting_fields(player, c)]
                out.append(acts.one("discard", c))
        elif self.phase == PLANT:
            if hand and self.planted < PLANT_MAX:
                out += [acts.plant("front", f) for f in self.fitting_fields(player, hand[0])]
            if hand and not self.hand_discarded:
                out += [acts.one("discard_hand", i) for i in range(len(hand))]
            if self.planted >= 1 or not hand:
                out.append(acts.END_PLANTING)
        elif self.phase == TAKE:
            of = self.variety_of
            out += [acts.one("take", v) for v in dict.fromkeys(of[c] for c in self.offer_area)]
            for c in self._kinds(self.to_plant[player]):
                out += [acts.plant(c, f) for f in self.fitting_fields(player, c)]
            if not self.to_plant[player]:
                out.append(acts.one("end", "taking"))
        elif self.phase == SWAP:
            out += [acts.one("swap", 0), acts.one("end", "swap")]
        elif self.phase == FINAL:
            out += [acts.one("harvest", f) for f, cards in enumerate(self.fields[player]) if cards]
            out += self.rotation_actions(player)
            out.append(acts.one("end", "game"))
        return out + self.anytime(player)

    def _normalise(self, action: Action) -> Action:
        """A card named by id stands for any card of its kind in the same row."""
        rows = {LEFTOVER: self.offer_area, TAKE: self.to_plant[self.active]}
        row = rows.get(self.phase)
        if row is None:
            return action
        for key in ("plant", "discard"):
            card = action.get(key)
            if isinstance(card, int) and not isinstance(card, bool) and card in row:
                name = self.deck.kinds[card].name
                same = next(c for c in row if self.deck.kinds[c].name == name)
                return Action(dict(action, **{key: same}))
        return action

    def _check(self, player: int, action: Action) -> None:
        if self.listed(player, action):
            return
        if self.is_terminal():
            raise IllegalAction("the game is over; no more actions are taken", key="core.over")
        if player not in self.actors():
            actors = sorted(self.actors())
            who = ", ".join(player_name(p) for p in actors) or "nobody"
            named = Seq([_seat(p) for p in actors], ", ") if actors else Said("core.nobody")
            raise IllegalAction(
                f"it is not {player_name(player)}'s turn to act ({who} may act)",
                key="core.notturn",
                args=(_seat(player), named),
            )
        if self._normalise(action) not in self.legal_actions(player):
            raise self.explain(player, action)

    def explain(self, player: Player, action: Action) -> IllegalAction:
        if self.phase in (STEAL, FINAL_STEAL):
            return _no(
                "steal now: {'steal': [opponent]} from an opponent with a coin and no Make-up "
                "bean in a field, or {'steal': []}",
                "r.lb2.steal",
            )
        if self.makeup_choice[player] is not None and "makeup" not in action:
            return _no(
                "first choose what your Make-up harvest gives: {'makeup': ...}", "r.lb2.makeupfirst"
            )
        if "makeup" in action:
            return _no(
                "no Make-up harvest is waiting for your choice, or that is not one of its gifts",
                "r.lb2.makeup",
            )
        if "harvest" in action:
            if self.phase == FINAL:
                return _no("harvest a field that holds beans", "r.lb2.harvestfinal")
            return _no(
                "harvest only in your own turn (never in phase 3), a field with beans; a field "
                "of one bean only if no other field of yours holds two or more",
                "r.lb2.harvest",
            )
        if "rotate" in action:
            return _no(
                "right after a harvest you may rotate one other field of two or more beans",
                "r.lb2.rotate",
            )
        if action.get("buy") == "field":
            if self.solo:
                return _no("there is no 3rd field in the solo game", "r.lb2.solofield")
            return _no(
                "a 3rd field costs 3 coins (they leave the game), and each player has one at most",
                "r.lb2.buy",
            )
        if "swap" in action:
            return _no(
                "only in phase 5, after the first draw, holding 5 cards, may the active player "
                "swap her hand for the fan",
                "r.lb2.swap",
            )
        if "discard_hand" in action:
            return _no(
                "once a turn, in phase 2, you may discard one card from anywhere in your hand",
                "r.lb2.discardhand",
            )
        if "take" in action:
            return _no("in phase 4 take a variety lying in the offer: all its cards", "r.lb2.take")
        if "discard" in action:
            if self.phase == LEFTOVER:
                return _no("discard a card that lies in the offer", "r.lb2.discardoffer")
            return _no(
                "only the cards left in the offer are discarded, in phase 1", "r.lb2.discard"
            )
        if "plant" in action:
            if self.phase == PLANT and action["plant"] == "front":
                return _no(
                    "plant your front card (up to 3 from the front) on an empty field or one of "
                    "its variety; harvest first if none fits",
                    "r.lb2.front",
                )
            if self.phase == LEFTOVER and self.solo:
                return _no(
                    "solo: the cards left in the offer must be discarded", "r.lb2.solodiscard"
                )
            if self.phase == LEFTOVER:
                return _no(
                    "plant a card left in the offer on an empty field or one of its variety",
                    "r.lb2.leftover",
                )
            if self.phase == TAKE:
                return _no(
                    "plant a card you took on an empty field or one of its variety", "r.lb2.took"
                )
            return _no(f"nothing is planted now ({self.phase} phase)", "r.lb2.noplant", self.phase)
        # an end refused in its own phase (planting also before it, in phase 1); in any other
        # it is simply not now
        end = action.get("end")
        if end == "planting" and self.phase in (LEFTOVER, PLANT):
            return _no(
                "plant your front card first (phase 2), then end planting", "r.lb2.frontfirst"
            )
        if end == "taking" and self.phase == TAKE:
            return _no("plant every card you took first (phase 4)", "r.lb2.tookfirst")
        return _no(
            f"{action} is not possible now ({self.phase} phase)",
            "r.lb2.notnow",
            str(action),
            self.phase,
        )

    # -- carrying out ---------------------------------------------------------------------------

    def _apply(self, player: Player, action: Action) -> list[Event]:
        if player >= 0 and self.rotation[player] is not None and "rotate" not in action:
            self.rotation[player] = None  # the chance to rotate passes with any other action
        if "steal" in action:
            event = self.steal(player, list(action["steal"]))
            if self.phase == FINAL_STEAL:
                return [event, *self._next_final_steal()]
            if self.steals[player] and self.steal_targets(player):
                return [event]
            self.steals[player] = 0
            return [event, *self._next_turn()]
        if "makeup" in action:
            return self.choose_makeup(player, action["makeup"])
        if "rotate" in action:
            return [self.rotate(player, action["rotate"])]
        if "harvest" in action:
            return [self.harvest(player, action["harvest"])]
        if action.get("buy") == "field":
            return self.buy_third(player)
        if "swap" in action:
            event = self.swap(player, action["swap"])
            self.shown[player] = len(self.hands[player])  # the fan was open
            return [event, *self._second_draw()]
        if "discard_hand" in action:
            i = action["discard_hand"]
            card = self.hands[player].pop(i)
            if i < self.shown[player]:
                self.shown[player] -= 1
            self.discard.append(card)
            self.hand_discarded = True
            return [Event("discard", {"player": player, "card": self.deck.kinds[card].name,
                                      "from": "hand", "index": i})]  # fmt: skip
        if "discard" in action:
            card = action["discard"]
            self.offer_area.remove(card)
            self.discard.append(card)
            event = Event(
                "discard",
                {"player": player, "card": self.deck.kinds[card].name, "from": "offer"},
            )
            if not self.offer_area:
                return [event, *self._start_planting()]
            return [event]
        if "take" in action:
            v = action["take"]
            taken = [c for c in self.offer_area if self.variety(c) == v]
            self.offer_area = [c for c in self.offer_area if self.variety(c) != v]
            self.to_plant[player] += taken
            return [Event("take", {"player": player, "cards": self.public_cards(taken)})]
        if "plant" in action:
            return self._plant(player, action)
        end = action.get("end")
        if end == "planting":
            return self._reveal()
        if end == "taking":
            return self._end_taking()
        if end == "swap":
            return self._second_draw()
        assert end == "game"
        return self._game_over()

    def _plant(self, player: Player, action: Action) -> list[Event]:
        f = action["field"]
        card = action["plant"]
        if card == "front":
            card = self.hands[player].pop(0)
            self.shown[player] = max(0, self.shown[player] - 1)
            self.planted += 1
        elif self.phase == LEFTOVER:
            self.offer_area.remove(card)
        else:
            self.to_plant[player].remove(card)
        self.plant(player, f, card)
        event = Event("plant", {"player": player, "field": f, "card": self.deck.kinds[card].name})
        if self.phase == LEFTOVER and not self.offer_area:
            return [event, *self._start_planting()]
        return [event]

    # -- the end --------------------------------------------------------------------------------

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def result(self) -> Result:
        if self.result_ is None:
            raise IllegalAction("the game is not over yet", key="r.lb.notover")
        coins = self.result_
        if self.solo:
            discard = len(self.discard)
            won = coins[0] > discard
            verdict = "wins" if won else "loses"
            # the solo sheet: her coins against the discard pile's cards, which she must beat
            return Result(
                (coins[0],),
                (1 if won else 2,),
                f"{coins[0]} coins against {discard} cards in the discard pile: she {verdict}",
                ((Said("b.bd.coins"), (coins[0],)), (Said("lb.bd.discard"), (discard,))),
            )
        n = self.num_players
        tie = [(p - self.first_player) % n for p in range(n)]  # the second player wins a tie
        key = [(coins[p], tie[p]) for p in range(n)]
        ranks = tuple(1 + sum(k > key[p] for k in key) for p in range(n))
        winner = ranks.index(1)
        breakdown = (
            (Said("b.bd.coins"), tuple(coins)),
            (Said("b.bd.turn"), tuple(t + 1 for t in tie)),
        )
        return Result(
            tuple(coins), ranks, f"player {winner} wins with {coins[winner]} coins", breakdown
        )

    # -- information ----------------------------------------------------------------------------

    def view(self, player: Player | None) -> dict[str, Any]:
        out = self.table_view(player)
        out.update(self.lady_view(player))
        del out["offers"], out["draft"], out["promises"]  # no trading with 1 or 2 players
        out["offer"] = out.pop("offer_area")
        out.update(
            game=self.game.id,
            viewer=player,
            players=self.num_players,
            mode="solo" if self.solo else "two players",
            phase=self.phase,
            active=self.active,
            first_player=self.first_player,
            turns=list(self.turns),
            planted=self.planted,
            hand_discarded=self.hand_discarded,
            ending=self.ending,
            shown=[self.public_cards(h[: self.shown[p]]) for p, h in enumerate(self.hands)],
            removed_at_setup=dict(self._removed_summary()),
            protected=list(self.protected),
            steal_now=list(self.steal_now),
            ratio_males_pay=self.game.options["ratio_males_pay"],
            result=None if self.result_ is None else list(self.result_),
        )
        return out

    def _removed_summary(self) -> dict[str, int]:
        """The cards removed at the set-up, counted by kind in the order of names: they never
        change after the deal, and a bot reads a view at every decision, so the count is kept
        with the cards it was made of (a clone shares it: read it, never change it)."""
        key = tuple(self.removed_at_setup)
        seen = self._removed_seen
        if seen is None or seen[0] != key:
            kinds = self.deck.kinds
            summary = dict(sorted(Counter(kinds[c].name for c in key).items()))
            seen = self._removed_seen = (key, summary)
        return seen[1]

    def resample(self, player: Player, rng: Rng) -> LadybohnDuoState:
        """The stock and the opponent's unseen hand cards dealt anew; what a swap showed of
        her hand stays. The chance to come is reseeded from ``rng``."""
        s = self.clone()
        s.rng = Rng(rng.next64())
        pool = list(self.stock)
        for p in range(self.num_players):
            if p != player:
                pool += self.hands[p][self.shown[p] :]
        pool.sort()  # canonical: the deal depends on which cards are unseen, not where they lie
        rng.shuffle(pool)
        for p in range(self.num_players):
            if p == player:
                continue
            k = len(self.hands[p]) - self.shown[p]
            s.hands[p] = self.hands[p][: self.shown[p]] + pool[:k]
            del pool[:k]
        s.stock = pool
        s.forget_moment()
        return s

    def all_cards(self) -> Counter[int]:
        out = super().all_cards()
        out.update(self.lady_cards())
        out.update(self.removed_at_setup)
        return out

    def clone(self) -> LadybohnDuoState:
        """A copy to play on: containers copied, immutable parts shared, no ``deepcopy``."""
        new = LadybohnDuoState.__new__(LadybohnDuoState)
        new.__dict__.update(self.__dict__)  # numbers, strings, tables: then the containers
        self.copy_table(new)
        self.copy_lady(new)
        new.removed_at_setup = list(self.removed_at_setup)
        new.turns = list(self.turns)
        new.shown = list(self.shown)
        new.protected = list(self.protected)
        new.result_ = None if self.result_ is None else list(self.result_)
        self.copy_moment(new)  # equal states, equal answers
        return new

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game.id,
            "players": self.num_players,
            "phase": self.phase,
            "active": self.active,
            "first_player": self.first_player,
            "turns": list(self.turns),
            "planted": self.planted,
            "hand_discarded": self.hand_discarded,
            "ending": self.ending,
            **self.table_json(),
            "shown": list(self.shown),
            "removed_at_setup": list(self.removed_at_setup),
            "protected": list(self.protected),
            "result": None if self.result_ is None else list(self.result_),
            "rng": self.rng.state,
            **self.lady_json(),
        }

    @classmethod
    def from_position(cls, game: LadybohnBase, data: Mapping[str, Any]) -> LadybohnDuoState:
        def bad(why: str) -> RecordError:
            return RecordError(f"not a {game.id} position: {why}")

        if not isinstance(data, Mapping) or data.get("game") != game.id:
            raise bad(f"a position is a JSON object with game {game.id!r}")
        try:
            n = int(data["players"])
            if n not in (1, 2):
                raise bad(f"the 2-player and solo position has 1 or 2 players, not {n}")
            s = cls(game, n, Rng(int(data.get("rng", 0))))
            s.phase = str(data["phase"])
            s.active = int(data["active"])
            s.first_player = int(data.get("first_player", s.active))
            s.turns = [int(t) for t in data.get("turns", [0] * n)]
            s.planted = int(data.get("planted", 0))
            s.hand_discarded = bool(data.get("hand_discarded", False))
            s.ending = bool(data.get("ending", False))
            s.load_table(data)
            s.shown = [int(k) for k in data.get("shown", [0] * n)]
            s.removed_at_setup = list(map(int, data.get("removed_at_setup", [])))
            s.protected = list(map(int, data.get("protected", [])))
            s.result_ = None if data.get("result") is None else list(data["result"])
            s.load_lady(dict(data))
        except (KeyError, TypeError, ValueError) as err:
            raise bad(f"{type(err).__name__}: {err}") from None
        if s.phase not in PHASES:
            raise bad(f"unknown phase {s.phase!r}")
        if not 0 <= s.active < n:
            raise bad(f"no seat {s.active}")
        parts = (s.hands, s.fields, s.coins, s.to_plant, s.turns, s.shown, s.third)
        if any(len(x) != n for x in parts) or len(s.rotation) != n or len(s.steals) != n:
            raise bad(f"hands, fields, coins and the rest need one entry per player ({n})")
        if any(not 0 <= s.shown[p] <= len(s.hands[p]) for p in range(n)):
            raise bad("shown counts front cards of a hand")
        if len(s.fans) != 1:
            raise bad("the 2-player and solo game lays one fan")
        if s.phase == FINAL_STEAL and not s.steal_now:
            raise bad("a final steal needs a stealer")
        if s.all_cards() != Counter(range(game.deck.size)):
            raise bad("every card of the deck must be in exactly one place")
        return s


__all__ = ["LadybohnDuoState", "mode_cards", "new_duo_state"]
