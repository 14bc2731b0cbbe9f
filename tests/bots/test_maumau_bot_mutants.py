"""Mau-Mau's bots, rule by rule: the helpers the heuristic counts and times with (mutation tests of
games/maumau/bots.py, a start: the pile reading, card counting and timing helpers).

Every bot and view is built inside its test: mutmut picks the tests to run against a mutant by
the calls made inside them.
"""

from __future__ import annotations

import math
from collections import Counter
from statistics import NormalDist
from typing import Any

import pytest

import spieltisch
from spieltisch.core import Action, OptionError
from spieltisch.games.maumau import bots
from spieltisch.games.maumau.bots import (
    Lognormal,
    MaumauBot,
    _none_of,
    cards_of,
    fits,
    is_three,
    reaction_profile,
    ref_of,
    scan,
    slap_elapsed,
    top_entry,
)


def pile(*cards: str, done: tuple[int, ...] = ()) -> list[dict[str, Any]]:
    """A view's pile, bottom first (``done``: the indices of 7s whose chain was served)."""
    return [
        {"card": c, "by": 0, "anchor": 0, **({"done": True} if i in done else {})}
        for i, c in enumerate(cards)
    ]


# -- the pile --------------------------------------------------------------------------------------


def test_a_card_fits_by_suit_or_rank() -> None:
    """``fits``: a card goes on the reference card of its suit or its rank."""
    assert fits("5h", ("9", "h", None)) and fits("9c", ("9", "h", None))
    assert not fits("5c", ("9", "h", None))


def test_a_jack_fits_on_anything_but_a_7_or_an_8() -> None:
    """``fits``: a jack goes on any card but a 7 or an 8 (whose effect is pending)."""
    assert fits("Jc", ("9", "h", None)) and fits("Jc", ("J", "h", "d"))
    assert not fits("Jc", ("7", "c", None)) and not fits("Jc", ("8", "c", None))


def test_on_a_wishing_jack_only_the_wished_suit_fits() -> None:
    """``fits``: on a jack with a wish only the wished suit goes (a jack still goes)."""
    assert fits("5d", ("J", "h", "d")) and not fits("5h", ("J", "h", "d"))
    assert not fits("Qh", ("J", "h", "d"))
    assert fits("5h", ("J", "h", None))  # no wish: suit or rank as ever


def test_a_3_fits_always_a_joker_never_and_a_2_opens_an_empty_pile() -> None:
    """``fits``: a 3 goes on anything (an empty pile too); a joker is never laid on the pile;
    on an empty pile only a 2; a free lay takes any card but a joker."""
    assert fits("3c", ("9", "h", None)) and fits("3c", None)
    assert not fits("joker", ("9", "h", None)) and not fits("joker", None, free=True)
    assert fits("2c", None) and not fits("5c", None)
    assert fits("5c", ("9", "h", None), free=True) and fits("5c", None, free=True)


def test_a_reference_is_read_off_its_pile_entry() -> None:
    """``ref_of``: the entry's rank, suit and a jack's wish; no entry, no reference."""
    assert ref_of(None) is None
    assert ref_of({"card": "Jh", "wish": "s"}) == ("J", "h", "s")
    assert ref_of({"card": "10c"}) == ("10", "c", None)


@pytest.mark.parametrize(
    ("cards", "done", "three_on_top", "expected"),
    [
        ((), (), False, (None, 0)),
        (("5c",), (), False, (0, 0)),
        (("5c", "7c"), (), False, (1, 1)),  # a pending 7: the chain of one
        (("5c", "7c", "7h"), (), False, (2, 2)),
        (("5c", "7c", "7h"), (1,), False, (2, 1)),  # a served 7 ends the chain
        (("5c", "7c"), (1,), False, (1, 0)),  # a served 7 is a plain reference
        (("5c", "joker"), (), False, (0, 0)),  # jokers are skipped
        (("5c", "9h", "3s"), (), False, (0, 0)),  # a 3 cancels the card below it
        (("5c", "7h", "3s"), (), False, (0, 0)),  # ... a 7 too
        (("5c", "9h", "3s", "3d"), (), False, (1, 0)),  # a 3 on a 3 cancels that 3
        (("5c", "9h", "3s", "joker", "3d"), (), False, (1, 0)),
        (("5c", "9h"), (), True, (0, 0)),  # as if a 3 were laid on the 9
        (("5c", "7c", "7h"), (), True, (1, 1)),
        (("3s",), (), False, (None, 0)),
        (("joker",), (), False, (None, 0)),
        (("9h", "3s"), (), True, (0, 0)),  # the new 3 cancels the 3
    ],
)
def test_scan_finds_the_reference_and_the_pending_chain(
    cards: tuple[str, ...], done: tuple[int, ...], three_on_top: bool, expected: tuple[Any, int]
) -> None:
    """``scan`` (as ``pile.scan``): from the top down, jokers skipped, a live 3 cancelling the card
    below it (a 3 on a 3 cancels that 3), pending 7s counted into the chain; the reference is the
    topmost card that counts."""
    assert scan(pile(*cards, done=done), three_on_top) == expected


def test_scan_reads_the_pile_as_it_is_unless_told_of_a_3() -> None:
    """``scan`` without ``three_on_top``: the pile as it lies."""
    assert scan(pile("5c", "9h")) == (1, 0)


def test_the_top_entry_is_the_topmost_card_but_a_joker() -> None:
    """``top_entry``: the card a 3 would go on: the topmost, jokers skipped."""
    assert top_entry([]) is None
    assert top_entry(pile("joker")) is None
    assert top_entry(pile("5c", "9h", "joker"))["card"] == "9h"  # type: ignore[index]


def test_the_cards_of_an_action_and_a_3_laid() -> None:
    """``cards_of``: one card or a set of 10s as a list; ``is_three``: a single 3 laid."""
    assert cards_of(Action(lay=["10c", "10h"]), "lay") == ["10c", "10h"]
    assert cards_of(Action(throw="5c"), "throw") == ["5c"]
    assert is_three(Action(lay="3h")) and not is_three(Action(lay="5h"))
    assert not is_three(Action(throw="3h")) and not is_three(Action(lay=["3h"]))


def test_none_of_is_the_chance_that_k_cards_miss_every_marked_one() -> None:
    """``_none_of``: drawing ``k`` of ``total`` cards without replacement, none of ``marked``."""
    assert _none_of(10, 3, 0) == 1.0
    assert math.isclose(_none_of(10, 3, 2), 7 / 10 * 6 / 9)
    assert math.isclose(_none_of(10, 3, 7), math.comb(7, 7) / math.comb(10, 7))
    assert _none_of(10, 3, 8) == 0.0
    assert _none_of(5, 5, 1) == 0.0
    assert _none_of(2, 0, 5) == 1.0  # more cards drawn than there are: the rest is empty


# -- timing ----------------------------------------------------------------------------------------


class Fixed:
    """A generator that returns the given numbers in turn."""

    def __init__(self, *values: float) -> None:
        self.values = list(values)

    def random(self) -> float:
        return self.values.pop(0)


def test_a_lognormal_draw_and_quantile() -> None:
    """``Lognormal``: the median times e to the spread times a standard normal (Box-Muller from
    two uniforms); its quantile the same with the normal's quantile."""
    d = Lognormal(2.0, 0.5)
    assert d.quantile(0.5) == 2.0
    assert math.isclose(d.quantile(0.9), 2.0 * math.exp(0.5 * NormalDist().inv_cdf(0.9)))
    # u1 = 1 - e^-1/2: sqrt(-2 ln(1 - u1)) = 1; u2 = 0: cos 0 = 1; u2 = 1/2: cos pi = -1
    u1 = 1 - math.exp(-0.5)
    assert math.isclose(bots._gauss(Fixed(u1, 0.0)), 1.0)  # type: ignore[arg-type]
    assert math.isclose(bots._gauss(Fixed(u1, 0.5)), -1.0)  # type: ignore[arg-type]
    assert math.isclose(d.draw(Fixed(u1, 0.0)), 2.0 * math.exp(0.5))  # type: ignore[arg-type]
    # u1 = 1 - e^-2: sqrt(-2 ln(1 - u1)) = 2; u2 = 1/8: cos(pi/4)
    u1 = 1 - math.exp(-2.0)
    z = 2.0 * math.cos(math.pi / 4)
    assert math.isclose(bots._gauss(Fixed(u1, 0.125)), z)  # type: ignore[arg-type]
    assert math.isclose(d.draw(Fixed(u1, 0.125)), 2.0 * math.exp(0.5 * z))  # type: ignore[arg-type]


def test_a_profile_never_reacts_faster_than_the_floor() -> None:
    """``Profile.time``: a draw, never below the profile's floor."""
    p = reaction_profile("normal")
    assert p.floor == 0.15
    u1 = 1 - math.exp(-0.5)
    quick = Lognormal(0.1, 0.5)
    assert p.time(quick, Fixed(u1, 0.5)) == 0.15  # type: ignore[arg-type]
    assert math.isclose(p.time(quick, Fixed(u1, 0.0)), 0.1 * math.exp(0.5))  # type: ignore[arg-type]


def test_the_profiles_come_from_profiles_toml() -> None:
    """``profiles``: each of profiles.toml's profiles, its distributions and chances; an unknown
    name is an OptionError naming the known ones."""
    p = reaction_profile("fast")
    assert p.name == "fast"
    assert (p.reflex.median, p.reflex.spread) == (0.35, 0.25)
    assert (p.decision.median, p.decision.spread) == (0.9, 0.35)
    assert (p.late.median, p.late.spread) == (6.0, 0.3)
    assert (p.forget, p.wrong_hand) == (0.02, 0.02)
    known = (
        r"no reaction profile 'dozy' for the Mau-Mau bots; there are fast, normal, slow, sloppy$"
    )
    with pytest.raises(OptionError, match=known):
        reaction_profile("dozy")


def test_every_bot_reckons_a_slap_open_by_the_clocks_quantile() -> None:
    """``slap_elapsed``: 0 before any slap; after k slaps of m players in play, the clock's
    k/(m+1) quantile (at most its 0.99 one)."""
    clock = Lognormal(0.55, 0.4)
    assert slap_elapsed(0, 4) == 0.0
    assert math.isclose(slap_elapsed(1, 4), clock.quantile(1 / 5))
    assert math.isclose(slap_elapsed(3, 2), clock.quantile(0.99))
    assert math.isclose(slap_elapsed(2, 1), clock.quantile(0.99))


# -- what the heuristic reads off its view ---------------------------------------------------------


def view(hand: list[str], counts: list[int], **more: Any) -> dict[str, Any]:
    """A view of seat 0 (only what ``_Table`` reads)."""
    n = len(counts)
    v: dict[str, Any] = {
        "viewer": 0,
        "players": n,
        "hand": hand,
        "hands": counts,
        "status": ["cards"] * n,
        "pile": pile("9h"),
        "reference": 0,
        "free": False,
        "turn": 0,
        "direction": 1,
        "facing": "play",
        "chain": 0,
        "stock": 40,
        "front": [0] * n,
    }
    v.update(more)
    return v


def table(v: dict[str, Any]) -> Any:
    bot = MaumauBot(spieltisch.load_game("maumau"))
    return bots._Table(bot, v, [])


def test_the_next_holder_skips_empty_hands_and_winners() -> None:
    """``next_holder``: the next seat from the anchor in the direction of play that holds cards
    and has not won (the bot's own hand as it will be after its lay)."""
    t = table(view(["5c"], [1, 3, 0, 2], status=["cards", "won", "between", "cards"]))
    assert t.next_holder(0, 1) == 3
    assert t.next_holder(3, 1) == 0
    assert t.next_holder(3, 1, 0) == 3  # the bot's lay empties its hand: round to the anchor
    assert t.next_holder(1, 1, 0) == 3
    assert t.next_holder(0, -1) == 3
    t = table(view(["5c"], [1, 3, 2, 2]))
    assert t.next_holder(0, 1) == 1 and t.next_holder(0, -1) == 3 and t.next_holder(1, 1) == 2
    t = table(view(["5c"], [1, 0, 0], status=["cards", "won", "between"]))
    assert t.next_holder(0, 1, 0) is None and t.next_holder(0, 1) == 0


def test_a_threat_is_how_close_a_player_is_to_going_out() -> None:
    """``threat``: 3 with one card, 2 with two, 1 with three, 0 with four or more; none for the
    bot itself, an empty hand or no one."""
    t = table(view(["5c", "6c"], [2, 1, 2, 3, 4, 0]))
    assert [t.threat(p) for p in range(6)] == [0, 3, 2, 1, 0, 0]
    assert t.threat(None) == 0


def test_the_unseen_cards_are_the_decks_less_the_hand_and_the_pile() -> None:
    """``unseen``: two of each card, less the bot's hand and the pile (jokers aside)."""
    t = table(view(["5c", "5c", "joker", "Qs"], [4, 5], pile=pile("9h", "joker", "Qs")))
    expected = Counter(
        {
            r + s: 2
            for s in "cdhs"
            for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
        }
    )
    expected -= Counter(["5c", "5c", "9h", "Qs", "Qs"])
    assert t.unseen == expected and "5c" not in t.unseen and "Qs" not in t.unseen


def test_the_unseen_jokers_are_the_decks_less_those_in_view() -> None:
    """``unseen_jokers``: the deck's jokers (its cards over two 52-card decks: hands, stock, pile
    and the jokers put down in front) less the bot's, those in front and those on the pile."""
    # 5 + 5 + 95 + 2 (pile) + 1 (front) = 108: four jokers; one held, one in front, one on the pile
    v = view(
        ["5c", "joker", "6c", "7c", "8c"], [5, 5], stock=95, pile=pile("9h", "joker"), front=[0, 1]
    )
    assert table(v).unseen_jokers() == 1
    v["stock"] = 92  # 105 cards: one joker, and three seen
    assert table(v).unseen_jokers() == 0


def test_the_chance_a_player_answers_is_drawn_from_the_unseen_cards() -> None:
    """``p_answer``: one less the chance that none of the player's cards is one of those wanted,
    drawn from the unseen cards (jokers included); an empty hand answers nothing."""
    v = view(["5c"], [1, 3, 0], stock=98)
    t = table(v)
    total = sum(t.unseen.values()) + t.unseen_jokers()
    marked = sum(n for c, n in t.unseen.items() if c.endswith("h"))
    expected = 1 - _none_of(total, marked, 3)
    assert math.isclose(t.p_answer(1, lambda c: c.endswith("h")), expected)
    assert t.p_answer(2, lambda c: True) == 0.0


def test_a_player_who_drew_held_nothing_that_fitted() -> None:
    """``p_answer`` of a player who drew for their turn: the cards they held then (one fewer than
    when they drew) held nothing fitting that reference; the cards since are drawn as ever."""
    bot = MaumauBot(spieltisch.load_game("maumau"))
    v = view(["5c"], [1, 4], stock=98)
    t = bots._Table(bot, v, [])
    bot.lacks[1] = (("9", "h", None), 4)  # they drew holding 3 cards, now 4

    def hearts(c: str) -> bool:
        return c.endswith("h")

    # their 3 old cards: none a heart or a 9 (they did not fit); the new one: anything
    rest = [(n, hearts(c)) for c, n in t.unseen.items() if not fits(c, ("9", "h", None))]
    old_total = sum(n for n, _ in rest) + t.unseen_jokers()
    total = sum(t.unseen.values()) + t.unseen_jokers()
    marked = sum(n for c, n in t.unseen.items() if hearts(c))
    expected = 1 - _none_of(old_total, 0, 3) * _none_of(total, marked, 1)
    assert math.isclose(t.p_answer(1, hearts), expected)
    # wanting a 5 (no 5 fits a 9 of hearts unless it is a heart): the old cards may hold one
    fives = sum(n for c, n in t.unseen.items() if c[:-1] == "5" and not fits(c, ("9", "h", None)))
    marked5 = sum(n for c, n in t.unseen.items() if c[:-1] == "5")
    expected = 1 - _none_of(old_total, fives, 3) * _none_of(total, marked5, 1)
    assert math.isclose(t.p_answer(1, lambda c: c[:-1] == "5"), expected)
