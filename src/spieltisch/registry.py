"""The one list of games. A new game is one package under ``games/`` and one line here."""

from __future__ import annotations

import importlib
from typing import Any

from .core.errors import OptionError
from .core.game import Game, State
from .core.records import Record

# id -> (module, class name, preset): presets are named option bundles shown as their own id
GAMES: dict[str, tuple[str, str, dict[str, Any]]] = {
    "mancala": ("spieltisch.games.mancala.rules", "MancalaGame", {}),
    "kalah": ("spieltisch.games.mancala.rules", "MancalaGame", {"preset": "kalah"}),
    "bibermania": ("spieltisch.games.bibermania.rules", "BibermaniaGame", {}),
    "bohnanza": ("spieltisch.games.bohnanza.rules", "BohnanzaGame", {}),
    "ladybohn": ("spieltisch.games.ladybohn.rules", "LadybohnGame", {}),
    "maumau": ("spieltisch.games.maumau.rules", "MaumauGame", {}),
    "mutterboehnchen": (
        "spieltisch.games.mutterboehnchen.rules",
        "MutterboehnchenGame",
        {},
    ),
}


def game_class(game_id: str) -> type[Game]:
    try:
        module, cls, _ = GAMES[game_id]
    except KeyError:
        raise OptionError(
            f"unknown game {game_id!r}; the games are {', '.join(sorted(GAMES))}"
        ) from None
    return getattr(importlib.import_module(module), cls)


def load_game(game_id: str, **options: Any) -> Game:
    """The game ``game_id`` with ``options`` (the sheet's rules where none are given)."""
    cls = game_class(game_id)
    preset = GAMES[game_id][2]
    game = cls(**{**preset, **options})
    game.id = game_id  # a preset plays under its own id (records, bots, summaries)
    return game


def record_game(record: Record) -> Game:
    """The game a record was played on, with its options."""
    return load_game(record.game, **record.options)


def replay(record: Record, upto: int | None = None) -> State:
    """A record's state after its first ``upto`` actions (all by default)."""
    return record.replay(record_game(record), upto)
