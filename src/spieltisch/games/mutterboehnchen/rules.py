"""Mutterböhnchen (sheet 000) for 3 to 6 players, on the reconstructed 2007 core, as
``rules/mutterboehnchen.md`` rules it. Built on Bohnanza's engine (trading, offers, records).

Set-up: 2 males of each variety are dealt face down, evenly, as starting Bohnentaler (nobody
looks; the rest go back unseen into the stock); 5 cards to each hand. 3 players have 3 fields,
4 to 6 players 2 (no 3rd field can be bought). A turn of the active player:

1. **Plant** the front hand card ``{"plant": "front", "field": f}`` (must), then optionally the
   next, or ``{"end": "planting"}``.
1½. **Rasselbande**: every field of his with a Baby on top gives one attack, fixed now (a Baby
   covered later still attacks; one that comes on top now makes none). ``{"attack": q,
   "field": f}`` names an opponent (each attack another one; with 3 players and Babys on all 3
   fields one opponent twice), ``{"end": "attacks"}`` skips the rest. The defender may first
   ``{"harvest": g}``, then ``{"end": "defending"}``; his Bohnentaler are shuffled and the
   attacker draws as many as the Baby has rattles. If some fit an existing field of his, he
   keeps exactly one ``{"keep": card, "field": f}`` and plants it at once; the rest go back.
2–3. **Trade and plant** (one phase): 2 cards are turned up; trading as in Bohnanza. Whatever a
   player receives is planted at once on a fitting existing field ``{"plant": card, "field":
   f}`` (no harvest to dodge it, several in his own order); what fits no existing field, and
   the turned-up cards, may be planted any time ``{"plant": card, "field": f}``; when the
   active player ends the phase ``{"end": "trading"}``, everything left is planted.
4. **Draw** 3 cards (by itself).

After planting a Baby one Lady of its field may move up 2 places, after a Lady one Baby:
``{"pull": i}`` (the card at position i) or ``{"pull": "none"}``. ``"under": true`` in a plant
action slides a Kavalier under a Lady. Any field may be harvested any time (one-bean rule);
harvested cards become face-down Bohnentaler. The game ends when the stock runs out for the
1st / 2nd / 3rd / 4th time with 3 / 4 / 5 / 6 players; the turn is finished without drawing;
then from the next player on, each may ``{"place": card, "field": f}`` one hand card on each
existing field, ``{"end": "placing"}``; all fields are harvested; most Bohnentaler wins, a tie
goes to the later first turn.

One-shots of the special beans: every plant event names its ``route`` (hand, received,
turned_up, later, attack, kameradenschwein, aktivist, end_placement). A when-planted card
(Choleriker, Loser, Frauenversteher) fires on any route but the end placement, a when-played card
(Arbeitstier, Kameradenschwein, Junggeselle, Schürzenjäger) only from the hand, each only if it
lands on top. A choice it asks waits before anything else: the Loser's ``{"harvest": f}``
(one-bean rule), the Frauenversteher's ``{"lady": i, "field": f}``, the Schürzenjäger's
``{"take": card}``, the Arbeitstier's ``{"plant": "rear", "field": f}``, the
Kameradenschwein's ``{"taler_from": q}`` and then ``{"plant": "taler", "field": f}`` for a
drawn taler that fits an existing field (one that fits none goes back); each is made at once
where there is only one; an Arbeitstier's rearmost card that fits no field is planted after
its owner harvests a field ``{"harvest": f}`` (option ``arbeitstier_must_plant``, the rulings
leave it open; off: it stays in the hand).
With a Hampelmann on top the 2nd card is ``{"plant": card, "field": f, "from": "hand"}``.
Faulpelz and Warmduscher change the draw phase, Prügelknabe takes every gift at once, a Messie
gives none; an Aktivist's owner takes a turned-up Soy bean with ``{"aktivist": card, "field":
f}`` while it lies in the trading phase's offer. A turned-up Flitzer is offered first to
each opponent clockwise from the active player's left: ``{"flitzer": card, "field": f}``
(he may harvest first) or ``{"flitzer": "pass"}``; no replacement is turned up; when nobody
takes him he is an ordinary turned-up card. ``stats()`` counts each firing as ``fired_<card>``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core import Action, Option, OptionError, Rng
from ...core.words import Said
from ..beans.options import CARDS, FIRST_PLAYER, TRADE_SECONDS
from ..bohnanza.rules import BohnanzaGame
from . import words
from .cards import Kind, load_cards
from .common import (  # the phases and effect ids, also for the terminal host
    ARBEITSTIER,
    ATTACK,
    DEFEND,
    FRAUENVERSTEHER,
    HAND_SIZE,
    KAMERADEN_PLANT,
    KAMERADENSCHWEIN,
    KEEP,
    LOSER,
    PLACE,
    SCHUERZENJAEGER,
    TURN_UP,
    deal_talers,
    run_outs,
)
from .duo import MutterboehnchenDuoState, new_duo_state
from .state import MutterboehnchenState


def kind_view(k: Kind, names: Mapping[str, str] | None = None) -> dict[str, Any]:
    """A kind of card as a view shows it (what its name alone does not say); ``names``: the
    special beans' printed names by id, from the card file."""
    out: dict[str, Any] = {"variety": k.variety, "sex": k.sex, "beanometer": list(k.beanometer)}
    if k.rattles:
        out["rattles"] = k.rattles
    if k.special:
        out.update(special=k.special, klass=k.klass, effect=k.effect)
        if names and k.special in names:
            out["name"] = names[k.special]
    if k.pays != "field":
        out["pays"] = k.pays
    return out


class MutterboehnchenGame(BohnanzaGame):
    id = "mutterboehnchen"
    title = "Mutterböhnchen"
    min_players = 2
    max_players = 6

    OPTIONS = (
        CARDS,
        FIRST_PLAYER,
        TRADE_SECONDS,
        Option(
            "schluckspecht_all_fields",
            bool,
            False,
            "a Schluckspecht on top puts the beans planted on all his owner's fields at the "
            "bottom, not only those on his own field (the rulings' option)",
        ),
        Option(
            "arbeitstier_must_plant",
            bool,
            True,
            "the Arbeitstier's rearmost hand card is planted like the front card: if it fits "
            "no field, a field is harvested first (off: it stays in the hand); the rulings "
            "leave this open",
        ),
    )

    def said_action(self, view: Mapping[str, Any] | None, action: Action) -> Said:
        return words.said_action(view, action)

    def said_event(self, event: Mapping[str, Any], view: Mapping[str, Any] | None) -> Said | None:
        return words.said_event(event, view)

    RULES = """\
Mutterböhnchen on the 2007 Ladybohn ("Manche mögen's heiß!"): males, Ladys and Babys in
8 varieties; 2 males of each variety are dealt face down as starting Bohnentaler. 3 players
have 3 fields, 4-6 players 2. Your hand keeps its order; on your turn
1. plant your front card (you must), and if you like the next one;
1½. the Rasselbande: each of your fields with a Baby on top attacks another opponent (3 players
   with Babys on all 3 fields: one of them twice). The defender may harvest first; then you draw
   as many of his face-down Bohnentaler as the Baby has rattles; one that fits an existing field
   of yours you must keep and plant at once, the rest go back;
2-3. turn up 2 cards and trade; whatever you get by trade or gift is planted at once on a
   fitting existing field; the rest, and your turned-up cards, by the end of the phase;
4. draw 3 cards.
A field pays by its top card; every card counts. Planting a Baby lets one Lady of its field move
up 2 places, planting a Lady one Baby (optional). Harvested beans become Bohnentaler, face
down: nobody looks at them again. A Garden Lady on top pays with the bottom cards of the
discard pile. The game ends when the stock runs out for the 1st/2nd/3rd/4th time with 3/4/5/6
players: everyone may put 1 fitting hand card on each field, then all harvest. Most Bohnentaler
wins; a tie goes to the player whose first turn came later.
SPECIAL BEANS built: those that change what a field takes, where a card goes or what it pays;
Wühler; when planted (any route, only if it lands on top, never in the end placement):
Choleriker, Loser, Frauenversteher; when played from the hand: Arbeitstier, Kameradenschwein,
Junggeselle, Schürzenjäger; Hampelmann, Faulpelz, Warmduscher, Prügelknabe, Messie,
Aktivist; the Flitzer: when he is turned up, each opponent from the active player's left
may take him and plant him (no replacement); if none does, the active player plants him.
2 PLAYERS (duo.py): 8 Bohnentaler each; 2 fields, and the one "3. Bohnenfeld" card (the second
player starts with it): its holder may begin a 3rd field in his own turn and hands the card over;
harvesting one of three fields closes it. Harvest only in your own turn. A turn: 1. plant or
discard the cards the opponent left in the offer, a variety together; 2. plant your front card
(must) and the next (may), discarding 1 hand card before or after if you like; 3. Babys on top
attack the opponent (talers not kept go back after the last attack); 4. turn up 3 cards (the
opponent may claim a Flitzer, or a Soy with his Aktivist), add the discard pile's top cards of
their varieties, plant the varieties you want, all or none of each, leave the rest; 5. draw 2.
The game ends when the stock runs out for the 1st time.
RECONSTRUCTED (the 2007 rules and the card texts are not public; load your printed cards with
--option cards=my_cards.toml): the 2007 deck and its beanometers, one 2-rattle Baby per
variety, the 24 special beans' texts."""

    def __init__(self, **options: Any) -> None:
        # Mutterböhnchen's own options: Bohnanza's set-up (classic set, tie rule) does not apply
        super(BohnanzaGame, self).__init__(**options)
        self.cards = load_cards(self.options["cards"])
        self.deck = self.cards.deck()
        self.varieties = list(self.cards.varieties)
        self.variety_ids = {v.id for v in self.varieties}
        self.kinds: tuple[Kind, ...] = self.deck.kinds  # type: ignore[assignment]
        printed = {s.id: s.name for s in self.cards.specials}
        self.legend = {k.name: kind_view(k, printed) for k in self.kinds}  # every kind, for views
        # the kind of every card id (public: the deck's list), so that a client names the ids
        # of legal actions and choices whatever card file the table loaded
        self.deck_names = tuple(k.name for k in self.kinds)
        # a card's kind name, variety and effect by id, for the state's hot paths (one index each)
        self.names_by_id = self.deck_names
        self.varieties_by_id = tuple(k.variety for k in self.kinds)
        self.effects_by_id = tuple(k.effect for k in self.kinds)  # "" for a plain card

    @property
    def default_players(self) -> int:
        return 4

    @property
    def tie_break(self) -> str:
        return "later_turn"  # the sheet: the later first turn wins

    def reconstructed(self) -> list[str]:
        return self.cards.reconstructed_summary()

    def new_state(self, players: int | None = None, seed: int = 0) -> MutterboehnchenState:
        n = self.check_players(players)
        if n == 2:  # the sheet's own 2-player turn
            return new_duo_state(self, seed)
        rng = Rng(seed)
        start = self.first_seat(rng, n)
        s = MutterboehnchenState(self, n, rng)
        s.coins, s.stock = deal_talers(self.kinds, [v.id for v in self.varieties], n, rng)
        if len(s.stock) < n * HAND_SIZE + TURN_UP:
            raise OptionError(f"{len(s.stock)} cards are too few to deal to {n} players")
        for _ in range(HAND_SIZE):
            for p in range(n):
                s.hands[p].append(s.stock.pop())
        s.first_player = s.active = start
        s.start_turn()
        return s

    def from_json(self, data: Mapping[str, Any]) -> MutterboehnchenState:
        if isinstance(data, Mapping) and data.get("players") == 2:
            return MutterboehnchenDuoState.from_position(self, data)
        return MutterboehnchenState.from_position(self, data)  # type: ignore[return-value]


__all__ = [
    "ARBEITSTIER",
    "ATTACK",
    "DEFEND",
    "FRAUENVERSTEHER",
    "KAMERADENSCHWEIN",
    "KAMERADEN_PLANT",
    "KEEP",
    "LOSER",
    "PLACE",
    "SCHUERZENJAEGER",
    "MutterboehnchenDuoState",
    "MutterboehnchenGame",
    "MutterboehnchenState",
    "deal_talers",
    "kind_view",
    "run_outs",
]
