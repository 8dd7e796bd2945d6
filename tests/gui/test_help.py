"""The Help window: every bundled doc page listed, the user guide first, links between pages followed."""

from __future__ import annotations

from PySide6.QtCore import QUrl
from pytestqt.qtbot import QtBot

from planner_gui.ui.window.help import HelpWindow, doc_pages, docs_dir


def test_every_bundled_page_is_listed_with_the_model_pages_marked(qtbot: QtBot) -> None:
    window = HelpWindow()
    qtbot.addWidget(window)
    titles = [window.pages.item(i).text() for i in range(window.pages.count())]
    assert len(titles) == len(doc_pages())
    assert "Compare and acceptance" in titles and "Model: Collectives" in titles
    assert window.pages.currentItem().text() == "User guide" and "Architecture" in titles
    assert "First steps" in window.browser.toPlainText()


def test_a_link_to_a_model_page_opens_it_and_selects_it(qtbot: QtBot) -> None:
    window = HelpWindow()
    qtbot.addWidget(window)
    window.pages.setCurrentRow([p.name for p in doc_pages()].index("models.md"))
    window.browser.setSource(window.browser.source().resolved(QUrl("models/cost.md")))  # as a click does
    assert window.browser.source().toLocalFile().endswith("models/cost.md")
    assert window.pages.currentItem().text() == "Model: Cost"
    assert "rent" in window.browser.toPlainText().lower()


def test_the_model_pages_ship_inside_the_package() -> None:
    assert {p.name for p in (docs_dir() / "models").glob("*.md")} >= {"collectives.md", "cost.md", "topology.md"}
