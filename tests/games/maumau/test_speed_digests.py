"""Bodensee Mau-Mau plays exactly the games it played: a differential guard for speed-ups.

Seeded random games (3 to 5 players, a few tables' options) are played through the public
API as the bench's playout drives it (a random one of the actors with a legal action, a random
legal action of theirs), and each game's digest — sha256 over every step's actors, every
actor's legal list in order, the action, the events (with who sees them), a view now and then,
and the final position — is compared with ``maumau_speed_digests.json``. The stored digests
were generated once from the engine as it was before the speed work of issue #12's Mau-Mau
helper (commit 326796c, run from a ``git archive`` of it); an optimisation of
``games/maumau/{rules,moment,pile,cards,events}.py`` must keep every one.

A deliberate change of the rules changes digests; after checking that the change is meant,
write them anew with ``python tests/games/maumau/test_speed_digests.py --write`` and say so in
the commit.
"""

from __future__ import annotations

import hashlib
import json
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from spieltisch.core import Rng
from spieltisch.registry import load_game

DATA = Path(__file__).with_name("maumau_speed_digests.json")

VIEW_EVERY = 97  # a view of one player (turning round the table) every so many steps

# (players, options, seeds): whole games, thirteen in all (twenty until the suite ran past its
# fifteen minutes; the five-player games, the longest, cut most)
CASES: list[tuple[int, dict[str, Any], tuple[int, ...]]] = [
    (3, {}, (0, 1, 2)),
    (4, {}, (0, 1, 2)),
    (5, {}, (0,)),
    (3, {"jokers": 0, "first_ace": "none"}, (4,)),
    (3, {"free_draw": True, "nine_next": "thrower"}, (16,)),
    (4, {"nine_next": "thrower"}, (14, 20)),
    (5, {"jokers": 4, "three_out": "skip", "misfit_throw_in": "refuse"}, (8,)),
    (4, {"otherwise": "all_others", "dealer": "2"}, (10,)),
]


def case_id(players: int, options: dict[str, Any], seed: int) -> str:
    said = ",".join(f"{k}={v}" for k, v in sorted(options.items()))
    return f"{players}p[{said}]:{seed}"


def _text(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def digest(players: int, options: dict[str, Any], seed: int, on_clones: bool = False) -> str:
    """sha256 of one seeded random game, step by step (see the module's docstring); with
    ``on_clones`` every action is taken on a clone of the state, as a search step does."""
    game = load_game("maumau", **options)
    state = game.new_state(players, seed=seed)
    rng = Rng(seed * 7919 + players)
    h = hashlib.sha256()
    # str(action) (its sorted JSON), remembered: the same few dozen actions are listed again
    # at almost every step, and writing each anew was most of this test's time. Actions are
    # equal exactly when their canonical JSON is (core.actions: true, 1 and 1.0 are three
    # actions), so the remembered text of an equal action is the one str would write now.
    text = cache(str)
    step = 0
    while not state.is_terminal():
        if on_clones:
            state = state.clone()
        actors = sorted(state.actors())
        options_now = [(p, state.legal_actions(p)) for p in actors]
        h.update(repr([(p, [text(a) for a in legal]) for p, legal in options_now]).encode())
        options_now = [(p, legal) for p, legal in options_now if legal]
        player, legal = options_now[rng.below(len(options_now))]
        action = legal[rng.below(len(legal))]
        events = state.apply(player, action)
        h.update(_text([player, action.to_json(), [e.to_json() for e in events]]).encode())
        step += 1
        if step % VIEW_EVERY == 0:
            h.update(_text(state.view(step // VIEW_EVERY % players)).encode())
    h.update(state.to_json_text().encode())
    h.update(_text(state.result().ranks).encode())
    return h.hexdigest()


ALL = [(n, options, seed) for n, options, seeds in CASES for seed in seeds]


@pytest.mark.parametrize(("players", "options", "seed"), ALL, ids=[case_id(*c) for c in ALL])
def test_same_games_as_before(players: int, options: dict[str, Any], seed: int) -> None:
    stored = json.loads(DATA.read_text())
    assert digest(players, options, seed) == stored[case_id(players, options, seed)]


ON_CLONES = [c for c in ALL if c[0] < 5 and c[2] in (0, 10, 14, 16)]  # a few seconds


@pytest.mark.parametrize(
    ("players", "options", "seed"), ON_CLONES, ids=[case_id(*c) for c in ON_CLONES]
)
def test_the_same_games_on_clones(players: int, options: dict[str, Any], seed: int) -> None:
    """A clone at every step (the pile's entries shared until one side changes one) plays
    the same game."""
    stored = json.loads(DATA.read_text())
    assert digest(players, options, seed, on_clones=True) == stored[case_id(players, options, seed)]


def test_every_case_has_a_stored_digest() -> None:
    stored = json.loads(DATA.read_text())
    assert sorted(stored) == sorted(case_id(*c) for c in ALL)


if __name__ == "__main__":  # python tests/games/maumau/test_speed_digests.py --write
    if sys.argv[1:] != ["--write"]:
        sys.exit(__doc__)
    DATA.write_text(
        json.dumps({case_id(*c): digest(*c) for c in ALL}, indent=1, sort_keys=True) + "\n"
    )
