"""The bundled Simplified-Chinese font: shipped with its licence, small, and what a Chinese PDF is set in
even on a machine with no font installed at all (fontconfig pointed at an empty folder)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from pypdf import PdfReader

from planner_gui.examples import examples_folder
from planner_gui.i18n.fonts import BUNDLED_CJK_FILES, FONT_DIR
from tests.report_support import font_descriptors, norm

MAX_FONT_BYTES = 3_000_000  # one face of the GB 2312 subset is ~2.3 MB; the whole CJK face is ~16 MB
CJK_START = 0x2E80  # CJK radicals onwards: ideographs, CJK punctuation, full-width forms
CHINESE_HEADINGS = ("执行摘要", "目录", "机柜布局图")


def test_the_font_files_ship_with_the_open_font_licence() -> None:
    sizes = {name: (FONT_DIR / name).stat().st_size for name in BUNDLED_CJK_FILES}
    assert all(0 < size <= MAX_FONT_BYTES for size in sizes.values()), sizes
    licence = (FONT_DIR / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence and "Noto Sans CJK SC" in licence


def test_a_chinese_pdf_on_a_machine_without_any_font_is_set_in_the_bundled_face(tmp_path: Path) -> None:
    empty = tmp_path / "no-fonts"
    empty.mkdir()
    config = tmp_path / "fonts.conf"
    config.write_text(f'<?xml version="1.0"?><fontconfig><dir>{empty}</dir><cachedir>{tmp_path / "cache"}'
                      "</cachedir></fontconfig>", encoding="utf-8")
    output = tmp_path / "zh.pdf"
    env = {**os.environ, "FONTCONFIG_FILE": str(config), "QT_QPA_PLATFORM": "offscreen"}
    run = subprocess.run([sys.executable, "-m", "planner_gui.cli", "report", str(examples_folder() / "s1-h100-2x8-ndr.cluster"),
                          "-o", str(output), "--lang", "zh"], env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert run.stderr == ""  # no warning: every character could be drawn
    reader = PdfReader(output)
    faces = {name.split("+")[-1].lstrip("/") for name, descriptor in font_descriptors(reader) if "/FontFile2" in descriptor}
    assert {"NotoSansSCBundled-Regular", "NotoSansSCBundled-Bold"} <= faces
    text = norm("".join(page.extract_text() for page in reader.pages))
    assert all(heading in text for heading in CHINESE_HEADINGS)


def test_the_font_draws_every_character_of_the_translations() -> None:
    from PySide6.QtGui import QFont, QRawFont

    from planner_gui.i18n import translations_dir
    from planner_gui.report.render.qt_app import ensure_gui_app

    ensure_gui_app()
    raw = QRawFont(str(FONT_DIR / BUNDLED_CJK_FILES[0]), 12.0, QFont.HintingPreference.PreferNoHinting)
    text = "".join(path.read_text(encoding="utf-8") for path in translations_dir().glob("*.ts"))
    chinese = {c for c in text if ord(c) >= CJK_START}  # symbols such as ▸ come from the Latin family
    missing = sorted(c for c in chinese if not raw.supportsCharacter(ord(c)))
    assert raw.isValid() and missing == []


def test_a_line_with_chinese_is_as_tall_as_a_latin_line_and_on_the_same_baseline() -> None:
    """The subset carries Latin vertical metrics, so table rows holding Chinese neither grow nor sit low."""
    from PySide6.QtGui import QImage

    from planner_gui.report.render.fonts import FontSet, Role
    from planner_gui.report.render.qt_app import ensure_gui_app
    from planner_gui.report.render.text import wrap

    ensure_gui_app()
    device = QImage(10, 10, QImage.Format.Format_RGB32)
    font = FontSet.detect().font(Role.TABLE)
    latin, mixed = (wrap(text, font, 1e6, device) for text in ("GPU server 16", "GPU 服务器 16"))
    assert abs(latin.line_heights[0] - mixed.line_heights[0]) < 0.05 * latin.line_heights[0]
    assert abs(latin.layout.lineAt(0).ascent() - mixed.layout.lineAt(0).ascent()) < 0.05 * latin.line_heights[0]
