"""A large design's device panels are made just after the rack view's first paint, a chunk per turn of the
event loop (issue 19: paint first, details after).

At 100,000 GPUs the 18,700 device items are a third of the rack view's build on opening; the racks can
paint their devices as plain blocks (the far-out picture, RackItem.draw_blocks) until the items exist.
From DEFER_FROM_DEVICES devices a replaced design's racks are built at once and its device items after
the first paint, CHUNK at a time, so the window stays responsive meanwhile. An edit that re-creates a
device's item before its turn makes it then (RackView.add_device_item takes it off the list).

While the engine analyses (an edit's results, or the first ones) the chunks wait: the worker thread
shares the interpreter with this one, so items made meanwhile would delay the results the user waits
for (issue 19: edit to results within 100 ms); the filling goes on once they are in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer

from planner_gui.ui.rack.zero_u import place_zero_u

if TYPE_CHECKING:
    from planner_gui.ui.rack.view import RackView

DEFER_FROM_DEVICES = 2_000  # as ui/topology/deferred.py and document/live.py: a large design
CHUNK = 1_000  # device items per turn of the event loop: ~30 ms on this 2-core machine
WAIT_MS = 15  # while an analysis runs, look again after this long (the worker's results go first)


class DeviceItemFiller:
    def __init__(self, view: RackView) -> None:
        self.view = view
        self.pending: dict[str, None] = {}  # device ids still without an item, in the design's order
        # the ids in that order and how far the chunks got: taking the first key of a dict emptied from
        # the front walks every removed slot, which made the filling quadratic (~220 ms at 55,000 devices)
        self._order: list[str] = []
        self._next = 0
        self._scheduled = False

    def defer(self) -> bool:
        """True when the view should make its device items later (a large design was just opened)."""
        devices = self.view.document.design.devices
        self.pending = dict.fromkeys(devices) if len(devices) >= DEFER_FROM_DEVICES else {}
        self._order, self._next = list(self.pending), 0
        self._scheduled = False
        return bool(self.pending)

    def made(self, device_id: str) -> None:
        """The view made (or re-made) this device's item itself."""
        self.pending.pop(device_id, None)

    def painted(self) -> None:
        """The view painted: make the items from the next turn on."""
        if self.pending and not self._scheduled:
            self._scheduled = True
            QTimer.singleShot(0, self.fill)

    def fill(self) -> None:
        """Make the next CHUNK items (after the running analysis); schedule the rest, or finish the picture."""
        view, design = self.view, self.view.document.design
        if self.pending and view.document.live.busy:
            QTimer.singleShot(WAIT_MS, self.fill)
            return
        racks: set[str] = set()
        made = 0
        while made < CHUNK and self._next < len(self._order):
            device_id = self._order[self._next]
            self._next += 1
            if device_id not in self.pending:  # made by an edit meanwhile
                continue
            device = design.devices.get(device_id)
            if device is None or device_id in view.device_items:
                self.pending.pop(device_id)
                continue
            view.add_device_item(device)  # takes it off the list
            made += 1
            if device.rack_id is not None:
                racks.add(device.rack_id)
        if self._next >= len(self._order):
            self.pending.clear()  # every id was visited: what is left was made or removed meanwhile
        place_zero_u(view.document, view.rack_items, view.device_items, racks)
        if self.pending:
            QTimer.singleShot(0, self.fill)
            return
        self._scheduled = False
        view.finish_filling()
