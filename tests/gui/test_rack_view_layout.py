"""Rack elevation geometry and load colours: pure arithmetic, checked by hand."""

from __future__ import annotations

import pytest

from planner_gui.model.rack_units import occupied_units, stack_upward
from planner_gui.ui import colors
from planner_gui.ui.rack import layout as rl
from planner_gui.ui.rack.items import bar_text


def test_racks_are_drawn_to_scale() -> None:
    """EIA-310: a U is 44.45 mm and a panel 482.6 mm wide, so a face is 10.857 U-heights wide."""
    assert pytest.approx(482.6 / 44.45) == rl.FACE_W / rl.U_PX
    layout = rl.layout_elevation([rl.RackSpec("r1", "A", 1, 42, 600.0), rl.RackSpec("r2", "A", 2, 42, 700.0)], 0)
    assert layout.racks["r1"].width / rl.U_PX == pytest.approx(600.0 / 44.45)
    assert layout.racks["r2"].width / layout.racks["r1"].width == pytest.approx(700.0 / 600.0)


def test_u_numbers_run_from_the_bottom_and_map_both_ways() -> None:
    box = rl.RackBox("r", "A", 0.0, 0.0, 216.0, 42)
    assert box.u_at(box.units_bottom - 1.0) == 1
    assert box.u_at(box.units_top + 1.0) == 42
    assert box.u_at(box.units_top - 1.0) is None and box.u_at(box.units_bottom) is None
    for u in (1, 10, 42):  # the middle of slot u maps back to u
        assert box.u_at(box.device_top(u, 1) + rl.U_PX / 2) == u
    assert box.device_top(10, 8) == pytest.approx(box.units_bottom - 17 * rl.U_PX)  # U10-U17: top at U17


def test_rows_stack_in_name_order_and_keep_gaps_between_positions() -> None:
    specs = [rl.RackSpec("b1", "B", 1, 42), rl.RackSpec("a3", "A", 3, 48), rl.RackSpec("aa1", "AA", 1, 42),
             rl.RackSpec("a1", "A", 1, 42)]
    layout = rl.layout_elevation(specs, unplaced=0)
    assert [r.name for r in layout.rows] == ["A", "B", "AA"]
    a1, a3 = layout.racks["a1"], layout.racks["a3"]
    assert a3.x - a1.x == pytest.approx(2 * layout.rows[0].pitch)  # position 2 is empty and stays empty
    assert layout.rows[0].height == pytest.approx(a3.height)  # the row is as tall as its tallest rack
    assert layout.racks["b1"].y == pytest.approx(layout.rows[0].y + layout.rows[0].height + rl.ROW_GAP)
    assert ("A", 3) in layout.slots and ("A", 2) not in layout.slots
    assert layout.row_at(a1.x + 1, a1.y + 1) is layout.rows[0]
    assert layout.position_at(layout.rows[0], a3.x + 1) == 3


def test_a_hall_of_many_rows_wraps_into_columns_of_about_screen_shape() -> None:
    """126 rows of 12 racks (the 4,096-node template): one column would be 60x taller than wide."""
    specs = [rl.RackSpec(f"r{i}-{p}", f"R{i:03d}", p, 42) for i in range(126) for p in range(1, 13)]
    layout = rl.layout_elevation(specs, unplaced=0)
    columns = len({row.x for row in layout.rows})
    assert columns > 1
    assert 1.0 < layout.width / layout.height < 3.0
    first_column = [row for row in layout.rows if row.x == 0.0]
    assert [row.name for row in first_column] == [f"R{i:03d}" for i in range(len(first_column))]
    for row in layout.rows:  # no two rows overlap
        others = [o for o in layout.rows if o is not row and o.x == row.x]
        assert all(o.y >= row.y + row.height or o.y + o.height <= row.y for o in others)


def test_the_tray_grows_a_line_per_row_of_chips() -> None:
    empty = rl.layout_elevation([rl.RackSpec("r", "A", 1, 42)], unplaced=0)
    columns = rl.tray_columns(empty.width - rl.ROW_LABEL_W)
    assert columns == rl.TRAY_MIN_COLUMNS
    one = rl.layout_elevation([rl.RackSpec("r", "A", 1, 42)], unplaced=1)
    assert one.tray_height == empty.tray_height  # an empty tray keeps a line free: the first chip moves no rack
    full = rl.layout_elevation([rl.RackSpec("r", "A", 1, 42)], unplaced=columns + 1)
    assert full.tray_height - empty.tray_height == pytest.approx(rl.TRAY_CHIP_H + rl.TRAY_CHIP_GAP)
    assert full.racks["r"].y - empty.racks["r"].y == pytest.approx(full.tray_height - empty.tray_height)


def test_refusals_name_the_reason() -> None:
    occupied = occupied_units([("srv", 1, 8), ("sw", 20, 1)])
    assert rl.refusal(occupied, 42, 9, 8) is None  # U9-U16 is free
    assert rl.refusal(occupied, 42, 5, 8) == "U5-U12 overlaps srv"
    assert rl.refusal(occupied, 42, 38, 8) == "a 8 U device at U38 reaches U45, above the 42 U rack"
    assert rl.refusal(occupied_units([("srv", 1, 8)], ignore=["srv"]), 42, 5, 8) is None


def test_stacking_upward_skips_occupied_space() -> None:
    occupied = occupied_units([("a", 3, 2), ("b", 9, 1)])  # U3-U4 and U9 taken
    assert stack_upward(occupied, 42, 1, 2, 4) == [1, 5, 7, 10]
    assert stack_upward(occupied, 12, 10, 2, 5) == [10]  # U12 is the top: U12-U13 would not fit


def test_load_colours_follow_the_80_and_100_percent_thresholds() -> None:
    assert colors.load_colour(0.79) == colors.GREEN
    assert colors.load_colour(0.8) == colors.AMBER
    assert colors.load_colour(0.999) == colors.AMBER
    assert colors.load_colour(1.0) == colors.RED
    assert colors.load_colour(None) == colors.NO_DATA


def test_bar_text_shows_draw_budget_and_percent() -> None:
    fraction, text = bar_text(33_600.0, 42_000.0)  # 33.6 of 42 kW is 80 %
    assert fraction == pytest.approx(0.8) and text == "33.6 / 42.0 kW (80 %)"
    assert bar_text(500.0, 0.0)[0] == float("inf")
