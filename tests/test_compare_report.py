"""The proposal's optional comparison and acceptance sections: their blocks carry the engine's figures,
and a proposal with both sections appended renders to a PDF that contains them.
"""

from __future__ import annotations

import dataclasses
from datetime import date
from pathlib import Path

import pytest

from planner_gui.catalog import bundled_catalog
from planner_gui.engine.acceptance.check import check_acceptance
from planner_gui.engine.acceptance.nccl_results import parse_nccl_tests
from planner_gui.engine.analysis import analyze_design
from planner_gui.engine.compare.designs import compare_designs
from planner_gui.examples import examples_folder
from planner_gui.io import load_design
from planner_gui.report.content import build_proposal
from planner_gui.report.content.acceptance import acceptance_section
from planner_gui.report.content.blocks import Bullets, Figure, Heading, Paragraph, Table
from planner_gui.report.content.comparison import comparison_section
from planner_gui.report.content.context import Ctx
from planner_gui.report.content.i18n import Tr
from planner_gui.report.render.fonts import FontSet
from planner_gui.report.render.pdf import render_pdf
from planner_gui.report.render.qt_app import ensure_gui_app
from tests.report_support import norm, pdf_text

CATALOG = bundled_catalog()
IB = load_design(examples_folder() / "s5-a100-8x8-ib.cluster", CATALOG).design
ROCE = load_design(examples_folder() / "s5-a100-8x8-roce.cluster", CATALOG).design
ANALYSIS = analyze_design(IB, CATALOG)
BROKEN = Path(__file__).parent / "data" / "nccl" / "all_reduce_perf_broken.txt"
TODAY = date(2026, 1, 15)


def _ctx(lang: str = "en") -> Ctx:
    return Ctx(IB, CATALOG, ANALYSIS, Tr(lang, "CNY"), TODAY)


@pytest.fixture(scope="module")
def comparison():  # type: ignore[no-untyped-def]
    return compare_designs(IB, ROCE, CATALOG, ANALYSIS)


@pytest.fixture(scope="module")
def acceptance():  # type: ignore[no-untyped-def]
    text = BROKEN.read_text().replace("NVIDIA H100 80GB HBM3", "NVIDIA A100-SXM4-80GB")  # the A100 design's GPUs
    return check_acceptance(IB, CATALOG, parse_nccl_tests(text), ANALYSIS)


def test_comparison_blocks_carry_the_comparison(comparison) -> None:  # type: ignore[no-untyped-def]
    blocks = comparison_section(_ctx(), comparison)
    assert isinstance(blocks[0], Heading) and blocks[0].anchor == "comparison"
    figures = next(b for b in blocks if isinstance(b, Table) and b.title == "Headline figures")
    rent = next(r for r in figures.rows if r[0] == "Rent: cost per month")
    assert rent[1:] == (_ctx().t.money(386_500.0), _ctx().t.money(260_000.0), _ctx().t.money(-126_500.0),
                        f"{_ctx().t.num(260_000 / 386_500)}×")
    chart = next(b for b in blocks if isinstance(b, Figure)).content
    assert [s.name for s in chart.series] == ["A: AllReduce", "A: AllToAll", "B: AllReduce", "B: AllToAll"]
    bom = next(b for b in blocks if isinstance(b, Table) and b.title.startswith("Bill of materials"))
    assert len(bom.rows) == sum(1 for r in comparison.bom if r.changed)


def test_comparison_in_chinese(comparison) -> None:  # type: ignore[no-untyped-def]
    blocks = comparison_section(_ctx("zh"), comparison)
    assert blocks[0].text == "方案对比" and "备选方案" in blocks[1].text  # type: ignore[union-attr]


def test_acceptance_blocks_list_verdict_sizes_and_skipped_lines(acceptance) -> None:  # type: ignore[no-untyped-def]
    blocks = acceptance_section(_ctx(), acceptance)
    assert isinstance(blocks[1], Paragraph) and blocks[1].text.startswith("Verdict: FAIL.")  # its failure line
    sizes = next(b for b in blocks if isinstance(b, Table))
    assert len(sizes.rows) == len(acceptance.tests[0].sizes) and sizes.rows[-1][-1] == "pass"
    skipped = [b for b in blocks if isinstance(b, Bullets)][-1]
    assert [item.split(":")[0] for item in skipped.items] == [f"line {n}" for n in (22, 23, 24, 25, 39, 40)]


def test_a_proposal_with_both_sections_renders(qapp, tmp_path: Path, comparison, acceptance) -> None:  # type: ignore[no-untyped-def]
    """``qapp`` first: a full QApplication, so GUI tests after this one can share it."""
    ensure_gui_app()
    proposal = build_proposal(IB, CATALOG, ANALYSIS, "en", TODAY)
    extra = tuple(comparison_section(_ctx(), comparison) + acceptance_section(_ctx(), acceptance))
    document = dataclasses.replace(proposal, blocks=proposal.blocks + extra)
    result = render_pdf(document, tmp_path / "with-sections.pdf", "a4", FontSet.detect(()))
    assert {"comparison", "acceptance-results"} <= set(result.anchors)
    text = norm("".join(pdf_text(result.path)[result.anchors["comparison"] - 1:]))
    assert norm("Comparison with an alternative") in text and norm("Acceptance test results") in text
