"""A large design's proposal stays readable: identical racks drawn once with the racks they stand for,
per-rack tables summarised by kind with every rack in an appendix, and rails in colour at any size."""

from __future__ import annotations

import re
from datetime import date

import pytest

from planner_gui.catalog import bundled_catalog
from planner_gui.engine import analyze_design
from planner_gui.report.content import build_proposal
from planner_gui.report.content.blocks import Figure, Heading, Line, ReportDocument, Table
from planner_gui.report.content.power import SUMMARY_RACKS
from planner_gui.report.content.topology_figure import MAX_BOXES, RAIL_COLORS, topology_drawing
from planner_gui.templates import TemplateSpec, generate_design

NODES = 64  # 35 racks: more than SUMMARY_RACKS, and rail-optimized with 8 rails
LARGE_NODES = 512  # 128 leaves: drawn in groups of eight, each group holding every rail


@pytest.fixture(scope="module")
def proposal() -> tuple[ReportDocument, object]:
    catalog = bundled_catalog()
    design = generate_design(catalog, TemplateSpec("dgx-h100", NODES))
    analysis = analyze_design(design, catalog)
    return build_proposal(design, catalog, analysis, "en", date(2026, 12, 2)), (design, analysis)


def _section(document: ReportDocument, anchor: str) -> list[object]:
    blocks = list(document.blocks)
    start = next(i for i, b in enumerate(blocks) if isinstance(b, Heading) and b.anchor == anchor)
    end = next((i for i in range(start + 1, len(blocks)) if isinstance(blocks[i], Heading)
                and blocks[i].level == 1), len(blocks))
    return blocks[start:end]


def test_identical_racks_are_drawn_once_and_every_rack_is_named(proposal: tuple) -> None:
    document, (design, _analysis) = proposal
    section = _section(document, "racks")
    names = {r.name for r in design.racks.values()}
    drawn: dict[str, int] = {}  # rack drawn -> how many racks it stands for
    for block in section:
        if isinstance(block, Figure):
            for shape in block.content.shapes:
                text = getattr(shape, "text", "")
                match = re.fullmatch(r"(.*) \(× (\d+)\)", text)
                if match:
                    drawn[match.group(1)] = int(match.group(2))
                elif text in names:
                    drawn[text] = 1
    assert sum(drawn.values()) == len(design.racks) and len(drawn) < len(design.racks) / 3
    [table] = [b for b in section if isinstance(b, Table)]
    listed: dict[str, list[str]] = {}
    current = ""
    for first, _count, racks in table.rows:
        current = first or current
        listed.setdefault(current, []).extend(racks.split(", "))
    assert {rack: len(group) for rack, group in listed.items()} == {r: n for r, n in drawn.items() if n > 1}
    everyone = [r for group in listed.values() for r in group] + [r for r, n in drawn.items() if n == 1]
    assert sorted(everyone) == sorted(names)  # each rack named exactly once


def test_per_rack_tables_are_summarised_with_every_rack_in_the_appendix(proposal: tuple) -> None:
    document, (design, analysis) = proposal
    assert len(design.racks) > SUMMARY_RACKS
    summary = next(b for b in _section(document, "power") if isinstance(b, Table))
    appendix = next(b for b in _section(document, "appendix-power") if isinstance(b, Table))
    assert len(summary.rows) < len(design.racks) == len(appendix.rows)
    assert summary.footer == appendix.footer  # the totals cover every rack in both
    peak_kw = sum(r.max_w for r in analysis.power.racks.values()) / 1000
    assert float(summary.footer[4].replace(",", "")) == pytest.approx(peak_kw, rel=5e-3)


def test_rails_keep_their_colours_when_leaves_and_servers_are_grouped() -> None:
    catalog = bundled_catalog()
    analysis = analyze_design(generate_design(catalog, TemplateSpec("dgx-h100", LARGE_NODES)), catalog)
    drawing = topology_drawing(analysis.topology, {})
    server_row = max(s.y2 for s in drawing.shapes if isinstance(s, Line))
    uplinks = [s for s in drawing.shapes if isinstance(s, Line) and s.y2 == server_row]
    assert set(RAIL_COLORS) <= {line.color for line in uplinks}
    assert len(uplinks) >= len(RAIL_COLORS) * MAX_BOXES  # every server box shows a line for each of its 8 rails


def test_the_weight_table_agrees_with_the_engine_per_kind_of_rack(proposal: tuple) -> None:
    document, (design, analysis) = proposal
    table = next(b for b in _section(document, "power") if isinstance(b, Table) and b.title.startswith("Weight"))
    counts = [int(m.group(1)) if (m := re.search(r"\(× (\d+)\)$", row[0])) else 1 for row in table.rows]
    assert sum(counts) == len(design.racks)
    total = sum(r.total_weight_kg for r in analysis.power.racks.values())
    assert float(table.footer[3].replace(",", "")) == pytest.approx(total, abs=1.0)
    first = analysis.power.racks[next(iter(design.racks))]
    assert table.rows[0][3] == f"{first.total_weight_kg:,.0f}" and table.rows[0][5] == f"{first.floor_load_kg_m2:,.0f}"


def test_the_storage_and_out_of_band_networks_are_drawn_with_every_link() -> None:
    from planner_gui.examples import examples_folder
    from planner_gui.io import load_design
    from planner_gui.report.content.context import Ctx
    from planner_gui.report.content.i18n import Tr
    from planner_gui.report.content.networks_figure import network_views

    catalog = bundled_catalog()
    design = load_design(examples_folder() / "h100-32x8-ndr-rail.cluster", catalog).design
    ctx = Ctx(design, catalog, analyze_design(design, catalog), Tr("en"), date(2026, 12, 2))
    views = {v.network: v for v in network_views(ctx)}
    ports = [re.sub(r"\d+$", "", ref.split("/", 1)[1]) for link in design.links.values() for ref in (link.a, link.b)]
    assert views["storage"].total_links == ports.count("st") + ports.count("eth")
    assert views["oob"].total_links == ports.count("bmc") + ports.count("mgmt")
    assert views["oob"].endpoints["NVIDIA DGX H100"] == 32  # every server's BMC
    document = build_proposal(design, catalog, ctx.analysis, "en", date(2026, 12, 2))
    anchors = [b.anchor for b in _section(document, "network") if isinstance(b, Heading)]
    assert {"network-storage", "network-oob"} <= set(anchors)


def test_the_circuit_schedule_plugs_every_supply_of_each_kind_of_rack_alternating_feeds(proposal: tuple) -> None:
    document, (design, _analysis) = proposal
    catalog = bundled_catalog()
    table = next(b for b in _section(document, "power") if isinstance(b, Table) and b.title.startswith("Power circ"))
    supplies = [row for row in table.rows if row[0] == ""]
    drawn = [r for r in design.racks.values() if any(row[0].startswith(r.name) for row in table.rows if row[0])]
    expected = sum(int(catalog.get(d.catalog_id).get("psu_count") or 0) for r in drawn
                   for d in design.devices_in_rack(r.id))
    assert len(supplies) == expected > 0
    feeds = [row[2] for row in supplies]
    assert abs(feeds.count("A") - feeds.count("B")) <= len(drawn) * 2  # alternating: A and B nearly equal
    outlets = [row[3] for row in supplies]
    assert all(o.startswith(f) for o, f in zip(outlets, feeds, strict=True))
