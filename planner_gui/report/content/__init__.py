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
from planner_gui.report.content.collectives import collectives
from planner_gui.report.content.comparison import comparison_section
from planner_gui.report.content.context import Ctx, shorten
from planner_gui.report.content.cost import cost_section
from planner_gui.report.content.deploy import deployment
from planner_gui.report.content.front import cover, summary
from planner_gui.report.content.i18n import LANGUAGES, Tr, check_lang
from planner_gui.report.content.network import network
from planner_gui.report.content.power import power_section
from planner_gui.report.content.racks import racks_section
from planner_gui.report.content.risks import risks
from planner_gui.report.content.sources import sources
from planner_gui.report.content.training import training

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
) -> ReportDocument:
    """The proposal for ``design`` in ``lang`` ("en" or "zh"); ``analysis`` is computed when not given.

    ``comparison`` (against another design) and ``acceptance`` (measured nccl-tests results) add their
    optional sections before the assumptions and sources. ``translate`` ((context, English) -> Chinese,
    e.g. a QTranslator's lookup) renders the engine's own sentences in a Chinese proposal.
    """
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
    blocks += SECTIONS[-1](ctx)  # assumptions and sources close the proposal
    name = shorten(ctx.name(), HEADER_NAME_LIMIT)
    return ReportDocument(
        lang=lang,
        title=f"{name} — {t('cover.subtitle')}",
        header=name,
        footer=t("doc.footer", date=t.date(ctx.today)),
        cover=cover(ctx),
        labels=Labels(t("doc.contents"), t("doc.page_of"), t("doc.continued")),
        blocks=tuple(blocks),
    )


__all__ = ["LANGUAGES", "Tr", "build_proposal"]
