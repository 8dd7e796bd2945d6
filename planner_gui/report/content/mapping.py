"""Apply a text transformation to every string of a ReportDocument (frozen dataclasses and tuples).

Objects whose strings do not change are returned as they are, so a document that needs no change
(all of it printable) is not copied: a 4,096-node proposal holds some 100,000 drawing shapes.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def map_strings(value: T, change: Callable[[str], str]) -> T:
    """``value`` with ``change`` applied to each string inside it; other values kept as they are."""
    return _map(value, change)  # type: ignore[no-any-return]


def _map(value: Any, change: Callable[[str], str]) -> Any:
    if isinstance(value, str):
        return change(value)
    if isinstance(value, tuple):
        mapped = tuple(_map(v, change) for v in value)
        return value if all(a is b for a, b in zip(mapped, value, strict=True)) else mapped
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = [f.name for f in dataclasses.fields(value) if f.init]
        updates = {name: _map(getattr(value, name), change) for name in fields}
        if all(updates[name] is getattr(value, name) for name in fields):
            return value
        return dataclasses.replace(value, **updates)
    return value
