"""The proposal's words, part 3: the headline figures of a comparison or sweep, and the sweep parameters.

engine/compare/designs.py (FIGURES) and engine/compare/sweep.py (PARAMS) label their figures and parameters in English
for the JSON output; these pairs name them by key in both languages, for the PDF's comparison section
and for the desktop app's Compare and Sweep dialogs (ui/engine_labels.py), so both say the same. Same
form as strings.py: one (English, Simplified Chinese) pair per key; the English is the engine's label.
"""

from __future__ import annotations

FIGURE_PREFIX, PARAM_PREFIX = "fig.", "param."

COMPARE: dict[str, tuple[str, str]] = {
    # ----- headline figures (engine/compare/designs.py FIGURES, by key) ------------------------------------------
    "fig.gpus": ("GPUs", "GPU 数"),
    "fig.nodes": ("GPU servers", "GPU 服务器数"),
    "fig.racks": ("Racks", "机柜数"),
    "fig.it_kw": ("IT power under training load", "训练负载下的 IT 功耗"),
    "fig.it_peak_kw": ("IT power, peak", "IT 功耗（峰值）"),
    "fig.facility_kw": ("Facility power (IT x PUE)", "机房总功耗（IT × PUE）"),
    "fig.buy_upfront": ("Buy: hardware and installation", "采购：硬件及安装"),
    "fig.buy_monthly": ("Buy: cost per month", "采购：每月成本"),
    "fig.buy_total": ("Buy: total over the project", "采购：项目周期总成本"),
    "fig.buy_per_gpu_hour": ("Buy: cost per GPU-hour", "采购：每 GPU 小时成本"),
    "fig.rent_monthly": ("Rent: cost per month", "租用：每月成本"),
    "fig.rent_total": ("Rent: total over the project", "租用：项目周期总成本"),
    "fig.rent_per_gpu_hour": ("Rent: cost per GPU-hour", "租用：每 GPU 小时成本"),
    "fig.cloud_monthly": ("Cloud: cost per month", "云上：每月成本"),
    "fig.cloud_total": ("Cloud: total over the project", "云上：项目周期总成本"),
    "fig.cloud_per_gpu_hour": ("Cloud: cost per GPU-hour", "云上：每 GPU 小时成本"),
    "fig.allreduce_busbw_1gib": ("AllReduce busbw at 1 GiB", "1 GiB AllReduce 总线带宽"),
    "fig.allreduce_time_128mib": ("AllReduce time at 128 MiB", "128 MiB AllReduce 耗时"),
    "fig.alltoall_busbw_1gib": ("AllToAll busbw at 1 GiB", "1 GiB AllToAll 总线带宽"),
    "fig.training_step_time": ("Training step time", "训练单步耗时"),
    "fig.training_tokens_per_s": ("Training tokens per second", "训练每秒 token 数"),
    "fig.training_mfu": ("Training MFU", "训练 MFU"),
    "fig.training_days": ("Days to train", "训练天数"),
    "fig.training_run_cost": ("Training run at the buy GPU-hour price", "按采购 GPU 小时价格计的训练费用"),
    "fig.checks_error": ("Checks: errors", "检查：错误"),
    "fig.checks_warning": ("Checks: warnings", "检查：警告"),
    "fig.checks_info": ("Checks: notes", "检查：提示"),
    # a sweep's derived figure (engine/compare/sweep.py EFFICIENCY_KEY)
    "fig.training_scaling_efficiency": ("Training throughput per GPU vs the first value",
                                        "单卡训练吞吐（相对第一个取值）"),
    # ----- sweep parameters (engine/compare/sweep.py PARAMS, by name) --------------------------------------------
    "param.nodes": ("GPU servers", "GPU 服务器数"),
    "param.nic_gbps": ("NIC speed, Gb/s", "网卡速率 Gb/s"),
    "param.oversubscription": ("leaf oversubscription (down:up)", "Leaf 收敛比（下行:上行）"),
    "param.rack_kw": ("rack power budget, kW", "机柜功率预算 kW"),
    "param.nic": ("compute NIC (catalog id)", "计算网卡（目录 id）"),
    "param.server": ("GPU server (catalog id)", "GPU 服务器（目录 id）"),
}


def figure_label_in(key: str, english: str, zh: bool) -> str:
    """A headline figure's label by key in Chinese (``zh``), else the engine's ``english`` label as it is."""
    pair = COMPARE.get(FIGURE_PREFIX + key)
    return pair[1] if zh and pair is not None else english


def param_label_in(name: str, english: str, zh: bool) -> str:
    """A sweep parameter's label by name in Chinese (``zh``), else the engine's ``english`` label as it is."""
    pair = COMPARE.get(PARAM_PREFIX + name)
    return pair[1] if zh and pair is not None else english
