"""Bodensee Mau-Mau (sheet 002), as ``rules/maumau.md`` rules it.

A table game in real time made deterministic: at almost any moment several players may act, and
the order in which a host applies their actions is the order in which they happened. Only turn
actions make a turn (``lay``, ``draw``, ``pass``, ``take``, ``sit_out``, and a ``throw`` that
is laid); everything else may come from anyone in play at any moment it is allowed:

- ``{"lay": "3h"}`` — a 3, on any card whose effect has not begun (cancels it; 3 on 3 restores);
- ``{"lay": "2c"}`` — a 2 on a pile without a reference card;
- ``{"joker": true}`` — a joker put down in front of oneself;
- ``{"say": "mau"}`` — the next word owed (mau, miau, mau-mau, matt);
- ``{"slap": "left" | "right" | "both"}`` — while a slap is open;
- ``{"throw": "9h"}`` — a throw-in onto a 9, or under the joker privilege;
- ``{"pilz": p}`` — spend a Pilz to bring back the winner ``p`` as a silent winner.

A jack is laid with its wish ``{"lay": "Jh", "wish": "s"}``, a queen with its partner
``{"lay": "Qh", "swap": 2}``, several 10s as one lay ``{"lay": ["10h", "10s"]}``. The referee
closes a slap ``{"close": "slap"}`` when a host's time is up; it does nothing else.

Cards are strings: rank then suit (``"10h"``, ``"Qs"``, suits c d h s), and ``"joker"``.

Where the rulings leave a case open, this engine decides (each is tested):

- A card turned up later (no reference card, no 2 in play) counts as the dealer's, but the
  player on turn stays on turn and faces it; before the first turn action it counts as the
  first card. A dealer who has said Matt is stood in for by the player on turn.
- A 3 laid at once on a 3 (no turn action between) puts the turn back exactly as it was before
  the lower 3. After turn actions, a card that counts again brings back only its outstanding
  7-chain, 8 or wish (read off the pile); a king reverses again; an ace whose extra lay was not
  made gives its layer the extra lay back, and the turn with it, as when it was laid (the turn
  then passes on from the ace's anchor) — unless the layer has left play or holds no card, when
  it has lapsed; a 9's window never returns.
- A player on turn whose hand a 3 or a joker emptied owes no "Matt" while still on turn.
- An unfitting throw-in is no turn action and does not rest the privilege; while a 9 window is
  open every throw is a throw onto the 9.
- When the referee closes a slap, those who did not slap are last, not wrong.
- A reshuffle also keeps the 7s of a pending chain; if no card at all can be turned up, any card
  fits until one is laid.
- After a queen, "Mau" for whoever ends with one card, "Mau-Mau" for whoever ends with none
  having had cards. Words owed stay owed when the hand changes, except "Matt".
- After drawing or after an ace: one card (the several-10s lay belongs to the turn's lay).

Speed (a random game runs to some 12 000 actions, and a search clones at every one): the cards'
lookup tables live in ``cards.py``, everyone's legal actions for one moment are worked out once
in ``moment.py`` and kept until the next action (``apply`` finds a listed action by identity),
the common events are made once (``events.py``), and ``clone`` shares the pile's entries until
one side changes one (``_own``).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ...core import (
    REFEREE,
    Action,
    Event,
    Game,
    IllegalAction,
    LazyEvent,
    Option,
    OptionError,
    RecordError,
    Result,
    Rng,
    State,
)
from ...core.game import Player
from ...core.words import Said, Seat
from . import words
from .cards import (
    JOKER,
    RANK_OF,
    RANKS,
    SUIT_OF,
    SUITS,
    TENS,
    card_order,
    full_deck,
    insert_card,
    rank,
    sort_cards,
    suit,
    table_data,
)
from .events import DRAWS, LAID, PASSED, SAT_OUT, SLAPPED, TURN, drew, told
from .moment import (
    HANDS,
    VERBS,
    WORDS,
    Held,
    Moment,
    legal_moment,
    verb_of,
    with_card,
    without,
)
from .pile import chain_indices, scan

_TABLE = table_data()
_PILZE = _TABLE["pilze"]  # Pilze given in a game at most

# the cards whose effect begins with the next turn action of the player on turn (see _begin)
_BEGIN_ON_TURN = frozenset("78JKA")
_EFFECTS = frozenset(("J", "Q", "K", "A", "9", "5", "6"))  # the ranks _effects does more for
_NOBODY: frozenset[Player] = frozenset()


# each card's rank, suit and whether it is a joker, as an Entry keeps them
_FACES: dict[str, tuple[str, str | None, bool]] = {
    c: (r, SUIT_OF[c], c == JOKER) for c, r in RANK_OF.items()
}


class Entry:
    """A card on the discard pile and what has happened to its effect.

    ``by`` laid it (the thrower of a throw-in); ``anchor`` is the seat the next player is
    counted from (a 9-throw-in counts from the 9's layer). ``begun``: no 3 may go on it any
    more. ``done``: its effect was carried out (a 7 drawn for, an 8 sat out, an ace's extra lay
    made or passed, a 9's window closed), so it does not come back when the card counts again.
    ``active``: a king's reversal is in force. ``pilz``: counted for a Pilz. ``undo``: on a 3,
    how the turn stood before it, so that a 3 laid on it at once puts everything back (never
    changed in place once made: clones share it).

    ``rank``, ``suit`` and ``is_joker`` are the card's, kept as plain attributes because the
    pile is read through them at every moment (``pile.scan``).

    ``owner``: the mark of the one state that may change this entry in place. A clone shares
    the pile's entries with its original, and whichever changes one first changes its own copy
    (``MaumauState._own``); an entry with no owner is shared.
    """

    __slots__ = (
        "active",
        "anchor",
        "begun",
        "by",
        "card",
        "done",
        "is_joker",
        "owner",
        "pilz",
        "rank",
        "suit",
        "undo",
        "wish",
    )

    def __init__(self, card: str, by: int, anchor: int, owner: object | None = None) -> None:
        self.card = card
        # looked up: an entry is made for every card laid (the functions for unknown names)
        face = _FACES.get(card)
        if face is None:
            face = rank(card), suit(card), card == JOKER
        self.rank, self.suit, self.is_joker = face
        self.by, self.anchor, self.owner = by, anchor, owner
        self.begun = self.done = self.pilz = self.active = False
        self.wish: str | None = None
        self.undo: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"card": self.card, "by": self.by, "anchor": self.anchor}
        for flag in ("begun", "done", "pilz", "active"):
            if getattr(self, flag):
                out[flag] = True
        if self.wish is not None:
            out["wish"] = self.wish
        if self.undo is not None:
            out["undo"] = dict(self.undo)
        return out

    @classmethod
    def from_json(cls, d: Any, dealer: int) -> Entry:
        if isinstance(d, str):  # a short position: a card just laid by the dealer
            return cls(d, dealer, dealer)
        e = cls(d["card"], int(d.get("by", dealer)), int(d.get("anchor", d.get("by", dealer))))
        e.begun, e.done = bool(d.get("begun", False)), bool(d.get("done", False))
        e.pilz, e.active = bool(d.get("pilz", False)), bool(d.get("active", False))
        e.wish = d.get("wish")
        e.undo = dict(d["undo"]) if d.get("undo") else None
        return e

    def copy(self) -> Entry:
        # a clone copies every entry of the pile: no __init__, the card's attributes as they are
        e = Entry.__new__(Entry)
        e.card, e.rank, e.suit, e.is_joker = self.card, self.rank, self.suit, self.is_joker
        e.by, e.anchor, e.begun, e.done = self.by, self.anchor, self.begun, self.done
        e.wish, e.pilz, e.active, e.undo = self.wish, self.pilz, self.active, self.undo
        e.owner = None
        return e


class MaumauGame(Game):
    id = "maumau"
    title = "Bodensee Mau-Mau"
    min_players = 3
    max_players = 8

    OPTIONS = (
        Option("jokers", int, _TABLE["jokers"][0], "jokers in the deck", tuple(_TABLE["jokers"])),
        Option(
            "dealer",
            str,
            "lot",
            "who deals: drawn by lot from the seed, or a seat number chosen by the table",
        ),
        Option(
            "seats",
            int,
            8,
            "the most players a table seats (the sheet sets no limit; 2 decks deal up to 20)",
            min=3,
            max=20,
        ),
        Option(
            "first_ace",
            str,
            "lay",
            "a turned-up ace lets the dealer lay one more fitting card before play starts, "
            "or has no effect",
            ("lay", "none"),
        ),
        Option(
            "free_draw",
            bool,
            False,
            "drawing is always allowed (default: only without a card that may be laid)",
        ),
        Option(
            "three_out",
            str,
            "draw",
            "a player on turn whose hand is emptied by a 3 or a joker still makes their turn "
            "(draws, having nothing to lay), or is passed over",
            ("draw", "skip"),
        ),
        Option(
            "nine_next",
            str,
            "layer",
            "after a throw-in onto a 9 the next player is counted from the 9's layer, or from "
            "the thrower",
            ("layer", "thrower"),
        ),
        Option(
            "misfit_throw_in",
            str,
            "penalty",
            "an unfitting throw-in stays in hand and costs a penalty card, or is refused",
            ("penalty", "refuse"),
        ),
        Option(
            "otherwise",
            str,
            "sheet",
            "both-hands slap penalties: last 2, wrong 1 (sheet) or last 2, everyone else 1",
            ("sheet", "all_others"),
        ),
        Option(
            "slap_seconds",
            float,
            2.0,
            "how long a host keeps a slap open before the referee closes it",
            min=0.1,
            max=60.0,
        ),
    )

    RULES = """\
Bodensee Mau-Mau: 2 x 52 French cards and 6 jokers (option 4 or 0), 3 or more players, 5 cards
each. The dealer turns up the first card; it counts as laid by the dealer. Lay a card of the
reference card's suit or rank; if you cannot, draw one, then lay or pass.
  A  lay one more fitting card            2  restarts an empty pile
  3  any time, by anyone, not a turn: cancels the card below (3 on 3 restores) unless that
     card's effect has begun
  4  nothing       5/6  slap: left hand for a 5, right for a 6, both for 6-on-5 or 5-on-6;
                        the layer may not slap first; last 1, wrong hand 2 (both: last 2,
                        wrong 1)
  7  the next player draws 2 per 7, or passes the chain on with a 7
  8  the next player sits out, or passes it on with an 8
  9  one other player may throw in a fitting card; the 9's layer's neighbour is next
  10 any number at once, "Miau" for each        J  wish a suit (never on a 7 or 8)
  Q  swap hands with any player in play         K  reverse the direction
Jokers are put down in front of you at any time; the most jokers (on a tie: the latest) give
the throw-in privilege: throw in a card the player on turn could lay, then wait for your turn.
Each card you draw costs you one joker in front, onto the pile.
Words, in this order per card: "Mau" (one card left), "Miau" (each 10), "Mau-Mau" (no card
left), "Matt" (once nothing can give you cards). Say each before another player's next turn
action, or draw a penalty card per word. An unfitting throw-in costs a penalty card.
Four cards of a rank on top of each other give their last layer a Pilz (at most 2 a game):
spend it to bring a winner back as a silent winner. The game ends when at most two players
hold cards: they lose, the others win in the order of their "Matt"."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.max_players = self.options["seats"]  # type: ignore[misc]

    @property
    def default_players(self) -> int:
        return 4

    def said_action(self, view: Mapping[str, Any] | None, action: Action) -> Said:
        return words.said_action(view, action)

    def said_event(self, event: Mapping[str, Any], view: Mapping[str, Any] | None) -> Said | None:
        return words.said_event(event, view)

    def new_state(self, players: int | None = None, seed: int = 0) -> MaumauState:
        n = self.check_players(players)
        rng = Rng(seed)
        dealer_opt = self.options["dealer"]
        if dealer_opt != "lot" and not dealer_opt.isdigit():
            raise OptionError(f"dealer is 'lot' or a seat number, not {dealer_opt!r}")
        dealer = rng.below(n) if dealer_opt == "lot" else int(dealer_opt)
        if dealer >= n:
            raise OptionError(f"dealer {dealer} is not a seat of a {n}-player game")
        state = MaumauState(self, n, rng)
        state.deal(dealer)
        return state

    def from_json(self, data: Mapping[str, Any]) -> MaumauState:
        return MaumauState.from_position(self, data)


class MaumauState(State):
    # Slots: every attribute read is the quickest kind, for a state made by ``__init__`` and
    # for a clone alike (a clone handed a copy of its original's ``__dict__`` read every
    # attribute the slow way: a third of the cost of a moment on a search step's clone).
    # ``clone`` copies them one by one.
    __slots__ = (
        "_actors",
        "_cache",
        "_face",
        "_held",
        "_legal",
        "_mark",
        "_public",
        "_throws",
        "ace",
        "choice",
        "counts",
        "dealer",
        "direction",
        "free",
        "front",
        "game",
        "hands",
        "joker_seq",
        "mode",
        "num_players",
        "out",
        "over",
        "owed",
        "pile",
        "pilze",
        "pilze_given",
        "rest",
        "rng",
        "seq",
        "silent",
        "slap",
        "steps",
        "stock",
        "turn",
        "turn_actions",
        "window",
        "winners",
    )

    def __init__(self, game: MaumauGame, players: int, rng: Rng) -> None:
        self.game: MaumauGame = game
        self.num_players = players
        self.rng = rng
        n = players
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.stock: list[str] = []  # the top card is the end
        self.pile: list[Entry] = []  # bottom first
        self.front = [0] * n  # jokers put down in front
        self.joker_seq = [0] * n  # when each last put a joker down (privilege ties)
        self.seq = 0
        self.dealer = 0
        self.turn: int | None = None
        self.direction = 1
        self.mode = "play"  # play | drawn | ace: what the player on turn may do
        self.ace: int | None = None  # the pile index of the ace giving the extra lay
        self.slap: dict[str, Any] | None = None  # {layer, need, slapped: [[p, hand]]}
        self.window: dict[str, Any] | None = None  # 9 window {at, anchor, layer}
        self.choice: dict[str, Any] | None = None  # a turned-up J or Q: {what, player}
        self.owed: list[list[str]] = [[] for _ in range(n)]
        self.silent = [False] * n
        self.out = [False] * n  # said "Matt": won and left play
        self.winners: list[int] = []  # in the order of their last "Matt"
        self.rest = [False] * n  # the joker privilege rests until the own turn
        self.pilze = [0] * n
        self.pilze_given = 0
        self.turn_actions = 0
        self.steps = 0
        self.free = False  # no reference card could be made: any card fits (see _turn_up)
        self.over = False
        # what happened, for simulation reports (a defaultdict: copied faster than a Counter)
        self.counts: defaultdict[str, int] = defaultdict(int)
        self._cache: tuple[int | None, int] | None = None  # (reference index, chain)
        self._mark = object()  # the owner of the pile entries this state may change in place
        # every player's legal actions and who may act, until the next action (_legal_now)
        self._legal: Moment | None = None
        self._actors: frozenset[Player] = _NOBODY
        self._face: str | None = None  # facing() at this moment, worked out with it
        self._throws: frozenset[str] = frozenset()  # the cards a throw-in may be, likewise
        # what each hand holds, summarised for those lists (moment.held); None once it changed:
        # every change of a hand goes through _take or _set_hand, which forget it
        self._held: list[Held | None] = [None] * n
        self._public: dict[str, Any] | None = None  # the public part of every view, likewise

    # -- set-up ---------------------------------------------------------------------------------

    def deal(self, dealer: int) -> list[Event]:
        cards = full_deck(self.game.options["jokers"])
        self.rng.shuffle(cards)
        k = _TABLE["hand"]
        n = self.num_players
        # dealt one by one, starting left of the dealer (it changes nothing but reads right)
        dealt: list[list[str]] = [[] for _ in range(n)]
        for i in range(k * n):
            dealt[(dealer + 1 + i) % n].append(cards.pop())
        for p, h in enumerate(dealt):
            self._set_hand(p, sort_cards(h))
        self.stock = cards
        self.dealer = dealer
        self.turn = (dealer + 1) % n  # play starts left of the dealer (a king turns that)
        events = [Event("deal", {"dealer": dealer, "cards": k})]
        return events + self._turn_up(first=True) + self._settle()

    def _turn_up(self, first: bool = False) -> list[Event]:
        """The dealer turns up the next stock card; it counts as laid by the dealer. A joker goes
        back under the stock. At the deal play starts left of the dealer; later (no reference
        card and no 2 in play) the player on turn stays on turn and faces the card. A dealer who
        has said Matt takes no part any more: the player on turn stands in for them (wishes,
        swaps, owes the Miau)."""
        events: list[Event] = []
        dealer = self.dealer
        if self.out[dealer] and self.turn is not None:
            dealer = self.turn
        for _ in range(len(self.stock) + len(self.pile) + 1):
            if not self.stock:
                events += self._reshuffle()
                if not self.stock:
                    break
            card = self.stock.pop()
            events.append(Event("turn_up", {"card": card, "dealer": dealer}))
            if card == JOKER:
                self.stock.insert(0, card)
                continue
            e = self._push(card, dealer, dealer)
            if rank(card) == "10":
                self.owed[dealer].append("miau")
            events += self._pilz_check(dealer)
            if rank(card) == "3":
                return events  # still no reference card: a 2, or the next card (_settle)
            return events + self._effects(e, dealer, dealer, first=first, turned=True)
        # nothing left to turn: rather than stop the table, any card fits until one is laid
        self.free = True
        return [*events, Event("free_pile", {})]

    # -- the hands -------------------------------------------------------------------------------

    def _take(self, p: int, card: str) -> None:
        """``card`` leaves ``p``'s hand (laid, thrown in, put down)."""
        hand = self.hands[p]
        hand.remove(card)
        self._held[p] = without(self._held[p], card, hand)
        self._legal = self._public = None  # (already forgotten inside an action)

    def _set_hand(self, p: int, cards: list[str]) -> None:
        """``p`` now holds ``cards``, sorted (by suit, then rank, jokers last)."""
        self.hands[p] = cards
        self._held[p] = None
        self._legal = self._public = None  # a resample deals new hands to a clone

    # -- the pile -------------------------------------------------------------------------------

    def _push(self, card: str, by: int, anchor: int) -> Entry:
        e = Entry(card, by, anchor, self._mark)
        pile = self.pile
        pile.append(e)
        if card == JOKER:
            pass  # the walk of ``pile.scan`` skips jokers: the reference and chain stay
        elif e.rank == "3" or e.rank == "7":
            self._cache = None  # a 3 cancels, a 7 lengthens a chain: walk the pile anew
            self.free = False
        else:
            # any other card on top is the reference card itself, with no chain to face (the
            # first step of ``pile.scan``'s walk, taken here)
            self._cache = (len(pile) - 1, 0)
            self.free = False
        return e

    def _own(self, i: int) -> Entry:
        """The pile entry at ``i``, to be changed: this state's own (copied first if a clone
        shares it). Every change of an entry already on the pile goes through here."""
        e = self.pile[i]
        if e.owner is not self._mark:
            e = self.pile[i] = e.copy()
            e.owner = self._mark
        return e

    def _scan(self) -> tuple[int | None, int]:
        if self._cache is None:
            pile = self.pile
            self._cache = scan(pile, lambda i: pile[i].done)
        return self._cache

    def _chain_indices(self) -> list[int]:
        """Where the 7s of the pending chain lie (from the reference card down)."""
        chain = self.chain()
        if not chain:
            return []
        return chain_indices(self.pile, self._ref() or 0, chain)

    def _ref(self) -> int | None:
        return (self._cache or self._scan())[0]

    def chain(self) -> int:
        """The 7s the player on turn faces (0: none)."""
        return (self._cache or self._scan())[1]

    def _ref_entry(self) -> Entry | None:
        i = self._ref()
        return None if i is None else self.pile[i]

    def _top(self) -> Entry | None:
        """The topmost card of the pile, jokers skipped (the one a 3 would go on)."""
        i = self._top_index()
        return None if i is None else self.pile[i]

    def _top_index(self) -> int | None:
        pile = self.pile
        for i in range(len(pile) - 1, -1, -1):
            if not pile[i].is_joker:
                return i
        return None

    def facing_eight(self) -> bool:
        ref = self._ref_entry()
        return ref is not None and ref.rank == "8" and not ref.done

    def _reshuffle(self) -> list[Event]:
        """The discard pile becomes the new stock, keeping the cards from the top down to the
        reference card (and the 7s of a pending chain below it, so that reshuffling does not
        shorten a chain); with no reference card, the top card stays."""
        ref = self._ref()
        keep_from = max(len(self.pile) - 1, 0) if ref is None else ref
        keep_from = min([keep_from, *self._chain_indices()])
        gone = self.pile[:keep_from]
        if not gone:
            return []
        self.pile = self.pile[keep_from:]
        self._cache = None
        shift = len(gone)
        if self.ace is not None:
            self.ace = self.ace - shift if self.ace >= shift else None
        if self.window is not None:
            self.window["at"] -= shift
        for i, e in enumerate(self.pile):
            if e.undo is not None:
                self._own(i).undo = _shifted(e.undo, shift)
        cards = [e.card for e in gone]
        self.rng.shuffle(cards)
        self.stock = cards + self.stock
        self.counts["reshuffles"] += 1
        return [Event("reshuffle", {"cards": len(cards)})]

    # -- who is who -----------------------------------------------------------------------------

    def between(self, p: int) -> bool:
        """Between "Mau-Mau" and "Matt": in play, no cards, not a silent winner."""
        return not self.out[p] and not self.silent[p] and not self.hands[p]

    def holders(self) -> list[int]:
        return [p for p in range(self.num_players) if self.hands[p]]

    def privileged(self) -> int | None:
        """Who holds the throw-in privilege: most jokers in front among the players in play,
        on a tie the one who put one down most recently."""
        best: int | None = None
        for p in range(self.num_players):
            if self.out[p] or not self.front[p]:
                continue
            if best is None or (self.front[p], self.joker_seq[p]) > (
                self.front[best],
                self.joker_seq[best],
            ):
                best = p
        return best

    def facing(self) -> str | None:
        """What the player on turn faces: chain, eight, ace, drawn, play; None when turn actions
        wait (a slap, a dealer's choice, no reference card)."""
        if self.over or self.turn is None or self.slap or self.choice:
            return None
        ref, chain = self._cache or self._scan()
        if ref is None:
            return self.mode if self.free else None
        if chain:
            return "chain"
        e = self.pile[ref]
        if e.rank == "8" and not e.done:
            return "eight"
        return self.mode

    def _pass_turn(self, anchor: int) -> list[Event]:
        """The turn goes to the next seat from ``anchor`` that holds cards. A seat in play
        without cards is passed over, except that it takes a pending 7-chain."""
        events: list[Event] = []
        seat = anchor
        for _ in range(self.num_players):
            seat = (seat + self.direction) % self.num_players  # the next seat
            if self.out[seat]:
                continue
            if self.hands[seat]:
                # every turn begins here: the player's own turn, a fresh mode, their privilege back
                self.turn, self.mode, self.ace = seat, "play", None
                self.rest[seat] = False
                events.append(TURN[seat])
                return events
            if self.chain():
                events += self._take_chain(seat)
        self.turn = None
        return events

    # -- the contract ---------------------------------------------------------------------------

    def _legal_now(self) -> Moment:
        """Everyone's legal actions at this moment, worked out once (``moment.py``) and kept
        until the next action: hosts, bots and playouts ask for every player after every
        action, and ``apply`` validates against the same lists."""
        if self._legal is None:
            self._legal, self._actors = legal_moment(self)
        return self._legal

    def actors(self) -> frozenset[Player]:
        if self._legal is None:
            self._legal, self._actors = legal_moment(self)
        return self._actors

    def waiting_for(self) -> frozenset[Player]:
        if self.over:
            return _NOBODY
        if self.slap is not None:
            return frozenset(p for p in self._players_in_play() if self._may_slap(p))
        if self.choice is not None:
            return frozenset((self.choice["player"],))
        if self._ref() is None and not self.free:
            return frozenset(p for p in self._players_in_play() if self._twos(p))
        if self.turn is not None and self.legal_actions(self.turn):
            return frozenset((self.turn,))
        return frozenset(p for p in range(self.num_players) if self.owed[p])

    def priority(self) -> list[Player]:
        # the player on turn first, then round the table: a fair tie order for hosts
        start = self.turn if self.turn is not None else self.dealer
        order = [(start + i) % self.num_players for i in range(self.num_players)]
        acts = self.actors()
        return [p for p in order if p in acts]

    def window_seconds(self) -> float | None:
        return float(self.game.options["slap_seconds"]) if self.slap is not None else None

    def _players_in_play(self) -> list[int]:
        return [p for p in range(self.num_players) if not self.out[p]]

    def _twos(self, p: int) -> list[str]:
        return sorted({c for c in self.hands[p] if rank(c) == "2"}, key=card_order)

    def _may_slap(self, p: int) -> bool:
        assert self.slap is not None
        if any(q == p for q, _ in self.slap["slapped"]):
            return False
        return p != self.slap["layer"] or bool(self.slap["slapped"])

    def legal_actions(self, player: Player) -> list[Action]:
        if type(player) is not int:  # a bool or a float is no seat, even where it hashes as one
            return []
        legal = (self._legal or self._legal_now()).get(player)
        return [] if legal is None else [*legal]  # a copy: the moment's lists are kept

    def _partners(self, p: int) -> list[int]:
        return [q for q in self._players_in_play() if q != p]

    def _throw_kind(self, p: int) -> str | None:
        """How ``p`` may throw in now: onto the open 9, under the privilege, or not at all."""
        if self.turn is None or p == self.turn or not self.hands[p]:
            return None
        if self.window is not None:
            return "nine" if p != self.window["layer"] else None
        if self.facing() is None:
            return None
        if self.privileged() == p and not self.rest[p]:
            return "privilege"
        return None

    # -- validation -----------------------------------------------------------------------------

    def _accept(self, player: int, action: Action | Mapping[str, Any]) -> list[Event]:
        # the common case first: one of the actions listed at this moment, handed back as it
        # was listed, needs no check beyond finding it in the list (by identity, no hashing)
        legal = (self._legal or self._legal_now()).get(player)
        if legal is not None:
            # (by identity: no Action is asked for equality; the lists are short, and a
            # loop here is quicker than setting up a search in C)
            for listed in legal:
                if listed is action:
                    return self._apply(player, action)  # type: ignore[arg-type]
        # several 10s: the first and the last count, the order between them does not
        if isinstance(action, Mapping) and set(action) == {"lay"}:
            lay = action["lay"]
            if isinstance(lay, list) and all(isinstance(c, str) and c in RANK_OF for c in lay):
                if len(lay) == 1:
                    action = Action(lay=lay[0])
                elif len(lay) > 2:
                    action = Action(lay=[lay[0], *sort_cards(lay[1:-1]), lay[-1]])
        return super()._accept(player, action)

    def _check(self, player: int, action: Action) -> None:
        # one place for every refusal, so that the reason is the game's, not "not your turn"
        if self.over:
            raise IllegalAction("the game is over; no more actions are taken", key="core.over")
        if action not in self._legal_now().get(player, ()):
            raise self.explain(player, action)

    def explain(self, player: Player, action: Action) -> IllegalAction:
        """Why ``action`` is refused, in the sheet's words, naming its key in ``words.toml``
        (``r.mm.*``) with the sentence's arguments: cards and suits as the log says them,
        seats as the page names them."""
        p = player
        keys = frozenset(action)
        if player == REFEREE:
            return _no("the referee only closes an open slap", "r.mm.referee")
        if not _is_seat(p) or not 0 <= p < self.num_players:
            n = self.num_players
            return _no(
                f"there is no player {p!r} at this table of {n}", "r.mm.noplayer", repr(p), n
            )
        if keys not in _SHAPES:
            unknown = sorted(keys - _KEYS)
            if unknown:
                what = f"unknown key {', '.join(map(repr, unknown))}"
                return _no(
                    f"{action} has {what}; see 'spieltisch rules maumau' for the actions",
                    "r.mm.unknownkey",
                    str(action),
                    ", ".join(map(repr, unknown)),
                )
            return _no(
                f"{action} has keys that do not go together; see 'spieltisch rules maumau' for "
                "the actions",
                "r.mm.badkeys",
                str(action),
            )
        for flag in ("draw", "pass", "take", "sit_out", "joker"):
            if flag in keys and action[flag] is not True:
                bad = repr(action[flag])
                return _no(f'write {{"{flag}": true}}, not {bad}', "r.mm.flag", flag, bad)
        card = action.get("lay", action.get("throw"))
        if "wish" in keys:
            if action["wish"] not in SUITS:
                return _no(f"wish a suit: {' '.join(SUITS)}", "r.mm.wishsuit")
            if card is not None and (not isinstance(card, str) or rank(card) != "J"):
                return _no("only a jack carries a wish", "r.mm.jack")
        if "swap" in keys and card is not None and (not isinstance(card, str) or rank(card) != "Q"):
            return _no("only a queen swaps hands", "r.mm.queen")
        if self.out[p]:
            return _no(
                "you have said Matt and left play: winners take no part any more", "r.mm.out"
            )
        if "say" in keys:
            word = action["say"]
            if word not in WORDS:
                return _no(f"the words are {', '.join(WORDS)}", "r.mm.words")
            if not self.owed[p]:
                return _no(
                    f'you owe no word now; "{word}" is not due',
                    "r.mm.noword",
                    Said(f"mm.word.{word}"),
                )
            first = self.owed[p][0]
            return _no(
                f'you owe "{first}" first (the order is Mau, Miau, Mau-Mau, Matt)',
                "r.mm.owefirst",
                Said(f"mm.word.{first}"),
            )
        if "slap" in keys:
            if self.slap is None:
                return _no("no slap is open", "r.mm.noslap")
            if action["slap"] not in HANDS:
                return _no("slap with left, right or both", "r.mm.slaphand")
            if any(q == p for q, _ in self.slap["slapped"]):
                return _no("you have slapped already", "r.mm.slapped")
            return _no("the layer of the 5 or 6 may not slap first", "r.mm.layer")
        if self.slap is not None:
            return _no("a slap is open: only slaps, words and jokers now", "r.mm.slapopen")
        if "joker" in keys:
            return _no("you hold no joker", "r.mm.nojoker")
        if "pilz" in keys:
            if not self.pilze[p]:
                return _no("you hold no Pilz", "r.mm.nopilz")
            return _no("a Pilz brings back a winner who has left play", "r.mm.pilzwinner")
        cards = card if isinstance(card, list) else [card]
        if card is not None:
            if not cards or not all(isinstance(c, str) for c in cards):
                return _no('name cards as strings: {"lay": "7h"}', "r.mm.cardnames")
            if isinstance(card, list) and "lay" not in keys:
                return _no('throw in one card: {"throw": "3h"}', "r.mm.throwone")
            missing = Counter(cards) - Counter(self.hands[p])
            if missing:
                named = ", ".join(sorted(missing.elements()))
                return _no(f"you do not hold {named}", "r.mm.nothold", named)
            if isinstance(card, list) and any(rank(c) != "10" for c in cards):
                return _no("only 10s may be laid several at once", "r.mm.tens")
            if "throw" in keys and rank(card) == "3":
                return _no('a 3 is laid, not thrown in: {"lay": "3h"}', "r.mm.threelaid")
            if "throw" in keys and card == JOKER:
                return _no(
                    'a joker never goes on the pile: put it down in front, {"joker": true}',
                    "r.mm.jokerpile",
                )

            if isinstance(card, str) and rank(card) == "3":
                top = self._top()
                if top is not None and top.begun:
                    return _no(
                        f"a 3 may not go on the {top.card}: its effect has begun",
                        "r.mm.begun",
                        words.card(top.card),
                    )
            if isinstance(card, str) and rank(card) == "J" and "wish" not in keys:
                return _no(
                    'a jack needs a wish: {"lay": "Jh", "wish": "s"} (suits c d h s)',
                    "r.mm.jackwish",
                )
            if isinstance(card, str) and rank(card) == "Q" and "swap" not in keys:
                return _no('a queen needs a partner: {"lay": "Qh", "swap": 2}', "r.mm.queenswap")
            if "swap" in keys and action["swap"] not in self._partners(p):
                return _no("swap with another player in play", "r.mm.partner")
        if self.choice is not None:
            if self.choice["what"] == "wish":
                return _no("the dealer first wishes a suit", "r.mm.dealerwish")
            return _no("the dealer first swaps", "r.mm.dealerswap")
        if self._ref() is None and not self.free and "lay" in keys:
            return _no("there is no reference card: first someone lays a 2", "r.mm.noref")
        if "throw" in keys:
            kind = self._throw_kind(p)
            if kind is None:
                return _no(
                    "you may not throw in now (a 9 open to you, or the joker privilege)",
                    "r.mm.nothrow",
                )
            return _no(
                f"{card} does not fit; an unfitting throw-in is refused at this table",
                "r.mm.misfit",
                words.cards(card),
            )
        if p != self.turn and keys & {"lay", "draw", "pass", "take", "sit_out"}:
            turn = self.turn
            return _no(
                f"it is not your turn (player {turn} is on turn); out of turn only 3s",
                "r.mm.notturn",
                Seat(turn) if turn is not None else Said("core.nobody"),
            )
        face = self.facing()
        if face == "chain":
            chain = self.chain()
            return _no(
                f"you face a 7-chain of {chain}: lay a 7 or take it", "r.mm.facechain", chain
            )
        if face == "eight":
            return _no("you face an 8: lay an 8 or sit out", "r.mm.faceeight")
        if "draw" in keys:
            if face == "ace":
                return _no(
                    "after your own ace lay one more fitting card or pass; no drawing",
                    "r.mm.acedraw",
                )
            if face == "drawn":
                return _no("you have drawn already: lay a fitting card or pass", "r.mm.drawn")
            return _no(
                "you hold a card you may lay; drawing is only for a player who cannot",
                "r.mm.maylay",
            )
        if "pass" in keys:
            return _no("pass only after drawing or after your own ace", "r.mm.pass")
        if card is not None:
            said = words.cards(card)
            ref = self._ref_entry()
            if ref is None:
                return _no(f"{card} does not fit the empty pile", "r.mm.nofit.empty", said)
            if ref.rank == "J" and ref.wish:
                return _no(
                    f"{card} does not fit the jack with the wish {ref.wish}",
                    "r.mm.nofit.wish",
                    said,
                    words.suit(ref.wish),
                )
            return _no(
                f"{card} does not fit the reference card {ref.card}",
                "r.mm.nofit.ref",
                said,
                words.card(ref.card),
            )
        return _no(f"{action} is not an action of Mau-Mau now", "r.mm.notnow", str(action))

    # -- carrying out ---------------------------------------------------------------------------

    def _apply(self, player: Player, action: Action) -> list[Event]:
        self.steps += 1
        self._legal = self._public = None
        if player == REFEREE:
            events = self._close_slap(by_referee=True)
        else:
            # what to do, and with what: the shared actions' by identity (no questions to the
            # Action), each verb to its own method
            how = _HOW.get(id(action)) or _how(action)
            events = how[0](self, player, action, how[1])
        # most actions leave nothing to settle: everyone holds cards (nobody owes "Matt"), and
        # a slap or a dealer's choice is open or a player is on turn over a reference card
        if all(self.hands) and (
            self.slap is not None
            or self.choice is not None
            or (self.turn is not None and (self._cache or self._scan())[0] is not None)
        ):
            return events
        return events + self._settle()

    # turn actions: each was checked against this moment, which worked out what the player on
    # turn faces (``facing``) as it listed the turn actions (``_face``)

    def _act_lay(self, p: int, a: Action, lay: Any) -> list[Event]:
        """A lay (the card or 10s ``lay``): a 2 onto a pile with no reference card, else the
        turn's lay."""
        if (self._cache or self._scan())[0] is None and not self.free:
            return self._two(p, lay)
        face = self._face
        events = self._turn_action(p, True)
        anchor = self._ace_anchor(p) if face == "ace" else p
        laid = self._lay(p, lay if type(lay) is list else (lay,), anchor, a)
        return events + laid if events else laid

    def _act_take(self, p: int, a: Action, value: Any) -> list[Event]:
        events = self._turn_action(p, True)
        events += self._take_chain(p)
        return events + self._pass_turn(p)

    def _act_sit_out(self, p: int, a: Action, value: Any) -> list[Event]:
        events = self._turn_action(p, True)
        ref = self._ref()
        assert ref is not None
        self._own(ref).done = True
        self.counts["sat_out"] += 1
        events.append(SAT_OUT[p])
        return events + self._pass_turn(p)

    def _act_draw(self, p: int, a: Action, value: Any) -> list[Event]:
        events = self._turn_action(p, True)
        self.mode = "drawn"
        events.append(DRAWS[p])
        return events + self._draw(p, 1, why="turn")

    def _act_pass(self, p: int, a: Action, value: Any) -> list[Event]:
        face = self._face
        events = self._turn_action(p, True)
        anchor = self._ace_anchor(p) if face == "ace" else p
        events.append(PASSED[p])
        return events + self._pass_turn(anchor)

    def _ace_anchor(self, p: int) -> int:
        return self.pile[self.ace].anchor if self.ace is not None else p

    def _turn_action(self, p: int, on_turn: bool) -> list[Event]:
        """What every turn action does first: words owed by others are now too late, and the
        effect of the card the player on turn faces has begun."""
        events = self._deadlines(p) if any(self.owed) else []
        self.turn_actions += 1
        if on_turn:
            pile = self.pile
            top = len(pile) - 1  # the topmost card, jokers skipped (_top_index, written out)
            while top >= 0 and pile[top].is_joker:
                top -= 1
            if top >= 0:
                e = pile[top]
                if e.rank in _BEGIN_ON_TURN and not e.begun:
                    self._own(top).begun = True
            if self.mode == "ace" and self.ace is not None:
                ace = self._own(self.ace)
                ace.done = ace.begun = True
            if self.window is not None:
                self._own(self.window["at"]).done = True
                self.window = None
        return events

    def _deadlines(self, actor: int) -> list[Event]:
        events: list[Event] = []
        for q in range(self.num_players):
            if q != actor and self.owed[q]:
                words = self.owed[q]
                self.owed[q] = []
                self.counts["penalty_words"] += len(words)
                events.append(Event("too_late", {"player": q, "words": list(words)}))
                events += self._draw(q, len(words), why="words")
        return events

    def _lay(self, p: int, cards: Sequence[str], anchor: int, a: Action) -> list[Event]:
        events: list[Event] = []
        e: Entry | None = None
        hand = self.hands[p]
        pile = self.pile
        for c in cards:
            before = len(hand)
            hand.remove(c)  # (_take written out: the moment is forgotten already)
            self._held[p] = without(self._held[p], c, hand)
            e = self._push(c, p, anchor)
            events.append(LAID[p, c])
            # (a card that leaves two or more in hand owes a word only if it is a 10)
            if e.rank != "Q" and (before <= 2 or c in TENS):
                self._owe_for_card(p, c, before)
            if self.pilze_given < _PILZE:
                # (most lays: the card below is another rank, and no Pilz can be made; a joker
                # between or the same rank: _pilz_check looks)
                below = pile[-2] if len(pile) > 1 else None
                if below is not None and (below.rank == e.rank or below.is_joker):
                    events += self._pilz_check(p)
        assert e is not None
        self.counts["lays"] += 1
        if e.rank not in _EFFECTS:  # (_effects' first step, written out: most lays)
            events += self._pass_turn(anchor)
        else:
            events += self._effects(e, p, anchor, a, before)
        return events

    def _owe_for_card(self, p: int, card: str, before: int) -> None:
        """The words a card laid owes, in their order: Mau, Miau, Mau-Mau."""
        after = len(self.hands[p])
        if after == 1 and before != 1:
            self.owed[p].append("mau")
        if card in TENS:
            self.owed[p].append("miau")
        if after == 0 and before > 0:
            self.owed[p].append("mau-mau")

    def _effects(
        self,
        e: Entry,
        p: int,
        anchor: int,
        action: Mapping[str, Any] | None = None,
        before: int = 0,
        *,
        first: bool = False,
        turned: bool = False,
    ) -> list[Event]:
        """The card ``e`` now counts: its effect happens. ``p`` decides (wish, partner, extra
        lay); the next player is counted from ``anchor``. A card turned up later in the game
        (no 2 in play) leaves the turn where it is."""
        r = e.rank
        mid_game = turned and not first
        if r not in _EFFECTS:  # a card with no effect of its own: the turn passes on
            return [] if mid_game else self._pass_turn(anchor)
        events: list[Event] = []
        if r == "J":
            if action is not None:
                e.wish = action["wish"]
                events.append(told("wish", p, e.wish))
            else:
                self.choice = {"what": "wish", "player": p}
        if r == "Q":
            e.begun = True  # the swap is part of laying: no 3 ever goes on a queen
            if action is not None:
                events += self._swap(p, action["swap"], before)
            else:
                self.choice = {"what": "swap", "player": p}
        if r == "K":
            self.direction = -self.direction
            e.active = True
            events.append(told("reverse", self.direction))
        if r == "A" and not mid_game and not (first and self.game.options["first_ace"] == "none"):
            # the extra lay is part of this turn (a privileged thrower's rest goes on)
            self.turn, self.mode, self.ace = p, "ace", self._index(e)
            events.append(told("ace", p))
        elif r == "A":
            e.done = True
            if not mid_game:
                events += self._pass_turn(anchor)
        elif not mid_game:
            events += self._pass_turn(anchor)
        if r == "9":
            window_anchor = anchor
            self.window = {"at": len(self.pile) - 1, "anchor": window_anchor, "layer": p}
            events.append(told("nine", p))
        if r in ("5", "6"):
            events += self._open_slap(p, e)
        return events

    def _index(self, e: Entry) -> int:
        """Where ``e`` lies on the pile: on top, where a card that has just begun to count
        lies (no walk through the pile, nor a copy of it)."""
        pile = self.pile
        return len(pile) - 1 if pile and pile[-1] is e else pile.index(e)

    def _open_slap(self, layer: int, e: Entry) -> list[Event]:
        below = None
        pile = self.pile
        for i in range(self._index(e) - 1, -1, -1):
            if not pile[i].is_joker:
                below = pile[i]
                break
        both = below is not None and {below.rank, e.rank} == {"5", "6"}
        need = "both" if both else ("left" if e.rank == "5" else "right")
        e.begun = True
        self.slap = {"layer": layer, "need": need, "slapped": []}
        self.counts["slaps"] += 1
        return [told("slap_open", layer, need)]

    def _swap(self, p: int, q: int, before: int) -> list[Event]:
        """A queen's swap; both owe words by their hand sizes after it."""
        before_q = len(self.hands[q])
        mine, theirs = self.hands[p], self.hands[q]
        self._set_hand(p, theirs)
        self._set_hand(q, mine)
        self.counts["swaps"] += 1
        events = [
            Event("swap", {"player": p, "partner": q}),
            Event("hand", {"cards": list(self.hands[p])}, frozenset((p,))),
            Event("hand", {"cards": list(self.hands[q])}, frozenset((q,))),
        ]
        for who, had in ((p, before), (q, before_q)):
            n = len(self.hands[who])
            if n == 1:
                self.owed[who].append("mau")
            elif n == 0 and had > 0:
                self.owed[who].append("mau-mau")
            if n:
                self.silent[who] = False
                self._drop_matt(who)
        return events

    def _take_chain(self, p: int) -> list[Event]:
        """``p`` draws 2 per 7 of the pending chain; those 7s are done."""
        chain = self.chain()
        for i in self._chain_indices():
            e = self._own(i)
            e.done = e.begun = True
        self._cache = None
        self.counts["chains_taken"] += 1
        events = [told("take", p, chain)]
        return events + self._draw(p, chain * _TABLE["chain_cards"], why="chain")

    def _draw(self, p: int, k: int, why: str) -> list[Event]:
        """``p`` draws ``k`` cards (fewer when none are left); each one drawn costs a joker in
        front of them, onto the pile."""
        hand = self.hands[p]
        before = len(hand)
        events: list[Event] = []
        stock = self.stock
        if k == 1 and stock:  # (most draws: a turn's, a misfit's, most penalties)
            got = [stock.pop()]
        else:
            got = []
            for _ in range(k):
                if not self.stock:
                    events += self._reshuffle()
                    if not self.stock:
                        break
                got.append(self.stock.pop())
            if not got:
                return [*events, Event("no_cards", {"player": p})]
        # each card put into its place (in place: clones copy the hands), the hand's summary
        # following it (``_set_hand`` would forget it)
        summary = self._held[p]
        for c in got:
            insert_card(hand, c)
            summary = with_card(summary, c)
        self._held[p] = summary
        self._legal = self._public = None
        events += drew(self.num_players, p, got, why)
        if self.front[p]:
            for _ in got:
                if self.front[p]:
                    self.front[p] -= 1
                    self._push(JOKER, p, p)
                    events.append(told("joker_to_pile", p))
        # the hand grew
        if len(hand) == 1 and before != 1:
            self.owed[p].append("mau")
        self.silent[p] = False
        if self.owed[p]:
            self._drop_matt(p)
        return events

    def _drop_matt(self, p: int) -> None:
        # "Matt" can only be said with no cards
        if "matt" in self.owed[p]:
            self.owed[p].remove("matt")

    # the rest of the actions

    def _three(self, p: int, a: Action, card: str) -> list[Event]:
        """A 3: not a turn. On a card it cancels that card; on a 3 it gives back what that 3
        cancelled. Laid at once on a 3 (no turn action between), it puts the turn back exactly
        as it was before that 3."""
        top = self._top()
        old_ref = self._ref()
        before = len(self.hands[p])
        self._take(p, card)
        e = self._push(card, p, p)
        e.undo = {
            "turn": self.turn,
            "mode": self.mode,
            "ace": self.ace,
            "direction": self.direction,
            "window": None if self.window is None else dict(self.window),
            "choice": None if self.choice is None else dict(self.choice),
            "at": self.turn_actions,
            "king": None,
        }
        events = [LAID[p, card]]
        self._owe_for_card(p, card, before)
        events += self._pilz_check(p)
        self.counts["threes"] += 1
        new_ref = self._ref()
        if old_ref is not None and (new_ref is None or new_ref < old_ref):
            events += self._cancel(old_ref, e.undo)
        elif new_ref is not None and (old_ref is None or new_ref > old_ref):
            if top is not None and top.undo is not None and top.undo["at"] == self.turn_actions:
                events += self._restore(top.undo)
            else:
                events += self._comes_back()
        return events

    def _cancel(self, i: int, undo: dict[str, Any]) -> list[Event]:
        """The card at ``i`` no longer counts: what its effect did to the turn is undone."""
        card = self._own(i)
        events = [told("cancel", card.card)]
        if card.rank == "K" and card.active:
            card.active = False
            undo["king"] = i
            self.direction = -self.direction
            events.append(told("reverse", self.direction))
            events += self._pass_turn(card.anchor)
        elif card.rank == "A" and self.mode == "ace" and self.ace == i:
            events += self._pass_turn(card.anchor)
        if card.rank == "9":
            card.done = True  # its window does not come back
            if self.window is not None and self.window["at"] == i:
                self.window = None
        if self.choice is not None and card.rank == "J":
            self.choice = None  # the dealer's jack is gone before its wish
        return events

    def _restore(self, undo: dict[str, Any]) -> list[Event]:
        """A 3 on a 3 with no turn action between: as if the lower 3 had never been laid."""
        if undo.get("king") is not None:
            self._own(undo["king"]).active = True
        self.turn, self.mode, self.ace = undo["turn"], undo["mode"], undo["ace"]
        self.direction = undo["direction"]
        self.window = None if undo["window"] is None else dict(undo["window"])
        self.choice = None if undo.get("choice") is None else dict(undo["choice"])
        events = [Event("restore", {"turn": self.turn, "direction": self.direction})]
        if self.turn is not None and self.out[self.turn]:
            events += self._pass_turn(self.turn)  # they have said Matt since: passed over
        return events

    def _comes_back(self) -> list[Event]:
        """A card counts again after turn actions happened: only an effect not yet carried out
        comes back ("a 7 not drawn for, an 8 not sat out, a wish not obeyed, an ace's extra lay
        not made"). 7s, 8s and a jack's wish are read off the pile; a king reverses again; an
        ace whose extra lay was not made gives it back to its layer (the thrower of a thrown-in
        ace), with the turn, as when it was laid: whoever was on turn loses the rest of that
        turn, and the turn passes on from the ace's anchor after the extra lay or the pass. A
        layer who has left play or holds no card cannot make it: it has lapsed."""
        ref = self._ref()
        assert ref is not None
        e = self._own(ref)
        events = [Event("counts_again", {"card": e.card})]
        if e.rank == "K" and not e.active:
            e.active = True
            self.direction = -self.direction
            events.append(told("reverse", self.direction))
        if e.rank == "A" and not e.done:
            layer = e.by
            if self.out[layer] or not self.hands[layer]:
                e.done = True
            else:
                self.turn, self.mode, self.ace = layer, "ace", ref
                events.append(told("ace", layer))
        return events

    def _two(self, p: int, card: str) -> list[Event]:
        before = len(self.hands[p])
        self._take(p, card)
        self._push(card, p, p)
        self._owe_for_card(p, card, before)
        return [LAID[p, card], *self._pilz_check(p)]

    def _throw(self, p: int, a: Action, card: str) -> list[Event]:
        # how ``p`` may throw in (``_throw_kind``) and whether the card fits, as the moment that
        # listed the throw worked them out (``moment._throws``): onto the open 9 any fitting
        # card, under the privilege a 7 on a 7-chain, an 8 on an 8, else any fitting card; 3s
        # and jokers are never listed
        kind = "nine" if self.window is not None else "privilege"
        if card not in self._throws:
            self.counts["penalty_misfit"] += 1
            events = [told("misfit", p, card)]
            return events + self._draw(p, 1, why="misfit")
        events = self._turn_action(p, on_turn=False)
        self.counts["throw_ins"] += 1
        if kind == "nine":
            assert self.window is not None
            nine = self._own(self.window["at"])
            nine.done = nine.begun = True
            same = self.game.options["nine_next"] == "layer"
            anchor = self.window["anchor"] if same else p
            self.window = None
        else:
            anchor = p
            self.rest[p] = True
            self.counts["privilege_throws"] += 1
        before = len(self.hands[p])
        self._take(p, card)
        e = self._push(card, p, anchor)
        events.append(told("throw", p, card, kind))
        if e.rank != "Q":
            self._owe_for_card(p, card, before)
        events += self._pilz_check(p)
        # a thrown-in 9 opens a new window, still counted from the first 9's layer (anchor)
        return events + self._effects(e, p, anchor, action=a, before=before)

    def _joker(self, p: int, a: Action, value: Any) -> list[Event]:
        before = len(self.hands[p])
        self._take(p, JOKER)
        self.front[p] += 1
        self.seq += 1
        self.joker_seq[p] = self.seq
        self.counts["jokers_down"] += 1
        self._owe_for_card(p, JOKER, before)
        return [told("joker", p, self.front[p])]

    def _say(self, p: int, a: Action, word: str) -> list[Event]:
        self.owed[p].pop(0)
        events = [told("say", p, word)]
        if word == "matt":
            self.out[p] = True
            if p in self.winners:
                self.winners.remove(p)
            self.winners.append(p)
            events.append(Event("won", {"player": p, "place": len(self.winners)}))
            if self.turn == p:
                events += self._pass_turn(p)
            if self.choice is not None and self.choice["player"] == p and self.turn is not None:
                # a dealer who leaves before answering a turned-up jack or queen is stood in
                # for by the player on turn, as in _turn_up
                self.choice["player"] = self.turn
        return events

    def _slap(self, p: int, a: Action, hand: str) -> list[Event]:
        assert self.slap is not None
        slapped = self.slap["slapped"]
        slapped.append([p, hand])
        events = [SLAPPED[p, hand]]
        # everyone in play has slapped: the slap closes (each slaps once, so fewer slaps than
        # players in play cannot be everyone; asked first, it spares most slaps the full check)
        if len(slapped) >= self.num_players - sum(self.out):
            done = {q for q, _ in slapped}
            if all(q in done for q in self._players_in_play()):
                events += self._close_slap(by_referee=False)
        return events

    def _close_slap(self, by_referee: bool) -> list[Event]:
        slap = self.slap
        assert slap is not None
        self.slap = None
        hands = dict(slap["slapped"])  # [player, hand] pairs
        players = self._players_in_play()
        last = {q for q in players if q not in hands} if by_referee else {slap["slapped"][-1][0]}
        need = slap["need"]
        table = _TABLE["slap"]
        penalties: dict[int, int] = {}
        if need == "both" and self.game.options["otherwise"] == "all_others":
            t = table["all_others"]
            for q in players:
                k = t["last"] if q in last else t["others"]
                if k:
                    penalties[q] = k
        else:
            t = table["both_hands" if need == "both" else "one_hand"]
            for q in players:
                k = t["last"] * (q in last) + t["wrong"] * (q in hands and hands[q] != need)
                if k:
                    penalties[q] = k
        events: list[Event] = [LazyEvent("slap_closed", _slap_closed, (need, last, penalties))]
        for q, k in penalties.items():
            self.counts["penalty_slap"] += k
            events += self._draw(q, k, why="slap")
        return events

    def _spend_pilz(self, p: int, a: Action, winner: int) -> list[Event]:
        self.pilze[p] -= 1
        self.out[winner] = False
        self.silent[winner] = True
        self.winners.remove(winner)
        self.counts["pilze_spent"] += 1
        return [Event("pilz_spent", {"player": p, "winner": winner})]

    def _pilz_check(self, p: int) -> list[Event]:
        """The lay that makes the top four cards (jokers skipped) one rank, none of them counted
        before, earns its layer a Pilz."""
        if self.pilze_given >= _PILZE:
            return []
        pile = self.pile
        four: list[int] = []
        for i in range(len(pile) - 1, -1, -1):
            e = pile[i]
            if e.is_joker:
                continue
            # (most lays stop at the card below: another rank)
            if e.pilz or (four and e.rank != pile[four[0]].rank):
                return []
            four.append(i)
            if len(four) == 4:
                break
        else:
            return []  # fewer than four cards
        for i in four:
            self._own(i).pilz = True
        self.pilze[p] += 1
        self.pilze_given += 1
        self.counts["pilze"] += 1
        return [Event("pilz", {"player": p, "rank": pile[four[0]].rank})]

    def _dealer_wish(self, p: int, a: Action, wish: str) -> list[Event]:
        ref = self._ref()
        assert ref is not None
        self._own(ref).wish = wish
        self.choice = None
        return [told("wish", p, wish)]

    def _dealer_swap(self, p: int, a: Action, q: int) -> list[Event]:
        self.choice = None
        return self._swap(p, q, len(self.hands[p]))

    # -- after every action ---------------------------------------------------------------------

    def _settle(self) -> list[Event]:
        events: list[Event] = []
        if self.slap is None and self.choice is None:
            while self._ref() is None and not self.free and self.pile_needs_card():
                # before the first turn action the dealer is still turning up the first card
                events += self._turn_up(first=self.turn_actions == 0)
            if self.turn is None and self.holders():
                events += self._pass_turn(self.dealer)
            elif (
                self.turn is not None
                and not self.hands[self.turn]
                and self.game.options["three_out"] == "skip"
                and self.slap is None
            ):
                if self.chain():
                    events += self._take_chain(self.turn)
                events += self._pass_turn(self.turn)
        if all(self.hands):
            return events  # everyone holds cards: nobody owes "Matt", and 3 or more play on
        # "Matt" falls due for everyone between "Mau-Mau" and "Matt" but the player on turn,
        # once no 7-chain, slap or 9 window is open
        quiet = self.slap is None and self.window is None and not self.chain()
        if quiet:
            out, silent, hands, owed = self.out, self.silent, self.hands, self.owed
            for p in range(self.num_players):
                if (
                    not hands[p]
                    and not out[p]
                    and not silent[p]
                    and p != self.turn
                    and "matt" not in owed[p]
                ):
                    owed[p].append("matt")
            if self._ends():
                events += self._end()
        return events

    def pile_needs_card(self) -> bool:
        """No reference card and nobody in play holds a 2: the dealer turns up a card."""
        return not any(self._twos(p) for p in self._players_in_play())

    def _ends(self) -> bool:
        """With no 7-chain, slap or 9 window open (``_settle`` asks only then): no word is
        due, nobody is between "Mau-Mau" and "Matt", and at most two hold cards."""
        if any(self.owed):
            return False
        holders = 0
        for p, hand in enumerate(self.hands):
            if hand:
                holders += 1
            elif not self.out[p] and not self.silent[p]:
                return False  # between "Mau-Mau" and "Matt"
        return holders <= 2

    def _end(self) -> list[Event]:
        self.over = True
        r = self.result()
        return [Event("game_end", {"ranks": list(r.ranks), "summary": r.summary})]

    def is_terminal(self) -> bool:
        return self.over

    def result(self) -> Result:
        if not self.over:
            raise IllegalAction("the game is not over yet", key="r.mm.notover")
        n = self.num_players
        ranks = [0] * n
        for i, p in enumerate(self.winners):
            ranks[p] = i + 1
        silent = [p for p in range(n) if not self.out[p] and not self.hands[p]]
        for p in silent:
            ranks[p] = len(self.winners) + 1
        losers = [p for p in range(n) if self.hands[p]]
        for p in losers:
            ranks[p] = len(self.winners) + (1 if silent else 0) + 1
        scores = tuple(float(sum(r > ranks[p] for r in ranks)) for p in range(n))
        summary = (
            "winners in order: " + ", ".join(f"player {p}" for p in self.winners)
            if self.winners
            else "no winner"
        )
        if losers:
            summary += "; losers: " + ", ".join(f"player {p}" for p in losers)
        # the sheet ranks, it does not count: how each ended (a "Matt" and its place, a silent
        # winner, cards held), the cards held, and the score (players placed behind)
        end = {p: Said("mm.bd.matt", i + 1) for i, p in enumerate(self.winners)}
        end.update({p: Said("mm.tag.silent") for p in silent})
        end.update({p: Said("mm.bd.holds") for p in losers})
        breakdown = (
            (Said("mm.bd.end"), tuple(end.get(p, Said("mm.bd.holds")) for p in range(n))),
            (Said("mm.bd.cards"), tuple(len(h) for h in self.hands)),
            (Said("mm.bd.behind"), scores),
        )
        return Result(scores, tuple(ranks), summary, breakdown)

    def stats(self) -> dict[str, float]:
        return dict(self.counts)

    # -- information ----------------------------------------------------------------------------

    def view(self, player: Player | None) -> dict[str, Any]:
        """Everything public, and ``player``'s own hand. The public part is built once per
        state and shared by the views of one moment: read views, do not change them."""
        if self._public is None:
            self._public = self._public_view()
        hand = list(self.hands[player]) if player is not None and player >= 0 else None
        return {**self._public, "viewer": player, "hand": hand}

    def _public_view(self) -> dict[str, Any]:
        ref = self._ref()
        return {
            "game": "maumau",
            "players": self.num_players,
            "dealer": self.dealer,
            "hands": [len(h) for h in self.hands],
            "stock": len(self.stock),
            "pile": [e.to_json() for e in self.pile],
            "reference": ref,
            "free": self.free,
            "chain": self.chain(),
            "turn": self.turn,
            "direction": self.direction,
            "facing": self.facing(),
            "slap": None
            if self.slap is None
            else {
                "layer": self.slap["layer"],
                "need": self.slap["need"],
                "slapped": [list(x) for x in self.slap["slapped"]],
            },
            "window": None if self.window is None else dict(self.window),
            "choice": None if self.choice is None else dict(self.choice),
            "front": list(self.front),
            "privilege": self.privileged(),
            "rest": list(self.rest),
            "owed": [list(o) for o in self.owed],
            "status": [self._status(p) for p in range(self.num_players)],
            "winners": list(self.winners),
            "pilze": list(self.pilze),
            "pilze_left": _TABLE["pilze"] - self.pilze_given,
            "turn_actions": self.turn_actions,
            "steps": self.steps,
            "over": self.over,
        }

    def _status(self, p: int) -> str:
        if self.out[p]:
            return "won"
        if self.hands[p]:
            return "cards"
        return "silent" if self.silent[p] else "between"

    def resample(self, player: Player, rng: Rng) -> MaumauState:
        """Others' hands and the stock dealt anew from the cards ``player`` cannot see."""
        s = self.clone()
        s.rng = Rng(rng.next64())
        unseen = [
            c for h in (self.hands[q] for q in range(self.num_players) if q != player) for c in h
        ]
        unseen += self.stock
        unseen = sort_cards(unseen)
        rng.shuffle(unseen)
        for q in range(self.num_players):
            if q != player:
                k = len(self.hands[q])
                s._set_hand(q, sort_cards(unseen[:k]))
                del unseen[:k]
        s.stock = unseen
        return s

    def clone(self) -> MaumauState:
        """Every mutable part copied by hand (a search step clones at every action). Shared,
        because nobody changes them in place: the hands' summaries, the 3s' undo records, and
        this moment's scan of the pile, legal actions and public view."""
        s = MaumauState.__new__(MaumauState)
        s.game, s.num_players, s.rng = self.game, self.num_players, Rng(self.rng.state)
        s.hands = [h[:] for h in self.hands]
        s._held = self._held[:]
        s.stock = self.stock[:]
        # the entries are shared until one side changes one (_own): both get a new mark
        s.pile = self.pile[:]
        s._mark, self._mark = object(), object()
        s.front, s.joker_seq, s.seq = self.front[:], self.joker_seq[:], self.seq
        s.dealer, s.turn, s.direction = self.dealer, self.turn, self.direction
        s.mode, s.ace = self.mode, self.ace
        slap = self.slap
        s.slap = None if slap is None else {**slap, "slapped": [x[:] for x in slap["slapped"]]}
        s.window = None if self.window is None else self.window.copy()
        s.choice = None if self.choice is None else self.choice.copy()
        s.owed = [o[:] for o in self.owed]
        s.silent, s.out, s.winners = self.silent[:], self.out[:], self.winners[:]
        s.rest, s.pilze, s.pilze_given = self.rest[:], self.pilze[:], self.pilze_given
        s.turn_actions, s.steps = self.turn_actions, self.steps
        s.free, s.over = self.free, self.over
        s.counts = self.counts.copy()
        s._cache, s._legal, s._actors = self._cache, self._legal, self._actors
        s._face, s._throws, s._public = self._face, self._throws, self._public
        return s

    # -- serialisation --------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "maumau",
            "players": self.num_players,
            "dealer": self.dealer,
            "hands": [list(h) for h in self.hands],
            "stock": list(self.stock),
            "pile": [e.to_json() for e in self.pile],
            "front": list(self.front),
            "joker_seq": list(self.joker_seq),
            "seq": self.seq,
            "turn": self.turn,
            "direction": self.direction,
            "mode": self.mode,
            "ace": self.ace,
            "slap": self.slap,
            "window": self.window,
            "choice": self.choice,
            "owed": [list(o) for o in self.owed],
            "silent": list(self.silent),
            "out": list(self.out),
            "winners": list(self.winners),
            "rest": list(self.rest),
            "pilze": list(self.pilze),
            "pilze_given": self.pilze_given,
            "turn_actions": self.turn_actions,
            "steps": self.steps,
            "free": self.free,
            "over": self.over,
            "counts": dict(sorted(self.counts.items())),
            "rng": self.rng.state,
        }

    @classmethod
    def from_position(cls, game: MaumauGame, data: Mapping[str, Any]) -> MaumauState:
        """A position; everything but ``players``, ``hands`` and ``pile`` may be left out (the
        cards not named are the stock, in deck order, unless ``stock`` is given)."""

        def bad(why: str) -> RecordError:
            return RecordError(f"not a maumau position: {why}")

        if not isinstance(data, Mapping) or data.get("game", "maumau") != "maumau":
            raise bad("a position is a JSON object with game 'maumau'")
        try:
            n = int(data["players"])
            game.check_players(n)
            s = cls(game, n, Rng(int(data.get("rng", 0))))
            s.dealer = int(data.get("dealer", 0))
            s.hands = [sort_cards(h) for h in data["hands"]]
            s._held = [None] * len(s.hands)
            s.pile = [Entry.from_json(e, s.dealer) for e in data["pile"]]
            s.front = list(data.get("front", [0] * n))
            s.joker_seq = list(data.get("joker_seq", [0] * n))
            s.seq = int(data.get("seq", max(s.joker_seq, default=0)))
            s.turn = data.get("turn", (s.dealer + 1) % n)
            s.direction = int(data.get("direction", 1))
            s.mode = data.get("mode", "play")
            s.ace = data.get("ace")
            s.slap = (
                None
                if data.get("slap") is None
                else {**data["slap"], "slapped": [list(x) for x in data["slap"]["slapped"]]}
            )
            s.window = None if data.get("window") is None else dict(data["window"])
            s.choice = None if data.get("choice") is None else dict(data["choice"])
            s.owed = [list(o) for o in data.get("owed", [[] for _ in range(n)])]
            s.silent = list(data.get("silent", [False] * n))
            s.out = list(data.get("out", [False] * n))
            s.winners = list(data.get("winners", []))
            s.rest = list(data.get("rest", [False] * n))
            s.pilze = list(data.get("pilze", [0] * n))
            s.pilze_given = int(data.get("pilze_given", sum(s.pilze)))
            # a position is a game under way unless it says otherwise (see _settle's turn-up)
            s.turn_actions = int(data.get("turn_actions", 1))
            s.steps = int(data.get("steps", 0))
            s.free = bool(data.get("free", False))
            s.over = bool(data.get("over", False))
            s.counts = defaultdict(int, data.get("counts", {}))
            deck = Counter(full_deck(game.options["jokers"]))
            placed = Counter(c for h in s.hands for c in h) + Counter(e.card for e in s.pile)
            placed[JOKER] += sum(s.front)
            # the cards not named are the stock, "2c" on top, unless the position names it
            s.stock = (
                list(data["stock"])
                if "stock" in data
                else sort_cards((deck - placed).elements())[::-1]
            )
        except (KeyError, TypeError, ValueError, AttributeError) as err:
            raise bad(f"{type(err).__name__}: {err}") from None
        for name in ("hands", "front", "joker_seq", "owed", "silent", "out", "rest", "pilze"):
            if len(getattr(s, name)) != n:
                raise bad(f"{name} needs one entry per player ({n})")
        if s.mode not in ("play", "drawn", "ace") or s.direction not in (1, -1):
            raise bad("mode is play, drawn or ace; direction 1 or -1")
        for o in s.owed:
            if any(w not in WORDS for w in o):
                raise bad(f"the words are {', '.join(WORDS)}")
        everything = placed + Counter(s.stock)
        if everything != deck:
            diff = (everything - deck) + (deck - everything)
            raise bad(f"the cards are not the deck's: they differ in {sorted(diff.elements())}")
        return s


# what ``MaumauState._apply`` does with each verb (``moment.verb_of``): a table rather than a
# chain of comparisons, each method taking the player, the action and its value
_DO: dict[str, Callable[[MaumauState, int, Action, Any], list[Event]]] = {
    "lay": MaumauState._act_lay,
    "slap": MaumauState._slap,
    "throw": MaumauState._throw,
    "pass": MaumauState._act_pass,
    "draw": MaumauState._act_draw,
    "joker": MaumauState._joker,
    "take": MaumauState._act_take,
    "sit_out": MaumauState._act_sit_out,
    "say": MaumauState._say,
    "three": MaumauState._three,
    "pilz": MaumauState._spend_pilz,
    "wish": MaumauState._dealer_wish,
    "swap": MaumauState._dealer_swap,
}


# what ``MaumauState._apply`` does with each shared action (``moment.VERBS``, by identity):
# the method of its verb and the value it does it with, looked up in one step
_HOW: dict[int, tuple[Callable[[MaumauState, int, Action, Any], list[Event]], Any]] = {}


def _how(a: Action) -> tuple[Callable[[MaumauState, int, Action, Any], list[Event]], Any]:
    """The method of ``a``'s verb (``_DO``) and its value; kept for the shared actions, which
    live as long as the module (an id is unique while its object lives)."""
    verb, value = verb_of(a)
    how = _DO[verb], value
    if id(a) in VERBS:
        _HOW[id(a)] = how
    return how


def _slap_closed(need: str, last: set[int], penalties: dict[int, int]) -> dict[str, Any]:
    """The data of the event of a slap's close (``LazyEvent``: a playout reads none of them):
    the hand it needed, who were last, and each one's penalty cards."""
    return {
        "need": need,
        "last": sorted(last),
        "penalties": {str(q): k for q, k in penalties.items()},
    }


def _no(reason: str, key: str, *args: Any) -> IllegalAction:
    """A refusal: the English reason, and its key and arguments in ``words.toml``."""
    return IllegalAction(reason, key=key, args=args)


def _shifted(undo: dict[str, Any], shift: int) -> dict[str, Any]:
    """A 3's undo record after a reshuffle took ``shift`` cards from under the pile: its pile
    indices moved down, None where that card went into the stock. A new record, since clones
    share the old one."""
    out = dict(undo)
    window = undo.get("window")
    if window is not None:
        at = window["at"] - shift
        out["window"] = {**window, "at": at} if at >= 0 else None
    for key in ("king", "ace"):
        i = undo.get(key)
        if i is not None:
            out[key] = i - shift if i >= shift else None
    return out


_SHAPES = frozenset(
    frozenset(k)
    for k in (
        ("say",),
        ("joker",),
        ("slap",),
        ("pilz",),
        ("wish",),
        ("swap",),
        ("close",),
        ("lay",),
        ("lay", "wish"),
        ("lay", "swap"),
        ("throw",),
        ("throw", "wish"),
        ("throw", "swap"),
        ("draw",),
        ("pass",),
        ("take",),
        ("sit_out",),
    )
)
_KEYS = frozenset().union(*_SHAPES)


def _is_seat(player: Any) -> bool:
    """Seats are plain ints (a bool or a float is no seat, even where it compares equal)."""
    return type(player) is int


# the cards' names and helpers stay importable from here (the terminal host, the bots)
__all__ = [
    "HANDS",
    "JOKER",
    "RANKS",
    "SUITS",
    "WORDS",
    "MaumauGame",
    "MaumauState",
    "card_order",
    "full_deck",
    "rank",
    "sort_cards",
    "suit",
    "table_data",
]
