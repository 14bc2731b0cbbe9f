"""spieltisch: German table games by their real rules.

>>> import spieltisch
>>> game = spieltisch.load_game("mancala", rounds=3)
>>> state = game.new_state(2, seed=1)
"""

from .core import (
    REFEREE,
    Action,
    Event,
    Game,
    IllegalAction,
    OptionError,
    Record,
    RecordError,
    Result,
    Rng,
    State,
)
from .registry import GAMES, load_game

__all__ = [
    "GAMES",
    "REFEREE",
    "Action",
    "Event",
    "Game",
    "IllegalAction",
    "OptionError",
    "Record",
    "RecordError",
    "Result",
    "Rng",
    "State",
    "load_game",
]
