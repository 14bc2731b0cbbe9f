"""Mutterböhnchen (sheet 000) on the reconstructed 2007 Ladybohn core: the cards as data
(``cards.toml``, ``cards.py``), the field rules (``fields.py``), what every part shares
(``common.py``), the state for 3 to 6 players (``state.py``), the 2-player state (``duo.py``)
and the game that deals either (``rules.py``); its bots in ``bots.py``."""
