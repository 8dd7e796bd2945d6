"""Every shipped example and some hostile-but-valid designs render to a sane PDF; the CLI works headless."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from planner_gui.catalog import bundled_catalog
from planner_gui.cli import main
from planner_gui.examples import default_example_path, example_paths
from planner_gui.io import load_design
from planner_gui.model import Design, DesignMeta, Device
from planner_gui.report.render import export_pdf
from planner_gui.report.render.fonts import FontSet
from planner_gui.report.render.qt_app import ensure_gui_app
from tests.report_support import (
    TODAY,
    as_extracted,
    hostile_names_design,
    norm,
    one_gpu_catalog,
    one_gpu_design,
    text_and_positions,
)

LONG_NAME = "Cluster-" + "abcdefghij" * 49 + "Z"  # 500 characters, no space to break at
CHINESE_EMOJI = "北京亦庄智算中心 🚀 二期 GPU 集群 ✅"
ENGLISH_HEADINGS = ("Executivesummary", "Billofmaterials", "Risks", "Methodandsources")


def _check_pdf(path: Path, min_pages: int = 3) -> list[str]:
    """Pages of text; asserts the PDF is sane: enough pages, no image, every text run on its page."""
    reader = PdfReader(str(path))
    assert len(reader.pages) >= min_pages
    texts = []
    for page in reader.pages:
        assert len(page.images) == 0
        width, height = float(page.mediabox.width), float(page.mediabox.height)
        text, runs = text_and_positions(page)
        for x, y, run in runs:
            assert 0 <= x <= width and 0 <= y <= height, run[:40]
        texts.append(text)
    return texts


@pytest.fixture(scope="module", autouse=True)
def _qt() -> None:
    ensure_gui_app()


@pytest.mark.parametrize("path", example_paths(), ids=lambda p: p.stem)
def test_every_shipped_example_renders(path: Path, tmp_path: Path) -> None:
    catalog = bundled_catalog()
    result = export_pdf(load_design(path, catalog).design, catalog, tmp_path / "x.pdf", today=TODAY)
    reader = PdfReader(str(result.path))
    assert result.pages == len(reader.pages) and 8 <= result.pages <= 60
    text = norm("".join(reader.pages[i].extract_text() for i in (1, 2)))  # contents and summary
    assert all(h in text for h in ENGLISH_HEADINGS)


def test_an_empty_design_renders(tmp_path: Path) -> None:
    design = Design(meta=DesignMeta(name="Nothing yet"))
    result = export_pdf(design, bundled_catalog(), tmp_path / "empty.pdf", today=TODAY)
    text = norm("".join(_check_pdf(result.path)))
    assert "Nothingyet" in text and "thedesignhasnodevicesyet" in text


def test_a_one_gpu_design_renders(tmp_path: Path) -> None:
    catalog = one_gpu_catalog()
    design = one_gpu_design(catalog)
    result = export_pdf(design, catalog, tmp_path / "one.pdf", today=TODAY)
    text = norm("".join(_check_pdf(result.path)))
    assert "1×" in text and "Rackelevations" in text  # one GPU, one rack drawn


def test_unplaced_devices_and_unknown_hardware_render(tmp_path: Path) -> None:
    catalog = bundled_catalog()
    design = Design(meta=DesignMeta(name="Loose parts"))
    design.add_device(Device("gpu-a", "dgx-h100"), catalog)
    design.add_device(Device("mystery", "not-in-any-catalog"), catalog)
    result = export_pdf(design, catalog, tmp_path / "loose.pdf", "zh", today=TODAY)
    assert result.pages >= 3
    _check_pdf(result.path)


@pytest.mark.parametrize("name", [LONG_NAME, CHINESE_EMOJI], ids=["500-characters", "chinese-emoji"])
def test_hostile_names_render_inside_the_page(name: str, tmp_path: Path) -> None:
    result = export_pdf(hostile_names_design(name), bundled_catalog(), tmp_path / "names.pdf", today=TODAY)
    texts = _check_pdf(result.path, min_pages=10)
    fonts = FontSet.detect()
    shown = fonts.printable(name[:40])  # an emoji without an emoji font is drawn as a box, never as a bitmap
    expected = as_extracted(shown, fonts.cjk) if fonts.cjk else norm(shown)
    assert expected in norm(texts[0])  # the cover shows the name (wrapped, cut at 300 characters)
    assert "\x00" not in "".join(texts)  # no character was left without a glyph


def test_cli_writes_the_pdf_without_a_display(tmp_path: Path) -> None:
    out = tmp_path / "proposal.pdf"
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    command = [
        sys.executable,
        "-m",
        "planner_gui.cli",
        "report",
        str(default_example_path()),
        "-o",
        str(out),
        "--paper",
        "letter",
    ]
    result = subprocess.run(command, capture_output=True, text=True, env=env, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(f"{out}: ") and "(en, letter)" in result.stdout
    assert float(PdfReader(str(out)).pages[0].mediabox.width) == pytest.approx(612.0, abs=1.0)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--lang", "fr"], "argument --lang: invalid choice: 'fr'"),
        (["--paper", "a3"], "argument --paper: invalid choice: 'a3'"),
        (["-o", "proposal.txt"], "must end in .pdf"),
    ],
)
def test_cli_bad_arguments_are_one_line(
    args: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["report", str(default_example_path()), "-o", str(tmp_path / "p.pdf"), *args]
    if "-o" in args:
        argv = ["report", str(default_example_path()), *args]
    assert main(argv) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and message in err
