"""The networks besides the compute fabric: storage, in-band management and out-of-band, one diagram each.

A link belongs to a network by the port it leaves an endpoint from: the catalog names a server's
compute NICs ``cx*``, its storage NICs ``st*``, its front-end (in-band) ports ``fe*``/``inband*`` and its
BMC ``bmc*``; a storage system's data ports are ``eth*``; a switch's own management port is ``mgmt*``
(out-of-band). Each diagram has the network's switches on top and its endpoints below, grouped by
kind ("GPU servers × 32"); a line joins a switch group and an endpoint group, labelled with its links.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from planner_gui.report.content.blocks import Drawing, Label, Line, Rect, Shape
from planner_gui.report.content.context import Ctx

NETWORKS = ("storage", "inband", "oob")  # drawn in this order, each when the design has any of its links
PORT_NETWORK = {"st": "storage", "eth": "storage", "fe": "inband", "inband": "inband", "bmc": "oob",
                "ipmi": "oob", "mgmt": "oob", "oob": "oob"}
WIDTH, HEIGHT = 100.0, 34.0  # drawing units
BOX_W, BOX_H = 24.0, 6.0
TOP_Y, BOTTOM_Y = 3.0, 24.0
TEXT = 1.5
LINE_COLOR = {"storage": "#59a14f", "inband": "#4e79a7", "oob": "#9c755f"}
SWITCH_FILL, END_FILL, STROKE = "#fbe3cc", "#dce6f2", "#4a5663"


@dataclass(frozen=True, slots=True)
class NetworkView:
    network: str
    switches: Counter[str]  # switch kind label -> how many
    endpoints: Counter[str]  # endpoint kind label -> how many
    links: Counter[tuple[str, str]]  # (switch kind, endpoint kind) -> links
    total_links: int


def network_views(ctx: Ctx) -> list[NetworkView]:
    """Every non-compute network the design's links form, as kinds of switches and endpoints."""
    seen: dict[str, tuple[dict[str, str], dict[str, str], Counter[tuple[str, str]]]] = {}
    devices = ctx.design.devices
    for link in ctx.design.links.values():
        ends = [_end(ctx, ref) for ref in (link.a, link.b)]
        if None in ends:
            continue
        (a_id, a_port, a_switch), (b_id, b_port, b_switch) = ends  # type: ignore[misc]
        if a_switch and b_switch:  # a switch's own management port is an endpoint of the out-of-band network
            a_switch = PORT_NETWORK.get(a_port) != "oob"
            b_switch = not a_switch
        if a_switch == b_switch:
            continue  # the fabric's own tiers, or server to server: not drawn here
        (sw, _), (end, port) = ((a_id, a_port), (b_id, b_port)) if a_switch else ((b_id, b_port), (a_id, a_port))
        network = PORT_NETWORK.get(port)
        if network is None:
            continue
        switches, endpoints, links = seen.setdefault(network, ({}, {}, Counter()))
        switches[sw], endpoints[end] = _kind(ctx, devices[sw].catalog_id), _kind(ctx, devices[end].catalog_id)
        links[(switches[sw], endpoints[end])] += 1
    return [NetworkView(name, Counter(seen[name][0].values()), Counter(seen[name][1].values()), seen[name][2],
                        sum(seen[name][2].values())) for name in NETWORKS if name in seen]


def _end(ctx: Ctx, ref: str) -> tuple[str, str, bool] | None:
    device_id, _, port = ref.partition("/")
    device = ctx.design.devices.get(device_id)
    entry = ctx.entry(device.catalog_id) if device is not None else None
    if entry is None:
        return None
    return device_id, re.sub(r"[\d_.:-]+$", "", port).lower(), entry.kind == "switch"


def _kind(ctx: Ctx, catalog_id: str) -> str:
    entry = ctx.entry(catalog_id)
    return ctx.part_name(entry) if entry is not None else catalog_id


def network_drawing(ctx: Ctx, view: NetworkView) -> Drawing:
    t = ctx.t
    shapes: list[Shape] = []
    top = _row(view.switches, TOP_Y, SWITCH_FILL, t, shapes)
    bottom = _row(view.endpoints, BOTTOM_Y, END_FILL, t, shapes)
    lines: list[Shape] = []
    for (switch, endpoint), count in sorted(view.links.items()):
        x1, x2 = top[switch], bottom[endpoint]
        lines.append(Line(x1, TOP_Y + BOX_H, x2, BOTTOM_Y, LINE_COLOR[view.network], 0.25))
        middle = (TOP_Y + BOX_H + BOTTOM_Y) / 2
        lines.append(Label((x1 + x2) / 2 + 0.8, middle, t("othnet.links", count=t.int(count)), TEXT, "#2f3b4a"))
    return Drawing(WIDTH, HEIGHT, tuple(lines + shapes))


def _row(kinds: Counter[str], y: float, fill: str, t: object, shapes: list[Shape]) -> dict[str, float]:
    names = sorted(kinds)
    step = WIDTH / max(len(names), 1)
    centers = {}
    for index, name in enumerate(names):
        x = step * (index + 0.5)
        centers[name] = x
        width = min(BOX_W, step * 0.9)
        shapes.append(Rect(x - width / 2, y, width, BOX_H, fill, STROKE, 0.12))
        shapes.append(Label(x, y + BOX_H * 0.32, name, TEXT, "#1d1d1f", "center", width - 0.6))
        shapes.append(Label(x, y + BOX_H * 0.72, f"× {kinds[name]:,}", TEXT, "#1d1d1f", "center", width - 0.6,
                            bold=True))
    return centers
