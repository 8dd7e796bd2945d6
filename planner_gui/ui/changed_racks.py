"""Which racks' reports a view must repaint after new results, from the reports' own change notes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def changed_racks(reports: Sequence[Any], shown: Sequence[Any]) -> set[str] | None:
    """The racks whose power or cooling report may differ from the ones a view shows (``shown``: the
    ``racks`` mappings it painted, in the order of ``reports``); None: any may, so repaint every rack.

    A report that is the one shown changes nothing; otherwise its ``rack_changes`` (the racks mapping it
    was derived from, the racks new since) must start from what is shown, else nothing can be trusted."""
    changed: set[str] = set()
    for report, racks in zip(reports, shown, strict=True):
        if report.racks is racks:
            continue
        changes = getattr(report, "rack_changes", None)
        if changes is None or changes[0] is not racks:
            return None
        changed.update(changes[1])
    return changed
