"""Bodensee Mau-Mau's slap (rules/maumau.md, "Slap (5 and 6)"; the sheet's "Spielkarte 5/6"
and the 6-on-5 case): which hands, who may slap when, how it closes, and its penalty cards."""

from __future__ import annotations

from typing import Any

import pytest
from maumau_cards_support import refused, table

from spieltisch.core import REFEREE
from spieltisch.registry import load_game

# four players; player 0 lays the 5 or 6 (pile bottom first), players 1..3 do not hold one
HANDS = [["5h", "6h", "Kd"], ["Ks", "8s"], ["Kc", "8c"], ["Kh", "8h"]]


def hand_sizes(state) -> list[int]:
    return [len(h) for h in state.to_json()["hands"]]


def closed(events) -> dict[str, Any]:
    (event,) = [e for e in events if e.type == "slap_closed"]
    return event.data


def slap_all(state, slaps: list[tuple[int, str]]) -> list:
    events: list = []
    for p, hand in slaps:
        events = state.apply(p, {"slap": hand})
    return events


# -- which hands -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pile", "card", "need"),
    [
        (["4h"], "5h", "left"),  # a 5: the left hand
        (["4h"], "6h", "right"),  # a 6: the right hand
        (["5h"], "6h", "both"),  # a 6 on a 5: both hands
        (["6h"], "5h", "both"),  # a 5 on a 6: both hands
        (["5h", "joker"], "6h", "both"),  # jokers between are ignored
        (["6h", "joker", "joker"], "5h", "both"),
        (["5s"], "5h", "left"),  # a 5 on a 5 is a 5
        (["6s"], "6h", "right"),
    ],
)
def test_which_hands_a_slap_needs(pile: list[str], card: str, need: str) -> None:
    s = table(HANDS, pile)
    events = s.apply(0, {"lay": card})
    assert [e.data for e in events if e.type == "slap_open"] == [{"layer": 0, "need": need}]
    assert s.view(None)["slap"] == {"layer": 0, "need": need, "slapped": []}


def test_a_turned_up_5_opens_a_slap_of_the_dealer() -> None:
    """The dealer's first card counts as laid by the dealer: a 5 makes everyone slap, and the
    dealer may not slap first."""
    game = load_game("maumau", dealer="2")
    for seed in range(500):
        s = game.new_state(4, seed)
        if s.to_json()["pile"][0]["card"][:-1] == "5":
            break
    else:
        raise AssertionError("no seed below 500 turns up a 5")
    assert s.view(None)["slap"] == {"layer": 2, "need": "left", "slapped": []}
    assert 2 not in s.actors() or {"slap": "left"} not in s.legal_actions(2)


# -- who may do what while it is open ---------------------------------------------------------


def test_the_layer_may_not_slap_first() -> None:
    s = table(HANDS, ["4h"])
    s.apply(0, {"lay": "5h"})
    assert s.legal_actions(0) == []
    refused(s, 0, {"slap": "left"}, "the layer of the 5 or 6 may not slap first")
    s.apply(2, {"slap": "left"})
    s.apply(0, {"slap": "left"})
    assert s.view(None)["slap"]["slapped"] == [[2, "left"], [0, "left"]]


def test_the_game_does_not_wait_for_the_layer_before_another_has_slapped() -> None:
    """The core contract: those the game waits for are among those who may act. Until another
    player has slapped, the layer has nothing they may do."""
    s = table(HANDS, ["4h"])
    s.apply(0, {"lay": "5h"})
    assert s.waiting_for() <= s.actors()
    assert s.waiting_for() == {1, 2, 3}
    s.apply(1, {"slap": "left"})
    assert s.waiting_for() == {0, 2, 3}


def test_the_layer_with_a_joker_is_refused_the_first_slap_with_the_reason() -> None:
    hands = [["5h", "joker", "Kd"], *HANDS[1:]]
    s = table(hands, ["4h"])
    s.apply(0, {"lay": "5h"})
    assert s.legal_actions(0) == [{"joker": True}]
    refused(s, 0, {"slap": "left"}, "the layer of the 5 or 6 may not slap first")


def _first_slap_by_the_layer(s) -> tuple[int, dict]:
    s.apply(0, {"lay": "5h"})
    return 0, {"slap": "left"}


def _second_slap(s) -> tuple[int, dict]:
    s.apply(0, {"lay": "5h"})
    s.apply(1, {"slap": "left"})
    return 1, {"slap": "left"}


def _referee_without_a_slap(s) -> tuple[int, dict]:
    return REFEREE, {"close": "slap"}


def _slap_without_a_slap(s) -> tuple[int, dict]:
    return 2, {"slap": "left"}


@pytest.mark.parametrize(
    ("situation", "why"),
    [
        (_first_slap_by_the_layer, "the layer of the 5 or 6 may not slap first"),
        (_second_slap, "you have slapped already"),
        (_referee_without_a_slap, "the referee only closes an open slap"),
        (_slap_without_a_slap, "no slap is open"),
    ],
)
def test_a_refused_slap_gives_the_slap_rule_as_its_reason(situation, why: str) -> None:
    """A person whose slap is refused learns why from the slap rule, also when they may do
    nothing else at that moment."""
    s = table(HANDS, ["4h"])
    player, action = situation(s)
    refused(s, player, action, why)


def test_while_a_slap_is_open_only_slaps_words_and_jokers() -> None:
    hands = [["5h", "Kd", "3d"], ["Ks", "8s", "joker", "3s"], ["Kc", "8c"], ["Kh", "8h"]]
    s = table(hands, ["4h", "9h"])
    s.apply(0, {"lay": "5h"})  # on the 9: player 0 owes nothing, the turn is player 1's
    assert s.to_json()["turn"] == 1
    why = "a slap is open: only slaps, words and jokers now"
    refused(s, 1, {"lay": "Ks"}, why)
    refused(s, 1, {"draw": True}, why)
    refused(s, 1, {"lay": "3s"}, why)
    refused(s, 1, {"throw": "8s"}, why)
    refused(s, REFEREE, {"close": "window"}, "the referee only closes an open slap")
    refused(s, 2, {"slap": "up"}, "slap with left, right or both")
    assert set(map(str, s.legal_actions(1))) == {
        '{"joker": true}',
        '{"slap": "left"}',
        '{"slap": "right"}',
        '{"slap": "both"}',
    }
    s.apply(1, {"joker": True})
    s.apply(1, {"slap": "left"})
    refused(s, 0, {"lay": "3d"}, why)  # the layer of the 5, who may not even slap yet


# -- how it closes -----------------------------------------------------------------------------


def test_it_closes_when_everyone_in_play_slapped_and_the_last_to_arrive_is_last() -> None:
    s = table(HANDS, ["4h"])
    s.apply(0, {"lay": "5h"})
    events = slap_all(s, [(3, "left"), (0, "left"), (1, "left")])
    assert events[-1].type == "slap"  # player 2 has not slapped: still open
    assert s.view(None)["slap"] is not None
    events = s.apply(2, {"slap": "left"})
    assert closed(events) == {"need": "left", "last": [2], "penalties": {"2": 1}}
    assert s.view(None)["slap"] is None
    assert hand_sizes(s) == [2, 2, 3, 2]
    assert REFEREE not in s.actors()


def test_the_referee_closes_it_and_those_who_did_not_slap_are_last() -> None:
    """Engine choice 7: when the referee closes a slap, the non-slappers are last (not
    wrong): one penalty card each for a 5."""
    s = table(HANDS, ["4h"])
    s.apply(0, {"lay": "5h"})
    assert REFEREE in s.actors()
    assert s.legal_actions(REFEREE) == [{"close": "slap"}]
    s.apply(1, {"slap": "left"})
    events = s.apply(REFEREE, {"close": "slap"})
    assert closed(events) == {
        "need": "left",
        "last": [0, 2, 3],
        "penalties": {"0": 1, "2": 1, "3": 1},
    }
    assert hand_sizes(s) == [3, 2, 3, 3]
    refused(s, REFEREE, {"close": "slap"}, "the referee only closes an open slap")


def test_window_seconds_is_the_tables_slap_time_while_a_slap_is_open() -> None:
    s = table(HANDS, ["4h"], options={"slap_seconds": 3.5})
    assert s.window_seconds() is None
    s.apply(0, {"lay": "6h"})
    assert s.window_seconds() == 3.5
    slap_all(s, [(1, "right"), (2, "right"), (0, "right"), (3, "right")])
    assert s.window_seconds() is None


# -- penalty cards -----------------------------------------------------------------------------

# (the card player 0 lays, the pile, the slaps in order) -> penalty cards; the last slap is last
PENALTIES = [
    # one hand: last 1, wrong 2, last and wrong 3
    ("5h", ["4h"], ["left", "left", "left", "left"], {3: 1}),
    ("5h", ["4h"], ["right", "left", "left", "left"], {1: 2, 3: 1}),
    ("5h", ["4h"], ["left", "left", "left", "right"], {3: 3}),
    ("6h", ["4h"], ["right", "left", "both", "right"], {2: 2, 0: 2, 3: 1}),
    # both hands (a 6 on a 5): last 2, wrong 1, last and wrong 3
    ("6h", ["5h"], ["both", "both", "both", "both"], {3: 2}),
    ("6h", ["5h"], ["left", "both", "right", "both"], {1: 1, 0: 1, 3: 2}),
    ("6h", ["5h"], ["both", "both", "both", "right"], {3: 3}),
]
ORDER = [1, 2, 0, 3]  # who slaps first .. last


@pytest.mark.parametrize(("card", "pile", "hands", "penalties"), PENALTIES)
def test_slap_penalties(
    card: str, pile: list[str], hands: list[str], penalties: dict[int, int]
) -> None:
    s = table(HANDS, pile)
    s.apply(0, {"lay": card})
    before = hand_sizes(s)
    events = slap_all(s, list(zip(ORDER, hands, strict=True)))
    assert closed(events)["last"] == [3]
    assert closed(events)["penalties"] == {str(p): k for p, k in penalties.items()}
    assert hand_sizes(s) == [n + penalties.get(p, 0) for p, n in enumerate(before)]


def test_option_all_others_last_2_everyone_else_1() -> None:
    s = table(HANDS, ["5h"], options={"otherwise": "all_others"})
    s.apply(0, {"lay": "6h"})
    events = slap_all(s, [(1, "both"), (2, "left"), (0, "both"), (3, "both")])
    assert closed(events)["penalties"] == {"0": 1, "1": 1, "2": 1, "3": 2}


def test_option_all_others_keeps_one_hand_slaps_as_the_sheet_has_them() -> None:
    s = table(HANDS, ["4h"], options={"otherwise": "all_others"})
    s.apply(0, {"lay": "5h"})
    events = slap_all(s, [(1, "right"), (2, "left"), (0, "left"), (3, "left")])
    assert closed(events)["penalties"] == {"1": 2, "3": 1}


# -- who takes part ----------------------------------------------------------------------------


def test_winners_who_left_play_take_no_part() -> None:
    """Player 3 has said Matt: the slap closes without them, and they cannot slap."""
    s = table(
        [["5h", "Kd"], ["Ks", "8s"], ["Kc", "8c"], [], ["Kh", "8h"]],
        ["4h"],
        out=[False, False, False, True, False],
        winners=[3],
    )
    s.apply(0, {"lay": "5h"})
    assert s.legal_actions(3) == []
    assert 3 not in s.actors()
    refused(s, 3, {"slap": "left"}, "you have said Matt and left play")
    events = slap_all(s, [(1, "left"), (2, "left"), (0, "left"), (4, "left")])
    assert closed(events) == {"need": "left", "last": [4], "penalties": {"4": 1}}
    assert hand_sizes(s)[3] == 0


def test_silent_winners_slap_and_may_be_last() -> None:
    """'Er muss bei den auszuführenden Aktionen der Karten 5 und 6 mitmachen': the slap waits
    for the silent winner; last, they draw a card and play on with it (and owe Mau)."""
    s = table(
        [["5h", "Kd"], ["Ks", "8s"], ["Kc", "8c"], [], ["Kh", "8h"]],
        ["4h"],
        silent=[False, False, False, True, False],
    )
    s.apply(0, {"lay": "5h"})
    assert s.legal_actions(3) == [{"slap": "left"}, {"slap": "right"}, {"slap": "both"}]
    events = slap_all(s, [(1, "left"), (2, "left"), (0, "left"), (4, "left")])
    assert s.view(None)["slap"] is not None, "the silent winner has not slapped"
    assert not [e for e in events if e.type == "slap_closed"]
    events = s.apply(3, {"slap": "left"})
    assert closed(events)["penalties"] == {"3": 1}
    assert hand_sizes(s)[3] == 1
    assert s.view(None)["status"][3] == "cards"
    assert s.to_json()["owed"][3] == ["mau"]


def test_a_silent_winner_who_slaps_in_time_stays_silent() -> None:
    s = table(
        [["5h", "Kd"], ["Ks", "8s"], ["Kc", "8c"], [], ["Kh", "8h"]],
        ["4h"],
        silent=[False, False, False, True, False],
    )
    s.apply(0, {"lay": "5h"})
    slap_all(s, [(3, "left"), (1, "left"), (2, "left"), (0, "left"), (4, "left")])
    assert hand_sizes(s)[3] == 0
    assert s.view(None)["status"][3] == "silent"


def test_a_slap_after_the_last_card() -> None:
    """A last 5: the layer is between Mau-Mau and Matt and slaps like everyone; last, they draw
    a penalty card, are back in play and owe Mau — Matt never became due."""
    s = table([["5h"], ["Ks", "8s"], ["Kc", "8c"], ["Kh", "8h"]], ["4h"])
    s.apply(0, {"lay": "5h"})
    s.apply(0, {"say": "mau-mau"})
    assert s.to_json()["owed"][0] == []
    events = slap_all(s, [(1, "left"), (2, "left"), (3, "left"), (0, "left")])
    assert closed(events)["penalties"] == {"0": 1}
    assert hand_sizes(s)[0] == 1
    assert s.to_json()["owed"][0] == ["mau"]
    assert s.view(None)["status"][0] == "cards"


def test_a_slap_after_the_last_card_with_the_wrong_hand() -> None:
    s = table([["5h"], ["Ks", "8s"], ["Kc", "8c"], ["Kh", "8h"]], ["4h"])
    s.apply(0, {"lay": "5h"})
    events = slap_all(s, [(1, "left"), (0, "right"), (2, "left"), (3, "left")])
    assert closed(events)["penalties"] == {"0": 2, "3": 1}
    assert hand_sizes(s)[0] == 2
    assert s.to_json()["owed"][0] == ["mau-mau"], "Mau-Mau stays owed; Matt never came"
