"""The Help window: the docs shipped in the package (resources/docs/*.md) rendered as Markdown."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QUrl
from PySide6.QtWidgets import QDialog, QHBoxLayout, QListWidget, QTextBrowser, QWidget

HELP_SIZE = (1000, 700)  # px: a readable line length beside the page list
LIST_WIDTH = 200
FIRST_PAGE = "architecture.md"  # the overview: what the app computes and how it is organised
# The shipped pages' titles, translated in the list (the pages themselves are written in English).
PAGE_TITLES = {
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


def doc_pages() -> list[Path]:
    """The overview pages, then the model pages they link to (docs/models/, kept in their folder)."""
    return sorted(docs_dir().glob("*.md")) + sorted(docs_dir().glob("models/*.md"))


def page_title(path: Path) -> str:
    """'Compare and acceptance' for compare-and-acceptance.md, in the UI language when it is a shipped page."""
    english = path.stem.replace("-", " ").capitalize()
    known = PAGE_TITLES.get(path.stem)
    return QCoreApplication.translate("HelpWindow", known) if known == english else english


class HelpWindow(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("helpWindow")
        self.setWindowTitle(self.tr("Cluster Planner Help"))
        self.pages = QListWidget(self, objectName="helpPages")
        self.pages.setFixedWidth(LIST_WIDTH)
        self.browser = QTextBrowser(self, objectName="helpBrowser", openExternalLinks=True)
        self.browser.setSearchPaths([str(docs_dir())])
        layout = QHBoxLayout(self)
        layout.addWidget(self.pages)
        layout.addWidget(self.browser, 1)
        self._paths = doc_pages()
        for path in self._paths:
            title = page_title(path)
            # docs/models/ pages say how each figure is computed; the list marks them apart from the guides
            self.pages.addItem(self.tr("Model: {}").format(title) if path.parent.name == "models" else title)
        self.pages.currentRowChanged.connect(self.show_page)
        self.browser.sourceChanged.connect(self._on_browser_source_changed)
        names = [p.name for p in self._paths]
        self.pages.setCurrentRow(names.index(FIRST_PAGE) if FIRST_PAGE in names else 0)
        self.resize(*HELP_SIZE)

    def show_page(self, row: int) -> None:
        if 0 <= row < len(self._paths):
            self.browser.setSource(QUrl.fromLocalFile(str(self._paths[row])))

    def _on_browser_source_changed(self, url: QUrl) -> None:
        """A link followed inside a page (models.md -> models/cost.md) selects that page in the list."""
        shown = Path(url.toLocalFile()).resolve()
        rows = [i for i, p in enumerate(self._paths) if p.resolve() == shown]
        if rows and rows[0] != self.pages.currentRow():
            self.pages.blockSignals(True)  # the browser already shows it; do not load it twice
            self.pages.setCurrentRow(rows[0])
            self.pages.blockSignals(False)
