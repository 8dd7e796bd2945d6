"""Duplicate keys inside one JSON object: refused, each named with the object's JSON path.

RFC 8259 leaves repeated names to the reader, and Python keeps the last one, so a file could show a
person one value and give the app another. The exact check (a Python ``object_pairs_hook`` on every
object) adds ~40% to parsing a 100,000-GPU design (benchmarks/load_speed.py), so a cheap proof runs
first and the exact check only when the proof does not hold.

The proof counts colons. In valid JSON a colon is either the separator after a key or a character
inside a string, so ``colons in the text = pairs in the text + colons inside strings``. Walking the
parsed data gives ``keys`` (distinct keys per object) and ``colons`` (inside the strings it holds).
Each is at most its text counterpart: a repeated key counts once, and the walk leaves the links'
strings uncounted (390,000 records, where colons are rare). When the two sums are equal, nothing was
dropped, so no object repeats a key. Escapes could hide a colon (``\\u003a``), so a text with any
backslash takes the exact check.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from itertools import repeat
from typing import Any

from planner_gui.io.reader import at
from planner_gui.model.messages import QT_TRANSLATE_NOOP

FLAT_LIST = "links"  # the top-level list of flat records whose strings the proof does not count
_DICT_ONLY = frozenset((dict,))
MAX_REPORTED = 50  # limits.MAX_ERRORS_SHOWN: the user sees this many problems at most


def proof_holds(text: str, data: Any) -> bool:
    """True when counting colons proves no object of ``text`` (parsed to ``data``) repeats a key."""
    return "\\" not in text and _tally(data) == text.count(":")


def _tally(data: Any) -> int:
    """Distinct keys of every object plus the colons inside the strings the walk visits."""
    keys = 0
    strings: list[str] = [data] if type(data) is str else []
    flat = data.get(FLAT_LIST) if type(data) is dict else None
    if type(flat) is list and set(map(type, flat)) <= _DICT_ONLY:  # keys in one pass, strings uncounted
        keys += sum(map(len, flat))
    stack = [data] if type(data) is dict or type(data) is list else []  # a file may hold a bare value
    while stack:
        node = stack.pop()
        if type(node) is dict:
            keys += len(node)
            strings.extend(node)
            values: Any = node.values()
        else:
            values = node
        for value in values:
            kind = type(value)
            if kind is str:
                strings.append(value)
            elif (kind is dict or kind is list) and value is not flat:
                stack.append(value)
    return keys + sum(map(str.count, strings, repeat(":")))


def parse_with_duplicates(text: str) -> tuple[Any, list[str]]:
    """Parse ``text`` (known to be valid JSON) noting every object whose pairs outnumber its keys:
    the data (the last value of a repeated key wins, as in a plain parse) and where each repetition is.

    The caller drops its first parse before calling this, so two copies of a large file never coexist.
    """
    repeated: dict[int, list[str]] = {}

    def pairs_hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        obj = dict(pairs)
        if len(obj) != len(pairs):
            repeated[id(obj)] = _repeated_keys(pairs)
        return obj

    data = json.loads(text, object_pairs_hook=pairs_hook)
    if not repeated:
        return data, []
    found: list[str] = []
    remaining = set(repeated)
    for path, obj in _objects(data):
        if id(obj) not in remaining:
            continue
        remaining.discard(id(obj))
        for key, count in repeated[id(obj)]:
            message = (QT_TRANSLATE_NOOP("Load", "key {key!r} appears twice").fill(key=key[:80]) if count == 2 else
                       QT_TRANSLATE_NOOP("Load", "key {key!r} appears {count} times").fill(key=key[:80], count=count))
            found.append(at(path, message))
        if len(found) >= MAX_REPORTED or not remaining:
            break
    return data, found[:MAX_REPORTED]


def _repeated_keys(pairs: list[tuple[str, Any]]) -> list[tuple[str, int]]:
    counts: dict[str, int] = {}
    for key, _ in pairs:
        counts[key] = counts.get(key, 0) + 1
    return [(key, count) for key, count in counts.items() if count > 1]


def _objects(data: Any) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every object in ``data`` with its JSON path, in file order (depth first, no recursion).

    Paths are built only for containers (a leaf never needs one); the caller stops the walk once it has
    found the objects it looks for.
    """
    stack: list[tuple[str, Any]] = [("", data)]
    while stack:
        path, node = stack.pop()
        if type(node) is dict:
            yield path, node
            children = [(f"{path}.{key}" if path else key, value) for key, value in node.items()
                        if type(value) is dict or type(value) is list]
        else:
            children = [(f"{path}[{index}]", value) for index, value in enumerate(node)
                        if type(value) is dict or type(value) is list]
        stack.extend(reversed(children))
