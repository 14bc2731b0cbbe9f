"""Ctrl-C in the middle of a run: a module's ``play_game`` that raises KeyboardInterrupt in one
game, as a SIGINT would, and logs every game it starts (from any worker process, so that a test
can tell the games played on after the interrupt)."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest


def interrupt_at(
    monkeypatch: pytest.MonkeyPatch, module: ModuleType, bad_seed: int, log: Path | None = None
) -> None:
    """``module.play_game`` stops in the game of ``bad_seed``; each game started is a line of
    ``log``."""
    real = module.play_game

    def stopped(game, bots, seed, seats=None):
        if log is not None:
            with log.open("a", encoding="utf-8") as f:
                f.write(f"{seed}\n")
        if seed == bad_seed:
            raise KeyboardInterrupt
        return real(game, bots, seed, seats=seats)

    monkeypatch.setattr(module, "play_game", stopped)
