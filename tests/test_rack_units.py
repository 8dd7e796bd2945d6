"""The one U-arithmetic rule the model and the rack view share (model/rack_units.py)."""

from __future__ import annotations

from planner_gui.model.rack_units import ABOVE, BELOW, OVERLAP, fit_problem, free_slots, occupied_units

TAKEN = occupied_units([("srv", 1, 8), ("sw", 20, 1), ("gone", 30, 2)], ignore=["gone"])  # U1-U8 and U20


def test_occupied_units_maps_each_u_to_its_device_and_skips_the_ignored() -> None:
    assert {**dict.fromkeys(range(1, 9), "srv"), 20: "sw"} == TAKEN


def test_fit_problem_says_why_a_device_does_not_fit() -> None:
    assert fit_problem(TAKEN, 42, 9, 8) is None  # U9-U16 is free
    assert fit_problem(TAKEN, 42, 35, 8) is None  # U35-U42: the top unit is the rack's last
    assert fit_problem(TAKEN, 42, 0, 1) == (BELOW, "")
    assert fit_problem(TAKEN, 42, 36, 8) == (ABOVE, "")  # would reach U43
    assert fit_problem(TAKEN, 42, 5, 8) == (OVERLAP, "srv")
    assert fit_problem(TAKEN, 42, 13, 8) == (OVERLAP, "sw")  # U13-U20 touches the switch's U20


def test_free_slots_are_exactly_the_places_that_fit() -> None:
    slots = free_slots(TAKEN, 24, 4)
    assert slots == [*range(9, 17), 21]  # U9-U12 .. U16-U19 below the switch, U21-U24 above it
    assert all(fit_problem(TAKEN, 24, u, 4) is None for u in slots)
    assert free_slots(TAKEN, 8, 1) == []  # a full rack
