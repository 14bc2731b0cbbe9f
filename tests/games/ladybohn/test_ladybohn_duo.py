"""Ladybohn for 2 players (sheet 001, "Rules for Two players"; rules/ladybohn.md, "2 players"):
every step on hand-made positions with exact outcomes, then random play with invariants."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

import spieltisch
from spieltisch import IllegalAction, Rng
from spieltisch.games.ladybohn.duo import mode_cards

GAME = spieltisch.load_game("ladybohn")


def position(
    players: int = 2,
    *,
    hands: Sequence[Sequence[str]] = ((), ()),
    fields: Sequence[Sequence[Sequence[str]]] | None = None,
    coins: Sequence[int] = (0, 0),
    fan: Sequence[str] = ("green", "green", "green", "green", "green"),
    offer: Sequence[str] = (),
    to_plant: Sequence[Sequence[str]] | None = None,
    stock_top: Sequence[str] = (),
    discard: Sequence[str] = (),
    phase: str = "plant",
    active: int = 0,
    first_player: int = 0,
    third: Sequence[str | None] | None = None,
    ratio_taken: bool = False,
    steals: Sequence[int] | None = None,
    stock_size: int | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """A position: cards named by kind (``blue``, ``blue-lady``, ``makeup-lady``), each the
    lowest free id of that kind in this mode's cards; the rest lies under the stock (with
    ``stock_size``, all but that many stock cards are put out of play with the removed ones)."""
    n = players
    cards, removed = mode_cards(GAME, n)
    free = list(cards)

    def take(name: str) -> int:
        card = next(c for c in free if GAME.deck.kinds[c].name == name)
        free.remove(card)
        return card

    def row(names: Sequence[str]) -> list[int]:
        return [take(x) for x in names]

    third = list(third) if third is not None else [None] * n
    if fields is None:
        fields = [[[] for _ in range(3 if third[p] else 2)] for p in range(n)]
    data = {
        "game": "ladybohn",
        "players": n,
        "phase": phase,
        "active": active,
        "first_player": first_player,
        "turns": [1] * n,
        "hands": [row(h) for h in hands[:n]],
        "fields": [[row(f) for f in fs] for fs in fields],
        "fans": [row(fan)],
        "offer_area": row(offer),
        "to_plant": [row(r) for r in (to_plant or [[]] * n)],
        "discard": row(discard),
        "removed_at_setup": removed,
        "fan_sizes": [5],
        "third": third,
        "ratio_taken": ratio_taken,
        "rotation": [None] * n,
        "makeup_choice": [None] * n,
        "steals": list(steals or [0] * n),
        "rng": 99,
    }
    top = row(stock_top)
    data["coins"] = [[free.pop() for _ in range(k)] for k in coins[:n]]
    data["stock"] = free + top
    if stock_size is not None:
        cut = len(data["stock"]) - stock_size
        data["removed_at_setup"] = removed + data["stock"][:cut]
        data["stock"] = data["stock"][cut:]
    data.update(extra)
    return data


def load(players: int = 2, **kw: Any):
    return GAME.from_json(position(players, **kw))


def names(s, ids) -> list[str]:
    return [s.deck.kinds[c].name for c in ids]


def field_names(s, p: int) -> list[list[str]]:
    return [names(s, f) for f in s.fields[p]]


def conserved(s) -> None:
    assert s.all_cards() == Counter(range(GAME.deck.size)), "every card in exactly one place"
    assert GAME.from_json(json.loads(json.dumps(s.to_json()))).to_json_text() == s.to_json_text()


def do(s, player: int, action: dict[str, Any]):
    events = s.apply(player, action)
    conserved(s)
    return events


def refused(s, player: int, action: dict[str, Any], why: str | None = None) -> None:
    before = s.to_json_text()
    with pytest.raises(IllegalAction, match=why):
        s.apply(player, action)
    assert s.to_json_text() == before, "a refused action changes nothing"


# -- set-up -------------------------------------------------------------------------------------


def test_setup_removes_garden_red_blackeyed_and_leaves_90_in_the_stock() -> None:
    s = GAME.new_state(2, 7)
    assert [len(h) for h in s.hands] == [5, 5]
    assert [len(f) for f in s.fans] == [5]
    assert len(s.discard) == 4
    assert len(s.stock) == 90
    removed = Counter(s.deck.kinds[c].variety for c in s.removed_at_setup)
    assert removed == {"garden": 6, "red": 9, "blackeyed": 12}
    in_play = [c for c in range(GAME.deck.size) if c not in s.removed_at_setup]
    assert len(in_play) == 109
    assert Counter(s.deck.kinds[c].variety for c in in_play)["makeup"] == 9
    assert s.third == [None, None] and all(len(f) == 2 for f in s.fields)
    assert s.phase == "plant" and s.turns[s.active] == 1
    conserved(s)
    assert s.view(0)["removed_at_setup"] == {
        "blackeyed": 10, "blackeyed-lady": 2, "garden": 6, "red": 8, "red-lady": 1,
    }  # fmt: skip


def test_first_player_by_lot_or_option() -> None:
    firsts = {GAME.new_state(2, seed).active for seed in range(12)}
    assert firsts == {0, 1}
    game = spieltisch.load_game("ladybohn", first_player="1")
    assert game.new_state(2, 3).active == 1
    with pytest.raises(spieltisch.OptionError):
        spieltisch.load_game("ladybohn", first_player="2").new_state(2, 0)


# -- phase 1: the opponent's leftovers ----------------------------------------------------------


def test_phase_1_plants_or_discards_every_leftover_card() -> None:
    s = load(
        hands=[["soy"], ["chili"]],
        fields=[[["blue"], []], [[], []]],
        offer=["blue-lady", "stink", "stink"],
        phase="leftover",
    )
    blue_lady, stink1, stink2 = s.offer_area
    legal = s.legal_actions(0)
    assert {"plant": blue_lady, "field": 0} in legal and {"plant": blue_lady, "field": 1} in legal
    assert {"discard": stink1} in legal
    refused(s, 0, {"end": "planting"}, "plant your front card")
    refused(s, 1, {"discard": stink1}, "not player 1's turn")
    do(s, 0, {"plant": blue_lady, "field": 0})
    assert field_names(s, 0) == [["blue", "blue-lady"], []]
    do(s, 0, {"discard": stink2})  # either Stink: the same kind
    assert names(s, s.discard[-1:]) == ["stink"]
    assert s.phase == "leftover"
    do(s, 0, {"plant": stink1, "field": 1})
    assert s.offer_area == [] and s.phase == "plant"


# -- phase 2: plant 1 to 3 from the front, discard one card once ------------------------------


def test_phase_2_front_card_then_up_to_three_and_one_discard() -> None:
    s = load(hands=[["blue", "chili", "blue", "soy", "green"], []])
    refused(s, 0, {"end": "planting"}, "plant your front card first")
    refused(s, 0, {"plant": "front", "field": 2})
    do(s, 0, {"plant": "front", "field": 0})
    do(s, 0, {"plant": "front", "field": 1})
    do(s, 0, {"discard_hand": 2})  # the Green at the back
    refused(s, 0, {"discard_hand": 0}, "once a turn")
    do(s, 0, {"plant": "front", "field": 0})
    assert field_names(s, 0) == [["blue", "blue"], ["chili"]]
    assert names(s, s.hands[0]) == ["soy"]
    refused(s, 0, {"plant": "front", "field": 1}, "up to 3")
    assert names(s, s.discard) == ["green"]
    assert s.phase == "plant"


def test_phase_2_the_discard_may_be_the_front_card_before_planting() -> None:
    # the sheet's Heike: discards the Chili in front, then plants the three Green behind it
    s = load(hands=[["chili", "green", "green", "green"], []])
    do(s, 0, {"discard_hand": 0})
    for _ in range(3):
        do(s, 0, {"plant": "front", "field": 0})
    assert field_names(s, 0) == [["green"] * 3, []]
    assert s.hands[0] == [] and s.phase == "plant"
    assert {"end": "planting"} in s.legal_actions(0)


def test_a_front_card_that_fits_no_field_forces_a_harvest_first() -> None:
    s = load(hands=[["soy"], []], fields=[[["blue", "blue"], ["chili"]], [[], []]])
    assert not any(a.get("plant") == "front" for a in s.legal_actions(0))
    refused(s, 0, {"harvest": 1}, "one bean")  # one-bean rule: the Blue field holds two
    do(s, 0, {"harvest": 0})
    do(s, 0, {"plant": "front", "field": 0})
    assert field_names(s, 0) == [["soy"], ["chili"]]


# -- phase 3: the fan once, then the discard pile's chain ---------------------------------------


def test_phase_3_ladies_first_onto_the_fan_once_then_the_discard_chain() -> None:
    s = load(
        hands=[["soy"], []],
        fan=["blue", "green", "soy", "stink", "blue"],  # top first
        stock_top=["blue-lady", "chili", "blue"],  # revealed: Blue, Chili, Blue-lady
        discard=["stink", "green", "soy", "chili"],  # Chili on top
    )
    do(s, 0, {"plant": "front", "field": 0})
    events = do(s, 0, {"end": "planting"})
    # the Lady goes on first and pushes out the bottom Blue; then the male Blue pushes the
    # Stink; the pushed Blue does not meet the fan again
    assert names(s, s.fans[0]) == ["blue", "blue-lady", "blue", "green", "soy"]
    # the offer in the order its cards came out (Lady, then the males as drawn): the pushed
    # Blue, the pushed Stink, the Chili; then the discard pile's Chili joins; the Soy under
    # it matches nothing offered
    assert names(s, s.offer_area) == ["blue", "stink", "chili", "chili"]
    assert names(s, s.discard) == ["stink", "green", "soy"]
    reveal = next(e for e in events if e.type == "reveal")
    assert reveal.data["from_discard"] == ["chili"]
    assert s.phase == "take"
    assert len(s.offer_area) - len(reveal.data["from_discard"]) == 3


def test_phase_3_discard_chain_goes_on_while_the_top_matches() -> None:
    s = load(
        hands=[["soy"], []],
        fan=["green"] * 5,
        stock_top=["stink", "soy", "chili"],
        discard=["blue", "stink", "soy", "chili", "chili-lady"],
    )
    do(s, 0, {"plant": "front", "field": 0})
    do(s, 0, {"end": "planting"})
    assert names(s, s.offer_area) == [
        "chili",
        "soy",
        "stink",
        "chili-lady",
        "chili",
        "soy",
        "stink",
    ]
    assert names(s, s.discard) == ["blue"]
    assert names(s, s.fans[0]) == ["green"] * 5


def test_a_harvest_before_phase_3_feeds_the_discard_chain() -> None:
    # the sheet's Martina harvests in phase 2; the harvest's cards lie on the discard pile
    s = load(
        hands=[["soy", "soy"], []],
        fields=[[["soy"], []], [[], []]],
        stock_top=["blue", "stink", "soy"],
    )
    do(s, 0, {"plant": "front", "field": 0})
    do(s, 0, {"plant": "front", "field": 0})
    do(s, 0, {"harvest": 0})  # 3 Soy: 1 coin, 2 to the discard pile
    assert len(s.coins[0]) == 1 and names(s, s.discard) == ["soy", "soy"]
    do(s, 0, {"end": "planting"})
    assert names(s, s.offer_area) == ["soy", "stink", "blue", "soy", "soy"]


# -- phase 4: all or none of a variety ---------------------------------------------------------


def test_phase_4_takes_a_variety_whole_and_plants_on_different_fields() -> None:
    s = load(
        hands=[[], ["green"]],
        fields=[[["blue"], []], [[], []]],
        offer=["blue", "chili", "blue-lady", "blue"],
        phase="take",
    )
    legal = s.legal_actions(0)
    assert {"take": "blue"} in legal and {"take": "chili"} in legal
    refused(s, 0, {"take": "soy"}, "take a variety lying in the offer")
    do(s, 0, {"take": "blue"})
    assert names(s, s.to_plant[0]) == ["blue", "blue-lady", "blue"]
    assert names(s, s.offer_area) == ["chili"]
    refused(s, 0, {"end": "taking"}, "plant every card you took")
    male, lady, _ = s.to_plant[0]
    do(s, 0, {"plant": male, "field": 1})
    do(s, 0, {"plant": lady, "field": 0})
    do(s, 0, {"plant": s.to_plant[0][0], "field": 1})
    assert field_names(s, 0) == [["blue", "blue-lady"], ["blue", "blue"]]
    do(s, 0, {"end": "taking"})
    # the Chili stays for the opponent's phase 1
    assert s.active == 1 and s.phase == "leftover" and names(s, s.offer_area) == ["chili"]


# -- phase 5: two draws, the swap between them -------------------------------------------------


def test_an_end_out_of_its_phase_is_not_now() -> None:
    """Ending phase 2 during phase 4, or phase 4 during phase 2, is simply not possible now:
    the reasons of the phases they end ("plant your front card first (phase 2)", "plant every
    card you took first (phase 4)") are given only in those phases."""
    s = load(hands=[[], ["green"]], fields=[[["blue"], []], [[], []]],
             offer=["blue", "chili"], phase="take")  # fmt: skip
    do(s, 0, {"take": "blue"})
    with pytest.raises(IllegalAction) as caught:
        s.apply(0, {"end": "planting"})
    assert caught.value.key == "r.lb2.notnow"
    assert str(caught.value) == '{"end": "planting"} is not possible now (take phase)'
    s = load(hands=[["blue", "chili"], []])
    with pytest.raises(IllegalAction) as caught:
        s.apply(0, {"end": "taking"})
    assert caught.value.key == "r.lb2.notnow"
    assert str(caught.value) == '{"end": "taking"} is not possible now (plant phase)'


def test_phase_5_swap_with_the_fan_after_the_first_draw() -> None:
    s = load(
        hands=[["soy", "soy", "stink", "chili"], ["green"]],
        fan=["blue", "blue-lady", "chili", "stink", "soy"],
        stock_top=["green", "blue"],  # Blue first, then Green
        phase="take",
    )
    hand = list(s.hands[0])
    fan = list(s.fans[0])
    refused(s, 0, {"swap": 0}, "only in phase 5")
    do(s, 0, {"end": "taking"})
    assert s.phase == "swap" and names(s, s.hands[0][-1:]) == ["blue"]
    first = s.hands[0][-1]
    refused(s, 1, {"swap": 0}, "not player 1's turn")
    do(s, 0, {"swap": 0})
    assert s.fans[0] == [*hand, first], "the hand, front card on top, becomes the fan"
    assert s.hands[0][:5] == fan and names(s, s.hands[0][5:]) == ["green"]
    assert s.active == 1 and s.phase == "plant"
    # the opponent saw the fan she took: a resample keeps those five, the sixth is unknown
    for k in range(5):
        r = s.resample(1, Rng(k))
        assert r.hands[0][:5] == fan and len(r.hands[0]) == 6
        assert r.view(1) == s.view(1)


def test_phase_5_no_swap_without_five_cards() -> None:
    s = load(hands=[["soy", "soy"], ["green"]], stock_top=["green", "blue"], phase="take")
    do(s, 0, {"end": "taking"})
    assert names(s, s.hands[0]) == ["soy", "soy", "blue", "green"]
    assert s.active == 1


def test_phase_5_passing_on_the_swap() -> None:
    s = load(hands=[["soy"] * 4, ["green"]], stock_top=["green", "blue"], phase="take")
    do(s, 0, {"end": "taking"})
    do(s, 0, {"end": "swap"})
    assert names(s, s.hands[0]) == ["soy"] * 4 + ["blue", "green"] and s.active == 1


# -- harvests: own turn only, rotation ---------------------------------------------------------


def test_no_harvest_in_the_opponents_turn_and_rotation_after_a_harvest() -> None:
    s = load(
        hands=[["soy"], ["green"]],
        fields=[[["chili", "chili"], []], [["blue", "blue-lady", "blue"], ["stink", "stink-lady"]]],
    )
    refused(s, 1, {"harvest": 0}, "not player 1's turn")
    assert s.legal_actions(1) == []
    # player 1's own turn: she harvests the Blue field and rotates the Stink-Lady down
    s = load(
        hands=[["soy"], ["green"]],
        fields=[[[], []], [["blue", "blue-lady", "blue", "blue"], ["stink", "stink-lady"]]],
        active=1,
    )
    do(s, 1, {"harvest": 0})  # 4 Blue, top male: 1 coin
    assert len(s.coins[1]) == 1
    assert {"rotate": 1} in s.legal_actions(1)
    do(s, 1, {"rotate": 1})
    assert field_names(s, 1) == [[], ["stink-lady", "stink"]]
    refused(s, 1, {"rotate": 1})


# -- Make-up beans, the 3rd fields, the steal --------------------------------------------------


def test_makeup_five_coin_and_steal_after_phase_5() -> None:
    s = load(
        hands=[[], ["green"]],
        fields=[[["makeup-lady"] * 5, []], [["soy", "soy"], []]],
        coins=[0, 2],
        stock_top=["green", "blue"],
        phase="take",
    )
    do(s, 0, {"harvest": 0})
    assert s.legal_actions(0) == [{"makeup": "field"}, {"makeup": "coin"}]
    refused(s, 0, {"end": "taking"}, "first choose")
    do(s, 0, {"makeup": "coin"})
    assert len(s.coins[0]) == 1 and s.steals[0] == 1
    assert names(s, s.discard) == ["makeup-lady"] * 4
    do(s, 0, {"end": "taking"})
    assert s.phase == "steal" and s.active == 0 and len(s.hands[0]) == 2  # after phase 5
    assert s.legal_actions(0) == [{"steal": []}, {"steal": [1]}]
    do(s, 0, {"steal": [1]})
    assert [len(c) for c in s.coins] == [2, 1]
    assert s.active == 1 and s.steals == [0, 0]


def test_makeup_steal_blocked_by_a_makeup_field() -> None:
    s = load(
        hands=[[], ["green"]],
        fields=[[["makeup-lady"] * 5, []], [["makeup-lady"], []]],
        coins=[0, 2],
        stock_top=["green", "blue"],
        phase="take",
    )
    do(s, 0, {"harvest": 0})
    do(s, 0, {"makeup": "coin"})
    do(s, 0, {"end": "taking"})
    assert s.active == 1 and s.steals[0] == 0 and [len(c) for c in s.coins] == [1, 2]


def test_makeup_three_gives_the_ratio_field_then_the_regular_one() -> None:
    s = load(
        hands=[[], []],
        fields=[[["makeup-lady"] * 3, []], [[], []]],
        phase="take",
    )
    do(s, 0, {"harvest": 0})
    assert s.legal_actions(0) == [{"makeup": "field"}, {"makeup": "none"}]
    do(s, 0, {"makeup": "field"})
    assert s.third == ["ratio", None] and len(s.fields[0]) == 3
    assert names(s, s.discard) == ["makeup-lady"] * 3
    # a Ratio Field of males only pays nothing; the owner never gets another 3rd field
    s2 = load(
        hands=[[], []],
        fields=[[[], [], ["blue"] * 4], [[], []]],
        third=["ratio", None],
        ratio_taken=True,
        coins=[3, 3],
        phase="take",
    )
    assert {"buy": "field"} not in s2.legal_actions(0)
    do(s2, 0, {"harvest": 2})
    assert len(s2.coins[0]) == 3 and names(s2, s2.discard) == ["blue"] * 4
    # the opponent buys the regular 3rd field in her turn: the 3 coins leave the game
    s3 = load(
        hands=[[], []],
        third=["ratio", None],
        fields=[[[], [], []], [[], []]],
        ratio_taken=True,
        coins=[0, 4],
        phase="take",
        active=1,
    )
    do(s3, 1, {"buy": "field"})
    assert s3.third == ["ratio", "regular"] and len(s3.coins[1]) == 1
    assert len(s3.removed) == 3 and s3.discard == []
    assert s3.view(0)["removed"] == 3


def test_makeup_few_pay_nothing_and_five_with_a_third_field_take_the_coin() -> None:
    s = load(fields=[[["makeup-lady"] * 2, []], [[], []]], phase="take")
    do(s, 0, {"harvest": 0})
    assert s.makeup_choice == [None, None] and s.coins == [[], []]
    s = load(
        fields=[[["makeup-lady"] * 6, [], []], [[], []]],
        third=["regular", None],
        ratio_taken=True,
        phase="take",
    )
    do(s, 0, {"harvest": 0})
    assert s.makeup_choice == [None, None] and len(s.coins[0]) == 1 and s.steals[0] == 1


# -- the end ------------------------------------------------------------------------------------


def test_the_end_both_harvest_and_makeup_steals_at_once() -> None:
    # the last turn: two cards left in the stock, player 1 harvests 5 Make-up at the end;
    # player 0 had no Make-up field before the final harvest: she pays a coin
    s = load(
        hands=[["soy"], ["green"]],
        fields=[[["blue"] * 4, ["soy"]], [["makeup-lady"] * 5, ["chili"] * 3]],
        coins=[1, 0],
        phase="take",
        active=1,
        turns=[9, 9],
        stock_size=2,
    )
    do(s, 1, {"end": "taking"})
    # Blue 4: 1 coin; Soy 1: none; Make-up 5: coin and steal; Chili 3: 1 coin
    assert s.phase == "final-steal" and s.actors() == {1}
    assert s.legal_actions(1) == [{"steal": []}, {"steal": [0]}]
    do(s, 1, {"steal": [0]})
    assert s.is_terminal() and all(f == [] for fs in s.fields for f in fs)
    assert [len(c) for c in s.coins] == [1, 3]
    r = s.result()
    assert r.scores == (1, 3) and r.ranks == (2, 1)


DUO_STEAL = (
    'rules/ladybohn.md, 2 players: "a steal takes 1 coin from the opponent after phase 5 if she'
    ' then has one and no Make-up bean in a field"; "The game ends when the stock is exhausted'
    ' (9 turns each); then both harvest their fields."'
)


def test_an_own_steal_in_the_last_turn_comes_after_phase_5_before_the_final_harvest() -> None:
    """The opponent has a coin after phase 5: the steal now, the final harvest after it."""
    s = load(
        hands=[["soy"], ["green"]],
        fields=[[["blue"] * 4, []], [["chili"] * 3, []]],
        coins=[1, 0],
        steals=[0, 1],
        phase="take",
        active=1,
        turns=[9, 9],
        stock_size=2,
    )
    do(s, 1, {"end": "taking"})
    assert s.phase == "steal" and s.fields[0][0] and s.fields[1][0], DUO_STEAL
    assert s.legal_actions(1) == [{"steal": []}, {"steal": [0]}]
    do(s, 1, {"steal": [0]})
    assert s.is_terminal() and all(f == [] for fs in s.fields for f in fs)
    assert [len(c) for c in s.coins] == [1, 2], "Blue 4 pays player 0 after the steal"


def test_an_own_steal_in_the_last_turn_finds_no_coin_and_lapses() -> None:
    """The opponent has no coin after phase 5: the steal lapses; the coin her final harvest
    brings her is not stolen."""
    s = load(
        hands=[["soy"], ["green"]],
        fields=[[["blue"] * 4, []], [["chili"] * 3, []]],
        coins=[0, 0],
        steals=[0, 1],
        phase="take",
        active=1,
        turns=[9, 9],
        stock_size=2,
    )
    do(s, 1, {"end": "taking"})
    assert s.is_terminal() and s.steals == [0, 0], DUO_STEAL
    assert [len(c) for c in s.coins] == [1, 1]


def test_a_tie_goes_to_the_second_player() -> None:
    s = load(
        fields=[[["blue"] * 4, []], [["soy"] * 2, []]],
        phase="take",
        active=1,
        first_player=1,
        stock_size=2,
    )
    do(s, 1, {"end": "taking"})
    assert s.is_terminal() and s.result().scores == (1, 1)
    assert s.result().ranks == (1, 2)  # player 1 began: player 0 is the second player


def test_nine_turns_each_and_the_game_ends_with_the_stock() -> None:
    for seed in range(3):
        s = GAME.new_state(2, seed)
        rng = Rng(seed)
        while not s.is_terminal():
            (p,) = s.actors()
            s.apply(p, rng.choice(s.legal_actions(p)))
        assert s.turns == [9, 9] and s.stock == []
        assert all(f == [] for fs in s.fields for f in fs)


# -- random play with invariants ---------------------------------------------------------------


def check(s) -> None:
    conserved(s)
    j = s.to_json()
    n = j["players"]
    for p in range(n):
        assert len(j["fields"][p]) == (3 if j["third"][p] else 2)
        for f in j["fields"][p]:
            assert len({s.deck.kinds[c].variety for c in f}) <= 1, "a field holds one variety"
    assert len(s.fans[0]) == 5
    if j["phase"] != "take":
        assert not any(j["to_plant"])
    for p in [*range(n), None]:
        v = s.view(p)
        json.dumps(v)
        assert v["hand"] == (None if p is None else names(s, j["hands"][p]))
        assert v["hands"] == [len(h) for h in j["hands"]]
        assert v["stock"] == len(j["stock"]) and v["coins"] == [len(c) for c in j["coins"]]
        text = json.dumps(v, separators=(",", ":"))
        assert "rng" not in v and "stock_order" not in v
        if len(j["stock"]) >= 3:
            assert json.dumps(j["stock"][-3:], separators=(",", ":"))[1:-1] not in text
        if p is not None:
            for q in range(n):
                if q != p and len(j["hands"][q]) >= 2 and not s.shown[q]:
                    assert v["hand"] != names(s, j["hands"][q]) or j["hands"][q] == j["hands"][p]
    if s.is_terminal():
        assert s.actors() == frozenset()
    else:
        for p in range(n):
            assert bool(s.legal_actions(p)) == (p in s.actors())


def check_events(events, n: int) -> None:
    for e in events:
        json.dumps(e.to_json())
        if e.type == "draw_cards":
            assert e.visible_to == frozenset({e.data["player"]})
        else:
            assert e.visible_to is None


def check_resample(s, k: int) -> None:
    j = s.to_json()
    for p in range(s.num_players):
        r = s.resample(p, Rng(k))
        rj = r.to_json()
        assert r.all_cards() == Counter(range(GAME.deck.size))
        assert rj["hands"][p] == j["hands"][p]
        assert r.view(p) == s.view(p), "the player cannot tell the resampled state apart"
        hidden = Counter(j["stock"]) + sum(
            (Counter(h) for q, h in enumerate(j["hands"]) if q != p), Counter()
        )
        again = Counter(rj["stock"]) + sum(
            (Counter(h) for q, h in enumerate(rj["hands"]) if q != p), Counter()
        )
        assert again == hidden


def random_game(players: int, seed: int, check_every: int = 0):
    s = GAME.new_state(players, seed)
    rng = Rng(seed * 7 + 1)
    actions = []
    i = 0
    while not s.is_terminal():
        (p,) = s.actors()
        a = rng.choice(s.legal_actions(p))
        events = s.apply(p, json.loads(json.dumps(dict(a))))
        actions.append((p, dict(a)))
        if check_every:
            check_events(events, players)
            if i % check_every == 0:
                check(s)
                check_resample(s, i)
        i += 1
    check(s)
    return s, actions


@pytest.mark.parametrize("seed", range(4))
def test_random_play_two_players(seed: int) -> None:
    s, actions = random_game(2, seed, check_every=7)
    r = s.result()
    assert len(r.scores) == 2 and sorted(r.ranks) == [1, 2]
    assert list(r.scores) == [len(c) for c in s.coins]
    # replay: the same seed and actions give the same state byte for byte
    again = GAME.new_state(2, seed)
    for p, a in actions:
        again.apply(p, a)
    assert again.to_json_text() == s.to_json_text()


def test_random_play_reaches_every_phase() -> None:
    """A bot that harvests only big fields, so that Make-up fields grow and steals happen."""
    seen: Counter[str] = Counter()
    for seed in range(30):
        s = GAME.new_state(2, seed)
        rng = Rng(seed)
        while not s.is_terminal():
            (p,) = s.actors()
            legal = s.legal_actions(p)
            calm = [a for a in legal if "harvest" not in a or len(s.fields[p][a["harvest"]]) >= 5]
            a = rng.choice(calm or legal)
            for e in s.apply(p, a):
                seen[e.type] += 1
            seen[s.phase] += 1
    for kind in ("swap", "makeup", "third_field", "buy_field", "steal", "leftover", "rotate"):
        assert seen[kind], (kind, seen)
