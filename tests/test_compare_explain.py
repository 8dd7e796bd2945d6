"""Comparisons say which factor explains a difference (issue 16 item 4): A's fabric changed one factor at a time
to B's value; the factor that alone moves A's 1 GiB AllReduce busbw furthest toward B's is named, in the CLI,
the compare dialog (tests/gui/test_compare_dialog.py) and the PDF."""

from __future__ import annotations

import dataclasses
import re
from datetime import date

import pytest

from planner_gui.catalog import bundled_catalog
from planner_gui.cli import main
from planner_gui.commands.language import translate, use_language
from planner_gui.engine import analyze_design
from planner_gui.engine.collectives import predict, profile_from_catalog
from planner_gui.engine.compare.designs import compare_designs
from planner_gui.engine.compare.explain import explain_busbw
from planner_gui.examples import examples_folder
from planner_gui.io import load_design
from planner_gui.report.content.blocks import Paragraph
from planner_gui.report.content.comparison import comparison_section
from planner_gui.report.content.context import Ctx
from planner_gui.report.content.i18n import Tr

CATALOG = bundled_catalog()
IB_PATH, ROCE_PATH = examples_folder() / "s5-a100-8x8-ib.cluster", examples_folder() / "s5-a100-8x8-roce.cluster"
LINK_SPEED = "the difference is the link speed, 200 vs 100 Gb/s per NIC"


def _busbw(profile: object) -> float:
    return predict(profile, "allreduce", 2**30).busbw_GBps


def test_ib_200_against_roce_100_is_the_link_speed() -> None:
    """The seeds' IB (HDR 200G) and RoCE (100G) A100 designs: B's link speed alone on A gives B's busbw."""
    ib, roce = (analyze_design(load_design(p, CATALOG).design, CATALOG) for p in (IB_PATH, ROCE_PATH))
    (note,) = explain_busbw(ib.profile, roce.profile)
    assert LINK_SPEED in note
    alone = _busbw(dataclasses.replace(ib.profile, nic_gbps=roce.profile.nic_gbps))
    assert f"(A with B's alone: {alone:.1f} GB/s)" in note
    assert alone == pytest.approx(_busbw(roce.profile), rel=0.05)


def test_one_changed_factor_is_named_and_no_difference_says_nothing() -> None:
    base = profile_from_catalog(CATALOG, "h100-sxm5-80gb", 8, 8, nic_id="ib-ndr-400")
    assert explain_busbw(base, base) == []
    (gdr,) = explain_busbw(base, dataclasses.replace(base, gdr=False))
    assert "the difference is GPUDirect RDMA, on vs off" in gdr
    flat = dataclasses.replace(base, rail_optimized=False)  # rail-aligned rings meet no oversubscription
    (over,) = explain_busbw(flat, dataclasses.replace(flat, oversubscription=2.0))
    assert "the difference is the oversubscription, 1:1 vs 2:1" in over
    assert explain_busbw(base, dataclasses.replace(base, cable_m=base.cable_m + 1.0)) == []  # < 5 %: nothing


def test_the_cli_and_the_pdf_say_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", str(IB_PATH), str(ROCE_PATH)]) == 0
    assert LINK_SPEED in " ".join(capsys.readouterr().out.split())
    ib, roce = load_design(IB_PATH, CATALOG).design, load_design(ROCE_PATH, CATALOG).design
    analysis = analyze_design(ib, CATALOG)
    comparison = compare_designs(ib, roce, CATALOG, analysis)
    assert any(LINK_SPEED in note for note in comparison.notes)
    for language, phrase in (("en", LINK_SPEED), ("zh", "链路速率")):
        with use_language("zh_CN" if language == "zh" else "en"):
            ctx = Ctx(ib, CATALOG, analysis, Tr(language, "CNY"), date(2026, 1, 15), translate=translate)
            texts = [b.text for b in comparison_section(ctx, comparison) if isinstance(b, Paragraph)]
        assert any(phrase in t and "200" in t and "100" in t for t in texts), (language, texts)
        if language == "zh":
            assert not any(re.search("the difference is", t) for t in texts)
