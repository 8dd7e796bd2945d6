"""The bottleneck named is the real one (issue 16 item 4): a NIC faster than the PCIe link behind it is capped at
the link, the curve says "PCIe", and the nic-capped-by-pcie check says the upgrade buys nothing. PCIe
generations come from the catalog (GPU and NIC entries, with sources)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from planner_gui.catalog import bundled_catalog, load_catalog
from planner_gui.engine import analyze_design
from planner_gui.engine.collectives import predict, profile_from_catalog
from planner_gui.templates import TemplateSpec, generate_design

CATALOG = bundled_catalog()
GIB = 2**30
GEN5_X16_GBS = 48.0  # NCCL's PCI_BW: 12 GB/s for Gen3 x16, doubling per generation (hardware.py)


def _checks(server: str, fabric: str, catalog: Any = CATALOG) -> dict[str, Any]:
    design = generate_design(catalog, TemplateSpec(server, 8, nic_id=fabric))
    analysis = analyze_design(design, catalog)
    return {"checks": {c.code: c for c in analysis.checks}, "point": analysis.collectives.point("allreduce", GIB)}


def test_nic_pcie_generations_are_sourced_in_the_catalog() -> None:
    for nic_id, gen in (("ib-hdr-200", 4), ("ib-ndr-400", 5), ("roce-400", 5), ("ib-xdr-800", 6),
                        ("bluefield-3-400", 5)):
        entry = CATALOG.require(nic_id)
        assert entry["pcie_gen"] == gen and f"PCIe Gen{gen}" in entry["source"], nic_id
    assert CATALOG.require("efa-v2-100").get("pcie_gen") is None  # a cloud NIC: not known, not guessed


def test_b200_on_xdr_gains_nothing_over_ndr_and_the_curve_names_pcie() -> None:
    """B200 (PCIe Gen5) with ConnectX-8 (Gen6): the GPU-to-NIC path is Gen5 x16 = 48 GB/s; an 800G NIC could
    move 100 x 0.96 = 96 GB/s, a 400G NIC 48: both deliver 48, so 8 nodes predict the same AllReduce."""
    xdr = profile_from_catalog(CATALOG, "b200", 8, 8, nic_id="ib-xdr-800")
    ndr = dataclasses.replace(profile_from_catalog(CATALOG, "b200", 8, 8, nic_id="ib-ndr-400"))
    assert (xdr.nic_pcie_gen, ndr.nic_pcie_gen) == (6, 5)
    a, b = predict(xdr, "allreduce", GIB), predict(ndr, "allreduce", GIB)
    assert a.busbw_GBps == pytest.approx(b.busbw_GBps, rel=1e-9)
    assert a.bottleneck.startswith(f"PCIe Gen5 x16 to each NIC ({GEN5_X16_GBS:g} GB/s; NIC 800 Gb/s x 8)")
    assert b.bottleneck.startswith("inter-node NIC (400 Gb/s x 8)")
    xdr_design, ndr_design = _checks("hgx-b200", "ib-xdr-800"), _checks("hgx-b200", "ib-ndr-400")
    check = xdr_design["checks"]["nic-capped-by-pcie"]
    assert check.severity == "warning"
    values = dict(check.params)
    assert (values["nic_gbs"], values["pcie_gbs"], values["gen"]) == (pytest.approx(96.0), GEN5_X16_GBS, 5)
    assert values["enough_gbps"] == pytest.approx(400.0)
    assert values["busbw"] == pytest.approx(values["busbw_enough"], rel=1e-9)
    assert "buys nothing" in check.message
    assert "nic-capped-by-pcie" not in ndr_design["checks"]
    assert xdr_design["point"].busbw_GBps == pytest.approx(ndr_design["point"].busbw_GBps, rel=0.02)


def test_an_estimated_gpu_generation_makes_it_a_note() -> None:
    """The catalog's B300 PCIe generation is an estimate ("as the B200"): information, said so."""
    check = _checks("hgx-b300", "ib-xdr-800")["checks"]["nic-capped-by-pcie"]
    assert check.severity == "info" and "is an estimate in the catalog" in check.message


def test_a_slow_nic_link_caps_a_fast_gpu(tmp_path: Path) -> None:
    """A 400G NIC on a PCIe Gen4 link (a user catalog's) in an H100 server: min(Gen5, Gen4) = 24 GB/s."""
    nic = {**CATALOG.require("ib-ndr-400").data, "id": "ndr-gen4", "pcie_gen": 4}
    path = tmp_path / "catalog.json"
    path.write_text(json.dumps({"entries": [nic]}), encoding="utf-8")
    catalog = load_catalog(user_catalog=path)
    profile = profile_from_catalog(catalog, "h100-sxm5-80gb", 8, 4, nic_id="ndr-gen4")
    assert predict(profile, "allreduce", GIB).bottleneck.startswith("PCIe Gen4 x16 to each NIC (24 GB/s")


@pytest.mark.parametrize("value", [9, 2, "five", 4.5, True])
def test_a_bad_nic_pcie_gen_is_one_clear_line(tmp_path: Path, value: object) -> None:
    nic = {**CATALOG.require("ib-ndr-400").data, "id": "bad-nic", "pcie_gen": value}
    path = tmp_path / "catalog.json"
    path.write_text(json.dumps({"entries": [nic]}), encoding="utf-8")
    catalog = load_catalog(user_catalog=path)
    assert len(catalog.problems) == 1 and "pcie_gen" in catalog.problems[0] and "bad-nic" in catalog.problems[0]
    assert "bad-nic" not in catalog.entries
