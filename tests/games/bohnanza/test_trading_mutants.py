"""The bean games' offers, drafts and promises as data (``beans/trading.py``), pinned where
mutation testing (``make mutate``) found them unchecked: how an offer is read from JSON and what
a wrong one is told, how it is written back, copied and turned round, and who a promise binds.
Rulings: shared/rules/bohnanza.md, "Turn" phase 2 ("any number of cards for any number; gifts
are allowed"); shared/rules/ladybohn.md ("a promise covers the stealer's next steal only, unless
the trade says otherwise")."""

from __future__ import annotations

from collections import Counter

import pytest

from spieltisch.games.beans.trading import (
    HAND,
    OFFER,
    Draft,
    Offer,
    _promises_read,
    copy_items,
    covers,
    holdings,
    items_from_json,
    items_to_json,
    promises_from_json,
    turned_round,
)

VARIETIES = {"blue", "red", "soy"}


def read(value):
    return items_from_json(value, VARIETIES)


def refusal(value) -> str:
    with pytest.raises(ValueError) as err:
        read(value)
    return str(err.value)


# -- an offer's items: variety, count and where the cards come from ---------------------------


def test_an_item_counts_one_card_from_the_hand_unless_it_says_otherwise():
    assert read([{"variety": "blue"}]) == Counter({("blue", HAND): 1})
    assert read([{"variety": "red", "count": 3, "from": "offer"}]) == Counter({("red", OFFER): 3})
    assert read([]) == Counter()


def test_the_same_cards_named_twice_add_up():
    """ "any number of cards for any number": two items of one variety and source are one
    item of both counts."""
    assert read([{"variety": "soy", "count": 2}, {"variety": "soy"}]) == Counter({("soy", HAND): 3})


@pytest.mark.parametrize(
    ("value", "said"),
    [
        ("blue", "give and want are lists of {variety, count, from}"),
        ({"variety": "blue"}, "give and want are lists of {variety, count, from}"),
        (["blue"], "an item is {variety, count, from}"),
        ([{"variety": "blue", "cards": 1}], "an item is {variety, count, from}"),
        ([{"variety": "green"}], "there is no variety 'green'"),
        ([{"count": 1}], "there is no variety None"),
        ([{"variety": "blue", "count": 0}], "a count is a whole number of at least 1, not 0"),
        ([{"variety": "blue", "count": -2}], "a count is a whole number of at least 1, not -2"),
        ([{"variety": "blue", "count": True}], "a count is a whole number of at least 1, not True"),
        ([{"variety": "blue", "count": 1.0}], "a count is a whole number of at least 1, not 1.0"),
        ([{"variety": "blue", "from": "field"}], "cards come from 'hand' or 'offer', not 'field'"),
    ],
)
def test_a_wrong_item_is_told_what_is_wrong(value, said):
    assert refusal(value) == said


def test_items_are_written_sorted_and_without_empty_counts():
    items = Counter({("soy", HAND): 2, ("blue", OFFER): 1, ("blue", HAND): 1, ("red", HAND): 0})
    assert items_to_json(items) == [
        {"variety": "blue", "count": 1, "from": "hand"},
        {"variety": "blue", "count": 1, "from": "offer"},
        {"variety": "soy", "count": 2, "from": "hand"},
    ]
    assert read(items_to_json(items)) == +items


def test_a_copy_of_items_is_equal_and_its_own():
    items = Counter({("soy", HAND): 2})
    copied = copy_items(items)
    assert copied == items and isinstance(copied, Counter)
    copied[("soy", HAND)] += 1
    copied[("red", HAND)] += 1  # a Counter: a missing key counts 0
    assert items == Counter({("soy", HAND): 2})


# -- what a player could give -----------------------------------------------------------------


def test_holdings_are_hand_cards_and_turned_up_cards():
    have = holdings(["blue", "blue", "red"], ["soy"])
    assert have == Counter({("blue", HAND): 2, ("red", HAND): 1, ("soy", OFFER): 1})
    assert covers(have, Counter({("blue", HAND): 2, ("soy", OFFER): 1}))
    assert not covers(have, Counter({("blue", HAND): 3}))
    assert not covers(have, Counter({("soy", HAND): 1})), "a turned-up Soy is not a hand card"
    assert covers(have, Counter())


# -- promises ---------------------------------------------------------------------------------


def test_promises_name_each_side_once_and_how_long_it_holds():
    assert promises_from_json({"receiver": "next", "sender": "game"}) == {
        "sender": "game",
        "receiver": "next",
    }
    assert list(promises_from_json({"receiver": "next", "sender": "game"})) == [
        "sender",
        "receiver",
    ]
    assert promises_from_json({}) == {}
    assert promises_from_json({"receiver": "game"}) == {"receiver": "game"}


@pytest.mark.parametrize(
    ("value", "said"),
    [
        (["receiver"], 'promises are {"sender": holds, "receiver": holds}, each side once'),
        ({"thief": "next"}, 'promises are {"sender": holds, "receiver": holds}, each side once'),
        ({"sender": "ever"}, 'a promise holds for the "next" steal or the rest of the "game"'),
        ({"sender": "next", "receiver": None}, 'a promise holds for the "next" steal or'),
    ],
)
def test_a_wrong_promise_is_told_what_is_wrong(value, said):
    with pytest.raises(ValueError) as err:
        promises_from_json(value)
    assert str(err.value).startswith(said)


def test_a_counter_offer_turns_the_promises_round():
    assert turned_round({"sender": "game", "receiver": "next"}) == {
        "receiver": "game",
        "sender": "next",
    }
    assert turned_round({"receiver": "next"}) == {"sender": "next"}


def test_an_old_position_s_promise_true_was_the_receivers_for_the_next_steal():
    assert _promises_read({"promise": True}) == {"receiver": "next"}
    assert _promises_read({"promise": 1}) == {}
    assert _promises_read({}) == {}
    assert _promises_read({"promises": {"sender": "game"}, "promise": True}) == {"sender": "game"}


def test_who_a_promise_binds():
    """The receiver's promise: she will not rob the sender; the sender's: he will not rob the
    receiver. Each for as long as it says."""
    offer = Offer(1, sender=0, to=2, give=Counter(), want=Counter())
    assert offer.promisers() == []
    offer.promises = {"receiver": "game", "sender": "next"}
    assert offer.promisers() == [(0, 2, "next"), (2, 0, "game")]


# -- offers and drafts as JSON ----------------------------------------------------------------


def test_an_offer_written_and_read_back():
    """ "gifts are allowed": an offer that wants nothing is a gift."""
    offer = Offer(
        7,
        sender=1,
        to=0,
        give=Counter({("red", HAND): 2}),
        want=Counter({("soy", OFFER): 1}),
        promises={"receiver": "next"},
    )
    data = offer.to_json()
    assert data == {
        "id": 7,
        "from": 1,
        "to": 0,
        "give": [{"variety": "red", "count": 2, "from": "hand"}],
        "want": [{"variety": "soy", "count": 1, "from": "offer"}],
        "promises": {"receiver": "next"},
    }
    assert Offer.from_json(data, VARIETIES) == offer
    assert not offer.is_gift
    gift = Offer.from_json(
        {"id": "3", "from": "2", "to": 0, "give": data["give"], "want": []}, VARIETIES
    )
    assert (gift.id, gift.sender, gift.to) == (3, 2, 0)
    assert gift.is_gift and gift.promises == {}
    assert "promises" not in gift.to_json()


def test_a_copy_of_an_offer_is_equal_and_its_own():
    offer = Offer(
        2, 0, 1, Counter({("red", HAND): 1}), Counter({("blue", HAND): 1}), {"sender": "game"}
    )
    copied = offer.copy()
    assert copied == offer and copied.to_json() == offer.to_json()
    copied.give[("red", HAND)] += 1
    copied.want[("soy", HAND)] += 1
    copied.promises["receiver"] = "next"
    assert offer == Offer(
        2, 0, 1, Counter({("red", HAND): 1}), Counter({("blue", HAND): 1}), {"sender": "game"}
    )


def test_a_draft_written_copied_and_read_back():
    draft = Draft()
    assert draft.empty and draft.to_json() == {"to": None, "give": [], "want": []}
    assert Draft.from_json({}, VARIETIES) == draft
    draft.want[("blue", HAND)] += 1
    assert not draft.empty
    draft = Draft(to=2, give=Counter({("soy", HAND): 1}))
    assert not draft.empty
    draft.promises = {"receiver": "game"}
    data = draft.to_json()
    assert data == {
        "to": 2,
        "give": [{"variety": "soy", "count": 1, "from": "hand"}],
        "want": [],
        "promises": {"receiver": "game"},
    }
    assert Draft.from_json(data, VARIETIES) == draft
    draft.want[("red", OFFER)] += 2
    data = draft.to_json()
    assert data["want"] == [{"variety": "red", "count": 2, "from": "offer"}]
    assert Draft.from_json(data, VARIETIES) == draft
    copied = draft.copy()
    assert copied == draft
    copied.give[("soy", HAND)] += 1
    copied.want[("red", HAND)] += 1
    copied.promises["sender"] = "next"
    copied.to = 0
    assert draft == Draft(
        2, Counter({("soy", HAND): 1}), Counter({("red", OFFER): 2}), {"receiver": "game"}
    )
    with pytest.raises(ValueError, match="there is no variety 'green'"):
        Draft.from_json({"want": [{"variety": "green"}]}, VARIETIES)
