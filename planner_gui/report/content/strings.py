"""The proposal's words, part 1: document, cover, summary, bill of materials, racks, network, collectives.

One (English, Simplified Chinese) pair per key; ``{name}`` fields are filled by :class:`Tr`. Chinese
uses the words Chinese data-centre and AI-infrastructure engineers use (算力, 组网, 交换机, 机柜, 收敛比,
液冷 ...); NCCL and nccl-tests names (AllReduce, busbw, NCCL_IB_HCA) stay in English, as they do in
Chinese documentation. Part 2 (training, power, cost, risks, deployment, sources) is strings_more.py.
"""

from __future__ import annotations

from planner_gui.report.content.strings_bom import BOM_STRINGS
from planner_gui.report.content.strings_deploy import DEPLOY
from planner_gui.report.content.strings_front import FRONT
from planner_gui.report.content.strings_more import MORE

STRINGS: dict[str, tuple[str, str]] = {
    # ----- document and units ----------------------------------------------------------------------
    "doc.contents": ("Contents", "目录"),
    "doc.page_of": ("Page {page} of {pages}", "第 {page} 页，共 {pages} 页"),
    "doc.continued": ("(continued)", "（续）"),
    "word.yes": ("yes", "是"),
    "word.no": ("no", "否"),
    "unit.seconds": ("s", "秒"),
    "unit.hours": ("h", "小时"),
    "unit.days": ("days", "天"),
    "unit.months": ("months", "个月"),
    # ----- section headings --------------------------------------------------------------------------
    "sec.summary": ("Executive summary", "执行摘要"),
    "sec.bom": ("Bill of materials", "物料清单（BOM）"),
    "sec.racks": ("Rack elevations", "机柜布局图"),
    "sec.network": ("Network", "网络组网"),
    "sec.collectives": ("Collective performance", "集合通信性能"),
    "sec.training": ("Training estimate", "训练性能估算"),
    "sec.power": ("Power and cooling", "供电与散热"),
    "sec.cost": ("Cost", "成本分析"),
    "sec.risks": ("Risks", "风险与问题"),
    "sec.deploy": ("Deployment", "部署与验收"),
    "sec.sources": ("Method and sources", "计算方法与数据来源"),
    # ----- cover ---------------------------------------------------------------------------------------
    "cover.subtitle": ("GPU training cluster proposal", "GPU 训练集群建设方案"),
    "cover.untitled": ("Untitled design", "未命名方案"),
    "cover.customer": ("Customer", "客户"),
    "cover.author": ("Prepared by", "编制"),
    "cover.date": ("Date", "日期"),
    "cover.version": ("Version", "版本"),
    "cover.version_value": (
        "Cluster Planner {version}; design saved {saved}",
        "Cluster Planner {version}；方案保存于 {saved}",
    ),
    "cover.not_given": ("not given", "未填写"),
    "cover.what": (
        "This proposal describes a cluster of {gpus} {gpu} GPUs in {nodes} servers and {racks} racks.",
        "本方案为一套 {gpus} 张 {gpu} GPU 的训练集群，共 {nodes} 台服务器、{racks} 个机柜。",
    ),
    "cover.fabric": ("The servers are connected by {fabric}.", "服务器之间采用 {fabric}组网。"),
    "cover.busbw": (
        "A 1 GiB AllReduce across the cluster is expected to reach {busbw} bus bandwidth.",
        "全集群 1 GiB AllReduce 预计总线带宽（busbw）可达 {busbw}。",
    ),
    "cover.power": (
        "The IT load is {it} under training load ({facility} at the facility).",
        "训练负载下 IT 负载 {it}（含制冷等机房总功耗 {facility}）。",
    ),
    "cover.buy": ("Buying costs {upfront} up front.", "购买方案一次性投入 {upfront}。"),
    "cover.rent": ("Renting costs {monthly} a month.", "租赁方案每月 {monthly}。"),
    "cover.training": ("Training {model} takes an estimated {days}.", "训练 {model} 预计需要 {days}。"),
    "cover.errors": (
        "{errors} errors must be fixed before ordering (see Risks).",
        "下单前须先解决 {errors} 项错误（见“风险与问题”）。",
    ),
    "cover.no_errors": ("The analysis found no errors.", "分析未发现错误。"),
    # ----- summary -------------------------------------------------------------------------------------
    "sum.gpus": ("GPUs", "GPU"),
    "sum.servers": ("Servers", "服务器"),
    "sum.job": ("Largest job", "单任务最大规模"),
    "sum.job_value": ("{gpus} GPUs on {nodes} connected servers", "{gpus} 张 GPU（{nodes} 台互联服务器）"),
    "sum.fabric": ("Compute fabric", "计算网络"),
    "sum.racks": ("Racks", "机柜数"),
    "sum.it_power": ("IT power", "IT 功耗"),
    "sum.it_value": ("{training} under training load, {peak} peak ({typical} at the typical draw, an alternative)",
                     "训练负载下 {training}，峰值 {peak}（按典型功耗为 {typical}，仅供参考）"),
    "sum.facility_power": ("Facility power", "机房总功耗"),
    "sum.facility_value": ("{kw} (PUE {pue})", "{kw}（PUE {pue}）"),
    "sum.buy_upfront": ("Buy: up front", "购买：一次性投入"),
    "sum.buy_monthly": ("Buy: running cost per month", "购买：每月运营成本"),
    "sum.buy_total": ("Buy: total over {months}", "购买：{months}总成本"),
    "sum.rent_monthly": ("Rent: per month", "租赁：每月"),
    "sum.rent_total": ("Rent: total over {months}", "租赁：{months}总成本"),
    "sum.cloud_monthly": ("Cloud: per month", "公有云：每月"),
    "sum.cloud_total": ("Cloud: total over {months}", "公有云：{months}总成本"),
    "sum.busbw": ("AllReduce busbw at 1 GiB", "AllReduce 1 GiB 总线带宽"),
    "sum.time_128": ("AllReduce time at 128 MiB", "AllReduce 128 MiB 耗时"),
    "sum.training": ("Training estimate", "训练估算"),
    "sum.training_value": (
        "{model}: {days} for {tokens} tokens, MFU {mfu}",
        "{model}：{tokens} tokens 需 {days}，MFU {mfu}",
    ),
    "sum.checks": ("Open checks", "待处理检查项"),
    "sum.checks_value": (
        "{errors} errors, {warnings} warnings, {infos} notes",
        "错误 {errors} 项，警告 {warnings} 项，提示 {infos} 项",
    ),
    "sum.verdict_errors": (
        "The design has {errors} errors. Each one makes the cluster fail, trip or run "
        "below its specification; the Risks section says what to change. Fix them "
        "before ordering.",
        "当前方案有 {errors} 项错误，每一项都会导致集群无法运行、跳闸或性能不达标。“风险"
        "与问题”一章给出了修改建议，请在下单前全部解决。",
    ),
    "sum.verdict_warnings": (
        "The design has no errors but {warnings} warnings: review them in the Risks section.",
        "当前方案没有错误，但有 {warnings} 项警告，请在“风险与问题”一章逐项确认。",
    ),
    "sum.verdict_ok": ("The design has no errors or warnings.", "当前方案没有错误或警告。"),
    "sum.missing": (
        "Parts of the analysis could not be computed for this design:",
        "以下分析内容无法针对本方案计算：",
    ),
    "sum.missing_item": ("{section}: {reason}", "{section}：{reason}"),
    "sum.no_workload": (
        "no training workload is set (add one in the design's workload settings)",
        "方案未设置训练任务（可在方案的训练任务设置中添加）",
    ),
    "sum.no_servers_reason": (
        "the design has no GPU servers of a model the catalog knows",
        "方案中没有目录内型号的 GPU 服务器",
    ),
    "sum.more_models": ("and {count} more models", "另有 {count} 种型号"),
    "sum.no_gpu": ("no GPU", "无 GPU"),
    "sum.no_servers": ("no GPU servers", "无 GPU 服务器"),
    "part.topology": ("topology", "拓扑分析"),
    "part.profile": ("fabric profile", "网络画像"),
    "part.collectives": ("collective performance", "集合通信性能"),
    "part.fabric_checks": ("network checks", "网络检查"),
    "part.nccl_env": ("NCCL environment", "NCCL 环境变量"),
    "part.acceptance": ("acceptance plan", "验收方案"),
    "part.power": ("power", "供电"),
    "part.cooling": ("cooling", "散热"),
    "part.facility": ("facility", "机房"),
    "part.cost": ("cost", "成本"),
    "part.training": ("training estimate", "训练估算"),
    "part.storage": ("storage", "存储"),
    "part.facility_checks": ("power and cooling checks", "供电与散热检查"),
    "part.notes": ("design notes", "方案提示"),
    "tech.infiniband": ("InfiniBand", "InfiniBand（IB）"),
    "tech.ethernet": ("Ethernet (RoCE)", "以太网（RoCE）"),
    "fabric.nics": ("{count} × {speed} per server", "每台服务器 {count} × {speed}"),
    "fabric.tiers": ("{tiers} switch tiers", "{tiers} 层交换"),
    "rail.rail-optimized": ("rail-optimized", "轨道优化（rail-optimized）"),
    "rail.rail-miscabled": ("rails mis-cabled", "轨道接线错误"),
    "rail.top-of-rack": ("top-of-rack", "机柜顶部交换（ToR）"),
    "rail.mixed": ("mixed cabling", "混合接线"),
    "rail.single-switch": ("single switch", "单交换机"),
    "rail.single-nic": ("one NIC per server", "每台服务器单网卡"),
    "rail.none": ("no fabric", "无计算网络"),
    # ----- bill of materials --------------------------------------------------------------------------
    "bom.col.id": ("Catalog id", "物料编号"),
    "bom.col.item": ("Item", "名称"),
    "bom.col.qty": ("Qty", "数量"),
    "bom.col.unit": ("Unit price", "单价"),
    "bom.col.total": ("Total", "合计"),
    "bom.col.medium": ("Cable type", "线缆类型"),
    "bom.col.speed": ("Speed", "速率"),
    "bom.col.length": ("Length", "长度"),
    "bom.col.count": ("Count", "数量"),
    "bom.hardware_title": ("Hardware", "硬件清单"),
    "bom.total_hardware": ("Hardware total", "硬件合计"),
    "bom.installation": ("Installation ({share} of hardware)", "安装调试（硬件的 {share}）"),
    "bom.upfront": ("Total up front", "一次性投入合计"),
    "bom.unpriced": ("Items without a price (counted as zero)", "缺少价格的物料（按 0 计）"),
    "bom.totals_title": ("Totals", "合计"),
    "bom.price_note": (
        "Prices: the design's own prices where set, otherwise catalog list prices in US "
        "dollars converted at {rate}. A server's price excludes its compute NICs, which are "
        "listed as their own line; cables and optics are priced per link (both ends).",
        "价格：方案中填写了价格的按方案价格，其余按硬件目录美元标价换算（{rate}）。服务器单"
        "价不含计算网卡，网卡单独列出；线缆和光模块按链路计价（含两端）。",
    ),
    "bom.rate_cny": ("{rate} CNY per USD", "1 美元 = {rate} 元"),
    "bom.rate_usd": ("no conversion (US dollars)", "无需换算（美元）"),
    "bom.server_without_nics": (" (without its {count} compute NICs)", "（不含 {count} 块计算网卡）"),
    "bom.item": ("{kind}: {name}", "{kind}：{name}"),
    "bom.unknown_item": ("not in this catalog", "目录中无此型号"),
    "bom.empty": ("Items", "物料"),
    "bom.empty_value": ("the design has no devices yet", "方案中还没有设备"),
    "bom.cables_title": ("Cables and optics by type and length", "线缆与光模块（按类型和长度）"),
    "bom.cables_note": (
        "One row per cable type, speed and length: what the cabling contractor orders. "
        "Optical links need a transceiver at each end plus the fibre.",
        "按线缆类型、速率和长度分行，可直接用于布线采购。光链路两端各需一个光模块，另加光纤。",
    ),
    "bom.total_links": ("All links", "全部链路"),
    "bom.racks_title": ("Rack cabinets", "机柜"),
    "bom.racks_note": (
        "Listed for ordering; the cost model prices the equipment, not the cabinets, so "
        "they are not in the totals above.",
        "列出供采购参考；成本模型只计设备，不含机柜本身，因此未计入上面的合计。",
    ),
    "kind.server": ("GPU server", "GPU 服务器"),
    "kind.nic": ("NIC", "网卡"),
    "kind.switch": ("Switch", "交换机"),
    "kind.storage": ("Storage", "存储"),
    "kind.pdu": ("PDU", "PDU"),
    "kind.power_shelf": ("Power shelf", "电源架"),
    "kind.patch_panel": ("Patch panel", "配线架"),
    "kind.blank": ("Blanking panel", "盲板"),
    "kind.cable": ("Cable", "线缆"),
    "kind.unknown": ("Unknown", "未知"),
    "kind.rack": ("Rack", "机柜"),
    "kind.gpu": ("GPU", "GPU"),
    "kind.cooling": ("Cooling", "制冷"),
    "medium.dac": ("DAC (passive copper)", "DAC 无源铜缆"),
    "medium.acc": ("ACC (active copper)", "ACC 有源铜缆"),
    "medium.aoc": ("AOC (active optical)", "AOC 有源光缆"),
    "medium.mmf": ("Multimode optics + fibre", "多模光模块 + 光纤"),
    "medium.smf": ("Single-mode optics + fibre", "单模光模块 + 光纤"),
    "medium.utp": ("Twisted pair (RJ45)", "双绞线（RJ45）"),
    # ----- racks ---------------------------------------------------------------------------------------
    "racks.intro": (
        "The racks ({racks}), front view, to scale (one band is 1U; every fifth U is numbered). "
        "Under each rack: its peak draw against its power budget, and its cooling type and "
        "capacity; red means over the limit. {per_row} racks per row.",
        "全部 {racks} 个机柜的正视图，按比例绘制（每格 1U，每 5U 标注编号）。机柜下方为峰值功耗"
        "/供电预算，以及制冷方式和制冷量；红色表示超限。每行 {per_row} 个机柜。",
    ),
    "racks.power_label": ("{load} / {budget} kW", "{load} / {budget} kW"),
    "racks.cooling_label": ("{kind} {capacity} kW", "{kind} {capacity} kW"),
    "racks.unplaced": (
        "{count} devices are not in a rack yet; they count for power and cost but appear in no elevation.",
        "另有 {count} 台设备尚未上架：已计入功耗和成本，但不在机柜图中。",
    ),
    "racks.kind.server": ("GPU server", "GPU 服务器"),
    "racks.kind.switch": ("Fabric switch", "计算网交换机"),
    "racks.kind.mgmt_switch": ("Management switch", "管理网交换机"),
    "racks.kind.storage": ("Storage", "存储"),
    "racks.kind.pdu": ("PDU", "PDU"),
    "racks.kind.power_shelf": ("Power shelf", "电源架"),
    "racks.kind.patch_panel": ("Patch panel", "配线架"),
    "racks.kind.blank": ("Blanking panel", "盲板"),
    "racks.kind.unknown": ("Unknown hardware", "未知设备"),
    "cooling.air": ("Air", "风冷"),
    "cooling.rdhx": ("Rear door", "背板换热"),
    "cooling.liquid": ("Liquid", "液冷"),
    # ----- network -------------------------------------------------------------------------------------
    "net.intro": (
        "The compute fabric is {fabric}: {switches} switches and {links} links connect the "
        "{servers} GPU servers. The storage and management networks follow after the compute fabric's tables.",
        "计算网络为 {fabric}：{switches} 台交换机、{links} 条链路连接 {servers} 台 GPU 服务器。存"
        "储网和管理网的拓扑见计算网络各表之后。",
    ),
    "net.intro_single": (
        "The design has {servers} GPU servers and no multi-node compute fabric; GPUs "
        "communicate inside each server.",
        "方案共 {servers} 台 GPU 服务器，没有跨节点计算网络，GPU 在机内通信。",
    ),
    "net.intro_one": (
        "The design has one GPU server and no multi-node compute fabric; its GPUs communicate inside the "
        "server.",
        "方案共 1 台 GPU 服务器，没有跨节点计算网络，GPU 在机内通信。",
    ),
    "net.figure_caption": (
        "Compute fabric by tier. A box is one device, or a group of consecutive devices "
        "when a tier has many; line width grows with the number of links, and a server "
        "uplink takes the colour of its rail (NIC index).",
        "按层级画出的计算网络。每个方框是一台设备，设备较多时为一组连续设备；连线越粗链"
        "路越多，服务器上行链路按所属轨道（网卡序号）着色。",
    ),
    "net.rail": ("Rail {index}", "轨道 {index}"),
    "net.tier.servers": ("Servers", "服务器"),
    "net.tier.other_switch": ("Other switches", "其他交换机"),
    "tier.gpu-nvswitch": ("GPUs (NVSwitch)", "GPU（NVSwitch）"),
    "tier.gpu-nvlink": ("GPUs (NVLink mesh)", "GPU（NVLink 直连）"),
    "tier.gpu-pcie": ("GPUs (PCIe)", "GPU（PCIe）"),
    "tier.nic": ("NICs", "网卡"),
    "tier.leaf": ("Leaf", "Leaf（叶）"),
    "tier.spine": ("Spine", "Spine（脊）"),
    "tier.core": ("Core", "Core（核心）"),
    "net.tiers_title": ("Tiers", "网络层级"),
    "net.tiers_note": (
        "Capacities are line rates in one direction. Oversubscription is a switch's "
        "downlink over uplink capacity (1:1 is non-blocking).",
        "带宽为单向线速。收敛比 = 交换机下行带宽 / 上行带宽（1:1 为无阻塞）。",
    ),
    "net.col.tier": ("Tier", "层级"),
    "net.col.devices": ("Devices", "设备数"),
    "net.col.down": ("From below", "下行容量"),
    "net.col.up": ("To above", "上行容量"),
    "net.col.oversub_worst": ("Oversub. worst", "最差收敛比"),
    "net.col.oversub_typical": ("Oversub. typical", "典型收敛比"),
    "net.col.switches": ("Switches", "交换机数"),
    "net.col.ports": ("Ports", "端口"),
    "net.col.used": ("Used", "已用"),
    "net.col.free": ("Free", "空闲"),
    "net.col.link": ("Link", "链路"),
    "net.col.rule": ("Rule", "规则"),
    "net.col.limit": ("Limit", "上限"),
    "net.key_title": ("Key figures", "关键指标"),
    "net.bisection": ("Bisection bandwidth", "二分带宽"),
    "net.bisection_value": ("{bw} ({share} of non-blocking)", "{bw}（无阻塞的 {share}）"),
    "net.collective_oversub": ("Oversubscription met by collectives", "集合通信实际遇到的收敛比"),
    "net.at": (" at {where}", "（位于 {where}）"),
    "net.link_load": ("Busiest links in a 1 GiB AllReduce", "1 GiB AllReduce 时最繁忙链路的带宽利用率"),
    "net.load.nic": ("server links {pct}", "服务器链路 {pct}"),
    "net.load.leaf_up": ("leaf uplinks {pct}", "叶交换机上行 {pct}"),
    "net.load.spine_up": ("spine uplinks {pct}", "脊交换机上行 {pct}"),
    "net.load.core_up": ("core uplinks {pct}", "核心交换机上行 {pct}"),
    "net.hops": ("Switch hops (rail-matched paths)", "交换跳数（同轨路径）"),
    "net.hops_value": ("at most {max}, mean {mean}", "最多 {max} 跳，平均 {mean} 跳"),
    "net.rails": ("Rail alignment", "轨道对齐"),
    "net.rails_value": ("{style} ({indices} rails)", "{style}（{indices} 个轨道）"),
    "net.rails_off": (
        "{style}: {count} NICs on another rail's leaf",
        "{style}：{count} 块网卡接到了其他轨道的 Leaf",
    ),
    "net.components": ("Server groups on the fabric", "网络连通分组"),
    "net.components_value": (
        "{groups} (largest: {largest} servers)",
        "{groups} 组（最大一组 {largest} 台服务器）",
    ),
    "net.spof": ("Single points of failure", "单点故障"),
    "net.spof_value": ("{switches} switches, {links} links", "交换机 {switches} 台，链路 {links} 条"),
    "net.unconnected": ("Compute NICs not cabled", "未接线的计算网卡"),
    "net.mismatch": ("Links joining different speeds", "两端速率不一致的链路"),
    "net.cable_issues": ("Cables beyond their reach", "超出传输距离的线缆"),
    "net.median_cable": ("Median compute cable length", "计算网线缆长度中位数"),
    "net.ports_title": ("Switch ports by tier", "各层交换机端口使用"),
    "net.worst_switch": ("Worst single switch failure", "最严重的单台交换机故障"),
    "net.worst_link": ("Worst single link failure", "最严重的单条链路故障"),
    "net.failure_value": (
        "{element} (one of {identical} alike): {left} of uplink bandwidth left to the "
        "pod hit hardest, {tier_left} of the tier's capacity survives, {cut} servers cut "
        "off",
        "{element}（同类共 {identical} 个）：受影响最大的 Pod 剩余上行带宽 {left}，该层保"
        "留容量 {tier_left}，{cut} 台服务器断连",
    ),
    "net.failure_note": (
        "A synchronous training job runs at the pace of its slowest path, so a failure "
        "that halves one pod's uplinks slows the whole job until it is repaired.",
        "同步训练以最慢路径为准：某个 Pod 上行带宽减半，整个任务都会变慢，直到故障修复。",
    ),
    "net.cable_title": ("Cables beyond their reach", "超出传输距离的线缆"),
    "net.more": ("and {count} more", "另有 {count} 条"),
    # ----- collectives ---------------------------------------------------------------------------------
    "coll.intro": (
        "Predicted nccl-tests results for the largest job the fabric can run: {ranks} GPUs, "
        "{nodes} nodes × {per_node}. The model picks the algorithm and protocol as NCCL would "
        "and is calibrated to published nccl-tests measurements.",
        "以下为网络可承载的最大任务（{ranks} 张 GPU，{nodes} 个节点 × {per_node}）的 nccl-tests "
        "预测结果。模型按 NCCL 的方式选择算法和协议，并用公开的 nccl-tests 实测数据校准。",
    ),
    "coll.single": (
        "The job has a single GPU: there is no collective communication to predict.",
        "任务只有一张 GPU，不涉及集合通信。",
    ),
    "coll.profile_title": ("What the model sees", "模型输入"),
    "coll.gpu": ("GPU", "GPU"),
    "coll.intra": ("Inside a server", "机内互联"),
    "coll.pcie": ("Host interface", "主机接口"),
    "coll.nics": ("Network", "网络"),
    "coll.hops": ("Switch hops", "交换跳数"),
    "coll.features": ("Features", "特性"),
    "coll.flag.gdr": ("GPUDirect RDMA", "GPUDirect RDMA"),
    "coll.flag.sharp": ("SHARP", "SHARP"),
    "coll.flag.nvls": ("NVLink SHARP", "NVLink SHARP"),
    "coll.flag.adaptive": ("adaptive routing", "自适应路由"),
    "coll.flag.rail": ("rail-optimized", "轨道优化"),
    "intra.nvswitch": ("NVSwitch", "NVSwitch"),
    "intra.nvlink": ("NVLink mesh", "NVLink 直连"),
    "intra.pcie": ("PCIe only", "仅 PCIe"),
    "coll.figure_caption": (
        "Bus bandwidth (busbw, as nccl-tests reports it) against message size. Small "
        "messages are latency-bound; large ones approach the fabric's bandwidth.",
        "总线带宽（busbw，即 nccl-tests 报告的口径）随消息大小的变化。小消息受延迟限制"
        "，大消息逐渐逼近网络带宽。",
    ),
    "coll.x_label": ("Message size", "消息大小"),
    "coll.y_label": ("busbw (GB/s)", "busbw（GB/s）"),
    "coll.table_title": ("At the sizes that matter", "关键消息大小下的性能"),
    "coll.table_note": (
        "Algorithm / protocol: what NCCL picks at that size. Limited by: the part of the "
        "system that sets the time.",
        "算法/协议：NCCL 在该消息大小下的选择。瓶颈：决定耗时的环节。",
    ),
    "coll.col.op": ("Collective", "集合通信"),
    "coll.col.size": ("Size", "大小"),
    "coll.col.time": ("Time", "耗时"),
    "coll.col.busbw": ("busbw", "busbw"),
    "coll.col.algbw": ("algbw", "algbw"),
    "coll.col.algo": ("Algorithm / protocol", "算法 / 协议"),
    "coll.col.limit": ("Limited by", "瓶颈"),
    "coll.note": (
        "AllReduce carries data-parallel gradients, AllGather and ReduceScatter carry ZeRO/FSDP "
        "parameters and gradients, AllToAll carries mixture-of-experts tokens.",
        "AllReduce 用于数据并行梯度同步，AllGather 与 ReduceScatter 用于 ZeRO/FSDP 的参数和梯度，"
        "AllToAll 用于 MoE 专家并行的 token 分发。",
    ),
    "coll.bn.nic": ("inter-node NIC", "节点间网卡"),
    "coll.bn.to_nic": ("to each NIC", "到每块网卡"),
    "coll.bn.pcie": ("between GPUs", "GPU 之间"),
    "coll.bn.local": ("single rank (local copy)", "单卡（本地拷贝）"),
    "coll.bn.mesh": ("NVLink mesh", "NVLink 直连"),
    "coll.bn.latency": ("latency", "延迟"),
    **MORE,
    **BOM_STRINGS,
    **DEPLOY,
    **FRONT,
}
