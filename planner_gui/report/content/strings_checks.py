"""Words for the engine's findings: a title per check code, and Chinese fixes and NCCL reasons.

The engine writes each check's message and fix in English with the design's own figures. The
proposal adds a short title per code in both languages; in Chinese it also gives the fix and each
NCCL setting's reason in Chinese (written per code and per variable, so they stay true for every
design), and the detailed explanation from the Chinese sentence per message key
(``check_messages.py``), filled with the check's own figures.
"""

from __future__ import annotations

CHECK_TITLES: dict[str, tuple[str, str]] = {
    "analysis-section-failed": ("Analysis incomplete", "分析未完成"),
    "analysis-internal-error": ("Analysis error", "分析出错"),
    "cable-hdr-ndr-optics": ("HDR-NDR optics too long", "HDR-NDR 光链路过长"),
    "cable-power-unknown": ("Cable power unknown", "线缆功耗未知"),
    "cable-reach": ("Cable too long", "线缆超出传输距离"),
    "cost-unpriced": ("Missing prices", "缺少价格"),
    "device-feed-loss-derate": ("Slows on a feed failure", "单路断电时降频"),
    "device-psu-not-redundant": ("PSUs not redundant", "电源模块无冗余"),
    "device-unplaced": ("Devices not in a rack", "设备未上架"),
    "gdr-off": ("GPUDirect RDMA off", "GPUDirect RDMA 未开启"),
    "nic-capped-by-pcie": ("NICs capped by PCIe", "网卡受 PCIe 限制"),
    "gpu-throttled": ("GPUs throttled", "GPU 降频"),
    "link-speed-mismatch": ("Link speed step", "链路两端速率不一致"),
    "mixed-nic-speeds": ("Mixed NIC speeds", "网卡速率不一致"),
    "nccl-env-defaults": ("No NCCL environment", "未规划 NCCL 环境变量"),
    "nccl-net-socket": ("NCCL over TCP sockets", "NCCL 使用 TCP Socket"),
    "nic-unconnected": ("NICs not cabled", "网卡未接线"),
    "non-rail-cabling": ("Not rail-aligned", "未按轨道接线"),
    "oversubscribed-fabric": ("Oversubscribed fabric", "网络存在收敛"),
    "pcie-tensor-parallel": ("Tensor parallel over PCIe", "PCIe 上做张量并行"),
    "power-budget": ("Power budget", "功率预算"),
    "power-unknown-hardware": ("Unknown hardware power", "未知设备功耗"),
    "rack-cooling-override-high": ("Cooling figure too high", "制冷量设定偏高"),
    "rack-feed-not-redundant": ("Feeds not redundant", "供电无冗余"),
    "rack-floor-overload": ("Floor overloaded", "楼板承重超限"),
    "rack-liquid-without-cold-plates": ("Liquid rack, air servers", "液冷机柜配风冷服务器"),
    "rack-over-cooling": ("Over cooling capacity", "超出制冷能力"),
    "rack-over-feed": ("Over feed capacity", "超出供电容量"),
    "rack-over-power": ("Over power budget", "超出功率预算"),
    "nvlink-domain-split": ("NVLink domain split", "NVLink 域跨机柜"),
    "nvlink-domain-unsupported": ("No NVLink across servers", "不支持跨服务器 NVLink"),
    "nvlink-domain-too-large": ("NVLink domain too large", "NVLink 域过大"),
    "rack-no-power-shelves": ("No power shelves", "缺少电源架"),
    "rack-over-power-shelves": ("Over power shelves", "超出电源架容量"),
    "rack-heat-to-air-over-room": ("Heat to air over room", "向空气散热超出机房能力"),
    "coolant-supply-too-warm": ("Coolant supply too warm", "冷却液供液温度过高"),
    "coolant-supply-above-cdu": ("Coolant supply above CDU range", "供液温度超出 CDU 范围"),
    "rack-too-heavy": ("Rack too heavy", "机柜超重"),
    "rail-miscabled": ("Rails mis-cabled", "轨道接线错误"),
    "roce-at-scale": ("RoCE at scale", "大规模 RoCE"),
    "roce-no-adaptive-routing": ("RoCE without adaptive routing", "RoCE 未开启自适应路由"),
    "roce-no-congestion-control": ("RoCE without congestion control", "RoCE 未配置拥塞控制"),
    "servers-unreachable": ("Servers unreachable", "服务器不可达"),
    "single-point-of-failure": ("Single points of failure", "单点故障"),
    "single-spine": ("Single spine", "单台 Spine"),
    "spine-leaf-few-leaves": ("Too few leaves", "Leaf 交换机过少"),
    "switch-buy-pays-back": ("Buying switches pays back", "购买交换机更划算"),
    "switch-ports-full": ("Switch ports full", "交换机端口已满"),
    "top-of-rack": ("Top-of-rack cabling", "ToR 接线"),
    "tp-across-nodes": ("Tensor parallel across nodes", "张量并行跨节点"),
    "training-checkpoint-slow": ("Slow checkpoints", "检查点写入过慢"),
    "training-communication-bound": ("Communication-bound", "通信瓶颈"),
    "training-invalid-layout": ("Invalid parallel layout", "并行切分无效"),
    "training-model-does-not-fit": ("Model does not fit", "显存放不下模型"),
    "training-pipeline-bubble": ("Large pipeline bubble", "流水线气泡过大"),
    "training-storage-too-slow": ("Storage too slow", "存储带宽不足"),
    "training-throttled": ("Training at throttled GPU speed", "训练按降频后的 GPU 速度估算"),
    "mixed-gpu-models": ("One job mixes GPU models", "同一任务混用多种 GPU"),
    "unknown-hardware": ("Unknown hardware", "未知硬件"),
    "weight-unknown": ("Weight unknown", "重量未知"),
}

CHECK_FIXES_ZH: dict[str, str] = {
    "analysis-section-failed": "按提示修正对应的数值，其余分析不受影响。",
    "analysis-internal-error": "按提示修正对应的数值，其余分析不受影响；若问题依旧，请附上方案文件报告此问题。",
    "cable-hdr-ndr-optics": "HDR 与 NDR 互连的链路控制在 30 米以内，或两端都使用 NDR。",
    "cable-power-unknown": "在目录中补充该介质和速率的线缆条目。",
    "cable-reach": "长距离链路改用光缆（AOC 或 SR/DR 光模块），或把机柜靠近摆放。",
    "cost-unpriced": "在目录条目中补充 price_usd，或在方案的成本设置中填写价格。",
    "device-feed-loss-derate": "接受单路断电时的降频，或把 GPU 功耗上限设为单路电源可承载的值。",
    "device-psu-not-redundant": "配满电源模块，或限制设备功耗。",
    "device-unplaced": (
        "把每台设备放入机柜的空闲 U 位：未上架设备计入功耗和成本，但不计入任何机柜的预算、散热和承重。"
    ),
    "nic-capped-by-pcie": "选用与 PCIe 链路速率相当的网卡（节省成本），或选用 GPU 与网卡之间 PCIe 代数更高的主机，"
                          "或选用带两条 PCIe x16 链路的网卡（Socket Direct）。",
    "gdr-off": (
        "使用支持 RDMA 的网卡，加载 nvidia-peermem（或 DMA-BUF），并用 nvidia-smi topo -m 确认每张 "
        "GPU 与其网卡相邻。"
    ),
    "gpu-throttled": "把机柜功耗降到供电和制冷限制以内（分散服务器或提升制冷能力）。",
    "link-speed-mismatch": "链路两端使用相同速率的端口，或接受链路按较低速率运行。",
    "mixed-nic-speeds": "计算网络统一使用同一种网卡和端口速率。",
    "nccl-env-defaults": (
        "以推荐的 NCCL 环境变量（NCCL_IB_HCA、NCCL_NET=IB 等）为起点，并用 nccl-tests 验证。"
    ),
    "nccl-net-socket": "RDMA 网络上设置 NCCL_NET=IB（或不设置）。",
    "nic-unconnected": "把每块计算网卡都接到对应的 Leaf 交换机（或把服务器网卡数量改为实际安装数）。",
    "non-rail-cabling": "每台服务器的第 i 块网卡接到第 i 个轨道的 Leaf 交换机。",
    "oversubscribed-fabric": "增加上行链路（Leaf 上下行 1:1），或让任务限定在一个 Pod 内。",
    "pcie-tensor-parallel": (
        "PCIe 服务器上张量并行取 1 或 2，用数据并行或流水线并行扩展，或改用 NVLink 服务器。"
    ),
    "power-unknown-hardware": "选用目录中的硬件，或把该设备加入用户目录。",
    "rack-cooling-override-high": "与机房确认该制冷量，或选用更高密度的制冷方式。",
    "rack-feed-not-redundant": (
        "每一路供电都按整柜负载配置（2N），或降低机柜负载；单路供电的机柜增加来自第二条电源路径的 B 路。"
    ),
    "rack-floor-overload": "把负载分散到更多机柜，或请机房提供承重分散底座。",
    "rack-liquid-without-cold-plates": "选用液冷型号的服务器，或把机柜制冷方式改为风冷或背板换热。",
    "rack-over-cooling": "把服务器移到其他机柜，或采用更高密度的制冷方式（背板换热或液冷）。",
    "rack-over-feed": "使用更大容量的供电（更大电流或三相），或把负载移到其他机柜。",
    "rack-over-power": "把服务器移到其他机柜，或与机房协商提高机柜功率预算。",
    "nvlink-domain-split": "把该域的所有计算托盘和 NVLink 交换托盘放在同一个机柜，或让每个机柜的托盘各自成为一个域。",
    "nvlink-domain-unsupported": "清除这些服务器的 NVLink 域，或改用 gb200-nvl72 等机柜级系统。",
    "nvlink-domain-too-large": "把托盘拆分为每域不超过一个机柜的多个域。",
    "rack-no-power-shelves": "在机柜中加入该系统的电源架（NVL72：8 × 33 kW）。",
    "rack-over-power-shelves": "给机柜增加电源架，或把托盘移到其他机柜。",
    "rack-heat-to-air-over-room": "核实机房对该机柜的风侧散热能力（列间空调或背板换热器），或分散风冷负载。",
    "coolant-supply-too-warm": "把液冷回路的供液温度（CDU 设定值）降到冷板允许的上限以内，或选用支持更高水温的硬件。",
    "coolant-supply-above-cdu": "把液冷回路规划在 CDU 的供液温度范围内，或选用适合该供液温度的 CDU。",
    "rack-too-heavy": "把服务器分散到更多机柜，或选用承重更高的机柜。",
    "rail-miscabled": "每台服务器的第 i 块网卡接到第 i 个轨道的 Leaf 交换机。",
    "roce-at-scale": "64 卡以上建议采用 InfiniBand；继续使用 RoCE 时需开启自适应路由和拥塞控制。",
    "roce-no-adaptive-routing": (
        "在网络上开启自适应路由（或包喷洒），并设置 NCCL_IB_QPS_PER_CONNECTION 让每个连接分散到多条路径。"
    ),
    "roce-no-congestion-control": "在交换机和网卡上配置 ECN 标记和 DCQCN，PFC 作为兜底。",
    "servers-unreachable": "把每台服务器的计算网卡都接到能到达同一 Spine 层的 Leaf 交换机。",
    "single-point-of-failure": "接受该风险（ToR 组网的常见取舍），或让服务器双归属到不同 Leaf。",
    "single-spine": (
        "增加第二台 Spine，把每台 Leaf 的上行链路分到两台 Spine 上（收敛比不变，消除单点故障）。"
    ),
    "spine-leaf-few-leaves": (
        "所有网卡能接入一台交换机时用单交换机；否则采用轨道优化的 Leaf，使同轨流量只经一跳。"
    ),
    "switch-buy-pays-back": "考虑购买这些交换机而不是租赁。",
    "switch-ports-full": "下次扩容时增加新的 Leaf 交换机，或每台交换机预留少量空闲端口。",
    "tp-across-nodes": "张量并行不超过单机 GPU 数，跨节点采用流水线并行或数据并行。",
    "training-checkpoint-slow": "使用更快的存储、异步检查点，或适当拉长检查点间隔。",
    "training-communication-bound": "张量并行限定在单机内、降低 ZeRO 阶段、增大微批量，或增加网络带宽。",
    "training-invalid-layout": (
        "使 tp·pp·dp·cp 等于任务要使用的 GPU 数（不超过互联服务器的 GPU 总数），且 "
        "tp 整除注意力头数、pp·vpp 整除层数。"
    ),
    "training-model-does-not-fit": "提高 ZeRO 阶段、增大 tp 或 pp、开启完全重计算，或换用显存更大的 GPU。",
    "training-pipeline-bubble": (
        "增加微批次数量（全局批量 /（微批量 × dp））、使用交错流水线（vpp）或减小 pp。"
    ),
    "training-storage-too-slow": "把数据集缓存到本地 NVMe，或使用并行文件系统。",
    "training-throttled": "使机柜功耗回到供电和散热上限以内，训练估算随即恢复全速。",
    "mixed-gpu-models": "为每种 GPU 型号单独组网（拆成独立的任务或方案），或统一使用一种 GPU。",
    "unknown-hardware": (
        "把该型号加入用户的 catalog.json，或换成目录中的型号；在此之前它按 0 W、0 成本计算，且不计入网络。"
    ),
    "weight-unknown": "在目录条目中补充 weight_kg。",
}

# (variable, set?) -> why, in Chinese; the English reasons come from engine/deploy/nccl_env.py.
NCCL_REASONS_ZH: dict[tuple[str, bool], str] = {
    ("NCCL_ALGO", False): (
        "不设置：NCCL 会为每次调用选择最快的算法。强制 Ring 会拖慢大规模下的小消息，强制"
        " Tree 会限制大消息带宽；只在 2 节点测网络裸带宽时设置 NCCL_ALGO=Ring。"
    ),
    ("NCCL_PROTO", False): (
        "不设置：NCCL 小消息用 LL、中等消息用 LL128、大消息用 Simple。强制 Simple 会显著增加小消息延迟。"
    ),
    ("NCCL_NET", True): (
        "使用 NCCL 的 IB verbs 传输。RoCE 同样走 verbs（以太网上的 RDMA）；设置为 Socket "
        "会让所有流量经内核TCP 协议栈，失去 RDMA 和 GPUDirect。"
    ),
    ("NCCL_IB_HCA", True): (
        "只使用计算网卡，存储网卡和业务网卡不承载集合通信。前导“=”表示精确匹配（否则 "
        "mlx5_1 也会匹配 mlx5_10）。假定计算网卡最先枚举，请用 ibdev2netdev 确认后调整"
        "。"
    ),
    ("NCCL_CROSS_NIC", False): "不设置（默认 2）：NCCL 尽量让每个环留在同一轨道，必要时经 Spine 跨轨。",
    ("NCCL_CROSS_NIC", True): (
        "按本方案的接线设置：轨道彼此独立时取 0（不跨轨），所有网卡位于同一交换域时取 1。"
    ),
    ("NCCL_IB_GID_INDEX", False): (
        "不设置：NCCL 2.21 起会自动找到 RoCE v2 的 GID；请把 NCCL_IB_TC / "
        "NCCL_IB_SL 设为交换机上无损队列对应的值。"
    ),
    ("NCCL_IB_GID_INDEX", True): (
        "NCCL 2.21 之前默认使用 GID 0（RoCE v1）；ConnectX 上 RoCE v2 IPv4 通常为"
        " 3，请用 show_gids 确认，并设置 NCCL_IB_TC 为无损队列。"
    ),
    ("NCCL_IB_QPS_PER_CONNECTION", True): (
        "静态 ECMP 跨多跳时，每个连接使用多个 QP 可散列到不同上行链路，提升 AllReduce 带宽。"
    ),
    ("NCCL_IB_QPS_PER_CONNECTION", False): "保持默认 1：流量不经过 Spine，或自适应路由已能分散流量。",
    ("NCCL_COLLNET_ENABLE", True): (
        "交换机支持 SHARP 网内聚合：开启 CollNet（需要 SHARP 插件和聚合管理器）。"
    ),
    ("NCCL_COLLNET_ENABLE", False): "不设置：本方案没有可用的网内聚合（SHARP）。",
    ("NCCL_NVLS_ENABLE", False): (
        "不设置（默认开启）：NVLink SHARP 可明显提升 H100 级 NVSwitch 机内 "
        "AllReduce 带宽；不支持的 GPU 或旧版 NCCL 上不起作用。"
    ),
    ("NCCL_BUFFSIZE", True): (
        "ZeRO-3 / FSDP 每层都要收集和分散参数：缓冲区加倍可让每步通信携带更多数据；会"
        "占用更多显存，请实测确认。"
    ),
    ("NCCL_BUFFSIZE", False): "保持默认 4 MiB。",
    ("NCCL_DEBUG", True): (
        "首次运行和验收测试时打开：日志会显示环和树、所用网卡以及“GPU Direct RDMA Enabled”。之后改为 WARN。"
    ),
}
