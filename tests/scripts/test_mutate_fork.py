"""scripts/mutate_fork.py, the fork runner of ``scripts/mutate.py --fork``: how a child's exit
reads as a mutant's status, which tests a mutant's child runs and in what order, its time limit,
and a results file read back after a stopped run."""

from __future__ import annotations

import pytest
from scripts_mutate import load_fork

fork = load_fork()


@pytest.mark.parametrize(
    ("code", "status"),
    [
        (0, "survived"),  # every test passed
        (1, "killed"),  # a test failed
        (2, "killed"),  # interrupted: a collection error, which a mutant at import causes
        (-9, "timeout"),  # killed by the runner past its time limit
        (-11, "crash"),  # a fault: noticed as surely as by a failed test
        (4, "exit 4"),  # pytest's usage error: nothing was tested, so nothing was noticed
    ],
)
def test_a_child_s_exit_reads_as_the_mutant_s_status(code: int, status: str) -> None:
    assert fork.status_of(code) == status


def test_the_mutants_files_of_the_list_run_first() -> None:
    listed = [
        "tests/games/maumau",
        "tests/games/maumau/test_moment_mutants.py",
        "tests/games/maumau/test_maumau_end.py",
        "tests/bots/test_ladybohn_bot_mutants_x.py",
    ]
    assert fork.first_of(listed) == [listed[1], listed[3]]


def test_a_mutant_runs_the_mutants_files_then_the_other_tests_reaching_it_quickest_first() -> None:
    first = ["tests/t_mutants.py"]
    reached = ["tests/a.py::slow", "tests/t_mutants.py::one", "tests/a.py::quick", "tests/b.py::x"]
    durations = {"tests/a.py::slow": 3.0, "tests/a.py::quick": 0.1}
    assert fork.plan(reached, first, durations) == [
        first,
        ["tests/a.py::quick", "tests/b.py::x", "tests/a.py::slow"],  # unknown: 1 s
    ]
    assert fork.plan(["tests/t_mutants.py::one"], first, durations) == [first]
    assert fork.plan(["tests/a.py::quick"], [], durations) == [["tests/a.py::quick"]]
    assert fork.plan([], [], durations) == []


def test_the_time_limit_is_ten_times_the_tests_own_time_and_a_start_at_most_the_cap() -> None:
    durations = {"a": 2.0, "b": 0.5}
    assert fork.time_limit([["a"], ["b"]], durations, cap=300) == 30 + 10 * 2.5
    assert fork.time_limit([["a", "unknown"]], durations, cap=300) == 30 + 10 * 3.0
    assert fork.time_limit([["a"] * 100], durations, cap=300) == 300


def test_a_stopped_run_is_read_back_with_each_mutant_s_latest_result() -> None:
    lines = [
        '{"name": "m.x_f__mutmut_1", "status": "survived", "secs": 1.0}',
        "",
        '{"name": "m.x_f__mutmut_2", "status": "killed", "secs": 0.5}',
        '{"name": "m.x_f__mutmut_1", "status": "killed", "secs": 9.0, "fresh": true}',
    ]
    done = fork.latest(lines)
    assert {n: r["status"] for n, r in done.items()} == {
        "m.x_f__mutmut_1": "killed",
        "m.x_f__mutmut_2": "killed",
    }
