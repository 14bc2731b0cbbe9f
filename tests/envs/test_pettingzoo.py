"""The PettingZoo environments pass PettingZoo's own tests, and keep to our contract: agents see
their view only, every legal action has its index, the host rules decide who is asked."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from spieltisch.core import REFEREE, Rng
from spieltisch.envs.catalogs import encoding_for
from spieltisch.envs.features import featurize
from spieltisch.envs.pettingzoo import env
from spieltisch.registry import GAMES, load_game

# api_test warns about dict observations unless the env is one of PettingZoo's own classic
# games; {"observation", "action_mask"} is their convention, which we follow
pytestmark = pytest.mark.filterwarnings(
    "ignore:Observation is not a NumPy array",
    "ignore:Observation space for each agent probably should be",
)

# every id the registry lists, at a player count where several may act at once where the game
# has such moments (trading at 3, Mau-Mau at 4)
PLAYERS = {
    "mancala": 2,
    "kalah": 2,
    "bibermania": 3,
    "bohnanza": 3,
    "ladybohn": 3,
    "maumau": 4,
    "mutterboehnchen": 3,
}


def test_every_registered_game_is_covered() -> None:
    assert set(PLAYERS) == set(GAMES)


@pytest.mark.parametrize("game_id", sorted(PLAYERS))
def test_api_test(game_id: str) -> None:
    api_test(env(game_id, players=PLAYERS[game_id]), num_cycles=150)


@pytest.mark.parametrize(
    ("game_id", "players"),
    [
        ("ladybohn", 1),
        ("ladybohn", 5),
        ("bibermania", 5),
        ("bohnanza", 5),
        ("maumau", 8),
        ("mutterboehnchen", 2),
        ("mutterboehnchen", 6),
    ],
)
def test_api_test_at_the_ends_of_the_player_range(game_id: str, players: int) -> None:
    api_test(env(game_id, players=players), num_cycles=80)


@pytest.mark.parametrize("game_id", sorted(PLAYERS))
def test_seed_test(game_id: str) -> None:
    seed_test(lambda: env(game_id, players=PLAYERS[game_id]), num_cycles=60)


@pytest.mark.parametrize(
    ("game_id", "players"),
    [("kalah", 2), ("mancala", 2), ("bibermania", 2), ("bibermania", 5), ("ladybohn", 2)],
)
def test_random_games_end_with_the_games_returns(game_id: str, players: int) -> None:
    e = env(game_id, players=players)
    rng = np.random.default_rng(1)
    for seed in range(2):
        e.reset(seed=seed)
        rewards = dict.fromkeys(e.possible_agents, 0.0)
        for agent in e.agent_iter():
            obs, reward, term, trunc, _ = e.last()
            rewards[agent] += reward
            if term or trunc:
                assert term and not trunc
                e.step(None)
                continue
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        state = e.table.state
        assert state.is_terminal()
        returns = state.result().returns
        assert [rewards[a] for a in e.possible_agents] == pytest.approx(list(returns))
        assert sum(returns) == pytest.approx(0.0)


@pytest.mark.parametrize("game_id", ["bibermania", "bohnanza", "ladybohn", "mutterboehnchen"])
def test_an_observation_is_the_seats_view_and_nothing_hidden(game_id: str) -> None:
    """A state resampled for a seat (other hidden cards, the same view) gives the seat the very
    same observation: nothing the seat may not see reaches it."""
    e = env(game_id, players=PLAYERS[game_id])
    rng = np.random.default_rng(2)
    e.reset(seed=3)
    checked = 0
    for agent in e.agent_iter(120):
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            e.step(None)
            continue
        seat = e.possible_agents.index(agent)
        state = e.table.state
        assert np.array_equal(obs["observation"], featurize(state.view(seat)))
        other = state.resample(seat, Rng(checked + 11))
        assert np.array_equal(featurize(other.view(seat)), obs["observation"])
        checked += 1
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert checked > 50


@pytest.mark.parametrize(
    ("game_id", "players"),
    [
        ("mancala", 2),
        ("kalah", 2),
        ("bibermania", 5),
        ("bohnanza", 4),
        ("ladybohn", 1),
        ("ladybohn", 4),
        ("maumau", 6),
        ("mutterboehnchen", 2),
        ("mutterboehnchen", 4),
    ],
)
def test_every_legal_action_has_an_index(game_id: str, players: int) -> None:
    """The encoding names every action every seat may take in random play (a game that grows a
    new action form fails here until its catalog learns it)."""
    game = load_game(game_id)
    encoding = encoding_for(game)
    rng = Rng(5)
    for seed in range(6):
        state = game.new_state(players, seed)
        for _ in range(3000):
            if state.is_terminal():
                break
            for p in sorted(state.actors() - {REFEREE}):  # the host plays the referee
                legal = state.legal_actions(p)
                encoded = encoding.encode(legal)
                assert not encoded.unknown, encoded.unknown[:3]
                assert encoded.dropped == 0
                assert len(encoded.actions) <= len(legal)
            actors = sorted(state.actors())
            p = actors[rng.below(len(actors))]
            legal = state.legal_actions(p)
            state.apply(p, legal[rng.below(len(legal))])


def test_indices_mean_the_same_action_in_every_state() -> None:
    """Kalah: index k is one pit and direction, whatever the state."""
    e = env("kalah")
    rng = np.random.default_rng(3)
    meaning: dict[int, object] = {}
    for seed in range(3):
        e.reset(seed=seed)
        for _agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            for i, action in e.table.legal.items():
                assert meaning.setdefault(i, action) == action
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert len(meaning) >= 6


def test_an_illegal_index_is_refused_and_changes_nothing() -> None:
    e = env("bibermania", players=2)
    e.reset(seed=4)
    before, asked = e.table.state.to_json_text(), e.agent_selection
    mask = e.observe(e.agent_selection)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match="not legal"):
        e.step(bad)
    for nonsense in (-1, 10**9, 2.5, "3", None, True):
        with pytest.raises(ValueError):
            e.step(nonsense)
    assert e.table.state.to_json_text() == before
    assert e.agent_selection == asked


def test_several_may_act_the_priority_decides_and_optional_seats_pass() -> None:
    """Mau-Mau: the player on turn is asked first; the others are asked when they may act
    (a 3, a word, a slap) and may pass; in a slap window everyone passing lets the referee
    close it."""
    e = env("maumau", players=4)
    rng = np.random.default_rng(0)
    e.reset(seed=2)
    asked_optional = forced = 0
    for agent in e.agent_iter(3000):
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            e.step(None)
            continue
        seat = e.possible_agents.index(agent)
        state = e.table.state
        order = [p for p in state.priority() if p not in e.table.passed]
        asked = [p for p in order if state.legal_actions(p) or p not in state.waiting_for()]
        may_pass = bool(obs["action_mask"][e.table.pass_index])
        if not asked:  # everyone passed and no window to close: the one on turn must act
            assert seat in state.waiting_for() and not may_pass
            forced += 1
        else:
            assert seat == asked[0]
        if seat not in state.waiting_for():
            assert may_pass
            asked_optional += 1
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert asked_optional > 0 and e.table.referee_actions > 0


def test_render_prints_the_terminal_screen() -> None:
    e = env("kalah", render_mode="ansi")
    e.reset(seed=0)
    text = e.render()
    assert "player_0" in text and "player_1" in text and "store" in text


def test_reset_without_a_seed_deals_the_next_seed() -> None:
    e = env("bibermania", players=2)
    e.reset(seed=10)
    e.reset()
    assert e.seed_used == 11
    first = e.table.state.to_json_text()
    e.reset(seed=11)
    assert e.table.state.to_json_text() == first
