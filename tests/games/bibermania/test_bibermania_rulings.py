"""The rulings of sheet 004 (``rules/bibermania.md``): what may be laid, what beats what, the
display, the opponents, keep or reject, and the end, on hand-made positions.

Every expected outcome was worked out by hand from the rulings, not by running the engine.
Unless a test names it, the display holds only action cards and jokers (never targets), the
supply is five 1s and the rest of the deck is the stock.
"""

from __future__ import annotations

from collections import Counter

import pytest
from bibermania_positions import (
    draw_all,
    hand,
    lay,
    lays,
    load,
    pile,
    refused,
    srt,
)

FILL = "2"  # a filler card, so that a lay is not a player's last


def two(h0, piles=None, h1=(FILL,), options=None, **kw):
    return load([[*h0], [*h1]], piles, options, **kw)


def after_plain_lay(s, cards, h0_left=(FILL,)):
    """A lay that beats nothing and acts not: on the pile, out of the hand, player 1 next."""
    j = s.to_json()
    assert j["phase"] == "lay" and j["turn_player"] == 1
    assert srt(j["piles"][0][-1]) == srt(cards)
    assert j["hands"][0] == srt(h0_left)


# -- what may be laid ------------------------------------------------------------------------


def test_legal_lays_of_digits_jokers_and_an_action_card_exactly():
    s = two(["5", "5", "dieb", "joker"])
    assert lays(s, 0) == {
        ("5",),
        ("5", "5"),
        ("5", "joker"),
        ("5", "5", "joker"),
        ("5", "dieb"),
        ("5", "5", "dieb"),
        ("joker",),
        ("dieb",),
    }
    assert s.legal_actions(1) == []


def test_legal_lays_with_a_hippie_exactly():
    s = two(["3", "4", "hippie"])
    assert lays(s, 0) == {
        ("3",),
        ("4",),
        ("3", "hippie"),
        ("4", "hippie"),
        ("3", "4", "hippie"),
        ("hippie",),
    }


def test_option_hippie_not_in_sets_exactly():
    s = two(["3", "4", "hippie"], options={"hippie_in_sets": False})
    assert lays(s, 0) == {("3",), ("4",), ("3", "4", "hippie"), ("hippie",)}


ALLOWED = [
    ["7"],
    ["7", "7", "7"],
    ["7", "joker"],
    ["7", "7", "joker", "joker"],
    ["7", "bodyguard"],
    ["7", "7", "bodyguard"],
    ["7", "hippie"],  # the Hippie as the action card of a set
    ["7", "7", "7", "hippie"],
    ["joker"],
    ["joker", "joker", "joker"],
    ["3", "4", "hippie"],  # the Hippie at an end (2 or 5)
    ["3", "5", "hippie"],  # the Hippie inside
    ["1", "2", "hippie"],  # the Hippie can only be the 3
    ["9", "10", "hippie"],  # the Hippie can only be the 8
    ["2", "3", "4", "5", "6", "7", "hippie"],  # the longest run: 7 cards
    ["2", "3", "4", "6", "7", "8", "hippie"],
    ["5", "6", "7", "8", "9", "10", "hippie"],
    ["2", "5", "8", "partybiber"],
    ["1", "3", "10", "partybiber"],
    ["partybiber"],
    ["hippie"],
    ["bodyguard"],
    ["koenig"],
]


@pytest.mark.parametrize("cards", ALLOWED, ids=lambda c: "+".join(c))
def test_allowed_lay(cards):
    s = two([*cards, FILL])
    assert tuple(srt(cards)) in lays(s, 0)
    lay(s, 0, cards)
    after_plain_lay(s, cards)


def test_a_lay_is_the_same_in_any_order():
    s = two(["hippie", "4", "3", FILL])
    lay(s, 0, ["hippie", "4", "3"])
    after_plain_lay(s, ["3", "4", "hippie"])


REFUSED = [
    [],
    ["7", "7", "dieb", "fee"],  # two action cards
    ["dieb", "fee"],
    ["7", "dieb", "joker"],  # an action card with a joker
    ["hippie", "joker"],
    ["3", "4", "hippie", "joker"],
    ["7", "7", "partybiber"],  # the Partybiber is no set's action card
    ["7", "partybiber"],
    ["2", "5", "partybiber"],  # the Partybiber with 2 digits
    ["1", "4", "7", "10", "partybiber"],  # with 4 digits
    ["2", "3", "7", "partybiber"],  # consecutive digits
    ["2", "5", "6", "partybiber"],
    ["2", "2", "7", "partybiber"],  # equal digits
    ["2", "5", "8", "partybiber", "joker"],
    ["6", "7"],  # a plain run with no Hippie run to beat
    ["6", "7", "8"],
    ["6", "8"],
    ["6", "6", "7"],
    ["7", "8", "joker"],
    ["3", "6", "hippie"],  # two missing values
    ["3", "3", "4", "hippie"],  # a value twice
    ["2", "3", "4", "5", "6", "7", "8", "hippie"],  # 8 cards: too long
]


@pytest.mark.parametrize("cards", REFUSED, ids=lambda c: "+".join(c) or "nothing")
def test_refused_lay(cards):
    s = two([*cards, FILL])
    refused(s, 0, {"lay": cards})


def test_cards_not_held_are_refused():
    s = two(["5", "5", FILL])
    refused(s, 0, {"lay": ["5", "5", "5"]})
    refused(s, 0, {"lay": ["7"]})
    refused(s, 0, {"lay": ["joker"]})
    refused(s, 0, {"lay": ["5", "joker"]})


def test_the_player_not_on_turn_may_not_lay():
    s = two(["5", FILL], h1=["6", FILL])
    refused(s, 1, {"lay": ["6"]})


def test_option_hippie_not_in_sets_refuses_it_with_digits():
    s = two(["6", "7", "7", "hippie", FILL], options={"hippie_in_sets": False})
    refused(s, 0, {"lay": ["7", "hippie"]})
    refused(s, 0, {"lay": ["7", "7", "hippie"]})
    lay(s, 0, ["6", "7", "hippie"])
    after_plain_lay(s, ["6", "7", "hippie"], ["7", FILL])


def test_option_hippie_not_in_sets_still_lets_it_alone():
    s = two(["hippie", FILL], options={"hippie_in_sets": False})
    lay(s, 0, ["hippie"])
    after_plain_lay(s, ["hippie"])


def small_deck(tmp_path):
    path = tmp_path / "five.toml"
    path.write_text(
        '[cards]\n"1" = 10\n"2" = 10\n"3" = 10\n"4" = 10\n"5" = 10\nhippie = 2\njoker = 2\n',
        encoding="utf-8",
    )
    return {"deck": str(path)}


def test_a_hippie_run_may_not_go_beyond_the_digit_range(tmp_path):
    # digits 1..5: 1-2-3-4-5 would need a 0 or a 6
    opts = small_deck(tmp_path)
    display = ["1", "2", "3", "4", "1", "2", "3", "4", "joker"]
    s = two(["1", "2", "3", "4", "5", "hippie", FILL], options=opts, display=display)
    refused(s, 0, {"lay": ["1", "2", "3", "4", "5", "hippie"]})
    assert ("2", "3", "4", "5", "hippie") in lays(s, 0)  # the Hippie as the 1
    assert ("1", "2", "3", "4", "hippie") in lays(s, 0)  # the Hippie as the 5
    lay(s, 0, ["2", "3", "4", "5", "hippie"])
    after_plain_lay(s, ["2", "3", "4", "5", "hippie"], ["1", FILL])


# -- plain runs --------------------------------------------------------------------------------


def test_a_plain_run_may_be_laid_to_beat_an_opponents_top_hippie_run():
    s = two(["6", "7", "8", "9", FILL], [[], [["3", "4", "hippie"]]])
    got = lays(s, 0)
    assert ("6", "7", "8") in got and ("7", "8", "9") in got
    assert ("6", "7", "8", "9") not in got and ("6", "7") not in got
    lay(s, 0, ["8", "6", "7"])
    j = s.to_json()
    assert j["phase"] == "keep" and j["piles"][1] == []
    assert srt(c for _, g in j["turn"]["keep"] for c in g) == ["3", "4", "hippie"]
    for _ in range(3):
        lay_keep(s, True)
    assert hand(s, 0) == srt(["9", FILL, "3", "4", "hippie"])
    draw_all(s)
    assert len(hand(s, 1)) == 4  # the filler and the 3 cards lost
    assert s.to_json()["turn_player"] == 1


def lay_keep(s, keep):
    s.apply(0, {"keep": keep})


def test_no_plain_run_when_the_hippie_run_is_not_on_top():
    s = two(["6", "7", "8", FILL], [[], [["3", "4", "hippie"], ["5"]]])
    refused(s, 0, {"lay": ["6", "7", "8"]})


def test_no_plain_run_against_ones_own_hippie_run():
    s = two(["6", "7", "8", FILL], [[["3", "4", "hippie"]], []])
    refused(s, 0, {"lay": ["6", "7", "8"]})


def test_a_plain_run_of_another_length_is_refused():
    s = two(["5", "6", "7", "8", FILL], [[], [["3", "4", "hippie"]]])
    refused(s, 0, {"lay": ["5", "6", "7", "8"]})
    refused(s, 0, {"lay": ["5", "6"]})


def test_option_higher_runs_only_refuses_a_lower_plain_run():
    # the Hippie run 5-6-(7) tops 7; 2-3-4 tops 4 and cannot beat it, so it may not be laid
    opts = {"higher_runs_only": True}
    s = two(["2", "3", "4", "7", "8", "9", FILL], [[], [["5", "6", "hippie"]]], options=opts)
    refused(s, 0, {"lay": ["2", "3", "4"]})
    assert ("7", "8", "9") in lays(s, 0)


# -- beating an opponent's top group ------------------------------------------------------------

BEATS = [
    (["4", "4"], ["6", "6"], True),
    (["4", "4"], ["4", "4"], False),  # equal value
    (["4", "4"], ["3", "3"], False),
    (["4", "4"], ["6"], False),  # other count
    (["4", "4"], ["6", "6", "6"], False),
    (["4", "4"], ["6", "joker"], True),  # the joker takes the digits' value
    (["4", "4"], ["6", "bodyguard"], True),  # so does the action card
    (["4", "hippie"], ["5", "5"], True),
    (["4", "joker"], ["5", "5"], True),
    (["10", "10"], ["joker", "joker"], True),  # jokers alone are above every digit
    (["10", "joker"], ["joker", "joker"], True),
    (["joker"], ["10"], False),
    (["joker"], ["joker"], False),  # joker groups never beat each other
    (["joker", "joker"], ["joker", "joker"], False),
    (["3", "4", "hippie"], ["6", "7", "8"], True),  # a plain run beats a Hippie run
    (["5", "6", "hippie"], ["2", "3", "hippie"], True),  # any run of the same size
    (["5", "6", "hippie"], ["2", "4", "hippie"], True),
    (["5", "6", "hippie"], ["2", "3", "4", "hippie"], False),  # other size
    (["5", "6", "hippie"], ["9", "9", "9"], False),  # a set never beats a run
    (["5", "6", "hippie"], ["joker", "joker", "joker"], False),
    (["6", "7", "8"], ["2", "3", "hippie"], False),  # a plain run cannot be beaten
    (["fee"], ["joker"], True),  # a lone action card: by a lone joker
    (["partybiber"], ["joker"], True),
    (["bodyguard"], ["joker"], True),
    (["fee"], ["5"], False),  # and by nothing else
    (["fee"], ["hippie"], False),
    (["fee"], ["koenig"], False),
    (["3"], ["bodyguard"], False),  # lone action cards never beat
    (["3"], ["hippie"], False),
    (["3"], ["koenig"], False),
    (["4", "4", "bodyguard"], ["6", "6", "6"], False),  # Bodyguard with digits
    (["4", "4", "bodyguard"], ["joker", "joker", "joker"], False),
    (["4", "bodyguard"], ["9", "9"], False),
    (["2", "5", "8", "partybiber"], ["9", "9", "9", "9"], False),  # the Partybiber group
    (["2", "5", "8", "partybiber"], ["9", "9", "9", "joker"], False),
    (["4", "4", "4", "4"], ["2", "5", "8", "partybiber"], False),  # it cannot beat either
    (["3", "3", "3"], ["5", "6", "hippie"], False),  # nor can a run beat a set
    (["3", "3"], ["5", "hippie"], True),  # a set with the Hippie can
]


@pytest.mark.parametrize(
    ("target", "cards", "beaten"),
    BEATS,
    ids=lambda x: "+".join(x) if isinstance(x, list) else str(x),
)
def test_beating_a_top_group(target, cards, beaten):
    s = two([*cards, FILL], [[], [["9"], target]])
    lay(s, 0, cards)
    j = s.to_json()
    if not beaten:
        after_plain_lay(s, cards)
        assert j["piles"][1] == [["9"], target]
        return
    assert j["phase"] == "keep"
    assert j["piles"][1] == [["9"]], "the group below is the top one now"
    while s.to_json()["phase"] == "keep":
        s.apply(0, {"keep": True})
    assert hand(s, 0) == srt([FILL, *target])
    j = s.to_json()
    assert j["phase"] == "draw" and s.actors() == frozenset({1})
    assert j["turn"]["draws"] == len(target)


def test_option_higher_runs_only():
    opts = {"higher_runs_only": True}
    # 5-6-(7) tops 7: 2-3-(4) cannot beat it, 7-8-(9) can
    s = two(["2", "3", "hippie", FILL], [[], [["5", "6", "hippie"]]], options=opts)
    lay(s, 0, ["2", "3", "hippie"])
    assert pile(s, 1) == [["5", "6", "hippie"]]
    s = two(["7", "8", "hippie", FILL], [[], [["5", "6", "hippie"]]], options=opts)
    lay(s, 0, ["7", "8", "hippie"])
    assert s.to_json()["phase"] == "keep" and pile(s, 1) == []
    s = two(["7", "8", "9", FILL], [[], [["5", "6", "hippie"]]], options=opts)
    lay(s, 0, ["7", "8", "9"])
    assert s.to_json()["phase"] == "keep" and pile(s, 1) == []


# -- the display ---------------------------------------------------------------------------------

ACTS7 = ["superbiber", "dieb", "fee", "gemeinling", "bodyguard", "koenig", "partybiber"]


def test_display_beating_is_compulsory_and_the_layer_picks_the_target():
    display = ["3", "3", "5", "5", "7", "fee", "dieb", "koenig", "joker"]
    s = two(["6", "6", FILL], display=display, stock_top=["8", "9"])
    lay(s, 0, ["6", "6"])
    j = s.to_json()
    assert j["phase"] == "beat-display" and s.actors() == frozenset({0})
    got = {(a["beat"], a["card"]) for a in s.legal_actions(0)}
    assert got == {("display", "3"), ("display", "5")}, "no way out, no 7 (higher), no pass"
    refused(s, 0, {"beat": "display", "card": "7"})
    refused(s, 0, {"beat": "display", "card": "fee"})
    refused(s, 0, {"keep": True})
    stock = len(j["stock"])
    s.apply(0, {"beat": "display", "card": "5"})
    j = s.to_json()
    assert j["hands"][0] == srt([FILL, "5", "5"])
    assert Counter(j["known"][0]) == Counter(["5", "5"]), "display cards are taken openly"
    # refilled to 9 from the top of the stock (the 9, then the 8)
    assert j["display"] == srt(["3", "3", "7", "8", "9", "fee", "dieb", "koenig", "joker"])
    assert len(j["stock"]) == stock - 2
    assert j["supply"] == ["1"] * 5
    assert j["phase"] == "lay" and j["turn_player"] == 1


def test_the_sheets_example_two_jokers_beat_two_7s_or_two_10s():
    display = ["7", "7", "10", "10", *ACTS7[:5]]
    s = two(["joker", "joker", FILL], display=display)
    lay(s, 0, ["joker", "joker"])
    got = {a["card"] for a in s.legal_actions(0)}
    assert got == {"7", "10"}
    s.apply(0, {"beat": "display", "card": "10"})
    assert hand(s, 0) == srt([FILL, "10", "10"])


def test_a_single_display_target_is_taken_at_once():
    display = ["4", *ACTS7, "joker"]
    s = two(["6", FILL], display=display, stock_top=["9"])
    lay(s, 0, ["6"])
    j = s.to_json()
    assert j["hands"][0] == srt([FILL, "4"])
    assert j["display"] == srt(["9", *ACTS7, "joker"])
    assert j["phase"] == "lay" and j["turn_player"] == 1


def test_the_display_is_beaten_by_as_many_cards_as_the_lay_has():
    display = ["4", "4", "4", *ACTS7[:5], "joker"]
    s = two(["6", "joker", FILL], display=display, stock_top=["9", "8"])
    lay(s, 0, ["6", "joker"])
    j = s.to_json()
    assert j["hands"][0] == srt([FILL, "4", "4"])
    assert j["display"] == srt(["4", "8", "9", *ACTS7[:5], "joker"])


@pytest.mark.parametrize(
    ("display", "cards"),
    [
        (["6", "6", *ACTS7], ["6", "6"]),  # equal value
        (["4", "5", *ACTS7], ["6", "6"]),  # not two of one value
        (["3", "3", "3", *ACTS7[:6]], ["5", "6", "hippie"]),  # runs have no value
        (["2", "2", "2", "2", *ACTS7[:5]], ["3", "6", "9", "partybiber"]),
        (["3", *ACTS7[:7], "joker"], ["fee"]),  # a lone action card does not beat
        (["3", *ACTS7[:7], "joker"], ["hippie"]),
        (["3", *ACTS7[:7], "joker"], ["koenig"]),
    ],
)
def test_what_does_not_beat_in_the_display(display, cards):
    s = two([*cards, FILL], display=display)
    before = s.to_json()["display"]
    lay(s, 0, cards)
    assert s.to_json()["display"] == before
    assert hand(s, 0) == [FILL]


def test_action_cards_and_jokers_in_the_display_are_never_targets():
    display = ["superbiber", "dieb", "fee", "partybiber", "hippie", "gemeinling", "bodyguard"]
    display += ["koenig", "joker"]
    s = two(["joker", FILL], display=display)
    lay(s, 0, ["joker"])
    after_plain_lay(s, ["joker"])
    assert s.to_json()["display"] == srt(display)


def test_option_a_lone_joker_beats_one_display_action_card():
    display = ["superbiber", "dieb", "fee", "partybiber", "hippie", "gemeinling", "bodyguard"]
    display += ["koenig", "joker"]
    opts = {"joker_beats_display_action": True}
    s = two(["joker", FILL], display=display, options=opts, stock_top=["9"])
    lay(s, 0, ["joker"])
    got = {a["card"] for a in s.legal_actions(0)}
    assert got == set(display) - {"joker"}, "the display's joker is no target"
    s.apply(0, {"beat": "display", "card": "fee"})
    j = s.to_json()
    assert j["hands"][0] == srt([FILL, "fee"])
    assert j["display"] == srt([*(c for c in display if c != "fee"), "9"])
    # two jokers are no lone joker
    s = two(["joker", "joker", FILL], display=[*display[:-1], "superbiber"], options=opts)
    lay(s, 0, ["joker", "joker"])
    after_plain_lay(s, ["joker", "joker"])


def test_the_display_first_then_the_opponent():
    display = ["3", "3", *ACTS7]
    s = two(["6", "6", FILL], [[], [["4", "4"]]], display=display)
    lay(s, 0, ["6", "6"])
    j = s.to_json()
    assert j["hands"][0] == srt([FILL, "3", "3"])
    assert j["phase"] == "keep" and j["piles"][1] == []


# -- every opponent, keep or reject ------------------------------------------------------------


def three_beaten(options=None):
    return load(
        [["6", "6", FILL], [FILL], [FILL]],
        [[], [["4", "4"]], [["3", "3"]]],
        options,
        stock_top=["9", "9", "8", "8"],
    )


def test_every_beatable_opponent_is_beaten_and_each_card_is_kept_or_rejected():
    s = three_beaten()
    lay(s, 0, ["6", "6"])
    j = s.to_json()
    assert j["piles"][1] == [] and j["piles"][2] == []
    assert len(j["turn"]["keep"]) == 4, "one choice per beaten card"
    assert s.actors() == frozenset({0})
    while s.to_json()["phase"] == "keep":
        owner = s.to_json()["turn"]["keep"][0][0]
        s.apply(0, {"keep": owner == 1})  # keep player 1's cards, reject player 2's
    j = s.to_json()
    assert j["hands"][0] == srt([FILL, "4", "4"])
    assert Counter(j["rejected"]) == Counter(["3", "3"])
    assert j["phase"] == "draw"
    draw_all(s)
    j = s.to_json()
    assert [len(h) for h in j["hands"]] == [3, 3, 3]
    assert j["turn_player"] == 1


def test_keep_and_reject_one_card_each():
    s = two(["6", "6", FILL], [[], [["4", "joker"]]])
    lay(s, 0, ["6", "6"])
    first = s.to_json()["turn"]["keep"][0][1]
    s.apply(0, {"keep": True})
    s.apply(0, {"keep": False})
    j = s.to_json()
    other = ["4", "joker"]
    other.remove(first[0])
    assert j["hands"][0] == srt([FILL, *first])
    assert j["rejected"] == other


def test_option_beat_only_one_opponent():
    s = three_beaten({"beat_opponents": "one"})
    lay(s, 0, ["6", "6"])
    assert s.to_json()["phase"] == "beat-whom"
    assert {a["beat"] for a in s.legal_actions(0)} == {1, 2}
    refused(s, 0, {"beat": 0})
    s.apply(0, {"beat": 2})
    j = s.to_json()
    assert j["piles"][1] == [["4", "4"]] and j["piles"][2] == []
    assert j["phase"] == "keep"


def test_option_keep_per_group():
    s = three_beaten({"keep_per": "group"})
    lay(s, 0, ["6", "6"])
    assert len(s.to_json()["turn"]["keep"]) == 2, "one choice per beaten group"
    s.apply(0, {"keep": True})
    s.apply(0, {"keep": False})
    j = s.to_json()
    assert j["phase"] == "draw"
    kept = Counter(j["hands"][0]) - Counter([FILL])
    assert sorted(kept.values()) == [2], "a whole group kept"
    assert len(j["rejected"]) == 2 and len(set(j["rejected"])) == 1, "a whole group rejected"
    assert set(kept) | set(j["rejected"]) == {"3", "4"}


# -- the end -------------------------------------------------------------------------------------


def test_laying_the_last_cards_ends_at_once_without_beating():
    display = ["3", "3", *ACTS7]
    s = two(["6", "6"], [[], [["4", "4"]]], display=display)
    lay(s, 0, ["6", "6"])
    j = s.to_json()
    assert s.is_terminal() and s.actors() == frozenset()
    assert j["display"] == srt(display), "no display beating"
    assert j["piles"][1] == [["4", "4"]], "no beating"
    assert s.result().scores == (2, 2 - 1)
    assert s.result().winners == (0,)


@pytest.mark.parametrize("cards", [["dieb"], ["superbiber"], ["5", "gemeinling"], ["5", "fee"]])
def test_a_last_lay_with_an_action_card_does_not_act(cards):
    s = two(cards, [[], [["4"]]], h1=["5", "7"])
    lay(s, 0, cards)
    j = s.to_json()
    assert s.is_terminal()
    assert j["piles"][1] == [["4"]] and j["hands"][1] == ["5", "7"]
    assert s.result().scores == (len(cards), 1 - 2)


def test_stock_and_supply_used_up_by_stealing_ends_at_once():
    s = two(["5", "superbiber", FILL], supply=["7", "8"], rest="rejected")
    assert s.to_json()["stock"] == []
    lay(s, 0, ["5", "superbiber"])
    s.apply(0, {"steal": "supply", "card": "7"})
    assert not s.is_terminal(), "the supply still holds the 8"
    s.apply(0, {"steal": "supply", "card": "8"})
    assert s.is_terminal()
    # player 0: 2 on the pile, 3 in hand; player 1: 1 in hand
    assert s.result().scores == (2 - 3, -1)
    assert s.result().ranks == (1, 1)


def test_stock_and_supply_used_up_by_a_draw_ends_at_once():
    s = two(["6", "6", FILL], [[], [["4", "4"]]], supply=["7"], rest="rejected")
    lay(s, 0, ["6", "6"])
    s.apply(0, {"keep": True})
    s.apply(0, {"keep": True})
    assert s.to_json()["phase"] == "draw"
    assert s.legal_actions(1) == [{"draw": "supply", "card": "7"}]
    s.apply(1, {"draw": "supply", "card": "7"})
    assert s.is_terminal(), "the second draw is dropped"
    assert hand(s, 1) == srt([FILL, "7"])
    assert s.result().scores == (2 - 3, 0 - 2)


def test_stock_and_supply_used_up_by_the_gemeinling_ends_at_once():
    s = two(["5", "gemeinling", FILL], supply=["7"], rest="rejected")
    lay(s, 0, ["5", "gemeinling"])
    s.apply(0, {"deal": "supply", "card": "7"})
    assert s.is_terminal()
    assert hand(s, 1) == srt([FILL, "7"])


def test_scores_and_a_shared_win_rejected_cards_do_not_count():
    s = two(
        ["6"],
        [[["3", "3", "3"]], [["2", "2"], ["7", "7", "7"]]],
        h1=["5"],
        rejected=["9", "9", "9"],
    )
    lay(s, 0, ["6"])
    r = s.result()
    assert r.scores == (4, 4)
    assert r.ranks == (1, 1) and r.winners == (0, 1)
    assert "share" in r.summary


def test_three_players_ranks():
    s = load([["6"], ["5"], ["5", "5"]], [[["3", "3"]], [["2", "2"]], []])
    lay(s, 0, ["6"])
    r = s.result()
    assert r.scores == (3, 1, -2)
    assert r.ranks == (1, 2, 3) and r.winners == (0,)


# -- Biber-Mania Profis ------------------------------------------------------------------------


def test_profis_a_hippie_run_may_not_be_the_last_lay():
    s = two(["4", "5", "hippie"], options={"profis": True})
    refused(s, 0, {"lay": ["4", "5", "hippie"]})
    assert ("4", "hippie") in lays(s, 0)


def test_profis_a_hippie_run_before_the_end_is_fine():
    s = two(["4", "5", "hippie", FILL], options={"profis": True})
    lay(s, 0, ["4", "5", "hippie"])
    after_plain_lay(s, ["4", "5", "hippie"])


@pytest.mark.parametrize("cards", [["hippie"], ["5", "hippie"]])
def test_profis_a_lone_hippie_or_a_hippie_set_may_end(cards):
    s = two(cards, options={"profis": True})
    lay(s, 0, cards)
    assert s.is_terminal()


def test_without_profis_a_hippie_run_may_end():
    s = two(["4", "5", "hippie"])
    lay(s, 0, ["4", "5", "hippie"])
    assert s.is_terminal()
    assert s.result().scores == (3, -1)


# -- Punkte sammeln ------------------------------------------------------------------------------


def test_a_single_round_by_default():
    s = two(["6"], [[["3", "3", "3"]], []], h1=["5", "5"])
    lay(s, 0, ["6"])
    assert s.is_terminal()
    assert s.result().scores == (4, -2)


def test_punkte_sammeln_adds_the_winners_points_and_deals_a_new_round():
    s = two(["6"], [[["3", "3", "3"]], []], h1=["5", "5"], options={"target": 10})
    lay(s, 0, ["6"])
    j = s.to_json()
    assert not s.is_terminal()
    assert j["totals"] == [4, 0], "only the round winner's points are added"
    assert j["round"] == 2
    assert j["history"] == [[4, -2]]
    assert [len(h) for h in j["hands"]] == [13, 13]
    assert j["piles"] == [[], []] and j["rejected"] == []
    assert len(j["display"]) == 9 and len(j["supply"]) == 5
    assert len(j["stock"]) == 100 - 26 - 14
    assert j["phase"] == "lay"


def test_punkte_sammeln_ends_when_a_total_reaches_the_target():
    s = two(
        ["6"],
        [[["3", "3", "3"]], []],
        h1=["5", "5"],
        options={"target": 10},
        totals=[8, 3],
        round_no=3,
        history=[[8, 1], [-1, 3]],
    )
    lay(s, 0, ["6"])
    assert s.is_terminal()
    r = s.result()
    assert r.scores == (12, 3)
    assert r.winners == (0,)


def test_punkte_sammeln_a_shared_round_win_adds_to_both():
    s = two(
        ["6"],
        [[["3", "3", "3"]], [["2", "2"], ["7", "7", "7"]]],
        h1=["5"],
        options={"target": 100},
    )
    lay(s, 0, ["6"])
    assert s.to_json()["totals"] == [4, 4]
    assert not s.is_terminal()
