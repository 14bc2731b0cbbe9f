"""Actions, options, the RNG, results and records: the contract's small parts."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

import spieltisch
from spieltisch.core import Action, Option, OptionError, Record, RecordError, Result, Rng
from spieltisch.core.options import parse_option_args, resolve_options


def test_actions_compare_and_hash_by_value_with_plain_dicts() -> None:
    a = Action(pit=3, direction="cw")
    assert a == {"direction": "cw", "pit": 3}
    assert a != {"pit": 3, "direction": "ccw"}
    assert hash(a) == hash(Action({"direction": "cw", "pit": 3}))
    assert a in {Action.of({"pit": 3, "direction": "cw"})}
    assert json.loads(str(a)) == a.to_json()
    with pytest.raises(TypeError):
        Action.of({"x": object()})
    with pytest.raises(TypeError):
        Action.of([1, 2])  # type: ignore[arg-type]


def test_a_list_valued_action_is_not_equal_to_a_scalar_one() -> None:
    assert Action(cards=[1, 2]) != Action(cards=(1,))
    assert Action(cards=[1, 2]) == {"cards": [1, 2]}


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=1, max_value=1000))
def test_rng_below_is_in_range_and_reproducible(seed: int, n: int) -> None:
    a, b = Rng(seed), Rng(seed)
    xs = [a.below(n) for _ in range(20)]
    assert xs == [b.below(n) for _ in range(20)]
    assert all(0 <= x < n for x in xs)


def test_rng_below_refuses_a_bound_it_could_never_draw_under() -> None:
    for bad in (0, -3, 2**64 + 1):
        with pytest.raises(ValueError, match=r"bound in 1\.\.2\*\*64"):
            Rng(1).below(bad)
    assert 0 <= Rng(1).below(2**64) < 2**64


def test_rng_known_values_never_change() -> None:
    # records replay across versions only if the stream stays the same: SplitMix64 reference
    assert Rng(0).next64() == 0xE220A8397B1DCDAF
    r = Rng(42)
    deck = list(range(10))
    r.shuffle(deck)
    assert sorted(deck) == list(range(10))
    assert 0.0 <= Rng(1).random() < 1.0


def _below_by_definition(rng: Rng, n: int) -> int:
    """``below`` as its docstring defines it on ``next64``: draws at or above the largest
    multiple of ``n`` under 2**64 are drawn again."""
    limit = 2**64 - 2**64 % n
    while (x := rng.next64()) >= limit:
        pass
    return x % n


@given(
    st.integers(min_value=0, max_value=2**64 - 1),
    st.lists(
        st.one_of(
            st.integers(min_value=1, max_value=200),
            # bounds where about a third to a half of the draws are drawn again
            st.integers(min_value=2**63 + 1, max_value=3 * 2**62),
            st.just(2**64),
        ),
        min_size=1,
        max_size=30,
    ),
    st.integers(min_value=0, max_value=120),
)
def test_rng_below_and_shuffle_are_their_definition_on_next64(
    seed: int, bounds: list[int], size: int
) -> None:
    # shuffle writes SplitMix64's step out for speed: the stream of both must stay the one
    # next64 defines, or every record and golden playthrough would replay differently
    fast, slow = Rng(seed), Rng(seed)
    assert [fast.below(n) for n in bounds] == [_below_by_definition(slow, n) for n in bounds]
    assert fast.state == slow.state
    items, expected = list(range(size)), list(range(size))
    fast.shuffle(items)
    for i in range(size - 1, 0, -1):
        j = _below_by_definition(slow, i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected and fast.state == slow.state


def test_rng_shuffle_is_roughly_uniform() -> None:
    r = Rng(7)
    counts = [0] * 3
    for _ in range(3000):
        items = [0, 1, 2]
        r.shuffle(items)
        counts[items[0]] += 1
    assert all(900 < c < 1100 for c in counts)


def test_options_are_validated_and_coerced() -> None:
    declared = (
        Option("rounds", int, 5, "rounds", min=1),
        Option("fast", bool, False, "fast"),
        Option("mode", str, "a", "mode", ("a", "b")),
    )
    assert resolve_options(declared, {}) == {"rounds": 5, "fast": False, "mode": "a"}
    got = resolve_options(declared, parse_option_args(["rounds=3", "fast=yes", "mode=b"]))
    assert got == {"rounds": 3, "fast": True, "mode": "b"}
    with pytest.raises(OptionError, match="unknown option 'round'"):
        resolve_options(declared, {"round": 3})
    with pytest.raises(OptionError, match="whole number"):
        resolve_options(declared, {"rounds": "three"})
    with pytest.raises(OptionError, match="at least 1"):
        resolve_options(declared, {"rounds": 0})
    with pytest.raises(OptionError, match="one of 'a', 'b'"):
        resolve_options(declared, {"mode": "c"})
    with pytest.raises(OptionError, match="true or false"):
        resolve_options(declared, {"fast": "maybe"})
    with pytest.raises(OptionError, match="name=value"):
        parse_option_args(["rounds"])


def test_load_game_rejects_unknown_games_and_options() -> None:
    with pytest.raises(OptionError, match="unknown game 'schach'"):
        spieltisch.load_game("schach")
    with pytest.raises(OptionError, match="unknown option"):
        spieltisch.load_game("mancala", board=7)


def test_result_returns_are_zero_sum() -> None:
    r = Result((40, 32), (1, 2))
    assert r.returns == (1.0, -1.0) and r.winners == (0,) and not r.is_draw
    d = Result((36, 36), (1, 1))
    assert d.returns == (0.0, 0.0) and d.is_draw
    three = Result((5, 3, 3), (1, 2, 2))
    assert sum(three.returns) == 0 and three.returns[0] == 1.0


def test_a_result_breakdown_is_json_of_labels_and_one_value_per_seat() -> None:
    """The shape the browser's result screen reads (issue #15): numbers as they are, sentences
    (a tie-break, a seat) as their JSON; a Result with a breakdown still hashes and pickles."""
    import pickle

    from spieltisch.core.words import Said, Seat

    r = Result(
        (7, 7),
        (2, 1),
        "player 1 wins",
        (
            (Said("b.bd.coins"), (7, 7)),
            (Said("b.bd.tie"), (Said("b.bd.turn", 1), Seat(1))),
            (Said("x.half"), (0.5, -1)),
        ),
    )
    out = r.to_json()
    assert out["breakdown"] == [
        {"label": {"key": "b.bd.coins", "args": []}, "values": [7, 7]},
        {
            "label": {"key": "b.bd.tie", "args": []},
            "values": [{"key": "b.bd.turn", "args": [1]}, {"seat": 1}],
        },
        {"label": {"key": "x.half", "args": []}, "values": [0.5, -1]},
    ]
    assert json.loads(json.dumps(out)) == out
    assert Result((1,), (1,)).to_json()["breakdown"] == []
    assert hash(r) == hash(pickle.loads(pickle.dumps(r))) and pickle.loads(pickle.dumps(r)) == r


def test_records_round_trip_and_reject_malformed_input(tmp_path) -> None:
    rec = Record("mancala", {"rounds": 1}, 3, 2, ["random", "random"])
    rec.add(0, {"pit": 0, "direction": "cw"})
    path = tmp_path / "r.json"
    rec.save(path)
    assert Record.load(path).to_json() == rec.to_json()
    for bad in ([], {"game": "mancala"}, {**rec.to_json(), "actions": [{"player": 0}]}):
        with pytest.raises(RecordError):
            Record.from_json(bad)
    with pytest.raises(RecordError, match="player"):
        Record.from_json({**rec.to_json(), "actions": [{"player": -5, "action": {}}]})
    path.write_text("{not json")
    with pytest.raises(RecordError, match="not valid JSON"):
        Record.load(path)


def test_a_record_with_an_illegal_action_names_it() -> None:
    rec = Record("mancala", {"first_mover": "0"}, 0, 2, [])
    rec.add(0, {"pit": 7, "direction": "cw"})
    with pytest.raises(RecordError, match=r"action 0 .* belongs to your opponent"):
        rec.replay(spieltisch.load_game("mancala", first_mover="0"))


def test_a_record_replays_only_on_its_own_game() -> None:
    """The caller loads the game (the core knows no list of games); a game of another id or
    with other options is refused, not replayed into a different game."""
    rec = Record("mancala", {"first_mover": "0"}, 0, 2, [])
    rec.add(0, {"pit": 0, "direction": "cw"})
    assert rec.replay(spieltisch.load_game("mancala", first_mover="0")).to_json()["pits"]
    with pytest.raises(RecordError, match="a game of mancala, not of kalah"):
        rec.replay(spieltisch.load_game("kalah"))
    with pytest.raises(RecordError, match="first_mover='0'"):
        rec.replay(spieltisch.load_game("mancala", first_mover="1"))
