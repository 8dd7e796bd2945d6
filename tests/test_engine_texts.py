"""The training engine's refusals are Texts (model/messages.py): English as before, Chinese in the zh
checks, the zh proposal and the zh results (issue 7: no English reason inside a Chinese sentence).

The GUI half (checks list, results panel) is tests/gui/test_engine_texts_gui.py.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from planner_gui.catalog import bundled_catalog
from planner_gui.engine.analysis import _one_line, analyze_design
from planner_gui.engine.sections.training import LayoutInvalid, SectionSkipped, error_message
from planner_gui.engine.training import comm_for_server, estimate_training, gpu_facts_from_catalog
from planner_gui.model import Design, Device, Rack, Workload
from planner_gui.model.messages import QT_TRANSLATE_NOOP, Text, Translate, english
from planner_gui.report.content import build_proposal
from planner_gui.report.content.blocks import Bullets, KeyValues, Paragraph, Table
from planner_gui.report.content.check_messages import check_message_in
from tests.english_scan import unmarked_raise_lines
from tests.report_support import TODAY

ENGINE = Path(__file__).resolve().parents[1] / "planner_gui" / "engine"
SCANNED = (*sorted((ENGINE / "training").glob("*.py")), ENGINE / "sections" / "training.py")
RAISED = {"ValueError", "KeyError", "LayoutInvalid", "SectionSkipped"}  # what reaches the user as a reason
CATALOG = bundled_catalog()
HEADS_EN = "heads 32 are not divisible by tp 3; choose a tp that divides the number of attention heads"
HEADS_ZH = "注意力头数 32 不能被 tp 3 整除；请选择能整除注意力头数的 tp"


@pytest.fixture(scope="module")
def zh_translate() -> Translate:
    from planner_gui.report.render import proposal_translator

    translate = proposal_translator("zh")
    assert translate is not None, "the shipped Chinese .qm did not load"
    return translate


def _bad_tp_design() -> Design:
    """One DGX H100 (8 GPUs) training a 32-head model with tp 3: a layout that cannot run."""
    design = Design()
    design.add_rack(Rack("r1", power_budget_kw=40))
    design.add_device(Device("s1", "dgx-h100", rack_id="r1", u=1), CATALOG)
    design.workload = Workload(tp=3, dp=1, heads=32)
    return design


# ----- the marker is used ---------------------------------------------------------------------------
def _unmarked_raises(source: str) -> list[int]:
    """Lines that raise a user-facing error with a bare literal or f-string (not a QT_TRANSLATE_NOOP Text)."""
    return unmarked_raise_lines(source, RAISED)


def test_the_scan_finds_unmarked_messages() -> None:
    sample = ('raise ValueError("a")\nraise LayoutInvalid(f"b {x}")\nraise SectionSkipped("c" + d)\n'
              'raise KeyError("{}".format(e))\nraise ValueError(QT_TRANSLATE_NOOP("Engine", "ok {x}").fill(x=1))\n'
              'raise LayoutInvalid(error_message(error)) from None\nraise TypeError("not a reason")\n')
    assert _unmarked_raises(sample) == [1, 2, 3, 4]


@pytest.mark.parametrize("path", SCANNED, ids=lambda p: p.name)
def test_training_engine_raises_only_translatable_messages(path: Path) -> None:
    """A new refusal written as a plain string would reach the Chinese UI in English: mark it instead."""
    assert _unmarked_raises(path.read_text(encoding="utf-8")) == []


# ----- English unchanged, the Text kept ---------------------------------------------------------------
def test_engine_errors_read_as_before_and_carry_their_template() -> None:
    gpu = gpu_facts_from_catalog(CATALOG, "dgx-h100")
    comm = comm_for_server(CATALOG, "dgx-h100", 64)
    cases = [
        (Workload(tp=8, dp=4, heads=4),
         "heads 4 are not divisible by tp 8; choose a tp that divides the number of attention heads"),
        (Workload(tp=8, pp=2, dp=4, global_batch=1023),
         "global_batch 1023 is not divisible by micro_batch × data-parallel (1 × 4); change global_batch to a "
         "multiple of 4"),
        (Workload(tp=8, pp=2, dp=4, zero_stage=5), "workload zero_stage 5 is not 0, 1, 2 or 3; pick one of those"),
        (Workload(tp=8, pp=2, dp=4, cp=0), "workload cp is 0; it must be a whole number ≥ 1"),
    ]
    for workload, expected in cases:
        with pytest.raises(ValueError) as raised:
            estimate_training(workload, gpu, comm)
        assert str(raised.value) == expected
        assert isinstance(raised.value.args[0], Text) and raised.value.args[0].template.context == "Engine"
    no_bf16 = dataclasses.replace(gpu, dense_tflops={})
    with pytest.raises(ValueError, match=r"^GPU .* has no dense bf16 figure \(has: none\); change the workload "
                                         r"precision$"):
        estimate_training(Workload(tp=8, pp=2, dp=4), no_bf16, comm, gpus=64)


def test_the_analysis_keeps_the_reason_a_text() -> None:
    analysis = analyze_design(_bad_tp_design(), CATALOG)
    check = analysis.checks[0]
    assert check.code == "training-invalid-layout" and check.message == HEADS_EN
    reason = dict(check.params)["reason"]
    assert isinstance(reason, Text) and reason == HEADS_EN
    assert isinstance(analysis.unavailable["training"], Text) and analysis.unavailable["training"] == HEADS_EN
    assert analysis.unavailable["storage"] == "needs training, which could not be computed"
    assert isinstance(analysis.unavailable["storage"], Text)
    no_workload = _bad_tp_design()
    no_workload.workload = None
    skipped = analyze_design(no_workload, CATALOG).unavailable["training"]
    assert isinstance(skipped, Text)
    assert skipped == "no training workload is set (add one in the design's workload settings)"


def test_one_line_keeps_a_short_text_and_flattens_anything_else() -> None:
    short = QT_TRANSLATE_NOOP("Engine", "no scaling curve: {reason}").fill(reason="x")
    assert _one_line(LayoutInvalid(short)) is short
    assert _one_line(KeyError(short)) is short
    folded = _one_line(ValueError(QT_TRANSLATE_NOOP("Engine", "needs {section}").fill(section="a\n  b")))
    assert folded == "needs a b" and not isinstance(folded, Text)
    assert _one_line(ValueError("plain\nwords")) == "plain words"
    assert error_message(SectionSkipped(short)) is short and error_message(ValueError(1, 2)) == "(1, 2)"


# ----- Chinese where it is rendered -------------------------------------------------------------------
def test_check_message_renders_the_reason_with_the_translator_given(zh_translate: Translate) -> None:
    check = analyze_design(_bad_tp_design(), CATALOG).checks[0]
    assert check_message_in(check, "zh", zh_translate) == f"并行切分无法在本方案上运行：{HEADS_ZH}"
    assert check_message_in(check, "zh") == f"并行切分无法在本方案上运行：{HEADS_EN}"  # no translator: as before
    assert check_message_in(check, "en", zh_translate) == HEADS_EN
    assert check_message_in(check, "zh", english) == f"并行切分无法在本方案上运行：{HEADS_EN}"


def _strings(document: object) -> list[str]:
    """Every sentence of a proposal's blocks (paragraphs, bullets, key-value and table cells)."""
    found: list[str] = []
    for block in document.blocks:  # type: ignore[attr-defined]
        if isinstance(block, Paragraph):
            found.append(block.text)
        elif isinstance(block, Bullets):
            found += block.items
        elif isinstance(block, KeyValues | Table):
            found += [cell for row in block.rows for cell in row]
    return found


def test_the_chinese_proposal_quotes_the_reason_in_chinese(zh_translate: Translate) -> None:
    design = _bad_tp_design()
    analysis = analyze_design(design, CATALOG)
    zh = _strings(build_proposal(design, CATALOG, analysis, "zh", TODAY, translate=zh_translate))
    assert f"训练估算：{HEADS_ZH}" in zh  # summary and sources: why the section is missing
    assert "存储：依赖的训练估算无法计算" in zh  # sources: storage needs the training section
    assert f"并行切分无法在本方案上运行：{HEADS_ZH}" in zh  # risks: the check's message
    assert not any(HEADS_EN in line for line in zh)
    untranslated = _strings(build_proposal(design, CATALOG, analysis, "zh", TODAY))
    assert f"训练估算：{HEADS_EN}" in untranslated  # no translator: the English reason, as before
    english_lines = _strings(build_proposal(design, CATALOG, analysis, "en", TODAY, translate=zh_translate))
    assert english_lines == _strings(build_proposal(design, CATALOG, analysis, "en", TODAY))
    assert f"training estimate: {HEADS_EN}" in english_lines


def test_the_storage_source_and_scaling_note_are_texts(zh_translate: Translate, monkeypatch: pytest.MonkeyPatch) -> None:
    """Local NVMe named in Chinese in the zh proposal; a failed scaling curve's note stays translatable."""
    import planner_gui.engine.sections.training as training_module

    design = _bad_tp_design()
    design.workload = Workload(tp=8, dp=1, global_batch=8)
    analysis = analyze_design(design, CATALOG)
    assert analysis.storage is not None and isinstance(analysis.storage.source, Text)
    assert analysis.storage.source == "local NVMe of dgx-h100 (the design has no storage servers)"
    zh = _strings(build_proposal(design, CATALOG, analysis, "zh", TODAY, translate=zh_translate))
    assert "dgx-h100 的本地 NVMe（方案中没有存储服务器）" in zh

    def refuse(*_args: object, **_kwargs: object) -> None:
        raise ValueError(QT_TRANSLATE_NOOP("Engine", "no GPU counts to evaluate; give at least one").fill())

    monkeypatch.setattr(training_module, "scaling_curve", refuse)
    note = analyze_design(design, CATALOG).training.scaling_note  # type: ignore[union-attr]
    assert note == "no scaling curve: no GPU counts to evaluate; give at least one"
    assert isinstance(note, Text) and note.render(zh_translate) == "无法计算扩展曲线：没有要评估的 GPU 数量；请至少给出一个"
