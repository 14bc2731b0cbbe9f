"""Ladybohn (sheet 001), the 2002 expansion of Bohnanza, as ``rules/ladybohn.md`` rules it.

With 3 to 5 players it is Bohnanza's turn (``games/bohnanza/rules.py``; the sheet assumes the
base game) with these changes:

- Two fans of 6 and 4 cards lie face up. A player whose hand holds as many cards as a fan may
  swap her whole hand for it at any moment between two actions: ``{"swap": i}``.
- Phase 2: the two turned-up cards meet the fans, Ladies first: one matching a fan's top goes on
  it and pushes the fan's bottom card(s) into the offer (once). When both fans match, the
  active player picks ``{"fan": i}``.
- Ladys grow on the males' fields; a field pays by its top card. After every harvest the
  harvester may ``{"rotate": g}`` another field (its top card to the bottom).
- Make-up beans: 3-4 harvested offer a free 3rd field ``{"makeup": "field"}`` or
  ``{"makeup": "none"}``; 5+ a free 3rd field or a coin with a steal ``{"makeup": "coin"}``.
  Steals are carried out after phase 4 of the stealer's own turn: ``{"steal": [p, q]}`` takes a
  coin from each of up to three players (not from one without coins, with a Make-up bean in a
  field, or who was promised in a trade).
- Trades (``games/beans/trading.py``): either side may promise not to steal from the other,
  for the stealer's next steal or the rest of the game,
  ``"promises": {"receiver": "next", "sender": "game"}``; and a giver who holds a variety as a
  Lady and a male marks which goes first, ``{"give_first": card}`` (``beans/givefirst.py``):
  the offer shows only variety and count until the trade is carried out.
- The first 3rd field of the game is the Ratio Field: with only males in it, it pays nothing.
- Phase 4: each player, from the active player clockwise, draws 1 card.
- The end after the 3rd run-out: the last turn ends as every turn (the active player's own steal
  after phase 4), then all fields are harvested at once; Make-up fields protect during it, and
  steals whose moment never came are carried out after it.

With 1 or 2 players the sheet gives a turn of its own (``duo.py``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import cache
from typing import Any, ClassVar

from ...core import Action, Event, IllegalAction, Rng
from ...core.game import Player
from ..beans import actions as acts
from ..beans.givefirst import GiveFirst
from ..beans.words import refusal as _no
from ..bohnanza.rules import OVER, PLANT, PLANT_TRADES, TRADE, BohnanzaState
from . import fans as fan_rules
from .duo import LadybohnDuoState, new_duo_state
from .game import HAND_SIZE, LadybohnBase
from .lady import LadyTable

FANS = (6, 4)
_MOVES_OTHERS = frozenset(("accept", "steal"))  # steps that change others' hands or coins


@cache
def _only(player: Player) -> frozenset[Player]:
    """Who may see an event seen by ``player`` alone (shared: frozensets never change)."""
    return frozenset((player,))


FAN_CHOICE, STEAL, FINAL_STEAL = "fan", "steal", "final-steal"


class LadybohnGame(LadybohnBase):
    """Ladybohn: the 3-5 player state on Bohnanza's turn, the 2-player and solo state on the
    sheet's own turn."""

    def new_state(self, players: int | None = None, seed: int = 0) -> Any:
        n = self.check_players(players)
        if n <= 2:
            return new_duo_state(self, n, seed)
        rng = Rng(seed)
        start = self.first_seat(rng, n)
        s = LadybohnState(self, n, rng)
        s.shuffle_new_stock()
        for _ in range(HAND_SIZE):
            for p in range(n):
                s.hands[p].append(s.stock.pop())
        for i, size in enumerate(FANS):  # laid top first
            s.fans[i] = [s.stock.pop() for _ in range(size)]
        s.first_player = s.active = start
        s.start_turn()
        return s

    def from_json(self, data: Mapping[str, Any]) -> Any:
        if int(data.get("players", 3)) <= 2:
            return LadybohnDuoState.from_position(self, data)
        return LadybohnState.from_position(self, data)


class LadybohnState(GiveFirst, LadyTable, BohnanzaState):
    PHASES: ClassVar[tuple[str, ...]] = (*BohnanzaState.PHASES, FAN_CHOICE, STEAL, FINAL_STEAL)
    PROMISES = True
    PRIVATE_STEPS = BohnanzaState.PRIVATE_STEPS | {"rotate", "makeup", "give_first"}

    def __init__(self, game: LadybohnGame, players: int, rng: Rng) -> None:
        BohnanzaState.__init__(self, game, players, rng)
        self.game: LadybohnGame = game  # type: ignore[assignment]
        self.init_lady(FANS)
        self.turned: list[int] = []  # turned-up cards still to meet the fans, Ladies first
        self.protected: list[int] = []  # the final harvest: who had Make-up in a field before
        self._drew = False  # everyone drew in this step (see _anytime_own)
        # which of her cards of a variety a giver hands over first (``beans/givefirst.py``):
        # private marks, set with {"give_first": card}, cleared when a trading phase begins
        self.give_first: list[list[int]] = [[] for _ in range(players)]
        self._give_first_seen: dict[int, tuple[Any, list[Action]]] = {}

    def _ratio_males_worthless(self) -> bool:
        return not self.game.options["ratio_males_pay"]

    # -- phase 2: the fans --------------------------------------------------------------------

    def _turn_up(self) -> list[Event]:
        cards = []
        for _ in range(2):
            card = self._draw()
            if card is None:
                break
            cards.append(card)
        self.offer_area, self.offers, self.drafts = [], [], {}
        self.give_first = [[] for _ in range(self.num_players)]
        self.turned = fan_rules.ladies_first(cards, lambda c: self.deck.kinds[c].sex == "lady")
        event = Event("turn_up", {"player": self.active, "cards": self.public_cards(cards)})
        return [event, *self._meet_fans()]

    def _meet_fans(self) -> list[Event]:
        events = []
        while self.turned:
            card = self.turned[0]
            options = fan_rules.matching_fans(self.fans, card, self.variety)
            if len(options) > 1:
                self.phase = FAN_CHOICE
                return events
            self.turned.pop(0)
            events += self._join(card, options[0] if options else None)
        self.phase = TRADE
        return events

    def _join(self, card: int, fan: int | None) -> list[Event]:
        if fan is None:
            self.offer_area.append(card)
            return []
        pushed = fan_rules.join_fan(self.fans, self.fan_sizes, card, fan)
        self.offer_area += pushed
        return [
            Event(
                "fan",
                {"card": self.card_names[card], "fan": fan,
                 "pushed": self.public_cards(pushed)},
            )
        ]  # fmt: skip

    # -- phase 4: everyone draws one; the active player's steals ------------------------------

    def _after_planting(self) -> list[Event]:
        if any(self.to_plant):
            return []
        events = []
        n, names = self.num_players, self.card_names
        for k in range(n):
            p = (self.active + k) % n
            card = self._draw()
            if card is None:
                break
            self.hands[p].append(card)
            self._drew = True
            events.append(Event("draw", {"player": p, "count": 1}))
            events.append(Event("draw_cards", {"player": p, "cards": [names[card]]}, _only(p)))
        # the active player's own steal "is carried out after phase 4 of the current turn", the
        # last turn too: the final harvest comes after it (a player with no coin now cannot be
        # robbed of one the final harvest gives her); only steals whose moment never comes
        # (others' steals owed for their next turn) are settled at the end
        if self.steals[self.active]:
            self.phase = STEAL
            return events
        return events + self._next()

    def _next(self) -> list[Event]:
        if self.ending:
            return self._final_harvest()
        self.active = (self.active + 1) % self.num_players
        return self.start_turn()

    # -- the end --------------------------------------------------------------------------------

    def _final_harvest(self) -> list[Event]:
        """All fields at once; Make-up fields protect as they were just before; 5+ Make-up
        beans give the coin and a steal at once; owed steals are carried out now too."""
        self.protected = [p for p in range(self.num_players) if self.has_makeup_field(p)]
        self.rotation = [None] * self.num_players
        self.settle_makeup_choices()
        events = self.harvest_all()
        return events + self._next_final_steal()

    def _next_final_steal(self) -> list[Event]:
        while self.steal_now and not self.steals[self.steal_now[0]]:
            self.steal_now.pop(0)
        if self.steal_now:
            self.phase = FINAL_STEAL
            return []
        self.phase = OVER
        coins = [len(c) for c in self.coins]
        self.result_ = coins
        return [Event("game_end", {"coins": coins})]

    def steal_targets(self, stealer: int) -> list[int]:
        if self.phase != FINAL_STEAL:
            return super().steal_targets(stealer)
        return [
            p
            for p in range(self.num_players)
            if p != stealer
            and self.coins[p]
            and p not in self.protected
            and (stealer, p) not in self.promises
        ]

    # -- who may act ----------------------------------------------------------------------------

    def _actors(self) -> frozenset[Player]:
        if self.phase == FAN_CHOICE:
            return frozenset((self.active,))
        if self.phase == STEAL:  # the others may still harvest or swap meanwhile
            others = {p for p in range(self.num_players) if self.anytime(p)}
            return frozenset(others | {self.active})
        if self.phase == FINAL_STEAL:
            return frozenset((self.steal_now[0],))
        return super()._actors()

    def waiting_for(self) -> frozenset[Player]:
        if self.phase in (FAN_CHOICE, STEAL):
            return frozenset((self.active,))
        if self.phase == FINAL_STEAL:
            return self.actors()
        made = {p for p in range(self.num_players) if self.makeup_choice[p] is not None}
        return frozenset(super().waiting_for() | made)

    def _anytime(self, p: Player) -> list[Action]:
        if self.makeup_choice[p] is not None:
            return self.makeup_actions(p)  # the Make-up harvest's choice comes first
        # (asked of every player after most actions: the one-bean rule's fields by their sizes)
        out = list(acts.harvests_by_sizes(tuple(map(len, self.fields[p]))))
        if len(self.coins[p]) >= 3 and self.may_take_third(p):
            out.append(acts.BUY_FIELD)
        if self.rotation[p] is not None:
            out += self.rotation_actions(p)
        self.add_swaps(p, out)
        return out

    def _legal_actions(self, player: Player) -> list[Action]:
        if self.phase == FAN_CHOICE:
            if player != self.active:
                return []
            options = fan_rules.matching_fans(self.fans, self.turned[0], self.variety)
            return [acts.one("fan", i) for i in options]
        if self.phase == FINAL_STEAL:
            return self.steal_actions(player) if player in self.actors() else []
        if self.phase == STEAL and 0 <= player < self.num_players:
            if self.makeup_choice[player] is not None:
                return self.makeup_actions(player)
            mine = self.steal_actions(player) if player == self.active else []
            return mine + self.anytime(player)
        if 0 <= player < self.num_players and self.makeup_choice[player] is not None:
            if self.phase == OVER:
                return []
            return self.makeup_actions(player)
        return super()._legal_actions(player)

    def _trade_actions(self, player: Player) -> list[Action]:
        """Bohnanza's trading moves, and which card of a variety held in two kinds (a Lady and
        a male) goes first when she gives that variety."""
        return super()._trade_actions(player) + self._give_first_actions(player)

    def _anytime_own(self, player: Player, action: Mapping[str, Any], flow: Any) -> bool:
        """As in Bohnanza, but what a player may do at any time also reads the size of her
        hand (a swap): the draws at a turn's end and a trade change others' hands, a steal
        their coins; and the end harvests every field."""
        drew, self._drew = self._drew, False
        return (
            not drew and self.phase not in (FINAL_STEAL, OVER) and _MOVES_OTHERS.isdisjoint(action)
        )

    def _private_step(self, player: Player, action: Mapping[str, Any]) -> bool:
        """Bohnanza's, a rotation, a Make-up choice: the player's own fields, coins and
        steals (others' moves depend on these only in a steal, which is no such phase). A swap
        too: hand and fan trade their cards but keep their sizes, so only an open offer of the
        swapper's, which counts her cards, makes it everyone's business."""
        if self.phase not in (PLANT, TRADE, PLANT_TRADES):
            return False
        keys = set(action)
        if "swap" in keys:
            return all(player != o.sender and player != o.to for o in self.offers)
        return not self.PRIVATE_STEPS.isdisjoint(keys)

    # -- carrying out ---------------------------------------------------------------------------

    def _apply_step(self, player: Player, action: Action, keys: set[str]) -> list[Event]:
        if (
            player >= 0
            and self.rotation[player] is not None
            and not ("rotate" in keys or "makeup" in keys)
        ):
            self.rotation[player] = None  # the chance to rotate passes with any other action
        if "fan" in keys:
            card = self.turned.pop(0)
            return self._join(card, action["fan"]) + self._meet_fans()
        if "steal" in keys:
            event = self.steal(player, list(action["steal"]))
            if self.phase == FINAL_STEAL:
                return [event, *self._next_final_steal()]
            if self.steals[player]:
                return [event]
            return [event, *self._next()]
        if "makeup" in keys:
            return self.choose_makeup(player, action["makeup"])
        if "give_first" in keys:
            self.mark_give_first(player, action["give_first"])
            return []
        if "rotate" in keys:
            return [self.rotate(player, action["rotate"])]
        if "swap" in keys:
            return [self.swap(player, action["swap"])]
        if "buy" in keys and action["buy"] == "field":
            return self.buy_third(player)
        return super()._apply_step(player, action, keys)

    def keep_promise(self, offer: Any) -> None:
        for stealer, protected, holds in offer.promisers():
            self.add_promise(stealer, protected, holds)

    def _check(self, player: int, action: Action) -> None:
        if self.listed(player, action):
            return
        pending = 0 <= player < self.num_players and self.makeup_choice[player] is not None
        if pending and "makeup" not in action:
            raise _no(
                "first choose what your Make-up harvest brings: "
                + " or ".join(str(a) for a in self.makeup_actions(player)),
                "r.lb.makeupfirst",
            )
        super()._check(player, action)

    def explain(self, player: Player, action: Action) -> str | IllegalAction:
        if "swap" in action:
            return _no(
                "a hand is swapped only for a fan of as many cards (not during the fan step)",
                "r.lb.swap",
            )
        if "steal" in action:
            return _no(
                "steal from up to 3 players with coins, no Make-up field and no promise",
                "r.lb.steal",
            )
        if "makeup" in action:
            return _no("no Make-up harvest is waiting for your choice", "r.lb.makeup")
        if "rotate" in action:
            return _no(
                "right after a harvest you may rotate one other field of two or more beans",
                "r.lb.rotate",
            )
        if "give_first" in action:
            return _no(
                "while trading, mark one of your cards (by its id) of a variety you hold as a "
                "Lady and a male, to be given first",
                "r.lb.givefirst",
            )
        if action.get("draft") == "promise":
            return _no(
                'a promise in a draft: {"draft": "promise", "side": "sender" or "receiver", '
                '"holds": "next", "game" or "none"}, once the draft gives or wants a card',
                "r.lb.promise",
            )
        return super().explain(player, action)

    # -- information and records ----------------------------------------------------------------

    def copy_extra(self, new: BohnanzaState) -> None:
        assert isinstance(new, LadybohnState)
        self.copy_lady(new)
        new.give_first = [list(g) for g in self.give_first]
        # (_give_first_seen is shared: its lists are a pure function of their key)
        new.turned = list(self.turned)
        new.protected = list(self.protected)

    def view(self, player: Player | None) -> dict[str, Any]:
        out = super().view(player)
        out.update(self.lady_view(player))
        if self.phase == FAN_CHOICE:
            out["fan_card"] = self.card_names[self.turned[0]]
        out["turned"] = self.public_cards(self.turned)
        out["protected"] = list(self.protected)
        out["stealer"] = self.steal_now[0] if self.phase == FINAL_STEAL else None
        out["ratio_males_pay"] = self.game.options["ratio_males_pay"]
        # the viewer's own marks only: others learn which card it was when it changes hands;
        # her hand's card ids, which a mark names
        mine = player is not None and 0 <= player < self.num_players
        out["give_first"] = list(self.give_first[player]) if mine else None
        out["hand_ids"] = list(self.hands[player]) if mine else None
        out["third_field"] = [t is not None for t in self.third]  # Bohnanza's flag, kept true
        return out

    def all_cards(self) -> Counter[int]:
        out = super().all_cards()
        out.update(self.lady_cards())
        out.update(self.turned)
        return out

    def extra_json(self) -> dict[str, Any]:
        return {
            **self.lady_json(),
            "turned": list(self.turned),
            "protected": list(self.protected),
            "give_first": [list(g) for g in self.give_first],
        }

    def load_extra(self, data: Mapping[str, Any]) -> None:
        self.load_lady(dict(data))
        self.turned = list(map(int, data.get("turned", [])))
        self.protected = list(map(int, data.get("protected", [])))
        marks = data.get("give_first") or [[] for _ in range(self.num_players)]
        if len(marks) != self.num_players:
            raise ValueError("give_first needs one list of marks per player")
        self.give_first = [list(map(int, g)) for g in marks]

    def resample(self, player: Player, rng: Rng) -> LadybohnState:
        """Bohnanza's resample; the others' give-first marks are private and dropped (their
        hands are dealt anew anyway)."""
        s = super().resample(player, rng)
        s.give_first = [g if p == player else [] for p, g in enumerate(s.give_first)]
        s._give_first_seen = {}
        s.forget_moment()
        return s


__all__ = ["LadybohnGame", "LadybohnState"]
