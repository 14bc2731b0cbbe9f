"""The alpha-beta bot: generic search (on a toy game) and mancala's evaluation around it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from bot_guard import Checked, ResampleOnly, guarded_decision

import spieltisch
from spieltisch.bots import Decision, make_bot, strongest_bot
from spieltisch.bots.alphabeta import WIN, AlphaBetaBot
from spieltisch.bots.scheduler import play_game
from spieltisch.core import Action, Game, Result, Rng, State
from spieltisch.games.mancala import bots as mancala_bots

# -- a toy game tree: the same player may move twice ---------------------------------------

WIN0, LOSS0, DRAW = "win0", "loss0", "draw"


class ToyGame(Game):
    id = "toy"
    title = "toy tree"
    min_players = max_players = 2

    def __init__(self, tree: Mapping[str, Any]) -> None:
        super().__init__()
        self.tree = tree

    def new_state(self, players: int | None = None, seed: int = 0) -> ToyState:
        return ToyState(self, ())

    def from_json(self, data: Mapping[str, Any]) -> ToyState:
        return ToyState(self, tuple(data["path"]))


class ToyState(State):
    num_players = 2

    def __init__(self, game: ToyGame, path: tuple[str, ...]) -> None:
        self.game = game
        self.path = path

    def node(self) -> Any:
        node: Any = self.game.tree
        for step in self.path:
            node = node["moves"][step]
        return node

    def actors(self) -> frozenset[int]:
        node = self.node()
        return frozenset() if isinstance(node, str) else frozenset((node["mover"],))

    def legal_actions(self, player: int) -> list[Action]:
        node = self.node()
        if isinstance(node, str) or node["mover"] != player:
            return []
        return [Action(m=m) for m in node["moves"]]

    def _apply(self, player: int, action: Action) -> list[Any]:
        self.path = (*self.path, action["m"])
        return []

    def is_terminal(self) -> bool:
        return isinstance(self.node(), str)

    def result(self) -> Result:
        ranks = {WIN0: (1, 2), LOSS0: (2, 1), DRAW: (1, 1)}[self.node()]
        return Result((0.0, 0.0), ranks)

    def view(self, player: int | None) -> dict[str, Any]:
        return self.to_json()

    def resample(self, player: int, rng: Rng) -> ToyState:
        return ToyState(self.game, self.path)

    def to_json(self) -> dict[str, Any]:
        return {"path": list(self.path)}


def toy_choice(tree: Mapping[str, Any], depth: int = 4) -> tuple[str, float]:
    game = ToyGame(tree)
    state = game.new_state()
    bot = AlphaBetaBot(lambda s, p: 0.0, depth=depth)
    action = bot.act(Decision.at(state, 0, Rng(0)))
    assert action is not None
    return action["m"], bot.info.value


def test_a_second_move_in_a_row_is_the_movers_own_choice() -> None:
    # "a" gives player 0 another move, which wins; a search that assumed alternation would
    # let the opponent choose there, see the loss, and settle for the draw of "b"
    tree = {
        "mover": 0,
        "moves": {
            "a": {"mover": 0, "moves": {"x": LOSS0, "y": WIN0}},
            "b": {"mover": 1, "moves": {"x": DRAW, "y": DRAW}},
        },
    }
    assert toy_choice(tree) == ("a", WIN - 2)


def test_the_opponent_moving_twice_minimizes_both_times() -> None:
    tree = {
        "mover": 0,
        "moves": {
            # the opponent moves, then moves again: they pick the loss for player 0
            "a": {"mover": 1, "moves": {"x": {"mover": 1, "moves": {"x": WIN0, "y": LOSS0}}}},
            "b": {"mover": 1, "moves": {"x": DRAW}},
        },
    }
    assert toy_choice(tree) == ("b", 0.0)


def test_a_faster_win_is_preferred() -> None:
    tree = {
        "mover": 0,
        "moves": {
            "slow": {"mover": 1, "moves": {"x": {"mover": 0, "moves": {"x": WIN0}}}},
            "fast": WIN0,
        },
    }
    assert toy_choice(tree) == ("fast", WIN - 1)


# -- mancala -------------------------------------------------------------------------------


def decide(state: State, player: int | None = None, seed: int = 0) -> Decision:
    p = min(state.actors()) if player is None else player
    return Decision.at(state, p, Rng(seed))


# a small board in the last round: only pit 1 ccw ends the round with player 0 ahead
SMALL = {"pits": 4, "seeds": 3, "rounds": 1, "first_mover": "0"}
CAPTURE = {
    "phase": "play",
    "pits": [2, 2, 0, 5, 0, 1, 2, 4],
    "stores": [4, 4],
    "to_move": 0,
    "round": 1,
    "rounds": 1,
}
WINNING = {"pit": 1, "direction": "ccw"}


@pytest.mark.parametrize("depth", [1, 2, 4])
def test_it_takes_the_winning_capture(depth: int) -> None:
    game = spieltisch.load_game("mancala", **SMALL)
    state = game.from_json(CAPTURE)
    winners = []
    for action in state.legal_actions(0):
        child = state.clone()
        child.apply(0, action)
        if child.is_terminal() and child.result().winners == (0,):
            winners.append(action)
    assert winners == [WINNING]  # the position is what the test says it is
    bot = make_bot(f"alphabeta:depth={depth}", game)
    assert bot.act(decide(state)) == WINNING
    assert bot.info.value == WIN - 1


@pytest.mark.parametrize(
    ("game_id", "options", "spec"),
    [
        ("mancala", {"rounds": 3}, "alphabeta:depth=2"),
        ("mancala", {"rounds": 5, "pits": 4, "seeds": 4}, "alphabeta:time=0.01"),
        ("kalah", {}, "alphabeta:depth=3"),
    ],
)
def test_it_never_plays_an_illegal_action(game_id: str, options: dict, spec: str) -> None:
    game = spieltisch.load_game(game_id, **options)
    for seed in range(2):
        bots = [Checked(make_bot(spec, game)), Checked(make_bot("random", game))]
        if seed:
            bots.reverse()
        played = play_game(game, bots, seed)
        assert played.state.is_terminal()
        assert all(b.actions for b in bots)


class Ticks:
    """A clock that moves ``step`` seconds at every read: the search's budget counted in reads
    of the clock (one every 256 nodes), the same on a loaded machine as on an idle one."""

    def __init__(self, step: float) -> None:
        self.step = step
        self.now = 0.0
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        self.now += self.step
        return self.now


def timed_bot(game: Game, budget: float, step: float) -> tuple[AlphaBetaBot, Ticks]:
    bot = make_bot(f"alphabeta:time={budget}", game)
    assert isinstance(bot, AlphaBetaBot)
    bot.clock = ticks = Ticks(step)
    return bot, ticks


def test_it_arranges_quickly_and_legally() -> None:
    game = spieltisch.load_game("mancala")
    state = game.from_json(
        {
            "phase": "arrange",
            "pits": [0] * 10,
            "stores": [30, 42],
            "to_move": 1,
            "first_mover": 1,
            "arranger": 0,
            "round": 2,
            "rounds": 5,
            "result": None,
        }
    )
    bot, ticks = timed_bot(game, 0.05, 0.001)
    while state.phase == "arrange":
        reads = ticks.reads
        action = bot.act(decide(state, 0))
        # it stops at the first look at the clock past its budget (and reads it once more for
        # its report): never more than 52 reads, so at most 51 x 256 nodes
        assert bot.info.seconds <= 0.05 + 2 * 0.001 + 1e-9
        assert ticks.reads - reads <= 52
        assert action in state.legal_actions(0)
        state.apply(0, action)
    assert state.phase == "play" and sum(state.pits[:5]) == 30


def test_fixed_depth_is_deterministic() -> None:
    game = spieltisch.load_game("mancala", rounds=2)
    spec = "alphabeta:depth=3"
    first = play_game(game, [make_bot(spec, game), make_bot("random", game)], seed=7)
    again = play_game(game, [make_bot(spec, game), make_bot("random", game)], seed=7)
    assert first.record.to_json() == again.record.to_json()
    state = game.new_state(2, seed=3)
    a, b = make_bot("alphabeta:depth=4", game), make_bot("alphabeta:depth=4", game)
    assert a.act(decide(state)) == b.act(decide(state))
    assert (a.info.value, a.info.nodes) == (b.info.value, b.info.nodes)


def test_it_beats_random() -> None:
    game = spieltisch.load_game("mancala", rounds=1)
    wins = 0
    for seed in range(20):
        bots = [make_bot("alphabeta:depth=2", game), make_bot("random", game)]
        seat = seed % 2
        if seat:
            bots.reverse()
        result = play_game(game, bots, seed).state.result()
        wins += result.winners == (seat,)
    assert wins >= 15


def test_it_keeps_to_its_time_budget() -> None:
    game = spieltisch.load_game("mancala")
    state = game.new_state(2, seed=1)
    bot, ticks = timed_bot(game, 0.05, 0.001)
    for seed in range(3):
        reads = ticks.reads
        bot.act(decide(state, seed=seed))
        assert bot.info.seconds <= 0.05 + 2 * 0.001 + 1e-9
        assert bot.info.nodes <= (ticks.reads - reads) * 256
        assert bot.info.depth >= 2
    # a budget of only a few reads still answers, from the first iteration at least
    bot, ticks = timed_bot(game, 0.05, 0.02)
    assert bot.act(decide(state)) in state.legal_actions(state.to_move)
    assert bot.info.depth >= 1 and bot.info.seconds <= 0.05 + 2 * 0.02 + 1e-9


def test_it_wins_kalah_against_random() -> None:
    game = spieltisch.load_game("kalah")
    wins = 0
    for seed in range(4):
        bots = [make_bot("alphabeta:depth=3", game), make_bot("random", game)]
        seat = seed % 2
        if seat:
            bots.reverse()
        wins += play_game(game, bots, seed).state.result().winners == (seat,)
    assert wins >= 3


def test_kalah_extra_turn_then_the_win() -> None:
    # no move wins at once; pit 4 ends in the store (another move), and then one wins
    game = spieltisch.load_game("kalah")
    state = game.from_json(
        {
            "phase": "play",
            "pits": [1, 1, 0, 1, 2, 2, 0, 1, 0, 0, 0, 0],
            "stores": [40, 0],
            "to_move": 0,
            "round": 1,
            "rounds": 1,
        }
    )
    bot = make_bot("alphabeta:depth=2", game)
    assert bot.act(decide(state)) == {"pit": 4, "direction": "ccw"}
    assert bot.info.value == WIN - 2  # both plies are player 0's own


@pytest.mark.parametrize("game_id", ["mancala", "kalah"])
def test_it_sees_only_the_view_and_a_resample(game_id: str) -> None:
    game = spieltisch.load_game(game_id)
    state = game.new_state(2, seed=2)
    before = state.to_json_text()
    player = min(state.actors())
    guard = ResampleOnly(state)
    decision = guarded_decision(state, player, Rng(0), guard)
    action = make_bot("alphabeta:depth=3", game).act(decision)
    assert action in decision.legal
    assert guard.resampled == 1
    assert state.to_json_text() == before


def test_the_registry_knows_it() -> None:
    game = spieltisch.load_game("mancala")
    assert strongest_bot(game) == "solver"  # the arena's winner, over alpha-beta
    assert isinstance(make_bot("alphabeta:time=0.2:depth=3", game), AlphaBetaBot)
    assert set(mancala_bots.BOTS) == {"alphabeta", "solver", "mcts"}
    with pytest.raises(ValueError):
        AlphaBetaBot(mancala_bots.evaluate, depth=0)
