"""What a Mutterböhnchen position keeps while a step waits (``mutterboehnchen/state.py``): a
saved game reads back as the same game with the same step waiting, a clone is the same position
and lives apart from its original, a resample deals only what the player cannot see, and the
view shows the table what waits; pinned where mutation testing (``make mutate``) found them
unchecked. Rulings: shared/rules/mutterboehnchen.md."""

from __future__ import annotations

import json

import pytest
from mutterboehnchen_positions import act, load, names
from mutterboehnchen_state_positions import WAITING, shared
from mutterboehnchen_state_positions import flitzer as flitzer_turned_up
from mutterboehnchen_state_positions import foist as gift_to_pruegelknabe
from mutterboehnchen_state_positions import give_first as lady_marked
from mutterboehnchen_state_positions import kameradenschwein as taler_fits_twice
from mutterboehnchen_state_positions import keep as talers_drawn
from mutterboehnchen_state_positions import placing as end_placement
from mutterboehnchen_state_positions import pull as baby_above_lady
from mutterboehnchen_state_positions import triple as three_babys
from position_checks import legal

from spieltisch import RecordError
from spieltisch.core import Rng

BUILDERS = sorted(WAITING, key=lambda b: b.__name__)
# what the state adds to Bohnanza's position
EXTRA = ("field_var", "pull", "choice", "foist", "planned", "triple", "targets", "attack",
         "placing", "placed", "flitzer", "counts", "give_first")  # fmt: skip


def seats(s):
    return [None, *range(s.num_players)]


def same_moment(a, b) -> None:
    """Who may act, and what each may do, alike."""
    assert a.actors() == b.actors()
    for p in sorted(b.actors()):
        assert legal(a, p) == legal(b, p), p


@pytest.mark.parametrize("build", BUILDERS, ids=lambda b: b.__name__)
def test_a_saved_game_reads_back_with_the_same_step_waiting(build):
    """A record (``to_json``, through JSON text) read back is the same position: the waiting
    step (a pull, a choice, a Flitzer, a gift, the attacks, the end placement, the marks) or
    the result, the same view for every seat and the same moves."""
    s = build()
    data = json.loads(json.dumps(s.to_json()))
    assert data[WAITING[build]], f"the position has its {WAITING[build]} waiting"
    again = s.game.from_json(data)
    assert again.to_json() == s.to_json()
    for p in seats(s):
        assert again.view(p) == s.view(p)
    same_moment(again, s)


@pytest.mark.parametrize("build", BUILDERS, ids=lambda b: b.__name__)
def test_a_clone_is_the_same_position_and_plays_on_apart(build):
    """A clone (a search plays on it) is the same position with the same moves and view, holds
    none of its original's lists, and an action on it leaves the original as it was."""
    s = build()
    before = s.to_json_text()
    copy = s.clone()
    assert copy.to_json_text() == before
    for p in seats(s):
        assert copy.view(p) == s.view(p)
    same_moment(copy, s)
    assert shared(s, copy) == []
    for p in sorted(copy.actors()):
        moves = legal(copy, p)
        if moves:
            act(copy, p, moves[0])
            break
    assert s.to_json_text() == before


def test_a_record_without_mutterboehnchens_own_entries_reads_with_their_defaults():
    """A position that names none of Mutterböhnchen's own entries (a record of Bohnanza's
    shape) reads as nothing waiting: each field's variety its bottom card's, no counts, no
    marks."""
    s = load(4, fields=[[["red", "red"], []], [["blue-lady"], ["soy"]], [[], []], [[], []]],
             hands=[["soy"], [], [], []])  # fmt: skip
    data = s.to_json()
    for key in EXTRA:
        del data[key]
    again = s.game.from_json(data)
    assert again.to_json() == s.to_json()
    assert again.field_var == [["red", None], ["blue", "soy"], [None, None], [None, None]]
    assert again.give_first == [[], [], [], []] and again.stats() == {}
    assert again.pull is again.choice is again.attack is again.flitzer is None
    assert again.triple is False
    assert again.foist == again.planned == again.targets == again.placing == again.placed == []
    same_moment(again, s)


@pytest.mark.parametrize(
    "field_var",
    [
        [["red", None], [None, None], [None, None]],  # a player short
        [["red", None], [None, None], [None, None], [None]],  # a field short
        [["red", None], [None, None], [None, None], [None, None, None]],  # a field too many
    ],
)
def test_a_record_whose_field_varieties_do_not_match_its_fields_is_refused(field_var):
    """Each field has its variety (a field keeps it while the cards on it change): a record
    with another number of entries is no position, and the refusal says which entry is wrong."""
    data = load(4, fields=[[["red"], []], [[], []], [[], []], [[], []]]).to_json()
    data["field_var"] = field_var
    with pytest.raises(RecordError) as err:
        load(4).game.from_json(data)
    assert str(err.value).endswith("ValueError: field_var needs one entry per field")


def test_the_view_shows_the_attack_and_the_talers_drawn_by_name():
    """Sheet 000 on top: the talers the attacker drew are turned up, so the table sees them by
    name, with the field, the target and the rattles; the opponents named so far too."""
    s = talers_drawn()
    view = s.view(None)
    assert {**view["attack"], "drawn": sorted(view["attack"]["drawn"])} == {
        "field": 0, "target": 1, "rattles": 2, "drawn": ["blue", "chili"]
    }  # fmt: skip
    assert view["targets"] == [1] and view["attacks"] == []
    assert view["field_varieties"][:2] == [["blue", "chili"], ["red", None]]


def test_the_view_shows_the_attacks_still_planned():
    """3 players with Babys on all 3 fields: after the first attack the two others are still
    planned, and the table sees them."""
    s = three_babys()
    view = s.view(2)
    assert view["attacks"] == [{"field": 1, "rattles": 1}, {"field": 2, "rattles": 2}]
    assert view["targets"] == [1] and view["attack"] is None
    assert view["third_field"] == [True, True, True], "3 players play with 3 fields"


def test_the_view_shows_the_pull_and_the_choice_waiting():
    """The Lady's pull and a one-shot's choice wait for their player in the open."""
    view = baby_above_lady().view(None)
    assert view["pull"] == {"player": 0, "field": 0, "options": [1]}
    assert view["choice"] is None
    s = taler_fits_twice()
    view = s.view(1)
    assert view["choice"] == {
        "player": 0, "effect": "plant_drawn_taler", "options": [[0, "top"], [1, "top"]],
        "card": s.choice["card"],
    }  # fmt: skip
    assert view["pull"] is None


def test_the_view_shows_the_flitzer_up_for_grabs_and_who_is_asked():
    """A turned-up Flitzer is open to the table, with the opponents still to be asked in their
    order from the active player's left."""
    s = flitzer_turned_up()
    (card,) = s.flitzer["cards"]
    assert s.view(None)["flitzer"] == {"cards": [{"id": card, "card": "flitzer"}],
                                       "order": [1, 2, 3]}  # fmt: skip


def test_the_view_shows_the_gift_to_plant_at_once_by_name():
    """What a Prügelknabe received is planted at once: the table sees whose it is and what."""
    view = gift_to_pruegelknabe().view(3)
    assert view["foist"] == [{"player": 1, "cards": ["blue"]}]


def test_the_view_shows_the_end_placement_in_order():
    """The end placement goes round from the next player: the view shows who still places, in
    order, and the fields the current placer has put a card on."""
    view = end_placement().view(0)
    assert view["placing"] == [3, 0, 1] and view["placed"] == [0]


def test_give_first_marks_are_shown_to_their_owner_alone():
    """Which card of a variety goes first is private: its owner's view shows his marks, the
    others' and the table's show none of them."""
    s = lady_marked()
    assert names(s.view(0)["give_first"]) == ["blue"]
    assert s.view(1)["give_first"] == [] and s.view(None)["give_first"] is None


def test_the_view_names_every_kind_of_card_and_the_deck():
    """The view carries the game's legend (every kind by name) and the deck's names, copies a
    bot may read without touching the game's own."""
    s = load(4)
    view = s.view(0)
    assert view["cards"] == s.game.legend and view["cards"] is not s.game.legend
    assert view["deck"] == list(s.game.deck_names) and len(view["deck"]) == s.game.deck.size
    view["cards"].clear()
    view["deck"].clear()
    assert s.view(0)["cards"] == s.game.legend and s.view(0)["deck"]


def test_a_resample_deals_the_unseen_talers_and_stock_anew_and_keeps_the_own_marks():
    """Nobody may look at a pile of Bohnentaler (its owner neither) nor at the stock: a
    resample for a player deals them anew (with the others' hands) from the same cards, each
    pile as big as before;
    the player's own give-first marks stay, the others' (private) are forgotten; the resample
    answers as a fresh copy of it would; the real state is left as it was."""
    s = load(4, phase="trade", hands=[["blue", "blue-lady"], ["red", "red-lady"], [], []],
             coins=[3, 2, 4, 1])  # fmt: skip
    act(s, 0, {"give_first": s.hands[0][0]})
    act(s, 1, {"give_first": s.hands[1][0]})
    before = s.to_json_text()
    r = s.resample(1, Rng(7))
    assert s.to_json_text() == before
    assert r.give_first == [[], s.give_first[1], [], []] and s.give_first[1]
    assert [len(c) for c in r.coins] == [3, 2, 4, 1] and len(r.stock) == len(s.stock)
    assert r.hands[1] == s.hands[1] and [len(h) for h in r.hands] == [len(h) for h in s.hands]

    def unseen(state):  # the others' hands, every pile of Bohnentaler and the stock
        rows = [h for p, h in enumerate(state.hands) if p != 1] + state.coins + [state.stock]
        return sorted(c for row in rows for c in row)

    assert unseen(r) == unseen(s)
    assert r.coins != s.coins, "the piles are dealt anew"
    same_moment(r, s.game.from_json(r.to_json()))


def test_a_clone_keeps_the_answers_of_the_moment_apart_from_its_original():
    """A clone starts with its original's answers of the moment (equal states, equal answers)
    but keeps its own: a give-first mark made on the clone (Blue male first, instead of the
    rearmost Blue, the Lady) changes neither the original's moves nor what the original works
    out after a step of its own."""
    s = load(4, phase="trade", hands=[["blue", "blue-lady"], ["red"], [], []], rest=2)
    for p in sorted(s.actors()):
        s.legal_actions(p)
    copy = s.clone()
    act(copy, 0, {"give_first": copy.hands[0][0]})
    assert {"give_first": copy.hands[0][1]} in legal(copy, 0)
    assert legal(s, 0) == legal(s.game.from_json(s.to_json()), 0)
    act(s, 0, {"draft": "to", "player": 1})
    fresh = s.game.from_json(s.to_json())
    for p in sorted(fresh.actors()):
        assert legal(s, p) == legal(fresh, p), p


def _wipe(value) -> None:
    """Empty every list and dict of a record, in place."""
    if isinstance(value, list | dict):
        for v in value.values() if isinstance(value, dict) else value:
            _wipe(v)
        value.clear()


@pytest.mark.parametrize("build", BUILDERS, ids=lambda b: b.__name__)
def test_a_state_read_from_a_record_holds_its_own_lists(build):
    """A host may reuse or change a record after reading a game from it: the state read holds
    none of the record's lists (a one-shot's options, the attack's talers, the marks)."""
    s = build()
    data = json.loads(json.dumps(s.to_json()))
    again = s.game.from_json(data)
    _wipe(data)
    assert again.to_json() == s.to_json()


def test_the_view_shows_a_third_field_only_where_the_players_start_with_three():
    """No 3rd field can be bought in Mutterböhnchen: 3 players start with 3 fields, 4 to 6
    players with 2, and the view says so for each player."""
    assert load(4).view(None)["third_field"] == [False] * 4
    assert load(3).view(None)["third_field"] == [True] * 3
