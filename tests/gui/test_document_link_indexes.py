"""Once the results of a design are out, the document builds its port and device indexes a few links per
turn of the event loop (document/indexes.py), so that the first delete of a device does not build them
with the window frozen; an edit in the middle of the build sees every link."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from planner_gui.catalog import bundled_catalog
from planner_gui.document import Document, indexes
from planner_gui.examples import default_example_path
from planner_gui.io import load_design
from planner_gui.model import Design

CATALOG = bundled_catalog()
STEP = 50  # links per turn here: the default design's 624 links take a dozen turns


@pytest.fixture
def document(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> Iterator[Document]:
    monkeypatch.setattr(indexes, "LINKS_PER_STEP", STEP)
    document = Document(CATALOG, load_design(default_example_path(), CATALOG).design)
    yield document
    document.live.shutdown()


def _complete(design: Design) -> bool:
    return design._index_build is None and design._ports is not None and design._links_by_device is not None


def _links_by_scan(design: Design, device_id: str) -> list[str]:
    return sorted(link.id for link in design.links.values()
                  if device_id in (link.a.partition("/")[0], link.b.partition("/")[0]))


def test_the_indexes_are_built_in_steps_after_the_first_results(document: Document, qtbot: QtBot) -> None:
    design = document.design
    assert design._ports is None and design._links_by_device is None  # loaded in bulk: nothing built
    assert len(design.links) > 3 * STEP
    document.live.wait_idle()
    assert document.analysis is not None
    qtbot.waitUntil(lambda: _complete(design))
    assert not document._indexes.active  # done: the timer stopped
    assert design._port_link == {ref: link.id for link in design.links.values() for ref in (link.a, link.b)}
    assert all(design.links_of(d) == _links_by_scan(design, d) for d in design.devices)


def test_a_delete_in_the_middle_of_the_build_removes_every_link_of_the_device(
        document: Document, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(indexes.IndexWarmup, "_on_timer_timeout", lambda self: None)  # steps taken by hand
    design = document.design
    document.live.wait_idle()
    assert design.prepare_indexes(STEP) is False  # one turn's worth filed
    spine = next(d for d in sorted(design.devices) if "spine" in d and _links_by_scan(design, d))
    linked = _links_by_scan(design, spine)
    assert document.remove_items([spine])
    assert spine not in design.devices and not any(link_id in design.links for link_id in linked)
    assert design._index_build is None  # the delete asked for the spine's links: the rest was filed then
    document.undo_stack.undo()
    assert design.links_of(spine) == linked
    assert all(design.links_of(d) == _links_by_scan(design, d) for d in design.devices)
