"""Bodensee Mau-Mau at one screen, in real time: what a person types is read right, refusals give
the engine's reason, bots act on their reaction times, the referee closes a slap on the clock,
and the host's grace lets a person's word in before a bot's turn action (rules/maumau.md,
"Hosts"). Time is a fake clock here: every test runs instantly and the same every time."""

from __future__ import annotations

import io
import random
import re
from collections import deque
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

import spieltisch
from spieltisch.bots import Bot, Decision, RandomBot
from spieltisch.cli import app
from spieltisch.core import REFEREE, Action, Record, Rng, State
from spieltisch.games.maumau.rules import rank
from spieltisch.registry import replay
from spieltisch.tui import maumau as ui
from spieltisch.tui.realtime import FakeTime, RealtimeGame, ScriptedLines
from spieltisch.tui.words import and_list, you_or_player

NAMES = [f"player {p}" for p in range(8)]
PASS = Action(**{"pass": True})


# -- what a person types --------------------------------------------------------------------------

FORMS = [
    ("7h", Action(lay="7h")),
    ("7H", Action(lay="7h")),
    ("10♥", Action(lay="10h")),
    ("lay Ks", Action(lay="Ks")),
    ("10h 10s", Action(lay=["10h", "10s"])),
    ("10h, 10s 10d", Action(lay=["10h", "10s", "10d"])),
    ("Jh s", Action(lay="Jh", wish="s")),
    ("jh spades", Action(lay="Jh", wish="s")),
    ("Jc ♠", Action(lay="Jc", wish="s")),
    ("Bh pik", Action(lay="Jh", wish="s")),  # Bube, Pik
    ("Qh 2", Action(lay="Qh", swap=2)),
    ("qh p2", Action(lay="Qh", swap=2)),
    ("Dh player 2", Action(lay="Qh", swap=2)),  # Dame
    ("3c", Action(lay="3c")),
    ("2d", Action(lay="2d")),
    ("draw", Action(draw=True)),
    ("pass", PASS),
    ("take", Action(take=True)),
    ("sit", Action(sit_out=True)),
    ("sit out", Action(sit_out=True)),
    ("throw 9c", Action(throw="9c")),
    ("throw Jh s", Action(throw="Jh", wish="s")),
    ("throw Qh 1", Action(throw="Qh", swap=1)),
    ("l", Action(slap="left")),
    ("r", Action(slap="right")),
    ("b", Action(slap="both")),
    ("slap left", Action(slap="left")),
    ("both", Action(slap="both")),
    ("mau", Action(say="mau")),
    ("Miau!", Action(say="miau")),
    ("maumau", Action(say="mau-mau")),
    ("Mau-Mau", Action(say="mau-mau")),
    ("mau mau", Action(say="mau-mau")),
    ("matt", Action(say="matt")),
    ("say matt", Action(say="matt")),
    ("joker", Action(joker=True)),
    ("pilz 2", Action(pilz=2)),
    ("pilz p2", Action(pilz=2)),
    ("wish s", Action(wish="s")),
    ("swap 2", Action(swap=2)),
]


@pytest.mark.parametrize(("text", "action"), FORMS, ids=[t for t, _ in FORMS])
def test_every_input_form_reads_as_its_action(text: str, action: Action) -> None:
    view = {"viewer": 0, "choice": None}
    assert ui.parse(text, view, []) == action


def test_the_dealer_answers_a_turned_up_jack_or_queen_with_a_bare_suit_or_seat() -> None:
    """Engine choice 12: the dealer answers {"wish": s} / {"swap": p}."""
    wish = {"viewer": 1, "choice": {"what": "wish", "player": 1}}
    swap = {"viewer": 1, "choice": {"what": "swap", "player": 1}}
    assert ui.parse("s", wish, []) == Action(wish="s")
    assert ui.parse("hearts", wish, []) == Action(wish="h")
    assert ui.parse("2", swap, []) == Action(swap=2)
    other = {"viewer": 0, "choice": {"what": "swap", "player": 1}}
    assert isinstance(ui.parse("2", other, []), str)  # only the dealer's seat answers


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("Jh", "a jack needs a wish"),
        ("Jh 2", "a jack needs a wish"),
        ("Qh", "a queen needs a partner"),
        ("7h 7s", "only 10s"),
        ("10h 10x", "'10x' is not a card"),
        ("banana", "'banana' is not a card or a command"),
        ("11h", "'11h' is not a card"),
        ("pilz", "name the winner"),
        ("throw", "name the card"),
        ("throw 10h 10s", "a throw-in is one card"),
        ("joker joker", "a joker is never laid"),
        ("wish x", "wish a suit"),
        ("", "type something"),
    ],
)
def test_unreadable_input_says_what_is_wrong(text: str, why: str) -> None:
    got = ui.parse(text, {"viewer": 0, "choice": None}, [])
    assert isinstance(got, str) and why in got


def _position(**data: Any) -> State:
    return spieltisch.load_game("maumau").from_json(data)


def _walk(seeds: range, every: int = 1) -> Iterator[State]:
    """States of random games (anyone among the actors acts): every ``every``-th is yielded."""
    game = spieltisch.load_game("maumau")
    for seed in seeds:
        state = game.new_state(3 + seed % 3, seed)
        rng = random.Random(seed)
        for step in range(350):
            if state.is_terminal():
                break
            if step % every == 0:
                yield state.clone()
            p = rng.choice(sorted(state.actors()))
            state.apply(p, rng.choice(state.legal_actions(p)))


def _kind(action: Action) -> str:
    """``lay``, ``lay J``, ``lay 10s``, ``throw Q``, ``slap``, ``say`` ... for coverage."""
    for verb in ("lay", "throw"):
        if verb in action:
            cards = action[verb]
            if isinstance(cards, list):
                return f"{verb} 10s"
            return f"{verb} {rank(cards)}" if rank(cards) in ("J", "Q") else verb
    return next(iter(action))


def test_what_is_typed_for_an_action_reads_back_as_it() -> None:
    """Every legal action of every player, in random games: ``typed`` writes what a person types
    and ``parse`` reads the same action back; ``describe`` says it in words."""
    kinds: set[str] = set()
    hands = [["4h", "9c"], ["8s", "Kd"], ["2c", "5d"]]
    dealer = [  # the dealer's answer to a turned-up jack or queen (engine choice 12)
        _position(players=3, hands=hands, pile=["Jh"], choice={"what": "wish", "player": 0}),
        _position(players=3, hands=hands, pile=["Qh"], choice={"what": "swap", "player": 0}),
    ]
    for state in [*dealer, *_walk(range(24), every=3)]:
        for p in sorted(state.actors() - {REFEREE}):
            legal, view = state.legal_actions(p), state.view(p)
            for action in legal:
                kinds.add(_kind(action))
                assert ui.parse(ui.typed(action), view, legal) == action, (ui.typed(action), view)
                assert "{" not in ui.describe(action)
    need = {"lay", "lay J", "lay Q", "lay 10s", "throw", "throw J", "throw Q", "slap", "say"}
    need |= {"joker", "draw", "pass", "take", "sit_out", "wish", "swap"}
    assert need <= kinds, need - kinds


def test_every_event_is_told_to_those_who_may_see_it() -> None:
    game = spieltisch.load_game("maumau")
    seen: dict[str, dict[str, Any]] = {}
    for seed in range(16):
        state = game.new_state(3 + seed % 3, seed)
        rng = random.Random(seed)
        for _ in range(1500):
            if state.is_terminal():
                break
            p = rng.choice(sorted(state.actors()))
            for event in state.apply(p, rng.choice(state.legal_actions(p))):
                data = event.to_json()
                key = data["type"] + ("/private" if "visible_to" in data else "")
                if key == "drew/private":
                    key = "drew/cards" if "cards" in data else "drew/count"
                seen.setdefault(key, data)
    seen["deal"] = {"type": "deal", "dealer": 2, "cards": 5}  # at the deal, not from apply
    seen["free_pile"] = {"type": "free_pile"}
    seen["no_cards"] = {"type": "no_cards", "player": 1}
    need = {"lay", "throw", "misfit", "cancel", "restore", "counts_again", "reverse", "ace"}
    need |= {"nine", "slap_open", "slap", "slap_closed", "wish", "swap", "hand/private", "take"}
    need |= {"drew/cards", "drew/count", "joker", "joker_to_pile", "too_late", "say", "won"}
    need |= {"pilz", "sit_out", "pass", "turn", "turn_up", "reshuffle", "game_end"}
    assert need <= set(seen), need - set(seen)
    for key, data in seen.items():
        viewer = data.get("visible_to", [None])[0]
        text = ui.describe_event(data, viewer)
        if data["type"] == "draw":
            assert text is None  # "drew" tells it, with the card for the drawer
            continue
        assert text and "{" not in text and "None" not in text, (key, text)
        if "visible_to" in data:
            others = set(range(8)) - set(data["visible_to"])
            assert ui.describe_event(data, min(others)) is None
            assert ui.describe_event(data, None) is None


# -- the screen ----------------------------------------------------------------------------------


def _screen(state: State, viewer: int | None = 0, **kw: Any) -> str:
    buf = io.StringIO()
    legal = state.legal_actions(viewer) if viewer is not None else None
    console = Console(file=buf, width=120, force_terminal=False)
    ui.render(state.view(viewer), console, NAMES, legal=legal, **kw)
    return buf.getvalue()


def test_the_screen_shows_the_pile_the_hands_and_who_may_act() -> None:
    """A 3 cancels the king below it; the jack on top wished hearts; player 1 has two jokers in
    front (the privilege) and owes "Mau"; player 0 holds a Pilz; player 3 has won."""
    state = _position(
        players=4,
        dealer=3,
        turn=0,
        hands=[["4h", "9c", "Jd"], ["8s"], ["2c", "5d", "6d"], []],
        pile=["9h", "Kd", "3s", {"card": "Jc", "by": 2, "wish": "h"}],
        front=[0, 2, 0, 0],
        joker_seq=[0, 1, 0, 0],
        owed=[[], ["mau"], [], []],
        pilze=[1, 0, 0, 0],
        out=[False, False, False, True],
        winners=[3],
    )
    screen = _screen(state)
    assert "(Kd)" in screen and "Jc*" in screen and "wish: hearts" in screen
    assert "on turn: you (lay a fitting card or draw)" in screen
    assert "2 jokers in front · privilege" in screen and 'owes "Mau"' in screen
    assert "1 Pilz" in screen and "dealer · won (place 1)" in screen
    assert "Your hand  9c Jd 4h" in screen  # by suit, then rank
    assert "You may: pilz 3 · lay Jd/4h" in screen  # no draw: a card fits
    assert "player 1 may throw in (privilege)" in screen


def test_the_screen_shows_a_slap_a_chain_and_a_nine_window() -> None:
    slap = _position(
        players=3,
        turn=2,
        hands=[["4h", "5c"], ["8s", "Kd"], ["2c", "5d"]],
        pile=["4c", "7c", "7s", {"card": "5s", "by": 1, "begun": True}],
        slap={"layer": 1, "need": "left", "slapped": [[2, "left"]]},
    )
    screen = _screen(slap, slap_left=1.25)
    assert "SLAP with THE LEFT HAND!" in screen and "slapped: p2 left" in screen
    assert "(1.2 s left)" in screen
    assert "slap with the left hand: you and player 1" in screen
    assert "You may: slap l/r/b" in screen
    chain = _position(players=3, turn=0, hands=[["4h"], ["8s"], ["2c"]], pile=["4c", "7c", "7s"])
    assert "7-chain of 2: lay a 7 or take 4" in _screen(chain)
    nine = _position(
        players=3,
        turn=2,
        hands=[["9c", "4h"], ["8s"], ["2c"]],
        pile=["4c", {"card": "9h", "by": 1}],
        window={"at": 1, "anchor": 1, "layer": 1},
    )
    screen = _screen(nine)
    assert "9 window open (9h by player 1)" in screen
    assert "you may throw in onto the 9" in screen and "You may: throw 9c/4h" in screen


def test_the_screen_never_shows_another_players_hidden_cards() -> None:
    """Dealing the others' unseen cards anew changes nothing on player 0's screen."""
    changed = 0
    for k, state in enumerate(_walk(range(4), every=25)):
        other = state.resample(0, Rng(k))
        changed += other.hands[1:] != state.hands[1:]  # type: ignore[attr-defined]
        assert _screen(other) == _screen(state)
    assert changed > 5


# -- the real-time host ----------------------------------------------------------------------------


class Steady(Bot):
    """A bot that always takes ``reaction`` seconds: it says its words, slaps the hand the slap
    needs and otherwise lays the first fitting card it may, or draws, passes, takes the chain,
    sits out. Never a 3, a joker or a throw-in (tests stay easy to follow)."""

    def __init__(self, reaction: float) -> None:
        self.reaction = reaction

    def reaction_time(self, decision: Decision) -> float:
        return self.reaction

    def act(self, decision: Decision) -> Action | None:
        legal, slap = decision.legal, decision.view["slap"]
        if slap is not None:
            want = Action(slap=slap["need"])
            return want if want in legal else None
        for action in legal:
            dealer = ("wish" in action or "swap" in action) and len(action) == 1
            if "say" in action or dealer:
                return action
        for action in legal:
            card = action.get("lay")
            if isinstance(card, str) and rank(card) != "3":
                return action
        for plain in (Action(draw=True), PASS, Action(take=True), Action(sit_out=True)):
            if plain in legal:
                return plain
        return None


class Idle(Bot):
    """A bot that never acts: the table waits for the person and the referee."""

    def act(self, decision: Decision) -> Action | None:
        return None


def _host(
    position: dict[str, Any],
    bots: list[Bot],
    lines: Callable[[FakeTime, RealtimeGame], Any],
    **host_kw: Any,
) -> tuple[RealtimeGame, io.StringIO]:
    """A table at ``position`` (player 0 the person, the others ``bots``) on a fake clock."""
    game = spieltisch.load_game("maumau", **host_kw.pop("options", {}))
    fake = FakeTime()
    buf = io.StringIO()
    seats = ["human"] + ["random"] * len(bots)
    host = RealtimeGame(
        game,
        seats,
        0,
        Console(file=buf, width=120, force_terminal=False),
        clock=fake.now,
        sleep=fake.sleep,
        **host_kw,
    )
    host.state = game.from_json(position)
    host.bots[1:] = bots
    host.lines = lines(fake, host)
    return host, buf


class Typist:
    """A person at the keyboard: types each line once its moment has come (a condition on what
    they see), ``delay`` seconds after noticing it; the input ends after the last line."""

    def __init__(
        self,
        fake: FakeTime,
        host: RealtimeGame,
        steps: list[tuple[Callable[[dict[str, Any]], bool], str]],
        delay: float = 0.2,
    ) -> None:
        self.fake, self.host, self.delay = fake, host, delay
        self.steps = deque(steps)

    def get(self, timeout: float | None) -> tuple[float, str] | None:
        if not self.steps:
            raise EOFError
        when, text = self.steps[0]
        if when(self.host.state.view(0)) and (timeout is None or self.delay <= timeout):
            self.fake.sleep(self.delay)
            self.steps.popleft()
            return self.fake.t, text
        if timeout is None:
            raise AssertionError(f"the person waits to type {text!r}, and nothing happens")
        self.fake.sleep(timeout)
        return None


def _mine(host: RealtimeGame) -> list[Action]:
    return [a for p, a in host.record.actions if p == 0]


def test_a_person_draws_lays_says_words_slaps_and_is_told_why_not() -> None:
    """Player 0 cannot lay the Ks on 4h (refused with the engine's reason), draws the 10h and
    lays it: from 2 cards to 1 they owe "Mau" then "Miau", in that order ("Miau" first is
    refused). Player 1 lays the 5h: everyone slaps the left hand."""
    position = {
        "players": 3,
        "dealer": 2,
        "turn": 0,
        "hands": [["Ks"], ["5h", "Kc"], ["8d", "9d"]],
        "pile": ["4h"],
    }

    def my_turn(v: dict[str, Any]) -> bool:
        return v["turn"] == 0 and v["slap"] is None

    steps = [
        (my_turn, "Ks"),
        (my_turn, "draw"),
        (my_turn, "10h"),
        (lambda v: True, "miau"),
        (lambda v: True, "mau"),
        (lambda v: True, "miau"),
        (lambda v: v["slap"] is not None, "l"),
        (lambda v: v["slap"] is None, "quit"),
    ]
    host, buf = _host(position, [Steady(0.5), Steady(0.5)], lambda f, h: Typist(f, h, steps))
    host.state.stock.remove("10h")  # type: ignore[attr-defined]
    host.state.stock.append("10h")  # type: ignore[attr-defined]  # the top: player 0 draws it
    host.run()
    out = buf.getvalue()
    assert "Not allowed: K♠ does not fit the reference card 4♥" in out  # the game's words
    assert "you drew 10h" in out
    assert "Not allowed: you owe “Mau” first (the order is Mau, Miau, Mau-Mau, Matt)" in out
    assert "you: Mau!" in out and "you: Miau!" in out
    assert "player 1 lays 5h" in out and "SLAP! with the left hand" in out
    assert "you slap left" in out and "the slap is over" in out
    assert _mine(host) == [
        Action(draw=True),
        Action(lay="10h"),
        Action(say="mau"),
        Action(say="miau"),
        Action(slap="left"),
    ]
    assert host.state.hands[0] == ["Ks"]  # type: ignore[attr-defined]  # no penalty card
    assert "too late" not in out and "Game left unfinished" in out


def test_refused_input_changes_nothing() -> None:
    position = {"players": 3, "turn": 0, "hands": [["Ks", "4c"], ["8d"], ["9d"]], "pile": ["4h"]}
    lines = [(0.1, "Ks"), (0.2, "mau"), (0.3, "banana"), (0.4, "throw 4c"), (0.5, "quit")]
    host, buf = _host(position, [Idle(), Idle()], lambda f, h: ScriptedLines(f, lines))
    before = host.state.to_json_text()
    host.run()
    out = buf.getvalue()
    assert "K♠ does not fit the reference card 4♥" in out
    assert "you owe no word now; “Mau” is not due" in out
    assert "'banana' is not a card or a command I know" in out
    assert "you may not throw in now" in out
    assert host.state.to_json_text() == before and host.record.actions == []


@pytest.mark.parametrize(("slap_at", "late"), [(2.4, [1, 2]), (2.6, [0, 1, 2])])
def test_the_referee_closes_a_slap_when_its_time_is_up(slap_at: float, late: list[int]) -> None:
    """Player 1 lays the 5c at 0.5 s; the slap stays open ``slap_seconds`` (2 s), then the
    referee closes it: everyone who has not slapped is last and draws 1 (one-hand slap). The
    person's slap at 2.4 s counts; at 2.6 s the slap is over."""
    position = {
        "players": 3,
        "turn": 1,
        "hands": [["Ks", "8h"], ["5c", "9h", "Kh"], ["8d", "9d"]],
        "pile": ["4c"],
    }
    lines = [(slap_at, "l"), (3.0, "quit")]
    host, buf = _host(
        position,
        [Steady(0.5), Idle()],
        lambda f, h: ScriptedLines(f, lines),
        options={"slap_seconds": 2.0},
    )
    host.run()
    out = buf.getvalue()
    closes = [i for i, (p, a) in enumerate(host.record.actions) if p == REFEREE]
    assert len(closes) == 1 and host.record.actions[closes[0]][1] == Action(close="slap")
    who = and_list([you_or_player(q, 0) for q in late])
    assert f"last: {who}" in out
    sizes = [len(h) for h in host.state.hands]  # type: ignore[attr-defined]
    assert sizes == [2 + (0 in late), 2 + 1, 2 + 1]
    if 0 in late:
        assert "Not allowed: no slap is open" in out and not _mine(host)
    else:
        assert _mine(host) == [Action(slap="left")]


@pytest.mark.parametrize(("grace", "in_time"), [(0.8, True), (0.0, False)])
def test_the_grace_lets_a_word_in_before_a_bots_turn_action(grace: float, in_time: bool) -> None:
    """Player 0 lays down to one card at 0.1 s and owes "Mau". Player 1, next, would lay after
    0.2 s, which makes the word too late; the host holds that turn action back for the grace
    (0.8 s after the word became due), so "Mau" at 0.6 s is in time. Without a grace it is
    not: player 0 draws a penalty card and the word is refused."""
    position = {
        "players": 3,
        "turn": 0,
        "hands": [["4c", "9s"], ["4d", "9h"], ["8d", "9d"]],
        "pile": ["4h"],
    }
    lines = [(0.1, "4c"), (0.6, "mau"), (2.0, "quit")]
    host, buf = _host(
        position, [Steady(0.2), Idle()], lambda f, h: ScriptedLines(f, lines), grace=grace
    )
    host.run()
    out = buf.getvalue()
    order = [(p, a) for p, a in host.record.actions]
    if in_time:
        assert order[:3] == [(0, Action(lay="4c")), (0, Action(say="mau")), (1, Action(lay="4d"))]
        assert host.state.hands[0] == ["9s"]  # type: ignore[attr-defined]
        assert "too late" not in out
    else:
        assert order[:2] == [(0, Action(lay="4c")), (1, Action(lay="4d"))]
        assert 'too late: you did not say "Mau": 1 penalty card' in out
        assert "Not allowed: you owe no word now; “Mau” is not due" in out
        assert len(host.state.hands[0]) == 2  # type: ignore[attr-defined]


def test_wait_lets_time_pass_before_the_next_line_is_read() -> None:
    """Piped input: 'wait 3' holds the next line back; the bots play on meanwhile."""
    position = {"players": 3, "turn": 1, "hands": [["4h"], ["4c", "Kc"], ["8d", "4d"]]}
    position["pile"] = ["4s"]
    lines = [(0.0, "wait 3"), (0.1, "quit")]
    host, _ = _host(position, [Steady(0.5), Steady(0.5)], lambda f, h: ScriptedLines(f, lines))
    host.run()
    assert [p for p, _ in host.record.actions][:2] == [1, 2]  # 0.5 s and 1.0 s: before 3 s


class Keyboard:
    """A random player types for the person: what it would do, as text, after its reaction
    time (the line arrives before any bot's action that is due later)."""

    def __init__(self, fake: FakeTime, host: RealtimeGame, seed: int) -> None:
        self.fake, self.host, self.rng, self.bot = fake, host, Rng(seed), RandomBot()

    def get(self, timeout: float | None) -> tuple[float, str] | None:
        state = self.host.state
        decision = Decision.at(state, 0, self.rng)
        if decision.legal:
            delay = self.bot.reaction_time(decision)
            if timeout is None or delay <= timeout:
                self.fake.sleep(delay)
                return self.fake.t, ui.typed(self.bot.act(decision))  # type: ignore[arg-type]
        if timeout is None:
            raise EOFError
        self.fake.sleep(timeout)
        return None


@pytest.mark.parametrize(
    ("seats", "seed"), [("human,random,random", 2), ("human,maumau,maumau,maumau", 1)]
)
def test_a_whole_game_of_a_person_against_bots_ends_with_a_result(seats: str, seed: int) -> None:
    game = spieltisch.load_game("maumau")
    fake = FakeTime()
    buf = io.StringIO()
    host = RealtimeGame(
        game,
        seats.split(","),
        seed,
        Console(file=buf, width=120, force_terminal=False),
        clock=fake.now,
        sleep=fake.sleep,
    )
    host.lines = Keyboard(fake, host, seed)
    final = host.run()
    out = buf.getvalue()
    assert final.is_terminal()
    assert "Game over:" in out and "The game is over:" in out
    assert "Not allowed" not in out  # every line typed was read as the legal action meant
    assert any(p == 0 for p, _ in host.record.actions)
    assert any(p != 0 for p, _ in host.record.actions)
    assert not re.search(r"player \d drew", out)  # the bots' drawn cards stay hidden
    assert replay(Record.from_json(host.record.to_json())).to_json_text() == final.to_json_text()
    assert fake.t > 10  # the bots took their time


def test_several_people_name_their_seat() -> None:
    game = spieltisch.load_game("maumau")
    fake = FakeTime()
    buf = io.StringIO()
    lines = ScriptedLines(fake, [(0.1, "draw"), (0.2, "p1 mau"), (0.3, "quit")])
    host = RealtimeGame(
        game,
        ["human", "human", "random"],
        5,
        Console(file=buf, width=120, force_terminal=False),
        clock=fake.now,
        sleep=fake.sleep,
        lines=lines,
    )
    host.bots[2] = Idle()
    host.run()
    out = buf.getvalue()
    assert "several people play here (p0, p1): begin with the seat" in out
    assert "Not allowed: you owe no word now; “Mau” is not due" in out  # player 1's
    assert "Your hand" not in out  # a shared screen shows no hand


def test_the_play_command_plays_maumau_in_real_time() -> None:
    out = CliRunner().invoke(
        app,
        ["play", "maumau", "--seats", "human,random,random", "--seed", "3"],
        input="help\nquit\n",
        env={"COLUMNS": "120"},
    )
    assert out.exit_code == 0, out.output
    assert "Your hand" in out.output and "Pile" in out.output
    assert "l r b" in out.output and "may now:" in out.output
    assert "unfinished" in out.output
