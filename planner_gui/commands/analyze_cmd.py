"""``cluster-planner analyze FILE [--json]``: everything the planner computes about a design.

The text form is a report for a reader: summary, topology tiers, a bus-bandwidth table, checks,
the NCCL environment, power per rack, cost and training. ``--json`` prints ``Analysis.to_json()``,
the shape documented in docs/analyze-json.md. The engine is imported only when the command runs.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from planner_gui.commands.common import catalog_for_cli, load_for_cli, print_json

if TYPE_CHECKING:  # the engine itself is imported only when the command runs
    from planner_gui.engine.analysis import Analysis

MAX_RACK_ROWS = 20  # racks listed in the text report; the rest are counted (all are in --json)
MAX_CHECKS_PER_CODE = 3  # a 1,024-node design can raise the same rack check hundreds of times
WRAP = 100  # characters per line for messages
W_PER_KW = 1000.0
US_PER_MS = 1000.0
PERCENT = 100.0
SMALL_BANDWIDTH_GBPS = 10.0  # below this one decimal hides latency-bound figures (8 B: ~0.0002 GB/s)
# The busbw table's sizes: the acceptance sizes (8 B, 1 MiB, 64 MiB, 1 GiB, 8 GiB; acceptance.py).
TABLE_SIZES = (8, 2**20, 2**26, 2**30, 2**33)


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("analyze", help="analyse a design: fabric, collectives, power, cost, ...")
    parser.add_argument("file", help="the .cluster file")
    parser.add_argument("--json", action="store_true", help="print JSON (shape: docs/analyze-json.md)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from planner_gui.engine.analysis import analyze_design

    catalog = catalog_for_cli()
    design = load_for_cli(args.file, catalog).design
    analysis = analyze_design(design, catalog)
    if args.json:
        print_json(analysis.to_json())
    else:
        print("\n".join(report_lines(analysis)))
    return 0


def report_lines(a: Analysis) -> list[str]:
    """The plain-text report of an :class:`~planner_gui.engine.analysis.Analysis`, section by section."""
    lines: list[str] = []
    for part in (_summary, _topology, _collectives, _checks, _nccl_env, _power, _cost, _training):
        section = part(a)
        if section:
            lines += ["", *section] if lines else section
    return lines


# ----- formatting ------------------------------------------------------------------------------
def _num(value: float | None, fmt: str = ",.1f", unit: str = "") -> str:
    return "-" if value is None else f"{value:{fmt}}{unit}"


def _money(value: float | None, currency: str) -> str:
    return "-" if value is None else f"{currency} {value:,.0f}"


def _share(value: float | None) -> str:
    return _num(None if value is None else value * PERCENT, ".0f", " %")


def _bandwidth(gbps: float | None) -> str:
    """GB/s with one decimal, or three significant digits below 10 (latency-bound sizes)."""
    return _num(gbps, ",.1f" if gbps is None or gbps >= SMALL_BANDWIDTH_GBPS else ".3g")


def _size(nbytes: int) -> str:
    for unit, scale in (("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if nbytes >= scale and nbytes % scale == 0:
            return f"{nbytes // scale} {unit}"
    return f"{nbytes} B"


def _wrap(text: str, indent: str) -> list[str]:
    lines, line = [], indent
    for word in text.split():
        if len(line) + len(word) + 1 > WRAP and line.strip():
            lines.append(line.rstrip())
            line = indent
        line += word + " "
    return [*lines, line.rstrip()] if line.strip() else lines


# ----- sections --------------------------------------------------------------------------------
def _summary(a: Analysis) -> list[str]:
    s, cur = a.summary, a.summary.currency
    checks = ", ".join(f"{severity} {count}" for severity, count in s.checks.items())
    lines = [
        f"Design: {s.name}",
        f"  GPUs          {s.gpus} in {s.nodes} servers, {s.racks} racks; "
        f"largest job {s.job_gpus} GPUs on {s.job_nodes} servers",
        f"  power         IT {_num(s.it_kw, unit=' kW')} typical, {_num(s.it_peak_kw, unit=' kW')} peak; "
        f"facility {_num(s.facility_kw, unit=' kW')} at PUE {_num(s.pue, '.2f')}",
        f"  cost          buy {_money(s.buy_upfront, cur)} up front + {_money(s.buy_monthly, cur)}/month; "
        f"rent {_money(s.rent_monthly, cur)}/month; cloud {_money(s.cloud_monthly, cur)}/month",
        f"  AllReduce     {_num(s.allreduce_busbw_1gib_gbps, unit=' GB/s')} bus bandwidth at 1 GiB",
        f"  training      step {_num(s.training_step_time_s, '.2f', ' s')}, "
        f"{_num(s.training_days, ',.1f', ' days')} to train",
        f"  checks        {checks}",
    ]
    return lines + [f"  not computed  {name}: {why}" for name, why in s.unavailable.items()]


def _topology(a: Analysis) -> list[str]:
    t = a.topology
    if t is None:
        return []
    lines = [f"Topology: {t.servers} servers, {t.gpus} GPUs, {t.technology or 'no'} compute fabric, "
             f"{t.switch_tiers} switch tier(s), {t.fabric_switches} fabric switches, "
             f"{t.fabric_links} fabric links",
             f"  {'tier':<14}{'devices':>8}{'down Gb/s':>12}{'up Gb/s':>12}  oversubscription "
             "worst/typical/total"]
    for tier in t.tiers:
        ratios = "/".join(_num(r, ".2f") for r in (tier.oversubscription_worst, tier.oversubscription_typical,
                                                    tier.oversubscription_aggregate))
        lines.append(f"  {tier.name:<14}{tier.devices:>8}{tier.down_gbps:>12,.0f}{tier.up_gbps:>12,.0f}  "
                     f"{ratios}")
    where = f" at {t.collective_oversubscription_at}" if t.collective_oversubscription_at else ""
    lines.append(f"  bisection {t.bisection_gbps:,.0f} Gb/s ({t.bisection_fraction:.2f} of non-blocking); "
                 f"collective oversubscription {t.collective_oversubscription:.2f}{where}")
    lines.append(f"  cabling {t.rails.style}; up to {t.hops.max_switch_hops} switch hop(s) between servers; "
                 f"{t.spof_switch_count} single-point switch(es), {t.spof_link_count} single-point link(s)")
    return lines


def _collectives(a: Analysis) -> list[str]:
    c = a.collectives
    if c is None:
        return []
    p = c.profile
    ops = tuple(c.curves)
    nics = f"{p.nics_per_node} x {p.nic_gbps:g} Gb/s {p.technology} NICs" if p.nics_per_node else "no NICs"
    lines = [f"Collectives (predicted nccl-tests busbw, GB/s): {p.nodes} x {p.gpus_per_node} {p.gpu_name}, "
             f"{nics}", f"  {'size':>8}" + "".join(f"{op:>15}" for op in ops)]
    for size in TABLE_SIZES:
        points = [c.point(op, size) for op in ops]
        lines.append(f"  {_size(size):>8}" + "".join(f"{_bandwidth(r and r.busbw_GBps):>15}" for r in points))
    time_us = c.allreduce_time_128mib_us
    time_ms = None if time_us is None else time_us / US_PER_MS
    lines.append(f"  AllReduce of 128 MiB: {_num(time_ms, '.2f', ' ms')}")
    return lines


def _checks(a: Analysis) -> list[str]:
    """Every check, grouped by code: the first few of each in full, its fix once, the rest counted."""
    if not a.checks:
        return ["Checks: none"]
    lines = [f"Checks ({len(a.checks)}):"]
    by_code: dict[str, list[Any]] = {}
    for check in a.checks:  # already most severe first; dict order keeps that
        by_code.setdefault(check.code, []).append(check)
    for code, checks in by_code.items():
        for check in checks[:MAX_CHECKS_PER_CODE]:
            lines += _wrap(f"[{check.severity}] {code}: {check.message}", "  ")
        if len(checks) > MAX_CHECKS_PER_CODE:
            lines.append(f"  ... and {len(checks) - MAX_CHECKS_PER_CODE} more {code} (all are in --json)")
        if checks[0].fix:
            lines += _wrap(f"fix: {checks[0].fix}", "      ")
    return lines


def _nccl_env(a: Analysis) -> list[str]:
    if not a.nccl_env:
        return []
    lines = ["NCCL environment:"]
    for setting in a.nccl_env:
        lines.append(f"  export {setting.name}={setting.value}" if setting.is_set
                     else f"  # {setting.name}: leave unset")
        lines += _wrap(setting.reason, "      ")
    return lines


def _power(a: Analysis) -> list[str]:
    p = a.power
    if p is None:
        return []
    racks = sorted(p.racks.values(), key=lambda r: (not r.over_budget, r.rack_id))
    cooling = a.cooling.racks if a.cooling is not None else {}
    lines = [f"Power: {p.typical_w / W_PER_KW:,.1f} kW typical, {p.max_w / W_PER_KW:,.1f} kW peak over "
             f"{len(racks)} racks",
             f"  {'rack':<12}{'devices':>8}{'GPUs':>6}{'typical kW':>12}{'peak kW':>10}{'budget kW':>11}"
             "  status"]
    for rack in racks[:MAX_RACK_ROWS]:
        cool = cooling.get(rack.rack_id)
        status = [word for word, bad in (("over budget", rack.over_budget),
                                         ("over cooling", cool is not None and cool.over_capacity),
                                         ("feeds not redundant", not rack.feed_redundant)) if bad]
        lines.append(f"  {rack.rack_id:<12}{rack.device_count:>8}{rack.gpu_count:>6}"
                     f"{rack.typical_w / W_PER_KW:>12.1f}{rack.max_w / W_PER_KW:>10.1f}"
                     f"{rack.budget_w / W_PER_KW:>11.1f}  {', '.join(status) or 'ok'}")
    if len(racks) > MAX_RACK_ROWS:
        lines.append(f"  ... and {len(racks) - MAX_RACK_ROWS} more racks (all are in --json)")
    return lines


def _cost(a: Analysis) -> list[str]:
    c = a.cost
    if c is None:
        return []
    lines = [f"Cost over {c.project_months} months ({c.currency}):",
             f"  {'option':<8}{'up front':>16}{'monthly':>14}{'total':>16}{'per GPU-hour':>14}{'network':>9}"]
    for o in c.options.values():
        lines.append(f"  {o.name:<8}{o.upfront:>16,.0f}{o.monthly:>14,.0f}{o.total:>16,.0f}"
                     f"{_num(o.per_gpu_hour, ',.2f'):>14}{_share(o.network_share):>9}")
    for label, month in (("rent", c.buy_vs_rent_month), ("cloud", c.buy_vs_cloud_month)):
        if month is not None:
            lines.append(f"  buying costs no more than {label} from month {month}")
    return lines


def _training(a: Analysis) -> list[str]:
    t = a.training
    if t is None:
        return []
    e = t.estimate
    lines = [f"Training: {t.model_name} on {t.gpus} GPUs ({t.gpu_id}, {t.gpus_per_node} per node)",
             f"  step {e.step_time_s:.2f} s, {e.tokens_per_s:,.0f} tokens/s, {e.tflops_per_gpu_model:.0f} "
             f"TFLOP/s per GPU (model), MFU {_share(e.mfu)}, HFU {_share(e.hfu)}",
             f"  memory {e.memory_per_gpu_gb:.1f} of {e.memory.capacity_gb:.0f} GB per GPU: "
             f"{'fits' if e.fits else 'does NOT fit'}; dominant part {e.dominant}; "
             f"{e.days_to_train:,.1f} days to train"]
    if t.scaling:
        points = ", ".join(f"{p.gpus}: {_share(p.efficiency)}" for p in t.scaling)
        lines.append(f"  scaling efficiency (GPUs: efficiency) {points}")
    if a.storage is not None:
        s = a.storage.estimate
        lines += _wrap(f"storage ({a.storage.source}): data {s.data_rate_needed_gbs:.3g} of "
                       f"{s.data_rate_available_gbs:,.1f} GB/s; checkpoint {s.checkpoint_size_gb:,.0f} GB "
                       f"written in {s.checkpoint_write_s:,.0f} s", "  ")
    return lines
