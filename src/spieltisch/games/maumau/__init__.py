"""Bodensee Mau-Mau (sheet 002): groundwork, the game itself is issue 7."""
