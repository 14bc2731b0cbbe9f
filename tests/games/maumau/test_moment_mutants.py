"""Bodensee Mau-Mau's moment (``maumau/moment.py``: what everyone may do at one moment) pinned
where mutation testing (``make mutate``) found it unchecked. Rulings: shared/rules/maumau.md;
the contract: every player's legal actions after every action, each action made once and
shared by every state, and recognised by identity when it comes back to ``apply``."""

from __future__ import annotations

import pytest
from maumau_cards_support import legal, refused, table

from spieltisch.core import Action, IllegalAction
from spieltisch.games.maumau.moment import JOKER_DOWN, VERBS, held, ten_lays, verb_of, without

# five players: player 2 has won and left play; player 3 holds a Pilz; player 0 is on turn
WON = {
    "out": [False, False, True, False, False],
    "winners": [2],
    "pilze": [0, 0, 0, 1, 0],
    "pilze_given": 1,
}
HANDS5 = [["4d", "Kh"], ["4s", "Kd"], [], ["Qh", "Jh"], ["Ks", "Kc"]]


def turned_up(card: str, what: str, **fields):
    """Four players, the dealer (0) has turned up ``card`` and owes its wish or swap; player 1
    would be on turn."""
    hands = [["4d", "Kh"], ["4s", "Kd", "3c"], ["Qs", "5s"], ["9c", "8c"]]
    if fields.get("out"):
        hands = [[] if gone else h for h, gone in zip(hands, fields["out"], strict=True)]
    pile = [{"card": card, "by": 0, "anchor": 0, "begun": card[0] == "Q"}]
    return table(hands, pile, turn=1, dealer=0, choice={"what": what, "player": 0}, **fields)


def shared(states, player: int, key: str):
    """The actions with ``key`` that ``player`` is handed in each of ``states``."""
    return [[a for a in s.legal_actions(player) if key in a] for s in states]


def test_a_pilz_action_is_one_object_for_every_state_and_known_by_identity():
    """ "The actions themselves are made once, ... per card (and per wish or partner), and
    shared by every state; a shared one is recognised by identity when it comes back to
    apply": the Pilz on a winner who left play ("Pilz and silent winners")."""
    first, second = shared([table(HANDS5, ["4h"], **WON), table(HANDS5, ["4d"], **WON)], 3, "pilz")
    assert first == [{"pilz": 2}]
    assert first[0] is second[0]
    assert VERBS[id(first[0])] == ("pilz", 2) == verb_of(first[0])


def test_a_dealers_swap_is_one_object_for_every_state_and_known_by_identity():
    """A turned-up queen: the dealer swaps with a player of their choice; the swap action for
    one partner is made once and shared, and known by identity."""
    first, second = shared([turned_up("Qh", "swap"), turned_up("Qd", "swap")], 0, "swap")
    assert first == [{"swap": 1}, {"swap": 2}, {"swap": 3}]
    assert all(a is b for a, b in zip(first, second, strict=True))
    assert [VERBS[id(a)] for a in first] == [("swap", 1), ("swap", 2), ("swap", 3)]


def test_a_queen_laid_with_its_partner_is_one_object_for_every_state_and_known_by_identity():
    """ "The layer must choose a partner among the other players in play": one lay per
    partner, made once ("per card, and per wish or partner") and known by identity."""
    hands = [["Qh", "4d"], ["4s", "Kd"], ["Ks", "Kc"]]
    first, second = shared([table(hands, ["4h"]), table(hands, ["9h"])], 0, "swap")
    assert first == [{"lay": "Qh", "swap": 1}, {"lay": "Qh", "swap": 2}]
    assert all(a is b for a, b in zip(first, second, strict=True))
    assert [VERBS[id(a)] for a in first] == [("lay", "Qh"), ("lay", "Qh")]


def test_a_winner_who_left_play_is_refused_while_the_dealer_wishes():
    """ "A winner who said Matt has left play: they take no part in anything (no 3, ...)" —
    also while play waits for the dealer's wish of a turned-up jack: their list is empty and
    an action is refused with the reason, not an error."""
    s = turned_up("Jh", "wish", out=[False, False, True, False], winners=[2])
    assert s.legal_actions(2) == []
    refused(s, 2, {"lay": "3c"}, "you have said Matt and left play")
    with pytest.raises(IllegalAction):
        s.apply(2, {"wish": "s"})
    assert legal(s, 1) == [{"lay": "3c"}]


# -- what a hand may do: held, without ---------------------------------------------------------

# a sorted hand (by suit, then rank, jokers last): twin 10s, two 3s, a 2, a joker
HAND = ["3c", "10c", "10c", "2d", "3h", "10h", "Kh", "joker"]


def test_held_names_a_hands_cards_its_jokers_its_3s_and_its_10s():
    """What a hand may do at any moment: "a player in play may put [a joker] down ... at any
    time" and "a 3 may be laid by any player in play at any time" (its 3s in hand order, after
    the joker); its different cards but jokers for the lays; its 10s, twins included, since
    "any number of 10s may be laid together as one lay"."""
    distinct, anytime, joker, threes, tens = held(HAND)
    assert distinct == ("3c", "10c", "2d", "3h", "10h", "Kh")
    assert [dict(a) for a in anytime] == [{"joker": True}, {"lay": "3c"}, {"lay": "3h"}]
    assert [dict(a) for a in joker] == [{"joker": True}]
    assert [dict(a) for a in threes] == [{"lay": "3c"}, {"lay": "3h"}]
    assert tens == ("10c", "10c", "10h")


def test_held_of_a_hand_without_jokers_3s_or_10s():
    """A hand with nothing to do at any moment: no joker, no 3; no 10s to lay together."""
    assert held(["4c", "4c", "Kh"]) == (("4c", "Kh"), (), (), (), ())
    assert held([]) == ((), (), (), (), ())
    assert held(["joker"]) == ((), (JOKER_DOWN,), (JOKER_DOWN,), (), ())
    distinct, anytime, joker, threes, _ = held(["3s"])
    assert (distinct, joker, [dict(a) for a in anytime]) == (("3s",), (), [{"lay": "3s"}])
    assert anytime == threes


def test_without_a_card_keeps_the_summary_of_the_hand_it_leaves():
    """``without(summary, card, hand)`` is ``held(hand)`` for the hand that has just given up
    ``card``: the summary itself while a twin stays, the cards but that one when it was the
    only one, and nothing kept (None) when a 3, 10 or joker leaves or none was kept."""
    before = held(["4c", "4c", "8d", "Kh"])
    assert without(before, "4c", ["4c", "8d", "Kh"]) is before
    after = without(before, "8d", ["4c", "4c", "Kh"])
    assert after == held(["4c", "4c", "Kh"])
    assert without(held(["4c", "Kh"]), "Kh", ["4c"]) == held(["4c"])
    assert without(held(["4c", "Kh"]), "4c", ["Kh"]) == held(["Kh"])
    for card in ("3c", "10c", "joker"):
        assert without(held(["4c", card]), card, ["4c"]) is None
    assert without(None, "4c", ["Kh"]) is None


# -- several 10s at once: ten_lays -------------------------------------------------------------


def test_ten_lays_lists_every_first_and_last_once_with_the_middle_sorted():
    """ "Any number of 10s may be laid together as one lay": only the first card (it must fit)
    and the last card count, so each first-and-last pair of each choice of 10s is listed once,
    the cards between sorted; twins are one card for the choice."""
    twins = ten_lays(("10h", "10h", "10s"), ("10h",))
    assert [a["lay"] for a in twins] == [
        ["10h", "10h"],
        ["10h", "10s"],
        ["10h", "10s", "10h"],
        ["10h", "10h", "10s"],
    ]
    three = ten_lays(("10c", "10h", "10s"), ("10s", "10h", "10h"))
    assert [a["lay"] for a in three] == [
        ["10h", "10c"],
        ["10h", "10s"],
        ["10h", "10s", "10c"],
        ["10h", "10c", "10s"],
        ["10s", "10c"],
        ["10s", "10h"],
        ["10s", "10h", "10c"],
        ["10s", "10c", "10h"],
    ]
    four = ten_lays(("10c", "10d", "10h", "10s"), ("10c",))
    assert ["10c", "10d", "10h", "10s"] in [a["lay"] for a in four]
    assert ["10c", "10h", "10d", "10s"] not in [a["lay"] for a in four]
    assert len(four) == 3 + 3 * 2 + 3


def test_ten_lays_of_two_pairs_of_twins_list_each_choice_once():
    """Twins are one card for the choice of 10s (a choice met again is skipped, and the
    choices after it still count): two 10c and two 10h, the first a 10c."""
    lays = ten_lays(("10c", "10c", "10h", "10h"), ("10c",))
    assert [a["lay"] for a in lays] == [
        ["10c", "10c"],
        ["10c", "10h"],
        ["10c", "10h", "10c"],
        ["10c", "10c", "10h"],
        ["10c", "10h", "10h"],
        ["10c", "10h", "10h", "10c"],
        ["10c", "10c", "10h", "10h"],
    ]


def test_ten_lays_are_kept_per_hand_of_10s():
    """ "Kept per hand of 10s": the same hand's lays are the same list, handed out again."""
    assert ten_lays(("10c", "10d"), ("10d",)) is ten_lays(("10c", "10d"), ("10d",))
    assert ten_lays(("10c", "10d"), ("10c",)) != ten_lays(("10c", "10d"), ("10d",))


# -- what apply does with an action: verb_of ---------------------------------------------------


@pytest.mark.parametrize(
    ("action", "verb"),
    [
        ({"say": "mau"}, ("say", "mau")),
        ({"joker": True}, ("joker", True)),
        ({"slap": "both"}, ("slap", "both")),
        ({"pilz": 2}, ("pilz", 2)),
        ({"wish": "h"}, ("wish", "h")),
        ({"swap": 1}, ("swap", 1)),
        ({"throw": "9c"}, ("throw", "9c")),
        ({"throw": "Jc", "wish": "d"}, ("throw", "Jc")),
        ({"throw": "Qc", "swap": 3}, ("throw", "Qc")),
        ({"lay": "3h"}, ("three", "3h")),
        ({"lay": "9h"}, ("lay", "9h")),
        ({"lay": "Jh", "wish": "s"}, ("lay", "Jh")),
        ({"lay": "Qh", "swap": 2}, ("lay", "Qh")),
        ({"lay": ["10h", "10c"]}, ("lay", ["10h", "10c"])),
        ({"take": True}, ("take", True)),
        ({"sit_out": True}, ("sit_out", True)),
        ({"draw": True}, ("draw", True)),
        ({"pass": True}, ("pass", True)),
    ],
)
def test_verb_of_an_action_not_handed_out(action, verb):
    """What ``apply`` does with a legal action that comes back as a new object (read from a
    log or JSON, not the shared one): a 3 laid is a 3 ("not a turn"), a jack or queen with its
    wish or partner is a lay or throw-in, a dealer's wish or swap alone is the dealer's
    choice."""
    a = Action(**action)
    assert id(a) not in VERBS
    assert verb_of(a) == verb


# -- at any moment: words, jokers, Pilze and 3s ------------------------------------------------


def pilz_holder(pile):
    """Player 3 holds a Pilz, a 3, a queen and a joker, and owes "Miau"; player 2 has won."""
    hands = [["4d", "Kh"], ["4s", "Kd"], [], ["3h", "Qh", "joker"], ["Ks", "Kc"]]
    return table(hands, pile, owed=[[], [], [], ["miau"], []], **WON)


def test_a_pilz_holder_may_say_put_a_joker_down_spend_the_pilz_or_lay_a_3():
    """Out of turn, with a winner who left play: the word owed, a joker put down ("at any
    time"), the Pilz ("at any time while in play and no slap is open ... naming a winner who
    has left play") and a 3 ("by any player in play at any time"), in that order."""
    assert legal(pilz_holder(["4h"]), 3) == [
        {"say": "miau"},
        {"joker": True},
        {"pilz": 2},
        {"lay": "3h"},
    ]


def test_a_pilz_holder_lays_no_3_on_a_card_whose_effect_has_begun():
    """ "A 3 may not go on a card whose effect has begun" (a queen: "at once, the swap is part
    of laying"); the word, the joker and the Pilz stay."""
    s = pilz_holder(["4h", {"card": "Qs", "by": 1, "anchor": 1, "begun": True}])
    assert legal(s, 3) == [{"say": "miau"}, {"joker": True}, {"pilz": 2}]


# -- a whole moment of play: every player's list -----------------------------------------------

NINE_HANDS = [["9h", "4c"], ["4h", "Jh", "Qc"], ["9d", "5h", "Kc", "2c"], ["Qh", "8s", "4s"]]


def nine_open(**options):
    """Player 0 has laid a 9 (and owes "Mau"); player 1 is on turn; the window is open."""
    s = table(NINE_HANDS, ["9s"], options=options)
    s.apply(0, {"lay": "9h"})
    return s


def test_everyones_list_while_a_9s_window_is_open():
    """ "After a 9: a window opens ... Any player in play except the 9's layer and the player
    on turn may throw in one card that fits the 9" (a queen with each partner); "an unfitting
    throw-in ... the thrower draws one penalty card" (option misfit_throw_in = penalty: the
    unfitting cards are offered too, after the fitting ones); the player on turn lays."""
    s = nine_open()
    assert [legal(s, p) for p in range(4)] == [
        [{"say": "mau"}],
        [
            {"lay": "4h"},
            {"lay": "Jh", "wish": "c"},
            {"lay": "Jh", "wish": "d"},
            {"lay": "Jh", "wish": "h"},
            {"lay": "Jh", "wish": "s"},
        ],
        [{"throw": "9d"}, {"throw": "5h"}, {"throw": "2c"}, {"throw": "Kc"}],
        [
            {"throw": "Qh", "swap": 0},
            {"throw": "Qh", "swap": 1},
            {"throw": "Qh", "swap": 2},
            {"throw": "4s"},
            {"throw": "8s"},
        ],
    ]
    assert s.actors() == frozenset({0, 1, 2, 3})


def test_with_misfits_refused_only_fitting_cards_are_thrown_in():
    """Option misfit_throw_in = refuse: "refused with a reason, no penalty" — so only the
    cards that fit the 9 are offered."""
    s = nine_open(misfit_throw_in="refuse")
    assert legal(s, 2) == [{"throw": "9d"}, {"throw": "5h"}]
    assert legal(s, 3) == [
        {"throw": "Qh", "swap": 0},
        {"throw": "Qh", "swap": 1},
        {"throw": "Qh", "swap": 2},
    ]


@pytest.mark.parametrize(
    ("pile", "hands", "turn", "throws"),
    [
        (
            ["4h", "7h"],
            [["7s", "4c"], ["4h", "Kd"], ["7d", "Kh", "2c"], ["4s", "8s"]],
            [{"lay": "7s"}, {"take": True}],
            [{"throw": "7d"}, {"throw": "2c"}, {"throw": "Kh"}],
        ),
        (
            ["4h", "8h"],
            [["8s", "4c"], ["4h", "Kd"], ["8d", "Kh", "2c"], ["4s", "9s"]],
            [{"lay": "8s"}, {"sit_out": True}],
            [{"throw": "8d"}, {"throw": "2c"}, {"throw": "Kh"}],
        ),
    ],
)
def test_the_privilege_throws_what_the_player_on_turn_could_lay(pile, hands, turn, throws):
    """Facing a 7-chain: "lay a 7, or take it"; facing an 8: "lay an 8, or sit out". The
    holder of the throw-in privilege "may throw in a card that would be a legal lay for the
    player on turn" (unfitting ones cost a penalty card); nobody else may act."""
    s = table(hands, pile, front=[0, 0, 1, 0])
    assert [legal(s, p) for p in range(4)] == [turn, [], throws, []]
    assert s.actors() == frozenset({0, 2})


def test_after_an_own_ace_lay_one_fitting_card_or_pass():
    """ "After their own ace: lay one fitting card, or pass" (no draw); the privilege throws
    what fits the ace."""
    s = table(
        [["Ah", "4h", "Kc"], ["4d", "Kd"], ["Kh", "2c"], ["4s", "9s"]], ["5h"], front=[0, 0, 1, 0]
    )
    s.apply(0, {"lay": "Ah"})
    assert [legal(s, p) for p in range(4)] == [
        [{"lay": "4h"}, {"pass": True}],
        [],
        [{"throw": "Kh"}, {"throw": "2c"}],
        [],
    ]


def test_after_drawing_nothing_fits_pass():
    """ "Draw one card, then lay one fitting card or pass": no second draw."""
    s = table([["4c", "Kc"], ["4d", "Kd"], ["Kh", "2c"], ["4s", "9s"]], ["5h"], stock=["6c"])
    s.apply(0, {"draw": True})
    assert [legal(s, p) for p in range(4)] == [[{"pass": True}], [], [], []]
    assert s.actors() == frozenset({0})


def test_every_shared_action_is_known_as_its_keys_say():
    """``VERBS`` (what apply does with a shared action, by identity) says for each shared
    action what its keys say (``verb_of`` of an equal action that is not shared)."""
    from spieltisch.games.maumau import moment

    shared_actions = [
        *moment.SAY.values(),
        moment.JOKER_DOWN,
        *moment.SLAPS,
        *moment.WISHES,
        *moment.LAY.values(),
        *moment.THROW.values(),
        *(a for acts in moment._WISHED.values() for a in acts),
        moment.TAKE,
        moment.SIT_OUT,
        moment.DRAW,
        moment.PASS,
    ]
    for a in shared_actions:
        assert VERBS[id(a)] == verb_of(Action(**a)), a
