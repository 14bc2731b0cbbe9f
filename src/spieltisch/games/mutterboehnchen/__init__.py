"""Mutterböhnchen (sheet 000): groundwork, the game itself is issue 5."""
