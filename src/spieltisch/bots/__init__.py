"""Game-agnostic players and the machinery that lets them play together."""

from .base import Bot, Decision, RandomBot
from .registry import available_bots, make_bot, parse_spec, strongest_bot

__all__ = [
    "Bot",
    "Decision",
    "RandomBot",
    "available_bots",
    "make_bot",
    "parse_spec",
    "strongest_bot",
]
