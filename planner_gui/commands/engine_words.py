"""The engine's findings and words in the CLI's language.

The engine writes its checks, NCCL reasons and acceptance findings in English with a message key
and the raw numbers; the Chinese sentences already exist for the desktop app and the PDF proposal
(planner_gui/report/content: check_messages.py, strings_checks.py, acceptance_messages.py, pure
Python). These helpers pick them when the CLI speaks Chinese and return the engine's own English
otherwise, so ``analyze`` and ``accept`` say what the proposal says. The report tables are imported
only in Chinese.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from planner_gui.commands.language import CHINESE, is_chinese, text, translate
from planner_gui.model.messages import QT_TRANSLATE_NOOP, Template, Text

CHINESE_LIST_SEPARATOR = "，"

# The headline figures of engine/compare/designs.py FIGURES (compare, sweep) by key; the engine's label is English.
FIGURE_LABELS: dict[str, Template] = {
    "gpus": QT_TRANSLATE_NOOP("CLI", "GPUs"),
    "nodes": QT_TRANSLATE_NOOP("CLI", "GPU servers"),
    "racks": QT_TRANSLATE_NOOP("CLI", "Racks"),
    "it_kw": QT_TRANSLATE_NOOP("CLI", "IT power under training load"),
    "it_peak_kw": QT_TRANSLATE_NOOP("CLI", "IT power, peak"),
    "facility_kw": QT_TRANSLATE_NOOP("CLI", "Facility power (IT x PUE)"),
    "buy_upfront": QT_TRANSLATE_NOOP("CLI", "Buy: hardware and installation"),
    "buy_monthly": QT_TRANSLATE_NOOP("CLI", "Buy: cost per month"),
    "buy_total": QT_TRANSLATE_NOOP("CLI", "Buy: total over the project"),
    "buy_per_gpu_hour": QT_TRANSLATE_NOOP("CLI", "Buy: cost per GPU-hour"),
    "rent_monthly": QT_TRANSLATE_NOOP("CLI", "Rent: cost per month"),
    "rent_total": QT_TRANSLATE_NOOP("CLI", "Rent: total over the project"),
    "rent_per_gpu_hour": QT_TRANSLATE_NOOP("CLI", "Rent: cost per GPU-hour"),
    "cloud_monthly": QT_TRANSLATE_NOOP("CLI", "Cloud: cost per month"),
    "cloud_total": QT_TRANSLATE_NOOP("CLI", "Cloud: total over the project"),
    "cloud_per_gpu_hour": QT_TRANSLATE_NOOP("CLI", "Cloud: cost per GPU-hour"),
    "allreduce_busbw_1gib": QT_TRANSLATE_NOOP("CLI", "AllReduce busbw at 1 GiB"),
    "allreduce_time_128mib": QT_TRANSLATE_NOOP("CLI", "AllReduce time at 128 MiB"),
    "alltoall_busbw_1gib": QT_TRANSLATE_NOOP("CLI", "AllToAll busbw at 1 GiB"),
    "training_step_time": QT_TRANSLATE_NOOP("CLI", "Training step time"),
    "training_tokens_per_s": QT_TRANSLATE_NOOP("CLI", "Training tokens per second"),
    "training_mfu": QT_TRANSLATE_NOOP("CLI", "Training MFU"),
    "training_days": QT_TRANSLATE_NOOP("CLI", "Days to train"),
    "training_run_cost": QT_TRANSLATE_NOOP("CLI", "Training run at the buy GPU-hour price"),
    "checks_error": QT_TRANSLATE_NOOP("CLI", "Checks: errors"),
    "checks_warning": QT_TRANSLATE_NOOP("CLI", "Checks: warnings"),
    "checks_info": QT_TRANSLATE_NOOP("CLI", "Checks: notes"),
}

# The collective model's bottleneck labels (engine/collectives/hardware.py, model.py); NVLink's stay as they are.
BOTTLENECKS: tuple[tuple[re.Pattern[str], Template], ...] = (
    (re.compile(r"inter-node NIC \((.+)\)"), QT_TRANSLATE_NOOP("CLI", "inter-node NIC ({detail})")),
    (re.compile(r"PCIe Gen(\S+) between GPUs"), QT_TRANSLATE_NOOP("CLI", "PCIe Gen{detail} between GPUs")),
    (re.compile(r"PCIe Gen(\S+) x16 to each NIC \((.+)\)"),
     QT_TRANSLATE_NOOP("CLI", "PCIe Gen{detail} x16 to each NIC ({detail2})")),
    (re.compile(r"latency()"), QT_TRANSLATE_NOOP("CLI", "latency")),
    (re.compile(r"single rank \(local copy\)()"), QT_TRANSLATE_NOOP("CLI", "single rank (local copy)")),
)


def join_list(items: Iterable[str]) -> str:
    """Items separated as the language writes a list ("a, b" / "a，b")."""
    return (CHINESE_LIST_SEPARATOR if is_chinese() else ", ").join(items)


def bottleneck(what: object) -> str:
    """What limits a collective's speed, as the collective model names it."""
    if isinstance(what, Text):
        return text(what)
    for pattern, template in BOTTLENECKS:
        found = pattern.fullmatch(str(what))
        if found:
            groups = found.groups()
            return translate(template.context, template.source).format(
                detail=groups[0], detail2=groups[1] if len(groups) > 1 else "")
    return str(what)


def severity(value: object) -> str:
    """A check's severity word (error, warning, info)."""
    words = {"error": translate("CLI", "error"), "warning": translate("CLI", "warning"),
             "info": translate("CLI", "info")}
    return words.get(str(value), str(value))


def check_message(check: Any) -> str:
    """A check's detail sentence with its own numbers (report/content/check_messages.py in Chinese)."""
    if not is_chinese():
        return text(check.message)
    from planner_gui.report.content.check_messages import check_message_in

    return text(check_message_in(check, CHINESE, translate))


def check_fix(check: Any) -> str:
    """A check's fix: the per-code Chinese fix the proposal uses, else the engine's."""
    if is_chinese():
        from planner_gui.report.content.strings_checks import CHECK_FIXES_ZH

        if check.code in CHECK_FIXES_ZH:
            return CHECK_FIXES_ZH[check.code]
    return text(check.fix)


def nccl_reason(setting: Any) -> str:
    """Why an NCCL variable is set or left unset (the proposal's Chinese reason per variable)."""
    from planner_gui.report.content.strings_deploy import nccl_reason_in

    return text(nccl_reason_in(setting, is_chinese()))


def nccl_verify(setting: Any) -> str:
    """How to check that an NCCL variable took effect ("" when there is nothing to see)."""
    from planner_gui.report.content.strings_deploy import nccl_verify_in

    return text(nccl_verify_in(setting, is_chinese()))


def nccl_ask(setting: Any) -> str:
    """What to fill in for a site-specific NCCL variable."""
    from planner_gui.report.content.strings_deploy import nccl_ask_in

    return text(nccl_ask_in(setting, is_chinese()))


def step_part(name: str) -> str:
    """The part of a training step that dominates ("compute", "dp_comm", ...), as the proposal names it."""
    if is_chinese():
        from planner_gui.report.content.strings import STRINGS

        pair = STRINGS.get(f"train.step.{name}_s")
        if pair is not None:
            return pair[1]
    return name


def section(name: str) -> str:
    """An analysis section's name (training, storage, ...)."""
    if is_chinese():
        from planner_gui.report.content.check_messages import ZH_WORDS

        return ZH_WORDS.get(name, name)
    return name


def figure_label(key: str, label: object) -> str:
    """A compare/sweep figure's label: the engine's (a Text translates itself), or ours by key."""
    template = FIGURE_LABELS.get(key)
    if is_chinese() and template is not None and not hasattr(label, "template"):
        return translate(template.context, template.source)
    return text(label)


# ----- acceptance (engine/acceptance/check.py): the proposal's sentences ------------------------------
def acceptance_message(item: Any) -> str:
    """A verdict sentence, a diagnosis or a note of ``accept``."""
    if not is_chinese():
        return text(item.message if hasattr(item, "message_key") else item)
    from planner_gui.report.content.acceptance_messages import acceptance_message_in

    return text(acceptance_message_in(item, CHINESE, translate))


def acceptance_fix(diagnosis: Any) -> str:
    if not is_chinese():
        return text(diagnosis.fix)
    from planner_gui.report.content.acceptance_messages import acceptance_fix_in

    return text(acceptance_fix_in(diagnosis, CHINESE))


def acceptance_word(word: str) -> str:
    """The link a calibration scales ("nic", "nvlink"); in Chinese with the space a Latin word needs before
    the Han text that follows it ("NVLink 实际带宽", "网卡实际带宽")."""
    if not is_chinese():
        return word
    from planner_gui.report.content.acceptance_messages import acceptance_word_in

    return acceptance_word_in(word, CHINESE)


def acceptance_problem(problem: Any) -> str:
    """A line of nccl-tests output that was skipped or flagged: "line N: ..." / "第 N 行：..."."""
    if not is_chinese():
        return str(problem)
    from planner_gui.report.content.acceptance_messages import problem_message_in

    return text(problem_message_in(problem, CHINESE))


def problem_kind(kind: object) -> str:
    """What happened to a line of the results (engine/acceptance/nccl_results.py ProblemKind)."""
    words = {"malformed": translate("CLI", "malformed"), "ignored": translate("CLI", "ignored"),
             "failure": translate("CLI", "failure"), "truncated": translate("CLI", "truncated"),
             "note": translate("CLI", "note")}
    return words.get(str(kind), str(kind))


def verdict(value: str) -> str:
    """A verdict word in capitals for English (PASS, FAIL, MISMATCH, INCOMPLETE)."""
    words = {"pass": translate("CLI", "PASS"), "fail": translate("CLI", "FAIL"),
             "incomplete": translate("CLI", "INCOMPLETE"), "mismatch": translate("CLI", "MISMATCH")}
    return words.get(value, value.upper())


def technology_word(name: str | None) -> str:
    """A fabric technology key as a word: the key itself in English (as the output always said), its
    name in Chinese ("InfiniBand", "以太网")."""
    words = {"infiniband": translate("CLI", "infiniband"), "ethernet": translate("CLI", "ethernet")}
    return words.get(name or "", name or "")
