"""The bench measures ours beside OpenSpiel's peer in one run and reports the ratios."""

from __future__ import annotations

import pytest

from spieltisch.arena.bench import run_bench


def test_maumau_is_measured_beside_crazy_eights() -> None:
    result = run_bench("maumau", seconds=0.3, seed=3)
    res = result["results"]
    assert set(res) == {"maumau_api", "crazy_eights_python", "crazy_eights_cpp"}
    assert res["maumau_api"]["games"] >= 3 and res["maumau_api"]["actions_per_game"] > 10
    assert res["crazy_eights_python"]["actions_per_game"] > 10
    ratio = result["ratios"]["maumau_api actions/s / crazy_eights_python actions/s"]
    assert ratio > 0
    assert result["openspiel"]["available"] is True


def test_an_unknown_game_is_refused_with_the_list() -> None:
    with pytest.raises(Exception, match="mancala"):
        run_bench("nosuchgame", seconds=0.1)
