"""Desktop integration files: parseable, consistent ids, and validated by the freedesktop tools when present."""

from __future__ import annotations

import configparser
import filecmp
import shutil
import subprocess
from pathlib import Path
from xml.etree import ElementTree

import pytest

ROOT = Path(__file__).resolve().parents[1]
PKG = ROOT / "packaging"
APP_ID = "io.github.clusterplanner.ClusterPlanner"
DESKTOP = PKG / f"{APP_ID}.desktop"
METAINFO = PKG / f"{APP_ID}.metainfo.xml"


def test_desktop_file_declares_the_mime_type_and_command() -> None:
    parser = configparser.RawConfigParser()
    parser.optionxform = str  # keys are case-sensitive in desktop files
    parser.read(DESKTOP, encoding="utf-8")
    entry = parser["Desktop Entry"]
    assert entry["Type"] == "Application" and entry["Icon"] == APP_ID
    assert "application/x-cluster-planner;" in entry["MimeType"]
    assert entry["Exec"].startswith("cluster-planner ") and "%f" in entry["Exec"]


def test_mime_xml_maps_cluster_files() -> None:
    ns = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
    root = ElementTree.parse(PKG / "cluster-planner-mime.xml").getroot()
    mime = root.find("m:mime-type", ns)
    assert mime.get("type") == "application/x-cluster-planner"
    assert mime.find("m:glob", ns).get("pattern") == "*.cluster"


def test_metainfo_names_the_desktop_file() -> None:
    root = ElementTree.parse(METAINFO).getroot()
    assert root.findtext("id") == APP_ID
    assert root.find("launchable").text == DESKTOP.name


def test_icons_rendered_in_every_size() -> None:
    from PySide6.QtGui import QImage

    for size in (16, 32, 48, 64, 128, 256, 512):
        image = QImage(str(PKG / "icons" / f"cluster-planner-{size}.png"))
        assert (image.width(), image.height()) == (size, size)


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="desktop-file-utils not installed")
def test_desktop_file_validate() -> None:
    result = subprocess.run(["desktop-file-validate", str(DESKTOP)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="appstream not installed")
def test_appstreamcli_validate() -> None:
    result = subprocess.run(["appstreamcli", "validate", "--no-net", "--pedantic", str(METAINFO)],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_bundled_docs_match_docs_folder() -> None:
    """planner_gui/resources/docs is a copy of docs/*.md and docs/models/*.md (scripts/sync_docs.py)."""
    bundled, docs = ROOT / "planner_gui" / "resources" / "docs", ROOT / "docs"

    def pages(folder: Path) -> list[Path]:
        return sorted(p.relative_to(folder) for p in (*folder.glob("*.md"), *folder.glob("models/*.md")))

    sources = pages(docs)
    assert any(p.parts[0] == "models" for p in sources)  # the model pages the overview links to
    assert pages(bundled) == sources
    assert all(filecmp.cmp(docs / n, bundled / n, shallow=False) for n in sources)


def _build_venv() -> Path | None:
    """The venv holding PyInstaller: $BUILD_VENV (packaging/README.md uses a throwaway one), else .venv."""
    import os

    for venv in (os.environ.get("BUILD_VENV"), str(ROOT / ".venv")):
        if venv and (Path(venv) / "bin" / "pyinstaller").exists():
            return Path(venv)
    return None


@pytest.mark.skipif(_build_venv() is None, reason="PyInstaller not installed (a ~30 s build, run on demand: "
                    "BUILD_VENV=/tmp/pyi, see packaging/README.md)")
def test_pyinstaller_app_runs_version_and_report_headless(tmp_path: Path) -> None:
    """build.sh builds the one-folder app and smoke-tests it: --version, then a proposal from an example."""
    import os

    env = {**os.environ, "BUILD_VENV": str(_build_venv()), "DIST_DIR": str(tmp_path / "dist"),
           "WORK_DIR": str(tmp_path / "work")}
    result = subprocess.run(["sh", str(PKG / "build.sh")], cwd=ROOT, env=env, timeout=900, capture_output=True,
                            text=True, check=False)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    assert "cluster-planner 0.1" in result.stdout and "smoke test passed" in result.stdout
    app = tmp_path / "dist" / "cluster-planner"
    assert (app / "_internal" / "planner_gui" / "resources" / "i18n" / "cluster_planner_zh_CN.qm").exists()
