"""A fixed action encoding: every action a game may ever list gets one number in ``range(n)``.

Learning libraries want ``Discrete(n)`` with a mask, and an index that means the same thing in
every state. Our actions are small JSON objects (``{"pit": 3, "direction": "cw"}``), so an
encoding is a list of *templates*, each a set of keys with a *domain* per key; a template's
indices are the product of its domains' sizes, and the templates' blocks follow each other.

Two kinds of domain:

- ``Choice``: a fixed list of JSON values (a pit, a direction, a card, a variety, a whole
  Biber-Mania lay). Values are compared by their canonical JSON text, so ``true``, ``1`` and
  ``1.0`` stay three different values, as they are three different actions.
- ``Handle``: a number the game hands out while it runs (a card id in the bean games, an offer
  id). It means nothing across games, so the encoding numbers the handles a state lists under one
  template (all other keys equal) in the order ``legal_actions`` lists them: slot k is "the
  k-th card to plant", "the k-th open offer". A handle domain may also hold fixed words (the
  bean games' ``"front"`` beside card ids), which come first. Where more than ``slots`` handles
  are listed at once, the later ones cannot be chosen through the encoding; ``Encoded.dropped``
  counts them (the tests check that the bounds hold in play).

``Domain.key`` may also be a function of the value (``Keyed``): Mau-Mau's lays of several 10s
count by their first and last card and the suits in between, whatever the order in between.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core import Action


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


class Domain:
    """The values one key of a template may take, each with its place in ``range(size)``."""

    size: int

    def index(self, value: Any) -> int | None:
        """The value's place, or None where this domain does not hold it."""
        raise NotImplementedError

    def label(self, i: int) -> str:
        raise NotImplementedError


class Choice(Domain):
    def __init__(self, values: Iterable[Any]) -> None:
        self.values = list(values)
        self._at = {canonical(v): i for i, v in enumerate(self.values)}
        if len(self._at) != len(self.values):
            raise ValueError("a choice lists each value once")
        self.size = len(self.values)

    def index(self, value: Any) -> int | None:
        try:
            return self._at.get(canonical(value))
        except (TypeError, ValueError):
            return None

    def label(self, i: int) -> str:
        return canonical(self.values[i])


class Keyed(Domain):
    """Values grouped by ``key(value)`` (None: not in the domain); ``keys`` lists the groups."""

    def __init__(self, keys: Sequence[Hashable], key: Callable[[Any], Hashable | None]) -> None:
        self.keys = list(keys)
        self._at = {k: i for i, k in enumerate(self.keys)}
        self._key = key
        self.size = len(self.keys)

    def index(self, value: Any) -> int | None:
        k = self._key(value)
        return None if k is None else self._at.get(k)

    def label(self, i: int) -> str:
        return str(self.keys[i])


class Handle(Domain):
    """``fixed`` words first, then ``slots`` places for ids, numbered per state (see module)."""

    def __init__(self, slots: int, fixed: Iterable[str] = ()) -> None:
        self.fixed = list(fixed)
        self.slots = slots
        self.size = len(self.fixed) + slots

    def index(self, value: Any) -> int | None:
        if isinstance(value, str):
            return self.fixed.index(value) if value in self.fixed else None
        return None  # ids are numbered per state, by Encoding.encode

    def is_id(self, value: Any) -> bool:
        return isinstance(value, int) and not isinstance(value, bool)

    def label(self, i: int) -> str:
        return canonical(self.fixed[i]) if i < len(self.fixed) else f"#{i - len(self.fixed)}"


@dataclass
class Template:
    """Actions with exactly these keys, each value in its domain."""

    name: str
    fields: tuple[tuple[str, Domain], ...]
    offset: int = 0
    keys: frozenset[str] = field(init=False)
    size: int = field(init=False)

    def __post_init__(self) -> None:
        self.keys = frozenset(k for k, _ in self.fields)
        size = 1
        for _, dom in self.fields:
            size *= dom.size
        self.size = size

    def places(self, action: Mapping[str, Any]) -> list[int | tuple[Handle, Any]] | None:
        """Each field's place, a handle's id left for the state to number; None: no match."""
        if frozenset(action) != self.keys:
            return None
        out: list[int | tuple[Handle, Any]] = []
        for key, dom in self.fields:
            value = action[key]
            i = dom.index(value)
            if i is None:
                if isinstance(dom, Handle) and dom.is_id(value):
                    out.append((dom, value))
                    continue
                return None
            out.append(i)
        return out

    def flat(self, places: Sequence[int]) -> int:
        i = 0
        for (_, dom), p in zip(self.fields, places, strict=True):
            i = i * dom.size + p
        return self.offset + i

    def unflat(self, i: int) -> list[int]:
        i -= self.offset
        out = []
        for _, dom in reversed(self.fields):
            out.append(i % dom.size)
            i //= dom.size
        return out[::-1]


def template(name: str, **fields: Domain | Sequence[Any]) -> Template:
    """A template; a plain list of values is a ``Choice``."""
    return Template(
        name,
        tuple((k, d if isinstance(d, Domain) else Choice(d)) for k, d in fields.items()),
    )


@dataclass
class Encoded:
    """One seat's legal actions at one moment, by index."""

    actions: dict[int, Action]
    dropped: int = 0  # legal actions the encoding cannot name (handles past their slots)
    unknown: list[Action] = field(default_factory=list)  # actions no template matches


_UNSEEN = object()
_MEMO_SIZE = 100_000  # a bound on what a long run keeps (card ids make actions many)


class Encoding:
    """A game's fixed action numbering; ``size`` is ``n`` of ``Discrete(n)``."""

    def __init__(self, templates: Sequence[Template]) -> None:
        self.templates = list(templates)
        offset = 0
        self._by_keys: dict[frozenset[str], list[Template]] = {}
        for t in self.templates:
            t.offset = offset
            offset += t.size
            self._by_keys.setdefault(t.keys, []).append(t)
        self.size = offset
        # action -> its template and places: games hand out the same few hundred actions
        # again and again (most of them shared objects), so each is matched once
        self._memo: dict[Action, Any] = {}

    def _match(self, action: Action) -> tuple[Template, list[Any]] | None:
        for t in self._by_keys.get(frozenset(action), ()):
            places = t.places(action)
            if places is not None:
                return t, places
        return None

    def encode(self, legal: Iterable[Action]) -> Encoded:
        """Index -> action for a legal list. Equal indices (only through ``Keyed``: lays that
        count the same) keep the first action listed."""
        out = Encoded({})
        counters: dict[tuple[Any, ...], int] = {}
        memo = self._memo
        for action in legal:
            found = memo.get(action, _UNSEEN)
            if found is _UNSEEN:
                found = self._match(action)
                if len(memo) >= _MEMO_SIZE:
                    memo.clear()
                memo[action] = found
            if found is None:
                out.unknown.append(action)
                continue
            t, places = found
            handles = [j for j, p in enumerate(places) if isinstance(p, tuple)]
            if handles:
                # number the ids under this template and the other fields' values
                group = (t.name, *(p for p in places if not isinstance(p, tuple)))
                k = counters.get(group, 0)
                counters[group] = k + 1
                j = handles[0]
                dom = places[j][0]
                if k >= dom.slots or len(handles) > 1:
                    out.dropped += 1
                    continue
                places = [*places[:j], len(dom.fixed) + k, *places[j + 1 :]]
            out.actions.setdefault(t.flat(places), action)
        return out

    def template_of(self, index: int) -> Template:
        for t in self.templates:
            if t.offset <= index < t.offset + t.size:
                return t
        raise IndexError(f"action index {index} is not in range({self.size})")

    def label(self, index: int) -> str:
        """A readable name of an index (``lay "5"``, ``plant #0 field 1``): for docs and
        debugging; the action itself comes from ``encode`` in a state."""
        t = self.template_of(index)
        parts = [
            f"{k}={dom.label(p)}" for (k, dom), p in zip(t.fields, t.unflat(index), strict=True)
        ]
        return f"{t.name}: " + " ".join(parts)
