"""Mutterböhnchen at one screen: every move the engine lists can be typed (and reads back from
its description), the Rasselbande, the pulls and the one-shots' choices are read right, bad
input changes nothing, and the screen never shows a Bohnentaler's face or another hand."""

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
from spieltisch.tui import mutterboehnchen as ui
from spieltisch.tui.play import TerminalGame

NAMES = [f"player {p}" for p in range(6)]
WEIGHT = {"draft": 0.05, "propose": 0.3, "end": 3, "give_first": 0.3}

_LOG_GAME = spieltisch.load_game("mutterboehnchen")
_LOG_SEATS = 6


def _logged(data: dict[str, Any], viewer: int | None = None) -> str | None:
    """What the terminal's log shows ``viewer`` of an event (``terminal_log.logged``)."""
    return logged(_LOG_GAME, _LOG_SEATS, data, viewer)


def _screen(view: dict[str, Any], width: int = 160) -> str:
    buf = io.StringIO()
    ui.render(view, Console(file=buf, width=width, force_terminal=False), NAMES)
    return buf.getvalue()


def _pick(legal: list[Action], rng: random.Random) -> Action:
    def weight(a: Action) -> float:
        rare = a.get("pull") == "none" or a.get("flitzer") == "pass"
        return WEIGHT.get(next(iter(a)), 1.0) * (0.1 if rare else 1.0)

    return rng.choices(legal, [weight(a) for a in legal])[0]


def _positions(seeds: range, every: int = 1, rest: int = 1) -> Iterator[Any]:
    """Positions of random games, 3 to 6 players (the state before an action, and who acts):
    in the trading phase every ``every``-th, else every ``rest``-th, a pending choice always."""
    game = spieltisch.load_game("mutterboehnchen")
    for seed in seeds:
        state = game.new_state(3 + seed % 4, seed)
        rng = random.Random(seed)
        for k in range(3000):
            if state.is_terminal():
                break
            actors = sorted(state.actors())
            p = rng.choice(actors)
            if p == REFEREE and rng.random() < 0.9:
                p = rng.choice([q for q in actors if q != REFEREE] or actors)
            legal = state.legal_actions(p)
            if not legal:
                continue
            rare = bool(state.pull or state.choice or state.foist or state.flitzer)
            often = every if state.phase == "trade" else rest
            if p != REFEREE and (k % often == 0 or rare):
                yield state.clone(), p
            state.apply(p, _pick(legal, rng))


# -- positions made to order ----------------------------------------------------------------------


def _craft(
    players: int = 3,
    first: int = 0,
    fields: dict[int, list[list[str]]] | None = None,
    hands: dict[int, list[str]] | None = None,
    coins: dict[int, list[str]] | None = None,
    discard: list[str] | None = None,
    stock_top: list[str] | None = None,
) -> Any:
    """A fresh game with the named cards put where they are wanted (taken from the stock; what
    they replace goes back into it), so that every card stays in one place."""
    game = spieltisch.load_game("mutterboehnchen", first_player=str(first))
    s = game.new_state(players, 1)
    kinds = game.kinds

    def take(name: str) -> int:
        for i, c in enumerate(s.stock):
            if kinds[c].name == name:
                return s.stock.pop(i)
        for row in [*s.coins, *s.hands]:
            for c in row:
                if kinds[c].name == name:
                    row.remove(c)
                    return c
        raise AssertionError(f"no {name} left")

    for p, row in (hands or {}).items():
        s.stock[:0], s.hands[p] = s.hands[p], []
        s.hands[p] = [take(n) for n in row]
    for p, row in (coins or {}).items():
        s.stock[:0], s.coins[p] = s.coins[p], []
        s.coins[p] = [take(n) for n in row]
    for p, rows in (fields or {}).items():
        for f, names in enumerate(rows):
            s.fields[p][f] = [take(n) for n in names]
            s.field_var[p][f] = kinds[s.fields[p][f][0]].variety if names else None
    if discard:
        s.discard = [take(n) for n in discard]
    for name in stock_top or []:
        s.stock.append(take(name))
    return s


def _do(state: Any, p: int, text: str) -> Action:
    """What ``p`` types, read against the state and carried out; the action."""
    action = ui.parse(text, state.view(p), state.legal_actions(p))
    assert isinstance(action, Action), (text, action)
    state.apply(p, action)
    return action


def _says(state: Any, p: int, text: str) -> str:
    got = ui.parse(text, state.view(p), state.legal_actions(p))
    assert isinstance(got, str), (text, got)
    return got


def test_the_pull_after_a_baby_and_the_kavalier_under_a_lady() -> None:
    s = _craft(fields={0: [["blue-lady", "blue", "blue"], [], []]}, hands={0: ["blue-baby"]})
    assert _do(s, 0, "plant 1") == Action(plant="front", field=0)
    screen = _screen(s.view(0))
    assert "move the Blue Lady (4th from the top of field 1) up 2" in screen
    assert "'pull 1'" in screen and "pull none" in screen
    assert "harvest" in _says(s, 0, "harvest 1") or "pull" in _says(s, 0, "harvest 1")
    assert "'pull 1'" in _says(s, 0, "pull 3")
    assert _do(s, 0, "pull 1") == Action(pull=0)
    assert [s.game.kinds[c].name for c in s.fields[0][0]] == [
        "blue",
        "blue",
        "blue-lady",
        "blue-baby",
    ]
    s = _craft(fields={0: [["chili-lady"], [], []]}, hands={0: ["kavalier"]})
    assert _do(s, 0, "plant 1 under") == Action(plant="front", field=0, under=True)
    assert [s.game.kinds[c].name for c in s.fields[0][0]] == ["kavalier", "chili-lady"]
    s = _craft(fields={0: [["blue-lady"], [], []]}, hands={0: ["kavalier"]})
    assert ui.parse("plant 1", s.view(0), s.legal_actions(0)) == Action(plant="front", field=0)
    assert "plant Kavalier under the Lady on field 1" in _screen(s.view(0))


def test_the_rasselbande_attack_and_the_kept_taler() -> None:
    s = _craft(
        fields={0: [["blue", "blue-baby2"], ["chili", "chili"], []]},
        hands={0: ["soy", "red"]},
        coins={1: ["blue", "chili"], 2: ["red"]},
    )
    _do(s, 0, "plant 3")
    assert "you have planted" in _says(s, 0, "plant 2") or True
    _do(s, 0, "done")
    assert s.phase == "attack"
    screen = _screen(s.view(0))
    assert "Rasselbande" in screen and "field 1 (2 rattles)" in screen
    assert "you do not attack yourself" in _says(s, 0, "attack 0 1")
    assert "field 2 has no attack" in _says(s, 0, "attack 1 2")
    assert _do(s, 0, "attack player 1 with field 1") == Action(attack=1, field=0)
    if s.phase == "defend":  # player 1 has a field to harvest first
        s.apply(1, Action(end="defending"))
    assert s.phase == "keep"
    screen = _screen(s.view(0))
    assert "drawn: Blue, Chili" in screen or "drawn: Chili, Blue" in screen
    assert "does not fit field 3" in _says(s, 0, "keep blue 3")
    assert "which card?" in _says(s, 0, "keep")
    assert ui.parse("keep 2", s.view(0), s.legal_actions(0))["field"] == 1  # type: ignore[index]
    assert _do(s, 0, "keep chili 2")["field"] == 1
    assert len(s.coins[1]) == 1 and s.phase in ("trade", "attack")


def test_the_one_shots_choices() -> None:
    # Frauenversteher: one of two Ladys to the top
    s = _craft(
        fields={0: [["blue-lady", "blue", "blue"], ["chili-lady", "chili"], []]},
        hands={0: ["frauenversteher"]},
    )
    _do(s, 0, "plant 3")
    screen = _screen(s.view(0))
    assert "Frauenversteher" in screen and "lady 1" in screen
    assert "first" in _says(s, 0, "plant 1")
    _do(s, 0, "lady 2")
    assert s.game.kinds[s.fields[0][1][-1]].name == "chili-lady"
    # Loser: a field must be harvested (the one-bean rule leaves fields 1 and 2)
    s = _craft(fields={0: [["blue", "blue"], ["chili", "chili"], []]}, hands={0: ["loser"]})
    _do(s, 0, "plant 3")
    assert "harvest 1" in _says(s, 0, "harvest") and "3" not in _says(s, 0, "harvest")
    _do(s, 0, "harvest 2")
    assert not s.fields[0][1]
    # Schürzenjäger: a Lady from the discard pile, by name or number
    s = _craft(fields={0: [[], [], []]}, hands={0: ["schuerzenjaeger"]},
               discard=["blue-lady", "red", "chili-lady"])  # fmt: skip
    _do(s, 0, "plant 1")
    _do(s, 0, "take chili lady")
    assert s.game.kinds[s.hands[0][-1]].name == "chili-lady"
    # Arbeitstier: the rearmost hand card too
    s = _craft(fields={0: [["blue"], ["blue"], []]}, hands={0: ["arbeitstier", "red", "blue"]})
    _do(s, 0, "plant 3")
    assert "'rear 1' or 'rear 2'" in _says(s, 0, "rear")
    _do(s, 0, "rear 2")
    assert len(s.fields[0][1]) == 2 and len(s.hands[0]) == 1
    # Kameradenschwein: a taler from player 2, planted on field 2
    s = _craft(
        fields={0: [["blue"], ["blue"], []]},
        hands={0: ["kameradenschwein"]},
        coins={1: ["red"], 2: ["blue"]},
    )
    _do(s, 0, "plant 3")
    assert "from whom?" in _says(s, 0, "taler")
    _do(s, 0, "taler 2")
    assert "Plant the drawn Bohnentaler" in _screen(s.view(0))
    _do(s, 0, "taler 2")
    assert len(s.fields[0][1]) == 2 and not s.coins[2]


def test_the_flitzer_the_hampelmann_and_received_cards() -> None:
    s = _craft(first=2, fields={0: [["red"], [], []]}, hands={2: ["soy"]},
               stock_top=["blue", "flitzer"])  # fmt: skip
    _do(s, 2, "plant 1")  # his hand is empty: the cards are turned up
    assert s.flitzer is not None
    screen = _screen(s.view(0))
    assert "Flitzer" in screen and "you may take him first" in screen
    assert "first: take the Flitzer" in _says(s, 0, "offer 2 give red want blue")
    take = next(a for a in s.legal_actions(0) if "flitzer" in a)
    assert _do(s, 0, "flitzer 1") == Action(flitzer=take["flitzer"], field=0)
    assert s.game.kinds[s.fields[0][0][-1]].name == "flitzer"
    s = _craft(first=2, hands={2: ["soy"]}, stock_top=["blue", "flitzer"])
    _do(s, 2, "plant 1")
    assert _do(s, 0, "flitzer no") == Action(flitzer="pass")
    # Hampelmann on top: the 2nd card may be any hand card
    s = _craft(fields={0: [["hampelmann"], [], []]}, hands={0: ["red", "blue", "chili"]})
    _do(s, 0, "plant 2")
    assert "plant Chili from the hand on field 3" in _screen(s.view(0))
    action = _do(s, 0, "plant chili 3")
    assert action["from"] == "hand" and s.game.kinds[s.fields[0][2][0]].name == "chili"
    # a gift is planted at once on a fitting field
    s = _craft(first=1, fields={0: [["blue"], ["blue"], []]}, hands={1: ["red", "blue"]})
    _do(s, 1, "plant 1")
    s.apply(1, Action(end="planting"))
    _do(s, 1, "gift blue to 0")
    _do(s, 0, "accept 1")
    assert s.foist and "Plant now" in _screen(s.view(0))
    assert "first plant what you received" in _says(s, 0, "done")
    _do(s, 0, "plant blue 2")
    assert len(s.fields[0][1]) == 2


# -- parse reads what describe writes -------------------------------------------------------------


def test_every_legal_action_reads_back_and_the_choices_are_legal() -> None:
    phases: set[str] = set()
    kinds: set[str] = set()
    for k, (state, p) in enumerate(_positions(range(6), every=6, rest=2)):
        legal, view = state.legal_actions(p), state.view(p)
        moment = state.phase + ("+" + state.choice["effect"] if state.choice else "")
        if moment not in phases or k % 25 == 0:
            _screen(view)  # every moment's screen is drawn without error
        phases.add(moment)
        vocab = ui.vocabulary(view)
        for action in legal:
            if "draft" in action:
                continue
            kinds.add(next(iter(action)))
            text = ui.describe(action, vocab, view)
            got = ui.parse(text, view, legal)
            assert isinstance(got, Action), (state.phase, text, got)
            assert ui.signature(got, view) == ui.signature(action, view), (text, got, action)
        menu = ui.choices(view)
        for n, sig in enumerate(menu, start=1):
            got = ui.parse(str(n), view, legal)
            assert isinstance(got, Action) or {"accept", "counter"} & set(sig), (sig, got)
        main = [a for a in legal if not {"draft", "propose", "give_first"} & set(a)]
        sigs = {ui.signature(a, view) for a in menu}
        assert {ui.signature(a, view) for a in main} <= sigs, state.phase
        assert isinstance(ui.parse(str(len(menu) + 1), view, legal), str)
    assert {"plant", "trade", "plant-trades", "attack", "place"} <= phases
    assert {"plant", "harvest", "end", "attack", "place", "give_first", "flitzer"} <= kinds


JUNK = [
    "", "  ", "?!", "banana", "plant", "plant 9", "p banana", "harvest", "harvest 7", "h 0",
    "accept 99", "decline #0", "withdraw 5", "counter", "offer", "offer 9 give", "gift 99 chili",
    "send", "clear", "draft", "buy", "done", "0", "99", "-1", "1.5", "x" * 80, "#3",
    "coffee 1", "offer 1 give cocoa", "attack", "attack 9 9", "attack 0", "keep", "keep red 9",
    "pull", "pull 9", "pull none", "lady 7", "take", "take blue", "rear 9", "taler", "taler 9",
    "flitzer", "flitzer 9", "aktivist 1", "place", "place blue 9", "first", "first banana",
    "kotzbrocken 9", "plant schuerzen 1", "plant baby 1", "lady", "under",
]  # fmt: skip


def test_bad_input_at_every_moment_gives_a_message_and_changes_nothing() -> None:
    seen: set[str] = set()
    for state, p in _positions(range(4), every=20, rest=5):
        legal, view = state.legal_actions(p), state.view(p)
        before = state.to_json_text()
        seen.add(state.phase)
        for text in JUNK:
            got = ui.parse(text, view, legal)
            assert isinstance(got, str | Action), (state.phase, text)
            if isinstance(got, Action):  # a forgiving read: then it is a legal move
                assert got in legal or "offer" in got, (state.phase, text, got)
            else:
                assert got and "Error" not in got and "could not read" not in got, (text, got)
        assert state.to_json_text() == before
    assert {"plant", "trade", "plant-trades", "attack"} <= seen


def test_the_screen_shows_no_taler_face_and_no_other_hand() -> None:
    changed = 0
    for k, (state, _) in enumerate(_positions(range(3), every=30, rest=15)):
        screen = _screen(state.view(0))
        other = state.resample(0, Rng(k))  # others' hands and every taler pile dealt anew
        changed += other.coins != state.coins or other.hands[1:] != state.hands[1:]
        assert _screen(other.view(0)) == screen
        assert "Your hand" not in _screen(state.view(None))
    assert changed > 5
    harvest = {"type": "harvest", "player": 1, "field": 0, "beans": 3, "coins": 2,
               "coin_cards": ["chili-lady", "chili"], "variety": "chili",
               "top": "chili-lady"}  # fmt: skip
    text = _logged(harvest, 0) or ""
    # the top card is public; the Bohnentaler go face down, their faces unnamed
    assert text == "player 1 harvests 3 beans from field 1 (top: Chili (Lady)): 2 Bohnentaler"


def test_every_event_type_is_described() -> None:
    kinds: dict[str, dict[str, Any]] = {}
    game = spieltisch.load_game("mutterboehnchen")
    for seed in range(6):
        state = game.new_state(3 + seed % 4, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            p = rng.choice(sorted(state.actors()))
            legal = state.legal_actions(p)
            if (p == REFEREE and rng.random() < 0.95) or not legal:
                continue
            for event in state.apply(p, _pick(legal, rng)):
                data = event.to_json()
                kinds.setdefault(data["type"], data)
    need = {"turn", "plant", "turn_up", "offer", "trade", "decline", "trading_end", "draw"}
    need |= {"draw_cards", "harvest", "game_end", "rasselbande", "attack", "attack_draw"}
    need |= {"give_back", "end_placement", "special"}
    assert need <= set(kinds), need - set(kinds)
    for kind, data in kinds.items():
        viewer = data.get("visible_to", [data.get("player", 0)])[0]
        text = _logged(data, viewer)
        if kind == "pull" and data.get("from") is None:
            continue
        assert text and "{" not in text and "None" not in text, (kind, text)
    hidden = {"type": "draw_cards", "player": 1, "cards": ["blue-lady"], "visible_to": [1]}
    assert _logged(hidden, 0) is None
    assert _logged(hidden, 1) == "(player 1 drew Blue (Lady))"


# -- whole games at the terminal ------------------------------------------------------------------


def _player(host: TerminalGame, rng: random.Random, bad_every: int = 0) -> Callable[[str], str]:
    count = [0]

    def ask(prompt: str) -> str:
        count[0] += 1
        state = host.state
        if bad_every and count[0] % bad_every == 0:
            return rng.choice(["banana", "plant 9", "attack 9", "keep red 9", "pull 9", "lady 7"])
        legal = state.legal_actions(0)
        view = state.view(0)
        if 0 not in state.waiting_for() and rng.random() < 0.3:
            return ""  # let the moment pass
        if state.phase == "trade" and not state.flitzer and rng.random() < 0.2 and view["hand"]:
            to = 1 if state.active == 0 else state.active
            give = ui.bz.variety_of(rng.choice(view["hand"]))
            return f"offer {to} give {give} want blue"
        menu = ui.choices(view)
        if menu and rng.random() < 0.5:
            return str(rng.randrange(len(menu)) + 1)
        plain = [a for a in legal if not {"draft", "propose"} & set(a)]
        return ui.describe(_pick(plain or legal, rng), ui.vocabulary(view), view)

    return ask


def test_a_person_plays_a_whole_game_against_bots() -> None:
    game = spieltisch.load_game("mutterboehnchen", trade_seconds=3)
    buf = io.StringIO()
    host = TerminalGame(game, ["human", "random", "random"], 5, Console(file=buf, width=160))
    host.ask = _player(host, random.Random(1), bad_every=7)
    final = host.run()
    text = buf.getvalue()
    assert final.is_terminal()
    assert "Game over" in text and "The game is over" in text
    assert "Not allowed" not in text  # what the parser lets through is legal
    assert "(player 0 drew" in text and "Bohnentaler (face down)" in text
    mine = [a for p, a in host.record.actions if p == 0]
    assert any("plant" in a for a in mine) and any("offer" in a for a in mine)
    assert replay(Record.from_json(host.record.to_json())).to_json_text() == final.to_json_text()


def test_bad_input_changes_nothing_at_the_terminal() -> None:
    game = spieltisch.load_game("mutterboehnchen", first_player="0")
    start = game.new_state(3, 4)
    lines = ["banana", "attack 1 1", "keep blue 1", "pull 1", "plant 9", "help", "quit"]
    buf = io.StringIO()
    host = TerminalGame(game, ["human", "random", "random"], 4, Console(file=buf, width=160))
    host.ask = lambda prompt: lines.pop(0)
    host.run()
    text = buf.getvalue()
    assert "I do not know 'banana'" in text
    assert "only the active player attacks" in text
    assert "you keep a Bohnentaler only after your attack" in text
    assert "nothing can be pulled up now" in text and "you have fields 1 to 3" in text
    assert "Legal now:" in text and "plant the front card on field 1" in text
    assert host.record.actions == []
    assert host.state.to_json_text() == start.to_json_text()


def test_the_play_command_starts_a_game() -> None:
    out = CliRunner().invoke(
        app,
        ["play", "mutterboehnchen", "--seats", "human,random,random", "--seed", "3"],
        input="help\nquit\n",
        env={"COLUMNS": "160"},
    )
    assert out.exit_code == 0, out.output
    assert "Mutterböhnchen" in out.output and "Bohnentaler (face down)" in out.output
    assert "attack 2 1" in out.output and "unfinished" in out.output


# -- 2 players (duo.py) ------------------------------------------------------------------------


def _duo_state(seed: int) -> Any:
    return spieltisch.load_game("mutterboehnchen").new_state(2, seed)


def test_a_person_plays_the_two_player_game() -> None:
    state = _duo_state(0)
    game = state.game
    buf = io.StringIO()
    host = TerminalGame(game, ["human", "random"], 5, Console(file=buf, width=160))
    rng = random.Random(2)

    def ask(prompt: str) -> str:
        legal = host.state.legal_actions(0)
        if rng.random() < 0.1:
            return rng.choice(["banana", "plant 9", "attack 9", "99"])
        view = host.state.view(0)
        menu = ui.choices(view)
        if menu:
            return str(rng.randrange(len(menu)) + 1)
        if not legal:
            return "quit"
        k = rng.randrange(len(legal))
        return rng.choice([str(k + 1), ui.describe(legal[k], ui.vocabulary(view), view)])

    host.ask = ask
    final = host.run()
    text = buf.getvalue()
    assert "Not allowed" not in text
    assert final.is_terminal() and "Game over" in text


def test_two_player_moves_read_back_by_words_and_numbers() -> None:
    seen: set[str] = set()
    for seed in range(2):
        state = _duo_state(seed)
        rng = random.Random(seed)
        for step in range(600):
            if state.is_terminal():
                break
            p = rng.choice(sorted(q for q in state.actors() if q != REFEREE))
            legal = state.legal_actions(p)
            if not legal:
                continue
            view = state.view(p)
            if step % 25 == 0:
                assert "Bohnentaler (face down)" in _screen(view)
            for k, action in enumerate(legal, start=1):
                seen.add(next(iter(action)))
                text = ui.describe(action, ui.vocabulary(view), view)
                assert ui.parse(text, view, legal) == action, (state.phase, text)
                assert ui.parse(str(k), view, legal) == action
            for junk in ("banana", "plant 9", "attack 9", "keep red 9", "99", "", "discard 9"):
                got = ui.parse(junk, view, legal)
                assert isinstance(got, str) or got in legal, (junk, got)
            state.apply(p, _pick(legal, rng))
    assert {"plant", "discard_hand", "end", "harvest", "attack"} <= seen


def test_card_ids_are_named_by_the_tables_own_card_file(tmp_path) -> None:
    """A table with its own card file (here: one Lady fewer per variety, so every special
    bean's id moves) still sees the right name for every card id a move or choice names."""
    from importlib import resources

    text = resources.files("spieltisch.games.mutterboehnchen").joinpath("cards.toml")
    own = text.read_text(encoding="utf-8").replace("lady = 5\n", "lady = 4\n", 1)
    assert own != text.read_text(encoding="utf-8")
    (tmp_path / "own.toml").write_text(own, encoding="utf-8")
    game = spieltisch.load_game("mutterboehnchen", cards=str(tmp_path / "own.toml"))
    built_in = spieltisch.load_game("mutterboehnchen")
    assert len(game.kinds) == len(built_in.kinds) - 1
    view = game.new_state(4, seed=1).view(0)
    assert [ui._id_name(view, c) for c in range(len(game.kinds))] == [k.name for k in game.kinds]
