"""The bean games play exactly the random games they played: a differential guard for speed-ups.

Seeded random games of Mutterböhnchen, Ladybohn and Bohnanza (1 to 5 players, a few tables'
options) are played through the public API as the bench's playout drives it (a random one of
the actors with a legal action, a random legal action of theirs), and each game's digest —
sha256 over every step's actors, every actor's legal list in order, the action (its keys in
their order), the events (with who sees them, their data's keys in their order), a view now and
then, and the final position and ranks — is compared with ``random_digests.json``. Some games
take every step on a ``clone()`` of the state, as a search does, so that what a clone carries
over (the moment's answers) is checked too.

The stored digests were generated once from the engine as it was before the speed work of
issue #12's bean helper (commit 326796c, run from a ``git archive`` of it); an optimisation of
``games/{beans,bohnanza,ladybohn,mutterboehnchen}`` must keep every one.

A deliberate change of the rules changes digests; after checking that the change is meant,
write them anew with ``python tests/games/beans/test_random_digests.py --write`` and say so in
the commit.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from spieltisch.core import Rng
from spieltisch.registry import load_game

DATA = Path(__file__).with_name("random_digests.json")

VIEW_EVERY = 61  # a view of one seat (turning round the table, a spectator too) so often

# (game, players, options, seeds, on clones): whole games, nineteen in all
CASES: list[tuple[str, int, dict[str, Any], tuple[int, ...], bool]] = [
    ("mutterboehnchen", 2, {}, (0, 1), False),
    ("mutterboehnchen", 3, {}, (2,), False),
    ("mutterboehnchen", 4, {}, (3, 4), False),
    ("mutterboehnchen", 5, {"schluckspecht_all_fields": True}, (5,), False),
    ("mutterboehnchen", 3, {"arbeitstier_must_plant": False}, (6,), True),
    ("mutterboehnchen", 2, {}, (7,), True),
    ("ladybohn", 2, {}, (0, 1), False),
    ("ladybohn", 3, {}, (2,), False),
    ("ladybohn", 4, {}, (3,), False),
    ("ladybohn", 5, {"ratio_males_pay": True}, (4,), False),
    ("ladybohn", 4, {}, (5,), True),
    ("ladybohn", 2, {}, (6,), True),
    ("ladybohn", 1, {}, (7,), False),
    ("bohnanza", 3, {}, (0,), False),
    ("bohnanza", 4, {"tie_break": "hand_cards"}, (1,), False),
    ("bohnanza", 5, {"classic": True}, (2,), True),
]


def case_id(game: str, players: int, options: dict[str, Any], seed: int, clones: bool) -> str:
    said = ",".join(f"{k}={v}" for k, v in sorted(options.items()))
    return f"{game}:{players}p[{said}]:{seed}{':clones' if clones else ''}"


def _text(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))  # keys in their order: a record keeps it


def digest(game_id: str, players: int, options: dict[str, Any], seed: int, clones: bool) -> str:
    """sha256 of one seeded random game, step by step (see the module's docstring)."""
    game = load_game(game_id, **options)
    state = game.new_state(players, seed=seed)
    rng = Rng(seed * 7919 + players)
    h = hashlib.sha256(state.to_json_text().encode())
    step = 0
    while not state.is_terminal():
        if clones:
            state = state.clone()
        actors = sorted(state.actors())
        options_now = [(p, state.legal_actions(p)) for p in actors]
        h.update(_text([[p, [a.to_json() for a in legal]] for p, legal in options_now]).encode())
        options_now = [(p, legal) for p, legal in options_now if legal]
        player, legal = options_now[rng.below(len(options_now))]
        action = legal[rng.below(len(legal))]
        events = state.apply(player, action)
        h.update(_text([player, action.to_json(), [e.to_json() for e in events]]).encode())
        step += 1
        if step % VIEW_EVERY == 0:
            seat = step // VIEW_EVERY % (players + 1)
            h.update(_text(state.view(None if seat == players else seat)).encode())
    h.update(state.to_json_text().encode())
    h.update(_text([state.result().ranks, state.view(0)]).encode())
    return h.hexdigest()


ALL = [
    (game, n, options, seed, clones) for game, n, options, seeds, clones in CASES for seed in seeds
]


@pytest.mark.parametrize(
    ("game", "players", "options", "seed", "clones"), ALL, ids=[case_id(*c) for c in ALL]
)
def test_same_games_as_before(
    game: str, players: int, options: dict[str, Any], seed: int, clones: bool
) -> None:
    stored = json.loads(DATA.read_text())
    assert (
        digest(game, players, options, seed, clones)
        == stored[case_id(game, players, options, seed, clones)]
    )


def test_every_case_has_a_stored_digest() -> None:
    stored = json.loads(DATA.read_text())
    assert sorted(stored) == sorted(case_id(*c) for c in ALL)


if __name__ == "__main__":  # python tests/games/beans/test_random_digests.py --write
    if sys.argv[1:] != ["--write"]:
        sys.exit(__doc__)
    DATA.write_text(
        json.dumps({case_id(*c): digest(*c) for c in ALL}, indent=1, sort_keys=True) + "\n"
    )
