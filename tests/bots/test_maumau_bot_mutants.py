"""Mau-Mau's bots, rule by rule (mutation tests of games/maumau/bots.py): the pile reading, card
counting and timing helpers, a lay's score, the turn, the 3s, the Pilz, throw-ins, the dealer's
choice and the random bot, each rule its docstrings state pinned in a real position (built with
the game's ``from_json``, as tests/bots/test_maumau_bot.py builds them).

Every bot and view is built inside its test: mutmut picks the tests to run against a mutant by
the calls made inside them.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import replace
from statistics import NormalDist
from typing import Any

import pytest
from maumau_positions import position

import spieltisch
from spieltisch.bots.base import Decision
from spieltisch.core import Action, OptionError, Rng
from spieltisch.games.maumau import bots
from spieltisch.games.maumau.bots import (
    Lognormal,
    MaumauBot,
    RandomMaumauBot,
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


# -- the heuristic in real positions ---------------------------------------------------------------

GAME = spieltisch.load_game("maumau")


def seat(state: Any, player: int = 0, **options: Any) -> tuple[MaumauBot, Any]:
    """A fresh heuristic bot of ``player`` and its reading of the state's view."""
    game = spieltisch.load_game("maumau", **options) if options else GAME
    bot = MaumauBot(game)
    return bot, bots._Table(bot, state.view(player), state.legal_actions(player))


def decision(state: Any, player: int, rng: Any = None) -> Decision:
    return Decision(player, state.view(player), state.legal_actions(player), rng or Rng(0), state)


def chosen(state: Any, player: int = 0, **options: Any) -> tuple[Action, str] | None:
    """What a fresh heuristic bot decides for ``player`` (besides words and slaps)."""
    game = spieltisch.load_game("maumau", **options) if options else GAME
    return MaumauBot(game).choose(decision(state, player))


def score(state: Any, card: Any, anchor: int = 0, verb: str = "lay", **more: Any) -> float:
    bot, t = seat(state)
    return bot._score(t, Action({verb: card, **more}), verb, anchor, t.hand)


FIVES = [5, 5]
"""Two neighbours with five cards each: nobody about to go out."""


def test_a_card_shed_is_worth_10_and_08_for_each_card_of_its_suit_kept() -> None:
    """``_score``: "A lay is scored in cards shed (10 each)"; "A card of a suit it holds more of
    keeps its next turn easy" (0.8 a card of the new suit still held, 3s and jacks aside)."""
    s = position([["4h", "6h", "10h", "Kc", "2d"], *FIVES], ["5h"])
    assert score(s, "4h") == pytest.approx(10 + 2 * 0.8)
    assert score(s, "2d") == pytest.approx(10.0)
    s = position([["4h", "6h", "Jh", "3h", "joker"], *FIVES], ["5h"])
    assert score(s, "4h") == pytest.approx(10 + 0.8)  # the 6: neither the jack, 3 nor joker


def test_a_set_of_10s_sheds_each_card_and_follows_the_last_ones_suit() -> None:
    """``_score``: 10 a card shed; the suit to follow is the last 10's (it lies on top)."""
    s = position([["10h", "10c", "4c", "6c", "Kd"], *FIVES], ["5h"])
    assert score(s, ["10h", "10c"]) == pytest.approx(20 + 2 * 0.8)
    assert score(s, ["10c", "10h"]) == pytest.approx(20.0)


def test_the_last_card_is_worth_going_out() -> None:
    """``_score``: the hand empty is Mau-Mau, then Matt (OUT, 1000) besides the card shed."""
    s = position([["4h"], *FIVES], ["5h"])
    assert score(s, "4h") == 1010.0


def test_a_queen_swaps_for_the_smaller_hand_and_is_kept_while_the_hand_is_big() -> None:
    """``_score`` of a queen: the cards the swap sheds (its hand after the lay less the
    partner's), 2 for each step the partner is closer to going out, less KEEP_QUEEN (3) while 3
    cards or more are left ("a queen swaps later")."""
    s = position([["Qh", "4h", "Kc", "9c", "2d"], 5, 2, 4], ["5h"])
    assert score(s, "Qh", swap=2) == pytest.approx(10 + 10 * (4 - 2) + 2 * 2 - 3)
    assert score(s, "Qh", swap=1) == pytest.approx(10 + 10 * (4 - 5) - 3)
    s = position([["Qh", "4h", "2d", "9c"], 5, 2, 4], ["5h"])
    assert score(s, "Qh", swap=2) == pytest.approx(10 + 10 * (3 - 2) + 2 * 2 - 3)
    s = position([["Qh", "4h", "2d"], 5, 1, 4], ["5h"])
    assert score(s, "Qh", swap=2) == pytest.approx(10 + 10 * (2 - 1) + 2 * 3)


def test_a_queen_swapping_with_an_empty_hand_goes_out() -> None:
    """``_score``: "a queen swaps with the smallest hand (an empty one wins the game)"."""
    s = position([["Qh", "4h", "Kc"], 5, [], 5], ["5h"], silent=[False, False, True, False])
    assert score(s, "Qh", swap=2) == 1010.0


def test_a_queen_left_as_the_last_card_costs_8() -> None:
    """``_score``: the last card a queen (3s aside) "would swap an empty hand for a full one"."""
    s = position([["10s", "Qs", "3c"], *FIVES], ["5h"])
    assert score(s, "10s") == pytest.approx(10 - 8.0 + 0.8)
    s = position([["10s", "Qs", "4c"], *FIVES], ["5h"])
    assert score(s, "10s") == pytest.approx(10 + 0.8)
    s = position([["10s", "3s", "3c"], *FIVES], ["5h"])
    assert score(s, "10s") == pytest.approx(10.0)  # 3s alone: no queen to swap with


def test_a_7_is_kept_back_while_the_hand_is_big() -> None:
    """``_score`` of a 7: KEEP_SEVEN (6) while 2 cards or more are left, KEEP_SPARE_SEVEN (2)
    with another 7 held; then 3 times the chance the next player has no 7 to pass it on."""
    s = position([["7h", "4h", "Kc", "9c", "2d"], *FIVES], ["5h"])
    _, t = seat(s)
    no_seven = 1 - t.p_answer(1, lambda c: c[:-1] == "7")
    assert score(s, "7h") == pytest.approx(10 - 6 + 3 * no_seven + 0.8)
    s = position([["7h", "7c", "4h", "Kc", "2d"], *FIVES], ["5h"])
    _, t = seat(s)
    no_seven = 1 - t.p_answer(1, lambda c: c[:-1] == "7")
    assert score(s, "7h") == pytest.approx(10 - 2 + 3 * no_seven + 0.8)
    s = position([["7h", "4h"], *FIVES], ["5h"])
    _, t = seat(s)
    no_seven = 1 - t.p_answer(1, lambda c: c[:-1] == "7")
    assert score(s, "7h") == pytest.approx(10 + 3 * no_seven + 0.8)


def test_a_7_is_laid_at_a_neighbour_about_to_go_out() -> None:
    """``_score`` of a 7: "laid to hit a neighbour about to go out": (3 + 2.5 threat) times the
    chance they cannot pass it on; no lookahead on the answer (a 7 is answered by a 7)."""
    s = position([["7h", "4h", "Kc", "9c", "2d"], 1, 5], ["5h"])
    _, t = seat(s)
    no_seven = 1 - t.p_answer(1, lambda c: c[:-1] == "7")
    assert score(s, "7h") == pytest.approx(10 - 6 + (3 + 2.5 * 3) * no_seven + 0.8)


def test_a_7_or_8_that_comes_back_to_the_bot_costs_it() -> None:
    """``_score``: with nobody else holding cards the 7 comes back to the bot (three cards
    drawn: -30), the 8 makes it sit out (-10)."""
    s = position([["7h", "8h", "4h"], [], []], ["5h"], silent=[False, True, True])
    assert score(s, "7h") == pytest.approx(10 - 6 - 30 + 2 * 0.8)
    assert score(s, "8h") == pytest.approx(10 - 4 - 10 + 2 * 0.8)


def test_an_8_is_kept_back_while_the_hand_is_big() -> None:
    """``_score`` of an 8: KEEP_EIGHT (4), KEEP_SPARE_EIGHT (1) with another 8; then
    (2 + 2.5 threat) times the chance the next player has no 8."""
    s = position([["8h", "4h", "Kc", "9c", "2d"], 2, 5], ["5h"])
    _, t = seat(s)
    no_eight = 1 - t.p_answer(1, lambda c: c[:-1] == "8")
    assert score(s, "8h") == pytest.approx(10 - 4 + (2 + 2.5 * 2) * no_eight + 0.8)
    s = position([["8h", "8c", "4h", "Kc", "2d"], *FIVES], ["5h"])
    _, t = seat(s)
    no_eight = 1 - t.p_answer(1, lambda c: c[:-1] == "8")
    assert score(s, "8h") == pytest.approx(10 - 1 + 2 * no_eight + 0.8)
    s = position([["8h", "4h", "Kc"], *FIVES], ["5h"])
    _, t = seat(s)
    no_eight = 1 - t.p_answer(1, lambda c: c[:-1] == "8")
    assert score(s, "8h") == pytest.approx(10 - 4 + 2 * no_eight + 0.8)  # 2 left: kept back
    s = position([["8h", "4h"], *FIVES], ["5h"])
    _, t = seat(s)
    no_eight = 1 - t.p_answer(1, lambda c: c[:-1] == "8")
    assert score(s, "8h") == pytest.approx(10 + 2 * no_eight + 0.8)


def test_a_jack_is_kept_back_and_wishes_the_suit_held_most() -> None:
    """``_score`` of a jack: KEEP_JACK (8) while 2 cards or more are left ("a jack fits
    anything"); 1.2 for each card of the wished suit still held."""
    s = position([["Jc", "4s", "9s", "Ks", "2d"], *FIVES], ["5h"])
    assert score(s, "Jc", wish="s") == pytest.approx(10 - 8 + 3 * 1.2)
    assert score(s, "Jc", wish="d") == pytest.approx(10 - 8 + 1.2)
    s = position([["Jc", "4s"], *FIVES], ["5h"])
    assert score(s, "Jc", wish="s") == pytest.approx(10 + 1.2)


def test_a_king_is_worth_what_it_changes_about_who_plays_next() -> None:
    """``_score`` of a king: 2 for each step of threat between the player who would have been
    next and the one who is next after the turn of direction."""
    s = position([["Kh", "4c", "9c", "2d", "6d"], 3, 5, 4], ["5h"])
    assert score(s, "Kh") == pytest.approx(10 + 2 * (1 - 0))
    s = position([["Kh", "4c", "9c", "2d", "6d"], 5, 5, 3], ["5h"])
    assert score(s, "Kh") == pytest.approx(10 + 2 * (0 - 1))
    s = position([["Kh", "4c", "9c", "2d", "6d"], 3, 5], ["5h"])
    assert score(s, "Kh") == pytest.approx(10 + 2 * (1 - 0))


def test_a_king_that_brings_the_turn_back_is_worth_3_more() -> None:
    """``_score`` of a king: the turn back to the bot is worth 3 (here the card's anchor is the
    seat after the bot, as a throw-in's or an ace's)."""
    s = position([["Kh", "4c", "9c", "2d", "6d"], *FIVES], ["5h"])
    assert score(s, "Kh", anchor=1) == pytest.approx(10 + 3)


def test_an_ace_counts_double_when_a_card_fits_on_it() -> None:
    """``_score`` of an ace: +7 when a card held (3s aside) fits on it, else -1."""
    s = position([["Ah", "4h", "Kc"], *FIVES], ["5h"])
    assert score(s, "Ah") == pytest.approx(10 + 7 + 0.8)
    s = position([["Ah", "Jc", "Kc"], *FIVES], ["5h"])
    assert score(s, "Ah") == pytest.approx(10 + 7)
    s = position([["Ah", "Ac", "Kd"], *FIVES], ["5h"])
    assert score(s, "Ah") == pytest.approx(10 + 7)  # an ace on the ace, by rank
    s = position([["Ah", "4c", "Kc"], *FIVES], ["5h"])
    assert score(s, "Ah") == pytest.approx(10 - 1)
    s = position([["Ah", "3c", "Kc"], *FIVES], ["5h"])
    assert score(s, "Ah") == pytest.approx(10 - 1)


def test_a_9_gives_others_a_throw_in() -> None:
    """``_score`` of a 9: "a 9 gives others a throw-in" (-2)."""
    s = position([["9h", "4c", "Kc"], *FIVES], ["5h"])
    assert score(s, "9h") == pytest.approx(10 - 2)


@pytest.mark.parametrize("card", ["5h", "6h"])
def test_a_5_or_6_is_worth_its_slap_edge(card: str) -> None:
    """``_score``: "a 5 or 6 is worth laying for a quick slapper" (the bot's slap edge)."""
    s = position([[card, "4c", "Kc"], *FIVES], ["5h"])
    bot, _ = seat(s)
    assert bot.slap_edge == pytest.approx(-0.1)  # normal: (0.6 - 0.55) x 8 less 10 x 0.05
    assert score(s, card) == pytest.approx(10 + bot.slap_edge)


@pytest.mark.parametrize(
    ("name", "edge"), [("fast", 1.8), ("normal", -0.1), ("slow", -2.9), ("sloppy", -1.5)]
)
def test_the_slap_edge_is_the_reflex_against_0_6_less_the_slips(name: str, edge: float) -> None:
    """``MaumauBot``: "a quick slapper gains by opening slaps (others are last); a slow one loses
    by it": 8 a second of reflex median under 0.6 (at most 3 either way), less 10 x the chance
    of the wrong hand."""
    assert MaumauBot(GAME, name).slap_edge == pytest.approx(edge)


def test_the_slap_edge_is_bounded_by_3(monkeypatch: pytest.MonkeyPatch) -> None:
    """``MaumauBot``: the reflex's part of the slap edge lies between -3 and 3."""
    normal = reaction_profile("normal")
    quick = replace(normal, reflex=Lognormal(0.1, 0.3), wrong_hand=0.0)
    monkeypatch.setattr(bots, "reaction_profile", lambda name: quick)
    assert MaumauBot(GAME).slap_edge == 3.0
    slow = replace(normal, reflex=Lognormal(1.2, 0.3), wrong_hand=0.0)
    monkeypatch.setattr(bots, "reaction_profile", lambda name: slow)
    assert MaumauBot(GAME).slap_edge == -3.0


def test_a_card_the_next_player_can_answer_costs_when_they_are_about_to_go_out() -> None:
    """``_score``: "against a next player with one or two cards, a card they probably cannot
    answer": 4 x threat x the chance they hold the rank, a jack or the new suit."""
    s = position([["4h", "Kc", "9c", "2d", "6d"], 2, 5], ["5h"])
    _, t = seat(s)
    p = t.p_answer(1, lambda c: c[:-1] in ("4", "J") or c.endswith("h"))
    assert 0 < p < 1
    assert score(s, "4h") == pytest.approx(10 - 4 * 2 * p)
    s = position([["4h", "Kc", "9c", "2d", "6d"], 3, 5], ["5h"])
    assert score(s, "4h") == pytest.approx(10.0)  # three cards: not yet about to go out


def test_a_jacks_wish_is_what_the_next_player_must_answer() -> None:
    """``_score`` of a jack against a player about to go out: they answer with a jack or the
    wished suit (not the jack's own suit)."""
    s = position([["Jc", "4s", "9s", "Ks", "2d"], 1, 5], ["5h"])
    _, t = seat(s)
    p = t.p_answer(1, lambda c: c[:-1] == "J" or c.endswith("s"))
    assert score(s, "Jc", wish="s") == pytest.approx(10 - 8 + 3 * 1.2 - 4 * 3 * p)


# -- the heuristic's turn --------------------------------------------------------------------------


def test_on_a_chain_it_passes_the_7_that_keeps_its_next_turn_easy() -> None:
    """``_turn`` facing a chain: "a 7 on a chain ... always", the best-scored 7 (the one whose
    suit it holds more of)."""
    s = position([5, ["7s", "7d", "4d", "9d"], 5], ["5c", "7c"], turn=1)
    assert chosen(s, 1) == ({"lay": "7d"}, "turn")


def test_on_a_chain_without_a_7_or_a_3_it_takes_the_cards() -> None:
    """``_turn`` facing a chain with nothing to pass it on: it takes."""
    s = position([5, ["4d", "9s", "Kd"], 5], ["5c", "7c"], turn=1)
    assert chosen(s, 1) == ({"take": True}, "turn")


def test_on_an_8_it_passes_the_best_8_or_sits_out() -> None:
    """``_turn`` facing an 8: "an 8 on an 8 always" (the best-scored one); none: it sits out."""
    s = position([5, ["8s", "8d", "4d", "9d"], 5], ["5c", "8c"], turn=1)
    assert chosen(s, 1) == ({"lay": "8d"}, "turn")
    s = position([5, ["4d", "9s", "Kd"], 5], ["5c", "8c"], turn=1)
    assert chosen(s, 1) == ({"sit_out": True}, "turn")


def test_after_drawing_it_passes_rather_than_lay_at_a_loss() -> None:
    """``_turn``: "after drawing or its own ace it passes rather than lay at a loss" (a queen
    that swaps 3 cards for 5 is a loss); a card worth laying it lays."""
    s = position([["Qh", "4c", "Kc", "9c"], 5, 5], ["5h"], mode="drawn")
    assert chosen(s) == ({"pass": True}, "turn")
    s = position([["4h", "4c", "Kc", "9c"], 5, 5], ["5h"], mode="drawn")
    assert chosen(s) == ({"lay": "4h"}, "turn")


def test_after_drawing_a_lay_worth_nothing_is_not_made() -> None:
    """``_turn``: after drawing it lays only at a gain (above 0): a 9 (-2) that leaves a queen as
    its last card (-8) is worth 10 - 2 - 8 = 0, and it passes."""
    s = position([["9h", "Qs", "3c"], 5, 5], ["5h"], mode="drawn")
    bot, t = seat(s)
    assert bot._score(t, Action(lay="9h"), "lay", 0, t.hand) == 0.0
    assert bot._turn(t) == {"pass": True}


def test_on_its_own_ace_it_passes_rather_than_lay_at_a_loss() -> None:
    """``_turn`` facing its own ace: the extra lay only at a gain, else a pass."""
    ace = {"card": "Ah", "by": 0, "anchor": 0}
    s = position([["Qh", "4c", "Kc", "9c"], 5, 5], ["5h", ace], ace=1, mode="ace")
    assert chosen(s) == ({"pass": True}, "turn")
    s = position([["4h", "4c", "Kc", "9c"], 5, 5], ["5h", ace], ace=1, mode="ace")
    assert chosen(s) == ({"lay": "4h"}, "turn")


def test_on_its_turn_it_lays_even_at_a_loss_rather_than_draw() -> None:
    """``_turn`` (no drawing, no ace): the best lay is laid, a loss too (here drawing is free)."""
    s = position([["Qh", "4c", "Kc", "9c"], 5, 6], ["5h"])
    assert chosen(s, free_draw=True) == ({"lay": "Qh", "swap": 1}, "turn")


def test_with_nothing_to_lay_it_draws() -> None:
    """``_turn``: no lay, a draw."""
    s = position([["4c", "Kc", "9c"], 5, 5], ["5h"])
    assert chosen(s) == ({"draw": True}, "turn")


def test_it_lays_the_best_scored_card() -> None:
    """``_turn``: "every legal lay scored, the best laid" (here the card whose suit it keeps)."""
    s = position([["9h", "4h", "Kc", "2d", "10d"], *FIVES], ["5h"])
    assert chosen(s) == ({"lay": "4h"}, "turn")  # 10.8 against the 9's 8.8


# -- the heuristic's other moments -----------------------------------------------------------------


def test_while_a_slap_is_open_it_only_puts_a_joker_down() -> None:
    """``choose`` while a slap is open: the slap (and words) are timed apart; the one decision
    is a joker, which goes down at once."""
    slap = {"layer": 0, "need": "right", "slapped": []}
    six = {"card": "6h", "by": 2, "anchor": 2}
    s = position([["joker", "4h", "Kc"], 5, 5], ["5h", six], slap=slap)
    assert chosen(s) == ({"joker": True}, "joker")
    s = position([["4h", "Kc"], 5, 5], ["5h", six], slap=slap)
    assert chosen(s) is None


def test_the_dealer_wishes_the_suit_it_holds_most_of() -> None:
    """``_dealer_choice``: "wish the suit it holds most of" (3s and jacks not counted; a tie to
    the first suit)."""
    s = position([["4s", "9s", "Kh", "3h", "3h"], 5, 5], ["5h", "Jd"], 1, choice=WISH)
    assert chosen(s) == ({"wish": "s"}, "choice")
    s = position([["4s", "Jh", "Jh", "Kh", "2c"], 5, 5], ["5h", "Jd"], 1, choice=WISH)
    assert chosen(s) == ({"wish": "c"}, "choice")


WISH = {"what": "wish", "player": 0}
SWAP = {"what": "swap", "player": 0}


def test_the_dealer_swaps_with_the_smallest_hand_the_nearest_first() -> None:
    """``_dealer_choice``: "swap with the smallest hand"; of equal hands the next seat after the
    dealer's."""
    s = position([5, 4, 2, 3], ["5h", "Qd"], 1, choice=SWAP)
    assert chosen(s) == ({"swap": 2}, "choice")
    s = position([5, 3, 3, 3], ["5h", "Qd"], 1, choice=SWAP)
    assert chosen(s) == ({"swap": 1}, "choice")
    s = position([5, 4, 3, 3], ["5h", "Qd"], 1, choice=SWAP)
    assert chosen(s) == ({"swap": 2}, "choice")


def test_a_joker_goes_down_at_once_but_not_as_the_last_card_on_turn() -> None:
    """``choose``: "jokers go down at once ..., but never the last card while on turn (the
    player would still draw)"; with ``three_out = skip`` it would not, and the joker goes."""
    s = position([["joker", "4h"], 5, 5], ["5h"])
    assert chosen(s) == ({"joker": True}, "joker")
    s = position([["joker"], 5, 5], ["5h"])
    assert chosen(s) == ({"draw": True}, "turn")
    assert chosen(s, three_out="skip") == ({"joker": True}, "joker")
    s = position([["joker"], 5, 5], ["5h"], turn=1)
    assert chosen(s) == ({"joker": True}, "joker")


def test_a_2_on_an_empty_pile_of_the_suit_it_holds_most_of() -> None:
    """``choose``: "a 2 on an empty pile at once", the 2 of the suit it keeps most of."""
    s = position([5, ["2h", "2s", "4s", "9s", "Kh"], 5], ["3d"])
    assert chosen(s, 1) == ({"lay": "2s"}, "two")
    s = position([5, ["2h", "2s", "4h", "9h", "Ks"], 5], ["3d"])
    assert chosen(s, 1) == ({"lay": "2h"}, "two")


# -- the random bot --------------------------------------------------------------------------------


class Dice:
    """A generator for the random bot: ``random()`` returns ``r``; ``below`` and ``choice`` take
    the ``pick``-th option (from the end when negative) and remember what they were offered."""

    def __init__(self, r: float = 0.99, pick: int = 0) -> None:
        self.r, self.pick = r, pick
        self.offered: list[Any] = []

    def random(self) -> float:
        return self.r

    def below(self, n: int) -> int:
        self.offered.append(n)
        return self.pick % n

    def choice(self, items: list[Any]) -> Any:
        self.offered.append(list(items))
        return items[self.pick % len(items)]


def random_choice(state: Any, player: int, dice: Dice, **options: Any) -> Any:
    """What a fresh random bot decides for ``player`` with these dice."""
    game = spieltisch.load_game("maumau", **options) if options else GAME
    return RandomMaumauBot(game).choose(decision(state, player, dice))


def test_the_random_bot_puts_a_joker_down_half_the_time() -> None:
    """``RandomMaumauBot``: "puts a joker down ... with some chance" (JOKER, one half)."""
    s = position([5, ["joker", "4c"], 5], ["5h"])
    assert random_choice(s, 1, Dice(0.49)) == ({"joker": True}, "joker")
    assert random_choice(s, 1, Dice(0.5)) is None  # nothing else to do off turn


def test_the_random_bot_does_nothing_else_while_a_slap_is_open() -> None:
    """``RandomMaumauBot``: a slap open, only a joker (the slap itself is timed apart)."""
    slap = {"layer": 0, "need": "right", "slapped": []}
    six = {"card": "6h", "by": 2, "anchor": 2}
    s = position([["joker", "4h", "3c"], 5, 5], ["5h", six], slap=slap)
    assert random_choice(s, 0, Dice(0.0)) == ({"joker": True}, "joker")
    assert random_choice(s, 0, Dice(0.5)) is None


def test_the_random_dealer_wishes_or_swaps_at_random() -> None:
    """``RandomMaumauBot``: "a random wish or partner" for the dealer's turned-up card."""
    s = position([5, 5, 5], ["5h", "Jd"], 1, choice=WISH)
    dice = Dice(pick=-1)
    assert random_choice(s, 0, dice) == ({"wish": "s"}, "choice")
    assert dice.offered == [[{"wish": x} for x in "cdhs"]]
    s = position([5, 4, 3], ["5h", "Qd"], 1, choice=SWAP)
    dice = Dice()
    assert random_choice(s, 0, dice) == ({"swap": 1}, "choice")
    assert dice.offered == [[{"swap": 1}, {"swap": 2}]]
    assert random_choice(s, 1, Dice()) is None  # the choice is the dealer's


def test_the_random_bot_lays_a_random_2_on_an_empty_pile() -> None:
    """``RandomMaumauBot``: on an empty pile a 2 at once (any of them, never a 3)."""
    s = position([5, ["2h", "2s", "3c", "4s"], 5], ["3d"])
    dice = Dice(pick=-1)
    assert random_choice(s, 1, dice) == ({"lay": "2s"}, "two")
    assert dice.offered == [[{"lay": "2h"}, {"lay": "2s"}]]


def test_the_random_bot_spends_a_pilz_with_some_chance() -> None:
    """``RandomMaumauBot``: "spends a Pilz with some chance" (PILZ, 0.3), before a 3 or its
    turn."""
    s = position(
        [["Qh", "4h", "3c"], 5, 5, [], 5],
        ["5h"],
        out=[False, False, False, True, False],
        winners=[3],
        pilze=[1, 0, 0, 0, 0],
    )
    assert random_choice(s, 0, Dice(0.29)) == ({"pilz": 3}, "pilz")
    assert random_choice(s, 0, Dice(0.3))[1] == "turn"


def test_the_random_bot_lays_a_3_with_some_chance() -> None:
    """``RandomMaumauBot``: "lays a 3 ... with some chance" (THREE, 0.2)."""
    s = position([5, ["3c", "4d", "9s"], 5], ["5h"])
    assert random_choice(s, 1, Dice(0.19)) == ({"lay": "3c"}, "three")
    assert random_choice(s, 1, Dice(0.2)) is None


def test_the_random_turn_draws_a_turn_option_uniformly() -> None:
    """``RandomMaumauBot``: "a turn option drawn uniformly (a card, a set of 10s, a draw, a pass,
    a take, a sit-out), a random wish or partner": a queen or a jack is one option whatever its
    partners or wishes; a 3 is no turn option (it is laid by chance as above)."""
    s = position([["Qh", "Jc", "4h", "10h", "10c", "3h"], 5, 5], ["5h"])
    dice = Dice(pick=1)
    assert random_choice(s, 0, dice) == ({"lay": "4h"}, "turn")
    assert dice.offered == [5, [{"lay": "4h"}]]
    dice = Dice(pick=0)
    assert random_choice(s, 0, dice) == ({"lay": "Jc", "wish": "c"}, "turn")
    assert dice.offered == [5, [{"lay": "Jc", "wish": x} for x in "cdhs"]]
    dice = Dice(pick=-1)
    assert random_choice(s, 0, dice) == ({"lay": ["10h", "10c"]}, "turn")
    s = position([["4c", "Kc"], 5, 5], ["5h"])
    dice = Dice()
    assert random_choice(s, 0, dice) == ({"draw": True}, "turn")
    assert dice.offered == [1, [{"draw": True}]]
    s = position([5, ["4d", "9s", "Kd"], 5], ["5c", "7c"], turn=1)
    assert random_choice(s, 1, Dice()) == ({"take": True}, "turn")


def test_the_random_bot_throws_in_a_fitting_card_half_the_time() -> None:
    """``RandomMaumauBot``: "each moment it throws in a fitting card ... with some chance"
    (THROW, one half): never one that does not fit the 9, nor a 3."""
    nine = {"card": "9h", "by": 0, "anchor": 0}
    window = {"at": 1, "anchor": 0, "layer": 0}
    s = position([5, 5, ["4h", "Kc", "3d", "9c"]], ["5h", nine], turn=1, window=window)
    dice = Dice(0.49)
    assert random_choice(s, 2, dice) == ({"throw": "9c"}, "throw")
    assert dice.offered == [[{"throw": "9c"}, {"throw": "4h"}]]
    assert random_choice(s, 2, Dice(0.5)) is None


@pytest.mark.parametrize(("top", "rank"), [("7c", "7"), ("8c", "8")])
def test_under_the_privilege_the_random_bot_throws_a_7_on_a_chain_an_8_on_an_8(
    top: str, rank: str
) -> None:
    """``RandomMaumauBot``: a throw-in under the privilege onto a pending 7 or 8 fits only as a
    7 or an 8 (as the heuristic's ``_throw_fits``)."""
    s = position([5, 5, ["7h", "4c", "8c", "Kc"]], ["5c", top], turn=1, front=[0, 0, 1])
    dice = Dice(0.3)
    action, kind = random_choice(s, 2, dice)
    assert kind == "throw" and action["throw"][:-1] == rank
    assert [[a["throw"][:-1] for a in dice.offered[-1]]] == [[rank]]


# -- the heuristic's 3s ----------------------------------------------------------------------------


def three(state: Any, player: int = 0, **options: Any) -> Any:
    """A fresh heuristic bot's answer to "a 3 now?" (``_three``)."""
    bot, t = seat(state, player, **options)
    return bot._three(t)


def test_with_only_3s_left_it_sheds_them_whenever_they_may_go() -> None:
    """``_three``: "it sheds its 3s when nothing else is left" (jokers aside), on turn too while
    it holds more than one card."""
    s = position([["3h", "3c"], 5, 5], ["5h"])
    assert three(s) == {"lay": "3c"}
    s = position([["3h", "joker"], 5, 5], ["5h"], turn=1)
    assert three(s) == {"lay": "3h"}


def test_its_last_card_a_3_goes_on_turn_when_that_ends_its_turn() -> None:
    """``_three``: the last card laid on turn is held back only because the turn would still
    draw (``three_out = draw``); under ``three_out = skip`` it goes."""
    s = position([["3h"], 5, 5], ["5h"])
    assert three(s) is None
    assert three(s, three_out="skip") == {"lay": "3h"}


def test_no_3_on_nothing() -> None:
    """``_three``: with no card below (jokers skipped) a 3 cancels nothing and is kept."""
    s = position([["3h", "4c"], 5, 5], ["joker"], turn=1)
    assert three(s) is None


def test_it_cancels_a_king_that_gives_the_turn_to_a_player_about_to_go_out() -> None:
    """``_three``: "a king that gave the turn away from it or to a player about to go out":
    player 0's king turned play from player 1 to player 3; the bot (player 2) cancels it when
    player 3 is closer to going out than player 1."""
    king = {"card": "Kh", "by": 0, "anchor": 0, "active": True}
    s = position([5, 5, ["3h", "4d", "9s", "2c"], 1], ["5h", king], turn=3, direction=-1)
    assert three(s, 2) == {"lay": "3h"}
    s = position([5, 1, ["3h", "4d", "9s", "2c"], 5], ["5h", king], turn=3, direction=-1)
    assert three(s, 2) is None
    s = position([5, 2, ["3h", "4d", "9s", "2c"], 2], ["5h", king], turn=3, direction=-1)
    assert three(s, 2) is None  # as close either way


def test_a_king_it_laid_itself_or_one_done_with_is_left_alone() -> None:
    """``_three``: only a king in effect (``active``) laid by another player is cancelled."""
    king = {"card": "Kh", "by": 2, "anchor": 2, "active": True}
    s = position([5, 5, ["3h", "4d", "9s", "2c"], 1], ["5h", king], turn=1, direction=-1)
    assert three(s, 2) is None
    king = {"card": "Kh", "by": 0, "anchor": 0}
    s = position([5, 5, ["3h", "4d", "9s", "2c"], 1], ["5h", king], turn=3, direction=-1)
    assert three(s, 2) is None


def test_it_cancels_the_extra_lay_of_an_ace_by_a_player_about_to_go_out() -> None:
    """``_three``: "an opponent's ace before its extra lay when that opponent is about to go out"
    (two cards or fewer)."""
    ace = {"card": "Ah", "by": 1, "anchor": 1}
    s = position([["3h", "4c", "Kc"], 2, 5], ["5h", ace], turn=1, ace=1, mode="ace")
    assert three(s) == {"lay": "3h"}
    s = position([["3h", "4c", "Kc"], 3, 5], ["5h", ace], turn=1, ace=1, mode="ace")
    assert three(s) is None


def test_on_a_chain_it_passes_a_7_rather_than_cancel() -> None:
    """``_three_on_turn``: the 3 cancels "a 7 of a chain ... aimed at it" only without a 7 to
    pass the chain on."""
    s = position([5, ["7s", "3h", "4d"], 5], ["5s", "7c"], turn=1)
    assert chosen(s, 1) == ({"lay": "7s"}, "turn")
    s = position([5, ["3h", "4d", "9s"], 5], ["5s", "7c"], turn=1)
    assert chosen(s, 1) == ({"lay": "3h"}, "three")


def test_on_an_8_it_passes_an_8_rather_than_cancel() -> None:
    """``_three_on_turn``: the 3 cancels "an 8 aimed at it" only without an 8 to pass it on, and
    not when the card below is a pending 8 again."""
    s = position([5, ["8s", "3h", "4d"], 5], ["5s", "8c"], turn=1)
    assert chosen(s, 1) == ({"lay": "8s"}, "turn")
    s = position([5, ["3h", "4s", "9s"], 5], ["5s", "8d", "8c"], turn=1)
    assert chosen(s, 1) == ({"sit_out": True}, "turn")


def test_a_3_on_a_king_an_ace_or_a_3_is_no_help_on_turn() -> None:
    """``_three_on_turn``: facing its turn, a 3 on a king, an ace or a 3 is no help."""
    for top in ("Kh", "Ah", "3h"):
        s = position([["3d", "4s", "9s", "8d"], 5, 5], ["5s", "Jh", top])
        bot, t = seat(s)
        assert bot._three_on_turn(t, top[:-1]) is False


def test_a_3_that_leaves_no_reference_card_is_no_help() -> None:
    """``_three_on_turn``: "no reference card" below the card the 3 would cancel: no help."""
    s = position([["3d", "4c", "9s", "Kd"], 5, 5], ["2c"])
    bot, t = seat(s)
    assert bot._three_on_turn(t, "2") is False


def test_a_spare_3_goes_on_turn_when_the_card_below_suits_it_better() -> None:
    """``_three_on_turn``: "a spare one on its turn when the card below suits it": the 3 is
    laid when the card then laid on the card below (and the 3 shed) beats the best lay now by 2,
    the last 3 counting KEEP_THREE (6) less unless the hand is small. On the 9 of hearts the ace
    of hearts with a heart to follow is worth 17.8; a 3 and the 4 of spades on the 5 below, 20."""
    s = position([["3d", "Ah", "4h", "4s", "2c"], 5, 5], ["5s", "9h"])
    assert three(s) is None  # 10 - 6 + 10 = 14 against 17.8 + 2
    s = position([["3d", "3c", "Ah", "4h", "4s", "2c"], 5, 5], ["5s", "9h"])
    assert three(s) == {"lay": "3c"}  # 10 + 10 = 20 against 17.8 + 2


def test_a_3_is_worth_laying_when_nothing_fits() -> None:
    """``_three_on_turn``: with nothing to lay it would draw (counted -15) or, having drawn, pass
    (0): the 3 is laid when a 3 and the next lay beat that by 2. Here the next lay is a queen at a
    loss (3 cards for 5: -13): a 3 then is better than drawing, worse than passing."""
    jack = {"card": "Jh", "by": 0, "anchor": 0, "wish": "c"}
    s = position([5, ["3d", "Qs", "8d", "Kd", "2d"], 5], ["5s", jack], turn=1)
    bot, t = seat(s, 1)
    assert bot._three_on_turn(t, "J") is True  # 10 - 6 - 13 = -9 against -15 + 2
    s = position([5, ["3d", "Qs", "8d", "Kd", "2d"], 5], ["5s", jack], turn=1, mode="drawn")
    bot, t = seat(s, 1)
    assert bot._three_on_turn(t, "J") is False  # -9 against 0 + 2


def test_the_best_single_lay_is_scored_as_the_turn_would_lay_it() -> None:
    """``_best_lay_score``: each fitting card (3s and jokers aside) as the turn would lay it: a
    jack wishing the suit held most of the rest, a queen swapping with the smallest hand of those
    still in play; None when nothing fits."""
    s = position([["Jc", "4s", "9s", "3d", "joker"], 5, 5], ["5h"])
    bot, t = seat(s)
    jack = bot._score(t, Action(lay="Jc", wish="s"), "lay", 0, t.hand)
    assert bot._best_lay_score(t, t.hand, t.ref) == pytest.approx(jack)
    assert bot._best_lay_score(t, ["4s", "9s", "3d", "joker"], t.ref) is None
    s = position([["Qh", "4c", "9c"], 4, [], 3], ["5h"], out=[False, False, True, False])
    bot, t = seat(s)
    queen = bot._score(t, Action(lay="Qh", swap=3), "lay", 0, t.hand)
    assert bot._best_lay_score(t, t.hand, t.ref) == pytest.approx(queen)
    s = position([["4h", "9h", "4c"], 5, 5], ["5h"])
    bot, t = seat(s)
    scores = [bot._score(t, Action(lay=c), "lay", 0, t.hand) for c in ("4h", "9h")]
    assert scores[0] > scores[1]  # the best is not the last
    assert bot._best_lay_score(t, t.hand, t.ref) == pytest.approx(max(scores))
    assert bot._best_lay_score(t, t.hand, ("5", "c", None)) == pytest.approx(
        bot._score(t, Action(lay="4c"), "lay", 0, t.hand)
    )


# -- the Pilz --------------------------------------------------------------------------------------


PILZ = {"out": [False, True, False, True, False], "winners": [3, 1], "pilze": [1, 0, 0, 0, 0]}
"""Players 3 and 1 have won, 3 first; player 0 holds a Pilz."""


def test_a_pilz_brings_back_the_first_winner() -> None:
    """``_pilz``: "it brings back the *first* winner (the strongest rival drops behind every
    winner)"."""
    s = position([["Qh", "4h", "Kc"], [], 5, [], 5], ["5h"], **PILZ)
    assert chosen(s) == ({"pilz": 3}, "pilz")


def test_no_pilz_without_a_queen_to_lay_at_once() -> None:
    """``_pilz``: "only when a queen of its own can be laid at once" (a queen that does not fit
    cannot)."""
    s = position([["Qs", "4h", "Kc"], [], 5, [], 5], ["5h"], **PILZ)
    assert chosen(s) == ({"lay": "4h"}, "turn")


def test_no_pilz_while_a_player_in_play_has_an_empty_hand() -> None:
    """``_pilz``: "... and no player in play has an empty hand" (the queen can swap with that
    one already)."""
    s = position(
        [["Qh", "4h", "Kc"], [], [], [], 5],
        ["5h"],
        silent=[False, False, True, False, False],
        **PILZ,
    )
    assert chosen(s) == ({"lay": "Qh", "swap": 2}, "turn")


def test_a_pilz_for_a_queen_thrown_in_that_fits() -> None:
    """``_pilz``: a queen "laid at once" may be a throw-in (under the privilege) that fits; one
    that does not fit would cost a card, and no Pilz is spent for it."""
    more = {"out": [False, False, False, True, False], "winners": [3], "front": [0, 1, 0, 0, 0]}
    s = position([5, ["Qh", "4c", "Kc"], 5, [], 5], ["5h"], pilze=[0, 1, 0, 0, 0], **more)
    assert chosen(s, 1) == ({"pilz": 3}, "pilz")
    s = position([5, ["Qs", "4c", "Kc"], 5, [], 5], ["5h"], pilze=[0, 1, 0, 0, 0], **more)
    assert chosen(s, 1) is None


# -- throw-ins -------------------------------------------------------------------------------------


NINE = {"card": "9h", "by": 0, "anchor": 0}
WINDOW = {"at": 1, "anchor": 0, "layer": 0}


def test_the_best_throw_in_is_made_when_worth_a_card() -> None:
    """``_throw``: "a throw-in onto a 9 ... with the best fitting card when it sheds safely"
    (worth THROW_AT_LEAST, 6): a 4 of hearts (10) before a 9 (8); a lone jack (10 - 8 + 1.2 for
    the one card of its suit) is worth too little."""
    s = position([5, 5, ["9c", "4h", "Kd", "2d"]], ["5h", NINE], turn=1, window=WINDOW)
    assert chosen(s, 2) == ({"throw": "4h"}, "throw")
    s = position([5, 5, ["Jh", "4c", "Kd", "2d"]], ["5h", NINE], turn=1, window=WINDOW)
    assert chosen(s, 2) is None
    s = position([5, 5, ["9c", "4c", "Kd", "2d"]], ["5h", NINE], turn=1, window=WINDOW)
    assert chosen(s, 2) == ({"throw": "9c"}, "throw")


def test_a_throw_in_is_scored_from_the_window_s_anchor() -> None:
    """``_throw``: play goes on from the 9's layer (the window's anchor), so a king thrown in by
    player 2 turns play from player 1 back to player 0's side: here from player 1 (one card) to
    player 3 (five), worth 2 x 3 more than the king's card."""
    s = position([5, 1, ["Kh", "4c", "10c", "2d"], 5], ["5h", NINE], turn=1, window=WINDOW)
    bot, t = seat(s, 2)
    assert bot._throw(t) == {"throw": "Kh"}
    assert bot._score(t, Action(throw="Kh"), "throw", 0, t.hand) == pytest.approx(10 + 2 * 3)


def test_throw_ins_under_the_privilege_onto_a_7_or_an_8() -> None:
    """``_throw_fits``: under the privilege a pending 7 takes only a 7, a pending 8 only an 8;
    never a 3 or a joker."""
    s = position([5, 5, ["7h", "4c", "3c", "8c", "Kc"]], ["5c", "7c"], turn=1, front=[0, 0, 1])
    bot, t = seat(s, 2)
    assert [c for c in t.hand if bot._throw_fits(t, c)] == ["7h"]
    s = position([5, 5, ["7h", "4c", "3c", "8c", "Kc"]], ["5c", "8c"], turn=1, front=[0, 0, 1])
    bot, t = seat(s, 2)
    assert [c for c in t.hand if bot._throw_fits(t, c)] == ["8c"]
    s = position([5, 5, ["4h", "joker", "3h", "9c", "Kc"]], ["5h", NINE], turn=1, window=WINDOW)
    bot, t = seat(s, 2)
    assert {c for c in t.hand if bot._throw_fits(t, c)} == {"4h", "9c"}


# -- card counting memory --------------------------------------------------------------------------


def test_it_remembers_the_reference_a_player_drew_on_and_their_hand() -> None:
    """``observe``: "a player who drew for their turn held nothing that fitted (remembered until
    they get more cards or a queen swaps hands)"."""
    bot = MaumauBot(GAME)
    drew = position([["4h", "10s"], ["Kc", "Kd"], 5], ["5h"], 1, mode="drawn")
    bot.observe(drew.view(0))
    assert bot.lacks == {1: (("5", "h", None), 2)}
    bot.observe(position([["4h", "10s"], ["Kc", "Kd"], 5], ["5h", "4h"], 2).view(0))
    assert bot.lacks == {1: (("5", "h", None), 2)}  # as many cards: still remembered
    bot.observe(position([["4h", "10s"], ["Kc", "Kd", "2c"], 5], ["5h", "4h"], 2).view(0))
    assert bot.lacks == {}  # a card more: forgotten
    bot.observe(drew.view(0))
    bot.observe(position([["4h", "10s"], ["Kc", "Kd"], 5], ["5h", "Qh"], 2).view(0))
    assert bot.lacks == {}  # a queen swapped hands


def test_it_learns_nothing_from_its_own_draw_or_a_free_one() -> None:
    """``observe``: only an opponent's draw for the turn says what they lacked; not the bot's
    own, not under ``free_draw`` (anyone may draw), not on a free lay."""
    drew = position([["4h", "10s"], ["Kc", "Kd"], 5], ["5h"], 1, mode="drawn")
    bot = MaumauBot(GAME)
    bot.observe(drew.view(1))
    assert bot.lacks == {}
    bot = MaumauBot(spieltisch.load_game("maumau", free_draw=True))
    bot.observe(drew.view(0))
    assert bot.lacks == {}
    bot = MaumauBot(GAME)
    free = position([["4h", "10s"], ["Kc", "Kd"], 5], ["5h"], 1, mode="drawn", free=True)
    bot.observe(free.view(0))
    assert bot.lacks == {}


# -- timing by the profile -------------------------------------------------------------------------


def z(r: float) -> float:
    """The standard normal ``_gauss`` makes of two uniforms both ``r``."""
    return math.sqrt(-2.0 * math.log(1.0 - r)) * math.cos(2.0 * math.pi * r)


NORMAL = {"reflex": (0.55, 0.3), "decision": (1.5, 0.4), "late": (6.0, 0.3)}


def drawn(kind: str, r: float) -> float:
    """The normal profile's time of ``kind`` drawn with uniforms ``r`` (never below 0.15)."""
    median, spread = NORMAL[kind]
    return max(0.15, median * math.exp(spread * z(r)))


def test_the_options_the_bots_read_come_from_the_game() -> None:
    """``ReactingBot``: whether drawing is free and what a 3 or joker emptying a hand on turn
    does are the game's options (the defaults without a game)."""
    bot = MaumauBot(spieltisch.load_game("maumau", free_draw=True, three_out="skip"))
    assert (bot.free_draw, bot.three_out) == (True, "skip")
    bot = MaumauBot(GAME)
    assert (bot.free_draw, bot.three_out) == (False, "draw")
    bot = MaumauBot(None)
    assert (bot.free_draw, bot.three_out) == (False, "draw")
    assert RandomMaumauBot(None, "slow").profile.name == "slow"


def test_a_word_is_said_by_reflex_or_late_when_forgotten() -> None:
    """Timing: "a word: drawn when it falls due ...; a forgotten one is drawn from ``late``" (the
    chance to forget is the profile's, 0.05)."""
    s = position([5, ["4h"], 5], ["5h"], turn=2, owed=[[], ["mau"], []])
    bot = MaumauBot(GAME)
    d = decision(s, 1, Dice(0.5))
    assert bot.act(d) == {"say": "mau"}
    assert bot.reaction_time(d) == pytest.approx(drawn("reflex", 0.5))
    bot = MaumauBot(GAME)
    assert bot.reaction_time(decision(s, 1, Dice(0.04))) == pytest.approx(drawn("late", 0.04))


def test_a_words_time_is_kept_for_its_moment() -> None:
    """Timing: a word's time is drawn once, "keyed by the turn actions so far, the word, how many
    words are owed, the hand's and the pile's sizes"."""
    s = position([5, ["4h"], 5], ["5h"], turn=2, owed=[[], ["mau"], []])
    bot = MaumauBot(GAME)
    first = bot.reaction_time(decision(s, 1, Dice(0.5)))
    assert bot.reaction_time(decision(s, 1, Dice(0.04))) == first
    s = position([5, ["4h"], 5], ["5h", "5c"], turn=2, owed=[[], ["mau"], []])
    assert bot.reaction_time(decision(s, 1, Dice(0.04))) == pytest.approx(drawn("late", 0.04))


def test_the_quicker_of_a_word_and_a_decision_comes_first() -> None:
    """Timing: the scheduler takes a bot's quickest act: a word said by reflex before the turn
    decided, a forgotten one after it."""
    s = position([["4h"], 5, 5], ["5h"], owed=[["mau"], [], []])
    bot = MaumauBot(GAME)
    d = decision(s, 0, Dice(0.5))
    assert bot.act(d) == {"say": "mau"}
    bot = MaumauBot(GAME)
    d = decision(s, 0, Dice(0.04))
    assert bot.act(d) == {"lay": "4h"}
    assert bot.reaction_time(d) == pytest.approx(drawn("decision", 0.04))


def test_a_decision_is_timed_once_per_kind_and_pile() -> None:
    """Timing: "a decision ... drawn once per kind of decision and state of the pile (the turn
    actions so far, the pile's size)"."""
    s = position([["4h", "Kc", "9c"], 5, 5], ["5h"])
    bot = MaumauBot(GAME)
    assert bot.reaction_time(decision(s, 0, Dice(0.5))) == pytest.approx(drawn("decision", 0.5))
    assert bot.reaction_time(decision(s, 0, Dice(0.04))) == pytest.approx(drawn("decision", 0.5))
    s = position([["4h", "Kc", "9c"], 5, 5], ["5c", "5h"])
    assert bot.reaction_time(decision(s, 0, Dice(0.04))) == pytest.approx(drawn("decision", 0.04))


SLAP = {"layer": 0, "need": "right", "slapped": []}
SIX = {"card": "6h", "by": 0, "anchor": 0}


def test_a_slap_by_reflex_with_the_right_hand_or_a_slip() -> None:
    """Timing: "a slap: the time from the slap's opening and the hand (a wrong one by the
    ``wrong_hand`` chance, 0.05)", the wrong one either other hand."""
    s = position([5, 5, 5, 5], ["5h", SIX], slap=SLAP)
    bot = MaumauBot(GAME)
    d = decision(s, 1, Dice(0.5))
    assert bot.act(d) == {"slap": "right"}
    assert bot.reaction_time(d) == pytest.approx(drawn("reflex", 0.5))
    assert MaumauBot(GAME).act(decision(s, 1, Dice(0.04))) == {"slap": "left"}
    assert MaumauBot(GAME).act(decision(s, 1, Dice(0.04, pick=1))) == {"slap": "both"}
    assert MaumauBot(GAME).reaction_time(decision(s, 1, Dice(0.04))) == pytest.approx(
        drawn("reflex", 0.04)
    )


def test_a_slap_is_drawn_once_and_reckoned_from_its_opening() -> None:
    """Timing: a slap's time and hand are "drawn once per slap"; a bot reports "its time less the
    time the slap has been open", reckoned from the slaps made and the players in play (winners
    aside), never less than MIN_GAP."""
    s = position([5, 5, 5, 5], ["5h", SIX], slap=SLAP)
    bot = MaumauBot(GAME)
    first = bot.reaction_time(decision(s, 1, Dice(0.9)))
    assert first == pytest.approx(drawn("reflex", 0.9))
    slap = {**SLAP, "slapped": [[2, "right"]]}
    s = position([5, 5, 5, []], ["5h", SIX], slap=slap, out=[False, False, False, True])
    d = decision(s, 1, Dice(0.04))
    assert bot.act(d) == {"slap": "right"}
    assert bot.reaction_time(d) == pytest.approx(first - slap_elapsed(1, 3))
    slap = {**SLAP, "slapped": [[0, "right"], [2, "right"], [3, "right"]]}
    s = position([5, 5, 5, 5], ["5h", SIX], slap=slap)
    assert bot.reaction_time(decision(s, 1, Dice(0.04))) == pytest.approx(
        first - slap_elapsed(3, 4)
    )
    assert MaumauBot(GAME).reaction_time(decision(s, 1, Dice(0.5))) == bots.MIN_GAP


def test_no_slap_once_slapped() -> None:
    """Timing: a player who has slapped has nothing more to do while the slap is open."""
    slap = {**SLAP, "slapped": [[1, "right"]]}
    s = position([5, 5, 5, 5], ["5h", SIX], slap=slap)
    bot = MaumauBot(GAME)
    d = decision(s, 1, Dice(0.5))
    assert bot.act(d) is None and bot.reaction_time(d) == math.inf


def test_the_random_bots_optional_acts_are_decided_once_per_moment() -> None:
    """``_flag``: "The random bot's optional acts ... are decided once per such moment, too": a
    new pile is a new moment."""
    s = position([5, ["joker", "4c"], 5], ["5h"])
    bot = RandomMaumauBot(GAME)
    assert bot.choose(decision(s, 1, Dice(0.49))) == ({"joker": True}, "joker")
    assert bot.choose(decision(s, 1, Dice(0.99))) == ({"joker": True}, "joker")
    s = position([5, ["joker", "4c"], 5], ["5c", "5h"])
    assert bot.choose(decision(s, 1, Dice(0.99))) is None


def test_the_evaluation_counts_cards_and_places() -> None:
    """``evaluate``: "how many fewer they hold than the others on average", a winner counting as
    -n cards, the next -(n-1)."""
    s = position([["4h", "Kc", "9c"], 5, [], ["2d"]], ["5h"], out=[False, False, True, False])
    s.winners = [2]
    assert bots.evaluate(s, 0) == pytest.approx((5 - 4 + 1) / 3 - 3)
    assert bots.evaluate(s, 2) == pytest.approx((3 + 5 + 1) / 3 + 4)
    s = position([["4h", "Kc", "9c"], [], [], ["2d"]], ["5h"], out=[False, True, True, False])
    s.winners = [2, 1]
    assert bots.evaluate(s, 3) == pytest.approx((3 - 3 - 4) / 3 - 1)


# -- more of the same, at the edges ----------------------------------------------------------------


def test_a_7_with_two_cards_left_is_still_kept_back() -> None:
    """``_score`` of a 7: KEEP_SEVEN while "2 cards or more" are left."""
    s = position([["7h", "4h", "Kc"], *FIVES], ["5h"])
    _, t = seat(s)
    no_seven = 1 - t.p_answer(1, lambda c: c[:-1] == "7")
    assert score(s, "7h") == pytest.approx(10 - 6 + 3 * no_seven + 0.8)


def test_on_a_chain_or_an_8_the_best_of_several_is_passed_on() -> None:
    """``_turn``: of two 7s (or 8s) the one whose suit it keeps goes, whichever comes first."""
    s = position([5, ["7c", "7s", "4s", "9s"], 5], ["5c", "7d"], turn=1)
    assert chosen(s, 1) == ({"lay": "7s"}, "turn")
    s = position([5, ["8c", "8s", "4s", "9s"], 5], ["5c", "8d"], turn=1)
    assert chosen(s, 1) == ({"lay": "8s"}, "turn")


def test_play_goes_on_from_the_bot_not_from_the_card_below() -> None:
    """``_turn``: on its turn play goes on from the bot: the 7 hits player 1, about to go out
    (the 5 it lays on was player 2's)."""
    five = {"card": "5h", "by": 2, "anchor": 2}
    s = position([["7h", "4h", "Kc", "9c", "2d"], 1, 5], [five])
    assert chosen(s) == ({"lay": "7h"}, "turn")


def test_the_extra_lay_of_an_ace_goes_on_from_the_aces_anchor() -> None:
    """``_turn`` facing an ace: play goes on from the ace's anchor (a thrown-in ace's is the 9's
    layer): a 7 laid as the extra card would pass from player 2 to the bot itself, a loss, and it
    passes; anchored at the bot, the 7 hits player 1 and is laid."""
    ace = {"card": "Ah", "by": 0, "anchor": 2}
    s = position([["7h", "4c", "Kc", "9c"], 1, 5], ["5h", ace], ace=1, mode="ace")
    assert chosen(s) == ({"pass": True}, "turn")
    ace = {"card": "Ah", "by": 0, "anchor": 0}
    s = position([["7h", "4c", "Kc", "9c"], 1, 5], ["5h", ace], ace=1, mode="ace")
    assert chosen(s) == ({"lay": "7h"}, "turn")


def test_after_drawing_a_small_gain_is_laid() -> None:
    """``_turn``: after drawing any gain above 0 is laid: a 9 (-2) that leaves a queen as the last
    card (-8) but keeps its suit (0.8) is worth 0.8."""
    s = position([["9h", "Qh", "3c"], 5, 5], ["5h"], mode="drawn")
    bot, t = seat(s)
    assert bot._score(t, Action(lay="9h"), "lay", 0, t.hand) == pytest.approx(0.8)
    assert bot._turn(t) == {"lay": "9h"}


def test_a_3_on_a_king_or_an_ace_on_turn_is_kept_though_the_card_below_suits() -> None:
    """``_three``: facing its turn, "a 3 on a king, an ace or a 3 is no help" even when the card
    below would suit it (here the 5 of hearts, for its 4 of hearts)."""
    for top in ("Ks", "As"):
        s = position([["3d", "4h", "9h", "8d"], 5, 5], ["5h", top])
        assert three(s) is None
    s = position([["3d", "Kd", "4c", "9c"], 5, 5], ["5s", "Ks", "3c"])  # the 3 cancels the king
    assert three(s) is None  # another 3 would bring the king back, for the king of diamonds


def test_a_3_having_drawn_when_the_card_below_suits() -> None:
    """``_three_on_turn``: having drawn (nothing fits a wish of clubs), a 3 that brings back the
    5 of spades for its 4 of spades is worth 10 - 6 + 10.8 against a pass (0) + 2."""
    jack = {"card": "Jh", "by": 0, "anchor": 0, "wish": "c"}
    s = position([5, ["3d", "4s", "9s", "8d", "Kd"], 5], ["5s", jack], turn=1, mode="drawn")
    bot, t = seat(s, 1)
    assert bot._three_on_turn(t, "J") is True


def test_a_3_worse_than_drawing_is_kept() -> None:
    """``_three_on_turn``: nothing fits, and the 3 would bring back a 5 only a queen fits, at a
    loss of 3 cards for 6: 10 - 6 - 23 = -19, worse than drawing (-15) + 2."""
    jack = {"card": "Jh", "by": 0, "anchor": 0, "wish": "c"}
    s = position([6, ["3d", "Qs", "8d", "Kd", "2d"], 6], ["5s", jack], turn=1)
    bot, t = seat(s, 1)
    assert bot._three_on_turn(t, "J") is False


def test_a_3_that_brings_back_nothing_to_lay_on_is_kept() -> None:
    """``_three_on_turn``: "None: nothing fits" the card below: no 3."""
    jack = {"card": "Jh", "by": 0, "anchor": 0, "wish": "c"}
    s = position([5, ["3d", "4c", "9c", "Kc"], 5], ["5s", jack], turn=1)
    bot, t = seat(s, 1)
    assert bot._three_on_turn(t, "J") is False


def test_a_3_on_the_only_card_is_kept_though_a_2_would_follow() -> None:
    """``_three_on_turn``: "no reference card" left by the 3 (only a 2 could then be laid): worse
    than now."""
    s = position([["3d", "2h", "4c", "Kd"], 5, 5], ["2c"])
    bot, t = seat(s)
    assert bot._three_on_turn(t, "2") is False


def test_a_3_on_a_card_laid_on_a_served_8() -> None:
    """``_three_on_turn``: an 8 that was sat out is a plain card when a 3 brings it back: nothing
    fits the 9 of hearts, the 8 of clubs fits the 8 below."""
    served = {"card": "8h", "by": 2, "anchor": 2, "done": True}
    s = position([["3d", "8c", "4d", "Kd"], 5, 5], ["5s", served, "9h"])
    bot, t = seat(s)
    assert bot._three_on_turn(t, "9") is True


def test_the_3_set_aside_is_a_3() -> None:
    """``_three_on_turn``: the hand after the 3 is the hand less a 3 (here the 4 of clubs that
    fits the 5 of clubs below stays)."""
    s = position([["4c", "3d", "Ks"], 5, 5], ["5c", "5h"])
    bot, t = seat(s)
    assert bot._three_on_turn(t, "5") is True


@pytest.mark.parametrize(
    ("hand", "below", "top", "mode", "lay"),
    [
        (["3d", "Jd", "Ac"], "5s", "5c", "drawn", True),  # 3 cards: spare, 10 + 11.2 > 17 + 2
        (["3d", "6d", "Jc", "4d"], "9c", "4c", "drawn", False),  # 4: 10 - 6 + 4.4 < 10.8 + 2
        (["3d", "2s", "8c", "Jc"], "9c", "9s", "play", False),  # 10 - 6 + 7.4 < 10 + 2
    ],
)
def test_the_last_3_is_kept_back_unless_the_hand_is_small(
    hand: list[str], below: str, top: str, mode: str, lay: bool
) -> None:
    """``_three_on_turn``: the last 3 costs KEEP_THREE (6) "unless the hand is small" (3 cards or
    fewer), and is laid only when it gains more than 2."""
    s = position([hand, 5, 5], [below, top], mode=mode)
    bot, t = seat(s)
    assert bot._three_on_turn(t, top[:-1]) is lay


def test_a_free_lay_takes_any_card() -> None:
    """``_best_lay_score``, ``_throw_fits`` and the random bot's throw-ins: on a free lay any
    card fits (as ``fits(free=True)``)."""
    s = position([["4c", "Kc", "9c"], 5, 5], ["5h"], free=True)
    bot, t = seat(s)
    assert t.free is True
    assert bot._best_lay_score(t, t.hand, t.ref) is not None
    s = position([5, 5, ["4c", "Kc", "9c"]], ["5h"], free=True, front=[0, 0, 1])
    bot, t = seat(s, 2)
    assert all(bot._throw_fits(t, c) for c in t.hand)
    dice = Dice(0.3)
    assert random_choice(s, 2, dice)[1] == "throw"
    assert len(dice.offered[-1]) == 3


def test_equal_throw_ins_the_first_and_the_best_wherever_it_lies() -> None:
    """``_throw``: "the best fitting card": of equal ones the first listed; the best wherever it
    lies among the fitting ones."""
    s = position([5, 5, ["4h", "10h", "Kc", "2c"]], ["5h", NINE], turn=1, window=WINDOW)
    bot, t = seat(s, 2)
    fitting = [a for a in t.legal if "throw" in a and bot._throw_fits(t, a["throw"])]
    scores = [bot._score(t, a, "throw", 0, t.hand) for a in fitting]
    assert len(fitting) == 2 and scores[0] == scores[1]
    assert bot._throw(t) == fitting[0]
    s = position([5, 5, ["4h", "9c", "9s", "2c"]], ["5h", NINE], turn=1, window=WINDOW)
    bot, t = seat(s, 2)
    fitting = [a for a in t.legal if "throw" in a and bot._throw_fits(t, a["throw"])]
    scores = [bot._score(t, a, "throw", 0, t.hand) for a in fitting]
    best = max(range(len(scores)), key=scores.__getitem__)
    assert best < len(scores) - 1
    assert bot._throw(t) == fitting[best]


def test_a_throw_in_worth_exactly_a_card_is_made() -> None:
    """``_throw``: a throw-in worth THROW_AT_LEAST (6) is made: the last card, a queen swapped for
    the one card of a player about to go out, is 10 - 10 + 2 x 3 = 6."""
    s = position([1, 5, ["Qh"], 5], ["5h", NINE], turn=1, window=WINDOW)
    bot, t = seat(s, 2)
    assert bot._score(t, Action(throw="Qh", swap=0), "throw", 0, t.hand) == 6.0
    assert bot._throw(t) == {"throw": "Qh", "swap": 0}


def test_the_dealers_choice_excludes_a_joker_and_reckons_seats_from_the_dealer() -> None:
    """``_dealer_choice`` and the random dealer: only the choice's own answers (not a joker the
    dealer might put down); of equal hands the next seat after the dealer's."""
    s = position([3, ["joker", "4c", "9c"], 3, 5], ["5h", "Qd"], 2, choice={**SWAP, "player": 1})
    assert chosen(s, 1) == ({"swap": 2}, "choice")
    dice = Dice()
    assert random_choice(s, 1, dice) == ({"swap": 0}, "choice")
    assert dice.offered == [[{"swap": 0}, {"swap": 2}, {"swap": 3}]]


def test_the_random_turn_offers_no_joker_word_or_throw() -> None:
    """``RandomMaumauBot``: turn options are lays, draws, passes, takes and sit-outs only."""
    s = position([["joker", "4h", "Kc"], 5, 5], ["5h"])
    dice = Dice()
    assert random_choice(s, 0, dice) == ({"lay": "4h"}, "turn")
    assert dice.offered == [1, [{"lay": "4h"}]]


def test_the_random_bot_throws_in_under_the_privilege_onto_a_plain_card() -> None:
    """``RandomMaumauBot``: under the privilege onto a plain card, any card that fits."""
    s = position([5, 5, ["4h", "8c", "Kc"]], ["5h"], turn=1, front=[0, 0, 1])
    dice = Dice(0.3)
    assert random_choice(s, 2, dice) == ({"throw": "4h"}, "throw")
    assert dice.offered == [[{"throw": "4h"}]]


def test_the_bot_factories_pass_the_game_on() -> None:
    """``maumau`` and ``random``: the bots read the game's options."""
    game = spieltisch.load_game("maumau", free_draw=True)
    assert bots.maumau(game).free_draw is True
    assert bots.random(game, profile="slow").free_draw is True


def test_the_forgetting_and_slipping_chances_are_strict() -> None:
    """Timing: a word is forgotten, a slap made with the wrong hand, with chance 0.05: a draw of
    exactly 0.05 is neither."""
    s = position([5, ["4h"], 5], ["5h"], turn=2, owed=[[], ["mau"], []])
    assert MaumauBot(GAME).reaction_time(decision(s, 1, Dice(0.05))) == pytest.approx(
        drawn("reflex", 0.05)
    )
    s = position([5, 5, 5, 5], ["5h", SIX], slap=SLAP)
    assert MaumauBot(GAME).act(decision(s, 1, Dice(0.05))) == {"slap": "right"}


def test_a_decision_is_timed_anew_after_a_turn_action() -> None:
    """Timing: a decision's time is kept per "the turn actions so far" too."""
    s = position([["4h", "Kc", "9c"], 5, 5], ["5h"], turn_actions=3)
    bot = MaumauBot(GAME)
    assert bot.reaction_time(decision(s, 0, Dice(0.5))) == pytest.approx(drawn("decision", 0.5))
    s = position([["4h", "Kc", "9c"], 5, 5], ["5h"], turn_actions=4)
    assert bot.reaction_time(decision(s, 0, Dice(0.04))) == pytest.approx(drawn("decision", 0.04))


def test_a_2_is_laid_while_a_word_is_owed() -> None:
    """``choose``: the 2 on an empty pile is chosen from the lays alone (a word owed is timed
    apart)."""
    s = position([5, ["2h"], 5], ["3d"], owed=[[], ["mau"], []])
    assert chosen(s, 1) == ({"lay": "2h"}, "two")


def test_no_pilz_while_a_player_between_mau_mau_and_matt_has_an_empty_hand() -> None:
    """``_pilz``: a player in play with an empty hand (silent, or between "Mau-Mau" and "Matt")
    is a swap partner already: no Pilz."""
    s = position([["Qh", "4h", "Kc"], [], [], [], 5], ["5h"], **PILZ)
    assert s.view(0)["status"][2] == "between"
    assert chosen(s) == ({"lay": "Qh", "swap": 2}, "turn")


def test_the_unseen_jokers_are_cards_a_hand_may_hold() -> None:
    """``p_answer``: the unseen jokers count among the cards a hand is drawn from (a joker answers
    nothing); ``unseen_jokers``: none in a deck of two 52-card decks, and the pile's jokers are
    those seen, not its other cards."""
    v = view(["5c"], [1, 3, 0], stock=105)
    t = table(v)
    jokers = t.unseen_jokers()
    assert jokers == 6
    total = sum(t.unseen.values()) + jokers
    marked = sum(n for c, n in t.unseen.items() if c.endswith("h"))
    assert math.isclose(t.p_answer(1, lambda c: c.endswith("h")), 1 - _none_of(total, marked, 3))
    bot = MaumauBot(GAME)
    t = bots._Table(bot, v, [])
    bot.lacks[1] = (("9", "h", None), 3)

    def five(c: str) -> bool:
        return c[:-1] == "5"

    rest = [(n, five(c)) for c, n in t.unseen.items() if not fits(c, ("9", "h", None))]
    old_total = sum(n for n, _ in rest) + jokers
    fives = sum(n for n, w in rest if w)
    marked = sum(n for c, n in t.unseen.items() if five(c))
    expected = 1 - _none_of(old_total, fives, 2) * _none_of(total, marked, 1)
    assert math.isclose(t.p_answer(1, five), expected)
    assert table(view(["5c"], [1, 3], stock=99)).unseen_jokers() == 0
    v = view(["5c"], [1, 3], stock=99, pile=pile("9h", "9c", "joker"))
    assert table(v).unseen_jokers() == 1  # 106 cards: two jokers, one on the pile


def test_none_of_the_last_card_left() -> None:
    """``_none_of``: the last card left is marked: drawing it is certain."""
    assert _none_of(2, 1, 2) == 0.0
    assert _none_of(1, 0, 1) == 1.0


def test_a_throw_in_on_a_free_lay_with_no_reference_card() -> None:
    """``RandomMaumauBot``: a free lay with no reference card below takes any card thrown in."""
    s = position([5, 5, ["4c", "Kc", "9c"]], ["3d"], free=True, front=[0, 0, 1])
    dice = Dice(0.3)
    assert random_choice(s, 2, dice)[1] == "throw"
    assert len(dice.offered[-1]) == 3


class Seq:
    """A generator that returns the given uniforms in turn."""

    def __init__(self, *values: float) -> None:
        self.values = list(values)

    def random(self) -> float:
        return self.values.pop(0)


FLOORED = (0.99999999, 0.5)
"""Two uniforms that draw a time under every distribution's floor (z below -6)."""


def test_a_word_comes_before_a_slap_or_a_decision_timed_the_same() -> None:
    """Timing: the word owed is the bot's first candidate; a slap or a decision replaces it only
    when quicker (``<``), not when as quick (here all at the floor, 0.15)."""
    slap = {"layer": 0, "need": "right", "slapped": []}
    six = {"card": "6h", "by": 0, "anchor": 0}
    s = position([5, ["4h"], 5, 5], ["5h", six], slap=slap, owed=[[], ["mau"], [], []])
    d = decision(s, 1, Seq(0.5, *FLOORED, *FLOORED, 0.5))  # type: ignore[arg-type]
    bot = MaumauBot(GAME)
    assert bot.act(d) == {"say": "mau"} and bot.reaction_time(d) == 0.15
    s = position([["4h"], 5, 5], ["5h"], owed=[["mau"], [], []])
    d = decision(s, 0, Seq(0.5, *FLOORED, *FLOORED))  # type: ignore[arg-type]
    bot = MaumauBot(GAME)
    assert bot.act(d) == {"say": "mau"} and bot.reaction_time(d) == 0.15


def test_on_turn_while_the_dealer_chooses_there_is_nothing_to_play() -> None:
    """``_turn``: while the dealer's choice waits the turn actions wait too: the player on turn
    has nothing to lay, draw or pass, and decides nothing."""
    s = position([5, ["4c", "9c", "Kd"], 5], ["5h", "Jd"], 1, choice=WISH)
    bot, t = seat(s, 1)
    assert t.facing is None and bot._turn(t) is None
    assert chosen(s, 1) is None


def test_a_3_that_gains_exactly_2_is_kept() -> None:
    """``_three_on_turn``: the 3 is laid only when it gains *more* than 2: the 4 of hearts now
    (10) against the last 3 (10 - 6) and then the 9 of clubs on the 5 of clubs below (8) is
    12 against 10 + 2."""
    s = position([["3d", "4h", "9c", "Ks"], 5, 5], ["5c", "5h"])
    bot, t = seat(s)
    assert bot._best_lay_score(t, t.hand, t.ref) == 10.0
    assert bot._best_lay_score(t, ["4h", "9c", "Ks"], ("5", "c", None)) == 8.0
    assert bot._three_on_turn(t, "5") is False


def test_having_drawn_a_3_is_weighed_against_a_pass_worth_0() -> None:
    """``_three_on_turn``: having drawn, doing nothing is a pass, worth 0: a 3 (a spare one, the
    hand being small) that brings back the king of spades for its king of clubs is laid when
    10 + the king's worth beats 0 + 2. The king is worth -7.2 here (it turns play to player 2,
    about to go out, and leaves a queen as its last card), so the 3 gains 2.8."""
    s = position([["3d", "Qc", "Kc"], 5, 1], ["Ks", "5s"], mode="drawn")
    bot, t = seat(s)
    assert bot._best_lay_score(t, t.hand, t.ref) is None
    assert bot._best_lay_score(t, ["Qc", "Kc"], ("K", "s", None)) == pytest.approx(-7.2)
    assert bot._three_on_turn(t, "5") is True
