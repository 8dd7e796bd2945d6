"""Regenerate docs/samples/: the default design's proposal in English and Chinese, and PNGs of some pages.

Run: .venv/bin/python scripts/make_samples.py
The PNGs need pdftoppm (poppler-utils); without it only the PDFs are written. The Chinese PDF needs
a CJK font (e.g. fonts-noto-cjk); without one it comes out in English and the script says so. The
proposal is dated with the design's last-saved date, so the samples change only when the design,
the engine or the report does.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from datetime import date, datetime
from pathlib import Path

from planner_gui.catalog import bundled_catalog
from planner_gui.examples import default_example_path
from planner_gui.io import load_design
from planner_gui.report.content.branding import make_branding
from planner_gui.report.render import export_pdf
from planner_gui.templates import TemplateSpec, generate_design

SAMPLES = Path(__file__).resolve().parents[1] / "docs" / "samples"
PNG_DPI = 50  # enough to see the layout, ~40 kB a page
PAGES = {  # the pages shown as PNG: section anchors ("cover" is page 1)
    "en": ("cover", "contents", "summary", "bom", "racks", "network", "network-storage", "collectives", "power", "cost",
           "deployment-acceptance", "sources", "signoff"),
    "zh": ("cover", "summary", "bom", "racks", "network", "network-storage", "power", "risks", "cost", "sources",
           "signoff"),
}
LARGE_NODES = 512
LARGE_PAGES = ("racks", "network", "power", "appendix-power")
EXAMPLE_BRANDING = {  # an invented supplier, to show the cover, footers and sign-off page as a customer gets them
    "company": "Example Integrator Ltd.", "contact": "solutions@example.com", "document_number": "EX-2026-017",
    "revision": "A", "validity_days": 30, "confidentiality": "Confidential",
    "logo_path": str(SAMPLES / "example-logo.svg"),
}


def main() -> int:
    catalog = bundled_catalog()
    design = load_design(default_example_path(), catalog).design
    when = _design_date(design.meta.modified or design.meta.created)
    SAMPLES.mkdir(parents=True, exist_ok=True)
    for old in SAMPLES.glob("*.png"):
        old.unlink()
    branding = make_branding(**EXAMPLE_BRANDING)  # type: ignore[arg-type]
    large = generate_design(catalog, TemplateSpec("dgx-h100", LARGE_NODES))
    for lang in ("en", "zh"):
        path = SAMPLES / f"default-{lang}.pdf"
        result = export_pdf(design, catalog, path, lang, "a4", today=when, branding=branding)
        for warning in result.warnings:
            print(f"warning: {warning}", file=sys.stderr)
        print(f"{path.relative_to(SAMPLES.parents[1])}: {result.pages} pages ({result.lang})")
        anchors = {"cover": 1, **result.anchors}
        for anchor in PAGES[lang]:
            if anchor in anchors:
                _png(path, anchors[anchor], SAMPLES / f"default-{lang}-p{anchors[anchor]:02d}-{anchor}")
        with tempfile.TemporaryDirectory() as folder:
            big = Path(folder) / "large.pdf"
            result = export_pdf(large, catalog, big, lang, "a4", today=when, branding=branding)
            for anchor in LARGE_PAGES:
                page = result.anchors[anchor]
                _png(big, page, SAMPLES / f"large-{LARGE_NODES}-{lang}-p{page:02d}-{anchor}")
    return 0


def _design_date(stamp: str) -> date:
    try:
        return datetime.fromisoformat(stamp.replace("Z", "+00:00")).date()
    except ValueError:
        return date.today()


def _png(pdf: Path, page: int, stem: Path) -> None:
    tool = shutil.which("pdftoppm")
    if tool is None:
        print("pdftoppm not found (apt-get install poppler-utils): PNGs skipped", file=sys.stderr)
        return
    subprocess.run(
        [
            tool,
            "-r",
            str(PNG_DPI),
            "-f",
            str(page),
            "-l",
            str(page),
            "-singlefile",
            "-png",
            str(pdf),
            str(stem),
        ],
        check=True,
    )
    print(f"  {stem.name}.png")


if __name__ == "__main__":
    sys.exit(main())
