"""What a bot is: a player that sees only its view and its legal actions.

A bot never gets the state. A searching bot may ask its ``Decision`` for ``resample()``: a full
state consistent with what the player has seen (the whole truth only in perfect-information
games such as mancala). The simulator also asks a bot how long it takes to react, so that when
several players may act at once, the quickest acts first.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from ..core import Action, Player, Rng, State


class Decision:
    """One moment at which ``player`` may act. The view is made when a bot first reads it
    (``view=None``): a simulator asks every player who may act after every action, and most
    bots (random, and any bot that passes) never look."""

    def __init__(
        self,
        player: Player,
        view: dict[str, Any] | None,
        legal: list[Action],
        rng: Rng,
        _state: State,
    ) -> None:
        self.player, self.legal, self.rng, self._state = player, legal, rng, _state
        self._view = view

    @property
    def view(self) -> dict[str, Any]:
        if self._view is None:
            self._view = self._state.view(self.player)
        return self._view

    def __repr__(self) -> str:
        return f"Decision(player={self.player!r}, legal={len(self.legal)} actions)"

    def resample(self, rng: Rng | None = None) -> State:
        """A full state the player cannot tell from the real one (the search's root)."""
        return self._state.resample(self.player, rng or self.rng)

    @classmethod
    def at(cls, state: State, player: Player, rng: Rng) -> Decision:
        return cls(player, None, state.legal_actions(player), rng, state)


class Bot(ABC):
    """A player. ``act`` returns an action from ``decision.legal``, or None to let the moment
    pass (only sensible where acting is optional, e.g. a slap window)."""

    name: str = "bot"
    searches: bool = False
    """A search (alpha-beta, MCTS, a solver): seconds a decision, no cheap policy for another
    search's rollouts or reactions."""

    @abstractmethod
    def act(self, decision: Decision) -> Action | None: ...

    def reaction_time(self, decision: Decision) -> float:
        """Seconds this bot needs before it acts (the simulator orders simultaneous actors)."""
        return 1.0

    def __repr__(self) -> str:
        return self.name


class RandomBot(Bot):
    """Uniformly random among the legal actions: the baseline every bot is measured against."""

    name = "random"

    def act(self, decision: Decision) -> Action | None:
        return decision.rng.choice(decision.legal) if decision.legal else None

    def reaction_time(self, decision: Decision) -> float:
        return 0.5 + decision.rng.random()
