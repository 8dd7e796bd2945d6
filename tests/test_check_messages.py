"""Check messages in Chinese: every sentence the engine can write has a zh sentence fed by its own numbers."""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest

from planner_gui.catalog import bundled_catalog
from planner_gui.engine.analysis import analyze_design
from planner_gui.engine.checks.base import Check, Severity, params
from planner_gui.examples import default_example_path
from planner_gui.io import load_design
from planner_gui.report.content import build_proposal
from planner_gui.report.content.blocks import Table
from planner_gui.report.content.check_messages import CHECK_MESSAGES_ZH, ZH_WORDS, check_message_in
from planner_gui.report.content.strings_checks import CHECK_TITLES

ENGINE = Path(__file__).resolve().parents[1] / "planner_gui" / "engine"
EXAMPLES = Path(__file__).resolve().parents[1] / "planner_gui" / "resources" / "examples"


def _placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def _check_calls() -> list[tuple[str, ast.Call]]:
    """Every ``Check(...)`` call in the engine, with its file."""
    calls = []
    for path in sorted(ENGINE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Check":
                calls.append((path.name, node))
    return calls


def _keys_of(call: ast.Call) -> tuple[str | None, list[str]]:
    """(code, message keys the call can produce); code None when the code is not a literal."""
    code = call.args[0].value if call.args and isinstance(call.args[0], ast.Constant) else None
    key = next((k.value for k in call.keywords if k.arg == "key"), None)
    if key is None:
        return code, [code] if code else []
    if isinstance(key, ast.Constant):
        return code, [key.value]
    # a key chosen at run time ("code." + variant): every zh variant of the code counts
    return code, [k for k in CHECK_MESSAGES_ZH if code and k.startswith(code + ".")]


def _param_names(call: ast.Call) -> set[str] | None:
    """Names passed to ``params(...)``; None when they come from elsewhere (a variable, ``**values``)."""
    value = next((k.value for k in call.keywords if k.arg == "params"), None)
    if value is None:
        return set()
    if isinstance(value, ast.Call) and getattr(value.func, "id", "") == "params":
        if any(k.arg is None for k in value.keywords):
            return None
        return {k.arg for k in value.keywords if k.arg}
    return None


def test_every_engine_check_has_a_chinese_sentence_fed_by_its_parameters() -> None:
    calls = _check_calls()
    assert len(calls) > 40  # the whole engine, not a sample
    problems = []
    for file, call in calls:
        code, keys = _keys_of(call)
        if code is None:
            continue  # analysis.py's section failures: covered by the test below
        if not keys:
            problems.append(f"{file}:{call.lineno} {code}: no zh sentence for any variant")
        names = _param_names(call)
        for key in keys:
            template = CHECK_MESSAGES_ZH.get(key)
            if template is None:
                problems.append(f"{file}:{call.lineno} {key}: no zh sentence in report/content/check_messages.py")
            elif names is not None and not _placeholders(template) <= names:
                problems.append(f"{file}:{call.lineno} {key}: zh sentence uses {_placeholders(template) - names}")
    assert problems == []


def test_every_titled_check_code_has_a_chinese_sentence() -> None:
    """Codes the proposal titles (CHECK_TITLES) but that are names of states, not findings, are listed."""
    not_findings = {"power-budget", "rail-miscabled", "top-of-rack"}  # titles for rows, not Check codes
    missing = [code for code in CHECK_TITLES if code not in not_findings
               and not any(k == code or k.startswith(code + ".") for k in CHECK_MESSAGES_ZH)]
    assert missing == []


def test_section_failures_render_with_the_reason() -> None:
    failed = Check("analysis-section-failed", Severity.WARNING, "power could not be computed: bad", (), "",
                   params=params(section="power", reason="bad"))
    assert check_message_in(failed, "zh") == "功耗无法计算：bad"
    assert check_message_in(failed, "en") == "power could not be computed: bad"


def test_numbers_are_formatted_in_the_chinese_sentence() -> None:
    """12,345 W over a 10,000 W budget: 12.3 kW, 2.3 kW over (the engine's one-decimal kW)."""
    check = Check("rack-over-power", Severity.ERROR, "rack A01 draws up to 12.3 kW, ...", ("A01",), "",
                  params=params(rack="A01", max_w=12_345.0, over_w=2_345.0, budget_w=10_000.0))
    assert check_message_in(check, "zh_CN") == "机柜 A01 最大功耗 12.3 kW，超出 10.0 kW 的功率预算 2.3 kW"
    big = Check("rack-too-heavy", Severity.ERROR, "", ("A01",), "",
                params=params(rack="A01", kg=1234.4, max_kg=1000.0))
    assert "1,234 kg" in check_message_in(big, "zh")
    ids = Check("switch-ports-full", Severity.INFO, "", (), "",
                params=params(switches=7, switch_ids=tuple(f"s{i}" for i in range(7))))
    assert "s0、s1、s2、s3、s4 等" in check_message_in(ids, "zh")


def test_a_check_without_parameters_or_sentence_keeps_its_english() -> None:
    """A check from an older analysis (no params) or an unknown code never shows a broken sentence."""
    old = Check("rack-over-power", Severity.ERROR, "rack A01 draws up to 12.3 kW", ("A01",))
    assert check_message_in(old, "zh") == "rack A01 draws up to 12.3 kW"
    assert check_message_in({"code": "new-code", "message": "text"}, "zh") == "text"
    as_json = {"code": "device-unplaced", "message": "3 device(s) ...", "params": [("devices", 3)]}
    assert check_message_in(as_json, "zh") == "3 台设备尚未上架"


def test_engine_words_in_parameters_have_chinese() -> None:
    from planner_gui.model import CoolingType, Medium

    assert {str(c) for c in CoolingType} | {str(m) for m in Medium} <= set(ZH_WORDS)


@pytest.mark.parametrize("example", sorted(p.name for p in EXAMPLES.glob("*.cluster")))
def test_every_check_of_the_examples_reads_in_chinese(example: str) -> None:
    catalog = bundled_catalog()
    design = load_design(EXAMPLES / example, catalog).design
    for check in analyze_design(design, catalog).checks:
        text = check_message_in(check, "zh")
        assert text != check.message and any("\u4e00" <= ch <= "\u9fff" for ch in text), check.message_key


def test_chinese_proposal_risk_table_uses_the_chinese_sentences() -> None:
    catalog = bundled_catalog()
    design = load_design(default_example_path(), catalog).design
    analysis = analyze_design(design, catalog)
    assert analysis.checks
    proposal = build_proposal(design, catalog, analysis, "zh")
    table = next(b for b in proposal.blocks if isinstance(b, Table) and b.title == "检查结果")
    explanations = [row[2] for row in table.rows]
    expected = [check_message_in(c, "zh") for c in analysis.checks]
    assert [e[:20] for e in explanations] == [x[:1].upper() + x[1:20] for x in expected]
    assert not any("draws up to" in e or "device(s)" in e for e in explanations)


def test_every_chinese_sentence_formats_with_values_of_its_kinds() -> None:
    """Each placeholder's spec says what it takes (kW, id list, word, speeds, number): none may fail to format."""
    from planner_gui.report.content.check_messages import zh_check_message

    samples = {"kw": 12_345.0, "ids": ("a", "b"), "w": "air", "speeds": (100.0, 400.0), "": 7}
    for key, template in CHECK_MESSAGES_ZH.items():
        values = {name: samples.get(spec, 0.25) for _, name, spec, _ in string.Formatter().parse(template) if name}
        text = zh_check_message(key, values)
        assert text is not None and "{" not in text, key
