"""Bodensee Mau-Mau's words and their penalty cards (rules/maumau.md, "Words and penalty cards";
the sheet's "Rangfolgeregeln" and "Spezialfälle"). Each test sets up a position, plays the
actions and checks what the rulings say is owed, said, or drawn."""

from __future__ import annotations

import pytest
from maumau_cards_support import refused, table


def owed(state, player: int) -> list[str]:
    return state.to_json()["owed"][player]


def hand_size(state, player: int) -> int:
    return len(state.to_json()["hands"][player])


def say(state, player: int, *words: str) -> None:
    for word in words:
        state.apply(player, {"say": word})


def too_late(events) -> dict[int, list[str]]:
    return {e.data["player"]: e.data["words"] for e in events if e.type == "too_late"}


# -- Mau, Miau, Mau-Mau: due by any event ----------------------------------------------------


def test_mau_when_a_lay_leaves_one_card() -> None:
    s = table([["4h", "Kd"], ["Ks", "8s"], ["Kc", "8c"]], ["4s"])
    s.apply(0, {"lay": "4h"})
    assert owed(s, 0) == ["mau"]
    say(s, 0, "mau")
    assert owed(s, 0) == []


def test_mau_when_a_penalty_card_makes_one_card() -> None:
    """'Hat sich die Kartenzahl ... auf eine Karte erhöht oder reduziert': a player between
    Mau-Mau and Matt who is last in a slap draws one card and owes Mau."""
    s = table([["5h"], ["Ks", "8s"], ["Kc", "8c"]], ["4h"])
    s.apply(0, {"lay": "5h"})
    say(s, 0, "mau-mau")
    s.apply(1, {"slap": "left"})
    s.apply(2, {"slap": "left"})
    s.apply(0, {"slap": "left"})  # last
    assert hand_size(s, 0) == 1
    assert owed(s, 0) == ["mau"]


def test_mau_for_both_after_a_queens_swap() -> None:
    """The rulings' queen: each of the two owes Mau if they end with one card; the sheet's own
    case is swapping with a player who has only one card left."""
    s = table([["Qh", "4c"], ["Kd"], ["Ks", "8s", "9s"]], ["9h"])
    s.apply(0, {"lay": "Qh", "swap": 1})
    assert s.to_json()["hands"][:2] == [["Kd"], ["4c"]]
    assert owed(s, 0) == ["mau"]
    assert owed(s, 1) == ["mau"]


def test_no_mau_after_a_swap_that_leaves_two_cards() -> None:
    s = table([["Qh", "4c", "4d"], ["Kd", "Kh"], ["Ks", "8s", "9s"]], ["9h"])
    s.apply(0, {"lay": "Qh", "swap": 1})
    assert owed(s, 0) == [] and owed(s, 1) == []


def test_mau_when_a_joker_put_down_leaves_one_card() -> None:
    s = table([["4h", "Kd"], ["Ks", "8s"], ["joker", "8c"]], ["4s"])
    s.apply(2, {"joker": True})
    assert owed(s, 2) == ["mau"]


def test_mau_mau_when_a_joker_put_down_empties_the_hand() -> None:
    s = table([["4h", "Kd"], ["Ks", "8s"], ["joker"], ["Kc", "8c"]], ["4s"])
    s.apply(2, {"joker": True})
    assert owed(s, 2) == ["mau-mau", "matt"]


def test_a_miau_for_every_10() -> None:
    s = table([["10h", "10s", "10c", "4c", "4d"], ["Ks", "8s"], ["Kc", "8c"]], ["10d"])
    s.apply(0, {"lay": ["10h", "10s", "10c"]})
    assert owed(s, 0) == ["miau", "miau", "miau"]


# -- the sheet's examples: Mau → Miau → Mau-Mau → Matt per card laid ---------------------------

SHEET_EXAMPLES = [
    # "Hat ein Spieler als letzte Karte eine 10 ..."
    (["10h"], ["miau", "mau-mau", "matt"]),
    # "Hat ein Spieler zwei 10er auf der Hand ..."
    (["10h", "10s"], ["mau", "miau", "miau", "mau-mau", "matt"]),
    # "Beendet ein Spieler das Spiel mit drei 10ern auf einmal ..."
    (["10h", "10s", "10c"], ["miau", "mau", "miau", "miau", "mau-mau", "matt"]),
]


@pytest.mark.parametrize(("tens", "words"), SHEET_EXAMPLES)
def test_the_sheets_order_of_words(tens: list[str], words: list[str]) -> None:
    s = table([list(tens), ["Ks", "8s"], ["Kc", "8c"], ["Kd", "8d"]], ["10d"])
    s.apply(0, {"lay": tens if len(tens) > 1 else tens[0]})
    assert owed(s, 0) == words
    for i, word in enumerate(words):
        for other in sorted(set(words) - {word}):
            refused(s, 0, {"say": other}, f'you owe "{word}" first')
        say(s, 0, word)
        assert owed(s, 0) == words[i + 1 :]
    assert s.to_json()["winners"] == [0]
    assert s.view(None)["status"][0] == "won"


# -- Matt: only once nothing can give the player cards -----------------------------------------


def test_matt_right_after_mau_mau_when_nothing_is_pending() -> None:
    s = table([["4h"], ["Ks", "8s"], ["Kc", "8c"], ["Kd", "8d"]], ["4s"])
    s.apply(0, {"lay": "4h"})
    assert owed(s, 0) == ["mau-mau", "matt"]


def test_matt_waits_for_a_7_chain() -> None:
    """The sheet's example: a last 7 owes only Mau-Mau, since the next player may pass the
    chain on; Matt is due once the chain is taken."""
    s = table([["7h"], ["7s", "4c"], ["4d", "5d"], ["Kd", "8d"]], ["9h"])
    s.apply(0, {"lay": "7h"})
    assert owed(s, 0) == ["mau-mau"]
    say(s, 0, "mau-mau")
    s.apply(1, {"lay": "7s"})
    assert owed(s, 0) == []
    s.apply(2, {"take": True})
    assert hand_size(s, 2) == 2 + 4
    assert owed(s, 0) == ["matt"]


def test_a_7_chain_reaching_the_mau_mau_player_gives_them_its_cards() -> None:
    """'Bei einer 7 ... zwei Karten ziehen': the chain goes round to the seat of the player
    between Mau-Mau and Matt, who takes it (2 per 7); no Matt is owed then."""
    s = table([["7h"], ["7s", "4c"], ["7d", "5d"]], ["9h"])
    s.apply(0, {"lay": "7h"})
    say(s, 0, "mau-mau")
    s.apply(1, {"lay": "7s"})
    s.apply(2, {"lay": "7d"})
    assert hand_size(s, 0) == 6
    assert owed(s, 0) == []
    assert s.view(None)["status"][0] == "cards"
    assert s.to_json()["turn"] == 1


def test_matt_waits_for_the_slap() -> None:
    s = table([["5h"], ["Ks", "8s"], ["Kc", "8c"], ["Kd", "8d"]], ["4h"])
    s.apply(0, {"lay": "5h"})
    assert owed(s, 0) == ["mau-mau"]
    say(s, 0, "mau-mau")
    for p in (1, 0, 2):
        s.apply(p, {"slap": "left"})
        assert owed(s, 0) == []
    s.apply(3, {"slap": "left"})  # the slap closes; player 3 is last, not player 0
    assert hand_size(s, 0) == 0
    assert owed(s, 0) == ["matt"]


def test_matt_waits_for_the_9_window() -> None:
    s = table([["9h"], ["Ks", "4h"], ["Kc", "8c"], ["Kd", "8d"]], ["4h"])
    s.apply(0, {"lay": "9h"})
    assert owed(s, 0) == ["mau-mau"]
    say(s, 0, "mau-mau")
    s.apply(1, {"lay": "4h"})  # the player on turn's turn action closes the window
    assert owed(s, 0) == ["matt"]


# -- only the next word owed is accepted -------------------------------------------------------


def test_a_word_not_owed_is_refused_with_a_reason() -> None:
    s = table([["10h", "Kd", "Kh"], ["Ks", "8s"], ["Kc", "8c"]], ["10s"])
    refused(s, 0, {"say": "mau"}, "you owe no word now")
    s.apply(0, {"lay": ["10h"]})
    assert owed(s, 0) == ["miau"]
    s = table([["10h", "Kd"], ["Ks", "8s"], ["Kc", "8c"]], ["10s"])
    s.apply(0, {"lay": "10h"})
    assert owed(s, 0) == ["mau", "miau"]
    refused(s, 0, {"say": "miau"}, 'you owe "mau" first')
    refused(s, 0, {"say": "matt"}, 'you owe "mau" first')
    refused(s, 0, {"say": "wau"}, "the words are mau, miau, mau-mau, matt")
    refused(s, 1, {"say": "mau"}, "you owe no word now")
    say(s, 0, "mau", "miau")
    assert owed(s, 0) == []


def test_a_word_not_owed_is_refused_as_a_word_even_when_nothing_else_is_allowed() -> None:
    """Player 2 is not on turn and holds no 3 or joker: the reason for refusing their "Mau"
    is the word, not whose turn it is (a word is never a turn)."""
    s = table([["4h", "Kd"], ["Ks", "8s"], ["Kc", "8c"]], ["4s"])
    refused(s, 2, {"say": "mau"}, "you owe no word now")


# -- the deadline: another player's first turn action ------------------------------------------


def test_a_penalty_card_per_word_still_owed_at_the_next_players_turn_action() -> None:
    s = table([["10h", "Kd"], ["Ks", "10s", "8s"], ["Kc", "8c"]], ["10d"])
    s.apply(0, {"lay": "10h"})
    assert owed(s, 0) == ["mau", "miau"]
    events = s.apply(1, {"lay": "10s"})
    assert too_late(events) == {0: ["mau", "miau"]}
    assert hand_size(s, 0) == 1 + 2
    assert owed(s, 0) == []


def test_a_word_said_in_time_costs_nothing() -> None:
    s = table([["10h", "Kd"], ["Ks", "10s", "8s"], ["Kc", "8c"]], ["10d"])
    s.apply(0, {"lay": "10h"})
    say(s, 0, "mau")
    events = s.apply(1, {"lay": "10s"})
    assert too_late(events) == {0: ["miau"]}
    assert hand_size(s, 0) == 2


def test_the_owners_own_turn_action_is_no_deadline() -> None:
    """Player 0 puts a joker down on turn (one card left: Mau), then lays that card: their own
    turn action, so Mau is still owed, now with Mau-Mau and Matt; only player 1's turn action
    makes them too late — one penalty card per word."""
    s = table([["joker", "4h"], ["4c", "8s", "9s"], ["4d", "5d"]], ["4s"])
    s.apply(0, {"joker": True})
    assert owed(s, 0) == ["mau"]
    events = s.apply(0, {"lay": "4h"})
    assert too_late(events) == {}
    assert owed(s, 0) == ["mau", "mau-mau", "matt"]
    events = s.apply(1, {"lay": "4c"})
    assert too_late(events) == {0: ["mau", "mau-mau", "matt"]}
    assert hand_size(s, 0) == 3


def test_3s_jokers_and_words_of_others_are_no_deadline() -> None:
    s = table([["10h", "Kd", "Kh"], ["4d", "8s", "joker"], ["3d", "5d"], ["Ks", "8c"]], ["10d"])
    s.apply(0, {"lay": "10h"})
    assert owed(s, 0) == ["miau"]
    for p, action in (
        (2, {"lay": "3d"}),  # out of turn, cancelling the 10h: not a turn action
        (2, {"say": "mau"}),
        (1, {"joker": True}),  # player 1 is on turn, but a joker put down is no turn action
    ):
        events = s.apply(p, action)
        assert too_late(events) == {}
    assert owed(s, 0) == ["miau"]
    events = s.apply(1, {"lay": "4d"})
    assert too_late(events) == {0: ["miau"]}


def test_slaps_are_no_deadline() -> None:
    """A word that becomes due with a 5 survives the slap (slaps are not turn actions) and is
    too late only at the next player's turn action."""
    s = table([["5h", "Kd"], ["Ks", "Kh"], ["Kc", "8c"]], ["4h"])
    s.apply(0, {"lay": "5h"})
    assert owed(s, 0) == ["mau"]
    for p, hand in ((1, "left"), (0, "left"), (2, "left")):
        events = s.apply(p, {"slap": hand})
        assert too_late(events) == {}
    assert owed(s, 0) == ["mau"]
    events = s.apply(1, {"lay": "Kh"})
    assert too_late(events) == {0: ["mau"]}


def test_words_due_through_penalty_cards_have_their_own_deadline() -> None:
    """A forgotten Matt: one penalty card at the next player's turn action; back in play with
    one card the player owes Mau, which is too late only at the turn action after that."""
    s = table([["4h"], ["4c", "5c", "7s"], ["4d", "5d", "Kc"], ["Ks", "Qs"]], ["4s"])
    s.apply(0, {"lay": "4h"})
    say(s, 0, "mau-mau")
    assert owed(s, 0) == ["matt"]
    events = s.apply(1, {"lay": "4c"})
    assert too_late(events) == {0: ["matt"]}
    assert hand_size(s, 0) == 1
    assert s.view(None)["status"][0] == "cards"
    assert owed(s, 0) == ["mau"], "Matt is dropped with the card; Mau is newly due"
    events = s.apply(2, {"lay": "4d"})
    assert too_late(events) == {0: ["mau"]}
    assert hand_size(s, 0) == 2


def test_a_word_owed_stays_owed_when_the_hand_changes() -> None:
    """Engine choice 11: Mau owed with one card stays owed after a slap's penalty card."""
    s = table([["5h", "Kd"], ["Ks", "Kh"], ["Kc", "8c"]], ["4h"])
    s.apply(0, {"lay": "5h"})
    s.apply(1, {"slap": "left"})
    s.apply(2, {"slap": "left"})
    s.apply(0, {"slap": "left"})  # last: one penalty card
    assert hand_size(s, 0) == 2
    assert owed(s, 0) == ["mau"]
    say(s, 0, "mau")
    assert owed(s, 0) == []


def test_a_player_between_mau_mau_and_matt_may_be_a_queens_partner() -> None:
    """With a last 9 the window keeps Matt from being due; the queen laid on the 9 swaps the
    player back into play with one card (Mau), and its layer, now without cards, owes
    Mau-Mau and Matt."""
    s = table([["9h"], ["Qh", "Kd"], ["Kc", "8c"], ["Ks", "8s"]], ["4h"])
    s.apply(0, {"lay": "9h"})
    say(s, 0, "mau-mau")
    s.apply(1, {"lay": "Qh", "swap": 0})
    assert s.to_json()["hands"][:2] == [["Kd"], []]
    assert owed(s, 0) == ["mau"]
    assert owed(s, 1) == ["mau-mau", "matt"]
