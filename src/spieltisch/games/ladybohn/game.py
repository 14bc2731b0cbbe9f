"""The Ladybohn game as both of its turns see it: options, the card set, the rules in short.

The 3-5 player turn (``rules.py``) and the 2-player and solo turn (``duo.py``) both read the
game's cards and options; ``rules.LadybohnGame`` makes the states of either. This module is
what they share, so that neither imports the other's module for it.
"""

from __future__ import annotations

from typing import Any

from ...core import Option
from ..beans.cards import Deck, load_varieties
from ..beans.options import CARDS, FIRST_PLAYER, TRADE_SECONDS
from ..bohnanza.rules import BohnanzaGame

HAND_SIZE = 5  # cards dealt to each player, in every mode


class LadybohnBase(BohnanzaGame):
    """Ladybohn's options, cards and rules text; ``rules.LadybohnGame`` adds the states."""

    id = "ladybohn"
    title = "Ladybohn"
    min_players = 1
    max_players = 5

    OPTIONS = (
        CARDS,
        FIRST_PLAYER,
        Option(
            "ratio_males_pay",
            bool,
            False,
            "a Ratio Field with only males in it pays as usual (default: nothing, the sheet's "
            "'worthless' read strictly; the card's print is unknown)",
        ),
        TRADE_SECONDS,
    )

    RULES = """\
Ladybohn: Bohnanza with Ladys, Make-up beans, the Ratio Field and two fans (3-5 players; the
sheet's own rules for 2 players and solo).
- Ladys grow on the males' fields and pay by their own (better) beanometer when on top; after
  every harvest you may rotate another field (its top card to the bottom).
- Two fans (6 and 4 cards) lie open: swap your whole hand for one of as many cards at any time.
  Turned-up cards matching a fan's top go onto it, Ladies first, and push its bottom card(s)
  into the offer.
- Make-up beans: harvest 3-4 for a free 3rd field, 5+ for a 3rd field or a coin that lets you
  steal a coin from each of up to 3 players (not from those with Make-up in a field, without
  coins, or promised in a trade). The first 3rd field of the game is the Ratio Field: with only
  males in it, it pays nothing.
- Trades: either side may promise not to steal from the other, for her next steal or for the
  rest of the game. Offers name variety and count; you choose which of your cards of a variety
  goes first (a Lady or a male).
- Phase 4: everyone draws 1 card. The game ends after the 3rd pass through the stock.
THE LADY BEANOMETERS ARE A RECONSTRUCTION (each male threshold less one); a table with the
cards loads its own: --option cards=my_cards.toml."""

    def __init__(self, **options: Any) -> None:
        # Ladybohn's own options: Bohnanza's set-up (classic set, tie rule) does not apply
        super(BohnanzaGame, self).__init__(**options)
        self.varieties = load_varieties(
            __package__, path=self.options["cards"], flags=("two_player",)
        )
        self.deck = Deck.build(self.varieties)
        self.variety_ids = {v.id for v in self.varieties}

    @property
    def default_players(self) -> int:
        return 4

    @property
    def tie_break(self) -> str:
        return "later_turn"  # the rulings: the later first turn wins (2 players: the second)


__all__ = ["HAND_SIZE", "LadybohnBase"]
