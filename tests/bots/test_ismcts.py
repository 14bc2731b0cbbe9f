"""The ISMCTS bot: legal moves in every game, from its view alone, the same move for the same
seed, a won position found in Kalah, and specs checked."""

from __future__ import annotations

from typing import Any

import pytest
from bot_guard import ResampleOnly, guarded_decision

from spieltisch.bots import make_bot
from spieltisch.bots.base import Decision, RandomBot
from spieltisch.bots.ismcts import (
    SWEEP_KEEP,
    SWEEP_SPREAD,
    ISMCTSBot,
    _bonferroni,
    _in_question,
    mean_se,
    win_values,
)
from spieltisch.bots.scheduler import next_action, play_game
from spieltisch.core import REFEREE, Action, IllegalAction, OptionError, Rng, State
from spieltisch.games.beans.cards import payout
from spieltisch.registry import GAMES, load_game

SMALL = "ismcts:iters=6:depth=25"  # a few short iterations: what is tested is legality


def advance(state: State, steps: int, seed: int) -> State:
    """``steps`` actions of random play, as the simulator takes them."""
    bots = [RandomBot() for _ in range(state.num_players)]
    rngs = [Rng(seed * 31 + p) for p in range(state.num_players)]
    for _ in range(steps):
        if state.is_terminal():
            break
        player, action, _ = next_action(state, bots, rngs)
        state.apply(player, action)
    return state


def allowed(state: State, player: int, action: Any) -> bool:
    """Listed, or a parametric action (a trade offer) the rules accept."""
    if action is None or action in state.legal_actions(player):
        return True
    try:
        state.clone().apply(player, action)
    except IllegalAction:
        return False
    return True


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_it_plays_only_legal_moves_from_the_resampled_state(game_id: str) -> None:
    game = load_game(game_id)
    searched = 0
    for seed, steps in ((1, 0), (2, 12), (3, 40), (4, 90)):
        state = advance(game.new_state(None, seed), steps, seed)
        if state.is_terminal():
            continue
        for player in sorted(state.actors() - {REFEREE}):
            if not state.legal_actions(player):
                continue
            bot = make_bot(SMALL, game)
            assert isinstance(bot, ISMCTSBot)
            guard = ResampleOnly(state)  # anything but resample() fails the test
            before = state.to_json_text()
            action = bot.act(guarded_decision(state, player, Rng(seed), guard))
            assert state.to_json_text() == before, "the search changed the real state"
            assert allowed(state, player, action), (game_id, seed, player, action)
            searched += bot.info.searched
    assert searched, f"{game_id}: no position was searched"


@pytest.mark.parametrize(
    "spec",
    [
        "ismcts:iters=4:depth=20:rollout=heuristic",
        "ismcts:iters=4:depth=20:opponents=policy",
        "ismcts:time=0.02:depth=20:c=0.5",
        "ismcts:iters=3:depth=20:rollout=heuristic:sweep=1",
    ],
)
@pytest.mark.parametrize("game_id", ["bohnanza", "maumau", "mancala"])
def test_its_variants_play_legal_moves(game_id: str, spec: str) -> None:
    game = load_game(game_id)
    for seed, steps in ((5, 20), (6, 60)):
        state = advance(game.new_state(None, seed), steps, seed)
        for player in sorted(state.actors() - {REFEREE}):
            bot = make_bot(spec, game)
            before = state.to_json_text()
            action = bot.act(guarded_decision(state, player, Rng(seed), ResampleOnly(state)))
            assert allowed(state, player, action), (game_id, spec, player, action)
            assert state.to_json_text() == before
            if bot.info.searched and "time" in spec:
                assert bot.info.iterations >= 1


def test_opponents_are_modelled_by_the_games_own_bot_inside_the_tree() -> None:
    """``opponents=model``: inside the tree the other seats' turn decisions are the game's own
    bot's (asked on its view of the determinization), so only the searcher's decisions branch;
    the move is legal and the search reproducible. A game whose own bot is a search has no
    such model."""
    from spieltisch.bots import Decision

    game = load_game("bibermania")
    tried = 0
    for seed in range(20):
        state = advance(game.new_state(3, seed), 5, seed)
        # a decision of a few choices: the tree fills its first level and goes down it
        choosing = [p for p in sorted(state.waiting_for()) if 1 < len(state.legal_actions(p)) < 8]
        if not choosing:
            continue
        player = choosing[0]
        bot = make_bot("ismcts:iters=60:opponents=model", game)
        asked: list[int] = []
        branched: set[int] = set()

        def counted(make: Any = bot._model, asked: list[int] = asked) -> Any:
            model = make()
            act = model.act
            model.act = lambda d: asked.append(d.player) or act(d)  # type: ignore[method-assign]
            return model

        def seen(node: Any, who: int, *args: Any, select: Any = bot._select, **kw: Any) -> Any:
            branched.add(who)  # noqa: B023 (called within this loop's iteration only)
            return select(node, who, *args, **kw)

        bot._model, bot._select = counted, seen  # type: ignore[method-assign]
        move = bot.act(guarded_decision(state, player, Rng(seed), ResampleOnly(state)))
        assert allowed(state, player, move) and bot.info.searched
        assert branched == {player}  # no other seat's decision branches
        assert asked and player not in asked  # the others were asked, the searcher never
        again = make_bot("ismcts:iters=60:opponents=model", game)
        assert again.act(Decision.at(state, player, Rng(seed))) == move
        tried += 1
        if tried == 3:
            break
    assert tried == 3
    with pytest.raises(OptionError, match="opponents=model plays the others by the game's own"):
        make_bot("ismcts:opponents=model", load_game("mancala"))


@pytest.mark.parametrize("game_id", ["bohnanza", "maumau", "ladybohn"])
def test_modelled_opponents_play_legal_moves(game_id: str) -> None:
    game = load_game(game_id)
    for seed, steps in ((5, 20), (6, 60)):
        state = advance(game.new_state(None, seed), steps, seed)
        for player in sorted(state.actors() - {REFEREE}):
            bot = make_bot("ismcts:iters=4:opponents=model", game)
            before = state.to_json_text()
            action = bot.act(guarded_decision(state, player, Rng(seed), ResampleOnly(state)))
            assert allowed(state, player, action), (game_id, player, action)
            assert state.to_json_text() == before


@pytest.mark.parametrize("game_id", ["kalah", "bibermania", "maumau"])
def test_whole_games_with_it_end_and_stay_legal(game_id: str) -> None:
    game = load_game(game_id)
    players = game.default_players
    bots = [make_bot("ismcts:iters=4:depth=15", game)] + [
        make_bot("random", game) for _ in range(players - 1)
    ]
    played = play_game(game, bots, seed=7)  # the engine validates every action
    assert played.state.is_terminal()


def test_the_same_seed_gives_the_same_move_and_the_same_search() -> None:
    game = load_game("bibermania")
    state = advance(game.new_state(3, 5), 6, 5)
    player = next(p for p in sorted(state.waiting_for()) if len(state.legal_actions(p)) > 1)
    runs = []
    for _ in range(2):
        bot = make_bot("ismcts:iters=40", game)
        move = bot.act(guarded_decision(state, player, Rng(11), ResampleOnly(state)))
        runs.append((move, bot.info.visits, bot.info.iterations))
    assert runs[0] == runs[1]
    assert runs[0][2] == 40


def test_a_whole_game_replays_from_its_seed() -> None:
    game = load_game("bibermania")
    records = []
    for _ in range(2):
        bots = [make_bot("ismcts:iters=5", game), make_bot("heuristic", game)]
        records.append(play_game(game, bots, seed=4).record.actions)
    assert records[0] == records[1]


# -- it sees only its view: hidden cards moved about change nothing ------------------------------


def turn_position(game_id: str, players: int, seed: int) -> tuple[State, int]:
    """A position where one player must decide among several moves (as a search counts them:
    a bean game's draft steps are none)."""
    game = load_game(game_id)
    moves = make_bot("ismcts", game)._moves
    for steps in range(0, 200, 3):
        state = advance(game.new_state(players, seed), steps, seed)
        if state.is_terminal():
            break
        waiting = sorted(state.waiting_for())
        if len(waiting) == 1 and len(moves(state.legal_actions(waiting[0]))) > 2:
            return state, waiting[0]
    raise AssertionError(f"{game_id}: no turn decision found")


def with_hidden_swap(state: State, player: int, swap: Any) -> State:
    data = state.to_json()
    swap(data, player)
    other = state.game.from_json(data)
    assert other.to_json_text() != state.to_json_text()
    assert other.view(player) == state.view(player)  # what the player sees is the same
    return other


def first_difference(a: list[str], b: list[str]) -> tuple[int, int]:
    """Indices of two different cards, one of ``a`` and one of ``b``."""
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            if x != y:
                return i, j
    raise AssertionError("no two different cards")


def swap_maumau(data: dict[str, Any], player: int) -> None:
    """A card of the next player's hand changes places with one of the stock."""
    hand = data["hands"][(player + 1) % data["players"]]
    i, j = first_difference(hand, data["stock"])
    hand[i], data["stock"][j] = data["stock"][j], hand[i]
    hand.sort()


def swap_bibermania(data: dict[str, Any], player: int) -> None:
    """An unseen card of an opponent's hand changes places with one of the stock."""
    opp = (player + 1) % data["players"]
    hand = data["hands"][opp]
    unseen = [c for c in hand if c not in data["known"][opp]]
    i, j = first_difference(unseen, data["stock"])
    k = hand.index(unseen[i])
    hand[k], data["stock"][j] = data["stock"][j], hand[k]


def swap_beans(data: dict[str, Any], player: int) -> None:
    """An unseen card of the next player's hand changes places with one of the stock (in the
    2-player Ladybohn the front of a hand that a swap showed stays)."""
    opp = (player + 1) % data["players"]
    hand = data["hands"][opp]
    shown = data.get("shown", [0] * data["players"])[opp]
    i, j = first_difference(hand[shown:], data["stock"])
    hand[shown + i], data["stock"][j] = data["stock"][j], hand[shown + i]


@pytest.mark.parametrize(
    ("game_id", "players", "swap"),
    [
        ("maumau", 3, swap_maumau),
        ("bibermania", 2, swap_bibermania),
        # the bean games' resample deals the unseen cards from a canonical order: where they
        # really lie must not reach the search (a shuffle of the true order would carry it)
        ("bohnanza", 3, swap_beans),
        ("ladybohn", 3, swap_beans),
        ("ladybohn", 2, swap_beans),
        ("mutterboehnchen", 3, swap_beans),
    ],
)
@pytest.mark.parametrize("spec", ["ismcts:iters=30:depth=40", "ismcts:iters=4:depth=30:sweep=1"])
def test_hidden_cards_do_not_change_its_move(
    game_id: str, players: int, swap: Any, spec: str
) -> None:
    game = load_game(game_id)
    for seed in (3, 8):
        state, player = turn_position(game_id, players, seed)
        other = with_hidden_swap(state, player, swap)
        # the determinization itself depends only on what the player has seen
        assert (
            state.resample(player, Rng(7)).to_json_text()
            == other.resample(player, Rng(7)).to_json_text()
        )
        moves = []
        for s in (state, other):
            bot = make_bot(spec, game)
            moves.append(
                (bot.act(guarded_decision(s, player, Rng(2), ResampleOnly(s))), bot.info.visits)
            )
            assert bot.info.searched
        assert moves[0] == moves[1]


# -- it finds what matters -------------------------------------------------------------------------


def test_it_takes_the_capture_that_wins_kalah() -> None:
    """Pit 0's one bean lands in the empty pit 1 and captures the 15 beans opposite: 26 of 48
    beans in the store win the game. Random play finds it one time in five."""
    game = load_game("kalah")
    data = game.new_state(2, 0).to_json()
    data.update(pits=[1, 0, 2, 2, 2, 2, 1, 1, 1, 1, 15, 0], stores=[10, 10])
    state = game.from_json(data)
    assert len(state.legal_actions(0)) == 5
    for seed in range(3):
        bot = make_bot("ismcts:iters=150", game)
        move = bot.act(guarded_decision(state, 0, Rng(seed), ResampleOnly(state)))
        assert move == {"pit": 0, "direction": "ccw"}


def test_it_beats_random_at_kalah() -> None:
    game = load_game("kalah")
    wins = 0
    for seed in range(4):
        bots = [make_bot("ismcts:iters=60", game), make_bot("random", game)]
        if seed % 2:
            bots.reverse()
        result = play_game(game, bots, seed).state.result()
        wins += result.ranks[seed % 2] == 1
    assert wins >= 3


# -- specs --------------------------------------------------------------------------------------


def test_it_is_offered_for_every_game() -> None:
    for game_id in GAMES:
        assert isinstance(make_bot("ismcts:iters=3", load_game(game_id)), ISMCTSBot)


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("ismcts:iters=0", "iters is a whole number"),
        ("ismcts:iters=1.5", "iters is a whole number"),
        ("ismcts:time=-1", "time is a positive number"),
        ("ismcts:c=x", "c is a number"),
        ("ismcts:rollout=smart", "rollout is one of random, heuristic"),
        ("ismcts:opponents=none", "opponents is one of tree, policy, model"),
        ("ismcts:depth=-3", "depth is a whole number"),
        ("ismcts:prior=-1", "prior is a number of at least 0"),
        ("ismcts:sweep=2", "sweep is 0 or 1"),
        ("ismcts:z=-1", "z is a number of at least 0"),
        ("ismcts:goal=second", "goal is one of rank, win"),
        ("ismcts:offers=-1", "offers is a whole number of at least 0"),
        ("ismcts:race=-1", "race is a whole number of deals"),
        ("ismcts:value=coins", "value is one of game, policy"),
        ("ismcts:race=40", "takes sweep=1, a number of iters"),
        ("ismcts:sweep=1:time=1:race=40", "takes sweep=1, a number of iters"),
        ("ismcts:sweep=1:iters=40:race=40", "and N above them"),
        ("ismcts:offers=1.5", "offers is a whole number of at least 0"),
        ("ismcts:sweep=1:opponents=model", "opponents and prior do not apply"),
        ("ismcts:sweep=1:prior=2", "opponents and prior do not apply"),
        ("ismcts:speed=3", "takes iters, time, c, rollout, depth, opponents, profile, prior"),
    ],
)
def test_a_bad_spec_is_refused_with_what_it_takes(spec: str, words: str) -> None:
    with pytest.raises(OptionError, match=words):
        make_bot(spec, load_game("bibermania"))


def test_a_profile_goes_to_the_games_own_reactions() -> None:
    make_bot("ismcts:fast", load_game("maumau"))  # Mau-Mau's bots take reaction profiles
    with pytest.raises(OptionError, match="takes no profile"):
        make_bot("ismcts:fast", load_game("bibermania"))


def test_a_strong_prior_keeps_the_games_own_move_and_none_leaves_the_search_free() -> None:
    """``prior``: the game's own bot's choice at the root gets ``prior / (visits + 1)`` on top
    of its UCT score. Overwhelming, it keeps that choice; the search still ran."""
    from spieltisch.bots import Decision

    game = load_game("bibermania")
    moved_off = 0
    for seed in range(6):
        state = advance(game.new_state(2, seed), 4, seed)
        (player,) = state.waiting_for()
        own = make_bot("heuristic", game).act(Decision.at(state, player, Rng(seed)))
        held = make_bot("ismcts:iters=60:prior=1000", game)
        assert held.act(Decision.at(state, player, Rng(seed))) == own
        assert held.info.searched and held.info.iterations == 60
        free = make_bot("ismcts:iters=60", game)
        moved_off += free.act(Decision.at(state, player, Rng(seed))) != own
    assert moved_off > 0  # without the prior the search does leave the game's move
    # mancala's own bot is a search: random stands in for it, and no prior leans towards that
    with pytest.raises(OptionError, match="no prior here"):
        make_bot("ismcts:prior=2", load_game("mancala"))


def test_a_sweep_finds_the_capture_that_wins_kalah_and_otherwise_keeps_the_policy_s_move() -> None:
    """``sweep=1`` plays every candidate on the same deals and leaves the policy's own move
    only on evidence: the capture that wins (26 of 48 beans in the store) wins in every
    rollout, so its gain over any other move is certain; with ``z`` past any evidence the
    policy's move stays, and a move found below the policy's gets no more deals after
    ``SWEEP_KEEP``. (Kalah's own bot is a search, so random is the policy here.)"""
    game = load_game("kalah")
    data = game.new_state(2, 0).to_json()
    data.update(pits=[1, 0, 2, 2, 2, 2, 1, 1, 1, 1, 15, 0], stores=[10, 10])
    state = game.from_json(data)
    capture = {"pit": 0, "direction": "ccw"}
    held = dropped = 0
    for seed in range(8):
        bot = make_bot("ismcts:iters=40:sweep=1", game)
        assert bot.act(guarded_decision(state, 0, Rng(seed), ResampleOnly(state))) == capture
        assert bot.info.searched and bot.info.iterations == 40
        own = RandomBot().act(Decision.at(state, 0, Rng(seed)))
        visits = bot.info.visits
        assert visits[str(Action(capture))] == 40  # the policy's move and the winner: every deal
        assert min(visits.values()) >= SWEEP_KEEP  # none dropped before SWEEP_KEEP deals
        if own == capture:
            # every other move loses to it somewhere: those found below it get no more deals
            dropped += max(visits.values()) > min(visits.values())
        stiff = make_bot("ismcts:iters=40:sweep=1:z=1000", game)
        assert stiff.act(Decision.at(state, 0, Rng(seed))) == own
        held += own != capture
    assert held  # the policy's own move was another, and it stayed
    assert dropped  # and where the policy's move was the capture, the worse ones were dropped


def test_paired_gains_weigh_one_move_against_another_on_common_deals() -> None:
    """``paired_gains``: Kalah's capture that wins (26 of 48 beans) does at least as well as
    every other move on every deal and better on some (random play after another move may
    still win), a move against itself gains nothing on any, the same seed gives the same
    gains, another seed other deals, and the decision's position is left as it was."""
    game = load_game("kalah")
    data = game.new_state(2, 0).to_json()
    data.update(pits=[1, 0, 2, 2, 2, 2, 1, 1, 1, 1, 15, 0], stores=[10, 10])
    state = game.from_json(data)
    before = state.to_json()
    capture = Action({"pit": 0, "direction": "ccw"})
    bot = make_bot("ismcts:sweep=1", game)
    assert isinstance(bot, ISMCTSBot)
    decision = Decision.at(state, 0, Rng(3))
    others = [a for a in decision.legal if a != capture]
    assert others
    for other in others:
        gains = bot.paired_gains(decision, capture, other, 12, seed=5)
        assert len(gains) == 12 and min(gains) >= 0 and max(gains) > 0
        assert bot.paired_gains(decision, capture, other, 12, seed=5) == gains
    assert bot.paired_gains(decision, others[0], others[0], 10, seed=1) == [0.0] * 10
    random_play = [bot.paired_gains(decision, others[0], capture, 6, seed=s) for s in range(2)]
    assert all(g <= 0 for gains in random_play for g in gains)
    assert any(g < 0 for gains in random_play for g in gains)
    assert state.to_json() == before


def test_paired_gains_use_the_game_s_cut_for_the_table() -> None:
    """At a bean table the cut follows the number of players (``search_depth``): a deal's
    rollouts stop where the game says, and a move the deal does not allow gives no pair."""
    game = load_game("bohnanza")
    state, player = turn_position("bohnanza", 4, 6)
    bot = make_bot("ismcts:rollout=heuristic:sweep=1", game)
    assert isinstance(bot, ISMCTSBot)
    decision = Decision.at(state, player, Rng(2))
    own = bot.reactor.act(decision)
    gains = bot.paired_gains(decision, own, own, 3, seed=4)
    assert gains == [0.0] * 3
    module_cut = bot._depth_for
    assert module_cut is not None and bot._cut_at == module_cut(4, "heuristic")
    illegal = Action({"plant": 99})
    assert bot.paired_gains(decision, illegal, own, 3, seed=4) == []


def recorded_sweep(bot: ISMCTSBot) -> list[tuple[Any, Any, list[int]]]:
    """Every play-out of ``bot``'s next sweep: (the deal, the action, the policies' seeds). The
    deals are kept, so no two of them share an id."""
    calls: list[tuple[Any, Any, list[int]]] = []
    play_out = bot._play_out

    def record(deal: State, me: int, action: Any, seeds: list[int]) -> float | None:
        calls.append((deal, action, list(seeds)))
        return play_out(deal, me, action, seeds)

    bot._play_out = record  # type: ignore[method-assign]
    return calls


@pytest.mark.parametrize(("game_id", "players"), [("ladybohn", 2), ("bohnanza", 3), ("maumau", 3)])
def test_a_sweep_plays_every_candidate_once_on_each_deal_with_the_same_seeds(
    game_id: str, players: int
) -> None:
    """Common random numbers: within an iteration every candidate is played on the same deal
    with the same seeds for the policies, the policy's own move first (the baseline), each
    candidate once, even where the game's bot hands back its move as an equal copy of the
    listed action."""
    game = load_game(game_id)
    state, player = turn_position(game_id, players, 5)
    bot = make_bot("ismcts:iters=5:depth=20:sweep=1:rollout=heuristic", game)
    assert isinstance(bot, ISMCTSBot)
    own = bot.reactor.act
    bot.reactor.act = lambda d: None if (a := own(d)) is None else Action(dict(a))  # type: ignore[method-assign]
    calls = recorded_sweep(bot)
    bot.act(Decision.at(state, player, Rng(4)))
    assert bot.info.searched and bot.info.iterations == 5
    deals: dict[int, list[tuple[Any, list[int]]]] = {}
    for deal, action, seeds in calls:
        deals.setdefault(id(deal), []).append((action, seeds))
    assert len(deals) == 5
    planned = own(Decision.at(state, player, Rng(4)))
    for played in deals.values():
        assert played[0][0] == planned  # the baseline first
        assert all(seeds == played[0][1] for _, seeds in played)
        actions = [a for a, _ in played]
        assert all(actions.count(a) == 1 for a in actions), "a candidate played twice"


def test_a_sweep_reads_the_clock_after_every_rollout() -> None:
    """``time``: the sweep stops at the first rollout past its budget, in the middle of a
    deal; a candidate with fewer than SWEEP_KEEP pairs cannot replace the policy's move."""
    game = load_game("bohnanza")
    state, player = turn_position("bohnanza", 4, 6)
    bot = make_bot("ismcts:time=0.000001:sweep=1:rollout=heuristic:depth=20", game)
    assert isinstance(bot, ISMCTSBot)
    calls = recorded_sweep(bot)
    move = bot.act(Decision.at(state, player, Rng(1)))
    assert len(calls) == 1  # the baseline, and the budget was spent
    assert move == calls[0][1]
    assert bot.info.iterations == 1


def test_a_sweep_needs_enough_pairs_and_a_bar_raised_for_many_candidates() -> None:
    """Too few deals decide nothing: with fewer than SWEEP_KEEP the policy's move stays, even
    where another wins every one (Kalah's capture). The bar: ``z`` shared among the
    candidates (Bonferroni), and gains that agree exactly over a few deals are not taken as
    certain (a least spread of SWEEP_SPREAD)."""
    game = load_game("kalah")
    data = game.new_state(2, 0).to_json()
    data.update(pits=[1, 0, 2, 2, 2, 2, 1, 1, 1, 1, 15, 0], stores=[10, 10])
    state = game.from_json(data)
    for seed in range(4):
        own = RandomBot().act(Decision.at(state, 0, Rng(seed)))
        bot = make_bot(f"ismcts:iters={SWEEP_KEEP - 1}:sweep=1", game)
        assert bot.act(Decision.at(state, 0, Rng(seed))) == own
    assert _bonferroni(2.0, 1) == 2.0
    assert 2.7 < _bonferroni(2.0, 8) < 2.8  # 0.0228 / 8 one-sided
    mean, se = mean_se([0.1, 0.1, 0.1, 0.1])
    assert mean == pytest.approx(0.1) and se == pytest.approx(SWEEP_SPREAD / 2)


def test_a_sweep_is_the_same_for_the_same_seed() -> None:
    game = load_game("ladybohn")
    state, player = turn_position("ladybohn", 2, 4)
    found = []
    for _ in range(2):
        bot = make_bot("ismcts:iters=5:sweep=1:rollout=heuristic", game)
        found.append((bot.act(Decision.at(state, player, Rng(9))), bot.info.visits))
    assert found[0] == found[1]


# -- a game's own cut-off -------------------------------------------------------------------------


def test_biber_mania_cuts_its_rollouts_and_scores_them_by_the_score_difference() -> None:
    """Biber-Mania gives the search an ``evaluate`` (its score, pile minus hand, ahead of the best
    other seat's) and a ``SEARCH_DEPTH``: ``ismcts`` cuts there unless told otherwise."""
    from spieltisch.games.bibermania import bots as biber

    game = load_game("bibermania")
    assert make_bot("ismcts", game).depth == biber.SEARCH_DEPTH == 20
    assert make_bot("ismcts:depth=7", game).depth == 7
    # an evaluate without a SEARCH_DEPTH (mancala's is alpha-beta's): the rollouts go to the end
    assert make_bot("ismcts", load_game("mancala")).depth is None
    state = advance(game.new_state(3, 5), 30, 5)
    assert not state.is_terminal()
    scores = [sum(map(len, state.piles[p])) - len(state.hands[p]) for p in range(3)]
    for p in range(3):
        assert biber.evaluate(state, p) == scores[p] - max(scores[:p] + scores[p + 1 :])
    # at the end the final scores count (several rounds with a target: the totals)
    while not state.is_terminal():
        state.apply(*next_action(state, [RandomBot()] * 3, [Rng(1)] * 3)[:2])
    final = list(state.result().scores)
    assert biber.evaluate(state, 0) == final[0] - max(final[1:])


BEAN_TABLES = [
    ("bohnanza", 3),
    ("ladybohn", 2),
    ("ladybohn", 3),
    ("mutterboehnchen", 2),
    ("mutterboehnchen", 4),
]


@pytest.mark.parametrize(("game_id", "players"), BEAN_TABLES)
def test_the_bean_games_cut_their_rollouts_and_score_the_coins_of_a_final_harvest_now(
    game_id: str, players: int
) -> None:
    """A bean game's search scores a cut rollout as if the game ended now: the game's own final
    harvest (on a clone), the seat's coins ahead of the best other's; the cut comes later at a
    trading table, where a turn takes far more actions. The position searched is left as it
    was; a finished game counts its own coins."""
    from spieltisch.games.beans.search import SEARCH_DEPTH, coins_now, search_depth

    game = load_game(game_id)
    module = __import__(f"spieltisch.games.{game_id}.bots", fromlist=["evaluate"])
    bot = make_bot("ismcts", game)
    assert bot.depth == SEARCH_DEPTH and module.search_depth is search_depth
    assert search_depth(2, "random") == SEARCH_DEPTH < search_depth(3, "random")
    assert search_depth(3, "random") < search_depth(4, "random")
    # among the games' own bots a turn is some 15 actions, among random players dozens: a
    # heuristic rollout is cut after a round and a turn of theirs, a random one after 2-3
    assert search_depth(2, "heuristic") == SEARCH_DEPTH
    assert [search_depth(n, "heuristic") for n in (3, 4, 5)] == [60, 75, 90]
    assert [search_depth(n, "random") for n in (3, 4, 5)] == [135, 180, 225]
    # the traders grow fields (random play harvests them at once): on to a position where a
    # harvest now pays something
    state = game.new_state(players, 3)
    traders = [make_bot("trader", game) for _ in range(players)]
    rngs = [Rng(p) for p in range(players)]
    while all(c == len(mine) for c, mine in zip(coins_now(state), state.coins, strict=True)):
        state.apply(*next_action(state, traders, rngs)[:2])
    assert not state.is_terminal()
    before = state.to_json()
    coins = coins_now(state)
    assert state.to_json() == before
    ended = state.clone()
    ended._final_harvest()
    assert coins == [len(c) for c in ended.coins]
    values = module.evaluate_all(state)
    for p in range(players):
        assert coins[p] >= len(state.coins[p])
        assert module.evaluate(state, p) == values[p] == coins[p] - max(coins[:p] + coins[p + 1 :])
    # a decision it searches (the one the game waits for, with a choice) is cut by the table
    searcher = make_bot("ismcts:iters=2", game)
    table = state.clone()
    while True:
        waited = [p for p in table.waiting_for() if len(table.legal_actions(p)) > 1]
        if waited:
            searcher.act(Decision.at(table, waited[0], Rng(1)))
            if searcher.info.searched:
                break
        table.apply(*next_action(table, traders, rngs)[:2])
    assert searcher._cut_at == search_depth(players, "random")
    # searched by the game's own bots, the rollouts are cut after their turns
    heuristic = make_bot("ismcts:iters=2:rollout=heuristic:sweep=1", game)
    heuristic.act(Decision.at(table, waited[0], Rng(1)))
    assert heuristic.info.searched
    assert heuristic._cut_at == search_depth(players, "heuristic")
    assert heuristic._cut_at < search_depth(players, "random") or players == 2
    while not state.is_terminal():
        state = advance(state, 500, 4)
    final = list(state.result().scores)
    assert module.evaluate(state, 0) == final[0] - max(final[1:])


@pytest.mark.parametrize("players", [2, 3])
def test_ladybohn_s_final_harvest_pays_the_make_up_coin_in_the_search_s_score(
    players: int,
) -> None:
    """Ladybohn: "The game ends at the end of the turn in which the stock runs out for the 3rd
    time. Then all fields are harvested at once", and 5 or more Make-up beans harvested give a
    coin (the 3rd field is worth nothing then). A plain harvest only opens the Make-up choice
    and pays nothing: the search's score takes the final harvest's coin."""
    from spieltisch.games.beans.search import coins_now

    game = load_game("ladybohn")
    state = game.new_state(players, 1)
    makeup = [c for c in state.stock if state.deck.kinds[c].variety == "makeup"][:5]
    for c in makeup:
        state.stock.remove(c)
    state.fields[0][0] = makeup
    assert state.may_take_third(0)
    assert coins_now(state) == [1] + [0] * (players - 1)
    assert state.fields[0][0] == makeup  # a clone was harvested
    # harvested in the turn, its choice still open when the game ends: the coin, as at the end
    state.harvest(0, 0)
    assert state.makeup_choice[0] is not None and not state.coins[0]
    assert coins_now(state) == [1] + [0] * (players - 1)


def test_mutterboehnchen_s_garden_lady_is_paid_in_the_final_harvest_s_order() -> None:
    """Mutterböhnchen: the Garden Lady pays her coins from the bottom of the discard pile, and
    the final harvest goes round "from the player after the last active one". A Garden Lady of
    player 0, the active player, is harvested last, after player 1's harvest has put cards on
    the empty discard pile: she pays her coin."""
    from spieltisch.games.beans.search import coins_now

    game = load_game("mutterboehnchen")
    state = game.new_state(4, 1)
    kinds = game.kinds
    lady = next(c for c in range(len(kinds)) if kinds[c].pays == "discard_bottom")
    blue = [c for c in range(len(kinds)) if kinds[c].variety == "blue" and not kinds[c].special]
    blue = [c for c in blue if kinds[c].sex == kinds[blue[0]].sex][:2]
    for c in (lady, *blue):
        for row in (state.stock, *state.hands):
            if c in row:
                row.remove(c)
    state.active, state.discard = 0, []
    for p in range(4):
        state.fields[p] = [[] for _ in state.fields[p]]
        state.field_var[p] = [None for _ in state.field_var[p]]
    state.fields[0][0], state.field_var[0][0] = [lady], "garden"
    state.fields[1][0], state.field_var[1][0] = blue, "blue"
    before = [len(c) for c in state.coins]
    got = coins_now(state)
    assert got[0] == before[0] + 1  # paid from what player 1's harvest discarded
    alone = state.clone()
    alone.fields[1][0], alone.field_var[1][0] = [], None
    assert coins_now(alone)[0] == before[0]  # nothing on the pile: nothing to pay her with


def test_ladybohn_solo_is_scored_by_the_target_coins_against_the_discard_pile() -> None:
    """Ladybohn solo: she wins with more coins than cards in the discard pile, and her final
    harvest is hers to make or not. The search scores her coins less the discard pile, each
    field harvested only where that raises the margin."""
    from spieltisch.games.beans.search import evaluate_all, solo_margin

    game = load_game("ladybohn")
    state = game.new_state(1, 2)
    kinds = state.deck.kinds
    by_variety: dict[str, list[int]] = {}
    for c in state.stock:
        if kinds[c].sex == "male":
            by_variety.setdefault(kinds[c].variety, []).append(c)

    def gain(v: str) -> int:  # five beans of v harvested: coins less cards to the pile
        pays = payout(kinds[by_variety[v][0]].beanometer, 5)
        return pays - (5 - pays)

    rich = max(sorted(by_variety), key=gain)
    poor = [c for c in state.stock if kinds[c].variety != rich and kinds[c].sex == "male"][:1]
    field = by_variety[rich][:5]
    for c in (*field, *poor):
        state.stock.remove(c)
    state.fields[0] = [field, poor]
    state.coins[0], state.discard = [], state.stock[:10]
    pays = payout(kinds[field[-1]].beanometer, 5)
    assert gain(rich) > 0  # harvesting the rich field raises the margin
    # the single bean pays nothing and would go onto the pile: left standing
    assert solo_margin(state) == pays - (10 + 5 - pays)
    assert evaluate_all(state) == [float(solo_margin(state))]


def test_bohnanza_s_harvest_now_pays_by_the_beanometer() -> None:
    """Bohnanza, a harvest: "the player receives as many coins as the beanometer shows for the
    number of beans in the field". Two fields of a seat, counted by hand from the card data."""
    from spieltisch.games.beans.cards import payout
    from spieltisch.games.beans.search import coins_now

    game = load_game("bohnanza")
    state = game.new_state(3, 1)
    kinds = state.deck.kinds
    by_variety: dict[str, list[int]] = {}
    for card in range(state.deck.size):
        by_variety.setdefault(kinds[card].variety, []).append(card)
    a, b = sorted(by_variety)[:2]
    state.fields[0] = [by_variety[a][:5], by_variety[b][:2]]
    state.fields[1] = [[], []]
    state.fields[2] = [[], []]
    state.coins[0] = by_variety[b][2:4]  # 2 coins already
    expected = 2 + payout(kinds[by_variety[a][0]].beanometer, 5)
    expected += payout(kinds[by_variety[b][0]].beanometer, 2)
    assert expected > 2
    assert coins_now(state)[0] == expected


def test_mau_mau_scores_a_cut_rollout_by_cards_held_and_places_taken() -> None:
    """Mau-Mau ranks by the order of the last "Matt": a cut rollout is scored by how many fewer
    cards a seat holds than the others on average, a winner counting as fewer than any hand
    (the first of four -4, the second -3)."""
    from spieltisch.games.maumau import bots as mm

    game = load_game("maumau")
    assert make_bot("ismcts", game).depth == mm.SEARCH_DEPTH
    state = game.new_state(4, 1)
    state.hands = [["H7"] * 3, ["H7"] * 5, ["H7"] * 2, ["H7"] * 6]
    state.winners = []
    assert mm.evaluate(state, 0) == pytest.approx((5 + 2 + 6) / 3 - 3)
    assert mm.evaluate(state, 3) == pytest.approx((3 + 5 + 2) / 3 - 6)
    state.hands[2] = []
    state.winners = [2]  # the first out: -4 cards
    assert mm.evaluate(state, 2) == pytest.approx((3 + 5 + 6) / 3 + 4)
    assert mm.evaluate(state, 0) == pytest.approx((5 - 4 + 6) / 3 - 3)
    state.hands[0] = []
    state.winners = [2, 0]  # the second out: -3, behind the first
    assert mm.evaluate(state, 0) < mm.evaluate(state, 2)


@pytest.mark.parametrize(
    ("ranks", "values"),
    [
        ((1, 2, 3, 3), (1, -1 / 3, -1 / 3, -1 / 3)),  # Mau-Mau: one winner, one second
        ((2, 1, 3, 3), (-1 / 3, 1, -1 / 3, -1 / 3)),
        ((1, 1, 3, 3), (1 / 3, 1 / 3, -1 / 3, -1 / 3)),  # a first place shared by two
        ((1, 1, 1), (0, 0, 0)),  # everyone first: a draw
        ((1, 2), (1, -1)),  # two players: the same as returns
        ((1,), (1,)),
        ((2,), (-1,)),  # alone and beaten (Ladybohn's solo target missed)
    ],
)
def test_goal_win_values_the_first_place_alone_and_zero_sum(
    ranks: tuple[int, ...], values: tuple[float, ...]
) -> None:
    got = win_values(ranks)
    assert got == pytest.approx(list(values))
    if len(ranks) > 1:
        assert sum(got) == pytest.approx(0)


def test_goal_win_scores_a_finished_mau_mau_by_its_winner_and_rank_by_every_place() -> None:
    """Mau-Mau plays on after its first winner until two hold cards: ``goal=rank`` (returns)
    counts the second place as most of a win, ``goal=win`` counts it as a loss like the rest."""
    game = load_game("maumau")
    state = play_game(game, [make_bot("maumau", game) for _ in range(4)], 3).state
    ranks = state.result().ranks
    assert sorted(ranks)[:2] == [1, 2], ranks  # a winner and a second this deal
    by_win = make_bot("ismcts:goal=win", game)._final(state)
    by_rank = make_bot("ismcts", game)._final(state)
    assert by_rank == list(state.result().returns)
    second = ranks.index(2)
    assert by_win[ranks.index(1)] == pytest.approx(1)
    assert by_win[second] == pytest.approx(-1 / 3)
    assert by_rank[second] == pytest.approx(1 / 3)  # two duels won of three


def test_a_sweep_for_the_win_plays_legal_moves_and_is_the_same_for_the_same_seed() -> None:
    game = load_game("maumau")
    spec = "ismcts:iters=2:rollout=heuristic:sweep=1:depth=100000:goal=win"
    for seed, steps in ((5, 20), (6, 60)):
        state = advance(game.new_state(4, seed), steps, seed)
        for player in sorted(state.actors() - {REFEREE}):
            moves = []
            for _ in range(2):
                bot = make_bot(spec, game)
                before = state.to_json_text()
                decision = guarded_decision(state, player, Rng(seed), ResampleOnly(state))
                moves.append((bot.act(decision), bot.info.visits))
                assert state.to_json_text() == before
            assert allowed(state, player, moves[0][0])
            assert moves[0] == moves[1]


@pytest.mark.parametrize("game_id", ["bohnanza", "ladybohn", "mutterboehnchen"])
def test_a_bean_game_s_search_weighs_whole_moves_never_the_steps_of_an_offer_s_draft(
    game_id: str,
) -> None:
    """An offer is searched whole, as the trader would send it: the steps that build one piece
    by piece (``draft``, ``propose``) and a ``counter`` (a decline that opens a draft) are no
    candidates of the sweep's root nor of the tree's turn decisions; every other legal action
    is, and the trader's own move. A game without ``search_moves`` weighs every legal action."""
    from spieltisch.games.beans.search import search_moves

    game = load_game(game_id)
    module = __import__(f"spieltisch.games.{game_id}.bots", fromlist=["search_moves"])
    assert module.search_moves is search_moves
    traders = [make_bot("trader", game) for _ in range(4)]
    rngs = [Rng(p) for p in range(4)]
    state = game.new_state(4, 21000)
    # on to a trading moment where an offer waits for the player the game waits for, so that
    # accept, decline and counter are all listed beside the draft's steps
    while True:
        waited = [
            p
            for p in state.waiting_for()
            if any("counter" in a for a in state.legal_actions(p))
            and any("draft" in a for a in state.legal_actions(p))
        ]
        if waited:
            break
        state.apply(*next_action(state, traders, rngs)[:2])
    player = waited[0]
    legal = state.legal_actions(player)
    moves = search_moves(legal)
    assert moves == [a for a in legal if not {"draft", "propose", "counter"} & set(a)]
    # (sending a draft is listed only once one is open)
    assert search_moves([Action(propose=True), Action(end="trading")]) == [Action(end="trading")]
    assert {"accept", "decline"} <= {k for a in moves for k in a}
    assert len(moves) < len(legal)
    sweep = make_bot("ismcts:iters=1:rollout=heuristic:sweep=1", game)
    sweep.act(Decision.at(state, player, Rng(5)))
    assert sweep.info.searched
    weighed = set(sweep.info.visits)
    assert weighed == {str(a) for a in moves} | {str(sweep.info.policy)}
    tree = make_bot("ismcts:iters=1", game)
    planned = traders[player].act(Decision.at(state, player, Rng(5)))
    assert tree._turn_candidates(state, player, planned, player) == (
        moves if planned in moves else [*moves, planned]
    )
    # Biber-Mania has no such steps: every legal action is a move
    biber = make_bot("ismcts:iters=1", load_game("bibermania"))
    assert biber._moves(legal) == legal


@pytest.mark.parametrize("game_id", ["bohnanza", "ladybohn", "mutterboehnchen"])
def test_offers_adds_the_offers_the_trader_would_send_next_to_the_search_s_candidates(
    game_id: str,
) -> None:
    """``offers=K``: beside the trader's own offer, the search weighs the next K it would send
    (each one it would send were the one before declined), so a search can choose among the
    trader's candidates without enumerating offers. Each is one the rules accept, none twice,
    the same for the same decision; the trader counts them as sent."""
    game = load_game(game_id)
    traders = [make_bot("trader", game) for _ in range(4)]
    rngs = [Rng(p) for p in range(4)]
    state = game.new_state(4, 21000)
    found = None
    while found is None:
        for p in sorted(state.waiting_for()):
            if p == REFEREE:
                continue
            bot = make_bot("trader", game)
            decision = Decision.at(state, p, Rng(9))
            planned = bot.act(decision)
            if planned is not None and "offer" in planned:
                more = bot.proposals(decision, 3)
                if more:
                    found = (p, planned, more)
                    break
        if found is None:
            state.apply(*next_action(state, traders, rngs)[:2])
    player, planned, more = found
    assert len(more) <= 3 and planned not in more and len(set(map(str, more))) == len(more)
    for offer in more:
        assert "offer" in offer and allowed(state, player, offer)
    # the same decision, a fresh trader: the same move and the same list; asked again, the
    # trader proposes none of them (they count as sent)
    again = make_bot("trader", game)
    decision = Decision.at(state, player, Rng(9))
    assert again.act(decision) == planned
    assert again.proposals(decision, 3) == more
    assert not set(map(str, again.proposals(decision, 3))) & set(map(str, more))
    assert again.proposals(decision, 0) == []
    # without an act on the decision first its own move is not yet counted as sent, so the
    # first it lists is that move
    assert make_bot("trader", game).proposals(decision, 1) == [planned]
    first = make_bot("trader", game)
    first.act(decision)
    assert first.proposals(decision, 1) == more[:1]
    # outside a trading phase it has none (the first 30 actions of a game, where its junk
    # would find takers)
    start = game.new_state(4, 21000)
    table = [make_bot("trader", game) for _ in range(4)]
    seeds = [Rng(p) for p in range(4)]
    for _ in range(30):
        for p in sorted(start.waiting_for() - {REFEREE}):
            if start.phase != "trade":
                assert make_bot("trader", game).proposals(Decision.at(start, p, Rng(1)), 3) == []
        start.apply(*next_action(start, table, seeds)[:2])
    # the search weighs them beside the trader's move, and without offers= only that
    for k, weighed in ((2, more[:2]), (0, [])):
        bot = make_bot(f"ismcts:iters=1:rollout=heuristic:sweep=1:offers={k}", game)
        bot.act(Decision.at(state, player, Rng(9)))
        offers = {a for a in bot.info.visits if '"offer"' in a}
        assert offers == {str(planned), *map(str, weighed)}
    # an offer it makes as a reaction (the game waits for another) is the trader's alone: no
    # search, and no more offers counted as sent, though the trader had more to send
    reaction = None
    while reaction is None:
        state.apply(*next_action(state, traders, rngs)[:2])
        for p in sorted(state.actors() - state.waiting_for() - {REFEREE}):
            trader = make_bot("trader", game)
            decision = Decision.at(state, p, Rng(3))
            planned = trader.act(decision)
            if planned is not None and "offer" in planned and trader.proposals(decision, 3):
                reaction = p
                break
    player = reaction
    # (another than the active player trades with the active one alone)
    listed = make_bot("trader", game).proposals(Decision.at(state, player, Rng(3)), 3)
    assert listed and all(o["offer"]["to"] == state.view(player)["active"] for o in listed)
    assert all(allowed(state, player, o) for o in listed)
    # and a moment without a legal action has none
    assert make_bot("trader", game).proposals(Decision(player, None, [], Rng(3), state), 3) == []
    bot = make_bot("ismcts:iters=1:rollout=heuristic:sweep=1:offers=3", game)
    assert bot.act(Decision.at(state, player, Rng(3))) == planned
    assert not bot.info.searched
    assert len(bot.reactor._sent) == 1


def test_a_race_is_in_question_while_a_candidate_gains_without_clearing_the_bar() -> None:
    """``_in_question``: a candidate with SWEEP_KEEP deals or more that gains on average and is
    not dropped keeps the race going, unless one already clears the bar (decided); losses,
    exact ties, dropped candidates and ones with too few deals do not."""
    a, b, c = Action(pit=1), Action(pit=2), Action(pit=3)
    unsure = [0.1, -0.1, 0.1, 0.0]  # mean 0.025, far under 2 standard errors
    sure = [0.3] * 8  # mean 0.3, standard error 0.1 / sqrt(8) (the least spread)
    assert _in_question({a: unsure}, set(), 2.0)
    assert not _in_question({a: unsure}, {a}, 2.0)  # dropped
    assert not _in_question({a: unsure[:-1]}, set(), 2.0)  # fewer than SWEEP_KEEP deals
    assert not _in_question({a: [0.0] * 6, b: [-0.1] * 6}, set(), 2.0)  # a tie and a loss
    assert not _in_question({a: unsure, b: sure}, set(), 2.0)  # b clears: decided
    assert _in_question({a: unsure, b: sure}, set(), 100.0)  # b under a bar of 100
    assert not _in_question({}, set(), 2.0)
    assert _in_question({c: [-0.2] * 5, a: unsure}, set(), 2.0)


def test_a_race_deals_on_while_a_candidate_is_in_question_and_no_further_than_race() -> None:
    """``race=N``: past ``iters`` the sweep deals on only while a candidate is in question, to
    N deals at most; its deals are the ones a sweep of that many iterations plays (the same
    seeds in the same order), so it chooses as that sweep would. Kalah's winning capture is
    certain after the first deals: no race there."""
    game = load_game("bohnanza")
    raced = 0
    for seed in range(4):
        state, player = turn_position("bohnanza", 4, 10 + seed)
        bot = make_bot("ismcts:iters=4:race=12:sweep=1:rollout=heuristic:depth=15", game)
        move = bot.act(Decision.at(state, player, Rng(seed)))
        done = bot.info.iterations
        assert 4 <= done <= 12
        raced += done > 4
        same = make_bot(f"ismcts:iters={done}:sweep=1:rollout=heuristic:depth=15", game)
        assert same.act(Decision.at(state, player, Rng(seed))) == move
        assert same.info.visits == bot.info.visits
        # the evidence it decided on: each other candidate's gain, standard error and deals
        info = bot.info
        assert info.gains == same.info.gains and info.bar == same.info.bar > 0
        assert {a for a, k in info.visits.items() if k and a != str(info.policy)} == set(info.gains)
        for a, (mean, se, k) in info.gains.items():
            assert k == info.visits[a] and se > 0
            if a == str(move) and move != info.policy:
                assert mean > info.bar * se  # a move that left the policy's cleared the bar
    assert raced
    kalah = load_game("kalah")
    data = kalah.new_state(2, 0).to_json()
    data.update(pits=[1, 0, 2, 2, 2, 2, 1, 1, 1, 1, 15, 0], stores=[10, 10])
    state = kalah.from_json(data)
    bot = make_bot("ismcts:iters=30:race=200:sweep=1", kalah)
    assert bot.act(Decision.at(state, 0, Rng(0))) == {"pit": 0, "direction": "ccw"}
    assert bot.info.iterations == 30


@pytest.mark.parametrize(
    ("game_id", "players"), [("bohnanza", 4), ("ladybohn", 3), ("mutterboehnchen", 2)]
)
def test_value_policy_scores_a_cut_by_the_game_s_own_bot_s_worth_of_every_seat(
    game_id: str, players: int
) -> None:
    """``value=policy``: a rollout cut before the end is valued by the game's own bot, each
    seat's worth on its own view ahead of the best other seat's (on the scale of ``evaluate``),
    which credits what grows on the fields; a finished game keeps its result. The same seed
    gives the same search, and its moves are legal. A game whose own bot has no worth (Biber-
    Mania's heuristic), or whose own bot is a search (mancala), cannot take it."""
    import math

    game = load_game(game_id)
    state, player = turn_position(game_id, players, 7)
    state = advance(state, 60, 7)
    assert not state.is_terminal()
    bot = make_bot("ismcts:iters=2:rollout=heuristic:sweep=1:value=policy", game)
    worth = [make_bot("trader", game).worth(state.view(p)) for p in range(players)]
    assert worth != [float(c) for c in state.view(0)["coins"]]  # more than the coins held
    for p in range(players):  # the coins held and what its own valuation sees coming
        trader = make_bot("trader", game)
        view = state.view(p)
        assert worth[p] == view["coins"][p] + trader._context(view).base()
    expected = [math.tanh((w - max(worth[:p] + worth[p + 1 :])) / 10) for p, w in enumerate(worth)]
    assert bot._cut(state, players) == pytest.approx(expected)
    assert make_bot("ismcts:iters=2", game)._cut(state, players) != pytest.approx(expected)
    # a seat's worth reads its own view only: another seat's hidden hand does not move it
    other = with_hidden_swap(state, 0, swap_beans)
    assert make_bot("trader", game).worth(other.view(0)) == worth[0]
    found = []
    state, player = turn_position(game_id, players, 5)
    for _ in range(2):
        searcher = make_bot("ismcts:iters=3:depth=20:rollout=heuristic:sweep=1:value=policy", game)
        move = searcher.act(Decision.at(state, player, Rng(4)))
        assert allowed(state, player, move)
        found.append((move, searcher.info.gains))
    assert found[0] == found[1]
    for other_game in ("bibermania", "mancala"):
        with pytest.raises(OptionError, match="value=policy"):
            make_bot("ismcts:value=policy", load_game(other_game))
