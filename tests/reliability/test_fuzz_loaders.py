"""Bounded fuzzing of the design loader and the user catalog loader (the long run: benchmarks/fuzz.py).

Every input is a damaged valid document or random bytes. Passing means: no exception but the
loader's own, no load slower than the hang guard, and whatever loads saves and reloads unchanged.
"""

from __future__ import annotations

import tempfile
from collections import Counter
from pathlib import Path

from hypothesis import HealthCheck, given, settings

from tests.reliability.hostile import (
    check_catalog_file,
    check_design_file,
    hostile_catalog_bytes,
    hostile_design_bytes,
)

DESIGN_EXAMPLES = 250  # with the catalog run, about 10 s on the 2-core CI machine
CATALOG_EXAMPLES = 120
FUZZ_SETTINGS = {"deadline": None, "database": None,
                 "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.large_base_example]}
OUTCOMES: Counter[str] = Counter()


@settings(max_examples=DESIGN_EXAMPLES, **FUZZ_SETTINGS)
@given(hostile_design_bytes())
def test_hostile_design_files_load_or_are_refused_with_a_message(raw: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        OUTCOMES[check_design_file(Path(folder) / "fuzz.cluster", raw)] += 1


def test_the_design_fuzzer_reached_both_outcomes() -> None:
    """A fuzzer whose every input is refused at the first byte would prove nothing."""
    assert OUTCOMES["refused"] > 0 and OUTCOMES["loaded"] > 0, OUTCOMES


@settings(max_examples=CATALOG_EXAMPLES, **FUZZ_SETTINGS)
@given(hostile_catalog_bytes())
def test_hostile_user_catalogs_never_break_loading(raw: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        catalog = check_catalog_file(Path(folder) / "catalog.json", raw)
    assert "dgx-h100" in catalog or any("dgx-h100" in p for p in catalog.problems) or catalog.problems
