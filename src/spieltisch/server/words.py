"""The words the browser gets: the site's own (``static/words.toml``) and every game's catalog
(``games/<id>/words.toml``, through ``Game.words()``), merged into one table per language.

The page loads them once (``GET /api/words``) and renders every label with the same keys and
template grammar the terminal and the replay use (``core/words.py``), so no word is written in
the browser's code. Keys are namespaced per game ("m.", "bm.", "mm.", "b.", "mb."); where two
catalogs give one key, they must agree (a test checks it).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..core import REFEREE, Game, Record
from ..core.words import LANGS, Words
from ..registry import GAMES, load_game


@lru_cache(maxsize=1)
def site_words() -> Words:
    """The site's own catalog, read once (the host says its refusals' English from it)."""
    return Words.load("spieltisch.server", name="static/words.toml")


def catalogs() -> dict[str, dict[str, dict[str, str]]]:
    """Each source's words by name: "site" and every game id."""
    out = {"site": site_words().to_json()}
    for game_id in GAMES:
        out[game_id] = load_game(game_id).words().to_json()
    return out


@lru_cache(maxsize=1)
def browser_words() -> dict[str, Any]:
    """``{"en": {...}, "de": {...}}``: every key of every catalog."""
    merged: dict[str, dict[str, str]] = {lang: {} for lang in LANGS}
    for words in catalogs().values():
        for lang in LANGS:
            merged[lang].update(words[lang])
    return merged


def replay_lines(game: Game, record: Record) -> dict[str, Any]:
    """A finished game's steps in words, as its log said them: for each action, its label
    (said on the actor's view before it, so a mancala pit is numbered on the board it was sown
    on and a planted bean is named) and the public events' lines (said on the public view
    before it). ``spoken`` is False for a game that does not say its own lines yet: the page
    then words them itself."""
    state = record.replay(game, 0)
    spoken = type(game).said_event is not Game.said_event
    steps: list[dict[str, Any]] = []
    for player, action in record.actions:
        public = state.view(None)
        said = game.said_action(public if player == REFEREE else state.view(player), action)
        events = state.apply(player, action)
        lines = []
        for event in events:
            if event.visible_for(None):
                line = game.said_event(event.to_json(), public)
                if line is not None:
                    lines.append(line.to_json())
        steps.append(
            {
                "player": "referee" if player == REFEREE else player,
                "action": said.to_json(),
                "events": lines,
            }
        )
    return {"spoken": spoken, "steps": steps}
