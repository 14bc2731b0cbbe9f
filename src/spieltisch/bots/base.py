"""What a bot is: a player that sees only its view and its legal actions.

A bot never gets the state. A searching bot may ask its ``Decision`` for ``resample()``: a full
state consistent with what the player has seen (the whole truth only in perfect-information
games such as mancala). The simulator also asks a bot how long it takes to react, so that when
several players may act at once, the quickest acts first.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any

from ..core import Action, Player, Rng, State


@dataclass
class Decision:
    """One moment at which ``player`` may act."""

    player: Player
    view: dict[str, Any]
    legal: list[Action]
    rng: Rng
    _state: State = field(repr=False)

    def resample(self, rng: Rng | None = None) -> State:
        """A full state the player cannot tell from the real one (the search's root)."""
        return self._state.resample(self.player, rng or self.rng)

    @classmethod
    def at(cls, state: State, player: Player, rng: Rng) -> Decision:
        return cls(player, state.view(player), state.legal_actions(player), rng, state)


class Bot(ABC):
    """A player. ``act`` returns an action from ``decision.legal``, or None to let the moment
    pass (only sensible where acting is optional, e.g. a slap window)."""

    name: str = "bot"

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
