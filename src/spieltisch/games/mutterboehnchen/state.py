"""Mutterböhnchen's state for 3 to 6 players: the turn, the Rasselbande, trading with cards
planted at once, the special beans' one-shots and the end (``rules.py`` says the rules; the
2-player state in ``duo.py`` builds on this one)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping
from typing import Any, ClassVar

from ...core import REFEREE, Action, Event, IllegalAction, Rng, State
from ...core.game import Player
from ...core.words import Seat
from ..beans.actions import harvests_by_sizes
from ..beans.givefirst import GiveFirst
from ..beans.trading import HAND, Offer
from ..beans.words import refusal as _no
from ..bohnanza.rules import OVER, PLANT, PLANT_TRADES, TRADE, BohnanzaGame, BohnanzaState
from . import moves
from .common import (
    AKTIVIST,
    ARBEITSTIER,
    ATTACK,
    ATTACK_ROUTE,
    CHOLERIKER,
    DEFEND,
    DRAW,
    END_PLACEMENT,
    FAULPELZ,
    FLITZER,
    FLITZER_ROUTE,
    HAMPELMANN,
    HAND_ROUTE,
    JUNGGESELLE,
    KAMERADEN_PLANT,
    KAMERADEN_ROUTE,
    KAMERADENSCHWEIN,
    KEEP,
    LATER,
    LOSER,
    MESSIE,
    PHASES,
    PLACE,
    PLANT_MAX,
    PRUEGELKNABE,
    RECEIVED,
    SCHUERZENJAEGER,
    TURN_UP,
    TURNED_UP,
    WARMDUSCHER,
    WHEN_PLANTED,
    WHEN_PLAYED,
    WUEHLER,
    fields_for,
    run_outs,
    where_of,
)
from .fields import (
    BOTTOM,
    CHAUVISCHWEIN,
    EINSIEDLER,
    KOTZBROCKEN,
    SAUFKUMPAN,
    SCHLUCKSPECHT,
    TOP,
    UNDER,
    WIDENS,
    Beds,
)


def _copy_choice(choice: dict[str, Any] | None) -> dict[str, Any] | None:
    """A one-shot's pending choice, its options copied (a [field, where] pair is a list)."""
    if choice is None:
        return None
    options = [list(o) if isinstance(o, list) else o for o in choice["options"]]
    return {**choice, "options": options}


class MutterboehnchenState(GiveFirst, BohnanzaState):
    PHASES: ClassVar[tuple[str, ...]] = PHASES
    TURN_UP: ClassVar[int] = TURN_UP  # cards turned up in a turn (the 2-player game: 3)
    COINS_ROW: ClassVar[str] = "mb.bd.coins"  # the result's coins row: the game's Bohnentaler

    def __init__(self, game: BohnanzaGame, players: int, rng: Rng) -> None:
        BohnanzaState.__init__(self, game, players, rng)
        # the MutterboehnchenGame (rules.py, which imports this module): kinds, legend, options
        self.game: Any = game
        k = fields_for(players)
        self.fields = [[[] for _ in range(k)] for _ in range(players)]
        self.field_var: list[list[str | None]] = [[None] * k for _ in range(players)]
        self.pull: dict[str, Any] | None = None  # a pending Lady/Baby move: player, field, options
        self.foist: list[list[Any]] = []  # [player, cards]: received, to be planted at once
        self.planned: list[dict[str, int]] = []  # attacks still to make: field, rattles
        self.triple = False  # 3 players, Babys on all 3 fields: one opponent may be named twice
        self.targets: list[int] = []  # opponents named so far in this Rasselbande
        self.attack: dict[str, Any] | None = None  # the attack under way
        self.placing: list[int] = []  # the end placement: players still to place, in order
        self.placed: list[int] = []  # fields the current placer has put a card on
        # a one-shot's pending choice: {"player", "effect", "options"} (Loser: the fields he may
        # harvest; Frauenversteher: [field, index] of the Ladys that may move to the top)
        self.choice: dict[str, Any] | None = None
        self._pending_card = -1  # the Kameradenschwein's taler while his choice is carried out
        # a turned-up Flitzer up for grabs: {"cards": Flitzers still to settle, "order": the
        # opponents still to be asked, clockwise from the active player's left}
        self.flitzer: dict[str, list[int]] | None = None
        self.counts: Counter[str] = Counter()  # what happened, for the simulator's statistics
        # which of his cards of a variety a player hands over first (trades name only the
        # variety): private, set with {"give_first": card}
        self.give_first: list[list[int]] = [[] for _ in range(players)]
        # by card id, the game's tables: a card's kind name, variety and effect in one index
        self._names: tuple[str, ...] = game.names_by_id
        self._varieties: tuple[str, ...] = game.varieties_by_id
        self._effects: tuple[str, ...] = game.effects_by_id
        self._beds: dict[tuple[int, int | None], Beds] = {}  # see ``beds``
        # each player's last give-first list, by what it was worked out from (a list nobody
        # changes: the legal lists are built anew from it)
        self._give_first_seen: dict[int, tuple[Any, list[Action]]] = {}
        # this moment's answers (see ``apply``): actors(), and legal_actions(p) by player
        self._memo_actors: frozenset[Player] | None = None
        self._memo_legal: dict[Player, list[Action]] = {}
        # the parts of a player's trading moves by name (see ``_trading``)
        self._memo_parts: dict[Player, dict[str, list[Action]]] = {}

    # -- cards by id ----------------------------------------------------------------------------

    def variety(self, card: int) -> str:
        return self._varieties[card]

    def public_cards(self, cards: list[int]) -> list[str]:
        return list(map(self._names.__getitem__, cards))

    def _distinct(self, cards: list[int]) -> list[int]:
        """One card of each kind, the first of it in ``cards``: planting either of two equal
        beans is the same move."""
        names = self._names
        seen: dict[str, int] = {}
        for c in cards:
            if names[c] not in seen:
                seen[names[c]] = c
        return list(seen.values())

    def _same_kind(self, row: list[int], card: int) -> int:
        """The card named, or one of the same kind in ``row`` (they are interchangeable)."""
        if card in row:
            return card
        names = self._names
        kind = names[card]
        return next(c for c in row if names[c] == kind)

    # -- the fields ---------------------------------------------------------------------------

    def beds(self, player: int) -> Beds:
        """The player's fields under the field rules: a view of this state's own lists, with no
        state of its own, so one serves as long as they are the same lists."""
        return self._cached_beds(player, None)

    def _cached_beds(self, player: int, hidden: int | None) -> Beds:
        """``_make_beds(player, hidden)``, kept while its lists are the player's lists."""
        beds = self._beds.get((player, hidden))
        cards, varieties = self.fields[player], self.field_var[player]
        if beds is None or beds.cards is not cards or beds.varieties is not varieties:
            beds = self._beds[(player, hidden)] = self._make_beds(player, hidden)
        return beds

    def _make_beds(self, player: int, hidden: int | None) -> Beds:
        return Beds(
            self.game.kinds,
            self.fields[player],
            self.field_var[player],
            self.game.options["schluckspecht_all_fields"],
        )

    def field_variety(self, player: int, f: int) -> str | None:
        return self.field_var[player][f] if self.fields[player][f] else None

    def accepts(self, player: int, f: int, card: int) -> bool:
        return bool(self.beds(player).placements(f, card))

    def may_harvest(self, player: int, f: int) -> bool:
        fields = self.fields[player]
        if not fields[f]:
            return False
        return len(fields[f]) > 1 or all(len(g) <= 1 for g in fields)

    def harvest(self, player: int, f: int) -> Event:
        """Harvest field ``f``: the coins become face-down Bohnentaler. Which cards they were is
        public in this event and nowhere after it."""
        cards = list(self.fields[player][f])
        top = self.game.kinds[cards[-1]]
        if top.effect in (KOTZBROCKEN, EINSIEDLER):  # paid nothing; kept his field shut
            self.counts["fired_" + top.name] += 1
        h = self.beds(player).harvest(f, self.discard)
        if h.from_discard:
            del self.discard[: len(h.coins)]
        self.discard += h.to_discard
        self.coins[player] += h.coins
        self.counts["harvests"] += 1
        data: dict[str, Any] = {
            "player": player,
            "field": f,
            "beans": len(cards),
            "coins": len(h.coins),
            "coin_cards": self.public_cards(h.coins),
            "variety": top.variety,
            "top": top.name,
        }
        if h.from_discard:
            self.counts["garden_lady_harvests"] += 1
            data.update(from_discard=True, owed=h.owed)
        return Event("harvest", data)

    def _plant_card(
        self, player: int, f: int, card: int, where: str | None, route: str = HAND_ROUTE
    ) -> list[Event]:
        """Plant a card (already taken from where it was) by ``route``; a pull may follow, and
        the card's when-planted one-shot fires if it lands readable on top (never in the end
        placement)."""
        beds = self.beds(player)
        variety = self.field_variety(player, f)
        effects = beds.effects(f)
        placed = beds.plant(f, card, where)
        if placed.where != TOP or placed.moved or variety not in (None, self._varieties[card]):
            # a special bean decided where it went, or one moved up: counted for the statistics
            self._count_field_effects(player, card, placed.where, placed.moved, variety, effects)
        data: dict[str, Any] = {"player": player, "field": f, "card": self._names[card]}
        data["route"] = route
        if placed.where != TOP:
            data["where"] = placed.where
        events = [Event("plant", data)]
        for g, i, to in placed.moved:
            events.append(Event("move_up", {"player": player, "field": g, "from": i, "to": to}))
        if placed.pulls:
            self.pull = {"player": player, "field": f, "options": placed.pulls}
        effect = self._effects[card]
        if not effect:
            return events  # a plain card: no one-shot
        on_top = self.fields[player][f][-1] == card
        if route != END_PLACEMENT and on_top and effect in WHEN_PLANTED:
            events += self._when_planted(player, f, card, effect)
        if route == HAND_ROUTE and on_top and effect in WHEN_PLAYED:
            events += self._when_planted(player, f, card, effect)
        return events

    def _count_field_effects(
        self,
        player: int,
        card: int,
        where: str,
        moved: list[tuple[int, int, int]],
        variety: str | None,
        effects: set[str],
    ) -> None:
        """Count, for the simulator, each planting a field-changing special bean decided: the
        card went to the bottom (Schluckspecht, Chauvischwein, or under an Einsiedler), was slid
        under a Lady (Kavalier), landed on a field of another variety (Kotzbrocken; Saufkumpan
        and Pistolenheld widening a field), or made a Macho or Lichtgestalt move up."""
        kinds = self.game.kinds
        k = kinds[card]
        fired: list[str] = []
        if where == UNDER:
            fired.append("kavalier")
        elif where == BOTTOM:
            if SCHLUCKSPECHT in effects or not (k.is_lady and CHAUVISCHWEIN in effects):
                fired.append("einsiedler" if EINSIEDLER in effects else "schluckspecht")
            else:
                fired.append("chauvischwein")
        if variety is not None and k.variety != variety and where != UNDER:
            if k.effect == KOTZBROCKEN:
                fired.append("kotzbrocken")
            elif k.variety in WIDENS[SAUFKUMPAN] and SAUFKUMPAN in effects:
                fired.append("saufkumpan")
            else:  # a Pistolenheld's field, or a Saufkumpan himself on a Blue field
                fired.append("pistolenheld" if k.effect != SAUFKUMPAN else "saufkumpan")
        for g, _, to in moved:
            fired.append(kinds[self.fields[player][g][to]].name)
        self.counts.update("fired_" + name for name in fired)

    # -- the one-shots when planted -----------------------------------------------------------

    def _when_planted(self, player: int, f: int, card: int, effect: str) -> list[Event]:
        self.counts["fired_" + self.game.kinds[card].name] += 1  # how often each special fired
        name = self.game.kinds[card].name
        fired = Event("special", {"player": player, "field": f, "card": name, "effect": effect})
        if effect == CHOLERIKER:  # the top card of each of his other fields is discarded
            events = [fired]
            for g, cards in enumerate(self.fields[player]):
                if g != f and cards:
                    top = cards.pop()
                    self.discard.append(top)
                    gone = self.game.kinds[top].name
                    data = {"player": player, "field": g, "card": gone}
                    events.append(Event("discard_top", data))
            return events
        if effect == LOSER:  # he must harvest one field at once (one-bean rule included)
            options = [g for g in self._range(player) if self.may_harvest(player, g)]
            return [fired, *self._choose(player, effect, options)]
        if effect == JUNGGESELLE:  # every Lady of his field to its bottom, in their order
            cards = self.fields[player][f]
            ladies = [c for c in cards if self.game.kinds[c].is_lady]
            cards[:] = ladies + [c for c in cards if c not in ladies]
            return [fired, Event("ladies_to_bottom", {"player": player, "field": f,
                                                      "count": len(ladies)})]  # fmt: skip
        if effect == ARBEITSTIER:  # the rearmost hand card too (not the optional 2nd card)
            hand = self.hands[player]
            fits = self.beds(player).fits(hand[-1]) if hand else []
            if hand and not fits and self.game.options["arbeitstier_must_plant"]:
                # no options yet: he harvests a field first, as for a front card that fits none
                self.choice = {"player": player, "effect": effect, "options": []}
                return [fired]
            return [fired, *self._choose(player, effect, [[g, w] for g, w in fits])]
        if effect == KAMERADENSCHWEIN:  # 1 Bohnentaler blind from an opponent of his choice
            n = self.num_players
            rich = [q for q in range(n) if q != player and self.coins[q]]
            return [fired, *self._choose(player, effect, rich)]
        if effect == SCHUERZENJAEGER:  # any Lady of the discard pile (one of each kind)
            ladies = [c for c in reversed(self.discard) if self.game.kinds[c].is_lady]
            return [fired, *self._choose(player, effect, self._distinct(ladies))]
        # Frauenversteher: one Lady of his (below the highest place she may reach) to the top
        beds = self.beds(player)
        options = [
            [g, i]
            for g, cards in enumerate(self.fields[player])
            for i, c in enumerate(cards)
            if self.game.kinds[c].is_lady and i < beds.limit(g)
        ]
        return [fired, *self._choose(player, effect, options)]

    def _choose(self, player: int, effect: str, options: list[Any]) -> list[Event]:
        """A one-shot's choice: made at once where there is only one, else asked for."""
        if not options:
            return []
        if len(options) == 1:
            return self._chosen(player, effect, options[0])
        self.choice = {"player": player, "effect": effect, "options": options}
        return []

    def _chosen(self, player: int, effect: str, option: Any) -> list[Event]:
        if effect == LOSER:
            return [self.harvest(player, option)]
        if effect == KAMERADENSCHWEIN:  # not an attack: no defender harvest, no Wühler
            self.rng.shuffle(self.coins[option])
            card = self.coins[option].pop()
            name = self.game.kinds[card].name
            events = [Event("taler_draw", {"player": player, "target": option, "card": name})]
            fits = [[g, w] for g, w in self.beds(player).fits(card, existing_only=True)]
            if not fits:
                self.coins[option].append(card)
                back = {"player": player, "target": option, "count": 1}
                return [*events, Event("give_back", back)]
            if len(fits) == 1:
                g, where = fits[0]
                return events + self._plant_card(player, g, card, where, KAMERADEN_ROUTE)
            self.choice = {"player": player, "effect": KAMERADEN_PLANT, "options": fits}
            self.choice["card"] = card
            return events
        if effect == KAMERADEN_PLANT:
            g, where = option
            return self._plant_card(player, g, self._pending_card, where, KAMERADEN_ROUTE)
        if effect == ARBEITSTIER:
            g, where = option
            card = self.hands[player].pop()
            return self._plant_card(player, g, card, where, HAND_ROUTE)
        if effect == SCHUERZENJAEGER:  # the rest of the discard pile keeps its order
            self.discard.remove(option)
            self.hands[player].append(option)
            return [Event("take_lady", {"player": player,
                                        "card": self.game.kinds[option].name})]  # fmt: skip
        g, i = option
        to = self.beds(player).move_up(g, i, len(self.fields[player][g]))
        return [Event("lady_to_top", {"player": player, "field": g, "from": i, "to": to})]

    def _plant_actions(
        self, player: int, cards: list[int], existing_only: bool = False, key: str = "plant"
    ) -> list[Action]:
        """``{key: card, "field": f}`` (``"under": true`` for a slide under a Lady) for one card
        of each kind in ``cards``."""
        if not cards:
            return []  # (most players have nothing to plant: no beds to look at)
        beds = self.beds(player)
        put = moves.put
        return [
            put(key, card, f, where == UNDER)
            for card in self._distinct(cards)
            for f, where in beds.fits(card, existing_only)
        ]

    # -- the flow of a turn ---------------------------------------------------------------------

    def start_turn(self) -> list[Event]:
        self.phase, self.planted = PLANT, 0
        self.turn_no += 1
        return [Event("turn", {"player": self.active}), *self._settle()]

    def _draw(self) -> int | None:
        if self.ending:
            return None  # from the last run-out on nobody draws or turns up a card
        reshuffles = run_outs(self.num_players)
        card = self.draw(reshuffles)
        if self.exhausted >= reshuffles:
            self.ending = True
        return card

    def _settle(self) -> list[Event]:
        """Go on by itself wherever nobody has a choice left."""
        events: list[Event] = []
        while True:
            if self.pull is not None or self.choice is not None or self.phase == OVER:
                return events
            if self.foist:
                player, cards = self.foist[0]
                beds = self.beds(player)
                if any(beds.fits_existing(c) for c in cards):
                    return events
                self.to_plant[player] += cards  # fits no existing field: planted later
                self.foist.pop(0)
                continue
            if self.phase == TRADE:  # (the most common moment: nothing goes on by itself)
                return events
            if self.phase == PLANT:
                if self.planted >= PLANT_MAX or not self.hands[self.active]:
                    events += self._start_attacks()
                    continue
            elif self.phase == ATTACK:
                if not self.planned or not self._targets():
                    self.planned = []
                    events += self._turn_up()
                    continue
            elif self.phase == DEFEND:
                q = self.attack["target"] if self.attack else self.active
                if not self._anytime(q):  # nothing to harvest first: the attack goes on
                    events += self._draw_talers()
                    continue
            elif self.phase == KEEP:
                if self.attack is None:
                    self.phase = ATTACK
                    continue
            elif self.phase == PLANT_TRADES:
                if not any(self.to_plant):
                    events += self._draw_phase()
                    continue
            elif self.phase == PLACE and not self.placing:
                events += self._final_harvest()
            return events

    def _range(self, player: int) -> range:
        return range(len(self.fields[player]))

    # -- phase 1½: the Rasselbande ------------------------------------------------------------

    def _start_attacks(self) -> list[Event]:
        me = self.active
        self.planned = []
        for f, cards in enumerate(self.fields[me]):
            top = self.game.kinds[cards[-1]] if cards else None
            if top is not None and top.is_baby:
                self.planned.append({"field": f, "rattles": top.rattles})
        self.triple = self.num_players == 3 and len(self.planned) == 3
        self.targets, self.attack = [], None
        self.phase = ATTACK
        if not self.planned:
            return []
        return [Event("rasselbande", {"player": me, "attacks": [dict(a) for a in self.planned]})]

    def _targets(self) -> list[int]:
        """The opponents the next attack may name: each a different one, except that with 3
        players and Babys on all 3 fields one of them may be named twice."""
        named = Counter(self.targets)
        out = []
        for q in range(self.num_players):
            if q == self.active:
                continue
            if named[q] == 0 or (self.triple and named[q] == 1 and max(named.values()) < 2):
                out.append(q)
        return out

    def _begin_attack(self, f: int, target: int) -> list[Event]:
        plan = next(a for a in self.planned if a["field"] == f)
        self.planned.remove(plan)
        self.targets.append(target)
        self.attack = {"field": f, "target": target, "rattles": plan["rattles"], "drawn": []}
        self.phase = DEFEND
        self.counts["attacks"] += 1
        if plan["rattles"] >= 2:
            self.counts["double_attacks"] += 1
        return [Event("attack", {"player": self.active, "target": target, "field": f,
                                 "rattles": plan["rattles"]})]  # fmt: skip

    def _draw_talers(self) -> list[Event]:
        """The defender's Bohnentaler are shuffled; the attacker draws blind and turns them up;
        one that fits an existing field of his he must keep."""
        assert self.attack is not None
        me, q = self.active, self.attack["target"]
        beds = self.beds(me)
        wuehler = any(WUEHLER in beds.effects(f) for f in self._range(me))  # class T: anywhere
        n = self.attack["rattles"] + (1 if wuehler else 0)
        if wuehler:
            self.counts["fired_wuehler"] += 1
        self.rng.shuffle(self.coins[q])
        k = min(n, len(self.coins[q]))
        drawn = self.coins[q][len(self.coins[q]) - k :]
        del self.coins[q][len(self.coins[q]) - k :]
        self.attack["drawn"] = drawn
        self.phase = KEEP
        events = [Event("attack_draw", {"player": me, "target": q, "draws": n,
                                        "cards": self.public_cards(drawn)})]  # fmt: skip
        options = self._plant_actions(me, drawn, existing_only=True, key="keep")
        if not options:
            return events + self._give_back(drawn)
        if len(options) == 1:
            return events + self._keep(options[0])
        return events

    def _keep(self, action: Mapping[str, Any]) -> list[Event]:
        assert self.attack is not None
        drawn = self.attack["drawn"]
        card = self._same_kind(drawn, action["keep"])
        drawn.remove(card)
        self.counts["attack_kept"] += 1
        events = [Event("keep", {"player": self.active, "card": self.game.kinds[card].name})]
        where = where_of(action)
        events += self._plant_card(self.active, action["field"], card, where, ATTACK_ROUTE)
        return events + self._give_back(drawn)

    def _give_back(self, cards: list[int]) -> list[Event]:
        assert self.attack is not None
        q = self.attack["target"]
        self.coins[q] += cards
        self.attack = None
        return [Event("give_back", {"player": self.active, "target": q, "count": len(cards)})]

    # -- phases 2 and 3: trading and planting -------------------------------------------------

    def _turn_up(self) -> list[Event]:
        self.phase = TRADE
        events = self._reveal()
        self.offers, self.drafts = [], {}
        self.give_first = [[] for _ in range(self.num_players)]
        # a Messie in force for this trading phase: his owner may give no gift
        if self._any_on_top(MESSIE):
            messies = [p for p in range(self.num_players) if self._on_top(p, MESSIE)]
            self.counts["fired_messie"] += len(messies)
        return events

    def _reveal(self) -> list[Event]:
        """Turn up ``TURN_UP`` cards into the offer (fewer, or none, once the stock has run out
        for the last time); a Flitzer among them is first offered to the opponents."""
        cards = []
        for _ in range(self.TURN_UP):
            card = self._draw()
            if card is None:
                break
            cards.append(card)
        self.offer_area = cards
        flitzers = [c for c in cards if self.game.kinds[c].effect == FLITZER]
        if flitzers:
            self.flitzer = {"cards": flitzers, "order": self._opponents()}
        return [Event("turn_up", {"player": self.active, "cards": self.public_cards(cards)})]

    def _opponents(self) -> list[int]:
        """The active player's opponents, clockwise from his left."""
        n = self.num_players
        return [(self.active + k) % n for k in range(1, n)]

    # -- the Flitzer: any opponent may take him when he is turned up ---------------------------

    def _flitzer_pass(self) -> list[Event]:
        """The opponent asked does not take the Flitzer: the next one is asked; when nobody
        took him he stays face up as an ordinary turned-up card (no replacement either way)."""
        assert self.flitzer is not None
        asked = self.flitzer["order"].pop(0)
        if not self.flitzer["order"]:
            self._flitzer_next()
        return [Event("flitzer_pass", {"player": asked})]

    def _flitzer_next(self) -> None:
        """This Flitzer is settled: the next one turned up (if any) is offered round."""
        assert self.flitzer is not None
        self.flitzer["cards"].pop(0)
        if self.flitzer["cards"]:
            self.flitzer["order"] = self._opponents()
        else:
            self.flitzer = None

    def _flitzer_take(self, player: int, action: Mapping[str, Any]) -> list[Event]:
        assert self.flitzer is not None
        card = self.flitzer["cards"][0]
        self.offer_area.remove(card)
        self.counts["fired_" + self.game.kinds[card].name] += 1
        events = [Event("flitzer_take", {"player": player, "card": self.game.kinds[card].name})]
        self._flitzer_next()
        return events + self._plant_card(
            player, action["field"], card, where_of(action), FLITZER_ROUTE
        )

    def trade(self, offer: Offer, active: int) -> list[int]:
        """An accepted offer: what each side receives is planted at once where it fits an
        existing field (the receiver first, then the sender)."""
        given = self.take_items(offer.sender, offer.give)
        got = self.take_items(offer.to, offer.want)
        for player, cards in ((offer.to, given), (offer.sender, got)):
            if cards:
                self.foist.append([player, list(cards)])
                self.counts["gifts" if offer.is_gift else "traded_cards"] += len(cards)
        return given + got

    def _end_trading(self, by: Player) -> list[Event]:
        self.to_plant[self.active] += self.offer_area
        kept = self.public_cards(self.offer_area)
        self.offer_area, self.offers, self.drafts = [], [], {}
        self.phase = PLANT_TRADES
        return [Event("trading_end", {"by": by, "kept": kept}), *self._settle()]

    # -- phase 4 and the end ------------------------------------------------------------------

    def _draws(self, player: int, k: int) -> list[Event]:
        drawn = []
        for _ in range(k):
            card = self._draw()
            if card is None:
                break
            drawn.append(card)
            self.hands[player].append(card)
        return [
            Event("draw", {"player": player, "count": len(drawn)}),
            Event("draw_cards", {"player": player, "cards": self.public_cards(drawn)},
                  frozenset((player,))),
        ]  # fmt: skip

    def _draw_phase(self) -> list[Event]:
        """The active player draws 3 (a Faulpelz on top: 1 fewer; a Warmduscher on top: none);
        then, clockwise, each other player with a Warmduscher on top draws 1 (with a Faulpelz
        too: none)."""
        me, n = self.active, self.num_players
        if not self._any_on_top(WARMDUSCHER):  # (most turns: only the active player draws)
            lazy = self._on_top(me, FAULPELZ)
            if lazy:
                self.counts["fired_faulpelz"] += 1
            events = self._draws(me, DRAW - int(lazy))
            return events + self._end_of_turn()
        lazy = self._on_top(me, FAULPELZ)
        if self._on_top(me, WARMDUSCHER):
            self.counts["fired_warmduscher"] += 1
            events = self._draws(me, 0)
        else:
            if lazy:
                self.counts["fired_faulpelz"] += 1
            events = self._draws(me, DRAW - int(lazy))
        for q in [(me + k) % n for k in range(1, n)]:
            if self._on_top(q, WARMDUSCHER):
                self.counts["fired_warmduscher"] += 1
                if self._on_top(q, FAULPELZ):
                    self.counts["fired_faulpelz"] += 1
                else:
                    events += self._draws(q, 1)
        return events + self._end_of_turn()

    def _end_of_turn(self) -> list[Event]:
        """After the draws: the end placement once the stock has run out for the last time,
        else the next player's turn."""
        if self.ending:
            n = self.num_players
            self.placing = [(self.active + k) % n for k in range(1, n + 1)]
            self.placed = []
            self.phase = PLACE
            return [Event("end_placement", {"order": list(self.placing)})]
        self.active = (self.active + 1) % self.num_players
        return self.start_turn()

    def _final_harvest(self) -> list[Event]:
        """Every field is harvested (no one-bean rule), from the player after the last active
        one on."""
        events = []
        n = self.num_players
        for k in range(1, n + 1):
            p = (self.active + k) % n
            for f in self._range(p):
                if self.fields[p][f]:
                    events.append(self.harvest(p, f))
        self.phase = OVER
        coins = [len(c) for c in self.coins]
        self.result_ = coins
        return [*events, Event("game_end", {"coins": coins})]

    # -- who may act, and what ------------------------------------------------------------------

    def _moment(self) -> int | None:
        """The one player everything waits for (a pull, a foisted card, a defender, an attacker
        keeping a taler, a placer), or None."""
        if self.pull is not None:
            return self.pull["player"]
        if self.choice is not None:
            return self.choice["player"]
        if self.foist:
            return self.foist[0][0]
        if self.flitzer is not None:
            return self.flitzer["order"][0]
        if self.phase == DEFEND and self.attack is not None:
            return self.attack["target"]
        if self.phase == KEEP:
            return self.active
        if self.phase == PLACE and self.placing:
            return self.placing[0]
        return None

    # -- one moment's answers ------------------------------------------------------------------
    # A host and its bots ask actors() and legal_actions(p) of every player after every action
    # (in the trading phase everyone may act), and apply checks the action against the same
    # list: each is worked out once per moment. An action that changes what only some players
    # may do (a draft's step, a give-first mark, an offer between two players, a harvest) keeps
    # the other players' lists for the next moment (``_changed``).

    def _accept(self, player: int, action: Action | Mapping[str, Any]) -> list[Event]:
        actors = self._memo_actors
        keys: Collection[str] = ()
        changed = None
        plain = None
        # with one player to act there is nobody else's answer to keep
        calm = self._calm() if actors is not None and len(actors) > 1 else None
        if calm is not None and (type(action) is Action or isinstance(action, Mapping)):
            plain = moves.plain(action) if type(action) is Action else action
            keys = plain.keys()
            changed = self._changed(player, plain, keys)
        try:
            if self._listed(player, action):  # the very action listed: legal as it is
                if plain is None:
                    events = self._apply(player, action)  # type: ignore[arg-type]
                else:  # (``_apply`` with the plain dict at hand)
                    events = self._carry_out(player, plain) + self._settle()
            else:  # validate reads this moment's lists (the bean memo's way in is not needed:
                # this state keeps its own answers, and the base's are never asked here)
                events = State._accept(self, player, action)
        except BaseException:
            self._new_moment()  # a refused action changed nothing, but be sure
            raise
        # unless the moment stays calm in the same phase and no trade followed (a Prügelknabe's
        # forced gift changes everyone's), the answers are worked out anew
        if (
            changed is None
            or self._calm() != calm
            or (calm[0] == TRADE and any(e.type == "trade" for e in events))  # type: ignore[index]
        ):
            self._new_moment()
            return events
        # else the other players' answers still hold: forget only those the action changed
        legal, parts = self._memo_legal, self._memo_parts
        own = parts.get(player)
        for p in changed:
            legal.pop(p, None)
            parts.pop(p, None)
        step = "trade" if "draft" in keys else "give_first" if "give_first" in keys else ""
        if own and step:  # the player's own parts the step did not touch (in a new dict: a
            # clone may share the old one)
            parts[player] = {k: v for k, v in own.items() if k != step}
        self._memo_actors = None
        if self._moment() is None:  # (``actors`` held several: see ``calm``)
            # whether the others may act is as it was (the same reasons as their lists); most
            # often the one who acted still may, and the same set serves
            assert actors is not None
            acting = {p for p in changed if self._acts(p)}
            if acting == changed and changed <= actors:
                self._memo_actors = actors
            else:
                self._memo_actors = frozenset((actors - changed) | acting)
        return events

    # The bean games' own memo of a moment (``beans/moment.py``, under Bohnanza's state) is not
    # read here: this state keeps its answers itself (above). Forgetting all of the base's
    # after every action is always right, and the cheapest.

    def _private_step(self, player: Player, action: Mapping[str, Any]) -> bool:
        return False

    def _anytime_own(self, player: Player, action: Mapping[str, Any], flow: Any) -> bool:
        return False

    def actors(self) -> frozenset[Player]:
        actors = self._memo_actors
        if actors is None:
            actors = self._memo_actors = self._actors()
        return actors

    def legal_actions(self, player: Player) -> list[Action]:
        legal = self._memo_legal.get(player)
        if legal is None:
            legal = self._memo_legal[player] = self._legal_actions(player)
        return list(legal)  # the caller's own list: the memo stays as it was worked out

    def _new_moment(self) -> None:
        self._memo_actors, self._memo_legal, self._memo_parts = None, {}, {}

    def _calm(self) -> tuple[str, int, int] | None:
        """The phase, active player and turn where no pull, one-shot's choice, received card
        or turned-up Flitzer waits; None where one does."""
        if self.pull is None and self.choice is None and not self.foist and self.flitzer is None:
            return (self.phase, self.active, self.turn_no)
        return None

    def _changed(
        self, player: Player, action: Mapping[str, Any], keys: Collection[str]
    ) -> set[Player] | None:
        """The players whose legal actions ``action`` of ``player`` may change, provided it
        leaves the moment calm in the same phase and turn (``apply`` checks that after) and no
        trade follows. A draft's step and a give-first mark change the player's own list; an
        offer sent, withdrawn, declined or countered the lists of its two sides; a harvest the
        harvester's fields, and in the trading phase whether his open gifts may be accepted (a
        Messie on top); planting from the hand or what one received (outside the trading, where
        the turned-up cards are everyone's business) the planter's fields, hand and cards to
        plant, and a one-shot it fires either waits as a choice or changes his own fields.
        Who may act at all is worked out anew after every action. ``keys``: the action's keys.
        None where anybody's list may change."""
        if self.phase == OVER or not (type(player) is int and 0 <= player < self.num_players):
            return None
        changed = {player}
        if "harvest" in keys:
            if self.phase == TRADE:
                changed.update(o.to for o in self.offers if o.sender == player)
        elif self.phase in (PLANT, PLANT_TRADES):
            if "plant" not in keys:
                return None
        elif self.phase != TRADE:
            return None
        elif "propose" in keys:
            draft = self.drafts.get(player)
            if draft is None or draft.to is None:
                return None
            changed.add(draft.to)
        elif "withdraw" in keys or "decline" in keys or "counter" in keys:
            oid = action.get("withdraw", action.get("decline", action.get("counter")))
            for o in self.offers:
                if o.id == oid:
                    changed.update((o.sender, o.to))
        elif "draft" not in keys and "give_first" not in keys:
            return None
        return changed

    def _actors(self) -> frozenset[Player]:
        if self.phase == OVER:
            return frozenset()
        one = self._moment()
        if one is not None:
            return frozenset((one,))
        fields = self.fields  # (whoever holds a bean may harvest: most players, no call)
        out = {p for p in range(self.num_players) if any(fields[p]) or self._acts(p)}
        if self.phase == TRADE:
            out.add(REFEREE)  # he closes an idle trading phase
        return frozenset(out)

    def _acts(self, p: int) -> bool:
        """Whether player ``p`` may act where no single player is waited for (``_moment``)."""
        if any(self.fields[p]):  # he may harvest (``_anytime``)
            return True
        if self.phase == TRADE:  # he has something to offer, ask or plant
            return self._may_trade(p)
        if self.phase in (PLANT, ATTACK):
            return p == self.active
        return self.phase == PLANT_TRADES and bool(self.to_plant[p])

    def waiting_for(self) -> frozenset[Player]:
        one = self._moment()
        if one is not None:
            return frozenset((one,))
        if self.phase in (PLANT, ATTACK):
            return frozenset((self.active,))
        return super().waiting_for()

    def window_seconds(self) -> float | None:
        return super().window_seconds() if REFEREE in self.actors() else None

    def _anytime(self, p: Player) -> list[Action]:
        if self.phase in (PLACE, OVER):
            return []
        return self._harvests(p)

    def _harvests(self, p: int) -> list[Action]:
        """``{"harvest": f}`` for each field ``may_harvest`` allows: the bean games' one-bean
        rule by field sizes (``beans.actions.harvests_by_sizes``, kept by them)."""
        return list(harvests_by_sizes(tuple(map(len, self.fields[p]))))

    def _legal_actions(self, player: Player) -> list[Action]:
        if self.phase == OVER or player not in self.actors():
            return []
        if player == REFEREE:
            return [moves.CLOSE_TRADING]
        if self.pull is not None:
            return [moves.one("pull", i) for i in self.pull["options"]] + [moves.PULL_NONE]
        if self.choice is not None:
            if self.choice["effect"] == LOSER:
                return [moves.one("harvest", g) for g in self.choice["options"]]
            if self.choice["effect"] == SCHUERZENJAEGER:
                return [moves.one("take", c) for c in self.choice["options"]]
            if self.choice["effect"] == ARBEITSTIER and not self.choice["options"]:
                return self._harvests(player)
            if self.choice["effect"] in (ARBEITSTIER, KAMERADEN_PLANT):
                what = "rear" if self.choice["effect"] == ARBEITSTIER else "taler"
                return [moves.put("plant", what, g, w == UNDER) for g, w in self.choice["options"]]
            if self.choice["effect"] == KAMERADENSCHWEIN:
                return [moves.one("taler_from", q) for q in self.choice["options"]]
            return [moves.pair("lady", i, "field", g) for g, i in self.choice["options"]]
        if self.foist:
            return self._plant_actions(player, self.foist[0][1], existing_only=True)
        if self.flitzer is not None:  # take him (harvesting first if he likes), or pass
            flitzer = self.flitzer["cards"][:1]
            take = self._plant_actions(player, flitzer, key="flitzer")
            return [*take, moves.FLITZER_PASS, *self._anytime(player)]
        if self.phase == TRADE:
            return self._trading(player)  # the harvests included
        if self.phase == DEFEND:
            return [*self._anytime(player), moves.END_DEFENDING]
        if self.phase == KEEP:
            assert self.attack is not None
            return self._plant_actions(player, self.attack["drawn"], True, key="keep")
        if self.phase == PLACE:
            return [*self._place_actions(player), moves.END_PLACING]
        out: list[Action] = []
        if self.phase == PLANT and player == self.active:
            hand = self.hands[player]
            if hand:
                out += self._front(player)
            if self.planted == 1 and hand and self._on_top(player, HAMPELMANN):
                out += self._hampelmann(player)
            if self.planted >= 1:
                out.append(moves.END_PLANTING)
        elif self.phase == ATTACK and player == self.active:
            for q in self._targets():
                out += [moves.pair("attack", q, "field", a["field"]) for a in self.planned]
            out.append(moves.END_ATTACKS)
        elif self.phase == PLANT_TRADES:
            out += self._plant_actions(player, self.to_plant[player])
        return out + self._anytime(player)

    def _any_on_top(self, effect: str) -> bool:
        """Whether ``effect`` works for anybody: a card of it lies on top of some field."""
        effects = self._effects
        return effect in [effects[c[-1]] for fields in self.fields for c in fields if c]

    def _on_top(self, player: int, effect: str) -> bool:
        """A class M card's effect works for ``player``: it lies on top of one of his fields."""
        effects = self._effects
        return effect in [effects[cards[-1]] for cards in self.fields[player] if cards]

    def offer_possible(self, offer: Offer, active: int) -> bool:
        """A Messie on top: his owner gives no gifts (trading stays allowed)."""
        if offer.is_gift and self._on_top(offer.sender, MESSIE):
            return False
        return super().offer_possible(offer, active)

    def _trade_actions(self, player: Player) -> list[Action]:
        out = super()._trade_actions(player)
        draft = self.drafts.get(player)
        if draft is not None and not draft.want and self._on_top(player, MESSIE):
            out = [a for a in out if "propose" not in a]  # a gift: the Messie gives none
        return out

    def _forced_gifts(self) -> list[Event]:
        """A Prügelknabe on top: his owner refuses no gift; an open gift to him is taken."""
        events: list[Event] = []
        for o in list(self.offers):
            forced = o.is_gift and self._on_top(o.to, PRUEGELKNABE) and o in self.offers
            if forced and self.offer_possible(o, self.active):
                self.counts["fired_pruegelknabe"] += 1
                events += self._trade(o.to, Action(accept=o.id))
        return events

    def _aktivist_actions(self, player: int) -> list[Action]:
        """An Aktivist on top: a turned-up Soy bean may be taken at once and planted on a field
        that accepts Soy or an empty one (the active player plants his turned-up cards anyway)."""
        if player == self.active:
            return []
        soy = [c for c in self.offer_area if self._varieties[c] == "soy"]
        if not soy or not self._on_top(player, AKTIVIST):
            return []
        return self._plant_actions(player, soy, key="aktivist")

    def _may_trade(self, player: int) -> bool:
        """Whether ``_trading(player)`` lists anything, without listing it (asked for every
        player after every action): the active player always may (he ends the phase); another
        when he or the active player holds a card to bargain with, cards lie turned up, or an
        offer waits for him."""
        active = self.active
        return bool(
            player == active
            or self.hands[player]
            or self.hands[active]
            or self.offer_area
            or (player in self.drafts and not self.drafts[player].empty)
            or any(o.to == player and self.offer_possible(o, active) for o in self.offers)
        )

    def _trading(self, player: int) -> list[Action]:
        """A player's moves in the trading phase, in five parts; a draft's step changes only
        the offer being built ("trade"), a give-first mark only "give_first", so ``apply``
        keeps the player's other parts for the next moment."""
        kept = self._memo_parts.get(player)
        # filled in a new dict: the parts kept are shared with clones, never changed in place
        parts = self._memo_parts[player] = {} if kept is None else dict(kept)
        if "aktivist" not in parts:
            parts["aktivist"] = self._aktivist_actions(player)
        if "trade" not in parts:
            parts["trade"] = self._trade_actions(player)
        if "give_first" not in parts:
            parts["give_first"] = self._give_first_actions(player)
        if "plant" not in parts:
            parts["plant"] = self._plant_actions(player, self._plantable(player))
        if "anytime" not in parts:
            parts["anytime"] = self._anytime(player)
        return [
            *parts["aktivist"],
            *parts["trade"],
            *parts["give_first"],
            *parts["plant"],
            *parts["anytime"],
        ]

    def _front(self, player: int) -> list[Action]:
        """``{"plant": "front", "field": f}`` where the front hand card fits."""
        card = self.hands[player][0]
        return [moves.put("plant", "front", f, w == UNDER) for f, w in self.beds(player).fits(card)]

    def _hampelmann(self, player: int) -> list[Action]:
        """A Hampelmann on top: the optional 2nd card may be any hand card,
        ``{"plant": card, "field": f, "from": "hand"}``."""
        beds = self.beds(player)
        return [
            moves.from_hand(card, f, where == UNDER)
            for card in self._distinct(self.hands[player])
            for f, where in beds.fits(card)
        ]

    def _plantable(self, player: int) -> list[int]:
        """Cards a player may plant now in the trading phase: what he got that fit no existing
        field, and the active player's turned-up cards."""
        own = self.to_plant[player]
        return own + self.offer_area if player == self.active else own  # (only read)

    def _place_actions(self, player: int) -> list[Action]:
        beds = self.beds(player)
        return [
            moves.put("place", card, f, where == UNDER)
            for card in self._distinct(self.hands[player])
            for f, where in beds.fits(card, existing_only=True)
            if f not in self.placed
        ]

    def _listed(self, player: Player, action: Action) -> bool:
        """``action`` is one this moment's ``legal_actions(player)`` handed out (the same
        object): legal as it is, nothing to check or to normalise."""
        legal = self._memo_legal.get(player)
        if legal is not None:
            for listed in legal:
                if listed is action:
                    return True
        return False

    def _check(self, player: int, action: Action) -> None:
        if self._listed(player, action):
            return
        # any of several equal cards: the one legal_actions lists
        for key in ("plant", "keep", "place"):
            card = action.get(key)
            if isinstance(card, int) and not isinstance(card, bool) and player >= 0:
                row = self._named_from(player, key)
                if card in row:
                    action = Action(action, **{key: self._same_kind(self._distinct(row), card)})
        super()._check(player, action)

    def _named_from(self, player: int, key: str) -> list[int]:
        """The cards a ``plant``, ``keep`` or ``place`` action of ``player`` names one of."""
        if player >= self.num_players:
            return []
        if key == "keep":
            return list(self.attack["drawn"]) if self.attack else []
        if key == "place" or self.phase == PLANT:
            return list(self.hands[player])
        if self.foist and self.foist[0][0] == player:
            return list(self.foist[0][1])
        return list(self._plantable(player))

    def explain(self, player: Player, action: Action) -> str | IllegalAction:
        if self.pull is not None:
            return _no(
                "first choose whether a Lady or Baby moves up: "
                + ", ".join(str(a) for a in self.legal_actions(self.pull["player"])),
                "r.mb.pull",
            )
        if self.choice is not None:
            what = {
                LOSER: "harvest",
                SCHUERZENJAEGER: "take a Lady from the discard pile",
                ARBEITSTIER: "plant the rearmost hand card, harvesting first if it fits nowhere",
                KAMERADENSCHWEIN: "name the opponent to draw a Bohnentaler from",
                KAMERADEN_PLANT: "plant the drawn Bohnentaler",
            }.get(self.choice["effect"], "move a Lady to the top")
            return _no(
                f"first the one-shot's choice ({what}): "
                + ", ".join(str(a) for a in self.legal_actions(self.choice["player"])),
                "r.mb.choice",
            )
        if self.flitzer is not None and "flitzer" not in action:
            who = self.flitzer["order"][0]
            return _no(
                f"first player {who} takes the turned-up Flitzer or passes",
                "r.mb.flitzer",
                Seat(who),
            )
        if self.foist and "plant" not in action:
            return _no(
                "what a player received is planted at once on a fitting existing field",
                "r.mb.foist",
            )
        if "attack" in action:
            return _no(
                "each attack names another opponent (3 players with 3 Babys: one twice)",
                "r.mb.attack",
            )
        if "keep" in action:
            return _no(
                "keep one drawn Bohnentaler that fits an existing field of yours", "r.mb.keep"
            )
        if "place" in action:
            return _no(
                "at the end, put one fitting hand card on each of your existing fields",
                "r.mb.place",
            )
        if action.get("buy") == "field":
            return _no("in Mutterböhnchen no 3rd field can be bought", "r.mb.buy")
        return super().explain(player, action)

    # -- carrying out ---------------------------------------------------------------------------

    def _apply(self, player: Player, action: Action) -> list[Event]:
        # the rules below ask the action many times for keys it may not have: an Action
        # answers a missing key by raising and catching inside, a plain dict at once
        return self._carry_out(player, moves.plain(action)) + self._settle()

    def _carry_out(self, player: Player, action: Mapping[str, Any]) -> list[Event]:
        if "pull" in action:
            pull, self.pull = self.pull, None
            assert pull is not None
            if action["pull"] == "none":
                return [Event("pull", {"player": player, "field": pull["field"], "from": None})]
            f, i = pull["field"], action["pull"]
            to = self.beds(player).pull(f, i)
            self.counts["pulls"] += 1
            return [Event("pull", {"player": player, "field": f, "from": i, "to": to})]
        if self.choice is not None:
            choice, self.choice = self.choice, None
            self._pending_card = int(choice.get("card", -1))
            if choice["effect"] == ARBEITSTIER and "harvest" in action:  # room for the card
                events = [self.harvest(player, action["harvest"])]
                fits = self.beds(player).fits(self.hands[player][-1])
                return events + self._choose(player, ARBEITSTIER, [[g, w] for g, w in fits])
            if action.get("plant") in ("rear", "taler"):
                option = next(o for o in choice["options"] if o[0] == action["field"]
                              and (o[1] == UNDER) == (action.get("under") is True))  # fmt: skip
            elif "harvest" in action or "take" in action or "taler_from" in action:
                option = action.get("harvest", action.get("take", action.get("taler_from")))
            else:
                option = [action["field"], action["lady"]]
            return self._chosen(player, choice["effect"], option)
        if "harvest" in action:
            return [self.harvest(player, action["harvest"])]
        if "flitzer" in action:
            if action["flitzer"] == "pass":
                return self._flitzer_pass()
            return self._flitzer_take(player, action)
        if "give_first" in action:
            self.mark_give_first(player, action["give_first"])
            return []
        if player == REFEREE:
            return self._end_trading(REFEREE)
        if "keep" in action:
            return self._keep(action)
        if "attack" in action:
            return self._begin_attack(action["field"], action["attack"])
        if "place" in action:
            card = self._same_kind(self.hands[player], action["place"])
            self.hands[player].remove(card)
            self.placed.append(action["field"])
            return self._plant_card(player, action["field"], card, where_of(action), END_PLACEMENT)
        if "aktivist" in action:
            card = self._same_kind(self.offer_area, action["aktivist"])
            self.offer_area.remove(card)
            self.offers = [o for o in self.offers if self.offer_possible(o, self.active)]
            self.counts["fired_aktivist"] += 1
            return self._plant_card(player, action["field"], card, where_of(action), "aktivist")
        if "plant" in action:
            return self._plant(player, action)
        end = action.get("end")
        if end == "planting":
            return self._start_attacks()
        if end == "attacks":
            self.planned = []
            return []
        if end == "defending":
            return self._draw_talers()
        if end == "placing":
            self.placing.pop(0)
            self.placed = []
            return []
        if end == "trading":
            return self._end_trading(player)
        return self._trade(player, action) + self._forced_gifts()

    def _plant(self, player: Player, action: Mapping[str, Any]) -> list[Event]:
        f = action["field"]
        route = RECEIVED
        if action["plant"] == "front":
            card = self.hands[player].pop(0)
            self.planted += 1
            route = HAND_ROUTE
        elif action.get("from") == HAND:  # a Hampelmann's 2nd card: any hand card
            card = self._same_kind(self.hands[player], action["plant"])
            self.hands[player].remove(card)
            self.planted += 1
            route = HAND_ROUTE
            self.counts["fired_hampelmann"] += 1
        elif self.foist and self.foist[0][0] == player:
            row = self.foist[0][1]
            card = self._same_kind(row, action["plant"])
            row.remove(card)
            if not row:
                self.foist.pop(0)
            self.counts["foisted"] += 1
        else:
            rows = [self.to_plant[player]]
            if player == self.active:
                rows.append(self.offer_area)
            card, row = self._find(rows, action["plant"])
            row.remove(card)
            if row is self.offer_area:
                route = TURNED_UP
                self.offers = [o for o in self.offers if self.offer_possible(o, self.active)]
            else:
                route = LATER
        return self._plant_card(player, f, card, where_of(action), route)

    def _find(self, rows: list[list[int]], card: int) -> tuple[int, list[int]]:
        """The card named, or one of its kind, and the row it lies in."""
        for row in rows:
            if card in row:
                return card, row
        name = self.game.kinds[card].name
        for row in rows:
            for c in row:
                if self.game.kinds[c].name == name:
                    return c, row
        raise IllegalAction(f"there is no {name} to plant", key="r.mb.nocard", args=(name,))

    # -- information and records ----------------------------------------------------------------

    def view(self, player: Player | None) -> dict[str, Any]:
        out = super().view(player)
        out.update(
            field_varieties=[  # (``field_variety`` of each field, in one pass)
                [v if cards else None for cards, v in zip(fields, varieties, strict=True)]
                for fields, varieties in zip(self.fields, self.field_var, strict=True)
            ],
            pull=None if self.pull is None else dict(self.pull),
            choice=None if self.choice is None else dict(self.choice),
            foist=[{"player": p, "cards": self.public_cards(c)} for p, c in self.foist],
            attacks=[dict(a) for a in self.planned],
            targets=list(self.targets),
            attack=None if self.attack is None else {
                "field": self.attack["field"],
                "target": self.attack["target"],
                "rattles": self.attack["rattles"],
                "drawn": self.public_cards(self.attack["drawn"]),
            },
            placing=list(self.placing),
            placed=list(self.placed),
            flitzer=None if self.flitzer is None else {
                "cards": [{"id": c, "card": self.game.kinds[c].name}
                          for c in self.flitzer["cards"]],
                "order": list(self.flitzer["order"]),
            },
            give_first=None if player is None else list(self.give_first[player]),
            third_field=[len(f) > 2 for f in self.fields],  # 3 players start with 3 fields
            # every kind of card, the game's own entries (made once; read them, never change
            # them): the view's dict is its own, copied in one step (a bot reads a view at
            # every decision, and a search many)
            cards=dict(self.game.legend),
            deck=list(self.game.deck_names),
        )  # fmt: skip
        return out

    def resample(self, player: Player, rng: Rng) -> MutterboehnchenState:
        """Others' hands, the stock and every pile of Bohnentaler (nobody may look at them, the
        owner neither) dealt anew from the cards ``player`` cannot see; what open offers show
        stays."""
        s: MutterboehnchenState = super().resample(player, rng)  # type: ignore[assignment]
        s.give_first = [g if p == player else [] for p, g in enumerate(s.give_first)]
        pool = sorted([c for pile in s.coins for c in pile] + s.stock)  # canonical, as above
        rng.shuffle(pool)
        for p in range(self.num_players):
            k = len(s.coins[p])
            s.coins[p], pool = pool[:k], pool[k:]
        s.stock = pool
        s._new_moment()
        return s

    def clone(self) -> MutterboehnchenState:
        """A copy to play on, without ``deepcopy`` or a trip through JSON: numbers, strings and
        the game's tables are shared, every container of the position is copied (to the depth
        that the rules change in place), each by name (a loop over every attribute asking its
        type cost half a clone). The copy keeps this moment's answers (equal states, equal
        answers; its lists are never changed once made); whoever changes a state other than by
        ``apply`` (a resample dealing hands anew) forgets them (``_new_moment``). What is shared
        on purpose is named in ``SHARED_ON_CLONE``; a test checks that nothing else is."""
        new = object.__new__(type(self))
        d = new.__dict__
        d.update(self.__dict__)  # scalars and shared tables; every container replaced below
        self.copy_table(new)  # the cards' places, offers and drafts: the bean table's copy
        d["third_field"] = list(self.third_field)
        result = self.result_
        d["result_"] = None if result is None else list(result)
        # the bean memo under Bohnanza's state: not read here (see ``apply``), only reset
        d["_actors_memo"], d["_legal_memo"], d["_anytime_memo"] = None, {}, {}
        # Mutterböhnchen's own
        d["field_var"] = list(map(list, self.field_var))
        pull = self.pull
        d["pull"] = None if pull is None else {**pull, "options": list(pull["options"])}
        d["choice"] = _copy_choice(self.choice)
        d["foist"] = [[p, list(cards)] for p, cards in self.foist] if self.foist else []
        d["planned"] = [dict(a) for a in self.planned] if self.planned else []
        d["targets"] = list(self.targets)
        attack = self.attack
        d["attack"] = None if attack is None else {**attack, "drawn": list(attack["drawn"])}
        d["placing"] = list(self.placing)
        d["placed"] = list(self.placed)
        flitzer = self.flitzer
        d["flitzer"] = None if flitzer is None else {k: list(v) for k, v in flitzer.items()}
        counts = d["counts"] = Counter.__new__(Counter)  # (Counter's own copy runs in Python)
        dict.update(counts, self.counts)
        d["give_first"] = list(map(list, self.give_first))
        d["_beds"] = {}  # views of the original's field lists: made anew for the copy's
        # this moment's answers: the lists, and each player's parts, are shared (never
        # changed in place: ``apply`` and ``_trading`` put new ones in)
        d["_memo_legal"] = dict(self._memo_legal)
        d["_memo_parts"] = dict(self._memo_parts)
        self.copy_own(new)
        return new

    SHARED_ON_CLONE: ClassVar[frozenset[str]] = frozenset(
        (
            *("game", "deck", "variety_of", "card_names", "_names", "_varieties", "_effects"),
            *("_want_hand", "_item", "_traders", "_memo_actors"),
            # memos whose entries are pure functions of their keys (trading's rows by their
            # cards, a player's give-first marks by his cards and marks): any state adds to them
            *("_rows", "_give_first_seen"),
        )
    )
    """Attributes a clone shares with its original: the game's immutable tables, and memos
    whose entries depend only on their keys."""

    def copy_own(self, new: MutterboehnchenState) -> None:
        """Give ``new`` (a clone) its own copies of what a state built on this one adds."""

    def all_cards(self) -> Counter[int]:
        out = super().all_cards()
        if self.choice is not None and "card" in self.choice:
            out[self.choice["card"]] += 1  # a Kameradenschwein's drawn taler, to be planted
        for _, cards in self.foist:
            out.update(cards)
        if self.attack is not None:
            out.update(self.attack["drawn"])
        return out

    def stats(self) -> dict[str, float]:
        return {k: float(v) for k, v in sorted(self.counts.items())}

    def extra_json(self) -> dict[str, Any]:
        return {
            "field_var": [list(v) for v in self.field_var],
            "pull": None if self.pull is None else dict(self.pull),
            "choice": None if self.choice is None else dict(self.choice),
            "foist": [[p, list(c)] for p, c in self.foist],
            "planned": [dict(a) for a in self.planned],
            "triple": self.triple,
            "targets": list(self.targets),
            "attack": None if self.attack is None else dict(self.attack),
            "placing": list(self.placing),
            "placed": list(self.placed),
            "flitzer": None
            if self.flitzer is None
            else {k: list(v) for k, v in self.flitzer.items()},
            "counts": dict(sorted(self.counts.items())),
            "give_first": [list(g) for g in self.give_first],
        }

    def load_extra(self, data: Mapping[str, Any]) -> None:
        n = self.num_players
        self.field_var = [list(v) for v in data.get("field_var", [])] or [
            [self.variety(f[0]) if f else None for f in fields] for fields in self.fields
        ]
        if len(self.field_var) != n or any(
            len(v) != len(f) for v, f in zip(self.field_var, self.fields, strict=True)
        ):
            raise ValueError("field_var needs one entry per field")
        pull = data.get("pull")
        self.pull = None if pull is None else {
            "player": int(pull["player"]), "field": int(pull["field"]),
            "options": [int(i) for i in pull["options"]],
        }  # fmt: skip
        choice = data.get("choice")
        self.choice = None if choice is None else {
            "player": int(choice["player"]), "effect": str(choice["effect"]),
            "options": [o if isinstance(o, int) else [int(o[0]), o[1] if isinstance(o[1], str)
                        else int(o[1])] for o in choice["options"]],
        }  # fmt: skip
        if choice is not None and "card" in choice:
            self.choice["card"] = int(choice["card"])  # type: ignore[index]
        self.foist = [[int(p), list(map(int, c))] for p, c in data.get("foist", [])]
        self.planned = [
            {"field": int(a["field"]), "rattles": int(a["rattles"])}
            for a in data.get("planned", [])
        ]
        self.triple = bool(data.get("triple", False))
        self.targets = list(map(int, data.get("targets", [])))
        attack = data.get("attack")
        self.attack = None if attack is None else {
            "field": int(attack["field"]), "target": int(attack["target"]),
            "rattles": int(attack["rattles"]), "drawn": list(map(int, attack["drawn"])),
        }  # fmt: skip
        self.placing = list(map(int, data.get("placing", [])))
        self.placed = list(map(int, data.get("placed", [])))
        flitzer = data.get("flitzer")
        self.flitzer = None if flitzer is None else {
            "cards": list(map(int, flitzer["cards"])),
            "order": list(map(int, flitzer["order"])),
        }  # fmt: skip
        self.counts = Counter({str(k): int(v) for k, v in data.get("counts", {}).items()})
        marks = data.get("give_first") or [[] for _ in range(n)]
        self.give_first = [list(map(int, g)) for g in marks]


__all__ = ["MutterboehnchenState"]
