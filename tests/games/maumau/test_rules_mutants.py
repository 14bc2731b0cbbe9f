"""Bodensee Mau-Mau's rules (``maumau/rules.py``) pinned where mutation testing (``make mutate``)
found them unchecked. Rulings: shared/rules/maumau.md. Positions are set up by hand
(``maumau_cards_support.table``); each test names the rule or the code's purpose it pins."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from maumau_cards_support import deal_order, kinds, table

from spieltisch.core import REFEREE, IllegalAction, OptionError, RecordError, Rng
from spieltisch.core.words import Said, Seat
from spieltisch.games.maumau import words
from spieltisch.games.maumau.rules import MaumauState, _shifted, full_deck, sort_cards
from spieltisch.registry import load_game

# -- every refusal: its English reason, its key in words.toml and the key's arguments -----------

# four players, player 0 on turn over a 4h; player 0 holds one card of each kind a refusal needs
H0 = ["4d", "Kh", "Jh", "Qs", "10h", "7h", "3c", "9s", "joker"]
HANDS = [H0, ["4s", "Kd", "8c"], ["Qh", "5s"], ["9c", "8h"]]
SEE = "; see 'spieltisch rules maumau' for the actions"
SLAP = {"layer": 0, "need": "left", "slapped": []}


def plain(**fields: Any):
    return table(HANDS, ["4h"], **fields)


def on(pile: list[Any], **fields: Any):
    return table(HANDS, pile, **fields)


# (position, player, action, English reason, key, the key's arguments)
REFUSALS = [
    (
        "referee",
        plain,
        REFEREE,
        {"close": "slap"},
        "the referee only closes an open slap",
        "r.mm.referee",
        (),
    ),
    (
        "noplayer",
        plain,
        9,
        {"draw": True},
        "there is no player 9 at this table of 4",
        "r.mm.noplayer",
        ("9", 4),
    ),
    (
        "noplayer_negative",
        plain,
        -3,
        {"draw": True},
        "there is no player -3 at this table of 4",
        "r.mm.noplayer",
        ("-3", 4),
    ),
    (
        "unknownkey",
        plain,
        0,
        {"hop": 1, "lay": "4d"},
        '{"hop": 1, "lay": "4d"} has unknown key \'hop\'' + SEE,
        "r.mm.unknownkey",
        ('{"hop": 1, "lay": "4d"}', "'hop'"),
    ),
    (
        "unknownkeys",
        plain,
        0,
        {"hop": 1, "an": 2},
        "{\"an\": 2, \"hop\": 1} has unknown key 'an', 'hop'" + SEE,
        "r.mm.unknownkey",
        ('{"an": 2, "hop": 1}', "'an', 'hop'"),
    ),
    (
        "badkeys",
        plain,
        0,
        {"draw": True, "pass": True},
        '{"draw": true, "pass": true} has keys that do not go together' + SEE,
        "r.mm.badkeys",
        ('{"draw": true, "pass": true}',),
    ),
    ("flag_draw", plain, 0, {"draw": 1}, 'write {"draw": true}, not 1', "r.mm.flag", ("draw", "1")),
    (
        "flag_pass",
        plain,
        0,
        {"pass": "yes"},
        "write {\"pass\": true}, not 'yes'",
        "r.mm.flag",
        ("pass", "'yes'"),
    ),
    (
        "flag_take",
        plain,
        0,
        {"take": False},
        'write {"take": true}, not False',
        "r.mm.flag",
        ("take", "False"),
    ),
    (
        "flag_sit_out",
        plain,
        0,
        {"sit_out": 0},
        'write {"sit_out": true}, not 0',
        "r.mm.flag",
        ("sit_out", "0"),
    ),
    (
        "flag_joker",
        plain,
        0,
        {"joker": None},
        'write {"joker": true}, not None',
        "r.mm.flag",
        ("joker", "None"),
    ),
    ("wishsuit", plain, 0, {"lay": "Jh", "wish": "x"}, "wish a suit: c d h s", "r.mm.wishsuit", ()),
    ("wishsuit_alone", plain, 0, {"wish": "x"}, "wish a suit: c d h s", "r.mm.wishsuit", ()),
    ("jack", plain, 0, {"lay": "7h", "wish": "s"}, "only a jack carries a wish", "r.mm.jack", ()),
    (
        "jack_list",
        plain,
        0,
        {"lay": ["Jh"], "wish": "s"},
        "only a jack carries a wish",
        "r.mm.jack",
        (),
    ),
    (
        "jack_throw",
        plain,
        1,
        {"throw": "Kd", "wish": "s"},
        "only a jack carries a wish",
        "r.mm.jack",
        (),
    ),
    ("queen", plain, 0, {"lay": "7h", "swap": 1}, "only a queen swaps hands", "r.mm.queen", ()),
    (
        "queen_list",
        plain,
        0,
        {"lay": ["Qs"], "swap": 1},
        "only a queen swaps hands",
        "r.mm.queen",
        (),
    ),
    (
        "out",
        lambda: table([H0, [], *HANDS[2:]], ["4h"], out=[False, True, False, False], winners=[1]),
        1,
        {"say": "mau"},
        "you have said Matt and left play: winners take no part any more",
        "r.mm.out",
        (),
    ),
    (
        "words",
        plain,
        0,
        {"say": "wuff"},
        "the words are mau, miau, mau-mau, matt",
        "r.mm.words",
        (),
    ),
    (
        "noword",
        plain,
        0,
        {"say": "miau"},
        'you owe no word now; "miau" is not due',
        "r.mm.noword",
        (Said("mm.word.miau"),),
    ),
    (
        "owefirst",
        lambda: plain(owed=[["mau", "miau"], [], [], []]),
        0,
        {"say": "miau"},
        'you owe "mau" first (the order is Mau, Miau, Mau-Mau, Matt)',
        "r.mm.owefirst",
        (Said("mm.word.mau"),),
    ),
    ("noslap", plain, 1, {"slap": "left"}, "no slap is open", "r.mm.noslap", ()),
    (
        "slaphand",
        lambda: on([{"card": "5h", "begun": True}], slap=SLAP),
        1,
        {"slap": "nose"},
        "slap with left, right or both",
        "r.mm.slaphand",
        (),
    ),
    (
        "slapped",
        lambda: on([{"card": "5h", "begun": True}], slap={**SLAP, "slapped": [[1, "left"]]}),
        1,
        {"slap": "right"},
        "you have slapped already",
        "r.mm.slapped",
        (),
    ),
    (
        "layer",
        lambda: on([{"card": "5h", "begun": True}], slap=SLAP),
        0,
        {"slap": "left"},
        "the layer of the 5 or 6 may not slap first",
        "r.mm.layer",
        (),
    ),
    (
        "slapopen",
        lambda: on([{"card": "5h", "begun": True}], slap=SLAP),
        0,
        {"lay": "3c"},
        "a slap is open: only slaps, words and jokers now",
        "r.mm.slapopen",
        (),
    ),
    ("nojoker", plain, 1, {"joker": True}, "you hold no joker", "r.mm.nojoker", ()),
    ("nopilz", plain, 0, {"pilz": 1}, "you hold no Pilz", "r.mm.nopilz", ()),
    (
        "pilzwinner",
        lambda: plain(pilze=[1, 0, 0, 0]),
        0,
        {"pilz": 1},
        "a Pilz brings back a winner who has left play",
        "r.mm.pilzwinner",
        (),
    ),
    (
        "cardnames",
        plain,
        0,
        {"lay": [1]},
        'name cards as strings: {"lay": "7h"}',
        "r.mm.cardnames",
        (),
    ),
    (
        "cardnames_empty",
        plain,
        0,
        {"lay": []},
        'name cards as strings: {"lay": "7h"}',
        "r.mm.cardnames",
        (),
    ),
    (
        "cardnames_some",
        plain,
        0,
        {"lay": ["10h", 7]},
        'name cards as strings: {"lay": "7h"}',
        "r.mm.cardnames",
        (),
    ),
    (
        "cardnames_list",
        plain,
        0,
        {"lay": [["4d"]]},
        'name cards as strings: {"lay": "7h"}',
        "r.mm.cardnames",
        (),
    ),
    (
        "throwone",
        plain,
        1,
        {"throw": ["Kd", "4s"]},
        'throw in one card: {"throw": "3h"}',
        "r.mm.throwone",
        (),
    ),
    ("nothold", plain, 0, {"lay": "7s"}, "you do not hold 7s", "r.mm.nothold", ("7s",)),
    (
        "nothold_some",
        plain,
        0,
        {"lay": ["10h", "10s", "10c"]},
        "you do not hold 10c, 10s",
        "r.mm.nothold",
        ("10c, 10s",),
    ),
    (
        "tens",
        plain,
        0,
        {"lay": ["10h", "7h"]},
        "only 10s may be laid several at once",
        "r.mm.tens",
        (),
    ),
    (
        "tens_that_may_not_be_laid_now",
        lambda: table([["10h", "10d", "4d"], *HANDS[1:]], ["7s"]),
        0,
        {"lay": ["10h", "10d"]},
        "you face a 7-chain of 1: lay a 7 or take it",
        "r.mm.facechain",
        (1,),
    ),
    (
        "jack_not_held",
        plain,
        1,
        {"lay": "Jh", "wish": "s"},
        "you do not hold Jh",
        "r.mm.nothold",
        ("Jh",),
    ),
    (
        "queen_not_held",
        plain,
        1,
        {"lay": "Qs", "swap": 0},
        "you do not hold Qs",
        "r.mm.nothold",
        ("Qs",),
    ),
    (
        "threelaid",
        plain,
        0,
        {"throw": "3c"},
        'a 3 is laid, not thrown in: {"lay": "3h"}',
        "r.mm.threelaid",
        (),
    ),
    (
        "jokerpile",
        plain,
        0,
        {"throw": "joker"},
        'a joker never goes on the pile: put it down in front, {"joker": true}',
        "r.mm.jokerpile",
        (),
    ),
    (
        "begun",
        lambda: on([{"card": "Qs", "begun": True}]),
        0,
        {"lay": "3c"},
        "a 3 may not go on the Qs: its effect has begun",
        "r.mm.begun",
        (words.card("Qs"),),
    ),
    (
        "begun_under_joker",
        lambda: on([{"card": "Kc", "begun": True}, "joker"]),
        0,
        {"lay": "3c"},
        "a 3 may not go on the Kc: its effect has begun",
        "r.mm.begun",
        (words.card("Kc"),),
    ),
    (
        "nofit_on_a_begun_card",
        lambda: on([{"card": "Qs", "begun": True}]),
        0,
        {"lay": "4d"},
        "4d does not fit the reference card Qs",
        "r.mm.nofit.ref",
        (words.cards("4d"), words.card("Qs")),
    ),
    (
        "jackwish",
        plain,
        0,
        {"lay": "Jh"},
        'a jack needs a wish: {"lay": "Jh", "wish": "s"} (suits c d h s)',
        "r.mm.jackwish",
        (),
    ),
    (
        "queenswap",
        plain,
        0,
        {"lay": "Qs"},
        'a queen needs a partner: {"lay": "Qh", "swap": 2}',
        "r.mm.queenswap",
        (),
    ),
    (
        "partner",
        plain,
        0,
        {"lay": "Qs", "swap": 0},
        "swap with another player in play",
        "r.mm.partner",
        (),
    ),
    (
        "partner_out",
        lambda: table([H0, [], *HANDS[2:]], ["4h"], out=[False, True, False, False], winners=[1]),
        0,
        {"lay": "Qs", "swap": 1},
        "swap with another player in play",
        "r.mm.partner",
        (),
    ),
    (
        "dealerwish",
        lambda: on(["Jc"], choice={"what": "wish", "player": 0}),
        1,
        {"draw": True},
        "the dealer first wishes a suit",
        "r.mm.dealerwish",
        (),
    ),
    (
        "dealerswap",
        lambda: on([{"card": "Qc", "begun": True}], choice={"what": "swap", "player": 0}),
        1,
        {"draw": True},
        "the dealer first swaps",
        "r.mm.dealerswap",
        (),
    ),
    (
        "noref",
        lambda: table([H0, ["2s", "Kd"], *HANDS[2:]], ["3h"]),
        0,
        {"lay": "4d"},
        "there is no reference card: first someone lays a 2",
        "r.mm.noref",
        (),
    ),
    (
        "nothrow",
        plain,
        1,
        {"throw": "4s"},
        "you may not throw in now (a 9 open to you, or the joker privilege)",
        "r.mm.nothrow",
        (),
    ),
    (
        "nothrow_own_nine",
        lambda: on(["9h"], window={"at": 0, "anchor": 3, "layer": 3}),
        3,
        {"throw": "9c"},
        "you may not throw in now (a 9 open to you, or the joker privilege)",
        "r.mm.nothrow",
        (),
    ),
    (
        "nothrow_on_turn",
        lambda: on(["9h"], window={"at": 0, "anchor": 3, "layer": 3}),
        0,
        {"throw": "9s"},
        "you may not throw in now (a 9 open to you, or the joker privilege)",
        "r.mm.nothrow",
        (),
    ),
    (
        "misfit",
        lambda: table(
            HANDS,
            ["9h"],
            window={"at": 0, "anchor": 3, "layer": 3},
            options={"misfit_throw_in": "refuse"},
        ),
        1,
        {"throw": "8c"},
        "8c does not fit; an unfitting throw-in is refused at this table",
        "r.mm.misfit",
        (words.cards("8c"),),
    ),
    (
        "notturn",
        plain,
        1,
        {"draw": True},
        "it is not your turn (player 0 is on turn); out of turn only 3s",
        "r.mm.notturn",
        (Seat(0),),
    ),
    (
        "notturn_lay",
        plain,
        1,
        {"lay": "4s"},
        "it is not your turn (player 0 is on turn); out of turn only 3s",
        "r.mm.notturn",
        (Seat(0),),
    ),
    (
        "notturn_pass",
        plain,
        1,
        {"pass": True},
        "it is not your turn (player 0 is on turn); out of turn only 3s",
        "r.mm.notturn",
        (Seat(0),),
    ),
    (
        "notturn_sit_out",
        plain,
        1,
        {"sit_out": True},
        "it is not your turn (player 0 is on turn); out of turn only 3s",
        "r.mm.notturn",
        (Seat(0),),
    ),
    (
        "notturn_take",
        plain,
        1,
        {"take": True},
        "it is not your turn (player 0 is on turn); out of turn only 3s",
        "r.mm.notturn",
        (Seat(0),),
    ),
    (
        "notnow_out_of_turn",
        plain,
        1,
        {"wish": "h"},
        '{"wish": "h"} is not an action of Mau-Mau now',
        "r.mm.notnow",
        ('{"wish": "h"}',),
    ),
    (
        "jack_on_a_chain",
        lambda: on(["7s"]),
        0,
        {"lay": "Jh", "wish": "s"},
        "you face a 7-chain of 1: lay a 7 or take it",
        "r.mm.facechain",
        (1,),
    ),
    (
        "notturn_nobody",
        lambda: table(HANDS, ["4h"], turn=None, slap=None),
        1,
        {"take": True},
        "it is not your turn (player None is on turn); out of turn only 3s",
        "r.mm.notturn",
        (Said("core.nobody"),),
    ),
    (
        "facechain",
        lambda: on(["7s", "7h"]),
        0,
        {"lay": "4d"},
        "you face a 7-chain of 2: lay a 7 or take it",
        "r.mm.facechain",
        (2,),
    ),
    (
        "faceeight",
        lambda: on(["8s"]),
        0,
        {"draw": True},
        "you face an 8: lay an 8 or sit out",
        "r.mm.faceeight",
        (),
    ),
    (
        "acedraw",
        lambda: on(["Ah"], mode="ace", ace=0),
        0,
        {"draw": True},
        "after your own ace lay one more fitting card or pass; no drawing",
        "r.mm.acedraw",
        (),
    ),
    (
        "drawn",
        lambda: plain(mode="drawn"),
        0,
        {"draw": True},
        "you have drawn already: lay a fitting card or pass",
        "r.mm.drawn",
        (),
    ),
    (
        "maylay",
        plain,
        0,
        {"draw": True},
        "you hold a card you may lay; drawing is only for a player who cannot",
        "r.mm.maylay",
        (),
    ),
    (
        "pass",
        plain,
        0,
        {"pass": True},
        "pass only after drawing or after your own ace",
        "r.mm.pass",
        (),
    ),
    (
        "take",
        plain,
        0,
        {"take": True},
        '{"take": true} is not an action of Mau-Mau now',
        "r.mm.notnow",
        ('{"take": true}',),
    ),
    (
        "nofit_wish",
        lambda: on([{"card": "Jc", "wish": "s"}]),
        0,
        {"lay": "4d"},
        "4d does not fit the jack with the wish s",
        "r.mm.nofit.wish",
        (words.cards("4d"), words.suit("s")),
    ),
    (
        "nofit_ref",
        plain,
        0,
        {"lay": "9s"},
        "9s does not fit the reference card 4h",
        "r.mm.nofit.ref",
        (words.cards("9s"), words.card("4h")),
    ),
    (
        "nofit_jack_no_wish",
        lambda: on([{"card": "Jc"}]),
        0,
        {"lay": "4d"},
        "4d does not fit the reference card Jc",
        "r.mm.nofit.ref",
        (words.cards("4d"), words.card("Jc")),
    ),
    (
        "notnow",
        plain,
        0,
        {"wish": "h"},
        '{"wish": "h"} is not an action of Mau-Mau now',
        "r.mm.notnow",
        ('{"wish": "h"}',),
    ),
    (
        "over",
        lambda: plain(over=True),
        0,
        {"lay": "4d"},
        "the game is over; no more actions are taken",
        "core.over",
        (),
    ),
]


@pytest.mark.parametrize(
    ("make", "player", "action", "reason", "key", "args"),
    [r[1:] for r in REFUSALS],
    ids=[r[0] for r in REFUSALS],
)
def test_each_refusal_says_its_own_reason_key_and_arguments(
    make, player, action, reason: str, key: str, args: tuple
) -> None:
    """``explain``: every refusal in the sheet's words, exactly (the English is the engine's
    reason), naming its key in words.toml and the key's arguments; the first rule broken is the
    one named (a 3 is laid, not thrown; a slap open stops all but slaps; and so on)."""
    state = make()
    before = state.to_json_text()
    with pytest.raises(IllegalAction) as caught:
        state.apply(player, action)
    err = caught.value
    assert (str(err), err.key, err.args_said) == (reason, key, args)
    unchanged = state.to_json_text() == before  # (no text diff: slow for a long line)
    assert unchanged, "a refused action changes nothing"


def test_the_game_words_its_actions_and_events_for_the_log() -> None:
    """The game object is what hosts ask for a log line (``said_action``, ``said_event``): each
    gives the sentence of ``maumau/words.py`` for the action or event it is handed."""
    game = load_game("maumau")
    said = game.words()
    assert said.say("en", game.said_action(None, {"lay": "Qh", "swap": 2})) == (
        "lay Q♥, swapping with Player 3"
    )
    event = {"type": "pilz_spent", "player": 1, "winner": 0}
    assert said.say("en", game.said_event(event, None)) == (
        "Player 2 spends a Pilz: Player 1 is back as a silent winner"
    )


# -- positions: what a position leaves out, and what it may not say ----------------------------

# three hands, one card on the pile: everything else left out
SHORT = {"players": 3, "hands": [["4d"], ["5d"], ["6d"]], "pile": ["4h"]}

# what a position that leaves everything out means (``from_position``'s docstring): a game under
# way (one turn action made), the dealer 0, the player left of the dealer on turn, nobody owing
# or holding anything, the seed 0
DEFAULTS = {
    "game": "maumau",
    "players": 3,
    "dealer": 0,
    "hands": [["4d"], ["5d"], ["6d"]],
    "pile": [{"card": "4h", "by": 0, "anchor": 0}],
    "front": [0, 0, 0],
    "joker_seq": [0, 0, 0],
    "seq": 0,
    "turn": 1,
    "direction": 1,
    "mode": "play",
    "ace": None,
    "slap": None,
    "window": None,
    "choice": None,
    "owed": [[], [], []],
    "silent": [False, False, False],
    "out": [False, False, False],
    "winners": [],
    "rest": [False, False, False],
    "pilze": [0, 0, 0],
    "pilze_given": 0,
    "turn_actions": 1,
    "steps": 0,
    "free": False,
    "over": False,
    "counts": {},
    "rng": 0,
}


def test_a_short_position_means_a_game_under_way_with_nothing_else_going_on() -> None:
    """``from_position``: everything but players, hands and pile may be left out; the cards not
    named are the stock in deck order, "2c" on top."""
    state = table_free(SHORT)
    data = state.to_json()
    stock = data.pop("stock")
    assert data == DEFAULTS
    assert len(stock) == 110 - 4 and stock[-1] == "2c" and stock[0] == "joker"
    assert stock == sorted_deck_less(["4d", "5d", "6d", "4h"])[::-1]


def table_free(data: dict[str, Any], **options: Any):
    """A position read as it is given (no stock made up by ``table``)."""
    return load_game("maumau", **options).from_json(data)


def sorted_deck_less(cards: list[str]) -> list[str]:
    """The whole deck (6 jokers) less ``cards``, in deck order."""
    return sort_cards((Counter(full_deck(6)) - Counter(cards)).elements())


def test_the_defaults_follow_what_the_position_does_say() -> None:
    """Left out, the player on turn is the dealer's left neighbour, the joker counter is the
    latest joker put down, the Pilze given are those held, and jokers in front are no stock;
    a short pile entry is a card the dealer laid."""
    pile = ["4h", {"card": "5h", "by": 0}, {"card": "5c"}, {"card": "5s", "undo": {}}]
    state = table_free(
        {
            **SHORT,
            "pile": pile,
            "dealer": 2,
            "joker_seq": [0, 5, 2],
            "front": [0, 2, 1],
            "pilze": [1, 0, 1],
        }
    )
    data = state.to_json()
    assert (data["turn"], data["seq"], data["pilze_given"]) == (0, 5, 2)
    # the anchor is the layer's, the layer the dealer; an empty undo is none
    assert data["pile"] == [
        {"card": "4h", "by": 2, "anchor": 2},
        {"card": "5h", "by": 0, "anchor": 0},
        {"card": "5c", "by": 2, "anchor": 2},
        {"card": "5s", "by": 2, "anchor": 2},
    ]
    assert data["stock"].count("joker") == 6 - 3


# a position that says everything, none of it as the defaults have it
FULL = {
    "game": "maumau",
    "players": 4,
    "dealer": 2,
    "hands": [["4d", "Kh"], [], ["Qh", "5s"], ["9c"]],
    "stock": ["2c", "2d"],
    "pile": [
        {
            "card": "Ah",
            "by": 1,
            "anchor": 3,
            "begun": True,
            "done": True,
            "pilz": True,
            "active": True,
        },
        {"card": "Kh", "by": 3, "anchor": 3, "active": True},
        {"card": "Jh", "by": 0, "anchor": 0, "wish": "c"},
        {"card": "3h", "by": 2, "anchor": 2, "undo": {"turn": 1, "mode": "drawn", "at": 4}},
    ],
    "front": [1, 0, 2, 0],
    "joker_seq": [3, 0, 4, 0],
    "seq": 7,
    "turn": 3,
    "direction": -1,
    "mode": "drawn",
    "ace": 0,
    "slap": {"layer": 2, "need": "both", "slapped": [[3, "left"]]},
    "window": {"at": 1, "anchor": 2, "layer": 2},
    "choice": {"what": "wish", "player": 2},
    "owed": [["mau"], [], ["miau", "matt"], []],
    "silent": [False, False, True, False],
    "out": [False, True, False, False],
    "winners": [1],
    "rest": [True, False, False, True],
    "pilze": [0, 1, 0, 0],
    "pilze_given": 2,
    "turn_actions": 9,
    "steps": 31,
    "free": True,
    "over": True,
    "counts": {"lays": 3, "threes": 1},
    "rng": 12345,
}


def test_a_position_that_says_everything_is_read_as_it_says_and_written_back_the_same() -> None:
    """``from_position`` reads, and ``to_json`` writes, every field (the pile's entries with
    every mark), none replaced by its default."""
    data = {**FULL, "stock": "filled below"}
    data["stock"] = sorted_deck_less(
        [c for h in FULL["hands"] for c in h] + [e["card"] for e in FULL["pile"]] + ["joker"] * 3
    )
    state = table_free(data)
    assert state.to_json() == data
    assert table_free(state.to_json()).to_json() == data


@pytest.mark.parametrize(
    ("change", "why"),
    [
        ({"game": "bohnanza"}, "a position is a JSON object with game 'maumau'"),
        ({"players": None}, "TypeError: int() argument must be a string"),
        ({"players": "x"}, "ValueError: invalid literal for int()"),
        ({"hands": [["4d"], ["5d"]]}, "hands needs one entry per player (3)"),
        ({"front": [0, 0]}, "front needs one entry per player (3)"),
        # (once read as a position with no joker counter at all, and failed at the first
        # joker in front: the privilege compares the counters)
        ({"joker_seq": []}, "joker_seq needs one entry per player (3)"),
        ({"joker_seq": [1, 0, 0, 2]}, "joker_seq needs one entry per player (3)"),
        ({"owed": [[], []]}, "owed needs one entry per player (3)"),
        ({"silent": [False]}, "silent needs one entry per player (3)"),
        ({"out": [False] * 4}, "out needs one entry per player (3)"),
        ({"rest": []}, "rest needs one entry per player (3)"),
        ({"pilze": [0, 0]}, "pilze needs one entry per player (3)"),
        ({"mode": "sleep"}, "mode is play, drawn or ace; direction 1 or -1"),
        ({"direction": 2}, "mode is play, drawn or ace; direction 1 or -1"),
        ({"owed": [[], ["wuff"], []]}, "the words are mau, miau, mau-mau, matt"),
        ({"pile": ["4h", "4h", "4h"]}, "the cards are not the deck's: they differ in ['4h']"),
        ({"stock": ["2c"]}, "the cards are not the deck's: they differ in ["),
        # a card missing is named as a card too many is
        (
            {"stock": sorted_deck_less(["4d", "5d", "6d", "4h", "Kd"])},
            "the cards are not the deck's: they differ in ['Kd']",
        ),
        # a card no deck has lies on the pile as any card does, to be found out by the count
        ({"pile": ["4h", "1x"]}, "the cards are not the deck's: they differ in ['1x']"),
    ],
)
def test_a_position_that_is_not_one_says_why(change: dict[str, Any], why: str) -> None:
    """A position that cannot be a table of Mau-Mau is refused, naming what is wrong."""
    with pytest.raises(RecordError) as caught:
        table_free({**SHORT, **change})
    assert str(caught.value).startswith("not a maumau position: " + why), str(caught.value)


def test_a_position_missing_its_players_says_which_key() -> None:
    """A position without ``players`` names the missing key."""
    with pytest.raises(RecordError) as caught:
        table_free({"hands": SHORT["hands"], "pile": SHORT["pile"]})
    assert str(caught.value) == "not a maumau position: KeyError: 'players'"


# -- what everyone sees ------------------------------------------------------------------------


def position(hands: list[list[str]], pile: list[Any], **fields: Any):
    """A position of ``len(hands)`` players, the rest of the deck the stock in deck order,
    less the jokers put down in front."""
    named = [c for h in hands for c in h] + [e if isinstance(e, str) else e["card"] for e in pile]
    named += ["joker"] * sum(fields.get("front", []))
    stock = sorted_deck_less(named)
    return table_free(
        {"players": len(hands), "hands": hands, "pile": pile, "stock": stock, **fields}
    )


def test_the_public_view_shows_the_table_as_it_is() -> None:
    """``view``: every public field, the viewer's own hand and nobody else's: the pending
    chain under a cancelled 7, the privilege of the most jokers in front, a winner's status,
    the Pilze left of the two a game gives."""
    state = position(
        [["4d", "Kh"], [], ["Qh", "5s"], ["9c"]],
        ["7h", {"card": "3s", "by": 1, "anchor": 1}, "7c", "7d", "joker"],
        turn=2,
        dealer=1,
        front=[1, 0, 2, 0],
        joker_seq=[3, 0, 4, 0],
        seq=4,
        owed=[["mau"], [], [], []],
        out=[False, True, False, False],
        winners=[1],
        rest=[True, False, False, False],
        pilze=[0, 1, 0, 0],
        pilze_given=1,
        direction=-1,
        steps=17,
        turn_actions=5,
    )
    seen = state.view(0)
    assert seen == {
        "game": "maumau",
        "players": 4,
        "dealer": 1,
        "hands": [2, 0, 2, 1],
        "stock": 110 - 5 - 5 - 3,
        "pile": [
            {"card": "7h", "by": 1, "anchor": 1},
            {"card": "3s", "by": 1, "anchor": 1},
            {"card": "7c", "by": 1, "anchor": 1},
            {"card": "7d", "by": 1, "anchor": 1},
            {"card": "joker", "by": 1, "anchor": 1},
        ],
        "reference": 3,
        "free": False,
        "chain": 2,
        "turn": 2,
        "direction": -1,
        "facing": "chain",
        "slap": None,
        "window": None,
        "choice": None,
        "front": [1, 0, 2, 0],
        "privilege": 2,
        "rest": [True, False, False, False],
        "owed": [["mau"], [], [], []],
        "status": ["cards", "won", "cards", "cards"],
        "winners": [1],
        "pilze": [0, 1, 0, 0],
        "pilze_left": 1,
        "turn_actions": 5,
        "steps": 17,
        "over": False,
        "viewer": 0,
        "hand": ["4d", "Kh"],
    }
    nobody = state.view(None)
    assert (nobody["viewer"], nobody["hand"]) == (None, None)
    assert {k: v for k, v in nobody.items() if k not in ("viewer", "hand")} == {
        k: v for k, v in seen.items() if k not in ("viewer", "hand")
    }


def test_the_public_view_shows_an_open_slap_window_and_choice() -> None:
    """``view`` while a slap, a 9 window and a dealer's choice are open (copies: a view
    changed by its reader changes nothing), a silent winner and one between "Mau-Mau" and
    "Matt", and a pile where any card fits."""
    state = position(
        [["4d", "Kh"], [], ["Qh", "5s"], []],
        [],
        turn=0,
        slap={"layer": 0, "need": "both", "slapped": [[2, "left"]]},
        window={"at": 0, "anchor": 3, "layer": 0},
        choice={"what": "swap", "player": 3},
        silent=[False, True, False, False],
        free=True,
    )
    seen = state.view(2)
    assert {k: seen[k] for k in ("slap", "window", "choice", "status", "free", "hand")} == {
        "slap": {"layer": 0, "need": "both", "slapped": [[2, "left"]]},
        "window": {"at": 0, "anchor": 3, "layer": 0},
        "choice": {"what": "swap", "player": 3},
        "status": ["cards", "silent", "cards", "between"],
        "free": True,
        "hand": ["Qh", "5s"],
    }
    seen["slap"]["slapped"][0].append("x")
    seen["window"]["at"] = 9
    seen["choice"]["player"] = 1
    data = state.to_json()
    assert data["slap"]["slapped"] == [[2, "left"]]
    assert (data["window"]["at"], data["choice"]["player"]) == (0, 3)


# -- the end -----------------------------------------------------------------------------------


def test_the_last_matt_ends_the_game_and_says_who_won_and_who_lost() -> None:
    """ "The game ends as soon as no word is due ... and at most two players hold cards": the
    last "Matt" wins, ends the game, and the end names the winners in order and the losers."""
    state = position([[], ["4d"], ["5d"]], ["4h"], turn=1, owed=[["matt"], [], []])
    events = state.apply(0, {"say": "matt"})
    assert [(e.type, e.data) for e in events] == [
        ("say", {"player": 0, "word": "matt"}),
        ("won", {"player": 0, "place": 1}),
        (
            "game_end",
            {
                "ranks": [1, 2, 2],
                "summary": "winners in order: player 0; losers: player 1, player 2",
            },
        ),
    ]
    assert state.is_terminal() and state.legal_actions(1) == []
    assert state.result().scores == (2.0, 0.0, 0.0)


def test_the_result_ranks_winners_by_their_matt_and_the_card_holders_last() -> None:
    """ "The card holders lose; the players who said Matt win, ranked by their last Matt": no
    silent winner, so the losers come right after the winners; the summary says so."""
    state = position(
        [[], ["4d"], [], ["5d", "6d"]],
        ["4h"],
        over=True,
        out=[True, False, True, False],
        winners=[2, 0],
    )
    result = state.result()
    assert (result.ranks, result.scores) == ((2, 3, 1, 3), (2.0, 0.0, 3.0, 0.0))
    assert result.summary == "winners in order: player 2, player 0; losers: player 1, player 3"


def test_a_silent_winner_ranks_after_the_winners_and_before_the_losers() -> None:
    """ "Silent winners rank after the winners and ahead of the losers"; every seat is ranked."""
    state = position(
        [[], ["4d"], [], [], ["5d", "6d"]],
        ["4h"],
        over=True,
        out=[True, False, True, False, False],
        silent=[False, False, False, True, False],
        winners=[2, 0],
    )
    result = state.result()
    assert (result.ranks, result.scores) == ((2, 4, 1, 3, 4), (3.0, 0.0, 4.0, 2.0, 0.0))
    matt, holds = Said("mm.bd.matt", 2), Said("mm.bd.holds")
    assert result.breakdown == (
        (Said("mm.bd.end"), (matt, holds, Said("mm.bd.matt", 1), Said("mm.tag.silent"), holds)),
        (Said("mm.bd.cards"), (0, 1, 0, 0, 2)),
        (Said("mm.bd.behind"), (3.0, 0.0, 4.0, 2.0, 0.0)),
    )


def test_a_result_with_no_winner_says_so() -> None:
    """A table where nobody said "Matt" (a position): "no winner", everyone a loser."""
    state = position([["4d"], ["5d"], ["6d"]], ["4h"], over=True)
    result = state.result()
    assert (result.ranks, result.scores) == ((1, 1, 1), (0.0, 0.0, 0.0))
    assert result.summary == "no winner; losers: player 0, player 1, player 2"


def test_a_game_under_way_has_no_result() -> None:
    """``result`` only once the game is over, refused with its key."""
    state = position([["4d"], ["5d"], ["6d"]], ["4h"])
    with pytest.raises(IllegalAction) as caught:
        state.result()
    assert (str(caught.value), caught.value.key) == ("the game is not over yet", "r.mm.notover")


# -- the deal ----------------------------------------------------------------------------------


def test_the_dealer_deals_five_each_one_by_one_from_their_left_and_turns_up_the_next() -> None:
    """ "They deal 5 cards each and turn up the first stock card ... Play starts clockwise with
    the dealer's neighbour": a dealer chosen by the table (seat 2 of 4) draws no lot, so the
    shuffle is the seed's first; the cards go round from seat 3, the top card first."""
    state = load_game("maumau", dealer="2").new_state(4, seed=7)
    cards = full_deck(6)
    Rng(7).shuffle(cards)
    dealt: list[list[str]] = [[], [], [], []]
    for i in range(20):
        dealt[(3 + i) % 4].append(cards.pop())
    data = state.to_json()
    assert data["hands"] == [sort_cards(h) for h in dealt]
    assert (data["dealer"], data["pile"][0]["card"], data["pile"][0]["by"]) == (2, cards[-1], 2)
    assert len(data["stock"]) == 110 - 20 - 1


def test_a_3_turned_up_at_the_deal_makes_the_table_wait_for_a_2() -> None:
    """ "When no reference card exists (the first card is a 3 ...), play waits: any player in
    play may lay a 2": the deal turns up the 3 of hearts, player 3 holds a 2; the log tells
    the deal and the card, nobody's turn yet, and player 2, the dealer's neighbour, is to play
    on the 2 later, facing nothing now, with no ace's extra lay."""
    state = MaumauState(load_game("maumau"), 4, Rng(13))
    assert told_as(state.deal(1)) == [
        ("deal", {"dealer": 1, "cards": 5}, None),
        ("turn_up", {"card": "3h", "dealer": 1}, None),
    ]
    assert (state.waiting_for(), state.facing()) == (frozenset({3}), None)
    data = state.to_json()
    assert (data["turn"], data["mode"], data["ace"]) == (2, "play", None)


def test_a_new_game_without_a_seed_is_the_game_of_seed_0() -> None:
    """``Game.new_state(players, seed=0)``: a table asked for a new game without a seed gets
    the deal of seed 0, the same every time."""
    game = load_game("maumau")
    assert game.new_state(4).to_json() == game.new_state(4, 0).to_json()
    assert game.new_state(4).to_json() != game.new_state(4, 1).to_json()


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (5, 4), (4, 11)])
def test_the_dealer_drawn_by_lot_turns_up_the_first_card_that_is_no_joker(players, seed) -> None:
    """The dealer is drawn by lot from the seed; a turned-up joker goes back under the stock
    and the next card is turned; the player left of the dealer is on turn unless the card
    says otherwise (a 7, 8, ace, king or a slap, a jack or queen to answer)."""
    dealer, rest = deal_order(players, seed)
    first = next(c for c in rest if c != "joker")
    state = load_game("maumau").new_state(players, seed=seed)
    data = state.to_json()
    assert data["dealer"] == dealer
    assert data["pile"][0]["card"] == first
    assert data["turn_actions"] == 0 and data["steps"] == 0
    if first[:-1] in "2 3 4 10":
        assert data["turn"] == (dealer + 1) % players


@pytest.mark.parametrize(
    ("dealer", "why"),
    [
        ("x", "dealer is 'lot' or a seat number, not 'x'"),
        ("4", "dealer 4 is not a seat of a 4-player game"),
    ],
)
def test_a_dealer_who_is_no_seat_is_refused(dealer: str, why: str) -> None:
    """The dealer option is "lot" or a seat of the table."""
    with pytest.raises(OptionError) as caught:
        load_game("maumau", dealer=dealer).new_state(4, seed=1)
    assert str(caught.value) == why


def test_the_table_seats_as_many_as_the_seats_option_says() -> None:
    """The option ``seats``: the most players a table seats (default 8); four by default."""
    assert load_game("maumau").max_players == 8
    big = load_game("maumau", seats=10)
    assert (big.max_players, big.new_state(seed=1).num_players) == (10, 4)
    assert big.new_state(10, seed=1).num_players == 10
    with pytest.raises(OptionError):
        big.new_state(11, seed=1)


# -- the reshuffle: what keeps its place on the pile -------------------------------------------

# three players, nine cards named (six in hand, three on the pile): the other 101 lie under them
THREE = [["Kc", "9s"], ["4d", "5d"], ["4s", "8c"]]
UNDER = 110 - 9


def test_a_reshuffle_moves_a_3s_record_down_with_the_pile() -> None:
    """ "When the stock is empty, the discard pile is shuffled into a new stock, keeping the
    cards from the top down to the reference card": a 3's record of how the turn stood follows
    the cards it names (the king it cancelled, the ace) down; a 9's window that went into the
    stock is gone from it. Here a late word's penalty card empties the stock."""
    undo = {
        "turn": 0,
        "mode": "play",
        "ace": UNDER,
        "direction": 1,
        "window": {"at": UNDER - 1, "anchor": 0, "layer": 0},
        "choice": None,
        "at": 0,
        "king": UNDER + 1,
    }
    state = table(
        THREE,
        [
            "4h",
            {"card": "Kh", "by": 0, "anchor": 0},
            {"card": "3c", "by": 1, "anchor": 1, "undo": undo},
        ],
        rest="pile",
        owed=[[], ["mau"], []],
    )
    events = state.apply(0, {"draw": True})
    assert kinds(events)[:2] == ["too_late", "reshuffle"]
    assert state.to_json()["pile"][2]["undo"] == {**undo, "ace": 0, "king": 1, "window": None}


def test_a_reshuffle_inside_the_turn_after_an_ace_keeps_the_ace() -> None:
    """The extra lay after an ace: the late word's penalty card reshuffles the pile under the
    ace, which stays the ace whose extra lay is made (begun and done), and the turn passes on
    from the ace's anchor."""
    hands = [["2h", "Kc"], ["4d", "5d"], ["4s", "8c"]]
    ace = {"card": "Ah", "by": 0, "anchor": 2}
    state = table(
        hands, ["4h", ace], rest="pile", owed=[[], ["mau"], []], mode="ace", ace=110 - 8 + 1
    )
    events = state.apply(0, {"lay": "2h"})
    assert "reshuffle" in kinds(events)
    assert state.to_json()["pile"] == [
        {**ace, "begun": True, "done": True},
        {"card": "2h", "by": 0, "anchor": 2},
    ]
    assert state.turn == 0  # the next seat from the ace's anchor, seat 2


def test_a_reshuffle_inside_a_turn_action_closes_the_9_window_where_the_9_lies_now() -> None:
    """A turn action closes the 9's window (the 9 is done); the late word's penalty card that
    reshuffles the pile under the 9 first moves the window down with it."""
    hands = [["2h", "Kc"], ["4d", "5d"], ["4s", "8c"]]
    nine = {"card": "9h", "by": 2, "anchor": 2}
    window = {"at": 110 - 8 + 1, "anchor": 2, "layer": 2}
    state = table(hands, ["4h", nine], rest="pile", owed=[[], ["mau"], []], window=window)
    events = state.apply(0, {"lay": "2h"})
    assert "reshuffle" in kinds(events)
    data = state.to_json()
    assert data["pile"][0] == {**nine, "done": True} and data["window"] is None


def test_a_3s_record_after_a_reshuffle_is_a_new_one_with_its_indices_moved_down() -> None:
    """``_shifted``: the pile indices of a 3's record move down by the cards taken from under
    the pile, None where that card went into the stock (the one at the shift itself stays, at
    0); a new record, the old one untouched (clones share it)."""
    undo = {
        "turn": 1,
        "window": {"at": 5, "anchor": 0, "layer": 2},
        "king": 4,
        "ace": 3,
        "at": 7,
    }
    kept = {**undo, "window": dict(undo["window"])}
    assert _shifted(undo, 3) == {
        "turn": 1,
        "window": {"at": 2, "anchor": 0, "layer": 2},
        "king": 1,
        "ace": 0,
        "at": 7,
    }
    assert undo == kept
    assert _shifted(undo, 6) == {**undo, "window": None, "king": None, "ace": None}
    assert _shifted(undo, 5)["window"] == {"at": 0, "anchor": 0, "layer": 2}
    assert _shifted({**undo, "window": None, "king": None}, 5) == {
        **undo,
        "window": None,
        "king": None,
        "ace": None,
    }


# -- clones ------------------------------------------------------------------------------------


def test_a_clone_that_changes_a_shared_pile_entry_changes_its_own_full_copy() -> None:
    """``clone`` shares the pile's entries until one side changes one (``_own``): the side that
    sits out an 8 copies the 8 with everything it carries (who laid it, the anchor, its marks,
    a 3's record, the card's rank and suit), and plays on as a table that was never cloned;
    the original is untouched."""
    eight = {
        "card": "8h",
        "by": 2,
        "anchor": 1,
        "pilz": True,
        "active": True,
        "wish": "c",
        "undo": {"at": 3},
    }
    hands = [["4d", "Kc"], ["9h", "4s", "8c"], ["Kd", "5d"]]

    def fresh():
        return table(hands, [eight], turn=0)

    original = fresh()
    before = original.to_json_text()
    clone = original.clone()
    clone.apply(0, {"sit_out": True})
    alone = fresh()
    alone.apply(0, {"sit_out": True})
    assert clone.to_json()["pile"] == [{**eight, "begun": True, "done": True}]
    same = clone.to_json_text() == alone.to_json_text()  # (no text diff: slow for a long line)
    assert same
    assert [clone.legal_actions(p) for p in range(3)] == [alone.legal_actions(p) for p in range(3)]
    assert clone.legal_actions(1) == [{"lay": "8c"}, {"lay": "9h"}]  # the 8's rank and suit
    untouched = original.to_json_text() == before
    assert untouched


@pytest.mark.parametrize(
    ("pile", "fields", "player", "action"),
    [
        (
            [{"card": "5h", "begun": True}],
            {"slap": {"layer": 0, "need": "left", "slapped": [[1, "left"]]}},
            2,
            {"slap": "left"},
        ),
        (
            ["2h", {"card": "9h", "by": 0, "anchor": 0}],
            {"window": {"at": 1, "anchor": 0, "layer": 0}, "turn": 1},
            2,
            {"throw": "9c"},
        ),
        (
            ["4h", {"card": "Js", "by": 3, "anchor": 3}],
            {"choice": {"what": "wish", "player": 3}, "dealer": 3},
            3,
            {"wish": "c"},
        ),
    ],
)
def test_a_clone_of_an_open_slap_window_or_choice_is_the_same_table_and_its_own(
    pile, fields, player, action
) -> None:
    """``clone`` (a search step): the same table, an open slap with who has slapped, a 9's
    window and a dealer's choice included; an action on the clone (a slap, a throw-in, the
    wish) leaves the original as it was."""
    hands = [["5s", "Kc"], ["4c", "4d"], ["9c", "4h"], ["8c", "Kd"]]
    state = table(hands, pile, **fields)
    before = state.to_json()
    twin = state.clone()
    assert twin.to_json() == before
    twin.apply(player, action)
    assert twin.to_json() != before
    assert state.to_json() == before


# -- whom the table waits for, and in which order a host asks ----------------------------------

TWOS = [["4d", "Kh"], ["2s", "Kd"], ["2c", "5s"], ["9c", "8h"]]


@pytest.mark.parametrize(
    ("pile", "fields", "waiting", "order"),
    [
        # no reference card: everyone in play holding a 2 may lay it, from the player on turn on
        (["3h"], {"turn": 2}, {1, 2}, [2, 1]),
        # a dealer's choice: the dealer alone
        (["Jc"], {"turn": 2, "choice": {"what": "wish", "player": 3}}, {3}, [3]),
        # a player on turn over a reference card
        (["4h"], {"turn": 2}, {2}, [2]),
        # any card fits a pile where none could be turned up: the player on turn plays on
        ([], {"turn": 1, "free": True}, {1}, [1]),
        # nobody on turn: those who owe words, asked round the table from the dealer
        (["4h"], {"turn": None, "dealer": 2, "owed": [[], ["mau"], [], ["miau"]]}, {1, 3}, [3, 1]),
        # the game is over: nobody
        (["4h"], {"turn": 2, "over": True}, set(), []),
    ],
)
def test_whom_the_table_waits_for_and_the_order_of_those_who_may_act(
    pile: list[Any], fields: dict[str, Any], waiting: set[int], order: list[int]
) -> None:
    """``waiting_for``: the players the game cannot go on without; ``priority``: those who may
    act, the player on turn first (else the dealer's seat), then round the table."""
    state = table(TWOS, pile, **fields)
    assert (state.waiting_for(), state.priority()) == (waiting, order)


def test_a_new_table_starts_with_nothing_owed_put_down_or_counted() -> None:
    """A new game: after the deal and the first card (a 4h, no effect) nothing has happened
    yet: no joker down, play clockwise, no turn action made; the seed's generator goes on
    from the shuffle."""
    state = load_game("maumau", dealer="2").new_state(4, seed=9)
    data = state.to_json()
    shuffled = Rng(9)
    shuffled.shuffle(full_deck(6))
    assert data.pop("rng") == shuffled.state
    assert [len(h) for h in data.pop("hands")] == [5, 5, 5, 5]
    assert len(data.pop("stock")) == 110 - 21
    four = [0, 0, 0, 0]
    expected = {
        **DEFAULTS,
        "players": 4,
        "dealer": 2,
        "pile": [{"card": "4h", "by": 2, "anchor": 2}],
        "front": four,
        "joker_seq": four,
        "turn": 3,
        "owed": [[], [], [], []],
        "silent": [False] * 4,
        "out": [False] * 4,
        "rest": [False] * 4,
        "pilze": four,
        "turn_actions": 0,
    }
    del expected["hands"], expected["rng"]
    assert data == expected


# -- what a game counts (``stats``: the simulator's report) ------------------------------------

# player 0 holds a card for each count; player 1 a fitting 9 and an unfitting 8 for a throw-in
COUNTED = [
    ["4h", "10h", "10d", "5h", "Qh", "3c", "Kc", "joker"],
    ["4s", "Kd", "8c", "9h"],
    ["Qd", "5s", "3s"],
    ["9c", "8h"],
]
WINDOW = {"at": 0, "anchor": 2, "layer": 2}
SLAP_ALL = [(0, {"lay": "5h"}), (1, {"slap": "left"}), (2, {"slap": "right"})]
COUNTS = (
    "lays",
    "penalty_words",
    "slaps",
    "penalty_slap",
    "swaps",
    "chains_taken",
    "sat_out",
    "threes",
    "jokers_down",
    "throw_ins",
    "privilege_throws",
    "penalty_misfit",
    "pilze",
)


@pytest.mark.parametrize(
    ("pile", "fields", "moves", "counts"),
    [
        (["4d"], {}, [(0, {"lay": "4h"})], {"lays": 1}),
        # several 10s are one lay; two words too late are two penalty cards
        (
            ["4d"],
            {"owed": [[], ["mau", "miau"], [], []]},
            [(0, {"lay": ["10d", "10h"]})],
            {"lays": 1, "penalty_words": 2},
        ),
        # a slap: the one who slapped the wrong hand draws 2, the two who did not slap 1 each
        (
            ["4h"],
            {},
            [*SLAP_ALL, (REFEREE, {"close": "slap"})],
            {"lays": 1, "slaps": 1, "penalty_slap": 4},
        ),
        (["4h"], {}, [(0, {"lay": "Qh", "swap": 2})], {"lays": 1, "swaps": 1}),
        (["7s", "7h"], {}, [(0, {"take": True})], {"chains_taken": 1}),
        (["8s"], {}, [(0, {"sit_out": True})], {"sat_out": 1}),
        (["4h"], {}, [(2, {"lay": "3s"})], {"threes": 1}),
        (["4h"], {}, [(0, {"joker": True})], {"jokers_down": 1}),
        (
            ["4h"],
            {"turn": 2, "front": [1, 0, 0, 0], "joker_seq": [1, 0, 0, 0]},
            [(0, {"throw": "4h"})],
            {"throw_ins": 1, "privilege_throws": 1},
        ),
        (["9d"], {"turn": 3, "window": WINDOW}, [(1, {"throw": "9h"})], {"throw_ins": 1}),
        (["9d"], {"turn": 3, "window": WINDOW}, [(1, {"throw": "8c"})], {"penalty_misfit": 1}),
        (["4d", "4c", "4s"], {}, [(0, {"lay": "4h"})], {"lays": 1, "pilze": 1}),
    ],
)
def test_a_game_counts_what_happened(pile, fields, moves, counts) -> None:
    """``stats``: what happened, for the simulator's reports: each lay (several 10s are one),
    slap, swap, chain taken, 8 sat out, 3, joker put down, throw-in (and which were under the
    privilege), Pilz, and each penalty card by its reason; and each action applied, a step."""
    # each count goes on from where it stood (five of each before)
    before = dict.fromkeys(COUNTS, 5)
    state = table(COUNTED, pile, counts=before, **fields)
    for player, action in moves:
        state.apply(player, action)
    assert state.stats() == {k: 5 + counts.get(k, 0) for k in COUNTS}
    assert state.to_json()["steps"] == len(moves)  # every action applied is a step


def test_a_game_counts_its_reshuffles_and_the_pilze_spent() -> None:
    """``stats``: a reshuffle of the pile into the stock, and a Pilz spent on a winner."""
    state = table(THREE, ["4h"], rest="pile", owed=[[], ["mau"], []], counts={"reshuffles": 2})
    state.apply(0, {"draw": True})
    assert state.stats() == {"penalty_words": 1, "reshuffles": 3}
    hands = [COUNTED[0], [], *COUNTED[2:]]
    won = {"out": [False, True, False, False], "winners": [1], "pilze": [1, 0, 0, 0]}
    state = table(hands, ["4d"], counts={"pilze_spent": 1}, **won)
    state.apply(0, {"pilz": 1})
    assert state.stats() == {"pilze_spent": 2}


# -- what the log says -------------------------------------------------------------------------


def told_as(events) -> list[tuple[str, dict[str, Any], frozenset[int] | None]]:
    """Each event as the log keeps it: its kind, its data and who sees it (None: everyone)."""
    return [(e.type, e.data, e.visible_to) for e in events]


def test_the_log_of_a_swap_shows_each_their_new_hand_only() -> None:
    """A queen's swap: everyone sees who swapped with whom, each of the two their new hand."""
    state = table(COUNTED, ["4h"])
    assert told_as(state.apply(0, {"lay": "Qh", "swap": 2})) == [
        ("lay", {"player": 0, "card": "Qh"}, None),
        ("swap", {"player": 0, "partner": 2}, None),
        ("hand", {"cards": ["Qd", "3s", "5s"]}, frozenset({0})),
        ("hand", {"cards": ["3c", "Kc", "10d", "4h", "5h", "10h", "joker"]}, frozenset({2})),
        ("turn", {"player": 1}, None),
    ]


def test_the_log_of_words_too_late_names_the_player_and_the_words() -> None:
    """A word not said before another player's turn action: a penalty card per word, logged
    with the words."""
    state = table(COUNTED, ["4d"], owed=[[], ["mau", "miau"], [], []])
    assert told_as(state.apply(0, {"lay": "4h"}))[0] == (
        "too_late",
        {"player": 1, "words": ["mau", "miau"]},
        None,
    )


def test_the_log_of_a_card_that_counts_again_and_of_a_3_on_a_3_at_once() -> None:
    """A 3 on a 3 after a turn action: the card below counts again (logged by its name); a 3
    on a 3 at once: the turn as it was, logged with the player on turn and the direction."""
    state = table([["9s", "Kc"], *COUNTED[1:]], ["4h", "8d", "3c"])
    state.apply(0, {"draw": True})
    assert told_as(state.apply(2, {"lay": "3s"})) == [
        ("lay", {"player": 2, "card": "3s"}, None),
        ("counts_again", {"card": "8d"}, None),
    ]
    state = table(COUNTED, ["4h", "Kd"], direction=-1)
    state.apply(2, {"lay": "3s"})
    assert told_as(state.apply(0, {"lay": "3c"})) == [
        ("lay", {"player": 0, "card": "3c"}, None),
        ("restore", {"turn": 0, "direction": -1}, None),
    ]


def test_the_log_of_the_deal_of_a_pilz_and_of_a_draw_with_nothing_left() -> None:
    """The deal (the dealer, five cards each, the card turned up), a Pilz earned (by whom, of
    which rank) and spent (on which winner), a draw with nothing left to draw."""
    dealt = MaumauState(load_game("maumau"), 3, Rng(5)).deal(1)
    assert told_as(dealt) == [
        ("deal", {"dealer": 1, "cards": 5}, None),
        ("turn_up", {"card": "7h", "dealer": 1}, None),
        ("turn", {"player": 2}, None),
    ]
    state = table(COUNTED, ["4d", "4c", "4s"])
    assert told_as(state.apply(0, {"lay": "4h"}))[1] == ("pilz", {"player": 0, "rank": "4"}, None)
    won = {"out": [False, True, False, False], "winners": [1], "pilze": [1, 0, 0, 0]}
    state = table([COUNTED[0], [], *COUNTED[2:]], ["4d"], **won)
    assert told_as(state.apply(0, {"pilz": 1})) == [
        ("pilz_spent", {"player": 0, "winner": 1}, None)
    ]
    state = table([["4c", "Kd"], ["4d"], []], ["9s"], rest="hand", rest_to=2)
    assert told_as(state.apply(0, {"draw": True}))[1] == ("no_cards", {"player": 0}, None)


@pytest.mark.parametrize("players", [2, 9])
def test_a_position_for_a_table_the_game_does_not_seat_is_refused(players: int) -> None:
    """A position is a table of 3 to 8 (the ``seats`` option) like a new game."""
    hands = [[c] for c in ("4d", "5d", "6d", "7d", "8d", "9d", "Kd", "Qd", "Jd")[:players]]
    with pytest.raises(OptionError) as caught:
        table_free({"players": players, "hands": hands, "pile": ["4h"]})
    assert str(caught.value) == f"Bodensee Mau-Mau is played by 3 to 8 players, not {players}"


def test_with_nobody_on_turn_the_next_action_gives_the_turn_to_the_dealers_neighbour() -> None:
    """After every action the table settles: nobody on turn while cards are held, the turn
    goes to the next seat from the dealer that holds cards (a word said is action enough)."""
    state = table(TWOS, ["4h"], turn=None, dealer=2, owed=[[], ["mau"], [], []])
    assert told_as(state.apply(1, {"say": "mau"})) == [
        ("say", {"player": 1, "word": "mau"}, None),
        ("turn", {"player": 3}, None),
    ]


@pytest.mark.parametrize(
    ("pile", "fields", "action"),
    [
        (["7h"], {}, {"take": True}),
        (["8h"], {}, {"sit_out": True}),
        (["4h"], {}, {"draw": True}),
        (["4h"], {"mode": "drawn"}, {"pass": True}),
        (["4s"], {}, {"lay": "9s"}),
    ],
)
def test_a_turn_action_makes_the_others_words_too_late_not_the_players_own(
    pile: list[str], fields: dict[str, Any], action: dict[str, Any]
) -> None:
    """ "A due word must be said before the first turn action that another player makes after
    it became due": each turn action of player 0 costs player 2 the word still owed (a penalty
    card, logged), while player 0's own word is still in time."""
    hands = [["9s", "Kc", "9c"], ["4s", "Kd"], ["Qd", "5s"], ["9c", "8h"]]
    state = table(hands, pile, owed=[["mau"], [], ["miau"], []], **fields)
    events = state.apply(0, action)
    assert [e.data for e in events if e.type == "too_late"] == [{"player": 2, "words": ["miau"]}]
    assert {"player": 2, "count": 1, "why": "words"} in [e.data for e in events]
    data = state.to_json()
    assert data["owed"] == [["mau"], [], [], []]
    assert data["turn_actions"] == 1 + 1  # a position is a game under way: one made before


def test_a_pass_after_an_extra_lay_passes_the_turn_on_from_the_aces_anchor() -> None:
    """After an ace the extra lay or the pass; a thrown-in ace counts from the 9's layer (its
    anchor), so the turn passes on from there, not from the one who passed."""
    hands = [["9s", "Kc", "9c"], ["4s", "Kd"], ["Qd", "5s"], ["9c", "8h"]]
    state = table(hands, ["4h", {"card": "Ah", "by": 0, "anchor": 2}], mode="ace", ace=1)
    assert told_as(state.apply(0, {"pass": True})) == [
        ("pass", {"player": 0}, None),
        ("turn", {"player": 3}, None),
    ]


def test_a_turn_action_begins_the_effect_of_the_card_under_a_joker() -> None:
    """A king's effect has begun "when the next player in the new direction makes a turn
    action"; a joker on the pile lies between and is skipped (jokers on the pile are
    ignored)."""
    hands = [["9s", "Kc", "9c"], ["4s", "Kd"], ["Qd", "5s"], ["9c", "8h"]]
    king = {"card": "Kh", "by": 1, "anchor": 1, "active": True}
    state = table(hands, ["4h", king, "joker"], direction=-1)
    state.apply(0, {"lay": "Kc"})
    assert state.to_json()["pile"][1] == {**king, "begun": True}


def test_on_a_pile_where_nothing_could_be_turned_up_the_first_card_laid_is_the_reference() -> None:
    """ "If no card at all can be turned up, any card fits until one is laid" (engine choice):
    the lay onto the empty pile is the reference card and the turn passes on."""
    state = table(TWOS, [], free=True)
    state.apply(0, {"lay": "4d"})
    view = state.view(None)
    assert (view["pile"], view["reference"], view["free"], view["turn"]) == (
        [{"card": "4d", "by": 0, "anchor": 0}],
        0,
        False,
        1,
    )


# -- the effects of a card laid, thrown in or turned up (``_effects``) -------------------------


def test_with_first_ace_none_an_ace_laid_in_play_still_gives_its_extra_lay() -> None:
    """Option ``first_ace = none`` takes the effect from the dealer's turned-up ace only: an ace
    laid in play still lets its layer "lay one more fitting card"."""
    hands = [["Ad", "Kc"], ["4s", "Kd"], ["2c", "5s"], ["9c", "8h"]]
    state = table(hands, ["4d"], options={"first_ace": "none"})
    state.apply(0, {"lay": "Ad"})
    view = state.view(None)
    assert (view["turn"], view["facing"], view["pile"][-1]) == (
        0,
        "ace",
        {"card": "Ad", "by": 0, "anchor": 0},
    )


# player 0 holds one card of each rank with an effect; a 4h on the pile, the others hold cards
EFFECTS = [["Jh", "Kh", "9h", "Ah", "5h", "Qh"], ["4s", "Kd"], ["2c", "5s", "9c"], ["9d", "8c"]]


@pytest.mark.parametrize(
    ("action", "log"),
    [
        (
            {"lay": "Jh", "wish": "c"},
            [("wish", {"player": 0, "suit": "c"}), ("turn", {"player": 1})],
        ),
        ({"lay": "Kh"}, [("reverse", {"direction": -1}), ("turn", {"player": 3})]),
        ({"lay": "9h"}, [("turn", {"player": 1}), ("nine", {"player": 0})]),
        ({"lay": "Ah"}, [("ace", {"player": 0})]),
        ({"lay": "5h"}, [("turn", {"player": 1}), ("slap_open", {"layer": 0, "need": "left"})]),
    ],
)
def test_the_log_of_each_cards_effect(action: dict[str, Any], log: list[Any]) -> None:
    """What each effect tells the table, in order after the lay: the jack's wished suit, the
    king's new direction, the ace's extra lay, the 9's window and the slap of a 5 (each after
    the turn has passed on, as the 9 and the 5 open to everyone)."""
    state = table(EFFECTS, ["4h"])
    events = state.apply(0, action)
    assert [(e.type, e.data) for e in events] == [
        ("lay", {"player": 0, "card": action["lay"]}),
        *log,
    ]


# -- throw-ins (``_throw``) and draws (``_draw``) ----------------------------------------------


def test_a_queen_thrown_in_onto_a_9_swaps_with_a_silent_winner_and_owes_by_the_hands_after() -> (
    None
):
    """A queen thrown in: "the thrower makes ... the swap ... and the words", counted "after the
    swap": the thrower, left without cards, owes "Mau-Mau" (and "Matt", the window being closed
    by the throw-in), the silent winner with one card "Mau" and plays on. The 9 is begun and
    done, the turn passes on from the 9's layer."""
    nine = {"card": "9h", "by": 0, "anchor": 0}
    state = table(
        [["5s", "Kc"], ["4c", "4d"], ["Qh", "4h"], []],
        ["2h", nine],
        turn=1,
        window={"at": 1, "anchor": 0, "layer": 0},
        silent=[False, False, False, True],
    )
    state.apply(2, {"throw": "Qh", "swap": 3})
    data = state.to_json()
    assert (data["hands"][2:], data["owed"][2:], data["silent"][3]) == (
        [[], ["4h"]],
        [["mau-mau", "matt"], ["mau"]],
        False,
    )
    assert data["pile"][1:] == [
        {**nine, "begun": True, "done": True},
        {"card": "Qh", "by": 2, "anchor": 0, "begun": True},
    ]
    assert (data["window"], data["turn"]) == (None, 1)


def test_a_joker_that_a_draw_costs_lies_on_the_pile_as_put_there_by_the_drawer() -> None:
    """ "A player with jokers in front who draws a card puts one of them onto the discard pile
    per card drawn": the joker is theirs on the pile (laid by them, counted from them), and
    the log says whose it was."""
    state = table(TWOS, ["4c"], turn=1, front=[0, 1, 0, 0], joker_seq=[0, 1, 0, 0])
    events = state.apply(1, {"draw": True})
    assert [e.data for e in events if e.type == "joker_to_pile"] == [{"player": 1}]
    data = state.to_json()
    assert data["pile"][-1] == {"card": "joker", "by": 1, "anchor": 1}
    assert (data["front"], len(data["hands"][1])) == ([0, 0, 0, 0], 3)


@pytest.mark.parametrize(
    ("card", "entry"),
    [
        ("4c", {}),
        ("Ah", {"done": True}),  # no extra lay in the middle of a turn: carried out, gone
        ("Kh", {"active": True}),  # the direction reverses, the player on turn stays
    ],
)
def test_a_card_turned_up_in_play_leaves_the_turn_where_it_is(card: str, entry: dict) -> None:
    """ "If nobody in play holds a 2, the next stock card is turned up and counts as laid by the
    dealer", and "the player who was on turn plays on it": a 3 on the reference card leaves
    none, nobody holds a 2, and the dealer's card turned up keeps player 0 on turn, an ace's
    extra lay carried out at once (not the dealer's, not to come back)."""
    hands = [["4s", "Kc"], ["4d", "Kd"], ["3c", "5s", "9h"], ["9c", "8h"]]
    state = table(hands, ["4h"], stock=[card], dealer=1)
    state.apply(2, {"lay": "3c"})
    view = state.view(None)
    assert view["pile"][-1] == {"card": card, "by": 1, "anchor": 1, **entry}
    assert (view["turn"], view["facing"]) == (0, "play")


def test_a_chain_taken_from_a_stock_that_runs_dry_twice_draws_what_the_reshuffle_gave() -> None:
    """ "When the stock is empty, the discard pile is shuffled into a new stock, keeping the
    cards from the top down to the reference card ... A draw with nothing left to draw is
    skipped": two cards owed for the 7, the reshuffle (logged once) gives the one card under
    it, the second draw finds nothing left."""
    hands = [["4s", "Kc"], ["4d", "Kd"], ["5s", "9h"], ["9c", "8h"]]
    state = table(hands, ["4h", "7h"], rest="hand", rest_to=3)
    events = state.apply(0, {"take": True})
    assert [e.type for e in events if e.visible_to is None] == ["take", "reshuffle", "turn"]
    data = state.to_json()
    assert (data["hands"][0], data["stock"], [e["card"] for e in data["pile"]]) == (
        ["Kc", "4h", "4s"],
        [],
        ["7h"],
    )


def test_a_silent_winner_who_takes_a_7_chain_plays_as_before() -> None:
    """A silent winner "takes a 7-chain that reaches their seat", and "with a card in hand they
    play as before": no longer a silent winner (a position says so), so that laying out again
    owes "Mau-Mau" and "Matt" as for anyone."""
    hands = [["7h", "Kc"], [], ["5s", "9h"], ["9c", "8h"]]
    state = table(hands, ["4h"], silent=[False, True, False, False])
    state.apply(0, {"lay": "7h"})
    data = state.to_json()
    assert (len(data["hands"][1]), data["silent"], data["turn"]) == (2, [False] * 4, 2)


def test_a_10_thrown_in_as_the_last_card_owes_its_words_and_leaves_the_throwers_own_in_time() -> (
    None
):
    """A throw-in is resolved as if the 9's layer had laid it, "but the thrower makes ... the
    words": a 10 thrown in as the last card owes "Miau" and "Mau-Mau" (and "Matt", the window
    closed). A throw-in is a turn action, so the others' words are now too late (player 3's
    "Mau") but not the thrower's own ("a turn action that another player makes"). The log names
    the thrower, the card and the 9 it went onto."""
    nine = {"card": "9h", "by": 0, "anchor": 0}
    state = table(
        [["5s", "Kc"], ["4c", "4d"], ["10h"], ["8c"]],
        ["2h", nine],
        turn=1,
        window={"at": 1, "anchor": 0, "layer": 0},
        owed=[[], [], ["mau"], ["mau"]],
    )
    events = state.apply(2, {"throw": "10h"})
    assert [(e.type, e.data) for e in events if e.visible_to is None] == [
        ("too_late", {"player": 3, "words": ["mau"]}),
        ("throw", {"player": 2, "card": "10h", "kind": "nine"}),
        ("turn", {"player": 1}),
    ]
    data = state.to_json()
    assert data["owed"][2:] == [["mau", "miau", "mau-mau", "matt"], []]
    assert (data["hands"][2], len(data["hands"][3]), data["turn"]) == ([], 2, 1)


def test_the_log_of_a_throw_in_under_the_privilege_and_of_a_misfit() -> None:
    """The player with most jokers in front "may throw in a card that would be a legal lay for
    the player on turn": the log says it was thrown in under the privilege. "An unfitting
    throw-in ... is not laid: the card stays in hand, the thrower draws one penalty card",
    logged as a misfit and a draw for the misfit (which costs a joker in front, onto the pile)."""
    hands = [["5s", "Kc"], ["4c", "4s", "Ks"], ["Qs", "5d"], ["8c", "Kd"]]
    front = {"front": [0, 1, 0, 0], "joker_seq": [0, 1, 0, 0]}
    state = table(hands, ["4h"], **front)
    assert told_as(state.apply(1, {"throw": "4s"})) == [
        ("throw", {"player": 1, "card": "4s", "kind": "privilege"}, None),
        ("turn", {"player": 2}, None),
    ]
    state = table(hands, ["4h"], stock=["Jd"], **front)
    assert told_as(state.apply(1, {"throw": "Ks"})) == [
        ("misfit", {"player": 1, "card": "Ks"}, None),
        ("drew", {"player": 1, "cards": ["Jd"]}, frozenset({1})),
        ("drew", {"player": 1, "count": 1, "why": "misfit"}, frozenset({0, 2, 3})),
        ("joker_to_pile", {"player": 1}, None),
    ]


# -- slaps (``_close_slap``) -------------------------------------------------------------------


def test_the_log_of_a_slaps_close_names_the_last_the_penalties_and_draws_for_the_slap() -> None:
    """ "One-hand slaps: last 1, wrong 2": player 1 slapped right on a 5 (wrong, 2 cards),
    player 2 arrived last (1 card). The close is logged with the hand needed, who was last and
    each one's penalty, then each penalty draw, logged as one for the slap."""
    slap = {"layer": 0, "need": "left", "slapped": [[1, "right"], [0, "left"]]}
    hands = [["5s", "Kc"], ["4c", "4d"], ["8d", "Kd"]]
    state = table(hands, [{"card": "5h", "begun": True}], stock=["Jd", "Js"], slap=slap)
    assert told_as(state.apply(2, {"slap": "left"})) == [
        ("slap", {"player": 2, "hand": "left"}, None),
        ("slap_closed", {"need": "left", "last": [2], "penalties": {"1": 2, "2": 1}}, None),
        ("drew", {"player": 1, "cards": ["Js", "Jd"]}, frozenset({1})),
        ("drew", {"player": 1, "count": 2, "why": "slap"}, frozenset({0, 2})),
        ("drew", {"player": 2, "cards": ["2c"]}, frozenset({2})),
        ("drew", {"player": 2, "count": 1, "why": "slap"}, frozenset({0, 1})),
    ]


# -- after every action (``_settle``) ----------------------------------------------------------

NO_TWO = [["4s", "Kc"], ["4d", "Kd"], ["3c", "5s", "9h"], ["9c", "8h"]]


@pytest.mark.parametrize(
    ("fields", "card", "log"),
    [
        # before the first turn action the card turned up is the first card: a king turned up
        # "reverses" where play starts, the dealer's neighbour the other way
        (
            {"dealer": 0, "turn": 1, "turn_actions": 0},
            "Kh",
            [
                ("turn_up", {"card": "Kh", "dealer": 0}),
                ("reverse", {"direction": -1}),
                ("turn", {"player": 3}),
            ],
        ),
        # later, with nobody on turn: the card turned up, then the turn to the dealer's neighbour
        (
            {"dealer": 2, "turn": None, "turn_actions": 3},
            "4c",
            [("turn_up", {"card": "4c", "dealer": 2}), ("turn", {"player": 3})],
        ),
    ],
)
def test_a_card_turned_up_when_a_3_leaves_no_reference_card(fields, card, log) -> None:
    """ "When no reference card exists (... a 3 lies on the first card ...) ... If nobody in
    play holds a 2, the next stock card is turned up and counts as laid by the dealer." Before
    any turn action it is the first card ("a king turned up reverses that": play starts at the
    dealer's other neighbour); after the table settles, nobody being on turn while cards are
    held, the turn goes to the dealer's neighbour, the card turned up kept in the log."""
    state = table(NO_TWO, [{"card": "4h", "by": 0, "anchor": 0}], stock=[card], **fields)
    events = state.apply(2, {"lay": "3c"})
    assert [(e.type, e.data) for e in events] == [
        ("lay", {"player": 2, "card": "3c"}),
        ("cancel", {"card": "4h"}),
        *log,
    ]


def test_while_a_slap_is_open_nobody_is_given_the_turn() -> None:
    """ "While a slap is open, the engine accepts only slaps, words and jokers put down": with
    nobody on turn (a silent winner at the table, so the table settles after each slap), the
    turn goes to the dealer's neighbour only once the slap has closed."""
    slap = {"layer": 0, "need": "left", "slapped": []}
    hands = [["5s", "Kc"], ["4c", "4d"], [], ["8d"]]
    silent = [False, False, True, False]
    state = table(
        hands, [{"card": "5h", "begun": True}], slap=slap, turn=None, dealer=2, silent=silent
    )
    for p in (1, 2, 3):
        assert told_as(state.apply(p, {"slap": "left"})) == [
            ("slap", {"player": p, "hand": "left"}, None)
        ]
    assert state.to_json()["turn"] is None
    assert told_as(state.apply(0, {"slap": "left"}))[-1] == ("turn", {"player": 3}, None)


def test_with_three_out_skip_a_player_who_lays_out_with_a_3_takes_the_7_turned_up() -> None:
    """ "One who emptied their hand with [a 3] then draws ... (option: their turn is skipped)":
    the 3 on the only reference card leaves none, nobody holds a 2, so "the next stock card is
    turned up" (a 7, the player on turn facing it); the player, without cards, is passed over
    but "with a 7-chain pending ... take[s] it (2 per 7)", and the turn passes on: all in the log
    of the 3."""
    hands = [["3c"], ["4d", "Kd"], ["5s", "9h"], ["9c", "8h"]]
    state = table(hands, ["4h"], stock=["Jd", "Js", "7s"], options={"three_out": "skip"})
    assert told_as(state.apply(0, {"lay": "3c"})) == [
        ("lay", {"player": 0, "card": "3c"}, None),
        ("cancel", {"card": "4h"}, None),
        ("turn_up", {"card": "7s", "dealer": 0}, None),
        ("take", {"player": 0, "sevens": 1}, None),
        ("drew", {"player": 0, "cards": ["Js", "Jd"]}, frozenset({0})),
        ("drew", {"player": 0, "count": 2, "why": "chain"}, frozenset({1, 2, 3})),
        ("turn", {"player": 1}, None),
    ]


def test_the_last_word_said_with_nobody_on_turn_gives_the_turn_and_then_ends_the_game() -> None:
    """The table settles after every action: nobody on turn while cards are held, the turn goes
    to the dealer's neighbour; then "the game ends as soon as no word is due ... and at most two
    players hold cards". Both are logged, in that order."""
    hands = [["4c"], ["5d", "6d"], [], []]
    won = {"out": [False, False, True, True], "winners": [2, 3]}
    state = table(hands, ["4h"], turn=None, dealer=3, owed=[["mau"], [], [], []], **won)
    assert [e.type for e in state.apply(0, {"say": "mau"})] == ["say", "turn", "game_end"]
    assert state.is_terminal()


def test_a_queen_laid_as_the_last_card_swapped_with_a_silent_winner_owes_the_layer_alone() -> None:
    """A queen's swap: "each of the two owes ... 'Mau-Mau' if [they end] with none", a word due
    when the hand "becomes empty": the layer, whose last card was the queen, owes it (and Matt);
    the silent winner, empty before and after, owes nothing and stays a silent winner."""
    hands = [["Qh"], ["4d", "Kd"], ["5s", "9h"], []]
    state = table(hands, ["4h"], silent=[False, False, False, True])
    state.apply(0, {"lay": "Qh", "swap": 3})
    data = state.to_json()
    assert (data["owed"], data["silent"]) == (
        [["mau-mau", "matt"], [], [], []],
        [False] * 3 + [True],
    )


# -- the 3 (``_three``) ------------------------------------------------------------------------


def test_a_3_lies_on_the_pile_as_its_layers_with_how_the_turn_stood() -> None:
    """A 3 "may be laid by any player in play at any time": it lies on the pile as laid by its
    layer, with the record of how the turn stood before it (who was on turn, the mode, the
    ace, the direction, the window, the dealer's choice, the turn actions made, no king
    cancelled), which a 3 laid on it at once puts back."""
    hands = [["4s", "Kc"], ["4d", "Kd"], ["3c", "5s", "9h"], ["9c", "8h"]]
    state = table(hands, ["4h", "8d"], turn_actions=4)
    state.apply(2, {"lay": "3c"})
    undo = {"turn": 0, "mode": "play", "ace": None, "direction": 1, "window": None}
    undo |= {"choice": None, "at": 4, "king": None}
    assert state.to_json()["pile"][-1] == {"card": "3c", "by": 2, "anchor": 2, "undo": undo}


THREES = [["4s", "Kc", "3c"], ["4d", "Kd", "3s"], ["5s", "9h"], ["9c", "8h"]]


def test_a_3_on_a_king_reverses_again_and_a_3_on_it_at_once_puts_the_king_back_in_force() -> None:
    """A 3 cancels the king below it: the direction reverses back, logged, and the turn passes
    from the king's layer; a 3 laid at once on that 3 "gives back what that 3 cancelled": the
    turn as it was and the king's reversal in force again (so a later 3 on it reverses again)."""
    king = {"card": "Kh", "by": 3, "anchor": 3, "active": True}
    state = table(THREES, ["4h", king], turn=2, direction=-1)
    assert [(e.type, e.data) for e in state.apply(0, {"lay": "3c"})] == [
        ("lay", {"player": 0, "card": "3c"}),
        ("cancel", {"card": "Kh"}),
        ("reverse", {"direction": 1}),
        ("turn", {"player": 0}),
    ]
    state.apply(1, {"lay": "3s"})
    data = state.to_json()
    assert (data["pile"][1], data["turn"], data["direction"]) == (king, 2, -1)


@pytest.mark.parametrize(
    ("ace", "fields", "log"),
    [
        # the extra lay pending: gone with the ace, the turn passes on from the ace's layer
        ({"by": 0, "anchor": 0}, {"mode": "ace", "ace": 1}, [("turn", {"player": 1})]),
        # an ace turned up in play, carried out at once: nothing of the turn to undo
        ({"by": 1, "anchor": 1, "done": True}, {}, []),
    ],
)
def test_a_3_on_an_ace_takes_back_only_an_extra_lay_still_to_be_made(ace, fields, log) -> None:
    """A 3 on an ace "cancels" it: "what its effect did to the turn is undone". With its extra
    lay still to be made, the layer's turn is over and passes on from them; an ace whose extra
    lay is carried out leaves the turn where it is (a 3 "is not a turn")."""
    state = table(THREES, ["4h", {"card": "Ah", **ace}], **fields)
    assert [(e.type, e.data) for e in state.apply(1, {"lay": "3s"})] == [
        ("lay", {"player": 1, "card": "3s"}),
        ("cancel", {"card": "Ah"}),
        *log,
    ]
    assert state.to_json()["turn"] == (log[0][1]["player"] if log else 0)


def test_a_3_on_a_9_closes_its_window_for_good() -> None:
    """A 3 may go on a 9 until "someone throws in": it cancels the 9, whose window closes, and
    the 9 is carried out ("each effect happens at most once per card"), so no window opens if
    it counts again."""
    nine = {"card": "9h", "by": 0, "anchor": 0}
    state = table(THREES, ["4h", nine], turn=1, window={"at": 1, "anchor": 0, "layer": 0})
    state.apply(0, {"lay": "3c"})
    data = state.to_json()
    assert (data["pile"][1], data["window"]) == ({**nine, "done": True}, None)


def test_a_king_that_counts_again_after_a_turn_action_reverses_again_and_is_in_force() -> None:
    """ "A card that becomes the reference card again (its 3 was cancelled ...) gets back only
    an effect not yet carried out": a king whose reversal a 3 took back (a turn action between,
    so no putting back) reverses again and is in force again, logged as counting again."""
    hands = [["9c", "Kc", "3c"], *THREES[1:]]
    king = {"card": "Kh", "by": 3, "anchor": 3, "active": True}
    state = table(hands, ["4h", king], turn=2, direction=-1)
    for p, action in [(0, {"lay": "3c"}), (0, {"draw": True}), (0, {"pass": True})]:
        state.apply(p, action)
    assert [(e.type, e.data) for e in state.apply(1, {"lay": "3s"})] == [
        ("lay", {"player": 1, "card": "3s"}),
        ("counts_again", {"card": "Kh"}),
        ("reverse", {"direction": -1}),
    ]
    assert state.to_json()["pile"][1] == king


def out_with_an_ace_taken_back():
    """Player 0 lays out with an ace, player 2 takes the extra lay back with a 3: the turn
    passes to player 1, and player 0, no longer on turn, owes "Mau-Mau" and "Matt"."""
    hands = [["Ah"], ["4d", "Kd", "3s"], ["5s", "9h", "3c"], ["9c", "8h"]]
    state = table(hands, ["4h"])
    for p, action in [(0, {"lay": "Ah"}), (2, {"lay": "3c"})]:
        state.apply(p, action)
    assert state.to_json()["owed"][0] == ["mau-mau", "matt"]
    return state


def test_a_3_on_a_3_at_once_passes_over_a_player_who_has_said_matt_since() -> None:
    """A 3 on a 3 with no turn action between puts the turn back as it was: but the player it
    was with has said "Mau-Mau" and "Matt" since, so has "left play": passed over."""
    state = out_with_an_ace_taken_back()
    for word in ("mau-mau", "matt"):
        state.apply(0, {"say": word})
    assert [(e.type, e.data) for e in state.apply(1, {"lay": "3s"})] == [
        ("lay", {"player": 1, "card": "3s"}),
        ("restore", {"turn": 0, "direction": 1}),
        ("turn", {"player": 1}),
    ]
    data = state.to_json()
    assert (data["turn"], data["mode"], data["ace"]) == (1, "play", None)


def test_a_player_given_the_turn_back_by_a_3_on_a_3_who_says_matt_passes_it_on() -> None:
    """The turn put back by a 3 on a 3 with the player who owes "Matt" (no cards): saying it,
    they win, are logged as winner 1, and "a winner who said Matt has left play", so the turn
    passes on from them."""
    state = out_with_an_ace_taken_back()
    state.apply(0, {"say": "mau-mau"})
    state.apply(1, {"lay": "3s"})
    assert state.to_json()["turn"] == 0
    assert [(e.type, e.data) for e in state.apply(0, {"say": "matt"})] == [
        ("say", {"player": 0, "word": "matt"}),
        ("won", {"player": 0, "place": 1}),
        ("turn", {"player": 1}),
    ]
    data = state.to_json()
    assert (data["turn"], data["mode"], data["out"][0]) == (1, "play", True)


@pytest.mark.parametrize(
    ("hand", "silent", "log", "after"),
    [
        # the layer holds cards: the extra lay and the turn are theirs again
        (["9d", "Kc"], False, [("ace", {"player": 0})], ({}, 0, "ace", 1)),
        # a silent winner holds none: the extra lay has lapsed, carried out, the turn stays
        ([], True, [], ({"done": True}, 1, "play", None)),
    ],
)
def test_an_ace_that_counts_again_gives_its_extra_lay_back_to_a_layer_who_can_make_it(
    hand, silent, log, after
) -> None:
    """ "A card that becomes the reference card again ... gets back only an effect not yet
    carried out — ... an ace's extra lay not made": a 3 on the 3 on the ace (turn actions
    between) gives the extra lay back to the ace's layer, with the turn, logged; a layer who
    holds no card cannot make it, and it lapses."""
    ace = {"card": "Ah", "by": 0, "anchor": 0}
    pile = ["4h", ace, {"card": "3c", "by": 2, "anchor": 2}]
    hands = [hand, ["4d", "Kd"], ["5s", "9h"], ["9d", "8h", "3s"]]
    state = table(hands, pile, turn=1, silent=[silent, False, False, False])
    assert [(e.type, e.data) for e in state.apply(3, {"lay": "3s"})] == [
        ("lay", {"player": 3, "card": "3s"}),
        ("counts_again", {"card": "Ah"}),
        *log,
    ]
    data = state.to_json()
    flags, turn, mode, at = after
    assert (data["pile"][1], data["turn"], data["mode"], data["ace"]) == (
        {**ace, **flags},
        turn,
        mode,
        at,
    )


def test_a_2_laid_as_the_last_card_on_an_empty_pile_owes_mau_mau() -> None:
    """ "Any player in play may lay a 2 of any suit" when no reference card exists (a 3 on the
    first card), and "'Mau-Mau' when their hand becomes empty": the 2 was player 1's last card,
    they owe "Mau-Mau" (and "Matt"), and the player on turn plays on it."""
    hands = [["9c", "Kc"], ["2s"], ["5s", "9h"], ["9d", "8h"]]
    state = table(hands, ["4h", {"card": "3c", "by": 2, "anchor": 2}])
    assert [e.type for e in state.apply(1, {"lay": "2s"})] == ["lay"]
    data = state.to_json()
    assert (data["owed"][1], data["turn"]) == (["mau-mau", "matt"], 0)
    assert data["pile"][-1] == {"card": "2s", "by": 1, "anchor": 1}


def test_of_two_players_with_as_many_jokers_in_front_the_later_holds_the_privilege() -> None:
    """ "The player in play with most jokers in front (on a tie: the tied player who put one
    down most recently) holds the throw-in privilege": player 2 puts down a joker after player
    1 did, counted as the next one put down at the table."""
    hands = [["9c", "Kc"], ["4d", "Kd"], ["5s", "joker"], ["9d", "8h"]]
    state = table(hands, ["4h"], front=[0, 1, 0, 0], joker_seq=[0, 5, 0, 0])
    assert state.privileged() == 1
    state.apply(2, {"joker": True})
    data = state.to_json()
    assert (state.privileged(), data["joker_seq"], data["seq"]) == (2, [0, 5, 6, 0], 6)


# -- who is next (``_pass_turn``) --------------------------------------------------------------


def test_the_turn_passes_over_a_winner_who_has_said_matt() -> None:
    """ "The next player is the next seat in the current direction that holds cards": player 1
    has said "Matt" and left play, so the turn goes past them to player 2."""
    hands = [["4d", "Kc"], [], ["5s", "9h"], ["9c", "8h"]]
    state = table(hands, ["4h"], out=[False, True, False, False], winners=[1])
    assert [(e.type, e.data) for e in state.apply(0, {"lay": "4d"})] == [
        ("lay", {"player": 0, "card": "4d"}),
        ("turn", {"player": 2}),
    ]


def test_a_player_who_lays_out_when_nobody_else_holds_cards_leaves_nobody_on_turn() -> None:
    """With no seat holding cards the turn goes to nobody: player 0 lays their last card (a
    silent winner and a winner the others), owes "Mau", "Mau-Mau" and "Matt" with nobody on
    turn, and with the last word the game ends, player 0 the second winner."""
    won = {"out": [False, False, True], "silent": [False, True, False], "winners": [2]}
    state = table([["4d"], [], []], ["4h"], owed=[["mau"], [], []], **won)
    assert [e.type for e in state.apply(0, {"lay": "4d"})] == ["lay"]
    data = state.to_json()
    assert (data["turn"], data["owed"][0]) == (None, ["mau", "mau-mau", "matt"])
    for word in ("mau", "mau-mau", "matt"):
        state.apply(0, {"say": word})
    assert state.is_terminal()
    assert state.result().ranks == (2, 3, 1)


def test_the_dealers_wish_for_a_jack_turned_up_is_logged_and_kept_on_the_jack() -> None:
    """A jack turned up "gets the dealer's wish": the dealer (player 3) wishes clubs, logged
    with their seat and the suit, the wish kept on the jack, the player on turn plays on."""
    jack = {"card": "Js", "by": 3, "anchor": 3}
    hands = [["4c", "Kc"], ["Kd", "4d"], ["5s", "9h"], ["9c", "8h"]]
    state = table(hands, ["4h", jack], dealer=3, choice={"what": "wish", "player": 3})
    assert told_as(state.apply(3, {"wish": "c"})) == [("wish", {"player": 3, "suit": "c"}, None)]
    data = state.to_json()
    assert (data["pile"][-1], data["choice"], data["turn"]) == ({**jack, "wish": "c"}, None, 0)


def test_a_player_owing_matt_given_cards_by_the_dealers_swap_no_longer_owes_it() -> None:
    """A queen turned up "makes the dealer swap" (not a turn action: nobody's words are too
    late). Player 0, between "Mau-Mau" and "Matt", gets the dealer's cards: "with a card in
    hand they play as before", so "Matt" is no longer owed ("Mau-Mau" still is), and the
    dealer, now without cards, owes "Mau-Mau" and "Matt"."""
    queen = {"card": "Qs", "by": 3, "anchor": 3, "begun": True}
    hands = [[], ["Kc", "4d"], ["5s", "9h"], ["9c", "8h"]]
    choice = {"what": "swap", "player": 3}
    state = table(
        hands,
        ["4h", queen],
        turn=1,
        dealer=3,
        choice=choice,
        owed=[["mau-mau", "matt"], [], [], []],
    )
    state.apply(3, {"swap": 0})
    data = state.to_json()
    assert (data["hands"][0], data["owed"]) == (
        ["9c", "8h"],
        [["mau-mau"], [], [], ["mau-mau", "matt"]],
    )


# -- Pilze (``_pilz_check``, ``_spend_pilz``) --------------------------------------------------


@pytest.mark.parametrize(
    ("pile", "pilze", "after"),
    [
        # jokers ignored, but four cards of one rank all the same: a 5 under the two 4s
        (["5c", "4d", "joker"], [0, 0, 0, 0], ([0, 0, 0, 0], 0)),
        # a second Pilz for the same player: the second of the game
        (["4d", "4c", "4s"], [1, 0, 0, 0], ([2, 0, 0, 0], 2)),
    ],
)
def test_a_lay_earns_a_pilz_only_with_four_of_a_rank_on_top_and_two_at_most(
    pile, pilze, after
) -> None:
    """ "A lay earns a Pilz when it makes the top four cards of the pile, jokers ignored, the
    same rank ... At most two Pilze per game." The Pilze held and given after the 4h."""
    state = table([["4h", "Kc"], ["4d", "Kd"], ["5s", "9h"], ["9c", "8h"]], pile, pilze=pilze)
    earned = "pilz" in [e.type for e in state.apply(0, {"lay": "4h"})]
    data = state.to_json()
    assert (data["pilze"], data["pilze_given"]) == after
    assert earned == (after[1] > sum(pilze))


def test_a_jack_that_earns_a_pilz_keeps_its_wish() -> None:
    """A lay earns its Pilz before its effect: the fourth jack on the pile is marked as counted
    for the Pilz and still carries the wish made with it ("after a jack, it fits if it has the
    wished suit or is a jack")."""
    state = table([["Js", "Kc"], ["4d", "Kd"], ["5s", "9h"], ["9c", "8h"]], ["Jc", "Jd", "Jh"])
    assert [e.type for e in state.apply(0, {"lay": "Js", "wish": "d"})] == [
        "lay",
        "pilz",
        "wish",
        "turn",
    ]
    top = {"card": "Js", "by": 0, "anchor": 0, "pilz": True, "wish": "d"}
    assert state.to_json()["pile"][-1] == top
    assert {"lay": "Kd"} in [dict(a) for a in state.legal_actions(1)]


def test_a_throw_in_earns_no_third_pilz() -> None:
    """ "At most two Pilze per game" (throw-ins count like lays): two given, the privileged
    thrower's 4 on three 4s earns none."""
    hands = [["5s", "Kc"], ["4d", "Kd"], ["5s", "9h"], ["9c", "8h"]]
    front = {"front": [0, 1, 0, 0], "joker_seq": [0, 1, 0, 0]}
    state = table(hands, ["4c", "4s", "4h"], pilze=[1, 0, 1, 0], **front)
    assert "pilz" not in [e.type for e in state.apply(1, {"throw": "4d"})]
    assert (state.to_json()["pilze"], state.to_json()["pilze_given"]) == ([1, 0, 1, 0], 2)


def test_a_pilz_spent_brings_a_winner_back_into_play_as_a_silent_winner() -> None:
    """ "Naming a winner who has left play: that winner comes back as a silent winner": back in
    play, off the list of winners, the Pilz spent."""
    won = {"out": [False, True, False, False], "winners": [1], "pilze": [1, 0, 0, 0]}
    state = table([["4d", "Kc"], [], ["5s", "9h"], ["9c", "8h"]], ["4c"], **won)
    state.apply(0, {"pilz": 1})
    data = state.to_json()
    assert (data["out"], data["silent"]) == ([False] * 4, [False, True, False, False])
    assert (data["winners"], data["pilze"]) == ([], [0, 0, 0, 0])


# -- the dealer's card turned up in play (``_turn_up``) ----------------------------------------


def test_a_dealer_who_has_said_matt_is_stood_in_for_by_the_player_on_turn() -> None:
    """A 3 on the only reference card, nobody holding a 2: "the next stock card is turned up
    and counts as laid by the dealer". The dealer has said "Matt" and left play, so the player
    on turn stands in: the 10 counts as theirs, and they owe its "Miau"."""
    hands = [["4s", "Kc"], ["4d", "Kd"], ["3c", "5s", "9h"], []]
    won = {"out": [False, False, False, True], "winners": [3]}
    state = table(hands, ["4h"], stock=["10c"], dealer=3, **won)
    assert [(e.type, e.data) for e in state.apply(2, {"lay": "3c"})][2:] == [
        ("turn_up", {"card": "10c", "dealer": 0})
    ]
    data = state.to_json()
    assert (data["pile"][-1], data["owed"][0]) == ({"card": "10c", "by": 0, "anchor": 0}, ["miau"])


# every 2 of the deck under a 3 on the pile, no reference card; player 0 holds all the rest
TWOS_UNDER_THREES = [c for s in "cdhs" for c in (f"2{s}", f"3{s}")] * 2
NO_REFERENCE = [["joker"], ["4d", "Kd"], ["5s", "9h"], ["9c", "8h"]]


def test_a_card_to_turn_up_from_an_empty_stock_comes_from_the_pile_reshuffled() -> None:
    """ "When the stock is empty, the discard pile is shuffled into a new stock, keeping the
    cards from the top down to the reference card" (with none, the top card): the pile is
    2s each under a 3, no reference card, nobody else holding a 2, the stock empty. A joker
    put down settles the table: the 15 cards under the top 3 become the stock, and the dealer
    turns up its top card."""
    state = table(NO_REFERENCE, TWOS_UNDER_THREES, stock=[], rest="hand", rest_to=0)
    assert [(e.type, e.data) for e in state.apply(0, {"joker": True})][1:] == [
        ("reshuffle", {"cards": 15}),
        ("turn_up", {"card": "2d", "dealer": 0}),
    ]
    data = state.to_json()
    assert ([e["card"] for e in data["pile"]], len(data["stock"])) == (["3s", "2d"], 14)


def test_with_nothing_but_a_joker_to_turn_up_the_pile_is_free() -> None:
    """ "A turned-up joker goes back under the stock and the next card is turned": with a joker
    the only card of the stock, the dealer turns it up once for each card of the stock and the
    pile and once more (18), then gives up: "rather than stop the table, any card fits until
    one is laid", logged as a free pile, and the player on turn plays on."""
    state = table(NO_REFERENCE, TWOS_UNDER_THREES, stock=["joker"], rest="hand", rest_to=0)
    events = [(e.type, e.data) for e in state.apply(0, {"joker": True})]
    assert events[1:] == [("turn_up", {"card": "joker", "dealer": 0})] * 18 + [("free_pile", {})]
    data = state.to_json()
    assert (data["free"], data["stock"], state.facing()) == (True, ["joker"], "play")
    state.apply(0, {"lay": "7c"})  # any card fits, and counts: player 1 faces the chain
    data = state.to_json()
    assert (data["free"], data["pile"][-1]["card"], data["turn"]) == (False, "7c", 1)
    assert state.facing() == "chain"


def test_a_7_at_the_bottom_of_the_pile_taken_is_done() -> None:
    """ "Facing a 7-chain: ... take it (draw 2 per 7; the turn ends)", and "each effect happens
    at most once per card": the one 7 of the pile, its first card, is drawn for, begun and
    done, and the next player faces no chain."""
    seven = {"card": "7h", "by": 3, "anchor": 3}
    state = table([["4s", "Kc"], ["4d", "Kd"], ["5s", "9h"], ["9c", "8h"]], [seven])
    state.apply(0, {"take": True})
    assert state.to_json()["pile"] == [{**seven, "begun": True, "done": True}]
    assert (state.to_json()["turn"], state.facing()) == (1, "play")


@pytest.mark.parametrize(
    ("pile", "eight"),
    [
        ([{"card": "8h", "by": 3, "anchor": 3}], True),
        ([{"card": "8h", "by": 3, "anchor": 3, "begun": True, "done": True}], False),
        (["8h", "4h"], False),
        (["3h"], False),  # no reference card
    ],
)
def test_facing_eight_says_whether_the_reference_card_is_an_8_not_sat_out(pile, eight) -> None:
    """ "Facing an 8: lay an 8, or sit out": ``facing_eight`` is true while the reference card
    is an 8 whose sitting out has not happened."""
    state = table([["4s", "Kc"], ["4d", "Kd"], ["5s", "9h"], ["9c", "8c"]], pile)
    assert state.facing_eight() is eight


def test_between_names_the_players_between_mau_mau_and_matt() -> None:
    """ "In play: card holders, silent winners, and players between 'Mau-Mau' and 'Matt'":
    ``between`` is true only for the one in play without cards who is no silent winner (player
    1), not for a card holder (0), a silent winner (2) or a winner out of play (3)."""
    fields = {"silent": [False, False, True, False], "out": [False, False, False, True]}
    state = table([["4s", "Kc"], [], [], []], ["4h"], winners=[3], **fields)
    assert [state.between(p) for p in range(4)] == [False, True, False, False]


@pytest.mark.parametrize(
    ("fields", "face"),
    [
        ({}, "play"),
        ({"slap": {"layer": 1, "need": "left", "slapped": []}}, None),
        ({"choice": {"what": "wish", "player": 0}}, None),
        ({"turn": None}, None),
        ({"over": True}, None),
    ],
)
def test_the_player_on_turn_faces_nothing_while_turn_actions_wait(fields, face) -> None:
    """What the player on turn faces (``facing``): nothing while turn actions wait: "while a
    slap is open, the engine accepts only slaps, words and jokers put down", a dealer's choice
    comes first, nobody is on turn, or the game is over."""
    state = table([["4s", "Kc"], ["4d", "Kd"], ["5s", "9h"], ["9c", "8c"]], ["4h"], **fields)
    assert state.facing() == face


def test_an_action_handed_back_as_listed_is_taken_as_its_player_s() -> None:
    """Hosts and bots hand back one of the actions ``legal_actions`` listed: it is taken at once
    (found in the list by identity), as the player's own, like the same action written out."""
    state = table([["4d", "Kc"], ["4s", "Kd"], ["5s", "9h"], ["9c", "8h"]], ["4h"])
    listed = next(a for a in state.legal_actions(0) if dict(a) == {"lay": "4d"})
    assert told_as(state.apply(0, listed)) == [
        ("lay", {"player": 0, "card": "4d"}, None),
        ("turn", {"player": 1}, None),
    ]


def test_a_resample_deals_the_unseen_cards_anew_and_draws_its_own_seed() -> None:
    """``resample`` (a search's guess at what ``player`` cannot see): player 0's hand and the
    pile stay, the others get as many cards as they held, and those and the stock are the same
    cards as before, dealt anew; the new table's random numbers are seeded from the one given."""
    state = table([["4d", "Kc"], ["4s", "Kd"], ["5s", "9h"], ["9c", "8h"]], ["4h"])
    guess = state.resample(0, Rng(7)).to_json()
    data = state.to_json()
    assert (guess["hands"][0], guess["pile"]) == (data["hands"][0], data["pile"])
    assert [len(h) for h in guess["hands"]] == [2, 2, 2, 2]
    unseen = [*guess["stock"], *(c for h in guess["hands"][1:] for c in h)]
    assert Counter(unseen) == Counter([*data["stock"], *(c for h in data["hands"][1:] for c in h)])
    assert guess["hands"][1:] != data["hands"][1:]
    assert guess["rng"] == Rng(Rng(7).next64()).state
