"""Bodensee Mau-Mau's jokers and throw-ins (rules/maumau.md, "Throw-ins"; the sheet's
"Spielkarte Joker" and "Strafkarten"): jokers put down in front, the throw-in privilege and its
rest, jokers onto the pile for every card drawn, and unfitting throw-ins."""

from __future__ import annotations

from typing import Any

import pytest
from maumau_cards_support import refused, table

# four players; player 0 is on turn; nobody holds a card that does anything to the turn
HANDS = [["4s", "Kd", "Qc"], ["4d", "Kc", "Qd"], ["2h", "2d", "Ks", "Qs"], ["2s", "Kc", "Kd"]]


def view(state) -> dict[str, Any]:
    return state.view(None)


def hand_sizes(state) -> list[int]:
    return [len(h) for h in state.to_json()["hands"]]


def throws(state, player: int) -> list[str]:
    return [a["throw"] for a in state.legal_actions(player) if "throw" in a]


def top(state) -> str:
    return state.to_json()["pile"][-1]["card"]


# -- jokers put down in front ------------------------------------------------------------------


def test_a_joker_is_put_down_in_front_at_any_time() -> None:
    hands = [["4s", "Kd"], ["4d", "Kc"], ["joker", "joker", "Ks", "Qs"], ["Kh", "Kc"]]
    s = table(hands, ["4h"])
    events = s.apply(2, {"joker": True})  # not on turn
    assert [e.data for e in events] == [{"player": 2, "front": 1}]
    assert view(s)["front"] == [0, 0, 1, 0]
    assert view(s)["pile"][-1]["card"] == "4h", "never onto the pile"
    assert view(s)["turn"] == 0, "not a turn"
    s.apply(0, {"lay": "4s"})
    assert view(s)["front"] == [0, 0, 1, 0]
    s.apply(1, {"lay": "4d"})  # the 4 opens nothing; now a 5 from player 2 would
    s.apply(2, {"joker": True})  # on turn: still not a turn action
    assert view(s)["turn"] == 2 and view(s)["front"] == [0, 0, 2, 0]


def test_a_joker_is_put_down_during_a_slap_and_may_empty_the_hand() -> None:
    """'(this may empty their hand: "Mau-Mau" follows as usual)': Matt waits for the slap."""
    hands = [["5h", "Kd"], ["4d", "Kc"], ["joker"], ["Kh", "Kc"]]
    s = table(hands, ["4h"])
    s.apply(0, {"lay": "5h"})
    s.apply(2, {"joker": True})
    assert hand_sizes(s)[2] == 0
    assert s.to_json()["owed"][2] == ["mau-mau"]
    s.apply(2, {"say": "mau-mau"})
    for p in (2, 0, 1, 3):
        s.apply(p, {"slap": "left"})
    assert s.to_json()["owed"][2] == ["matt"]


# -- the throw-in privilege --------------------------------------------------------------------


def test_the_privilege_goes_to_the_most_jokers_on_a_tie_the_latest() -> None:
    hands = [["4s", "Kd"], ["4d", "joker", "joker"], ["joker", "joker", "Ks"], ["Kh", "Kc"]]
    s = table(hands, ["4h"])
    assert view(s)["privilege"] is None
    s.apply(2, {"joker": True})
    assert view(s)["privilege"] == 2
    s.apply(1, {"joker": True})  # a tie: player 1 put theirs down last
    assert view(s)["privilege"] == 1
    s.apply(2, {"joker": True})
    assert view(s)["privilege"] == 2
    s.apply(1, {"joker": True})  # 2 against 2: player 1 is the latest again
    assert view(s)["privilege"] == 1


def test_a_winners_jokers_count_for_nothing() -> None:
    hands = [["4s", "Kd"], ["4d", "Kc"], [], ["Kh", "Kc"], ["Ks", "Kd"]]
    s = table(
        hands,
        ["4h"],
        front=[0, 0, 3, 1, 0],
        joker_seq=[0, 0, 2, 1, 0],
        out=[False, False, True, False, False],
        winners=[2],
    )
    assert view(s)["privilege"] == 3
    assert throws(s, 2) == []


def test_the_privileged_throw_in_is_the_throwers_own_turn() -> None:
    """'Das Reinwerfen zählt auch hier als Zug, so dass dann der Spieler neben demjenigen, der
    rein geworfen hat an der Reihe ist': player 0 loses the turn, player 3 is next; and as a
    turn action it makes words owed by others too late."""
    s = table(HANDS, ["4h"], front=[0, 0, 1, 0], owed=[[], ["miau"], [], []])
    assert "2h" in throws(s, 2)
    events = s.apply(2, {"throw": "2h"})
    assert top(s) == "2h"
    assert view(s)["turn"] == 3
    assert [e.data["words"] for e in events if e.type == "too_late"] == [["miau"]]
    assert hand_sizes(s) == [3, 4, 3, 3]


@pytest.mark.parametrize(
    ("card", "facing", "after"),
    [
        ("7h", "chain", {"take": True}),  # a thrown 7 hits the thrower's neighbour
        ("8h", "eight", {"sit_out": True}),  # so does a thrown 8
    ],
)
def test_a_thrown_7_or_8_hits_the_throwers_neighbour(
    card: str, facing: str, after: dict[str, Any]
) -> None:
    hands = [HANDS[0], HANDS[1], [card, "2d", "Ks"], HANDS[3]]
    s = table(hands, ["4h"], front=[0, 0, 1, 0])
    s.apply(2, {"throw": card})
    assert view(s)["turn"] == 3 and view(s)["facing"] == facing
    s.apply(3, after)
    assert view(s)["turn"] == 0


def test_a_thrown_king_counts_the_next_player_from_the_thrower_in_the_new_direction() -> None:
    hands = [HANDS[0], HANDS[1], ["Kh", "2d", "Ks"], HANDS[3]]
    s = table(hands, ["4h"], front=[0, 0, 1, 0])
    s.apply(2, {"throw": "Kh"})
    assert view(s)["direction"] == -1
    assert view(s)["turn"] == 1


def test_a_throw_in_onto_a_7_chain_must_be_a_7() -> None:
    """The privilege throws what the player on turn could lay: facing a chain, only a 7; the
    chain then grows and hits the thrower's neighbour."""
    hands = [HANDS[0], HANDS[1], ["7s", "7d", "Kh"], HANDS[3]]
    s = table(hands, ["4h", "7h"], front=[0, 0, 1, 0])
    assert view(s)["facing"] == "chain"
    s.apply(2, {"throw": "7s"})
    assert view(s)["turn"] == 3 and view(s)["chain"] == 2
    s.apply(3, {"take": True})
    assert hand_sizes(s)[3] == 3 + 4


def test_the_privilege_rests_until_the_throwers_next_turn_begins() -> None:
    s = table(HANDS, ["4h"], front=[0, 0, 1, 0])
    s.apply(2, {"throw": "2h"})
    assert view(s)["rest"] == [False, False, True, False]
    assert view(s)["privilege"] == 2, "the privilege stays with player 2, resting"
    assert throws(s, 2) == []
    refused(s, 2, {"throw": "2d"}, "you may not throw in now")
    s.apply(3, {"lay": "2s"})
    assert throws(s, 2) == []
    s.apply(0, {"lay": "4s"})
    s.apply(1, {"lay": "4d"})
    assert view(s)["turn"] == 2
    assert view(s)["rest"] == [False, False, False, False]
    s.apply(2, {"lay": "2d"})
    assert view(s)["turn"] == 3
    assert "Ks" in throws(s, 2)


# -- every card drawn costs a joker in front ---------------------------------------------------


def test_a_card_drawn_on_turn_puts_a_joker_onto_the_pile_and_the_privilege_moves() -> None:
    hands = [["9s", "Kd"], ["4d", "Kc"], ["2h", "Ks"], ["Kh", "Kc"]]
    s = table(hands, ["4c"], front=[2, 0, 1, 0], joker_seq=[1, 0, 2, 0])
    assert view(s)["privilege"] == 0
    events = s.apply(0, {"draw": True})
    assert [e.type for e in events].count("joker_to_pile") == 1
    assert view(s)["front"] == [1, 0, 1, 0]
    assert top(s) == "joker"
    assert view(s)["pile"][view(s)["reference"]]["card"] == "4c", "jokers on the pile are ignored"
    assert view(s)["privilege"] == 2, "a tie: player 2 put theirs down later"


def test_a_7_chain_taken_puts_a_joker_down_per_card_while_any_are_left() -> None:
    hands = [["4s", "Kd"], ["4d", "Kc"], ["2h", "Ks"], ["Kh", "Kc"]]
    s = table(hands, ["7c", "7h"], front=[3, 0, 0, 0])
    s.apply(0, {"take": True})
    assert hand_sizes(s)[0] == 2 + 4
    assert view(s)["front"] == [0, 0, 0, 0]
    assert [e["card"] for e in view(s)["pile"]] == ["7c", "7h", "joker", "joker", "joker"]


def test_penalty_cards_put_jokers_onto_the_pile_too() -> None:
    hands = [["5h", "Kd", "Kc"], ["4d", "Kc"], ["2h", "Ks"], ["Kh", "Qc"]]
    s = table(hands, ["4h"], front=[0, 3, 1, 0], joker_seq=[0, 1, 2, 0])
    s.apply(0, {"lay": "5h"})
    for p, hand in ((2, "left"), (0, "left"), (3, "left"), (1, "right")):
        s.apply(p, {"slap": hand})
    assert hand_sizes(s)[1] == 2 + 3  # last and wrong
    assert view(s)["front"] == [0, 0, 1, 0]
    assert view(s)["privilege"] == 2


# -- unfitting throw-ins -----------------------------------------------------------------------


def test_an_unfitting_throw_onto_a_9_stays_in_hand_and_costs_a_penalty_card() -> None:
    """'Wird auf eine 9 eine nicht passende Karte geworfen, so muss eine Strafkarte gezogen
    werden': the card stays, the window stays open; and being no turn action (engine choice
    5), it makes nobody's words too late."""
    hands = [["9h", "Kd"], ["4d", "Kc"], ["Kc", "Ks"], ["Kh", "Kd"]]
    s = table(hands, ["4h"])
    s.apply(0, {"lay": "9h"})
    assert s.to_json()["owed"][0] == ["mau"]
    events = s.apply(2, {"throw": "Kc"})
    assert [e.data for e in events if e.type == "misfit"] == [{"player": 2, "card": "Kc"}]
    assert not [e for e in events if e.type == "too_late"]
    assert "Kc" in s.to_json()["hands"][2] and hand_sizes(s)[2] == 3
    assert top(s) == "9h"
    assert view(s)["window"] is not None
    assert s.to_json()["owed"][0] == ["mau"]
    s.apply(3, {"throw": "Kh"})  # the window is still open to a fitting throw-in
    assert top(s) == "Kh" and view(s)["window"] is None


def test_an_unfitting_privileged_throw_in_costs_a_penalty_card_and_does_not_rest() -> None:
    """'Wirft ein Spieler mit dem Reinwerfprivileg eine falsche Karte rein, so muss er eine
    Strafkarte ziehen': the card stays; the card drawn costs a joker in front; the privilege
    does not rest (engine choice 5)."""
    s = table(HANDS, ["4h"], front=[0, 0, 2, 0])
    events = s.apply(2, {"throw": "Ks"})
    assert [e.type for e in events if e.type in ("misfit", "joker_to_pile")] == [
        "misfit",
        "joker_to_pile",
    ]
    assert "Ks" in s.to_json()["hands"][2] and hand_sizes(s)[2] == 5
    assert view(s)["front"] == [0, 0, 1, 0]
    assert view(s)["turn"] == 0
    assert view(s)["rest"][2] is False
    s.apply(2, {"throw": "2h"})
    assert view(s)["turn"] == 3


def test_option_refuse_refuses_an_unfitting_throw_in_without_a_penalty() -> None:
    s = table(HANDS, ["4h"], front=[0, 0, 1, 0], options={"misfit_throw_in": "refuse"})
    assert throws(s, 2) == ["2h"]
    refused(s, 2, {"throw": "Ks"}, "an unfitting throw-in is refused at this table")
    hands = [["9h", "Kd"], ["4d", "Kc"], ["Kc", "Ks", "2h"], ["Kh", "Kd"]]
    s = table(hands, ["4h"], options={"misfit_throw_in": "refuse"})
    s.apply(0, {"lay": "9h"})
    assert throws(s, 2) == ["2h"]
    refused(s, 2, {"throw": "Kc"}, "an unfitting throw-in is refused at this table")


def test_while_a_9_window_is_open_the_privileged_throw_is_a_throw_onto_the_9() -> None:
    """Engine choice 6: the next player is counted from the 9's layer, and the privilege does
    not rest (it was not used)."""
    hands = [["9h", "Kd", "Kc"], ["4d", "Kc", "Ks"], ["2h", "2d", "Ks"], ["Kh", "Qc", "Kd"]]
    s = table(hands, ["4h"], front=[0, 0, 1, 0])
    s.apply(0, {"lay": "9h"})
    s.apply(2, {"throw": "2h"})
    assert top(s) == "2h"
    assert view(s)["turn"] == 1
    assert view(s)["rest"][2] is False


def test_a_3_on_a_3_gives_the_9_its_window_back_after_a_reshuffle() -> None:
    """Engine choice 2 with a reshuffle between: a 3 cancels a fresh 9, an unfitting privileged
    throw-in (no turn action) costs a card that reshuffles the pile, and a 3 on the 3 brings
    the 9's window back as it was. The window must still be the 9's: the next turn action
    closes it."""
    hands = [["9h", "4c", "4d"], ["Kh", "Kd", "Ks"], ["3c", "3d", "2s", "5s"]]
    s = table(hands, ["Qh"], front=[0, 0, 1], rest="pile")
    s.apply(0, {"lay": "9h"})
    s.apply(2, {"lay": "3c"})
    assert view(s)["window"] is None
    events = s.apply(2, {"throw": "5s"})
    assert "reshuffle" in [e.type for e in events]
    s.apply(2, {"lay": "3d"})
    window = view(s)["window"]
    assert window is not None
    pile = [e["card"] for e in view(s)["pile"]]
    assert window["at"] < len(pile) and pile[window["at"]] == "9h", (window, pile)
    s.apply(1, {"lay": "Kh"})
    assert view(s)["window"] is None
