"""Mau-Mau's bots: view-only and legal, the heuristic's choices in set positions (rules/maumau.md
names the card effects they play on), reaction profiles, and timing that means something under
the simulator's scheduler."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

import pytest
from bot_guard import ViewOnly, guarded_decision
from maumau_positions import position

import spieltisch
from spieltisch.bots import Decision, available_bots, make_bot, parse_spec, strongest_bot
from spieltisch.bots.scheduler import play_game
from spieltisch.core import REFEREE, Action, OptionError, Rng
from spieltisch.games.maumau import bots as maumau_bots
from spieltisch.games.maumau.bots import MaumauBot, RandomMaumauBot, slap_elapsed
from spieltisch.games.maumau.rules import MaumauState, full_deck

GAME = spieltisch.load_game("maumau")


def decide(state: MaumauState, player: int, spec: str = "maumau", seed: int = 0) -> Action | None:
    """What a fresh bot does for ``player``, seeing only the view (the state is guarded)."""
    bot = make_bot(spec, GAME)
    return bot.act(guarded_decision(state, player, Rng(seed)))


# -- legal play from the view alone, to the end ----------------------------------------------------


def passing(decision: Decision, action: Action | None) -> bool:
    # None lets the moment pass: a slap already made, a throw-in not worth it
    return action is None or action in decision.legal


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8])
def test_games_end_with_legal_actions_from_the_view_alone(players: int) -> None:
    specs = ["maumau:fast", "random:slow", "maumau:sloppy", "random:normal"]
    bots = [ViewOnly(make_bot(specs[p % len(specs)], GAME), passing) for p in range(players)]
    played = play_game(GAME, bots, seed=40 + players)
    assert played.state.is_terminal()
    assert sorted(played.state.result().ranks)[-2:] == [players - 1, players - 1]  # two losers
    assert all(b.actions > 0 for b in bots)


def test_the_same_seed_plays_the_same_game() -> None:
    def record(seed: int) -> list[Any]:
        bots = [
            make_bot(s, GAME) for s in ("maumau:fast", "random:sloppy", "maumau:slow", "random")
        ]
        return play_game(GAME, bots, seed=seed).record.actions

    assert record(7) == record(7)
    assert record(7) != record(8)


# -- the heuristic in set positions ---------------------------------------------------------------


def test_it_keeps_its_7_and_lays_another_fitting_card() -> None:
    # a 7 held back passes a chain on later
    s = position([["7h", "4h", "Kc", "9c", "2d"], 5, 5], ["5h"])
    assert decide(s, 0) == {"lay": "4h"}


def test_it_lays_the_7_at_a_neighbour_about_to_go_out() -> None:
    s = position([["7h", "4h", "Kc", "9c", "2d"], ["Ks"], 5], ["5h"])
    assert decide(s, 0) == {"lay": "7h"}


def test_it_passes_a_7_chain_on() -> None:
    # "Hat auch dieser Spieler eine 7, so kann er die 7 weitergeben"
    s = position([5, ["7s", "4h", "Qs"], 5], ["5c", "7c"], turn=1)
    assert s.chain() == 1
    assert decide(s, 1) == {"lay": "7s"}


def test_it_passes_an_8_on() -> None:
    s = position([5, ["8s", "4c", "Qs"], 5], ["5c", "8c"], turn=1)
    assert decide(s, 1) == {"lay": "8s"}


def test_it_cancels_a_chain_aimed_at_it_with_a_3() -> None:
    # no 7 to pass it on: "die Wirkung der 7 (zwei Karten ziehen) durch die 3 aufheben"
    s = position([5, ["3h", "4d", "9s"], 5], ["5s", "7c"], turn=1)
    assert decide(s, 1) == {"lay": "3h"}


def test_it_cancels_an_8_aimed_at_it_with_a_3() -> None:
    s = position([5, ["3h", "4s", "9s"], 5], ["5s", "8c"], turn=1)
    assert decide(s, 1) == {"lay": "3h"}


def test_it_cancels_a_wish_it_cannot_serve_rather_than_draw() -> None:
    # a jack wished clubs; no club, no jack: the 3 brings back the 5 of spades, and it has spades
    jack = {"card": "Jh", "by": 0, "anchor": 0, "wish": "c"}
    s = position([5, ["3d", "4s", "9s", "8d", "Kd"], 5], ["5s", jack], turn=1)
    assert decide(s, 1) == {"lay": "3d"}


def test_it_keeps_its_last_3_while_on_turn_and_lays_it_after() -> None:
    # a player on turn whose hand a 3 empties still draws (option three_out = draw)
    s = position([["3h"], 5, 5], ["5c"], turn=0)
    assert decide(s, 0) == {"draw": True}
    s = position([["3h"], 5, 5], ["5c"], turn=1)
    assert decide(s, 0) == {"lay": "3h"}


def test_it_cancels_a_king_that_took_its_turn_away() -> None:
    # player 0 laid a king: the direction turned, player 2 instead of player 1 is on turn
    king = {"card": "Kh", "by": 0, "anchor": 0, "active": True}
    s = position([5, ["3h", "4d", "9s", "2c"], 5, 5], ["5h", king], turn=3, direction=-1)
    assert decide(s, 1) == {"lay": "3h"}


SPADES = [r + "s" for r in ("A", "K", "Q", "J", "8", "7", "6", "5", "2", "9")] * 2
"""Twenty spades on the pile: the bot has seen nearly all of them."""


def test_it_counts_cards_against_a_neighbour_about_to_go_out() -> None:
    # the next player holds one card; with so many spades seen, a spade is the safer lay
    s = position([["4h", "10s", "2d"], ["Kc"], 5, 5], [*SPADES, "5h", "4s"])
    assert decide(s, 0) == {"lay": "10s"}


def test_it_remembers_what_a_neighbour_lacked_when_they_drew() -> None:
    # player 1 drew for their turn on the 5 of hearts: the card they kept is no heart
    bot = make_bot("maumau", GAME)
    drew = position([["4h", "10s", "2d"], ["Kc", "Kd"], 5, 5], [*SPADES, "5h"], 1, mode="drawn")
    bot.reaction_time(guarded_decision(drew, 0, Rng(0)))
    s = position([["4h", "10s", "2d"], ["Kc"], 5, 5], [*SPADES, "5h", "4s"])
    assert bot.act(guarded_decision(s, 0, Rng(0))) == {"lay": "4h"}


def test_it_wishes_the_suit_it_holds_most_of() -> None:
    s = position([["Jc", "4s", "9s", "Ks", "2d"], 5, 5], ["5h"])
    assert decide(s, 0) == {"lay": "Jc", "wish": "s"}


def test_it_keeps_a_jack_while_another_card_fits() -> None:
    s = position([["Jc", "4h", "9s", "Ks", "2d"], 5, 5], ["5h"])
    assert decide(s, 0) == {"lay": "4h"}


def test_it_swaps_with_the_smallest_hand() -> None:
    # "muss seine Karten mit den Karten eines beliebigen Mitspielers tauschen"
    s = position([["Qh", "4h", "Kc", "9c", "2d"], 5, ["2s", "2d"], 4], ["5h"])
    assert decide(s, 0) == {"lay": "Qh", "swap": 2}


def test_a_silent_winners_empty_hand_is_the_best_swap() -> None:
    s = position(
        [["Qh", "4h", "Kc", "9c", "2d"], ["2s"], [], 5],
        ["5h"],
        silent=[False, False, True, False],
    )
    assert decide(s, 0) == {"lay": "Qh", "swap": 2}


def test_it_spends_a_pilz_to_swap_its_queen_with_an_empty_hand() -> None:
    # the Pilz brings back the first winner as a silent winner; the queen takes their empty hand
    s = position(
        [["Qh", "4h", "Kc", "9c", "2d"], 5, 5, [], 5],
        ["5h"],
        out=[False, False, False, True, False],
        winners=[3],
        pilze=[1, 0, 0, 0, 0],
    )
    assert decide(s, 0) == {"pilz": 3}
    s.apply(0, {"pilz": 3})
    assert decide(s, 0) == {"lay": "Qh", "swap": 3}


def test_it_throws_in_onto_a_9_and_never_an_unfitting_card() -> None:
    # "so darf ein beliebiger anderer Spieler ... eine Karte seiner Wahl, die auf die 9 passt,
    # sofort hinlegen"; an unfitting one costs a penalty card
    nine = {"card": "9h", "by": 0, "anchor": 0}
    window = {"at": 1, "anchor": 0, "layer": 0}
    s = position([5, 5, ["4h", "Kc", "2d"]], ["5h", nine], turn=1, window=window)
    assert decide(s, 2) == {"throw": "4h"}
    s = position([5, 5, ["4c", "Kc", "2d"]], ["5h", nine], turn=1, window=window)
    assert {"throw": "4c"} in s.legal_actions(2)  # legal, at the price of a card
    assert decide(s, 2) is None


def test_it_throws_in_under_the_privilege() -> None:
    s = position([5, 5, ["4h", "Kc", "2d"]], ["5h"], turn=1, front=[0, 0, 1])
    assert decide(s, 2) == {"throw": "4h"}


def test_it_puts_a_joker_down_at_once() -> None:
    s = position([5, ["joker", "4h", "Kc"], 5], ["5h"], turn=0)
    assert decide(s, 1) == {"joker": True}


def test_it_lays_a_2_on_an_empty_pile() -> None:
    # "muss ein beliebiger Spieler zunächst eine 2 legen"
    s = position([5, ["2h", "4h", "Kc"], 5], ["3s"], turn=0)
    assert decide(s, 1) == {"lay": "2h"}


def test_it_says_its_word() -> None:
    s = position([5, ["4h"], 5], ["5h"], turn=2, owed=[[], ["mau"], []])
    assert decide(s, 1) == {"say": "mau"}


# -- slaps and timing ------------------------------------------------------------------------------


def slap_position(slapped: list[list[Any]]) -> MaumauState:
    slap = {"layer": 0, "need": "right", "slapped": slapped}
    return position([5, 5, 5, 5], ["5h", {"card": "6h", "by": 0, "anchor": 0}], slap=slap)


@pytest.mark.parametrize(
    ("spec", "low", "high"), [("maumau:fast", 95, 100), ("random:sloppy", 75, 95)]
)
def test_it_slaps_the_right_hand_but_for_its_profiles_slips(spec: str, low: int, high: int) -> None:
    # a 6: the right hand; the fast profile slips 2 times in 100, the sloppy one 15
    s = slap_position([])
    hands = [decide(s, 1, spec, seed) for seed in range(300)]
    right = sum(h == {"slap": "right"} for h in hands)
    assert 3 * low <= right < 3 * high
    assert all(h in s.legal_actions(1) for h in hands)


def test_a_slap_is_timed_from_its_opening() -> None:
    # the same reflex, reckoned from the slap's opening: later slappers leave less of it to wait
    bot = make_bot("maumau:slow", GAME)
    first = bot.reaction_time(guarded_decision(slap_position([]), 2, Rng(3)))
    later = bot.reaction_time(guarded_decision(slap_position([[1, "right"]]), 2, Rng(4)))
    assert later == pytest.approx(max(first - slap_elapsed(1, 4), 0.01))
    assert later < first


def test_the_fast_profile_slaps_sooner_than_the_slow_one() -> None:
    def mean(spec: str) -> float:
        s = slap_position([])
        times = [
            make_bot(spec, GAME).reaction_time(guarded_decision(s, 1, Rng(k))) for k in range(200)
        ]
        return sum(times) / len(times)

    assert mean("maumau:fast") < mean("maumau:normal") < mean("maumau:slow")


def test_a_word_is_timed_once_and_a_forgotten_one_comes_late_but_comes() -> None:
    s = position([5, ["4h"], 5], ["5h"], turn=2, owed=[[], ["mau"], []])
    bot = make_bot("maumau:normal", GAME)
    assert isinstance(bot, MaumauBot)
    times = {bot.reaction_time(guarded_decision(s, 1, Rng(k))) for k in range(5)}
    assert len(times) == 1  # asked at every step, it does not roll the dice again
    forgetful = make_bot("maumau:normal", GAME)
    assert isinstance(forgetful, MaumauBot)
    forgetful.profile = replace(forgetful.profile, forget=1.0)
    d = guarded_decision(s, 1, Rng(0))
    assert forgetful.act(d) == {"say": "mau"}
    assert forgetful.reaction_time(d) > 5 * max(times)


def test_the_turn_play_is_timed_once_per_moment() -> None:
    s = position([["4h", "Kc", "9c", "2d", "Ad"], 5, 5], ["5h"])
    bot = make_bot("random:slow", GAME)
    times = {bot.reaction_time(guarded_decision(s, 0, Rng(k))) for k in range(5)}
    assert len(times) == 1


# -- profiles and the registry ---------------------------------------------------------------------


def test_profiles_are_named_as_bare_words() -> None:
    assert {"fast", "normal", "slow", "sloppy"} <= set(maumau_bots.profiles())
    assert parse_spec("maumau:fast") == ("maumau", {"profile": "fast"})
    bot = make_bot("maumau:sloppy", GAME)
    assert isinstance(bot, MaumauBot) and bot.profile.name == "sloppy"
    assert bot.name == "maumau:sloppy"
    assert make_bot("maumau", GAME).profile.name == "normal"  # type: ignore[attr-defined]


def test_an_unknown_profile_names_the_known_ones() -> None:
    with pytest.raises(OptionError, match="fast, normal, slow, sloppy"):
        make_bot("maumau:quick", GAME)
    with pytest.raises(OptionError, match="fast"):
        make_bot("random:quick", GAME)


def test_the_registry_knows_them() -> None:
    bots = available_bots(GAME)
    assert strongest_bot(GAME) == "maumau"
    assert isinstance(bots["maumau"](GAME), MaumauBot)
    assert isinstance(bots["random"](GAME, profile="slow"), RandomMaumauBot)


# -- engine: a ruling the bots ran into -----------------------------------------------------------


def test_a_3_on_a_3_gives_no_turn_to_a_player_who_has_left_play() -> None:
    """A 3 on a 3 with no turn action between restores the turn (engine choice 2); but a winner
    who said "Matt" "takes no part in anything" (rules, "Who is in play"): the turn passes on
    from them, and the game goes on."""
    s = position([["As"], ["3s", "5c", "9d"], ["3d", "4c", "9h"], ["Kc", "Kd", "10d"]], ["5s"])
    s.apply(0, {"lay": "As"})  # the last card, an ace: player 0 may lay one more
    s.apply(0, {"say": "mau-mau"})
    s.apply(1, {"lay": "3s"})  # the ace cancelled: the turn passes on from player 0
    s.apply(0, {"say": "matt"})  # player 0 has won and left play
    s.apply(2, {"lay": "3d"})  # the 3 on the 3 brings the ace back, but not player 0's turn
    assert s.turn != 0
    assert s.actors()


@pytest.mark.parametrize("card", ["Qd", "Jd", "10d"])
def test_a_dealer_who_has_left_play_does_not_answer_for_a_turned_up_card(card: str) -> None:
    """No reference card and no 2 in play: the dealer turns up a card that "counts as laid by
    the dealer" (engine choice 1). A dealer who said "Matt" "takes no part in anything" (rules,
    "Who is in play"): they neither wish, nor swap, nor owe "Miau"; the game goes on."""
    hands: list[list[str] | int] = [[], ["3c", "4h", "9s"], ["4d", "9h", "Kc"], ["5c", "9d", "Ks"]]
    named = [c for h in hands if isinstance(h, list) for c in h]
    rest = Counter(full_deck(6)) - Counter([*named, "2h", card])
    s = position(
        hands,
        ["2h"],
        turn=1,
        dealer=0,
        out=[True, False, False, False],
        winners=[0],
        stock=[*sorted(rest.elements()), card],  # the card turned up is the stock's top
    )
    s.apply(1, {"lay": "3c"})  # no reference card, nobody in play holds a 2: a card is turned up
    assert s.pile[-1].card == card
    assert s.actors() - {REFEREE}
    assert s.owed[0] == [] and s.hands[0] == []
