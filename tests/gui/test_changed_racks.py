"""ui/changed_racks.py: the racks a view repaints after new results, from the reports' change notes."""

from __future__ import annotations

from types import SimpleNamespace

from planner_gui.ui.changed_racks import changed_racks

SHOWN_POWER, SHOWN_COOLING = {"r1": 1, "r2": 2}, {"r1": 3, "r2": 4}


def _report(racks: dict[str, int], changes: object = None) -> SimpleNamespace:
    return SimpleNamespace(racks=racks, rack_changes=changes)


def test_the_reports_shown_change_nothing() -> None:
    assert changed_racks((_report(SHOWN_POWER), _report(SHOWN_COOLING)), (SHOWN_POWER, SHOWN_COOLING)) == set()


def test_reports_derived_from_the_ones_shown_name_their_new_racks() -> None:
    power = _report({"r1": 5, "r2": 2}, (SHOWN_POWER, ("r1",)))
    cooling = _report({"r1": 3, "r2": 6}, (SHOWN_COOLING, ("r2",)))
    assert changed_racks((power, cooling), (SHOWN_POWER, SHOWN_COOLING)) == {"r1", "r2"}


def test_a_report_from_elsewhere_or_without_notes_repaints_everything() -> None:
    other = _report({"r1": 5}, ({"r1": 0}, ("r1",)))  # derived from a report this view never showed
    assert changed_racks((other, _report(SHOWN_COOLING)), (SHOWN_POWER, SHOWN_COOLING)) is None
    bare = SimpleNamespace(racks={"r1": 7})  # an analysis without change notes (a cold run)
    assert changed_racks((bare, _report(SHOWN_COOLING)), (SHOWN_POWER, SHOWN_COOLING)) is None
