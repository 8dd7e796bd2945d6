"""``cluster-planner gui [FILE]``: build the app (planner_gui.app.build) and run its event loop."""

from __future__ import annotations

from PySide6.QtCore import QTimer

EXIT_BAD_FILE = 1  # the CLI's exit code for bad input (cli.py EXIT_BAD_INPUT)


def run_app(path: str | None, quit_after_ms: int | None = None) -> int:
    """Open the window on ``path`` (None: the bundled default design) and run until it closes.

    A file that cannot be opened shows the loader's message in a dialog and returns 1.
    ``quit_after_ms`` closes the window after that long (smoke tests of the installed command).
    """
    from planner_gui.app import build
    from planner_gui.ui.welcome import should_welcome, show_welcome

    app, window = build(["cluster-planner", *([path] if path else [])])
    if path and window.startup_failed:
        window.close()
        return EXIT_BAD_FILE
    if quit_after_ms is not None:
        QTimer.singleShot(quit_after_ms, window.close)
    elif not path and should_welcome(window.settings):  # first run: greet once the window is up
        QTimer.singleShot(0, lambda: show_welcome(window, window.settings, modal=False))
    return app.exec()
