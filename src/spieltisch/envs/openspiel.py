"""Our turn-based games as OpenSpiel Python games: ``register()``, then
``pyspiel.load_game("spieltisch_kalah")`` or ``pyspiel.load_game("spieltisch_bibermania",
{"players": 3})``.

What each part of OpenSpiel's model is here:

- **Chance**: one chance node at the start draws the deal: outcome *s* of ``deals`` (a game
  parameter, default 1000) is the game seed *s*. Everything random after it (the stock's order,
  draws) is fixed by that seed, as in every host of ours (the engine's randomness is the state's
  own), so the rest of the game is deterministic and a search sees no further chance nodes.
  Mancala and Kalah draw only who moves first.
- **Parameters**: ``players``, ``deals`` and ``options``, the game's options as the CLI's
  ``-o`` takes them, joined by commas (``{"options": "rounds=1"}``); the sheet's rules by
  default.
- **Players and actions**: the seat asked now (``envs/table.py``: the rules' priority when
  several may act, a pass where acting is optional) and the game's fixed action encoding
  (``envs/catalogs.py``) plus the pass index at its end; the referee's windows close inside the
  host when everyone has passed, so OpenSpiel never sees the referee.
- **Information**: the information-state and observation strings are the seat's view as
  canonical JSON with who has passed at this moment, and the tensors its hashed vector
  (``envs/features.py``); never the hidden state. Our views show the present (the piles, the
  known hand cards, the scores), not the whole history, so they are not perfect recall: a
  search keyed by them (ISMCTS) shares nodes between histories that look the same now.
- **ISMCTS**: ``resample_from_infostate`` is the game's own ``State.resample`` (a full state
  consistent with what the seat has seen), so OpenSpiel's ISMCTS bot plays our hidden-card
  games; ``ismcts_resampler`` gives its ``set_resampler`` the same.
- **Returns**: ``Result.returns`` (zero-sum, in [-1, 1]) at the end.

Registered (name, players): ``spieltisch_mancala`` and ``spieltisch_kalah`` (2),
``spieltisch_bibermania`` (2-5), ``spieltisch_ladybohn`` (2: the sheet's own two-player turn)
and ``spieltisch_mutterboehnchen`` (2: the sheet's five phases): the games whose moments have
one seat to act (with the pass, Mau-Mau and the trading bean games fit the model too, but a
real-time game played as a queue of passes is not what an OpenSpiel algorithm expects).
"""

from __future__ import annotations

import functools
import json
from typing import Any

import numpy as np
import pyspiel

from ..core import Game, Rng, parse_option_args
from ..registry import load_game
from .catalogs import encoding_for
from .encoding import Encoding
from .features import DIM, featurize
from .table import TurnTable

DEALS = 1000
MAX_GAME_LENGTH = 100_000

# game id -> (allowed player counts, perfect information)
GAMES: dict[str, tuple[tuple[int, ...], bool]] = {
    "mancala": ((2,), True),
    "kalah": ((2,), True),
    "bibermania": ((2, 3, 4, 5), False),
    "ladybohn": ((2,), False),
    "mutterboehnchen": ((2,), False),
}


@functools.cache
def _rules(game_id: str, options: str) -> tuple[Game, Encoding]:
    """The rules with ``options`` (``"rounds=1,elimination=false"``, the CLI's ``-o`` joined by
    commas) and their encoding, once per process (OpenSpiel makes games often)."""
    args = [part for part in options.split(",") if part.strip()]
    rules = load_game(game_id, **parse_option_args(args))
    return rules, encoding_for(rules)


def game_type(game_id: str) -> pyspiel.GameType:
    counts, perfect = GAMES[game_id]
    info = pyspiel.GameType.Information
    return pyspiel.GameType(
        short_name=f"spieltisch_{game_id}",
        long_name=f"spieltisch {load_game(game_id).title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=info.PERFECT_INFORMATION if perfect else info.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(counts),
        min_num_players=min(counts),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": counts[0], "deals": DEALS, "options": ""},
    )


def _game_class(game_id: str) -> type:
    """A class per game (pyspiel keeps the class it is given as the game's factory)."""
    kind = game_type(game_id)

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        SpieltischGame.__init__(self, game_id, kind, params or {})

    return type(f"Spieltisch_{game_id}", (SpieltischGame,), {"__init__": __init__})


def register() -> list[str]:
    """Register every game of ``GAMES`` with OpenSpiel (again is harmless); their names."""
    names = []
    known = set(pyspiel.registered_names())
    for game_id in GAMES:
        name = f"spieltisch_{game_id}"
        if name not in known:
            pyspiel.register_game(game_type(game_id), _game_class(game_id))
        names.append(name)
    return names


class SpieltischGame(pyspiel.Game):
    def __init__(self, game_id: str, kind: pyspiel.GameType, params: dict[str, Any]) -> None:
        counts, _ = GAMES[game_id]
        params = {"players": counts[0], "deals": DEALS, "options": "", **params}
        players, deals = int(params["players"]), int(params["deals"])
        if players not in counts:
            raise ValueError(f"spieltisch_{game_id} is played by {counts} players, not {players}")
        if deals < 1:
            raise ValueError("deals is at least 1")
        self.game_id, self.players, self.deals = game_id, players, deals
        self.rules, encoding = _rules(game_id, str(params["options"]))
        self.table = TurnTable(self.rules, encoding)  # the encoding, shared by every state
        super().__init__(
            kind,
            pyspiel.GameInfo(
                num_distinct_actions=self.table.num_actions,
                max_chance_outcomes=deals,
                num_players=players,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=0.0,
                max_game_length=MAX_GAME_LENGTH,
            ),
            params,
        )

    def __deepcopy__(self, memo: dict[int, Any]) -> SpieltischGame:
        # a game is immutable (OpenSpiel shares games by pointer); a deep copy would copy
        # the rules' tables on every state OpenSpiel copies
        return self

    def new_initial_state(self) -> SpieltischState:
        return SpieltischState(self)

    def make_py_observer(self, iig_obs_type=None, params=None) -> ViewObserver:
        return ViewObserver(DIM)


class SpieltischState(pyspiel.State):
    def __init__(self, game: SpieltischGame, table: TurnTable | None = None) -> None:
        super().__init__(game)
        self._spiel = game
        self.table = table  # None until the chance node has dealt

    def _new_table(self) -> TurnTable:
        return TurnTable(self._spiel.rules, self._spiel.table.encoding)

    # -- the OpenSpiel API --------------------------------------------------------------------

    def current_player(self) -> int:
        if self.table is None:
            return pyspiel.PlayerId.CHANCE
        if self.table.over:
            return pyspiel.PlayerId.TERMINAL
        return int(self.table.current)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / self._spiel.deals
        return [(s, p) for s in range(self._spiel.deals)]

    def _legal_actions(self, player: int) -> list[int]:
        if self.table is None or player != self.table.current:
            return []
        return sorted(self.table.legal)

    def _apply_action(self, action: int) -> None:
        if self.table is None:
            self.table = self._new_table()
            self.table.reset(self._spiel.players, int(action))
        else:
            self.table.step(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        if action == self._spiel.table.pass_index:
            return "pass"
        if self.table is not None and action in self.table.legal:
            return str(self.table.legal[action])
        return self._spiel.table.encoding.label(action)

    def is_terminal(self) -> bool:
        return self.table is not None and self.table.over

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self._spiel.players
        return [float(r) for r in self.table.state.result().returns]

    def __str__(self) -> str:
        if self.table is None:
            return "(dealing)"
        return self.table.state.to_json_text()

    # -- what a seat knows ---------------------------------------------------------------------

    def seat_string(self, player: int) -> str:
        """The seat's view and the moment's passes, as canonical JSON."""
        if self.table is None:
            return "(dealing)"
        view = self.table.state.view(player)
        return json.dumps(
            {"view": view, "passed": sorted(self.table.passed), "asked": self.table.current},
            sort_keys=True,
            separators=(",", ":"),
        )

    def resample_from_infostate(self, player_id: int, probability_sampler=None):
        """A state the seat cannot tell from this one (the game's ``resample``); the sampler's
        next number seeds it."""
        seed = int((probability_sampler() if probability_sampler else 0.5) * 2**62)
        return self.resampled(player_id, Rng(seed))

    def resampled(self, player: int, rng: Rng) -> SpieltischState:
        out = SpieltischState(self._spiel)
        if self.table is not None:
            out.table = self._new_table()
            out.table.adopt(self.table.state.resample(player, rng), self.table.passed)
        return out

    def __deepcopy__(self, memo: dict[int, Any]) -> SpieltischState:
        out = SpieltischState(self._spiel)
        out.table = None if self.table is None else self.table.copy()
        return out


class ViewObserver:
    """OpenSpiel's Python observer: the seat's view, hashed (tensor) or as JSON (string)."""

    def __init__(self, dim: int) -> None:
        self.tensor = np.zeros(dim, np.float32)
        self.dict = {"view": self.tensor}

    def set_from(self, state: SpieltischState, player: int) -> None:
        if state.table is None:
            self.tensor.fill(0.0)
            self.tensor[0] = 1.0
            return
        self.tensor[:] = featurize(state.table.state.view(player), len(self.tensor))

    def string_from(self, state: SpieltischState, player: int) -> str:
        return state.seat_string(player)


def ismcts_resampler(rng: Rng | None = None):
    """For ``open_spiel.python.algorithms.ismcts.ISMCTSBot.set_resampler``: a resample drawn
    from ``rng`` (reproducible), not from a sampler OpenSpiel makes."""
    source = rng or Rng(0)

    def resample(state: SpieltischState, player: int) -> SpieltischState:
        return state.resampled(player, Rng(source.below(2**62)))

    return resample
