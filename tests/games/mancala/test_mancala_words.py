"""Mancala's and Kalah's sentences (``mancala/words.py``), as a player reads them in the
terminal, the browser's log and a replay, in English and German: every action and event kind,
pits numbered as their owner counts them on the board of the moment, and the odd branches (an
event without a view, a match end from before its facts were kept, a drawn match)."""

from __future__ import annotations

from typing import Any

import pytest

from spieltisch import load_game
from spieltisch.core.words import Said, Seat
from spieltisch.games.mancala.words import pit_no, said_action, said_event

WORDS = load_game("mancala").words()

SIX = {"pits": [4] * 12}  # a 2x6 board
FIVE = {"pits": [1] * 10}  # a 2x5 board
THREE = {"pits": [2] * 6}  # a 2x3 board


def both(said: Said | None) -> tuple[str, str]:
    assert said is not None
    return WORDS.say("en", said), WORDS.say("de", said)


def move(**data: Any) -> dict[str, Any]:
    """A move event as the rules make it (rules.py's ``_move_data``): one lap, no capture."""
    event = {
        "type": "move",
        "player": 0,
        "pit": 2,
        "direction": "ccw",
        "laps": [{"from": 2, "direction": "ccw", "beans": 4, "to": 6}],
        "captures": [],
        "end": "opponent-empty",
        "again": False,
    }
    return {**event, **data}


# -- pits as their owner counts them -----------------------------------------------------------


@pytest.mark.parametrize(
    ("pit", "n", "shown"),
    [(0, 6, 1), (5, 6, 6), (6, 6, 1), (11, 6, 6), (7, 5, 3), (9, 5, 5), (4, 3, 2)],
)
def test_a_pit_is_numbered_from_its_owners_left(pit, n, shown):
    """Each player counts their own pits 1..n from their left: ring index 7 of a 2x5 board is
    the second player's pit 3; otherwise the log names a pit the player does not recognise."""
    assert pit_no(pit, n) == shown


# -- actions -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("view", "action", "en", "de"),
    [
        (SIX, {"pit": 2, "direction": "ccw"}, "sow pit 3 counter-clockwise", None),
        (
            SIX,
            {"pit": 8, "direction": "cw"},
            "sow pit 3 clockwise",
            "Mulde 3 im Uhrzeigersinn säen",
        ),
        (FIVE, {"pit": 7, "direction": "cw"}, "sow pit 3 clockwise", None),
        (FIVE, {"pit": 4, "direction": "ccw"}, "sow pit 5 counter-clockwise", None),
        (THREE, {"pit": 5, "direction": "ccw"}, "sow pit 3 counter-clockwise", None),
        # no view: the first board, 2x6
        (None, {"pit": 7, "direction": "cw"}, "sow pit 2 clockwise", None),
        ({}, {"pit": 11, "direction": "cw"}, "sow pit 6 clockwise", None),
        ({"pits": []}, {"pit": 11, "direction": "cw"}, "sow pit 6 clockwise", None),
    ],
)
def test_a_sowing_names_the_pit_on_the_board_it_is_sown_on(view, action, en, de):
    """A move's button and replay step name the pit on the board of the position before it
    (a shrunk board after the first round), else the player is told to sow a pit they don't
    have; without a board to count on, the first round's 2x6 one."""
    said = said_action(view, action)
    assert WORDS.say("en", said) == en
    if de:
        assert WORDS.say("de", said) == de


def test_a_placing_says_how_many_beans_go_into_the_next_pit():
    """The arranger's button: "put 3 beans into the next pit", one bean in the singular."""
    assert both(said_action(FIVE, {"place": 3})) == (
        "put 3 beans into the next pit",
        "3 Bohnen in die nächste Mulde legen",
    )
    assert both(said_action(None, {"place": 1})) == (
        "put 1 bean into the next pit",
        "1 Bohne in die nächste Mulde legen",
    )


# -- move events ----------------------------------------------------------------------------------


def test_a_move_that_ends_in_the_opponents_empty_pit():
    """The log names who sowed which of their pits which way, and how the move ended."""
    assert both(said_event(move(), SIX)) == (
        "Player 1 sows pit 3 counter-clockwise: ends in an empty pit of the opponent",
        "Spieler 1 sät Mulde 3 gegen den Uhrzeigersinn: endet in einer leeren Mulde des Gegners",
    )


def test_a_move_is_said_as_its_sower_counts_on_the_board_before_it():
    """The second player's ring index 8 on a 2x5 board is their pit 4 (on 2x6: pit 3)."""
    event = move(player=1, pit=8, direction="cw", end="own-empty")
    assert both(said_event(event, FIVE)) == (
        "Player 2 sows pit 4 clockwise: ends in an own empty pit",
        "Spieler 2 sät Mulde 4 im Uhrzeigersinn: endet in einer leeren eigenen Mulde",
    )
    assert both(said_event(event, None))[0] == (
        "Player 2 sows pit 3 clockwise: ends in an own empty pit"
    )


@pytest.mark.parametrize(
    ("end", "en", "de"),
    [
        ("store", "ends in the store", "endet im Speicher"),
        ("filled", "ends in a filled pit", "endet in einer gefüllten Mulde"),
        ("loop-guard", "stopped by the loop guard", "von der Schleifensperre beendet"),
    ],
)
def test_a_move_says_how_it_ended(end, en, de):
    """Each end of a sowing has its own words."""
    said = both(said_event(move(end=end), SIX))
    assert said[0].endswith(": " + en)
    assert said[1].endswith(": " + de)


def test_relays_are_counted_after_the_first_lap():
    """A move of three laps was relayed twice (the first lap is no relay); one of one lap
    mentions no relay at all."""
    laps = [{"from": p, "direction": "ccw", "beans": 3, "to": p + 3} for p in (0, 3, 6)]
    assert both(said_event(move(laps=laps, end="opponent-empty"), SIX)) == (
        "Player 1 sows pit 3 counter-clockwise: 2 relays, ends in an empty pit of the opponent",
        "Spieler 1 sät Mulde 3 gegen den Uhrzeigersinn: 2-mal weitergesät, "
        "endet in einer leeren Mulde des Gegners",
    )
    assert both(said_event(move(laps=laps[:2]), SIX))[0].endswith(
        ": 1 relay, ends in an empty pit of the opponent"
    )
    assert both(said_event(move(laps=laps[:2]), SIX))[1].endswith(
        ": 1-mal weitergesät, endet in einer leeren Mulde des Gegners"
    )


def test_a_capture_counts_every_captured_bean():
    """The chain's pits add up: captures of 3, 1 and 2 beans are "captures 6 beans"."""
    caps = [{"pit": 8, "beans": 3}, {"pit": 9, "beans": 1}, {"pit": 10, "beans": 2}]
    assert both(said_event(move(captures=caps, end="capture"), SIX)) == (
        "Player 1 sows pit 3 counter-clockwise: captures 6 beans",
        "Spieler 1 sät Mulde 3 gegen den Uhrzeigersinn: schlägt 6 Bohnen",
    )
    one = [{"pit": 8, "beans": 1}]
    assert both(said_event(move(captures=one, end="capture"), SIX))[0].endswith(": captures 1 bean")


def test_a_relayed_capture_with_another_turn_says_all_three():
    """Relays, the end and "moves again" in that order (three parts)."""
    laps = [{"from": 2, "direction": "ccw", "beans": 2, "to": 4}] * 2
    event = move(laps=laps, captures=[{"pit": 7, "beans": 4}], end="capture", again=True)
    assert both(said_event(event, SIX)) == (
        "Player 1 sows pit 3 counter-clockwise: 1 relay, captures 4 beans, moves again",
        "Spieler 1 sät Mulde 3 gegen den Uhrzeigersinn: 1-mal weitergesät, schlägt 4 Bohnen, "
        "zieht noch einmal",
    )


def test_kalahs_last_bean_in_the_store_moves_again():
    """Kalah: a last bean in one's own store gives another move, and the log says so."""
    assert both(said_event(move(end="store", again=True), SIX)) == (
        "Player 1 sows pit 3 counter-clockwise: ends in the store, moves again",
        "Spieler 1 sät Mulde 3 gegen den Uhrzeigersinn: endet im Speicher, zieht noch einmal",
    )


def test_a_move_event_as_a_sentence():
    """The structure the browser gets: seat, pit, direction and the parts."""
    assert said_event(move(again=True), SIX) == Said(
        "m.ev.move",
        Seat(0),
        3,
        Said("m.ccw"),
        Said("m.parts.2", Said("m.end.opponent-empty"), Said("m.again")),
    )


# -- the other events ------------------------------------------------------------------------------


def test_a_round_end_with_a_loser():
    """Both players' beans, in seat order, and who lost the round."""
    event = {"type": "round_end", "round": 2, "beans": [40, 32], "loser": 1}
    assert both(said_event(event, SIX)) == (
        "Round 2 is over: 40 : 32 beans; Player 2 lost it",
        "Runde 2 ist vorbei: 40 : 32 Bohnen; Spieler 2 hat verloren",
    )


def test_a_tied_round_names_no_loser():
    event = {"type": "round_end", "round": 1, "beans": [36, 36], "loser": None}
    assert both(said_event(event, None)) == (
        "Round 1 is over: 36 : 36 beans; tied",
        "Runde 1 ist vorbei: 36 : 36 Bohnen; unentschieden",
    )


def test_a_round_ended_by_the_repetition_rule_says_how_often_the_position_came():
    """The repetition option (default 3): the K-th time a whole position comes up in a round
    ends it, and the log names the count, so a player sees why a round stopped mid-play."""
    event = {"type": "round_end", "round": 1, "beans": [37, 35], "loser": 1}
    event |= {"repeated": "own", "times": 3}
    assert both(said_event(event, SIX)) == (
        "Round 1 is over, as the same position came up 3 times: 37 : 35 beans; Player 2 lost it",
        "Runde 1 ist vorbei, da dieselbe Stellung 3-mal aufkam: 37 : 35 Bohnen; "
        "Spieler 2 hat verloren",
    )


def test_a_round_tied_by_repetition_or_circling_is_counted_as_tied():
    """``circling=tied``: a round the rule ends is counted as tied, said so (not plain
    "tied"), since it counts even where ``tie=replay`` would replay a tied round."""
    tied = {"type": "round_end", "round": 4, "beans": [36, 36], "loser": None}
    repeated = both(said_event({**tied, "repeated": "tied", "times": 2}, SIX))
    circled = both(said_event({**tied, "circled": "tied"}, SIX))
    assert repeated == (
        "Round 4 is over, as the same position came up 2 times: 36 : 36 beans; counted as tied",
        "Runde 4 ist vorbei, da dieselbe Stellung 2-mal aufkam: 36 : 36 Bohnen; "
        "als unentschieden gewertet",
    )
    assert circled == (
        "Round 4 is over, as every move was forced and the position came round again: "
        "36 : 36 beans; counted as tied",
        "Runde 4 ist vorbei, da jeder Zug erzwungen war und die Stellung wiederkehrte: "
        "36 : 36 Bohnen; als unentschieden gewertet",
    )


def test_the_arranging_and_copying_after_a_round():
    """The loser arranges on the new, smaller board; the winner copies it."""
    start = {"type": "arrange_start", "round": 1, "arranger": 1, "pits": 5}
    assert both(said_event(start, SIX)) == (
        "Player 2 arranges the beans on a 2×5 board.",
        "Spieler 2 verteilt die Bohnen auf einem Brett 2×5.",
    )
    copy = {"type": "copy", "player": 0, "pits": [1] * 10}
    assert both(said_event(copy, FIVE)) == (
        "Player 1 copies the arrangement.",
        "Spieler 1 kopiert die Aufstellung.",
    )


def test_a_placing_names_the_pit_on_the_arrangers_new_board():
    """Ring index 7 on the arranger's 2x5 board is their pit 3 (on 2x6 it would be pit 2)."""
    event = {"type": "place", "player": 1, "pit": 7, "beans": 3}
    assert both(said_event(event, FIVE)) == (
        "Player 2 puts 3 beans into pit 3",
        "Spieler 2 legt 3 Bohnen in Mulde 3",
    )
    one = {"type": "place", "player": 0, "pit": 0, "beans": 1}
    assert both(said_event(one, None)) == (
        "Player 1 puts 1 bean into pit 1",
        "Spieler 1 legt 1 Bohne in Mulde 1",
    )


def test_a_round_start_and_a_pass():
    start = {"type": "round_start", "round": 3, "pits": 4, "first": 1}
    assert both(said_event(start, None)) == (
        "Round 3 begins on a 2×4 board; Player 2 moves first.",
        "Runde 3 beginnt auf einem Brett 2×4; Spieler 2 zieht zuerst.",
    )
    assert both(said_event({"type": "pass", "player": 0}, SIX)) == (
        "Player 1 has no move and passes.",
        "Spieler 1 kann nicht ziehen und passt.",
    )


# -- the end of the match ------------------------------------------------------------------------


def test_a_drawn_match():
    event = {"type": "match_end", "result": "draw", "why": "tied", "beans": [36, 36]}
    assert both(said_event(event, SIX)) == ("The match is drawn.", "Das Match endet unentschieden.")


def test_a_match_won_as_the_loser_cannot_give_two_beans():
    """Elimination: the loser's beans are too few for two in any of the pits."""
    event = {
        "type": "match_end",
        "result": 0,
        "why": "player 1 cannot give any of 3 pits two beans",
        "beans": [70, 2],
        "loser": 1,
        "pits": 3,
    }
    assert both(said_event(event, SIX)) == (
        "Player 1 wins the match (Player 2 cannot give any of 3 pits two beans).",
        "Spieler 1 gewinnt das Match (Spieler 2 kann keiner von 3 Mulden zwei Bohnen geben).",
    )


def test_a_match_won_on_beans_after_the_last_round():
    event = {"type": "match_end", "result": 1, "why": "", "beans": [30, 42], "loser": 0}
    assert both(said_event({**event, "round": 5}, SIX)) == (
        "Player 2 wins the match (more beans after round 5).",
        "Spieler 2 gewinnt das Match (mehr Bohnen nach Runde 5).",
    )
    assert both(said_event({**event, "round": 1}, None)) == (
        "Player 2 wins the match (more beans after the only round).",
        "Spieler 2 gewinnt das Match (mehr Bohnen nach der einzigen Runde).",
    )


def test_an_old_match_end_keeps_its_english_reason():
    """A record from before the facts were kept has only the English ``why``; one without even
    that says no reason: no "None", and no empty brackets "()"."""
    old = {"type": "match_end", "result": 0, "why": "more beans", "beans": [40, 32]}
    assert both(said_event(old, SIX)) == (
        "Player 1 wins the match (more beans).",
        "Spieler 1 gewinnt das Match (more beans).",
    )
    bare = {"type": "match_end", "result": 1, "beans": [30, 42]}
    assert both(said_event(bare, SIX)) == (
        "Player 2 wins the match.",
        "Spieler 2 gewinnt das Match.",
    )
    assert both(said_event({**bare, "why": ""}, None)) == (
        "Player 2 wins the match.",
        "Spieler 2 gewinnt das Match.",
    )


def test_an_event_the_log_does_not_show():
    """An event kind with no sentence is left out of the log (None), not shown as a key."""
    assert said_event({"type": "something_new", "player": 0}, SIX) is None
