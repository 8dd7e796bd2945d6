"""NCCL's own cost-model tables, copied as numbers (not prose) from ``src/graph/tuning.cc``.

Source for every table here unless a comment says otherwise: NVIDIA/nccl tag v2.30.7-1,
``src/graph/tuning.cc`` (byte-identical at master ``5067397c``): its latency tables, bandwidth caps
and thread thresholds, each named below as tuning.cc names it. docs/models/collectives.md explains
how the model uses them. Latencies are in microseconds, bandwidths in GB/s (1e9 B/s).

Indexing: ``table[algorithm][protocol]`` with the planner's names. Entries NCCL leaves at 0 for a
combination it never runs are simply absent.
"""

from __future__ import annotations

LL, LL128, SIMPLE = "LL", "LL128", "Simple"
PROTOCOLS = (LL, LL128, SIMPLE)

# Base latency per (algorithm, protocol); NCCL src/graph/tuning.cc "baseLatencies". CollNet and NVLS add
# no base latency (their hardware latency replaces it).
BASE_LATENCY_US: dict[str, dict[str, float]] = {
    "tree": {LL: 6.8, LL128: 14.0, SIMPLE: 8.4},
    "ring": {LL: 6.6, LL128: 14.0, SIMPLE: 8.4},
    "collnet": {SIMPLE: 0.0},
    "nvls": {SIMPLE: 0.0},
    "nvlstree": {SIMPLE: 0.0},
    "pat": {LL: 8.0, LL128: 8.0, SIMPLE: 8.0},
}

# Per-hop hardware latency over NVLink; NCCL src/graph/tuning.cc "hwLatencies[NVLINK]". CollNet uses the
# CollNetDirect row (the variant NCCL picks on NVSwitch systems, 1.6).
NVLINK_HOP_LATENCY_US: dict[str, dict[str, float]] = {
    "tree": {LL: 0.6, LL128: 1.25, SIMPLE: 4.0},
    "ring": {LL: 0.6, LL128: 1.9, SIMPLE: 3.4},
    "collnet": {SIMPLE: 3.7},
    "nvls": {SIMPLE: 25.0},
    "nvlstree": {SIMPLE: 25.0},
    "pat": {SIMPLE: 4.0},
}

# Per-hop hardware latency over PCIe; NCCL src/graph/tuning.cc "hwLatencies[PCI]".
PCI_HOP_LATENCY_US: dict[str, dict[str, float]] = {
    "tree": {LL: 1.0, LL128: 1.9, SIMPLE: 4.0},
    "ring": {LL: 1.0, LL128: 2.5, SIMPLE: 5.7},
    "collnet": {SIMPLE: 3.7},
    "nvls": {SIMPLE: 0.0},
    "nvlstree": {SIMPLE: 0.0},
    "pat": {SIMPLE: 4.0},
}

# Per-hop latency over the network; NCCL src/graph/tuning.cc "hwLatencies[NET]".
NET_HOP_LATENCY_US: dict[str, dict[str, float]] = {
    "tree": {LL: 5.0, LL128: 8.5, SIMPLE: 14.0},
    "ring": {LL: 2.7, LL128: 4.0, SIMPLE: 14.0},
    "collnet": {SIMPLE: 31.0},
    "nvls": {SIMPLE: 18.0},
    "nvlstree": {SIMPLE: 20.9},
    "pat": {SIMPLE: 14.0},
}

# Proxy cost of posting one network operation; NCCL src/graph/tuning.cc "getNetOverhead()": 1 us on
# Intel x86 (the default we assume: the profile does not name the CPU), tripled for Simple.
NET_OVERHEAD_US = 1.0
NET_OVERHEAD_SIMPLE_FACTOR = 3.0

# PAT latency terms; NCCL src/graph/tuning.cc: log2(nNodes) * interLat / 3.5 + 2.8 * nRanks.
PAT_INTER_DIVISOR = 3.5
PAT_PER_RANK_US = 2.8
# CollNetDirect "arity serialization" per local rank; NCCL src/graph/tuning.cc.
COLLNET_ARITY_US = 0.4

# Ring + Simple + AllReduce on several nodes: latency multiplied by 1.4 (sm80+) or 1.9 (older),
# NCCL's "plateau effect of ring"; NCCL src/graph/tuning.cc.
RING_PLATEAU_FACTOR_SM80 = 1.4
RING_PLATEAU_FACTOR_OLDER = 1.9
RING_PLATEAU_MIN_BYTES_PER_RANK_CHANNEL = 64

# LL protocol bandwidth ceiling (NCCL bus bandwidth); NCCL src/graph/tuning.cc "llMaxBws". Single node:
# row by GPU generation; several nodes: row 0 (Intel host, our assumption) indexed N2 / N4+.
LL_MAX_BW_SINGLE_NODE = {"volta": 39.0, "ampere": 87.7, "hopper": 141.0, "blackwell": 282.0}
LL_MAX_BW_TWO_NODES = 39.0
LL_MAX_BW_MANY_NODES = 20.4

# Protocol efficiencies applied to the bus bandwidth; NCCL src/graph/tuning.cc.
LL_PAYLOAD_FRACTION = 0.5  # LL sends 8 B of data with every 8 B flag/data word: "0.5*busBw"
LL128_PAYLOAD_FRACTION = 120.0 / 128.0  # 120 data bytes per 128-byte line (Tree LL128, several nodes)
RING_LL128_EFFICIENCY = 0.92  # "Ring + LL128: busBw = min(0.92*busBw, ...)" (0.92 ~ 120/128)
TREE_SIMPLE_EFFICIENCY = 0.92  # "Tree + AllRed: busBw = min(0.92*busBw, ...)"
TREE_LL_DIVISOR = 3.8  # "Tree + LL: busBw = min(busBw/3.8, llMaxBw)"
TREE_LL128_SINGLE_NODE = 7.0 / 9.0  # "Tree + LL128: busBw * (nNodes==1 ? 7/9 : 120/128)"
PAT_EFFICIENCY = 0.75  # "PAT: busBw *= 0.75"
TREE_ALG_PER_BUS = 0.5  # "Tree and CollNet AllReduce: 0.5, i.e. algbw = busbw/2" (bus -> algorithm)
COLLNET_SM90_EFFICIENCY = 0.85  # "CollNetDirect Simple, AllRed ... if sm90+: busBw *= 0.85"

# NVLink SHARP efficiency by generation; NCCL src/graph/tuning.cc "nvlsEfficiency" (Volta/Ampere: none).
NVLS_EFFICIENCY = {"volta": 0.0, "ampere": 0.0, "hopper": 0.85, "blackwell": 0.74}

# Tree AllReduce bandwidth correction by message size, index log2(nBytes >> 6): index 0 is 64 B,
# index 22 is 256 MiB; outside that range NCCL applies no correction. NCCL src/graph/tuning.cc.
TREE_CORRECTION = {
    LL: (1.0, 1.0, 1.0, 1.0, .9, .8, .7, .7, .7, .7, .6, .5, .4, .4, .5, .6, .7, .8, .9, 1.0, 1.0, 1.0, 1.0),
    LL128: (1.0, 1.0, 1.0, 1.0, 1.0, .9, .8, .8, .8, .7, .6, .6, .6, .6, .6, .6, .8, .9, .9, .9, .9, 1.0, 1.0),
    SIMPLE: (.9, .9, .9, .9, .9, .9, .9, .8, .7, .6, .6, .5, .5, .5, .5, .6, .7, .8, .7, .7, .8, .9, .9),
}
TREE_CORRECTION_MIN_LOG = 6  # nBytes >> 6: the table starts at 64 B

# Channel trimming for small messages (enqueue.cc): NCCL drops channels while
# nBytes < nChannels * nThreads * threshold. NCCL src/graph/tuning.cc: thresholds LL 8, LL128 8,
# Simple 64 bytes per thread (Ring/LL multiplied by nRanks); max threads Simple 512, LL 512,
# LL128 640.
THREAD_THRESHOLD_BYTES = {LL: 8, LL128: 8, SIMPLE: 64}
MAX_THREADS = {LL: 512, LL128: 640, SIMPLE: 512}
MAX_CHANNELS = 32  # NCCL's MAXCHANNELS for collectives (src/include/device.h, v2.30)

# Per-channel speed ceilings of NCCL's topology search, largest entry of each array; NCCL
# src/graph/search.cc (speedArrayIntra / sm90SpeedArrayIntra / sm100SpeedArrayIntra). Used to estimate how many
# channels NCCL builds for a given intra-node bandwidth.
MAX_CHANNEL_SPEED_INTRA = {"volta": 40.0, "ampere": 40.0, "hopper": 60.0, "blackwell": 90.0}

# Simple protocol buffer per channel: NCCL_BUFFSIZE defaults to 4 MiB, split into NCCL_STEPS = 8
# slots (src/include/device.h; NCCL env docs, NCCL_BUFFSIZE). One slot is the unit a Simple
# pipeline forwards from stage to stage.
SIMPLE_BUFFER_BYTES = 4 * 2**20
NCCL_STEPS = 8
SIMPLE_SLOT_BYTES = SIMPLE_BUFFER_BYTES // NCCL_STEPS

# NVLS runs on its own channels: NCCL_NVLS_NCHANNELS (16 on H100 systems) moving chunks of
# NCCL_NVLS_CHUNKSIZE = 128 KiB (src/transport/nvls.cc). NCCL's model scales NVLS bandwidth by
# (nCh - 1) / nCh (NCCL src/graph/tuning.cc: "intraBw = bwIntra * nvlsEfficiency * (nCh-1)/nCh").
NVLS_CHANNELS = 16
NVLS_CHUNK_BYTES = 128 * 2**10

# Chunk sizes NCCL picks per call (src/enqueue.cc, computeColl; NVIDIA/nccl master): NVLS and
# NVLSTree move nChannels x nHeads chunks per loop ("concurrentOps") and shrink the chunk when the
# message is small relative to that; NVLSTree caps the chunk at 64 KiB from 4 nodes on. Each rule
# is (messages below this many loops of the current chunk, chunk size above which it applies, new
# chunk size). Tree and CollNet with Simple keep one 512 KiB slot per channel and step.
NVLS_CHUNK_RULES = ((64, 64 * 2**10, 64 * 2**10), (8, 32 * 2**10, 32 * 2**10), (2, 16 * 2**10, 16 * 2**10))
NVLSTREE_CHUNK_RULES = ((4, 64 * 2**10, 64 * 2**10), (1, 32 * 2**10, 32 * 2**10))
NVLSTREE_SMALL_CHUNK_NODES = 4
NVLSTREE_SMALL_CHUNK_BYTES = 64 * 2**10
