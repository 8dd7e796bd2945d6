"""Engine tests that call the incremental steps directly (parse, graph, topology, power) run them inside a
store, as an AnalysisCache's run does (engine/incremental/store.py); ``cold_start`` empties it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from planner_gui.engine.incremental.store import keeping, kept


@pytest.fixture
def kept_store() -> Iterator[dict[str, Any]]:
    """What a cached analysis keeps between runs, for the length of the test."""
    with keeping({}) as store:
        yield store  # type: ignore[misc]


def cold_start() -> None:
    """Forget what earlier calls of the test kept: the next call starts cold, and is kept from."""
    kept().clear()
