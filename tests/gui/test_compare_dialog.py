"""Tools ▸ Compare: the dialog shows engine/compare/designs.py's comparison — figures, curves, BOM diff."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest
from pytestqt.qtbot import QtBot

from planner_gui.catalog import bundled_catalog
from planner_gui.document.document import Document
from planner_gui.engine.compare.designs import compare_designs
from planner_gui.examples import examples_folder
from planner_gui.io import load_design
from planner_gui.present import format_figure
from planner_gui.ui.dialogs.compare import CURRENT, CompareDialog

CATALOG = bundled_catalog()
IB = examples_folder() / "s5-a100-8x8-ib.cluster"
ROCE = examples_folder() / "s5-a100-8x8-roce.cluster"


@pytest.fixture
def document() -> Iterator[Document]:
    doc = Document(CATALOG, load_design(IB, CATALOG).design)
    yield doc
    doc.live.shutdown()


@pytest.fixture
def dialog(qtbot: QtBot, document: Document) -> CompareDialog:
    widget = CompareDialog(document)
    qtbot.addWidget(widget)
    return widget


def test_open_design_against_a_file_fills_every_tab(dialog: CompareDialog) -> None:
    key = dialog.add_file(ROCE)
    dialog.choose(CURRENT, key)
    result = dialog.compare()
    direct = compare_designs(load_design(IB, CATALOG).design, load_design(ROCE, CATALOG).design, CATALOG)
    assert result is not None and result.to_json() == direct.to_json()
    assert "the difference is the link speed, 200 vs 100 Gb/s per NIC" in dialog.status.text()  # what explains it
    labels = [dialog.figures.item(i, 0).text() for i in range(dialog.figures.rowCount())]
    busbw = labels.index("AllReduce busbw at 1 GiB")
    row = direct.row("allreduce_busbw_1gib")
    assert dialog.figures.item(busbw, 1).text() == format_figure(row.a, "GB/s", "CNY")
    assert dialog.figures.item(busbw, 4).text() == f"{row.ratio:.3f}×"
    assert "Cloud: total over the project" not in labels  # neither design prices the cloud
    x, y = dialog.plotted("B", "allreduce")
    assert np.array_equal(x, [p.bytes for p in direct.curves_b["allreduce"]])
    assert np.allclose(y, [p.busbw_GBps for p in direct.curves_b["allreduce"]])
    changed = {dialog.bom.item(i, 0).text().split(" — ")[0] for i in range(dialog.bom.rowCount())}
    assert changed == {r.catalog_id for r in direct.bom if r.changed}


def test_showing_every_bom_item(dialog: CompareDialog) -> None:
    dialog.choose(CURRENT, dialog.add_file(ROCE))
    comparison = dialog.compare()
    assert comparison is not None
    dialog.changed_only.setChecked(False)
    assert dialog.bom.rowCount() == len(comparison.bom)


def test_a_variant_is_a_snapshot_of_the_open_design(dialog: CompareDialog, document: Document) -> None:
    key = dialog.keep_variant("  after  the   edit ")
    variants = document.design.variants
    assert key == "variant:Base" and variants.names == ["Base", "after the edit"]
    assert variants.active == "after the edit" and document.is_dirty  # saved in the file, one undo step
    assert document.set_settings("meta", name="after")
    dialog.choose(key, CURRENT)
    comparison = dialog.compare()
    assert comparison is not None
    assert (comparison.name_a, comparison.name_b) == ("S5: 8 x 8 A100 on InfiniBand [Base]", "after [after the edit]")
    assert all(r.diff in (None, 0.0) for r in comparison.rows)


def test_bad_requests_are_refused_with_a_message(dialog: CompareDialog) -> None:
    with pytest.raises(ValueError, match="a variant needs a name"):
        dialog.keep_variant("   ")
    with pytest.raises(KeyError, match="no source 'variant:nope'"):
        dialog.choose(CURRENT, "variant:nope")
