"""Every named configuration in the seeds ships as an example that loads cleanly and is up to date."""

from __future__ import annotations

import pytest

from planner_gui.catalog import bundled_catalog
from planner_gui.examples import DEFAULT_EXAMPLE, default_example_path, example_paths, examples_folder
from planner_gui.io import design_to_json, load_design
from planner_gui.model.variants import variant_design
from planner_gui.templates.seed_examples import (
    SEED_EXAMPLES,
    VARIANT_EXAMPLES,
    SeedExample,
    VariantExample,
    build_example,
    build_variant_example,
)

CATALOG = bundled_catalog()


def gpus_by_model(path_name: str) -> dict[str, int]:
    design = load_design(examples_folder() / path_name, CATALOG).design
    counts: dict[str, int] = {}
    for device in design.devices.values():
        entry = CATALOG.require(device.catalog_id)
        if entry.kind == "server":
            counts[entry["gpu_id"]] = counts.get(entry["gpu_id"], 0) + entry["gpu_count"]
    return counts


def test_every_shipped_example_loads_without_warnings() -> None:
    paths = example_paths()
    assert len(paths) == len(SEED_EXAMPLES) + len(VARIANT_EXAMPLES)
    for path in paths:
        result = load_design(path, CATALOG)
        assert result.warnings == [], path.name
        for note in result.design.notes(CATALOG):  # only a storage array slower/faster than the nodes' storage NICs
            assert note.code == "link-speed-mismatch", (path.name, note)
            assert all("storage-" in result.design.links[i].a + result.design.links[i].b for i in note.ids)
        notes = result.design.meta.notes.lower()
        assert "idc10000.net" in notes or "nvidia" in notes, path.name  # each names its source article or guide


@pytest.mark.parametrize("example", SEED_EXAMPLES, ids=lambda e: e.file)
def test_shipped_file_is_what_the_generator_builds(example: SeedExample) -> None:
    """Regenerate with scripts/build_examples.py when this fails after a generator or catalog change."""
    expected = design_to_json(build_example(CATALOG, example))
    assert (examples_folder() / example.file).read_text(encoding="utf-8") == expected


@pytest.mark.parametrize("example", VARIANT_EXAMPLES, ids=lambda e: e.file)
def test_shipped_variant_file_is_what_the_generator_builds(example: VariantExample) -> None:
    expected = design_to_json(build_variant_example(CATALOG, example))
    assert (examples_folder() / example.file).read_text(encoding="utf-8") == expected


def test_the_ib_vs_roce_file_holds_both_seed_designs_as_variants() -> None:
    """Each variant equals its stand-alone seed example, apart from the file's own name and notes."""
    design = load_design(examples_folder() / "s5-a100-8x8-ib-vs-roce.cluster", CATALOG).design
    assert design.variants.names == ["InfiniBand", "RoCE"]
    assert design.variants.active == "InfiniBand"
    for name, file in (("InfiniBand", "s5-a100-8x8-ib.cluster"), ("RoCE", "s5-a100-8x8-roce.cluster")):
        alone = load_design(examples_folder() / file, CATALOG).design
        variant = variant_design(design, name)
        assert {d.nic_id for d in variant.devices.values()} == {d.nic_id for d in alone.devices.values()}
        assert sorted(variant.links) == sorted(alone.links)
        assert variant.cost == alone.cost


@pytest.mark.parametrize(("file", "gpus", "nic"), [
    ("s1-h100-2x8-ndr.cluster", {"h100-sxm5-80gb": 16}, "ib-ndr-400"),
    ("s2-a100-4x8-roce25.cluster", {"a100-sxm4-40gb": 32}, "roce-25"),
    ("s3-cloud-a100-3090.cluster", {"a100-pcie-80gb": 8, "rtx-3090": 8}, None),
    ("s4a-a100-1x8-nvlink.cluster", {"a100-sxm4-80gb": 8}, None),
    ("s4b-h100-1x8.cluster", {"h100-sxm5-80gb": 8}, None),
    ("s4c-a100-4gpu-entry.cluster", {"a100-pcie-80gb": 4}, None),
    ("s5-a100-8x8-ib.cluster", {"a100-sxm4-80gb": 64}, "ib-hdr-200"),
    ("s5-a100-8x8-roce.cluster", {"a100-sxm4-80gb": 64}, "roce-100"),
    ("h100-32x8-ndr-rail.cluster", {"h100-sxm5-80gb": 256}, "ib-ndr-400"),
])
def test_seed_configurations_are_what_the_seeds_describe(file: str, gpus: dict[str, int], nic: str | None) -> None:
    assert gpus_by_model(file) == gpus
    design = load_design(examples_folder() / file, CATALOG).design
    if nic is not None:
        fabric_nics = {d.nic_id for d in design.devices.values() if CATALOG.require(d.catalog_id).kind == "server"}
        assert fabric_nics == {nic}
    prices = design.cost.rent_per_server_month or {"per-gpu": design.cost.rent_per_gpu_month}
    assert all(price and price > 0 for price in prices.values())


def test_seed_prices_are_carried() -> None:
    s2 = load_design(examples_folder() / "s2-a100-4x8-roce25.cluster", CATALOG).design
    assert (s2.cost.rent_per_gpu_month, s2.cost.annual_prepay_discount) == (2800.0, 0.20)
    s1 = load_design(examples_folder() / "s1-h100-2x8-ndr.cluster", CATALOG).design
    assert s1.cost.rent_per_server_month == {"hgx-h100": 100_000.0} and s1.cost.annual_prepay_discount == 0.15
    s4b = load_design(examples_folder() / "s4b-h100-1x8.cluster", CATALOG).design
    assert s4b.cost.rent_per_server_month == {"hgx-h100": 59_999.0}


def test_default_design_is_the_256_gpu_rail_optimized_cluster() -> None:
    assert default_example_path().name == DEFAULT_EXAMPLE
    design = load_design(default_example_path(), CATALOG).design
    # only the file server's 100G ports on the 400G storage leaf (sized from the workload: one NFS server)
    assert {n.code for n in design.notes(CATALOG)} <= {"link-speed-mismatch"}
    assert all("storage-" in design.links[i].a + design.links[i].b for n in design.notes(CATALOG) for i in n.ids)
    assert gpus_by_model(DEFAULT_EXAMPLE) == {"h100-sxm5-80gb": 256}
    assert design.workload is not None and design.workload.tp * design.workload.pp * design.workload.dp == 256
