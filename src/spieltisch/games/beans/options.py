"""Options that every bean game built on Bohnanza's engine offers alike."""

from __future__ import annotations

from ...core import Option

CARDS = Option(
    "cards", str, "", "a card file (TOML) of your own; empty: the built-in one", path=True
)

FIRST_PLAYER = Option(
    "first_player",
    str,
    "lot",
    "who starts: drawn by lot from the seed, or a seat number",
    ("lot", "0", "1", "2", "3", "4"),
)

TRADE_SECONDS = Option(
    "trade_seconds",
    float,
    60.0,
    "a host's limit for an idle trading phase: after it, the referee closes the phase",
    min=1.0,
)

__all__ = ["CARDS", "FIRST_PLAYER", "TRADE_SECONDS"]
