"""Check messages in Chinese: one sentence per message key, filled with the check's own parameters.

The engine writes each finding in English (``Check.message``, what the CLI prints) and attaches the
key of that sentence and the raw numbers it was built from (``engine/checks/base.py``). Here each
key has its Chinese sentence, written as Chinese data-centre and network engineers put it, so the
GUI's checks list and the Chinese proposal say the same thing with the same figures.

Placeholders are ``{name}`` or ``{name:spec}``: a Python format spec (``.1f``, ``.0%``, ``,.0f``)
or one of ours: ``kw`` (watts shown in kW), ``ids`` (an id list, the first few then 等), ``w`` (an
engine word such as a cooling type, in Chinese), ``speeds`` (port speeds as "100G、400G"). Numbers
without a spec get thousands separators (the zh_CN grouping is the same comma as English).
A parameter that is itself an engine sentence (a :class:`~planner_gui.model.messages.Text`, such as
the reason of ``training-invalid-layout``) is rendered through the ``translate`` function the caller
passes (the UI's ``QCoreApplication.translate``, the PDF's translator); without one it stays English.
Pure Python: the report content layer never imports Qt.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from typing import Any

from planner_gui.model.messages import Text, Translate

W_PER_KW = 1000.0  # unit conversion
IDS_SHOWN = 5  # as engine/checks/fabric.py _ids: the first five ids, then a count
ZH_LIST_SEPARATOR = "、"  # the Chinese enumeration comma

# Engine words that appear as parameters (enum values, section names), in Chinese.
ZH_WORDS: dict[str, str] = {
    "air": "风冷", "rdhx": "背板换热", "liquid": "液冷",
    "dac": "无源铜缆", "acc": "有源铜缆", "aoc": "有源光缆", "mmf": "多模光纤", "smf": "单模光纤", "utp": "网线",
    "power-budget": "功率预算", "feeds": "供电回路", "cooling": "制冷能力",
    "buy": "购买", "rent": "租赁",
    "top-of-rack": "ToR 接线", "mixed": "混合接线",
    "tp": "张量并行", "ep": "专家并行", "pp": "流水线并行", "dp": "数据并行",
    "topology": "拓扑", "profile": "网络画像", "power": "功耗", "facility": "机房", "cost": "成本",
    "notes": "设计提示", "link_utilisation": "链路利用率", "collectives": "集合通信", "fabric_checks": "网络检查",
    "nccl_env": "NCCL 环境变量", "acceptance": "验收测试", "facility_checks": "机房检查",
    "training": "训练估算", "storage": "存储",
}

CHECK_MESSAGES_ZH: dict[str, str] = {
    # ----- fabric: topology rules (engine/checks/fabric.py) -----
    "servers-unreachable": (
        "{servers} 台服务器中有 {outside} 台无法通过计算网络到达最大的 {largest} 台服务器互联组（共 {groups} "
        "个互不相通的组）：{isolated:ids}。一个训练任务只能跑在一个互联组内。"),
    "nic-unconnected": (
        "{nics} 块计算网卡没有接入计算网络，涉及服务器 {servers:ids}；这些服务器达不到网卡带宽，NCCL 的环"
        "会被最慢的节点拖慢。"),
    "cable-reach": (
        "{links} 条链路超出线缆的传输距离，例如 {link}：{length_m:g} 米{medium:w}，速率 {speed_gbps:g}G，"
        "上限 {limit_m:g} 米（{source}）。"),
    "cable-hdr-ndr-optics": (
        "{links} 条 HDR 与 NDR 互连的 InfiniBand 链路使用超过 30 米的光缆，例如 {link}（{length_m:g} 米）；"
        "这类链路能建链但会掉带宽（ConnectX-7 固件已知问题）。"),
    "mixed-nic-speeds.speeds": "计算网卡速率不一致：{speeds:speeds}。集合通信按最慢成员的速率运行。",
    "mixed-nic-speeds.steps": (
        "{links} 条计算网络链路两端端口速率不同（例如 {link}：{a_gbps:g}G 接 {b_gbps:g}G），按较低速率运行。"
        "集合通信按最慢成员的速率运行。"),
    "mixed-nic-speeds.both": (
        "计算网卡速率不一致：{speeds:speeds}；{links} 条计算网络链路两端端口速率不同（例如 {link}："
        "{a_gbps:g}G 接 {b_gbps:g}G），按较低速率运行。集合通信按最慢成员的速率运行。"),
    "single-spine": (
        "Leaf 之间的所有路径都经过唯一的 Spine 交换机 {spine}：一旦它故障，不同 Leaf 下的服务器无法通信，"
        "所有跨 Leaf 的任务都会中断。"),
    "single-point-of-failure.switches": (
        "{switches} 台交换机（{switch_ids:ids}）是部分服务器唯一的出口。其中任何一个故障，相关服务器都会"
        "断开，直到修复为止。"),
    "single-point-of-failure.links": (
        "{links} 条链路是某台服务器或交换机唯一的上行链路。其中任何一个故障，相关服务器都会断开，直到修复为止。"),
    "single-point-of-failure.both": (
        "{switches} 台交换机（{switch_ids:ids}）是部分服务器唯一的出口；{links} 条链路是某台服务器或交换机"
        "唯一的上行链路。其中任何一个故障，相关服务器都会断开，直到修复为止。"),
    "non-rail-cabling.off-rail": (
        "{nics} 块网卡接到了其他轨道的 Leaf（例如 {nic_ids:ids}）；这些网卡的流量会离开本轨道、绕经 Spine，"
        "NCCL 也可能建出跨轨道的环。"),
    "non-rail-cabling.not-rail-optimized": (
        "网络不是轨道优化组网（{style:w}）：不同 Leaf 下服务器的同号网卡只能在 Spine 汇合（{hops} 跳交换机）。"
        "轨道优化接线让 Ring 和 Tree 流量留在每个轨道的一台 Leaf 上，并让 PXN（NCCL 2.12 及以上）避免跨轨。"),
    "switch-ports-full": "{switches} 台交换机已没有空闲端口可供扩容或备用线缆：{switch_ids:ids}。",
    # ----- fabric: choices weighed with the collective model (engine/checks/fabric_model.py) -----
    "nic-capped-by-pcie": (
        "每块 {nic_gbps:g} Gb/s 网卡本可传输 {nic_gbs:,.0f} GB/s，但其与 GPU 之间的 PCIe Gen{gen} x16 链路只能承载 "
        "{pcie_gbs:g} GB/s：网络按 PCIe 链路的速率运行。模型预测：1 GiB AllReduce 总线带宽 {busbw:,.0f} GB/s，"
        "换成 {enough_gbps:,.0f} Gb/s 网卡也是 {busbw_enough:,.0f} GB/s，更快的网卡在这里没有收益。"),
    "nic-capped-by-pcie.estimated": (
        "每块 {nic_gbps:g} Gb/s 网卡本可传输 {nic_gbs:,.0f} GB/s，但其与 GPU 之间的 PCIe Gen{gen} x16 链路只能承载 "
        "{pcie_gbs:g} GB/s：网络按 PCIe 链路的速率运行。模型预测：1 GiB AllReduce 总线带宽 {busbw:,.0f} GB/s，"
        "换成 {enough_gbps:,.0f} Gb/s 网卡也是 {busbw_enough:,.0f} GB/s，更快的网卡在这里没有收益。产品目录中该 "
        "GPU 的 PCIe 代数为估计值：请以平台指南为准。"),
    "gdr-off.setting": (
        "网络设置中关闭了 GPUDirect RDMA：跨节点流量要经主机内存中转。模型预测：1 GiB AllReduce 总线带宽 "
        "{busbw:,.0f} GB/s，开启 GPUDirect RDMA 后为 {busbw_gdr:,.0f} GB/s；8 字节延迟 {latency_us:,.0f} µs，"
        "开启后为 {latency_gdr_us:,.0f} µs（常见资料称带宽利用率不到 30%、延迟高 3-5 倍；瓶颈在网卡而非 PCIe "
        "时，中转代价不大）。"),
    "gdr-off.nic": (
        "计算网卡不支持 RDMA：跨节点流量要经主机内存中转。模型预测：1 GiB AllReduce 总线带宽 {busbw:,.0f} GB/s，"
        "开启 GPUDirect RDMA 后为 {busbw_gdr:,.0f} GB/s；8 字节延迟 {latency_us:,.0f} µs，开启后为 "
        "{latency_gdr_us:,.0f} µs（常见资料称带宽利用率不到 30%、延迟高 3-5 倍；瓶颈在网卡而非 PCIe 时，"
        "中转代价不大）。"),
    "nccl-net-socket": (
        "NCCL_NET=Socket 会强制走内核 TCP Socket：没有 RDMA，也没有 GPUDirect。InfiniBand 和 RoCE 都使用 "
        "NCCL 的 IB verbs 传输（NCCL_NET=IB）；网上常见的“RoCE 要用 Socket”的说法是错误的。"),
    "nccl-env-defaults": (
        "多节点网络没有规划 NCCL 环境变量。NCCL 会自行选择算法和协议，但必须告诉它哪些 HCA 承载计算流量；"
        "常说的“默认配置只有理论值的 40%”，正是 HCA 或 GID 选错的表现。"),
    "nccl-env-defaults.gid": (
        "多节点网络没有规划 NCCL 环境变量。NCCL 会自行选择算法和协议，但必须告诉它哪些 HCA 承载计算流量，"
        "以及（NCCL 2.21 之前）使用哪个 RoCE v2 GID 索引；常说的“默认配置只有理论值的 40%”，正是 HCA 或 GID "
        "选错的表现。"),
    "spine-leaf-few-leaves": (
        "{gpus} 张 GPU 的 Spine-Leaf 网络只有 {leaves} 台 Leaf 交换机：跨 Leaf 流量要经过 Spine，每步多 "
        "{extra_ns:,.0f} ns。模型预测：8 字节 AllReduce 需 {latency_us:,.1f} µs，单层交换为 {flat_us:,.1f} µs"
        "（+{slower:.0%}；常见资料称延迟增加 30%）。只要上行无收敛，带宽不受影响。"),
    "roce-at-scale": (
        "{gpus} 张 GPU 使用 RoCE：模型预测 1 GiB AllReduce 总线带宽 {busbw:,.0f} GB/s，为同速率 InfiniBand"
        "（{busbw_ib:,.0f} GB/s）的 {share:.0%}；8 字节延迟 {latency_us:,.0f} µs，InfiniBand 为 "
        "{latency_ib_us:,.0f} µs。业内经验值为 {quoted}，并建议 {advised} 卡起采用 InfiniBand（{required} "
        "卡起必须）；这里 RoCE 的带宽损失来自跨 Spine 的静态 ECMP。"),
    "roce-no-congestion-control": (
        "{gpus} 张 GPU 使用 RoCE 但未配置拥塞控制（ECN/DCQCN）：仅靠 PFC 暂停会殃及无关流量。模型预测："
        "{busbw:,.0f} GB/s，配置后为 {busbw_fixed:,.0f} GB/s（损失 {lost:.0%}）。"),
    "roce-no-adaptive-routing": (
        "RoCE 跨 {hops} 跳交换机且使用静态 ECMP：多条流被哈希到同一上行链路。模型预测：{busbw:,.0f} GB/s，"
        "开启自适应路由后为 {busbw_fixed:,.0f} GB/s（损失 {lost:.0%}）。"),
    "oversubscribed-fabric.contained": (
        "交换机收敛比最高 {worst:.2f}:1，但在当前规模下离开每个 Pod 的流量很少，覆盖所有服务器的集合通信不受"
        "影响；规模扩大或任务跨 Pod 时会受影响。"),
    "oversubscribed-fabric": (
        "均匀的跨节点流量在 {at} 处遇到 {effective:.2f}:1 的收敛（交换机收敛比最高 {worst:.2f}:1）。模型预测："
        "1 GiB AllToAll 总线带宽 {busbw:,.1f} GB/s，无收敛时为 {busbw_flat:,.1f} GB/s（损失 {lost:.0%}）；"
        "按轨道放置的 AllReduce 环受影响更小。"),
    "pcie-tensor-parallel": (
        "在 {tp} 张 PCIe GPU 上做张量并行：每层 {mib:,.0f} MiB 的 AllReduce 经 PCIe 只有 {busbw:,.0f} GB/s "
        "总线带宽（{ms:,.2f} ms）；常见资料称 PCIe 交换下 AllReduce 效率不到 50%，NVSwitch 上超过 95%。"),
    "tp-across-nodes": (
        "tp={tp} 超过单节点的 {gpus} 张 GPU：每层的 AllReduce 都要跨网络（总线带宽 {across:,.0f} GB/s，"
        "节点内为 {inside:,.0f} GB/s）。"),
    # ----- power, cooling, weight and cost (engine/checks/facility.py) -----
    "rack-over-power": "机柜 {rack} 最大功耗 {max_w:kw}，超出 {budget_w:kw} 的功率预算 {over_w:kw}",
    "nvlink-domain-split": (
        "NVLink 域 {domain} 分布在多个机柜（{racks:ids}）：其托盘只能通过一个机柜的 NVLink 背板互连，"
        "无法作为一个域运行"),
    "nvlink-domain-unsupported": (
        "NVLink 域 {domain} 包含 {count} 台 {server}，其 NVLink 不能跨出单台服务器；"
        "集合通信模型按每台服务器各自一个域计算"),
    "nvlink-domain-too-large": "NVLink 域 {domain} 有 {count} 台 {server}；一个 {server} 域最多 {most} 台",
    "rack-no-power-shelves": (
        "机柜 {rack} 装有 {trays} 个母线供电的托盘，但没有电源架：没有设备为其供电"),
    "rack-over-power-shelves": "机柜 {rack} 最大功耗 {max_w:kw}，超过其电源架的 {shelves_w:kw}",
    "rack-heat-to-air-over-room": (
        "液冷机柜 {rack} 仍向机房空气散热 {air_w:kw}，超过机房风冷每柜可带走的 {room_w:kw}"),
    "coolant-supply-too-warm": (
        "机柜 {rack}：液冷回路供液温度 {supply_c:g} °C，高于其中 {devices} 台设备冷板允许的 {limit_c:g} °C；"
        "这些设备会降频或停机"),
    "coolant-supply-above-cdu": "液冷回路规划的供液温度 {supply_c:g} °C 高于其 CDU {cdu} 适用的 {cdu_max_c:g} °C",
    "rack-over-feed": (
        "机柜 {rack} 最大功耗 {max_w:kw}，但供电回路持续只能承载 {feeds_w:kw}（断路器额定值的 80%），会跳闸"),
    "rack-feed-not-redundant.single": "机柜 {rack} 只有单路供电：这一路断电整柜就会掉电",
    "rack-feed-not-redundant": (
        "机柜 {rack} 最大功耗 {max_w:kw}，超过单路供电的承载能力（{feed_w:kw}）：A 路或 B 路任一路断电，"
        "另一路都会跳闸"),
    "rack-too-heavy": "机柜 {rack} 内设备重 {kg:,.0f} kg，超过额定承重 {max_kg:,.0f} kg",
    "rack-floor-overload": "机柜 {rack} 对楼板的荷载为 {load:,.0f} kg/m²，超过楼板额定承重 {rating:,.0f} kg/m²",
    "rack-over-cooling": (
        "机柜 {rack} 最大发热 {heat_w:kw}，但其{cooling:w}只能带走 {capacity_w:kw}"),
    "rack-cooling-override-high": (
        "机柜 {rack} 设定的{cooling:w}制冷量为 {capacity_w:kw}，高于该制冷方式实际能达到的 {ceiling_w:kw}"),
    "gpu-throttled": (
        "机柜 {rack} 中的 {gpus} 张 GPU 只能以约 {speed:.0%} 的速度运行：机柜需要 {heat_w:kw}，但{limit:w}"
        "只允许 {available_w:kw}；同步训练按最慢机柜的节奏推进"),
    "rack-liquid-without-cold-plates": (
        "机柜 {rack} 为液冷机柜，但服务器是风冷型号：{heat_w:kw} 的热量全部排到机房空气中"),
    "device-psu-not-redundant": "{devices} 台 {model} 在损失一个电源模块后无法承载最大功耗",
    "device-feed-loss-derate": "{devices} 台 {model} 的峰值功耗超过单路电源模块的供电能力：一路断电时会降频运行",
    "power-unknown-hardware": "{devices} 台设备使用了目录中没有的硬件，按 0 W 计算",
    "weight-unknown": "{devices} 台设备在目录中没有重量数据，机柜承重计算未包含它们",
    "cable-power-unknown": "{ends} 个 {speed_gbps:g}G {medium:w}链路端口在目录中没有对应线缆，其模块功耗按 0 W 计算",
    "cost-unpriced": "{option:w}方案中 {models:ids} 没有价格，按 0 计算",
    "switch-buy-pays-back": "购买 {model} 交换机 {months:,.1f} 个月即可回本，短于 {project_months} 个月的项目周期",
    # ----- training (engine/training/checks.py) -----
    "training-model-does-not-fit": (
        "每张 GPU 需要 {total_gb:,.1f} GB 显存（权重 {weights_gb:,.1f}、梯度 {gradients_gb:,.1f}、优化器状态 "
        "{optimizer_gb:,.1f}、激活 {activations_gb:,.1f}、预留 {reserve_gb:,.1f}），但只有 {capacity_gb:,.0f} GB"),
    "training-pipeline-bubble": "流水线气泡占每步时间的 {share:.0%}（上限 {limit:.0%}）",
    "training-communication-bound": (
        "暴露的通信时间（每步 {exposed_s:,.2f} 秒，主要是{worst:w}）超过了计算时间（{compute_s:,.2f} 秒）"),
    "mixed-gpu-models": (
        "最大的任务混用了 {main}（{servers} 台服务器）和 {other}（{others} 台服务器）：集合通信、训练估算"
        "和验收指标都只按 {main} 计算，而同步任务按最慢 GPU 的节奏推进"),
    "training-throttled": (
        "训练估算按 GPU 约 {speed:.0%} 的速度计算：机柜 {rack} 超出其供电或散热上限（见 GPU 降频），同步训练按最慢"
        "机柜的节奏推进"),
    "training-storage-too-slow": "训练需要读取 {needed:,.2f} GB/s，但数据存储只能提供 {available:,.2f} GB/s",
    "training-checkpoint-slow": (
        "写一次 {size_gb:,.0f} GB 的检查点需要 {write_s:,.0f} 秒，占 {minutes:,.0f} 分钟检查点间隔的 {share:.0%}"
        "（上限 {limit:.0%}）"),
    "training-invalid-layout": "并行切分无法在本方案上运行：{reason}",
    # ----- analysis and design notes (engine/analysis*.py) -----
    "analysis-section-failed": "{section:w}无法计算：{reason}",
    "analysis-internal-error": "{section:w}：内部错误 {error}（请报告此问题）",
    "device-unplaced": "{devices} 台设备尚未上架",
    "unknown-hardware": "{devices} 台设备使用了目录中没有的硬件",
    "link-speed-mismatch": "链路 {link} 连接 {a_gbps:g}G 端口和 {b_gbps:g}G 端口，按较低速率运行",
    "link-speed-mismatch.many": (
        "{links} 条链路两端端口速率不同，按较低速率运行，例如链路 {link} 连接 {a_gbps:g}G 端口和 {b_gbps:g}G 端口"),
}


class ZhFormatter(string.Formatter):
    """str.format with our specs (see the module docstring) and thousands separators by default;
    ``translate`` renders the parameters that are engine sentences (Texts) in Chinese."""

    def __init__(self, translate: Translate | None = None) -> None:
        super().__init__()
        self.translate = translate

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, Text) and self.translate is not None:
            value = value.render(self.translate)
        if format_spec == "kw":
            return f"{float(value) / W_PER_KW:,.1f} kW"
        if format_spec == "ids":
            shown = ZH_LIST_SEPARATOR.join(str(v) for v in tuple(value)[:IDS_SHOWN])
            return shown + (" 等" if len(value) > IDS_SHOWN else "")
        if format_spec == "w":
            return ZH_WORDS.get(str(value), str(value))
        if format_spec == "speeds":
            return ZH_LIST_SEPARATOR.join(f"{float(v):g}G" for v in value)
        if not format_spec and isinstance(value, int) and not isinstance(value, bool):
            return f"{value:,}"
        if not format_spec and isinstance(value, float):
            return f"{value:,.3g}" if abs(value) < 1000 else f"{value:,.0f}"
        return super().format_field(value, format_spec)


_FORMATTER = ZhFormatter()


def zh_sentence(templates: Mapping[str, str], key: str, values: Mapping[str, Any],
                formatter: string.Formatter = _FORMATTER) -> str | None:
    """The Chinese sentence for ``key`` in ``templates`` with ``values``; None when there is none (or a
    value is missing: a message built before its parameters were added), so callers keep the English."""
    template = templates.get(key)
    if template is None:
        return None
    try:
        return formatter.format(template, **values)
    except (KeyError, IndexError, ValueError, TypeError):
        return None


def zh_check_message(key: str, values: Mapping[str, Any], translate: Translate | None = None) -> str | None:
    """The Chinese sentence for check message ``key`` with ``values`` (None: keep the English); Text
    values (engine sentences) go through ``translate`` when given, else stay English."""
    formatter = _FORMATTER if translate is None else ZhFormatter(translate)
    return zh_sentence(CHECK_MESSAGES_ZH, key, values, formatter)


def check_message_in(check: Any, lang: str, translate: Translate | None = None) -> str:
    """A check's message (engine ``Check`` or its JSON dict) in ``lang`` ("en"/"zh"; "zh_CN" works too);
    ``translate`` (context, English) -> Chinese renders the engine sentences a Chinese message quotes."""
    if isinstance(check, Mapping):
        english = str(check.get("message", ""))
        key = str(check.get("key") or check.get("code", ""))
        values: Mapping[str, Any] = dict(check.get("params") or ())
    else:
        english, key, values = check.message, check.message_key, check.values()
    if not str(lang).startswith("zh"):
        return english
    return zh_check_message(key, values, translate) or english
