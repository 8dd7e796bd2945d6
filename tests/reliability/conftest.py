"""Shared by the reliability tests: a hang must fail its test, never stall the suite."""

from __future__ import annotations

import signal
from collections.abc import Iterator

import pytest

HANG_LIMIT_S = 10  # far more than any single save or read in these tests takes


@pytest.fixture
def no_hang() -> Iterator[None]:
    """Raise TimeoutError in a test still running after HANG_LIMIT_S (a pipe read or write that blocks)."""
    def timed_out(*_: object) -> None:
        raise TimeoutError(f"the test hung for {HANG_LIMIT_S} s")
    previous = signal.signal(signal.SIGALRM, timed_out)
    signal.alarm(HANG_LIMIT_S)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)
