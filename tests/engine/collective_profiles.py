"""The HGX nodes the collective-model tests run on, built once (FabricProfile is the model's input)."""

from __future__ import annotations

import dataclasses

from planner_gui.engine.collectives import FabricProfile


def h100(nodes: int = 1, **changes: object) -> FabricProfile:
    """An HGX H100 node (8 GPUs, NVSwitch, NVLS) with 8x NDR 400G InfiniBand NICs."""
    base = FabricProfile(gpus_per_node=8, nodes=nodes, gpu_name="H100 SXM5 80GB", intra="nvswitch",
                         nvlink_bidir_gbs=900.0, pcie_gen=5, nics_per_node=8, nic_gbps=400.0,
                         nic_latency_us=1.0, technology="infiniband", nvls=True)
    return dataclasses.replace(base, **changes)


def a100(nodes: int = 1, **changes: object) -> FabricProfile:
    """An HGX A100 node (8 GPUs, NVSwitch, no NVLS) with 4x HDR 200G InfiniBand NICs."""
    base = FabricProfile(gpus_per_node=8, nodes=nodes, gpu_name="A100 SXM4 80GB", intra="nvswitch",
                         nvlink_bidir_gbs=600.0, pcie_gen=4, nics_per_node=4, nic_gbps=200.0,
                         nic_latency_us=1.3, technology="infiniband")
    return dataclasses.replace(base, **changes)
