"""The 3 of Bodensee Mau-Mau as rules/maumau.md rules it ("The reference card and the 3"): out of
turn and in turn, never a turn; a 3 on a 3 restores; the table of when an effect has begun; the
reference card and the 7-chain under 3s; the jack after a cancelled 7; a 3 that empties the hand
of the player on turn.

Positions are bottom-first piles; a pile card given as a string was laid by the dealer (seat 0)
and its effect has not begun. The 3s of these tests are laid in play, as at a table.
"""

from __future__ import annotations

import pytest
from maumau_cards_support import (
    can,
    hand,
    kinds,
    legal,
    pile_cards,
    reference,
    refused,
    seed_where,
    table,
)

BEGUN = "its effect has begun"


def look(state) -> tuple:
    v = state.view(None)
    return v["turn"], v["facing"], v["direction"], v["chain"]


# -- not a turn ---------------------------------------------------------------------------------


def test_a_3_out_of_turn_cancels_and_the_player_on_turn_still_plays():
    """ "Die 3 kann immer gespielt werden, auch wenn der Spieler der sie spielt selbst nicht am
    Zug ist." Laying a 3 is no turn action: a word owed by another player is still in time."""
    s = table(
        [["Kh"], ["4s", "9c", "Kd"], ["3c", "Jd", "Jc"]],
        ["5s", "7h"],
        turn=1,
        owed=[["mau"], [], []],
    )
    assert look(s) == (1, "chain", 1, 1)
    events = s.apply(2, {"lay": "3c"})
    assert kinds(events) == ["lay", "cancel"]
    assert look(s) == (1, "play", 1, 0) and reference(s) == "5s"
    assert s.view(None)["owed"][0] == ["mau"], "no turn action: p0's word is still in time"
    assert legal(s, 1) == [{"lay": "4s"}]


def test_a_3_in_turn_is_not_the_turn_the_player_still_plays():
    """ "Legt ein Spieler eine 3, so ... muss er dennoch seinen Zug spielen." """
    s = table([["Kh", "4c", "Qc"], ["3d", "4s", "9c"], ["Jd", "Jc"]], ["5s", "7h"], turn=1)
    s.apply(1, {"lay": "3d"})
    assert look(s) == (1, "play", 1, 0) and reference(s) == "5s"
    assert legal(s, 1) == [{"lay": "4s"}]
    s.apply(1, {"lay": "4s"})
    assert s.view(None)["turn"] == 2


def test_no_3_while_a_slap_is_open():
    s = table([["5h", "4c", "Qc"], ["3d", "4s", "9c"], ["Jd", "Jc", "3c"]], ["9h"])
    s.apply(0, {"lay": "5h"})
    refused(s, 1, {"lay": "3d"}, "a slap is open")


# -- a 3 on a 3 ---------------------------------------------------------------------------------


def test_a_3_on_a_3_restores_the_chain_and_the_turn():
    """ "Legt ein Spieler eine 3 auf eine bereits gespielte 3, so ... erlangt [die Karte unter
    dieser 3] ihre Wirkung wieder zurück." Engine choice 2: with no turn action between, the
    turn is exactly as before the lower 3."""
    s = table([["7h", "4c", "Qc"], ["4h", "4s", "9c"], ["3c", "Jc"], ["3d", "Kd"]], ["5h"])
    s.apply(0, {"lay": "7h"})
    before = look(s)
    assert before == (1, "chain", 1, 1)
    s.apply(2, {"lay": "3c"})
    assert look(s) == (1, "play", 1, 0)
    events = s.apply(3, {"lay": "3d"})
    assert kinds(events) == ["lay", "restore"]
    assert look(s) == before and reference(s) == "7h"


def test_a_3_on_a_3_gives_the_ace_layer_the_extra_lay_back():
    s = table([["Ah", "Kh", "Qc"], ["4c", "4d"], ["5c", "3s"], ["3d", "Kd", "Ks"]], ["2h"])
    s.apply(0, {"lay": "Ah"})
    s.apply(2, {"lay": "3s"})
    assert look(s)[:2] == (1, "play"), "choice 3: the turn passes on from the ace's anchor"
    s.apply(3, {"lay": "3d"})
    assert look(s)[:2] == (0, "ace")
    assert legal(s, 0) == [{"lay": "Kh"}, {"pass": True}]


def test_a_3_on_a_3_reopens_the_9_window():
    s = table([["9h", "Kc", "Qc"], ["4c", "4d"], ["5h", "3s", "3c"], ["3d", "Kh", "Kd"]], ["2h"])
    s.apply(0, {"lay": "9h"})
    s.apply(2, {"lay": "3s"})
    assert s.view(None)["window"] is None
    s.apply(3, {"lay": "3d"})
    assert s.view(None)["window"] is not None
    assert can(s, 2, {"throw": "5h"}) and can(s, 3, {"throw": "Kh"})


def test_a_3_on_a_3_gives_the_dealer_the_wish_back():
    """Engine choice 2: the dealer's choice comes back with the jack it belongs to."""

    def threes(s, p):
        return [c for c in hand(s, p) if c[0] == "3"]

    def holders(s):
        return [p for p in range(4) if threes(s, p)]

    def test(s) -> bool:
        # a turned-up jack, two players with 3s, and a 2 in play (or the first 3 would make
        # the dealer turn up the next card)
        pile = pile_cards(s)
        twos = any(c[0] == "2" for p in range(4) for c in hand(s, p))
        return len(pile) == 1 and pile[0][0] == "J" and twos and len(holders(s)) >= 2

    _, s = seed_where(test)
    dealer = s.view(None)["dealer"]
    a, b = holders(s)[:2]
    s.apply(a, {"lay": threes(s, a)[0]})
    assert s.view(None)["choice"] is None and reference(s) is None
    s.apply(b, {"lay": threes(s, b)[0]})
    assert s.view(None)["choice"] == {"what": "wish", "player": dealer}
    assert reference(s) == pile_cards(s)[0] and s.view(None)["turn"] == (dealer + 1) % 4


def test_a_3_on_a_king_turns_back_and_a_3_on_that_3_turns_again():
    """Engine choice 3: a 3 on a king — direction back, the turn from the king's anchor."""
    s = table(
        [["Kh", "5s", "9c"], ["4c", "4d", "3s"], ["4h", "Kd", "Ks"], ["3d", "5c", "8s"]], ["2h"]
    )
    s.apply(0, {"lay": "Kh"})
    assert look(s)[:3] == (3, "play", -1)
    events = s.apply(1, {"lay": "3s"})
    assert kinds(events) == ["lay", "cancel", "reverse", "turn"]
    assert look(s)[:3] == (1, "play", 1)
    s.apply(3, {"lay": "3d"})
    assert look(s)[:3] == (3, "play", -1)


# -- a card that counts again after turn actions ------------------------------------------------

AGAIN_HANDS = [["4c", "Qc", "Kc"], ["3s", "4d", "9c"], ["5c", "9d", "3c"], ["3d", "9s", "Ks"]]


def counted_again(card: str, **lay):
    """p0 lays ``card``; p2 cancels it before p1 acts; p1 draws and passes; p3 lays a 3 on the
    3 — the card counts again, with turn actions between."""
    hands = [list(h) for h in AGAIN_HANDS]
    hands[0].append(card)
    s = table(hands, ["2h"], stock=["6c", "6d"])
    s.apply(0, {"lay": card, **lay})
    s.apply(2, {"lay": "3c"})
    assert reference(s) == "2h"
    s.apply(1, {"draw": True})
    s.apply(1, {"pass": True})
    assert s.view(None)["turn"] == 2
    events = s.apply(3, {"lay": "3d"})
    assert "counts_again" in kinds(events) and reference(s) == card
    return s


def test_counts_again_a_7_not_drawn_for_brings_its_chain_back():
    s = counted_again("7h")
    assert look(s) == (2, "chain", 1, 1)


def test_counts_again_an_8_not_sat_out_brings_its_8_back():
    s = counted_again("8h")
    assert look(s)[:2] == (2, "eight")


def test_counts_again_a_wish_not_obeyed_holds_again():
    s = counted_again("Jh", wish="s")
    assert legal(s, 2) == [{"draw": True}], "p2 holds no spade and no jack"


def test_counts_again_a_king_reverses_again():
    s = counted_again("Kh")
    assert look(s)[:3] == (2, "play", -1)


ACE_AGAIN = (
    'rules/maumau.md: "A card that becomes the reference card again (its 3 was cancelled, …)'
    " gets back only an effect not yet carried out — … an ace's extra lay not made\""
)


def test_counts_again_an_ace_s_extra_lay_not_made_comes_back_with_the_turn():
    """The ace counts again after p1's draw and pass: its layer p0 has the extra lay back and
    the turn with it, as when the ace was laid; then the turn passes on from the ace."""
    s = counted_again("Ah")
    assert look(s)[:2] == (0, "ace"), ACE_AGAIN
    assert legal(s, 0) == [{"pass": True}], "p0 holds no heart and no ace: only the pass"
    refused(s, 0, {"draw": True})
    s.apply(0, {"pass": True})
    assert look(s)[:2] == (1, "play"), "the turn passes on from the ace's layer"


def test_counts_again_the_issue_s_position_p1_drew_and_the_ace_comes_back():
    """Issue 14's position: p0 lays an ace; before the extra lay p2 lays a 3 on it and the turn
    passes to p1; p1 draws; p3 lays a 3 on that 3. The ace counts again; p0 has the extra lay
    back and the turn with it; p1's drawn card stays in hand and their turn is over."""
    hands = [["Ah", "Kh", "Qc"], ["4c", "4d"], ["5c", "3s"], ["3d", "Kd", "Ks"]]
    s = table(hands, ["2h"], stock=["9c", "6d"])
    s.apply(0, {"lay": "Ah"})
    s.apply(2, {"lay": "3s"})
    assert look(s)[:2] == (1, "play")
    s.apply(1, {"draw": True})
    assert look(s)[:2] == (1, "drawn")
    events = s.apply(3, {"lay": "3d"})
    assert kinds(events) == ["lay", "counts_again", "ace"], ACE_AGAIN
    assert look(s)[:2] == (0, "ace") and reference(s) == "Ah"
    assert legal(s, 0) == [{"lay": "Kh"}, {"pass": True}]
    assert sorted(hand(s, 1)) == ["4c", "4d", "9c"]
    assert not any(a.get("pass") or a.get("lay") == "4c" for a in legal(s, 1))
    s.apply(0, {"pass": True})
    assert look(s)[:2] == (1, "play"), "a fresh turn for p1 after the extra lay"
    refused(s, 2, {"lay": "5c"})


def test_counts_again_an_ace_whose_layer_has_left_play_has_lapsed():
    """Engine choice: a layer who has said "Matt" "take[s] no part in anything" and cannot make
    the extra lay: the ace counts for matching only, the player on turn plays on."""
    s = table([["Ah"], ["4c", "4d"], ["5c", "3s"], ["3d", "Kd", "Ks"]], ["2h"], stock=["9c", "6d"])
    s.apply(0, {"lay": "Ah"})
    s.apply(2, {"lay": "3s"})
    s.apply(0, {"say": "mau-mau"})
    s.apply(0, {"say": "matt"})
    s.apply(2, {"say": "mau"})
    s.apply(1, {"draw": True})
    s.apply(1, {"pass": True})
    events = s.apply(3, {"lay": "3d"})
    assert kinds(events) == ["lay", "counts_again"] and reference(s) == "Ah"
    assert look(s)[:2] == (2, "play")
    assert legal(s, 0) == []


def test_counts_again_a_9_s_window_never_comes_back():
    s = counted_again("9h")
    assert s.view(None)["window"] is None
    assert not any("throw" in a for p in range(4) for a in legal(s, p))


# -- the table: when an effect has begun --------------------------------------------------------


def test_begun_ace_a_3_before_its_layer_acts_passes_the_turn_on():
    s = table([["Ah", "5s", "9c"], ["4c", "4d", "3s"], ["4h", "Kd", "3c"]], ["9h"])
    s.apply(0, {"lay": "Ah"})
    s.apply(1, {"lay": "3s"})
    assert look(s)[:2] == (1, "play") and reference(s) == "9h"


def test_begun_ace_when_its_layer_makes_their_next_turn_action():
    s = table([["Ah", "5s", "9c"], ["4c", "4d", "3s"], ["4h", "Kd", "3c"]], ["9h"])
    s.apply(0, {"lay": "Ah"})
    s.apply(0, {"pass": True})
    refused(s, 1, {"lay": "3s"}, f"a 3 may not go on the Ah: {BEGUN}")


@pytest.mark.parametrize("card", ["2h", "4h", "10h"])
def test_begun_never_for_2_4_and_10(card):
    """2, 4: no effect; 10: "none ("Miau" is a duty, not an effect)" — never begun."""
    s = table([[card, "Qc", "Kc"], ["Kd", "5d"], ["5c", "9d", "3c"]], ["9h"], stock=["6c", "6d"])
    s.apply(0, {"lay": card})
    for word in s.view(None)["owed"][0]:  # a 10's "Miau"
        s.apply(0, {"say": word})
    s.apply(1, {"draw": True})
    s.apply(1, {"pass": True})
    assert can(s, 2, {"lay": "3c"})
    s.apply(2, {"lay": "3c"})
    assert reference(s) == "9h" and s.view(None)["turn"] == 2


@pytest.mark.parametrize(("card", "hand_"), [("5h", "left"), ("6h", "right")])
def test_begun_at_once_a_3_never_goes_on_a_5_or_6(card, hand_):
    s = table([[card, "Qc", "Kc"], ["3s", "4d", "9c"], ["5c", "9d", "3c"]], ["9h"])
    s.apply(0, {"lay": card})
    refused(s, 2, {"lay": "3c"}, "a slap is open")
    s.apply(1, {"slap": hand_})
    s.apply(2, {"slap": hand_})
    s.apply(0, {"slap": hand_})
    assert s.view(None)["slap"] is None and s.view(None)["turn"] == 1
    refused(s, 1, {"lay": "3s"}, f"a 3 may not go on the {card}: {BEGUN}")


def test_begun_7_not_before_the_player_facing_it_acts():
    s = table([["7h", "Qc", "Kc"], ["4s", "4d", "9c"], ["5c", "9d", "3c"]], ["5h"])
    s.apply(0, {"lay": "7h"})
    s.apply(2, {"lay": "3c"})
    assert look(s) == (1, "play", 1, 0) and reference(s) == "5h"


def test_begun_7_when_the_player_facing_it_takes_the_chain():
    s = table([["7h", "Qc", "Kc"], ["4s", "4d", "9c"], ["5c", "9d", "3c"]], ["5h"])
    s.apply(0, {"lay": "7h"})
    s.apply(1, {"take": True})
    assert s.view(None)["turn"] == 2
    refused(s, 2, {"lay": "3c"}, f"a 3 may not go on the 7h: {BEGUN}")


def test_begun_8_not_before_the_player_facing_it_acts():
    s = table([["8h", "Qc", "Kc"], ["4s", "4d", "9c"], ["5c", "9d", "3c"]], ["5h"])
    s.apply(0, {"lay": "8h"})
    s.apply(2, {"lay": "3c"})
    assert look(s)[:2] == (1, "play") and reference(s) == "5h"


def test_begun_8_when_the_player_facing_it_sits_out():
    s = table([["8h", "Qc", "Kc"], ["4s", "4d", "9c"], ["5c", "9d", "3c"]], ["5h"])
    s.apply(0, {"lay": "8h"})
    s.apply(1, {"sit_out": True})
    refused(s, 2, {"lay": "3c"}, f"a 3 may not go on the 8h: {BEGUN}")


def test_begun_9_a_3_cancels_it_and_closes_its_window():
    s = table([["9h", "Qc", "Kc"], ["4h", "4d"], ["5c", "9d", "3c"]], ["5h"])
    s.apply(0, {"lay": "9h"})
    s.apply(2, {"lay": "3c"})
    assert s.view(None)["window"] is None and reference(s) == "5h"
    assert legal(s, 1) == [{"lay": "4h"}]


def test_begun_9_only_by_a_throw_in_not_by_the_draw_that_closes_the_window():
    """9: begun "when someone throws in" — the player on turn's draw closes the window but
    begins nothing, so a 3 still goes on the 9."""
    s = table([["9h", "Qc", "Kc"], ["4c", "4d", "3s"], ["5c", "Kd"]], ["5h"], stock=["2d"])
    s.apply(0, {"lay": "9h"})
    s.apply(1, {"draw": True})
    assert s.view(None)["window"] is None
    assert can(s, 1, {"lay": "3s"})
    s.apply(1, {"lay": "3s"})
    assert reference(s) == "5h" and look(s)[:2] == (1, "drawn")


def test_begun_jack_not_before_the_next_player_acts_the_wish_is_gone():
    s = table([["Jh", "Qc", "Kc"], ["4h", "4d", "9c"], ["5c", "9d", "3c"]], ["5h"])
    s.apply(0, {"lay": "Jh", "wish": "s"})
    s.apply(2, {"lay": "3c"})
    assert reference(s) == "5h" and legal(s, 1) == [{"lay": "4h"}]


def test_begun_jack_when_the_next_player_makes_a_turn_action():
    s = table([["Jh", "Qc", "Kc"], ["3s", "4d", "9c"], ["5c", "9d"]], ["5h"], stock=["6c"])
    s.apply(0, {"lay": "Jh", "wish": "s"})
    s.apply(1, {"draw": True})
    refused(s, 1, {"lay": "3s"}, f"a 3 may not go on the Jh: {BEGUN}")


def test_begun_at_once_a_3_never_goes_on_a_queen():
    """Q: begun "at once (the swap is part of laying)"."""
    s = table([["Qh", "5c", "Kc"], ["3s", "4d", "9c"], ["5d", "9d", "3c"]], ["5h"])
    s.apply(0, {"lay": "Qh", "swap": 2})
    assert s.view(None)["turn"] == 1
    refused(s, 1, {"lay": "3s"}, f"a 3 may not go on the Qh: {BEGUN}")


def test_begun_king_not_before_the_next_player_in_the_new_direction_acts():
    s = table([["Kh", "5s", "9c"], ["4c", "4d", "3s"], ["4h", "Kd"], ["3d", "5c", "8s"]], ["2h"])
    s.apply(0, {"lay": "Kh"})
    assert can(s, 1, {"lay": "3s"}) and can(s, 3, {"lay": "3d"})


def test_begun_king_when_the_next_player_in_the_new_direction_makes_a_turn_action():
    s = table(
        [["Kh", "5s", "9c"], ["4c", "4d", "3s"], ["4h", "Kd"], ["3d", "5c", "8s"]],
        ["2h"],
        stock=["6c"],
    )
    s.apply(0, {"lay": "Kh"})
    s.apply(3, {"draw": True})
    refused(s, 3, {"lay": "3d"}, f"a 3 may not go on the Kh: {BEGUN}")


def test_a_refused_3_is_explained_to_a_player_with_nothing_else_to_do():
    """The 3 is the one card anyone may lay out of turn; a player refused one should hear why
    (the effect has begun), not that it is not their turn."""
    s = table(
        [["Kh", "5s", "9c"], ["4c", "4d", "3s"], ["4h", "Kd"], ["3d", "5c", "8s"]],
        ["2h"],
        stock=["6c"],
    )
    s.apply(0, {"lay": "Kh"})
    s.apply(3, {"draw": True})
    assert legal(s, 1) == []
    refused(s, 1, {"lay": "3s"}, f"a 3 may not go on the Kh: {BEGUN}")


# -- the reference card and the chain under 3s --------------------------------------------------


def test_the_reference_card_over_a_stack_of_3s_and_cancelled_cards():
    """ "Worked from the top down: a card is cancelled when the card directly on it ... is a 3
    that is not itself cancelled. The reference card is the topmost card that is neither a 3,
    nor cancelled, nor a joker." """
    s = table(
        [["Kc", "Qc", "3h"], ["4s", "5h", "7d"], ["3c", "3s", "Jd"], ["3d", "Kd", "9d"]],
        ["5s", "7h"],
        turn=1,
    )
    s.apply(2, {"lay": "3c"})  # 5s 7h 3c: the 7 is cancelled
    assert reference(s) == "5s" and look(s)[:2] == (1, "play")
    s.apply(3, {"lay": "3d"})  # 3d cancels 3c: the 7 counts again
    assert reference(s) == "7h" and look(s)[:2] == (1, "chain")
    s.apply(2, {"lay": "3s"})  # 3s cancels 3d: 3c counts, and cancels the 7 again
    assert reference(s) == "5s" and look(s)[:2] == (1, "play")
    s.apply(0, {"lay": "3h"})  # 3h cancels 3s: 3d counts, 3c is cancelled, the 7 counts
    assert pile_cards(s) == ["5s", "7h", "3c", "3d", "3s", "3h"]
    assert reference(s) == "7h" and look(s) == (1, "chain", 1, 1)
    assert legal(s, 1) == [{"lay": "7d"}, {"take": True}]


def test_7_7_3_is_a_chain_of_one():
    """ "7, 7, 3 is a chain of one" — a 3 cancels one 7 of a chain; the taker draws 2."""
    s = table(
        [["7h", "Qc", "Kc", "3h"], ["7s", "4d", "9c"], ["5c", "9d", "Kd"]],
        ["5h"],
        stock=["6c", "6d"],
    )
    s.apply(0, {"lay": "7h"})
    s.apply(1, {"lay": "7s"})
    assert look(s) == (2, "chain", 1, 2)
    s.apply(0, {"lay": "3h"})
    assert look(s) == (2, "chain", 1, 1) and reference(s) == "7h"
    events = s.apply(2, {"take": True})
    assert events[0].data == {"player": 2, "sevens": 1}
    assert sorted(hand(s, 2)) == ["5c", "6c", "6d", "9d", "Kd"]
    assert s.view(None)["turn"] == 0


def test_7_7_3_3_is_a_chain_of_two():
    s = table(
        [["7h", "Qc", "Kc", "3h"], ["7s", "4d", "3c", "9c"], ["5c", "9d", "Kd"]],
        ["5h"],
        stock=["6c", "6d", "6h", "6s"],
    )
    s.apply(0, {"lay": "7h"})
    s.apply(1, {"lay": "7s"})
    s.apply(0, {"lay": "3h"})
    s.apply(1, {"lay": "3c"})
    assert look(s) == (2, "chain", 1, 2)
    events = s.apply(2, {"take": True})
    assert events[0].data == {"player": 2, "sevens": 2}
    assert len(hand(s, 2)) == 7


def test_a_jack_after_a_cancelled_7_but_not_on_a_7_under_a_cancelled_one():
    """ "A jack may go on any reference card except a 7 or an 8 ...; a 7 or 8 cancelled by a 3
    is not the reference card and does not block." """
    s = table([["7h", "Qc", "Kc"], ["Js", "4d", "9c"], ["5c", "3c", "Kd"]], ["5h"])
    s.apply(0, {"lay": "7h"})
    s.apply(2, {"lay": "3c"})
    assert can(s, 1, {"lay": "Js", "wish": "c"})
    s = table([["7h", "Qc", "Kc", "3h"], ["7s", "4d", "9c"], ["Jc", "9d", "Kd"]], ["5h"])
    s.apply(0, {"lay": "7h"})
    s.apply(1, {"lay": "7s"})
    s.apply(0, {"lay": "3h"})
    assert reference(s) == "7h"
    assert legal(s, 2) == [{"take": True}]
    refused(s, 2, {"lay": "Jc", "wish": "h"}, "you face a 7-chain of 1")


# -- a 3 that empties the hand of the player on turn --------------------------------------------


def test_a_3_that_empties_the_hand_on_turn_then_they_draw():
    """ "One who emptied their hand with it then draws, having nothing to lay" (three_out =
    draw); engine choice 4: no "Matt" is owed while on turn."""
    s = table([["3h"], ["4c", "4d", "9c"], ["4h", "Kd"]], ["4s", "9s"], stock=["Kc", "8d"])
    s.apply(0, {"lay": "3h"})
    v = s.view(None)
    assert v["turn"] == 0 and v["facing"] == "play" and v["owed"][0] == ["mau-mau"]
    assert legal(s, 0) == [{"say": "mau-mau"}, {"draw": True}]
    s.apply(0, {"say": "mau-mau"})
    s.apply(0, {"draw": True})
    assert hand(s, 0) == ["8d"] and legal(s, 0) == [{"say": "mau"}, {"pass": True}]


def test_option_three_out_skip_the_emptied_player_is_passed_over():
    s = table(
        [["3h"], ["4c", "4d", "9c"], ["4h", "Kd"]],
        ["4s", "9s"],
        stock=["Kc", "8d"],
        options={"three_out": "skip"},
    )
    s.apply(0, {"lay": "3h"})
    v = s.view(None)
    assert v["turn"] == 1 and v["owed"][0] == ["mau-mau", "matt"]
    assert legal(s, 1) == [{"lay": "4c"}, {"lay": "4d"}]


# -- bad input ----------------------------------------------------------------------------------


def test_a_3_is_laid_not_thrown_in():
    """ "A 3 is a 3" during a 9 window: it is laid with {"lay": ...}. At a table with penalty
    throw-ins the refusal must neither call the 3 unfitting nor say the table refuses
    misfits."""
    s = table([["9h", "5s", "Kc"], ["4h", "4d"], ["7h", "3h", "9s"], ["4s", "Jd"]], ["2h"])
    s.apply(0, {"lay": "9h"})
    message = refused(s, 2, {"throw": "3h"}, None)
    assert "does not fit" not in message and "refused at this table" not in message, message
    s.apply(2, {"lay": "3h"})
    assert reference(s) == "2h" and s.view(None)["window"] is None


def test_a_3_on_a_position_s_3_counts_the_card_below_again():
    """A short position may hold a 3 given as a card string; a 3 laid on it gives the card
    below back (the 7, not drawn for: the player on turn faces its chain)."""
    s = table([["4c", "3d", "Kc"], ["4d", "Qd"], ["Kd", "Qs"]], ["5s", "7h", "3c"])
    assert reference(s) == "5s" and can(s, 0, {"lay": "3d"})
    s.apply(0, {"lay": "3d"})
    assert reference(s) == "7h" and look(s) == (0, "chain", 1, 1)
