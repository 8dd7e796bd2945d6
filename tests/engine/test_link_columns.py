"""engine/link_columns.py: the per-link arrays kept across analyses equal freshly read ones after any edit."""

from __future__ import annotations

import numpy as np
import pytest

from planner_gui.catalog import bundled_catalog
from planner_gui.engine.link_columns import LinkColumns, clear_kept
from planner_gui.examples import default_example_path
from planner_gui.io import load_design
from planner_gui.model import Design

CATALOG = bundled_catalog()


def _arrays(design: Design) -> tuple[np.ndarray, np.ndarray]:
    columns = LinkColumns(design)
    return columns.media, columns.lengths


def _fresh(design: Design) -> tuple[np.ndarray, np.ndarray]:
    clear_kept()
    return _arrays(design)


@pytest.mark.parametrize("where", ["first", "middle", "last"])
def test_removing_one_link_drops_exactly_its_values(where: str) -> None:
    design = load_design(default_example_path(), CATALOG).design
    media, lengths = _fresh(design)
    ids = list(design.links)
    index = {"first": 0, "middle": len(ids) // 2, "last": len(ids) - 1}[where]
    design.remove_link(ids[index])
    kept_media, kept_lengths = _arrays(design)  # built from last time's arrays
    assert np.array_equal(kept_media, np.delete(media, index))
    assert np.array_equal(kept_lengths, np.delete(lengths, index))
    fresh_media, fresh_lengths = _fresh(design)
    assert np.array_equal(kept_media, fresh_media) and np.array_equal(kept_lengths, fresh_lengths)


def test_a_changed_length_after_a_removal_is_read_again() -> None:
    design = load_design(default_example_path(), CATALOG).design
    _fresh(design)
    ids = list(design.links)
    design.remove_link(ids[10])
    design.links[ids[20]].length_m = 42.5  # a second edit in the same step: not a single removal
    _, kept_lengths = _arrays(design)
    assert kept_lengths[19] == 42.5
    assert np.array_equal(kept_lengths, _fresh(design)[1])
