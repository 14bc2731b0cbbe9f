"""The answers a Mutterböhnchen state keeps from one moment to the next (``_accept`` and
``_changed`` in ``mutterboehnchen/state.py``): an action in the trading phase, where everyone
may act, keeps the lists of the players it cannot change and works out anew those it may; each
test asks every player's moves first (so that they are kept), acts, and checks every player's
moves against a fresh state read from the position. Pinned where mutation testing
(``make mutate``) found them unchecked. Rulings: shared/rules/mutterboehnchen.md."""

from __future__ import annotations

from mutterboehnchen_positions import act, load
from position_checks import legal, refusal


def asked(s) -> None:
    """Every player's moves asked, as a host does after each action."""
    for p in sorted(s.actors()):
        s.legal_actions(p)


def as_fresh(s) -> None:
    """Who may act and each one's moves are those of a fresh state of the same position."""
    fresh = s.game.from_json(s.to_json())
    assert s.actors() == fresh.actors()
    for p in sorted(fresh.actors()):
        assert legal(s, p) == legal(fresh, p), p


def trading(hands, fields, **kw):
    """4 players in the trading phase, player 0 active (the cards not named lie in player 3's
    Bohnentaler)."""
    return load(4, phase="trade", hands=hands, fields=fields, rest=3, **kw)


def offer(s, sender, to, give=(), want=()):
    """``sender`` proposes an offer to ``to``: its id."""
    if sender == s.active:
        act(s, sender, {"draft": "to", "player": to})
    for v in give:
        act(s, sender, {"draft": "give", "variety": v, "from": "hand"})
    for v in want:
        act(s, sender, {"draft": "want", "variety": v, "from": "hand"})
    act(s, sender, {"propose": True})
    return s.offers[-1].id


NONE = [[], []]


def test_a_gift_held_back_by_a_messie_may_be_accepted_once_his_field_is_harvested():
    """Messie (class M, on top): his owner gives no gifts. A gift proposed before a Messie came
    on top of the giver's field cannot be accepted while he lies there; once the giver harvests
    that field, it can again: the harvest changes the receiver's moves too."""
    s = trading([["blue"], ["red"], ["soy"], []], [[["stink", "stink"], []], [["red"], []], NONE,
                NONE], offer_area=["messie"])  # fmt: skip
    oid = offer(s, 0, 1, give=["blue"])
    act(s, 0, {"plant": s.offer_area[0], "field": 0})
    assert {"accept": oid} not in legal(s, 1), "the Messie on top holds the gift back"
    asked(s)
    act(s, 0, {"harvest": 0})
    assert {"accept": oid} in legal(s, 1)
    as_fresh(s)


def test_an_offer_countered_leaves_both_sides_moves():
    """An offer countered is declined and turned round into the counterer's draft: the sender
    can no longer withdraw it, the counterer may propose the answer."""
    s = trading([["blue"], ["red"], ["soy"], []], [NONE, [["red"], []], NONE, NONE])
    oid = offer(s, 0, 1, give=["blue"], want=["red"])
    asked(s)
    act(s, 1, {"counter": oid})
    assert {"withdraw": oid} not in legal(s, 0) and {"propose": True} in legal(s, 1)
    as_fresh(s)


def test_an_offer_declined_or_withdrawn_leaves_both_sides_moves():
    """An offer declined (by its receiver) or withdrawn (by its sender) is gone from both
    sides' moves."""
    for side, answer in ((1, "decline"), (0, "withdraw")):
        s = trading([["blue"], ["red"], ["soy"], []], [NONE, [["red"], []], NONE, NONE])
        oid = offer(s, 0, 1, give=["blue"], want=["red"])
        asked(s)
        act(s, side, {answer: oid})
        assert {"withdraw": oid} not in legal(s, 0) and {"accept": oid} not in legal(s, 1)
        as_fresh(s)


def test_an_offer_proposed_reaches_its_receivers_moves():
    """An offer proposed (by the active player, or to him by another) may be answered by its
    receiver at once."""
    s = trading([["blue"], ["red"], ["soy"], []], [NONE, [["red"], []], NONE, NONE])
    asked(s)
    act(s, 0, {"draft": "to", "player": 2})
    act(s, 0, {"draft": "give", "variety": "blue", "from": "hand"})
    act(s, 0, {"draft": "want", "variety": "soy", "from": "hand"})
    asked(s)
    act(s, 0, {"propose": True})
    assert {"accept": s.offers[-1].id} in legal(s, 2)
    as_fresh(s)
    asked(s)
    act(s, 1, {"draft": "give", "variety": "red", "from": "hand"})
    asked(s)
    act(s, 1, {"propose": True})
    assert {"accept": s.offers[-1].id} in legal(s, 0)
    as_fresh(s)


def test_a_gift_forced_on_a_pruegelknabe_drops_the_givers_other_offer_of_that_card():
    """Prügelknabe (class M, on top): his owner refuses no gift, it is taken at once (a card
    that fits none of his fields is planted later). The giver's other open offer of the same
    card can then no longer be met and is dropped: its receiver's moves change too."""
    s = trading([["blue"], [], ["soy"], []],
                [NONE, [["blackeyed", "pruegelknabe"], ["red"]], [["soy"], []], NONE])  # fmt: skip
    other = offer(s, 0, 2, give=["blue"], want=["soy"])
    assert {"accept": other} in legal(s, 2)
    act(s, 0, {"draft": "to", "player": 1})
    act(s, 0, {"draft": "give", "variety": "blue", "from": "hand"})
    asked(s)
    act(s, 0, {"propose": True})
    assert s.hands[0] == [] and not s.foist and len(s.to_plant[1]) == 1, "taken, planted later"
    assert {"accept": other} not in legal(s, 2) and not s.offers
    as_fresh(s)


def test_an_offer_answered_where_only_the_actor_was_asked_leaves_both_sides_moves():
    """A host may ask who may act and only the acting player's moves: an offer withdrawn then
    still leaves the receiver's moves right (no answer of his was kept)."""
    s = trading([["blue"], ["red"], ["soy"], []], [NONE, [["red"], []], NONE, NONE])
    oid = offer(s, 0, 1, give=["blue"], want=["red"])
    assert s.actors() >= {0, 1}
    act(s, 0, {"withdraw": oid})
    assert {"accept": oid} not in legal(s, 1)
    as_fresh(s)


def test_a_player_with_a_draft_may_act_with_nothing_to_bargain_with():
    """A player's draft (an offer being built) stays his to propose or clear, even when
    neither he nor the active player holds a card any more and nothing lies turned up; a
    player without one has nothing to do then."""
    s = trading([["red"], [], ["soy"], []], [NONE, NONE, NONE, NONE])
    act(s, 1, {"draft": "want", "variety": "red", "from": "hand"})
    oid = offer(s, 0, 2, give=["red"])
    act(s, 2, {"accept": oid})
    assert s.hands[0] == s.hands[1] == [] and s.offer_area == []
    assert 1 in s.actors() and 3 not in s.actors()
    assert legal(s, 1) == [{"draft": "clear"}, {"propose": True}]
    as_fresh(s)


def test_a_proposal_without_a_draft_is_refused_and_changes_nothing():
    """An offer is built step by step (the draft) before it is proposed: a proposal with no
    draft is refused, by the active player as by another, and the moves stay as they were."""
    s = trading([["blue"], ["red"], ["soy"], []], [NONE, [["red"], []], NONE, NONE])
    asked(s)
    for p in (0, 1):
        refusal(s, p, {"propose": True})
    as_fresh(s)
