"""The main window: palette (left), rack and topology views (centre), inspector and undo history
(right), results and checks (bottom), headline figures in the status bar.

The window owns no design state: it lays out the widgets, routes menu commands to the Document and
to FileActions, keeps the title in step with the file and its unsaved changes, accepts a dropped
.cluster file, and remembers its geometry and dock layout in the app's INI settings.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, QEvent, QObject, QRect, Qt
from PySide6.QtGui import QCloseEvent, QDragEnterEvent, QDropEvent, QGuiApplication, QResizeEvent, QShowEvent
from PySide6.QtWidgets import QDockWidget, QMainWindow, QUndoView, QWidget

from planner_gui import __version__
from planner_gui.document import Document
from planner_gui.document.autosave import Autosaver
from planner_gui.document.recent import RecentFiles, open_settings
from planner_gui.io.files import FILE_SUFFIX
from planner_gui.present import format_design_money
from planner_gui.ui.panels.checks_list import ChecksList
from planner_gui.ui.panels.inspector import Inspector
from planner_gui.ui.panels.palette import Palette
from planner_gui.ui.panels.status_bar import StatusFigures
from planner_gui.ui.pending import PendingNotice
from planner_gui.ui.rack.view import RackView
from planner_gui.ui.results.panel import ResultsPanel
from planner_gui.ui.topology.view import TopologyView
from planner_gui.ui.window.clipboard import Clipboard
from planner_gui.ui.window.files import FileActions
from planner_gui.ui.window.menus import build_menus
from planner_gui.ui.window.view_layout import AUTO, LAYOUT_KEY, CentralViews

APP_TITLE = "Cluster Planner"
DEFAULT_SIZE = (1600, 1000)  # fits a 1920 x 1080 screen with room for the desktop's panels
# First-start dock sizes in px: palette names fit without eliding, the inspector's labels fit beside
# their fields, and the bottom docks leave the two views most of the height.
PALETTE_WIDTH, INSPECTOR_WIDTH, BOTTOM_HEIGHT, CHECKS_WIDTH = 300, 380, 340, 560
GEOMETRY_KEY, STATE_KEY = "window/geometry", "window/state"
STATE_VERSION = 1  # bump when docks are added or renamed, so an old saved layout is ignored
LEFT, RIGHT, BOTTOM = (Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea,
                       Qt.DockWidgetArea.BottomDockWidgetArea)


class MainWindow(QMainWindow):
    def __init__(self, document: Document, autosaver: Autosaver | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("mainWindow")
        self.document = document
        self.undo_stack = document.undo_stack
        self.startup_failed = False  # build() sets it when the file it was asked to open failed
        self.retired = False  # retire() sets it: a language switch replaced this window
        self._shown_once = False
        self.autosaver = autosaver if autosaver is not None else Autosaver(document, parent=self)
        self.settings = open_settings()
        self.files = FileActions(self, document, RecentFiles(self.settings))
        self.palette = Palette(document.catalog, self)
        self.palette.set_price_text(lambda usd: format_design_money(usd, "USD", self.document.design))
        self.inspector = Inspector(document, self)
        self.rack_view = RackView(document, self)
        self.topology_view = TopologyView(document, self)
        self.docks: dict[str, QDockWidget] = {}
        self._build_layout()
        self.status = StatusFigures(self.statusBar())
        self.clipboard = Clipboard(self)
        self.menu_actions = build_menus(self)
        self.setAcceptDrops(True)
        for view in (self.rack_view, self.topology_view):  # a file dropped on a view opens too
            view.viewport().installEventFilter(self)
            view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
            view.customContextMenuRequested.connect(lambda pos, v=view: self.clipboard.context_menu(v, pos))
        self._connect()
        self._restore_layout()
        self._update_title()

    # ----- layout ----------------------------------------------------------------------------
    def _build_layout(self) -> None:
        self.central = CentralViews(self.rack_view, self.topology_view, self)
        self.central.layout_chosen.connect(self._on_central_layout_chosen)
        self.setCentralWidget(self.central)
        self._dock("paletteDock", self.tr("Hardware"), self.palette, LEFT)
        self._dock("inspectorDock", self.tr("Inspector"), self.inspector, RIGHT)
        history = QUndoView(self.document.undo_stack, self, objectName="undoHistory")
        history.setEmptyLabel(self.tr("(opened design)"))
        self._dock("historyDock", self.tr("Undo history"), history, RIGHT)
        self.tabifyDockWidget(self.docks["inspectorDock"], self.docks["historyDock"])
        self.docks["inspectorDock"].raise_()
        self.results_panel = ResultsPanel(self.document, self)
        self.checks_list = ChecksList(self.document, self)
        self._dock("resultsDock", self.tr("Results"), self.results_panel, BOTTOM)
        self._dock("checksDock", self.tr("Checks"), self.checks_list, BOTTOM)
        self.splitDockWidget(self.docks["resultsDock"], self.docks["checksDock"], Qt.Orientation.Horizontal)
        self.resize(*DEFAULT_SIZE)

    def _dock(self, name: str, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self, objectName=name)
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        self.docks[name] = dock
        return dock

    def _connect(self) -> None:
        doc = self.document
        doc.dirty_changed.connect(self._update_title)
        doc.path_changed.connect(self._update_title)
        doc.design_replaced.connect(self._update_title)
        doc.variants_changed.connect(self._update_title)
        doc.settings_changed.connect(self._on_document_settings_changed)
        self.pending = PendingNotice(doc, self.status.show_pending, self)  # "computing…" a frame late (ui/pending.py)
        doc.results_updated.connect(self._on_document_results_updated)
        doc.results_failed.connect(self.status.show_failure)
        doc.edit_refused.connect(self.status.show_message)
        self.topology_view.refused.connect(self.status.show_message)
        self.autosaver.failed.connect(self.status.show_message)
        self.palette.entry_activated.connect(self._on_palette_entry_activated)
        if doc.analysis is not None:
            self._on_document_results_updated(doc.analysis)

    # ----- commands --------------------------------------------------------------------------
    def delete_selection(self) -> None:
        if self.document.selection:
            self.document.remove_items(list(self.document.selection))

    def select_all(self) -> None:
        design = self.document.design
        self.document.select([*design.racks, *design.devices, *design.links])

    def focus_design_view(self) -> None:
        """Give the keyboard to the design view on show (the rack elevation, or the topology when only it
        is shown), so the window's editing keys act on the design rather than type into a field."""
        view = self.rack_view if self.rack_view.isVisibleTo(self) else self.topology_view
        view.setFocus(Qt.FocusReason.OtherFocusReason)

    def zoom_views(self, factor: float) -> None:
        """Keyboard zoom: the design view with the focus, else every visible one, about its centre."""
        views = [v for v in (self.rack_view, self.topology_view) if v.isVisibleTo(self)]
        focused = [v for v in views if v.hasFocus() or v.viewport().hasFocus()]
        for view in focused or views:
            view.navigator.zoom_by(factor)

    def fit_views(self) -> None:
        for view in (self.rack_view, self.topology_view):
            fit = getattr(view, "fit_all", None)
            if callable(fit):
                fit()

    def _on_palette_entry_activated(self, catalog_id: str) -> None:
        """Double click: a rack joins the last row; a device goes into the selected rack, if any."""
        entry = self.document.catalog.get(catalog_id)
        if entry is None:
            return
        if entry.kind == "rack":
            self.document.add_rack(height_u=int(entry["height_u"]))
            return
        self.document.add_device(catalog_id, self.target_rack())

    def target_rack(self) -> str | None:
        """The rack a new or pasted device goes into: the selected rack, or the rack of a selected device."""
        design = self.document.design
        for object_id in self.document.selection:
            if object_id in design.racks:
                return object_id
            device = design.devices.get(object_id)
            if device is not None and device.rack_id is not None:
                return device.rack_id
        return None

    # ----- title, status, results ------------------------------------------------------------
    def _update_title(self, *_: object) -> None:
        doc = self.document
        where = doc.path.name if doc.path else self.tr("not saved yet")
        app_name = self.tr("Cluster Planner")
        active = doc.design.variants.active
        variant = f" [{active}]" if active else ""  # which variant the views show and edits change
        # "[*]": Qt's modified marker, which platforms also show on the close button and in the taskbar.
        self.setWindowTitle(f"{doc.design.meta.name}{variant}[*] — {where} — {app_name} {__version__}")
        self.setWindowModified(doc.is_dirty)

    def _on_document_settings_changed(self, section: str) -> None:
        if section == "meta":
            self._update_title()

    def _on_document_results_updated(self, analysis: object) -> None:
        self.status.show_summary(getattr(analysis, "summary", None))

    # ----- files dropped on the window -------------------------------------------------------
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if _dropped_design(event) is not None:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:
        path = _dropped_design(event)
        if path is None:
            event.ignore()
            return
        event.acceptProposedAction()
        self.files.open_path(path)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Design files dragged over a view are the window's business; the views see only their own drags."""
        kind = event.type()
        if kind in (QEvent.Type.DragEnter, QEvent.Type.DragMove) and _dropped_design(event) is not None:
            event.acceptProposedAction()  # type: ignore[attr-defined]
            return True
        if kind == QEvent.Type.Drop and _dropped_design(event) is not None:
            self.dropEvent(event)  # type: ignore[arg-type]
            return True
        return super().eventFilter(watched, event)

    # ----- closing and layout memory ---------------------------------------------------------
    def retire(self) -> None:
        """Close this window for a rebuilt one on the same document (language switch): no save
        prompt, the document and its autosaver keep running."""
        self.retired = True
        self.close()
        self.deleteLater()

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.retired:
            event.accept()
            return
        if not self.files.maybe_save():
            event.ignore()
            return
        self.settings.setValue(GEOMETRY_KEY, self.saveGeometry())
        self.settings.setValue(STATE_KEY, self.saveState(STATE_VERSION))
        self.settings.sync()
        self.autosaver.stop()
        self.document.live.shutdown()
        event.accept()

    def _on_central_layout_chosen(self, name: str) -> None:
        self.settings.setValue(LAYOUT_KEY, name)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._shown_once:  # the frame (title bar, borders) is known once shown: fit it too
            self._shown_once = True
            self._fit_to_screen()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.central.fit_auto_layout()

    def _restore_layout(self) -> None:
        self.central.set_layout(str(self.settings.value(LAYOUT_KEY, AUTO)), chosen=False)
        geometry, state = self.settings.value(GEOMETRY_KEY), self.settings.value(STATE_KEY)
        if isinstance(geometry, QByteArray | bytes):
            self.restoreGeometry(QByteArray(geometry))
        self._fit_to_screen()
        has_state = isinstance(state, QByteArray | bytes)
        restored = has_state and self.restoreState(QByteArray(state), STATE_VERSION)
        if not restored:
            self._default_dock_sizes()

    def _fit_to_screen(self) -> None:
        """Keep the whole window on the screen's available area (a remembered or default size can be
        larger than a screen at 150 % scaling: 1600 x 1000 on a 1280 x 720 logical desktop)."""
        area = available_area(self)
        if area.isEmpty():
            return
        frame = self.frameGeometry().size() - self.geometry().size()  # title bar and borders
        width = min(self.width(), area.width() - frame.width())
        height = min(self.height(), area.height() - frame.height())
        if (width, height) != (self.width(), self.height()):
            self.resize(width, height)
        left = min(max(self.x(), area.left()), area.right() - self.frameGeometry().width() + 1)
        top = min(max(self.y(), area.top()), area.bottom() - self.frameGeometry().height() + 1)
        self.move(max(left, area.left()), max(top, area.top()))

    def _default_dock_sizes(self) -> None:
        """The first-start dock sizes, shrunk in proportion when the window is smaller than the default."""
        docks = self.docks
        horizontal, vertical = Qt.Orientation.Horizontal, Qt.Orientation.Vertical
        sx, sy = min(1.0, self.width() / DEFAULT_SIZE[0]), min(1.0, self.height() / DEFAULT_SIZE[1])
        self.resizeDocks([docks["paletteDock"], docks["inspectorDock"]],
                         [int(PALETTE_WIDTH * sx), int(INSPECTOR_WIDTH * sx)], horizontal)
        self.resizeDocks([docks["resultsDock"]], [int(BOTTOM_HEIGHT * sy)], vertical)
        self.resizeDocks([docks["resultsDock"], docks["checksDock"]],
                         [int((DEFAULT_SIZE[0] - CHECKS_WIDTH) * sx), int(CHECKS_WIDTH * sx)], horizontal)


def available_area(window: QWidget) -> QRect:
    """The screen area a window may use (without the desktop's panels), in logical pixels."""
    screen = window.screen() or QGuiApplication.primaryScreen()
    return screen.availableGeometry() if screen is not None else QRect()


def _dropped_design(event: QEvent) -> Path | None:
    mime = getattr(event, "mimeData", lambda: None)()
    if mime is None or not mime.hasUrls():
        return None
    for url in mime.urls():
        if url.isLocalFile() and url.toLocalFile().endswith(FILE_SUFFIX):
            return Path(url.toLocalFile())
    return None

