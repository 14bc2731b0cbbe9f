"""Each game's fixed action encoding (``encoding.Encoding``): its templates, from the sheets'
action forms (each game's rules module documents them) and from what the game shows in public.

Where the values come from:

- mancala and Kalah: pits and directions from the game's own move list (``move_actions``),
  the beans a pit may get while arranging up to the game's total.
- Biber-Mania: every lay the deck allows, from the game's lay book (``game.book.actions``: the
  game's own list, options included), and the card kinds (``game.kinds``).
- Mau-Mau: the two French decks of sheet 002 (ranks 2-A, suits c d h s) and the joker; a lay of
  several 10s by its first suit, its last suit and how many 10s of each suit lie between
  (only the first and the last count, and twins of one suit are one card to a player).
- The bean games (Bohnanza, Ladybohn, Mutterböhnchen): one catalog for the three, the varieties
  from the public view (``view["varieties"]``). Offers are built from the bounded set of draft
  steps the games list (give or want one card of a variety from a hand or the turned-up offer,
  name the partner, clear, promise, propose), so any offer is a short sequence of indices;
  card ids and offer ids are handles (the k-th card to plant, the k-th open offer).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from itertools import combinations, product
from typing import Any

from ..core import Game
from .encoding import Encoding, Handle, Keyed, template

TRUE = [True]


def _mancala(game: Game) -> Encoding:
    pits = sorted({a["pit"] for pair in game.move_actions for a in pair})
    directions = sorted({a["direction"] for pair in game.move_actions for a in pair})
    return Encoding(
        [
            template("sow", pit=pits, direction=directions),
            template("arrange", place=list(range(game.total_beans + 1))),
        ]
    )


def _bibermania(game: Game) -> Encoding:
    kinds = list(game.kinds)
    seats = list(range(game.max_players))
    return Encoding(
        [
            template("lay", lay=[list(a["lay"]) for a in game.book.actions]),
            template("beat display", beat=["display"], card=kinds),
            template("beat opponent", beat=seats),
            template("keep", keep=[True, False]),
            template("steal", steal=["display", "supply", *seats], card=kinds),
            template("fee", fee=kinds, **{"from": seats}),
            template("no fee", fee=[None]),
            template("victim", victim=seats),
            template("draw stock", draw=["stock"]),
            template("draw supply", draw=["supply"], card=kinds),
            template("deal stock", deal=["stock"]),
            template("deal supply", deal=["supply"], card=kinds),
        ]
    )


MAUMAU_SUITS = ("c", "d", "h", "s")
MAUMAU_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
MAUMAU_WORDS = ("mau", "miau", "mau-mau", "matt")
MAUMAU_HANDS = ("left", "right", "both")


def _ten_key(value: Any) -> tuple[str, str, tuple[int, ...]] | None:
    """A lay of several 10s: (first suit, last suit, 10s of each suit between)."""
    if not isinstance(value, list) or len(value) < 2:
        return None
    if not all(isinstance(c, str) and c[:-1] == "10" for c in value):
        return None
    between = Counter(c[-1] for c in value[1:-1])
    return (value[0][-1], value[-1][-1], tuple(between[s] for s in MAUMAU_SUITS))


def _maumau(game: Game) -> Encoding:
    cards = [r + s for s in MAUMAU_SUITS for r in MAUMAU_RANKS] + ["joker"]
    jacks = [f"J{s}" for s in MAUMAU_SUITS]
    queens = [f"Q{s}" for s in MAUMAU_SUITS]
    seats = list(range(game.max_players))
    # two decks: at most two 10s of a suit, so up to 2 of each between (first and last aside)
    tens = Keyed(
        [
            (a, b, between)
            for a, b in product(MAUMAU_SUITS, repeat=2)
            for between in product(range(3), repeat=len(MAUMAU_SUITS))
        ],
        _ten_key,
    )
    out = []
    for verb in ("lay", "throw"):
        out += [
            template(verb, **{verb: cards}),
            template(f"{verb} jack, wish", **{verb: jacks, "wish": list(MAUMAU_SUITS)}),
            template(f"{verb} queen, swap", **{verb: queens, "swap": seats}),
        ]
    out += [
        template("lay 10s", lay=tens),
        template("say", say=list(MAUMAU_WORDS)),
        template("slap", slap=list(MAUMAU_HANDS)),
        template("joker", joker=TRUE),
        template("pilz", pilz=seats),
        template("wish", wish=list(MAUMAU_SUITS)),
        template("swap", swap=seats),
        template("take", take=TRUE),
        template("sit out", sit_out=TRUE),
        template("draw", draw=TRUE),
        template("pass", **{"pass": TRUE}),
    ]
    return Encoding(out)


BEAN_ENDS = ("planting", "trading", "taking", "swap", "game", "attacks", "defending", "placing")
FIELDS = 3  # the most fields a bean player has (a bought or a Make-up third field)


def _beans(game: Game) -> Encoding:
    varieties = sorted(game.new_state(game.default_players, 0).view(0)["varieties"])
    seats = list(range(game.max_players))
    fields = list(range(FIELDS))
    offers = Handle(12)
    steals = Keyed([c for k in range(STEAL_TARGETS + 1) for c in combinations(seats, k)], _victims)
    placed = [
        # a card put on a field, and with "under": true a Kavalier slid under a Lady
        *_put("plant", Handle(16, ("front", "rear", "taler")), fields),
        *_put("plant from hand", Handle(16), fields, **{"from": ["hand"]}),
        *_put("keep taler", Handle(8), fields, key="keep"),
        *_put("place", Handle(16), fields, key="place"),
        *_put("flitzer", Handle(4), fields, key="flitzer"),
        *_put("aktivist", Handle(4), fields, key="aktivist"),
    ]
    return Encoding(
        [
            *placed,
            template("harvest", harvest=fields),
            template("end", end=list(BEAN_ENDS)),
            template(
                "draft item",
                draft=["give", "want"],
                variety=varieties,
                **{"from": ["hand", "offer"]},
            ),
            template("draft partner", draft=["to"], player=seats),
            template("draft", draft=["clear"]),
            template(
                "draft promise",
                draft=["promise"],
                side=["sender", "receiver"],
                holds=["next", "game", "none"],
            ),
            template("propose", propose=TRUE),
            template("accept", accept=offers),
            template("decline", decline=offers),
            template("counter", counter=offers),
            template("withdraw", withdraw=offers),
            template("buy field", buy=["field"]),
            template("rotate", rotate=fields),
            template("fan", fan=[0, 1]),
            template("swap", swap=[0, 1]),
            template("makeup", makeup=["field", "none", "coin"]),
            template("steal", steal=steals),
            template("take", take=Handle(8, varieties)),
            template("discard", discard=Handle(24)),
            template("discard hand", discard_hand=list(range(8))),
            template("attack", attack=seats, field=fields),
            template("lady", lady=list(range(24)), field=fields),
            template("pull", pull=["none", *range(24)]),
            template("give first", give_first=Handle(24)),
            template("flitzer pass", flitzer=["pass"]),
            template("aktivist pass", aktivist=["pass"]),
            template("taler from", taler_from=seats),
        ]
    )


STEAL_TARGETS = 3  # Ladybohn: a Make-up coin steals from up to three players


def _victims(value: Any) -> tuple[int, ...] | None:
    if not isinstance(value, list) or not all(
        isinstance(p, int) and not isinstance(p, bool) for p in value
    ):
        return None
    return tuple(value)


def _put(name: str, card: Handle, fields: list[int], key: str = "plant", **more: Any):
    """A card put on a field (``{key: card, "field": f}``), and the same slid ``under``."""
    return [
        template(name, **{key: card, "field": fields}, **more),
        template(f"{name} under", **{key: card, "field": fields, "under": TRUE}, **more),
    ]


CATALOGS: dict[str, Callable[[Game], Encoding]] = {
    "mancala": _mancala,
    "bibermania": _bibermania,
    "maumau": _maumau,
    "bohnanza": _beans,
    "ladybohn": _beans,
    "mutterboehnchen": _beans,
}


def encoding_for(game: Game) -> Encoding:
    """The fixed encoding of ``game`` (a preset such as Kalah uses its rule set's catalog)."""
    try:
        build = CATALOGS[type(game).id]
    except KeyError:
        raise ValueError(f"no action encoding for {game.id!r} yet") from None
    return build(game)
