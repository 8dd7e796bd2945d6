"""The Help window: the user guide in the UI language first, then the docs shipped in the package
(resources/docs/*.md), rendered as Markdown."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QEvent, QUrl
from PySide6.QtWidgets import QApplication, QDialog, QHBoxLayout, QListWidget, QTextBrowser, QWidget

from planner_gui.i18n import CHINESE, ENGLISH, current_language

HELP_SIZE = (1000, 700)  # px: a readable line length beside the page list
LIST_WIDTH = 200
GUIDE = "guide"  # guide.md and its translations guide.<language>.md: the page Help opens on
GUIDES = {ENGLISH: "guide.md", CHINESE: "guide.zh_CN.md"}  # one user guide per UI language
# The shipped pages' titles, translated in the list (the reference pages themselves are in English).
PAGE_TITLES = {
    GUIDE: QT_TRANSLATE_NOOP("HelpWindow", "User guide"),
    "analyze-json": QT_TRANSLATE_NOOP("HelpWindow", "Analyze json"),
    "architecture": QT_TRANSLATE_NOOP("HelpWindow", "Architecture"),
    "catalog": QT_TRANSLATE_NOOP("HelpWindow", "Catalog"),
    "compare-and-acceptance": QT_TRANSLATE_NOOP("HelpWindow", "Compare and acceptance"),
    "examples": QT_TRANSLATE_NOOP("HelpWindow", "Examples"),
    "file-format": QT_TRANSLATE_NOOP("HelpWindow", "File format"),
    "models": QT_TRANSLATE_NOOP("HelpWindow", "Models"),
    "reliability": QT_TRANSLATE_NOOP("HelpWindow", "Reliability"),
    "collectives": QT_TRANSLATE_NOOP("HelpWindow", "Collectives"),
    "cost": QT_TRANSLATE_NOOP("HelpWindow", "Cost"),
    "power-cooling": QT_TRANSLATE_NOOP("HelpWindow", "Power cooling"),
    "topology": QT_TRANSLATE_NOOP("HelpWindow", "Topology"),
    "training": QT_TRANSLATE_NOOP("HelpWindow", "Training"),
}


def docs_dir() -> Path:
    return Path(str(resources.files("planner_gui") / "resources" / "docs"))


def page_key(path: Path) -> str:
    """"guide" for guide.md and guide.zh_CN.md; the file's stem for the single-language pages."""
    return path.name.split(".", 1)[0]


def guide_path(language: str | None = None) -> Path:
    """The user guide in ``language`` (default: the app's), English for a language without one."""
    chosen = language if language is not None else current_language()
    return docs_dir() / GUIDES.get(chosen, GUIDES[ENGLISH])


def doc_pages(language: str | None = None) -> list[Path]:
    """The guide in ``language`` (default: the app's), the reference pages, then the model pages they
    link to (docs/models/, kept in their folder). The guides in other languages are left out."""
    folder = docs_dir()
    guide = [path for path in (guide_path(language),) if path.exists()]
    reference = [path for path in sorted(folder.glob("*.md")) if page_key(path) != GUIDE]
    return guide + reference + sorted(folder.glob("models/*.md"))


def page_title(path: Path) -> str:
    """'Compare and acceptance' for compare-and-acceptance.md, in the UI language when it is a shipped page."""
    key = page_key(path)
    known = PAGE_TITLES.get(key)
    return QCoreApplication.translate("HelpWindow", known) if known else key.replace("-", " ").capitalize()


class HelpWindow(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("helpWindow")
        self.pages = QListWidget(self, objectName="helpPages")
        self.pages.setFixedWidth(LIST_WIDTH)
        self.browser = QTextBrowser(self, objectName="helpBrowser", openExternalLinks=True)
        self.browser.setSearchPaths([str(docs_dir())])
        layout = QHBoxLayout(self)
        layout.addWidget(self.pages)
        layout.addWidget(self.browser, 1)
        self._paths: list[Path] = []
        self._language = ""
        self.pages.currentRowChanged.connect(self.show_page)
        self.browser.sourceChanged.connect(self._on_browser_source_changed)
        self._fill()
        self.resize(*HELP_SIZE)

    def show_page(self, row: int) -> None:
        if 0 <= row < len(self._paths):
            self.browser.setSource(QUrl.fromLocalFile(str(self._paths[row])))

    def shown_page(self) -> Path | None:
        """The page the browser shows (None before the first)."""
        url = self.browser.source()
        return Path(url.toLocalFile()).resolve() if url.isLocalFile() else None

    def _fill(self) -> None:
        """Title and page list in the app's language, on the guide in that language; a reference page
        being read stays open (it is the same page in every language)."""
        self._language = current_language()
        self.setWindowTitle(self.tr("Cluster Planner Help"))
        shown = self.shown_page()
        self._paths = doc_pages(self._language)
        self.pages.blockSignals(True)  # the row is chosen below, once the list is complete
        self.pages.clear()
        for path in self._paths:
            title = page_title(path)
            # docs/models/ pages say how each figure is computed; the list marks them apart from the guides
            self.pages.addItem(self.tr("Model: {}").format(title) if path.parent.name == "models" else title)
        self.pages.blockSignals(False)
        rows = [i for i, p in enumerate(self._paths) if p.resolve() == shown and page_key(p) != GUIDE]
        self.pages.setCurrentRow(rows[0] if rows else 0)

    def changeEvent(self, event: QEvent) -> None:
        """Preferences ▸ Language: show the guide of the new language (the event comes more than once)."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange:
            self._follow_rebuilt_window()
            if current_language() != self._language:
                self._fill()

    def _follow_rebuilt_window(self) -> None:
        """A language switch rebuilds the main window around the same document and deletes the old one
        (ui/window/language_switch.py), which would take Help with it: move to the new window and stay open."""
        old = self.parentWidget()
        document = getattr(old, "document", None)
        if old is None or document is None or not getattr(old, "retired", False):
            return
        fresh = next((w for w in QApplication.topLevelWidgets() if w is not old
                      and getattr(w, "document", None) is document and not getattr(w, "retired", True)), None)
        if fresh is None:
            return
        visible, geometry = self.isVisible(), self.saveGeometry()
        self.setParent(fresh, self.windowFlags())  # setParent hides a window: show it again where it was
        self.restoreGeometry(geometry)
        if visible:
            self.show()

    def _on_browser_source_changed(self, url: QUrl) -> None:
        """A link followed inside a page (models.md -> models/cost.md) selects that page in the list."""
        shown = Path(url.toLocalFile()).resolve()
        rows = [i for i, p in enumerate(self._paths) if p.resolve() == shown]
        if rows and rows[0] != self.pages.currentRow():
            self.pages.blockSignals(True)  # the browser already shows it; do not load it twice
            self.pages.setCurrentRow(rows[0])
            self.pages.blockSignals(False)
