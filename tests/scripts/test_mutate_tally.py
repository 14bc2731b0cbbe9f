"""scripts/mutate.py's count of a run: what the tests noticed (failed, ran past the time limit,
or died of a fault) against what they did not, the listed equivalents left out."""

from __future__ import annotations

from pathlib import Path

from scripts_mutate import load

ROOT = Path(__file__).resolve().parents[2]


mutate = load()


def test_a_mutant_that_crashes_its_tests_counts_as_killed_and_is_shown_as_a_crash() -> None:
    """mutmut lists a SIGSEGV as "segfault" and a SIGABRT as "suspicious": a compiled kernel
    that writes past an array kills the test process, which no passing test suite does."""
    stats = {"killed": 6, "timeout": 1, "survived": 2, "no_tests": 0}
    statuses = {
        "m.x_f__mutmut_1": "segfault",
        "m.x_f__mutmut_2": "suspicious",
        "m.x_f__mutmut_3": "survived",
        "m.x_f__mutmut_4": "survived",
        "m.x_f__mutmut_5": "suspicious",  # an odd exit code that is no fault: not noticed
    }
    codes = {
        "m.x_f__mutmut_1": -11,
        "m.x_f__mutmut_2": -6,
        "m.x_f__mutmut_3": 0,
        "m.x_f__mutmut_4": 0,
        "m.x_f__mutmut_5": 4,
    }
    counted = mutate.tally(stats, statuses, codes, {"m.x_f__mutmut_4": "why"})
    assert counted["killed"] == 6 + 1 + 2 and counted["crashes"] == 2 and counted["timeouts"] == 1
    assert counted["alive"] == ["m.x_f__mutmut_3", "m.x_f__mutmut_5"]
    assert counted["equivalent"] == ["m.x_f__mutmut_4"] and counted["stale"] == []
    assert counted["score"] == 9 / 11


def test_an_equivalent_that_is_no_longer_a_survivor_is_stale_and_nothing_counted_is_no_pass():
    counted = mutate.tally(
        {"killed": 0, "survived": 0}, {}, {}, {"m.x_f__mutmut_9": "renumbered since"}
    )
    assert counted["stale"] == ["m.x_f__mutmut_9"] and counted["score"] == 0.0
