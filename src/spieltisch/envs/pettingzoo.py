"""Our games as PettingZoo AEC environments: ``env("kalah")``, ``env("maumau", players=4)``.

By PettingZoo's conventions (its classic games: chess, connect four): agents ``player_0`` ...
``player_{P-1}`` (seat p is ``player_p``), ``Discrete(n)`` actions with an ``action_mask`` in
each observation, ``{"observation": float32 vector, "action_mask": int8 vector}``, rewards only
at the end. What each part is:

- actions: the game's fixed encoding (``envs/catalogs.py``), plus one last index, *pass*: let
  the moment go by where another seat or the referee may still act (``envs/table.py`` says who
  is asked when several may act, by the host rules of the simulator);
- observation: the seat's view, hashed into ``dim`` floats (``envs/features.py``), never the
  hidden state;
- rewards: ``Result.returns`` at the end (each pair of seats a duel won by the better rank:
  zero-sum, in [-1, 1]); 0 before;
- truncation after ``max_steps`` agent steps (a random policy may trade for a long time);
- ``reset(seed=s)`` deals game seed ``s``; without a seed, the next seed after the last one
  (0, 1, 2, ... from a fresh env), so runs are reproducible;
- ``render()``: the terminal screen of the game (``spieltisch replay`` draws the same), printed
  (``render_mode="human"``) or returned as text (``"ansi"``).

The engine's randomness is the state's own; the environment adds none.
"""

from __future__ import annotations

import io
from typing import Any, ClassVar

import gymnasium
import numpy as np
from pettingzoo import AECEnv

from ..registry import load_game
from .features import DIM
from .table import TurnTable


def env(
    game_id: str,
    players: int | None = None,
    render_mode: str | None = None,
    max_steps: int = 100_000,
    dim: int = DIM,
    **options: Any,
) -> SpieltischEnv:
    """The AEC environment of ``game_id`` for ``players`` seats (the game's default where
    None), with the game's ``options`` (the sheet's rules where none are given)."""
    return SpieltischEnv(game_id, players, render_mode, max_steps, dim, **options)


class SpieltischEnv(AECEnv):
    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human", "ansi"],
        "name": "spieltisch",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        render_mode: str | None = None,
        max_steps: int = 100_000,
        dim: int = DIM,
        **options: Any,
    ) -> None:
        super().__init__()
        self.game = load_game(game_id, **options)
        self.players = self.game.check_players(players)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode is one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.table = TurnTable(self.game, dim=dim)
        self.metadata = {**self.metadata, "name": f"spieltisch_{game_id}"}
        self.possible_agents = [f"player_{p}" for p in range(self.players)]
        self._seat = {a: p for p, a in enumerate(self.possible_agents)}
        n = self.table.num_actions
        self.action_spaces = {a: gymnasium.spaces.Discrete(n) for a in self.possible_agents}
        self.observation_spaces = {
            a: gymnasium.spaces.Dict(
                {
                    "observation": gymnasium.spaces.Box(-np.inf, np.inf, (dim,), np.float32),
                    "action_mask": gymnasium.spaces.Box(0, 1, (n,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._next_seed = 0
        self.seed_used: int | None = None
        self.steps = 0

    def action_space(self, agent: str) -> gymnasium.spaces.Space:
        return self.action_spaces[agent]

    def observation_space(self, agent: str) -> gymnasium.spaces.Space:
        return self.observation_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        game_seed = self._next_seed if seed is None else int(seed)
        self._next_seed = game_seed + 1
        self.seed_used = game_seed
        self.table.reset(self.players, game_seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.steps = 0
        self._settle()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        return {
            "observation": self.table.observation(seat),
            "action_mask": self.table.mask(seat),
        }

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if isinstance(action, bool) or not isinstance(action, (int, np.integer)):
            raise ValueError(f"an action is an index in range({self.table.num_actions})")
        self._cumulative_rewards[agent] = 0.0
        self.table.step(int(action))
        self.steps += 1
        self._clear_rewards()
        self._settle()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _settle(self) -> None:
        """After a reset or a step: the end, the truncation, or the next agent to ask."""
        if self.table.over:
            returns = self.table.state.result().returns
            for a in self.agents:
                self.rewards[a] = float(returns[self._seat[a]])
                self.terminations[a] = True
            self.agent_selection = self.agents[0]
        elif self.steps >= self.max_steps:
            for a in self.agents:
                self.truncations[a] = True
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[self.table.current]

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode: env(..., render_mode='ansi')")
            return None
        from rich.console import Console

        from ..tui.play import ui_module

        buffer = io.StringIO()
        console = Console(file=buffer, width=100, force_terminal=False)
        state = self.table.state
        ui = ui_module(self.game)
        names = list(self.possible_agents)
        if ui is not None:
            ui.render(state.view(None), console, names)
        else:
            console.print_json(data=state.view(None))
        if state.is_terminal():
            console.print(f"Result: {state.result().summary}")
        text = buffer.getvalue()
        if self.render_mode == "human":
            print(text, end="")
            return None
        return text

    def close(self) -> None:
        pass
