"""scripts/mutate.py's record of equivalents read: a listed equivalent mutant is named by its
function and its number there, and the number means the same edit only while the function reads
as it did when the equivalent was judged. The suite holds tests/mutation.toml to that: every
function with listed equivalents is unchanged since they were last read (``--reviewed``)."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

from scripts_mutate import load

ROOT = Path(__file__).resolve().parents[2]


mutate = load()

SOURCE = """\
import functools


@functools.cache
def scan(pile):
    return [c for c in pile if c]


class Pile:
    def top(self):
        return self.cards[-1]
"""

LISTED = {
    "spieltisch.games.toy.pile.x_scan__mutmut_2": "only read for its truth",
    "spieltisch.games.toy.pile.xǁPileǁtop__mutmut_1": "the pile is never empty here",
}


def test_every_listed_equivalent_was_read_against_todays_function() -> None:
    """The guard itself, on the repository: an edited function's equivalents must be read again
    (rerun its mutants, mend the list, ``python scripts/mutate.py --reviewed MODULE``)."""
    config = tomllib.loads((ROOT / "tests" / "mutation.toml").read_text(encoding="utf-8"))
    reviewed = json.loads((ROOT / "tests" / "mutation.reviewed.json").read_text(encoding="utf-8"))
    assert mutate.check_reviewed(config["modules"], reviewed) == []


def test_functions_are_keyed_as_mutmut_names_their_mutants() -> None:
    texts = mutate.function_texts(SOURCE)
    assert set(texts) == {"x_scan", "xǁPileǁtop"}
    assert texts["x_scan"].startswith("@functools.cache\ndef scan")  # its decorator is its text
    assert mutate.function_of("spieltisch.games.toy.pile.xǁPileǁtop__mutmut_12") == "xǁPileǁtop"
    assert mutate.function_of("spieltisch.games.toy.pile.x_scan__mutmut_2") == "x_scan"


def test_a_recorded_module_passes_until_a_function_with_equivalents_changes() -> None:
    recorded = mutate.review_digests(SOURCE, LISTED)
    assert set(recorded) == {"x_scan", "xǁPileǁtop"}
    assert mutate.unreviewed(SOURCE, LISTED, recorded) == []
    edited = SOURCE.replace("self.cards[-1]", "self.cards[0]")
    (problem,) = mutate.unreviewed(edited, LISTED, recorded)
    assert problem.startswith("xǁPileǁtop: changed since its 1 equivalent")
    # a function without listed equivalents may change freely
    assert mutate.unreviewed(SOURCE + "\n\ndef other():\n    return 2\n", LISTED, recorded) == []
    # so may its decorator's meaning not: a decorator is part of what mutmut reads
    (problem,) = mutate.unreviewed(SOURCE.replace("@functools.cache\n", ""), LISTED, recorded)
    assert problem.startswith("x_scan: changed")


def test_gone_unrecorded_and_leftover_records_are_named() -> None:
    recorded = mutate.review_digests(SOURCE, LISTED)
    renamed = SOURCE.replace("def top", "def peek")
    assert mutate.unreviewed(renamed, LISTED, recorded) == [
        "xǁPileǁtop: no such function today, yet 1 equivalent "
        "(spieltisch.games.toy.pile.xǁPileǁtop__mutmut_1...) listed for it"
    ]
    (never,) = mutate.unreviewed(SOURCE, LISTED, {"x_scan": recorded["x_scan"]})
    assert never.startswith("xǁPileǁtop: 1 equivalent") and "never recorded" in never
    (left,) = mutate.unreviewed(SOURCE, {}, {"x_scan": recorded["x_scan"]})
    assert left == "x_scan: recorded as read, but no equivalent is listed (--reviewed)"
