"""One table seen as a turn-taking game: who is asked next, and what they may do, by index.

PettingZoo's AEC and OpenSpiel's sequential games ask one agent at a time; our games let
several act at once (Mau-Mau's slaps, 3s and words, the bean games' trading, claims). This host
turns such a moment into a sequence, by the rules the simulator's scheduler follows
(``bots/scheduler.py``) with the agents' choices in place of reaction times:

- the seats who may act are asked in the game's own priority (``State.priority()``: the player
  on turn first, then round the table);
- a seat may pass (the last index, one past the encoding's actions): it is not asked again
  until something happens (an action is applied). A seat whose acting is optional (among
  ``actors()`` but not ``waiting_for()``) may always pass; one the game waits for (the player on
  turn, the receiver of an offer) may yield the floor while another seat or the referee may
  still act, so that the others get their chance to slap, trade or claim;
- when every seat has passed, the referee closes its window (its first legal action, as the
  simulator does when nobody acts before the window ends: a slap is over, trading time is up);
  where there is no window, the seats the game waits for are asked again and may not pass, so
  the game never stalls;
- any action applied opens a new moment: everyone may be asked again.

``current`` is the seat asked now (None when the game is over).
"""

from __future__ import annotations

from typing import Any

from ..core import REFEREE, Action, Game, State
from ..core.game import Player
from .catalogs import encoding_for
from .encoding import Encoded, Encoding
from .features import DIM, featurize


class Stuck(RuntimeError):
    """Nobody may act and no referee closes anything, yet the game is not over."""


class TurnTable:
    """A state, the seat asked now, and that seat's legal actions by index."""

    def __init__(self, game: Game, encoding: Encoding | None = None, dim: int = DIM) -> None:
        self.game = game
        self.encoding = encoding or encoding_for(game)
        self.pass_index = self.encoding.size  # the last index: let this moment pass
        self.num_actions = self.encoding.size + 1
        self.dim = dim
        self.state: State | None = None
        self.passed: set[Player] = set()
        self.current: Player | None = None
        self.legal: dict[int, Action] = {}
        self.referee_actions = 0

    def reset(self, players: int, seed: int) -> None:
        self.state = self.game.new_state(players, seed)
        self._moment()

    def adopt(self, state: State, passed: set[Player]) -> None:
        """Take over ``state`` (a clone or a resample) with who has passed at its moment."""
        self.state = state
        self.passed = set(passed)
        self._select()

    def copy(self) -> TurnTable:
        """The same table at the same moment, on a clone of the state (``State.clone``); the
        game and the encoding are shared (they never change)."""
        out = TurnTable.__new__(TurnTable)
        out.__dict__.update(self.__dict__)
        out.state = None if self.state is None else self.state.clone()
        out.passed = set(self.passed)
        out.legal = dict(self.legal)
        return out

    def __deepcopy__(self, memo: dict[int, Any]) -> TurnTable:
        # OpenSpiel clones a Python state by deep-copying its attributes: copy the state alone
        return self.copy()

    @property
    def over(self) -> bool:
        return self.state is not None and self.state.is_terminal()

    def _moment(self) -> None:
        self.passed = set()
        self._select()

    def _select(self) -> None:
        """Find the next seat to ask; let the referee act while nobody is left to ask."""
        state = self.state
        assert state is not None
        while not state.is_terminal():
            waiting = state.waiting_for()
            asked = []
            for p in state.priority():
                if p == REFEREE or p in self.passed:
                    continue
                encoded = self.encode(p)
                if encoded.actions or p not in waiting:
                    asked.append((p, encoded))
                    if len(asked) == 2:  # enough to know whether the first may yield
                        break
            referee = state.legal_actions(REFEREE) if REFEREE in state.actors() else []
            if asked:
                p, encoded = asked[0]
                # a seat yields the floor while someone else (or the referee) may still act
                self._ask(p, encoded, p not in waiting or len(asked) > 1 or bool(referee))
                return
            if referee:
                state.apply(REFEREE, referee[0])
                self.referee_actions += 1
                self.passed = set()
                continue
            for p in state.priority():  # all yielded: the game waits for them, they act now
                if p in waiting:
                    encoded = self.encode(p)
                    if encoded.actions:
                        self._ask(p, encoded, False)
                        return
            raise Stuck(
                f"{self.game.id}: nobody left to act (passed {sorted(self.passed)}), "
                f"actors {sorted(state.actors())}"
            )
        self.current = None
        self.legal = {}

    def _ask(self, player: Player, encoded: Encoded, may_pass: bool) -> None:
        self.current = player
        self.legal = dict(encoded.actions)
        if may_pass:
            self.legal[self.pass_index] = PASS

    def encode(self, player: Player) -> Encoded:
        assert self.state is not None
        return self.encoding.encode(self.state.legal_actions(player))

    def step(self, index: int) -> Action | None:
        """The current seat takes action ``index`` (``pass_index``: passes); the action taken."""
        if self.current is None:
            raise ValueError("the game is over")
        action = self.legal.get(index)
        if action is None:
            raise ValueError(
                f"action {index} is not legal for seat {self.current} now "
                f"(legal: {sorted(self.legal)})"
            )
        if action is PASS:
            self.passed.add(self.current)
            self._select()
            return None
        assert self.state is not None
        self.state.apply(self.current, action)
        self._moment()
        return action

    def mask(self, player: Player) -> Any:
        import numpy as np

        out = np.zeros(self.num_actions, dtype=np.int8)
        if player == self.current:
            out[list(self.legal)] = 1
        return out

    def observation(self, player: Player) -> Any:
        assert self.state is not None
        return featurize(self.state.view(player), self.dim)


PASS = Action({"pass_moment": True})
"""Stands for the pass index in ``TurnTable.legal``; never applied to a state."""
