"""Ladybohn's own parts (``ladybohn/lady.py``) pinned where mutation testing (``make mutate``)
found them unchecked: what the Make-up and Ratio Field harvests, the final harvest, a bought or
free 3rd field and a swap tell the table, a second steal owed on top of one, the view's
Ladybohn part, a clone with a Make-up choice pending and a promise of unknown length refused.
Rulings: shared/rules/ladybohn.md; positions set up by hand (3–5 players)."""

from __future__ import annotations

from importlib import resources

import pytest
from ladybohn_positions import do, events_of, load, load_game, position, same

from spieltisch.core.errors import RecordError

FIELD, COIN, NONE = {"makeup": "field"}, {"makeup": "coin"}, {"makeup": "none"}
END_TRADING = {"end": "trading"}


def j(state) -> dict:
    return state.to_json()


def hv(f: int) -> dict:
    return {"harvest": f}


def steal(*victims: int) -> dict:
    return {"steal": list(victims)}


# -- Make-up harvests ----------------------------------------------------------------------------


def test_five_make_up_beans_with_a_third_field_tell_the_coin_and_the_steal():
    """ "5 or more: ... one who has a 3rd field takes the coin. The coin is one of the harvested
    cards ... The coin comes with one steal": the harvest says so (1 coin, the Make-up bean
    that became it, a steal); a steal already owed stays owed beside the new one."""
    s = load(
        hands=[["soy"], [], []],
        fields=[[["makeup"] * 5, [], []], [[], []], [[], []]],
        third=["regular", None, None],
        steals=[1, 0, 0],
    )
    events = do(s, 0, hv(0))
    assert events_of(events, "harvest")[0].data == {
        "player": 0, "field": 0, "beans": 5, "coins": 1, "coin_cards": ["makeup-lady"],
        "variety": "makeup", "steal": True,
    }  # fmt: skip
    assert j(s)["steals"] == [2, 0, 0]


def test_the_coin_card_told_is_the_top_make_up_bean_of_a_tables_own_cards(tmp_path):
    """ "The coin is one of the harvested cards": the top one, which the harvest tells by name.
    The built-in Make-up beans are all Ladys; a table's own card file with Make-up males shows
    which card it was: a male on top of four Ladys is told as the male ("makeup")."""
    built_in = load_game().deck
    text = resources.files("spieltisch.games.ladybohn").joinpath("cards.toml").read_text("utf-8")
    lady = 'id = "makeup"\nde = "Schminkbohne"\nen = "Make-up"\n'
    assert lady in text
    males = lady + "male = 2\nbeanometer = []\n"
    path = tmp_path / "cards.toml"
    path.write_text(text.replace(lady, males, 1), encoding="utf-8")
    game = load_game(cards=str(path))
    assert game.deck.size == built_in.size + 2
    ids = {n: [c for c in range(game.deck.size) if game.deck.kinds[c].name == n]
           for n in ("makeup", "makeup-lady")}  # fmt: skip
    field = ids["makeup-lady"][:4] + ids["makeup"][:1]  # bottom first: the male on top
    s = game.from_json(
        position(
            game,
            hands=[["soy"], [], []],
            fields=[[field, [], []], [[], []], [[], []]],
            third=["regular", None, None],
        )
    )
    events = do(s, 0, hv(0))
    assert events_of(events, "harvest")[0].data == {
        "player": 0, "field": 0, "beans": 5, "coins": 1, "coin_cards": ["makeup"],
        "variety": "makeup", "steal": True,
    }  # fmt: skip
    assert ids["makeup"][0] in j(s)["coins"][0]


def test_three_make_up_beans_tell_no_coin_and_the_view_shows_the_choice():
    """ "Harvesting fewer than 3 pays nothing ... 3 or 4: the harvester may take a 3rd field at
    no cost": the harvest pays no coin, and everyone sees the choice waiting (how many beans,
    no coin to choose)."""
    s = load(hands=[["soy"], [], []], fields=[[["makeup"] * 3, []], [[], []], [[], []]])
    events = do(s, 0, hv(0))
    assert events_of(events, "harvest")[0].data == {
        "player": 0, "field": 0, "beans": 3, "coins": 0, "coin_cards": [], "variety": "makeup",
    }  # fmt: skip
    v = s.view(1)
    assert v["makeup_choice"] == [{"beans": 3, "coin": False}, None, None]
    assert v["rotation"] == [None, None, None]
    assert v["third"] == [None, None, None] and v["ratio_taken"] is False
    assert v["steals"] == [0, 0, 0]
    events = do(s, 0, FIELD)
    assert [(e.type, e.data) for e in events[:2]] == [
        ("makeup", {"player": 0, "took": "field"}),
        ("third_field", {"player": 0, "kind": "ratio"}),
    ]
    v = s.view(2)
    assert v["third"] == ["ratio", None, None] and v["ratio_taken"] is True


def test_five_make_up_beans_the_coin_chosen_is_told_and_adds_a_steal():
    """ "5 or more: a harvester without a 3rd field chooses a free 3rd field or 1 coin ... The
    coin comes with one steal": the view shows a coin to choose; choosing it is told, and the
    steal is owed beside one already owed."""
    s = load(
        hands=[["soy"], [], []],
        fields=[[["makeup"] * 5, []], [[], []], [[], []]],
        steals=[1, 0, 0],
    )
    do(s, 0, hv(0))
    assert s.view(0)["makeup_choice"][0] == {"beans": 5, "coin": True}
    events = do(s, 0, COIN)
    assert [(e.type, e.data) for e in events[:1]] == [("makeup", {"player": 0, "took": "coin"})]
    assert j(s)["steals"] == [2, 0, 0]
    assert s.view(1)["steals"] == [2, 0, 0]


def test_the_choice_of_nothing_is_told():
    """ "3 or 4: the harvester *may* take a 3rd field": declining it is told too."""
    s = load(hands=[["soy"], [], []], fields=[[["makeup"] * 4, []], [[], []], [[], []]])
    do(s, 0, hv(0))
    events = do(s, 0, NONE)
    assert [(e.type, e.data) for e in events[:1]] == [("makeup", {"player": 0, "took": "nothing"})]


def test_a_clone_keeps_a_pending_make_up_choice_apart():
    """A clone (the search's copy of the table) has the same Make-up choice waiting, as its
    own: choosing in the clone leaves the original's choice open."""
    s = load(hands=[["soy"], [], []], fields=[[["makeup"] * 5, []], [[], []], [[], []]])
    do(s, 0, hv(0))
    c = s.clone()
    assert j(c) == j(s)
    assert j(c)["makeup_choice"][0]["beans"] == 5
    do(c, 0, COIN)
    assert j(s)["makeup_choice"][0] is not None and j(c)["makeup_choice"][0] is None


# -- the Ratio Field, the 3rd field, swaps -------------------------------------------------------


def test_a_ratio_field_of_males_is_told_as_worthless():
    """ "A Ratio Field with only male beans in it pays nothing: harvested, all its cards go to
    the discard pile" — the harvest says so (no coin, the Ratio Field's males)."""
    s = load(
        hands=[["soy"], [], []],
        fields=[[[], [], ["blue"] * 6], [[], []], [[], []]],
        third=["ratio", None, None],
    )
    events = do(s, 0, hv(2))
    assert events_of(events, "harvest")[0].data == {
        "player": 0, "field": 2, "beans": 6, "coins": 0, "coin_cards": [], "variety": "blue",
        "ratio_males": True,
    }  # fmt: skip


def test_buying_a_third_field_is_told():
    """ "A 3rd field costs 3 coins ... The first 3rd field of the game is the Ratio Field": the
    buyer and the kind of field are told."""
    s = load(hands=[["soy"], [], []], coins=[3, 0, 0])
    events = do(s, 0, {"buy": "field"})
    assert [(e.type, e.data) for e in events[:2]] == [
        ("buy_field", {"player": 0}),
        ("third_field", {"player": 0, "kind": "ratio"}),
    ]


def test_a_swap_is_told_with_the_fan_as_it_now_is():
    """ "A swap: the player lays her hand down as that fan with her front card on top": who
    swapped, which fan, and the fan as it now lies (public)."""
    s = load(
        hands=[["blue"] * 3 + ["soy"], [], []],
        planted=1,
        fans=[["garden"] * 6, ["red", "red", "soy", "red"]],
    )
    events = do(s, 0, {"swap": 1})
    e = events_of(events, "swap")[0]
    assert e.data == {"player": 0, "fan": 1, "fan_now": s.view(1)["fans"][1]}
    assert e.data["fan_now"] == ["blue", "blue", "blue", "soy"]


# -- the final harvest ---------------------------------------------------------------------------


def test_the_final_harvest_tells_each_make_up_field_and_its_coin():
    """ "Final harvest: a player who harvests 5 or more Make-up beans in it takes the coin";
    fewer pay nothing. Each Make-up field's harvest is told: 5 beans 1 coin, 4 beans none."""
    s = load(
        phase="trade",
        planted=1,
        ending=True,
        exhausted=3,
        coins=[0, 0, 0],
        fields=[[["makeup"] * 5, []], [[], ["makeup"] * 4], [[], []]],
        stock_top=[],
        rest="discard",
    )
    events = do(s, 0, END_TRADING)
    made = [e.data for e in events_of(events, "harvest")]
    assert made == [
        {"player": 0, "field": 0, "beans": 5, "variety": "makeup", "coins": 1},
        {"player": 1, "field": 1, "beans": 4, "variety": "makeup", "coins": 0},
    ]


# -- steals, promises, cards ---------------------------------------------------------------------


def test_the_steal_choices_among_the_given_targets():
    """A steal "may take 1 coin from each of up to 3 other players of her choice": given who
    may be robbed, the choices are every set of up to three of them, and none."""
    s = load(phase="steal", planted=1, steals=[1, 0, 0], coins=[0, 1, 1],
             hands=[["soy"], ["soy"], ["soy"]])  # fmt: skip
    assert same(s.steal_actions(0, [2]), [steal(), steal(2)])
    assert same(s.steal_actions(0), [steal(), steal(1), steal(2), steal(1, 2)])


def test_a_promise_for_an_unknown_time_is_refused_naming_it():
    """ "a promise covers the stealer's next steal only, unless the trade says otherwise": a
    promise holds for the next steal or the game, nothing else."""
    game = load_game()
    data = position(game, hands=[["soy"], [], []], promises=[[1, 2, "ever"]])
    with pytest.raises(RecordError, match="the next steal or the game, not 'ever'"):
        game.from_json(data)


@pytest.mark.parametrize("players", [3, 5])
def test_a_new_game_starts_with_no_steal_owed_and_nothing_pending(players):
    """A steal is owed only for a coin from 5 or more Make-up beans: nobody owes one at the
    start, no promise, no Make-up choice, no rotation waits."""
    d = load_game().new_state(players, 1).to_json()
    assert d["steals"] == [0] * players and d["steal_now"] == [] and d["promises"] == []
    assert d["makeup_choice"] == [None] * players and d["rotation"] == [None] * players
    assert d["removed"] == []


def test_an_open_choice_of_three_make_up_beans_settles_to_nothing():
    """ "3 or 4: the harvester may take a 3rd field" — at the final harvest a 3rd field is worth
    nothing, so a choice still open from 3 Make-up beans brings no coin and no steal."""
    s = load(hands=[["soy"], [], []], fields=[[["makeup"] * 3, []], [[], []], [[], []]])
    do(s, 0, hv(0))
    s.settle_makeup_choices()
    d = j(s)
    assert d["coins"][0] == [] and d["steals"] == [0, 0, 0]
    assert d["makeup_choice"] == [None, None, None] and d["third"] == [None, None, None]
