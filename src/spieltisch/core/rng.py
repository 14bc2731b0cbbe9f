"""The engine's only source of chance: a small seeded generator whose whole state is one int.

Python's ``random.Random`` would do the drawing, but its state is 625 words; a state has to
go into ``to_json`` and come back byte for byte, so we keep a SplitMix64 counter instead
(Steele, Lea & Flood 2014): one 64-bit integer, good statistics, trivially serialisable.

``shuffle`` writes SplitMix64's step out rather than call ``below`` for every card: a deal
shuffles a whole deck and a determinization the unseen cards. A 100-card shuffle took 42.8 µs,
now 36.0; a random 4-player Biber-Mania game 1.1 % fewer instructions an action
(bench/instructions.py). ``below`` written out the same way saved 0.4 %: not worth a third
copy of the step. The stream is the same, draw for draw: tests/core pins ``below`` and
``shuffle`` to their definition on ``next64``.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_TWO64 = 1 << 64
_GAMMA = 0x9E3779B97F4A7C15


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        z = self.state = (self.state + _GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias: draws at or above the largest
        multiple of ``n`` that fits in 64 bits are drawn again."""
        if not 0 < n <= _TWO64:  # above 2**64 no draw is below the limit: no end
            raise ValueError(f"below() needs a bound in 1..2**64, not {n}")
        limit = _TWO64 - _TWO64 % n
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def random(self) -> float:
        """A uniform float in [0, 1)."""
        return (self.next64() >> 11) / float(1 << 53)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates from the back: ``items[i]`` swaps with ``items[below(i + 1)]``."""
        s = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _TWO64 - _TWO64 % n
            while True:  # below(n), written out on a local copy of the state
                s = (s + _GAMMA) & _MASK
                z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self.state = s

    def fork(self) -> Rng:
        """An independent generator derived from this one (advances this one by one draw)."""
        return Rng(self.next64())
