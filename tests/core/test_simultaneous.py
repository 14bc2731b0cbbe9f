"""The core carries several actors at once and referee-closed windows, shown on a toy game.

Schnapp: each round opens a window in which both players may slap at the same time. The first
slap scores, a slap after the other's loses a point, and the referee closes the window when
its time is up (the engine has no clock: the host decides when). Tiny, but it has every power
Mau-Mau's slaps and the bean games' trading need.
"""

from __future__ import annotations

from typing import Any

import pytest

import spieltisch
from spieltisch import REFEREE, Action, IllegalAction
from spieltisch.bots import Bot, Decision
from spieltisch.bots.scheduler import play_game
from spieltisch.core import Event, Game, Option, Record, Result, Rng, State
from spieltisch.registry import GAMES

SLAP = Action(slap=True)
CLOSE = Action(close=True)


class SnapGame(Game):
    id = "schnapp"
    title = "Schnapp (toy)"
    min_players = 2
    max_players = 2
    OPTIONS = (Option("rounds", int, 3, "windows to play", min=1),)

    def new_state(self, players: int | None = None, seed: int = 0) -> SnapState:
        self.check_players(players)
        return SnapState(self)

    def from_json(self, data: dict[str, Any]) -> SnapState:
        s = SnapState(self)
        s.round, s.scores, s.slapped = data["round"], list(data["scores"]), list(data["slapped"])
        return s


class SnapState(State):
    num_players = 2

    def __init__(self, game: SnapGame) -> None:
        self.game = game
        self.round = 1
        self.scores = [0, 0]
        self.slapped: list[int] = []  # in the order of the slaps

    def actors(self) -> frozenset[int]:
        if self.is_terminal():
            return frozenset()
        return frozenset({REFEREE} | {p for p in (0, 1) if p not in self.slapped})

    def legal_actions(self, player: int) -> list[Action]:
        if player not in self.actors():
            return []
        return [CLOSE] if player == REFEREE else [SLAP]

    def window_seconds(self) -> float | None:
        return None if self.is_terminal() else 1.0

    def explain(self, player: int, action: Action) -> str:
        return "only the referee closes the window" if action == CLOSE else "you slap, or not"

    def _apply(self, player: int, action: Action) -> list[Event]:
        if player == REFEREE:
            self.round += 1
            self.slapped = []
            return [Event("closed", {"round": self.round - 1})]
        self.scores[player] += 1 if not self.slapped else -1
        self.slapped.append(player)
        return [Event("slap", {"player": player, "first": len(self.slapped) == 1})]

    def is_terminal(self) -> bool:
        return self.round > self.game.options["rounds"]

    def result(self) -> Result:
        a, b = self.scores
        return Result((a, b), (1, 1) if a == b else ((1, 2) if a > b else (2, 1)))

    def view(self, player: int | None) -> dict[str, Any]:
        return self.to_json()

    def resample(self, player: int, rng: Rng) -> SnapState:
        return self.clone()

    def to_json(self) -> dict[str, Any]:
        return {"round": self.round, "scores": list(self.scores), "slapped": list(self.slapped)}


@pytest.fixture
def snap(monkeypatch: pytest.MonkeyPatch) -> SnapGame:
    monkeypatch.setitem(GAMES, "schnapp", (__name__, "SnapGame", {}))
    return spieltisch.load_game("schnapp")


def test_two_players_and_the_referee_may_act_at_once(snap: SnapGame) -> None:
    s = snap.new_state(2)
    assert s.actors() == {0, 1, REFEREE}
    assert s.legal_actions(0) == [SLAP] and s.legal_actions(1) == [SLAP]
    assert s.legal_actions(REFEREE) == [CLOSE]


@pytest.mark.parametrize("first", [0, 1])
def test_either_player_may_slap_first_and_the_other_still_may(snap: SnapGame, first: int) -> None:
    s = snap.new_state(2)
    s.apply(first, {"slap": True})
    assert s.actors() == {1 - first, REFEREE}
    s.apply(1 - first, SLAP)
    assert s.scores[first] == 1 and s.scores[1 - first] == -1
    assert s.actors() == {REFEREE}


def test_the_referee_closes_the_window_and_a_new_one_opens(snap: SnapGame) -> None:
    s = snap.new_state(2)
    s.apply(0, SLAP)
    events = s.apply(REFEREE, CLOSE)
    assert [e.type for e in events] == ["closed"]
    assert s.round == 2 and s.actors() == {0, 1, REFEREE}


def test_refused_actions_change_nothing(snap: SnapGame) -> None:
    s = snap.new_state(2)
    s.apply(0, SLAP)
    before = s.to_json_text()
    with pytest.raises(IllegalAction, match="not player 0's turn"):
        s.apply(0, SLAP)  # slapped already: no longer an actor in this window
    with pytest.raises(IllegalAction, match="only the referee"):
        s.apply(1, CLOSE)
    with pytest.raises(IllegalAction, match="JSON object"):
        s.apply(1, "slap")  # type: ignore[arg-type]
    assert s.to_json_text() == before


class Quick(Bot):
    def __init__(self, delay: float) -> None:
        self.delay = delay

    def act(self, decision: Decision) -> Action | None:
        return decision.legal[0]

    def reaction_time(self, decision: Decision) -> float:
        return self.delay


class Shy(Bot):
    def act(self, decision: Decision) -> Action | None:
        return None  # never slaps: only the referee's clock moves the game on


def test_the_scheduler_lets_the_quickest_act_first(snap: SnapGame) -> None:
    played = play_game(snap, [Quick(0.5), Quick(0.2)], seed=1)
    assert played.state.scores == [-3, 3]
    # player 1 first each round, then player 0, then the referee closes: 3 actions a round
    assert [p for p, _ in played.record.actions[:3]] == [1, 0, REFEREE]


def test_the_referee_acts_when_the_window_time_is_up(snap: SnapGame) -> None:
    played = play_game(snap, [Quick(2.5), Shy()], seed=1)
    assert played.state.scores == [0, 0]  # the window (1 s) closed before the slow bot slapped
    assert all(p == REFEREE for p, _ in played.record.actions)
    assert played.seconds == pytest.approx(3.0)


def test_a_record_with_referee_actions_replays(snap: SnapGame) -> None:
    played = play_game(snap, [Quick(0.3), Quick(0.4)], seed=3)
    data = played.record.to_json()
    assert {"player": "referee", "action": {"close": True}} in data["actions"]
    again = Record.from_json(data).replay(snap)
    assert again.to_json_text() == played.state.to_json_text()


def test_the_window_counts_from_its_opening_not_from_the_last_action(snap: SnapGame) -> None:
    # player 1 slaps at 0.2 s; player 0 would need 0.9 s more, past the window's 1.0 s
    played = play_game(snap, [Quick(0.9), Quick(0.2)], seed=1)
    assert played.state.scores == [0, 3]
    assert [p for p, _ in played.record.actions[:2]] == [1, REFEREE]
    assert played.seconds == pytest.approx(3.0)
