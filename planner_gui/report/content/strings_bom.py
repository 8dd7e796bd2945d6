"""The proposal's words for the bill of materials and the cable schedule: (English, Simplified Chinese)
pairs, merged into strings.STRINGS. Chinese follows the words data-centre buyers use (物料清单, 线缆, 光模块,
规划项, 含税/不含税)."""

from __future__ import annotations

BOM_STRINGS: dict[str, tuple[str, str]] = {
    "bom2.col.part": ("Part number", "型号 / 料号"),
    "bom2.col.item": ("Description", "描述"),
    "bom2.col.reason": ("Why not priced", "未计价原因"),
    "bom2.planning": ("planning item", "规划项"),
    "bom2.subtotal": ("Subtotal", "小计"),
    "bom2.support_first_year": ("Support and extended warranty, first year", "技术支持与延保（首年）"),
    "bom2.devices_title": ("Equipment", "设备"),
    "bom2.cables_title": ("Cables and optics (from the cable schedule)", "线缆与光模块（来自布线表）"),
    "bom2.cables_note": (
        "One line per part and length; each quantity is the number of cables of that part and length in the "
        "port-to-port cable schedule ({links} cables in all), delivered with this proposal as a spreadsheet. "
        "An optics line is one transceiver at each end plus the fibre between them.",
        "按型号和长度分行；每行数量即端口到端口布线表中该型号、该长度的线缆条数（共 {links} 条），布线表随本方案以"
        "电子表格提供。光模块行包含两端各一个光模块及其间的光纤。",
    ),
    "bom2.not_priced_title": ("Listed, not priced", "已列出、未计价"),
    "bom2.reason.no_price": ("no list price: quote separately", "无标价，需单独询价"),
    "bom2.reason.no_part": (
        "no catalogue part for this medium and speed: choose one with the cabling vendor",
        "目录中无此介质和速率的型号，需与布线供应商确定",
    ),
    "bom2.reason.in_space_rent": (
        "included in the monthly rack-space rent (see Cost)",
        "已含在每月机位租金中（见成本分析）",
    ),
    "bom2.reason.in_system": (
        "included in the rack-scale system's price (carried by its compute trays)",
        "已含在整机柜系统价格中（计入其计算托盘单价）",
    ),
    "bom2.reason.not_placed": (
        "not yet placed in the racks: size per rack from the power section",
        "机柜中尚未放置，请按供电章节的每柜功率选型",
    ),
    "bom2.planning_note": (
        "Lines marked \"planning item\" have no published vendor part number; they are priced from typical "
        "market prices and are fixed with the supplier at ordering.",
        "标为“规划项”的物料没有公开的厂商料号，按市场常见价格估算，下单时与供应商确定具体型号。",
    ),
    "bom2.price_note": (
        "Prices are in whole {currency}: the design's own prices where set, otherwise catalogue list prices in US "
        "dollars converted at {rate}. A server's price excludes its compute NICs, which are listed on their own line.",
        "价格以{currency}为单位取整：方案中填写了价格的按方案价格，其余按硬件目录美元标价换算（{rate}）。服务器单价"
        "不含计算网卡，网卡单独列出。",
    ),
    "bom2.without_nics": ("without its {count} compute NICs", "不含 {count} 块计算网卡"),
    "bom2.without_nic": ("without its {count} compute NIC", "不含 {count} 块计算网卡"),
    "bom2.pdu": ("Rack power distribution units (PDUs)", "机柜电源分配单元（PDU）"),
    "bom2.length": ("{length} m", "{length} 米"),
    "bom2.cable": ("{medium} {speed} {plug}, {length}", "{medium}{speed} {plug}，{length}"),
    "bom2.cable_noplug": ("{medium} {speed}, {length}", "{medium}{speed}，{length}"),
    "bom2.medium.dac": ("Passive copper cable (DAC)", "无源铜缆（DAC）"),
    "bom2.medium.acc": ("Active copper cable (ACC)", "有源铜缆（ACC）"),
    "bom2.medium.aoc": ("Active optical cable (AOC)", "有源光缆（AOC）"),
    "bom2.medium.mmf": ("Multimode transceiver pair + MPO fibre", "多模光模块一对 + MPO 光纤"),
    "bom2.medium.smf": ("Single-mode transceiver pair + fibre", "单模光模块一对 + 光纤"),
    "bom2.medium.utp": ("Cat6A patch cord (RJ45)", "超六类网线（Cat6A，RJ45）"),
    "bom2.kind.server": ("GPU server", "GPU 服务器"),
    "bom2.kind.nic": ("Network adapter", "网卡"),
    "bom2.kind.switch": ("Switch", "交换机"),
    "bom2.kind.storage": ("Storage server", "存储服务器"),
    "bom2.kind.rack": ("Rack cabinet", "机柜"),
    "bom2.kind.pdu": ("PDU", "PDU"),
    "bom2.kind.patch_panel": ("Patch panel", "配线架"),
    "bom2.kind.blank": ("Blanking panel", "盲板"),
    "bom2.kind.unknown": ("Item not in the catalogue", "目录中无此型号"),
    "cost2.alternative": (" (alternative)", "（备选）"),
    "cost2.as_designed": ("As proposed", "本方案"),
    "cost2.energy": (
        "Electricity in buying's monthly cost: {training} a month at the draw under training load ({training_kw} "
        "of IT, every GPU at its power limit). At the catalog's typical draw ({typical_kw} of IT), an "
        "alternative, it would be {typical} a month.",
        "购买方案月运营成本中的电费：按训练负载（每张 GPU 均达功耗上限，IT 功耗 {training_kw}）每月 {training}。"
        "若按产品目录的典型功耗（IT 功耗 {typical_kw}，仅供参考），每月 {typical}。",
    ),
    "cost2.prepay_note": (
        "Renting is prepaid a year at a time at a {share} discount: {month} a month, {year} a year.",
        "租赁按年预付，享 {share} 折扣：每月 {month}，每年 {year}。",
    ),
    "cost.line.racks": ("Rack cabinets", "机柜"),
    "cost.line.support": ("Support and extended warranty", "技术支持与延保"),
    "cost2.times_months": (" ({count} months × {unit})", "（{count} 个月 × {unit}）"),
    "cost2.times_years": (" ({count} × {unit} a year)", "（{count} 年 × 每年 {unit}）"),
    "cost2.col.tax": ("VAT {rate}", "增值税 {rate}"),
    "cost2.col.with_tax": ("Total incl. VAT", "含税合计"),
    "cost2.tax_note.none": ("Amounts exclude any VAT or sales tax: add the tax rate in the cost settings to "
                            "show it.", "以上金额不含税：如需列出税额，请在成本设置中填写税率。"),
    "cost2.tax_note.excluded": ("Amounts exclude VAT; the VAT columns add it.", "以上金额不含税；增值税列为应加税额。"),
    "cost2.tax_note.included": ("Amounts include VAT; the VAT column shows the part that is tax.",
                                "以上金额均为含税价；增值税列为其中所含税额。"),
    "cost2.terms_title": ("Terms of this quote", "报价条款"),
    "sum.buy_total_with_tax": ("Buy: total over {months} incl. VAT ({rate})",
                               "购买：{months}含税合计（增值税 {rate}）"),
    "cost2.chart_tax.none": ("Amounts exclude tax.", "金额不含税。"),
    "cost2.chart_tax.excluded": ("Amounts exclude VAT, as in the tables.", "金额不含增值税，与表中一致。"),
    "cost2.chart_tax.included": ("Amounts include VAT, as in the tables.", "金额为含税价，与表中一致。"),
    "cost2.prices": ("Prices", "价格"),
    "cost2.prices.none": ("excluding tax (no tax rate stated)", "不含税（未注明税率）"),
    "cost2.prices.excluded": ("excluding VAT ({rate})", "不含税（增值税 {rate}）"),
    "cost2.prices.included": ("including VAT ({rate})", "含税（增值税 {rate}）"),
    "cost2.valid_until": ("Prices valid until", "报价有效期至"),
    "cost2.warranty": ("Hardware warranty", "硬件保修"),
    "cost2.warranty_value": ("{years} years, included in the prices", "{years} 年，已含在价格中"),
    "cost2.support": ("Support and extended warranty", "技术支持与延保"),
    "cost2.support_value": ("{share} of the hardware a year: {year} a year",
                            "每年按硬件价格的 {share} 计：每年 {year}"),
    "cost2.not_stated": ("not stated", "未注明"),
    "cost2.not_quoted": ("not quoted", "未报价"),
    "cost2.line.rent prepaid years": ("Rent, prepaid years", "租金（按年预付）"),
    "cost2.line.rent months at list price": ("Rent, months at list price", "租金（按月，标准价）"),
    "cost2.line.instances": ("Cloud instances", "云实例"),
    "bom2.schedule_title": ("Cable schedule summary", "布线表汇总"),
    "bom2.schedule_note": (
        "Every cable by medium, speed and length, counted from the same schedule as the lines above.",
        "按介质、速率和长度统计全部线缆，与上表来自同一张布线表。",
    ),
}
