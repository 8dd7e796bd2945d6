"""catalog.schema.validate_entry on its own, without the loader's guards in front of it."""

from __future__ import annotations

from planner_gui.catalog.schema import validate_entry


def _switch(**fields: object) -> dict[str, object]:
    entry: dict[str, object] = {"id": "my-switch", "kind": "switch", "name": "A switch", "source": "test",
                                "max_power_w": 500, "height_u": 1}
    entry.update(fields)
    return entry


def test_a_whole_number_beyond_float_range_is_named_not_crashed_on() -> None:
    problems = validate_entry(_switch(max_power_w=10**400))
    assert any("max_power_w: 1.000e+400 is above the maximum" in p for p in problems), problems


def test_a_negative_huge_number_keeps_its_sign() -> None:
    problems = validate_entry(_switch(max_power_w=-(10**400)))
    assert any("max_power_w: -1.000e+400 is below the minimum" in p for p in problems), problems


def test_ordinary_out_of_range_numbers_read_as_before() -> None:
    problems = validate_entry(_switch(max_power_w=-5))
    assert any("max_power_w: -5 is below the minimum" in p for p in problems), problems
