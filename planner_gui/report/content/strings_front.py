"""The proposal's words, part 4: document control on the cover, the prose executive summary and the
acceptance sign-off page. Same form as strings.py: one (English, Simplified Chinese) pair per key."""

from __future__ import annotations

FRONT: dict[str, tuple[str, str]] = {
    "doc.footer_plain": ("Proposal · {date}", "方案书 · {date}"),
    "cover.from": ("Supplier", "提供方"),
    "cover.contact": ("Contact", "联系方式"),
    "cover.document": ("Document number", "文档编号"),
    "cover.revision": ("Revision", "版本"),
    "cover.valid_until": ("Valid until", "有效期至"),
    "sum.key_figures": ("Key figures", "关键指标"),
    "sum.p.proposed": (
        "We propose a training cluster of {gpus} {gpu} GPUs in {nodes} servers, housed in {racks}.",
        "本方案建议建设一套由 {nodes} 台服务器、共 {gpus} 张 {gpu} GPU 组成的训练集群，部署于 {racks}。",
    ),
    "sum.p.racks_one": ("one rack", "1 个机柜"),
    "sum.p.racks_many": ("{racks} racks", "{racks} 个机柜"),
    "sum.p.fabric": ("The servers are connected by {fabric}.", "服务器之间采用{fabric}组网。"),
    "sum.p.achieves": (
        "A single job can use up to {job} GPUs; a 1 GiB AllReduce across them is expected to reach {busbw} of "
        "bus bandwidth.",
        "单个训练任务最多可使用 {job} 张 GPU；在此规模下 1 GiB AllReduce 的总线带宽预计可达 {busbw}。",
    ),
    "sum.p.training": (
        "Training {model} on {tokens} tokens is expected to take {days}.",
        "以 {tokens} tokens 训练 {model} 预计需要 {days}。",
    ),
    "sum.p.power": (
        "The cluster draws {it} of IT power under training load, {facility} with cooling.",
        "训练时 IT 功耗 {it}，含制冷的机房总功耗 {facility}。",
    ),
    "sum.p.buy": (
        "Buying it costs {upfront} up front and {monthly} a month to run.",
        "采购方案一次性投入 {upfront}，每月运营成本 {monthly}。",
    ),
    "sum.p.rent": ("Renting the same capacity costs {monthly} a month.", "租用同等算力每月 {monthly}。"),
    "sum.p.tax.none": ("Prices exclude tax.", "以上价格不含税。"),
    "sum.p.tax.excluded": ("Prices exclude VAT ({rate}); buying over {months} comes to {total} with it.",
                           "以上价格不含税（增值税 {rate}），采购方案 {months}含税合计 {total}。"),
    "sum.p.tax.excluded_only": ("Prices exclude VAT ({rate}).", "以上价格不含税（增值税 {rate}）。"),
    "sum.p.tax.included": ("Prices include VAT ({rate}).", "以上价格均含税（增值税 {rate}）。"),
    "sum.p.risks": ("The main points to settle before ordering are: {risks}.", "下单前需要确认的主要问题：{risks}。"),
    "sum.p.no_risks": (
        "The design checks found nothing to settle before ordering.",
        "方案检查未发现下单前需要解决的问题。",
    ),
    "racks.pdu_label": ("PDU {feeds}{volts} V {amps} A {phases}-ph", "PDU {feeds}{volts} V {amps} A {phases} 相"),
    # ----- identical racks ------------------------------------------------------------------------------
    "racks.grouped": (
        "The {racks} racks are of {kinds} kinds: each kind is drawn once, marked with how many racks it stands "
        "for, and the table after the drawings lists them.",
        "{racks} 个机柜共 {kinds} 种配置：每种只画一次并标注数量，图后的表格列出每种配置对应的机柜。",
    ),
    "racks.times": ("{rack} (× {count})", "{rack}（× {count}）"),
    "racks.groups_title": ("Racks drawn once", "相同配置的机柜"),
    "racks.col.drawn": ("Drawn as", "图中机柜"),
    "racks.col.count": ("Racks", "数量"),
    "racks.col.stands_for": ("Identical racks", "配置相同的机柜"),
    "sec.power_appendix": ("Appendix: power and cooling per rack", "附录：单柜供电与散热"),
    "pow.summarised": (
        "The tables show one row per kind of rack (identical racks together, × N); the totals cover all "
        "{racks} racks, and the appendix lists every rack.",
        "上表每种配置的机柜只列一行（相同机柜合并，× N）；合计涵盖全部 {racks} 个机柜，附录列出每个机柜。",
    ),
    "wt.title": ("Weight and floor loading per rack", "单柜重量与楼板荷载"),
    "wt.col.equipment": ("Equipment kg", "设备 kg"),
    "wt.col.cabinet": ("Cabinet kg", "机柜 kg"),
    "wt.col.total": ("Total kg", "合计 kg"),
    "wt.col.rated": ("Rated load kg", "额定承重 kg"),
    "wt.col.floor": ("Floor kg/m²", "楼板荷载 kg/m²"),
    "wt.note": (
        "Weights from the vendors' datasheets; floor loading is the loaded rack's weight over its footprint "
        "(compare it with the floor's rated load from the building's structural data). ! marks equipment above "
        "the cabinet's rated load.",
        "重量取自厂商数据手册；楼板荷载为满载机柜重量除以占地面积（请与建筑结构资料中的楼板额定荷载比较）。"
        "! 表示设备重量超过机柜额定承重。",
    ),
    "othnet.links": ("{count} links", "{count} 条链路"),
    "othnet.storage": ("Storage network", "存储网络"),
    "othnet.storage.intro": (
        "{links} links carry storage traffic: the servers' storage NICs and the storage systems' data ports, "
        "with the switches they connect to.",
        "共 {links} 条链路承载存储流量：服务器的存储网卡、存储系统的数据端口及其所连交换机。",
    ),
    "othnet.inband": ("In-band management network", "带内管理网络"),
    "othnet.inband.intro": (
        "{links} links connect the servers' front-end ports for provisioning, monitoring and user access.",
        "共 {links} 条链路连接服务器的前端端口，用于部署、监控和用户访问。",
    ),
    "othnet.oob": ("Out-of-band management network", "带外管理网络"),
    "othnet.oob.intro": (
        "{links} links connect the servers' BMCs and the switches' management ports, so every device can be "
        "reached and power-cycled when its own network is down.",
        "共 {links} 条链路连接服务器的 BMC 与交换机的管理口，即使业务网络中断，也能远程访问并重启每台设备。",
    ),
    "circ.title": ("Power circuits per kind of rack", "各类机柜供电回路"),
    "circ.feeds": ("Feed A: {a}; feed B: {b}", "A 路：{a}；B 路：{b}"),
    "circ.no_feed": ("none", "无"),
    "circ.three_phase": ("3-phase", "三相"),
    "circ.single_phase": ("1-phase", "单相"),
    "circ.psu": ("{device}, PSU {index}", "{device}，电源 {index}"),
    "circ.col.rack": ("Rack", "机柜"),
    "circ.col.device": ("Feeds, or device and power supply", "供电回路 / 设备与电源"),
    "circ.col.feed": ("Feed", "回路"),
    "circ.col.outlet": ("PDU outlet", "PDU 插座"),
    "circ.col.psu": ("Supply, plug", "电源功率、插头"),
    "circ.note": (
        "Each feed is protected by a breaker of its rating. Supplies alternate between feeds A and B, so "
        "losing either feed leaves every device half its supplies; outlets are numbered along each feed's PDU "
        "from the top of the rack. Plugs per IEC 60320 (C13 up to 10 A, C19 up to 16 A).",
        "每路供电由同额定值的断路器保护。电源在 A、B 两路之间交替连接，任一路断电时每台设备仍保留一半电源；"
        "插座按机柜自上而下沿各路 PDU 编号。插头规格依据 IEC 60320（C13 最大 10 A，C19 最大 16 A）。",
    ),
    # ----- acceptance sign-off ---------------------------------------------------------------------------
    "sec.signoff": ("Acceptance sign-off", "验收签署"),
    "sign.intro": (
        "The cluster described in this proposal (document {document}) is accepted when the acceptance tests "
        "of the Deployment section have passed on the delivered hardware. Both parties sign below.",
        "当本方案（文档 {document}）所述集群在交付的硬件上通过“部署与验收”一章的全部验收测试后，即视为验收"
        "合格，双方在下方签字确认。",
    ),
    "sign.this": ("this proposal", "本方案"),
    "sign.col.party": ("Party", "签署方"),
    "sign.col.name": ("Name and title", "姓名与职务"),
    "sign.col.signature": ("Signature", "签字"),
    "sign.col.date": ("Date", "日期"),
    "sign.customer": ("Customer", "客户"),
    "sign.supplier": ("Supplier", "供应商"),
    "sign.results": (
        "Acceptance results attached: nccl-tests logs of every step, and the measured figures against the "
        "pass thresholds.",
        "随附验收结果：各步骤的 nccl-tests 日志，以及实测值与合格阈值的对照。",
    ),
}
