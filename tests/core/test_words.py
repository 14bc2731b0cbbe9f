"""Words in one place: the catalogs' grammar, their fallbacks, every game's catalog complete in
both languages, the browser's merged catalog without contradictions, and no German word left
in the browser's code."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from spieltisch.core import IllegalAction
from spieltisch.core.words import Said, Seat, Words, fill, lang_from_env
from spieltisch.registry import GAMES, load_game
from spieltisch.server.words import browser_words, catalogs

STATIC_JS = Path(__file__).parents[2] / "src" / "spieltisch" / "server" / "static" / "js"

WORDS = Words(
    {
        "en": {
            "beans": "{0:1 bean|# beans}",
            "move": "{0} sows pit {1}: {2}",
            "caught": "captures {0}",
            "only.en": "only English",
        },
        "de": {
            "beans": "{0:1 Bohne|# Bohnen}",
            "move": "{0} sät Mulde {1}: {2}",
            "caught": "schlägt {0}",
        },
    }
)


def test_slots_counts_and_nested_sentences() -> None:
    said = Said("move", Seat(2), 4, Said("caught", Said("beans", 1)))
    assert WORDS.say("en", said) == "Player 3 sows pit 4: captures 1 bean"
    assert WORDS.say("de", said) == "Spieler 3 sät Mulde 4: schlägt 1 Bohne"
    assert WORDS.say("de", "beans", 7) == "7 Bohnen"
    assert WORDS.say("en", said, seat=lambda p: "you" if p == 2 else f"P{p}").startswith("you ")
    assert fill("{0} and {1}", ["a"], ["a"]) == "a and {1}"  # a missing argument stays visible


def test_fallbacks() -> None:
    assert WORDS.say("de", "only.en") == "only English"
    assert WORDS.say("de", "no.such.key", 1) == "no.such.key"
    child = Words({"de": {"own": "eigen"}}, parents=[WORDS])
    assert child.say("de", "beans", 2) == "2 Bohnen"
    assert child.say("de", "and") == "und"  # the language's own words, owned by no game
    assert child.to_json()["de"]["move"] == WORDS.entries["de"]["move"]
    with pytest.raises(ValueError):
        Words({"fr": {}})


def test_said_round_trips_through_json() -> None:
    said = Said("move", Seat(0), 3, Said("caught", Said("beans", 2)), (Seat(1), "x"))
    assert Said.from_json(said.to_json()) == said
    assert said.to_json()["args"][0] == {"seat": 0}


def test_illegal_action_keeps_its_english_and_names_its_key() -> None:
    err = IllegalAction("pit 3 is empty", key="r.pit.empty", args=(3,))
    assert str(err) == "pit 3 is empty"
    assert err.said == Said("r.pit.empty", 3)
    words = load_game("mancala").words()
    assert words.say("de", err.said) == "Mulde 3 ist leer"
    assert IllegalAction("plain").said is None


def test_language_from_the_environment() -> None:
    assert lang_from_env({"LANG": "de_DE.UTF-8"}) == "de"
    assert lang_from_env({"LANGUAGE": "en_GB", "LANG": "de_DE.UTF-8"}) == "en"
    assert lang_from_env({}) == "en"


@pytest.mark.parametrize("name", ["site", *GAMES])
def test_every_word_has_its_german_with_the_same_slots(name: str) -> None:
    words = catalogs()[name]
    en, de = words["en"], words["de"]
    missing = [k for k in en if k not in de and not k.endswith(".break")]
    assert not missing, f"{name}: English words without German: {missing}"
    for key, text in en.items():
        if key in de:
            slots = sorted(set(re.findall(r"\{(\d+)", text)))
            assert sorted(set(re.findall(r"\{(\d+)", de[key]))) == slots, key


def test_the_browser_catalog_has_no_contradictions() -> None:
    merged = browser_words()
    for name, words in catalogs().items():
        for lang in ("en", "de"):
            for key, text in words[lang].items():
                assert merged[lang][key] == text, f"{name} says {key!r} otherwise"


# Words that are German and not English; a label in the browser's code would use some of them.
GERMAN = {
    "und",
    "oder",
    "nicht",
    "der",
    "die",
    "das",
    "ist",
    "sind",
    "ein",
    "eine",
    "einen",
    "mit",
    "auf",
    "von",
    "zu",
    "dein",
    "deine",
    "du",
    "ja",
    "nein",
    "nichts",
    "noch",
    "jetzt",
    "erst",
    "Karte",
    "Karten",
    "Mulde",
    "Mulden",
    "Spieler",
    "Runde",
    "Runden",
    "Bohne",
    "Bohnen",
    "Feld",
    "Felder",
    "zieht",
    "legt",
    "pflanzt",
    "erntet",
    "Taler",
    "Zug",
    "Stapel",
    "Ablage",
    "Handel",
    "Angebot",
    "Tisch",
    "Platz",
    "Zuschauer",
    "Regeln",
    "Spiel",
    "gewinnt",
    "Bube",
    "Dame",
    "Dieb",
    "Fee",
    "Speicher",
    "bohne",
}


def _code(text: str) -> str:
    """The text without its comments (block comments and whole-line ``//`` comments)."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("//"))


def test_no_german_word_in_the_browsers_code() -> None:
    files = sorted(STATIC_JS.rglob("*.js"))
    assert len(files) >= 10
    found = []
    for path in files:
        for n, line in enumerate(_code(path.read_text(encoding="utf-8")).splitlines(), 1):
            if re.search(r"[äöüÄÖÜß]", line):
                found.append(f"{path.name}:{n}: {line.strip()[:80]}")
            for word in re.findall(r"[A-Za-z]+", line):
                if word in GERMAN:
                    found.append(f"{path.name}:{n}: {word!r} in {line.strip()[:80]}")
    assert not found, "German in the browser's code:\n" + "\n".join(found)


def test_biber_mania_names_who_went_out_counting_from_one_in_both_languages() -> None:
    game = load_game("bibermania")
    words = game.words()
    end = {"type": "game_end", "scores": [1, 2, 9], "why": "player 2 laid their last cards"}
    said = game.said_event({**end, "end": "out", "by": 2}, None)
    assert words.say("en", said) == "The game is over: Player 3 laid their last cards."
    assert words.say("de", said) == "Das Spiel ist vorbei: Spieler 3 hat die letzten Karten gelegt."


def test_kalahs_match_end_says_the_winner_has_more_beans() -> None:
    game = load_game("kalah")
    state = game.new_state(2, 3)
    events = []
    while not state.is_terminal():
        player = next(iter(state.actors()))
        events = state.apply(player, state.legal_actions(player)[0])
    end = events[-1].to_json()
    assert end["type"] == "match_end"
    words = game.words()
    winner = end["result"]
    assert end["beans"][winner] > end["beans"][1 - winner]
    said = game.said_event(end, None)
    assert words.say("en", said) == (
        f"Player {winner + 1} wins the match (more beans after the only round)."
    )
    assert words.say("de", said) == (
        f"Spieler {winner + 1} gewinnt das Match (mehr Bohnen nach der einzigen Runde)."
    )


LIGHT = (("mancala", 2), ("kalah", 2), ("bibermania", 3))


def _bots_game(game_id: str, players: int, seed: int, lang: str, **options: object):
    """A game of random bots at a terminal in ``lang``: the host and what it printed."""
    import io

    from rich.console import Console

    from spieltisch.tui.play import TerminalGame

    buf = io.StringIO()
    game = load_game(game_id, **options)
    host = TerminalGame(game, ["random"] * players, seed, Console(file=buf, width=1000), lang=lang)
    host.run()
    return host, buf.getvalue()


@pytest.mark.parametrize(
    ("game_id", "players", "lang"),
    [
        *[
            (g, n, lang)
            for g, n in (("mancala", 2), ("kalah", 2), ("bibermania", 3))
            for lang in ("en", "de")
        ],
        ("bohnanza", 3, "de"),  # a whole bean game takes seconds: one language each
        ("ladybohn", 3, "en"),
        ("maumau", 3, "de"),  # its English screen keeps its own log (cards as typed)
        ("mutterboehnchen", 2, "de"),
        ("mutterboehnchen", 3, "en"),
    ],
)
def test_the_replay_reads_as_the_terminals_log(game_id: str, players: int, lang: str) -> None:
    from spieltisch.server.words import replay_lines

    host, printed = _bots_game(game_id, players, 5, lang)
    lines = replay_lines(host.game, host.record)
    assert lines["spoken"] and len(lines["steps"]) == len(host.record.actions)
    said = [host.say(Said.from_json(e)) for step in lines["steps"] for e in step["events"]]
    assert said and printed.startswith("\n".join(said) + "\n")
    # every sentence's words are in the catalogs (a missing key would show as itself)
    words = host.game.words()
    for step in lines["steps"]:
        for said in (step["action"], *step["events"]):
            for key in _keys(Said.from_json(said)):
                assert words.lookup(lang, key) is not None, (game_id, key)
    # every action in words: no raw JSON (a bean offer), no card id (a planted bean)
    for (_, action), step in zip(host.record.actions, lines["steps"], strict=True):
        label = host.say(Said.from_json(step["action"]))
        assert "{" not in label and "action.json" not in label, label
        if "plant" in action:
            assert "#" not in label, label


def _keys(said: object) -> list[str]:
    """Every catalog key a sentence uses, its arguments' included."""
    from spieltisch.core.words import Seq

    if isinstance(said, Said):
        return [said.key, *(k for a in said.args for k in _keys(a))]
    if isinstance(said, Seq):
        return [k for a in said.items for k in _keys(a)]
    if isinstance(said, (list, tuple)):
        return [k for a in said for k in _keys(a)]
    return []


def test_a_mancala_replay_numbers_each_pit_on_the_board_it_was_sown_on() -> None:
    from spieltisch.server.words import replay_lines

    host, _ = _bots_game("mancala", 2, 3, "en", rounds=3)
    steps = replay_lines(host.game, host.record)["steps"]
    state = host.record.replay(host.game, 0)
    final_side = len(host.state.view(None)["pits"]) // 2
    words = host.game.words()
    differs = 0
    for (player, action), step in zip(host.record.actions, steps, strict=True):
        side = len(state.view(None)["pits"]) // 2
        if "pit" in action:
            pit = action["pit"] % side + 1
            label = words.say("en", Said.from_json(step["action"]))
            assert label.startswith(f"sow pit {pit} "), label
            differs += action["pit"] % final_side + 1 != pit
        state.apply(player, action)
    assert differs  # the final board would have numbered some of them otherwise


def test_the_cores_reasons_keep_their_english_and_name_their_words() -> None:
    game = load_game("mancala", first_mover="0", rounds=1)
    state = game.new_state(2, 0)
    with pytest.raises(IllegalAction) as caught:
        state.apply(1, state.legal_actions(0)[0])
    err = caught.value
    assert str(err) == "it is not player 1's turn to act (player 0 may act)"
    words = game.words()
    assert words.say("en", err.said) == "it is not Player 2's turn to act (Player 1 may act)"
    assert words.say("de", err.said) == "Spieler 2 ist nicht dran (Spieler 1 darf handeln)"
