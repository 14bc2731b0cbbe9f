"""The bean games' heuristic bots decide exactly as they did: a differential guard for speed-ups.

A fixed set of seeded games (Mutterböhnchen, Ladybohn and Bohnanza; 2 to 4 players; trader,
notrade and a mixed table) is played through, and each game's digest — sha256 over the record's
actions and the simulated seconds it took (so a changed reaction time shows too) — is compared
with ``bean_bot_digests.json``. The stored digests were generated once from the bots as they were
before their speed-ups (commit message: "bean bots: a differential guard"; the games on one
game object, with options, were added after the review from the same commit, 2396a7b, run
from a ``git archive`` of it); an optimisation of
``games/{bohnanza,ladybohn,mutterboehnchen}/bots.py`` must keep every one.

A deliberate change of play (a bot's or the rules') changes digests; after checking that the
change is meant, write them anew with ``python tests/bots/test_bean_bot_digests.py --write``
and say so in the commit.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import pytest

import spieltisch
from spieltisch.bots import make_bot
from spieltisch.bots.scheduler import play_game

DATA = Path(__file__).with_name("bean_bot_digests.json")

# (game, seats' bots, seeds): a few seconds in all
CASES: list[tuple[str, tuple[str, ...], tuple[int, ...]]] = [
    ("mutterboehnchen", ("trader", "trader"), (0, 1, 2)),
    ("mutterboehnchen", ("notrade", "notrade"), (3, 4)),
    ("mutterboehnchen", ("trader", "notrade", "trader", "notrade"), (0,)),
    ("mutterboehnchen", ("notrade",) * 4, (0, 1)),
    ("mutterboehnchen", ("trader",) * 3, (0,)),
    ("ladybohn", ("trader", "trader"), (0, 1, 2)),
    ("ladybohn", ("notrade", "notrade"), (0, 1)),
    ("ladybohn", ("trader",) * 4, (0,)),
    ("ladybohn", ("notrade", "trader", "notrade"), (0,)),
    ("bohnanza", ("trader",) * 3, (0,)),
    ("bohnanza", ("trader", "notrade", "trader", "notrade"), (0,)),
    ("bohnanza", ("notrade",) * 4, (0,)),
]


# (game, options, seats' bots, seeds): every seed played in turn on ONE game object, so that
# the tables and memos the bots share per deck are met again by the next game's bots, and the
# options' own branches (Schluckspecht on every field; 5 and 6 players)
SHARED: list[tuple[str, dict[str, Any], tuple[str, ...], tuple[int, ...]]] = [
    ("mutterboehnchen", {"schluckspecht_all_fields": True}, ("trader",) * 3, (0, 1)),
    ("mutterboehnchen", {"schluckspecht_all_fields": True}, ("trader", "trader"), (5, 6)),
    ("mutterboehnchen", {}, ("trader", "notrade") * 3, (0,)),
    ("ladybohn", {}, ("trader",) * 5, (0,)),
    ("bohnanza", {}, ("trader",) * 5, (0,)),
]


def shared_id(
    game: str, options: dict[str, Any], seats: tuple[str, ...], seeds: tuple[int, ...]
) -> str:
    said = ",".join(f"{k}={v}" for k, v in sorted(options.items()))
    return f"{game}[{said}]:{','.join(seats)}:{'+'.join(map(str, seeds))}"


def shared_digest(
    game_id: str, options: dict[str, Any], seats: tuple[str, ...], seeds: tuple[int, ...]
) -> str:
    """sha256 over the games of ``seeds`` played one after the other on one game object."""
    game = spieltisch.load_game(game_id, **options)
    h = hashlib.sha256()
    for seed in seeds:
        played = play_game(game, [make_bot(s, game) for s in seats], seed)
        for player, action in played.record.actions:
            h.update(json.dumps([str(player), action.to_json()], sort_keys=True).encode())
            h.update(b"\n")
        h.update(repr(played.seconds).encode())
    return h.hexdigest()


def case_id(game: str, seats: tuple[str, ...], seed: int) -> str:
    return f"{game}:{','.join(seats)}:{seed}"


def digest(game_id: str, seats: tuple[str, ...], seed: int) -> str:
    """sha256 of the game's actions (player and action, in order) and its simulated seconds."""
    game = spieltisch.load_game(game_id)
    played = play_game(game, [make_bot(s, game) for s in seats], seed)
    h = hashlib.sha256()
    for player, action in played.record.actions:
        h.update(json.dumps([str(player), action.to_json()], sort_keys=True).encode())
        h.update(b"\n")
    h.update(repr(played.seconds).encode())
    return h.hexdigest()


ALL = [(g, seats, seed) for g, seats, seeds in CASES for seed in seeds]


@pytest.mark.parametrize(
    ("game_id", "seats", "seed"), ALL, ids=[case_id(g, s, seed) for g, s, seed in ALL]
)
def test_same_games_as_before(game_id: str, seats: tuple[str, ...], seed: int) -> None:
    stored = json.loads(DATA.read_text())
    assert digest(game_id, seats, seed) == stored[case_id(game_id, seats, seed)]


@pytest.mark.parametrize(
    ("game_id", "options", "seats", "seeds"), SHARED, ids=[shared_id(*c) for c in SHARED]
)
def test_same_games_as_before_on_one_game_object(
    game_id: str, options: dict[str, Any], seats: tuple[str, ...], seeds: tuple[int, ...]
) -> None:
    stored = json.loads(DATA.read_text())
    assert (
        shared_digest(game_id, options, seats, seeds)
        == stored[shared_id(game_id, options, seats, seeds)]
    )


def every_digest() -> dict[str, str]:
    found = {case_id(g, s, seed): digest(g, s, seed) for g, s, seed in ALL}
    found.update({shared_id(*c): shared_digest(*c) for c in SHARED})
    return found


def test_every_case_has_a_stored_digest() -> None:
    stored = json.loads(DATA.read_text())
    assert sorted(stored) == sorted(
        [case_id(g, s, seed) for g, s, seed in ALL] + [shared_id(*c) for c in SHARED]
    )


def test_a_decks_shared_tables_go_with_the_deck() -> None:
    """The tables bots share per deck (``deck_memo``) live as long as the deck: a server keeps
    a game per table for hours, and a table's end must free them."""
    import gc

    from spieltisch.games.bohnanza import bots as bean_bots

    game = spieltisch.load_game("mutterboehnchen")
    make_bot("trader", game)
    key = id(game.deck)  # type: ignore[attr-defined]
    assert any(k[0] == key for k in bean_bots._DECK_MEMO)
    del game
    gc.collect()
    assert not any(k[0] == key for k in bean_bots._DECK_MEMO)


if __name__ == "__main__":  # python tests/bots/test_bean_bot_digests.py --write
    if sys.argv[1:] != ["--write"]:
        sys.exit(__doc__)
    DATA.write_text(json.dumps(every_digest(), indent=1) + "\n")
