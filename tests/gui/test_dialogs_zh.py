"""Issue 7: the dialogs and panels in Chinese show no English sentence (the audit's leftovers, kept fixed).

Each test opens one piece of the UI in zh_CN and scans every text it shows (labels, buttons, combo items,
table headers and cells, list items, tooltips) for English words. Allowed to stay Latin: catalog names
and ids, units, NCCL and nccl-tests names, technology names and abbreviations (all capitals).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QComboBox,
    QGroupBox,
    QLabel,
    QTabWidget,
    QWidget,
)
from pytestqt.qtbot import QtBot

from planner_gui.catalog import bundled_catalog
from planner_gui.document import Document
from planner_gui.examples import examples_folder
from planner_gui.i18n import install_language
from planner_gui.io import load_design

CATALOG = bundled_catalog()
SMALL = "s4b-h100-1x8.cluster"  # one 8-GPU server: quick to analyse and compare
NCCL_DATA = Path(__file__).resolve().parents[1] / "data" / "nccl"
# Latin words a Chinese engineer writes as they are (technology, NCCL and nccl-tests names, units)
ALLOWED = {"nccl", "tests", "busbw", "algbw", "token", "tokens", "leaf", "spine", "infiniband", "roce", "nvlink",
           "allreduce", "allgather", "reducescatter", "alltoall", "sendrecv", "broadcast", "reduce", "ring", "tree",
           "simple", "zero", "json", "analyze", "gb", "gib", "mib", "kib", "kw", "mm", "kg", "gbps", "id", "ms", "us",
           "ethernet", "nvlstree", "float", "sum", "wrong", "root", "size", "cny", "usd", "mpo", "lc", "sr", "dr",
           "fr", "active", "passive", "optics", "base"}
WORD = re.compile(r"[A-Za-z]{2,}")
ID_LIKE = re.compile(r"\S*[\d_/\-.]\S*|\{\w*\}|<[^>]+>|“[^”]*”|'[^']*'")  # ids, paths, placeholders, tags, quotes


def english_words(text: str) -> set[str]:
    """Words of ``text`` that should have been translated (empty: none)."""
    for entry in CATALOG:  # catalog names are product names: they stay as the vendor writes them
        text = text.replace(entry.name, " ")
    text = ID_LIKE.sub(" ", text)
    return {w for w in WORD.findall(text) if not w.isupper() and w.lower() not in ALLOWED}


def shown_texts(root: QWidget) -> list[str]:
    """Every text ``root`` and its visible children show, with their tooltips."""
    texts = [root.windowTitle()]
    for widget in [root, *root.findChildren(QWidget)]:
        if widget is not root and not widget.isVisibleTo(root):
            continue
        texts.append(widget.toolTip())
        if isinstance(widget, QLabel | QAbstractButton):
            texts.append(widget.text())
        elif isinstance(widget, QGroupBox):
            texts.append(widget.title())
        elif isinstance(widget, QTabWidget):
            texts += [widget.tabText(i) for i in range(widget.count())]
        elif isinstance(widget, QComboBox):
            texts += [widget.itemText(i) for i in range(widget.count())]
        if isinstance(widget, QAbstractItemView) and widget.model() is not None:
            texts += _model_texts(widget.model())
    return [t for t in texts if t]


def _model_texts(model: object) -> list[str]:
    texts = []
    columns = model.columnCount() if hasattr(model, "columnCount") else 1  # type: ignore[attr-defined]
    for column in range(columns):
        texts.append(str(model.headerData(column, Qt.Orientation.Horizontal) or ""))  # type: ignore[attr-defined]
    for row in range(model.rowCount()):  # type: ignore[attr-defined]
        for column in range(columns):
            index = model.index(row, column)  # type: ignore[attr-defined]
            texts += [str(index.data() or ""), str(index.data(Qt.ItemDataRole.ToolTipRole) or "")]
    return texts


def leftovers(texts: list[str], user_data: tuple[str, ...] = ()) -> list[tuple[str, set[str]]]:
    """The texts with English words, after removing ``user_data`` (design names: the user's words)."""
    def without_user_data(text: str) -> str:
        for value in user_data:
            text = text.replace(value, " ")
        return text

    return [(t, found) for t in texts if (found := english_words(without_user_data(t)))]


@pytest.fixture
def chinese(qapp: QApplication) -> Iterator[None]:
    assert install_language("zh_CN", qapp) == "zh_CN"
    yield
    install_language("en", qapp)


@pytest.fixture
def document(chinese: None) -> Iterator[Document]:
    doc = Document(CATALOG, load_design(examples_folder() / SMALL, CATALOG).design)
    doc.live.wait_idle(60_000)
    yield doc
    doc.live.shutdown()


def test_the_scan_finds_english_and_lets_names_through() -> None:
    assert english_words("Blank design (one empty rack)") == {"Blank", "design", "one", "empty", "rack"}
    assert english_words("45.3 GB/s，AllReduce 耗时 6.72 ms，NVIDIA DGX H100（dgx-h100）") == set()
    assert english_words("Lines skipped or flagged:") == {"Lines", "skipped", "or", "flagged"}


def test_new_design_dialog(qtbot: QtBot, chinese: None) -> None:
    from planner_gui.ui.dialogs.new_design import NewDesignDialog

    dialog = NewDesignDialog(CATALOG)
    qtbot.addWidget(dialog)
    assert leftovers(shown_texts(dialog)) == []
    assert dialog.topology.currentData() == "rail-optimized" and dialog.cooling.currentData() == "air"
    dialog.nodes.setValue(2)
    dialog.topology.setCurrentIndex(dialog.topology.findData("single-switch"))
    dialog.accept()
    assert dialog.design is not None  # the ids, not the shown names, reach the generator


def test_palette_tooltips(qtbot: QtBot, chinese: None) -> None:
    from planner_gui.ui.panels.palette import Palette

    palette = Palette(CATALOG)
    qtbot.addWidget(palette)
    tips = [palette.index_of(i).data(Qt.ItemDataRole.ToolTipRole)
            for i in ("dgx-h100", "qm9700", "sn5600", "rack-42u", "dac-400g", "pfs-nvme-2u4n")]
    assert leftovers(tips) == []
    assert "功耗：典型 7.3 kW，最大 10.2 kW" in tips[0] and "InfiniBand 交换机，1 U" in tips[1]


def test_compare_dialog(qtbot: QtBot, document: Document) -> None:
    from planner_gui.ui.dialogs.compare import CompareDialog

    dialog = CompareDialog(document)
    qtbot.addWidget(dialog)
    assert dialog.compare() is not None
    dialog.changed_only.setChecked(False)
    assert leftovers(shown_texts(dialog), (document.design.meta.name,)) == []
    labels = [dialog.figures.item(i, 0).text() for i in range(dialog.figures.rowCount())]
    assert "训练天数" in labels and "1 GiB AllReduce 总线带宽" in labels


def test_sweep_dialog_choices_and_columns(qtbot: QtBot, document: Document) -> None:
    from planner_gui.ui.dialogs.sweep import SweepDialog

    dialog = SweepDialog(document)
    qtbot.addWidget(dialog)
    # "nodes — GPU 服务器数": the parameter's CLI name stays beside its label
    texts = [re.sub(r"^\w+ — ", "", t) for t in shown_texts(dialog)]
    assert leftovers(texts) == []


def test_acceptance_findings(qtbot: QtBot, document: Document) -> None:
    from planner_gui.ui.dialogs.acceptance import AcceptanceDialog

    dialog = AcceptanceDialog(document)
    qtbot.addWidget(dialog)
    dialog.load_file(NCCL_DATA / "all_reduce_perf_broken.txt")
    dialog.fit.setChecked(True)
    assert dialog.check() is not None
    findings = dialog.findings.text()
    assert "跳过或有问题的行" in findings and "。 " not in findings  # no English gap after a Chinese stop
    assert "拟合：NVLink 实际达到" in findings
    skipped = re.findall(r"<li>(.*?)</li>", findings)  # each quotes the user's nccl-tests line as it is
    assert len(skipped) == 6 and all(re.match(r"第 \d+ 行：", line) for line in skipped)
    dialog.findings.setText(re.sub(r"<li>.*?</li>", "", findings))
    dialog.text.clear()  # the pasted nccl-tests output is the user's, not the UI's
    assert leftovers(shown_texts(dialog)) == []


def test_help_page_list(qtbot: QtBot, chinese: None) -> None:
    from planner_gui.ui.window.help import HelpWindow

    window = HelpWindow()
    qtbot.addWidget(window)
    pages = [window.pages.item(i).text() for i in range(window.pages.count())]
    assert "软件架构" in pages and leftovers(pages) == []


def test_training_memory_says_whether_it_fits(document: Document) -> None:
    from planner_gui.ui.results.training import estimate_texts

    training = document.analysis.training  # type: ignore[union-attr]
    texts = estimate_texts(training, document.design.workload)
    assert "放得下" in texts["Memory per GPU"] or "放不下" in texts["Memory per GPU"]
    assert leftovers(list(texts.values())) == []
