"""A 4,096-node design (7,258 devices, ~122,000 links) in the topology view: built, painted, edited in place.

No wall-clock bounds here (they flake on a loaded runner): the speed is shown by benchmarks/gui_views.py.
What is asserted is the structure that makes it fast: groups first, batched link paths instead of items,
bundles while zoomed out or while the wheel turns, and an edit that patches the scene."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, QRect, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from planner_gui.catalog import bundled_catalog
from planner_gui.document.document import Document
from planner_gui.model import Design
from planner_gui.templates import TemplateSpec, generate_design
from planner_gui.ui.topology.legend import DEVICES, GROUPS
from planner_gui.ui.topology.view import TopologyView

NODES = 4096


@pytest.fixture(scope="module")
def big_design() -> Design:
    return generate_design(bundled_catalog(), TemplateSpec("dgx-h100", NODES))


def test_a_4096_node_design_builds_paints_and_edits_in_place(qtbot: QtBot, big_design: Design) -> None:
    document = Document(bundled_catalog(), big_design, analyzer=lambda design, catalog, cache: None)
    view = TopologyView(document)
    qtbot.addWidget(view)
    view.resize(1600, 1000)
    view.show()
    qtbot.waitExposed(view)
    assert view.fabric_detail == GROUPS  # a fabric this size opens as its groups (issue 19 item 4) ...
    view.viewport().repaint()
    view.set_fabric_detail(DEVICES)  # ... and every device is one switch away
    view.fit_all()
    assert len(view.nodes) == sum(1 for d in big_design.devices.values() if not d.catalog_id.startswith(("pdu", "blank")))
    assert view.overview_mode and view.links_bundled  # far out: blocks and bundles, not 7,000 items
    assert view.links.segment_count > 100_000  # every link is in the batched paths, none is an item
    assert len(view.scene().items()) < len(view.nodes) + 100  # nodes plus a few layers and overlays
    view.viewport().repaint()
    node = view.nodes[0]
    link = next(iter(big_design.links))
    document.remove_items([link])
    assert view.nodes[0] is node and link not in view.data.link_index  # patched, not rebuilt
    view.navigator.set_scale(1.0)
    assert not view.overview_mode and not view.links_bundled
    view.viewport().repaint(QRect(700, 400, 120, 80))  # a hover or selection repaint
    centre = QPointF(view.viewport().rect().center())
    wheel = QWheelEvent(centre, view.viewport().mapToGlobal(centre), QPoint(), QPoint(0, 120), Qt.MouseButton.NoButton,
                        Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(view.viewport(), wheel)
    assert view.navigator.scale > 1.0 and view.links_bundled  # light drawing while the wheel turns
    qtbot.waitUntil(lambda: not view.links_bundled, timeout=2000)  # every link again once it rests
