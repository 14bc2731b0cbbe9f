"""Phase 2 of ``rules/bohnanza.md``: the two turned-up cards, offers between the active player and
the others (never between two others), drafts and one-shot offers, gifts, accept, counter,
decline, withdraw, offers whose cards are gone, and the end of the phase.

Every position starts from ``trading()``: player 0 is active and has turned up a Chili and a Blue.
Every expected outcome was worked out by hand from the rulings.
"""

from __future__ import annotations

from collections import Counter

import pytest
from bohnanza_positions import (
    VARIETIES,
    do,
    events_of,
    item,
    names,
    offer,
    refused,
    same,
    text,
    trading,
)

from spieltisch import REFEREE

END_TRADING = {"end": "trading"}
CLOSE = {"close": "trading"}


def draft(step, variety, source="hand"):
    return {"draft": step, "variety": variety, "from": source}


def subsequence(short, long) -> bool:
    it = iter(long)
    return all(c in it for c in short)


def open_offers(s):
    return s.to_json()["offers"]


# -- who trades, and what may be offered -----------------------------------------------------


def test_everyone_and_the_referee_may_act_while_trading():
    s = trading()
    assert s.actors() == {0, 1, 2, REFEREE}
    assert s.legal_actions(REFEREE) == [CLOSE]
    assert END_TRADING in s.legal_actions(0)
    assert END_TRADING not in s.legal_actions(1)
    refused(s, 1, END_TRADING)
    refused(s, 2, CLOSE)


def test_the_active_players_first_steps_exactly():
    s = trading()
    chili, blue = s.to_json()["offer_area"]
    assert names(s, [chili, blue]) == ["chili", "blue"]
    assert same(
        s.legal_actions(0),
        [
            draft("give", "blue", "offer"),
            draft("give", "chili", "offer"),
            draft("give", "red"),
            draft("give", "soy"),
            {"draft": "to", "player": 1},
            {"draft": "to", "player": 2},
            END_TRADING,
            {"harvest": 0},
        ],
    )


def test_another_players_first_steps_exactly():
    s = trading()
    # player 1 trades only with player 0: gives its hand cards, wants hand or turned-up cards
    assert same(
        s.legal_actions(1),
        [draft("give", v) for v in ("blue", "green", "stink")]
        + [draft("want", v) for v in VARIETIES]
        + [draft("want", "blue", "offer"), draft("want", "chili", "offer")],
    )


def test_others_never_trade_with_each_other():
    s = trading()
    refused(s, 1, {"draft": "to", "player": 2})
    refused(s, 1, offer(2, [item("blue")], [item("red")]))
    refused(s, 2, offer(1, [], [item("blue")]))
    refused(s, 1, offer(1, [item("blue")]))  # not to oneself
    refused(s, 0, offer(0, [item("chili", source="offer")]))
    refused(s, 0, offer(3, [item("chili", source="offer")]))  # no such player


def test_an_offer_without_to_goes_to_the_active_player():
    s = trading()
    do(s, 2, offer(None, [item("wax")], [item("chili", source="offer")]))
    assert open_offers(s) == [
        {
            "id": 1,
            "from": 2,
            "to": 0,
            "give": [item("wax")],
            "want": [item("chili", source="offer")],
        }
    ]


BAD_OFFERS = {
    "nothing": (1, offer(0)),
    "turned-up cards from another": (1, offer(0, [item("chili", source="offer")])),
    "turned-up cards from another player": (0, offer(1, [], [item("chili", source="offer")])),
    "cards not held": (1, offer(0, [item("wax")])),
    "more than held": (1, offer(0, [item("blue", 3)])),
    "turned-up card not there": (0, offer(1, [item("soy", source="offer")])),
    "unknown variety": (1, offer(0, [item("blue")], [item("tomato")])),
    "count 0": (1, offer(0, [item("blue", 0)])),
    "count true": (1, offer(0, [item("blue", True)])),
    "unknown source": (1, offer(0, [item("blue", source="deck")])),
    "not a list": (1, {"offer": {"to": 0, "give": "blue"}}),
    "not an object": (1, {"offer": [0, "blue"]}),
    "extra item key": (1, offer(0, [{"variety": "blue", "count": 1, "colour": "blue"}])),
}


@pytest.mark.parametrize(("player", "action"), BAD_OFFERS.values(), ids=BAD_OFFERS.keys())
def test_bad_offers_are_refused(player, action):
    refused(trading(), player, action)


def test_offers_only_in_the_trading_phase():
    s = trading(phase="plant", planted=0, offer_area=[])
    refused(s, 0, offer(1, [item("soy")]))
    s = trading(phase="plant-trades", offer_area=[], to_plant=[["chili"], [], []])
    refused(s, 0, offer(1, [item("soy")]))
    refused(s, 1, offer(0, [item("blue")]))


# -- drafts and one-shot offers ------------------------------------------------------------------


def test_a_draft_and_a_one_shot_offer_end_in_the_same_open_offer():
    a, b = trading(), trading()
    do(a, 1, draft("give", "blue"))
    do(a, 1, draft("give", "blue"))
    do(a, 1, draft("want", "chili", "offer"))
    assert a.view(1)["draft"] == {
        "to": 0,
        "give": [item("blue", 2)],
        "want": [item("chili", source="offer")],
    }
    assert a.view(0)["draft"] is None and a.view(2)["draft"] is None
    assert a.view(None)["draft"] is None
    assert open_offers(a) == []
    # the two blue cards of the hand are given: no third
    assert draft("give", "blue") not in a.legal_actions(1)
    refused(a, 1, draft("give", "blue"))
    assert {"propose": True} in a.legal_actions(1)
    do(a, 1, {"propose": True})
    do(b, 1, offer(0, [item("blue", 2)], [item("chili", source="offer")]))
    assert text(a) == text(b)
    assert open_offers(a) == [
        {
            "id": 1,
            "from": 1,
            "to": 0,
            "give": [item("blue", 2)],
            "want": [item("chili", source="offer")],
        }
    ]
    assert a.view(1)["draft"] is None
    for p in (0, 1, 2, None):
        assert a.view(p)["offers"] == open_offers(a), "an open offer is public"


def test_a_draft_is_cleared():
    s = trading()
    do(s, 2, draft("give", "wax"))
    do(s, 2, {"draft": "clear"})
    assert s.view(2)["draft"] in (None, {"to": 0, "give": [], "want": []})
    assert {"propose": True} not in s.legal_actions(2)
    refused(s, 2, {"propose": True})


def test_the_active_player_names_a_partner_before_proposing():
    s = trading()
    do(s, 0, draft("give", "chili", "offer"))
    assert {"propose": True} not in s.legal_actions(0), "no partner yet"
    assert not any(a.get("draft") == "want" for a in s.legal_actions(0))
    do(s, 0, {"draft": "to", "player": 2})
    # player 2 holds 2 cards: the active player may want up to 2 of them, none turned up
    wants = [a for a in s.legal_actions(0) if a.get("draft") == "want"]
    assert same(wants, [draft("want", v) for v in VARIETIES])
    do(s, 0, draft("want", "wax"))
    do(s, 0, draft("want", "coffee"))
    assert not any(a.get("draft") == "want" for a in s.legal_actions(0))
    do(s, 0, {"draft": "to", "player": 1})
    assert s.view(0)["draft"] == {
        "to": 1,
        "give": [item("chili", source="offer")],
        "want": [item("coffee"), item("wax")],
    }
    do(s, 0, {"propose": True})
    assert open_offers(s)[0]["to"] == 1 and open_offers(s)[0]["from"] == 0


def test_the_others_steps_have_no_partner_choice():
    s = trading()
    for p in (1, 2):
        assert not any(a.get("draft") == "to" for a in s.legal_actions(p))


# -- accept ----------------------------------------------------------------------------------


def test_accept_moves_the_cards_to_be_planted():
    s = trading()
    j = s.to_json()
    chili, blue_up = j["offer_area"]
    hand1 = j["hands"][1]
    do(s, 0, offer(1, [item("chili", source="offer")], [item("blue")]))
    assert same(
        [a for a in s.legal_actions(1) if set(a) & {"accept", "decline", "counter", "withdraw"}],
        [{"accept": 1}, {"decline": 1}, {"counter": 1}],
    )
    assert {"withdraw": 1} in s.legal_actions(0)
    refused(s, 0, {"accept": 1})
    refused(s, 2, {"accept": 1})
    refused(s, 2, {"decline": 1})
    refused(s, 1, {"withdraw": 1})
    events = do(s, 1, {"accept": 1})
    j = s.to_json()
    assert j["offer_area"] == [blue_up]
    assert names(s, j["hands"][1]) in (["green", "blue", "stink"], ["blue", "green", "stink"])
    assert subsequence(j["hands"][1], hand1), "the hand keeps its order"
    (got,) = j["to_plant"][0]
    assert got in hand1 and names(s, [got]) == ["blue"]
    assert j["to_plant"][1] == [chili]
    assert j["offers"] == [] and j["phase"] == "trade"
    (e,) = events_of(events, "trade")
    assert e.visible_to is None
    assert sorted(e.data["cards"]) == ["blue", "chili"]
    assert not e.data["gift"]


def test_the_active_player_trades_hand_cards_too():
    s = trading()
    hand0 = s.to_json()["hands"][0]
    do(s, 0, offer(2, [item("red")], [item("wax")]))
    do(s, 2, {"accept": 1})
    j = s.to_json()
    assert j["hands"][0] == [hand0[0], hand0[2]], "soy, soy: the order kept"
    assert j["to_plant"][2] == [hand0[1]]
    assert names(s, j["to_plant"][0]) == ["wax"]
    assert names(s, j["hands"][2]) == ["red"]
    assert len(j["offer_area"]) == 2


def test_an_accepted_offer_from_another_player():
    s = trading()
    do(s, 1, offer(0, [item("blue", 2)], [item("chili", source="offer"), item("soy")]))
    assert {"accept": 1} in s.legal_actions(0)
    refused(s, 1, {"accept": 1})
    do(s, 0, {"accept": 1})
    j = s.to_json()
    assert names(s, j["to_plant"][0]) == ["blue", "blue"]
    assert sorted(names(s, j["to_plant"][1])) == ["chili", "soy"]
    assert names(s, j["hands"][1]) == ["green", "stink"]
    assert names(s, j["hands"][0]) == ["soy", "red"]
    assert names(s, j["offer_area"]) == ["blue"]


# -- gifts -----------------------------------------------------------------------------------


def test_a_gift_may_be_refused_or_accepted():
    s = trading()
    chili, blue = s.to_json()["offer_area"]
    do(s, 0, offer(2, [item("blue", source="offer")]))
    before = s.to_json()
    do(s, 2, {"decline": 1})
    j = s.to_json()
    assert j["offers"] == [] and j["offer_area"] == [chili, blue]
    assert j["to_plant"] == before["to_plant"] and j["hands"] == before["hands"]
    do(s, 0, offer(2, [item("blue", source="offer")]))
    events = do(s, 2, {"accept": 2})
    j = s.to_json()
    assert j["to_plant"][2] == [blue] and j["offer_area"] == [chili]
    assert j["to_plant"][0] == []
    assert events_of(events, "trade")[0].data["gift"]


def test_a_gift_to_the_active_player():
    s = trading()
    stink = s.to_json()["hands"][1][3]
    do(s, 1, offer(0, [item("stink")]))
    do(s, 0, {"accept": 1})
    j = s.to_json()
    assert j["to_plant"][0] == [stink] and j["to_plant"][1] == []
    assert names(s, j["hands"][1]) == ["blue", "green", "blue"]


def test_a_request_for_nothing_in_return_is_an_offer_too():
    s = trading()
    do(s, 0, offer(1, [], [item("green")]))  # asking for a gift
    do(s, 1, {"accept": 1})
    j = s.to_json()
    assert names(s, j["to_plant"][0]) == ["green"] and j["to_plant"][1] == []


# -- counter, decline, withdraw --------------------------------------------------------------


def test_counter_turns_the_offer_round_into_a_draft():
    s = trading()
    do(s, 0, offer(1, [item("chili", source="offer")], [item("blue"), item("green")]))
    do(s, 1, {"counter": 1})
    assert open_offers(s) == []
    assert s.view(1)["draft"] == {
        "to": 0,
        "give": [item("blue"), item("green")],
        "want": [item("chili", source="offer")],
    }
    assert s.view(0)["draft"] is None
    do(s, 1, {"draft": "clear"})
    do(s, 1, draft("give", "stink"))
    do(s, 1, draft("want", "chili", "offer"))
    do(s, 1, {"propose": True})
    assert open_offers(s) == [
        {
            "id": 2,
            "from": 1,
            "to": 0,
            "give": [item("stink")],
            "want": [item("chili", source="offer")],
        }
    ]
    do(s, 0, {"accept": 2})
    j = s.to_json()
    assert names(s, j["to_plant"][0]) == ["stink"]
    assert names(s, j["to_plant"][1]) == ["chili"]


def test_withdraw_and_decline():
    s = trading()
    do(s, 0, offer(1, [item("chili", source="offer")]))
    do(s, 0, offer(2, [item("blue", source="offer")], [item("red")]))
    refused(s, 2, {"withdraw": 1})
    refused(s, 1, {"decline": 2})
    do(s, 0, {"withdraw": 1})
    assert [o["id"] for o in open_offers(s)] == [2]
    refused(s, 1, {"accept": 1})
    do(s, 2, {"decline": 2})
    assert open_offers(s) == []
    refused(s, 2, {"accept": 2})
    assert len(s.to_json()["offer_area"]) == 2


# -- offers whose cards are gone -----------------------------------------------------------------


def test_an_offer_whose_turned_up_card_is_gone_cannot_be_accepted():
    s = trading()
    do(s, 0, offer(1, [item("chili", source="offer")]))
    do(s, 0, offer(2, [item("chili", source="offer")], [item("red")]))
    do(s, 2, {"accept": 2})
    refused(s, 1, {"accept": 1})
    assert names(s, s.to_json()["to_plant"][2]) == ["chili"]


def test_an_offer_whose_hand_cards_are_gone_cannot_be_accepted():
    s = trading()
    do(s, 1, offer(0, [item("blue", 2)], [item("chili", source="offer")]))
    do(s, 1, offer(0, [item("blue")]))
    do(s, 0, {"accept": 1})
    refused(s, 0, {"accept": 2})
    assert names(s, s.to_json()["hands"][1]) == ["green", "stink"]


def test_an_offer_wanting_cards_the_partner_lacks_cannot_be_accepted():
    s = trading()
    do(s, 0, offer(2, [item("chili", source="offer")], [item("wax", 2)]))
    assert {"accept": 1} not in s.legal_actions(2)
    refused(s, 2, {"accept": 1})
    assert names(s, s.to_json()["hands"][2]) == ["red", "wax"]


# -- the end of the phase --------------------------------------------------------------------


def test_the_active_player_ends_trading_and_keeps_the_rest():
    s = trading(stock_top=["wax", "wax", "wax"])
    chili, blue = s.to_json()["offer_area"]
    do(s, 0, offer(1, [item("chili", source="offer")], [item("stink")]))
    do(s, 2, draft("give", "wax"))
    do(s, 1, {"accept": 1})
    do(s, 0, offer(2, [item("blue", source="offer")]))
    events = do(s, 0, END_TRADING)
    j = s.to_json()
    assert j["phase"] == "plant-trades"
    assert j["offer_area"] == [] and j["offers"] == [] and j["drafts"] == {}
    assert names(s, j["to_plant"][0]) == ["stink", "blue"]
    assert j["to_plant"][0][1] == blue and j["to_plant"][1] == [chili]
    assert j["to_plant"][2] == []
    assert s.actors() >= {0, 1} and REFEREE not in s.actors()
    (e,) = events_of(events, "trading_end")
    assert e.data["by"] == 0 and e.data["kept"] == ["blue"]


def test_the_referee_closes_trading():
    s = trading()
    chili, blue = s.to_json()["offer_area"]
    do(s, 1, offer(0, [item("blue")]))
    events = do(s, REFEREE, CLOSE)
    j = s.to_json()
    assert j["phase"] == "plant-trades" and j["offers"] == []
    assert j["to_plant"][0] == [chili, blue]
    assert events_of(events, "trading_end")[0].data["by"] == REFEREE


def test_after_trading_everyone_plants_then_the_next_turn():
    s = trading(stock_top=["coffee", "coffee", "coffee"])
    do(s, 0, offer(2, [item("chili", source="offer")], [item("red")]))
    do(s, 2, {"accept": 1})
    do(s, 0, END_TRADING)
    j = s.to_json()
    (chili,) = j["to_plant"][2]
    red, blue = j["to_plant"][0]
    assert names(s, [red, blue]) == ["red", "blue"]
    assert s.actors() >= {0, 2}
    do(s, 2, {"plant": chili, "field": 1})
    do(s, 0, {"plant": blue, "field": 1})
    assert s.to_json()["phase"] == "plant-trades"
    # red fits no field (soy, blue): a harvest first; blue (1 bean) may go, soy too
    assert not any("plant" in a for a in s.legal_actions(0))
    do(s, 0, {"harvest": 0})
    do(s, 0, {"plant": red, "field": 0})
    j = s.to_json()
    assert j["active"] == 1 and j["phase"] == "plant"
    assert names(s, j["hands"][0]) == ["soy", "red", "soy", "coffee", "coffee", "coffee"]
    assert Counter(names(s, j["fields"][2][1])) == {"chili": 1}
