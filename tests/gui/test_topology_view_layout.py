"""The topology layout maths: tiers, band order, rows, groups, bundles and link picking (no Qt)."""

from __future__ import annotations

import numpy as np
import pytest

from planner_gui.catalog import bundled_catalog
from planner_gui.engine.topology.report import analyze_topology
from planner_gui.examples import default_example_path
from planner_gui.io import load_design
from planner_gui.ui import colors
from planner_gui.ui.topology import layout as tl
from planner_gui.ui.topology.data import TopologyData

S, W = tl.CLASS_SERVER, tl.CLASS_SWITCH


def test_levels_are_hops_from_the_nearest_server() -> None:
    # servers 0,1 - leaf 2 - spine 3 - core 4; switch 5 hangs off nothing
    classes = np.array([S, S, W, W, W, W], dtype=np.int8)
    u, v = np.array([0, 1, 2, 3]), np.array([2, 2, 3, 4])
    levels = tl.infer_levels(classes, u, v)
    assert levels.tolist() == [0, 0, 1, 2, 3, -1]
    assert tl.bands_from_levels(classes, levels).tolist() == [0, 0, 1, 2, 3, tl.BAND_OFF_FABRIC]


def test_bands_stack_top_down_and_switches_sit_over_their_servers() -> None:
    """Four servers, two leaves linked to the right pair (3, 4) and the left pair (1, 2) in reverse
    design order, one spine: the barycentre order puts leaf B (servers 0, 1) on the left."""
    band = np.array([0, 0, 0, 0, 1, 1, 2], dtype=np.int16)
    a = np.array([2, 3, 0, 1, 4, 5])
    b = np.array([4, 4, 5, 5, 6, 6])
    layout = tl.compute_layout(band, a, b, per_row=16)
    assert layout.y[6] < layout.y[4] == layout.y[5] < layout.y[0]  # spine above leaves above servers
    assert layout.x[5] < layout.x[4]  # leaf 5 serves servers 0-1 (left), leaf 4 servers 2-3 (right)
    assert [band.label for band in layout.bands] == ["Spine switches", "Leaf switches", "GPU servers"]
    # every band is centred on the widest (four servers): the lone spine sits in the middle
    assert layout.x[6] == pytest.approx((layout.x[0] + layout.x[3]) / 2)


def test_a_big_band_wraps_into_rows() -> None:
    band = np.zeros(40, dtype=np.int16)
    layout = tl.compute_layout(band, np.empty(0, dtype=np.int64), np.empty(0, dtype=np.int64), per_row=16)
    assert np.unique(layout.y).size == 3  # 16 + 16 + 8
    assert layout.row.max() == 2
    assert layout.y[16] - layout.y[0] == pytest.approx(tl.ROW_PITCH)
    assert tl.rows_per_band_width(48) == tl.MIN_PER_ROW
    assert tl.rows_per_band_width(7258) > tl.MIN_PER_ROW  # 4,096 nodes: wrapped to a screen-like shape


def test_groups_are_runs_of_one_model_capped_in_size() -> None:
    x = np.array([0.0, 88.0, 176.0, 264.0, 352.0, 0.0, np.nan])
    y = np.array([0.0, 0.0, 0.0, 0.0, 0.0, 44.0, 0.0])
    key = np.array([1, 1, 1, 2, 2, 1, 1])
    groups = tl.group_runs(x, y, np.zeros(7, dtype=np.int16), key, max_size=2)
    assert groups.of_device.tolist() == [0, 0, 1, 2, 2, 3, -1]
    assert groups.count.tolist() == [2, 1, 2, 1]
    assert groups.x0[0] == pytest.approx(-tl.NODE_W / 2) and groups.x1[0] == pytest.approx(88.0 + tl.NODE_W / 2)


def test_bundles_merge_links_between_two_groups() -> None:
    of_device = np.array([0, 0, 1, 1, 2])
    a, b = np.array([0, 1, 2, 0, 4]), np.array([2, 3, 0, 1, 0])
    bundles = tl.bundle_links(of_device, a, b, np.array([400.0, 400.0, 200.0, 400.0, 100.0]))
    pairs = {(int(x), int(y)): (int(n), float(g)) for x, y, n, g in
             zip(bundles.group_a, bundles.group_b, bundles.links, bundles.gbps, strict=True)}
    assert pairs == {(0, 1): (3, 1000.0), (0, 2): (1, 100.0)}  # link 0-1 stays inside group 0


def test_nearest_link_is_the_closest_segment_within_tolerance() -> None:
    x0, y0 = np.array([0.0, 0.0]), np.array([0.0, 10.0])
    x1, y1 = np.array([100.0, 100.0]), np.array([0.0, 10.0])
    assert tl.nearest_link(50.0, 3.0, x0, y0, x1, y1, 4.0) == 0
    assert tl.nearest_link(50.0, 7.0, x0, y0, x1, y1, 4.0) == 1
    assert tl.nearest_link(50.0, 30.0, x0, y0, x1, y1, 4.0) == -1
    assert tl.nearest_link(104.0, 0.0, x0, y0, x1, y1, 4.5) == 0  # past the end: distance to the end point


def test_default_design_tiers_match_the_engine() -> None:
    """The view infers tiers itself when no results exist yet; it must agree with topology analysis."""
    catalog = bundled_catalog()
    design = load_design(default_example_path(), catalog).design
    data = TopologyData.from_design(design, catalog)
    report = analyze_topology(design, catalog)
    for device_id, tier in zip(report.switches.device_ids, report.switches.tiers, strict=True):
        expected = tier if tier >= 1 else tl.BAND_OFF_FABRIC
        assert data.band[data.index[device_id]] == expected, device_id
    leaves = [i for i, d in enumerate(data.device_ids) if d.startswith("fab-leaf")]
    spines = [i for i, d in enumerate(data.device_ids) if d.startswith("fab-spine")]
    servers = [i for i, d in enumerate(data.device_ids) if d.startswith("node-")]
    assert data.y[leaves].max() < data.y[servers].min()  # leaves above servers
    assert data.y[spines].max() < data.y[leaves].min()  # spines above leaves


def test_link_colours_and_widths_follow_speed() -> None:
    assert colors.speed_colour(400.0) != colors.speed_colour(200.0) != colors.speed_colour(1.0)
    assert colors.speed_width(1.0) < colors.speed_width(400.0) < colors.speed_width(800.0)
    assert colors.speed_colour(float("nan")) == colors.UNKNOWN_SPEED_COLOUR
