"""The proposal's content, without Qt: words in both languages, number formats, totals equal to the engine's."""

from __future__ import annotations

import ast
import math
import string
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from planner_gui.catalog import bundled_catalog
from planner_gui.engine.analysis import analyze_design
from planner_gui.report.content import build_proposal
from planner_gui.report.content.axes import nice_step
from planner_gui.report.content.blocks import Column, Drawing, Figure, Heading, Rect, Table
from planner_gui.report.content.bom import report_bom
from planner_gui.report.content.context import Ctx
from planner_gui.report.content.cost import cumulative
from planner_gui.report.content.i18n import Tr, check_lang
from planner_gui.report.content.racks import identical_racks
from planner_gui.report.content.small_model import _tensor_parallel
from planner_gui.report.content.strings import STRINGS
from planner_gui.report.content.strings_checks import CHECK_FIXES_ZH, CHECK_TITLES
from tests.report_support import TODAY, default_design

SECTIONS = (
    "summary",
    "bom",
    "racks",
    "network",
    "collectives",
    "training",
    "power",
    "cost",
    "risks",
    "deployment",
    "sources",
    "signoff",
)
ENGINE = Path(__file__).resolve().parents[1] / "planner_gui" / "engine"


@pytest.fixture(scope="module")
def default_ctx() -> Ctx:
    design, catalog = default_design(), bundled_catalog()
    return Ctx(design, catalog, analyze_design(design, catalog), Tr("en", "CNY"), TODAY)


def test_every_string_has_both_languages_with_the_same_fields() -> None:
    for key, (english, chinese) in STRINGS.items():
        assert english.strip() and chinese.strip(), key
        fields = [{f for _, f, _, _ in string.Formatter().parse(text) if f} for text in (english, chinese)]
        assert fields[0] == fields[1], f"{key}: {fields}"


def test_every_engine_check_code_has_a_title_and_a_chinese_fix() -> None:
    """A new check in the engine fails here until the proposal can name it in both languages."""
    codes = set()
    for path in ENGINE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Check" and node.args:
                first = node.args[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    codes.add(first.value)
    assert len(codes) > 30  # the parse found the checks at all
    assert sorted(codes - set(CHECK_TITLES)) == []
    assert sorted(codes - set(CHECK_FIXES_ZH) - {"analysis-internal-error"}) == []


@pytest.mark.parametrize(
    ("lang", "amount", "expected"),
    [
        ("en", 75_810_168.0, "¥75,810,168"),
        ("en", 35.0, "¥35.00"),  # below 1,000 the cents stay (a price per GPU-hour)
        ("zh", 75_810_168.0, "¥7,581.0168 万"),  # 75,810,168 / 10^4, exact to the yuan
        ("zh", 2_603_129_206.4, "¥260,312.9206 万"),  # 万 however large: one unit for every amount
        ("zh", 9_999.0, "¥9,999"),  # below 1 万: yuan
        ("zh", 0.8, "¥0.80"),
    ],
)
def test_money_in_each_language(lang: str, amount: float, expected: str) -> None:
    assert Tr(lang, "CNY").money(amount) == expected


def test_number_formats() -> None:
    t = Tr("en")
    assert t.bytes(2**30) == "1 GiB" and t.bytes(8) == "8 B" and t.bytes(3 * 2**19) == "1.5 MiB"
    assert t.time_us(136.6) == "137 µs" and t.time_us(6566.0) == "6.57 ms" and t.time_us(2.5e6) == "2.50 s"
    assert t.gbs(325.78) == "326 GB/s" and t.gbps(102_400) == "102 Tb/s" and t.gbps(1.0) == "1 Gb/s"
    assert t.pct(0.41528) == "41.5%" and t.months(12) == "12 months" and t.months(17.41) == "17.4 months"
    assert t.tokens(2.0437e10) == "20.4 B" and Tr("zh").tokens(2.0437e10) == "204 亿"
    assert t.num(None) == "—" and t.money(float("nan")) == "—"
    assert t.date("2026-11-29T00:00:00+00:00") == "29 November 2026"
    assert Tr("zh").date("2026-11-29T00:00:00+00:00") == "2026年11月29日"


def test_bad_language_and_values_say_what_to_pass() -> None:
    with pytest.raises(ValueError, match="language 'fr' is not supported; use one of en, zh"):
        check_lang("fr")
    with pytest.raises(ValueError, match="expected a number"):
        Tr("en").num("12")  # type: ignore[arg-type]
    with pytest.raises(KeyError, match=r"no text for 'no\.such\.key'"):
        Tr("en")("no.such.key")


def test_a_table_row_of_the_wrong_width_is_refused() -> None:
    with pytest.raises(ValueError, match="row 1 has 1 cells but the table has 2 columns"):
        Table((Column("a"), Column("b")), (("1", "2"), ("3",)))


def test_all_sections_present_and_chinese_headings_differ(default_ctx: Ctx) -> None:
    english = build_proposal(default_ctx.design, default_ctx.catalog, default_ctx.analysis, "en", TODAY)
    chinese = build_proposal(default_ctx.design, default_ctx.catalog, default_ctx.analysis, "zh", TODAY)
    assert [h.anchor for h in english.headings(1)] == list(SECTIONS)
    assert [h.anchor for h in chinese.headings()] == [h.anchor for h in english.headings()]
    for en_heading, zh_heading in zip(english.headings(), chinese.headings(), strict=True):
        assert en_heading.text != zh_heading.text, en_heading.text


def test_bill_of_materials_total_equals_the_cost_models_hardware(default_ctx: Ctx) -> None:
    """engine/cost/tco.py: hardware = servers + switches + other hardware + NICs + cables + racks (before
    installation), to the unit."""
    bill = report_bom(default_ctx)
    buy = default_ctx.analysis.cost.options["buy"]  # type: ignore[union-attr]
    engine = sum(buy.lines[k] for k in ("servers", "switches", "other hardware", "nics", "cables", "racks"))
    assert bill.hardware_total == engine
    # Hand check of one line: 32 DGX H100 at USD 270,000 less 8 ConnectX-7 at USD 1,700, times 7.2 CNY/USD.
    dgx = next(x for x in bill.lines if x.part == "dgx-h100")
    assert dgx.quantity == 32 and dgx.unit_price == (270_000 - 8 * 1_700) * 7.2


def test_rent_curve_is_the_cost_models_series(default_ctx: Ctx) -> None:
    months = np.arange(0, 61)
    cost = default_ctx.analysis.cost
    rent = cumulative(default_ctx, cost, months)["rent"]
    assert np.all(np.diff(rent) >= 0)  # money spent never goes down
    year = 12 * round(3_470_000 * 0.85)  # the default design: CNY 3.47 M a month, 15 % prepay discount
    assert rent[0] == cost.options["rent"].upfront == year  # the first prepaid year, before month 1
    assert rent[12] == year and rent[13] == 2 * year


def test_rack_elevations_draw_every_rack_and_devices_to_scale(default_ctx: Ctx) -> None:
    proposal = build_proposal(default_ctx.design, default_ctx.catalog, default_ctx.analysis, "en", TODAY)
    start = proposal.blocks.index(next(h for h in proposal.headings(1) if h.anchor == "racks"))
    drawings = [
        b.content for b in proposal.blocks[start:] if isinstance(b, Figure) and isinstance(b.content, Drawing)
    ][:2]  # the default design's 9 racks fit two rows
    frames = [s for d in drawings for s in d.shapes if isinstance(s, Rect) and s.fill == "#3b3b3b"]
    groups = identical_racks(default_ctx, list(default_ctx.design.racks.values()))  # identical racks drawn once
    assert len(frames) == len(groups) < len(default_ctx.design.racks) == sum(len(g) for g in groups) == 9
    assert all(f.h == 42 for f in frames)  # 42U cabinets, one drawing unit per U
    servers = [s for d in drawings for s in d.shapes if isinstance(s, Rect) and s.fill == "#4e79a7"]
    per_rack = [sum(1 for d in default_ctx.design.devices_in_rack(g[0].id) if d.catalog_id == "dgx-h100")
                for g in groups]
    assert len(servers) == sum(per_rack) and sum(n * len(g) for n, g in zip(per_rack, groups, strict=True)) == 32
    assert all(s.h == pytest.approx(8 - 0.12) for s in servers)  # DGX H100: 8U


def test_nice_axis_steps() -> None:
    assert nice_step(73.0) == 100.0 and nice_step(0.3) == pytest.approx(0.5) and nice_step(2.2) == 2.5
    assert nice_step(0.0) == 1.0 and nice_step(math.inf) == 1.0


def test_small_model_run_keeps_tensor_parallel_inside_a_server() -> None:
    assert _tensor_parallel(8, 32) == 8 and _tensor_parallel(4, 32) == 4 and _tensor_parallel(1, 32) == 1
    assert _tensor_parallel(6, 32) == 2  # 6 GPUs: the largest power of two dividing both is 2


def test_content_runs_without_qt() -> None:
    """Building a proposal must not import Qt at run time (the architecture test checks the imports)."""
    code = (
        "import sys\nfrom planner_gui.catalog import bundled_catalog\nfrom planner_gui.io import load_design\n"
        "from planner_gui.examples import default_example_path\nfrom planner_gui.report.content import "
        "build_proposal\ncat = bundled_catalog()\nbuild_proposal(load_design(default_example_path(), cat)"
        ".design, cat, lang='zh')\nprint(sorted(m for m in sys.modules if m.startswith(('PySide6', "
        "'shiboken6', 'pyqtgraph'))))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    assert result.stdout.strip().splitlines()[-1] == "[]"


def test_headings_are_level_one_to_three(default_ctx: Ctx) -> None:
    proposal = build_proposal(default_ctx.design, default_ctx.catalog, default_ctx.analysis, "en", TODAY)
    anchors = [b.anchor for b in proposal.blocks if isinstance(b, Heading)]
    assert len(anchors) == len(set(anchors))  # the table of contents needs unique anchors
    assert {b.level for b in proposal.blocks if isinstance(b, Heading)} <= {1, 2, 3}


def test_network_figures_name_the_busiest_link_of_each_tier(default_ctx: Ctx) -> None:
    """The default design's rail-aligned AllReduce loads every server link alike and leaves the spines idle;
    the proposal quotes the engine's per-tier maximum, rounded to a whole percent."""
    from planner_gui.report.content.blocks import KeyValues
    from planner_gui.report.content.network import network

    summary = default_ctx.analysis.link_utilisation.summary()  # type: ignore[union-attr]
    rows = dict(next(b for b in network(default_ctx) if isinstance(b, KeyValues)).rows)
    expected = f"server links {round(summary['nic']['max'] * 100)}%, leaf uplinks 0%"
    assert rows["Busiest links in a 1 GiB AllReduce"] == expected
