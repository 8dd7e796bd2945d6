"""A design's port and device indexes, built a step at a time.

:class:`~planner_gui.model.design.Design` keeps two indexes of its links, each built from the links
when first needed: which link is on each port in use, and which links are on each device. Built at
once they cost ~0.3 s at 4,096 DGX nodes (118,000 links) and ~1 s at 100,000 GPUs, and the first
delete of a device paid for it (issue 19: "4k nodes: delete a spine - 0.56 s"). ``IndexBuild`` files
the links a batch at a time, so the GUI can build them between turns of the event loop once a design
is open (document/indexes.py), and any use of an index before the end finishes the build at once.

Edits may come between the steps. An edit that adds a link asks the port index first (is the port
free?), which finishes the build; removing a link takes it out of whatever is built already, and the
build skips a link that is gone by the time its turn comes. So the indexes at the end are those a
build at once would give.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from planner_gui.model.parts import Link


class IndexBuild:
    """The links still to be filed into the port index and/or the device index."""

    __slots__ = ("_fill_devices", "_fill_ports", "by_device", "done", "ports", "todo")

    def __init__(self, links: dict[str, Link], ports: dict[str, str] | None,
                 by_device: dict[str, set[str]] | None) -> None:
        """Build the indexes given as None (into new dicts, ``ports`` and ``by_device`` then); keep the others."""
        self.todo = list(links)  # the ids only: the links are looked up when filed (an edit may remove one)
        self.done = 0
        self._fill_ports, self._fill_devices = ports is None, by_device is None
        self.ports: dict[str, str] = {} if ports is None else ports
        self.by_device: dict[str, set[str]] = {} if by_device is None else by_device

    def step(self, links: dict[str, Link], budget: int | None) -> bool:
        """File the next ``budget`` links (None: all that are left); True once every link is filed."""
        end = len(self.todo) if budget is None else min(len(self.todo), self.done + budget)
        ports = self.ports if self._fill_ports else None
        by_device = self.by_device if self._fill_devices else None
        for link_id in self.todo[self.done:end]:
            link = links.get(link_id)
            if link is None:
                continue  # removed since the build began
            if ports is not None:
                ports[link.a] = link_id
                ports[link.b] = link_id
            if by_device is not None:
                by_device.setdefault(link.a.partition("/")[0], set()).add(link_id)
                by_device.setdefault(link.b.partition("/")[0], set()).add(link_id)
        self.done = end
        return end == len(self.todo)


def file_links(by_device: dict[str, set[str]], links: list[Link]) -> None:
    """Add ``links`` to a device index (a batch added to a design whose index is built)."""
    for link in links:
        by_device.setdefault(link.a.partition("/")[0], set()).add(link.id)
        by_device.setdefault(link.b.partition("/")[0], set()).add(link.id)
