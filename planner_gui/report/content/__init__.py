"""The proposal's content, as data: :func:`build_proposal` turns a design and its analysis into blocks.

Pure Python (no Qt: tests/test_architecture.py enforces it). The twelve sections of the proposal
(issue 6) appear whenever their data exists; every word comes from ``strings.py`` in the chosen
language and every number from the engine, formatted by :class:`~planner_gui.report.content.i18n.Tr`.
"""

from __future__ import annotations

from datetime import date

from planner_gui.catalog import Catalog
from planner_gui.engine import AcceptanceReport, Analysis, Comparison, analyze_design
from planner_gui.model import Design
from planner_gui.model.messages import Translate
from planner_gui.report.content.acceptance import acceptance_section
from planner_gui.report.content.blocks import Block, Labels, ReportDocument
from planner_gui.report.content.bom import bom
from planner_gui.report.content.branding import Branding
from planner_gui.report.content.collectives import collectives
from planner_gui.report.content.comparison import comparison_section
from planner_gui.report.content.context import Ctx, shorten
from planner_gui.report.content.cost import cost_section
from planner_gui.report.content.deploy import deployment
from planner_gui.report.content.front import cover, summary
from planner_gui.report.content.i18n import LANGUAGES, Tr, check_lang
from planner_gui.report.content.mapping import map_strings
from planner_gui.report.content.network import network
from planner_gui.report.content.power import power_appendix, power_section
from planner_gui.report.content.racks import racks_section
from planner_gui.report.content.risks import risks
from planner_gui.report.content.signoff import signoff_section
from planner_gui.report.content.sources import sources
from planner_gui.report.content.training import training
from planner_gui.report.content.voice import customer_text

SECTIONS = (
    summary,
    bom,
    racks_section,
    network,
    collectives,
    training,
    power_section,
    cost_section,
    risks,
    deployment,
    sources,
)
HEADER_NAME_LIMIT = 80  # characters of the design name in the running header


def build_proposal(
    design: Design,
    catalog: Catalog,
    analysis: Analysis | None = None,
    lang: str = "en",
    today: date | None = None,
    comparison: Comparison | None = None,
    acceptance: AcceptanceReport | None = None,
    translate: Translate | None = None,
    branding: Branding | None = None,
) -> ReportDocument:
    """The proposal for ``design`` in ``lang`` ("en" or "zh"); ``analysis`` is computed when not given.

    ``comparison`` (against another design) and ``acceptance`` (measured nccl-tests results) add their
    optional sections before the assumptions and sources. ``translate`` ((context, English) -> Chinese,
    e.g. a QTranslator's lookup) renders the engine's own sentences in a Chinese proposal. ``branding``
    (the supplier, its logo and the document control) goes on the cover, the footers and the sign-off page.
    """
    branding = branding or Branding()
    lang = check_lang(lang)
    analysis = analysis if analysis is not None else analyze_design(design, catalog)
    t = Tr(lang, str(design.meta.currency))
    ctx = Ctx(design, catalog, analysis, t, today or date.today(), translate)
    blocks: list[Block] = []
    for section in SECTIONS[:-1]:
        blocks += section(ctx)
    if comparison is not None:
        blocks += comparison_section(ctx, comparison)
    if acceptance is not None:
        blocks += acceptance_section(ctx, acceptance)
    blocks += power_appendix(ctx)  # the full per-rack tables of a large design
    blocks += SECTIONS[-1](ctx)  # method and sources, then the page both parties sign
    blocks += signoff_section(ctx, branding)
    name = shorten(ctx.name(), HEADER_NAME_LIMIT)
    document = ReportDocument(
        lang=lang,
        title=f"{name} — {t('cover.subtitle')}",
        header=name,
        footer=_footer(ctx, branding),
        cover=cover(ctx, branding),
        labels=Labels(t("doc.contents"), t("doc.page_of"), t("doc.continued")),
        blocks=tuple(blocks),
    )
    return map_strings(document, customer_text(lang))  # no internal pointers; plurals that agree


def _footer(ctx: Ctx, branding: Branding) -> str:
    """Who sends it, which document, how confidential, and the date; the tool's own name is not printed."""
    t = ctx.t
    document = " ".join(p for p in (branding.document_number, branding.revision) if p)
    parts = [branding.company, document, branding.confidentiality]
    if not any(parts):
        return t("doc.footer_plain", date=t.date(ctx.today))
    return " · ".join([*(p for p in parts if p), t.date(ctx.today)])


__all__ = ["LANGUAGES", "Branding", "Tr", "build_proposal"]
