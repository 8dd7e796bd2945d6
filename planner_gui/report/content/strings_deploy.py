"""The deployment advice in Chinese: each NCCL setting's reason and check, the site-specific values and
the RoCE QoS checklist, keyed as engine/deploy (setting.py, nccl_env.py, env_cloud.py, roce_qos.py)
writes them, filled with the setting's own figures (``NcclSetting.params``). Pure Python, no Qt.
"""

from __future__ import annotations

from typing import Any

from planner_gui.report.content.strings_checks import NCCL_REASONS_ZH

DEPLOY: dict[str, tuple[str, str]] = {
    "dep.col.verify": ("How to check", "如何确认"),
    "dep.site": ("(set on site)", "（现场确定）"),
    "dep.site_intro": (
        "Values marked 'set on site' depend on the machine and cannot come from a catalog: find them as the "
        "reason says and export them before the tests (the commands pass them on with -x).",
        "标为“现场确定”的取值取决于具体机器，无法从目录得知：请按原因一栏的方法找到后先 export，再运行测试"
        "（命令通过 -x 传递）。",
    ),
    "dep.qos_title": ("RoCE QoS checklist (switches and hosts)", "RoCE QoS 检查清单（交换机与主机）"),
    "dep.qos_intro": (
        "NCCL_IB_TC only helps when every switch and NIC treats the same class as lossless. Configure and "
        "check each item before the acceptance tests:",
        "只有所有交换机和网卡都把同一类流量当作无损处理，NCCL_IB_TC 才有意义。验收测试前请逐项配置并确认：",
    ),
    "dep.qos.switch": ("Switch", "交换机"),
    "dep.qos.host": ("Host", "主机"),
    "dep.qos.item": ("{where}: {action} Check: {verify}", "{where}：{action}确认：{verify}"),
}

# setting key -> (reason, check) in Chinese; "" keeps the English check (a command or log line).
NCCL_TEXT_ZH: dict[str, tuple[str, str]] = {
    "algo.auto": ("不设置：NCCL 会为每次调用选择最快的算法（本方案的模型结果：{choices}）。强制 Ring 会拖慢大规模下"
    "的小消息，"
                  "强制 Tree 会限制大消息带宽；只在 2 节点测网络裸带宽时设置 NCCL_ALGO=Ring。", ""),
    "proto.auto": ("不设置：NCCL 小消息用 LL、中等消息用 LL128、大消息用 Simple。强制 Simple（常见的调优建议）会使"
    "本方案 "
                   "8 字节 AllReduce 从 {auto} us 变为 {simple} us（模型）。", ""),
    "net.socket": ("计算网卡不支持 RDMA，NCCL 只能使用 TCP socket。",
                   "NCCL_DEBUG=INFO 输出 “Using network Socket”，通道行显示 “via NET/Socket”。"),
    "net.ib": ("使用 NCCL 的 IB verbs 传输。RoCE 同样走 verbs（以太网上的 RDMA）；有些指南建议 RoCE 用 NCCL_NET=Soc"
    "ket，"
               "那会让所有流量经内核 TCP 协议栈，失去 RDMA 和 GPUDirect。",
               "NCCL_DEBUG=INFO 输出 “Using network IB”；通道行显示 “via NET/IB/0/GDRDMA”（GPUDirect RDMA 已开启）；"
               "若没有 “/GDRDMA”，请检查 nvidia-peermem（或 DMA-BUF）是否已加载。"),
    "net.ib.staged": ("使用 NCCL 的 IB verbs 传输。{gpu} 不支持 GPUDirect RDMA，NCCL 的每次网络传输都经主机内存中转："
                      "同样的网卡上，小消息延迟会高于数据中心 GPU。",
                      "NCCL_DEBUG=INFO 输出 “Using network IB” 以及包含全部计算网卡的 “NET/IB : Using [0]mlx5_…”；"
                      "通道行显示 “via NET/IB/0”，没有 “/GDRDMA”（这些 GPU 不支持 GPUDirect RDMA）。"),
    "net.efa": ("EFA 经 aws-ofi-nccl 插件访问，而不是 NCCL 的 IB 传输（在 EFA 上 NCCL_NET=IB 和 mlx5 设备名无法初始"
    "化）。"
                "指定插件名后，缺少插件会在启动时直接报错，而不是悄悄退回 TCP socket。请把插件的 lib 目录"
                "（/opt/amazon/ofi-nccl/lib 或 /opt/aws-ofi-nccl/lib）加入 LD_LIBRARY_PATH。",
                "NCCL_DEBUG=INFO 输出 “Using network AWS Libfabric”；通道行显示 “via NET/AWS Libfabric/…/GDRDMA”"
                "（GPUDirect RDMA 已开启）。"),
    "hca.known": ("{server} 的 {n} 块计算网卡（{source}）；其余网卡承载存储和带内管理。前导“=”表示精确匹配"
                  "（否则 mlx5_1 也会匹配 mlx5_10）。",
                  "NCCL_DEBUG=INFO 的 “NET/IB : Using” 行恰好列出这 {n} 个设备（[0]{first}:1/{link} …），没有其他设"
                  "备。"),
    "hca.ask": ("只使用 {n} 块计算网卡，存储网卡和带内管理网卡不承载集合通信。目录无法得知这台服务器的设备名（取决"
    "于主板和 "
                "PCIe 枚举顺序）：用 “ibdev2netdev” 查看设备、端口、网络接口和链路状态，用 “nvidia-smi topo -m” 找"
                "到每块 "
                "GPU 旁边的网卡（显示 PIX 或 PXB），再以前导“=”列出（精确匹配）。",
                "NCCL_DEBUG=INFO 的 “NET/IB : Using” 行列出 {n} 个设备，均为 “/{link}”，且没有存储或管理端口。"),
    "hca.efa": ("不设置：EFA 设备不是 mlx5 网卡；插件会使用实例上的全部 EFA 设备（本方案 {nics} 个）。",
                "插件的 INFO 行会报告 EFA provider 和找到的设备数。"),
    "socket.ask": ("NCCL 的引导（bootstrap）和带外连接通过这个接口走 TCP。若不指定，NCCL 可能选中 docker 网桥或其他"
    "主机无法"
                   "访问的链路，作业会在启动时挂起。请使用带内管理接口，即持有 hostfile 中主机地址的那个（“ip -br a"
                   "ddr”）。",
                   "NCCL_DEBUG=INFO 输出 “Bootstrap : Using <接口>:<地址>”，其中的接口就是这里设置的接口。"),
    "socket.known": ("引导走控制网卡 eth0；{nics} 承载 GPU 流量（Google 的 {vm} 配置）。",
                     "NCCL_DEBUG=INFO 输出 “Bootstrap : Using <接口>:<地址>”，其中的接口就是这里设置的接口。"),
    "cross.one": ("不设置：每个节点只有一块网卡，无需跨网卡。", ""),
    "cross.rails": ("本方案各轨道是彼此独立的网络（没有交换机把它们连起来）：让每个环和树在所有节点上使用同一编号的"
    "网卡；"
                    "PXN 通过 NVLink 在轨道之间搬运数据。",
                    "设置后 NCCL_DEBUG=INFO 输出 “NCCL_CROSS_NIC set by environment to …”。"),
    "cross.spines": ("不设置（默认 2）：NCCL 尽量让每个环留在同一轨道，必要时经 Spine 跨轨。", ""),
    "cross.switch": ("所有网卡都接在同一台交换机上：任意两块网卡一跳可达，NCCL 无需在节点间配对同编号网卡。",
                     "设置后 NCCL_DEBUG=INFO 输出 “NCCL_CROSS_NIC set by environment to …”。"),
    "cross.flat": ("网络不是轨道优化的（{style}）：节点的每块网卡都连到同样的交换机，NCCL 无需在节点间配对同编号网卡。",
                   "设置后 NCCL_DEBUG=INFO 输出 “NCCL_CROSS_NIC set by environment to …”。"),
    "gid.auto": ("不设置：NCCL 2.21 起会自动找到 RoCE v2 的 GID。",
                 "NCCL_DEBUG=INFO 输出 “NET/IB : Using [0]mlx5_…:1/RoCE”；“show_gids” 显示索引 3 为带 IPv4 的 v2。"),
    "gid.set": ("NCCL 2.21 之前默认使用 GID 0（RoCE v1）；ConnectX 上 RoCE v2 IPv4 通常为索引 3（用 show_gids 确认）。",
                "NCCL_DEBUG=INFO 输出 “NET/IB : Using [0]mlx5_…:1/RoCE”；“show_gids” 显示索引 3 为带 IPv4 的 v2。"),
    "tc.set": ("把 NCCL 的 RoCE 流量标记为 DSCP 26 并声明支持 ECN（26 << 2 | 2 = 106），即交换机和网卡按无损处理的类别"
               "（优先级 3，见 RoCE QoS 检查清单）。不设置时网卡发出 DSCP 0，进入有损队列：没有 PFC，负载下会丢包重"
               "传。",
               "NCCL_DEBUG=INFO 输出 “NCCL_IB_TC set by environment to 106”；测试期间交换机上优先级 3（而不是 0）的 "
               "RoCE 计数器增长。"),
    "qps.set": ("RoCE 经静态 ECMP 跨越 {hops} 跳交换机：每个连接用多个 QP，可散列到不同上行链路（NCCL 文档：RoCE 上常常"
                "需要多个 QP；Meta 报告 QP 扩展可带来最高 40 % 的 AllReduce 提升）。",
                "NCCL_DEBUG=INFO 输出 “NCCL_IB_QPS_PER_CONNECTION set by environment to 4”。"),
    "qps.unset.switch": ("保持默认 1：流量不离开一台交换机。", ""),
    "qps.unset.ar": ("保持默认 1：自适应路由已能分散流量。", ""),
    "collnet.set": ("交换机支持 SHARP 网内聚合：开启 CollNet（需要 SHARP 插件 nccl-rdma-sharp-plugins 和聚合管理器）。",
                    "NCCL_DEBUG=INFO 显示 CollNet 通道；缺少插件时 NCCL 会警告 CollNet 不可用。"),
    "collnet.unset": ("不设置：本方案没有网内聚合。", ""),
    "collnet.partial": ("不设置：已开启 SHARP，但并非所有网络交换机都支持。", ""),
    "nvls.none": ("不设置：这些 GPU 没有 NVLink SHARP。", ""),
    "nvls.old": ("NVLink SHARP 需要 NCCL 2.17 或更新版本：升级 NCCL 可使机内 AllReduce 带宽提升约 30 %"
                 "（H100 上 busbw 480 对 370 GB/s）。", ""),
    "nvls.on": ("不设置（默认开启）：NVLink SHARP 把 H100 级 NVSwitch 机内 AllReduce 从约 370 提升到约 480 GB/s busbw。"
                "只有为节省其预留的显存时才设为 0。",
                "单节点 all_reduce_perf 在 1 GiB 及以上达到约 480 GB/s busbw。"),
    "nvls.tcpxo": ("属于 Google 的 A3 Mega 配置：开启 NVLink SHARP 时，a3-megagpu-8g 上 MaxText Llama 2 的速度从约 210 "
                   "降到约 180 tokens/s（NVIDIA/JAX-Toolbox PR #1708）。",
                   "NCCL_DEBUG=INFO 输出 “NCCL_NVLS_ENABLE set by environment to …”。"),
    "buffsize.set": ("ZeRO-3 / FSDP 每层都要收集和分散参数：把 4 MiB 的默认缓冲区加倍可让每步网络通信携带更多数据（"
    "常见的 "
                     "FSDP 建议）；会占用更多显存，请实测确认。",
                     "NCCL_DEBUG=INFO 输出 “NCCL_BUFFSIZE set by environment to 8388608”。"),
    "buffsize.unset": ("保持默认 4 MiB。", ""),
    "buffsize.efa": ("在 EFA 上 NCCL_BUFFSIZE 和 NCCL_MIN_NCHANNELS 保持默认（AWS 的 EFA 速查表）；NCCL_SOCKET_NTHR"
    "EADS 和 "
                     "NCCL_NSOCKS_PERTHREAD 不适用。", ""),
    "efa.rdma": ("libfabric ≥ 1.18 且 aws-ofi-nccl ≥ 1.7 时不设置（AWS 的 EFA 速查表）：插件会在 p4 和 p5 上自行开启 "
                 "RDMA（只有 aws-ofi-nccl 1.6.x 需要设为 1）。", ""),
    "efa.provider": ("libfabric ≥ 1.18 且 aws-ofi-nccl ≥ 1.7 时不设置（AWS 的 EFA 速查表）：FI_PROVIDER=efa 和 "
                     "NCCL_PROTO=simple 只适用于 aws-ofi-nccl 1.5 及更早版本。", ""),
    "efa.fork": ("libfabric ≥ 1.18 且 aws-ofi-nccl ≥ 1.7 时不设置（AWS 的 EFA 速查表）：插件会自行设置；不要使用 "
                 "RDMAV_FORK_SAFE 或其他 RDMAV_ 变量。", ""),
    "efa.hugepage": ("不设置；只有数据加载器的 os.fork() 报 “Cannot allocate memory” 时才设为 0。", ""),
    "gcp.profile": ("Google 的 {plugin} 插件在 {vm} 上要求的设置（其发布的 NCCL 配置 nccl-env-profile.sh）。",
                    "NCCL_DEBUG=INFO 输出 “{name} set by environment to …”。"),
    "debug.info": ("首次运行和验收测试时打开：日志会显示所用网络、网卡、环和树，以及 GPUDirect RDMA 是否开启。之后"
    "改为 WARN。",
                   "日志中有 “NCCL INFO” 行，其中包括 “Using network {network}”。"),
    "debug.tcpxo": ("验收测试时打开，以查看 NCCL 选用的网络；Google 建议工作负载使用 WARN（并设置 "
                    "NCCL_DEBUG_SUBSYS=INIT,NET,ENV,COLL,GRAPH）。",
                    "NCCL_DEBUG=INFO 输出 “Using network FasTrak”；每台 VM 上都必须运行 RxDM 守护进程"
                    "（--num_hops=2 --num_nics=8）。"),
    "debug.tcpx": ("验收测试时打开，以查看 NCCL 选用的网络。",
                   "“Using network” 行显示的是 GPUDirect-TCPX 插件，而不是 IB 或 Socket；每台 VM 上都必须运行 "
                   "tcpgpudmarxd 守护进程。"),
}
ASK_ZH: dict[str, str] = {
    "hca.ask": "=<{n} 块计算网卡，用 ibdev2netdev 查找>",
    "socket.ask": "<带内管理接口，用 ip -br addr 查找>",
}
QOS_ZH: dict[str, tuple[str, str]] = {
    "switch.lossless": ("在每台网络交换机上开启 RoCE 无损配置（Cumulus Linux：“nv set qos roce mode lossless”；Onyx："
                        "“roce lossless”）：信任 DSCP，把 DSCP 26 映射到优先级 3 和流量类 3，只在优先级 3 上开启 PFC。",
                        "“nv show qos roce” / “show roce”：mode lossless，switch-priority 3 的 PFC 已开启。"),
    "switch.ecn": ("流量类 3 上的 ECN 标记（该配置的绝对门限：最小 150 KB、最大 1,500 KB）；除非该芯片的厂商 RoCE "
    "指南另有"
                   "要求，否则保持不变。", "“show roce”：congestion-control 为 ecn、absolute，min 150、max 1500。"),
    "switch.cnp": ("拥塞通知（CNP）走优先级 6、流量类 6，严格优先，使 DCQCN 在缓冲区填满前作出反应。",
                   "“show roce”：RoCE used TCs 中 6 为 CNP、strict。"),
    "host.trust": ("在每块计算网卡上执行 “mlnx_qos -i <netdev> --trust dscp”（按 DSCP 而不是 VLAN PCP 分类）。",
                   "“mlnx_qos -i <netdev>” 显示 “Priority trust state: dscp”。"),
    "host.pfc": ("在每块计算网卡上执行 “mlnx_qos -i <netdev> --pfc 0,0,0,1,0,0,0,0”（与交换机一样只在优先级 3 上开"
    "启 PFC）。",
                 "“mlnx_qos -i <netdev>” 显示只有优先级 3 开启了 PFC。"),
    "host.tos": ("RDMA-CM 和 verbs 流量的类别：“cma_roce_tos -d <mlx5_n> -t 106”，并设置 NCCL_IB_TC=106（DSCP 26，"
    "支持 ECN）。",
                 "运行 all_reduce_perf 时，“ethtool -S <netdev> | grep prio3” 的计数器增长，prio0 保持不变。"),
    "host.ecn": ("在优先级 3 上开启 ECN 反应点和通知点（/sys/class/net/<netdev>/ecn/roce_np/enable/3 与 roce_rp/ena"
    "ble/3 "
                 "设为 1）。", "两个文件的值都是 1；拥塞时网卡的 CNP 计数器（“ethtool -S <netdev> | grep cnp”）增长"
                 "，而不是 PFC 暂停帧。"),
}


def _fill(template: str, setting: Any) -> str:
    try:
        return template.format(**dict(setting.params))
    except (KeyError, IndexError, ValueError):
        return template


def nccl_reason_in(setting: Any, zh: bool) -> str:
    """Why a setting is set or left alone, in the proposal's language."""
    if not zh:
        return str(setting.reason)
    pair = NCCL_TEXT_ZH.get(setting.key)
    if pair is not None:
        return _fill(pair[0], setting)
    return NCCL_REASONS_ZH.get((setting.name, bool(setting.value)), str(setting.reason))


def nccl_verify_in(setting: Any, zh: bool) -> str:
    """How to check that a setting took effect ("" when there is nothing to see)."""
    pair = NCCL_TEXT_ZH.get(setting.key) if zh else None
    return _fill(pair[1], setting) if pair is not None and pair[1] else str(setting.verify)


def nccl_ask_in(setting: Any, zh: bool) -> str:
    """What to fill in for a site-specific setting."""
    template = ASK_ZH.get(setting.key) if zh else None
    return _fill(template, setting) if template is not None else str(setting.ask)


def qos_step_in(step: Any, zh: bool) -> tuple[str, str]:
    """(action, check) of a RoCE QoS checklist step."""
    return QOS_ZH.get(step.key, (step.action, step.verify)) if zh else (step.action, step.verify)
