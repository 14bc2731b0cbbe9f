"""The research examples in docs/examples run (with small numbers) and say what they did."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def run_example(name: str, args: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "argv", [name, *args])
    runpy.run_path(str(EXAMPLES / name), run_name="__main__")


def test_policy_gradient_on_kalah(monkeypatch, capsys) -> None:
    run_example("kalah_policy_gradient.py", ["--episodes", "30", "--eval", "10"], monkeypatch)
    out = capsys.readouterr().out
    assert "before training: wins" in out and "after training: wins" in out


def test_openspiel_mcts_on_mancala(monkeypatch, capsys) -> None:
    args = ["--games", "1", "--simulations", "6", "--game", "spieltisch_kalah"]
    run_example("openspiel_mcts_mancala.py", args, monkeypatch)
    out = capsys.readouterr().out
    assert "score of the stronger MCTS:" in out and '"game":"mancala"' in out
