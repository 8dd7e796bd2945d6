"""Shared helpers for the PDF proposal tests: rendering once per design, reading PDFs back, odd designs."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import replace
from datetime import date
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from planner_gui.catalog import Catalog, CatalogEntry, bundled_catalog
from planner_gui.examples import default_example_path
from planner_gui.io import load_design
from planner_gui.model import Design, DesignMeta, Device, Rack

TODAY = date(2026, 11, 30)  # a fixed proposal date, so page content does not depend on the day tests run
A4_PT = (595.28, 841.89)  # ISO 216: 210 x 297 mm in points
LETTER_PT = (612.0, 792.0)  # ANSI A: 8.5 x 11 in
ONE_GPU_SERVER = "test-one-gpu"


def norm(text: str) -> str:
    """Text as compared in tests: NFKC (Qt maps some CJK glyphs to Kangxi radicals when extracting:
    U+2F12 for 力), and no whitespace (pypdf inserts tabs and newlines between text runs)."""
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", text))


CJK_SCAN = (0x2E80, 0xA000)  # CJK radicals, Kangxi radicals, symbols and unified ideographs


@lru_cache(maxsize=4)
def _lowest_char_per_glyph(family: str) -> tuple[Any, dict[int, str]]:
    from PySide6.QtGui import QFont, QRawFont

    raw = QRawFont.fromFont(QFont(family))
    chars = "".join(chr(c) for c in range(*CJK_SCAN))
    lowest: dict[int, str] = {}
    for char, glyph in zip(chars, raw.glyphIndexesForString(chars), strict=True):
        if glyph and glyph not in lowest:
            lowest[glyph] = char
    return raw, lowest


def as_extracted(text: str, family: str) -> str:
    """``text`` as pypdf reads it back from Qt's PDF, normalised like :func:`norm`.

    Qt's ToUnicode table maps each glyph to the lowest code point that uses it, so with Noto Sans CJK
    页 comes back as the radical ⻚ (U+2EDA) and 户 as 戶 after NFKC: copy-paste of some Chinese
    characters is lossy in any Qt-written PDF. Tests compare what Qt writes, computed the same way.
    """
    raw, lowest = _lowest_char_per_glyph(family)
    glyphs = raw.glyphIndexesForString(text)
    if len(glyphs) != len(text):  # characters outside the BMP: compare as they are
        return norm(text)
    return norm(
        "".join(lowest.get(g, c) if c >= chr(CJK_SCAN[0]) else c for c, g in zip(text, glyphs, strict=True))
    )


def default_design() -> Design:
    return load_design(default_example_path(), bundled_catalog()).design


@cache
def default_pdf(folder: str, lang: str = "en", paper: str = "a4") -> tuple[Path, Any]:
    """The default design's proposal rendered once per (lang, paper) into ``folder``: (path, ExportResult)."""
    from planner_gui.report.render import export_pdf

    path = Path(folder) / f"default-{lang}-{paper}.pdf"
    return path, export_pdf(default_design(), bundled_catalog(), path, lang, paper, today=TODAY)


def pdf_text(path: Path) -> list[str]:
    from pypdf import PdfReader

    return [page.extract_text() for page in PdfReader(str(path)).pages]


def text_positions(page: Any) -> list[tuple[float, float, str]]:
    """(x, y, text) of every text run on a pypdf page, in PDF user space."""
    return text_and_positions(page)[1]


def text_and_positions(page: Any) -> tuple[str, list[tuple[float, float, str]]]:
    """The page's text and (x, y, text) of every run, from one pass of pypdf (which is slow)."""
    found: list[tuple[float, float, str]] = []

    def visit(text: str, cm: list[float], tm: list[float], font: Any, size: float) -> None:
        if text.strip():
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            found.append((x, y, text))

    return page.extract_text(visitor_text=visit), found


def font_descriptors(reader: Any) -> list[tuple[str, Any]]:
    """(base font name, its descriptor) for every font used on every page (Type0 via its descendant)."""
    found = []
    for page in reader.pages:
        fonts = page["/Resources"].get("/Font") or {}
        for ref in fonts.values():
            font = ref.get_object()
            descendants = font.get("/DescendantFonts")
            holder = descendants[0].get_object() if descendants else font
            found.append((str(font.get("/BaseFont")), holder.get("/FontDescriptor").get_object()))
    return found


def one_gpu_catalog() -> Catalog:
    """The bundled catalog plus a server with a single GPU (the catalog's smallest has four)."""
    base = bundled_catalog()
    source = base.require("pcie-a100-4", "server")
    data = {**source.data, "id": ONE_GPU_SERVER, "name": "Test box with one A100 PCIe", "gpu_count": 1}
    entries = {
        **base.entries,
        ONE_GPU_SERVER: CatalogEntry(ONE_GPU_SERVER, "server", data["name"], data, "test"),
    }
    return Catalog(entries=entries)


def one_gpu_design(catalog: Catalog) -> Design:
    design = Design(meta=DesignMeta(name="One GPU"))
    design.add_rack(Rack("R1"))
    design.add_device(Device("gpu-1", ONE_GPU_SERVER, rack_id="R1", u=1), catalog)
    return design


def hostile_names_design(name: str) -> Design:
    """The default design with ``name`` as its name, customer, author and every rack and device name."""
    design = default_design()
    design.meta = replace(design.meta, name=name, customer=name, author=name)
    for rack in design.racks.values():
        rack.name = name
    for device in design.devices.values():
        device.name = name
    return design
