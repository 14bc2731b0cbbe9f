"""Biber-Mania (sheet 004): lay, beat, steal — collect cards on your pile, empty your hand."""
