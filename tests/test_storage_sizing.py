"""Templates size shared storage from the workload (issue 16 item 4): read rate, checkpoint size and interval,
capacity; not a fixed parallel-FS block per 16 nodes (docs/models/training.md §5.1)."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from planner_gui.catalog import bundled_catalog
from planner_gui.engine.training.shape import shape_from_workload
from planner_gui.model import Workload
from planner_gui.templates import TemplateSpec, generate_design
from planner_gui.templates.storage_sizing import plan_storage, storage_need, workload_params

CATALOG = bundled_catalog()
LLAMA2_70B = Workload(model_name="LLaMA-2-70B", layers=80, hidden=8192, heads=64, kv_heads=8, ffn_hidden=28672,
                      gated_mlp=True, train_tokens=2.0e12)
ONE_T = dataclasses.replace(LLAMA2_70B, layers=128, hidden=25600, heads=160, kv_heads=16, ffn_hidden=102400)


@pytest.mark.parametrize("workload", [Workload(), LLAMA2_70B, ONE_T,
                                      Workload(layers=8, hidden=1024, heads=8, moe_experts=8, moe_topk=2),
                                      Workload(vocab=128_256, tied_embeddings=True)])
def test_the_template_counts_parameters_as_the_engine_does(workload: Workload) -> None:
    assert workload_params(workload) == shape_from_workload(workload).total_params


def _storage(design: object) -> Counter:
    return Counter(d.catalog_id for d in design.devices.values() if CATALOG.require(d.catalog_id).kind == "storage")


def test_one_node_gets_one_small_file_server_not_a_parallel_fs() -> None:
    """1 DGX H100, default 6.7 B model: checkpoint 14 × 6.70 B = 93.9 GB in 10 % of 30 min = 0.52 GB/s; the
    dataset (1 T tokens × 2 B = 2 TB) fits the node's 30 TB NVMe, which reads 14 GB/s, far above 8 GPUs'
    need. The $60k NFS server (10 GB/s write, 184 TB) meets it; before, a $250k parallel-FS block came."""
    need = storage_need(Workload(), 8, CATALOG.require("h100-sxm5-80gb"), 1, 14.0, 30.0)
    assert need.read_gbs == 0.0
    assert need.write_gbs == pytest.approx(workload_params(Workload()) * 14 / 180 / 1e9)
    assert need.write_gbs == pytest.approx(0.5215, abs=1e-4)
    assert need.capacity_tb == pytest.approx((1e12 * 2 + 3 * workload_params(Workload()) * 14) / 1e12)
    assert _storage(generate_design(CATALOG, TemplateSpec("dgx-h100", 1))) == {"nfs-nvme-2u": 1}


def test_a_large_model_gets_the_storage_its_checkpoints_need() -> None:
    """1 T parameters: 14 TB checkpoints in 180 s = 77.8 GB/s; 8 NFS servers (10 GB/s each, $480k) or one
    parallel-FS block (100 GB/s, $250k): the block is cheaper."""
    design = generate_design(CATALOG, TemplateSpec("dgx-h100", 32, workload=ONE_T))
    assert design.workload is ONE_T
    assert _storage(design) == {"pfs-nvme-2u4n": 1}
    need = storage_need(ONE_T, 256, CATALOG.require("h100-sxm5-80gb"), 32, 14.0, 30.0)
    assert need.write_gbs == pytest.approx(workload_params(ONE_T) * 14 / 180 / 1e9)
    assert plan_storage(CATALOG, dataclasses.replace(need, write_gbs=250.0)).count == 3  # 250 / 100, rounded up


def test_a_dataset_the_nodes_cannot_hold_is_read_from_shared_storage() -> None:
    """Nodes with 1 TB of NVMe cannot hold a 2 TB dataset: the shared store must serve the read rate."""
    need = storage_need(Workload(), 8, CATALOG.require("h100-sxm5-80gb"), 1, 14.0, 1.0)
    tokens_per_s = 8 * 989e12 * 0.675 / (6 * workload_params(Workload()))
    assert need.read_gbs == pytest.approx(tokens_per_s * 2 / 1e9)
