"""What Ladybohn adds to every mode (1 to 5 players): harvests by Make-up beans and on the
Ratio Field, rotation after a harvest, the third fields, coin steals with their protection, and
the fans (rules/ladybohn.md).

A mixin over ``BeanTable``: the 3–5 player state (on top of Bohnanza's turn) and the 2-player
and solo state (their own turn) both use it.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import Any

from ...core import Action, Event
from ..beans import actions as acts
from ..beans.cards import MALE, payout
from ..beans.table import BeanTable
from ..beans.trading import GAME, HOLDS, NEXT

MAKEUP = "makeup"
RATIO, REGULAR = "ratio", "regular"
FIELD_PRICE = 3
STEAL_TARGETS = 3  # a steal takes one coin from each of up to three other players


class LadyTable(BeanTable):
    """Ladybohn's parts. Subclasses set ``coins_for_field_leave_game``, the turn flow and
    ``_ratio_males_worthless()`` (by the option ``ratio_males_pay``: whether males alone on the
    Ratio Field pay nothing)."""

    coins_for_field_leave_game = False  # 2 players: coins paid for a 3rd field leave the game
    third_fields_allowed = True  # solo: no 3rd field at all
    active: int  # whose turn it is: set by the game's State

    def init_lady(self, fan_sizes: tuple[int, ...]) -> None:
        n = self.num_players
        self.fan_sizes = fan_sizes
        self.fans: list[list[int]] = [[] for _ in fan_sizes]  # top card first
        self.third: list[str | None] = [None] * n  # RATIO or REGULAR once a 3rd field is had
        self.ratio_taken = False  # the first 3rd field of the game is the Ratio Field
        self.rotation: list[int | None] = [None] * n  # field just harvested: may rotate another
        self.makeup_choice: list[dict[str, Any] | None] = [None] * n  # a Make-up harvest's choice
        self.steals = [0] * n  # steals owed, carried out after phase 4 of the own turn
        self.steal_now: list[int] = []  # players whose steals are due now, in order
        # (stealer, protected) -> how long the stealer's promise not to rob holds: her next
        # steal (NEXT) or the rest of the game (GAME)
        self.promises: dict[tuple[int, int], str] = {}
        self.removed: list[int] = []  # coins that left the game (2 players: 3rd field)

    # -- fields ---------------------------------------------------------------------------------

    def ratio_field(self, player: int) -> int | None:
        return 2 if self.third[player] == RATIO else None

    def may_take_third(self, player: int) -> bool:
        return self.third_fields_allowed and self.third[player] is None

    def take_third(self, player: int) -> Event:
        kind = REGULAR if self.ratio_taken else RATIO
        self.ratio_taken = True
        self.third[player] = kind
        self.fields[player].append([])
        return Event("third_field", {"player": player, "kind": kind})

    def buy_third(self, player: int) -> list[Event]:
        paid = self.coins[player][-FIELD_PRICE:]
        del self.coins[player][-FIELD_PRICE:]
        (self.removed if self.coins_for_field_leave_game else self.discard).extend(paid)
        return [Event("buy_field", {"player": player}), self.take_third(player)]

    def has_makeup_field(self, player: int) -> bool:
        return any(f and self.variety(f[0]) == MAKEUP for f in self.fields[player])

    # -- harvest --------------------------------------------------------------------------------

    def harvest(self, player: int, f: int) -> Event:
        """A harvest by Ladybohn's rules; the harvester may then rotate another field."""
        fields = self.fields[player]
        cards = fields[f]
        top = self.deck.kinds[cards[-1]]
        rotatable = any(len(g) >= 2 for i, g in enumerate(fields) if i != f)
        self.rotation[player] = f if rotatable else None
        if top.variety == MAKEUP:
            return self._harvest_makeup(player, f)
        if (
            f == self.ratio_field(player)
            and self._ratio_males_worthless()
            and all(self.deck.kinds[c].sex == MALE for c in cards)
        ):
            self.discard += cards
            self.fields[player][f] = []
            return Event(
                "harvest",
                {"player": player, "field": f, "beans": len(cards), "coins": 0,
                 "coin_cards": [], "variety": top.variety, "ratio_males": True},
            )  # fmt: skip
        return super().harvest(player, f)

    def _harvest_makeup(self, player: int, f: int) -> Event:
        """Fewer than 3 pay nothing; 3-4 offer a free 3rd field; 5+ a free 3rd field or one
        coin with a steal (the coin taken when the harvester already has a 3rd field)."""
        cards = self.fields[player][f]
        self.fields[player][f] = []
        k = len(cards)
        event = Event(
            "harvest",
            {"player": player, "field": f, "beans": k, "coins": 0, "coin_cards": [],
             "variety": MAKEUP},
        )  # fmt: skip
        if k >= 5 and not self.may_take_third(player):
            self._makeup_coin(player, cards)
            event.data.update(coins=1, coin_cards=[self.deck.kinds[cards[-1]].name], steal=True)
            return event
        self.discard += cards[:-1] if k >= 5 else cards
        if k >= 3 and self.may_take_third(player):
            self.makeup_choice[player] = {"beans": k, "coin": cards[-1] if k >= 5 else None}
        return event

    def _makeup_coin(self, player: int, cards: list[int]) -> None:
        self.coins[player].append(cards[-1])
        self.discard += cards[:-1]
        self.steals[player] += 1

    def harvest_all(self) -> list[Event]:
        """The end: every field is harvested at once (no one-bean rule), 5+ Make-up beans give
        the coin and a steal at once; the steals owed are queued from the active player on."""
        n = self.num_players
        events = []
        for p in range(n):
            for f in range(len(self.fields[p])):
                cards = self.fields[p][f]
                if not cards:
                    continue
                if self.variety(cards[-1]) == MAKEUP:
                    self.fields[p][f] = []
                    if len(cards) >= 5:
                        self._makeup_coin(p, cards)
                    else:
                        self.discard += cards
                    events.append(Event("harvest", {"player": p, "field": f,
                                                    "beans": len(cards), "variety": MAKEUP,
                                                    "coins": int(len(cards) >= 5)}))  # fmt: skip
                else:
                    events.append(self.harvest(p, f))
        self.rotation = [None] * n
        order = [(self.active + k) % n for k in range(n)]
        self.steal_now = [p for p in order if self.steals[p]]
        return events

    def makeup_actions(self, player: int) -> list[Action]:
        choice = self.makeup_choice[player]
        if choice is None:
            return []
        other = "coin" if choice["coin"] is not None else "none"
        return [acts.one("makeup", "field"), acts.one("makeup", other)]

    def choose_makeup(self, player: int, what: str) -> list[Event]:
        choice = self.makeup_choice[player]
        assert choice is not None
        self.makeup_choice[player] = None
        coin = choice["coin"]
        if what == "coin":
            self.coins[player].append(coin)
            self.steals[player] += 1
            return [Event("makeup", {"player": player, "took": "coin"})]
        if coin is not None:
            self.discard.append(coin)
        if what == "field":
            return [Event("makeup", {"player": player, "took": "field"}), self.take_third(player)]
        return [Event("makeup", {"player": player, "took": "nothing"})]

    def settle_makeup_choices(self) -> None:
        """At the final harvest, a Make-up choice still open: a 3rd field is worth nothing now,
        so a 5+ harvest takes its coin (and its steal); a 3-4 harvest brings nothing. In play a
        turn cannot end with a choice open (it comes before every other action); a position
        ended early (a search's cut) can have one."""
        for p, choice in enumerate(self.makeup_choice):
            if choice is not None:
                self.choose_makeup(p, "coin" if choice["coin"] is not None else "none")

    # -- rotation -------------------------------------------------------------------------------

    def rotation_actions(self, player: int) -> list[Action]:
        f = self.rotation[player]
        if f is None:
            return []
        fields = self.fields[player]
        return [acts.one("rotate", g) for g in range(len(fields)) if g != f and len(fields[g]) >= 2]

    def rotate(self, player: int, g: int) -> Event:
        """The top card of another own field goes to its bottom."""
        field = self.fields[player][g]
        field.insert(0, field.pop())
        self.rotation[player] = None
        return Event("rotate", {"player": player, "field": g})

    # -- steals ---------------------------------------------------------------------------------

    def steal_targets(self, stealer: int) -> list[int]:
        """Who may be robbed now: players with coins, no Make-up bean in a field, and no
        promise from this stealer."""
        return [
            p
            for p in range(self.num_players)
            if p != stealer
            and self.coins[p]
            and not self.has_makeup_field(p)
            and (stealer, p) not in self.promises
        ]

    def steal_actions(self, stealer: int, targets: list[int] | None = None) -> list[Action]:
        targets = self.steal_targets(stealer) if targets is None else targets
        out = [_steal(())]
        for k in range(1, min(STEAL_TARGETS, len(targets)) + 1):
            out += [_steal(c) for c in combinations(targets, k)]
        return out

    def add_promise(self, stealer: int, protected: int, holds: str) -> None:
        """``stealer`` will not rob ``protected`` (at her next steal, or for the rest of the
        game); a promise for the game outlasts one for the next steal."""
        if self.promises.get((stealer, protected)) != GAME:
            self.promises[(stealer, protected)] = holds

    def promises_json(self) -> list[list[Any]]:
        """The promises in force, public: [stealer, protected, holds], sorted."""
        return [[a, b, h] for (a, b), h in sorted(self.promises.items())]

    def steal(self, stealer: int, victims: list[int]) -> Event:
        for p in victims:
            self.coins[stealer].append(self.coins[p].pop())
        self.steals[stealer] -= 1
        # "a promise covers the stealer's next steal only, unless the trade says otherwise"
        self.promises = {k: h for k, h in self.promises.items() if k[0] != stealer or h != NEXT}
        return Event("steal", {"player": stealer, "from": list(victims)})

    # -- fans -----------------------------------------------------------------------------------

    def add_swaps(self, player: int, out: list[Action]) -> None:
        """Add to ``out`` a swap of the hand for each fan of as many cards (a plain loop into
        the caller's list: this is asked of every player after most steps)."""
        k = len(self.hands[player])
        if k:
            for i, fan in enumerate(self.fans):
                if len(fan) == k:
                    out.append(acts.one("swap", i))

    def swap(self, player: int, i: int) -> Event:
        """The hand becomes the fan (front card on top), the fan the hand (top card in front)."""
        self.hands[player], self.fans[i] = self.fans[i], self.hands[player]
        return Event(
            "swap",
            {
                "player": player,
                "fan": i,
                "fan_now": self.public_cards(self.fans[i]),
            },
        )

    # -- views and records ---------------------------------------------------------------------

    def lady_view(self, player: int | None) -> dict[str, Any]:
        return {
            "fans": [self.public_cards(fan) for fan in self.fans],
            "fan_sizes": list(self.fan_sizes),
            "third": list(self.third),
            "ratio_taken": self.ratio_taken,
            "rotation": list(self.rotation),
            "makeup_choice": [
                None if c is None else {"beans": c["beans"], "coin": c["coin"] is not None}
                for c in self.makeup_choice
            ],
            "steals": list(self.steals),
            "promises": self.promises_json(),
            "removed": len(self.removed),
        }

    def lady_json(self) -> dict[str, Any]:
        return {
            "fan_sizes": list(self.fan_sizes),
            "fans": [list(f) for f in self.fans],
            "third": list(self.third),
            "ratio_taken": self.ratio_taken,
            "rotation": list(self.rotation),
            "makeup_choice": [None if c is None else dict(c) for c in self.makeup_choice],
            "steals": list(self.steals),
            "steal_now": list(self.steal_now),
            "promises": self.promises_json(),
            "removed": list(self.removed),
        }

    def load_lady(self, d: dict[str, Any]) -> None:
        self.fan_sizes = tuple(d["fan_sizes"])
        self.fans = [list(map(int, f)) for f in d["fans"]]
        self.third = list(d["third"])
        self.ratio_taken = bool(d["ratio_taken"])
        self.rotation = list(d["rotation"])
        self.makeup_choice = [None if c is None else dict(c) for c in d["makeup_choice"]]
        self.steals = list(d["steals"])
        self.steal_now = list(d.get("steal_now", []))
        # [stealer, protected, holds]; a pair without "holds" (older positions) is for the
        # next steal
        self.promises = {}
        for entry in d.get("promises", []):
            holds = entry[2] if len(entry) > 2 else NEXT
            if holds not in HOLDS:
                raise ValueError(f"a promise holds for the next steal or the game, not {holds!r}")
            self.add_promise(int(entry[0]), int(entry[1]), holds)
        self.removed = list(map(int, d.get("removed", [])))

    def copy_lady(self, new: LadyTable) -> None:
        """Give ``new``, a shallow copy, its own copies of Ladybohn's containers (a clone)."""
        new.fans = [list(f) for f in self.fans]
        new.third = list(self.third)
        new.rotation = list(self.rotation)
        new.makeup_choice = [None if c is None else dict(c) for c in self.makeup_choice]
        new.steals = list(self.steals)
        new.steal_now = list(self.steal_now)
        new.promises = dict(self.promises)
        new.removed = list(self.removed)

    def lady_cards(self) -> list[int]:
        """Cards in Ladybohn's own places, for the conservation checks."""
        out = [c for fan in self.fans for c in fan] + list(self.removed)
        return out + [c["coin"] for c in self.makeup_choice if c and c["coin"] is not None]


@cache
def _steal(victims: tuple[int, ...]) -> Action:
    return Action(steal=list(victims))


__all__ = ["MAKEUP", "RATIO", "REGULAR", "LadyTable", "payout"]
