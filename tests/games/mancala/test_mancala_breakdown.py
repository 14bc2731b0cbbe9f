"""The result's breakdown of mancala and Kalah (issue #15's result screen): the beans after each
round of a match, the rounds each won, and the last round's beans as the store held them and as
they were left in the own pits and banked at its end, which add up to the score."""

from __future__ import annotations

from typing import Any

import pytest

import spieltisch
from spieltisch.core import Rng
from spieltisch.core.words import Said
from spieltisch.games.mancala.rules import MancalaState


def rows(result: Any) -> dict[str, list[tuple[Any, ...]]]:
    out: dict[str, list[tuple[Any, ...]]] = {}
    for label, values in result.breakdown:
        out.setdefault(label.key, []).append(values)
    return out


@pytest.mark.parametrize(
    ("game_id", "options"),
    [
        ("mancala", {}),
        ("mancala", {"rounds": 1}),
        ("mancala", {"tie": "replay", "next_starter": "alternate"}),
        ("mancala", {"elimination": False, "rounds": 7}),
        ("kalah", {}),
    ],
)
def test_store_and_left_add_up_to_the_score_and_the_last_round_is_it(
    game_id: str, options: dict[str, Any]
) -> None:
    game = spieltisch.load_game(game_id, **options)
    for seed in range(6):
        state = game.new_state(2, seed)
        rng = Rng(seed)
        while not state.is_terminal():
            p = min(state.actors())
            state.apply(p, rng.choice(state.legal_actions(p)))
        result = state.result()
        got = rows(result)
        (store,), (left,) = got["m.bd.store"], got["m.bd.left"]
        assert tuple(a + b for a, b in zip(store, left, strict=True)) == result.scores
        assert all(v >= 0 for v in (*store, *left))
        played = state.history
        if len(played) > 1:
            rounds = [r for r, _ in result.breakdown if r.key in ("m.bd.round", "m.bd.tied")]
            # each round by the sheet's number: a tied round played again ('replay') keeps it,
            # and says it was played again
            replayed = game.options["tie"] == "replay"
            expected, k = [], 1
            for h in played:
                again = replayed and h[0] == h[1]
                expected.append(Said("m.bd.tied" if again else "m.bd.round", k))
                k += not again
            assert rounds == expected and rounds[-1].args[0] == state.round
            assert got["m.bd.round"][-1] == result.scores
        else:
            assert "m.bd.round" not in got  # one round: its beans are the score itself
        if game.options["rounds"] > 1:
            (won,) = got["m.bd.won"]
            assert sum(won) == sum(h[0] != h[1] for h in played)
            if not result.is_draw:
                assert won[result.winners[0]] >= 1  # the last round's winner won it
        else:
            assert "m.bd.won" not in got


def test_a_kalah_end_banks_what_is_left_on_the_board() -> None:
    """Player 0 sows the last bean into the own store; the row is empty, the round ends, and
    player 1's three beans are left in the pits and banked: 21 in the store, 24 + 3."""
    game = spieltisch.load_game("kalah")
    state = MancalaState.from_position(
        game,
        {
            "phase": "play",
            "pits": [0, 0, 0, 0, 0, 1, 3, 0, 0, 0, 0, 0],
            "stores": [20, 24],
            "to_move": 0,
        },
    )
    state.apply(0, {"pit": 5, "direction": "ccw"})
    result = state.result()
    assert result.scores == (21, 27) and result.ranks == (2, 1)
    assert result.breakdown == (
        (Said("m.bd.store"), (21, 24)),
        (Said("m.bd.left"), (0, 3)),
    )


def test_a_tied_round_played_again_keeps_its_number() -> None:
    game = spieltisch.load_game("mancala", rounds=2, tie="replay")
    data = {
        "phase": "over",
        "pits": [0] * 12,
        "stores": [40, 32],
        "to_move": 0,
        "round": 2,
        "rounds": 2,
        "result": 0,
        "history": [[36, 36], [30, 42], [40, 32]],
    }
    result = MancalaState.from_position(game, data).result()
    assert [label for label, _ in result.breakdown][:3] == [
        Said("m.bd.tied", 1),
        Said("m.bd.round", 1),
        Said("m.bd.round", 2),
    ]
    assert result.breakdown[3] == (Said("m.bd.won"), (1, 1))


def test_a_finished_position_read_from_json_has_no_last_round_split() -> None:
    """What the pits held at the round's end is not in the rulings' position format: a result
    of a position read back says only what the position holds."""
    game = spieltisch.load_game("mancala", rounds=2)
    data = {
        "phase": "over",
        "pits": [0] * 12,
        "stores": [40, 32],
        "to_move": 0,
        "round": 2,
        "rounds": 2,
        "result": 0,
        "history": [[30, 42], [40, 32]],
    }
    result = MancalaState.from_position(game, data).result()
    assert result.breakdown == (
        (Said("m.bd.round", 1), (30, 42)),
        (Said("m.bd.round", 2), (40, 32)),
        (Said("m.bd.won"), (1, 1)),
    )
