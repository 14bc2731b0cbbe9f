"""Bohnanza at one screen: what a person types is read right, and the screen hides hands."""

from __future__ import annotations

import io
import random
from collections.abc import Callable, Iterator
from typing import Any

from rich.console import Console
from terminal_log import logged
from typer.testing import CliRunner

import spieltisch
from spieltisch.cli import app
from spieltisch.core import REFEREE, Action, Record, Rng
from spieltisch.registry import replay
from spieltisch.tui import bohnanza as ui
from spieltisch.tui.play import TerminalGame

NAMES = [f"player {p}" for p in range(5)]
SAY = {  # what a person may call a variety
    "blue": ["blue", "Blaue", "blau"],
    "chili": ["chili", "Feuer", "Feuerbohne"],
    "stink": ["stink", "Sau", "Saubohnen"],
    "green": ["green", "Brech", "grün"],
    "soy": ["soy", "Soja"],
    "blackeyed": ["black-eyed", "Augen", "Augenbohne"],
    "red": ["red", "Rote"],
    "garden": ["garden", "Garten"],
    "coffee": ["coffee", "Kaffee"],
    "wax": ["wax", "Weinbrand"],
    "cocoa": ["cocoa", "Kakao"],
}

_LOG_GAME = spieltisch.load_game("bohnanza")
_LOG_SEATS = 3


def _logged(data: dict[str, Any], viewer: int | None = None) -> str | None:
    """What the terminal's log shows ``viewer`` of an event (``terminal_log.logged``)."""
    return logged(_LOG_GAME, _LOG_SEATS, data, viewer)


def _screen(view: dict[str, Any], width: int = 140) -> str:
    buf = io.StringIO()
    ui.render(view, Console(file=buf, width=width, force_terminal=False), NAMES)
    return buf.getvalue()


def _positions(seeds: range, every: int = 1, limit: int = 600) -> Iterator[Any]:
    """Positions of random games (the state before an action, with who acts)."""
    game = spieltisch.load_game("bohnanza")
    for seed in seeds:
        state = game.new_state(3 + seed % 3, seed)
        rng = random.Random(seed)
        for k in range(limit):
            if state.is_terminal():
                break
            actors = sorted(state.actors())
            p = rng.choice(actors)
            if p == REFEREE and rng.random() < 0.9:
                p = rng.choice([q for q in actors if q != REFEREE])
            legal = state.legal_actions(p)
            if not legal:
                continue
            if p != REFEREE and k % every == 0:
                yield state.clone(), p
            state.apply(p, rng.choice(legal))


# -- parse reads what describe writes -------------------------------------------------------------


def test_every_legal_action_reads_back_from_its_description() -> None:
    phases: set[str] = set()
    kinds: set[str] = set()
    for state, p in _positions(range(6), every=3):
        legal, view = state.legal_actions(p), state.view(p)
        phases.add(state.phase)
        for action in legal:
            kinds.add(next(iter(action)))
            text = ui.describe(action)
            assert ui.parse(text, view, legal) == action, (state.phase, text)
    assert phases == {"plant", "trade", "plant-trades"}
    assert {"plant", "harvest", "end", "draft", "propose", "accept", "decline"} <= kinds
    assert {"withdraw", "counter"} <= kinds


def test_the_numbered_choices_are_legal_moves() -> None:
    for state, p in _positions(range(3), every=2):
        legal, view = state.legal_actions(p), state.view(p)
        menu = ui.choices(view)
        for k, action in enumerate(menu, start=1):
            got = ui.parse(str(k), view, legal)
            assert got == action or ("accept" in action or "counter" in action), (action, got)
        main = [a for a in legal if not {"draft", "propose"} & set(a)]
        assert set(main) <= set(menu), (state.phase, set(main) - set(menu))
        assert isinstance(ui.parse(str(len(menu) + 1), view, legal), str)


def _spoken(action: Action, view: dict[str, Any], rng: random.Random) -> str:
    """What a person might type for ``action``: short forms and German names."""

    def say(variety: str) -> str:
        return rng.choice(SAY[ui.variety_of(variety)])

    if action.get("plant") == "front":
        f = action["field"] + 1
        return rng.choice([f"plant {f}", f"p {f}", f"plant front {f}", f"P{f}"]).replace("P", "p ")
    if "plant" in action:
        card = next(
            c["card"] for c in view["to_plant"][view["viewer"]] if c["id"] == action["plant"]
        )
        return rng.choice(["plant {} {}", "p {} on field {}", "{} {}"]).format(
            say(card), action["field"] + 1
        )
    if "harvest" in action:
        return rng.choice(["harvest {}", "h {}", "ernte {}", "harvest field {}"]).format(
            action["harvest"] + 1
        )
    if "buy" in action:
        return rng.choice(["buy", "kaufen", "buy field"])
    if "end" in action:
        return rng.choice(["done", "end", "fertig", "Done"])
    for verb in ("accept", "decline", "withdraw", "counter"):
        if verb in action:
            return rng.choice([f"{verb} {{}}", f"{verb} #{{}}", f"{verb[0]} {{}}"]).format(
                action[verb]
            )
    if "propose" in action:
        return rng.choice(["send", "propose"])
    return ui.describe(action)


def test_short_and_german_forms_read_right() -> None:
    rng = random.Random(7)
    for state, p in _positions(range(4), every=2):
        legal, view = state.legal_actions(p), state.view(p)
        for action in rng.sample(legal, min(len(legal), 5)):
            text = _spoken(action, view, rng)
            assert ui.parse(text, view, legal) == action, (state.phase, text)


def _trade_view(active: int = 1, viewer: int = 0) -> dict[str, Any]:
    return {
        "viewer": viewer,
        "players": 4,
        "active": active,
        "phase": "trade",
        "hand": ["chili", "stink", "stink", "stink", "blue"],
        "hands": [5, 5, 5, 5],
        "fields": [[[], []] for _ in range(4)],
        "coins": [0, 0, 0, 0],
        "third_field": [False] * 4,
        "planted": 0,
        "offer_area": [{"id": 40, "card": "blue"}, {"id": 70, "card": "soy"}],
        "to_plant": [[], [], [], []],
        "offers": [],
        "draft": None,
    }


def _offer(to: int, give: list[tuple[str, int, str]], want: list[tuple[str, int, str]]) -> Action:
    def items(row: list[tuple[str, int, str]]) -> list[dict[str, Any]]:
        return [{"variety": v, "count": k, "from": src} for v, k, src in sorted(row)]

    return Action(offer={"to": to, "give": items(give), "want": items(want)})


def test_whole_offers_and_gifts_in_one_line() -> None:
    them = _trade_view(active=1, viewer=0)  # player 1 trades; we are player 0
    assert ui.parse("offer give 2 stink want blue", them, []) == _offer(
        1, [("stink", 2, "hand")], [("blue", 1, "offer")]
    )
    assert ui.parse("offer give chili want 2 Blaue", them, []) == _offer(
        1, [("chili", 1, "hand")], [("blue", 1, "offer"), ("blue", 1, "hand")]
    )
    assert ui.parse("o 1 Sau für Soja", them, []) == _offer(
        1, [("stink", 1, "hand")], [("soy", 1, "offer")]
    )
    assert ui.parse("gift 3 stink", them, []) == _offer(1, [("stink", 3, "hand")], [])
    assert "only 3" in ui.parse("gift 4 stink", them, [])  # type: ignore[operator]
    assert "only the active player" in ui.parse("offer give blue from offer", them, [])  # type: ignore[operator]
    assert "trade only with player 1" in ui.parse("offer 2 give chili", them, [])  # type: ignore[operator]
    me = _trade_view(active=0, viewer=0)  # our turn: the turned-up Blue and Soy are ours
    me["hand"] = ["chili", "stink", "stink", "stink", "blue"]
    assert ui.parse("offer 2 give chili want blue", me, []) == _offer(
        2, [("chili", 1, "hand")], [("blue", 1, "hand")]
    )
    assert ui.parse("offer give 1 blue from offer want 1 soy to 3", me, []) == _offer(
        3, [("blue", 1, "offer")], [("soy", 1, "hand")]
    )
    assert "only 1 Blue is turned up" in ui.parse("offer 3 give 2 blue from offer", me, [])  # type: ignore[operator]
    assert ui.parse("gift 2 stink to 3", me, []) == _offer(3, [("stink", 2, "hand")], [])
    assert ui.parse("gift blue to player 2", me, []) == _offer(2, [("blue", 1, "offer")], [])
    assert "to whom" in ui.parse("gift 2 stink", me, [])  # type: ignore[operator]
    assert "could be" in ui.parse("offer 2 give bla", me, [])  # type: ignore[operator]
    assert "not a bean" in ui.parse("offer 2 give banana", me, [])  # type: ignore[operator]


def test_parsed_offers_are_accepted_by_the_engine() -> None:
    rng = random.Random(3)
    sent = 0
    for state, p in _positions(range(4), every=1):
        if state.phase != "trade" or rng.random() < 0.7:
            continue
        view = state.view(p)
        hand = [ui.variety_of(c) for c in view["hand"]]
        if not hand:
            continue
        to = (p + 1) % state.num_players if p == state.active else state.active
        give, want = rng.choice(hand), rng.choice(list(SAY))
        text = f"offer to {to} give {rng.choice(SAY[give])} want {rng.choice(SAY[want])}"
        action = ui.parse(text, view, state.legal_actions(p))
        assert isinstance(action, Action), text
        before = state.to_json_text()
        events = state.clone().apply(p, action)
        assert events[0].type == "offer" and state.to_json_text() == before
        sent += 1
    assert sent > 10


JUNK = [
    "", "  ", "?!", "banana", "plant", "plant 9", "plant 0", "p banana", "harvest", "harvest 7",
    "h 0", "accept", "accept 99", "decline #0", "withdraw 5", "counter", "offer", "offer 9 give",
    "offer give", "gift", "gift 99 chili", "offer give 2", "send", "clear", "draft", "draft to",
    "buy", "done", "0", "99", "-1", "1.5", "x" * 80, "{}", "#3", "plant chili stink", "to to to",
    "offer 2 2 chili", "gift chili want soy", "draft give", "draft want 5",
]  # fmt: skip


def test_bad_input_at_every_phase_gives_a_message_and_changes_nothing() -> None:
    seen: set[str] = set()
    for state, p in _positions(range(3), every=7):
        legal, view = state.legal_actions(p), state.view(p)
        before = state.to_json_text()
        seen.add(state.phase)
        for text in JUNK:
            got = ui.parse(text, view, legal)
            assert isinstance(got, str | Action), (state.phase, text)
            if isinstance(got, Action):  # a forgiving read: then it is a legal move
                assert got in legal, (state.phase, text, got)
            else:
                assert got and "Error" not in got, (state.phase, text, got)
        assert state.to_json_text() == before
    assert seen == {"plant", "trade", "plant-trades"}
    over = {"phase": "over", "viewer": 0}
    assert ui.parse("plant 1", over, []) == "the game is over"


# -- whole games at the terminal ------------------------------------------------------------------


def _player(host: TerminalGame, rng: random.Random, bad_every: int = 0) -> Callable[[str], str]:
    count = [0]

    def ask(prompt: str) -> str:
        count[0] += 1
        state = host.state
        p = 0
        if bad_every and count[0] % bad_every == 0:
            return rng.choice(["banana", "plant 9", "harvest 7", "accept 99", "gift 9 cocoa"])
        legal = state.legal_actions(p)
        view = state.view(p)
        plain = [a for a in legal if not {"draft", "propose"} & set(a)]
        if state.phase == "trade" and rng.random() < 0.3 and view["hand"]:
            to = 1 if state.active == p else state.active
            give = rng.choice(view["hand"])
            want = rng.choice(list(SAY))
            return f"offer {to} give {rng.choice(SAY[ui.variety_of(give)])} want {want}"
        ends = [a for a in plain if "end" in a]
        action = ends[0] if ends and rng.random() < 0.4 else rng.choice(plain or legal)
        return _spoken(action, view, rng)

    return ask


def test_a_person_plays_a_whole_game_to_the_end() -> None:
    game = spieltisch.load_game("bohnanza", trade_seconds=3)
    buf = io.StringIO()
    host = TerminalGame(game, ["human", "random", "random"], 11, Console(file=buf, width=140))
    host.ask = _player(host, random.Random(1), bad_every=7)
    final = host.run()
    text = buf.getvalue()
    assert final.is_terminal()
    assert "Game over" in text and "The game is over" in text
    assert "Not allowed" not in text  # what the parser lets through is legal
    assert "(player 0 drew" in text  # the person's own draw, said as the log says it
    assert "not a bean I know" in text or "you have fields" in text
    mine = [a for p, a in host.record.actions if p == 0]
    assert any("offer" in a for a in mine) and any("plant" in a for a in mine)
    assert replay(Record.from_json(host.record.to_json())).to_json_text() == final.to_json_text()


def test_bad_input_changes_nothing_at_the_terminal() -> None:
    game = spieltisch.load_game("bohnanza", first_player="0")
    start = game.new_state(3, 4)
    lines = ["banana", "plant 9", "harvest 1", "accept 3", "help", "quit"]
    buf = io.StringIO()
    host = TerminalGame(game, ["human", "random", "random"], 4, Console(file=buf, width=140))
    host.ask = lambda prompt: lines.pop(0)
    host.run()
    text = buf.getvalue()
    assert "I do not know 'banana'" in text
    assert "you have fields 1 to 2" in text and "field 1 is empty" in text
    assert "Legal now:" in text and "plant the front card on field 1" in text
    assert host.record.actions == []
    assert host.state.to_json_text() == start.to_json_text()


def test_the_screen_never_shows_another_players_hand() -> None:
    changed = 0
    for k, (state, _) in enumerate(_positions(range(2), every=22)):
        screen = _screen(state.view(0))
        other = state.resample(0, Rng(k))
        changed += other.hands[1:] != state.hands[1:]
        assert _screen(other.view(0)) == screen
        hand = [ui.bean(c) for c in state.view(0)["hand"]]
        wide = _screen(state.view(0), width=1000)  # the hand on one line
        line = next(x for x in wide.splitlines() if x.startswith("Your hand"))
        assert [w.split(":")[1] for w in line.split()[2:] if ":" in w] == hand
        spectator = _screen(state.view(None))
        assert "Your hand" not in spectator
    assert changed > 5


def test_private_events_are_shown_only_to_their_player() -> None:
    drawn = {"type": "draw_cards", "player": 1, "cards": ["blue", "soy"], "visible_to": [1]}
    assert _logged(drawn, 0) is None
    assert _logged(drawn, None) is None
    assert _logged(drawn, 1) == "(player 1 drew Blue and Soy)"
    public = {"type": "draw", "player": 1, "count": 3}
    assert _logged(public, 0) == "player 1 draws 3 cards"


def test_every_event_type_is_described() -> None:
    kinds: dict[str, dict[str, Any]] = {}
    game = spieltisch.load_game("bohnanza")
    for seed in range(3):
        state = game.new_state(3, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            p = rng.choice(sorted(state.actors()))
            legal = state.legal_actions(p)
            if (p == REFEREE and rng.random() < 0.95) or not legal:
                continue
            for event in state.apply(p, rng.choice(legal)):
                data = event.to_json()
                kinds.setdefault(data["type"] + ("+" if data.get("counter") else ""), data)
    need = {"turn", "plant", "turn_up", "offer", "trade", "decline", "decline+", "withdraw"}
    need |= {"trading_end", "draw", "draw_cards", "harvest", "buy_field", "game_end"}
    assert need <= set(kinds), need - set(kinds)
    for kind, data in kinds.items():
        viewer = data.get("visible_to", [data.get("player", 0)])[0]
        text = _logged(data, viewer)
        assert text and "{" not in text and "None" not in text, (kind, text)
    turn = kinds["turn"]["player"]
    assert _logged(kinds["turn"], turn) == f"— player {turn} is on turn —"


def test_the_play_command_starts_a_game() -> None:
    out = CliRunner().invoke(
        app,
        ["play", "bohnanza", "--seats", "human,random,random", "--seed", "3"],
        input="help\nquit\n",
        env={"COLUMNS": "140"},
    )
    assert out.exit_code == 0, out.output
    assert "field 1" in out.output and "coins" in out.output
    assert "unfinished" in out.output
