"""Game-agnostic core: the Game/State contract, actions, events, options, rng, records."""

from .actions import Action
from .errors import IllegalAction, OptionError, RecordError, SpieltischError
from .events import Event, LazyEvent
from .game import REFEREE, Game, Player, Result, State, check_seat, player_name
from .options import Option, parse_option_args, resolve_options
from .records import Record
from .rng import Rng

__all__ = [
    "REFEREE",
    "Action",
    "Event",
    "Game",
    "IllegalAction",
    "LazyEvent",
    "Option",
    "OptionError",
    "Player",
    "Record",
    "RecordError",
    "Result",
    "Rng",
    "SpieltischError",
    "State",
    "check_seat",
    "parse_option_args",
    "player_name",
    "resolve_options",
]
