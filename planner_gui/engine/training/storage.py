"""Storage for training: data-loading rate, checkpoint size and write time, work lost per failure.

* Data: the GPUs consume ``tokens_per_s`` tokens; pre-tokenised data costs 2 bytes per token when
  the vocabulary fits 16 bits and 4 otherwise (Megatron's indexed dataset picks uint16 or int32 by
  vocabulary size). Multimodal data can pass its own bytes per sample.
* Checkpoint: 16-bit weights + fp32 master weights and Adam moments = 2 + 12 = 14 bytes per
  parameter (the model states of ZeRO, Rajbhandari et al. 2020 without the gradients, which are not
  saved). All ranks write their shards at once, so the write is limited by the storage's write
  bandwidth and by the nodes' storage NICs, whichever is smaller.
* Failures: a failure loses the work since the last checkpoint, on average half an interval and
  at worst a whole one (idc10000.net multi-node guide, 2026: checkpoint every 30 minutes, at most 30 minutes lost), plus
  the time to read the checkpoint back.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from planner_gui.engine.training.memory import OPTIMIZER_BYTES, WEIGHT_BYTES
from planner_gui.engine.training.shape import ModelShape
from planner_gui.model.messages import QT_TRANSLATE_NOOP

UINT16_VOCAB_LIMIT = 65_500  # Megatron indexed_dataset: uint16 below this vocabulary size, else int32
TOKEN_BYTES_SMALL_VOCAB = 2
TOKEN_BYTES_LARGE_VOCAB = 4
CHECKPOINT_BYTES_PER_PARAM = WEIGHT_BYTES + OPTIMIZER_BYTES  # 14 B: gradients are not saved
SEED_CHECKPOINT_INTERVAL_S = 30 * 60  # idc10000.net multi-node guide (2026), storage: checkpoint every 30 minutes
BITS_PER_BYTE = 8
GB = 1e9
SECONDS_PER_HOUR = 3600
HALF = 0.5  # a failure strikes uniformly within the interval: half of it is lost on average


class StorageKind(StrEnum):
    LOCAL_NVME = "local_nvme"  # each node reads its own copy: bandwidth adds up over nodes
    NFS = "nfs"  # one shared server: its bandwidth is shared by all nodes
    PARALLEL_FS = "parallel_fs"  # Lustre / GPFS / WEKA: aggregate bandwidth of the storage cluster


@dataclass(frozen=True, slots=True)
class StorageTier:
    kind: StorageKind
    read_gbs: float  # GB/s: per node for local NVMe, aggregate for shared storage
    write_gbs: float

    def __post_init__(self) -> None:
        if self.read_gbs <= 0 or self.write_gbs <= 0:
            raise ValueError(QT_TRANSLATE_NOOP("Engine", "{kind} storage needs positive read and write bandwidth "
                                                         "(GB/s); got read {read}, write {write}").fill(
                kind=self.kind, read=self.read_gbs, write=self.write_gbs))


@dataclass(frozen=True, slots=True)
class StorageEstimate:
    data_rate_needed_gbs: float
    data_rate_available_gbs: float
    checkpoint_size_gb: float
    checkpoint_write_s: float
    checkpoint_read_s: float
    checkpoint_interval_s: float
    lost_work_expected_s: float  # per failure, including reading the checkpoint back
    lost_work_worst_s: float
    lost_gpu_hours_expected: float

    @property
    def data_ok(self) -> bool:
        return self.data_rate_available_gbs >= self.data_rate_needed_gbs

    @property
    def checkpoint_overhead(self) -> float:
        """Share of each interval spent writing the checkpoint (when the write blocks training)."""
        return self.checkpoint_write_s / self.checkpoint_interval_s


def bytes_per_token(vocab: int) -> int:
    return TOKEN_BYTES_SMALL_VOCAB if vocab < UINT16_VOCAB_LIMIT else TOKEN_BYTES_LARGE_VOCAB


def storage_bandwidth(tier: StorageTier, nodes: int, storage_nic_gbps_per_node: float,
                      write: bool = False) -> float:
    """GB/s the job can read (or write) from ``tier`` with ``nodes`` servers."""
    tier_gbs = tier.write_gbs if write else tier.read_gbs
    if tier.kind == StorageKind.LOCAL_NVME:
        return tier_gbs * nodes  # each node uses its own drives; no network in the path
    network = nodes * storage_nic_gbps_per_node / BITS_PER_BYTE
    return min(tier_gbs, network) if network > 0 else tier_gbs


def estimate_storage(shape: ModelShape, tokens_per_s: float, gpus: int, nodes: int, data: StorageTier,
                     checkpoint: StorageTier, storage_nic_gbps_per_node: float = 0.0,
                     interval_s: float = SEED_CHECKPOINT_INTERVAL_S,
                     bytes_per_sample: float | None = None) -> StorageEstimate:
    """Data-loading need vs supply and the checkpoint/failure arithmetic for one training job."""
    if interval_s <= 0 or nodes < 1 or gpus < 1:
        raise ValueError(QT_TRANSLATE_NOOP("Engine", "checkpoint interval ({interval_s} s), nodes ({nodes}) and GPUs "
                                                     "({gpus}) must be positive").fill(
            interval_s=interval_s, nodes=nodes, gpus=gpus))
    per_token = bytes_per_token(shape.vocab) if bytes_per_sample is None else bytes_per_sample / shape.seq_len
    size = shape.total_params * CHECKPOINT_BYTES_PER_PARAM
    write_bw = storage_bandwidth(checkpoint, nodes, storage_nic_gbps_per_node, write=True)
    read_bw = storage_bandwidth(checkpoint, nodes, storage_nic_gbps_per_node)
    write_s, read_s = size / (write_bw * GB), size / (read_bw * GB)
    expected = HALF * interval_s + write_s + read_s
    worst = interval_s + write_s + read_s
    return StorageEstimate(
        data_rate_needed_gbs=tokens_per_s * per_token / GB,
        data_rate_available_gbs=storage_bandwidth(data, nodes, storage_nic_gbps_per_node),
        checkpoint_size_gb=size / GB, checkpoint_write_s=write_s, checkpoint_read_s=read_s,
        checkpoint_interval_s=interval_s, lost_work_expected_s=expected, lost_work_worst_s=worst,
        lost_gpu_hours_expected=expected * gpus / SECONDS_PER_HOUR,
    )


def storage_tier_from_catalog(catalog: Any, catalog_id: str) -> StorageTier:
    """A storage tier from a catalog ``storage`` entry, or a server's local NVMe (``server`` entry).

    Storage entries whose id starts with ``nfs`` are single shared servers; other storage entries
    are treated as a parallel file system's building block (aggregate bandwidth).
    """
    entry = catalog.require(catalog_id)
    if entry.kind == "server":
        return StorageTier(StorageKind.LOCAL_NVME, float(entry["nvme_read_gbs"]), float(entry["nvme_write_gbs"]))
    if entry.kind != "storage":
        raise KeyError(QT_TRANSLATE_NOOP("Engine", "catalog id {id!r} is a {kind}; pick a storage system or a server"
                                         ).fill(id=catalog_id, kind=entry.kind))
    kind = StorageKind.NFS if entry.id.startswith("nfs") else StorageKind.PARALLEL_FS
    return StorageTier(kind, float(entry["read_gbs"]), float(entry["write_gbs"]))
