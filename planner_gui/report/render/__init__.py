"""PDF rendering of the proposal with QPdfWriter (Qt): :func:`export_pdf` is the one entry point.

It builds the content (report/content, pure Python), checks that the Chinese font (bundled with the
package) can be loaded when the proposal is in Chinese (a Chinese proposal is never silently written
in English: without the font the export fails with one line), and lays out and paints a vector PDF.
Headless: with no display it runs Qt's offscreen platform. Warnings (such as characters no font can
draw) are returned, never printed, so the CLI can say them once and the GUI can show them.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from planner_gui.i18n.fonts import BUNDLED_CJK_FILES, FONT_DIR
from planner_gui.report.content import build_proposal
from planner_gui.report.content.branding import Branding
from planner_gui.report.content.i18n import check_lang
from planner_gui.report.render.fonts import CJK_CANDIDATES, NO_CJK_FONT_ERROR, FontSet
from planner_gui.report.render.page import check_paper
from planner_gui.report.render.pdf import Progress, RenderResult, render_pdf
from planner_gui.report.render.qt_app import ensure_gui_app

if TYPE_CHECKING:  # passed through to the content, never used here: rendering computes nothing itself
    from planner_gui.catalog import Catalog
    from planner_gui.engine import AcceptanceReport, Analysis, Comparison
    from planner_gui.model import Design
    from planner_gui.model.messages import Translate

CONTENT_SHARE = 0.15  # of an export's time: analysis and content (benchmarks/report.py, 1,024 nodes)


@dataclass(frozen=True, slots=True)
class ExportResult:
    path: Path
    pages: int
    lang: str  # the language written: always the one asked for
    anchors: dict[str, int]  # section anchor -> page number
    warnings: tuple[str, ...]


def export_pdf(
    design: Design,
    catalog: Catalog,
    path: Path | str,
    lang: str = "en",
    paper: str = "a4",
    analysis: Analysis | None = None,
    today: date | None = None,
    cjk_candidates: tuple[str, ...] = CJK_CANDIDATES,
    progress: Progress | None = None,
    comparison: Comparison | None = None,
    acceptance: AcceptanceReport | None = None,
    translate: Translate | None = None,
    branding: Branding | None = None,
) -> ExportResult:
    """Write the proposal for ``design`` to ``path``; bad arguments raise ValueError saying what to pass.

    ``progress`` (optional) gets the share of the work done (0 .. 1) as it goes, for a progress bar;
    ``analysis`` can be the one the GUI already holds, which saves the engine run. ``translate`` renders
    the engine's sentences in a Chinese proposal; by default the shipped Chinese ``.qm`` (whatever the
    app's own language is).
    """
    lang, paper = check_lang(lang), check_paper(paper)
    ensure_gui_app()
    fonts = FontSet.detect(cjk_candidates)
    if lang == "zh" and fonts.cjk is None:
        raise ValueError(NO_CJK_FONT_ERROR.fill(path=FONT_DIR / BUNDLED_CJK_FILES[0]))
    written = lang
    report = progress or (lambda share: None)
    translate = translate if translate is not None else proposal_translator(written)
    document = build_proposal(design, catalog, analysis, written, today, comparison, acceptance, translate, branding)
    report(CONTENT_SHARE)
    result: RenderResult = render_pdf(
        document, Path(path), paper, fonts, lambda share: report(CONTENT_SHARE + (1 - CONTENT_SHARE) * share)
    )
    return ExportResult(result.path, result.pages, written, result.anchors, result.warnings + document.warnings)


def proposal_translator(lang: str) -> Translate | None:
    """The Chinese ``.qm`` through a bare QTranslator for a "zh" proposal; None in English or when the
    ``.qm`` cannot be loaded (the engine's sentences then stay English, as before)."""
    if lang != "zh":
        return None
    from PySide6.QtCore import QTranslator

    from planner_gui.i18n import CHINESE, qm_path

    translator = QTranslator()
    if not translator.load(str(qm_path(CHINESE))):
        return None
    return lambda context, source: translator.translate(context, source) or ""  # the closure keeps it alive


__all__ = ["Branding", "ExportResult", "export_pdf", "proposal_translator"]
