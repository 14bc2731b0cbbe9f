"""Mutterböhnchen for 2 players: the sheet's own 5-phase turn ("Spielverlauf im
Zweipersonenspiel"), as ``rules/mutterboehnchen.md`` ("## 2 players") rules it. The beds, the
harvest, the Lady/Baby pulls, the special beans' one-shots and choices, the attack draws, views,
resampling and records are the 3–6 player game's (``state.py``); this module changes the flow.

Set-up: the 16 starting Bohnentaler (2 males of each variety) are dealt 8 each, none left over;
the stock before dealing has 152 cards; 5 cards to each hand. Each player has 2 fields. The single
"3. Bohnenfeld" card starts with the second player (the start player's opponent).

The 3rd field: each player's fields are 3 slots; ``closed[p]`` is the slot that is no field of
his (None while he has three). Only the holder of the card may begin a third field, only in his
own turn, by planting any card on that empty slot (phase 1, 2 or 4, an Arbeitstier's card); he
then at once hands the card to the opponent (event ``third_field``). When a player with three
fields harvests any of them, the harvested slot is closed; he keeps the other two with their
beans (field numbers never shift).

Harvesting ``{"harvest": f}``: only the active player, in his own turn (never while a taler he
drew waits to be kept; no defender harvest before an attack); the one-bean rule holds.

A turn of the active player:

1. **Leftovers** (phase ``leftover``): the cards the opponent left in the offer, each
   ``{"plant": card, "field": f}`` or ``{"discard": card}`` (onto the discard pile, in the order
   he likes), one variety together: once a card of a variety is planted, the rest of it must be
   planted; once one is discarded, the rest must be discarded. Over when the offer is empty.
2. **Hand** (phase ``plant``): ``{"plant": "front", "field": f}`` (must), optionally the next;
   once, before, between or after, ``{"discard_hand": i}`` puts the hand card at index i on the
   discard pile; ``{"end": "planting"}``. A Hampelmann on top: the optional 2nd card may be any
   hand card ``{"plant": card, "field": f, "from": "hand"}``; the Arbeitstier and the other
   when-played cards fire here.
3. **Rasselbande** (phase ``attack``): every field with a Baby on top now gives one attack (fixed
   now), all against the opponent, in any order ``{"attack": q, "field": f}``, or
   ``{"end": "attacks"}`` skips the rest. Each draws the Baby's rattles (+1 with a Wühler) of the
   opponent's shuffled Bohnentaler; if some fit an existing field the attacker must keep one
   ``{"keep": card, "field": f}`` (phase ``keep``), planted at once; every other drawn taler is
   set aside face up (``aside``) and goes back to the opponent after the last attack.
4. **Offer** (phase ``reveal``, then ``take``): 3 cards are turned up. A turned-up Flitzer: the
   opponent may take and plant him at once ``{"flitzer": card, "field": f}`` or
   ``{"flitzer": "pass"}`` (no replacement; unclaimed he is an ordinary offer card; where no
   field of the opponent takes him, he is not asked: the pass is made for him). Then an
   opponent with an Aktivist on top may take a turned-up Soy ``{"aktivist": card, "field": f}``
   (again while turned-up Soys are left) or ``{"aktivist": "pass"}``. Then, while the discard
   pile's top card has the variety of one of the turned-up cards in the offer, it joins the offer
   (the discard chain; those cards were never "turned up"). The active player plants what he
   can use ``{"plant": card, "field": f}``, one variety all or none, and ``{"end": "taking"}``;
   the rest stays for the opponent's phase 1.
5. **Draw** (by itself): 2 cards to the back of the hand (Faulpelz on top: 1; Warmduscher on
   top: none); then an opponent with a Warmduscher on top draws 1 (with a Faulpelz too: none).

The end: the game ends when the stock becomes empty for the 1st time, at the moment its last card
is taken: nobody draws or turns up a card any more, the active player finishes the turn with the
cards out; then, from the player who would be next, each may ``{"place": card, "field": f}``
one fitting hand card on each existing field (no one-shot fires), ``{"end": "placing"}``; all
fields are harvested (no one-bean rule). Most Bohnentaler wins; a tie goes to the later first
turn (the second player).

Choices this engine makes where the rulings leave it open (no option: none is a real variant):

- The discard chain matches the turned-up cards still lying in the offer after the Flitzer and
  Aktivist claims (a claimed Flitzer pulls no Red from the discard pile) — that the ruling puts
  the claim before the chain only matters so.
- The Aktivist's "at once" is a claim window like the Flitzer's, right after it (before the
  discard chain), with ``{"aktivist": "pass"}`` to decline; he takes one Soy at a time.
- Phase 1 and phase 4 plants go on any field that fits, an empty one included (a third one
  only for the holder of the card). A variety begun must be finished; if a card of it fits no
  field he harvests first (always possible in his own turn); only if even that is impossible may
  a phase-1 card of a variety begun by planting be discarded.
- The hand discard of phase 2 may take any hand card, the front one included (then the next
  card is the front card he must plant); after two cards are planted the phase waits for the
  discard or ``{"end": "planting"}`` while he has not discarded yet.
- Between attacks the active player may harvest (his own turn); while a drawn taler waits to be
  kept he may not (the 3–6 rule for the attacker).
- Talers set aside after an attack are no longer in the opponent's pile for the next attack.
- A Choleriker may empty a field of a player with three fields; he still has three fields until
  he harvests one.
- Phase 4 ends only with ``{"end": "taking"}`` (he may still harvest), even with nothing left.
- Claims nobody can make are not asked: an opponent who cannot plant the Flitzer, or a Soy
  with his Aktivist, passes without an action.
- The cards left in the offer when the game ends stay there (nobody plants them).

Special beans: as in the 3–6 game (``rules.py``), except that Messie and Prügelknabe do nothing
(no trades or gifts), the Kameradenschwein draws from the only opponent, the Hampelmann and the
when-played cards belong to phase 2, Faulpelz and Warmduscher to phase 5, and Flitzer and
Aktivist work on the 3 cards turned up in phase 4 (an active player's own Aktivist does nothing
there: the turned-up Soy is his offer card anyway).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any, ClassVar

from ...core import Action, Event, IllegalAction, OptionError, RecordError, Rng
from ...core.game import Player
from ...core.words import Seat
from ..beans.words import refusal as _no
from ..bohnanza.rules import OVER, PLANT, BohnanzaGame
from . import moves
from .common import (
    AKTIVIST,
    FAULPELZ,
    HAMPELMANN,
    HAND_ROUTE,
    KEEP,
    PLACE,
    TURNED_UP,
    WARMDUSCHER,
    deal_talers,
)
from .common import ATTACK as ATTACK_PHASE
from .fields import UNDER, Beds
from .state import MutterboehnchenState

PLAYERS = 2
HAND_SIZE = 5
TALERS_EACH = 8  # 2 males of each of the 8 varieties, dealt evenly: none left over
FIELDS = 2  # each player's fields at the start
MAX_FIELDS = 3  # with the "3. Bohnenfeld" card
PLANT_MAX = 2  # phase 2: the front card, optionally the next
HAND_DISCARDS = 1  # phase 2: 1 hand card may be discarded before or after
TURN_UP = 3  # phase 4: cards turned up
DRAW = 2  # phase 5: cards drawn
WARM_DRAW = 1  # a Warmduscher's draw right after the opponent's phase 5
SOY = "soy"
LEFTOVER_ROUTE = "leftover"  # planted from the opponent's leftovers in phase 1

LEFTOVER, REVEAL, TAKE = "leftover", "reveal", "take"
ATTACK = ATTACK_PHASE
PHASES = (LEFTOVER, PLANT, ATTACK, KEEP, REVEAL, TAKE, PLACE, OVER)
OWN_TURN = (LEFTOVER, PLANT, ATTACK, REVEAL, TAKE)  # phases in which the active player harvests
PLANTING = (LEFTOVER, PLANT, TAKE)  # phases in which the holder may begin his third field
AKTIVIST_PASS, END_TAKING = Action(aktivist="pass"), Action(end="taking")


class DuoBeds(Beds):
    """One player's beds with his closed slot hidden (no card fits there)."""

    def __init__(self, *args: Any, hidden: int | None = None, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.hidden = hidden

    def placements(self, f: int, card: int) -> list[str]:
        if f == self.hidden:
            return []
        return super().placements(f, card)


def new_duo_state(game: BohnanzaGame, seed: int) -> MutterboehnchenDuoState:
    rng = Rng(seed)
    start = game.first_seat(rng, PLAYERS)
    s = MutterboehnchenDuoState(game, PLAYERS, rng)
    s.coins, s.stock = deal_talers(game.kinds, [v.id for v in game.varieties], PLAYERS, rng)
    if any(len(c) != TALERS_EACH for c in s.coins):
        raise OptionError(f"the 2-player game deals {TALERS_EACH} Bohnentaler to each player")
    if len(s.stock) < PLAYERS * HAND_SIZE + TURN_UP:
        raise OptionError(f"{len(s.stock)} cards are too few to deal to {PLAYERS} players")
    for _ in range(HAND_SIZE):
        for p in range(PLAYERS):
            s.hands[p].append(s.stock.pop())
    s.first_player = s.active = start
    s.third_card = 1 - start  # the start player's opponent holds the "3. Bohnenfeld" card
    s.turn_no = 0
    s.start_turn()
    return s


class MutterboehnchenDuoState(MutterboehnchenState):
    """Mutterböhnchen with 2 players."""

    PHASES: ClassVar[tuple[str, ...]] = PHASES
    TURN_UP: ClassVar[int] = TURN_UP

    def __init__(self, game: BohnanzaGame, players: int, rng: Rng) -> None:
        if players != PLAYERS:
            raise OptionError(f"the 2-player rules are for 2 players, not {players}")
        super().__init__(game, players, rng)
        self.fields = [[[] for _ in range(MAX_FIELDS)] for _ in range(players)]
        self.field_var = [[None] * MAX_FIELDS for _ in range(players)]
        self.closed: list[int | None] = [FIELDS] * players  # the slot that is no field of his
        self.third_card = 1  # who holds the "3. Bohnenfeld" card
        self.hand_discards = 0  # phase 2: hand cards put on the discard pile this turn
        self.started: dict[str, str] = {}  # phase 1 / 4: variety -> "plant" or "discard"
        self.aside: list[int] = []  # phase 3: drawn talers going back after the last attack
        self.claim = False  # phase 4: the opponent's Aktivist claim is still open

    @property
    def opponent(self) -> int:
        return 1 - self.active

    # -- the fields, with the 3rd field ---------------------------------------------------------

    def may_open_third(self, player: int) -> bool:
        """The holder of the card may begin a third field in his own turn's planting."""
        return (
            player == self.active
            and self.third_card == player
            and self.closed[player] is not None
            and self.phase in PLANTING
        )

    def beds(self, player: int) -> Beds:
        hidden = None if self.may_open_third(player) else self.closed[player]
        return self._cached_beds(player, hidden)

    def _make_beds(self, player: int, hidden: int | None) -> Beds:
        return DuoBeds(
            self.game.kinds,
            self.fields[player],
            self.field_var[player],
            self.game.options["schluckspecht_all_fields"],
            hidden=hidden,
        )

    def fields_of(self, player: int) -> list[int]:
        """The slots that are fields of ``player`` now."""
        return [f for f in self._range(player) if f != self.closed[player]]

    def _plant_card(
        self, player: int, f: int, card: int, where: str | None, route: str = HAND_ROUTE
    ) -> list[Event]:
        events: list[Event] = []
        if f == self.closed[player]:  # a third field begun: the card goes to the opponent
            self.closed[player] = None
            self.third_card = 1 - player
            self.counts["third_fields"] += 1
            events.append(Event("third_field", {"player": player, "field": f,
                                                "card_to": 1 - player}))  # fmt: skip
        return events + super()._plant_card(player, f, card, where, route)

    def harvest(self, player: int, f: int) -> Event:
        event = super().harvest(player, f)
        if self.closed[player] is None and self.phase != PLACE:  # he loses his third field
            self.closed[player] = f
            event.data["field_closed"] = True
        return event

    # -- the flow of a turn ---------------------------------------------------------------------

    def start_turn(self) -> list[Event]:
        self.turn_no += 1
        self.planted, self.hand_discards, self.started = 0, 0, {}
        self.phase = LEFTOVER if self.offer_area else PLANT
        return [Event("turn", {"player": self.active}), *self._settle()]

    def _settle(self) -> list[Event]:
        """Go on by itself wherever nobody has a choice left."""
        events: list[Event] = []
        while True:
            if self.pull is not None or self.choice is not None or self.phase == OVER:
                return events
            if self.phase == LEFTOVER:
                if not self.offer_area:
                    self.phase, self.started = PLANT, {}
                    continue
            elif self.phase == PLANT:
                hand = self.hands[self.active]
                if not hand or (self.planted >= PLANT_MAX and self.hand_discards >= HAND_DISCARDS):
                    events += self._start_attacks()
                    continue
            elif self.phase == ATTACK:
                if not self.planned:
                    events += self._return_aside()
                    events += self._turn_up()
                    continue
            elif self.phase == KEEP:
                if self.attack is None:
                    self.phase = ATTACK
                    continue
            elif self.phase == REVEAL:
                if self.flitzer is not None:
                    if self._flitzer_fits():
                        return events
                    events += self._flitzer_pass()  # he cannot plant him: no claim
                    continue
                if self.claim and not self._aktivist_options():
                    self.claim = False
                if not self.claim:
                    events += self._chain()
                    continue
            elif self.phase == PLACE and not self.placing:
                events += self._final_harvest()
            return events

    # -- phase 3: the attacks --------------------------------------------------------------------

    def _targets(self) -> list[int]:
        """Every attack names the opponent."""
        return [self.opponent]

    def _begin_attack(self, f: int, target: int) -> list[Event]:
        """No defender harvest: the talers are drawn at once."""
        return super()._begin_attack(f, target) + self._draw_talers()

    def _give_back(self, cards: list[int]) -> list[Event]:
        """Talers not kept are set aside face up; they go back after the last attack."""
        assert self.attack is not None
        self.aside += cards
        self.attack = None
        if not cards:
            return []
        return [Event("set_aside", {"player": self.active, "cards": self.public_cards(cards)})]

    def _return_aside(self) -> list[Event]:
        cards, self.aside = self.aside, []
        if not cards:
            return []
        self.coins[self.opponent] += cards
        return [Event("give_back", {"player": self.active, "target": self.opponent,
                                    "count": len(cards)})]  # fmt: skip

    # -- phase 4: the offer ----------------------------------------------------------------------

    def _turn_up(self) -> list[Event]:
        self.phase = REVEAL
        events = self._reveal()  # a Flitzer is offered to the opponent first
        self.started = {}
        self.claim = True
        return events

    def _flitzer_fits(self) -> bool:
        """Whether the opponent can plant the turned-up Flitzer on a field of his at all (no
        harvest first: it is not his turn). Where he cannot, he is not asked."""
        assert self.flitzer is not None
        return bool(self.beds(self.flitzer["order"][0]).fits(self.flitzer["cards"][0]))

    def _aktivist_options(self) -> list[Action]:
        """The opponent with an Aktivist on top may take a turned-up Soy (still in the offer,
        before the discard chain) onto a field that accepts Soy or an empty one of his."""
        q = self.opponent
        if not self._on_top(q, AKTIVIST):
            return []
        soy = [c for c in self.offer_area if self.variety(c) == SOY]
        return self._plant_actions(q, soy, key="aktivist")

    def _chain(self) -> list[Event]:
        """While the discard pile's top card has a variety of the turned-up cards in the offer,
        it joins the offer (whatever its sex)."""
        varieties = {self.variety(c) for c in self.offer_area}
        joined = []
        while self.discard and self.variety(self.discard[-1]) in varieties:
            joined.append(self.discard.pop())
        self.offer_area += joined
        self.phase = TAKE
        return [Event("from_discard", {"player": self.active, "cards": self.public_cards(joined),
                                       "offer": self.public_cards(self.offer_area)})]  # fmt: skip

    def _open(self, variety: str) -> bool:
        """A variety begun in phase 1 or 4 whose cards are not all placed yet."""
        return variety in self.started and any(self.variety(c) == variety for c in self.offer_area)

    # -- phase 5 and the end ---------------------------------------------------------------------

    def _draw_phase(self) -> list[Event]:
        """The active player draws 2 (Faulpelz on top: 1; Warmduscher on top: none); then the
        opponent with a Warmduscher on top draws 1 (with a Faulpelz too: none)."""
        me, q = self.active, self.opponent
        lazy = self._on_top(me, FAULPELZ)
        if self._on_top(me, WARMDUSCHER):
            self.counts["fired_warmduscher"] += 1
            if lazy:
                self.counts["fired_faulpelz"] += 1
            events = self._draws(me, 0)
        else:
            if lazy:
                self.counts["fired_faulpelz"] += 1
            events = self._draws(me, DRAW - int(lazy))
        if self._on_top(q, WARMDUSCHER):
            self.counts["fired_warmduscher"] += 1
            if self._on_top(q, FAULPELZ):
                self.counts["fired_faulpelz"] += 1
            else:
                events += self._draws(q, WARM_DRAW)
        if self.ending:
            self.placing = [q, me]  # from the player who would be next
            self.placed = []
            self.phase = PLACE
            return [*events, Event("end_placement", {"order": list(self.placing)})]
        self.active = q
        return events + self.start_turn()

    # -- who may act, and what ------------------------------------------------------------------

    def _moment(self) -> int | None:
        if self.pull is not None:
            return int(self.pull["player"])
        if self.choice is not None:
            return int(self.choice["player"])
        if self.flitzer is not None:
            return self.flitzer["order"][0]
        if self.phase == REVEAL and self.claim:
            return self.opponent
        if self.phase == PLACE and self.placing:
            return self.placing[0]
        return None

    def _actors(self) -> frozenset[Player]:
        if self.phase == OVER:
            return frozenset()
        one = self._moment()
        return frozenset((self.active if one is None else one,))

    def waiting_for(self) -> frozenset[Player]:
        return self.actors()

    def _anytime(self, p: Player) -> list[Action]:
        """Harvests: only the active player, in his own turn."""
        if p != self.active or self.phase not in OWN_TURN:
            return []
        return self._harvests(p)

    def _changed(
        self, player: Player, action: Mapping[str, Any], keys: Collection[str]
    ) -> set[Player] | None:
        """One player acts at a time: nothing to keep for the other."""
        return None

    def _legal_actions(self, player: Player) -> list[Action]:
        if self.phase == OVER or player not in self.actors():
            return []
        busy = self.pull is not None or self.choice is not None or self.flitzer is not None
        if busy or self.phase in (KEEP, PLACE, ATTACK):
            return super()._legal_actions(player)
        out: list[Action] = []
        if self.phase == REVEAL:  # the opponent's Aktivist claim
            return [*self._aktivist_options(), AKTIVIST_PASS]
        if self.phase == LEFTOVER:
            out += self._leftover_actions(player)
        elif self.phase == PLANT:
            out += self._hand_actions(player)
        elif self.phase == TAKE:
            out += self._plant_actions(player, self.offer_area)
            if not any(self._open(v) for v in self.started):
                out.append(END_TAKING)
        return out + self._anytime(player)

    def _leftover_actions(self, player: int) -> list[Action]:
        out: list[Action] = []
        harvest = bool(self._anytime(player))
        for card in self._distinct(self.offer_area):
            how = self.started.get(self.variety(card))
            plant = self._plant_actions(player, [card]) if how != "discard" else []
            out += plant
            stuck = how == "plant" and not plant and not harvest
            if how != "plant" or stuck:
                out.append(moves.one("discard", card))
        return out

    def _hand_actions(self, player: int) -> list[Action]:
        out: list[Action] = []
        hand = self.hands[player]
        if hand and self.planted < PLANT_MAX:
            out += self._front(player)
            if self.planted == 1 and self._on_top(player, HAMPELMANN):
                out += self._hampelmann(player)
        if hand and self.hand_discards < HAND_DISCARDS:
            out += [moves.one("discard_hand", i) for i in range(len(hand))]
        if self.planted >= 1 or not hand:
            out.append(moves.END_PLANTING)
        return out

    def _check(self, player: int, action: Action) -> None:
        if self._listed(player, action):
            return
        # any of several equal cards: the one legal_actions lists
        for key in ("discard", "aktivist"):
            card = action.get(key)
            if isinstance(card, int) and not isinstance(card, bool) and card in self.offer_area:
                action = Action(action, **{key: self._same_kind(self._distinct(self.offer_area),
                                                                card)})  # fmt: skip
        card = action.get("flitzer")
        if self.flitzer is not None and isinstance(card, int) and card in self.offer_area:
            first = self.flitzer["cards"][0]
            if self.game.kinds[card].name == self.game.kinds[first].name:
                action = Action(action, flitzer=first)
        super()._check(player, action)

    def explain(self, player: Player, action: Action) -> str | IllegalAction:
        if self.pull is not None or self.choice is not None or self.flitzer is not None:
            return super().explain(player, action)
        if "harvest" in action:
            if player != self.active:
                return _no(
                    "with 2 players a field is harvested only in its owner's own turn",
                    "r.mb2.harvest",
                )
            if self.phase not in OWN_TURN:
                return _no("keep the drawn taler first; harvest afterwards", "r.mb2.keepfirst")
            return super().explain(player, action)
        if "attack" in action:
            return _no(
                "each attack named at the start of phase 3 goes against the opponent",
                "r.mb2.attack",
            )
        if self.phase == REVEAL:
            return _no(
                f"first player {self.opponent} (Aktivist on top) takes a turned-up Soy bean or "
                "passes: {'aktivist': 'pass'}",
                "r.mb2.aktivist",
                Seat(self.opponent),
            )
        if "discard" in action:
            if self.phase != LEFTOVER:
                return _no(
                    "only the cards the opponent left in the offer are discarded, in phase 1",
                    "r.mb2.discard",
                )
            return _no(
                "one variety together: the rest of a variety begun by planting is planted",
                "r.mb2.together",
            )
        if "discard_hand" in action:
            return _no("in phase 2 one hand card may be discarded, once", "r.mb2.handdiscard")
        if "plant" in action:
            if self.phase == LEFTOVER:
                return _no(
                    "plant a leftover on a field that fits it (one variety together: the rest of "
                    "a variety begun by discarding is discarded)",
                    "r.mb2.leftover",
                )
            if self.phase == TAKE:
                return _no(
                    "plant an offer card on a field that fits it (harvest first if none)",
                    "r.mb2.offer",
                )
            if self.phase == PLANT:
                if self.planted >= PLANT_MAX:
                    return _no("the front card and optionally the next: 2 at most", "r.mb2.two")
                return _no(
                    "plant your front card on a field that fits it (or harvest first)",
                    "r.mb2.front",
                )
            return _no(f"nothing is planted now ({self.phase} phase)", "r.mb2.noplant")
        # an end refused in its own phase (planting also before it, in phase 1); in any other
        # it is simply not now
        end = action.get("end")
        if end == "taking" and self.phase == TAKE:
            return _no(
                "a variety is taken all or none: plant the rest of it first", "r.mb2.allornone"
            )
        if end == "planting" and self.phase in (LEFTOVER, PLANT):
            return _no("plant your front card first", "r.mb2.frontfirst")
        return _no(
            f"{action} is not possible now ({self.phase} phase)",
            "r.mb2.notnow",
            str(action),
            self.phase,
        )

    # -- carrying out ---------------------------------------------------------------------------

    def _carry_out(self, player: Player, action: Mapping[str, Any]) -> list[Event]:
        if self.pull is None and self.choice is None:
            if "discard_hand" in action:
                card = self.hands[player].pop(action["discard_hand"])
                self.discard.append(card)
                self.hand_discards += 1
                return [Event("discard", {"player": player, "card": self.game.kinds[card].name,
                                          "from": "hand"})]  # fmt: skip
            if "discard" in action:
                card = self._same_kind(self.offer_area, action["discard"])
                self.offer_area.remove(card)
                self.discard.append(card)
                self.started.setdefault(self.variety(card), "discard")
                return [Event("discard", {"player": player, "card": self.game.kinds[card].name,
                                          "from": "offer"})]  # fmt: skip
            if action.get("aktivist") == "pass":
                self.claim = False
                return [Event("aktivist_pass", {"player": player})]
            if "plant" in action and self.phase in (LEFTOVER, TAKE):
                card = self._same_kind(self.offer_area, action["plant"])
                self.offer_area.remove(card)
                self.started.setdefault(self.variety(card), "plant")
                route = LEFTOVER_ROUTE if self.phase == LEFTOVER else TURNED_UP
                where = UNDER if action.get("under") is True else None
                return self._plant_card(player, action["field"], card, where, route)
            if action.get("end") == "taking":
                return self._draw_phase()
        return super()._carry_out(player, action)

    # -- information and records ----------------------------------------------------------------

    def view(self, player: Player | None) -> dict[str, Any]:
        out = super().view(player)  # no trades with 2 players: offers and foist stay empty
        out.update(
            mode="two players",
            fields_open=[self.fields_of(p) for p in range(self.num_players)],
            third_field=[self.closed[p] is None for p in range(self.num_players)],
            third_field_card=self.third_card,
            hand_discarded=self.hand_discards >= HAND_DISCARDS,
            started=dict(sorted(self.started.items())),
            aside=self.public_cards(self.aside),
            aktivist_claim=self.phase == REVEAL and self.claim,
        )
        return out

    def copy_own(self, new: MutterboehnchenState) -> None:
        assert isinstance(new, MutterboehnchenDuoState)
        new.closed = list(self.closed)
        new.started = dict(self.started)
        new.aside = list(self.aside)

    def all_cards(self) -> Any:
        out = super().all_cards()
        out.update(self.aside)
        return out

    def extra_json(self) -> dict[str, Any]:
        return {
            **super().extra_json(),
            "closed": list(self.closed),
            "third_card": self.third_card,
            "hand_discards": self.hand_discards,
            "started": dict(sorted(self.started.items())),
            "aside": list(self.aside),
            "claim": self.claim,
        }

    def load_extra(self, data: Mapping[str, Any]) -> None:
        super().load_extra(data)
        n = self.num_players
        closed = data.get("closed", [FIELDS] * n)
        self.closed = [None if c is None else int(c) for c in closed]
        # the start player's opponent holds it: the start player as read above (a position
        # without "first_player" has the active player start)
        self.third_card = int(data.get("third_card", 1 - self.first_player))
        self.hand_discards = int(data.get("hand_discards", 0))
        self.started = {str(v): str(h) for v, h in data.get("started", {}).items()}
        self.aside = list(map(int, data.get("aside", [])))
        self.claim = bool(data.get("claim", False))
        if len(self.closed) != n or any(len(f) != MAX_FIELDS for f in self.fields):
            raise ValueError(f"each of the {n} players has {MAX_FIELDS} field slots")
        if any(c is not None and self.fields[p][c] for p, c in enumerate(self.closed)):
            raise ValueError("a closed field slot is empty")
        if self.third_card not in range(n):
            raise ValueError("the '3. Bohnenfeld' card is held by a player")

    @classmethod
    def from_position(cls, game: Any, data: Mapping[str, Any]) -> MutterboehnchenDuoState:
        if int(data.get("players", PLAYERS)) != PLAYERS:
            raise RecordError(f"not a {game.id} 2-player position: players is not 2")
        return super().from_position(game, data)  # type: ignore[return-value]


__all__ = ["MutterboehnchenDuoState", "new_duo_state"]
