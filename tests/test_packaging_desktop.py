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
    """planner_gui/resources/docs is a copy of docs/*.md (scripts/sync_docs.py) for the Help menu."""
    bundled = ROOT / "planner_gui" / "resources" / "docs"
    sources = sorted(p.name for p in (ROOT / "docs").glob("*.md"))
    assert sorted(p.name for p in bundled.glob("*.md")) == sources
    assert all(filecmp.cmp(ROOT / "docs" / n, bundled / n, shallow=False) for n in sources)


@pytest.mark.skipif(shutil.which("pyinstaller") is None, reason="PyInstaller not installed: manual step, "
                    "see packaging/README.md")
def test_pyinstaller_build_runs_version(tmp_path: Path) -> None:
    subprocess.run([str(PKG / "build.sh")], check=True, cwd=ROOT, timeout=900)
