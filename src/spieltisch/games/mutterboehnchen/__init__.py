"""Mutterböhnchen (sheet 000) on the reconstructed 2007 Ladybohn core: the cards as data
(``cards.toml``, ``cards.py``), the field rules (``fields.py``) and the game for 3 to 6 players
(``rules.py``). Not yet: the 2-player game and the one-shot and turn effects of the special
beans."""
