"""Bodensee Mau-Mau's card effects as rules/maumau.md rules them (sheet 002, "Kartenregeln"):
each test sets up a table, plays the actions and checks the ruling's outcome. The 3 has its own
file (test_maumau_threes.py); words and slaps have theirs.

Positions are bottom-first piles; a pile card given as a string was laid by the dealer (seat 0)
and its effect has not begun. Seats count clockwise; "p1" is seat 1.
"""

from __future__ import annotations

import pytest
from maumau_cards_support import (
    can,
    deal_order,
    first_card_rank,
    game,
    hand,
    kinds,
    legal,
    pile_cards,
    reference,
    refused,
    seed_where,
    table,
)

from spieltisch import REFEREE

SUITS = ("c", "d", "h", "s")


def wishes(card: str, verb: str = "lay") -> list[dict]:
    return [{verb: card, "wish": s} for s in SUITS]


def turn_of(state) -> int | None:
    return state.view(None)["turn"]


def facing(state) -> str | None:
    return state.view(None)["facing"]


# -- ace ----------------------------------------------------------------------------------------


def test_ace_its_layer_lays_one_more_fitting_card():
    """A: "its layer may lay one more fitting card" — after the ace the layer is still on turn
    and may lay a card fitting the ace, or pass; drawing is no part of it."""
    s = table([["Ah", "4h", "9c"], ["Kd", "4d"], ["4s", "4c"]], ["9h"])
    s.apply(0, {"lay": "Ah"})
    assert turn_of(s) == 0 and facing(s) == "ace"
    assert legal(s, 0) == [{"lay": "4h"}, {"pass": True}]
    s.apply(0, {"lay": "4h"})
    assert turn_of(s) == 1


def test_ace_again_on_further_aces():
    """A: "(again on further aces)" — an ace laid as the extra lay gives another extra lay."""
    s = table([["Ah", "As", "4s", "9c"], ["Kd", "4d"], ["4c", "5c"]], ["9h"])
    s.apply(0, {"lay": "Ah"})
    s.apply(0, {"lay": "As"})
    assert turn_of(s) == 0 and facing(s) == "ace"
    assert legal(s, 0) == [{"lay": "4s"}, {"pass": True}]
    s.apply(0, {"lay": "4s"})
    assert turn_of(s) == 1 and facing(s) == "play"


def test_ace_its_layer_may_pass_and_the_next_player_plays_on_the_ace():
    s = table([["Ah", "5c", "9c"], ["Kh", "4d"], ["4s", "4c"]], ["9h"])
    s.apply(0, {"lay": "Ah"})
    events = s.apply(0, {"pass": True})
    assert kinds(events) == ["pass", "turn"]
    assert turn_of(s) == 1 and reference(s) == "Ah"
    assert legal(s, 1) == [{"lay": "Kh"}]


@pytest.mark.parametrize(
    ("extra", "turn", "face", "direction"),
    [
        ("4h", 1, "play", 1),  # a plain card: the ace layer's neighbour
        ("8h", 1, "eight", 1),  # the neighbour faces the 8
        ("7h", 1, "chain", 1),  # ... and the chain
        ("Kh", 3, "play", -1),  # a king turns play: the layer's other neighbour is next
    ],
)
def test_the_next_player_after_the_extra_lay_is_counted_from_the_ace_layer(
    extra, turn, face, direction
):
    s = table([["Ah", extra, "5c"], ["4d", "8d"], ["Kd", "4c"], ["4s", "7s"]], ["9h"])
    s.apply(0, {"lay": "Ah"})
    s.apply(0, {"lay": extra})
    v = s.view(None)
    assert (v["turn"], v["facing"], v["direction"]) == (turn, face, direction)


def test_no_drawing_after_the_own_ace_and_the_refusal_says_so():
    """After their own ace a player lays one fitting card or passes ("Turn actions"); they have
    drawn nothing, so the refusal must not claim they have."""
    s = table([["Ah", "5c", "9c"], ["Kh", "4d"], ["4s", "4c"]], ["9h"])
    s.apply(0, {"lay": "Ah"})
    message = refused(s, 0, {"draw": True}, None)
    assert "ace" in message and "drawn already" not in message, message


# -- 2 and 4 ------------------------------------------------------------------------------------


@pytest.mark.parametrize("card", ["2h", "4h"])
def test_2_and_4_have_no_effect(card):
    """2, 4: "none" — the next player is on turn, nothing else happens."""
    s = table([[card, "5c"], ["Kd", "4d"], ["Qs", "4c"]], ["9h"])
    events = s.apply(0, {"lay": card})
    assert kinds(events) == ["lay", "turn"]
    v = s.view(None)
    assert (v["turn"], v["facing"], v["direction"], v["chain"]) == (1, "play", 1, 0)
    assert v["window"] is None and v["slap"] is None and v["choice"] is None


# -- 7 ------------------------------------------------------------------------------------------


def test_7_the_next_player_lays_a_7_or_takes_the_chain():
    """7: facing a 7-chain the only turn actions are a 7 (any suit) or taking the chain."""
    s = table([["7h", "5s"], ["7c", "7d", "Jh", "4h", "Kh"], ["4s", "4c"]], ["9h"])
    s.apply(0, {"lay": "7h"})
    assert facing(s) == "chain" and s.view(None)["chain"] == 1
    assert legal(s, 1) == [{"lay": "7c"}, {"lay": "7d"}, {"take": True}]
    refused(s, 1, {"draw": True}, "you face a 7-chain of 1: lay a 7 or take it")
    refused(s, 1, {"lay": "4h"}, "you face a 7-chain of 1")
    refused(s, 1, {"lay": "Jh", "wish": "s"}, "you face a 7-chain of 1")


def test_7_passed_on_with_a_7_the_chain_grows():
    s = table([["7h", "5s"], ["7d", "4d"], ["7s", "4c", "Kc"]], ["9h"])
    s.apply(0, {"lay": "7h"})
    s.apply(1, {"lay": "7d"})
    assert turn_of(s) == 2 and s.view(None)["chain"] == 2
    s.apply(2, {"lay": "7s"})
    assert turn_of(s) == 0 and s.view(None)["chain"] == 3


def test_7_the_chain_is_taken_2_per_7_and_the_taker_lays_nothing():
    """7: "Der erste Spieler ... zieht dann für jede 7 auf dem Stapel 2 Karten und darf danach
    keine Karte mehr legen. Danach geht es mit dem nächsten Spieler weiter." """
    stock = ["Kc", "9h", "4h", "7c"]  # the top last: p2 draws 7c, 4h, 9h, Kc
    s = table([["7h", "5s", "5c"], ["7d", "4d", "9d"], ["4s", "4c", "Kh"]], ["9h"], stock=stock)
    s.apply(0, {"lay": "7h"})
    s.apply(1, {"lay": "7d"})
    events = s.apply(2, {"take": True})
    assert kinds(events)[0] == "take" and events[0].data == {"player": 2, "sevens": 2}
    assert sorted(hand(s, 2)) == sorted(["4s", "4c", "Kh", "7c", "4h", "9h", "Kc"])
    # the turn has passed: the taker may not lay the 7 they drew onto the 7s
    assert turn_of(s) == 0 and facing(s) == "play" and s.view(None)["chain"] == 0
    assert not any("lay" in a for a in legal(s, 2))
    refused(s, 2, {"lay": "7c"}, None)


def test_7_chain_reaching_a_player_between_mau_mau_and_matt_is_taken_by_them():
    """ "A silent winner or a player between "Mau-Mau" and "Matt" is passed over — except that
    when the turn reaches their seat with a 7-chain pending, they take it (2 per 7) and the turn
    passes on." The sheet's own example: A's last card is a 7, so A only says "Mau-Mau"."""
    stock = ["2d", "2h", "2s", "4h", "5d", "6d"]
    s = table([["7h"], ["7d", "4d"], ["7s", "4c", "Kc"]], ["9h"], stock=stock)
    s.apply(0, {"lay": "7h"})
    s.apply(0, {"say": "mau-mau"})
    assert s.view(None)["status"][0] == "between"
    s.apply(1, {"lay": "7d"})
    s.apply(1, {"say": "mau"})
    events = s.apply(2, {"lay": "7s"})
    take = next(e for e in events if e.type == "take")
    assert take.data == {"player": 0, "sevens": 3}
    assert sorted(hand(s, 0)) == sorted(stock)
    assert turn_of(s) == 1 and s.view(None)["chain"] == 0
    assert s.view(None)["status"][0] == "cards"


def test_7_chain_reaching_a_silent_winner_is_taken_by_them():
    stock = ["2d", "2h", "2s", "4h", "5d", "6d"]
    s = table(
        [[], ["7d", "4d"], ["7s", "4c", "Kc"]],
        ["9d"],
        turn=1,
        silent=[True, False, False],
        stock=stock,
    )
    s.apply(1, {"lay": "7d"})
    s.apply(1, {"say": "mau"})
    events = s.apply(2, {"lay": "7s"})
    assert next(e for e in events if e.type == "take").data == {"player": 0, "sevens": 2}
    assert sorted(hand(s, 0)) == sorted(["5d", "6d", "4h", "2s"])
    assert turn_of(s) == 1
    assert s.view(None)["status"][0] == "cards", "with cards the silent winner plays again"


# -- 8 ------------------------------------------------------------------------------------------


def test_8_the_next_player_sits_out_or_lays_an_8():
    s = table([["8h", "5s", "9c"], ["8d", "4h", "Jh"], ["4s", "4c", "Kc"]], ["9h"])
    s.apply(0, {"lay": "8h"})
    assert turn_of(s) == 1 and facing(s) == "eight"
    assert legal(s, 1) == [{"lay": "8d"}, {"sit_out": True}]
    refused(s, 1, {"draw": True}, "you face an 8: lay an 8 or sit out")
    refused(s, 1, {"lay": "4h"}, "you face an 8")
    events = s.apply(1, {"sit_out": True})
    assert kinds(events) == ["sit_out", "turn"]
    assert turn_of(s) == 2 and facing(s) == "play", "the 8 is sat out: p2 plays on it"


def test_8_passed_on_with_an_8_hits_the_player_after():
    s = table([["8h", "5s", "9c"], ["8d", "4d"], ["4s", "4c", "Kc"]], ["9h"])
    s.apply(0, {"lay": "8h"})
    s.apply(1, {"lay": "8d"})
    s.apply(1, {"say": "mau"})
    assert turn_of(s) == 2 and facing(s) == "eight"
    s.apply(2, {"sit_out": True})
    assert turn_of(s) == 0 and facing(s) == "play"


def test_8_hits_the_next_seat_that_holds_cards_not_a_silent_winner():
    """ "An 8 hits the next seat that holds cards." """
    s = table(
        [["4d", "Kd"], ["4h", "8s"], ["8c", "4c", "Kc"], []],
        ["9c"],
        turn=2,
        silent=[False, False, False, True],
    )
    s.apply(2, {"lay": "8c"})
    assert turn_of(s) == 0 and facing(s) == "eight"


def test_8_passes_over_a_player_between_mau_mau_and_matt():
    # p0's last card is a 9: between "Mau-Mau" and "Matt" while a 9 window is open
    s = table([["9h"], ["9s", "4d"], ["8s", "4c", "Kc"]], ["2h"])
    s.apply(0, {"lay": "9h"})
    s.apply(0, {"say": "mau-mau"})
    s.apply(1, {"lay": "9s"})
    s.apply(1, {"say": "mau"})
    assert s.view(None)["status"][0] == "between"
    s.apply(2, {"lay": "8s"})
    assert turn_of(s) == 1 and facing(s) == "eight"


# -- 9 ------------------------------------------------------------------------------------------

NINE_HANDS = [["9h", "5s", "Kc"], ["4h", "4d"], ["7h", "8h", "9s", "Kh"], ["4s", "Jd", "9d"]]


def nine_table(**options):
    s = table(NINE_HANDS, ["2h"], options=options)
    s.apply(0, {"lay": "9h"})
    return s


def test_9_window_open_to_all_but_its_layer_and_the_player_on_turn():
    """Throw-ins: "Any player in play except the 9's layer and the player on turn may throw in
    one card that fits the 9 (a lay on the 9 by the player on turn is their ordinary turn)." """
    s = nine_table()
    assert turn_of(s) == 1 and s.view(None)["window"] is not None
    assert legal(s, 0) == [], "the 9's layer throws nothing"
    assert legal(s, 1) == [{"lay": "4h"}], "the player on turn lays, not throws"
    for card in ("7h", "8h", "Kh", "9s"):
        assert can(s, 2, {"throw": card})
    assert can(s, 3, {"throw": "9d"})
    assert all(can(s, 3, w) for w in wishes("Jd", "throw"))
    refused(s, 1, {"throw": "4h"}, "you may not throw in now")


def test_9_one_throw_in_closes_the_window():
    s = nine_table()
    s.apply(2, {"throw": "8h"})
    assert s.view(None)["window"] is None
    assert not any("throw" in a for a in legal(s, 3))
    refused(s, 3, {"throw": "4s"}, None)


def test_9_window_closes_at_the_first_turn_action_of_the_player_on_turn():
    hands = [["9h", "5s", "Kc"], ["4c", "4d"], ["7h", "8h"], ["4s", "9d"]]
    s = table(hands, ["2h"], stock=["Qc"])
    s.apply(0, {"lay": "9h"})
    s.apply(1, {"draw": True})
    assert s.view(None)["window"] is None
    assert not any("throw" in a for a in legal(s, 2) + legal(s, 3))
    refused(s, 2, {"throw": "7h"}, None)


def test_9_a_lay_on_the_9_by_the_player_on_turn_is_their_ordinary_turn():
    s = nine_table()
    s.apply(1, {"lay": "4h"})
    assert s.view(None)["window"] is None and turn_of(s) == 2
    assert legal(s, 2) == [{"lay": "7h"}, {"lay": "8h"}, {"lay": "Kh"}]


@pytest.mark.parametrize(
    ("card", "turn", "face", "direction"),
    [
        ("7h", 1, "chain", 1),  # the 9's layer's neighbour faces the thrown-in 7
        ("8h", 1, "eight", 1),  # ... and is hit by the thrown-in 8
        ("Kh", 3, "play", -1),  # after a king: the 9's layer's other neighbour
    ],
)
def test_9_after_a_throw_in_the_player_after_the_9s_layer_is_next(card, turn, face, direction):
    """ "The next player — also the one hit by a thrown-in 7 or 8 — is the player after the 9's
    layer in the direction that holds after the thrown-in card." """
    s = nine_table()
    s.apply(2, {"throw": card})
    v = s.view(None)
    assert (v["turn"], v["facing"], v["direction"]) == (turn, face, direction)


def test_9_a_thrown_in_7_reaching_a_silent_winner_is_taken_by_them():
    """The thrown-in 7's chain starts after the 9's layer; a silent winner there takes it."""
    s = table(
        [["9h", "Kc", "Qc"], [], ["4c", "4d"], ["7h", "Kd", "8s"]],
        ["2h"],
        silent=[False, True, False, False],
        stock=["6c", "6d"],
    )
    s.apply(0, {"lay": "9h"})
    assert turn_of(s) == 2, "the silent winner is passed over"
    events = s.apply(3, {"throw": "7h"})
    assert next(e for e in events if e.type == "take").data == {"player": 1, "sevens": 1}
    assert sorted(hand(s, 1)) == ["6c", "6d"] and turn_of(s) == 2 and facing(s) == "play"


def test_9_a_thrown_in_9_opens_a_new_window_still_counted_from_the_first_layer():
    """ "A thrown-in 9 opens a new window; the next player is still counted from the first 9's
    layer." """
    hands = [["9h", "5c"], ["4c", "4d"], ["9s", "7h"], ["Ks", "4h"], ["4s", "Qd"]]
    s = table(hands, ["2h"])
    s.apply(0, {"lay": "9h"})
    s.apply(2, {"throw": "9s"})
    v = s.view(None)
    assert v["window"] is not None and v["turn"] == 1
    assert not any("throw" in a for a in legal(s, 2)), "its thrower throws nothing onto it"
    assert can(s, 3, {"throw": "Ks"}) and can(s, 4, {"throw": "4s"})
    s.apply(3, {"throw": "Ks"})
    v = s.view(None)
    assert (v["turn"], v["direction"]) == (4, -1), "from the first 9's layer, p0, the other way"


def test_9_the_thrower_makes_the_aces_extra_lay():
    s = table([["9h", "5s", "Kc"], ["4c", "4d"], ["Ah", "8h", "9s"], ["4s", "Jd"]], ["2h"])
    s.apply(0, {"lay": "9h"})
    s.apply(2, {"throw": "Ah"})
    assert turn_of(s) == 2 and facing(s) == "ace"
    assert legal(s, 2) == [{"lay": "8h"}, {"pass": True}]
    s.apply(2, {"lay": "8h"})
    assert turn_of(s) == 1 and facing(s) == "eight", "counted from the 9's layer"


def test_9_the_thrower_makes_the_wish_and_the_swap():
    s = nine_table()
    s.apply(3, {"throw": "Jd", "wish": "c"})
    assert s.view(None)["pile"][-1]["wish"] == "c" and turn_of(s) == 1
    s = table([["9h", "5s", "Kc"], ["4c", "4d"], ["Qh", "8h", "9s"], ["4s", "Jd", "2s"]], ["2h"])
    s.apply(0, {"lay": "9h"})
    s.apply(2, {"throw": "Qh", "swap": 3})
    assert sorted(hand(s, 2)) == ["2s", "4s", "Jd"] and sorted(hand(s, 3)) == ["8h", "9s"]
    assert turn_of(s) == 1


@pytest.mark.parametrize(("card", "face"), [("4h", "play"), ("8h", "eight")])
def test_option_nine_next_thrower_the_throwers_neighbour_is_next(card, face):
    """Option ``nine_next = thrower``: "the thrower's neighbour is next, as with jokers"."""
    s = table(
        [["9h", "5s", "Kc"], ["4c", "4d"], ["7h", card, "9s"], ["4s", "Jd", "9d"]],
        ["2h"],
        options={"nine_next": "thrower"},
    )
    s.apply(0, {"lay": "9h"})
    s.apply(2, {"throw": card})
    assert (turn_of(s), facing(s)) == (3, face)


# -- 10 -----------------------------------------------------------------------------------------

TENS = [["10h", "10c", "10d", "10s", "5s"], ["4c", "4d"], ["4s", "Kd"]]


def test_10_several_10s_are_laid_as_one_lay():
    """10: "Man kann beliebig viele 10er gleichzeitig legen" — one lay, one "Miau" each; the
    last of them lies on top."""
    s = table(TENS, ["2h"])
    events = s.apply(0, {"lay": ["10h", "10c", "10d", "10s"]})
    assert [e.data["card"] for e in events if e.type == "lay"] == ["10h", "10c", "10d", "10s"]
    assert kinds(events).count("turn") == 1 and turn_of(s) == 1
    assert reference(s) == "10s" and hand(s, 0) == ["5s"]
    assert s.view(None)["owed"][0].count("miau") == 4


def test_10_the_order_between_the_first_and_the_last_is_free():
    a = table(TENS, ["2h"])
    b = table(TENS, ["2h"])
    a.apply(0, {"lay": ["10h", "10c", "10d", "10s"]})
    b.apply(0, {"lay": ["10h", "10d", "10c", "10s"]})
    assert a.to_json_text() == b.to_json_text()


def test_10_only_the_first_must_fit():
    s = table(TENS, ["2h"])
    assert can(s, 0, {"lay": ["10h", "10s"]}) and can(s, 0, {"lay": ["10h", "10c", "10s"]})
    refused(s, 0, {"lay": ["10s", "10h"]}, "does not fit the reference card 2h")
    refused(s, 0, {"lay": ["10c", "10d", "10h"]}, "does not fit")


def test_10_only_10s_go_several_at_once():
    s = table(TENS, ["2h"])
    refused(s, 0, {"lay": ["10h", "5s"]}, "only 10s may be laid several at once")
    refused(s, 0, {"lay": ["10h", "10h"]}, "you do not hold 10h")


# -- jack ---------------------------------------------------------------------------------------


def test_jack_the_wished_suit_or_a_jack():
    s = table([["Jh", "5s", "9c"], ["Jc", "4d", "4s", "9h"], ["4h", "Kd", "Ks"]], ["9d"])
    s.apply(0, {"lay": "Jh", "wish": "s"})
    assert legal(s, 1) == [*wishes("Jc"), {"lay": "4s"}]
    refused(s, 1, {"lay": "9h"}, "does not fit the jack with the wish s")


def test_jack_on_jack_the_new_wish_counts():
    s = table([["Jh", "5s", "9c"], ["Jc", "4d", "4s"], ["4h", "Kd", "Ks"]], ["9d"])
    s.apply(0, {"lay": "Jh", "wish": "s"})
    s.apply(1, {"lay": "Jc", "wish": "d"})
    assert legal(s, 2) == [{"lay": "Kd"}]
    refused(s, 2, {"lay": "Ks"}, "does not fit the jack with the wish d")


def test_the_wish_holds_until_a_card_is_laid_on_the_jack():
    s = table([["Jh", "5s", "9c"], ["4d", "4c"], ["4h", "Kd", "Ks"]], ["9d"], stock=["2c"])
    s.apply(0, {"lay": "Jh", "wish": "s"})
    s.apply(1, {"draw": True})
    s.apply(1, {"pass": True})
    assert legal(s, 2) == [{"lay": "Ks"}]


@pytest.mark.parametrize(
    "ref",
    [
        {"card": "7h", "begun": True, "done": True},  # drawn for
        {"card": "8h", "begun": True, "done": True},  # sat out
    ],
)
def test_jack_never_on_a_7_or_8_even_after_its_effect(ref):
    """J: "never on a 7 or 8 ... even one whose effect has been carried out"."""
    s = table([["Jh", "5s", "Jc"], ["4d", "4s"], ["4h", "Kd"]], [ref])
    assert not any(a.get("lay", "")[:1] == "J" for a in legal(s, 0))
    refused(s, 0, {"lay": "Jc", "wish": "h"}, f"does not fit the reference card {ref['card']}")


@pytest.mark.parametrize("cancelled", ["7h", "8h"])
def test_jack_on_a_7_or_8_cancelled_by_a_3(cancelled):
    """ "A 7 or 8 cancelled by a 3 is not the reference card and does not block." """
    s = table([["Jc", "4d"], ["4c", "4s"], ["Kd", "Ks"]], ["5s", cancelled, "3c"])
    assert reference(s) == "5s"
    assert all(can(s, 0, w) for w in wishes("Jc"))


def test_jack_needs_a_wish():
    s = table([["Jh", "5s"], ["4d", "4s"], ["4h", "Kd"]], ["9h"])
    refused(s, 0, {"lay": "Jh"}, "a jack needs a wish")


def test_a_wish_that_is_no_suit_is_refused_for_what_it_is():
    """The jack fits the 9h; what is wrong is the wish, and the refusal should say so."""
    s = table([["Jh", "5s"], ["4d", "4s"], ["4h", "Kd"]], ["9h"])
    message = refused(s, 0, {"lay": "Jh", "wish": "x"}, None)
    assert "does not fit" not in message and "wish" in message, message


# -- queen --------------------------------------------------------------------------------------


def test_queen_must_swap_with_a_player_in_play_never_a_winner_who_left():
    """Queen: "The layer must choose a partner among the other players in play (card holders,
    silent winners, players between "Mau-Mau" and "Matt")." A winner who said "Matt" takes no
    part."""
    s = table(
        [["Qh", "5h"], [], ["4h", "Kd", "Ks"], [], ["4c", "4d"]],
        ["9h"],
        silent=[False, True, False, False, False],
        out=[False, False, False, True, False],
        winners=[3],
    )
    assert [a for a in legal(s, 0) if "swap" in a] == [{"lay": "Qh", "swap": q} for q in (1, 2, 4)]
    refused(s, 0, {"lay": "Qh"}, "a queen needs a partner")
    refused(s, 0, {"lay": "Qh", "swap": 3}, "swap with another player in play")
    refused(s, 0, {"lay": "Qh", "swap": 0}, "swap with another player in play")


def test_queen_swap_with_a_silent_winner():
    """The sheet: "Ein Spieler kann seine Karten mit den nicht vorhandenen Karten eines stillen
    Gewinners z.B. durch die Wirkung einer Dame tauschen." The layer ends with none."""
    s = table(
        [["Qh", "5h"], [], ["4h", "Kd", "Ks"]],
        ["9h"],
        silent=[False, True, False],
    )
    s.apply(0, {"lay": "Qh", "swap": 1})
    assert hand(s, 0) == [] and hand(s, 1) == ["5h"]
    v = s.view(None)
    assert v["owed"][0] == ["mau-mau", "matt"] and v["owed"][1] == ["mau"]
    assert v["status"][1] == "cards" and v["turn"] == 1, "the swapped-in cards bring p1 back"


def test_queen_swap_with_a_player_between_mau_mau_and_matt():
    s = table([["9h"], ["Qh", "4d", "4c"], ["8s", "4s", "Kc"]], ["2h"])
    s.apply(0, {"lay": "9h"})
    s.apply(0, {"say": "mau-mau"})
    assert can(s, 1, {"lay": "Qh", "swap": 0})
    s.apply(1, {"lay": "Qh", "swap": 0})
    assert sorted(hand(s, 0)) == ["4c", "4d"] and hand(s, 1) == []
    v = s.view(None)
    assert v["owed"][1] == ["mau-mau", "matt"] and v["owed"][0] == []
    assert v["turn"] == 2


@pytest.mark.parametrize(
    ("mine", "theirs", "owed_mine", "owed_theirs"),
    [
        (["Qh"], ["4d"], ["mau"], ["mau-mau"]),  # the queen was the last card
        (["Qh", "5h"], ["4d"], ["mau"], ["mau"]),  # one card each, as before the swap
        (["Qh", "5h", "6h"], ["4d"], ["mau"], []),
        (["Qh", "5h"], ["4d", "4c"], [], ["mau"]),
    ],
)
def test_queen_words_count_the_hand_sizes_after_the_swap(mine, theirs, owed_mine, owed_theirs):
    """ "Words count the hand sizes after the swap: each of the two owes "Mau" if they end with
    one card and "Mau-Mau" if with none" — the sheet's "auch dann ..., wenn ein Spieler seine
    Karten mit einem Spieler, der nur noch eine Karte hat, getauscht hat"."""
    s = table([mine, theirs, ["8s", "4s", "Kc"]], ["2h"])
    s.apply(0, {"lay": "Qh", "swap": 1})
    owed = s.view(None)["owed"]
    assert owed[0] == owed_mine and owed[1][: len(owed_theirs)] == owed_theirs


# -- king ---------------------------------------------------------------------------------------


def test_king_reverses_the_direction():
    s = table([["Kh", "5c"], ["4h", "4d"], ["4s", "Kd"], ["Ks", "4c"]], ["2h"])
    events = s.apply(0, {"lay": "Kh"})
    assert kinds(events) == ["lay", "reverse", "turn"]
    assert s.view(None)["direction"] == -1 and turn_of(s) == 3
    s.apply(3, {"lay": "Ks"})
    assert s.view(None)["direction"] == 1 and turn_of(s) == 0


# -- the first card turned up -------------------------------------------------------------------


def dealt(rank: str, players: int = 4, **options):
    _, s = seed_where(first_card_rank(rank), players, **options)
    return s, s.view(None)["dealer"]


def test_first_card_ace_the_dealer_lays_one_more():
    """ "An ace lets the dealer lay one fitting card before play starts"; then the dealer's
    neighbour begins."""
    s, dealer = dealt("A")
    assert turn_of(s) == dealer and facing(s) == "ace"
    assert {"pass": True} in legal(s, dealer)
    s.apply(dealer, {"pass": True})
    assert turn_of(s) == (dealer + 1) % 4


def test_first_card_ace_the_dealers_king_turns_the_start():
    def test(s) -> bool:
        v = s.view(None)
        ace = v["pile"][0]["card"]
        return ace[0] == "A" and ("K" + ace[-1]) in hand(s, v["dealer"])

    _, s = seed_where(test)
    dealer = s.view(None)["dealer"]
    king = "K" + pile_cards(s)[0][-1]
    s.apply(dealer, {"lay": king})
    assert turn_of(s) == (dealer - 1) % 4 and s.view(None)["direction"] == -1


def test_first_card_ace_with_first_ace_none_has_no_effect():
    s, dealer = dealt("A", first_ace="none")
    assert turn_of(s) == (dealer + 1) % 4 and facing(s) == "play"


def test_first_card_3_play_waits_for_a_2():
    """ "If the first card is a 3 ... any player in play may lay a 2 of any suit (not a turn);
    then the player who was on turn plays on it." """

    def test(s) -> bool:
        v = s.view(None)
        return len(v["pile"]) == 1 and v["pile"][0]["card"][0] == "3"

    _, s = seed_where(test)
    v = s.view(None)
    first = (v["dealer"] + 1) % 4
    assert v["reference"] is None and v["facing"] is None and v["turn"] == first
    holders = [p for p in range(4) if any(c[0] == "2" for c in hand(s, p))]
    assert holders, "someone holds a 2, or the next card would have been turned up"
    for p in range(4):
        turn_actions = [a for a in legal(s, p) if set(a) & {"draw", "take", "pass"}]
        assert not turn_actions
        lays = [a["lay"] for a in legal(s, p) if "lay" in a and a["lay"][0] != "3"]
        assert all(c[0] == "2" for c in lays)
    p = holders[-1]
    two = next(c for c in hand(s, p) if c[0] == "2")
    s.apply(p, {"lay": two})
    assert reference(s) == two and turn_of(s) == first and facing(s) == "play"


@pytest.mark.parametrize(("rank", "need"), [("5", "left"), ("6", "right")])
def test_first_card_5_or_6_opens_a_slap_with_the_dealer_as_layer(rank, need):
    s, dealer = dealt(rank)
    slap = s.view(None)["slap"]
    assert slap == {"layer": dealer, "need": need, "slapped": []}
    assert not any("slap" in a for a in legal(s, dealer)), "the layer may not slap first"
    refused(s, dealer, {"slap": need}, None)
    others = [p for p in range(4) if p != dealer]
    s.apply(others[0], {"slap": need})
    assert {"slap": need} in legal(s, dealer)
    s.apply(dealer, {"slap": need})
    s.apply(REFEREE, {"close": "slap"})
    assert s.view(None)["slap"] is None and turn_of(s) == (dealer + 1) % 4


def test_first_card_7_the_dealers_neighbour_faces_the_chain():
    s, dealer = dealt("7")
    first = (dealer + 1) % 4
    assert turn_of(s) == first and facing(s) == "chain" and s.view(None)["chain"] == 1
    assert {"take": True} in legal(s, first)


def test_first_card_8_the_dealers_neighbour_faces_it():
    s, dealer = dealt("8")
    first = (dealer + 1) % 4
    assert turn_of(s) == first and facing(s) == "eight"
    assert {"sit_out": True} in legal(s, first)


def test_first_card_9_opens_a_window_with_the_dealer_as_layer():
    s, dealer = dealt("9")
    first = (dealer + 1) % 4
    window = s.view(None)["window"]
    assert window is not None and window["layer"] == dealer and turn_of(s) == first
    assert not any("throw" in a for a in legal(s, dealer) + legal(s, first))
    for p in range(4):
        if p not in (dealer, first):
            assert any("throw" in a for a in legal(s, p)), p


def test_first_card_10_the_dealer_owes_miau():
    s, dealer = dealt("10")
    assert s.view(None)["owed"][dealer] == ["miau"]
    assert turn_of(s) == (dealer + 1) % 4


def test_first_card_jack_the_dealer_wishes():
    """Engine choice 12: a turned-up jack — the dealer answers {"wish": s}; turns wait."""
    s, dealer = dealt("J")
    first = (dealer + 1) % 4
    assert s.view(None)["choice"] == {"what": "wish", "player": dealer}
    assert [a for a in legal(s, dealer) if "wish" in a] == [{"wish": x} for x in SUITS]
    assert not [a for a in legal(s, first) if set(a) & {"draw", "take", "sit_out", "pass"}]
    assert all(a["lay"][0] == "3" for a in legal(s, first) if "lay" in a), "3s only"
    s.apply(dealer, {"wish": "s"})
    assert s.view(None)["choice"] is None and turn_of(s) == first
    assert s.view(None)["pile"][0]["wish"] == "s"
    for a in legal(s, first):
        if "lay" in a and isinstance(a["lay"], str) and a["lay"][0] not in "3J":
            assert a["lay"][-1] == "s", a


def test_first_card_queen_the_dealer_swaps():
    s, dealer = dealt("Q")
    first = (dealer + 1) % 4
    assert s.view(None)["choice"] == {"what": "swap", "player": dealer}
    assert [a for a in legal(s, dealer) if "swap" in a] == [
        {"swap": q} for q in range(4) if q != dealer
    ]
    mine, theirs = hand(s, dealer), hand(s, first)
    s.apply(dealer, {"swap": first})
    assert hand(s, dealer) == theirs and hand(s, first) == mine
    assert s.view(None)["choice"] is None and turn_of(s) == first


def test_first_card_king_play_starts_the_other_way():
    s, dealer = dealt("K")
    assert s.view(None)["direction"] == -1 and turn_of(s) == (dealer - 1) % 4


def test_first_card_joker_goes_back_under_the_stock():
    """ "A turned-up joker goes back under the stock and the next card is turned." """
    for seed in range(2000):
        dealer, order = deal_order(4, seed)
        if order[0] == "joker" and order[1] != "joker" and order[1][0] != "3":
            break
    else:
        raise AssertionError("no seed turns up a joker first")
    s = game().new_state(4, seed)
    j = s.to_json()
    assert j["dealer"] == dealer
    assert pile_cards(s) == [order[1]], "the next card is turned up instead"
    assert j["stock"][0] == "joker", "under the stock"
    assert j["stock"][-1] == order[2]


# -- no reference card: the 2 -------------------------------------------------------------------


def test_empty_pile_anyone_in_play_lays_a_2_and_the_player_on_turn_plays_on():
    """ "When no reference card exists (... a 3 lies on the lowest card kept after a reshuffle),
    play waits: any player in play may lay a 2 of any suit (not a turn); then the player who was
    on turn plays on it." Laying the 2 is no turn action, so no word's deadline passes."""
    s = table([["2d", "Kc", "9h"], ["4c", "4d", "5h"], ["4h", "3c"]], ["5s"], turn=1)
    s.apply(2, {"lay": "3c"})  # p2 is down to one card: "Mau" is due
    v = s.view(None)
    assert v["reference"] is None and v["facing"] is None and v["turn"] == 1
    assert legal(s, 0) == [{"lay": "2d"}] and legal(s, 1) == []
    s.apply(0, {"lay": "2d"})
    v = s.view(None)
    assert v["turn"] == 1 and v["facing"] == "play" and reference(s) == "2d"
    assert v["owed"][2] == ["mau"], "the 2 is not a turn action: p2's word is still in time"
    assert legal(s, 1) == [{"lay": "4d"}]


def test_empty_pile_the_player_on_turn_may_lay_the_2_themselves():
    s = table([["4h", "3c"], ["2d", "4d", "5h"], ["Kc", "9h"]], ["5s"], turn=1)
    s.apply(0, {"lay": "3c"})
    s.apply(1, {"lay": "2d"})
    assert turn_of(s) == 1 and legal(s, 1) == [{"lay": "4d"}]


def test_empty_pile_the_player_on_turn_is_told_to_wait_for_the_2():
    """The player on turn cannot lay on an empty pile; the refusal should say why, not that it
    is not their turn."""
    s = table([["4h", "3c"], ["2d", "Kd"], ["4d", "5h", "9c"]], ["5s"], turn=2)
    s.apply(0, {"lay": "3c"})
    refused(s, 2, {"lay": "5h"}, "there is no reference card: first someone lays a 2")


def test_nobody_holds_a_2_the_next_stock_card_is_turned_up():
    """ "If nobody in play holds a 2, the next stock card is turned up and counts as laid by the
    dealer" — engine choice 1: the player on turn stays on turn and faces it."""
    s = table([["Kc", "9h"], ["4c", "4d", "5h"], ["4h", "Kd", "3c"]], ["5s"], turn=1, stock=["7d"])
    events = s.apply(2, {"lay": "3c"})
    assert events[-1].type == "turn_up" and events[-1].data["card"] == "7d"
    assert pile_cards(s) == ["5s", "3c", "7d"]
    assert s.view(None)["pile"][-1]["by"] == 0, "laid by the dealer"
    assert turn_of(s) == 1 and facing(s) == "chain"


# -- drawing and the stock ----------------------------------------------------------------------


def test_drawing_only_without_a_card_to_lay_3s_do_not_count():
    """ "Drawing only when they hold no card they may lay as their turn; 3s do not count." """
    s = table([["3h", "4c"], ["4d"], ["Kd"]], ["9s"])
    assert legal(s, 0) == [{"lay": "3h"}, {"draw": True}]
    s = table([["Js", "4c"], ["4d"], ["Kd"]], ["9s"])
    assert {"draw": True} not in legal(s, 0)
    refused(s, 0, {"draw": True}, "drawing is only for a player who cannot")


def test_after_drawing_lay_a_fitting_card_or_pass():
    s = table([["4c", "Kd"], ["4d"], ["Kh"]], ["9s"], stock=["9c"])
    s.apply(0, {"draw": True})
    assert turn_of(s) == 0 and legal(s, 0) == [{"lay": "9c"}, {"pass": True}]
    refused(s, 0, {"draw": True}, "you have drawn already")


def test_option_free_draw_drawing_is_always_allowed():
    s = table([["Js", "4c"], ["4d"], ["Kd"]], ["9s"], options={"free_draw": True})
    assert {"draw": True} in legal(s, 0)
    s.apply(0, {"draw": True})
    assert len(hand(s, 0)) == 3


def test_reshuffle_keeps_the_pile_down_to_the_reference_card():
    """ "When the stock is empty, the discard pile is shuffled into a new stock, keeping the
    cards from the top down to the reference card (the sheet keeps only the top card; 3s need
    more)." """
    s = table(
        [["Kc", "9h"], ["4c", "4d", "6h"], ["4h", "Kd"]],
        ["5s", "7h", "3c"],
        turn=1,
        rest="pile",
    )
    below = len(pile_cards(s)) - 3
    assert s.view(None)["stock"] == 0 and reference(s) == "5s"
    events = s.apply(1, {"draw": True})
    assert "reshuffle" in kinds(events)
    assert pile_cards(s) == ["5s", "7h", "3c"] and reference(s) == "5s"
    assert s.view(None)["stock"] == below - 1 and len(hand(s, 1)) == 4


def test_reshuffle_keeps_the_7s_of_a_pending_chain():
    """Engine choice 8: the 7s of a pending chain stay on the pile — here the reshuffle comes
    from p0's late word while p1 passes the chain on."""
    s = table(
        [["Kc"], ["7d", "4d", "6h"], ["4h", "Kd"]],
        ["5c", "7h", "7s"],
        turn=1,
        rest="pile",
        owed=[["mau"], [], []],
    )
    events = s.apply(1, {"lay": "7d"})
    assert "reshuffle" in kinds(events) and "too_late" in kinds(events)
    assert pile_cards(s) == ["7h", "7s", "7d"]
    assert turn_of(s) == 2 and s.view(None)["chain"] == 3


def test_a_draw_with_nothing_left_to_draw_is_skipped():
    """ "A draw with nothing left to draw is skipped": the player still may pass."""
    s = table([["4c", "Kd"], ["4d"], []], ["9s"], rest="hand", rest_to=2, turn=0)
    events = s.apply(0, {"draw": True})
    assert kinds(events) == ["draw", "no_cards"]
    assert hand(s, 0) == ["4c", "Kd"] and legal(s, 0) == [{"pass": True}]


def test_a_chain_with_nothing_left_to_draw_is_taken_empty_and_the_turn_passes():
    s = table([["4c", "Kd"], ["4d"], []], ["7s"], rest="hand", rest_to=2, turn=0)
    events = s.apply(0, {"take": True})
    assert "no_cards" in kinds(events)
    assert hand(s, 0) == ["4c", "Kd"] and turn_of(s) == 1 and s.view(None)["chain"] == 0
