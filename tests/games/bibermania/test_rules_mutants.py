"""Biber-Mania's rules module (``rules.py``) pinned where its mutants showed the other tests
blind: the engine's English refusals (``str()`` of each refusal: the key says it in the reader's
language, the English stays the engine's own), and the rulings' details a hand-made position
shows at once (``rules/bibermania.md``).

Every position is set up by hand (``bibermania_positions``); unless a test names it, the
display holds only action cards and jokers (never targets), the supply is five 1s and the rest
of the deck is the stock (``stock_top``: its top is the last).
"""

from __future__ import annotations

import copy
import json
from collections import Counter

import pytest
from bibermania_positions import do, lay, load, position
from position_checks import refusal

import spieltisch
from spieltisch.core import Action, IllegalAction, OptionError, RecordError
from spieltisch.core.rng import Rng
from spieltisch.core.words import Said, Seat, Seq
from spieltisch.games.bibermania import words
from spieltisch.games.bibermania.rules import Turn

FILL = "2"


def wish(err: IllegalAction) -> Said:
    """What a phase waits for, as the words catalog says it (``r.bm.notnow``'s argument)."""
    assert err.key == "r.bm.notnow"
    (said,) = err.said.args
    return said


# -- the English of each refusal ------------------------------------------------------------------

LAY_REASONS = {
    ("dieb", "fee"): ("only one action card may be laid at a time", "r.bm.oneaction"),
    ("dieb", "joker"): ("an action card is never laid together with a joker", "r.bm.actionjoker"),
    ("3", "4", "5"): (
        "a plain run may only be laid to beat a Hippie run on an opponent's pile",
        "r.bm.plainrun",
    ),
    ("partybiber", "2", "3", "4"): (
        "the Partybiber goes alone or with 3 digits neither equal nor consecutive",
        "r.bm.party",
    ),
    ("hippie", "2", "7"): (
        "the Hippie completes a run of 3 to 7 cards by one missing value",
        "r.bm.hippie",
    ),
    ("2", "9"): (
        "that is not a group that may be laid (equal digits, jokers, a run, ...)",
        "r.bm.nogroup",
    ),
}


@pytest.mark.parametrize(("cards", "reason"), LAY_REASONS.items(), ids=map(str, LAY_REASONS))
def test_a_lay_that_is_no_group_is_refused_in_the_engines_english(cards, reason):
    """The sheet's reason for each kind of lay that is no group, word for word."""
    s = load([[*cards, "1"], ["1"]])
    err = refusal(s, 0, {"lay": list(cards)})
    assert (str(err), err.key) == reason


def test_an_action_listed_for_the_player_on_turn_is_refused_to_another_seat():
    """Only the player on turn lays: the very action object the engine listed for them is
    refused when another seat hands it in."""
    s = load([["5", "5", FILL], [FILL]])
    listed = s.legal_actions(0)[0]
    err = refusal(s, 1, listed)
    assert str(err) == "it is not player 1's turn to act (player 0 may act)"
    assert err.key == "core.notturn"


def test_an_action_that_is_no_json_object_is_refused():
    """An action is a JSON object: a one-element list is refused as such, not read as a lay."""
    s = load([["5", "5", FILL], [FILL]])
    err = refusal(s, 0, ["5"])
    assert str(err) == "player 0: an action is a JSON object, not list"


def test_a_lay_names_its_cards_in_any_order():
    """A lay is a multiset of cards: named in another order than the engine lists it, it is
    the same lay (the Dieb after the digit, the joker before it)."""
    s = load([["5", "dieb", FILL], ["7", "joker", FILL]])
    events = lay(s, 0, ["dieb", "5"])
    assert dict(events[0].data) == {"player": 0, "cards": ["5", "dieb"], "shape": "set"}
    do(s, 0, {"steal": "supply", "card": "1"})
    events = lay(s, 1, ["joker", "7"])
    assert dict(events[0].data) == {"player": 1, "cards": ["7", "joker"], "shape": "set"}


def test_a_hippie_run_as_the_last_lay_under_profis_is_refused_in_english():
    """Profis: the last lay may not be a Hippie run (the sheet's 'Biber-Mania Profis')."""
    s = load([["hippie", "3", "5"], ["1"]], options={"profis": True})
    err = refusal(s, 0, {"lay": ["3", "5", "hippie"]})
    assert str(err) == "with the Profis rule a Hippie run may not be the last lay"
    assert err.key == "r.bm.hippielast"


def test_without_profis_a_hippie_run_that_is_not_the_last_lay_is_no_profis_refusal():
    """A Hippie run that would not be legal (here: no run at all) with cards left in hand is
    refused for what it is, not by the Profis rule."""
    s = load([["hippie", "3", "9", "1"], ["1"]])
    err = refusal(s, 0, {"lay": ["3", "9", "hippie"]})
    assert err.key == "r.bm.hippie"


LAYFORM = 'lay one group of cards by name: {"lay": ["5", "5", "joker"]}'


@pytest.mark.parametrize(
    ("action", "reason", "key"),
    [
        ({"lay": []}, LAYFORM, "r.bm.layform"),
        ({"lay": "5"}, LAYFORM, "r.bm.layform"),
        ({"lay": [5]}, LAYFORM, "r.bm.layform"),
        ({"lay": ["5"], "card": "5"}, LAYFORM, "r.bm.layform"),
        ({"lay": ["7", "joker", "7"]}, "you do not hold 7, 7, joker", "r.bm.nothold"),
    ],
)
def test_a_lay_not_by_name_or_not_held_is_refused_in_english(action, reason, key):
    """A lay names its cards as a list of card names, all of them in the layer's hand."""
    s = load([["5", "1"], ["1"]])
    err = refusal(s, 0, action)
    assert (str(err), err.key) == (reason, key)


BEATABLE_DISPLAY = ["3", "3", "5", "5", "7", "fee", "dieb", "koenig", "joker"]
ONE = {"beat_opponents": "one"}
TWO_GROUPS = [[], [["4", "4"]], [["3", "3"]]]

# each phase: the table (load's arguments), the actions that reach the phase, the action it
# refuses (by player 0 unless the drawer), and its wish in English and in the words catalog
WISHES = {
    "beat-display": (
        {"hands": [["6", "6", FILL], [FILL]], "display": BEATABLE_DISPLAY},
        [(0, {"lay": ["6", "6"]})],
        (0, {"keep": True}),
        "choose which display cards to beat: 3, 5",
        ("r.bm.want.beat-display", Seq([words.card("3"), words.card("5")], ", ")),
    ),
    "beat-whom": (
        {"hands": [["6", "6", FILL], [FILL], [FILL]], "piles": TWO_GROUPS, "options": ONE},
        [(0, {"lay": ["6", "6"]})],
        (0, {"keep": True}),
        "choose whom to beat: 1, 2",
        ("r.bm.want.beat-whom", Seq([Seat(1), Seat(2)], ", ")),
    ),
    "keep": (
        {"hands": [["6", "6", FILL], [FILL], [FILL]], "piles": TWO_GROUPS, "options": ONE},
        [(0, {"lay": ["6", "6"]}), (0, {"beat": 1})],
        (0, {"beat": 2}),
        'take the beaten card into your hand {"keep": true} or reject it {"keep": false}',
        ("r.bm.want.keep",),
    ),
    "steal": (
        {"hands": [["5", "dieb", FILL], [FILL]]},
        [(0, {"lay": ["5", "dieb"]})],
        (0, {"keep": True}),
        "steal a card from the display, the supply or an opponent's top group",
        ("r.bm.want.steal",),
    ),
    "fee": (
        {"hands": [["5", "fee", FILL], [FILL]]},
        [(0, {"lay": ["5", "fee"]})],
        (0, {"keep": True}),
        'name a card and an opponent {"fee": "7", "from": 1}, or {"fee": null}',
        ("r.bm.want.fee",),
    ),
    "victim": (
        {"hands": [["5", "gemeinling", FILL], [FILL], [FILL]]},
        [(0, {"lay": ["5", "gemeinling"]})],
        (0, {"keep": True}),
        "name the opponent the Gemeinling deals two cards to",
        ("r.bm.want.victim",),
    ),
    "deal": (
        {"hands": [["5", "gemeinling", FILL], [FILL], [FILL]]},
        [(0, {"lay": ["5", "gemeinling"]}), (0, {"victim": 2})],
        (0, {"keep": True}),
        'deal from the stock {"deal": "stock"} or the supply {"deal": "supply", "card": ...}',
        ("r.bm.want.deal",),
    ),
    "draw": (
        {"hands": [["6", "6", FILL], [FILL]], "piles": [[], [["4", "4"]]]},
        [(0, {"lay": ["6", "6"]}), (0, {"keep": True}), (0, {"keep": True})],
        (1, {"keep": True}),
        'draw from the stock {"draw": "stock"} or the supply {"draw": "supply", "card": ...}',
        ("r.bm.want.draw",),
    ),
}


@pytest.mark.parametrize(
    ("table", "steps", "refused", "english", "said"), WISHES.values(), ids=list(WISHES)
)
def test_each_phase_says_in_english_what_it_waits_for(table, steps, refused, english, said):
    """Every phase of a turn refuses an action of another phase with the sheet's wish: the
    whole sentence in English, the wish (with the display targets or the seats to choose
    from) in the words catalog."""
    s = load(**table)
    for player, action in steps:
        do(s, player, action)
    player, action = refused
    err = refusal(s, player, action)
    assert str(err) == f"{json.dumps(action)} is not possible now: {english}"
    assert wish(err) == Said(*said)


def test_the_game_says_its_actions_and_events_in_the_logs_words():
    """A host asks the game for the log's sentences: an action as the view shows it (keep
    names the beaten card waiting), the events of a lay as they happened."""
    s = load([["6", "6", FILL], [FILL]], [[], [["4", "4"]]])
    events = lay(s, 0, ["6", "6"])
    catalog, view = s.game.words(), s.view(0)
    assert catalog.say("en", s.game.said_action(view, Action(keep=True))) == "keep 4"
    said = [catalog.say("en", s.game.said_event(e.to_json(), view)) for e in events]
    assert said == ["Player 1 lays 6 6", "Player 1 beats the top group 4 4 of Player 2"]


def test_over_the_explanation_says_the_game_is_over():
    """After the end nothing is possible; the explanation says so (a host may ask it)."""
    s = load([["5"], ["1"]])
    lay(s, 0, ["5"])
    assert s.is_terminal()
    err = s.explain(0, Action(keep=True))
    assert str(err) == '{"keep": true} is not possible now: the game is over'
    assert err.key == "r.bm.notnow" and wish(err) == Said("r.bm.want.over")


# -- setting up -----------------------------------------------------------------------------------


def game(**options):
    return spieltisch.load_game("bibermania", **options)


def test_the_built_in_deck_is_named_as_reconstructed_and_a_counted_one_is_not(tmp_path):
    """The sheet never lists the cards: the command line names the built-in deck's counts as
    a reconstruction (with its size and file); a deck file marked verified is not named."""
    assert game().reconstructed() == ["the deck's card counts (100 cards, deck.toml (built in))"]
    counted = tmp_path / "counted.toml"
    counted.write_text('status = "verified"\n[cards]\n"1" = 40\n"2" = 40\n', encoding="utf-8")
    assert game(deck=str(counted)).reconstructed() == []


def test_a_game_dealt_without_a_seed_is_dealt_with_seed_0():
    """The seed defaults to 0 (the engine's contract): the same deal as seed 0 asked for."""
    g = game()
    assert g.new_state(3).to_json() == g.new_state(3, 0).to_json()


@pytest.mark.parametrize(("players", "hand"), [(2, 13), (4, 13), (5, 10)])
def test_a_new_game_deals_the_sheets_hands_and_starts_afresh(players, hand):
    """The deal: 13 cards each (10 with five players), 9 in the display, 5 in the supply, the
    rest the stock; nothing laid, seen or rejected yet, round 1 of no totals, the first
    player laying."""
    j = game(first_player="1").new_state(players, 0).to_json()
    assert [len(h) for h in j["hands"]] == [hand] * players
    assert (len(j["display"]), len(j["supply"])) == (9, 5)
    assert len(j["stock"]) == 100 - players * hand - 14
    assert j["piles"] == [[]] * players and j["known"] == [[]] * players
    assert (j["phase"], j["turn_player"], j["first_player"], j["round"]) == ("lay", 1, 1, 1)
    assert (j["rejected"], j["totals"], j["history"]) == ([], [0] * players, [])
    assert (j["result"], j["why"], j["turn"]) == (None, "", Turn().to_json())


def test_a_first_player_past_the_table_is_named():
    """Option first_player names a seat of the table: seat 2 of a 2-player game is none."""
    with pytest.raises(OptionError) as err:
        game(first_player="2").new_state(2, 0)
    assert str(err.value) == "first_player 2 is not a seat of a 2-player game"


# -- reading a position -------------------------------------------------------------------------


def test_a_position_without_its_optional_parts_reads_with_their_defaults():
    """A position names hands, piles, display, supply and stock; the rest has defaults: nobody
    knows a hand card, nothing rejected, player 0 laying (and first) in round 1 with no
    totals, no history and no result, and the random generator seeded with 0."""
    g = game()
    j = position(g, [["5", "5"], ["7"]], [[], [["3"]]])
    for key in ("known", "rejected", "phase", "turn_player", "first_player", "round"):
        del j[key]
    for key in ("totals", "history", "result", "why", "rng"):
        del j[key]
    s = g.from_json(j)
    got = s.to_json()
    assert got["known"] == [[], []] and got["rejected"] == []
    assert (got["phase"], got["turn_player"], got["first_player"], got["round"]) == ("lay", 0, 0, 1)
    assert (got["totals"], got["history"], got["result"], got["why"]) == ([0, 0], [], None, "")
    assert got["rng"] == Rng(0).state
    assert got["turn"] == Turn().to_json()
    assert s.legal_actions(0) and not s.legal_actions(1)


def test_a_position_first_player_defaults_to_the_player_on_turn():
    """Without ``first_player`` the player on turn started the round (the next round of
    'Punkte sammeln' starts with the seat after them)."""
    g = game()
    j = position(g, [["5"], ["7"], ["9"]], turn_player=2)
    del j["first_player"]
    assert g.from_json(j).to_json()["first_player"] == 2


def test_a_position_keeps_what_it_names():
    """Every part a position names is read as it is named, turn included."""
    g = game(target=50)
    j = position(
        g,
        [["5", "5"], ["7", "8"]],
        known=[["5"], []],
        turn_player=1,
        first_player=0,
        totals=[3, 9],
        round_no=2,
        history=[[3, -1]],
    )
    j["why"] = "why not"
    j["rng"] = 99
    s = g.from_json(j)
    got = s.to_json()
    for key in ("hands", "known", "piles", "display", "supply", "stock", "rejected"):
        assert got[key] == j[key], key
    assert (got["turn_player"], got["first_player"], got["round"]) == (1, 0, 2)
    assert (got["totals"], got["history"], got["why"], got["rng"]) == (
        [3, 9],
        [[3, -1]],
        "why not",
        99,
    )


def unreadable(g, j) -> str:
    with pytest.raises(RecordError) as err:
        g.from_json(j)
    return str(err.value)


def test_what_is_no_position_is_refused_with_the_reason():
    """A position that cannot be the game's is refused, saying why (a record to mend)."""
    g = game()
    head = "not a bibermania position: "
    assert (
        unreadable(g, ["bibermania"]) == head + "a position is a JSON object with game 'bibermania'"
    )
    j = position(g, [["5"], ["7"]])
    assert unreadable(g, {**j, "game": "maumau"}) == (
        head + "a position is a JSON object with game 'bibermania'"
    )
    broken = dict(j)
    del broken["hands"]
    assert unreadable(g, broken) == head + "KeyError: 'hands'"
    assert unreadable(g, {**j, "players": "two"}).startswith(head + "ValueError: ")
    assert unreadable(g, {**j, "hands": 5}) == head + "TypeError: 'int' object is not iterable"
    assert unreadable(g, {**j, "hands": [["5"]]}) == (
        head + "hands, known and piles need one entry per player (2)"
    )
    assert unreadable(g, {**j, "piles": [[]]}) == (
        head + "hands, known and piles need one entry per player (2)"
    )
    assert unreadable(g, {**j, "known": [[]]}) == (
        head + "hands, known and piles need one entry per player (2)"
    )
    assert unreadable(g, {**j, "phase": "nap"}) == head + "unknown phase 'nap'"
    assert unreadable(g, {**j, "known": [[], ["8"]]}) == (
        head + "player 1's known cards are not all in their hand"
    )
    extra = {**j, "stock": [*j["stock"], "joker"]}
    assert unreadable(g, extra) == head + "the cards are not the deck's: they differ in ['joker']"
    short = {**j, "hands": [["5"], []]}
    assert unreadable(g, short) == head + "the cards are not the deck's: they differ in ['7']"


@pytest.mark.parametrize(
    ("lost", "drawer", "why"),
    [
        ({"1": 0}, None, "turn.lost counts pile cards a player lost: 1: 0"),
        ({"1": -2}, None, "turn.lost counts pile cards a player lost: 1: -2"),
        ({"1": True}, None, "turn.lost counts pile cards a player lost: 1: True"),
        ({"1": "2"}, None, "turn.lost counts pile cards a player lost: 1: '2'"),
        ({"2": 1}, None, "turn.lost counts pile cards a player lost: 2: 1"),
        ({"-1": 1}, None, "turn.lost counts pile cards a player lost: -1: 1"),
        ({}, 1, "the drawer 1 draws for pile cards lost, so is in turn.lost"),
        ({"0": 1}, 1, "the drawer 1 draws for pile cards lost, so is in turn.lost"),
    ],
)
def test_a_position_whose_draws_are_owed_to_nobody_is_refused(lost, drawer, why):
    """Nachziehen: "whoever lost pile cards draws as many" -- so a position's turn counts a
    positive number of lost cards for a player at the table, and its drawer is one of them
    (the turn's draws go by these counts: a drawer nobody owes a card could never finish)."""
    g = game()
    j = position(g, [["5"], ["7"]])
    turn = {**Turn().to_json(), "lost": lost, "drawer": drawer}
    assert unreadable(g, {**j, "turn": turn}) == "not a bibermania position: " + why


def test_a_position_with_a_drawer_owed_cards_reads_back():
    """The counterpart: the drawer owed two cards, the other player one, is a position."""
    g = game()
    j = position(g, [["5"], ["7"]])
    turn = {**Turn().to_json(), "lost": {"0": 1, "1": 2}, "drawer": 1, "draws": 2}
    s = g.from_json({**j, "turn": turn})
    assert (s.turn.lost, s.turn.drawer) == ({0: 1, 1: 2}, 1)


def test_a_position_for_more_players_than_the_game_seats_is_refused():
    """Biber-Mania seats 2 to 5 players: a position for 6 is refused as the game's player
    count, before its hands are read."""
    g = game()
    j = position(g, [["5"], ["7"], ["8"], ["9"], ["6"], ["4"]])
    with pytest.raises(OptionError) as err:
        g.from_json(j)
    assert str(err.value) == "Biber-Mania is played by 2 to 5 players, not 6"


def test_a_finished_position_reads_back_with_its_result():
    """A position after the end keeps the result and why it ended: read back, it is over
    with the same scores, ranks and breakdown."""
    s = load([["5"], ["7", "8"]], [[], [["3"]]])
    lay(s, 0, ["5"])
    j = s.to_json()
    assert (j["phase"], j["result"]) == ("over", [1, -1])
    again = s.game.from_json(j)
    assert again.to_json() == j and again.is_terminal()
    assert again.result() == s.result()


def test_a_position_counts_the_beaten_cards_waiting_for_keep():
    """The beaten cards not yet kept or rejected are cards of the deck: a position in the
    keep phase holds them in its turn, nowhere else."""
    s = load([["6", "6", FILL], [FILL]], [[], [["4", "4"]]])
    lay(s, 0, ["6", "6"])
    j = s.to_json()
    assert j["phase"] == "keep" and j["turn"]["keep"] == [[1, ["4"]], [1, ["4"]]]
    again = s.game.from_json(j)
    assert again.to_json() == j
    assert again.legal_actions(0) == [Action(keep=True), Action(keep=False)]


# -- what each player sees ----------------------------------------------------------------------

QUIET = ["superbiber", "dieb", "fee", "partybiber", "hippie", "gemeinling", "bodyguard", "koenig"]


def test_the_view_shows_everything_public_and_the_viewers_own_hand():
    """The view: the viewer's hand, every hand's count and openly taken cards, the piles,
    display, supply, the stock's count, the rejected cards (sorted), scores and the deck."""
    s = load(
        [["5", "5", "9"], ["7", "8"]],
        [[["4", "4"]], [["3"]]],
        display=[*QUIET, "joker"],
        supply=["1", "1", "6", "6", "joker"],
        known=[["9"], []],
        rejected=["joker", "10"],
    )
    v = s.view(0)
    assert v == {
        "game": "bibermania",
        "viewer": 0,
        "players": 2,
        "phase": "lay",
        "turn": 0,
        "round": 1,
        "hand": ["5", "5", "9"],
        "hands": [{"count": 3, "known": ["9"]}, {"count": 2, "known": []}],
        "piles": [[["4", "4"]], [["3"]]],
        "display": [*QUIET, "joker"],
        "supply": ["1", "1", "6", "6", "joker"],
        "stock": 100 - 5 - 3 - 9 - 5 - 2,
        "rejected": ["10", "joker"],
        "pending": {"lay": [], "action": None, "beaten": [], "lost": {}},
        "scores": [2 - 3, 1 - 2],
        "totals": [0, 0],
        "target": 0,
        "deck": {"status": "reconstructed", "size": 100},
        "result": None,
    }
    assert s.view(None)["hand"] is None and s.view(None)["viewer"] is None
    assert s.view(1)["hand"] == ["7", "8"]


def test_a_laid_card_all_had_seen_leaves_the_known_part_of_the_hand():
    """The known part of a hand (cards all have seen, such as a supply card drawn) loses a
    card when it is laid; what was seen and not laid stays known."""
    s = load([["5", "5", "9", FILL], [FILL]], known=[["5", "9"], []])
    lay(s, 0, ["5", "5"])
    assert s.to_json()["known"][0] == ["9"]
    assert s.view(1)["hands"][0] == {"count": 2, "known": ["9"]}


def test_the_view_of_a_finished_game_shows_the_result():
    """After the last lay the view names the phase over and the scores as the result."""
    s = load([["5"], ["7", "8"]], [[], [["3"]]])
    lay(s, 0, ["5"])
    v = s.view(1)
    assert v["phase"] == "over" and v["result"] == [1, -1] and v["scores"] == [1, -1]


def test_the_pending_part_of_the_view_in_each_phase():
    """What a turn still waits for is public: the targets to choose, whom to beat, the card
    to keep or reject and how many come after, the steals left, the Gemeinling's victim and
    deals, and who draws how many."""
    display = ["3", "3", "5", "5", "7", "fee", "dieb", "koenig", "joker"]
    s = load([["6", "6", FILL], [FILL]], [[], [["4", "4"]]], display=display)
    lay(s, 0, ["6", "6"])
    assert s.view(1)["pending"] == {
        "lay": ["6", "6"],
        "action": None,
        "beaten": [],
        "lost": {},
        "targets": ["3", "5"],
    }
    do(s, 0, {"beat": "display", "card": "3"})
    assert s.view(1)["pending"] == {
        "lay": ["6", "6"],
        "action": None,
        "beaten": [[1, ["4"]], [1, ["4"]]],
        "lost": {"1": 2},
        "keep": {"from": 1, "cards": ["4"], "after": 1},
    }
    do(s, 0, {"keep": True})
    assert s.view(0)["pending"]["keep"] == {"from": 1, "cards": ["4"], "after": 0}
    do(s, 0, {"keep": False})
    v = s.view(0)
    assert v["phase"] == "draw"
    assert v["pending"] == {
        "lay": ["6", "6"],
        "action": None,
        "beaten": [],
        "lost": {"1": 2},
        "draws": 2,
        "drawer": 1,
    }
    # beat-whom (option one)
    s = load(
        [["6", "6", FILL], [FILL], [FILL]],
        [[], [["4", "4"]], [["3", "3"]]],
        {"beat_opponents": "one"},
    )
    lay(s, 0, ["6", "6"])
    assert s.view(2)["pending"] == {
        "lay": ["6", "6"],
        "action": None,
        "beaten": [],
        "lost": {},
        "whom": [1, 2],
    }
    # steal
    s = load([["5", "superbiber", FILL], [FILL]])
    lay(s, 0, ["5", "superbiber"])
    assert s.view(0)["pending"] == {
        "lay": ["5", "superbiber"],
        "action": "superbiber",
        "beaten": [],
        "lost": {},
        "steals": 2,
    }
    # victim, then deal
    s = load([["5", "gemeinling", FILL], [FILL], [FILL]])
    lay(s, 0, ["5", "gemeinling"])
    assert s.view(0)["pending"] == {
        "lay": ["5", "gemeinling"],
        "action": "gemeinling",
        "beaten": [],
        "lost": {},
        "victim": None,
        "deals": 0,
    }
    do(s, 0, {"victim": 2})
    pending = s.view(0)["pending"]
    assert (pending["victim"], pending["deals"]) == (2, 2)
    # fee: nothing more than the lay and its action
    s = load([["5", "fee", FILL], [FILL]])
    lay(s, 0, ["5", "fee"])
    assert s.view(0)["pending"] == {
        "lay": ["5", "fee"],
        "action": "fee",
        "beaten": [],
        "lost": {},
    }


# -- beating ------------------------------------------------------------------------------------


def test_the_layer_beats_the_opponent_they_chose_and_the_log_names_them():
    """Option beat_opponents=one: the chosen opponent's top group is beaten by the layer (the
    event names both), the other opponent keeps theirs."""
    s = load(
        [["6", "6", FILL], [FILL], [FILL]],
        [[], [["4", "4"]], [["3", "3"]]],
        {"beat_opponents": "one"},
    )
    lay(s, 0, ["6", "6"])
    events = do(s, 0, {"beat": 2})
    assert [(e.type, dict(e.data)) for e in events] == [
        ("beat", {"player": 0, "from": 2, "cards": ["3", "3"]})
    ]
    assert s.to_json()["turn"]["lost"] == {"2": 2}


# -- clones and resampling ----------------------------------------------------------------------


def midturn():
    """Three players in the keep phase: player 0's 6 6 beat player 1's 4 4 (waiting to be
    kept), player 2 holds a 9 all have seen, two cards are out of the game, and a round of
    'Punkte sammeln' is behind them."""
    s = load(
        [["6", "6", FILL, FILL], ["7", "8"], ["9", "10", "10"]],
        [[], [["4", "4"]], [["3"]]],
        {"target": 30},
        known=[[], [], ["9"]],
        rejected=["5", "joker"],
        totals=[0, 0, 4],
        round_no=2,
        history=[[1, -2, 4]],
    )
    lay(s, 0, ["6", "6"])
    return s


def test_a_clone_is_the_same_position_and_lives_apart():
    """A clone (what a bot searches with) is the same position, generator included; playing
    it on to the end leaves the original where it was."""
    s = midturn()
    before = s.to_json()
    c = s.clone()
    assert c.to_json() == before and c.view(None) == s.view(None)
    do(c, 0, {"keep": True})
    do(c, 0, {"keep": False})
    do(c, 1, {"draw": "supply", "card": "1"})
    do(c, 1, {"draw": "stock"})
    c.rng.next64()
    assert s.to_json() == before


def test_a_clone_of_a_finished_game_keeps_its_result():
    """After the end a clone is over too, with the same result."""
    s = load([["5"], ["7", "8"]], [[], [["3"]]])
    lay(s, 0, ["5"])
    c = s.clone()
    assert c.is_terminal() and c.to_json() == s.to_json() and c.result() == s.result()


def unseen_by(j, player: int) -> Counter:
    """The cards ``player`` has not seen: the others' hand cards nobody was shown, the stock."""
    c = Counter(j["stock"])
    for p, (h, k) in enumerate(zip(j["hands"], j["known"], strict=True)):
        if p != player:
            c += Counter(h) - Counter(k)
    return c


@pytest.mark.parametrize("player", [0, 2])
def test_resampling_deals_anew_only_what_the_player_has_not_seen(player):
    """A resample (what a bot plays out) keeps every card the player has seen where it is:
    their own hand, the others' shown cards, piles, display, supply, the rejected cards and
    the beaten cards waiting for keep; the others' unseen hand cards and the stock are the
    same cards dealt anew, in the same counts, and the player cannot tell the difference."""
    s = midturn()
    j = s.to_json()
    r = s.resample(player, Rng(5))
    rj = r.to_json()
    for key in ("known", "piles", "display", "supply", "rejected", "turn", "phase", "totals"):
        assert rj[key] == j[key], key
    assert rj["hands"][player] == j["hands"][player]
    assert "9" in rj["hands"][2]
    assert [len(h) for h in rj["hands"]] == [len(h) for h in j["hands"]]
    assert len(rj["stock"]) == len(j["stock"])
    assert unseen_by(rj, player) == unseen_by(j, player)
    assert rj != j, "the unseen cards are dealt anew"
    assert r.view(player) == s.view(player)
    assert r.legal_actions(0) == s.legal_actions(0)
    assert s.to_json() == j, "the original stays"


# -- the turn's record --------------------------------------------------------------------------


def busy_turn() -> Turn:
    """A turn with every field set to something of its own."""
    return Turn(
        lay=["6", "6"],
        action="dieb",
        value=6,
        targets=["3", "5"],
        whom=[1, 2],
        keep=[[1, ["4"]], [2, ["3", "3"]]],
        steals=1,
        deals=2,
        victim=2,
        lost={2: 2, 1: 1},
        drawer=1,
        draws=3,
    )


BUSY_JSON = {
    "lay": ["6", "6"],
    "action": "dieb",
    "value": 6,
    "targets": ["3", "5"],
    "whom": [1, 2],
    "keep": [[1, ["4"]], [2, ["3", "3"]]],
    "steals": 1,
    "deals": 2,
    "victim": 2,
    "lost": {"1": 1, "2": 2},
    "drawer": 1,
    "draws": 3,
}


def test_a_turn_is_written_whole_and_read_back_the_same():
    """A position in the middle of a turn keeps all of it: every field in JSON (the losses
    by seat, in seat order) and read back to the same turn."""
    t = busy_turn()
    assert t.to_json() == BUSY_JSON
    assert list(t.to_json()["lost"]) == ["1", "2"]
    back = Turn.from_json(BUSY_JSON)
    assert back == t
    assert back.lost == {1: 1, 2: 2} and back.to_json() == BUSY_JSON


def scribble(turn: Turn) -> None:
    """Change every list and dict of ``turn`` in place."""
    turn.lay.append("x")
    turn.targets.append("x")
    turn.whom.append(9)
    turn.keep[0][1].append("x")
    turn.keep.append([0, []])
    turn.lost[0] = 5


def test_a_turns_copy_and_json_share_no_list_with_it():
    """A clone's turn, the JSON written of a turn and the turn read from JSON change apart
    from what they came from."""
    t = busy_turn()
    c = t.copy()
    assert c == t
    scribble(c)
    j = t.to_json()
    j["lay"].append("y")
    j["targets"].append("y")
    j["whom"].append(9)
    j["keep"][1][1].append("y")
    j["keep"].append([0, []])
    assert t == busy_turn() and t.to_json() == BUSY_JSON
    j = copy.deepcopy(BUSY_JSON)
    scribble(Turn.from_json(j))
    assert j == BUSY_JSON


# -- the end ------------------------------------------------------------------------------------


def test_laying_the_last_cards_ends_with_the_scores_and_why():
    """Laying the last hand cards ends the game at once; each pile card +1, each hand card -1;
    the log names the round, the scores, why it ended and who went out."""
    s = load([["5"], ["7", "8"], ["9"]], [[], [["3"]], [["4", "4"], ["6"]]])
    events = lay(s, 0, ["5"])
    why = {"why": "player 0 laid their last cards", "end": "out", "by": 0}
    assert [(e.type, dict(e.data)) for e in events] == [
        ("lay", {"player": 0, "cards": ["5"], "shape": "set"}),
        ("round_end", {"round": 1, "scores": [1, -1, 2], **why}),
        ("game_end", {"scores": [1, -1, 2], **why}),
    ]
    r = s.result()
    assert (r.scores, r.ranks, r.summary) == ((1, -1, 2), (2, 3, 1), "player 2 wins")
    assert r.breakdown == ((Said("bm.bd.pile"), (1, 1, 3)), (Said("bm.bd.hand"), (0, -2, -1)))
    j = s.to_json()
    assert j["why"] == "player 0 laid their last cards" and j["result"] == [1, -1, 2]
    assert j["turn"] == Turn().to_json() and s.actors() == frozenset()


def test_a_player_emptied_by_the_koenig_ends_the_game_on_their_turn():
    """Option empty_hand_ends (on by default): a player whose last card went to a König's
    tribute has no cards on their turn, and the game ends there, naming them."""
    s = load([["5", "koenig", FILL], ["5"], [FILL]])
    events = lay(s, 0, ["5", "koenig"])
    why = {"why": "player 1 has no cards on their turn", "end": "no_cards", "by": 1}
    assert [(e.type, dict(e.data)) for e in events][-2:] == [
        ("round_end", {"round": 1, "scores": [2, 0, -1], **why}),
        ("game_end", {"scores": [2, 0, -1], **why}),
    ]
    assert s.is_terminal() and s.to_json()["turn_player"] == 1


def test_without_empty_hand_ends_a_player_with_no_cards_is_passed_over():
    """Option empty_hand_ends off: the player with no cards is passed over, the next seat
    with cards lays."""
    s = load([["5", "koenig", FILL], ["5"], [FILL]], options={"empty_hand_ends": False})
    events = lay(s, 0, ["5", "koenig"])
    assert (events[-1].type, dict(events[-1].data)) == ("turn", {"player": 2})
    assert not s.is_terminal() and s.actors() == frozenset({2})


def test_a_shared_win_names_every_winner():
    """A tie for the most points shares the win: every winner ranks first."""
    s = load([["5"], ["7", "8"], ["9"]], [[], [["3"]], [["4", "4"]]])
    lay(s, 0, ["5"])
    r = s.result()
    assert (r.scores, r.ranks, r.summary) == ((1, -1, 1), (1, 3, 1), "players 0, 2 share the win")


def test_stock_and_supply_used_up_ends_without_naming_a_player():
    """The end by stock and supply used up names no player (nobody went out)."""
    s = load([["5", "dieb", FILL], [FILL]], supply=["1"], stock_top=[], rest="rejected")
    lay(s, 0, ["5", "dieb"])
    events = do(s, 0, {"steal": "supply", "card": "1"})
    why = {"why": "stock and supply are used up", "end": "used_up"}
    assert [(e.type, dict(e.data)) for e in events][1:] == [
        ("round_end", {"round": 1, "scores": [2 - 2, -1], **why}),
        ("game_end", {"scores": [0, -1], **why}),
    ]


# -- the log of each action ---------------------------------------------------------------------


def log(events) -> list[tuple]:
    """Events as (type, data, who sees it: None for everyone)."""
    return [(e.type, dict(e.data), e.visible_to) for e in events]


def fee_table():
    return load([["5", "fee", FILL], ["3", "7", "7"]])


@pytest.mark.parametrize(
    ("wish", "fee_event", "hands"),
    [
        ({"fee": None}, {"card": None}, [[FILL], ["3", "7", "7"]]),
        (
            {"fee": "7", "from": 1},
            {"card": "7", "from": 1, "given": True},
            [[FILL, "7"], ["3", "7"]],
        ),
        (
            {"fee": "9", "from": 1},
            {"card": "9", "from": 1, "given": False},
            [[FILL], ["3", "7", "7"]],
        ),
    ],
)
def test_the_fee_logs_the_wish_and_whether_it_was_granted(wish, fee_event, hands):
    """Fee: the layer names a card and an opponent, or declines; the log says which card was
    wished from whom and whether the opponent had it; then the next player's turn."""
    s = fee_table()
    lay(s, 0, ["5", "fee"])
    assert log(do(s, 0, wish)) == [
        ("fee", {"player": 0, **fee_event}, None),
        ("turn", {"player": 1}, None),
    ]
    assert s.to_json()["hands"] == hands


def test_the_gemeinling_logs_the_victim_and_each_card_dealt():
    """Gemeinling: the layer names the victim and deals them two cards; a stock card is seen
    by the victim alone, a supply card by all; the supply is refilled at the turn's end."""
    s = load([["5", "gemeinling", FILL], [FILL], [FILL]], stock_top=["9", "8"])
    lay(s, 0, ["5", "gemeinling"])
    assert log(do(s, 0, {"victim": 2})) == [("gemeinling", {"player": 0, "victim": 2}, None)]
    assert log(do(s, 0, {"deal": "stock"})) == [
        ("deal", {"player": 2, "by": 0, "from": "stock"}, None),
        ("deal-card", {"player": 2, "card": "8"}, frozenset({2})),
    ]
    assert s.to_json()["turn"]["deals"] == 1
    assert log(do(s, 0, {"deal": "supply", "card": "1"})) == [
        ("deal", {"player": 2, "by": 0, "from": "supply", "card": "1"}, None),
        ("refill", {"display": [], "supply": ["9"]}, None),
        ("turn", {"player": 1}, None),
    ]
    j = s.to_json()
    assert j["hands"][2] == ["1", FILL, "8"] and j["known"][2] == ["1"]
    assert j["supply"] == ["1", "1", "1", "1", "9"]


def test_a_beaten_player_draws_and_the_log_says_from_where():
    """The beaten player draws as many as they lost: a stock card seen by them alone, a
    supply card by all; the supply is refilled after their draw; then the next turn."""
    s = load([["6", "6", FILL], [FILL]], [[], [["4", "4"]]], stock_top=["9", "8"])
    lay(s, 0, ["6", "6"])
    do(s, 0, {"keep": True})
    do(s, 0, {"keep": False})
    assert log(do(s, 1, {"draw": "stock"})) == [
        ("draw", {"player": 1, "by": 1, "from": "stock"}, None),
        ("draw-card", {"player": 1, "card": "8"}, frozenset({1})),
    ]
    assert s.to_json()["turn"]["draws"] == 1 and s.actors() == frozenset({1})
    assert log(do(s, 1, {"draw": "supply", "card": "1"})) == [
        ("draw", {"player": 1, "by": 1, "from": "supply", "card": "1"}, None),
        ("refill", {"display": [], "supply": ["9"]}, None),
        ("turn", {"player": 1}, None),
    ]
    j = s.to_json()
    assert j["hands"][1] == ["1", FILL, "8"] and j["known"][1] == ["1"]
    assert j["turn"] == Turn().to_json()


def test_a_steal_from_an_opponent_is_logged_and_they_draw_for_it():
    """Dieb: one card from an opponent's top group, logged with where it came from."""
    s = load([["5", "dieb", FILL], [FILL]], [[], [["7", "7"]]])
    lay(s, 0, ["5", "dieb"])
    assert log(do(s, 0, {"steal": 1, "card": "7"})) == [
        ("steal", {"player": 0, "from": 1, "card": "7"}, None)
    ]
    assert s.to_json()["turn"]["lost"] == {"1": 1} and s.actors() == frozenset({1})


def test_the_koenigs_tribute_is_logged_per_opponent_who_pays():
    """König with digits: every opponent holding that digit adds one to the layer's group."""
    s = load([["5", "koenig", FILL], ["5", "5", FILL], [FILL], ["5"]])
    events = lay(s, 0, ["5", "koenig"])
    assert log(events) == [
        ("lay", {"player": 0, "cards": ["5", "koenig"], "shape": "set"}, None),
        ("tribute", {"player": 1, "to": 0, "card": "5"}, None),
        ("tribute", {"player": 3, "to": 0, "card": "5"}, None),
        ("turn", {"player": 1}, None),
    ]
    j = s.to_json()
    assert j["piles"][0] == [["5", "koenig", "5", "5"]]
    assert j["hands"][1] == [FILL, "5"] and j["hands"][3] == []


def test_the_gemeinling_deals_from_the_stock_by_itself_when_the_supply_is_empty():
    """With an empty supply there is no choice: both cards come off the stock at once, dealt
    by the layer, and the supply is refilled at the turn's end."""
    s = load(
        [["5", "gemeinling", FILL], [FILL], [FILL]],
        supply=[],
        stock_top=["1", "1", "1", "1", "1", "9", "8"],
    )
    lay(s, 0, ["5", "gemeinling"])
    assert log(do(s, 0, {"victim": 2})) == [
        ("gemeinling", {"player": 0, "victim": 2}, None),
        ("deal", {"player": 2, "by": 0, "from": "stock"}, None),
        ("deal-card", {"player": 2, "card": "8"}, frozenset({2})),
        ("deal", {"player": 2, "by": 0, "from": "stock"}, None),
        ("deal-card", {"player": 2, "card": "9"}, frozenset({2})),
        ("refill", {"display": [], "supply": ["1"] * 5}, None),
        ("turn", {"player": 1}, None),
    ]
    assert s.to_json()["hands"][2] == [FILL, "8", "9"]


USED_UP = {"why": "stock and supply are used up", "end": "used_up"}


def test_a_deal_that_uses_up_stock_and_supply_ends_the_game_at_once():
    """The game ends the moment stock and supply are both empty: here by the Gemeinling's
    first card, the second is never dealt."""
    s = load([["5", "gemeinling", FILL], [FILL], [FILL]], supply=["1"], rest="rejected")
    lay(s, 0, ["5", "gemeinling"])
    do(s, 0, {"victim": 2})
    events = do(s, 0, {"deal": "supply", "card": "1"})
    assert log(events) == [
        ("deal", {"player": 2, "by": 0, "from": "supply", "card": "1"}, None),
        ("round_end", {"round": 1, "scores": [1, -1, -2], **USED_UP}, None),
        ("game_end", {"scores": [1, -1, -2], **USED_UP}, None),
    ]
    assert s.is_terminal() and s.to_json()["why"] == USED_UP["why"]


def test_a_draw_that_uses_up_stock_and_supply_ends_the_game_at_once():
    """The beaten player's first draw empties the supply with the stock empty: the game ends,
    the second draw is dropped."""
    s = load([["6", "6", FILL], [FILL]], [[], [["4", "4"]]], supply=["1"], rest="rejected")
    lay(s, 0, ["6", "6"])
    do(s, 0, {"keep": False})
    do(s, 0, {"keep": False})
    events = do(s, 1, {"draw": "supply", "card": "1"})
    assert log(events) == [
        ("draw", {"player": 1, "by": 1, "from": "supply", "card": "1"}, None),
        ("round_end", {"round": 1, "scores": [1, -2], **USED_UP}, None),
        ("game_end", {"scores": [1, -2], **USED_UP}, None),
    ]


def test_a_refill_that_uses_up_the_stock_with_the_supply_empty_ends_the_game():
    """A position with an empty supply and two stock cards: the display's refill after the
    lay takes them, and with stock and supply both empty the game ends at once."""
    display = ["3", "3", *QUIET[:6], "joker"]
    s = load(
        [["6", "6", FILL], [FILL]],
        display=display,
        supply=[],
        stock_top=["9", "8"],
        rest="rejected",
    )
    events = lay(s, 0, ["6", "6"])
    assert log(events) == [
        ("lay", {"player": 0, "cards": ["6", "6"], "shape": "set"}, None),
        ("beat", {"player": 0, "from": "display", "cards": ["3", "3"]}, None),
        ("refill", {"display": ["8", "9"], "supply": []}, None),
        ("round_end", {"round": 1, "scores": [2 - 3, -1], **USED_UP}, None),
        ("game_end", {"scores": [-1, -1], **USED_UP}, None),
    ]


def test_after_a_players_draw_only_the_supply_is_refilled():
    """Rulings: the supply is refilled after each player's draw; the display only in the
    turn's refill step. A position in the draw phase with a display short of a card keeps it
    short after the draw."""
    g = game()
    j = position(g, [[FILL], [FILL]], display=QUIET, stock_top=["9", "8"])
    j["phase"] = "draw"
    j["turn"] = Turn(lay=["6"], lost={1: 1}, drawer=1, draws=1).to_json()
    s = g.from_json(j)
    events = do(s, 1, {"draw": "supply", "card": "1"})
    assert log(events) == [
        ("draw", {"player": 1, "by": 1, "from": "supply", "card": "1"}, None),
        ("refill", {"display": [], "supply": ["8"]}, None),
        ("turn", {"player": 1}, None),
    ]
    assert s.to_json()["display"] == QUIET


def test_with_the_stock_used_up_a_drawer_chooses_among_the_supply_cards():
    """A beaten player draws from the stock or the supply: with the stock used up only the
    supply is offered, each of its different cards once."""
    g = game()
    j = position(g, [[FILL], [FILL]], supply=["1", "1", "6"], stock_top=[], rest="rejected")
    j["phase"] = "draw"
    j["turn"] = Turn(lay=["6"], lost={1: 1}, drawer=1, draws=1).to_json()
    s = g.from_json(j)
    assert s.legal_actions(1) == [
        Action(draw="supply", card="1"),
        Action(draw="supply", card="6"),
    ]


def test_a_drawer_whose_draw_empties_the_supply_draws_the_rest_from_the_stock():
    """The supply is refilled after a player's draws, not during them: a player who lost
    more cards than the supply holds (a big beaten group) takes the rest off the stock, with
    no choice to make, as the drawer."""
    g = game()
    j = position(g, [[FILL], [FILL]], supply=["1"], stock_top=["5", "5", "5", "5", "5", "8"])
    j["phase"] = "draw"
    j["turn"] = Turn(lay=["6"], lost={1: 2}, drawer=1, draws=2).to_json()
    s = g.from_json(j)
    events = do(s, 1, {"draw": "supply", "card": "1"})
    assert log(events) == [
        ("draw", {"player": 1, "by": 1, "from": "supply", "card": "1"}, None),
        ("draw", {"player": 1, "by": 1, "from": "stock"}, None),
        ("draw-card", {"player": 1, "card": "8"}, frozenset({1})),
        ("refill", {"display": [], "supply": ["5"] * 5}, None),
        ("turn", {"player": 1}, None),
    ]
    assert s.to_json()["hands"][1] == ["1", FILL, "8"]


def test_a_whole_hand_that_is_no_group_is_refused_as_no_group_not_by_profis():
    """Only a Hippie run as the last lay meets the Profis rule; the whole hand laid as no
    group at all is refused as no group."""
    s = load([["2", "9"], ["1"]], options={"profis": True})
    err = refusal(s, 0, {"lay": ["2", "9"]})
    assert err.key == "r.bm.nogroup"


def test_the_result_before_the_end_is_refused_in_english():
    """No result while the game goes on."""
    s = load([["5", "5"], ["1"]])
    with pytest.raises(IllegalAction) as err:
        s.result()
    assert (str(err.value), err.value.key) == ("the game is not over yet", "r.notover")


def punkte_sammeln(target: int, events: list | None = None):
    s = load([["5"], ["7", "8"], ["9"]], [[], [["3"]], [["4", "4"], ["6"]]], {"target": target})
    got = lay(s, 0, ["5"])  # the round's scores: 1, -1, 2; player 2 wins it
    if events is not None:
        events.extend(got)
    return s


def test_punkte_sammeln_ends_when_a_total_reaches_the_target_exactly():
    """'Punkte sammeln': play rounds until a player's total reaches the target; reaching it
    exactly ends the match, with the totals as its score."""
    s = punkte_sammeln(2)
    assert s.is_terminal() and s.result().scores == (0, 0, 2)


def test_punkte_sammeln_breaks_the_totals_down_by_round():
    """'Punkte sammeln': the result's breakdown names each round and what it added to the
    totals: its winner's points, 0 for everyone else; the rows add up to the totals."""
    s = load(
        [["5"], ["7", "8"], ["9"]],
        [[], [["3"]], [["4", "4"], ["6"]]],
        {"target": 3},
        totals=[3, 0, 0],
        round_no=2,
        history=[[3, -1, 0]],
    )
    lay(s, 0, ["5"])  # the round's scores: 1, -1, 2; player 2 wins it
    r = s.result()
    assert r.scores == (3, 0, 2)
    assert r.breakdown == (
        (Said("bm.bd.round", 1), (3, 0, 0)),
        (Said("bm.bd.round", 2), (0, 0, 2)),
    )


def test_punkte_sammeln_the_next_round_starts_with_the_next_seat():
    """Below the target a new round is dealt; the seat after the last round's first player
    starts it."""
    events: list = []
    s = punkte_sammeln(3, events)
    j = s.to_json()
    assert not s.is_terminal() and j["totals"] == [0, 0, 2] and j["round"] == 2
    assert j["first_player"] == j["turn_player"] == 1
    assert (j["phase"], j["piles"], j["rejected"], j["known"]) == (
        "lay",
        [[], [], []],
        [],
        [[]] * 3,
    )
    assert [len(h) for h in j["hands"]] == [13, 13, 13]
    assert [(e.type, dict(e.data)) for e in events[-1:]] == [
        ("setup", {"round": 2, "first": 1, "display": j["display"], "supply": j["supply"]})
    ]
