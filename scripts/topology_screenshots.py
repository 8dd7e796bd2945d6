"""Screenshots of the topology view's fabric overview at 256, 4,096 and 100,000 GPUs, and of the dark
theme, for docs/screenshots (issue 19).

Run: .venv/bin/python scripts/topology_screenshots.py [--out docs/screenshots] [--gpus 256 4096 100000]
Designs come from the generator (``cluster-planner new``'s templates: DGX H100, rail-optimized; RoCE
400G on 128-port switches at 100,000 GPUs, which the 64-port NDR switch cannot reach in three tiers).
For each size: topology-<gpus>-collapsed.png (the groups as the design opens) and
topology-<gpus>-expanded.png (the first server group, rail 1's leaves and the first server's ports opened by
the clicks a user makes). dark-theme.png is the main window on the default design in the dark theme.
Runs headless with a throw-away HOME, as scripts/screenshots.py does.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from screenshots import _isolate, full_hd_screen  # the same throw-away HOME, offscreen platform, screen

VIEW_SIZE = (1400, 900)
EXPANDED_SCALE = 0.9  # the opened groups' names and the ports' names legible
FABRIC_FOR_LARGE = "roce-400"  # 128-port SN5600: three tiers reach 100,000 GPUs (benchmarks/scale.py)
LARGE_FROM_GPUS = 32_768
GPUS_PER_NODE = 8  # DGX H100


def _settle(app: object, view: object) -> None:
    view.document.live.wait_idle(timeout_ms=600_000)  # type: ignore[attr-defined]
    for _ in range(4):
        app.processEvents()  # type: ignore[attr-defined]


def _open(view: object, app: object, texts: list[str]) -> None:
    """Click, as a user would, on the first drawn node whose title or group name starts with each text."""
    from PySide6.QtCore import QPointF, Qt
    from PySide6.QtGui import QMouseEvent
    from PySide6.QtWidgets import QApplication

    for want in texts:
        item, picture = view.overview.item, view.overview.picture  # type: ignore[attr-defined]
        i = next((k for k, (title, sub) in enumerate(item.texts) if title.startswith(want) or sub.startswith(want)),
                 -1)
        if i < 0:
            continue
        spot = picture.spots[i]
        view.centerOn(QPointF(spot.x, spot.y))  # type: ignore[attr-defined]
        point = QPointF(view.mapFromScene(QPointF(spot.x, spot.y)))  # type: ignore[attr-defined]
        for _ in range(2 if texts[-1] == want else 1):  # the last: a device, clicked twice for its ports
            for kind in (QMouseEvent.Type.MouseButtonPress, QMouseEvent.Type.MouseButtonRelease):
                QApplication.sendEvent(view.viewport(), QMouseEvent(  # type: ignore[attr-defined]
                    kind, point, point, Qt.MouseButton.LeftButton, Qt.MouseButton.LeftButton,
                    Qt.KeyboardModifier.NoModifier))
            app.processEvents()  # type: ignore[attr-defined]


def topology_shots(out: Path, gpus: int) -> list[Path]:
    from PySide6.QtWidgets import QApplication

    from planner_gui.catalog import bundled_catalog
    from planner_gui.document.document import Document
    from planner_gui.templates import TemplateSpec, generate_design
    from planner_gui.ui.topology.view import TopologyView

    app = QApplication.instance() or QApplication([])
    catalog = bundled_catalog()
    fabric = FABRIC_FOR_LARGE if gpus >= LARGE_FROM_GPUS else None  # the --fabric of cluster-planner new
    spec = TemplateSpec("dgx-h100", gpus // GPUS_PER_NODE, nic_id=fabric)
    design = generate_design(catalog, spec)
    view = TopologyView(Document(catalog, design))
    view.resize(*VIEW_SIZE)
    view.show()
    _settle(app, view)
    view.set_fabric_detail("groups")
    view.fit_all()
    app.processEvents()
    collapsed = out / f"topology-{gpus}-collapsed.png"
    view.grab().save(str(collapsed))
    first = next(d for d in design.devices if d.startswith("node-"))  # the generator's first server
    _open(view, app, ["Pods 1–", "Pod 1", "Servers", "Rail 1", first, first])
    ports = [s for s in view.overview.picture.spots if s.port is not None] or view.overview.picture.spots
    view.navigator.set_scale(EXPANDED_SCALE)  # node-001's ports, readable
    view.centerOn(min(s.x for s in ports) + 0.4 * VIEW_SIZE[0] / EXPANDED_SCALE, min(s.y for s in ports) - 100)
    app.processEvents()
    expanded = out / f"topology-{gpus}-expanded.png"
    view.grab().save(str(expanded))
    view.document.live.shutdown()
    view.close()
    return [collapsed, expanded]


def dark_shot(out: Path) -> Path:
    from planner_gui.app import build
    from planner_gui.ui.window.appearance import apply_theme

    full_hd_screen()
    app, window = build(["cluster-planner"])
    apply_theme("dark", app)
    window.resize(1600, 1000)
    window.central.set_layout("side_by_side", chosen=False)
    window.document.live.wait_idle()
    for _ in range(6):
        app.processEvents()
    window.rack_view.show_first_row()
    window.topology_view.fit_all()
    app.processEvents()
    path = out / "dark-theme.png"
    window.grab().save(str(path))
    apply_theme("light", app)
    window.close()
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parents[1] / "docs" / "screenshots")
    parser.add_argument("--gpus", type=int, nargs="*", default=[256, 4096, 100_000])
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as home:
        _isolate(Path(home))
        args.out.mkdir(parents=True, exist_ok=True)
        written = [p for gpus in args.gpus for p in topology_shots(args.out, gpus)]
        written.append(dark_shot(args.out))
    for path in written:
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
