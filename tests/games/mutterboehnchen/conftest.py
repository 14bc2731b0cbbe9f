"""Mutterböhnchen's tests share their position helpers (``mutterboehnchen_positions``)."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = str(Path(__file__).parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)
