"""Mutterböhnchen positions with a step waiting (a pull, a one-shot's choice, a Flitzer, a gift
to plant at once, a Rasselbande, the end placement, give-first marks) or the game over, each
reached by play from a hand-made position, for the state's record and clone tests; and the
check that a clone shares no container with its original."""

from __future__ import annotations

from mutterboehnchen_positions import act, load

NONE = [[], []]


def _plant_front(fields, hand, **kw):
    """Player 0 (of 4) plants his front card on field 0."""
    s = load(4, hands=[list(hand), [], [], []], fields=[fields, NONE, NONE, NONE], **kw)
    act(s, 0, {"plant": "front", "field": 0})
    return s


def pull():
    """A Baby planted above a Lady: the Lady may pull him down (or not)."""
    s = load(4, hands=[["blue-baby", "soy"], [], [], []],
             fields=[[["blue", "blue-lady"], []], NONE, NONE, NONE])  # fmt: skip
    act(s, 0, {"plant": "front", "field": 0})
    return s


def kameradenschwein():
    """The Kameradenschwein's drawn taler fits two fields: where it goes waits."""
    return _plant_front([["stink"], ["stink"]], ["kameradenschwein", "soy"],
                        coins=[0, ["stink"], 0, 0], rest="discard")  # fmt: skip


def frauenversteher():
    """Two Ladys may move to the top: which one waits ([field, index] options)."""
    return _plant_front([["soy-lady", "soy"], ["blue-lady", "blue", "blue"]],
                        ["frauenversteher", "soy"])  # fmt: skip


def loser():
    """The Loser's owner chooses which field to harvest (field options)."""
    return _plant_front([["blackeyed"], ["stink", "stink"]], ["loser", "soy"])


def flitzer():
    """A turned-up Flitzer waits for the opponents' claims, from the active player's left."""
    s = load(4, phase="plant", planted=1, hands=[["blue"], ["green"], ["stink"], ["chili"]],
             fields=[[["soy"], []], [["red"], ["blue"]], NONE, [["red", "red"], []]],
             stock_top=["soy", "flitzer"], rest="discard")  # fmt: skip
    act(s, 0, {"end": "planting"})
    return s


def foist():
    """A gift to a Prügelknabe: he must plant it at once."""
    s = load(4, phase="trade", hands=[["blue"], ["red"], [], []],
             fields=[NONE, [["blackeyed", "pruegelknabe"], ["blue"]], NONE, NONE],
             rest=2)  # fmt: skip
    act(s, 0, {"draft": "to", "player": 1})
    act(s, 0, {"draft": "give", "variety": "blue", "from": "hand"})
    act(s, 0, {"propose": True})
    return s


def triple():
    """3 players, Babys on all 3 of the active player's fields: one opponent attacked, two
    attacks still planned, one opponent may be named twice."""
    s = load(3, phase="plant", planted=1, hands=[["soy"], [], []],
             fields=[[["blue-baby"], ["chili-baby"], ["soy-baby2"]], [[], [], []],
                     [[], [], []]],
             rest="discard", stock_top=["green"] * 10)  # fmt: skip
    act(s, 0, {"end": "planting"})
    act(s, 0, {"attack": 1, "field": 0})
    return s


def keep():
    """A double attack has drawn 2 talers of the target: the attacker keeps one that fits."""
    s = load(4, phase="plant", planted=1, hands=[["soy"], [], [], []],
             fields=[[["blue", "blue-baby2"], ["chili", "chili"]], [["red"], []], NONE, NONE],
             coins=[0, ["chili", "blue"], 0, 0], rest="discard", stock_top=["green"] * 10,
             counts={"attacks": 1})  # fmt: skip
    act(s, 0, {"end": "planting"})
    act(s, 0, {"attack": 1, "field": 0})
    act(s, 1, {"end": "defending"})
    return s


def placing():
    """The end placement: player 2 is done, player 3 has put a card on his field 0."""
    s = load(4, phase="plant-trades", active=1, ending=True, to_plant=[[], ["soy"], [], []],
             fields=[[["red", "red"], []], [["soy"], []], NONE, [["blue"] * 3, ["green"]]],
             hands=[[], ["soy"], [], ["blue", "green"]], rest="discard")  # fmt: skip
    act(s, 1, {"plant": s.to_plant[1][0], "field": 0})
    act(s, 2, {"end": "placing"})
    act(s, 3, {"place": s.hands[3][0], "field": 0})
    return s


def give_first():
    """Trading: player 0 marks his Blue male to go first (else his rearmost Blue card, the
    Lady, would)."""
    s = load(4, phase="trade", hands=[["blue", "blue-lady"], ["red"], [], []], rest=2)
    act(s, 0, {"give_first": s.hands[0][0]})
    return s


def over():
    """The game over: the end placement done, every field harvested, the result standing."""
    s = placing()
    for p in (3, 0, 1):
        act(s, p, {"end": "placing"})
    return s


# the state's key that holds each waiting step
WAITING = {
    pull: "pull",
    kameradenschwein: "choice",
    frauenversteher: "choice",
    loser: "choice",
    flitzer: "flitzer",
    foist: "foist",
    triple: "planned",
    keep: "attack",
    placing: "placed",
    give_first: "give_first",
    over: "result",
}


def containers(value, path: str, out: list) -> None:
    """Every mutable container reachable from ``value`` through lists and dicts (offers and
    drafts through their give and want), with where it lies."""
    if isinstance(value, list | dict | set):
        out.append((path, value))
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for k, v in items:
            containers(v, f"{path}[{k!r}]", out)
    elif hasattr(value, "give") and hasattr(value, "want"):
        for name in ("give", "want"):
            containers(getattr(value, name), f"{path}.{name}", out)


def shared(state, copy) -> list[str]:
    """Where ``copy`` holds the very container its original holds, outside what the state
    shares on purpose (``SHARED_ON_CLONE``, the kept moment's answers)."""
    out = []
    for name, value in vars(state).items():
        if name in type(state).SHARED_ON_CLONE or name.startswith("_memo_"):
            continue
        mine: list = []
        theirs: list = []
        containers(value, name, mine)
        containers(getattr(copy, name), name, theirs)
        out += [p for (p, a), (_, b) in zip(mine, theirs, strict=False) if a is b]
    return out


def schuerzenjaeger():
    """Two Ladys in the discard pile: which one the Schürzenjäger takes waits."""
    return _plant_front([["chili"], []], ["schuerzenjaeger", "soy"],
                        discard=["blue-lady", "red", "stink-lady", "green"])  # fmt: skip


def arbeitstier():
    """The rearmost hand card fits two fields: where the Arbeitstier plants it waits."""
    return _plant_front([["garden"], []], ["arbeitstier", "soy", "garden"])


def taler_from():
    """Two opponents hold Bohnentaler: which one the Kameradenschwein draws from waits."""
    return _plant_front([["stink"], ["red"]], ["kameradenschwein", "soy"],
                        coins=[0, ["green"], ["blue"], 0], rest="discard")  # fmt: skip


def two_babys():
    """4 players, Babys on both of the active player's fields: player 2 attacked first."""
    s = load(4, phase="plant", planted=1, hands=[["soy"], [], [], []],
             fields=[[["blue-baby"], ["chili", "chili-baby"]], NONE, NONE, NONE],
             rest="discard", stock_top=["green"] * 10)  # fmt: skip
    act(s, 0, {"end": "planting"})
    act(s, 0, {"attack": 2, "field": 1})
    return s
