"""The shape of every catalog entry, by kind, and its validation.

One table per kind lists each field with its type, whether it is required and its allowed range.
Every entry carries a ``source`` (URL or document) for its figures; figures that are our own
estimates are listed in ``estimated`` with how they were derived. Validation returns messages
instead of raising, so a bad entry in a user's catalog is reported and skipped, never fatal. Each
message is a translatable Text (model/messages.py, context "Catalog"), built only when there is a
problem: the bundled catalog is validated at every start.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import islice
from typing import Any

from planner_gui.model.messages import QT_TRANSLATE_NOOP, Template, Text

KINDS = (
    "gpu", "server", "nic", "switch", "storage", "cable", "rack", "pdu", "cooling", "patch_panel", "blank",
    "power_shelf", "cdu",
)
# Each kind as a word in a sentence ("unknown nic id ...", "... is not a gpu in the catalog"); in English
# the kind itself, in another language its name there.
KIND_WORDS = {
    "gpu": QT_TRANSLATE_NOOP("Catalog", "gpu"), "server": QT_TRANSLATE_NOOP("Catalog", "server"),
    "nic": QT_TRANSLATE_NOOP("Catalog", "nic"), "switch": QT_TRANSLATE_NOOP("Catalog", "switch"),
    "storage": QT_TRANSLATE_NOOP("Catalog", "storage"), "cable": QT_TRANSLATE_NOOP("Catalog", "cable"),
    "rack": QT_TRANSLATE_NOOP("Catalog", "rack"), "pdu": QT_TRANSLATE_NOOP("Catalog", "pdu"),
    "cooling": QT_TRANSLATE_NOOP("Catalog", "cooling"), "patch_panel": QT_TRANSLATE_NOOP("Catalog", "patch_panel"),
    "blank": QT_TRANSLATE_NOOP("Catalog", "blank"), "power_shelf": QT_TRANSLATE_NOOP("Catalog", "power_shelf"),
    "cdu": QT_TRANSLATE_NOOP("Catalog", "cdu"),
}
COOLANT_C = (0.0, 90.0)  # °C: a coolant supply or cold-plate limit outside this is a typing mistake
_TYPE_WORDS = {
    int: QT_TRANSLATE_NOOP("Catalog", "a whole number"), float: QT_TRANSLATE_NOOP("Catalog", "a number"),
    str: QT_TRANSLATE_NOOP("Catalog", "text"), bool: QT_TRANSLATE_NOOP("Catalog", "true/false"),
    dict: QT_TRANSLATE_NOOP("Catalog", "an object"), list: QT_TRANSLATE_NOOP("Catalog", "a list"),
}
_UNKNOWN_FIELD = QT_TRANSLATE_NOOP("Catalog", "unknown field {name!r}")
_MISSING_FIELD = QT_TRANSLATE_NOOP("Catalog", "missing required field {name!r}")


@dataclass(frozen=True, slots=True)
class Field:
    kind: type | tuple[type, ...]
    required: bool = True
    low: float | None = None
    high: float | None = None
    choices: tuple[str, ...] | None = None


NUM = (int, float)
MAX_EXACT_FLOAT_INT = 2**53  # beyond this an int loses digits as a float (IEEE 754 double mantissa)
_COMMON = {
    "id": Field(str),
    "kind": Field(str, choices=KINDS),
    "name": Field(str),
    "vendor": Field(str, required=False),
    "source": Field(str),
    "estimated": Field(dict, required=False),
    "notes": Field(str, required=False),
    "price_usd": Field(NUM, required=False, low=0, high=1e8),
    # The vendor's published part number (or SKU family, e.g. "MCP1650-H" before the length code), cited
    # in ``source``; entries without one are planning items and the bill of materials says so.
    "part_number": Field(str, required=False),
    "name_zh": Field(str, required=False),  # the name in Simplified Chinese, for the zh bill of materials
    # Sold only inside a rack-scale system (an NVL72 rack's switch trays, power shelves, cabinet): the
    # system's own line carries its price, so the bill lists it as included rather than at zero or unpriced.
    "sold_with_system": Field(bool, required=False),
}
_TECH = ("infiniband", "ethernet")
# NCCL network transports a server can name: IB verbs over InfiniBand or RoCE, AWS EFA (aws-ofi-nccl),
# Google GPUDirect-TCPX / -TCPXO, plain TCP sockets.
FABRIC_TRANSPORTS = ("ib", "roce", "efa", "tcpx", "tcpxo", "socket")
PLATFORM_FACTS = ("fabric_transport", "compute_rdma_devices", "storage_rdma_devices", "gpudirect_rdma",
                  "nccl_net_plugin")
MAX_RDMA_DEVICES = 64  # a server's RDMA devices (p5: 32 EFA devices); more is not a device list
RDMA_DEVICE_NAME = r"[A-Za-z][A-Za-z0-9_]{0,31}"  # ibv_devices names: mlx5_0, rdmap79s0
MAX_QUOTED = 40  # characters of a bad value quoted in a message
_DEVICE = {
    "height_u": Field(int, low=0, high=60),
    "weight_kg": Field(NUM, required=False, low=0, high=5000),
    "typical_power_w": Field(NUM, low=0, high=200_000),
    "max_power_w": Field(NUM, low=0, high=200_000),
}
# Servers and switches take rack space and draw power: 0 U is for PDUs and 0 W for passive parts, and a
# user catalog's 0 W server would hide its whole load from the power and cost models.
_ACTIVE_DEVICE = {
    **_DEVICE,
    "height_u": Field(int, low=1, high=60),
    "typical_power_w": Field(NUM, low=1, high=200_000),
    "max_power_w": Field(NUM, low=1, high=200_000),
}

FIELDS: dict[str, dict[str, Field]] = {
    "gpu": {
        "memory_gb": Field(NUM, low=1, high=10_000),
        "memory_bw_tbs": Field(NUM, low=0.01, high=100),
        "tdp_w": Field(NUM, low=1, high=5000),
        "bf16_tflops": Field(NUM, required=False, low=0, high=100_000),
        "fp16_tflops": Field(NUM, low=0, high=100_000),
        "fp8_tflops": Field(NUM, required=False, low=0, high=100_000),
        "achievable_fraction": Field(NUM, low=0.05, high=1.0),
        "interconnect": Field(str, choices=("nvlink", "pcie")),
        "nvlink_gen": Field(int, required=False, low=1, high=10),
        "nvlink_links": Field(int, required=False, low=1, high=64),
        "nvlink_bidir_gbs": Field(NUM, required=False, low=1, high=100_000),
        # The largest NVLink domain the GPU's NVLink generation joins across servers (NVLink 5: 576);
        # absent: NVLink stays inside one server.
        "max_nvlink_domain": Field(int, required=False, low=1, high=100_000),
        "pcie_gen": Field(int, low=3, high=7),
    },
    "server": {
        **_ACTIVE_DEVICE,
        "gpu_id": Field(str),
        "gpu_count": Field(int, low=1, high=72),
        "nvswitch_count": Field(int, low=0, high=64),
        "cpu": Field(str),
        "cpu_cores": Field(int, low=1, high=1024),
        "ram_gb": Field(NUM, low=1, high=100_000),
        "nvme_tb": Field(NUM, low=0, high=10_000),
        "nvme_read_gbs": Field(NUM, low=0, high=1000),
        "nvme_write_gbs": Field(NUM, low=0, high=1000),
        "default_nic_id": Field(str),
        "compute_nic_slots": Field(int, low=0, high=32),
        "storage_nic_count": Field(int, low=0, high=16),
        "storage_nic_gbps": Field(NUM, low=0, high=1600),
        # Servers fed from a rack busbar (NVL72 compute trays) have no PSUs of their own.
        "psu_count": Field(int, required=False, low=1, high=16),
        "psu_redundant": Field(int, required=False, low=0, high=16),
        "psu_w": Field(NUM, required=False, low=100, high=20_000),
        "airflow_cfm": Field(NUM, required=False, low=0, high=10_000),
        "cooling": Field(str, choices=("air", "liquid")),
        # Platform facts for the NCCL environment (engine/deploy/platform.py): set only from a cited
        # source (platform_source), never guessed; without them the deployment advice prints the
        # discovery steps instead of device names.
        "fabric_transport": Field(str, required=False, choices=FABRIC_TRANSPORTS),
        "compute_rdma_devices": Field(list, required=False),
        "storage_rdma_devices": Field(list, required=False),
        "gpudirect_rdma": Field(bool, required=False),
        "nccl_net_plugin": Field(str, required=False),
        "platform_source": Field(str, required=False),
        # Share of the server's heat its cold plates take to liquid (the rest goes to room air).
        "liquid_fraction": Field(NUM, required=False, low=0, high=1),
        # The warmest coolant supply its cold plates are specified for (°C); absent: no limit known.
        "max_coolant_supply_c": Field(NUM, required=False, low=COOLANT_C[0], high=COOLANT_C[1]),
        # Rack-scale NVLink systems (docs/catalog.md, `server`): GPUs per NVLink domain across servers
        # and the parts one domain's rack holds besides its servers.
        "nvlink_domain_gpus": Field(int, required=False, low=1, high=100_000),
        "domain_switch_id": Field(str, required=False),
        "domain_switch_count": Field(int, required=False, low=0, high=64),
        "domain_power_shelf_id": Field(str, required=False),
        "domain_power_shelf_count": Field(int, required=False, low=0, high=64),
        "domain_rack_id": Field(str, required=False),
    },
    "nic": {
        "technology": Field(str, choices=_TECH),
        "generation": Field(str),
        "speed_gbps": Field(NUM, low=1, high=3200),
        "latency_us": Field(NUM, low=0.05, high=1000),
        "power_w": Field(NUM, low=0, high=200),
        "form_factor": Field(str),
        "rdma": Field(bool),
        "default_switch_id": Field(str),
        # Cloud NICs whose NCCL network plugin is not IB/RoCE verbs (docs/catalog.md, `nic`).
        "transport": Field(str, required=False, choices=("efa", "efa_v1", "tcpx")),
        # The NIC's PCIe host link generation (x16); absent: unknown, taken as the GPU's.
        "pcie_gen": Field(int, required=False, low=3, high=7),
        "nvls_support": Field(bool, required=False),
    },
    "switch": {
        **_ACTIVE_DEVICE,
        "technology": Field(str, choices=(*_TECH, "nvlink")),
        "port_groups": Field(list),
        "latency_ns": Field(NUM, low=1, high=100_000),
        "sharp": Field(bool),
        # "nvlink": an NVLink switch tray of a rack-scale system (cabled through the rack backplane)
        "role": Field(str, choices=("fabric", "management", "nvlink")),
    },
    "storage": {
        **_DEVICE,
        "capacity_tb": Field(NUM, low=0, high=100_000),
        "read_gbs": Field(NUM, low=0, high=10_000),
        "write_gbs": Field(NUM, low=0, high=10_000),
        "port_groups": Field(list),
    },
    "cable": {
        "medium": Field(str, choices=("dac", "acc", "aoc", "mmf", "smf", "utp")),
        "technology": Field(str, choices=(*_TECH, "any")),
        "speed_gbps": Field(NUM, low=1, high=3200),
        "reach_m": Field(NUM, low=0.1, high=100_000),
        "power_per_end_w": Field(NUM, low=0, high=100),
        "form_factor": Field(str, required=False),  # the plug: SFP28, QSFP28, QSFP56, QSFP112, OSFP, RJ45
    },
    "rack": {
        "height_u": Field(int, low=1, high=60),
        "width_mm": Field(NUM, low=100, high=2000),
        "depth_mm": Field(NUM, low=100, high=3000),
        "max_load_kg": Field(NUM, low=10, high=10_000),
        "weight_kg": Field(NUM, low=0, high=2000),
        # A rack-scale cabinet's DC busbar (NVL72): absent where no source gives the rating.
        "busbar_v": Field(NUM, required=False, low=1, high=1000),
        "busbar_a": Field(NUM, required=False, low=1, high=100_000),
    },
    "pdu": {
        **_DEVICE,
        "voltage_v": Field(NUM, low=100, high=1000),
        "amps": Field(NUM, low=1, high=1000),
        "phases": Field(int, low=1, high=3),
        "outlets": Field(int, low=1, high=200),
    },
    "cooling": {
        "capacity_kw": Field(NUM, low=1, high=1000),
        "capacity_kw_max": Field(NUM, low=1, high=1000),
        "pue": Field(NUM, low=1.0, high=3.0),
        # The technology-cooling loop's supply temperature this cooling type is planned at (°C) and the CDU
        # that makes it (a ``cdu`` entry); liquid-cooled servers are checked against it.
        "supply_c": Field(NUM, required=False, low=COOLANT_C[0], high=COOLANT_C[1]),
        "cdu_id": Field(str, required=False),
    },
    # A coolant distribution unit: facility water to the racks' cold-plate loop. Facts only (not placed).
    "cdu": {
        "placement": Field(str, choices=("in-rack", "in-row", "sidecar", "room")),
        "capacity_kw": Field(NUM, required=False, low=1, high=100_000),
        "capacity_kw_min": Field(NUM, required=False, low=1, high=100_000),
        "max_supply_c": Field(NUM, required=False, low=COOLANT_C[0], high=COOLANT_C[1]),
        "approach_k": Field(NUM, required=False, low=0, high=30),
        "flow_lpm_per_kw": Field(NUM, required=False, low=0.01, high=100),
    },
    "patch_panel": {**_DEVICE, "ports": Field(int, low=1, high=1000)},
    # A rack power shelf: AC in, DC onto the rack busbar (NVL72).
    "power_shelf": {
        **_DEVICE,
        "output_w": Field(NUM, low=1, high=1_000_000),
        "psu_count": Field(int, low=1, high=64),
        "psu_w": Field(NUM, low=100, high=100_000),
        "psu_redundant": Field(int, required=False, low=0, high=64),
    },
    "blank": {**_DEVICE},
}

_TABLES = {kind: {**_COMMON, **fields} for kind, fields in FIELDS.items()}  # every field of each kind
PORT_GROUP_FIELDS = {
    "prefix": Field(str),
    "count": Field(int, low=1, high=1024),
    "speed_gbps": Field(NUM, low=0.1, high=3200),
    "form_factor": Field(str),
}


def kind_word(kind: str) -> Text | str:
    """``kind`` as a word in a sentence, translatable when it is one of KINDS."""
    word = KIND_WORDS.get(kind)
    return word.fill() if word is not None else kind


def validate_entry(entry: Any, limit: int | None = None) -> list[str]:
    """Every problem with one catalog entry, as readable messages (empty: the entry is good); the first
    ``limit`` only, when given (a hostile entry can have millions: 2.5 million empty port groups)."""
    return list(islice(_problems_of(entry), limit))


def _problems_of(entry: Any) -> Iterator[str]:
    if not isinstance(entry, dict):
        yield QT_TRANSLATE_NOOP("Catalog", "an entry must be an object, got {type}").fill(type=type(entry).__name__)
        return
    kind = entry.get("kind")
    if kind not in FIELDS:
        yield QT_TRANSLATE_NOOP("Catalog", "kind {kind!r} is not one of {kinds}").fill(
            kind=kind, kinds=", ".join(KINDS))
        return
    table = _TABLES[kind]
    for name in entry:
        if name not in table:
            yield _UNKNOWN_FIELD.fill(name=name)
    for name, spec in table.items():
        if name not in entry or entry[name] is None:
            if spec.required:
                yield _MISSING_FIELD.fill(name=name)
            continue
        yield from _check_value(name, entry[name], spec)
    yield from _check_estimated(entry, table)
    if kind == "server":
        yield from _check_platform(entry)
    for i, group in enumerate(entry.get("port_groups") or []):
        yield from (QT_TRANSLATE_NOOP("Catalog", "port_groups[{index}]: {problem}").fill(index=i, problem=p)
                    for p in _check_port_group(group))


def _check_value(name: str, value: Any, spec: Field) -> list[str]:
    kinds = spec.kind if isinstance(spec.kind, tuple) else (spec.kind,)
    if isinstance(value, bool) and bool not in kinds:
        return [QT_TRANSLATE_NOOP("Catalog", "{name}: expected {expected}, got a boolean").fill(
            name=name, expected=_type_names(kinds))]
    if not isinstance(value, kinds):
        return [QT_TRANSLATE_NOOP("Catalog", "{name}: expected {expected}, got {type}").fill(
            name=name, expected=_type_names(kinds), type=type(value).__name__)]
    if isinstance(value, float) and not math.isfinite(value):
        return [QT_TRANSLATE_NOOP("Catalog", "{name}: {value} is not a finite number").fill(name=name, value=value)]
    if isinstance(value, NUM) and not isinstance(value, bool):
        if spec.low is not None and value < spec.low:
            return [QT_TRANSLATE_NOOP("Catalog", "{name}: {value} is below the minimum {low:g}").fill(
                name=name, value=_number(value), low=spec.low)]
        if spec.high is not None and value > spec.high:
            return [QT_TRANSLATE_NOOP("Catalog", "{name}: {value} is above the maximum {high:g}").fill(
                name=name, value=_number(value), high=spec.high)]
    if spec.choices is not None and value not in spec.choices:
        return [QT_TRANSLATE_NOOP("Catalog", "{name}: {value!r} is not one of {choices}").fill(
            name=name, value=value, choices=", ".join(spec.choices))]
    if isinstance(value, str) and not value.strip() and name in ("id", "name", "source"):
        return [QT_TRANSLATE_NOOP("Catalog", "{name}: must not be empty").fill(name=name)]
    return []


def _check_estimated(entry: dict[str, Any], table: dict[str, Field]) -> Iterator[str]:
    estimated = entry.get("estimated") or {}
    if not isinstance(estimated, dict):
        return
    for name, how in estimated.items():
        if name not in table or (name in _COMMON and name != "price_usd"):
            yield QT_TRANSLATE_NOOP("Catalog", "estimated: {name!r} is not a figure of this entry").fill(name=name)
        elif not isinstance(how, str) or not how.strip():
            yield QT_TRANSLATE_NOOP("Catalog", "estimated: {name!r} must say how it was derived").fill(name=name)


def _check_platform(entry: dict[str, Any]) -> Iterator[str]:
    """Device lists hold RDMA device names; any platform fact needs its platform_source."""
    for name in ("compute_rdma_devices", "storage_rdma_devices"):
        devices = entry.get(name)
        if not isinstance(devices, list):
            continue
        if not 0 < len(devices) <= MAX_RDMA_DEVICES:
            yield QT_TRANSLATE_NOOP("Catalog", "{name}: {count} devices; list 1 to {most} RDMA device names").fill(
                name=name, count=len(devices), most=MAX_RDMA_DEVICES)
            continue
        bad = next((d for d in devices if not (isinstance(d, str) and re.fullmatch(RDMA_DEVICE_NAME, d))), None)
        if bad is not None:
            yield QT_TRANSLATE_NOOP("Catalog", "{name}: {value} is not an RDMA device name (as ibv_devices prints "
                                               "them, e.g. mlx5_0)").fill(name=name, value=_quoted(bad))
        elif len(set(devices)) != len(devices):
            yield QT_TRANSLATE_NOOP("Catalog", "{name}: a device is listed twice").fill(name=name)
    if any(entry.get(f) is not None for f in PLATFORM_FACTS) and not str(entry.get("platform_source") or "").strip():
        yield QT_TRANSLATE_NOOP("Catalog", "platform_source: required with {fields}: say where these facts come "
                                           "from").fill(fields=", ".join(f for f in PLATFORM_FACTS if f in entry))


def _quoted(value: Any) -> str:
    said = repr(value)
    return said if len(said) <= MAX_QUOTED else said[: MAX_QUOTED - 1] + "…"


def _check_port_group(group: Any) -> Iterator[str]:
    if not isinstance(group, dict):
        yield QT_TRANSLATE_NOOP("Catalog", "must be an object").fill()
        return
    yield from (_UNKNOWN_FIELD.fill(name=name) for name in group if name not in PORT_GROUP_FIELDS)
    for name, spec in PORT_GROUP_FIELDS.items():
        if name not in group:
            yield _MISSING_FIELD.fill(name=name)
        else:
            yield from _check_value(name, group[name], spec)


def _number(value: int | float) -> str:
    """A number for a message; whole numbers beyond float range (10**400 in a JSON file) stay exact."""
    if isinstance(value, int) and abs(value) > MAX_EXACT_FLOAT_INT:
        digits = str(abs(value))
        return f"{'-' if value < 0 else ''}{digits[0]}.{digits[1:4]}e+{len(digits) - 1}"
    return f"{value:g}"


def _type_names(kinds: tuple[type, ...]) -> Text | str:
    """"a whole number or a number": each kind's word once, joined by "or" (translatable as a whole)."""
    words: list[Template | str] = list(dict.fromkeys(_TYPE_WORDS.get(k, k.__name__) for k in kinds))
    phrase: Text | str = ""
    for word in words:
        said = word.fill() if isinstance(word, Template) else word
        phrase = QT_TRANSLATE_NOOP("Catalog", "{first} or {second}").fill(first=phrase, second=said) if phrase else said
    return phrase
