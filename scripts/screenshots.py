"""Screenshots of the main window on the bundled default design, for the README and the docs.

Run: .venv/bin/python scripts/screenshots.py [--out docs/screenshots]
Works headless (QT_QPA_PLATFORM=offscreen is set unless a display is configured) and under Xvfb.
The app runs with a throw-away HOME, so it neither reads nor writes the user's settings, recent
files or autosaves. Writes main-window.png (the design as opened), main-window-edit.png (a server
selected in the inspector, and a Chinese design name to show that CJK text renders), main-window-zh.png
(the same in Chinese), and the window at a laptop's and a full-HD screen's size in the central
layouts of the View menu that suit them (layout-1366x768-rack.png ... layout-1920x1080-stacked.png).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

WINDOW_SIZE = (1600, 1000)  # planner_gui/ui/window/main_window.py DEFAULT_SIZE: a 1920 x 1080 screen's usable area
RESULTS_TIMEOUT_MS = 30_000
CJK_NAME = "示例智算中心 256 × H100"  # "example AI computing centre": checks that CJK text renders
SELECTED_DEVICE = "node-001"
# A common laptop screen and a full-HD one (issue 5: the views are "cramped on a laptop"), each with
# its automatic layout first and the one a user of that screen would switch to; the offscreen
# platform has no desktop panels, so the window takes the whole screen size.
LAYOUT_SHOTS = (((1366, 768), ("rack", "topology")), ((1920, 1080), ("side_by_side", "stacked")))


def _isolate(home: Path) -> None:
    """Fresh HOME and XDG dirs: no real settings, recent files or recovery files are touched."""
    os.environ["HOME"] = str(home)
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        os.environ[name] = str(home / name.lower())
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def full_hd_screen() -> None:
    """The offscreen platform's screen is 800 x 800 and windows are kept on their screen: give the
    shots the 1920 x 1080 desktop (less a 30 px panel) whose window size they show."""
    from PySide6.QtCore import QRect

    from planner_gui.ui.window import main_window

    main_window.available_area = lambda _window: QRect(0, 0, 1920, 1050)  # type: ignore[assignment]


def take(out: Path) -> list[Path]:
    from planner_gui.app import build

    full_hd_screen()

    app, window = build(["cluster-planner"])
    window.resize(*WINDOW_SIZE)
    window.document.live.wait_idle(RESULTS_TIMEOUT_MS)
    written = [_grab(app, window, out / "main-window.png")]
    written += _layouts(app, window, out)
    window.resize(*WINDOW_SIZE)
    window.document.set_settings("meta", name=CJK_NAME)
    window.document.select([SELECTED_DEVICE])
    window.document.live.wait_idle(RESULTS_TIMEOUT_MS)
    written.append(_grab(app, window, out / "main-window-edit.png"))
    from planner_gui.i18n import install_language
    from planner_gui.ui.window.language_switch import switch_language

    window = switch_language(window, "zh_CN")  # the same design, rebuilt in Chinese
    window.resize(*WINDOW_SIZE)
    written.append(_grab(app, window, out / "main-window-zh.png"))
    window = switch_language(window, "en")
    install_language("en")
    window.document.undo_stack.setClean()  # a screenshot session has nothing to save
    window.close()
    return written


def _layouts(app: object, window: object, out: Path) -> list[Path]:
    """The window at each screen size in each central layout, then back to the automatic one."""
    from planner_gui.ui.window.view_layout import AUTO

    written = []
    for (width, height), names in LAYOUT_SHOTS:
        window.resize(width, height)  # type: ignore[attr-defined]
        for name in names:
            window.central.set_layout(name, chosen=False)  # type: ignore[attr-defined]
            _settle(app)
            window.fit_views()  # type: ignore[attr-defined]
            written.append(_grab(app, window, out / f"layout-{width}x{height}-{name}.png"))
    window.central.set_layout(AUTO, chosen=False)  # type: ignore[attr-defined]
    return written


def _settle(app: object) -> None:
    for _ in range(5):  # let layouts settle and deferred paints run
        app.processEvents()  # type: ignore[attr-defined]


def _grab(app: object, window: object, path: Path) -> Path:
    _settle(app)
    if not window.grab().save(str(path)):  # type: ignore[attr-defined]
        raise OSError(f"could not write {path}")
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default = Path(__file__).resolve().parents[1] / "docs" / "screenshots"
    parser.add_argument("--out", type=Path, default=default)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="cluster-planner-shots-") as home:
        _isolate(Path(home))
        for path in take(args.out.resolve()):
            print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
