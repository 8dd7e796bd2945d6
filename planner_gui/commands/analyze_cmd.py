"""``cluster-planner analyze FILE [--json]``: everything the planner computes about a design.

The text form is a report for a reader: summary, topology tiers, a bus-bandwidth table, checks,
the NCCL environment, power per rack, cost and training. ``--json`` prints ``Analysis.to_json()``,
the shape documented in docs/analyze-json.md. The engine is imported only when the command runs.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from planner_gui.commands import counts
from planner_gui.commands import engine_words as words
from planner_gui.commands.columns import pad, row, wrap
from planner_gui.commands.common import catalog_for_cli, load_for_cli, print_json
from planner_gui.commands.language import is_chinese, text, translate
from planner_gui.present import format_bytes

if TYPE_CHECKING:  # the engine itself is imported only when the command runs
    from planner_gui.engine import Analysis

MAX_RACK_ROWS = 20  # racks listed in the text report; the rest are counted (all are in --json)
MAX_CHECKS_PER_CODE = 3  # a 1,024-node design can raise the same rack check hundreds of times
WRAP = 100  # columns per line for messages
LABEL_WIDTH = 14  # the summary's labels
W_PER_KW = 1000.0
US_PER_MS = 1000.0
PERCENT = 100.0
SMALL_BANDWIDTH_GBPS = 10.0  # below this one decimal hides latency-bound figures (8 B: ~0.0002 GB/s)
# The busbw table's sizes: the acceptance sizes (8 B, 1 MiB, 64 MiB, 1 GiB, 8 GiB; acceptance.py).
TABLE_SIZES = (8, 2**20, 2**26, 2**30, 2**33)


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("analyze",
                                 help=translate("CLI", "analyse a design: fabric, collectives, power, cost, ..."))
    parser.add_argument("file", help=translate("CLI", "the .cluster file"))
    parser.add_argument("--json", action="store_true",
                        help=translate("CLI", "print JSON (its shape: Help, page 'Analyze json')"))
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from planner_gui.engine import analyze_design

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


def _wrap(text: str, indent: str) -> list[str]:
    return wrap(text, WRAP, indent)


def _field(label: str, value: str) -> str:
    """A summary line: the label padded to one column, then its figures."""
    return f"  {pad(label, LABEL_WIDTH)}{value}"


def _days(value: float | None) -> str:
    return _num(value, ",.1f", " " + translate("CLI", "days"))


# ----- sections --------------------------------------------------------------------------------
def _summary(a: Analysis) -> list[str]:
    s, cur = a.summary, a.summary.currency
    checks = words.join_list(f"{words.severity(severity)} {count}" for severity, count in s.checks.items())
    lines = [
        translate("CLI", "Design: {name}").format(name=s.name),
        _field(translate("CLI", "GPUs"), translate(
            "CLI", "{gpus} in {nodes}, {racks}; largest job {job_gpus} on {job_nodes}"
        ).format(gpus=s.gpus, nodes=counts.servers(s.nodes), racks=counts.racks(s.racks),
                 job_gpus=counts.gpus(s.job_gpus), job_nodes=counts.servers(s.job_nodes))),
        _field(translate("CLI", "power"), translate(
            "CLI", "IT {training} under training load, {peak} peak ({typical} at the typical draw, an "
                   "alternative); facility {facility} at PUE {pue}"
        ).format(training=_num(s.it_kw, unit=" kW"), typical=_num(s.it_typical_kw, unit=" kW"),
                 peak=_num(s.it_peak_kw, unit=" kW"),
                 facility=_num(s.facility_kw, unit=" kW"), pue=_num(s.pue, ".2f"))),
        _field(translate("CLI", "cost"), translate(
            "CLI", "buy {upfront} up front + {monthly}/month; rent {rent}/month; cloud {cloud}/month"
        ).format(upfront=_money(s.buy_upfront, cur), monthly=_money(s.buy_monthly, cur),
                 rent=_money(s.rent_monthly, cur), cloud=_money(s.cloud_monthly, cur))),
        _field("AllReduce", translate("CLI", "{busbw} bus bandwidth at 1 GiB").format(
            busbw=_num(s.allreduce_busbw_1gib_gbps, unit=" GB/s"))),
        _field(translate("CLI", "training"), translate("CLI", "step {step}, {days} to train").format(
            step=_num(s.training_step_time_s, ".2f", " s"), days=_days(s.training_days))),
        _field(translate("CLI", "checks"), checks),
    ]
    return lines + [_field(translate("CLI", "not computed"), translate("CLI", "{section}: {reason}").format(
        section=words.section(name), reason=text(why))) for name, why in s.unavailable.items()]


def _topology(a: Analysis) -> list[str]:
    t = a.topology
    if t is None:
        return []
    lines = [translate("CLI", "Topology: {servers}, {gpus}, {technology} compute fabric, {tiers}, {switches}, "
                              "{links}").format(
                 servers=counts.servers(t.servers), gpus=counts.gpus(t.gpus),
                 technology=words.technology_word(t.technology) or translate("CLI", "no"),
                 tiers=counts.switch_tiers(t.switch_tiers), switches=counts.fabric_switches(t.fabric_switches),
                 links=counts.fabric_links(t.fabric_links)),
             "  " + row((translate("CLI", "tier"), 14, "<"), (translate("CLI", "devices"), 8, ">"),
                        (translate("CLI", "down Gb/s"), 12, ">"), (translate("CLI", "up Gb/s"), 12, ">"))
             + "  " + translate("CLI", "oversubscription worst/typical/total")]
    for tier in t.tiers:
        ratios = "/".join(_num(r, ".2f") for r in (tier.oversubscription_worst, tier.oversubscription_typical,
                                                    tier.oversubscription_aggregate))
        lines.append(f"  {pad(tier.name, 14)}{tier.devices:>8}{tier.down_gbps:>12,.0f}{tier.up_gbps:>12,.0f}  "
                     f"{ratios}")
    values = {"bisection": f"{t.bisection_gbps:,.0f}", "fraction": f"{t.bisection_fraction:.2f}",
              "ratio": f"{t.collective_oversubscription:.2f}", "tier": t.collective_oversubscription_at}
    lines.append("  " + (translate("CLI", "bisection {bisection} Gb/s ({fraction} of non-blocking); collective "
                                          "oversubscription {ratio} at {tier}")
                         if t.collective_oversubscription_at else
                         translate("CLI", "bisection {bisection} Gb/s ({fraction} of non-blocking); collective "
                                          "oversubscription {ratio}")).format(**values))
    lines.append("  " + translate("CLI", "cabling {style}; up to {hops} between servers; {switches}, {links}").format(
        style=t.rails.style, hops=counts.switch_hops(t.hops.max_switch_hops),
        switches=counts.single_point_switches(t.spof_switch_count),
        links=counts.single_point_links(t.spof_link_count)))
    return lines


def _collectives(a: Analysis) -> list[str]:
    c = a.collectives
    if c is None:
        return []
    p = c.profile
    ops = tuple(c.curves)
    nics = (counts.nics(p.nics_per_node, p.nic_gbps, words.technology_word(p.technology))
            if p.nics_per_node else translate("CLI", "no NICs"))
    lines = [translate("CLI", "Collectives (predicted nccl-tests busbw, GB/s): {nodes} x {per_node} {gpu}, {nics}"
                       ).format(nodes=p.nodes, per_node=p.gpus_per_node, gpu=p.gpu_name, nics=nics),
             "  " + pad(translate("CLI", "size"), 8, ">") + "".join(f"{op:>15}" for op in ops)]
    for size in TABLE_SIZES:
        points = [c.point(op, size) for op in ops]
        lines.append(f"  {format_bytes(size):>8}" + "".join(f"{_bandwidth(r and r.busbw_GBps):>15}" for r in points))
    time_us = c.allreduce_time_128mib_us
    time_ms = None if time_us is None else time_us / US_PER_MS
    lines.append("  " + translate("CLI", "AllReduce of 128 MiB: {time}").format(time=_num(time_ms, ".2f", " ms")))
    return lines


def _checks(a: Analysis) -> list[str]:
    """Every check, grouped by code: the first few of each in full, its fix once, the rest counted."""
    if not a.checks:
        return [translate("CLI", "Checks: none")]
    lines = [translate("CLI", "Checks ({count}):").format(count=len(a.checks))]
    by_code: dict[str, list[Any]] = {}
    for check in a.checks:  # already most severe first; dict order keeps that
        by_code.setdefault(check.code, []).append(check)
    for code, checks in by_code.items():
        for check in checks[:MAX_CHECKS_PER_CODE]:
            lines += _wrap(f"[{words.severity(check.severity)}] {code}: {words.check_message(check)}", "  ")
        if len(checks) > MAX_CHECKS_PER_CODE:
            lines.append("  " + translate("CLI", "... and {count} more {code} (all are in --json)").format(
                count=len(checks) - MAX_CHECKS_PER_CODE, code=code))
        if checks[0].fix:
            lines += _wrap(translate("CLI", "fix: {fix}").format(fix=words.check_fix(checks[0])), "      ")
    return lines


def _nccl_env(a: Analysis) -> list[str]:
    from planner_gui.engine import export_line

    if not a.nccl_env:
        return []
    lines = [translate("CLI", "NCCL environment:")]
    for setting in a.nccl_env:
        if setting.is_site:
            lines.append(f"  # export {setting.name}={words.nccl_ask(setting)}")
        else:
            lines.append("  " + export_line(setting, translate("CLI", "# {name}: leave unset")))
        lines += _wrap(words.nccl_reason(setting), "      ")
        if setting.verify:
            lines += _wrap(translate("CLI", "check: {check}").format(check=words.nccl_verify(setting)), "      ")
    if any(s.name == "NCCL_IB_TC" for s in a.nccl_env):
        lines += _roce_qos()
    return lines


def _roce_qos() -> list[str]:
    from planner_gui.engine import ROCE_QOS_CHECKLIST
    from planner_gui.report.content.strings_deploy import qos_step_in

    lines = ["", translate("CLI", "RoCE QoS checklist (switches and hosts must agree on one lossless class):")]
    for step in ROCE_QOS_CHECKLIST:
        action, verify = qos_step_in(step, is_chinese())
        where = translate("CLI", "switch") if step.where == "switch" else translate("CLI", "host")
        lines += _wrap(f"[{where}] {text(action)}", "  ")
        lines += _wrap(translate("CLI", "check: {check}").format(check=text(verify)), "      ")
    return lines


def _power(a: Analysis) -> list[str]:
    p = a.power
    if p is None:
        return []
    racks = sorted(p.racks.values(), key=lambda r: (not r.over_budget, r.rack_id))
    cooling = a.cooling.racks if a.cooling is not None else {}
    lines = [translate("CLI", "Power: {typical} kW typical, {peak} kW peak over {racks}").format(
                 typical=f"{p.typical_w / W_PER_KW:,.1f}", peak=f"{p.max_w / W_PER_KW:,.1f}",
                 racks=counts.racks(len(racks))),
             "  " + row((translate("CLI", "rack"), 12, "<"), (translate("CLI", "devices"), 8, ">"),
                        (translate("CLI", "GPUs"), 6, ">"), (translate("CLI", "typical kW"), 12, ">"),
                        (translate("CLI", "peak kW"), 10, ">"), (translate("CLI", "budget kW"), 11, ">"))
             + "  " + translate("CLI", "status")]
    for rack in racks[:MAX_RACK_ROWS]:
        cool = cooling.get(rack.rack_id)
        status = [word for word, bad in ((translate("CLI", "over budget"), rack.over_budget),
                                         (translate("CLI", "over cooling"), cool is not None and cool.over_capacity),
                                         (translate("CLI", "feeds not redundant"), not rack.feed_redundant)) if bad]
        state = words.join_list(status) or translate("CLI", "ok")
        lines.append(f"  {pad(rack.rack_id, 12)}{rack.device_count:>8}{rack.gpu_count:>6}"
                     f"{rack.typical_w / W_PER_KW:>12.1f}{rack.max_w / W_PER_KW:>10.1f}"
                     f"{rack.budget_w / W_PER_KW:>11.1f}  {state}")
    if len(racks) > MAX_RACK_ROWS:
        lines.append("  " + translate("CLI", "... and {count} more racks (all are in --json)").format(
            count=len(racks) - MAX_RACK_ROWS))
    return lines


def _cost(a: Analysis) -> list[str]:
    c = a.cost
    if c is None:
        return []
    options = {"buy": translate("CLI", "buy"), "rent": translate("CLI", "rent"), "cloud": translate("CLI", "cloud")}
    lines = [translate("CLI", "Cost over {months} months ({currency}):").format(months=c.project_months,
                                                                              currency=c.currency),
             "  " + row((translate("CLI", "option"), 8, "<"), (translate("CLI", "up front"), 16, ">"),
                        (translate("CLI", "monthly"), 14, ">"), (translate("CLI", "total"), 16, ">"),
                        (translate("CLI", "per GPU-hour"), 14, ">"), (translate("CLI", "network"), 9, ">"))]
    for o in c.options.values():
        lines.append(f"  {pad(options.get(o.name, o.name), 8)}{o.upfront:>16,.0f}{o.monthly:>14,.0f}{o.total:>16,.0f}"
                     f"{_num(o.per_gpu_hour, ',.2f'):>14}{_share(o.network_share):>9}")
    if c.energy is not None:
        lines += _wrap(translate("CLI", "electricity (in buy's monthly): {training}/month at the draw under training "
                                        "load ({training_kw} IT); at the typical draw ({typical_kw} IT), an "
                                        "alternative: {typical}/month").format(
            training=_money(c.energy.monthly_training, c.currency), training_kw=_num(c.energy.it_training_kw,
                                                                                    unit=" kW"),
            typical=_money(c.energy.monthly_typical, c.currency),
            typical_kw=_num(c.energy.it_typical_kw, unit=" kW")), "  ")
    if c.buy_vs_rent_month is not None:
        lines.append("  " + translate("CLI", "buying costs no more than rent from month {month}").format(
            month=c.buy_vs_rent_month))
    if c.buy_vs_cloud_month is not None:
        lines.append("  " + translate("CLI", "buying costs no more than cloud from month {month}").format(
            month=c.buy_vs_cloud_month))
    return lines


def _training(a: Analysis) -> list[str]:
    t = a.training
    if t is None:
        return []
    e = t.estimate
    lines = [translate("CLI", "Training: {model} on {gpus} GPUs ({gpu}, {per_node} per node)").format(
                 model=text(t.model_name), gpus=t.gpus, gpu=t.gpu_id, per_node=t.gpus_per_node),
             "  " + translate("CLI", "step {step} s, {tokens} tokens/s, {tflops} TFLOP/s per GPU (model), MFU {mfu}, "
                                     "HFU {hfu}").format(
                 step=f"{e.step_time_s:.2f}", tokens=f"{e.tokens_per_s:,.0f}",
                 tflops=f"{e.tflops_per_gpu_model:.0f}", mfu=_share(e.mfu), hfu=_share(e.hfu)),
             "  " + translate("CLI", "memory {used} of {capacity} GB per GPU: {fits}; dominant part {dominant}; "
                                     "{days} days to train").format(
                 used=f"{e.memory_per_gpu_gb:.1f}", capacity=f"{e.memory.capacity_gb:.0f}",
                 fits=translate("CLI", "fits") if e.fits else translate("CLI", "does NOT fit"),
                 dominant=words.step_part(e.dominant), days=f"{e.days_to_train:,.1f}")]
    if t.scaling:
        points = words.join_list(f"{p.gpus}: {_share(p.efficiency)}" for p in t.scaling)
        lines.append("  " + translate("CLI", "scaling efficiency (GPUs: efficiency) {points}").format(points=points))
    if a.storage is not None:
        s = a.storage.estimate
        lines += _wrap(translate("CLI", "storage ({source}): data {needed} of {available} GB/s; checkpoint {size} GB "
                                        "written in {seconds} s").format(
            source=text(a.storage.source), needed=f"{s.data_rate_needed_gbs:.3g}",
            available=f"{s.data_rate_available_gbs:,.1f}", size=f"{s.checkpoint_size_gb:,.0f}",
            seconds=f"{s.checkpoint_write_s:,.0f}"), "  ")
    return lines
