"""Bots by name: ``--bots random,alphabeta`` or ``alphabeta:time=0.5:depth=8``.

A spec is a name, then ``:``-separated arguments, each ``key=value`` (passed to the bot's
constructor) or a bare word (passed as ``profile``). Generic bots work for every game; a game
package adds its own in ``games/<pkg>/bots.py`` (``BOTS``), names its best one (``STRONGEST``),
and may give searching bots an evaluation (``evaluate``).
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable
from types import ModuleType
from typing import Any

from ..core import Game, OptionError
from ..registry import GAMES
from .base import Bot, RandomBot
from .ismcts import ISMCTSBot

BotFactory = Callable[..., Bot]


def game_bot_module(game: Game | str) -> ModuleType | None:
    game_id = game if isinstance(game, str) else game.id
    module = GAMES[game_id][0].rsplit(".", 1)[0] + ".bots"
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as err:
        if err.name == module:
            return None
        raise


def available_bots(game: Game | str) -> dict[str, BotFactory]:
    # generic bots first: a game's own bot of the same name (Mau-Mau's random) takes its place
    bots: dict[str, BotFactory] = {
        "random": lambda game, **kw: RandomBot(**kw),
        "ismcts": ISMCTSBot,
    }
    module = game_bot_module(game)
    if module is not None:
        bots.update(getattr(module, "BOTS", {}))
    return bots


def strongest_bot(game: Game | str) -> str:
    module = game_bot_module(game)
    return getattr(module, "STRONGEST", "random") if module else "random"


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    name, *parts = spec.strip().split(":")
    kwargs: dict[str, Any] = {}
    for part in parts:
        key, sep, value = part.partition("=")
        if not sep:
            kwargs["profile"] = part
            continue
        kwargs[key] = _number(value)
    return name, kwargs


def _number(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def make_bot(spec: str, game: Game) -> Bot:
    """The bot a spec names, or an OptionError that lists the bots this game has."""
    name, kwargs = parse_spec(spec)
    bots = available_bots(game)
    if name not in bots:
        raise OptionError(f"no bot {name!r} for {game.id}; there are {', '.join(sorted(bots))}")
    factory = bots[name]
    try:
        bot = factory(game, **kwargs)
    except TypeError as err:
        params = _params(factory)
        raise OptionError(f"bot {name!r} takes {params or 'no arguments'}: {err}") from None
    bot.name = spec
    return bot


def _params(factory: BotFactory) -> str:
    try:
        sig = inspect.signature(factory)
    except (TypeError, ValueError):
        return ""
    return ", ".join(p for p in sig.parameters if p not in ("game", "kw", "kwargs"))
