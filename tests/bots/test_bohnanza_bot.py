"""Bohnanza's trader and notrade bots: legal play from the view alone, sensible answers in
constructed positions, trades between traders, and results against random and each other."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from bot_guard import ViewOnly, guarded_decision

import spieltisch
from spieltisch.arena.simulate import simulate
from spieltisch.bots import Bot, Decision, RandomBot, make_bot, strongest_bot
from spieltisch.bots.scheduler import play_game
from spieltisch.core import Action, Rng
from spieltisch.games.bohnanza import bots as bohnanza_bots
from spieltisch.games.bohnanza.rules import BohnanzaState

OPTIONS = {"trade_seconds": 10.0}
GAME = spieltisch.load_game("bohnanza", **OPTIONS)


def listed_or_offer(decision: Decision, action: Action | None) -> bool:
    # a whole offer is validated by the engine when it is applied; all else is listed
    return action is None or action in decision.legal or set(action) == {"offer"}


def accepted(played: Any) -> int:
    return sum(1 for _, a in played.record.actions if "accept" in a)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_only_legal_actions_from_the_view(players: int) -> None:
    specs = ["trader", "notrade", "random", "trader", "notrade"][:players]
    bots = [ViewOnly(make_bot(s, GAME), listed_or_offer) for s in specs]
    played = play_game(GAME, bots, seed=100 + players)
    assert played.state.is_terminal()
    assert all(b.actions > 0 for b in bots)


# -- constructed positions -----------------------------------------------------------------


def position(
    players: int = 4,
    active: int = 0,
    phase: str = "trade",
    hands: dict[int, list[str]] | None = None,
    fields: dict[int, list[list[str]]] | None = None,
    offer_area: list[str] | None = None,
    offers: list[dict[str, Any]] | None = None,
    planted: int = 1,
) -> BohnanzaState:
    """A position with the named cards in place; every other card in the stock."""
    free: dict[str, list[int]] = {}
    for card, kind in enumerate(GAME.deck.kinds):
        free.setdefault(kind.variety, []).append(card)

    def take(names: list[str]) -> list[int]:
        return [free[v].pop() for v in names]

    hands = hands or {}
    fields = fields or {}
    hand_ids = [take(hands.get(p, [])) for p in range(players)]
    field_ids = [[take(f) for f in fields.get(p, [[], []])] for p in range(players)]
    area = take(offer_area or [])
    stock = [c for cards in free.values() for c in cards]
    data = {
        "game": "bohnanza",
        "players": players,
        "phase": phase,
        "active": active,
        "first_player": 0,
        "planted": planted,
        "hands": hand_ids,
        "fields": field_ids,
        "third_field": [len(field_ids[p]) > 2 for p in range(players)],
        "coins": [[] for _ in range(players)],
        "stock": stock,
        "discard": [],
        "offer_area": area,
        "to_plant": [[] for _ in range(players)],
        "offers": offers or [],
        "next_offer": 1 + len(offers or []),
    }
    return BohnanzaState.from_position(GAME, data)


def decide(state: BohnanzaState, player: int, bot: str = "trader") -> Action | None:
    return make_bot(bot, GAME).act(guarded_decision(state, player, Rng(5)))


def offer(sender: int, to: int, give: list[tuple[str, str]], want: list[tuple[str, str]]) -> dict:
    def items(pairs: list[tuple[str, str]]) -> list[dict[str, Any]]:
        return [{"variety": v, "count": k, "from": s} for (v, s), k in Counter(pairs).items()]

    return {"id": 1, "from": sender, "to": to, "give": items(give), "want": items(want)}


GROWING = [["blue"] * 5, ["wax"] * 3]  # two fields on their way to the next coin


def test_it_accepts_a_good_offer_and_declines_a_bad_one() -> None:
    hands = {0: ["coffee", "soy"], 1: ["wax", "chili", "blue", "green"]}
    good = position(
        hands=hands,
        fields={1: GROWING},
        offer_area=["blue", "coffee"],
        offers=[offer(0, 1, [("blue", "offer")], [])],  # a blue for its blue field, for nothing
    )
    assert decide(good, 1) == {"accept": 1}
    bad = position(
        hands=hands,
        fields={1: GROWING},
        offer_area=["blue", "coffee"],
        # a coffee that fits neither field (a young field would have to go) for a blue it needs
        offers=[offer(0, 1, [("coffee", "offer")], [("blue", "hand")])],
    )
    assert decide(bad, 1) == {"decline": 1}
    assert decide(bad, 1, "notrade") == {"decline": 1}
    assert decide(good, 1, "notrade") == {"decline": 1}


def test_it_gives_away_a_card_that_fits_none_of_its_fields() -> None:
    state = position(
        hands={0: ["wax", "blue", "wax"], 2: ["soy", "soy"]},
        fields={0: GROWING, 2: [["red"] * 2, []]},
        offer_area=["red", "blue"],
    )
    action = decide(state, 0)
    assert action is not None and "offer" in action, action
    sent = action["offer"]
    assert sent["to"] == 2
    assert {"variety": "red", "count": 1, "from": "offer"} in sent["give"]
    assert not any(it["variety"] == "blue" for it in sent["give"])
    state.apply(0, action)  # the engine takes it
    assert decide(state, 0, "notrade") == {"end": "trading"}


def test_it_harvests_the_field_at_a_tier_not_the_young_one() -> None:
    # its front card fits neither field: harvest coffee (4 beans, 1 coin), not wax (2 beans)
    state = position(
        phase="plant",
        planted=0,
        hands={0: ["blue", "soy", "soy"]},
        fields={0: [["coffee"] * 4, ["wax"] * 2]},
    )
    assert state.legal_actions(0) == [{"harvest": 0}, {"harvest": 1}]
    for bot in ("trader", "notrade"):
        assert decide(state, 0, bot) == {"harvest": 0}


def test_it_harvests_a_finished_field_and_never_a_pointless_one() -> None:
    # red pays 4 coins at 5 beans, its last tier: harvest it before it blocks anything
    state = position(
        active=1,
        phase="plant",
        hands={0: ["soy"], 1: ["coffee"]},
        fields={0: [["red"] * 5, ["wax"] * 2]},
    )
    assert decide(state, 0) == {"harvest": 0}
    # a young field pays nothing: leave it
    young = position(
        active=1, phase="plant", hands={0: ["soy"]}, fields={0: [["wax"] * 2, ["blue"] * 3]}
    )
    assert decide(young, 0) is None
    assert decide(young, 0, "notrade") is None


# -- whole games ----------------------------------------------------------------------------


def test_traders_trade_in_most_games() -> None:
    with_trades = 0
    for seed in range(6):
        bots = [make_bot("trader", GAME) for _ in range(4)]
        with_trades += accepted(play_game(GAME, bots, seed)) > 0
    assert with_trades >= 5


def test_what_the_trader_keeps_between_decisions_is_what_it_would_work_out_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The trader keeps what its cards were worth (``_kept``, keyed by ``gain_inputs``) from
    one decision to the next: at every decision of whole games of traders, what it kept is
    what the valuation gives worked out afresh (a key missing an input would differ)."""
    kept = bohnanza_bots.TraderBot._kept
    reused = 0

    def checked(self: Any, c: Any, key: Any, value: Any) -> Any:
        nonlocal reused
        reused += (*key, c.gain_inputs()) in c._kept_values
        got = kept(self, c, key, value)
        assert got == value(), key
        return got

    monkeypatch.setattr(bohnanza_bots.TraderBot, "_kept", checked)
    for players in (3, 4):
        bots = [make_bot("trader", GAME) for _ in range(players)]
        assert accepted(play_game(GAME, bots, seed=600 + players)) > 0
    assert reused > 100  # it was asked again, not only once per value


def test_trader_beats_random_clearly() -> None:
    # measured: the traders win every one of these games, with ~9 coins a seat against ~0.2
    summary = simulate(
        "bohnanza", 10, players=4, seed=300, bot_specs=["trader", "random"], options=OPTIONS
    )
    assert summary.errors == 0 and summary.games == 10
    trader_seats, random_seats = summary.seats[0::2], summary.seats[1::2]
    wins = sum(s.wins + s.draws for s in trader_seats)
    assert wins >= 9
    assert sum(s.score_sum for s in trader_seats) > 4 * sum(s.score_sum for s in random_seats)


def test_trader_scores_at_least_as_well_as_notrade() -> None:
    summary = simulate(
        "bohnanza", 12, players=4, seed=400, bot_specs=["trader", "notrade"], options=OPTIONS
    )
    assert summary.errors == 0
    trader = sum(s.score_sum for s in summary.seats[0::2])
    notrade = sum(s.score_sum for s in summary.seats[1::2])
    assert trader >= notrade


def test_the_registry_knows_them() -> None:
    assert strongest_bot(GAME) == "trader"
    assert set(bohnanza_bots.BOTS) == {"trader", "notrade"}
    bot = make_bot("trader:alpha=0.5", GAME)
    assert isinstance(bot, bohnanza_bots.TraderBot) and bot.alpha == 0.5
    assert isinstance(make_bot("notrade", GAME), bohnanza_bots.NoTradeBot)
    assert not isinstance(make_bot("random", GAME), bohnanza_bots.TraderBot)
    assert isinstance(RandomBot(), Bot)
