"""Phase 1½, the Rasselbande (rules/mutterboehnchen.md, "Sheet 000 on top"): every attack case
of the sheet, each on a position."""

from __future__ import annotations

from mutterboehnchen_positions import act, fields_of, load, names
from position_checks import events_of, legal

EMPTY = {3: [[], [], []], 4: [[], []], 5: [[], []], 6: [[], []]}


def start(players: int, mine, others=None, coins=None, **kw):
    """Player 0 has planted one card and ends phase 1 now: the Rasselbande begins."""
    others = others or [EMPTY[players]] * (players - 1)
    s = load(
        players,
        phase="plant",
        planted=1,
        hands=[["soy"]] + [[] for _ in range(players - 1)],
        fields=[mine, *others],
        coins=coins or [0] * players,
        rest="discard",
        stock_top=["green"] * 10,
        **kw,
    )
    events = act(s, 0, {"end": "planting"})
    return s, events


def attacks(s) -> list[tuple[int, int]]:
    return sorted((a["attack"], a["field"]) for a in legal(s, 0) if "attack" in a)


def test_no_baby_on_top_no_attack() -> None:
    s, _ = start(4, [["blue", "blue-baby", "blue"], []])
    assert s.phase == "trade"


def test_a_single_attack_draws_one_taler_that_fits_and_plants_it_at_once() -> None:
    s, events = start(4, [["blue", "blue-baby"], ["chili", "chili"]],
                      coins=[0, ["chili"], ["red"], 0])  # fmt: skip
    assert s.phase == "attack" and events_of(events, "rasselbande")
    assert attacks(s) == [(1, 0), (2, 0), (3, 0)]
    assert {"end": "attacks"} in legal(s, 0)
    act(s, 0, {"attack": 1, "field": 0})
    assert s.phase == "trade", "the defender had nothing to harvest; the Chili fit"
    assert fields_of(s, 0) == [["blue", "blue-baby"], ["chili", "chili", "chili"]]
    assert s.coins[1] == []


def test_the_drawn_talers_are_turned_up_for_everyone() -> None:
    s, _ = start(4, [["blue", "blue-baby"], []], coins=[0, ["red"], 0, 0])
    events = act(s, 0, {"attack": 1, "field": 0})
    (drawn,) = events_of(events, "attack_draw")
    assert drawn.visible_to is None and drawn.data["cards"] == ["red"]
    assert events_of(events, "give_back")[0].data["count"] == 1
    assert names(s.coins[1]) == ["red"], "what does not fit goes back"


def test_an_empty_field_is_no_existing_field() -> None:
    s, _ = start(4, [["blue", "blue-baby"], []], coins=[0, ["soy"], 0, 0])
    act(s, 0, {"attack": 1, "field": 0})
    assert names(s.coins[1]) == ["soy"] and fields_of(s, 0)[1] == []


def test_a_two_rattle_baby_draws_two_from_the_same_player_and_keeps_at_most_one() -> None:
    s, _ = start(4, [["blue", "blue-baby2"], ["chili"]], coins=[0, ["blue", "chili"], 0, 0])
    act(s, 0, {"attack": 1, "field": 0})
    assert s.phase == "keep" and s.actors() == {0}
    options = legal(s, 0)
    assert len(options) == 2 and {o["field"] for o in options} == {0, 1}
    assert all("keep" in o for o in options), "he must keep one, and may not harvest first"
    blue = next(o for o in options if o["field"] == 0)
    act(s, 0, blue)
    assert fields_of(s, 0) == [["blue", "blue-baby2", "blue"], ["chili"]]
    assert names(s.coins[1]) == ["chili"], "the other goes back"
    assert s.phase == "trade"


def test_the_attack_draws_all_when_the_defender_has_fewer() -> None:
    s, _ = start(4, [["blue", "blue-baby2"], []], coins=[0, ["blue"], 0, 0])
    events = act(s, 0, {"attack": 1, "field": 0})
    (drawn,) = events_of(events, "attack_draw")
    assert drawn.data["draws"] == 2 and drawn.data["cards"] == ["blue"]
    assert s.coins[1] == [] and len(s.fields[0][0]) == 3


def test_two_babys_attack_two_different_players() -> None:
    s, _ = start(4, [["blue-baby"], ["chili", "chili-baby"]])
    assert attacks(s) == [(q, f) for q in (1, 2, 3) for f in (0, 1)]
    act(s, 0, {"attack": 2, "field": 1})
    assert attacks(s) == [(1, 0), (3, 0)], "not the same player twice"
    act(s, 0, {"attack": 3, "field": 0})
    assert s.phase == "trade" and s.targets == [2, 3]


def test_three_players_with_babys_on_all_three_fields_one_opponent_twice() -> None:
    s, _ = start(3, [["blue-baby"], ["chili-baby"], ["soy-baby2"]])
    assert s.triple
    act(s, 0, {"attack": 1, "field": 0})
    assert {q for q, _ in attacks(s)} == {1, 2}
    act(s, 0, {"attack": 1, "field": 1})
    assert attacks(s) == [(2, 2)], "the other one once"
    s, _ = start(3, [["blue-baby"], ["chili-baby"], ["soy-baby2"]])
    act(s, 0, {"attack": 1, "field": 0})
    act(s, 0, {"attack": 2, "field": 1})
    assert attacks(s) == [(1, 2), (2, 2)]


def test_three_players_with_two_babys_attack_two_different_players() -> None:
    s, _ = start(3, [["blue-baby"], ["chili-baby"], ["soy"]])
    assert not s.triple
    act(s, 0, {"attack": 1, "field": 0})
    assert attacks(s) == [(2, 1)]


def test_a_baby_covered_by_the_first_attack_still_attacks_as_planned() -> None:
    s, _ = start(4, [["blue", "blue-baby"], ["chili-baby"]], coins=[0, ["blue"], 0, 0])
    act(s, 0, {"attack": 1, "field": 1})
    assert fields_of(s, 0)[0] == ["blue", "blue-baby", "blue"], "the Baby is covered"
    assert attacks(s) == [(2, 0), (3, 0)], "it still attacks"


def test_a_baby_that_comes_on_top_during_the_phase_makes_no_attack() -> None:
    s, _ = start(4, [["blue", "blue-baby", "blue"], ["chili-baby"]], coins=[0, ["blue-lady"], 0, 0])
    assert attacks(s) == [(1, 1), (2, 1), (3, 1)]
    act(s, 0, {"attack": 1, "field": 1})
    assert s.pull == {"player": 0, "field": 0, "options": [1]}, "the kept Lady may pull a Baby"
    act(s, 0, {"pull": 1})
    assert fields_of(s, 0)[0] == ["blue", "blue", "blue-lady", "blue-baby"]
    assert s.phase == "trade", "the Baby now on top makes no attack"


def test_the_pull_may_be_declined_to_keep_the_baby_on_top() -> None:
    s = load(4, hands=[["blue-baby", "soy"], [], [], []],
             fields=[[["blue", "blue-lady"], []], [[], []], [[], []], [[], []]])  # fmt: skip
    act(s, 0, {"plant": "front", "field": 0})
    assert s.pull == {"player": 0, "field": 0, "options": [1]}
    assert legal(s, 0) == [{"pull": 1}, {"pull": "none"}]
    act(s, 0, {"pull": "none"})
    act(s, 0, {"end": "planting"})
    assert attacks(s) == [(1, 0), (2, 0), (3, 0)]


def test_the_defender_may_harvest_first_and_his_harvest_can_be_drawn() -> None:
    s, _ = start(
        4,
        [["soy", "soy-baby"], []],
        others=[[["stink", "stink", "stink"], ["red"]], [[], []], [[], []]],
    )
    act(s, 0, {"attack": 1, "field": 0})
    assert s.phase == "defend" and s.actors() == {1}
    assert legal(s, 1) == [{"harvest": 0}, {"end": "defending"}], "normal harvest rules"
    act(s, 1, {"harvest": 0})
    assert names(s.coins[1]) == ["stink"]
    act(s, 1, {"end": "defending"})
    assert names(s.coins[1]) == ["stink"], "the Stink fits no field of the attacker: back"


def test_the_attacker_may_skip_the_rasselbande() -> None:
    s, _ = start(4, [["blue-baby"], []], coins=[0, ["blue"], 0, 0])
    act(s, 0, {"end": "attacks"})
    assert s.phase == "trade" and names(s.coins[1]) == ["blue"]


def test_a_wuehler_anywhere_in_the_attackers_fields_draws_one_more() -> None:
    s, _ = start(4, [["blue", "blue-baby"], ["garden", "wuehler", "garden"]],
                 coins=[0, ["red", "soy", "stink"], 0, 0])  # fmt: skip
    events = act(s, 0, {"attack": 1, "field": 0})
    (drawn,) = events_of(events, "attack_draw")
    assert drawn.data["draws"] == 2 and len(s.coins[1]) == 3, "drawn, none fit, all back"
    assert s.stats()["fired_wuehler"] == 1
