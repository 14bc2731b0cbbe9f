"""Biber-Mania (sheet 004), as ``rules/bibermania.md`` rules it.

A turn, in the sheet's order:

1. **Ablegen** — the player on turn lays one group onto their own pile ``{"lay": [cards]}``.
   Laying the last hand cards ends the game at once.
2. **Stechen** — if the lay beats digits in the 9-card display it must, once; with several
   targets the layer picks ``{"beat": "display", "card": "7"}``; the cards go to the hand. Then
   every opponent whose top group the lay beats loses it (option ``beat_opponents=one``: the
   layer picks ``{"beat": p}``); for each beaten card the layer says ``{"keep": true}`` (to the
   hand) or ``{"keep": false}`` (out of the game).
3. **Aktion** — the lay's action card acts: ``{"steal": "display"|"supply"|p, "card": c}``
   (Superbiber twice, Dieb once), ``{"fee": c, "from": p}`` or ``{"fee": null}``,
   ``{"victim": p}`` then twice ``{"deal": "stock"}`` / ``{"deal": "supply", "card": c}``
   (Gemeinling); the König's tribute happens by itself.
4. **Auffüllen** — display to 9, then supply to 5, from the stock.
5. **Nachziehen** — whoever lost pile cards draws as many, clockwise from the layer:
   ``{"draw": "stock"}`` or ``{"draw": "supply", "card": c}`` (no choice when the supply is
   empty); the supply is refilled after each player's draw.

The game ends at once when stock and supply are both empty, when the player on turn lays
their last cards, or (option) when the player on turn has no cards. Score: +1 a pile card, -1
a hand card.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from itertools import repeat
from operator import contains, is_
from typing import Any, ClassVar

from ...core import (
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
from ...core.words import Said, Seat, Seq
from . import words
from .cards import (
    ACTION,
    ACTIONS,
    HIPPIE_RUN,
    JOKER,
    Deck,
    beats,
    display_targets,
    insert_cards,
    load_deck,
    plain_runs,
    sort_cards,
)
from .laybook import LayBook, lay_book


def _refuse(reason: str, key: str, *args: Any) -> IllegalAction:
    """A refusal with its key in the words catalog, so each host says it in its language;
    ``reason`` stays the engine's English."""
    return IllegalAction(reason, key=key, args=args)


@cache
def table_data() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("table.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


_TABLE = table_data()
DISPLAY = _TABLE["display"]
SUPPLY = _TABLE["supply"]

# phases: who decides what
LAY = "lay"
BEAT_DISPLAY = "beat-display"
BEAT_WHOM = "beat-whom"
KEEP = "keep"
STEAL = "steal"
FEE = "fee"
VICTIM = "victim"
DEAL = "deal"
DRAW = "draw"
OVER = "over"

PHASES = (LAY, BEAT_DISPLAY, BEAT_WHOM, KEEP, STEAL, FEE, VICTIM, DEAL, DRAW, OVER)

_NOBODY: frozenset[int] = frozenset()
_ALONE = tuple(frozenset((p,)) for p in range(8))  # actors() without a new set each call


# One Action object per distinct action of the small phases: the legal lists are built from
# them without a new object (nor its JSON key) each time.
_KEEP = (Action(keep=True), Action(keep=False))


class _ActionsBy(dict[Any, Action]):
    """The actions of one form, by what varies in them, each made once, on first use (a dict
    lookup is cheaper than a call to a cached function)."""

    def __init__(self, form: Callable[[Any], Action]) -> None:
        super().__init__()
        self.form = form

    def __missing__(self, key: Any) -> Action:
        action = self[key] = self.form(key)
        return action


_FROM_STOCK = {verb: Action(**{verb: "stock"}) for verb in ("deal", "draw")}
_FROM_SUPPLY = {
    verb: _ActionsBy(lambda card, verb=verb: Action(**{verb: "supply", "card": card}))
    for verb in ("deal", "draw")
}
_STEAL = _ActionsBy(lambda source_card: Action(steal=source_card[0], card=source_card[1]))
_BEAT_DISPLAY = _ActionsBy(lambda card: Action(beat="display", card=card))
_BEAT_WHOM = _ActionsBy(lambda player: Action(beat=player))
_VICTIM = _ActionsBy(lambda player: Action(victim=player))


@cache
def _clockwise(players: int) -> tuple[tuple[int, ...], ...]:
    """For each seat, the other seats clockwise from it."""
    return tuple(tuple((p + k) % players for k in range(1, players)) for p in range(players))


@cache
def _fee_actions(opponents: tuple[int, ...], kinds: tuple[str, ...]) -> tuple[Action, ...]:
    """No wish, or a card kind from an opponent: the Fee's choices."""
    wishes = [Action(fee=c, **{"from": p}) for p in opponents for c in kinds]
    return (Action(fee=None), *wishes)


@dataclass(slots=True, init=False)
class Turn:
    """What the current turn still has to do (all of it in ``to_json``).

    Its ``__init__`` is written out: a turn begins at every lay and again at the next turn,
    about once an action, and the one a dataclass writes calls a factory for each of its five
    empty containers (``[]`` written here is 1.8 % fewer instructions an action of a random
    4-player game, measured with cachegrind)."""

    lay: list[str]
    action: str | None  # the lay's action card, if it acts
    value: int | None  # the lay's value (König's digit)
    targets: list[str]  # display choices
    whom: list[int]  # opponents that may be beaten (option one)
    keep: list[list[Any]]  # [owner, [cards]] waiting for keep
    steals: int
    deals: int
    victim: int | None
    lost: dict[int, int]  # pile cards lost, per player
    drawer: int | None
    draws: int

    def __init__(
        self,
        lay: list[str] | None = None,
        action: str | None = None,
        value: int | None = None,
        targets: list[str] | None = None,
        whom: list[int] | None = None,
        keep: list[list[Any]] | None = None,
        steals: int = 0,
        deals: int = 0,
        victim: int | None = None,
        lost: dict[int, int] | None = None,
        drawer: int | None = None,
        draws: int = 0,
    ) -> None:
        self.lay = [] if lay is None else lay
        self.action = action
        self.value = value
        self.targets = [] if targets is None else targets
        self.whom = [] if whom is None else whom
        self.keep = [] if keep is None else keep
        self.steals = steals
        self.deals = deals
        self.victim = victim
        self.lost = {} if lost is None else lost
        self.drawer = drawer
        self.draws = draws

    def to_json(self) -> dict[str, Any]:
        return {
            "lay": list(self.lay),
            "action": self.action,
            "value": self.value,
            "targets": list(self.targets),
            "whom": list(self.whom),
            "keep": [[o, list(c)] for o, c in self.keep],
            "steals": self.steals,
            "deals": self.deals,
            "victim": self.victim,
            "lost": {str(p): k for p, k in sorted(self.lost.items())},
            "drawer": self.drawer,
            "draws": self.draws,
        }

    def copy(self) -> Turn:
        """A copy that shares no list with this one (for ``clone``)."""
        return Turn(
            lay=self.lay[:],
            action=self.action,
            value=self.value,
            targets=self.targets[:],
            whom=self.whom[:],
            keep=[[o, c[:]] for o, c in self.keep],
            steals=self.steals,
            deals=self.deals,
            victim=self.victim,
            lost=dict(self.lost),
            drawer=self.drawer,
            draws=self.draws,
        )

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Turn:
        return cls(
            lay=list(d["lay"]),
            action=d["action"],
            value=d["value"],
            targets=list(d["targets"]),
            whom=list(d["whom"]),
            keep=[[o, list(c)] for o, c in d["keep"]],
            steals=d["steals"],
            deals=d["deals"],
            victim=d["victim"],
            lost={int(p): k for p, k in d["lost"].items()},
            drawer=d["drawer"],
            draws=d["draws"],
        )


class BibermaniaGame(Game):
    id = "bibermania"
    title = "Biber-Mania"
    min_players = 2
    max_players = 5

    OPTIONS = (
        Option(
            "deck",
            str,
            "",
            "a deck file (TOML, counts per card); empty: the built-in RECONSTRUCTED deck",
            path=True,
        ),
        Option(
            "first_player",
            str,
            "lot",
            "who starts: drawn by lot from the seed, or a seat number",
            ("lot", "0", "1", "2", "3", "4"),
        ),
        Option(
            "hippie_in_sets",
            bool,
            True,
            "the Hippie may be the one action card laid with equal digits",
        ),
        Option(
            "higher_runs_only",
            bool,
            False,
            "a run beats a Hippie run only if its top is higher (default: any run of its size)",
        ),
        Option(
            "beat_opponents",
            str,
            "all",
            "beat every opponent whose top group the lay beats, or only one of the layer's choice",
            ("all", "one"),
        ),
        Option(
            "keep_per",
            str,
            "card",
            "the layer keeps or rejects each beaten card on its own, or a beaten group as a whole",
            ("card", "group"),
        ),
        Option(
            "joker_beats_display_action",
            bool,
            False,
            "a lone joker may beat one action card in the display",
        ),
        Option("steal_jokers", bool, True, "Superbiber and Dieb may steal jokers"),
        Option(
            "empty_hand_ends",
            bool,
            True,
            "the game ends when the player on turn has no cards (emptied by a König or a Fee); "
            "off: that player is passed over",
        ),
        Option(
            "profis",
            bool,
            False,
            "'Biber-Mania Profis': the last lay may not be a Hippie run (a lone Hippie may)",
        ),
        Option(
            "target",
            int,
            0,
            "'Punkte sammeln': play rounds until a player's total reaches this (e.g. 250); "
            "each round adds its winners' points. 0: a single round",
            min=0,
        ),
    )

    RULES = """\
THE DECK IS A RECONSTRUCTION. The sheet never lists the cards; the built-in deck is the rulings'
best guess (digits 1-10 eight each, the eight action cards twice each, 4 jokers: 100 cards).
If you own the game, count your box and load it: --option deck=my_deck.toml, with a [cards]
table of counts (see src/spieltisch/games/bibermania/deck.toml for the format).

Deal 13 cards each (10 with five players), 9 cards face up as the display (sorted by value), 5
face up as the supply, the rest is the stock. On your turn:
1. Lay one group on your own pile: equal digits (alone, with jokers, or with one action card
   that takes their value); jokers alone (the highest value); a Hippie with 2-6 digits that it
   completes into a run; a plain run only to beat a Hippie run; the Partybiber alone or with 3
   digits that are neither equal nor consecutive; or any action card alone.
2. Beat: the same number of cards of a higher value. If your lay beats digits in the display you
   must take one such set into your hand; every opponent whose top group you beat loses it, and
   you take each beaten card into your hand or reject it out of the game. Runs beat Hippie runs
   of their size; a lone joker beats a lone action card; Bodyguard and Partybiber groups cannot
   be beaten; lone action cards never beat.
3. The action card of your lay acts: Superbiber steals 2 cards, Dieb 1 (display, supply or an
   opponent's top group); Fee wishes a card from an opponent's hand; Gemeinling deals an
   opponent 2 cards; König makes every opponent add a card of its digit to your group.
4. Refill the display to 9, then the supply to 5. 5. Everyone who lost pile cards draws as many,
   clockwise, each from the stock or the supply.
The game ends at once when someone lays their last cards, or stock and supply are both empty.
Each card on your pile +1, each in your hand -1; the most points win (ties share)."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.deck: Deck = load_deck(self.options["deck"])
        self.book: LayBook = lay_book(self.deck, self.options["hippie_in_sets"])
        self.kinds = self.deck.kinds

    @property
    def default_players(self) -> int:
        return 4

    def said_action(self, view: Mapping[str, Any] | None, action: Action) -> Said:
        return words.said_action(view, action)

    def said_event(self, event: Mapping[str, Any], view: Mapping[str, Any] | None) -> Said | None:
        return words.said_event(event, view)

    def reconstructed(self) -> list[str]:
        if self.deck.status != "reconstructed":
            return []
        return [f"the deck's card counts ({self.deck.size} cards, {self.deck.source})"]

    def hand_size(self, players: int) -> int:
        return _TABLE["hand_five"] if players == 5 else _TABLE["hand"]

    def new_state(self, players: int | None = None, seed: int = 0) -> BibermaniaState:
        n = self.check_players(players)
        need = n * self.hand_size(n) + DISPLAY + SUPPLY
        if self.deck.size < need:
            raise OptionError(
                f"the deck ({self.deck.source}) has {self.deck.size} cards; dealing for {n} "
                f"players needs at least {need}"
            )
        first = self.options["first_player"]
        rng = Rng(seed)
        start = rng.below(n) if first == "lot" else int(first)
        if start >= n:
            raise OptionError(f"first_player {start} is not a seat of a {n}-player game")
        state = BibermaniaState(self, n, rng)
        state.deal(start)
        return state

    def from_json(self, data: Mapping[str, Any]) -> BibermaniaState:
        return BibermaniaState.from_position(self, data)


class BibermaniaState(State):
    def __init__(self, game: BibermaniaGame, players: int, rng: Rng) -> None:
        self.game: BibermaniaGame = game
        self.num_players = players
        self._others = _clockwise(players)  # each seat's opponents, clockwise
        self.rng = rng
        self.hands: list[list[str]] = [[] for _ in range(players)]
        self.known: list[list[str]] = [[] for _ in range(players)]  # hand cards all have seen
        self.piles: list[list[list[str]]] = [[] for _ in range(players)]
        self.display: list[str] = []
        self.supply: list[str] = []
        self.stock: list[str] = []  # the top is the end
        self.rejected: list[str] = []
        self.turn_player = 0
        self.first_player = 0
        self.phase = LAY
        self.turn = Turn()
        self.round = 1
        self.totals = [0] * players
        self.history: list[list[int]] = []
        self.result_: list[int] | None = None  # scores, when over
        self.why = ""
        # this moment's legal actions, (player, list), worked out when first asked and kept
        # until the next action: a host asks, then applies one of them
        self._moment: tuple[Player, list[Action]] | None = None

    # -- set-up ---------------------------------------------------------------------------------

    def deal(self, first: int) -> list[Event]:
        cards = self.game.deck.cards
        self.rng.shuffle(cards)
        k = self.game.hand_size(self.num_players)
        self.hands = [sort_cards(cards[p * k : (p + 1) * k]) for p in range(self.num_players)]
        self.known = [[] for _ in range(self.num_players)]
        rest = cards[self.num_players * k :]
        self.display = sort_cards(rest[:DISPLAY])
        self.supply = sort_cards(rest[DISPLAY : DISPLAY + SUPPLY])
        self.stock = rest[DISPLAY + SUPPLY :]
        self.piles = [[] for _ in range(self.num_players)]
        self.rejected = []
        self.first_player = self.turn_player = first
        self.phase = LAY
        self.turn = Turn()
        return [
            Event(
                "setup",
                {
                    "round": self.round,
                    "first": first,
                    "display": list(self.display),
                    "supply": list(self.supply),
                },
            )
        ]

    # -- the contract ---------------------------------------------------------------------------

    def actors(self) -> frozenset[Player]:
        if self.phase == OVER:
            return _NOBODY
        if self.phase == DRAW:
            return _ALONE[self.turn.drawer]  # type: ignore[index]
        return _ALONE[self.turn_player]

    def legal_actions(self, player: Player) -> list[Action]:
        moment = self._moment
        if moment is None or moment[0] != player:
            moment = self._work_out(player)
        return moment[1][:]  # the caller's own list: the state keeps its copy

    def _legal(self, player: Player) -> list[Action]:
        """This moment's legal actions of ``player``, worked out once (do not change the list)."""
        moment = self._moment
        if moment is None or moment[0] != player:
            moment = self._work_out(player)
        return moment[1]

    def _work_out(self, player: Player) -> tuple[Player, list[Action]]:
        actor = self.turn.drawer if self.phase == DRAW else self.turn_player
        legal = self._LEGAL[self.phase](self, player) if player == actor else []
        self._moment = (player, legal)
        return self._moment

    def _legal_lays(self, player: Player) -> list[Action]:
        """The legal lays as ranks of the game's lay book (so in the legal order), then the
        book's actions of those ranks."""
        book = self.game.book
        hand = self.hands[player]
        ranks = book.ranks(hand)
        piles = self.piles
        tops = []  # a loop: Python 3.11 builds a function for every list comprehension it runs
        for p in self._others[player]:
            pile = piles[p]
            if pile:
                tops.append(pile[-1])
        # plain runs: only as long as some opponent's Hippie run can be beaten with them (a
        # Hippie run holds the Hippie: that test is cheap, and mostly says no)
        if any(map(contains, tops, repeat("hippie"))):
            ranks = self._with_plain_runs(player, ranks, tops)
        if self.game.options["profis"]:
            lays = book.lays
            ranks = [
                r
                for r in ranks
                if not (len(lays[r].cards) == len(hand) and lays[r].shape.kind == HIPPIE_RUN)
            ]
        return list(map(book.actions.__getitem__, ranks))

    def _legal_beat_display(self, player: Player) -> list[Action]:
        return list(map(_BEAT_DISPLAY.__getitem__, self.turn.targets))

    def _legal_beat_whom(self, player: Player) -> list[Action]:
        return list(map(_BEAT_WHOM.__getitem__, self.turn.whom))

    def _legal_keep(self, player: Player) -> list[Action]:
        return list(_KEEP)

    def _legal_steal(self, player: Player) -> list[Action]:
        return list(map(_STEAL.__getitem__, self._stealable()))

    def _legal_fee(self, player: Player) -> list[Action]:
        return list(_fee_actions(self._opponents(player), self.game.kinds))

    def _legal_victim(self, player: Player) -> list[Action]:
        return [_VICTIM[p] for p in self._opponents(player)]

    def _legal_deal(self, player: Player) -> list[Action]:
        return self._sources("deal")

    def _legal_draw(self, player: Player) -> list[Action]:
        return self._sources("draw")

    def _legal_none(self, player: Player) -> list[Action]:
        return []

    # the legal actions of each phase (a table, like _HANDLERS below)
    _LEGAL: ClassVar[dict[str, Callable[..., list[Action]]]] = {
        LAY: _legal_lays,
        BEAT_DISPLAY: _legal_beat_display,
        BEAT_WHOM: _legal_beat_whom,
        KEEP: _legal_keep,
        STEAL: _legal_steal,
        FEE: _legal_fee,
        VICTIM: _legal_victim,
        DEAL: _legal_deal,
        DRAW: _legal_draw,
        OVER: _legal_none,
    }

    def _accept(self, player: int, action: Action | Mapping[str, Any]) -> list[Event]:
        moment = self._moment
        # the common case: one of the very objects legal_actions gave (an identity test in C;
        # ``in`` would compare the objects before it by value)
        if moment is not None and moment[0] == player and any(map(is_, moment[1], repeat(action))):
            self._moment = None
            return self._HANDLERS[self.phase](self, player, action)
        # a lay names a multiset of cards: any order of them is the same lay
        lay = action.get("lay") if isinstance(action, Mapping) and len(action) == 1 else None
        if isinstance(lay, list) and all(isinstance(c, str) for c in lay):
            action = Action(lay=sort_cards(lay))
        return super()._accept(player, action)

    def _sources(self, verb: str) -> list[Action]:
        """Where a card may come from for a deal or a draw: the stock, or a supply card."""
        out = [_FROM_STOCK[verb]] if self.stock else []
        # the supply is kept sorted: its distinct cards in order are sort_cards(set(supply))
        out += map(_FROM_SUPPLY[verb].__getitem__, dict.fromkeys(self.supply))
        return out

    def explain(self, player: Player, action: Action) -> IllegalAction:
        """The sheet's reason, with its key in the words catalog (``r.bm.*``), so each host
        says it in its reader's language; the English stays the engine's ``str()``."""
        if self.phase == LAY:
            lay = action.get("lay") if set(action) == {"lay"} else None
            if not isinstance(lay, list) or not lay or not all(isinstance(c, str) for c in lay):
                return _refuse(
                    'lay one group of cards by name: {"lay": ["5", "5", "joker"]}', "r.bm.layform"
                )
            missing = Counter(action["lay"]) - Counter(self.hands[player])
            if missing:
                held = sorted(missing.elements())
                return _refuse(
                    f"you do not hold {', '.join(held)}", "r.bm.nothold", words.cards(held)
                )
            return self._why_not_lay(player, action["lay"])
        wanted: dict[str, tuple[str, tuple[Any, ...]]] = {
            BEAT_DISPLAY: (
                f"choose which display cards to beat: {', '.join(self.turn.targets)}",
                (Seq([words.card(c) for c in self.turn.targets], ", "),),
            ),
            BEAT_WHOM: (
                f"choose whom to beat: {', '.join(map(str, self.turn.whom))}",
                (Seq([Seat(p) for p in self.turn.whom], ", "),),
            ),
            KEEP: (
                'take the beaten card into your hand {"keep": true} or reject it {"keep": false}',
                (),
            ),
            STEAL: ("steal a card from the display, the supply or an opponent's top group", ()),
            FEE: ('name a card and an opponent {"fee": "7", "from": 1}, or {"fee": null}', ()),
            VICTIM: ("name the opponent the Gemeinling deals two cards to", ()),
            DEAL: (
                'deal from the stock {"deal": "stock"} or the supply {"deal": "supply", '
                '"card": ...}',
                (),
            ),
            DRAW: (
                'draw from the stock {"draw": "stock"} or the supply {"draw": "supply", '
                '"card": ...}',
                (),
            ),
        }
        text, args = wanted.get(self.phase, ("the game is over", ()))
        key = f"r.bm.want.{self.phase}" if self.phase in wanted else "r.bm.want.over"
        return _refuse(f"{action} is not possible now: {text}", "r.bm.notnow", Said(key, *args))

    def _why_not_lay(self, player: Player, cards: list[str]) -> IllegalAction:
        s = self.game.book.shape(cards)
        acts = [c for c in cards if c in ACTIONS]
        if len(acts) > 1:
            return _refuse("only one action card may be laid at a time", "r.bm.oneaction")
        if acts and JOKER in cards:
            return _refuse("an action card is never laid together with a joker", "r.bm.actionjoker")
        if s.kind == "run":
            return _refuse(
                "a plain run may only be laid to beat a Hippie run on an opponent's pile",
                "r.bm.plainrun",
            )
        if s.kind == HIPPIE_RUN and len(cards) == len(self.hands[player]):
            return _refuse(
                "with the Profis rule a Hippie run may not be the last lay", "r.bm.hippielast"
            )
        if "partybiber" in cards:
            return _refuse(
                "the Partybiber goes alone or with 3 digits neither equal nor consecutive",
                "r.bm.party",
            )
        if "hippie" in cards:
            return _refuse(
                "the Hippie completes a run of 3 to 7 cards by one missing value", "r.bm.hippie"
            )
        return _refuse(
            "that is not a group that may be laid (equal digits, jokers, a run, ...)",
            "r.bm.nogroup",
        )

    # -- laying ---------------------------------------------------------------------------------

    def _check(self, player: int, action: Action) -> None:
        # a lay among the legal lays, found by its cards: no comparison of actions by value
        lay = action.get("lay")
        if (
            self.phase == LAY
            and player == self.turn_player
            and len(action) == 1
            and isinstance(lay, list)
            and all(isinstance(c, str) for c in lay)
        ):
            known = self.game.book.by_cards.get(tuple(lay))
            if known is not None and any(map(is_, self._legal(player), repeat(known.action))):
                return
        super()._check(player, action)

    def _with_plain_runs(
        self, player: Player, ranks: list[int], tops: list[list[str]]
    ) -> list[int]:
        """``ranks`` and the plain runs that beat an opponent's top Hippie run."""
        book = self.game.book
        hand = self.hands[player]
        lengths = {len(g) for g in tops if book.shape(g).kind == HIPPIE_RUN}
        runs = {
            book.by_cards[tuple(run)].rank
            for length in lengths
            for run in plain_runs(hand, length)
            if self._beatable_opponents(player, run)
        }
        return sorted(runs.union(ranks)) if runs else ranks

    def _beatable_opponents(self, player: Player, lay: list[str]) -> list[int]:
        shape, piles = self.game.book.shape, self.piles
        mine = shape(lay)
        higher = self.game.options["higher_runs_only"]
        size = len(lay)  # only a group of the lay's size is beaten: no shape needed for others
        out = []  # a loop: Python 3.11 builds a function for every list comprehension it runs
        for p in self._others[player]:
            pile = piles[p]
            if pile and len(pile[-1]) == size and beats(mine, shape(pile[-1]), higher):
                out.append(p)
        return out

    def _opponents(self, player: Player) -> tuple[int, ...]:
        """The other players, clockwise from ``player``."""
        return self._others[player]

    def _apply(self, player: Player, action: Action) -> list[Event]:
        self._moment = None  # the next moment's legal actions are worked out when asked
        return self._HANDLERS[self.phase](self, player, action)

    def _lay(self, player: Player, action: Action) -> list[Event]:
        cards = list(action["lay"])
        self._take_from_hand(player, cards)
        self.piles[player].append(cards)
        lay = self.game.book.by_cards[tuple(cards)]
        s = lay.shape
        events = [Event("lay", {"player": player, "cards": list(cards), "shape": s.kind})]
        if not self.hands[player]:
            return events + self._end(f"player {player} laid their last cards", "out", player)
        # the turn keeps its own list: the pile's group grows by the König's tribute, the lay
        # does not (a shared list made a clone, or a state restored from JSON, differ from it)
        self.turn = Turn(lay=list(cards), action=lay.act, value=s.value)
        if s.kind == ACTION:
            return events + self._actions(player)  # a lone action card does not beat
        targets = display_targets(s, self.display, self.game.options["joker_beats_display_action"])
        if len(targets) > 1:
            self.turn.targets = targets
            self.phase = BEAT_DISPLAY
            return events
        if targets:
            events += self._take_display(player, targets[0])
        return events + self._beat_opponents(player)

    def _beat_display(self, player: Player, action: Action) -> list[Event]:
        self.turn.targets = []
        return self._take_display(player, action["card"]) + self._beat_opponents(player)

    def _take_display(self, player: Player, card: str) -> list[Event]:
        k = 1 if card in ACTIONS else len(self.turn.lay)
        for _ in range(k):
            self.display.remove(card)
        self._to_hand(player, [card] * k, public=True)
        return [Event("beat", {"player": player, "from": "display", "cards": [card] * k})]

    def _beat_opponents(self, player: Player) -> list[Event]:
        victims = self._beatable_opponents(player, self.turn.lay)
        if self.game.options["beat_opponents"] == "one" and len(victims) > 1:
            self.turn.whom = victims
            self.phase = BEAT_WHOM
            return []
        return self._beat_groups(player, victims)

    def _beat_whom(self, player: Player, action: Action) -> list[Event]:
        self.turn.whom = []
        return self._beat_groups(player, [action["beat"]])

    def _beat_groups(self, player: Player, victims: list[int]) -> list[Event]:
        events = []
        for p in victims:
            group = self.piles[p].pop()
            self.turn.lost[p] = self.turn.lost.get(p, 0) + len(group)
            events.append(Event("beat", {"player": player, "from": p, "cards": list(group)}))
            if self.game.options["keep_per"] == "group":
                self.turn.keep.append([p, group])
            else:
                self.turn.keep += [[p, [card]] for card in group]
        return events + self._next_keep(player)

    def _next_keep(self, player: Player) -> list[Event]:
        if self.turn.keep:
            self.phase = KEEP
            return []
        return self._actions(player)

    def _keep(self, player: Player, action: Action) -> list[Event]:
        owner, cards = self.turn.keep.pop(0)
        if action["keep"]:
            self._to_hand(player, cards, public=True)
        else:
            self.rejected.extend(cards)
        event = Event(
            "keep" if action["keep"] else "reject",
            {"player": player, "from": owner, "cards": list(cards)},
        )
        return [event, *self._next_keep(player)]

    # -- action cards ---------------------------------------------------------------------------

    def _actions(self, player: Player) -> list[Event]:
        action, t = self.turn.action, self.turn
        alone = len(t.lay) == 1
        if action in ("superbiber", "dieb"):
            t.steals = 2 if action == "superbiber" else 1
            return self._next_steal()
        if action == "fee":
            self.phase = FEE
            return []
        if action == "gemeinling":
            opponents = self._opponents(player)
            if len(opponents) == 1:
                return self._victim(player, _VICTIM[opponents[0]])
            self.phase = VICTIM
            return []
        if action == "koenig" and not alone:
            return self._tribute(player) + self._refill_and_draw()
        return self._refill_and_draw()

    def _stealable(self) -> list[tuple[Any, str]]:
        jokers = self.game.options["steal_jokers"]
        out: list[tuple[Any, str]] = []
        for src, cards in (("display", self.display), ("supply", self.supply)):
            # kept sorted: their distinct cards in order are sort_cards(set(cards))
            out += [(src, c) for c in dict.fromkeys(cards) if jokers or c != JOKER]
        for p in self._opponents(self.turn_player):
            if self.piles[p]:
                top = sort_cards(set(self.piles[p][-1]))
                out += [(p, c) for c in top if jokers or c != JOKER]
        return out

    def _next_steal(self) -> list[Event]:
        if self.turn.steals > 0 and self._stealable():
            self.phase = STEAL
            return []
        self.turn.steals = 0
        return self._refill_and_draw()

    def _steal(self, player: Player, action: Action) -> list[Event]:
        src, card = action["steal"], action["card"]
        if src == "display":
            self.display.remove(card)
        elif src == "supply":
            self.supply.remove(card)
        else:
            group = self.piles[src][-1][:]  # a new list: clones share the old one (clone)
            group.remove(card)
            if group:
                self.piles[src][-1] = group
            else:
                self.piles[src].pop()
            self.turn.lost[src] = self.turn.lost.get(src, 0) + 1
        self._to_hand(player, [card], public=True)
        self.turn.steals -= 1
        events = [Event("steal", {"player": player, "from": src, "card": card})]
        if self._exhausted():
            return events + self._end("stock and supply are used up", "used_up")
        return events + self._next_steal()

    def _fee(self, player: Player, action: Action) -> list[Event]:
        card = action["fee"]
        if card is None:
            return [Event("fee", {"player": player, "card": None}), *self._refill_and_draw()]
        victim = action["from"]
        got = card in self.hands[victim]
        if got:
            self._take_from_hand(victim, [card])
            self._to_hand(player, [card], public=True)
        event = Event("fee", {"player": player, "card": card, "from": victim, "given": got})
        return [event, *self._refill_and_draw()]

    def _victim(self, player: Player, action: Action) -> list[Event]:
        self.turn.victim = action["victim"]
        self.turn.deals = 2
        event = Event("gemeinling", {"player": player, "victim": action["victim"]})
        return [event, *self._next_deal(player)]

    def _next_deal(self, player: Player) -> list[Event]:
        if self.turn.deals > 0:
            only_stock = not self.supply
            if only_stock:  # no choice to make
                return self._deal(player, _FROM_STOCK["deal"])
            self.phase = DEAL
            return []
        return self._refill_and_draw()

    def _deal(self, player: Player, action: Action) -> list[Event]:
        victim = self.turn.victim
        assert victim is not None
        self.turn.deals -= 1
        events = self._give(victim, "deal", action, by=player)
        if self._exhausted():
            return events + self._end("stock and supply are used up", "used_up")
        return events + self._next_deal(player)

    def _tribute(self, player: Player) -> list[Event]:
        digit = str(self.turn.value)
        events = []
        for p in self._opponents(player):
            if digit in self.hands[p]:
                self._take_from_hand(p, [digit])
                pile = self.piles[player]
                pile[-1] = [*pile[-1], digit]  # a new list: clones share the old one (clone)
                events.append(Event("tribute", {"player": p, "to": player, "card": digit}))
        return events

    # -- refill, draw, next turn ----------------------------------------------------------------

    def _refill_and_draw(self) -> list[Event]:
        """The end of a turn's own actions: the display and supply refilled, then the draws of
        those who lost pile cards this turn (``_next_drawer``), then the next turn."""
        events = self._refill()
        if self._exhausted():
            return events + self._end("stock and supply are used up", "used_up")
        return events + self._next_drawer()

    def _refill(self, display: bool = True) -> list[Event]:
        to_display = DISPLAY - len(self.display) if display else 0
        to_supply = SUPPLY - len(self.supply)
        if not self.stock or (to_display <= 0 and to_supply <= 0):
            return []  # nothing to fill with, or nothing to fill
        added = {"display": self._from_stock(to_display)}
        insert_cards(self.display, added["display"])  # display and supply stay sorted
        added["supply"] = self._from_stock(to_supply)
        insert_cards(self.supply, added["supply"])
        return [Event("refill", added)]

    def _from_stock(self, k: int) -> list[str]:
        """Up to ``k`` cards off the top of the stock (the end of the list), top first."""
        k = min(k, len(self.stock))
        if k <= 0:
            return []
        taken = self.stock[-k:]
        del self.stock[-k:]
        taken.reverse()
        return taken

    def _next_drawer(self) -> list[Event]:
        t = self.turn
        if t.drawer is not None and t.draws == 0:
            t.lost.pop(t.drawer)
            t.drawer = None
            # the supply, after each player's draw. It cannot use stock and supply up: the
            # draw before was made from them only when they were not both empty (``_draw``),
            # and a refill only moves cards from the stock to the supply
            events = self._refill(display=False)
        else:
            events = []
        if t.drawer is None:
            if not t.lost:  # nobody lost pile cards
                return events + self._next_turn()
            # lost holds only positive counts (a beaten group has cards, a steal adds 1, a
            # drawer's entry goes when they are done): someone in it is waiting, the turn
            # player first, then the opponents in turn order
            for p in (self.turn_player, *self._others[self.turn_player]):
                if t.lost.get(p):
                    t.drawer = p
                    break
            t.draws = t.lost[t.drawer]
        if not self.supply:  # nothing to choose: the stock
            return events + self._draw(t.drawer, _FROM_STOCK["draw"])
        self.phase = DRAW
        return events

    def _draw(self, player: Player, action: Action) -> list[Event]:
        self.turn.draws -= 1
        events = self._give(player, "draw", action, by=player)
        if self._exhausted():
            return events + self._end("stock and supply are used up", "used_up")
        return events + self._next_drawer()

    def _give(self, player: Player, kind: str, action: Action, by: Player) -> list[Event]:
        """One card, as ``action`` (``{kind: "stock"}`` or ``{kind: "supply", "card": c}``)
        says: from the stock (seen by ``player`` only) or the supply (seen by all)."""
        if action[kind] == "supply":
            card = action["card"]
            self.supply.remove(card)
            self._to_hand(player, [card], public=True)
            return [Event(kind, {"player": player, "by": by, "from": "supply", "card": card})]
        drawn = self.stock.pop()
        self._to_hand(player, [drawn], public=False)
        return [
            Event(kind, {"player": player, "by": by, "from": "stock"}),
            Event(f"{kind}-card", {"player": player, "card": drawn}, _ALONE[player]),
        ]

    def _next_turn(self) -> list[Event]:
        n = self.num_players
        for step in range(1, n + 1):
            p = (self.turn_player + step) % n
            if self.hands[p]:
                break
            if self.game.options["empty_hand_ends"] or step == n:
                self.turn_player = p
                return self._end(f"player {p} has no cards on their turn", "no_cards", p)
        self.turn_player = p
        self.turn = Turn()
        self.phase = LAY
        return [Event("turn", {"player": p})]

    # -- cards moving ---------------------------------------------------------------------------

    def _take_from_hand(self, player: Player, cards: list[str]) -> None:
        hand, known = self.hands[player], self.known[player]
        for c in cards:
            hand.remove(c)
            if c in known:
                known.remove(c)
            # a card that was not known leaves the unknown part: the known part stays right

    def _to_hand(self, player: Player, cards: list[str], public: bool) -> None:
        insert_cards(self.hands[player], cards)
        if public:
            insert_cards(self.known[player], cards)

    def _exhausted(self) -> bool:
        return not self.stock and not self.supply

    # -- the end --------------------------------------------------------------------------------

    def scores(self) -> list[int]:
        return [
            sum(len(g) for g in self.piles[p]) - len(self.hands[p]) for p in range(self.num_players)
        ]

    def _end(self, why: str, end: str, player: Player | None = None) -> list[Event]:
        """``why`` in English; ``end`` (``out``, ``used_up``, ``no_cards``) and the ``player``
        it names let the log say it in either language (words.py)."""
        scores = self.scores()
        best = max(scores)
        winners = [p for p, s in enumerate(scores) if s == best]
        self.history.append(scores)
        facts: dict[str, Any] = {"why": why, "end": end}
        if player is not None:
            facts["by"] = player
        events = [Event("round_end", {"round": self.round, "scores": scores, **facts})]
        target = self.game.options["target"]
        if target:
            for p in winners:
                self.totals[p] += scores[p]
            if max(self.totals) < target:
                self.round += 1
                return events + self.deal((self.first_player + 1) % self.num_players)
            final = list(self.totals)
        else:
            final = scores
        self.phase = OVER
        self.turn = Turn()
        self.result_ = final
        self.why = why
        return [*events, Event("game_end", {"scores": final, **facts})]

    def is_terminal(self) -> bool:
        return self.phase == OVER

    # what ``_apply`` calls in each phase (a table built once, not a dict of bound methods
    # each action)
    _HANDLERS: ClassVar[dict[str, Callable[..., list[Event]]]] = {
        LAY: _lay,
        BEAT_DISPLAY: _beat_display,
        BEAT_WHOM: _beat_whom,
        KEEP: _keep,
        STEAL: _steal,
        FEE: _fee,
        VICTIM: _victim,
        DEAL: _deal,
        DRAW: _draw,
    }

    def result(self) -> Result:
        if self.result_ is None:
            raise _refuse("the game is not over yet", "r.notover")
        scores = self.result_
        ranks = tuple(1 + sum(t > s for t in scores) for s in scores)
        winners = [p for p, r in enumerate(ranks) if r == 1]
        summary = (
            f"player {winners[0]} wins"
            if len(winners) == 1
            else "players " + ", ".join(map(str, winners)) + " share the win"
        )
        return Result(tuple(scores), ranks, summary, self.breakdown())

    def breakdown(self) -> tuple[tuple[Said, tuple[Any, ...]], ...]:
        """The sheet's score in its parts. One game: each card on the own pile +1, each card in
        hand -1 (shown negative), which add up to the score. 'Punkte sammeln': what each round
        added to the totals (its winners' points, 0 for the others), which add up to the
        totals, the score of the match."""
        n = self.num_players
        if self.game.options["target"]:
            rows = []
            for k, scores in enumerate(self.history, 1):
                best = max(scores)
                added = tuple(s if s == best else 0 for s in scores)
                rows.append((Said("bm.bd.round", k), added))
            return tuple(rows)
        pile = tuple(sum(len(g) for g in self.piles[p]) for p in range(n))
        hand = tuple(-len(self.hands[p]) for p in range(n))
        return ((Said("bm.bd.pile"), pile), (Said("bm.bd.hand"), hand))

    # -- information ----------------------------------------------------------------------------

    def view(self, player: Player | None) -> dict[str, Any]:
        t = self.turn
        out = {
            "game": "bibermania",
            "viewer": player,
            "players": self.num_players,
            "phase": self.phase,
            "turn": self.turn_player,
            "round": self.round,
            "hand": list(self.hands[player]) if player is not None else None,
            "hands": [
                {"count": len(h), "known": list(k)}
                for h, k in zip(self.hands, self.known, strict=True)
            ],
            "piles": [[list(g) for g in pile] for pile in self.piles],
            "display": list(self.display),
            "supply": list(self.supply),
            "stock": len(self.stock),
            "rejected": sort_cards(self.rejected),
            "pending": self._pending(),
            "scores": self.scores(),
            "totals": list(self.totals),
            "target": self.game.options["target"],
            "deck": {"status": self.game.deck.status, "size": self.game.deck.size},
            "result": list(self.result_) if self.result_ is not None else None,
        }
        if t.drawer is not None:
            out["pending"]["drawer"] = t.drawer
        return out

    def _pending(self) -> dict[str, Any]:
        t = self.turn
        # all of it public: the beaten cards still to be kept or rejected, who draws how many
        out: dict[str, Any] = {
            "lay": list(t.lay),
            "action": t.action,
            "beaten": [[o, list(c)] for o, c in t.keep],
            "lost": {str(p): k for p, k in sorted(t.lost.items())},
        }
        if self.phase == KEEP:
            owner, cards = t.keep[0]
            out["keep"] = {"from": owner, "cards": list(cards), "after": len(t.keep) - 1}
        elif self.phase == BEAT_DISPLAY:
            out["targets"] = list(t.targets)
        elif self.phase == BEAT_WHOM:
            out["whom"] = list(t.whom)
        elif self.phase == STEAL:
            out["steals"] = t.steals
        elif self.phase in (DEAL, VICTIM):
            out["victim"], out["deals"] = t.victim, t.deals
        elif self.phase == DRAW:
            out["draws"] = t.draws
        return out

    def resample(self, player: Player, rng: Rng) -> BibermaniaState:
        """Others' unknown hand cards and the stock, dealt anew from what ``player`` has not
        seen; every card anyone has seen stays where it is."""
        s = self.clone()
        s._moment = None  # its hands change below
        s.rng = Rng(rng.next64())  # the real generator would give the hidden deal away
        unseen = Counter(self.game.deck.cards)
        unseen -= Counter(self.hands[player])
        for p in range(self.num_players):
            if p != player:
                unseen -= Counter(self.known[p])
            for g in self.piles[p]:
                unseen -= Counter(g)
        unseen -= Counter(self.display) + Counter(self.supply) + Counter(self.rejected)
        for _, cards in self.turn.keep:  # beaten cards waiting for keep or reject: public
            unseen -= Counter(cards)
        pool = sort_cards(unseen.elements())
        rng.shuffle(pool)
        for p in range(self.num_players):
            if p == player:
                continue
            k = len(self.hands[p]) - len(self.known[p])
            s.hands[p] = sort_cards(self.known[p] + pool[:k])
            del pool[:k]
        s.stock = pool
        return s

    def clone(self) -> BibermaniaState:
        s = BibermaniaState.__new__(BibermaniaState)
        s.__dict__.update(self.__dict__)
        s.rng = Rng(self.rng.state)
        s.hands = [h[:] for h in self.hands]
        s.known = [k[:] for k in self.known]
        # a pile's groups are never changed in place (a steal or a tribute puts a new list in
        # the group's place), so the clone shares them: the groups' copies were a quarter of
        # a clone's time
        s.piles = [pile[:] for pile in self.piles]
        s.display, s.supply, s.stock = self.display[:], self.supply[:], self.stock[:]
        s.rejected = self.rejected[:]
        s.turn = self.turn.copy()
        s.totals = self.totals[:]
        s.history = [h[:] for h in self.history]
        s.result_ = None if self.result_ is None else self.result_[:]
        # the legal actions of this moment hold for the clone too (the list is never changed;
        # resample, which changes the clone's cards, forgets them)
        return s

    # -- serialisation --------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "bibermania",
            "players": self.num_players,
            "phase": self.phase,
            "turn_player": self.turn_player,
            "first_player": self.first_player,
            "round": self.round,
            "hands": [list(h) for h in self.hands],
            "known": [list(k) for k in self.known],
            "piles": [[list(g) for g in pile] for pile in self.piles],
            "display": list(self.display),
            "supply": list(self.supply),
            "stock": list(self.stock),
            "rejected": list(self.rejected),
            "turn": self.turn.to_json(),
            "totals": list(self.totals),
            "history": [list(h) for h in self.history],
            "result": None if self.result_ is None else list(self.result_),
            "why": self.why,
            "rng": self.rng.state,
        }

    @classmethod
    def from_position(cls, game: BibermaniaGame, data: Mapping[str, Any]) -> BibermaniaState:
        def bad(why: str) -> RecordError:
            return RecordError(f"not a bibermania position: {why}")

        if not isinstance(data, Mapping) or data.get("game") != "bibermania":
            raise bad("a position is a JSON object with game 'bibermania'")
        try:
            n = int(data["players"])
            game.check_players(n)
            s = cls(game, n, Rng(int(data.get("rng", 0))))
            s.hands = [sort_cards(h) for h in data["hands"]]
            s.known = [sort_cards(k) for k in data.get("known", [[] for _ in range(n)])]
            s.piles = [[list(g) for g in pile] for pile in data["piles"]]
            s.display = sort_cards(data["display"])
            s.supply = sort_cards(data["supply"])
            s.stock = list(data["stock"])
            s.rejected = list(data.get("rejected", []))
            s.phase = data.get("phase", LAY)
            s.turn_player = int(data.get("turn_player", 0))
            s.first_player = int(data.get("first_player", s.turn_player))
            s.round = int(data.get("round", 1))
            s.turn = Turn.from_json(data["turn"]) if "turn" in data else Turn()
            s.totals = list(data.get("totals", [0] * n))
            s.history = [list(h) for h in data.get("history", [])]
            s.result_ = None if data.get("result") is None else list(data["result"])
            s.why = data.get("why", "")
        except (KeyError, TypeError, ValueError) as err:
            raise bad(f"{type(err).__name__}: {err}") from None
        if len(s.hands) != n or len(s.piles) != n or len(s.known) != n:
            raise bad(f"hands, known and piles need one entry per player ({n})")
        if s.phase not in PHASES:
            raise bad(f"unknown phase {s.phase!r}")
        everything = Counter(s.display) + Counter(s.supply) + Counter(s.stock)
        everything += Counter(s.rejected)
        for p in range(n):
            everything += Counter(s.hands[p])
            for g in s.piles[p]:
                everything += Counter(g)
            if Counter(s.known[p]) - Counter(s.hands[p]):
                raise bad(f"player {p}'s known cards are not all in their hand")
        for _, cards in s.turn.keep:
            everything += Counter(cards)
        if everything != Counter(game.deck.cards):
            diff = (everything - Counter(game.deck.cards)) + (Counter(game.deck.cards) - everything)
            raise bad(f"the cards are not the deck's: they differ in {sorted(diff.elements())}")
        t = s.turn
        for p, k in t.lost.items():
            if not 0 <= p < n or isinstance(k, bool) or not isinstance(k, int) or k < 1:
                raise bad(f"turn.lost counts pile cards a player lost: {p}: {k!r}")
        if t.drawer is not None and t.drawer not in t.lost:
            raise bad(f"the drawer {t.drawer!r} draws for pile cards lost, so is in turn.lost")
        return s


__all__ = ["BibermaniaGame", "BibermaniaState"]
