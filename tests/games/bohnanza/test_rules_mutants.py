"""Bohnanza's rules module (``bohnanza/rules.py``), pinned where mutation testing (``make
mutate``) found it unchecked: the English reason each refusal gives (the engine's own words,
which logs and the command line print), the shares of a tied result, what a position must hold,
and the small bookkeeping a turn leans on. Rulings: shared/rules/bohnanza.md.
"""

from __future__ import annotations

import pytest
from bohnanza_positions import item, legal, load, offer, trading
from ladybohn_positions import load as ladybohn
from position_checks import refusal

import spieltisch
from spieltisch import REFEREE, OptionError
from spieltisch.core import IllegalAction
from spieltisch.core.words import Named, Said, Seq
from spieltisch.games.bohnanza.rules import BohnanzaState


def reason(state, player: int, action: dict) -> str:
    """The English reason ``action`` is refused with (the state left as it was)."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as err:
        state.apply(player, action)
    assert state.to_json() == before, "a refused action changes nothing"
    return str(err.value)


# -- the engine's English reasons -------------------------------------------------------------

TRADE_REASONS = {
    "others trade only with the active player": (
        1,
        offer(2, [item("blue")], [item("red")]),
        "the others trade only with the active player",
    ),
    "an offer goes to another player": (
        1,
        offer(1, [item("blue")]),
        "an offer goes to another player, not 1",
    ),
    "an offer to no seat": (
        1,
        offer("x", [item("blue")]),
        "an offer goes to another player, not 'x'",
    ),
    "an offer past the last seat": (
        0,
        offer(3, [item("soy")]),
        "an offer goes to another player, not 3",
    ),
    "an offer is an object": (
        1,
        {"offer": [0, "blue"]},
        'an offer is {"to": p, "give": [...], "want": [...]}',
    ),
    "an offer gives or wants": (1, offer(0), "an offer gives or wants at least one card"),
    "turned-up cards are the active player's to give": (
        1,
        offer(0, [item("chili", source="offer")]),
        "only the active player gives turned-up cards",
    ),
    "turned-up cards are the active player's to ask for": (
        0,
        offer(1, [], [item("chili", source="offer")]),
        "only the active player has turned-up cards",
    ),
    "promises are Ladybohn's": (
        1,
        offer(0, [item("blue")], promise=True),
        "promises not to steal are given only in Ladybohn",
    ),
    "an offer holds what its sender holds": (
        1,
        offer(0, [item("blue", 3), item("green"), item("wax", 2)]),
        "you do not hold what you offer: 1 blue (hand), 2 wax (hand)",
    ),
    "the others draft only to the active player": (
        1,
        {"draft": "to", "player": 2},
        "you trade only with the active player",
    ),
    "an offer that is not there": (
        1,
        {"accept": 7},
        "that offer is not open to you, or the cards are no longer there",
    ),
}


@pytest.mark.parametrize(("player", "action", "said"), TRADE_REASONS.values(), ids=TRADE_REASONS)
def test_trading_refusals_say_why_in_the_engines_english(player, action, said):
    """r.bo.*: "the others trade only with the active player", "any number of cards for any
    number" of cards actually held; the English reason is what logs and scripts read."""
    assert reason(trading(), player, action) == said


def test_an_offer_outside_trading_is_refused_for_its_phase():
    s = trading()
    assert reason(s, REFEREE, offer(1, [item("soy")])) == "offers are made in the trading phase"
    assert reason(s, 7, offer(1, [item("soy")])) == "offers are made in the trading phase"
    assert reason(s, 3, offer(0, [item("soy")])) == "offers are made in the trading phase"


def test_other_actions_out_of_their_phase_name_the_phase():
    s = trading()
    assert reason(s, 1, {"end": "trading"}) == (
        '{"end": "trading"} is not possible now (trade phase)'
    )


def test_harvest_refusals_count_the_fields():
    """A field that is not there, an empty one, and the one-bean rule ("a field of exactly one
    bean only when none of the player's fields holds more than one")."""
    s = trading(fields=[[["soy"], ["red", "red"]], [[], []], [[], []]])
    assert reason(s, 0, {"harvest": 2}) == "you have fields 0 to 1"
    assert reason(s, 0, {"harvest": -1}) == "you have fields 0 to 1"
    assert reason(s, 0, {"harvest": "0"}) == "you have fields 0 to 1"
    assert reason(s, 1, {"harvest": 0}) == "field 0 is empty"
    assert reason(s, 0, {"harvest": 0}) == (
        "a field of one bean may be harvested only if no other field holds more"
    )
    assert reason(s, REFEREE, {"harvest": 0}) == "you have fields 0 to -1"


def test_planting_and_buying_refusals():
    """The front card on an empty field or one of its variety; a received card likewise; a 3rd
    field for 3 coins, once."""
    s = trading(
        phase="plant", planted=0, offer_area=[], fields=[[["blue"], ["wax"]], [[], []], [[], []]]
    )
    assert reason(s, 0, {"plant": "front", "field": 0}) == (
        "plant your front card on an empty field or one of its variety (or harvest)"
    )
    received = "plant a card you received on an empty field or one of its variety"
    trade = trading(fields=[[["blue"], ["wax"]], [[], []], [[], []]])
    assert reason(trade, 0, {"plant": "front", "field": 0}) == received
    assert reason(trade, 1, {"plant": "front", "field": 0}) == received
    assert reason(s, 0, {"buy": "field"}) == (
        "a 3rd field costs 3 coins, and a player buys one only once"
    )


def test_no_result_before_the_end_says_so():
    with pytest.raises(IllegalAction) as err:
        trading().result()
    assert str(err.value) == "the game is not over yet"
    assert err.value.key == "r.notover"


# -- what the card files guess ------------------------------------------------------------------


def test_the_guessed_numbers_are_listed_per_sex_of_card():
    """The card file marks what no public source confirms ("reconstructed"): the command line
    lists it per sex of card, the varieties in the file's order. Bohnanza's are all verified;
    Ladybohn (built on this game) guesses the Ladys'."""
    assert spieltisch.load_game("bohnanza").reconstructed() == []
    assert spieltisch.load_game("ladybohn").reconstructed() == [
        "lady count and beanometer: blue, chili, stink, green, soy, blackeyed, red"
    ]


# -- the result ----------------------------------------------------------------------------------


def over(coins, hands, first_player=0, options=None):
    """A game at its end with these coins and hands (every field harvested already)."""
    s = load(options=options, hands=hands, coins=coins, phase="over", first_player=first_player)
    s.result_ = list(coins)
    return s


def test_the_summary_names_the_winner_or_those_who_share_the_win():
    """Most coins wins; under the hand-cards tie break equal coins and hands share the win."""
    r = over([2, 5, 3], [[], [], []]).result()
    assert r.summary == "player 1 wins"
    assert r.breakdown == ((Said("b.bd.coins"), (2, 5, 3)), (Said("b.bd.turn"), (1, 2, 3)))
    tied = over([4, 4, 4], [["red"], ["red"], []], options={"tie_break": "hand_cards"}).result()
    assert tied.summary == "players 0, 1 share the win"
    assert tied.ranks == (1, 1, 3)
    assert tied.breakdown == ((Said("b.bd.coins"), (4, 4, 4)), (Said("b.bd.hand"), (1, 1, 0)))


def test_the_later_first_turn_is_counted_from_the_first_player():
    """Ties go to whoever made their first turn later: with player 2 first, the turns are
    2, 0, 1, so of equal coins player 1 wins, then 0."""
    r = over([3, 3, 3], [[], [], []], first_player=2).result()
    assert r.ranks == (2, 1, 3)
    assert r.breakdown[1] == (Said("b.bd.turn"), (2, 3, 1))
    assert r.summary == "player 1 wins"


# -- setting up, and reading a position back ---------------------------------------------


def test_a_first_player_past_the_table_is_named():
    with pytest.raises(OptionError) as err:
        spieltisch.load_game("bohnanza", first_player="4").new_state(4, 0)
    assert str(err.value) == "first_player 4 is not a seat of a 4-player game"


def test_a_position_leaves_out_only_what_a_fresh_turn_has():
    """Positions written by hand may leave out what a game's first moment has: the first player
    is the active one, nothing planted yet, turn 1, not ending, no 3rd field, no offers or
    drafts, offer ids from 1, no result."""
    game = spieltisch.load_game("bohnanza")
    j = game.new_state(3, 1).to_json()
    j["active"] = 1
    for key in (
        "first_player",
        "planted",
        "turn",
        "ending",
        "third_field",
        "offers",
        "drafts",
        "next_offer",
        "result",
        "rng",
    ):
        del j[key]
    back = game.from_json(j).to_json()
    assert back["first_player"] == 1
    assert (back["planted"], back["turn"], back["ending"]) == (0, 1, False)
    assert back["third_field"] == [False, False, False]
    assert (back["offers"], back["drafts"], back["next_offer"]) == ([], {}, 1)
    assert back["result"] is None
    assert back["rng"] == spieltisch.Rng(0).state


def test_a_position_reads_back_as_written():
    """Every part of a position survives to_json and back: a finished game's result, the
    ending flag, a bought field, the offers, drafts and the next offer's id."""
    game = spieltisch.load_game("bohnanza")
    s = trading()
    s.apply(1, offer(0, [item("blue")], [item("soy")]))
    s.apply(0, {"draft": "give", "variety": "red", "from": "hand"})
    j = s.to_json()
    j.update(ending=True, third_field=[False, True, False], result=[1, 2, 3], planted=2, turn=7)
    j["first_player"] = 2
    j["fields"][1].append([])
    back = game.from_json(j).to_json()
    assert back == j


@pytest.mark.parametrize(
    ("change", "why"),
    [
        (lambda j: j.update(game="ladybohn"), "a position is a JSON object with game 'bohnanza'"),
        (lambda j: j.update(phase="nap"), "unknown phase 'nap'"),
        (lambda j: j.pop("phase"), "KeyError: 'phase'"),
        (lambda j: j.update(active="x"), "ValueError: invalid literal for int() with base 10: 'x'"),
        (
            lambda j: j["hands"].pop(),
            "hands, fields, coins and to_plant need one entry per player (3)",
        ),
        (
            lambda j: j["to_plant"].append([]),
            "hands, fields, coins and to_plant need one entry per player (3)",
        ),
        (
            lambda j: j["hands"][0].append(j["stock"].pop()) or j["hands"][0].append(j["stock"][0]),
            "every card of the deck must be in exactly one place",
        ),
    ],
    ids=["game", "phase", "missing", "number", "hands", "to_plant", "card twice"],
)
def test_a_broken_position_says_what_is_wrong(change, why):
    game = spieltisch.load_game("bohnanza")
    j = game.new_state(3, 1).to_json()
    change(j)
    with pytest.raises(spieltisch.RecordError) as err:
        game.from_json(j)
    assert str(err.value) == f"not a bohnanza position: {why}"


def test_a_position_is_an_object():
    with pytest.raises(spieltisch.RecordError) as err:
        spieltisch.load_game("bohnanza").from_json([])
    assert (
        str(err.value)
        == "not a bohnanza position: a position is a JSON object with game 'bohnanza'"
    )


def test_a_deck_of_just_the_deal_and_two_to_turn_up_is_enough(tmp_path):
    """Dealing needs 5 cards a player and 2 to turn up: 17 cards seat 3 players (the stock then
    holds the 2), 16 do not, and the refusal says so."""
    for cards, ok in ((17, True), (16, False)):
        path = tmp_path / f"cards{cards}.toml"
        path.write_text(f'[[variety]]\nid = "a"\nmale = {cards}\nbeanometer = [2, 4, 6, 7]\n')
        game = spieltisch.load_game("bohnanza", cards=str(path))
        if ok:
            assert len(game.new_state(3, 0).to_json()["stock"]) == 2
            continue
        with pytest.raises(OptionError) as err:
            game.new_state(3, 0)
        assert str(err.value) == "16 cards are too few to deal to 3 players"


# -- who may act, who is waited for -------------------------------------------------------------


def test_claims_go_to_the_active_player_first_then_clockwise():
    """Simultaneous claims: the active player first, then clockwise; only those who may act."""
    s = load(
        4,
        hands=[["soy"], ["blue"], ["red"], ["wax"]],
        fields=[[["soy"], []], [[], []], [["red", "red"], []], [["wax", "wax"], []]],
        active=2,
    )
    assert s.priority() == [2, 3, 0]
    t = load(4, hands=[["soy"], ["blue"], ["red"], ["wax"]], phase="trade", active=1, planted=1)
    assert t.priority() == [1, 2, 3, 0]


def test_the_table_waits_for_the_planter_the_active_trader_and_those_offered_to():
    """Phase 1 waits for the active player; phase 2 for her and whoever has an offer to answer;
    phase 3 for everyone with a card to plant; a finished game for no one."""
    s = load(hands=[["soy"], ["blue"], ["red"]], active=1)
    assert s.waiting_for() == {1}
    t = trading(active=1)
    assert t.waiting_for() == {1}
    t.apply(1, offer(2, [item("blue")], [item("red")]))
    assert t.waiting_for() == {1, 2}
    p = load(phase="plant-trades", to_plant=[[], ["chili"], ["blue"]])
    assert p.waiting_for() == {1, 2}
    assert over([1, 2, 3], [[], [], []]).waiting_for() == frozenset()


def test_only_the_trading_phase_has_a_time_limit():
    """A host's limit for an idle trading phase: the trade_seconds option, in phase 2 only."""
    options = {"trade_seconds": 25.0}
    assert trading().window_seconds() == 60.0
    assert load(options=options, phase="trade", planted=1).window_seconds() == 25.0
    assert load(options=options, hands=[["soy"], [], []]).window_seconds() is None


def test_the_referee_only_closes_trading_and_strangers_do_nothing():
    s = trading()
    assert [dict(a) for a in s.legal_actions(REFEREE)] == [{"close": "trading"}]
    plant = load(hands=[["soy"], [], []])
    assert plant.legal_actions(REFEREE) == []
    assert plant.legal_actions(3) == [] and plant.legal_actions(-2) == []
    assert s.legal_actions(3) == []
    assert over([1, 2, 3], [[], [], []]).legal_actions(0) == []


def test_a_third_field_is_offered_from_three_coins_and_only_once():
    """ "a 3rd field can be bought once, at any time, for 3 coins"."""
    buy = {"buy": "field"}
    s = load(hands=[["soy"], [], []], coins=[3, 2, 4], third_field=[False, False, True])
    assert buy in [dict(a) for a in s.legal_actions(0)]
    assert s.actors() == {0}  # player 1 has 2 coins, player 2 her 3rd field already
    assert buy not in [dict(a) for a in s.legal_actions(1)]
    assert buy not in [dict(a) for a in s.legal_actions(2)]


def test_the_game_says_actions_and_events_with_the_viewers_card_names():
    """The page and the terminal say a move from the viewer's view: the front card by its
    variety's name (a name the view's varieties give), a field counted from 1."""
    game = spieltisch.load_game("bohnanza")
    words = game.words()
    s = game.new_state(3, 1)
    view = s.view(s.active)
    plant = s.legal_actions(s.active)[0]
    said = words.say("en", game.said_action(view, plant))
    assert said == "plant the front card (Blue) on field 1"
    assert words.say("en", game.said_action(None, plant)) == "plant the front card (?) on field 1"
    event = {"type": "plant", "player": 2, "field": 0, "card": "blue"}
    assert words.say("en", game.said_event(event, view)) == "Player 3 plants Blue on field 1"


def test_a_new_game_without_arguments_seats_four_with_seed_zero():
    """The defaults: 4 players (default_players) and seed 0, so a plain new_state() is the same
    game every time."""
    game = spieltisch.load_game("bohnanza")
    assert game.default_players == 4
    assert game.new_state().to_json() == game.new_state(4, 0).to_json()


# -- a resample: the unseen cards dealt anew -------------------------------------------------------


def resample_table():
    """Player 0 active in phase 2; player 1 offers 2 Blue from her hand (of 2 Blue among 4),
    player 2 has drafted; the stock holds the rest."""
    s = trading(
        hands=[["soy", "red", "soy"], ["blue", "green", "blue", "stink"], ["red", "wax", "red"]],
        stock_top=["coffee", "cocoa"],
    )
    s.apply(1, offer(0, [item("blue", 2)], [item("soy")]))
    s.apply(2, {"draft": "give", "variety": "red", "from": "hand"})
    s.apply(0, {"draft": "give", "variety": "soy", "from": "hand"})
    return s


def unseen(state, player):
    return sorted(
        [c for p in range(state.num_players) if p != player for c in state.hands[p]] + state.stock
    )


def test_a_resample_deals_only_the_unseen_cards_and_keeps_the_rest():
    """What ``player`` sees stays: her hand, the fields, coins, the turned-up cards, the open
    offers; the others' hands keep their sizes, and they and the stock share out the very cards
    she has not seen. The real state is left as it was."""
    s = resample_table()
    before = s.to_json()
    r = s.resample(0, spieltisch.Rng(3))
    assert s.to_json() == before
    j = r.to_json()
    assert j["hands"][0] == before["hands"][0]
    assert [len(h) for h in j["hands"]] == [len(h) for h in before["hands"]]
    assert unseen(r, 0) == unseen(s, 0)
    for key in ("fields", "coins", "offer_area", "to_plant", "discard", "offers", "phase"):
        assert j[key] == before[key], key
    assert j["stock"] != before["stock"] or any(
        j["hands"][p] != before["hands"][p] for p in (1, 2)
    ), "the unseen cards are dealt anew"


def test_a_resample_keeps_what_an_open_offer_shows():
    """ "a player whose open offer gives hand cards holds them": player 1 offers 2 Blue from her
    hand, so every resample deals her 2 Blue (however the rest falls)."""
    s = resample_table()
    fronts = set()
    for seed in range(8):
        r = s.resample(0, spieltisch.Rng(seed))
        kinds = [r.variety(c) for c in r.hands[1]]
        assert kinds.count("blue") >= 2, seed
        fronts.add(tuple(kinds[:2]))
    assert fronts != {("blue", "blue")}, "the hand is shuffled: where the Blue lie is not told"


def test_an_offer_of_cards_no_longer_held_shows_only_what_is_held():
    """An offer may give cards traded away since: the resample deals only what is still held."""
    s = resample_table()
    blues = [c for c in s.hands[1] if s.variety(c) == "blue"]
    s.hands[1].remove(blues[0])
    s.stock.append(blues[0])
    for seed in range(6):
        r = s.resample(0, spieltisch.Rng(seed))
        assert len(r.hands[1]) == 3
        assert unseen(r, 0) == unseen(s, 0)


def test_a_resample_drops_the_others_drafts_and_copies_the_players_own():
    """Others' drafts are private: gone from the resample; the player's own is a copy."""
    s = resample_table()
    r = s.resample(0, spieltisch.Rng(1))
    assert set(r.drafts) == {0}
    assert r.drafts[0] is not s.drafts[0]
    r.apply(0, {"draft": "give", "variety": "red", "from": "hand"})
    assert s.to_json()["drafts"]["0"]["give"] == [item("soy")]


def test_a_resample_does_not_depend_on_where_the_unseen_cards_really_lie():
    """The deal depends only on which cards are unseen (the pool is put in order first), and
    the resample's own chance is reseeded from the rng given, not the real state's."""
    s = resample_table()
    t = resample_table()
    t.stock.reverse()
    t.hands[2].reverse()
    t.rng = spieltisch.Rng(999)
    a, b = s.resample(0, spieltisch.Rng(5)), t.resample(0, spieltisch.Rng(5))
    assert a.to_json()["hands"] == b.to_json()["hands"] and a.stock == b.stock
    assert a.rng.state == b.rng.state != s.rng.state
    other = s.resample(0, spieltisch.Rng(6))
    assert other.rng.state != a.rng.state
    assert (other.stock, other.hands) != (a.stock, a.hands)


def test_a_resample_answers_as_a_fresh_state():
    """Kept answers of the real state are forgotten: the resample lists what its own position
    allows."""
    s = resample_table()
    for p in range(3):
        s.legal_actions(p)
    r = s.resample(1, spieltisch.Rng(2))
    fresh = s.game.from_json(r.to_json())
    for p in range(3):
        assert r.legal_actions(p) == fresh.legal_actions(p)


# -- a turn's draw, copies and views ---------------------------------------------------------------


def test_the_draw_is_counted_for_all_and_shown_to_the_drawer_alone():
    """Phase 4: 3 cards to the back of the active player's hand; the table learns how many,
    only she which; then the next player's turn begins."""
    s = load(
        hands=[["soy"], ["blue"], ["red"]],
        phase="plant-trades",
        to_plant=[["chili"], [], []],
        stock_top=["wax", "green", "stink"],
    )
    (chili,) = s.to_json()["to_plant"][0]
    events = s.apply(0, {"plant": chili, "field": 0})
    kinds = [e.type for e in events]
    assert kinds == ["plant", "draw", "draw_cards", "turn"]
    draw, cards = events[1], events[2]
    assert draw.data == {"player": 0, "count": 3} and draw.visible_to is None
    assert cards.visible_to == frozenset({0}) and len(cards.data["cards"]) == 3
    assert [s.variety(c) for c in s.hands[0]] == ["soy", "stink", "green", "wax"]
    assert s.active == 1 and s.phase == "plant" and events[3].data == {"player": 1}


def test_a_clone_is_equal_and_apart():
    """A copy to play on: equal to the original, and nothing done to it reaches the original
    (the bought fields and a finished game's result included)."""
    s = over([1, 2, 3], [[], ["red"], []])
    s.third_field = [True, False, False]
    c = s.clone()
    assert c.to_json() == s.to_json()
    c.third_field[1] = True
    c.result_[0] = 9
    assert s.third_field == [True, False, False] and s.result_ == [1, 2, 3]
    t = trading()
    d = t.clone()
    assert d.result_ is None
    d.apply(0, {"end": "trading"})
    assert t.phase == "trade" and t.to_json() == trading().to_json()


def test_the_view_tells_the_turn_and_the_table():
    """What everyone sees besides the cards: the game, whose view it is, the seats, the phase,
    whose turn, who began, what was planted, the turn's number, bought fields, the ending and
    the result."""
    s = over([1, 2, 3], [[], [], []], first_player=2)
    s.third_field = [False, True, False]
    s.ending = True
    s.planted = 2
    s.turn_no = 9
    v = s.view(1)
    got = {k: v[k] for k in ("game", "viewer", "players", "phase", "active", "first_player")}
    assert got == {
        "game": "bohnanza",
        "viewer": 1,
        "players": 3,
        "phase": "over",
        "active": 0,
        "first_player": 2,
    }
    assert (v["planted"], v["turn"], v["third_field"]) == (2, 9, [False, True, False])
    assert (v["ending"], v["result"]) == (True, [1, 2, 3])
    assert trading().view(None)["result"] is None


def test_after_a_private_step_the_others_still_act():
    """A bean planted, a harvest: they change only whether their player may act (the kept
    actors are updated, not worked out anew); everyone else who could act still can."""
    s = load(
        hands=[["soy", "red", "red"], ["blue"], ["wax"]],
        fields=[[[], []], [["blue", "blue"], []], [[], []]],
    )
    assert s.actors() == {0, 1}
    s.apply(0, {"plant": "front", "field": 0})
    assert s.actors() == {0, 1}
    t = load(
        hands=[["soy"], ["blue"], ["wax"]],
        fields=[[[], []], [["blue", "blue"], []], [[], []]],
        phase="plant-trades",
        to_plant=[[], [], ["blue"]],
    )
    assert t.actors() == {1, 2}
    t.apply(1, {"harvest": 0})  # 2 Blue pay nothing: an empty field and no coins
    assert t.actors() == {2}
    assert t.actors() == t.game.from_json(t.to_json()).actors()


def test_a_hand_of_one_card_may_be_asked_for():
    """Others trade with the active player, her hand cards included ("any number of cards for
    any number"): a hand of one card may still be asked for, an empty one not (its varieties
    are hidden, so every variety is offered while a card is left to ask for)."""

    def wants_from_hand(hand):
        s = trading(hands=[hand, ["blue", "red"], ["red"]])
        return [a for a in legal(s, 1) if a.get("draft") == "want" and a["from"] == "hand"]

    assert {"draft": "want", "variety": "coffee", "from": "hand"} in wants_from_hand(["soy"])
    assert wants_from_hand([]) == []


def test_an_offer_whose_cards_are_gone_may_only_be_declined():
    """ "a player may refuse any trade": an offer whose cards are no longer there can no longer
    be accepted or countered, but its receiver may still decline it (and its sender withdraw)."""
    s = trading()
    s.apply(1, offer(0, [item("blue")], [item("red")]))
    j = s.to_json()
    (oid,) = [o["id"] for o in j["offers"]]
    red = j["hands"][0].pop(1)  # player 0's only Red goes under the stock
    j["stock"].insert(0, red)
    s = s.game.from_json(j)
    answers = [a for a in legal(s, 0) if set(a) & {"accept", "decline", "counter"}]
    assert answers == [{"decline": oid}]
    assert {"withdraw": oid} in legal(s, 1)
    s.apply(0, {"decline": oid})
    assert s.offers == []


def test_either_of_two_equal_received_beans_may_be_named():
    """Phase 3: "every turned-up card kept, traded or given must be planted" in any order;
    two equal beans are one move, so the list names one of them, but naming the other is the
    same move and is accepted."""
    s = load(
        hands=[["soy"], ["blue"], ["wax"]],
        phase="plant-trades",
        to_plant=[["red", "red"], ["chili", "chili"], []],
    )
    first, second = s.to_plant[1]
    assert [a["plant"] for a in legal(s, 1) if "plant" in a] == [first, first]
    s.apply(1, {"plant": second, "field": 1})
    assert s.fields[1][1] == [second] and s.to_plant[1] == [first]
    red = s.to_plant[0][1]
    s.apply(0, {"plant": red, "field": 0})  # the first seat too
    assert s.fields[0][0] == [red]
    with pytest.raises(IllegalAction):  # a seat past the table is refused, not looked up
        s.apply(3, {"plant": first, "field": 0})


# -- what the table is told of a trade ----------------------------------------------------------


def test_an_offer_and_its_answers_are_told_to_the_table():
    """Everyone sees the open offers and their answers: who sent what to whom, who declined or
    withdrew which offer, and a trade carried out with the cards that changed hands."""
    s = trading()
    blue_for_red = {"give": [item("blue")], "want": [item("red")]}
    (sent,) = s.apply(1, offer(0, **blue_for_red))
    assert (sent.type, sent.data, sent.visible_to) == (
        "offer",
        {"id": 1, "from": 1, "to": 0, **blue_for_red},
        None,
    )
    s.apply(2, offer(0, [item("wax")], [item("soy")]))
    (declined,) = s.apply(0, {"decline": 1})
    assert (declined.type, declined.data) == ("decline", {"player": 0, "offer": 1})
    (withdrawn,) = s.apply(2, {"withdraw": 2})
    assert (withdrawn.type, withdrawn.data) == ("withdraw", {"player": 2, "offer": 2})
    assert s.offers == []
    s.apply(1, offer(0, **blue_for_red))
    (traded,) = s.apply(0, {"accept": 3})
    assert (traded.type, traded.data) == (
        "trade",
        {"offer": 3, "from": 1, "to": 0, **blue_for_red, "cards": ["blue", "red"], "gift": False},
    )


def test_a_counter_offer_declines_and_starts_the_offer_turned_round():
    """ "a player may refuse any trade or gift", and answer it: a counter declines the offer
    (the table is told it was countered), and the answer's draft starts as the offer turned
    round, to its sender."""
    s = trading()
    s.apply(1, offer(0, [item("blue"), item("green")], [item("red")]))
    (countered,) = s.apply(0, {"counter": 1})
    assert (countered.type, countered.data) == (
        "decline",
        {"player": 0, "offer": 1, "counter": True},
    )
    assert s.offers == []
    assert s.to_json()["drafts"] == {
        "0": {"to": 1, "give": [item("red")], "want": [item("blue"), item("green")]}
    }


def test_a_third_field_is_paid_with_the_top_three_coins():
    """ "a 3rd field can be bought once, at any time, for 3 coins (the coins go to the discard
    pile)": the three on top of the player's coins go there, the rest stay hers, and the table
    is told."""
    s = load(
        hands=[["soy"], [], []], coins=[["red", "blue", "wax", "soy"], 0, 0], discard=["garden"]
    )
    before = s.to_json()
    (bought,) = s.apply(0, {"buy": "field"})
    assert (bought.type, bought.data) == ("buy_field", {"player": 0})
    j = s.to_json()
    assert j["coins"][0] == before["coins"][0][:1]
    assert j["discard"] == before["discard"] + before["coins"][0][1:]
    assert j["fields"][0] == [[], [], []] and j["third_field"] == [True, False, False]


OFFER_DEFAULTS = {
    "no give: a request": (1, {"to": 0, "want": [item("red")]}, 0, [], [item("red")]),
    "no want: a gift": (1, {"to": 0, "give": [item("blue")]}, 0, [item("blue")], []),
    "no to: to the active player": (2, {"give": [item("wax")]}, 0, [item("wax")], []),
}


@pytest.mark.parametrize(
    ("player", "body", "to", "give", "want"), OFFER_DEFAULTS.values(), ids=OFFER_DEFAULTS
)
def test_an_offer_may_leave_out_an_empty_side_and_the_active_receiver(player, body, to, give, want):
    """A whole offer names what it gives and wants ("gifts are allowed": nothing wanted; or
    nothing given, a request), and goes to the active player unless it names another."""
    s = trading()
    (sent,) = s.apply(player, {"offer": body})
    assert sent.data == {"id": 1, "from": player, "to": to, "give": give, "want": want}


def test_the_active_player_names_the_receiver_of_her_offer():
    """An offer goes to another player: the active one's, left without a receiver, would go
    to herself, and is refused."""
    assert reason(trading(), 0, {"offer": {"give": [item("soy")]}}) == (
        "an offer goes to another player, not 0"
    )


def test_a_short_offer_names_each_missing_card_and_where_it_was_to_come_from():
    """ "any number of cards for any number" of cards actually held: the refusal names how
    many of each variety are missing, a turned-up card marked as the offer area's, in the
    engine's English and as the trading panel names it."""
    err = refusal(trading(), 0, offer(1, [item("chili", 2, source="offer"), item("soy", 3)]))
    assert str(err) == "you do not hold what you offer: 1 chili (offer), 1 soy (hand)"
    chili, soy = Named({"en": "Chili", "de": "Feuerbohne"}), Named({"en": "Soy", "de": "Sojabohne"})
    items = (Said("tr.item.offer", 1, chili, Said("src.offer")), Said("tr.item", 1, soy))
    assert err.said == Said("r.bo.short", Seq(items, ", "))  # each name in every language
    words = spieltisch.load_game("bohnanza").words()
    assert words.say("en", err.said) == "you do not hold what you offer: 1× Chili (offer), 1× Soy"
    assert words.say("de", err.said) == (
        "du hast nicht, was du anbietest: 1× Feuerbohne (Auslage), 1× Sojabohne"
    )


# -- games built on this one: their own state in a clone -----------------------------------------


class _Kept(BohnanzaState):
    """A game built on Bohnanza that keeps a list of its own in the position (as
    Mutterböhnchen keeps its extra state) and does not say how to copy it."""

    def extra_json(self):
        return {"kept": list(self.kept)}

    def load_extra(self, data):
        self.kept = list(data.get("kept", []))


class _Copied(_Kept):
    """The same, copying its list itself (as Ladybohn does): a clone is copied, not read back
    from its position."""

    def copy_extra(self, new):
        new.kept = list(self.kept)
        new.copied = True


@pytest.mark.parametrize("cls", [_Kept, _Copied], ids=["through the position", "copy_extra"])
def test_a_clone_of_a_game_built_on_this_one_has_its_own_extra_state(cls):
    """ "a copy to play on": a game that keeps state of its own and does not copy it is cloned
    through its position, one that copies it (copy_extra) is copied; either way nothing done
    to the clone's own state reaches the original."""
    s = cls.from_position(spieltisch.load_game("bohnanza"), trading().to_json())
    c = s.clone()
    assert type(c) is cls and c.to_json() == s.to_json()
    c.kept.append(5)
    assert s.kept == [] and c.to_json()["kept"] == [5]
    assert getattr(c, "copied", False) is (cls is _Copied)


# -- a draft, built step by step ------------------------------------------------------------------


def draft_step(step: str, variety: str, source: str = "hand") -> dict:
    return {"draft": step, "variety": variety, "from": source}


def test_a_draft_is_built_step_by_step_and_sent_whole():
    """Offers of "any number of cards for any number": each step adds one card; the active
    player's draft goes to no one until she names a receiver (naming another keeps what she
    asks of a hand), an other's goes to the active player ("the others trade only with the
    active player"); clearing starts it anew, proposing sends it."""
    s = trading()
    s.apply(0, draft_step("give", "soy"))
    assert s.to_json()["drafts"] == {"0": {"to": None, "give": [item("soy")], "want": []}}
    for action in (
        draft_step("give", "soy"),
        {"draft": "to", "player": 1},
        draft_step("want", "blue"),
        draft_step("want", "blue"),
        {"draft": "to", "player": 2},
    ):
        s.apply(0, action)
    s.apply(1, draft_step("want", "chili", "offer"))
    assert s.to_json()["drafts"] == {
        "0": {"to": 2, "give": [item("soy", 2)], "want": [item("blue", 2)]},
        "1": {"to": 0, "give": [], "want": [item("chili", source="offer")]},
    }
    s.apply(0, {"draft": "clear"})
    s.apply(1, {"draft": "clear"})
    assert s.to_json()["drafts"] == {
        "0": {"to": None, "give": [], "want": []},
        "1": {"to": 0, "give": [], "want": []},
    }
    s.apply(1, draft_step("give", "blue"))
    (sent,) = s.apply(1, {"propose": True})
    assert sent.data == {"id": 1, "from": 1, "to": 0, "give": [item("blue")], "want": []}
    assert set(s.drafts) == {0}


def promise_table():
    """Ladybohn, player 1's trading phase: players 0 and 1 each owe a steal, everyone has
    coins; player 2 holds two Soy to give."""
    return ladybohn(
        phase="trade",
        active=1,
        planted=1,
        steals=[1, 1, 0],
        coins=[1, 1, 2],
        hands=[["red"], ["green"], ["soy", "soy"]],
        fields=[[["blue"], []], [[], []], [["green"], []]],
    )


def test_ladybohns_promises_are_drafted_countered_and_kept_here():
    """Ladybohn trades on this module's offers: a player may be "promised in a trade that this
    stealer would not steal from her (a promise covers the stealer's next steal only, unless the
    trade says otherwise)". A draft sets a side's promise and drops it again; a counter-offer
    turns the promise round; an accepted offer's promise is kept."""
    s = promise_table()
    s.apply(2, draft_step("give", "soy"))
    s.apply(2, {"draft": "promise", "side": "receiver", "holds": "next"})
    assert s.to_json()["drafts"]["2"]["promises"] == {"receiver": "next"}
    s.apply(2, {"draft": "promise", "side": "receiver", "holds": "none"})
    assert "promises" not in s.to_json()["drafts"]["2"]
    s.apply(2, {"draft": "promise", "side": "sender", "holds": "game"})
    (sent,) = s.apply(2, {"propose": True})
    assert sent.data["promises"] == {"sender": "game"}
    s.apply(1, {"counter": 1})
    assert s.to_json()["drafts"]["1"] == {
        "to": 2,
        "give": [],
        "want": [item("soy")],
        "promises": {"receiver": "game"},
    }
    s.apply(2, {"offer": {"to": 1, "give": [item("soy")], "promises": {"sender": "game"}}})
    s.apply(1, {"accept": 2})
    assert s.to_json()["promises"] == [[2, 1, "game"]]  # player 2 will not rob player 1


PROMISE_FORM = (
    '"promise": true asks the receiver\'s promise for the next steal; '
    'or say "promises": {"sender": "next", "receiver": "game"}'
)
OFFER_FORMS = {
    "a promise that is not true": ({"promise": 5}, PROMISE_FORM),
    "a promise and promises": ({"promise": True, "promises": {"sender": "next"}}, PROMISE_FORM),
    "a promise for ever": (
        {"promises": {"sender": "forever"}},
        'a promise holds for the "next" steal or the rest of the "game"',
    ),
    "a variety not in the game": ({"want": [item("tomato")]}, "there is no variety 'tomato'"),
}


@pytest.mark.parametrize(("more", "said"), OFFER_FORMS.values(), ids=OFFER_FORMS)
def test_a_malformed_offer_says_what_is_wrong(more, said):
    """An offer's items name the game's varieties; Ladybohn's promise is "promise": true (the
    receiver's, for the next steal: "a promise covers the stealer's next steal only, unless the
    trade says otherwise") or each side's promise and how long it holds."""
    assert reason(promise_table(), 2, {"offer": {"to": 1, "give": [item("soy")], **more}}) == said


def test_a_promise_alone_is_the_receivers_for_the_next_steal():
    """ "promise": true: the receiver promises the sender, for the next steal only."""
    s = promise_table()
    (sent,) = s.apply(2, {"offer": {"to": 1, "give": [item("soy")], "promise": True}})
    assert sent.data["promises"] == {"receiver": "next"}


def test_after_a_trade_an_offer_for_turned_up_cards_still_there_stays_open():
    """Offers whose cards are gone after a trade close; one that asks the active player for a
    turned-up card still in the offer area stays open (she "trades turned-up cards and hand
    cards with the others")."""
    s = trading()
    s.apply(1, offer(0, [item("blue")], [item("soy")]))
    s.apply(2, offer(0, [item("wax")], [item("chili", source="offer")]))
    s.apply(0, {"accept": 1})
    assert [o["id"] for o in s.to_json()["offers"]] == [2]


def test_explain_answers_for_a_seat_past_the_table_without_reading_its_fields():
    """``explain`` gives the sheet's reason for any seat it is asked about: only seats of the
    table have fields, so a seat past the last one (like the referee) is told it has none,
    instead of the engine reading a field row that is not there."""
    s = trading()
    assert str(s.explain(3, {"harvest": 0})) == "you have fields 0 to -1"
    assert str(s.explain(REFEREE, {"harvest": 0})) == "you have fields 0 to -1"


def test_a_position_keeps_its_random_generator():
    """The stock is reshuffled from the state's own generator when it runs out, so a position
    read back must go on with the same generator, not one started afresh."""
    game = spieltisch.load_game("bohnanza")
    j = game.new_state(3, 5).to_json()
    assert j["rng"] != spieltisch.Rng(0).state
    assert game.from_json(j).to_json()["rng"] == j["rng"]
