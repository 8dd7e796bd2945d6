"""One list of parts: the bill, the power model and the proposal's sources appendix agree on every link.

On every shipped example: the cable and optic parts the sources appendix cites are exactly the ones
the bill of materials bills (a part the power model would have picked by speed alone, or one the
bill has and the appendix misses, fails); every catalog part of the bill is cited; and the module
ends the power model powers, per part, are twice the bill's quantity of that part (each link has two
ends), with the module watts the catalog's ``power_per_end_w`` of the part the bill chose.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from planner_gui.catalog import bundled_catalog
from planner_gui.engine import SCHEDULE_CATEGORIES, analyze_design
from planner_gui.engine.cost.parts import PortFacts, choose_part
from planner_gui.io import load_design
from planner_gui.model import Design, Link, Medium
from planner_gui.report.content.context import Ctx, shorten
from planner_gui.report.content.i18n import Tr
from planner_gui.report.content.sources import sources
from planner_gui.templates import TemplateSpec, generate_design
from tests.report_support import TODAY

CATALOG = bundled_catalog()
EXAMPLES = sorted((Path(__file__).parents[1] / "planner_gui" / "resources" / "examples").glob("*.cluster"))


def _analysed(path: Path) -> tuple[Design, object]:
    design = load_design(path, CATALOG).design
    return design, analyze_design(design, CATALOG)


@pytest.fixture(scope="module", params=EXAMPLES, ids=lambda p: p.stem)
def example(request: pytest.FixtureRequest) -> tuple[Design, object]:
    return _analysed(request.param)


def _schedule_parts(bill: object) -> Counter[str]:
    return Counter({x.part: 0 for x in bill.lines if x.category in SCHEDULE_CATEGORIES}) + Counter(
        {part: sum(x.quantity for x in bill.lines if x.part == part and x.category in SCHEDULE_CATEGORIES)
         for part in {x.part for x in bill.lines if x.category in SCHEDULE_CATEGORIES}})


def test_sources_cite_exactly_the_billed_cables_and_optics(example: tuple[Design, object]) -> None:
    design, analysis = example
    ctx = Ctx(design, CATALOG, analysis, Tr("en", "CNY"), TODAY)
    cited = set(ctx.used_ids())
    billed_catalog_parts = {x.part for x in analysis.bom.lines if x.part in CATALOG}
    assert billed_catalog_parts <= cited
    # beyond the bill, only what is inside a billed server (its GPUs) and the racks' cooling are cited
    inside = {str(CATALOG.get(d.catalog_id).get("gpu_id")) for d in design.devices.values() if d.catalog_id in CATALOG}
    cooling = {str(r.cooling) for r in design.racks.values()}
    assert cited - billed_catalog_parts <= inside | cooling, cited - billed_catalog_parts
    cited_cables = {i for i in cited if CATALOG.get(i).kind == "cable"}
    billed_cables = {x.part for x in analysis.bom.lines if x.category in SCHEDULE_CATEGORIES and x.part in CATALOG}
    assert cited_cables == billed_cables
    table = next(b for b in sources(ctx) if getattr(b, "title", "") == ctx.t("src.catalog_title"))
    names = {row[0] for row in table.rows}
    assert {CATALOG.get(i).name for i in billed_cables} <= names


def test_power_model_powers_the_billed_parts(example: tuple[Design, object]) -> None:
    _design, analysis = example
    ends = Counter()
    for group in analysis.power.port_ends:
        if group.cable_id is not None:
            ends[group.cable_id] += group.ends
            assert group.w_per_end == float(CATALOG.get(group.cable_id).get("power_per_end_w") or 0.0)
    billed = _schedule_parts(analysis.bom)
    assert ends == Counter({part: 2 * n for part, n in billed.items() if part in CATALOG})
    watts = sum(group.ends * group.w_per_end for group in analysis.power.port_ends)
    assert sum(d.module_w for d in analysis.power.devices.values()) == pytest.approx(watts, rel=1e-9)


def test_a_long_link_draws_the_optic_the_bill_picks_by_length() -> None:
    """A 400G NDR link at 1 m is a DAC (0.1 W per end); at 40 m no copper reaches and the bill picks a
    transceiver pair: the power model follows, where picking by speed alone kept the DAC's watts."""
    design = generate_design(CATALOG, TemplateSpec(server_id="dgx-h100", nodes=1, nics_per_node=1,
                                                   topology="single-switch"))
    fabric = next(link for link in design.links.values() if link.medium == Medium.DAC)
    near = analyze_design(design, CATALOG)
    design.remove_link(fabric.id)
    design.add_link(Link(fabric.id, fabric.a, fabric.b, Medium.SMF, 40.0), CATALOG)
    far = analyze_design(design, CATALOG)
    ends = (PortFacts(400.0, "infiniband", "OSFP"), PortFacts(400.0, "infiniband", "OSFP"))
    optic = choose_part(CATALOG, "smf", 400.0, ends, 40.0)
    assert optic.in_catalog and optic.part in {x.part for x in far.bom.lines}
    per_end = float(CATALOG.get(optic.part)["power_per_end_w"])
    module = sum(d.module_w for d in far.power.devices.values()) - sum(d.module_w for d in near.power.devices.values())
    dac = choose_part(CATALOG, "dac", 400.0, ends, 1.0)
    assert module == pytest.approx(2 * (per_end - float(CATALOG.get(dac.part)["power_per_end_w"])))


def test_the_chinese_edition_names_every_cited_part_in_chinese(example: tuple[Design, object]) -> None:
    """The sources appendix and the summary's server row name parts as the bill does: in Chinese in the zh
    edition (a GPU keeps its product name), without "class"/"planning archetype" in English."""
    design, analysis = example
    zh, en = (Ctx(design, CATALOG, analysis, Tr(lang, "CNY"), TODAY) for lang in ("zh", "en"))
    for catalog_id in zh.used_ids():
        entry = CATALOG.get(catalog_id)
        if entry.kind != "gpu":
            assert entry.get("name_zh"), catalog_id
            assert zh.describe(catalog_id) == entry["name_zh"]
        assert "archetype" not in en.describe(catalog_id) and " class)" not in en.describe(catalog_id)
    table = next(b for b in sources(zh) if getattr(b, "title", "") == zh.t("src.catalog_title"))
    assert {row[0] for row in table.rows} == {shorten(zh.describe(i), 80) for i in zh.used_ids()}
