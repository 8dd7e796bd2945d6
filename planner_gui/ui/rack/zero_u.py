"""0 U devices (vertical PDUs) in the rack elevation: strips side by side in a rack's side channel.

Several PDUs in one rack used to share one strip's place and hid each other; here every 0 U device
of a rack gets its own strip (rack_layout.zero_u_slots), re-arranged whenever one comes or goes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from PySide6.QtCore import QRectF

from planner_gui.document.document import Document
from planner_gui.ui.rack import layout as rl
from planner_gui.ui.rack.items import DeviceItem, RackItem


def zero_u_rect(rack: RackItem, index: int = 0, count: int = 1) -> QRectF:
    """The strip of the ``index``-th of ``count`` 0 U devices in ``rack`` (rack coordinates)."""
    face = rack.device_rect(1, rack.box.height_u)
    x, y, w, h = rl.zero_u_slots(count, face.right(), rack.box.width, face.top(), face.height())[index]
    return QRectF(x, y, w, h)


def racks_with_zero_u(document: Document) -> set[str]:
    return {d.rack_id for d in document.design.devices.values()
            if d.rack_id is not None and document.spec_of(d.id).height_u == 0}


def place_zero_u(document: Document, racks: Mapping[str, RackItem], devices: Mapping[str, DeviceItem],
                 rack_ids: Iterable[str]) -> None:
    """Give each 0 U device of these racks its own strip, in the design's order for the rack."""
    for rack_id in rack_ids:
        rack = racks.get(rack_id)
        if rack is None:
            continue
        strips = [devices[d.id] for d in document.design.devices_in_rack(rack_id)
                  if d.id in devices and document.spec_of(d.id).height_u == 0]
        for index, item in enumerate(strips):
            item.set_rect(zero_u_rect(rack, index, len(strips)))
