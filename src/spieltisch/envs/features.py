"""A flat observation vector from a seat's view, and from nothing else.

Every game's view is JSON (``State.view(seat)``: exactly what the seat may see), so one
featuriser serves all games: the view is walked, and each leaf becomes a feature named by its
path, hashed (CRC-32, the same in every process and run) into a vector of fixed length. This is
the hashing trick of Vowpal Wabbit: no per-game schema to keep in step with the games, and a
view that grows (a longer hand, more offers) still fits.

- a number adds its value under its path (``pits.3``, ``stores.0``, ``stock``);
- a string or a bool adds 1 under path and value (``phase=plant``, ``hand=joker``);
- a list of scalars keeps its positions where positions mean something (numbers: pits, counts
  per seat) and is a bag where they do not (strings: the cards of a hand, counted);
- a list of objects or lists keeps its positions (seats, fields, offers);
- ``None`` adds nothing.

Slot 0 is always 1 (a bias; a vector is never all zeros). Views carry their viewer's seat, so
the vector is the seat's own. Collisions are possible; ``dim`` (default 512) trades them
against size.
"""

from __future__ import annotations

import functools
import zlib
from typing import Any

import numpy as np

DIM = 512


@functools.lru_cache(maxsize=1 << 16)
def _slot(name: str, dim: int) -> int:
    return 1 + zlib.crc32(name.encode()) % (dim - 1)


def featurize(view: Any, dim: int = DIM) -> np.ndarray:
    """The view as a float32 vector of length ``dim``."""
    out = np.zeros(dim, dtype=np.float32)
    out[0] = 1.0
    _walk(view, "", out, dim)
    return out


def _walk(value: Any, path: str, out: np.ndarray, dim: int) -> None:
    if value is None:
        return
    if isinstance(value, (bool, str)):
        out[_slot(f"{path}={value}", dim)] += 1.0
    elif isinstance(value, (int, float)):
        out[_slot(path, dim)] += float(value)
    elif isinstance(value, dict):
        for key, item in value.items():
            _walk(item, f"{path}.{key}", out, dim)
    elif isinstance(value, (list, tuple)):
        if value and all(isinstance(v, str) for v in value):
            for v in value:  # a bag of cards
                out[_slot(f"{path}[]={v}", dim)] += 1.0
        else:
            for i, item in enumerate(value):
                _walk(item, f"{path}.{i}", out, dim)
