"""Set-up and the deck (``rules/bibermania.md``): the reconstructed deck in one data file,
loadable by option; hand sizes; the first player by lot or by option; ``spieltisch rules``."""

from __future__ import annotations

from collections import Counter

import pytest
from ascii_locale import run_under_ascii_locale
from bibermania_positions import where
from typer.testing import CliRunner

import spieltisch
from spieltisch.cli import app
from spieltisch.core.errors import SpieltischError
from spieltisch.games.bibermania.cards import load_deck

ACTIONS = ("superbiber", "dieb", "fee", "partybiber", "hippie", "gemeinling", "bodyguard", "koenig")
RECONSTRUCTED = Counter(
    {**{str(v): 8 for v in range(1, 11)}, **dict.fromkeys(ACTIONS, 2), "joker": 4}
)


def test_the_default_deck_is_the_reconstruction():
    g = spieltisch.load_game("bibermania")
    assert Counter(g.deck.cards) == RECONSTRUCTED
    assert sum(RECONSTRUCTED.values()) == 100
    assert g.deck.status == "reconstructed"


@pytest.mark.parametrize(("players", "k"), [(2, 13), (3, 13), (4, 13), (5, 10)])
def test_set_up(players, k):
    g = spieltisch.load_game("bibermania")
    for seed in range(5):
        s = g.new_state(players, seed)
        j = s.to_json()
        assert [len(h) for h in j["hands"]] == [k] * players
        assert len(j["display"]) == 9 and len(j["supply"]) == 5
        digits = [int(c) for c in j["display"] if c.isdigit()]
        assert digits == sorted(digits), "the display is sorted by value"
        assert len(j["stock"]) == 100 - players * k - 14
        assert j["piles"] == [[] for _ in range(players)] and j["rejected"] == []
        assert j["phase"] == "lay" and j["turn_player"] == j["first_player"]
        assert s.actors() == frozenset({j["first_player"]})
        assert where(j) == RECONSTRUCTED
        assert s.view(0)["deck"]["status"] == "reconstructed"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_first_player_is_drawn_by_lot_from_the_seed(players):
    g = spieltisch.load_game("bibermania")
    firsts = [g.new_state(players, seed).to_json()["first_player"] for seed in range(200)]
    assert set(firsts) == set(range(players)), "every seat starts for some seed"
    again = [g.new_state(players, seed).to_json()["first_player"] for seed in range(200)]
    assert firsts == again, "the same seed, the same first player"
    for seed in (0, 7, 123):
        assert g.new_state(players, seed).to_json() == g.new_state(players, seed).to_json()


@pytest.mark.parametrize("first", ["0", "1", "2"])
def test_option_first_player_chosen_by_the_table(first):
    g = spieltisch.load_game("bibermania", first_player=first)
    for seed in range(20):
        j = g.new_state(3, seed).to_json()
        assert j["first_player"] == int(first) == j["turn_player"]


def test_option_first_player_must_be_a_seat():
    g = spieltisch.load_game("bibermania", first_player="3")
    with pytest.raises(SpieltischError):
        g.new_state(2, 0)
    assert g.new_state(4, 0).to_json()["first_player"] == 3


def test_player_counts():
    g = spieltisch.load_game("bibermania")
    for n in (1, 6):
        with pytest.raises(SpieltischError):
            g.new_state(n, 0)


# -- deck files ---------------------------------------------------------------------------------


def write(tmp_path, body: str, name: str = "deck.toml") -> str:
    path = tmp_path / name
    path.write_text(body, encoding="utf-8")
    return str(path)


def test_a_counted_deck_file_loads(tmp_path):
    body = 'status = "verified"\n[cards]\n'
    body += "".join(f'"{v}" = 6\n' for v in range(1, 13))  # digits 1..12
    body += "superbiber = 1\ndieb = 3\nfee = 2\nhippie = 2\nkoenig = 2\njoker = 5\n"
    g = spieltisch.load_game("bibermania", deck=write(tmp_path, body))
    expected = Counter({str(v): 6 for v in range(1, 13)})
    expected.update({"superbiber": 1, "dieb": 3, "fee": 2, "hippie": 2, "koenig": 2, "joker": 5})
    assert Counter(g.deck.cards) == expected
    s = g.new_state(4, 3)
    j = s.to_json()
    assert where(j) == expected
    assert len(j["stock"]) == sum(expected.values()) - 4 * 13 - 14
    assert s.view(None)["deck"] == {"status": "verified", "size": sum(expected.values())}
    assert g.from_json(j).to_json() == j


def test_a_hippie_run_may_reach_the_decks_own_top_digit(tmp_path):
    body = "[cards]\n" + "".join(f'"{v}" = 6\n' for v in range(1, 13)) + "hippie = 2\n"
    g = spieltisch.load_game("bibermania", deck=write(tmp_path, body))
    j = g.new_state(2, 0).to_json()
    # rearrange: player 0 holds 11, 12 (the deck's top digit) and the Hippie (the 10)
    everything = Counter(where(j))
    hand = ["11", "12", "hippie", "1"]
    everything.subtract(Counter(hand))
    j["hands"] = [hand, ["2"]]
    everything.subtract(Counter(["2"]))
    j["known"] = [[], []]
    j["display"] = ["3"] * 6 + ["4"] * 3
    j["supply"] = ["5"] * 5
    everything.subtract(Counter(j["display"] + j["supply"]))
    j["stock"] = sorted(everything.elements())
    j["piles"] = [[], []]
    j["turn_player"] = 0
    s = g.from_json(j)
    assert {"lay": ["11", "12", "hippie"]} in s.legal_actions(0)


@pytest.mark.parametrize(
    "body",
    [
        '[cards]\n"1" = 60\ndrache = 2\n',  # an unknown card
        '[cards]\n"1" = 60\n"0" = 2\n',
        '[cards]\n"1" = -1\n"2" = 60\n',  # bad counts
        '[cards]\n"1" = "acht"\n"2" = 60\n',
        '[cards]\n"1" = 1.5\n"2" = 60\n',
        '[cards]\n"1" = true\n"2" = 60\n',
        "[cards]\n",  # no cards
        "cards = 3\n",
        "[cards]\njoker = 60\n",  # no digits
        "this is not toml [",
    ],
)
def test_a_bad_deck_file_is_refused_clearly(tmp_path, body):
    path = write(tmp_path, body)
    with pytest.raises(spieltisch.OptionError) as err:
        spieltisch.load_game("bibermania", deck=path).new_state(2, 0)
    assert str(err.value).startswith(f"deck {path}: ")  # the file named, then what is wrong


def test_a_missing_deck_file_is_refused(tmp_path):
    missing = str(tmp_path / "nowhere.toml")
    with pytest.raises(spieltisch.OptionError) as err:
        spieltisch.load_game("bibermania", deck=missing)
    assert str(err.value) == f"cannot read the deck file {missing}: No such file or directory"


def test_the_deck_files_are_read_as_utf_8_whatever_the_locale(tmp_path):
    """A deck file is UTF-8 (the built-in one has a dash in its comment, a table's own may
    have an ö): read so in a process whose locale says ASCII too."""
    own = write(tmp_path, '# König and Fee: ö, —\n[cards]\n"1" = 60\nkoenig = 2\n')
    code = (
        "import sys; from spieltisch.games.bibermania.cards import load_deck;"
        " print(len(load_deck().cards) > 0, len(load_deck(sys.argv[1]).cards))"
    )
    out = run_under_ascii_locale(code, own)
    assert out.stdout.split() == ["True", "62"], out.stderr


def test_the_built_in_deck_is_the_default():
    built_in = load_deck()
    assert built_in.source == "deck.toml (built in)" and built_in.cards == load_deck("").cards


@pytest.mark.parametrize(("players", "need"), [(2, 40), (3, 53), (4, 66), (5, 64)])
def test_a_deck_too_small_to_deal_is_refused(tmp_path, players, need):
    # exactly enough deals; one card less is refused, saying how many are needed
    enough = write(tmp_path, f'[cards]\n"1" = {need}\n', "enough.toml")
    s = spieltisch.load_game("bibermania", deck=enough).new_state(players, 0)
    assert s.to_json()["stock"] == []
    short = write(tmp_path, f'[cards]\n"1" = {need - 1}\n', "short.toml")
    with pytest.raises(SpieltischError) as err:
        spieltisch.load_game("bibermania", deck=short).new_state(players, 0)
    assert str(need) in str(err.value) and str(need - 1) in str(err.value)


# -- the CLI ------------------------------------------------------------------------------------


def test_spieltisch_rules_says_the_deck_is_a_reconstruction_and_how_to_load_one():
    result = CliRunner().invoke(app, ["rules", "bibermania"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "RECONSTRUCTION" in out.upper()
    assert "deck=" in out, "how to load a counted deck"
    assert "count" in out.lower()
