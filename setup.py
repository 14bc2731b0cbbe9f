"""The one compiled extension, Kalah's play phase (``games/mancala/_kalah.pyx``); everything
else is in ``pyproject.toml``. Optional: where it cannot be built (no C compiler), the
install goes on and Kalah is played by the Python rules alone, the same game, slower."""

from Cython.Build import cythonize
from setuptools import Extension, setup

KALAH = Extension(
    "spieltisch.games.mancala._kalah",
    ["src/spieltisch/games/mancala/_kalah.pyx"],
    extra_compile_args=["-O2"],
    optional=True,
)

setup(ext_modules=cythonize([KALAH], language_level=3, quiet=True))
