"""Predicting one collective: NCCL's (algorithm, protocol) choice and the resulting time.

For every (algorithm, protocol) pair NCCL would enable, a call of M bytes takes

    t(M) = L(a, p) + fill(a, p, M) + M / (B(a, p) x f_tree(M) x f_channels(M))

L from ``protocols.latency``; fill the start-up of a Simple pipeline (``algorithms.pipeline_stages``);
B from ``algorithms.bandwidth`` and ``protocols.protocol_bandwidth``; f_tree NCCL's tree correction
table; f_channels the share of channels NCCL keeps for small messages. The prediction is the pair
with the lowest time, the rule of NCCL's ``topoGetAlgoInfo`` (NCCL src/graph/tuning.cc). Candidates are
cached per (profile, op, algo, proto) and sizes are numpy arrays, so a curve costs microseconds
once the cache is warm.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from planner_gui.engine.collectives import nccl_tables as t
from planner_gui.engine.collectives.algorithms import (
    ALGOS,
    ALGOS_BY_OP,
    OPS,
    P2P,
    Stage,
    bandwidth,
    loop_bytes,
    pipeline_stages,
    why_disabled,
)
from planner_gui.engine.collectives.hardware import LAUNCH_OVERHEAD_US, Hardware, derive
from planner_gui.engine.collectives.profile import FabricProfile
from planner_gui.engine.collectives.protocols import (
    latency,
    protocol_bandwidth,
    protocols_for,
    ring_plateau_factor,
)
from planner_gui.model.messages import QT_TRANSLATE_NOOP

DEFAULT_SIZES = tuple(2**e for e in range(3, 35))  # 8 B .. 16 GiB, as nccl-tests sweeps
BYTES_PER_US_PER_GBPS = 1e3  # 1 GB/s = 1e9 B/s = 1e3 B/us
LATENCY_BOUND = "latency"
LOCAL_COPY = "single rank (local copy)"
PROTO_NAMES = {p.lower(): p for p in t.PROTOCOLS}
MIN_NCCL_THREADS = 64  # NCCL halves threads down to a multiple of 128, stopping at 64 (enqueue.cc)
CANDIDATE_CACHE_SIZE = 4096  # (profile, op, algo, proto) combinations kept; one design uses a few dozen


@dataclass(frozen=True)
class CollectiveResult:
    op: str
    bytes: int
    time_us: float
    algbw_GBps: float
    busbw_GBps: float
    algorithm: str
    protocol: str
    bottleneck: str  # e.g. "inter-node NIC (400 Gb/s x 8)", "NVLink (...)", "latency"


@dataclass(frozen=True)
class _Candidate:
    algorithm: str
    protocol: str
    latency_us: float  # NCCL-side, before the plateau factor and without the launch overhead
    plateau_factor: float
    bw: float  # GB/s algorithm bandwidth with all channels
    bottleneck: str
    tree_correction: bool
    bytes_per_thread: float  # NCCL's per-thread threshold for keeping a channel
    channels: int
    stages: tuple[Stage, ...] = ()  # hops one Simple chunk crosses (empty: no pipeline fill)
    hw: Hardware | None = None  # for the size-dependent loop bytes of the pipeline stages


def clear_caches() -> None:
    """Forget every derived profile and candidate table (for timing a cold start)."""
    _cached_candidates.cache_clear()
    derive.cache_clear()


def busbw_factor(op: str, ranks: int) -> float:
    """nccl-tests' busbw / algbw (nccl-tests doc/PERFORMANCE.md)."""
    if op == "allreduce":
        return 2.0 * (ranks - 1) / ranks
    if op in ("allgather", "reducescatter", "alltoall"):
        return (ranks - 1) / ranks
    return 1.0


def predict(profile: FabricProfile, op: str, nbytes: int, algo: str = "auto", proto: str = "auto") -> CollectiveResult:
    """Time and bandwidth of one ``op`` of ``nbytes`` (nccl-tests' size column) on ``profile``."""
    sizes = np.array([_check_bytes(nbytes)], dtype=np.float64)
    return _results(profile, op, sizes, algo, proto)[0]


def curve(profile: FabricProfile, op: str, sizes: list[int] | tuple[int, ...] | None = None,
          algo: str = "auto") -> list[CollectiveResult]:
    """Predictions over message sizes (default 8 B .. 16 GiB in powers of two)."""
    checked = [_check_bytes(s) for s in (DEFAULT_SIZES if sizes is None else sizes)]
    if not checked:
        raise ValueError("curve(): sizes is empty; pass message sizes in bytes, or None for 8 B .. 16 GiB")
    return _results(profile, op, np.array(checked, dtype=np.float64), algo, "auto")


def curve_arrays(profile: FabricProfile, op: str, sizes: np.ndarray, algo: str = "auto",
                 proto: str = "auto") -> tuple[np.ndarray, np.ndarray, list[str]]:
    """Fast path for plots: (time_us, busbw_GBps, 'algorithm/protocol') per size."""
    sizes = np.asarray(sizes, dtype=np.float64)
    if sizes.ndim != 1 or sizes.size == 0 or not np.all(sizes > 0):
        raise ValueError("curve_arrays(): sizes must be a non-empty 1-D array of positive byte counts")
    candidates = _candidates(profile, op, algo, proto)
    times, _, best = _evaluate(candidates, sizes, profile.ranks)
    busbw = sizes / times / BYTES_PER_US_PER_GBPS * busbw_factor(op, profile.ranks)
    return times, busbw, [f"{candidates[i].algorithm}/{candidates[i].protocol}" for i in best]


def _results(profile: FabricProfile, op: str, sizes: np.ndarray, algo: str, proto: str) -> list[CollectiveResult]:
    candidates = _candidates(profile, op, algo, proto)
    times, lat_part, best = _evaluate(candidates, sizes, profile.ranks)
    factor = busbw_factor(op, profile.ranks)
    results = []
    for j, size in enumerate(sizes):
        c = candidates[best[j]]
        algbw = size / times[j] / BYTES_PER_US_PER_GBPS
        latency_bound = lat_part[j] >= times[j] - lat_part[j] and c.bottleneck != LOCAL_COPY
        results.append(CollectiveResult(op, int(size), float(times[j]), float(algbw), float(algbw * factor),
                                        c.algorithm, c.protocol, LATENCY_BOUND if latency_bound else c.bottleneck))
    return results


def _evaluate(candidates: tuple[_Candidate, ...], sizes: np.ndarray, ranks: int
              ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per size: the fastest candidate's time, its size-independent part and its index."""
    times = np.empty((len(candidates), sizes.size))
    fixed = np.empty_like(times)
    for i, c in enumerate(candidates):
        per_rank_channel = sizes / (c.channels * ranks)
        lat = np.where(per_rank_channel >= t.RING_PLATEAU_MIN_BYTES_PER_RANK_CHANNEL,
                       c.latency_us * c.plateau_factor, c.latency_us)
        lat = lat + LAUNCH_OVERHEAD_US + _pipeline_fill(c.stages, c.hw, sizes)
        bw = c.bw * _channel_share(c, sizes)
        if c.tree_correction:
            bw = bw * _tree_correction(c.protocol, sizes)
        fixed[i] = lat
        times[i] = lat + sizes / (bw * BYTES_PER_US_PER_GBPS)
    best = np.argmin(times, axis=0)
    columns = np.arange(sizes.size)
    return times[best, columns], fixed[best, columns], best


def _pipeline_fill(stages: tuple[Stage, ...], hw: Hardware | None, sizes: np.ndarray) -> np.ndarray:
    """Start-up of a pipeline: the first loop of data crosses every hop, sum(t_i), of which the
    bottleneck hop is already in the bandwidth term, hence sum(t_i) - max(t_i) (docs/models/collectives.md)."""
    active = [s for s in stages if s.count > 0 and math.isfinite(s.rate)]
    if not active or hw is None:
        return np.zeros_like(sizes)
    hop_times = [np.minimum(sizes, loop_bytes(s.kind, hw, sizes)) / (s.rate * BYTES_PER_US_PER_GBPS)
                 for s in active]
    total = sum(s.count * h for s, h in zip(active, hop_times, strict=True))
    return total - np.maximum.reduce(hop_times)


def _channel_share(c: _Candidate, sizes: np.ndarray) -> np.ndarray:
    """Share of NCCL's channels and threads kept for a message: enqueue.cc drops channels while
    nBytes < nChannels x nThreads x threshold, then halves threads (NCCL src/graph/tuning.cc).

    The counts are taken as continuous (nBytes / threshold, not its floor): NCCL's integer counts
    make the time a sawtooth in size (a message just below two channels' worth runs on one channel,
    slower than the message twice its size on two), which no architect should read as "bigger is
    faster". The continuous count is the lower envelope of that sawtooth, so the bandwidth term
    M / (B x share) is flat while channels are being dropped and never decreases with size.
    """
    threads = t.MAX_THREADS[c.protocol]
    channels = np.clip(sizes / (threads * c.bytes_per_thread), 1.0, c.channels)
    wanted = sizes / c.bytes_per_thread
    threads_kept = np.where(channels > 1, threads, np.clip(wanted, MIN_NCCL_THREADS, threads))
    return channels * threads_kept / (c.channels * threads)


def _tree_correction(proto: str, sizes: np.ndarray) -> np.ndarray:
    table = np.array(t.TREE_CORRECTION[proto])
    index = np.floor(np.log2(np.maximum(sizes, 1.0))).astype(int) - t.TREE_CORRECTION_MIN_LOG
    inside = (index >= 0) & (index < table.size)
    return np.where(inside, table[np.clip(index, 0, table.size - 1)], 1.0)


def _candidates(profile: FabricProfile, op: str, algo: str, proto: str) -> tuple[_Candidate, ...]:
    """Validated, cached candidate list (checks run first so bad input never reaches the cache)."""
    if not isinstance(profile, FabricProfile):
        raise ValueError(f"expected a FabricProfile, got {type(profile).__name__}")
    if op not in OPS:
        raise ValueError(QT_TRANSLATE_NOOP("Engine", "unknown collective {op!r}; use one of {choices}").fill(
            op=op, choices=", ".join(OPS)))
    if algo != "auto" and algo not in ALGOS:
        raise ValueError(QT_TRANSLATE_NOOP("Engine", "unknown algorithm {algo!r}; use 'auto' or one of {choices}").fill(
            algo=algo, choices=", ".join(ALGOS)))
    return _cached_candidates(profile, op, algo, _check_proto(proto))


@lru_cache(maxsize=CANDIDATE_CACHE_SIZE)
def _cached_candidates(profile: FabricProfile, op: str, algo: str, proto: str | None) -> tuple[_Candidate, ...]:
    hw = derive(profile)
    if profile.ranks == 1:
        return (_Candidate("ring", t.SIMPLE, 0.0, 1.0, math.inf, LOCAL_COPY, False, 1.0, 1),)
    out = []
    for a in _algorithms(profile, hw, op, algo):
        bw = bandwidth(op, a, hw)
        protos = protocols_for(a, hw)
        if proto is not None:
            if proto not in protos:
                raise ValueError(QT_TRANSLATE_NOOP(
                    "Engine", "protocol {proto} is not available for {algo} on this profile (available: "
                              "{choices})").fill(proto=proto, algo=a, choices=", ".join(protos)))
            protos = (proto,)
        out.extend(_candidate(op, a, p, bw.algbw, bw.bottleneck, hw) for p in protos)
    return tuple(out)


def _algorithms(profile: FabricProfile, hw: Hardware, op: str, algo: str) -> list[str]:
    if ALGOS_BY_OP[op] == (P2P,):
        if algo != "auto":
            raise ValueError(QT_TRANSLATE_NOOP(
                "Engine", "{op} runs point-to-point in NCCL; NCCL_ALGO does not apply, use algo='auto'").fill(op=op))
        return [P2P]
    if algo == "auto":
        return [a for a in ALGOS_BY_OP[op] if why_disabled(op, a, profile, hw) is None]
    reason = why_disabled(op, algo, profile, hw)
    if reason is not None:
        raise ValueError(QT_TRANSLATE_NOOP("Engine", "cannot force {algo!r} for {op} on this profile: {reason}").fill(
            algo=algo, op=op, reason=reason))
    return [algo]


def _candidate(op: str, algo: str, proto: str, algbw: float, bottleneck: str, hw: Hardware) -> _Candidate:
    threshold = t.THREAD_THRESHOLD_BYTES[proto] * (hw.ranks if algo == "ring" and proto == t.LL else 1)
    return _Candidate(
        algorithm=algo,
        protocol=proto,
        latency_us=latency(op, algo, proto, hw),
        plateau_factor=ring_plateau_factor(op, algo, proto, hw),
        bw=protocol_bandwidth(op, algo, proto, algbw, hw),
        bottleneck=bottleneck,
        tree_correction=algo == "tree" and op == "allreduce",
        bytes_per_thread=float(threshold),
        channels=hw.channels,
        stages=pipeline_stages(algo, hw) if proto == t.SIMPLE else (),
        hw=hw,
    )


def _check_bytes(nbytes: object) -> int:
    if isinstance(nbytes, bool) or not isinstance(nbytes, int | np.integer):
        raise ValueError(QT_TRANSLATE_NOOP("Engine", "message size must be a whole number of bytes, got "
                                                     "{nbytes!r}").fill(nbytes=nbytes))
    if nbytes <= 0:
        raise ValueError(QT_TRANSLATE_NOOP("Engine", "message size must be positive, got {nbytes} bytes").fill(
            nbytes=nbytes))
    return int(nbytes)


def _check_proto(proto: str) -> str | None:
    if proto == "auto":
        return None
    name = PROTO_NAMES.get(str(proto).lower())
    if name is None:
        raise ValueError(QT_TRANSLATE_NOOP("Engine", "unknown protocol {proto!r}; use 'auto' or one of {choices}").fill(
            proto=proto, choices=", ".join(t.PROTOCOLS)))
    return name
