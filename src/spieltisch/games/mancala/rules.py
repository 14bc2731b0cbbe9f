"""Mancala of sheet 003 (a Giuthi/Kiuthi-family game), exactly as ``rules/mancala.md`` rules it.

A match of several rounds. In a round the players move in turn: take up an own pit of 2 or
more beans, sow it either way round, relay from a filled pit in the opposite direction, and
capture from an own empty pit together with the next two pits. The round ends when either
player has only single beans; the loser arranges their beans on a board that shrinks with
them, the winner copies the arrangement, and the winner of the round moves first.

The ``kalah`` preset turns the same machinery into Kalah as OpenSpiel's ``mancala`` plays it.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import cache
from importlib import resources
from itertools import chain, compress
from typing import TYPE_CHECKING, Any, ClassVar

from ...core import (
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
from ...core.words import Said
from . import words
from .sowing import (
    DIRECTION_NAMES,
    DIRECTIONS,
    MoveOutcome,
    SowingRules,
    play_move,
)

if TYPE_CHECKING:
    from .kernel import MancalaKernel

PHASES = ("play", "arrange", "over")


@cache
def _compiled() -> Any:
    """The module of Kalah's compiled state (``kalah.py``), or None where its C part is not
    built (then every state is a ``MancalaState``: the same game, slower)."""
    try:
        from . import kalah
    except ImportError:
        return None
    return kalah


_ONE = (frozenset((0,)), frozenset((1,)))
_NOBODY: frozenset[int] = frozenset()


@cache
def board_data() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("board.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def board_size(loser_beans: int, start_pits: int) -> int:
    """Pits per side of the next round's board, from the loser's beans (sheet's table)."""
    for step in sorted(board_data()["shrink"], key=lambda s: s["below"]):
        if loser_beans < step["below"]:
            return min(step["pits"], start_pits)
    return start_pits


@cache
def _move_action(pit: int, direction: str) -> Action:
    return Action(pit=pit, direction=direction)


@cache
def _place_action(k: int) -> Action:
    return Action(place=k)


_START = board_data()["start"]


class MancalaGame(Game):
    id = "mancala"
    title = "Mancala (Giuthi family, sheet 003)"
    min_players = 2
    max_players = 2

    OPTIONS = (
        Option("preset", str, "sheet", "a named bundle of the options below", ("sheet", "kalah")),
        Option("pits", int, _START["pits"], "pits per side in the first round", min=2, max=12),
        Option("seeds", int, _START["seeds"], "beans per pit at the start", min=1, max=24),
        Option("rounds", int, 5, "the agreed number of rounds of the match", min=1, max=99),
        Option(
            "first_mover",
            str,
            "lot",
            "who moves first in round 1: drawn by lot from the seed, or player 0 or 1",
            ("lot", "0", "1"),
        ),
        Option(
            "next_starter",
            str,
            "winner",
            "who moves first after a decided round: its winner (recorded Giuthi play), "
            "its loser, or the players alternate",
            ("winner", "loser", "alternate"),
        ),
        Option(
            "elimination",
            bool,
            True,
            "a loser who cannot give any pit 2 beans (beans <= pits per side) is out",
        ),
        Option(
            "tie",
            str,
            "counts",
            "a tied round counts as one of the agreed rounds ('counts') or is played again "
            "('replay'); either way it restarts from the initial setup, second mover first",
            ("counts", "replay"),
        ),
        Option(
            "directions",
            str,
            "both",
            "the sowing directions a mover may choose from",
            ("both", "ccw", "cw"),
        ),
        Option("min_pick", int, 2, "a pit needs this many beans to be taken up", min=1, max=4),
        Option("relay", bool, True, "a last bean in a filled pit sows that pit on, reversed"),
        Option("skip_start", bool, False, "a lap skips the pit it started from (recorded Giuthi)"),
        Option(
            "capture",
            str,
            "giuthi",
            "giuthi: opposite pit plus the chain; kalah: opposite pit and the landing bean "
            "when the opposite pit holds beans; none",
            ("giuthi", "kalah", "none"),
        ),
        Option(
            "chain",
            str,
            "two",
            "after a capture, the next two own pits are checked each on its own ('two'), "
            "only the next ('one'), or every following empty pit in a run ('all')",
            ("two", "one", "all"),
        ),
        Option(
            "capture_after_lap",
            bool,
            False,
            "captures only once this move's sowing reached the opponent's row (recorded Giuthi)",
        ),
        Option(
            "round_end",
            str,
            "either",
            "the round ends when either player, or only when both, have no pit to take up "
            "(with 'both', a player without a move passes)",
            ("either", "both"),
        ),
        Option("stores_sown", bool, False, "the mover sows into their own store (Kalah)"),
        Option("extra_turn", bool, False, "a last bean in the own store moves again (Kalah)"),
        Option(
            "circling",
            str,
            "own",
            "when every move is forced (one legal move, or none and a pass) and the whole "
            "position comes back to one it had in that run, the round ends: each player banks "
            "their own pits ('own', Oware's rule for an endless cycle), or the round counts as "
            "tied ('tied', the beans even, under the option tie, but never played again: it "
            "counts as one of the agreed rounds, since its replay could circle again for ever); "
            "a round ended by the option repetition ends the same way",
            ("own", "tied"),
        ),
        Option(
            "repetition",
            int,
            3,
            "a whole position (pits, stores, player to move) that comes up for the k-th time "
            "in a round ends it, as circling says: play that can go round for ever, by choice "
            "or not, always ends",
            min=2,
            max=9,
        ),
    )

    PRESETS: ClassVar[dict[str, dict[str, Any]]] = {
        "sheet": {},
        "kalah": {
            "pits": 6,
            "seeds": 4,
            "rounds": 1,
            "first_mover": "0",
            "directions": "ccw",
            "min_pick": 1,
            "relay": False,
            "capture": "kalah",
            "stores_sown": True,
            "extra_turn": True,
        },
    }

    RULES = """\
72 beans, 6 in each of 12 pits; each player owns a row and a store that is never sown into.
On your turn take up all beans of an own pit holding 2 or more and sow them one by one, clockwise
or counter-clockwise as you choose, round the board as often as needed.
- Last bean in a filled pit: take that pit up and sow on in the opposite direction (again and
  again, reversing each time).
- Last bean in an empty pit of the opponent: your move ends.
- Last bean in an empty pit of your own: capture the opposite pit into your store, and also the
  pit opposite each of the next two own pits (in the last lap's direction) that is empty.
The round ends when either player has only single beans; each puts their pits into their store.
The loser arranges their beans over their pits (at least one each) on a board that shrinks with
their beans (under 36: 2x5, 18: 2x4, 9: 2x3, 5: 2x2), the winner copies it and banks the rest,
and the winner moves first. A loser who cannot give any pit two beans is out. After the agreed
rounds (5) the player with fewer beans loses.
Moves are {"pit": i, "direction": "cw"|"ccw"} with the ring index i (player 0: 0..n-1, player 1:
n..2n-1, ccw = +1, opposite of i = 2n-1-i); arranging is {"place": k}, pit by pit."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        o = self.options
        self.sowing = SowingRules(
            relay=o["relay"],
            skip_start=o["skip_start"],
            capture=o["capture"],
            chain=o["chain"],
            capture_after_lap=o["capture_after_lap"],
            stores_sown=o["stores_sown"],
            extra_turn=o["extra_turn"],
        )
        self.directions = ("ccw", "cw") if o["directions"] == "both" else (o["directions"],)
        self.total_beans = 2 * o["pits"] * o["seeds"]
        if o["seeds"] < o["min_pick"]:
            raise OptionError(
                f"with {o['seeds']} bean(s) per pit and min_pick={o['min_pick']} nobody can move"
            )
        if o["capture"] == "none" and not o["stores_sown"] and o["round_end"] == "both":
            # no bean ever leaves the board, and both rows can never be short of min_pick
            # together (the 2 * pits * seeds beans are more than pits * (min_pick - 1)): the
            # round could end only by the repetition rule, after millions of moves
            raise OptionError(
                "with capture=none, no stores sown and round_end=both no round can end "
                "(the beans never leave the board)"
            )
        self.min_pick: int = o["min_pick"]
        self.round_end_both = o["round_end"] == "both"
        # The circling rule watches runs of forced moves. With two directions a player who
        # can move has two moves, so no move is ever forced. Kalah's sowing (one direction
        # ccw, stores sown, no relay) cannot circle either: a move that misses the own store
        # only carries beans forward in the mover's own row, so between two changes of the
        # stores (which never shrink in a round) every move raises the sum over both rows of
        # each bean's place in its row, and no position comes back. Those games skip the watch.
        self.watch_circling = len(self.directions) == 1 and not (
            o["stores_sown"] and not o["relay"] and o["directions"] == "ccw"
        )
        self.circling_tied = o["circling"] == "tied"
        # The repetition rule counts whole positions since the stores last changed (they
        # never shrink in a round, so no position before a change can come again). Kalah's
        # sowing, by the argument above, never repeats a position: it skips this watch too.
        self.watch_repetition = not (
            o["stores_sown"] and not o["relay"] and o["directions"] == "ccw"
        )
        self.repetition: int = o["repetition"]
        # every move action, by pit, in the order legal_actions lists them
        self.move_actions = [tuple(_move_action(i, d) for d in self.directions) for i in range(24)]
        self.single_actions = [row[0] for row in self.move_actions]  # one direction only
        # the actions legal_actions hands out, by identity: apply knows them at a glance
        # (the cached Action objects live as long as the game, so their ids stay theirs)
        self.move_of = {
            id(a): (a["pit"], DIRECTIONS[a["direction"]]) for row in self.move_actions for a in row
        }
        if o["preset"] == "kalah":
            self.title = "Kalah (as OpenSpiel's mancala)"
        self._kernel: MancalaKernel | None = None
        # Kalah's sowing, capture and round end have a compiled play phase (kalah.py,
        # _kalah.pyx; these options skip both watches, by the argument above), used where
        # that module is built; a test or a user may turn it off by setting this False
        self.compiled_play = (
            self.directions == ("ccw",)
            and o["min_pick"] == 1
            and not o["relay"]
            and not o["skip_start"]
            and o["capture"] == "kalah"
            and not o["capture_after_lap"]
            and o["stores_sown"]
            and o["round_end"] == "either"
            and _compiled() is not None
        )
        self._kalah_setup: tuple[Any, ...] | None = None

    def said_action(self, view: Mapping[str, Any] | None, action: Action) -> Said:
        return words.said_action(view, action)

    def said_event(self, event: Mapping[str, Any], view: Mapping[str, Any] | None) -> Said | None:
        return words.said_event(event, view)

    def kernel(self) -> MancalaKernel:
        """The compiled fast path of these rules (``kernel.py``): whole random games and
        rollouts. Built on first use, so that numba is imported only by those who ask."""
        if self._kernel is None:
            from .kernel import MancalaKernel

            self._kernel = MancalaKernel(self)
        return self._kernel

    @property
    def kalah_setup(self) -> tuple[Any, ...]:
        """What the compiled Kalah states of this game share (``kalah.setup``)."""
        if self._kalah_setup is None:
            setup = _compiled().setup
            self._kalah_setup = setup(self, MancalaState, _move_data, _ONE, _NOBODY)
        return self._kalah_setup

    def new_state(self, players: int | None = None, seed: int = 0) -> MancalaState:
        self.check_players(players)
        o = self.options
        first = Rng(seed).below(2) if o["first_mover"] == "lot" else int(o["first_mover"])
        if self.compiled_play:
            return _compiled().KalahState.start(self, first)  # type: ignore[no-any-return]
        state = MancalaState(self)
        state.start_round(round_no=1, first=first)
        return state

    def from_json(self, data: Mapping[str, Any]) -> MancalaState:
        state = MancalaState.from_position(self, data)
        if self.compiled_play:
            return _compiled().KalahState.of(self, state)  # type: ignore[no-any-return]
        return state


class MancalaState(State):
    """The position of the rulings' format, plus the results of the rounds played."""

    __slots__ = (
        "arranger",
        "first_mover",
        "forced",
        "game",
        "history",
        "phase",
        "pits",
        "result_",
        "round",
        "rounds",
        "seen",
        "stores",
        "swept",
        "to_move",
    )

    num_players = 2

    def __init__(self, game: MancalaGame) -> None:
        self.game: MancalaGame = game
        self.pits: list[int] = []
        self.stores: list[int] = [0, 0]
        self.to_move: int = 0
        self.first_mover: int = 0
        self.arranger: int | None = None
        self.round: int = 1
        self.rounds: int = game.options["rounds"]
        self.phase: str = "play"
        self.result_: int | str | None = None
        self.history: list[list[int]] = []  # beans of each finished round
        # what each player's pits held when the last round ended (put into the store then):
        # for the result's breakdown only, so not in the rulings' position format
        self.swept: list[int] | None = None
        # the circling rule's record: every whole position (pits, stores, to_move) of the
        # present run of forced moves, in order (a dict as an ordered set); None outside one
        self.forced: dict[tuple[int, ...], None] | None = None
        # the repetition rule's record: how often each whole position has come up since the
        # stores last changed in this round; None where nothing is counted yet
        self.seen: dict[tuple[int, ...], int] | None = None

    # -- set-up and the flow of a match ------------------------------------------------------

    def start_round(self, round_no: int, first: int) -> list[Event]:
        """A round from the initial setup: the first round, or the one after a tie."""
        o = self.game.options
        self.pits = [o["seeds"]] * (2 * o["pits"])
        self.stores = [0, 0]
        self.round = round_no
        self.phase = "play"
        self.arranger = None
        self.first_mover = self.to_move = first
        self.forced = self.seen = None
        events = [Event("round_start", {"round": round_no, "pits": o["pits"], "first": first})]
        return events + self._after_move(moved=None)

    @property
    def n(self) -> int:
        return len(self.pits) >> 1

    def _after_move(self, moved: int | None, again: bool = False) -> list[Event]:
        """Whose move next, or the end of the round."""
        game, pits = self.game, self.pits
        n = len(pits) >> 1  # has each row a pit that may be taken up? (inline: after every move)
        can = (max(pits[:n]) >= game.min_pick, max(pits[n:]) >= game.min_pick)
        # either: the round ends once one player has no move; both: once neither has
        if not (can[0] and can[1]) and (not game.round_end_both or not (can[0] or can[1])):
            return self._end_round()
        if moved is not None:
            self.to_move = moved if again else 1 - moved
        if not can[self.to_move]:  # only under round_end=both: a player without a move passes
            self.to_move = 1 - self.to_move
            events = [Event("pass", {"player": 1 - self.to_move})]
            return self._watch(events) if game.watch_repetition else events
        return self._watch([]) if game.watch_repetition else []

    def _watch(self, events: list[Event]) -> list[Event]:
        """The rules against endless rounds, on the position the next mover faces where a
        position can come again (``watch_repetition``, which ``watch_circling`` implies): the
        circling rule first (it ends a forced run at its first repeat), then repetition."""
        if self.game.watch_circling:
            rounds = len(self.history)
            events = self._watch_circling(events)
            if len(self.history) != rounds:  # it ended the round
                return events
        return self._watch_repetition(events)

    def _watch_repetition(self, events: list[Event]) -> list[Event]:
        """The repetition rule (option ``repetition``): the k-th time a whole position comes
        up in a round, the round ends as the circling rule ends it.

        Why: where a player has a choice, play can still go round for ever (a pair of beans
        walking round the ring, each player's one alternative leading back into the circle),
        and the circling rule, which proves a circle only where every move is forced, never
        sees it. Counting k times, not the first repeat, leaves a player who repeats by
        choice room to play on differently. The record holds only the positions since the
        stores last changed: stores never shrink in a round, so none before can come again."""
        key = (*self.pits, *self.stores, self.to_move)
        seen = self.seen
        if seen is None:
            self.seen = {key: 1}
            return events
        times = seen.get(key, 0) + 1
        if times >= self.game.repetition:
            return events + self._end_round(repeated=True)
        seen[key] = times
        return events

    def _watch_circling(self, events: list[Event]) -> list[Event]:
        """The circling rule (option ``circling``), on the position the next mover faces.

        Why it ends the round: while every move is forced the game is deterministic, so a
        whole position that comes back in a run of forced moves comes back for ever (a pair
        of beans walking round the ring, the other player passing). The first repeat is
        that proof, so the round ends there, the record is exact and is kept only while
        moves are forced: an unforced position clears it."""
        game, pits = self.game, self.pits
        n = len(pits) >> 1
        lo = self.to_move * n
        row = pits[lo : lo + n]
        # one direction (watch_circling): forced means exactly one pit may be taken up, the
        # others holding fewer than min_pick (counted in C: this runs after every move)
        least = game.min_pick
        if least == 1:
            stuck = row.count(0)
        elif least == 2:
            stuck = row.count(0) + row.count(1)
        else:
            stuck = sum(map(least.__gt__, row))
        if stuck != n - 1:
            self.forced = None
            return events
        key = (*pits, *self.stores, self.to_move)
        if self.forced is None:
            self.forced = {key: None}
        elif key in self.forced:
            return events + self._end_round(circled=True)
        else:
            self.forced[key] = None
        return events

    def _end_round(self, circled: bool = False, repeated: bool = False) -> list[Event]:
        """The round's end: each player banks their own pits. ``circled``: it ends by the
        circling rule, which under ``circling=tied`` makes it a tied round instead (the beans
        shared out evenly, as a 36 : 36 round has them), so that the ruling of a tied round
        (option ``tie``) takes it from there. ``repeated``: by the repetition rule, which
        ends it the same way."""
        o = self.game.options
        n = self.n
        self.forced = self.seen = None
        self.swept = [sum(self.pits[p * n : p * n + n]) for p in (0, 1)]
        for p in (0, 1):
            self.stores[p] += self.swept[p]
        self.pits = [0] * (2 * n)
        # the round_end event says why, where it is not the usual "a player has no move"
        why = (
            {"circled": o["circling"]}
            if circled
            else {"repeated": o["circling"], "times": o["repetition"]}
            if repeated
            else {}
        )
        if (circled or repeated) and self.game.circling_tied:
            half = (self.stores[0] + self.stores[1]) >> 1  # the beans are 2 * pits * seeds
            self.stores = [half, half]
            self.swept = None  # the store and the own pits no longer add up to the beans
        beans = list(self.stores)
        self.history.append(beans)
        if beans[0] == beans[1]:
            events = [
                Event("round_end", {"round": self.round, "beans": beans, "loser": None, **why})
            ]
            # a round tied by circling or repetition counts even under tie=replay: replayed, it
            # could end the same way again and again, and the match never
            counts = o["tie"] == "counts" or circled or repeated
            last = self.round >= self.rounds
            if counts and last:
                return events + self._end_match("draw", "the last round was tied")
            # restart from the initial setup; who moved second in the tied round moves first
            next_round = self.round + 1 if counts else self.round
            return events + self.start_round(next_round, 1 - self.first_mover)
        loser = 0 if beans[0] < beans[1] else 1
        winner = 1 - loser
        events = [Event("round_end", {"round": self.round, "beans": beans, "loser": loser, **why})]
        if self.round >= self.rounds:
            # the winner has more beans; the sheet says it as "the player with fewer loses"
            return events + self._end_match(
                winner, f"more beans after round {self.round}", loser=loser, round=self.round
            )
        size = board_size(beans[loser], o["pits"])
        if beans[loser] < size or (o["elimination"] and beans[loser] <= size):
            return events + self._end_match(
                winner,
                f"player {loser} cannot give any of {size} pits two beans",
                loser=loser,
                pits=size,
            )
        starter = {
            "winner": winner,
            "loser": loser,
            "alternate": 1 - self.first_mover,
        }[o["next_starter"]]
        self.round += 1
        self.phase = "arrange"
        self.arranger = loser
        self.first_mover = self.to_move = starter
        self.pits = [0] * (2 * size)
        events.append(
            Event("arrange_start", {"round": self.round, "arranger": loser, "pits": size})
        )
        return events

    def _end_match(self, result: int | str, why: str, **facts: int) -> list[Event]:
        """``why`` in English; ``facts`` (``loser`` and ``round`` or ``pits``) let the log say
        it in either language (words.py)."""
        self.phase = "over"
        self.result_ = result
        self.arranger = None
        data = {"result": result, "why": why, "beans": list(self.stores), **facts}
        return [Event("match_end", data)]

    # -- the contract --------------------------------------------------------------------------

    def actors(self) -> frozenset[Player]:
        if self.phase == "play":
            return _ONE[self.to_move]
        if self.phase == "arrange":
            return _ONE[self.arranger]  # type: ignore[index]
        return _NOBODY

    def legal_actions(self, player: Player) -> list[Action]:
        if self.phase == "play":
            if player != self.to_move:
                return []
            # the pits that may be taken up select their actions, in C (compress), not in a
            # Python loop: this runs once per position of every playout
            game = self.game
            n = len(self.pits) >> 1
            lo = player * n
            row = self.pits[lo : lo + n]
            pickable = row if game.min_pick == 1 else map(game.min_pick.__le__, row)
            if len(game.directions) == 1:
                return list(compress(game.single_actions[lo : lo + n], pickable))
            return list(chain.from_iterable(compress(game.move_actions[lo : lo + n], pickable)))
        if self.phase == "arrange" and player == self.arranger:
            return [_place_action(k) for k in range(1, self._max_place() + 1)]
        return []

    def _placed(self) -> int:
        lo = self.arranger * self.n
        return sum(1 for i in range(lo, lo + self.n) if self.pits[i] > 0)

    def _max_place(self) -> int:
        """Beans left minus one for every pit after the next (each needs at least one)."""
        return self.stores[self.arranger] - (self.n - self._placed() - 1)

    def _accept(self, player: int, action: Action | Mapping[str, Any]) -> list[Event]:
        # a move legal_actions handed out, by identity: no Action.of, no validate call; the
        # checks are _check's own. Anything else goes the general way, the core's _accept.
        move = self.game.move_of.get(id(action))
        if move is not None and self.phase == "play" and player == self.to_move:
            pit, direction = move
            n = len(self.pits) >> 1
            if player * n <= pit < player * n + n and self.pits[pit] >= self.game.min_pick:
                return self._move(player, pit, direction, action["direction"])  # type: ignore[index]
        return super()._accept(player, action)

    def _check(self, player: int, action: Action) -> None:
        # the common case without building the list of legal actions; anything unusual
        # goes the general way, which also finds the reason for a refusal
        if self.phase == "play" and player == self.to_move and len(action) == 2:
            pit, direction = action.get("pit"), action.get("direction")
            n = len(self.pits) >> 1
            if (
                type(pit) is int
                and player * n <= pit < player * n + n
                and direction in self.game.directions
                and self.pits[pit] >= self.game.options["min_pick"]
            ):
                return
        super()._check(player, action)

    def explain(self, player: Player, action: Action) -> str | IllegalAction:
        if self.phase == "arrange":
            if set(action) != {"place"} or not isinstance(action["place"], int):
                return 'while arranging, an action is {"place": k}: k beans into the next pit'
            return (
                f"you may place 1 to {self._max_place()} beans into the next pit "
                f"(every later pit needs at least one), not {action['place']}"
            )
        if set(action) != {"pit", "direction"}:
            return 'a move is {"pit": i, "direction": "cw" or "ccw"}'
        pit, direction = action["pit"], action["direction"]
        if not isinstance(direction, str) or direction not in DIRECTIONS:
            return f"the direction is 'cw' or 'ccw', not {direction!r}"
        if direction not in self.game.directions:
            return f"in this game you sow only {'/'.join(self.game.directions)}"
        n = self.n
        if not isinstance(pit, int) or isinstance(pit, bool) or not 0 <= pit < 2 * n:
            return f"pit is a number from 0 to {2 * n - 1}, not {pit!r}"
        lo, hi = player * n, player * n + n - 1
        if not lo <= pit <= hi:
            return f"pit {pit} belongs to your opponent; yours are {lo} to {hi}"
        beans = self.pits[pit]
        if beans == 0:
            # said as the page counts pits: 1..n from the owner's left
            return IllegalAction(
                f"pit {pit} is empty", key="r.pit.empty", args=(words.pit_no(pit, n),)
            )
        return (
            f"pit {pit} holds a single bean, and a single bean may not be taken up"
            if beans == 1
            else f"pit {pit} holds {beans} beans; a pit needs {self.game.options['min_pick']}"
        )

    def _apply(self, player: Player, action: Action) -> list[Event]:
        if self.phase == "arrange":
            return self._place(player, action["place"])
        pit, name = action["pit"], action["direction"]
        return self._move(player, pit, DIRECTIONS[name], name)

    def _move(self, player: Player, pit: int, direction: int, name: str) -> list[Event]:
        stores = self.stores
        banked = stores[0] + stores[1]
        out = play_move(self.pits, stores, player, pit, direction, self.game.sowing)
        if stores[0] + stores[1] != banked:  # no position before this can come again
            self.seen = None
        # the event's data is built when someone reads it: a playout never does
        event = LazyEvent("move", _move_data, (player, pit, name, out))
        after = self._after_move(player, out.again)
        return [event, *after] if after else [event]

    def _place(self, player: Player, k: int) -> list[Event]:
        n, lo = self.n, player * self.n
        pit = lo + self._placed()
        self.pits[pit] = k
        self.stores[player] -= k
        events = [Event("place", {"player": player, "pit": pit, "beans": k})]
        if pit == lo + n - 2:  # the last pit takes the rest with no action
            self.pits[pit + 1] = self.stores[player]
            events.append(
                Event("place", {"player": player, "pit": pit + 1, "beans": self.stores[player]})
            )
            self.stores[player] = 0
            events += self._copy_arrangement(player)
        return events

    def _copy_arrangement(self, arranger: int) -> list[Event]:
        n, other = self.n, 1 - arranger
        for i in range(arranger * n, arranger * n + n):
            self.pits[2 * n - 1 - i] = self.pits[i]
        self.stores[other] -= sum(self.pits[other * n : other * n + n])
        self.phase = "play"
        self.arranger = None
        self.forced = self.seen = None
        events = [Event("copy", {"player": other, "pits": list(self.pits)})]
        return events + self._after_move(moved=None)

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def result(self) -> Result:
        if self.phase != "over":
            raise IllegalAction("the match is not over yet")
        beans = tuple(self.stores)
        if self.result_ == "draw":
            return Result(beans, (1, 1), "draw", self.breakdown())
        winner = int(self.result_)  # type: ignore[arg-type]
        ranks = (1, 2) if winner == 0 else (2, 1)
        return Result(beans, ranks, f"player {winner} wins", self.breakdown())

    def breakdown(self) -> tuple[tuple[Said, tuple[Any, ...]], ...]:
        """How the sheet's score came about: the beans after each round of a match (the last
        of them is the score: the sheet decides on the last round's beans), the rounds each
        won, and the last round's beans as the store held them and as they were left in the
        own pits and put into the store at the round's end (these two add up to the score;
        known where this state played the round's end, not for a position read from JSON)."""
        rows: list[tuple[Said, tuple[Any, ...]]] = []
        if len(self.history) > 1:
            replay = self.game.options["tie"] == "replay"
            k = 1
            for h in self.history:
                if replay and h[0] == h[1]:  # a tied round played again keeps its number
                    rows.append((Said("m.bd.tied", k), tuple(h)))
                else:
                    rows.append((Said("m.bd.round", k), tuple(h)))
                    k += 1
        if self.rounds > 1:
            won = [sum(h[p] > h[1 - p] for h in self.history) for p in (0, 1)]
            rows.append((Said("m.bd.won"), tuple(won)))
        if self.swept is not None:
            store = tuple(b - s for b, s in zip(self.stores, self.swept, strict=True))
            rows.append((Said("m.bd.store"), store))
            rows.append((Said("m.bd.left"), tuple(self.swept)))
        return tuple(rows)

    def view(self, player: Player | None) -> dict[str, Any]:
        # perfect information: everyone sees the whole position
        out = self.to_json()
        out["viewer"] = player
        return out

    def resample(self, player: Player, rng: Rng) -> MancalaState:
        return self.clone()

    def clone(self) -> MancalaState:
        s = MancalaState.__new__(MancalaState)
        s.game = self.game
        s.pits = self.pits[:]
        s.stores = self.stores[:]
        s.to_move = self.to_move
        s.first_mover = self.first_mover
        s.arranger = self.arranger
        s.round = self.round
        s.rounds = self.rounds
        s.phase = self.phase
        s.result_ = self.result_
        s.history = [h[:] for h in self.history]
        s.swept = None if self.swept is None else self.swept[:]
        s.forced = None if self.forced is None else self.forced.copy()
        s.seen = None if self.seen is None else self.seen.copy()
        return s

    # -- the position format of the rulings ----------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        out = {
            "game": "mancala",
            "phase": self.phase,
            "pits": list(self.pits),
            "stores": list(self.stores),
            "to_move": self.to_move,
            "first_mover": self.first_mover,
            "arranger": self.arranger,
            "round": self.round,
            "rounds": self.rounds,
            "result": self.result_,
            "history": [list(h) for h in self.history],
        }
        if self.forced is not None:
            # the circling rule's record, only in a run of forced moves (the positions of the
            # rulings' format keep their keys): each position as [*pits, *stores, to_move]
            out["forced"] = [list(k) for k in self.forced]
        seen = self.seen
        if seen is not None and (len(seen) > 1 or next(iter(seen.values())) > 1):
            # the repetition rule's record, where it holds more than the position itself
            # (which a position read without it starts with): [*pits, *stores, to_move, times]
            out["seen"] = [[*k, times] for k, times in seen.items()]
        return out

    @classmethod
    def from_position(cls, game: MancalaGame, data: Mapping[str, Any]) -> MancalaState:
        def bad(why: str) -> RecordError:
            return RecordError(f"not a mancala position: {why}")

        if not isinstance(data, Mapping):
            raise bad("a position is a JSON object")
        if data.get("game", "mancala") != "mancala":
            raise bad(f"it is a position of {data.get('game')!r}")
        missing = [k for k in ("phase", "pits", "stores", "to_move") if k not in data]
        if missing:
            raise bad(f"it lacks {', '.join(missing)}")
        pits, stores = data["pits"], data["stores"]
        if not (isinstance(pits, list) and all(_count(x) for x in pits)):
            raise bad("pits is a list of bean counts (whole numbers >= 0)")
        if len(pits) % 2 or not 4 <= len(pits) <= 24:
            raise bad(f"pits holds two equal rows of 2 to 12 pits, not {len(pits)} pits")
        if not (isinstance(stores, list) and len(stores) == 2 and all(_count(x) for x in stores)):
            raise bad("stores is a list of two bean counts")
        if sum(pits) + sum(stores) != game.total_beans:
            raise bad(f"the beans add up to {sum(pits) + sum(stores)}, not {game.total_beans}")
        phase = data["phase"]
        if phase not in PHASES:
            raise bad(f"phase is one of {', '.join(PHASES)}, not {phase!r}")
        s = cls(game)
        s.pits, s.stores, s.phase = list(pits), list(stores), phase
        s.to_move = _seat(data["to_move"], "to_move", bad)
        s.first_mover = _seat(data.get("first_mover", s.to_move), "first_mover", bad)
        s.arranger = None
        if phase == "arrange":
            s.arranger = _seat(data.get("arranger"), "arranger", bad)
            n, lo = s.n, s.arranger * s.n
            row = pits[lo : lo + n]
            placed = next((k for k, x in enumerate(row) if x == 0), n)
            if any(row[placed:]):
                raise bad("the arranger's pits are filled in ring order from the lowest")
            if placed > n - 2:
                raise bad("an arrangement in progress has at least two pits left to fill")
            if any(pits[(1 - s.arranger) * n : (1 - s.arranger) * n + n]):
                raise bad("the opponent's pits stay empty until the arrangement is copied")
            if stores[s.arranger] < n - placed:
                raise bad("the arranger has fewer beans left than pits to fill")
        s.round = _whole(data.get("round", 1), "round", bad)
        s.rounds = _whole(data.get("rounds", game.options["rounds"]), "rounds", bad)
        result = data.get("result")
        if phase == "over":
            if result not in (0, 1, "draw"):
                raise bad("a finished match has the result 0, 1 or 'draw'")
            s.result_ = result
        elif result is not None:
            raise bad("result stays null until the match is over")
        history = data.get("history", [])
        if not isinstance(history, list):
            raise bad("history is a list of [beans, beans]")
        s.history = [list(h) for h in history]
        forced = data.get("forced")
        if forced is not None:
            width = len(pits) + 3
            if not (
                isinstance(forced, list)
                and forced
                and all(
                    isinstance(k, list) and len(k) == width and all(_count(x) for x in k)
                    for k in forced
                )
                and phase == "play"
            ):
                raise bad(
                    "forced (the circling rule's record) is a list of positions in play, "
                    f"each [*pits, *stores, to_move] ({width} counts)"
                )
            if not game.watch_circling:
                raise bad("forced (the circling rule's record) belongs to one sowing direction")
            n = len(pits) >> 1
            for k in forced:
                # each a position of this game whose mover has exactly one pit to take up (the
                # kernel's rollout indexes by them unchecked)
                mover = k[-1]
                if mover not in (0, 1) or sum(k[:-1]) != game.total_beans:
                    raise bad(f"forced: {k} is no position of this game")
                row = k[mover * n : mover * n + n]
                if sum(b >= game.min_pick for b in row) != 1:
                    raise bad(f"forced: in {k} the mover's move is not forced")
            s.forced = dict.fromkeys(tuple(k) for k in forced)
            if len(s.forced) != len(forced):
                raise bad("forced (the circling rule's record) holds a position twice")
            if next(reversed(s.forced)) != (*s.pits, *s.stores, s.to_move):
                raise bad("forced (the circling rule's record) ends with the position itself")
        elif phase == "play" and game.watch_circling:
            # a position without a record begins a run of forced moves if it is forced, as
            # the first position of a round does (so from_json(to_json(s)) is s again)
            s._watch_circling([])
        seen = data.get("seen")
        # the forced run's positions since the stores last changed: each came up at least once
        # in the present stretch, so the repetition rule's record holds them too
        stretch = [k for k in s.forced or () if list(k[-3:-1]) == s.stores]
        if seen is not None:
            s.seen = _read_seen(game, s, seen, bad)
            if any(k not in s.seen for k in stretch):
                raise bad("seen (the repetition rule's record) lacks a position of forced")
        elif phase == "play" and game.watch_repetition:
            # as the first position of a round, or with the forced run's positions (a record
            # written before the repetition rule)
            s.seen = dict.fromkeys(stretch, 1) | {(*s.pits, *s.stores, s.to_move): 1}
        return s


def _read_seen(
    game: MancalaGame, s: MancalaState, seen: Any, bad: Any
) -> dict[tuple[int, ...], int]:
    """The repetition rule's record of a position read from JSON, checked as one this game
    could have kept: positions of play with the position's own stores (the record starts
    afresh when they change), each a position its mover can move in, counted 1 to k-1
    times, none twice, the position itself among them."""
    width = len(s.pits) + 4
    if not (
        isinstance(seen, list)
        and seen
        and all(isinstance(k, list) and len(k) == width and all(_count(x) for x in k) for k in seen)
        and s.phase == "play"
    ):
        raise bad(
            "seen (the repetition rule's record) is a list of positions in play, "
            f"each [*pits, *stores, to_move, times] ({width} counts)"
        )
    if not game.watch_repetition:
        raise bad("seen (the repetition rule's record) is kept only where positions can repeat")
    n, size = s.n, len(s.pits)
    record: dict[tuple[int, ...], int] = {}
    for k in seen:
        *key, mover, times = k
        if key[size:] != s.stores or mover not in (0, 1) or sum(key) != game.total_beans:
            raise bad(f"seen: {k} is not a position of this game with this position's stores")
        if max(key[mover * n : mover * n + n]) < game.min_pick:
            raise bad(f"seen: in {k} the mover cannot move")
        if not 1 <= times < game.repetition:
            raise bad(f"seen: a position comes up 1 to {game.repetition - 1} times, not {times}")
        position = (*key, mover)
        if position in record:
            raise bad("seen (the repetition rule's record) holds a position twice")
        record[position] = times
    if (*s.pits, *s.stores, s.to_move) not in record:
        raise bad("seen (the repetition rule's record) holds the position itself")
    return record


def _move_data(player: int, pit: int, name: str, out: MoveOutcome) -> dict[str, Any]:
    """The data of a move's event: its laps, captures and end (``LazyEvent`` builds it)."""
    return {
        "player": player,
        "pit": pit,
        "direction": name,
        "laps": [
            {"from": o, "direction": DIRECTION_NAMES[d], "beans": b, "to": t}
            for o, d, b, t in out.laps
        ],
        "captures": [{"pit": p, "beans": b} for p, b in out.captures],
        "end": out.end,
        "again": out.again,
    }


def _count(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and x >= 0


def _seat(x: Any, name: str, bad: Any) -> int:
    if x not in (0, 1) or isinstance(x, bool):
        raise bad(f"{name} is 0 or 1, not {x!r}")
    return int(x)


def _whole(x: Any, name: str, bad: Any) -> int:
    if not _count(x) or x < 1:
        raise bad(f"{name} is a whole number of at least 1, not {x!r}")
    return int(x)


__all__ = ["MancalaGame", "MancalaState", "board_size"]
