"""Issue 7: the comparison's notes (currency conversion, a section one side lacks) read in Chinese."""

from __future__ import annotations

from planner_gui.catalog import bundled_catalog
from planner_gui.commands.language import text, use_language
from planner_gui.engine.compare.designs import compare_designs
from planner_gui.examples import default_example_path
from planner_gui.io import load_design
from planner_gui.model import Currency

CATALOG = bundled_catalog()


def test_conversion_and_missing_section_notes_in_both_languages() -> None:
    a = load_design(default_example_path(), CATALOG).design
    b = load_design(default_example_path(), CATALOG).design
    b.meta.currency = Currency.USD if a.meta.currency == Currency.CNY else Currency.CNY
    b.workload = None  # B has no training estimate: a note says so
    notes = compare_designs(a, b, CATALOG).notes
    assert any(note.startswith("B's amounts are converted from") for note in notes)
    assert any(note.startswith("B: training not available (no training workload is set") for note in notes)
    with use_language("zh_CN"):
        chinese = [text(note) for note in notes]
    assert any("换算" in note and "汇率" in note for note in chinese), chinese
    assert any(note.startswith("B：训练") and "不可用" in note for note in chinese), chinese


def test_acceptance_fit_note_quotes_why_training_is_missing_in_chinese() -> None:
    from planner_gui.commands.language import translate
    from planner_gui.engine.acceptance.fit import _training_change
    from planner_gui.engine.analysis import analyze_design
    from planner_gui.report.content.acceptance_messages import acceptance_message_in

    design = load_design(default_example_path(), CATALOG).design
    design.workload = None
    change, note = _training_change(design, CATALOG, analyze_design(design, CATALOG), "nic", 0.8, 1.0)
    assert change is None and note.startswith("no training estimate to update: no training workload is set")
    with use_language("zh_CN"):
        chinese = acceptance_message_in(note, "zh_CN", translate)
    assert chinese.startswith("没有可更新的训练估算：") and "workload" not in chinese, chinese
