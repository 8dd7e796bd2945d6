"""Acceptance findings and verdicts in Chinese: one sentence per message key, filled with its own numbers.

engine/acceptance/diagnoses.py writes each diagnosis and engine/acceptance/check.py / acceptance_fit.py
each verdict sentence in English (what ``cluster-planner accept`` prints) and attach the sentence's key
and raw numbers (``Diagnosis.key``/``params``, a ``Sentence``). Here each key has its Chinese sentence
and each diagnosis code its Chinese fix, so the acceptance dialog and the Chinese proposal say the same
thing with the same figures. Placeholders use report/content/check_messages.py's specs plus ``bytes``
(a message size, "64 MiB"), ``list`` (names joined by 、) and ``runs`` ((test, line) pairs).
Pure Python: the report content layer never imports Qt.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from planner_gui.model.messages import Translate
from planner_gui.report.content.check_messages import ZH_LIST_SEPARATOR, ZH_WORDS, ZhFormatter, zh_sentence
from planner_gui.report.content.i18n import Tr

# Engine words of the acceptance sentences (the link a calibration scales), in Chinese.
ACCEPTANCE_WORDS_ZH: dict[str, str] = {"nic": "网卡", "nvlink": "NVLink "}  # a space between Latin and Han

ACCEPTANCE_MESSAGES_ZH: dict[str, str] = {
    # ----- diagnoses (engine/acceptance/diagnoses.py) -----
    "data-errors": (
        "{sizes} 个消息大小返回了错误数据（#wrong > 0），首个出现在 {first_bytes:bytes}：无论带宽多少，"
        "结果都已损坏"),
    "rings-one-nic": (
        "大消息的总线带宽为 {measured:,.1f} GB/s，约等于每个节点只用一块网卡的水平（按 1 块网卡预测 "
        "{one:,.1f} GB/s，按全部 {nics} 块网卡预测 {full:,.1f} GB/s）：NCCL 的环没有用上所有网卡"),
    "nvlink-down": (
        "单节点上总线带宽稳定在 {measured:,.1f} GB/s，远低于 NVLink 应达到的 {full:,.1f} GB/s，接近 PCIe "
        "路径的预测值（{pcie:,.1f} GB/s）：GPU 之间走的是 PCIe，说明有 NVLink 链路断开或没有用上 NVSwitch"),
    "tree-two-nodes": (
        "两节点 AllReduce 的总线带宽达到 {measured:,.1f} GB/s，高于每节点网卡线速 {line_rate:,.1f} GB/s："
        "NCCL 跑的是树算法（Tree 或 NVLSTree），其总线带宽并非线路速率。这不是故障"),
    "small-latency.nodes": (
        "小消息耗时是预测值的 {ratio:,.1f} 倍（{first_bytes:bytes}：实测 {measured_us:,.1f} µs，预测 "
        "{predicted_us:,.1f} µs）：可能是 GPUDirect RDMA 未开启（nvidia-peermem 未加载），或 NCCL proxy "
        "与 CPU 开销过大"),
    "small-latency.node": (
        "小消息耗时是预测值的 {ratio:,.1f} 倍（{first_bytes:bytes}：实测 {measured_us:,.1f} µs，预测 "
        "{predicted_us:,.1f} µs）：kernel 启动与 CPU 开销过大"),
    "bandwidth-low": "1 MiB 及以上有 {sizes} 个消息大小未达标，其总线带宽中位数只有预测值的 {share:.0%}",
    "partial-run": (
        "本次测试只用了方案 {design_ranks} 块 GPU 中的 {ranks} 块（{design_nodes} 个节点中的 {nodes} 个）："
        "它只能证明这些节点，不能代表整个网络"),
    # ----- a test's verdict (engine/acceptance/check.py judge_run) -----
    "unjudged.unnamed": (
        "无法从输出判断这是哪项测试：请指定测试名（例如 --test all_gather_perf），或保留 "
        "“# Collective test starting” 这一行"),
    "unjudged.one-rank": (
        "只有一个 rank：nccl-tests 测的是本地拷贝，而不是集合通信；请每块 GPU 启动一个 rank（用 MPI=1 编译的 "
        "nccl-tests 配合 mpirun -np N，或在单节点上用 -g N）"),
    "test.fail": "{sizes} 个消息大小中有 {failed} 个低于门限，首个为 {first_bytes:bytes}（第 {line} 行）",
    "test.pass": "全部 {sizes} 个消息大小均达到门限",
    "test.fail.failure": "第 {line} 行 nccl-tests 或 NCCL 报告了失败：无论带宽多少，本次运行都无效",
    "test.incomplete.sizes": (
        "本次运行缺少验收方案要求的 {missing} 个消息大小，从 {first_bytes:bytes} 起（运行止于 {last_bytes:bytes}，第 "
        "{line} 行）：请按方案的 -e 大小重新运行"),
    "mismatch.gpu": "测试在 {measured} 上进行，而方案使用 {design}：这份日志来自其他硬件，请用该硬件的方案来判定",
    "mismatch.ranks": (
        "日志有 {ranks} 个 rank、{nodes} 个节点，超过方案中最大的任务（{design_ranks} 块 GPU、{design_nodes} 个节点、"
        "每节点 {per_node} 块）"),
    "mismatch.network": "NCCL 使用的网络是 “{got}”，而方案的网络是 “{want}”：这份日志来自其他平台",
    "mismatch.link": "NCCL 所用网卡的链路层是 {got}，而方案的网络是 {want}：这份日志来自其他网络",
    "network.socket": (
        "NCCL 退回到了 TCP socket（“Using network Socket”），而方案使用 {want}：请检查 NCCL_NET、LD_LIBRARY_PATH "
        "上的网络插件和 RDMA 驱动，然后重新运行"),
    # ----- the overall verdict (engine/acceptance/check.py _overall) -----
    "summary.empty": "在 {lines} 行中没有找到 nccl-tests 结果",
    "summary.empty.skipped": "在 {lines} 行中没有找到 nccl-tests 结果（{skipped} 行无法读取，见问题列表）",
    "summary.fail": "{tests} 项测试中有 {failed} 项未通过：{names:runs}",
    "summary.mismatch": "{tests} 次运行中有 {mismatched} 次与方案不匹配，因此不作判定：{names:runs}",
    "summary.failure": "没有结果，且第 {line} 行报告了失败（见下方的问题列表）",
    "summary.incomplete.unjudged": "{passed} 项测试通过；{unjudged} 次运行不完整",
    "summary.incomplete.missing": "{passed} 项测试通过；尚未运行：{missing:list}",
    "summary.incomplete.both": "{passed} 项测试通过；{unjudged} 次运行不完整；尚未运行：{missing:list}",
    "summary.pass": "全部 {tests} 项测试在每个消息大小上均通过",
    # ----- calibration (engine/acceptance/fit.py) -----
    "fit.no-sizes": "没有一次已判定的运行包含 1 MiB 及以上的消息大小，无法拟合带宽",
    "fit.no-link": (
        "在 {test} 测到的消息大小上，模型的瓶颈既不是网卡也不是 NVLink（而是延迟或 PCIe）：没有可拟合的链路带宽"),
    "fit.out-of-range": (
        "{test} 实测的总线带宽超出了把{scaled:w}带宽在 {low:g} 倍到 {high:g} 倍之间缩放所能解释的范围，不做校准"),
    "fit.no-training": "没有可更新的训练估算：{reason}",
    "fit.training-failed": "无法用拟合后的带宽重新计算训练估算：{error}",
    # ----- lines of the results the parser skipped or flagged (engine/acceptance/nccl_results.py, nccl_rows.py):
    # used once those sentences carry their key (a Sentence); until then the English line is shown -----
    "parse.nccl-warning": "NCCL 警告：{excerpt}",
    "parse.failure": "nccl-tests 报告了失败：{excerpt}",
    "parse.nccl-error": "NCCL 报告了错误：{excerpt}",
    "parse.ignored": "不是 nccl-tests 的输出，已跳过：“{excerpt}”",
    "parse.avg-unreadable": "“Avg bus bandwidth” 行没有可读的数值，或其上方没有结果：“{value}”",
    "parse.row-columns": (
        "结果行有 {columns} 列，而 nccl-tests 输出 11 到 13 列（大小、元素个数、类型、规约操作、root，然后是"
        "非原地和原地各自的时间、algbw、busbw、#wrong）：行被截断或损坏，已跳过：“{excerpt}”"),
    "parse.row-columns.header": (
        "结果行有 {columns} 列，而表头表明应为 {expected} 列（大小、元素个数、类型、规约操作、root，然后是"
        "非原地和原地各自的时间、algbw、busbw、#wrong）：行被截断或损坏，已跳过：“{excerpt}”"),
    "parse.row-integers": "大小和元素个数必须是整数（字节数和元素数），已跳过：“{excerpt}”",
    "parse.row-negative": "时间、algbw 和 busbw 必须是非负数，已跳过：“{excerpt}”",
    "parse.restart": "{previous:bytes} 之后又出现 {size:bytes}：从这里开始新一轮测试",
    "parse.truncated": "结果在此结束，缺少 “# Avg bus bandwidth” 行：输出可能被截断（上面的消息大小仍会使用）",
}

ACCEPTANCE_FIXES_ZH: dict[str, str] = {
    "data-errors": (
        "找出故障部件：查看 dmesg 中的 GPU Xid 错误、NVLink 错误（nvidia-smi nvlink -e）和网卡符号错误"
        "（ibdiagnet / ethtool -S）；在部分节点上分别重跑以定位问题。"),
    "rings-one-nic": (
        "检查 NCCL_IB_HCA（或 NCCL_SOCKET_IFNAME）是否列出了所有计算网卡、每块网卡是否以满速率 up"
        "（ibstat / ethtool），以及每块 GPU 所在的 PCIe 交换芯片下是否都有网卡（nvidia-smi topo -m）。"),
    "nvlink-down": (
        "检查 nvidia-smi nvlink -s（所有链路均为 up）、NVSwitch 系统上 nvidia-fabricmanager 是否在运行，"
        "以及是否误设了 NCCL_P2P_DISABLE / NCCL_P2P_LEVEL。"),
    "tree-two-nodes": "如需测量网络本身，请在两个节点上用 NCCL_ALGO=Ring 重跑（验收计划的最后一条命令）。",
    "small-latency": (
        "用 NCCL_DEBUG=INFO 运行，确认 NET 日志中出现 GDRDMA；把 CPU 调频策略设为 performance，让各 rank "
        "绑定在 GPU 所在的 NUMA 节点上，并尝试 nccl-tests -G 1（CUDA Graph）。"),
    "bandwidth-low": (
        "检查每条链路是否以满速率建链（ibstat / ethtool）、线缆和光模块是否与规划一致、RoCE 网络是否配置了 "
        "PFC/ECN，以及是否使用了本工具推荐的 NCCL 环境变量。"),
    "partial-run": "请以覆盖所有节点的一次运行来验收集群（使用验收计划中的命令）。",
}

_ZH = Tr("zh")  # its byte sizes: "64 MiB", as the proposal's tables write them


class _AcceptanceFormatter(ZhFormatter):
    """The check messages' formatter, with the acceptance sentences' sizes, lists and words."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec == "bytes":
            return _ZH.bytes(value)
        if format_spec == "list":
            return ZH_LIST_SEPARATOR.join(str(v) for v in value)
        if format_spec == "runs":
            return ZH_LIST_SEPARATOR.join(f"{test}（第 {line} 行）" for test, line in value)
        if format_spec == "w" and str(value) in ACCEPTANCE_WORDS_ZH:
            return ACCEPTANCE_WORDS_ZH[str(value)]
        return super().format_field(value, format_spec)


_FORMATTER = _AcceptanceFormatter()


def zh_acceptance_message(key: str, values: Mapping[str, Any], translate: Translate | None = None) -> str | None:
    """The Chinese sentence for ``key`` with ``values``; None when there is none or a value is missing.
    Values that are engine sentences (Texts, e.g. why training is missing) go through ``translate``."""
    formatter = _FORMATTER if translate is None else _AcceptanceFormatter(translate)
    return zh_sentence(ACCEPTANCE_MESSAGES_ZH, key, values, formatter)


def acceptance_message_in(item: Any, lang: str, translate: Translate | None = None) -> str:
    """A diagnosis's message, or a verdict sentence (engine ``Sentence`` or plain text), in ``lang``
    ("en"/"zh"/"zh_CN"); the English when the sentence has no key or no Chinese."""
    if hasattr(item, "message_key"):  # a Diagnosis
        english, key, values = item.message, item.message_key, item.values()
    else:
        english, key = str(item), getattr(item, "key", "")
        values = item.values() if key else {}
    if not str(lang).startswith("zh") or not key:
        return english
    return zh_acceptance_message(key, values, translate) or english


def acceptance_fix_in(diagnosis: Any, lang: str) -> str:
    """A diagnosis's fix in ``lang``: the per-code Chinese fix, or the engine's English one."""
    if str(lang).startswith("zh"):
        return ACCEPTANCE_FIXES_ZH.get(diagnosis.code, diagnosis.fix)
    return str(diagnosis.fix)


def acceptance_word_in(word: str, lang: str) -> str:
    """An engine word of the acceptance section ("nic", "nvlink") in ``lang``."""
    if not str(lang).startswith("zh"):
        return word
    return ACCEPTANCE_WORDS_ZH.get(word, ZH_WORDS.get(word, word))


def problem_message_in(problem: Any, lang: str) -> str:
    """A skipped or flagged line of the results (engine ``ParseProblem``) in ``lang``: "第 N 行：…" when its
    sentence has a Chinese one, else the English "line N: …"."""
    zh = acceptance_message_in(problem.message, lang)
    if str(lang).startswith("zh") and zh != problem.message:
        return f"第 {problem.line:,} 行：{zh}"
    return str(problem)
