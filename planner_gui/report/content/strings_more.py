"""The proposal's words, part 2: training, storage, power and cooling, cost, risks, deployment, sources.

Same form as strings.py: one (English, Simplified Chinese) pair per key.
"""

from __future__ import annotations

MORE: dict[str, tuple[str, str]] = {
    # ----- training ------------------------------------------------------------------------------------
    "train.intro": (
        "{model} on {gpus} GPUs (tensor {tp} × pipeline {pp} × data {dp} × context {cp}), "
        "{precision}, global batch {batch} sequences of {seq} tokens, ZeRO stage {zero}, "
        "target {tokens} tokens.",
        "{model}，{gpus} 张 GPU（张量并行 {tp} × 流水线并行 {pp} × 数据并行 {dp} × 上下文并行 "
        "{cp}），{precision} 精度，全局批量 {batch} 条 × {seq} tokens，ZeRO-{zero}，目标训练量 "
        "{tokens} tokens。",
    ),
    "train.results_title": ("Results", "估算结果"),
    "train.step_time": ("Step time", "单步耗时"),
    "train.tokens_s": ("Tokens per second", "每秒 tokens"),
    "train.tokens_day": ("Tokens per day", "每天 tokens"),
    "train.days": ("Days to target", "达到目标所需时间"),
    "train.mfu": ("MFU (model FLOPs utilisation)", "MFU（模型算力利用率）"),
    "train.hfu": ("HFU (hardware FLOPs utilisation)", "HFU（硬件算力利用率）"),
    "train.tflops": ("Model TFLOPS per GPU", "单卡有效算力（TFLOPS）"),
    "train.memory": ("Memory per GPU", "单卡显存占用"),
    "train.memory_value": ("{used} GB of {capacity} GB ({fits})", "{used} GB / {capacity} GB（{fits}）"),
    "train.fits": ("fits", "可以放下"),
    "train.not_fits": ("does not fit", "放不下"),
    "train.dominant": ("Largest part of a step", "单步主要耗时"),
    "train.memory_title": ("Memory per GPU", "单卡显存构成"),
    "train.mem.weights_gb": ("Weights", "模型权重"),
    "train.mem.gradients_gb": ("Gradients", "梯度"),
    "train.mem.optimizer_gb": ("Optimizer state", "优化器状态"),
    "train.mem.activations_gb": ("Activations", "激活值"),
    "train.mem.buffers_gb": ("Communication buffers", "通信缓冲区"),
    "train.mem.reserve_gb": ("Framework reserve", "框架预留"),
    "train.mem.total": ("Total (GPU has {capacity} GB)", "合计（单卡显存 {capacity} GB）"),
    "train.step_title": ("Step time breakdown", "单步耗时构成"),
    "train.step_note": (
        "Communication rows count only the time not hidden behind computation.",
        "通信各项只计入未被计算掩盖的部分。",
    ),
    "train.step.compute_s": ("Computation", "计算"),
    "train.step.tp_comm_s": ("Tensor-parallel communication", "张量并行通信"),
    "train.step.cp_comm_s": ("Context-parallel communication", "上下文并行通信"),
    "train.step.ep_comm_s": ("Expert-parallel communication", "专家并行通信"),
    "train.step.pp_comm_s": ("Pipeline communication", "流水线通信"),
    "train.step.dp_comm_s": ("Data-parallel communication (exposed)", "数据并行通信（未掩盖部分）"),
    "train.step.bubble_s": ("Pipeline bubble", "流水线气泡"),
    "train.step.optimizer_s": ("Optimizer step", "优化器更新"),
    "train.step.total": ("Step", "单步合计"),
    "train.col.part": ("Part", "项目"),
    "train.col.share": ("Share", "占比"),
    "train.col.seconds": ("Seconds", "秒"),
    "train.col.speedup": ("Speed-up", "加速比"),
    "train.col.efficiency": ("Scaling efficiency", "扩展效率"),
    "train.scaling_title": ("Scaling", "扩展性"),
    "train.scaling_caption": (
        "Scaling efficiency as data parallelism grows (same model, global batch and "
        "layout per replica): throughput per GPU against the smallest run. The "
        "dashed line is perfect linear scaling.",
        "数据并行规模增加时的扩展效率（模型、全局批量和单副本切分不变）：与最小规模相"
        "比的单卡吞吐。虚线为理想线性扩展。",
    ),
    "train.x_label": ("GPUs", "GPU 数量"),
    "train.y_label": ("Scaling efficiency", "扩展效率"),
    "train.series.model": ("Estimated", "估算值"),
    "train.series.ideal": ("Linear", "线性扩展"),
    "train.no_scaling": (
        "No scaling curve could be computed for this layout.",
        "该并行切分无法计算扩展曲线。",
    ),
    "store.title": ("Storage for training", "训练存储"),
    "store.source": ("Storage used", "所用存储"),
    "store.data_rate": ("Training data read rate", "训练数据读取速率"),
    "store.data_rate_value": ("{need} needed, {have} available", "需要 {need}，可用 {have}"),
    "store.checkpoint": ("Checkpoint", "检查点（Checkpoint）"),
    "store.checkpoint_value": (
        "{size} GB, written in {write}, read back in {read}",
        "{size} GB，写入 {write}，读回 {read}",
    ),
    "store.interval": ("Checkpoint interval", "检查点间隔"),
    "store.interval_value": (
        "{interval} ({share} of the time spent writing)",
        "{interval}（写入耗时占 {share}）",
    ),
    "store.lost": ("Work lost per failure (expected)", "每次故障损失（期望值）"),
    "store.lost_value": ("{time}, {hours} GPU-hours", "{time}，合 {hours} 卡时"),
    # ----- power and cooling ---------------------------------------------------------------------------
    "pow.intro": (
        "Under training load (every GPU at its power limit) the IT equipment draws {it} (up to {peak} at "
        "peak). With a PUE of {pue} the facility draws {facility}; energy and its cost are counted at this "
        "load. At the catalog's typical draw, an alternative, the IT equipment would draw {typical}. Racks, "
        "feeds and cooling are sized for the peak.",
        "训练负载下（每张 GPU 均达功耗上限）IT 设备功耗 {it}（峰值 {peak}）。PUE 为 {pue} 时，机房总功耗 "
        "{facility}；能耗与电费按此负载计算。若按产品目录的典型功耗（仅供参考），IT 设备功耗为 {typical}。"
        "机柜供电和制冷按峰值设计。",
    ),
    "pow.no_racks": (
        "The design has no racks yet, so there is no per-rack load.",
        "方案中还没有机柜，无法给出单柜负载。",
    ),
    "pow.electrical_title": ("Electrical load per rack (kW)", "单柜电力负载（kW）"),
    "pow.electrical_note": (
        "Feed capacity is the continuous rating: volts × amps (× √3 for three phase) × "
        "80 %. 2N: either feed alone carries the rack's peak.",
        "供电容量为持续额定值：电压 × 电流（三相再乘 √3）× 80%。2N：任一路供电单独即可承载机柜峰值。",
    ),
    "pow.col.rack": ("Rack", "机柜"),
    "pow.col.devices": ("Devices", "设备"),
    "pow.col.typical": ("Typical", "典型"),
    "pow.col.max": ("Peak", "峰值"),
    "pow.col.budget": ("Budget", "预算"),
    "pow.col.feed_a": ("Feed A", "A 路"),
    "pow.col.feed_b": ("Feed B", "B 路"),
    "pow.col.redundant": ("2N", "2N 冗余"),
    "pow.col.status": ("Status", "状态"),
    "pow.status.ok": ("OK", "正常"),
    "pow.status.over_budget": ("over budget", "超出功率预算"),
    "pow.status.over_feeds": ("over feeds", "超出供电容量"),
    "pow.total": ("Total", "合计"),
    "pow.feeds": (
        "Feeds: 2N (either feed carries the whole rack) on {redundant} of {racks} racks; a single feed on "
        "{single}.",
        "{racks} 个机柜中，{redundant} 个为 2N 双路供电（任一路可带满整柜），{single} 个为单路供电。",
    ),
    "pow.thermal_title": ("Heat and cooling per rack", "单柜散热"),
    "pow.thermal_note": (
        "Heat equals peak draw. Airflow at a {air} °F rise across the servers; liquid "
        "flow at a {liquid} K rise. Speed: the GPUs' pace when power or cooling runs "
        "short (100 % is full speed).",
        "发热量按峰值功耗计。风量按服务器进出风温差 {air} K 计算，液冷流量按 {liquid} K "
        "温升计算。速度：供电或制冷不足时 GPU 的运行速度（100% 为满速）。",
    ),
    "pow.col.cooling": ("Cooling", "制冷方式"),
    "pow.col.heat": ("Heat kW", "发热 kW"),
    "pow.col.airflow": ("Air m³/h", "风量 m³/h"),
    "pow.col.liquid": ("Liquid L/min", "液冷 L/min"),
    "pow.col.capacity": ("Capacity kW", "制冷量 kW"),
    "pow.col.throttle": ("Speed", "速度"),
    "pow.facility_title": ("Facility and energy", "机房与能耗"),
    "pow.it_training": ("IT power under training load", "训练负载下的 IT 功耗"),
    "pow.it_typical": ("IT power, typical draw (alternative)", "IT 功耗（典型功耗，仅供参考）"),
    "pow.it_peak": ("IT power, peak", "IT 功耗（峰值）"),
    "pow.pue": ("PUE", "PUE"),
    "pow.pue_value": ("{pue} ({source})", "{pue}（{source}）"),
    "pow.pue_design": ("set in the design", "方案设定"),
    "pow.pue_cooling": ("from the racks' cooling types", "按机柜制冷方式"),
    "pow.facility_kw": ("Facility power", "机房总功耗"),
    "pow.facility_value": ("{training} under training load, {peak} peak", "训练负载下 {training}，峰值 {peak}"),
    "pow.annual_mwh": ("Energy per year", "年用电量"),
    "pow.price": ("Electricity price", "电价"),
    "pow.price_value": ("{price} per kWh", "{price} / kWh"),
    "pow.annual_cost": ("Energy cost per year", "年电费"),
    "pow.monthly_cost": ("Energy cost per month", "月电费"),
    "pow.monthly_cost_typical": ("Energy cost per month at the typical draw (alternative)",
                                 "按典型功耗的月电费（仅供参考）"),
    "pow.cmp_title": ("Liquid versus air cooling for these servers", "本方案服务器：液冷与风冷对比"),
    "pow.cmp.racks": ("Racks needed", "所需机柜数"),
    "pow.cmp.energy": ("Energy cost per year", "年电费"),
    "pow.cmp_note": (
        "Liquid cooling would save {saving} a year ({share} of the energy bill); the retrofit "
        "is estimated at {retrofit} and pays back in {payback}.",
        "采用液冷每年可节省电费 {saving}（占电费的 {share}）；改造费用估算 {retrofit}，回本周期 {payback}。",
    ),
    # ----- cost ----------------------------------------------------------------------------------------
    "cost.intro": (
        "Costs over a project of {months} in {currency}, for {gpus} GPUs. Buying pays for the "
        "hardware and installation up front and then for energy and space; renting and cloud "
        "are paid monthly.",
        "以下按 {months}项目周期、{currency} 计价，共 {gpus} 张 GPU。购买需一次性支付硬件和安装"
        "费用，之后支付电费和机位费；租赁和公有云按月付费。",
    ),
    "cost.options_title": ("Options", "方案对比"),
    "cost.options_note": (
        "Per GPU-hour: the project total over every GPU's hours (730 hours a month). "
        "Network: switches, NICs, cables and their energy.",
        "每卡时成本 = 项目总成本 / 全部 GPU 小时数（每月按 730 小时计）。网络占比含交换机"
        "、网卡、线缆及其电费。",
    ),
    "cost.col.option": ("Option", "方案"),
    "cost.col.upfront": ("Up front", "一次性投入"),
    "cost.col.monthly": ("Per month", "每月"),
    "cost.col.total": ("Total over {months}", "{months}合计"),
    "cost.col.gpu_hour": ("Per GPU-hour", "每卡时"),
    "cost.col.network": ("Network share", "网络占比"),
    "cost.option.buy": ("Buy", "购买"),
    "cost.option.rent": ("Rent", "租赁"),
    "cost.option.cloud": ("Cloud", "公有云"),
    "cost.vs.rent": ("renting", "租赁"),
    "cost.vs.cloud": ("the cloud", "公有云"),
    "cost.break_even": (
        "Buying has cost no more than {other} after {months}.",
        "购买方案在 {months}后总成本不高于{other}。",
    ),
    "cost.never": (
        "Buying does not catch up with {other} within {horizon} (a server's useful life).",
        "在 {horizon}（服务器使用寿命）内，购买方案的总成本始终高于{other}。",
    ),
    "cost.upfront_saving": (
        "Renting needs {share} less money up front than buying.",
        "与购买相比，租赁的前期投入低 {share}。",
    ),
    "cost.cloud_saving": (
        "Renting costs {share} less per month than the same GPUs in the cloud.",
        "与公有云相同 GPU 相比，租赁每月便宜 {share}。",
    ),
    "cost.only_buy": (
        "Only buying is priced: set rent or cloud prices in the design to compare.",
        "仅有购买方案的价格；在方案中填写租赁或公有云价格即可对比。",
    ),
    "cost.figure_caption": (
        "Money spent by each month, over {months} months; renting prepays whole years when the "
        "design sets an annual-prepay discount.",
        "{months} 个月内各方案的累计支出；方案设置了年付折扣时，租赁按整年预付计算。",
    ),
    "cost.x_label": ("Months", "月"),
    "cost.y_label": ("Cumulative cost ({currency})", "累计支出（{currency}）"),
    "cost.lines_title": ("Cost lines over {months}", "{months}成本构成"),
    "cost.col.line": ("Line", "项目"),
    "cost.line.servers": ("Servers", "服务器"),
    "cost.line.nics": ("NICs", "网卡"),
    "cost.line.switches": ("Switches", "交换机"),
    "cost.line.cables": ("Cables and optics", "线缆与光模块"),
    "cost.line.other hardware": ("Other hardware", "其他硬件"),
    "cost.line.installation": ("Installation", "安装调试"),
    "cost.line.electricity": ("Electricity", "电费"),
    "cost.line.space": ("Rack space", "机位费"),
    "cost.line.total": ("Total", "合计"),
    "cost.switch_title": ("Switches: rent or buy", "交换机：租赁还是购买"),
    "cost.switch_note": (
        "Break-even: months after which a bought switch (with installation and its own "
        "electricity) has cost less than renting it.",
        "回本周期：购买交换机（含安装和自身电费）的累计成本低于租赁所需的月数。",
    ),
    "cost.col.rent_month": ("Rent per month", "月租金"),
    "cost.col.buy_price": ("Buy price", "购买价"),
    "cost.col.opex": ("Own energy per month", "每月电费"),
    "cost.col.payback": ("Break-even", "回本周期"),
    "cost.never_short": ("never", "不回本"),
    # ----- risks ---------------------------------------------------------------------------------------
    "risk.intro": (
        "Every finding of the design checks, most severe first: {counts}. Errors make the "
        "cluster fail, trip breakers or run below its specification; warnings cost performance "
        "or resilience; notes are worth knowing.",
        "以下为方案检查发现的全部问题，按严重程度排序：{counts}。错误会导致集群无法运行、跳闸或"
        "性能不达标；警告影响性能或可靠性；提示供参考。",
    ),
    "risk.none": ("No checks were raised.", "没有发现问题。"),
    "risk.table_title": ("Findings", "检查结果"),
    "risk.table_note": (
        "The explanation is the engine's finding with this design's figures.",
        "“说明”列为分析引擎针对本方案得出的结论，含本方案的具体数值。",
    ),
    "risk.col.severity": ("Severity", "级别"),
    "risk.col.issue": ("Issue", "问题"),
    "risk.col.explanation": ("Explanation", "说明"),
    "risk.col.fix": ("Recommended fix", "建议措施"),
    "severity.error": ("Error", "错误"),
    "severity.warning": ("Warning", "警告"),
    "severity.info": ("Note", "提示"),
    # ----- deployment ----------------------------------------------------------------------------------
    "dep.env_title": ("NCCL environment", "NCCL 环境变量"),
    "dep.env_intro": (
        "Start from these settings on every node. NCCL tunes algorithm and protocol itself; "
        "what it cannot know is which NICs carry compute traffic and how the rails are "
        "cabled.",
        "所有节点以下列设置为起点。NCCL 会自行选择算法和协议，但无法得知哪些网卡承载计算流量、轨道如何接线。",
    ),
    "dep.col.variable": ("Variable", "变量"),
    "dep.col.value": ("Value", "取值"),
    "dep.col.reason": ("Why", "原因"),
    "dep.unset": ("(leave unset)", "（不设置）"),
    "dep.unset_line": ("# {name}: leave unset", "# {name}：不设置"),  # a shell comment (engine/deploy/nccl_env.py)
    "dep.exports": ("As shell exports:", "对应的 shell 设置："),
    "dep.acceptance_title": ("Acceptance test plan", "验收测试方案"),
    "dep.acceptance_intro": (
        "Run these three steps on the delivered cluster ({gpus} GPUs on {nodes} "
        "nodes) and compare with the expected figures; each has a pass threshold.",
        "集群交付后（{nodes} 个节点，共 {gpus} 张 GPU）依次执行以下三步，并与预期值对"
        "比，每一项都有通过标准。",
    ),
    "dep.step1": ("Step 1: every GPU and its PCIe link", "第一步：逐卡检查 GPU 及 PCIe 链路"),
    "dep.step1_text": (
        "Check with nvidia-smi topo -m that every GPU sits next to its NIC (PIX/PXB) and "
        "run the CUDA samples' bandwidthTest on every GPU. PCIe Gen{gen} x16 peaks at "
        "{peak} per direction; pinned host-to-device and device-to-host copies should reach "
        "about {expected}. Pass: at least {threshold} on every GPU.",
        "用 nvidia-smi topo -m 确认每张 GPU 与其网卡相邻（PIX/PXB），并在每张 GPU 上运行 "
        "CUDA samples 的 bandwidthTest。PCIe Gen{gen} x16 单向峰值 {peak}，锁页内存的主机到"
        "设备、设备到主机拷贝应达到约 {expected}。通过标准：每张 GPU 不低于 {threshold}。",
    ),
    "dep.step2": ("Step 2: nccl-tests across the nodes", "第二步：跨节点 nccl-tests"),
    "dep.step2_intro": (
        "Build nccl-tests with MPI, list the nodes in hosts.txt and run:",
        "编译带 MPI 支持的 nccl-tests，在 hosts.txt 中列出全部节点，然后运行：",
    ),
    "dep.expected_title": ("Expected results", "预期结果"),
    "dep.network_title": (
        "Raw network check: 2 nodes, NCCL_ALGO=Ring",
        "网络裸带宽检查：2 个节点，NCCL_ALGO=Ring",
    ),
    "dep.col.test": ("Test", "测试"),
    "dep.col.busbw": ("Expected busbw", "预期 busbw"),
    "dep.col.time": ("Expected time", "预期耗时"),
    "dep.col.pass": ("Pass if", "通过标准"),
    "dep.pass_busbw": ("busbw ≥ {busbw}", "busbw ≥ {busbw}"),
    "dep.pass_time": ("time ≤ {time}", "耗时 ≤ {time}"),
    "dep.th.large": (
        "{size} and above: busbw at least {share} of expected ({alltoall} for {op}): the model's "
        "90th-percentile error on measured large messages is {band}. A bad cable, a NIC at half "
        "speed or GPUDirect RDMA switched off falls far below.",
        "{size} 及以上：busbw 不低于预期的 {share}（{op} 为 {alltoall}）：模型在实测大消息上的第 90 百分位误差为 "
        "{band}。线缆故障、网卡降速或 GPUDirect RDMA 未开启都会远低于此值。",
    ),
    "dep.th.medium": (
        "1 MiB: busbw at least {share} of expected (the model's 90th-percentile error on medium "
        "sizes is {band}).",
        "1 MiB：busbw 不低于预期的 {share}（模型在中等消息上的第 90 百分位误差为 {band}）。",
    ),
    "dep.th.small": (
        "8 B: time at most {factor} × expected (the model's 90th-percentile error on small "
        "messages is {band}).",
        "8 B：耗时不超过预期的 {factor} 倍（模型在小消息上的第 90 百分位误差为 {band}）。",
    ),
    "dep.th.ring": (
        "On 2 nodes, Tree-based algorithms report busbw above the NIC line rate; the "
        "NCCL_ALGO=Ring run measures the network itself.",
        "2 个节点时，Tree 类算法报告的 busbw 会高于网卡线速；NCCL_ALGO=Ring 的测试才反映网络本身。",
    ),
    "dep.seed_note": (
        "A rule of thumb says a 64 MB AllReduce over {limit} ms means a misconfigured "
        "network; this design should take {time} ms, so that limit is {factor} × too lax: "
        "use the busbw thresholds above.",
        "经验说法是 64 MB AllReduce 超过 {limit} ms 即说明网络配置有误；本方案预期只需 "
        "{time} ms，该标准宽松了 {factor} 倍，请以上表的 busbw 标准为准。",
    ),
    "dep.step3": ("Step 3: an end-to-end training run", "第三步：端到端训练验证"),
    "dep.e2e.intro": (
        "Train {model} for {steps} steps on every GPU (for example with Megatron-LM) and "
        "compare the steady tokens per second with the estimate.",
        "用全部 GPU 训练 {model} {steps} 步（例如使用 Megatron-LM），将稳定后的每秒 tokens 与估算值对比。",
    ),
    "dep.e2e.layout": ("Layout", "并行切分"),
    "dep.e2e.layout_value": (
        "tensor {tp} × data {dp}, global batch {batch} × {seq} tokens",
        "张量并行 {tp} × 数据并行 {dp}，全局批量 {batch} × {seq} tokens",
    ),
    "dep.e2e.pass": (
        "at least {tokens} tokens/s ({share} of the estimate)",
        "不低于 {tokens} tokens/秒（估算值的 {share}）",
    ),
    # ----- sources -------------------------------------------------------------------------------------
    "src.assumptions": ("Model assumptions", "模型假设"),
    "src.a.collectives": (
        "Collectives: NCCL's own cost model (algorithm and protocol chosen per call, as "
        "NCCL does), calibrated to published nccl-tests measurements.",
        "集合通信：采用 NCCL 自身的代价模型（与 NCCL 一样逐次选择算法和协议），并用公开的"
        " nccl-tests 实测数据校准。",
    ),
    "src.a.topology": (
        "Network: tiers, oversubscription, bisection and failures come from the design's "
        "actual cabling, not from its template.",
        "网络：层级、收敛比、二分带宽和故障影响均依据方案的实际接线计算，而非模板。",
    ),
    "src.a.power": (
        "Power: catalog typical and maximum draw per device plus cable modules; feeds are "
        "loaded to {share} of their breaker rating.",
        "供电：按目录中各设备的典型和最大功耗，加上光模块/有源线缆的功耗；供电回路按断路器额定"
        "值的 {share} 持续负载。",
    ),
    "src.a.cooling": (
        "Cooling: every watt drawn becomes heat; capacity and PUE per cooling type from the catalog.",
        "散热：全部用电转化为热量；各制冷方式的制冷量和 PUE 取自目录。",
    ),
    "src.a.cost": (
        "Cost: installation at {install} of hardware, electricity at {price} per kWh, a "
        "project of {months}; a month is 730 hours.",
        "成本：安装费为硬件价格的 {install}，电价 {price}/kWh，项目周期 {months}；每月按 730 小时计。",
    ),
    "src.a.rate": (
        "Catalog prices are in US dollars, converted at {rate} CNY per USD.",
        "目录价格为美元，按 1 美元 = {rate} 元换算。",
    ),
    "src.a.training": (
        "Training: FLOPs per token from the model's shape, memory from ZeRO and activation "
        "formulas, communication from the collective model; validated against published "
        "training runs.",
        "训练：每 token 计算量由模型结构推出，显存按 ZeRO 和激活值公式计算，通信时间来自集合"
        "通信模型；已用公开的训练结果验证。",
    ),
    "src.a.racks": (
        "Prices are list prices or estimates for planning; ask suppliers for quotes before ordering.",
        "价格为目录价或规划估算值，下单前请向供应商询价。",
    ),
    "src.method": ("Method and public sources", "计算方法与公开来源"),
    "src.m.collectives": (
        "Collective communication: the ring, tree and NVLink SHARP algorithms and the LL, LL128 and Simple "
        "protocols as described in NVIDIA's NCCL documentation, with bus bandwidth defined as in NVIDIA's "
        "nccl-tests performance notes; calibrated to published nccl-tests results.",
        "集合通信：环形、树形与 NVLink SHARP 算法及 LL、LL128、Simple 协议均依据 NVIDIA NCCL 官方文档；"
        "总线带宽（busbw）的定义与 NVIDIA nccl-tests 一致，并用公开的 nccl-tests 实测结果校准。",
    ),
    "src.m.topology": (
        "Network: fat-tree and rail-optimized layouts as in NVIDIA's DGX SuperPOD reference architectures; "
        "oversubscription, bisection bandwidth and failure impact computed from this design's own links.",
        "网络：胖树与轨道优化组网参照 NVIDIA DGX SuperPOD 参考架构；收敛比、二分带宽与故障影响均按本方案的"
        "实际链路计算。",
    ),
    "src.m.power": (
        "Power: typical and maximum draw from the vendors' datasheets; continuous loads kept within 80 % of "
        "the breaker rating, as electrical codes require for continuous loads (e.g. NFPA 70, NEC 210.20).",
        "供电：典型与最大功耗取自厂商数据手册；持续负载不超过断路器额定值的 80%，与电气规范对持续负载的"
        "要求一致（如 NFPA 70 / NEC 210.20）。",
    ),
    "src.m.cooling": (
        "Cooling: all power drawn becomes heat; air and liquid capacities from the equipment datasheets, "
        "inlet conditions as in the ASHRAE TC 9.9 thermal guidelines for data-processing environments.",
        "散热：全部用电转化为热量；风冷与液冷能力取自设备数据手册，进风条件参照 ASHRAE TC 9.9 数据中心"
        "热环境指南。",
    ),
    "src.m.training": (
        "Training: compute per token from the model's shape (6 × parameters per token, Kaplan et al., "
        "\"Scaling Laws for Neural Language Models\", 2020), memory from ZeRO (Rajbhandari et al., 2020), "
        "parallelism as in Megatron-LM (Narayanan et al., 2021).",
        "训练：每 token 计算量按模型结构估算（每 token 约 6 × 参数量，Kaplan 等，《Scaling Laws for Neural "
        "Language Models》，2020），显存按 ZeRO（Rajbhandari 等，2020）计算，并行方式参照 Megatron-LM"
        "（Narayanan 等，2021）。",
    ),
    "src.m.cost": (
        "Cost: the prices listed in the bill of materials, electricity at the tariff stated above and the "
        "cooling overhead through the PUE; prices are planning figures until the suppliers quote.",
        "成本：采用物料清单中的价格，电费按上文电价计算，制冷开销通过 PUE 计入；在供应商正式报价之前，"
        "价格均为规划值。",
    ),
    "src.unavailable": ("Not computed for this design:", "本方案未能计算的部分："),
    "src.catalog": ("Sources of the catalog figures used", "所用硬件数据的来源"),
    "src.catalog_intro": (
        "Every product this design uses, the public sources of its figures and which figures are "
        "planning estimates (to be confirmed by the supplier).",
        "本方案用到的每种产品、其数据的公开来源，以及哪些数据为规划估算值（以供应商确认为准）。",
    ),
    "src.catalog_title": ("Catalog entries", "目录条目"),
    "src.col.source": ("Source", "来源"),
    "src.col.estimated": ("Estimated figures", "估算项"),
}
