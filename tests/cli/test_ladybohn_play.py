"""Ladybohn at one screen: Bohnanza's words plus fans, rotation, Make-up, steals and promises
are read right, bad input changes nothing, and the screen hides the others' hands."""

from __future__ import annotations

import io
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from rich.console import Console
from terminal_log import logged
from typer.testing import CliRunner

import spieltisch
from spieltisch.cli import app
from spieltisch.core import REFEREE, Action, Record, Rng
from spieltisch.registry import replay
from spieltisch.tui import ladybohn as ui
from spieltisch.tui.play import TerminalGame

NAMES = [f"player {p}" for p in range(5)]
SAY = {
    "blue": ["blue", "Blaue"],
    "chili": ["chili", "Feuer"],
    "stink": ["stink", "Sau"],
    "green": ["green", "Brech"],
    "soy": ["soy", "Soja"],
    "blackeyed": ["black-eyed", "Augen"],
    "red": ["red", "Rote"],
    "garden": ["garden", "Garten"],
    "makeup": ["makeup", "Make-up", "Schmink"],
}
WEIGHT = {"draft": 0.05, "propose": 0.3, "rotate": 5, "makeup": 5, "steal": 5, "swap": 2, "end": 3}

_LOG_GAME = spieltisch.load_game("ladybohn")
_LOG_SEATS = 5


def _logged(data: dict[str, Any], viewer: int | None = None) -> str | None:
    """What the terminal's log shows ``viewer`` of an event (``terminal_log.logged``)."""
    return logged(_LOG_GAME, _LOG_SEATS, data, viewer)


def _screen(view: dict[str, Any], width: int = 160) -> str:
    buf = io.StringIO()
    ui.render(view, Console(file=buf, width=width, force_terminal=False), NAMES)
    return buf.getvalue()


def _dope(state: Any, rng: random.Random) -> None:
    """Ladybohn's rarer moments made common: the active player's field becomes 3 to 6 Make-up
    beans from the stock (its cards go into the stock in their place: every card stays in one
    place), and near the end a player may owe a steal."""
    p = state.active
    spots = [i for i, c in enumerate(state.stock) if state.deck.kinds[c].variety == "makeup"]
    k = rng.choice([3, 4, 5, 6])
    if len(spots) >= k:
        f = rng.randrange(len(state.fields[p]))
        old = state.fields[p][f]
        new = [state.stock[i] for i in spots[:k]]
        for j, i in enumerate(spots[:k]):
            state.stock[i] = old[j] if j < len(old) else None
        state.stock = old[k:] + [c for c in state.stock if c is not None]
        state.fields[p][f] = new
    fans, kinds = state.fans, state.deck.kinds
    if len(fans) == 2 and fans[0] and fans[1] and rng.random() < 0.5:
        v = kinds[fans[0][0]].variety  # both fans show it, and it comes up next
        same = [i for i, c in enumerate(state.stock[:-3]) if kinds[c].variety == v]
        if len(same) >= 2:
            a, b = same[:2]
            state.stock[a], fans[1][0] = fans[1][0], state.stock[a]
            state.stock[b], state.stock[-1] = state.stock[-1], state.stock[b]
    if state.exhausted >= 2 and rng.random() < 0.5:
        state.steals[rng.randrange(state.num_players)] += 1


def _pick(legal: list[Action], rng: random.Random) -> Action:
    weights = [WEIGHT.get(next(iter(a)), 1.0) for a in legal]
    return rng.choices(legal, weights)[0]


def _positions(seeds: range, every: int = 1, players: tuple[int, ...] = (3, 4, 5)) -> Iterator[Any]:
    """Positions of random games with Make-up fields sown in (the state before an action)."""
    game = spieltisch.load_game("ladybohn")
    for seed in seeds:
        state = game.new_state(players[seed % len(players)], seed)
        rng = random.Random(seed)
        turn = None
        for k in range(2000):
            if state.is_terminal():
                break
            if state.phase == "plant" and (state.active, state.exhausted, len(state.stock)) != turn:
                turn = (state.active, state.exhausted, len(state.stock))
                if rng.random() < 0.35:
                    _dope(state, rng)
            actors = sorted(state.actors())
            p = rng.choice(actors)
            if p == REFEREE and rng.random() < 0.9:
                p = rng.choice([q for q in actors if q != REFEREE] or actors)
            legal = state.legal_actions(p)
            if not legal:
                continue
            rare = any({"rotate", "makeup", "steal", "fan"} & set(a) for a in legal)
            if p != REFEREE and (k % every == 0 or rare):
                yield state.clone(), p
            state.apply(p, _pick(legal, rng))


# -- parse reads what describe writes -------------------------------------------------------------


def test_every_legal_action_reads_back_from_its_description() -> None:
    phases: set[str] = set()
    kinds: set[str] = set()
    for k, (state, p) in enumerate(_positions(range(8), every=4)):
        legal, view = state.legal_actions(p), state.view(p)
        if state.phase not in phases or k % 20 == 0:
            _screen(view)  # every phase's screen is drawn without error
        phases.add(state.phase)
        drafts = [a for a in legal if "draft" in a]
        sample = [a for a in legal if "draft" not in a] + random.Random(len(legal)).sample(
            drafts, min(len(drafts), 4)
        )
        for action in sample:
            kinds.add(next(iter(action)) + (f"={action['makeup']}" if "makeup" in action else ""))
            text = ui.describe(action)
            assert ui.parse(text, view, legal) == action, (state.phase, text)
    assert {"plant", "trade", "plant-trades", "fan", "steal", "final-steal"} <= phases
    assert {"plant", "harvest", "end", "draft", "propose", "accept", "decline", "buy"} <= kinds
    assert {"swap", "fan", "rotate", "steal", "makeup=field", "makeup=coin", "makeup=none"} <= kinds


def test_the_numbered_choices_are_legal_moves() -> None:
    for state, p in _positions(range(4), every=2):
        legal, view = state.legal_actions(p), state.view(p)
        menu = ui.choices(view)
        for k, action in enumerate(menu, start=1):
            got = ui.parse(str(k), view, legal)
            assert got == action or ("accept" in action or "counter" in action), (action, got)
        main = [a for a in legal if not {"draft", "propose"} & set(a)]
        assert set(main) <= set(menu), (state.phase, set(main) - set(menu))
        assert isinstance(ui.parse(str(len(menu) + 1), view, legal), str)


def _spoken(action: Action, view: dict[str, Any], rng: random.Random) -> str:
    """What a person might type for ``action``: short forms, German names, fan sizes."""
    if "swap" in action:
        i = action["swap"]
        return rng.choice([f"swap {i + 1}", f"swap {len(view['fans'][i])}", f"swap fan {i + 1}"])
    if "fan" in action:
        return rng.choice(["fan {}", "lay on fan {}", "put it on {}"]).format(action["fan"] + 1)
    if "rotate" in action:
        return rng.choice(["rotate {}", "r {}", "rotate field {}"]).format(action["rotate"] + 1)
    if "makeup" in action:
        word = action["makeup"]
        return rng.choice([word, f"take {word}", f"makeup {word}"])
    if "steal" in action:
        who = action["steal"]
        if not who:
            return rng.choice(["steal none", "steal nobody", "steal from no one"])
        return rng.choice(["steal {}", "steal from {}", "rob {}"]).format(
            " ".join(rng.choice([str(q), f"player {q}", f"p{q}"]) for q in who)
        )
    if action.get("plant") == "front":
        return rng.choice(["plant {}", "p {}", "plant front {}"]).format(action["field"] + 1)
    if "plant" in action:
        card = next(
            c["card"] for c in view["to_plant"][view["viewer"]] if c["id"] == action["plant"]
        )
        word = rng.choice(SAY[ui.bz.variety_of(card)])
        if ui.is_lady(card):  # a Lady is named as one: a male of her variety may wait too
            word += rng.choice([" Lady", "-lady"])
        return rng.choice(["plant {} {}", "p {} on field {}", "{} {}"]).format(
            word, action["field"] + 1
        )
    if "harvest" in action:
        return rng.choice(["harvest {}", "h {}", "ernte {}"]).format(action["harvest"] + 1)
    if "buy" in action:
        return rng.choice(["buy", "kaufen", "buy field"])
    if "end" in action:
        return rng.choice(["done", "end", "fertig"])
    for verb in ("accept", "decline", "withdraw", "counter"):
        if verb in action:
            return rng.choice([f"{verb} {{}}", f"{verb} #{{}}"]).format(action[verb])
    if "propose" in action:
        return rng.choice(["send", "propose"])
    if action.get("draft") == "promise":
        word = "pledge" if action["side"] == "sender" else rng.choice(["promise", "versprechen"])
        holds = {"next": rng.choice(["", " next"]), "game": " game", "none": " none"}
        return rng.choice(["", "draft "]) + word + holds[action["holds"]]
    if "give_first" in action:
        name = dict(zip(view["hand_ids"], view["hand"], strict=True)).get(action["give_first"])
        name = name or next(
            c["card"] for c in view["offer_area"] if c["id"] == action["give_first"]
        )
        lady = " lady" if ui.is_lady(name) else ""
        return f"first {ui.bz.variety_of(name)}{lady}"
    return ui.describe(action)


def test_short_forms_read_right() -> None:
    rng = random.Random(7)
    seen: set[str] = set()
    for state, p in _positions(range(8), every=4):
        legal, view = state.legal_actions(p), state.view(p)
        for action in rng.sample(legal, min(len(legal), 6)):
            seen.add(next(iter(action)))
            text = _spoken(action, view, rng)
            assert ui.parse(text, view, legal) == action, (state.phase, text)
    assert {"swap", "fan", "rotate", "makeup", "steal"} <= seen


def test_offers_with_a_promise_are_accepted_by_the_engine() -> None:
    rng = random.Random(3)
    sent = 0
    for state, p in _positions(range(4)):
        if state.phase != "trade" or rng.random() < 0.7:
            continue
        view = state.view(p)
        hand = [ui.bz.variety_of(c) for c in view["hand"]]
        if not hand:
            continue
        to = (p + 1) % state.num_players if p == state.active else state.active
        give, want = rng.choice(hand), rng.choice(list(SAY))
        text = f"offer {to} give {rng.choice(SAY[give])} want {rng.choice(SAY[want])} promise"
        action = ui.parse(text, view, state.legal_actions(p))
        assert isinstance(action, Action), text
        assert action["offer"]["promises"] == {"receiver": "next"}, text
        before = state.to_json_text()
        events = state.clone().apply(p, action)
        assert events[0].type == "offer"
        assert events[0].data.get("promises") == {"receiver": "next"}
        assert f"will not steal from player {p}" in (_logged(events[0].to_json(), p) or "")
        assert state.to_json_text() == before
        sent += 1
    assert sent > 5


def _view(**changes: Any) -> dict[str, Any]:
    game = spieltisch.load_game("ladybohn", first_player="0")
    view = game.new_state(4, 1).view(0)
    view.update(changes)
    return view


def test_fields_show_ladys_the_ratio_field_and_make_up() -> None:
    view = _view(
        fields=[
            [["blue", "blue", "blue", "blue-lady"], ["chili", "chili-lady", "chili"], ["soy"] * 3],
            [["makeup-lady"] * 3, []],
            [[], []],
            [[], []],
        ],
        third=["ratio", None, None, None],
        coins=[0, 2, 1, 0],
        steals=[0, 1, 0, 0],
        promises=[[1, 2]],
    )
    screen = _screen(view, width=220)
    assert "Blue ×4, Lady on top (1 coin; 5 → 2)" in screen
    assert "Chili ×3, 1 Lady (1 coin; 6 → 2)" in screen
    assert "Ratio: Soy ×3 (pays nothing: males only)" in screen
    assert "Make-up ×3 (free 3rd field" in screen
    assert "owes 1 steal" in screen and "promised by 1" in screen and "protected" in screen
    assert "Fan 1" in screen and "(6 cards, top first)" in screen


def test_the_words_for_ladybohn_moves() -> None:
    view = _view(phase="trade", active=0, hands=[4, 5, 5, 5], hand=["blue", "soy", "red", "chili"])
    legal = [Action(swap=1), Action(end="trading")]
    assert ui.parse("swap 4", view, legal) == Action(swap=1)
    assert ui.parse("swap 2", view, legal) == Action(swap=1)
    assert ui.parse("swap", view, legal) == Action(swap=1)
    assert "6 cards, your hand 4" in ui.parse("swap 6", view, legal)  # type: ignore[operator]
    assert "no Make-up harvest" in ui.parse("coin", view, legal)  # type: ignore[operator]
    offer = ui.parse("offer 2 give blue want soy promise", view, legal)
    assert isinstance(offer, Action) and offer["offer"] == {
        "to": 2,
        "give": [{"variety": "blue", "count": 1, "from": "hand"}],
        "want": [{"variety": "soy", "count": 1, "from": "hand"}],
        "promises": {"receiver": "next"},
    }
    both = ui.parse("offer 2 give blue want soy promise game pledge", view, legal)
    assert isinstance(both, Action)
    assert both["offer"]["promises"] == {"receiver": "game", "sender": "next"}
    assert "twice" not in ui.describe(both)
    assert "player 2 will not rob you for the rest of the game" in ui.describe(both)
    assert "once" in ui.parse("offer 2 give blue promise promise", view, legal)  # type: ignore[operator]
    made = _view(makeup_choice=[{"beans": 5, "coin": True}, None, None, None])
    legal = [Action(makeup="field"), Action(makeup="coin")]
    assert ui.parse("coin", made, legal) == Action(makeup="coin")
    assert ui.parse("field", made, legal) == Action(makeup="field")
    assert "field or the coin" in ui.parse("none", made, legal)  # type: ignore[operator]
    assert "first say what your Make-up" in ui.parse("harvest 1", made, legal)  # type: ignore[operator]
    screen = _screen(made)
    assert "'field' takes a free 3rd field" in screen and "'coin' takes 1 coin" in screen


JUNK = [
    "", "  ", "?!", "banana", "plant", "plant 9", "p banana", "harvest", "harvest 7", "h 0",
    "accept 99", "decline #0", "withdraw 5", "counter", "offer", "offer 9 give", "gift 99 chili",
    "send", "clear", "draft", "buy", "done", "0", "99", "-1", "1.5", "x" * 80, "#3",
    "coffee 1", "offer 1 give cocoa", "swap", "swap 9", "swap 1 2", "fan", "fan 3", "rotate",
    "rotate 7", "r 0", "steal", "steal 9", "steal 0 1 2 3 4", "steal all", "field", "coin",
    "none", "take", "promise", "draft promise", "makeup", "lady", "offer promise",
]  # fmt: skip


def test_bad_input_at_every_phase_gives_a_message_and_changes_nothing() -> None:
    seen: set[str] = set()
    for state, p in _positions(range(6), every=10):
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
    assert {"plant", "trade", "plant-trades", "steal"} <= seen
    assert ui.parse("plant 1", {**_view(), "phase": "over"}, []) == "the game is over"


# -- whole games at the terminal ------------------------------------------------------------------


def _player(host: TerminalGame, rng: random.Random, bad_every: int = 0) -> Callable[[str], str]:
    count = [0]

    def ask(prompt: str) -> str:
        count[0] += 1
        state = host.state
        p = 0
        if bad_every and count[0] % bad_every == 0:
            return rng.choice(["banana", "plant 9", "swap 9", "rotate 7", "steal 9", "fan 3"])
        legal = state.legal_actions(p)
        view = state.view(p)
        if p not in state.waiting_for() and rng.random() < 0.3:
            return ""  # let the moment pass
        plain = [a for a in legal if not {"draft", "propose"} & set(a)]
        if state.phase == "trade" and rng.random() < 0.3 and view["hand"]:
            to = 1 if state.active == p else state.active
            give = rng.choice(SAY[ui.bz.variety_of(rng.choice(view["hand"]))])
            promise = rng.choice(["", " promise", " promise game", " pledge next", ""])
            return f"offer {to} give {give} want {rng.choice(list(SAY))}{promise}"
        ends = [a for a in plain if "end" in a]
        action = ends[0] if ends and rng.random() < 0.4 else _pick(plain or legal, rng)
        return _spoken(action, view, rng)

    return ask


def test_a_person_plays_a_whole_game_to_the_end() -> None:
    game = spieltisch.load_game("ladybohn", trade_seconds=3)
    buf = io.StringIO()
    seats = ["human", "random", "random", "random"]
    host = TerminalGame(game, seats, 11, Console(file=buf, width=160))
    host.ask = _player(host, random.Random(1), bad_every=7)
    final = host.run()
    text = buf.getvalue()
    assert final.is_terminal()
    assert "Game over" in text and "The game is over" in text
    assert "Not allowed" not in text  # what the parser lets through is legal
    assert "(player 0 drew" in text and "Fan 1" in text
    mine = [a for p, a in host.record.actions if p == 0]
    assert any("offer" in a for a in mine) and any("plant" in a for a in mine)
    assert any(a.get("offer", {}).get("promises") for a in mine)
    assert replay(Record.from_json(host.record.to_json())).to_json_text() == final.to_json_text()


def test_bad_input_changes_nothing_at_the_terminal() -> None:
    game = spieltisch.load_game("ladybohn", first_player="0")
    start = game.new_state(3, 4)
    lines = ["banana", "swap 9", "rotate 2", "steal 1", "field", "help", "quit"]
    buf = io.StringIO()
    host = TerminalGame(game, ["human", "random", "random"], 4, Console(file=buf, width=160))
    host.ask = lambda prompt: lines.pop(0)
    host.run()
    text = buf.getvalue()
    assert "I do not know 'banana'" in text and "fans are 1 (6 cards) and 2 (4 cards)" in text
    assert "only right after your harvest" in text and "you have no steal" in text
    assert "Legal now:" in text and "swap 6" in text
    assert host.record.actions == []
    assert host.state.to_json_text() == start.to_json_text()


def test_the_screen_never_shows_another_players_hand() -> None:
    changed = 0
    for k, (state, _) in enumerate(_positions(range(2), every=17)):
        screen = _screen(state.view(0))
        other = state.resample(0, Rng(k))
        changed += other.hands[1:] != state.hands[1:]
        assert _screen(other.view(0)) == screen
        hand = [ui.card_text(c).replace(" ", "-") for c in state.view(0)["hand"]]
        wide = _screen(state.view(0), width=1000)
        line = next(x for x in wide.splitlines() if x.startswith("Your hand"))
        assert [w.split(":")[1] for w in line.split()[2:] if ":" in w] == hand
        assert "Your hand" not in _screen(state.view(None))
    assert changed > 5


def test_every_event_type_is_described() -> None:
    kinds: dict[str, dict[str, Any]] = {}
    game = spieltisch.load_game("ladybohn")
    for seed in range(8):
        state = game.new_state(3 + seed % 3, seed)
        rng = random.Random(seed)
        turn = None
        while not state.is_terminal():
            if state.phase == "plant" and (state.active, len(state.stock)) != turn:
                turn = (state.active, len(state.stock))
                if rng.random() < 0.35:
                    _dope(state, rng)
            p = rng.choice(sorted(state.actors()))
            legal = state.legal_actions(p)
            if (p == REFEREE and rng.random() < 0.95) or not legal:
                continue
            for event in state.apply(p, _pick(legal, rng)):
                data = event.to_json()
                kinds.setdefault(data["type"], data)
    need = {"turn", "plant", "turn_up", "offer", "trade", "decline", "withdraw", "trading_end"}
    need |= {"draw", "draw_cards", "harvest", "buy_field", "game_end"}
    need |= {"swap", "fan", "rotate", "third_field", "makeup", "steal"}
    assert need <= set(kinds), need - set(kinds)
    for kind, data in kinds.items():
        viewer = data.get("visible_to", [data.get("player", 0)])[0]
        text = _logged(data, viewer)
        assert text and "{" not in text and "None" not in text, (kind, text)
    hidden = {"type": "draw_cards", "player": 1, "cards": ["blue-lady"], "visible_to": [1]}
    assert _logged(hidden, 0) is None
    assert _logged(hidden, 1) == "(player 1 drew Blue (Lady))"


def test_the_play_command_starts_a_game() -> None:
    out = CliRunner().invoke(
        app,
        ["play", "ladybohn", "--seats", "human,random,random", "--seed", "3"],
        input="help\nquit\n",
        env={"COLUMNS": "160"},
    )
    assert out.exit_code == 0, out.output
    assert "Fan 1" in out.output and "swap 6" in out.output
    assert "unfinished" in out.output


# -- 1 and 2 players (duo.py): read at least by the legal list ------------------------------------


def _duo_game() -> Any:
    return spieltisch.load_game("ladybohn")


@pytest.mark.parametrize("players", [1, 2])
def test_duo_actions_read_back(players: int) -> None:
    game = _duo_game()
    for seed in range(3):
        state = game.new_state(players, seed)
        rng = random.Random(seed)
        for step in range(800):
            if state.is_terminal():
                break
            actors = sorted(q for q in state.actors() if q != REFEREE)
            if not actors:
                break
            p = rng.choice(actors)
            legal = state.legal_actions(p)
            if not legal:
                continue
            view = state.view(p)
            if step % 10 == 0:
                _screen(view)
            for action in legal:
                assert ui.parse(ui.describe(action), view, legal) == action
            menu = ui.choices(view)
            assert set(menu) == set(legal), (state.phase, set(menu) ^ set(legal))
            for k, action in enumerate(menu, start=1):
                assert ui.parse(str(k), view, legal) == action
            for junk in ("banana", "plant 9", "take cocoa", "steal 7", "swap 3", "99", ""):
                got = ui.parse(junk, view, legal)
                assert isinstance(got, str) or got in legal, (junk, got)
            state.apply(p, rng.choice(legal))


@pytest.mark.parametrize("players", [1, 2])
def test_a_person_plays_a_duo_game_to_the_end(players: int) -> None:
    game = _duo_game()
    buf = io.StringIO()
    seats = ["human", "random"][:players]
    host = TerminalGame(game, seats, 5, Console(file=buf, width=160))
    rng = random.Random(2)

    def ask(prompt: str) -> str:
        legal = host.state.legal_actions(0)
        if rng.random() < 0.1:
            return rng.choice(["banana", "plant 9", "take cocoa", "steal 7"])
        menu = ui.choices(host.state.view(0))
        k = rng.randrange(len(menu))
        return rng.choice([str(k + 1), ui.describe(menu[k])]) if legal else "quit"

    host.ask = ask
    final = host.run()
    text = buf.getvalue()
    assert final.is_terminal() and "Game over" in text and "Not allowed" not in text


def test_the_terminal_offers_which_card_goes_first_and_both_promises() -> None:
    """Issue 14: the giver chooses which of her cards she gives; an offer says whose promise
    it carries and how long it holds."""
    from ladybohn_positions import load

    state = load(
        phase="trade",
        active=1,
        planted=1,
        hands=[["red"], ["blue"], ["soy-lady", "soy", "green"]],
        fields=[[["blue"], []], [["soy"] * 2, []], [["green"], []]],
        promises=[[1, 2, "game"], [0, 2, "next"]],
    )
    view, legal = state.view(2), state.legal_actions(2)
    lady = view["hand_ids"][0]
    assert ui.parse("first soy lady", view, legal) == Action(give_first=lady)
    assert "goes first already" in ui.parse("first soy", view, legal)  # type: ignore[operator]
    assert Action(give_first=lady) in ui.choices(view)
    state.apply(2, {"give_first": lady})
    view = state.view(2)
    screen = _screen(view, width=200)
    assert "Give first Soy Lady" in screen
    assert "promised by 0, 1 (for the game)" in screen
    action = ui.parse("offer 1 give soy pledge game", view, state.legal_actions(2))
    assert isinstance(action, Action) and action["offer"]["promises"] == {"sender": "game"}
    events = state.apply(2, action)
    said = _logged(events[0].to_json(), 1) or ""
    assert "player 2 will not steal from player 1 for the rest of the game" in said, said
