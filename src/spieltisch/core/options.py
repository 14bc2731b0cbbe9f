"""Declared options: variants and house rules, each with a type, a default and a line of doc.

The default of every option is the sheet's rule (or the ruling's), so ``load_game(id)`` with no
options plays the game as printed. Values may come as Python values or as the strings a command
line gives (``--option rounds=3``); both are checked against the declaration.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import OptionError

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


@dataclass(frozen=True)
class Option:
    name: str
    type: type  # bool, int, float or str
    default: Any
    doc: str
    choices: tuple[Any, ...] | None = None
    min: float | None = None
    max: float | None = None
    path: bool = False  # the value names a file to read (a table's printed cards)

    def coerce(self, value: Any) -> Any:
        """The value as this option's type, or an OptionError that says what was expected."""
        v = value
        if isinstance(value, str) and self.type is not str:
            text = value.strip().lower()
            try:
                if self.type is bool:
                    if text not in _TRUE | _FALSE:
                        raise ValueError
                    v = text in _TRUE
                else:
                    v = self.type(text)
            except ValueError:
                raise OptionError(
                    f"option {self.name!r} takes {self._expected()}, not {value!r}"
                ) from None
        elif self.type is float and isinstance(value, int) and not isinstance(value, bool):
            v = float(value)
        elif self.type is str and isinstance(value, int) and not isinstance(value, bool):
            v = str(value)  # choices such as first_mover "0"/"1" given as numbers from Python
        if not isinstance(v, self.type) or (self.type is int and isinstance(v, bool)):
            raise OptionError(f"option {self.name!r} takes {self._expected()}, not {value!r}")
        if self.choices is not None and v not in self.choices:
            raise OptionError(f"option {self.name!r} takes {self._expected()}, not {value!r}")
        if self.min is not None and v < self.min:
            raise OptionError(f"option {self.name!r} must be at least {self.min}, not {v}")
        if self.max is not None and v > self.max:
            raise OptionError(f"option {self.name!r} must be at most {self.max}, not {v}")
        return v

    def _expected(self) -> str:
        if self.choices is not None:
            return "one of " + ", ".join(repr(c) for c in self.choices)
        return {bool: "true or false", int: "a whole number", float: "a number"}.get(
            self.type, "text"
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": self.name,
            "type": self.type.__name__,
            "default": self.default,
            "doc": self.doc,
        }
        if self.choices is not None:
            out["choices"] = list(self.choices)
        return out


def resolve_options(
    declared: Sequence[Option],
    given: Mapping[str, Any],
    presets: Mapping[str, Mapping[str, Any]] | None = None,
) -> dict[str, Any]:
    """Defaults, then the named preset (option ``preset``), then the given values.

    Unknown names are an error that lists the known ones, so a typo never silently plays the
    sheet's rules.
    """
    by_name = {o.name: o for o in declared}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        raise OptionError(
            f"unknown option{'s' if len(unknown) > 1 else ''} {', '.join(map(repr, unknown))}; "
            f"this game knows {', '.join(sorted(by_name))}"
        )
    values = {o.name: o.default for o in declared}
    if presets and "preset" in given:
        preset = by_name["preset"].coerce(given["preset"])
        values.update(presets.get(preset, {}))
    for name, raw in given.items():
        values[name] = by_name[name].coerce(raw)
    return values


def parse_option_args(args: Sequence[str] | None) -> dict[str, str]:
    """``["rounds=3", "elimination=false"]`` -> ``{"rounds": "3", ...}`` for the CLI."""
    out: dict[str, str] = {}
    for arg in args or ():
        name, sep, value = arg.partition("=")
        if not sep or not name.strip():
            raise OptionError(f"an option is written name=value, not {arg!r}")
        out[name.strip()] = value.strip()
    return out
