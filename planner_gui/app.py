"""The desktop app: ``build(argv)`` gives a ready QApplication and MainWindow; ``run_app`` runs it.

``build`` is used by ``run_app`` (``cluster-planner gui``, which then enters the event loop), by the
tests and by the benchmarks and screenshot script, which drive the window without an event loop of
their own. This module is the top of the GUI's layers: it may import ui, ui none of it.
"""

from __future__ import annotations

from pathlib import Path

from platformdirs import user_config_path
from PySide6.QtCore import QCoreApplication, QSettings, QTimer
from PySide6.QtWidgets import QApplication

from planner_gui import __version__
from planner_gui.catalog import load_catalog
from planner_gui.document import Document
from planner_gui.document.recent import APP_DIR_NAME
from planner_gui.examples import default_example_path
from planner_gui.i18n import install_language
from planner_gui.i18n.fonts import FONT_DIR, use_as_ui_fallback
from planner_gui.preferences import load_preferences
from planner_gui.ui.dialogs.new_design import blank_design
from planner_gui.ui.dialogs.recovery import offer_recovery
from planner_gui.ui.panels.status_bar import catalog_problems_text
from planner_gui.ui.window.appearance import apply_preferences
from planner_gui.ui.window.main_window import APP_TITLE, MainWindow
from planner_gui.ui.window.welcome import should_welcome, show_welcome

ORGANIZATION = "cluster-planner"  # QSettings organisation; the same name as the config folder
MAX_CATALOG_PROBLEMS_SHOWN = 3  # the status bar has room for a few; the CLI's catalog command lists all


def build(argv: list[str]) -> tuple[QApplication, MainWindow]:
    """The app and its shown main window, on the design named in ``argv[1:]`` (default: the bundled one).

    ``argv`` is like ``sys.argv``: the program name first. After a crash the newest autosave is
    offered first. A file that cannot be opened shows the loader's message over the window, which
    stays open on a blank design; ``window.startup_failed`` records it.
    """
    app = QApplication.instance() or QApplication(list(argv) or ["cluster-planner"])
    _identify(app)  # type: ignore[arg-type]
    prefs = load_preferences()  # never raises: a bad file is set aside with a message
    install_language(prefs.preferences.language, app)
    apply_preferences(prefs.preferences, app)  # theme palette and units before any widget is built
    font_loaded = use_as_ui_fallback(app)  # Chinese text looks the same whatever fonts are installed
    catalog = load_catalog(prefs.preferences.user_catalog_path())
    document = Document(catalog, blank_design())
    window = MainWindow(document)
    window.autosaver.set_interval_s(prefs.preferences.autosave_interval_s)  # the saved choice, from the first minute
    window.show()  # first: a file that cannot be opened is explained over the window, not before it
    if not offer_recovery(window, document, window.autosaver):
        path = _file_argument(argv)
        window.startup_failed = not window.files.open_path(path or default_example_path(), ask=False)
    if catalog.problems:
        window.status.show_message(catalog_problems_text(catalog.problems, MAX_CATALOG_PROBLEMS_SHOWN))
    if prefs.message:
        window.status.show_message(prefs.message)
    if not font_loaded:
        window.status.show_message(QCoreApplication.translate(
            "App", "The bundled Chinese font in {folder} could not be loaded: Chinese text may show as boxes and "
                   "Chinese PDFs cannot be written; reinstall Cluster Planner").format(folder=FONT_DIR))
    window.focus_design_view()  # Delete, Ctrl+A and Ctrl+E work at once, not in the palette's search box
    return app, window  # type: ignore[return-value]


def _identify(app: QApplication) -> None:
    """App identity, and every QSettings() as an INI file in the user config dir (never the registry)."""
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName(APP_TITLE)
    app.setApplicationVersion(__version__)
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope,
                      str(user_config_path(APP_DIR_NAME, appauthor=False)))


def _file_argument(argv: list[str]) -> Path | None:
    names = [a for a in argv[1:] if not a.startswith("-")]
    return Path(names[0]) if names else None


def run_app(path: str | None, quit_after_ms: int | None = None) -> int:
    """Open the window on ``path`` (None: the bundled default design) and run until it closes.

    A file that cannot be opened shows the loader's message over the window, which stays open on a
    blank design with the message in its status bar too.
    ``quit_after_ms`` closes the window after that long (smoke tests of the installed command).
    """
    app, window = build(["cluster-planner", *([path] if path else [])])
    if quit_after_ms is not None:
        QTimer.singleShot(quit_after_ms, window.close)
    elif not path and should_welcome(window.settings):  # first run: greet once the window is up
        QTimer.singleShot(0, lambda: show_welcome(window, window.settings, modal=False))
    return app.exec()
