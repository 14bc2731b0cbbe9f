"""The repetition rule (option ``repetition``, default 3): a whole position (pits, stores,
player to move) that comes up for the k-th time in a round ends it, as the option
``circling`` says (each banks their own pits, or a tied round).

The rulings are silent, and the circling rule ends only circles in which every move is
forced. Session 11's review found rounds that go round for ever through a choice: under
``LOOP`` the position ``[1, 1, 0, 0]``, stores 35 : 35, player 0 to move, lies in a closed
set of positions none of which ends the round, so the rules and the kernel played on for
ever. On a 2x2 board, sowing ccw only, a single bean may be taken up, and a player without
one passes (round_end=both):

    [1, 1, 0, 0] p0 (two moves) -- pit 1 -> [1, 0, 0, 1] p1 -- pit 3 -> (p0 has none: passes)
    [0, 0, 1, 1]... every line leads back to [1, 1, 0, 0] p0, and no capture can happen
    (capture_after_lap: a capture needs a lap that reached the opponent's row).
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from mancala_positions import CIRCLING, CIRCLING_SEED, LOOP, event_of, load, move, text

from spieltisch import OptionError, RecordError
from spieltisch.core import Rng
from spieltisch.registry import load_game

START = [1, 1, 0, 0]


def loop(options: dict | None = None, **kw):
    return load(START, [35, 35], {**LOOP, **(options or {})}, to_move=0, **kw)


def lap(s) -> list:
    """Once round the circle by the first legal move each time: four moves, two passes, and
    the position of the start again (pit 0 ccw first, then player 1's pits 3 and 2)."""
    events = []
    for player, pit in ((0, 0), (1, 3), (1, 2), (0, 1)):
        events += move(s, player, pit, "ccw")
        if s.phase != "play":
            break
    return events


def step(s, rng: Rng) -> list:
    """One random action of the one player who may act, drawn as the kernel draws it."""
    (actor,) = s.actors()
    legal = s.legal_actions(actor)
    return s.apply(actor, legal[rng.below(len(legal))])


def said(game, event) -> tuple[str, str]:
    line = game.said_event(event.to_json(), None)
    words = game.words()
    return words.say("en", line), words.say("de", line)


# -- the ruling ----------------------------------------------------------------------------------


def test_the_third_time_a_position_comes_up_ends_the_round():
    """ "a whole position ... that comes up for the k-th time in a round ends it": the start
    comes up a second time after one lap, and the round goes on; the third time ends it, each
    player banking their own pits (1 + 1 for player 0)."""
    s = loop(rounds=1)
    assert lap(s)[-1].type != "round_end"
    assert s.pits == START and s.phase == "play"
    assert s.seen[(*START, 35, 35, 0)] == 2
    events = lap(s)
    end = event_of(events, "round_end")
    assert end.data == {
        "round": 1,
        "beans": [37, 35],
        "loser": 1,
        "repeated": "own",
        "times": 3,
    }
    assert s.phase == "over" and s.result_ == 0
    assert said(s.game, end) == (
        "Round 1 is over, as the same position came up 3 times: 37 : 35 beans; Player 2 lost it",
        "Runde 1 ist vorbei, da dieselbe Stellung 3-mal aufkam: 37 : 35 Bohnen; "
        "Spieler 2 hat verloren",
    )


def test_repetition_two_ends_the_round_at_the_first_repeat():
    s = loop({"repetition": 2}, rounds=1)
    end = event_of(lap(s), "round_end")
    assert end.data["repeated"] == "own" and end.data["times"] == 2


def test_repetition_four_plays_a_third_lap():
    s = loop({"repetition": 4}, rounds=1)
    lap(s)
    lap(s)
    assert s.phase == "play" and s.seen[(*START, 35, 35, 0)] == 3
    assert event_of(lap(s), "round_end").data["times"] == 4


def test_circling_tied_makes_a_repeated_round_a_tied_one():
    """The option circling says how such a round ends: 'tied' shares the beans out evenly,
    and the tied round's own ruling (option tie) takes it from there (the last round: a
    draw)."""
    s = loop({"circling": "tied"}, rounds=1)
    lap(s)
    events = lap(s)
    end = event_of(events, "round_end")
    assert end.data == {
        "round": 1,
        "beans": [36, 36],
        "loser": None,
        "repeated": "tied",
        "times": 3,
    }
    assert event_of(events, "match_end").data["result"] == "draw"
    assert said(s.game, end)[0] == (
        "Round 1 is over, as the same position came up 3 times: 36 : 36 beans; counted as tied"
    )


def test_a_change_of_the_stores_starts_the_count_afresh():
    """Stores never shrink in a round, so no position before a change can come again: the
    record holds only the positions since the stores last changed (random games of the
    sheet's rules, at every move that banks beans after a stretch of moves that did not)."""
    game = load_game("mancala")
    changed = 0
    for seed in range(10):
        s = game.new_state(seed=seed)
        rng = Rng(seed)
        while not s.is_terminal():
            (actor,) = s.actors()
            before, stretch = list(s.stores), len(s.seen or ())
            step(s, rng)
            if s.phase == "play" and s.stores != before and stretch > 1:
                assert s.seen == {(*s.pits, *s.stores, s.to_move): 1}
                changed += 1
            elif s.phase == "play" and s.stores == before and actor == s.to_move ^ 1:
                assert len(s.seen) >= 2  # the same stretch goes on
    assert changed >= 20


def test_random_play_from_the_circle_always_ends():
    """Before the rule, 100,000 random actions from START never ended the round."""
    for seed in range(20):
        s = loop(rounds=1)
        rng = Rng(seed)
        for _ in range(200):
            if s.is_terminal():
                break
            events = step(s, rng)
        assert s.is_terminal(), f"seed {seed}"
        assert "repeated" in event_of(events, "round_end").data  # no other end is open


# -- the record travels with the state -----------------------------------------------------------


def test_clone_and_json_carry_the_record():
    s = loop(rounds=1)
    lap(s)
    data = s.to_json()
    assert [*START, 35, 35, 0, 2] in data["seen"]
    copies = [s.clone(), s.game.from_json(json.loads(json.dumps(data)))]
    assert [text(c) for c in copies] == [text(s)] * 2
    for state in (s, *copies):
        assert event_of(lap(state), "round_end").data["repeated"] == "own"
    assert text(copies[0]) == text(s) == text(copies[1])


def test_a_clone_does_not_share_the_record():
    s = loop()
    c = s.clone()
    lap(c)
    assert c.seen[(*START, 35, 35, 0)] == 2
    assert s.seen == {(*START, 35, 35, 0): 1}


def test_a_position_without_the_record_counts_itself_once():
    """The rulings' position format has no record: a position read without one counts
    from itself, as the first position of a round does (so to_json leaves the key out
    where the record holds nothing more)."""
    s = loop()
    assert "seen" not in s.to_json()
    data = {k: v for k, v in s.to_json().items() if k != "seen"}
    assert s.game.from_json(data).seen == {(*START, 35, 35, 0): 1}


@pytest.mark.parametrize(
    ("seen", "why"),
    [
        ("yes", "a list of positions"),
        ([], "a list of positions"),
        ([[1, 1, 0, 0, 35, 35, 0]], "a list of positions"),
        ([[1, 1, 0, 0, 35, 35, 0, -1]], "a list of positions"),
        ([[1, 1, 0, 0, 35, 35, 0, True]], "a list of positions"),
        ([[1, 0, 0, 1, 35, 35, 1, 1]], "the position itself"),
        ([[1, 1, 0, 0, 34, 36, 0, 1]], "this position's stores"),
        ([[1, 1, 0, 0, 35, 35, 2, 1]], "this position's stores"),
        ([[1, 1, 0, 0, 35, 35, 0, 3]], "1 to 2 times"),
        ([[1, 1, 0, 0, 35, 35, 0, 0]], "1 to 2 times"),
        ([[0, 0, 1, 1, 35, 35, 0, 1], [1, 1, 0, 0, 35, 35, 0, 1]], "the mover cannot move"),
        ([[1, 1, 0, 0, 35, 35, 0, 1], [1, 1, 0, 0, 35, 35, 0, 2]], "a position twice"),
    ],
)
def test_a_bad_record_is_refused(seen, why):
    data = {**loop().to_json(), "seen": seen}
    with pytest.raises(RecordError, match=why) as refused:
        load_game("mancala", **LOOP).from_json(data)
    assert str(refused.value).startswith("not a mancala position: seen")


def test_a_record_is_refused_where_no_position_can_come_again():
    """Kalah's sowing never repeats a position (kept by no record): one given is refused."""
    game = load_game("kalah")
    state = game.new_state(seed=1)
    data = {**state.to_json(), "seen": [[*state.pits, *state.stores, state.to_move, 1]]}
    with pytest.raises(RecordError, match="only where positions can repeat") as refused:
        game.from_json(data)
    assert str(refused.value).startswith("not a mancala position: seen")


def test_a_record_of_the_position_alone_is_kept_where_it_counts_more_than_once():
    """to_json leaves out only the record a position read without one starts with (itself,
    once): a record of the position alone counted twice travels, so the round trip holds."""
    data = {**loop().to_json(), "seen": [[*START, 35, 35, 0, 2]]}
    s = load_game("mancala", **LOOP).from_json(data)
    assert s.to_json()["seen"] == [[*START, 35, 35, 0, 2]]
    assert s.seen == {(*START, 35, 35, 0): 2}


def test_a_game_whose_rounds_could_only_end_by_repetition_is_refused():
    """capture=none keeps every bean on the board, and under round_end=both a round would
    need both rows short of min_pick at once: it could end only by repetition."""
    with pytest.raises(OptionError, match="no round can end"):
        load_game("mancala", capture="none", round_end="both")
    load_game("mancala", capture="none")  # round_end=either: a row can run empty


# -- the kernel --------------------------------------------------------------------------------


def test_the_kernel_ends_the_circle_too():
    """kernel.rollout and playouts hung on these options before the rule."""
    game = load_game("mancala", **LOOP)
    out = game.kernel().playouts(np.arange(2000))
    assert (out["scores"].sum(axis=1) == game.total_beans).all()
    s = loop(rounds=1)
    means = game.kernel().rollout(s, 200, seed=3)
    assert means.sum() == 0 and -1 <= means[0] <= 1


def rules_playout(state, rng: Rng) -> tuple[float, float]:
    s = state.clone()
    while not s.is_terminal():
        step(s, rng)
    return s.result().returns


@pytest.mark.parametrize(
    "options",
    [
        LOOP,
        {**LOOP, "directions": "both", "circling": "tied"},
        {"pits": 6, "seeds": 5, "min_pick": 1, "directions": "ccw", "capture": "kalah"}
        | {"capture_after_lap": True, "round_end": "both"},
        {"directions": "ccw", "pits": 4, "seeds": 3},
        {},
    ],
)
def test_a_rollout_from_the_middle_of_a_stretch_plays_the_rules_game(options):
    """``rollout`` loads the rules' record (``seen``, and ``forced`` where a run of forced
    moves goes on) before each playout: from any position of a random game its playouts are
    the rules' own random games, drawn from the same generator."""
    game = load_game("mancala", **options)
    kernel = game.kernel()
    checked = 0
    for seed in range(6):
        s = game.new_state(seed=seed)
        rng = Rng(seed + 100)
        while not s.is_terminal() and checked < 120:
            if s.phase == "play" and (len(s.seen or ()) > 1 or s.forced):
                count = 3
                shared = Rng(seed * 1000 + checked)
                expected = np.zeros(2)
                for _ in range(count):
                    expected += rules_playout(s, shared)
                got = kernel.rollout(s, count, seed=seed * 1000 + checked)
                assert list(got) == list(expected / count), f"seed {seed}, {text(s)}"
                checked += 1
            step(s, rng)
    assert checked >= 20


def test_kalah_keeps_no_record_not_even_after_a_pass():
    """Kalah's sowing never repeats a position (rules.py: between two changes of the stores
    every move carries beans forward), so it keeps no record: under round_end=both a player
    without a move passes, and that position is not counted either."""
    game = load_game("kalah", round_end="both")
    passes = 0
    for seed in range(30):
        s = game.new_state(seed=seed)
        rng = Rng(seed)
        while not s.is_terminal():
            events = step(s, rng)
            passes += any(e.type == "pass" for e in events)
            assert s.seen is None and "seen" not in s.to_json()
    assert passes >= 10


# the options of a match that never ended (session 12's review): every round circles or
# repeats, each is tied under circling=tied, and tie=replay played it again for ever
TIED_FOR_EVER: dict = {
    "pits": 3,
    "rounds": 1,
    "directions": "cw",
    "min_pick": 1,
    "capture_after_lap": True,
    "round_end": "both",
    "extra_turn": True,
    "circling": "tied",
    "tie": "replay",
    "next_starter": "alternate",
    "elimination": False,
    "first_mover": "0",
}


def test_a_round_tied_by_circling_or_repetition_counts_even_under_tie_replay():
    """ "a tied round ... is played again" (option tie=replay) would replay a round that
    circles for ever: a round tied by the circling or the repetition rule counts as one of
    the agreed rounds instead, so the match ends."""
    game = load_game("mancala", **TIED_FOR_EVER)
    for seed in (374126247, 1, 2):
        s = game.new_state(seed=seed)
        rng = Rng(seed)
        for _ in range(5000):
            if s.is_terminal():
                break
            events = step(s, rng)
        assert s.is_terminal(), f"seed {seed}"
        end = event_of(events, "round_end")
        assert end.data["loser"] is None and ("circled" in end.data or "repeated" in end.data)
        assert s.result().ranks == (1, 1) and len(s.history) == 1
    out = game.kernel().playouts(np.array([374126247, 1, 2]))
    assert (out["ranks"] == 1).all()


def test_a_record_with_a_position_of_other_beans_is_refused():
    """The kernel packs a pit into ten bits: an entry whose beans are not the game's could
    pass for another position there (1024 beans in a pit packs as 0 with a carry)."""
    data = {**loop().to_json(), "seen": [[*START, 35, 35, 0, 1], [1, 0, 0, 1024, 35, 35, 1, 2]]}
    with pytest.raises(RecordError, match="not a position of this game"):
        load_game("mancala", **LOOP).from_json(data)


def forced_run_state():
    """A state inside a run of forced moves that holds earlier positions at its stores (the
    circling case of the options CIRCLING, a few moves into its forced run)."""
    game = load_game("mancala", **CIRCLING)
    s = game.new_state(seed=CIRCLING_SEED)
    rng = Rng(CIRCLING_SEED)
    if game.options["first_mover"] == "lot":
        rng.below(2)
    while not (s.forced and len([k for k in s.forced if list(k[-3:-1]) == s.stores]) >= 3):
        step(s, rng)
    return s


def test_a_position_with_a_forced_run_but_no_count_counts_the_runs_positions():
    """A position written with the circling rule's record but without this rule's (before
    the repetition rule): the run's positions at the present stores came up once each in
    this stretch, so the count starts with them, and the kernel's rollouts stay the rules'."""
    s = forced_run_state()
    data = {k: v for k, v in s.to_json().items() if k != "seen"}
    t = s.game.from_json(data)
    at_stores = [k for k in s.forced if list(k[-3:-1]) == s.stores]
    assert set(at_stores) <= set(t.seen)
    for seed in range(6):
        assert list(t.game.kernel().rollout(t, 1, seed)) == list(rules_playout(t, Rng(seed)))


def test_a_count_that_lacks_a_position_of_the_forced_run_is_refused():
    s = forced_run_state()
    data = s.to_json()
    data["seen"] = [[*s.pits, *s.stores, s.to_move, 1]]
    with pytest.raises(RecordError, match="lacks a position of forced"):
        s.game.from_json(data)
