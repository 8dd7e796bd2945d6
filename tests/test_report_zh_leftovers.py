"""Issue 7: English that reached the Chinese proposal and the Chinese UI through engine labels and errors.

The audit of a zh PDF with ``--compare`` found the comparison table in English (the engine's figure
labels, "49.2 days") and the NCCL shell block's "# NCCL_ALGO: leave unset"; an engine error raised as
``ValueError(Text)`` read in English in the UI and the CLI. English output stays exactly as it was.
"""

from __future__ import annotations

import re
from datetime import date

import pytest

from planner_gui.catalog import bundled_catalog
from planner_gui.engine.analysis import analyze_design
from planner_gui.engine.compare.designs import FIGURES, compare_designs
from planner_gui.engine.compare.sweep import EFFICIENCY_KEY, PARAMS
from planner_gui.engine.deploy.nccl_env import shell_exports
from planner_gui.examples import examples_folder
from planner_gui.io import load_design
from planner_gui.model.messages import QT_TRANSLATE_NOOP, error_text
from planner_gui.report.content.blocks import Paragraph, Table, TextStyle
from planner_gui.report.content.comparison import comparison_section
from planner_gui.report.content.context import Ctx
from planner_gui.report.content.deploy import deployment
from planner_gui.report.content.i18n import Tr
from planner_gui.report.content.strings_compare import COMPARE, figure_label_in, param_label_in

CATALOG = bundled_catalog()
IB = load_design(examples_folder() / "s5-a100-8x8-ib.cluster", CATALOG).design
ROCE = load_design(examples_folder() / "s5-a100-8x8-roce.cluster", CATALOG).design
ANALYSIS = analyze_design(IB, CATALOG)
TODAY = date(2026, 1, 15)
WORD = re.compile(r"\b[a-z]{2,}\b")  # a lowercase English word
ALLOWED = {"token", "id"}  # as Chinese AI-infrastructure engineers write them


def english(text: str) -> set[str]:
    return set(WORD.findall(text)) - ALLOWED


def _ctx(lang: str) -> Ctx:
    return Ctx(IB, CATALOG, ANALYSIS, Tr(lang, "CNY"), TODAY)


@pytest.fixture(scope="module")
def comparison():  # type: ignore[no-untyped-def]
    return compare_designs(IB, ROCE, CATALOG, ANALYSIS)


def _figures(blocks: list) -> Table:  # type: ignore[type-arg]
    return next(b for b in blocks if isinstance(b, Table) and len(b.columns) == 5)


def test_every_engine_label_has_its_pair_and_the_english_is_the_engines() -> None:
    """A figure or parameter added to the engine without a Chinese name would print English in zh."""
    labels = {f.key: f.label for f in FIGURES}
    for key, label in labels.items():
        assert COMPARE[f"fig.{key}"][0] == label and figure_label_in(key, label, zh=False) == label
    assert f"fig.{EFFICIENCY_KEY}" in COMPARE
    for name, param in PARAMS.items():
        assert COMPARE[f"param.{name}"][0] == param.label
        assert param_label_in(name, param.label, zh=False) == param.label
    for _english, chinese in COMPARE.values():
        assert english(chinese) == set(), chinese


def test_comparison_table_in_chinese(comparison) -> None:  # type: ignore[no-untyped-def]
    rows = {row[0]: row for row in _figures(comparison_section(_ctx("zh"), comparison)).rows}
    assert "训练天数" in rows and "1 GiB AllReduce 总线带宽" in rows
    assert rows["训练天数"][1].endswith(" 天")
    timed = next(row for label, row in rows.items() if "128 MiB" in label)
    assert timed[1].endswith(" µs") and " us" not in " ".join(timed)  # the reader's unit, not the engine's key
    assert [label for label in rows if english(label)] == []


def test_comparison_table_in_english_is_unchanged(comparison) -> None:  # type: ignore[no-untyped-def]
    rows = _figures(comparison_section(_ctx("en"), comparison)).rows
    assert [row[0] for row in rows] == [r.label for r in comparison.rows if r.a is not None or r.b is not None]
    days = next(row for row in rows if row[0] == "Days to train")
    assert days[1].endswith(" days")


def test_nccl_exports_in_chinese_and_english() -> None:
    def code(lang: str) -> str:
        return next(b.text for b in deployment(_ctx(lang)) if isinstance(b, Paragraph) and b.style == TextStyle.CODE)

    assert code("en") == shell_exports(ANALYSIS.nccl_env).rstrip()
    chinese = code("zh")
    assert "leave unset" not in chinese and "：不设置" in chinese
    assert [line for line in chinese.splitlines() if line.startswith("export ")] == \
        [line for line in code("en").splitlines() if line.startswith("export ")]


def test_an_error_raised_with_a_text_reads_in_the_translators_language() -> None:
    """engine/compare/designs.py, engine/training/* raise ValueError(Text); the UI and the CLI show error_text()."""
    error = ValueError(QT_TRANSLATE_NOOP("Engine", "no GPU counts to evaluate; give at least one").fill())
    assert error_text(error, lambda context, source: "没有可评估的 GPU 数量") == "没有可评估的 GPU 数量"
    assert error_text(error, lambda context, source: "") == str(error)  # no translation: the English
    assert error_text(KeyError("k"), lambda context, source: "") == "k"
    assert error_text(ValueError("plain", 2), lambda context, source: "x") == str(ValueError("plain", 2))
