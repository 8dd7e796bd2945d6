"""Building a :class:`FabricProfile` from catalog entries (gpu, nic and the NIC's default switch).

The catalog is only read through ``catalog.require(id, kind)`` and ``entry.get(field)``, with the
fields documented in ``planner_gui/catalog/schema.py``; no catalog module is imported, so the
engine stays independent of how the catalog is loaded.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, Protocol

from planner_gui.engine.collectives.profile import FabricProfile
from planner_gui.model.messages import QT_TRANSLATE_NOOP

# NVLink generations from 3 (A100) on come on HGX boards with NVSwitch; NVLink 2 (V100 SXM2) is
# the DGX-1 hybrid cube mesh (resources/catalog: nvswitch_count per server).
FIRST_NVSWITCH_NVLINK_GEN = 3
# NVLink SHARP needs third-generation NVSwitch, i.e. NVLink 4 (H100) or later (NCCL docs, NCCL_NVLS_ENABLE).
FIRST_NVLS_NVLINK_GEN = 4
MESH_MAX_GPUS = 2  # two NVLink GPUs can be bridged without a switch
NIC_LATENCY_FALLBACK_US = 1.0  # only for single-node profiles, where the network is unused
SWITCH_LATENCY_FALLBACK_NS = 300.0  # FabricProfile's default (QM9700 ~330 ns, resources/catalog)


class _Entry(Protocol):
    def get(self, name: str, default: Any = None) -> Any: ...


class _Catalog(Protocol):
    def require(self, catalog_id: str, kind: str | None = None) -> Any: ...


def profile_from_catalog(catalog: _Catalog, gpu_id: str, gpus_per_node: int, nodes: int,
                         nic_id: str | None = None, nics_per_node: int | None = None,
                         nvswitch: bool | None = None, nvlink_domain: int | None = None,
                         **overrides: Any) -> FabricProfile:
    """A profile for ``nodes`` x ``gpus_per_node`` GPUs of ``gpu_id`` joined by ``nic_id`` NICs.

    ``nics_per_node`` defaults to one NIC per GPU (the rail-optimised norm). ``nvswitch`` says
    whether the GPUs' board has NVSwitch (None: NVLink 3+ boards with more than two GPUs do; a
    job on 2 GPUs of an 8-GPU HGX board passes True). ``nvlink_domain`` is the GPUs sharing one
    NVLink domain across servers (None: the server's own; 72 for an NVL72 rack of 4-GPU trays):
    the profile then describes NCCL's view, one node per domain (:func:`domain_shape`).
    ``overrides`` sets any other :class:`FabricProfile` field (hops, oversubscription, gdr, sharp, ...).
    """
    unknown = set(overrides) - {f.name for f in fields(FabricProfile)}
    if unknown:
        noun = "field" if len(unknown) == 1 else "fields"
        raise ValueError(f"profile_from_catalog(): unknown {noun} {', '.join(sorted(unknown))}; "
                         f"use FabricProfile field names")
    gpu = catalog.require(gpu_id, "gpu")
    hosts = domain_shape(gpu, gpus_per_node, nodes, nvlink_domain)
    nics = gpus_per_node if nics_per_node is None else nics_per_node
    per_domain, domains = gpus_per_node * hosts, nodes // hosts
    network = _nic_facts(catalog, nic_id, domains, nics * hosts)
    nvls_across_nodes = network.pop("nvls_across_nodes")
    values: dict[str, Any] = {"gpus_per_node": per_domain, "nodes": domains,
                              **_gpu_facts(gpu, per_domain, True if hosts > 1 else nvswitch), **network}
    values["nvls"] = values["nvls"] and (domains == 1 or nvls_across_nodes)
    values["hosts_per_domain"] = hosts
    values.update(overrides)
    return FabricProfile(**values)


def domain_shape(gpu: _Entry, gpus_per_node: int, nodes: int, nvlink_domain: int | None) -> int:
    """Servers per NVLink domain in a job of ``nodes`` servers (1: NVLink stays in the server).

    A domain is whole servers, no larger than the GPU's NVLink generation allows (``max_nvlink_domain``
    in the catalog, NVLink 5: 576); a job smaller than one domain sits inside one; a larger job fills
    whole domains, as NCCL's MNNVL cliques are (docs/models/collectives.md, multi-node NVLink).
    """
    if nvlink_domain is None or nvlink_domain == gpus_per_node:
        return 1
    if nvlink_domain < gpus_per_node or nvlink_domain % gpus_per_node:
        raise ValueError(QT_TRANSLATE_NOOP(
            "Engine", "an NVLink domain of {domain} GPUs is not whole servers of {per_node} GPUs; give a multiple of "
                      "{per_node}").fill(domain=nvlink_domain, per_node=gpus_per_node))
    largest = int(gpu.get("max_nvlink_domain") or 0)
    if nvlink_domain > largest:
        if largest <= 0:
            raise ValueError(QT_TRANSLATE_NOOP(
                "Engine", "{gpu} has no NVLink between servers; its NVLink domain is one server ({per_node} "
                          "GPUs)").fill(gpu=gpu.get("id"), per_node=gpus_per_node))
        raise ValueError(QT_TRANSLATE_NOOP(
            "Engine", "{gpu}'s NVLink joins at most {largest} GPUs in one domain; give at most {largest}").fill(
            gpu=gpu.get("id"), largest=largest))
    hosts = min(nvlink_domain // gpus_per_node, nodes)
    if nodes % hosts:
        raise ValueError(QT_TRANSLATE_NOOP(
            "Engine", "{nodes} servers do not fill whole NVLink domains of {hosts} servers; use a multiple of "
                      "{hosts} servers").fill(nodes=nodes, hosts=hosts))
    return hosts


def nic_network_facts(nic: _Entry) -> tuple[str, bool]:
    """(FabricProfile technology, whether NVLS/NVLSTree can run across nodes) for a catalog NIC.

    Cloud NICs name their NCCL transport (``transport``: efa, efa_v1, tcpx), which replaces the
    link technology; ``nvls_support`` false marks a plugin NCCL cannot run NVLink SHARP over
    (docs/catalog.md, ``nic``).
    """
    technology = str(nic.get("transport") or nic.get("technology"))
    return technology, bool(nic.get("nvls_support", True))


def nvls_capable(interconnect: str | None, nvlink_gen: int, nvswitch: bool) -> bool:
    """NVLink SHARP needs an NVSwitch of the third generation, i.e. NVLink 4 (H100) or later."""
    return interconnect == "nvlink" and nvswitch and nvlink_gen >= FIRST_NVLS_NVLINK_GEN


def _gpu_facts(gpu: _Entry, gpus_per_node: int, nvswitch: bool | None) -> dict[str, Any]:
    interconnect = gpu.get("interconnect")
    nvlink_gen = gpu.get("nvlink_gen") or 0
    bidir = float(gpu.get("nvlink_bidir_gbs") or 0.0)
    if interconnect == "nvlink" and bidir > 0:
        if nvswitch is None:
            nvswitch = nvlink_gen >= FIRST_NVSWITCH_NVLINK_GEN and gpus_per_node > MESH_MAX_GPUS
        intra = "nvswitch" if nvswitch else "nvlink_mesh"
    else:
        intra, bidir = "pcie", 0.0
    return {
        "gpu_name": str(gpu.get("name") or gpu.get("id")),
        "intra": intra,
        "nvlink_bidir_gbs": bidir,
        "pcie_gen": int(gpu.get("pcie_gen")),
        "nvls": nvls_capable(interconnect, nvlink_gen, intra == "nvswitch"),
    }


def _nic_facts(catalog: _Catalog, nic_id: str | None, nodes: int, nics_per_node: int) -> dict[str, Any]:
    if nic_id is None:
        if nodes > 1:
            raise ValueError(QT_TRANSLATE_NOOP(
                "Engine", "a {nodes}-node profile needs nic_id (a catalog NIC id) to describe the network").fill(
                nodes=nodes))
        return {"nics_per_node": 0, "nic_gbps": 0.0, "nic_latency_us": NIC_LATENCY_FALLBACK_US,
                "technology": "infiniband", "nvls_across_nodes": True}
    nic = catalog.require(nic_id, "nic")
    technology, nvls_across_nodes = nic_network_facts(nic)
    facts: dict[str, Any] = {
        "nics_per_node": nics_per_node,
        "nic_gbps": float(nic.get("speed_gbps")),
        "nic_latency_us": float(nic.get("latency_us")),
        "technology": technology,
        "nvls_across_nodes": nvls_across_nodes,
        "gdr": bool(nic.get("rdma", True)),
        "switch_latency_ns": SWITCH_LATENCY_FALLBACK_NS,
        "nic_pcie_gen": int(nic.get("pcie_gen") or 0),
    }
    switch_id = nic.get("default_switch_id")
    if switch_id:
        facts["switch_latency_ns"] = float(catalog.require(switch_id, "switch").get("latency_ns"))
    return facts
