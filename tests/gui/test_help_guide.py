"""Issue 7: the user guide. Help opens on it in the UI language (and follows a language switch), every
link in it opens a bundled page, the two languages keep the same structure, and the menus and labels
it names in bold are the app's own in that language."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest
import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent, QUrl
from PySide6.QtWidgets import QApplication, QMenu
from pytestqt.qtbot import QtBot

from planner_gui.app import build
from planner_gui.catalog import bundled_catalog
from planner_gui.document import Document
from planner_gui.examples import examples_folder
from planner_gui.i18n import install_language, ts_path
from planner_gui.io import load_design
from planner_gui.ui.window.help import HelpWindow, doc_pages, docs_dir
from planner_gui.ui.window.language_switch import switch_language
from planner_gui.ui.window.main_window import MainWindow

GUIDES = {"en": docs_dir() / "guide.md", "zh_CN": docs_dir() / "guide.zh_CN.md"}
LINK = re.compile(r"\]\(([^)\s]+)\)")
BOLD = re.compile(r"\*\*(.+?)\*\*", re.S)
MNEMONIC = re.compile(r"\(&\w\)|&(?!&)")  # "新建(&N)…" and "&New…" as the menu shows them: 新建…, New…
SMALL = "s4b-h100-1x8.cluster"  # one server: a quick window for reading the menus


@pytest.fixture
def chinese(qapp: QApplication) -> Iterator[None]:
    assert install_language("zh_CN", qapp) == "zh_CN"
    yield
    install_language("en", qapp)


def relative_links(path: Path) -> list[str]:
    return [link for link in LINK.findall(path.read_text(encoding="utf-8")) if not re.match(r"[a-z]+:", link)]


def test_help_opens_on_the_english_guide_then_the_reference_pages(qtbot: QtBot) -> None:
    window = HelpWindow()
    qtbot.addWidget(window)
    names = [p.name for p in doc_pages()]
    assert names[0] == "guide.md" and "guide.zh_CN.md" not in names and "architecture.md" in names[1:]
    assert window.pages.currentRow() == 0 and window.pages.item(0).text() == "User guide"
    assert window.shown_page() == GUIDES["en"].resolve()
    assert "First steps" in window.browser.toPlainText()


def test_help_opens_on_the_chinese_guide_in_chinese(qtbot: QtBot, chinese: None) -> None:
    window = HelpWindow()
    qtbot.addWidget(window)
    names = [p.name for p in doc_pages()]
    assert names[0] == "guide.zh_CN.md" and "guide.md" not in names
    assert window.windowTitle() == "智算集群规划帮助" and window.pages.item(0).text() == "使用指南"
    assert window.shown_page() == GUIDES["zh_CN"].resolve()
    assert "快速上手" in window.browser.toPlainText()


def test_a_language_switch_shows_the_other_guide_and_keeps_a_reference_page(qtbot: QtBot, qapp: QApplication) -> None:
    window = HelpWindow()
    qtbot.addWidget(window)
    window.show()
    try:
        install_language("zh_CN", qapp)
        qtbot.waitUntil(lambda: window.shown_page() == GUIDES["zh_CN"].resolve())
        assert window.pages.item(0).text() == "使用指南" and window.windowTitle() == "智算集群规划帮助"
        window.pages.setCurrentRow([p.name for p in doc_pages()].index("models.md"))
        install_language("en", qapp)
        qtbot.waitUntil(lambda: window.pages.item(0).text() == "User guide")
        assert window.shown_page() == (docs_dir() / "models.md").resolve()  # the same page in every language
        assert window.pages.currentItem().text() == "Models"
    finally:
        install_language("en", qapp)


def test_help_stays_open_when_preferences_rebuild_the_window_in_chinese(qtbot: QtBot) -> None:
    _app, window = build(["cluster-planner"])
    help_window = HelpWindow(window)
    help_window.show()
    rebuilt = window
    try:
        rebuilt = switch_language(window, "zh_CN")
        qtbot.waitUntil(lambda: help_window.shown_page() == GUIDES["zh_CN"].resolve())
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)  # the retired window is deleted
        assert shiboken6.isValid(help_window) and help_window.isVisible()
        assert help_window.parentWidget() is rebuilt
    finally:
        install_language("en")
        rebuilt.document.undo_stack.setClean()
        rebuilt.close()


@pytest.mark.parametrize("language", GUIDES)
def test_every_relative_link_in_the_guide_opens_a_bundled_page(qtbot: QtBot, language: str) -> None:
    window = HelpWindow()
    qtbot.addWidget(window)
    pages = [p.resolve() for p in doc_pages()]
    links = relative_links(GUIDES[language])
    assert len(links) >= 10
    guide = QUrl.fromLocalFile(str(GUIDES[language]))
    for link in links:
        window.browser.setSource(guide)
        window.browser.setSource(guide.resolved(QUrl(link)))  # as a click on the link does
        assert window.shown_page() in pages, link
        assert window.pages.currentRow() == pages.index(window.shown_page()), link


def test_both_guides_have_the_same_sections_tables_and_links() -> None:
    english, chinese = (GUIDES[lang].read_text(encoding="utf-8").splitlines() for lang in ("en", "zh_CN"))
    for marker in ("# ", "## ", "### ", "|"):
        assert sum(line.startswith(marker) for line in english) == sum(line.startswith(marker) for line in chinese)
    assert sum(line.startswith("## ") for line in english) >= 8
    assert sorted(set(relative_links(GUIDES["en"]))) == sorted(set(relative_links(GUIDES["zh_CN"])))


def menu_paths(window: MainWindow) -> set[str]:
    """'File ▸ New…' for every menu item, written as the guide writes it (no mnemonics)."""
    paths = set()
    for top in window.menuBar().actions():
        menu = top.menu()
        if isinstance(menu, QMenu):
            paths |= {f"{label(top.text())} ▸ {label(a.text())}" for a in menu.actions() if not a.isSeparator()}
    return paths


def label(text: str) -> str:
    return MNEMONIC.sub("", text).replace("&&", "&")


def ts_labels(language: str) -> set[str]:
    """Every UI string of the .ts in ``language`` ('en': the sources), without mnemonics or a final colon."""
    root = ET.parse(ts_path("zh_CN")).getroot()
    tag = "source" if language == "en" else "translation"
    texts = (message.findtext(tag) or "" for message in root.iter("message"))
    return {label(text).rstrip(":：") for text in texts if text}


@pytest.mark.parametrize("language", GUIDES)
def test_menus_and_labels_the_guide_names_are_the_apps_own(qtbot: QtBot, qapp: QApplication, language: str) -> None:
    install_language(language, qapp)
    catalog = bundled_catalog()
    document = Document(catalog, load_design(examples_folder() / SMALL, catalog).design)
    window = MainWindow(document)
    try:
        paths, labels = menu_paths(window), ts_labels(language)
    finally:
        install_language("en", qapp)
        window.close()
    bold = [" ".join(text.split()) for text in BOLD.findall(GUIDES[language].read_text(encoding="utf-8"))]
    named = [text for text in bold if "▸" in text]
    assert len(named) >= 12
    for text in named:  # "View ▸ Rack Elevation / Topology / ..." names several items of one menu
        menu, items = (part.strip() for part in text.split("▸", 1))
        assert all(f"{menu} ▸ {item}" in paths for item in items.split(" / ")), text
    fields = [text for text in bold if "▸" not in text and not text.endswith((".", "。")) and text != "Shift"]
    assert len(fields) >= 25
    assert [text for text in fields if text.rstrip(":：") not in labels] == []
