"""The topology view's fabric overview mode: the groups picture, kept up to date, and its clicks.

Designs with fabric.COLLAPSE_FROM_SERVERS servers or more open in it (the 256-GPU default too); the "Show" switch of the
view's bar changes between groups and every device. Edits and new results rebuild the groups (a
few ms at thousands of GPUs, ~0.4 s at 100,000, only while the overview is shown); which groups
were open is kept across rebuilds by what they are (tier, pod, rail...), not by position.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
from PySide6.QtCore import QCoreApplication, QPointF, QRectF, Qt
from PySide6.QtGui import QMouseEvent

from planner_gui.present import format_count, format_percent
from planner_gui.ui.topology import fabric as fb
from planner_gui.ui.topology import layout as tl
from planner_gui.ui.topology import overview as ov
from planner_gui.ui.topology import overview_item as oi
from planner_gui.ui.window.navigation import MIN_SCALE

if TYPE_CHECKING:
    from planner_gui.ui.topology.view import TopologyView

GROUPS, DEVICES = "groups", "devices"  # the "Show" switch
PICK_PX = 5.0  # a hover within this many screen px of a bundle shows its tooltip

Signature = tuple


class FabricOverview:
    def __init__(self, view: TopologyView) -> None:
        self.view = view
        self.active = False
        self.tree: fb.FabricTree | None = None
        self.picture: ov.Picture | None = None
        self.opened: set[int] = set()
        self.item: oi.OverviewItem | None = None
        self.dirty = True

    # ----- state ---------------------------------------------------------------------------------
    def reset(self) -> None:
        """A new scene (another design): a new item, every group closed but the first level."""
        self.item = oi.OverviewItem()
        self.item.setVisible(self.active)
        self.view.scene().addItem(self.item)
        self.tree, self.picture, self.opened, self.dirty = None, None, set(), True

    def set_active(self, active: bool) -> None:
        self.active = active
        if self.item is not None:
            self.item.setVisible(active)
        if active and self.dirty:
            self.refresh()
        elif active:
            self.redraw()  # loads may have changed while it was hidden

    def refresh(self) -> None:
        """The design or its results changed: group again (keeping what was open), draw again."""
        if not self.active:
            self.dirty = True
            return
        data = self.view.data
        assert data is not None
        kept = self._signatures() if self.tree is not None else None
        self.tree = fb.build_tree(data)
        self.opened = fb.default_open(self.tree) if kept is None else self._find(kept)
        self.dirty = False
        self.redraw()

    def redraw(self) -> None:
        if not self.active:
            return  # drawn again when next shown: the tree may be older than the design by then
        view, tree, item = self.view, self.tree, self.item
        if tree is None or item is None or view.data is None:
            return
        picture = ov.build_picture(view.data, tree, self.opened, self._ports_of)
        self.picture = picture
        texts = [oi.node_texts(view, tree, spot) for spot in picture.spots]
        fills = [oi.node_fill(view, tree, spot) for spot in picture.spots]
        colours = oi.bundle_colours(picture, view.link_colouring if view.data.utilisation is not None
                                    or view.link_colouring != "load" else "speed")
        labels = [oi.bundle_label(picture, k) for k in range(picture.n_bundles)]
        frames = {f.node: oi.group_name(view, tree, f.node) or texts_of(view, tree, f.node)
                  for f in picture.frames}
        item.set_picture(picture, texts, fills, colours, labels, frames)
        self.show_selection(view.document.selection)
        view.update_bands()
        view.update_scene_rect()

    def open(self, node: int) -> None:
        self.opened.add(node)
        self.redraw()

    def close(self, node: int) -> None:
        """Close ``node`` and everything open inside it."""
        assert self.tree is not None
        inside = {node}
        stack = list(self.tree.children(node))
        while stack:
            child = stack.pop()
            inside.add(child)
            stack.extend(self.tree.nodes[child].children)  # what is not made was never open
        self.opened -= inside
        self.redraw()

    # ----- reading -------------------------------------------------------------------------------
    def rect(self) -> QRectF:
        if self.picture is None:
            return QRectF()
        left, top, right, bottom = self.picture.rect()
        return QRectF(left, top, right - left, bottom - top)

    def band_spans(self) -> list[tuple[str, float, float]]:
        if self.picture is None:
            return []
        return [(f"{QCoreApplication.translate('TopologyView', tl.short_band_label(code))} ({format_count(n)})",
                 top, bottom) for code, top, bottom, n in self.picture.rows]

    def spot_at(self, position: QPointF) -> int:
        if self.picture is None:
            return -1
        point = self.view.mapToScene(position.toPoint())
        return self.picture.spot_at(point.x(), point.y())

    def device_at(self, position: QPointF) -> str | None:
        """The device drawn (alone, or as one of its ports) at viewport ``position``."""
        i = self.spot_at(position)
        if i < 0 or self.tree is None or self.view.data is None:
            return None
        node = self.tree.nodes[self.picture.spots[i].node]  # type: ignore[union-attr]
        return self.view.data.device_ids[node.number] if node.kind == fb.DEVICE else None

    def show_selection(self, ids: list[str]) -> None:
        picture, tree, data, item = self.picture, self.tree, self.view.data, self.item
        if picture is None or tree is None or data is None or item is None:
            return
        chosen = np.zeros(data.band.size, dtype=bool)
        chosen[[data.index[i] for i in ids if i in data.index]] = True
        item.selected = {k for k, spot in enumerate(picture.spots) if chosen[tree.devices(spot.node)].any()} \
            if chosen.any() else set()
        item.update()

    # ----- mouse ---------------------------------------------------------------------------------
    def press(self, event: QMouseEvent) -> bool:
        """Open, close or select what was clicked; True when the click was the overview's."""
        if event.button() != Qt.MouseButton.LeftButton or self.picture is None or self.tree is None:
            return False
        point = self.view.mapToScene(event.position().toPoint())
        i = self.picture.spot_at(point.x(), point.y())
        if i < 0:
            frame = self.picture.frame_at(point.x(), point.y())
            if frame >= 0:
                self.close(self.picture.frames[frame].node)
                return True
            return False
        spot = self.picture.spots[i]
        if event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            parent = self._open_ancestor(spot.node if spot.port is not None else self.tree.nodes[spot.node].parent)
            if parent >= 0:
                self.close(parent)
            return True
        node = self.tree.nodes[spot.node]
        if node.kind != fb.DEVICE:
            self.open(spot.node)
            return True
        device_id = self.view.data.device_ids[node.number]  # type: ignore[union-attr]
        if spot.port is None and self.view.document.selection == [device_id]:
            self.open(spot.node)  # a second click on a selected device: its ports
        else:
            self.view.document.select([device_id])
        return True

    def tooltip(self, position: QPointF) -> str | None:
        picture, tree = self.picture, self.tree
        if picture is None or tree is None:
            return None
        i = self.spot_at(position)
        if i >= 0:
            title, sub = self.item.texts[i]  # type: ignore[union-attr]
            hint = self._hint(picture.spots[i])
            return "\n".join(t for t in (title, sub, hint) if t)
        k = self._bundle_at(position)
        if k < 0:
            return None
        text = oi.bundle_label(picture, k)
        mean = float(picture.load_mean[k])
        if not np.isnan(mean):
            text += "\n" + QCoreApplication.translate("TopologyView", "mean load {load}").format(
                load=format_percent(mean, 0))
        if picture.rail[k] >= 0:
            text += "\n" + QCoreApplication.translate("TopologyView", "Rail {n}").format(n=int(picture.rail[k]) + 1)
        return text

    # ----- internals -----------------------------------------------------------------------------
    def _hint(self, spot: ov.Spot) -> str:
        assert self.tree is not None
        node = self.tree.nodes[spot.node]
        if spot.port is not None:
            return ""
        if node.kind != fb.DEVICE:
            return QCoreApplication.translate("TopologyView", "Click to open; Shift-click a member to close")
        return QCoreApplication.translate("TopologyView", "Click to select; click again to show its ports")

    def _bundle_at(self, position: QPointF) -> int:
        picture = self.picture
        if picture is None or picture.n_bundles == 0:
            return -1
        point = self.view.mapToScene(position.toPoint())
        ends = [oi._ends(picture.spots[int(a)], picture.spots[int(b)])
                for a, b in zip(picture.bundle_a.tolist(), picture.bundle_b.tolist(), strict=True)]
        x0 = np.array([p.x() for p, _ in ends])
        y0 = np.array([p.y() for p, _ in ends])
        x1 = np.array([q.x() for _, q in ends])
        y1 = np.array([q.y() for _, q in ends])
        tolerance = PICK_PX / max(self.view.navigator.scale, MIN_SCALE)
        return tl.nearest_link(point.x(), point.y(), x0, y0, x1, y1, tolerance)

    def _open_ancestor(self, node: int) -> int:
        assert self.tree is not None
        roots = set(self.tree.roots.values())
        while node >= 0 and (node not in self.opened or node in roots):
            node = self.tree.nodes[node].parent
        return node

    def _ports_of(self, device: int) -> list[tuple[int, str]]:
        data, design = self.view.data, self.view.document.design
        assert data is not None
        device_id = data.device_ids[device]
        ports = []
        for j in data.links_of(np.array([device], dtype=np.int64)).tolist():
            link = design.links.get(data.link_ids[j])
            if link is not None:
                end = link.a if link.a.partition("/")[0] == device_id else link.b
                ports.append((j, end.partition("/")[2]))
        return ports

    def _signature(self, node: int) -> Signature:
        assert self.tree is not None and self.view.data is not None
        n = self.tree.nodes[node]
        if n.kind == fb.DEVICE:
            return ("device", self.view.data.device_ids[n.number])
        if n.kind == fb.TIER:
            return ("tier", n.band)
        return (self._signature(n.parent), n.kind, n.number, n.first, n.last)

    def _signatures(self) -> set[Signature]:
        return {self._signature(node) for node in self.opened if node < len(self.tree.nodes)}  # type: ignore[union-attr]

    def _find(self, signatures: set[Signature]) -> set[int]:
        assert self.tree is not None and self.view.data is not None
        found = set()
        for i, n in enumerate(self.tree.nodes):  # the list grows as open groups make their devices
            if n.kind != fb.DEVICE and self._signature(i) in signatures:
                found.add(i)
                self.tree.children(i)  # an open group's devices (and their chunks, which may be open too)
        index = self.view.data.index
        for sig in signatures:
            if sig[0] == "device" and sig[1] in index:
                node = self.tree.node_of_device(index[sig[1]])
                if node >= 0:
                    found.add(node)
        return found


def texts_of(view: TopologyView, tree: fb.FabricTree, node: int) -> str:
    """A frame's name when its node has no group name (a device showing its ports: the device)."""
    n = tree.nodes[node]
    if n.kind == fb.DEVICE and view.data is not None:
        device_id = view.data.device_ids[n.number]
        return view.document.design.devices[device_id].name or device_id
    return ""
