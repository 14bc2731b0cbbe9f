"""Mancala's rules module (``mancala/rules.py``) pinned where mutation testing (``make mutate``)
found it unchecked: the reason given for each refused action, the position format of the
rulings (shared/rules/mancala.md, "Position format": what ``from_json`` accepts, what it refuses
and why), and the flow of a match between rounds."""

from __future__ import annotations

import copy

import pytest
from mancala_positions import ENDER, TOTAL, end_round, load, position
from position_checks import refusal as reason

import spieltisch
from spieltisch import Action, IllegalAction, RecordError
from spieltisch.games.mancala.rules import board_size

# player 0 to move: pit 0 a single bean, pit 1 three, pit 2 empty
PLAY = [1, 3, 0, 0, 0, 0, 3, 3, 3, 3, 3, 3]


MOVE_FORMAT = 'a move is {"pit": i, "direction": "cw" or "ccw"}'


# -- the reason of a refusal -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "why"),
    [
        ({"place": 1}, MOVE_FORMAT),
        ({"pit": 1}, MOVE_FORMAT),
        (
            {"pit": 1, "direction": "ccw", "to": 2},
            'a move is {"pit": i, "direction": "cw" or "ccw"}',
        ),
        ({"pit": 1, "direction": "left"}, "the direction is 'cw' or 'ccw', not 'left'"),
        ({"pit": 1, "direction": 5}, "the direction is 'cw' or 'ccw', not 5"),
        ({"pit": True, "direction": "ccw"}, "pit is a number from 0 to 11, not True"),
        ({"pit": "1", "direction": "ccw"}, "pit is a number from 0 to 11, not '1'"),
        ({"pit": 12, "direction": "ccw"}, "pit is a number from 0 to 11, not 12"),
        ({"pit": -1, "direction": "cw"}, "pit is a number from 0 to 11, not -1"),
        ({"pit": 6, "direction": "ccw"}, "pit 6 belongs to your opponent; yours are 0 to 5"),
        ({"pit": 11, "direction": "cw"}, "pit 11 belongs to your opponent; yours are 0 to 5"),
        (
            {"pit": 0, "direction": "cw"},
            "pit 0 holds a single bean, and a single bean may not be taken up",
        ),
    ],
)
def test_a_refused_move_says_why(action, why):
    """A move is {"pit": i, "direction": "cw" | "ccw"} with i the ring index of one of the
    mover's pits; "a pit with exactly one bean may not be picked". Each refusal names what is
    wrong."""
    assert str(reason(load(PLAY), 0, action)) == why


def test_an_empty_pit_is_refused_in_the_pages_words():
    """ "The mover picks one own pit holding at least 2 beans": an empty pit is refused with a
    reason the page can say in its reader's language, the pit counted as its owner counts it
    (1..n from the owner's left)."""
    err = reason(load(PLAY), 0, {"pit": 2, "direction": "ccw"})
    assert str(err) == "pit 2 is empty"
    assert (err.key, err.args_said) == ("r.pit.empty", (3,))
    err = reason(
        load([3, 3, 3, 3, 3, 3, 3, 0, 3, 3, 3, 3], to_move=1), 1, {"pit": 7, "direction": "cw"}
    )
    assert (str(err), err.args_said) == ("pit 7 is empty", (2,))


def test_the_second_player_is_told_their_own_pits():
    """ "Player 1 owns n..2n-1": the opponent's pits are refused, however many beans they
    hold."""
    s = load([3] * 12, [18, 18], to_move=1)
    for pit in (0, 3, 5):
        assert str(reason(s, 1, {"pit": pit, "direction": "ccw"})) == (
            f"pit {pit} belongs to your opponent; yours are 6 to 11"
        )
    s = load(PLAY, to_move=1)
    assert str(reason(s, 1, {"pit": 5, "direction": "cw"})) == (
        "pit 5 belongs to your opponent; yours are 6 to 11"
    )
    assert str(reason(s, 1, {"pit": 0, "direction": "cw"})) == (
        "pit 0 belongs to your opponent; yours are 6 to 11"
    )


def test_a_pit_under_min_pick_and_a_direction_not_played_say_the_option():
    """(options) ``min_pick``: a pit needs this many beans; ``directions``: the sowing
    directions a mover may choose from."""
    s = load([2, 3, 0, 0, 0, 0, 3, 3, 3, 3, 3, 3], options={"min_pick": 3})
    assert str(reason(s, 0, {"pit": 0, "direction": "ccw"})) == (
        "pit 0 holds 2 beans; a pit needs 3"
    )
    s = load(PLAY, options={"directions": "ccw"})
    assert str(reason(s, 0, {"pit": 1, "direction": "cw"})) == "in this game you sow only ccw"
    s = load(PLAY, options={"directions": "cw"})
    assert str(reason(s, 0, {"pit": 1, "direction": "ccw"})) == "in this game you sow only cw"


PLACE_FORMAT = 'while arranging, an action is {"place": k}: k beans into the next pit'
PLACE_RANGE = (
    "you may place 1 to 29 beans into the next pit (every later pit needs at least one), not "
)


def arranging():
    """Player 1 arranges 33 beans over a 2x5 board; nothing placed yet."""
    p = position([0] * 10, [39, 33], phase="arrange", arranger=1, to_move=0, round_no=2)
    return spieltisch.load_game("mancala").from_json(p)


@pytest.mark.parametrize(
    ("action", "why"),
    [
        ({"pit": 5, "direction": "cw"}, PLACE_FORMAT),
        ({"place": "2"}, PLACE_FORMAT),
        ({"place": 2, "pit": 5}, PLACE_FORMAT),
        ({"place": 30}, PLACE_RANGE + "30"),
        ({"place": 0}, PLACE_RANGE + "0"),
    ],
)
def test_a_refused_place_says_why(action, why):
    """ "The action {"place": k} puts k beans in the next pit, with 1 <= k <= beans left - pits
    left after this one" (33 beans, 4 pits after the first: at most 29)."""
    assert str(reason(arranging(), 1, action)) == why


def test_a_move_while_arranging_is_refused_even_by_the_next_mover():
    """While the loser arranges, only {"place": k} is an action — also when the arranger is
    the one who moves first afterwards (option next_starter = loser) and a pit already placed
    holds beans enough to be taken up."""
    p = position(
        [0] * 5 + [4, 0, 0, 0, 0], [39, 29], phase="arrange", arranger=1, to_move=1, round_no=2
    )
    s = game().from_json(p)
    assert str(reason(s, 1, {"pit": 5, "direction": "cw"})) == PLACE_FORMAT
    assert str(reason(s, 1, {"pit": 5, "direction": "ccw"})) == PLACE_FORMAT


# -- the position format -----------------------------------------------------------------------


def game():
    return spieltisch.load_game("mancala")


def refused_position(data) -> str:
    with pytest.raises(RecordError) as err:
        game().from_json(data)
    return str(err.value)


def changed(**fields):
    p = position([6] * 12, [0, 0])
    p.update(fields)
    return p


def without(*keys):
    p = position([6] * 12, [0, 0])
    for k in keys:
        del p[k]
    return p


@pytest.mark.parametrize(
    ("data", "why"),
    [
        ([], "a position is a JSON object"),
        (changed(game="maumau"), "it is a position of 'maumau'"),
        (without("phase"), "it lacks phase"),
        (without("pits", "stores", "to_move"), "it lacks pits, stores, to_move"),
        (changed(pits="6"), "pits is a list of bean counts (whole numbers >= 0)"),
        (changed(pits=[6] * 11 + [-6]), "pits is a list of bean counts"),
        (changed(pits=[6] * 11 + [True]), "pits is a list of bean counts"),
        (changed(pits=[6] * 11 + [6.0]), "pits is a list of bean counts"),
        (changed(pits=[36, 36, 0]), "pits holds two equal rows of 2 to 12 pits, not 3 pits"),
        (changed(pits=[36, 36]), "pits holds two equal rows of 2 to 12 pits, not 2 pits"),
        (
            changed(pits=[3] * 26, stores=[-3, -3]),
            "pits holds two equal rows of 2 to 12 pits, not 26 pits",
        ),
        (changed(stores=[0]), "stores is a list of two bean counts"),
        (changed(stores=[0, 0, 0]), "stores is a list of two bean counts"),
        (changed(stores=(0, 0)), "stores is a list of two bean counts"),
        (changed(stores=[0, -1]), "stores is a list of two bean counts"),
        (changed(stores=[1, 0]), "the beans add up to 73, not 72"),
        (changed(phase="setup"), "phase is one of play, arrange, over, not 'setup'"),
        (changed(to_move=2), "to_move is 0 or 1, not 2"),
        (changed(to_move=True), "to_move is 0 or 1, not True"),
        (changed(first_mover=-1), "first_mover is 0 or 1, not -1"),
        (changed(round=0), "round is a whole number of at least 1, not 0"),
        (changed(rounds="5"), "rounds is a whole number of at least 1, not '5'"),
        (changed(result=1), "result stays null until the match is over"),
        (changed(phase="over", result=None), "a finished match has the result 0, 1 or 'draw'"),
        (changed(phase="over", result=2), "a finished match has the result 0, 1 or 'draw'"),
        (changed(history={"1": [36, 36]}), "history is a list of [beans, beans]"),
    ],
)
def test_a_position_that_is_not_one_is_refused_with_the_reason(data, why):
    """ "A position is this JSON object; from_json of the game accepts it": anything else is
    refused, saying what is wrong."""
    assert refused_position(data).startswith("not a mancala position: " + why)


def test_the_beans_of_a_position_add_up_to_the_games_beans():
    """ "Beans are conserved: the two players' beans always add up to 72" — 2 x pits x seeds
    under other options."""
    g = spieltisch.load_game("mancala", pits=4, seeds=3)
    with pytest.raises(RecordError, match="the beans add up to 72, not 24"):
        g.from_json(position([6] * 12, [0, 0]))
    assert g.from_json(position([3] * 8, [0, 0], total=24)).to_json()["pits"] == [3] * 8


def test_the_smallest_and_largest_boards_are_positions():
    """ "Two rows of n pits": the engine's boards run from 2x2 (the last shrink step) to 2x12."""
    assert game().from_json(position([18] * 4, [0, 0])).n == 2
    assert game().from_json(position([3] * 24, [0, 0])).n == 12


def test_a_position_leaves_out_what_it_can():
    """The keys beyond phase, pits, stores and to_move have defaults: the game is mancala,
    the first mover the player to move, round 1 of the game's agreed rounds, no result and
    no history."""
    g = spieltisch.load_game("mancala", rounds=3)
    s = g.from_json({"phase": "play", "pits": [6] * 12, "stores": [0, 0], "to_move": 1})
    j = s.to_json()
    assert (j["first_mover"], j["round"], j["rounds"], j["result"]) == (1, 1, 3, None)
    assert (j["history"], j["arranger"]) == ([], None)


def test_a_finished_position_keeps_its_result_and_history():
    """ "result is null until the match is over, then 0, 1 or "draw"."""
    for result in (0, 1, "draw"):
        p = changed(phase="over", result=result, history=[[40, 32], [36, 36]])
        s = game().from_json(p)
        assert s.is_terminal()
        assert s.to_json()["result"] == result
        assert s.to_json()["history"] == [[40, 32], [36, 36]]


def arrange(pits, stores, arranger=1, to_move=0):
    return position(pits, stores, phase="arrange", arranger=arranger, to_move=to_move)


@pytest.mark.parametrize(
    ("data", "why"),
    [
        (arrange([0] * 10, [39, 33], arranger=None), "arranger is 0 or 1, not None"),
        (arrange([0] * 10, [39, 33], arranger=2), "arranger is 0 or 1, not 2"),
        (
            arrange([0] * 5 + [4, 0, 3, 0, 0], [39, 26]),
            "the arranger's pits are filled in ring order from the lowest",
        ),
        (
            arrange([0] * 5 + [4, 3, 3, 3, 0], [39, 20]),
            "an arrangement in progress has at least two pits left to fill",
        ),
        (
            arrange([0] * 5 + [4, 3, 3, 3, 3], [39, 17]),
            "an arrangement in progress has at least two pits left to fill",
        ),
        (
            arrange([0, 0, 0, 0, 2, 4, 0, 0, 0, 0], [37, 29]),
            "the opponent's pits stay empty until the arrangement is copied",
        ),
        (
            arrange([0] * 5 + [2, 0, 0, 0, 0], [31, 39], arranger=0, to_move=1),
            "the opponent's pits stay empty until the arrangement is copied",
        ),
        (
            arrange([0] * 5 + [4, 30, 0, 0, 0], [36, 2]),
            "the arranger has fewer beans left than pits to fill",
        ),
    ],
)
def test_an_arrangement_in_progress_that_cannot_be_is_refused(data, why):
    """ "In "arrange", pits holds the beans placed so far (0 = not yet placed), arranger says
    who arranges, and the arranger's unplaced beans are in their store"; "the arranger fills
    their pits in ring order from their lowest index", "at least one bean per pit", "the last
    pit takes the rest with no action"."""
    assert refused_position(data).startswith("not a mancala position: " + why)


def test_an_arrangement_in_progress_with_just_enough_beans_is_read():
    """Three pits left to fill and three beans left: one each (the boundary of the rule)."""
    s = game().from_json(arrange([0] * 5 + [4, 30, 0, 0, 0], [35, 3]))
    assert [a["place"] for a in s.legal_actions(1)] == [1]
    assert s.actors() == frozenset({1})


def test_a_position_read_is_its_own_copy():
    """The state keeps its own lists: changing the JSON object afterwards changes nothing."""
    p = changed(history=[[40, 32]])
    before = copy.deepcopy(p)
    s = game().from_json(p)
    p["pits"][0] = 0
    p["stores"][0] = 6
    p["history"][0][0] = 0
    assert s.to_json()["pits"] == before["pits"]
    assert s.to_json()["stores"] == before["stores"]
    assert s.to_json()["history"] == before["history"]
    assert sum(s.to_json()["pits"]) == TOTAL


# -- the flow of a match: what each step tells -------------------------------------------------

# ENDER's move (player 0 sows pit 0 into pits 1 and 2) leaves player 0 with singles only: the
# round ends and each store gets the 2 beans left in its row
MOVE = {
    "player": 0,
    "pit": 0,
    "direction": "ccw",
    "laps": [{"from": 0, "direction": "ccw", "beans": 2, "to": 2}],
    "captures": [{"pit": 9, "beans": 0}, {"pit": 8, "beans": 0}, {"pit": 7, "beans": 0}],
    "end": "capture",
    "again": False,
}


def told(events):
    return [(e.type, dict(e.data)) for e in events]


def test_a_round_before_the_last_ends_and_the_loser_arranges():
    """ "The player with fewer beans (the loser of the round) arranges ... fewer than 36 ->
    2x5"; "the winner of the last round moves first in the next round"."""
    s, events = end_round([38, 30])
    assert told(events) == [
        ("move", MOVE),
        ("round_end", {"round": 1, "beans": [40, 32], "loser": 1}),
        ("arrange_start", {"round": 2, "arranger": 1, "pits": 5}),
    ]
    j = s.to_json()
    assert (j["phase"], j["arranger"], j["to_move"], j["first_mover"]) == ("arrange", 1, 0, 0)
    assert (j["pits"], j["stores"], j["round"], j["history"]) == ([0] * 10, [40, 32], 2, [[40, 32]])
    assert s.actors() == frozenset({1})


def test_the_last_round_decides_and_says_why():
    """ "After the last round the player with fewer beans loses"."""
    s, events = end_round([38, 30], rounds=2, round_no=2)
    assert told(events)[1:] == [
        ("round_end", {"round": 2, "beans": [40, 32], "loser": 1}),
        (
            "match_end",
            {
                "result": 0,
                "why": "more beans after round 2",
                "beans": [40, 32],
                "loser": 1,
                "round": 2,
            },
        ),
    ]
    r = s.result()
    assert (r.scores, r.ranks, r.summary) == ((40, 32), (1, 2), "player 0 wins")
    assert s.actors() == frozenset() and s.is_terminal()
    assert s.to_json()["arranger"] is None
    s, _ = end_round([30, 38], rounds=1)
    r = s.result()
    assert (r.scores, r.ranks, r.summary) == ((32, 40), (2, 1), "player 1 wins")


def test_a_loser_who_cannot_give_a_pit_two_beans_is_out_and_told_why():
    """(option) "A loser who cannot give any pit 2 beans (beans <= pits per side of the new
    board) is out: the match ends and the other player wins it" — 2 beans, a 2x2 board."""
    s, events = end_round([68, 0])
    assert told(events)[1:] == [
        ("round_end", {"round": 1, "beans": [70, 2], "loser": 1}),
        (
            "match_end",
            {
                "result": 0,
                "why": "player 1 cannot give any of 2 pits two beans",
                "beans": [70, 2],
                "loser": 1,
                "pits": 2,
            },
        ),
    ]
    assert s.result().summary == "player 0 wins"


def test_a_tied_round_restarts_from_the_setup_and_a_tied_last_round_draws():
    """(option) "A tied round (36 : 36) counts as one of the agreed rounds; the next starts
    from the initial setup, 2x6 with 6 per pit, and the player who moved second in the tied
    round moves first"; "equal beans draw"."""
    s, events = end_round([34, 34])
    assert told(events)[1:] == [
        ("round_end", {"round": 1, "beans": [36, 36], "loser": None}),
        ("round_start", {"round": 2, "pits": 6, "first": 1}),
    ]
    j = s.to_json()
    assert (j["pits"], j["stores"], j["to_move"], j["first_mover"]) == ([6] * 12, [0, 0], 1, 1)
    assert (j["phase"], j["round"], j["history"]) == ("play", 2, [[36, 36]])
    s, events = end_round([34, 34], rounds=1)
    assert told(events)[2:] == [
        ("match_end", {"result": "draw", "why": "the last round was tied", "beans": [36, 36]})
    ]
    r = s.result()
    assert (r.scores, r.ranks, r.summary) == ((36, 36), (1, 1), "draw")


def test_a_match_not_over_has_no_result():
    with pytest.raises(IllegalAction, match="the match is not over yet"):
        load(PLAY).result()


def test_arranging_tells_each_pit_and_the_copy():
    """ "The action {"place": k} puts k beans in the next pit ...; the last pit takes the rest
    with no action. Then the copy is made and the round begins": the winner copies into the
    facing pits and banks the rest; the winner of the last round moves first."""
    g = game()
    s = g.from_json(position([0] * 6, [67, 5], phase="arrange", arranger=1, to_move=0))
    assert told(s.apply(1, {"place": 1})) == [("place", {"player": 1, "pit": 3, "beans": 1})]
    assert s.to_json()["stores"] == [67, 4]
    assert told(s.apply(1, {"place": 2})) == [
        ("place", {"player": 1, "pit": 4, "beans": 2}),
        ("place", {"player": 1, "pit": 5, "beans": 2}),
        ("copy", {"player": 0, "pits": [2, 2, 1, 1, 2, 2]}),
    ]
    j = s.to_json()
    assert (j["pits"], j["stores"], j["phase"], j["arranger"]) == (
        [2, 2, 1, 1, 2, 2],
        [62, 0],
        "play",
        None,
    )
    assert s.actors() == frozenset({0})
    assert [(a["pit"], a["direction"]) for a in s.legal_actions(0)] == [
        (0, "ccw"),
        (0, "cw"),
        (1, "ccw"),
        (1, "cw"),
    ]


def test_everyone_sees_the_whole_position():
    """Perfect information: a view is the position, and says whose it is."""
    s = load(PLAY)
    for viewer in (0, 1, None):
        v = s.view(viewer)
        assert v.pop("viewer") == viewer
        assert v == s.to_json()


# -- the game and its options ------------------------------------------------------------------


def test_a_pit_must_be_able_to_be_taken_up_at_the_start():
    """(option) min_pick: "a pit needs this many beans to be taken up" — with fewer beans per
    pit at the start nobody could move, and such a game is refused; as many is a game."""
    with pytest.raises(spieltisch.OptionError) as err:
        spieltisch.load_game("mancala", seeds=2, min_pick=3)
    assert str(err.value) == "with 2 bean(s) per pit and min_pick=3 nobody can move"
    g = spieltisch.load_game("mancala", seeds=3, min_pick=3, first_mover="0")
    assert len(g.new_state(seed=0).legal_actions(0)) == 6 * 2


def test_the_kalah_preset_is_titled_as_openspiels_game():
    assert spieltisch.load_game("mancala", preset="kalah").title == (
        "Kalah (as OpenSpiel's mancala)"
    )
    assert spieltisch.load_game("mancala").title == "Mancala (Giuthi family, sheet 003)"


def test_the_compiled_kernel_is_made_once_per_game():
    """ "Built on first use": the same kernel for every later ask."""
    from spieltisch.games.mancala.kernel import MancalaKernel

    g = spieltisch.load_game("mancala")
    k = g.kernel()
    assert isinstance(k, MancalaKernel)
    assert g.kernel() is k


def test_a_handed_out_move_tells_what_the_same_move_read_from_json_tells():
    """A move is {"pit": i, "direction": "cw" | "ccw"}: the one legal_actions hands out and
    an equal one built anew (read from a log) are the same move, with the same events."""
    s, events = end_round([38, 30])
    again = load(ENDER, [38, 30], to_move=0)
    handed = next(a for a in again.legal_actions(0) if a == {"pit": 0, "direction": "ccw"})
    assert told(again.apply(0, handed)) == told(events)
    assert again.to_json() == s.to_json()
    cw = load([3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3], [33, 33], to_move=0)
    handed = next(a for a in cw.legal_actions(0) if a == {"pit": 0, "direction": "cw"})
    data = told(cw.apply(0, handed))[0][1]
    assert (data["player"], data["pit"], data["direction"]) == (0, 0, "cw")
    assert data["laps"][0] == {"from": 0, "direction": "cw", "beans": 3, "to": 9}


def test_a_loser_who_cannot_give_every_pit_a_bean_is_out_even_without_elimination():
    """ "At least one bean per pit": a loser with fewer beans than the new board's pits per
    side cannot arrange at all, so the match ends whatever the option elimination says (1
    bean, a 2x2 board)."""
    s = load([2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], [69, 0], {"elimination": False})
    events = s.apply(0, {"pit": 0, "direction": "ccw"})
    assert told(events)[1:] == [
        ("round_end", {"round": 1, "beans": [71, 1], "loser": 1}),
        (
            "match_end",
            {
                "result": 0,
                "why": "player 1 cannot give any of 2 pits two beans",
                "beans": [71, 1],
                "loser": 1,
                "pits": 2,
            },
        ),
    ]


@pytest.mark.parametrize(
    ("loser_beans", "start_pits", "size"),
    [
        (40, 6, 6),
        (36, 6, 6),
        (35, 6, 5),
        (20, 6, 5),
        (17, 6, 4),
        (9, 6, 4),
        (8, 6, 3),
        (5, 6, 3),
        (4, 6, 2),
        (1, 6, 2),
        (20, 4, 4),
        (40, 4, 4),
        (4, 3, 2),
        (8, 3, 3),
    ],
)
def test_the_board_shrinks_with_the_losers_beans_but_never_grows_past_the_start(
    loser_beans, start_pits, size
):
    """ "Fewer than 36 -> 2x5, fewer than 18 -> 2x4, fewer than 9 -> 2x3, fewer than 5 -> 2x2;
    otherwise 2x6" — the first round's size (option pits) where that is smaller."""
    assert board_size(loser_beans, start_pits) == size


def test_the_game_says_moves_and_events_on_the_board_they_were_made_on():
    """A pit is said as its owner counts it, 1..n from the owner's left, on the board of the
    position before the action: ring index 7 is pit 3 of a 2x5 board (pit 2 of a 2x6 one)."""
    from spieltisch.core.words import Said

    g = game()
    five = {"pits": [0] * 10}
    said = g.said_action(five, Action(pit=7, direction="cw"))
    assert said == Said("m.sow", 3, Said("m.cw"))
    assert g.said_action(None, Action(place=4)) == Said("m.place", Said("beans.n", 4))
    place = {"type": "place", "player": 1, "pit": 7, "beans": 3}
    assert g.said_event(place, five).args[-1] == 3
    assert g.said_event(place, None).args[-1] == 2


def test_the_breakdown_of_a_match_of_three_rounds():
    """ "A match has an agreed number of rounds ... After the last round the player with fewer
    beans loses": the score is the last round's beans; the breakdown lists every round's beans
    (a tied round counts as one: option tie = counts), the rounds each won (a tie is won by
    nobody), and the last round's store and the beans left in the own pits."""
    from spieltisch.core.words import Said

    g = spieltisch.load_game("mancala", rounds=3)
    p = position(ENDER, [38, 30], round_no=3, rounds=3)
    p["history"] = [[30, 42], [36, 36]]
    s = g.from_json(p)
    s.apply(0, {"pit": 0, "direction": "ccw"})
    r = s.result()
    assert (r.scores, r.ranks) == ((40, 32), (1, 2))
    assert r.breakdown == (
        (Said("m.bd.round", 1), (30, 42)),
        (Said("m.bd.round", 2), (36, 36)),
        (Said("m.bd.round", 3), (40, 32)),
        (Said("m.bd.won"), (1, 1)),
        (Said("m.bd.store"), (38, 30)),
        (Said("m.bd.left"), (2, 2)),
    )
