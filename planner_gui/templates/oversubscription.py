"""What oversubscription a generated compute fabric has, against the one asked for, and why they differ.

The built ratio of a leaf is what its wired ports carry: connected downlinks × their speed over connected
uplinks × theirs (the same figure the topology report calls the leaf's oversubscription). The generator
wires the uplinks the busiest leaf needs for the asked ratio (clos.uplinks_for); when the worst leaf still
differs from it, it says what it built and which constraint made it so: uplinks the spines cannot take
evenly, fewer uplink ports than the ratio needs, or a NIC count the ratio does not divide. No Qt.
"""

from __future__ import annotations

import math
import statistics

from planner_gui.model.messages import QT_TRANSLATE_NOOP, Text
from planner_gui.templates.clos import RATIO_EPSILON, ClosPlan, PlannedSwitch, port_speed

RATIO_TOLERANCE = 0.01  # built within 1 % of the asked ratio counts as that ratio (3.03:1 prints as 3:1)


def _ratio(leaf: PlannedSwitch) -> float:
    down = sum(port_speed(leaf.entry, p) for p in leaf.down[:leaf.used_down])
    return down / sum(port_speed(leaf.entry, p) for p in leaf.up[:leaf.used_up])


def leaf_ratios(plan: ClosPlan) -> list[float]:
    """Every leaf's built down:up capacity ratio (leaves without a wired uplink have none)."""
    return [_ratio(leaf) for leaf in plan.switches if leaf.tier == "leaf" and leaf.used_up]


def oversubscription_note(plan: ClosPlan, asked: float, endpoints: int) -> Text | None:
    """None when the worst leaf was built at ``asked`` (or no uplinks were needed for 1:1), else one sentence:
    the ratio asked, the ratio built (worst leaf, and the median when leaves differ) and why."""
    leaves = [s for s in plan.switches if s.tier == "leaf"]
    if not leaves:
        return None
    ratios = leaf_ratios(plan)
    if not ratios:
        if asked <= 1.0 + RATIO_TOLERANCE:
            return None
        return QT_TRANSLATE_NOOP("Templates", "Oversubscription {asked:g}:1 was asked for, but the fabric is "
                                              "non-blocking: one leaf switch holds all {endpoints} NICs, so it "
                                              "has no uplinks to oversubscribe.").fill(asked=asked,
                                                                                       endpoints=endpoints)
    worst, median = max(ratios), statistics.median(ratios)
    if math.isclose(worst, asked, rel_tol=RATIO_TOLERANCE):
        return None  # a leaf the nodes fill only in part is less oversubscribed than asked: never worse
    built = (QT_TRANSLATE_NOOP("Templates", "{worst:.3g}:1").fill(worst=worst) if math.isclose(worst, median)
             else QT_TRANSLATE_NOOP("Templates", "{worst:.3g}:1 at the worst leaf, {median:.3g}:1 at the "
                                                 "median").fill(worst=worst, median=median))
    worst_leaf = max((s for s in leaves if s.used_up), key=lambda s: (_ratio(s), s.id))
    return QT_TRANSLATE_NOOP("Templates", "Oversubscription {asked:g}:1 was asked for; the leaves were built at "
                                          "{built}: {reason}.").fill(asked=asked, built=built,
                                                                     reason=_reason(worst_leaf, asked))


def _reason(leaf: PlannedSwitch, asked: float) -> Text:
    """Which constraint gave ``leaf`` (the worst) another ratio than ``asked``."""
    down_speed, up_speed = port_speed(leaf.entry, leaf.down[0]), port_speed(leaf.entry, leaf.up[0])
    exact = leaf.used_down * down_speed / (asked * up_speed)  # uplinks the asked ratio needs, unrounded
    need = math.ceil(exact - RATIO_EPSILON)
    if leaf.used_up < min(need, len(leaf.up)):
        return QT_TRANSLATE_NOOP("Templates", "{used} of the {need} uplinks a leaf needs reach the spines, the "
                                              "most that divide evenly over a sensible number of spines").fill(
            used=leaf.used_up, need=need)
    if need > leaf.up_available:
        return QT_TRANSLATE_NOOP("Templates", "a {switch} has {up} uplink ports of {speed:g}G, and its {members} "
                                              "NICs would need {need}").fill(
            switch=leaf.entry.id, up=leaf.up_available, speed=up_speed, members=leaf.used_down, need=need)
    return QT_TRANSLATE_NOOP("Templates", "a leaf carries {members} NICs, which would need {exact:.3g} uplinks; "
                                          "{used} are wired, the fewest from there up that spread evenly over the "
                                          "spines, so the ratio is never worse than asked").fill(
        members=leaf.used_down, exact=exact, used=leaf.used_up)
