"""A design's links as numpy arrays, with the compute fabric picked out. No Qt.

Topology analysis runs on every edit, on designs with up to ~120,000 links, so nothing here
loops over links in Python: references are parsed by topology_parse (in C, cached between
edits) and port roles and speeds come from small per-model tables indexed with numpy. The
*compute fabric* is every link between a server's compute NIC and a fabric switch port,
between two fabric switches, or directly between two servers' compute NICs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from planner_gui.engine.incremental.link_columns import link_columns
from planner_gui.engine.incremental.store import kept
from planner_gui.engine.topology.parse import PortRefs, parse_links
from planner_gui.engine.util.arrays import FirstSeen, common_prefix
from planner_gui.model import Design, DeviceKind, DeviceSpec, PortRole

# Device kinds, as small integers so that masks over thousands of devices stay vectorised.
KIND_SERVER, KIND_FABRIC_SWITCH, KIND_OTHER_SWITCH, KIND_OTHER = 0, 1, 2, 3
# Port roles (PortRole) as integers; -1 marks a port the device's spec does not have.
ROLE_UNKNOWN, ROLE_COMPUTE, ROLE_STORAGE, ROLE_MANAGEMENT, ROLE_SWITCH = -1, 0, 1, 2, 3
_ROLE_CODES = {PortRole.COMPUTE: ROLE_COMPUTE, PortRole.STORAGE: ROLE_STORAGE,
               PortRole.MANAGEMENT: ROLE_MANAGEMENT, PortRole.SWITCH: ROLE_SWITCH}
TECH_UNKNOWN, TECH_INFINIBAND, TECH_ETHERNET = -1, 0, 1
_TECH_CODES = {"infiniband": TECH_INFINIBAND, "ethernet": TECH_ETHERNET}
FABRIC_SWITCH_ROLE = "fabric"  # catalog switch "role" of compute-fabric switches (schema.py)


@dataclass(frozen=True, slots=True, eq=False)
class FabricGraph:
    """Every link of a design as parallel arrays; ``fab_*`` arrays hold the compute fabric.

    End arrays have shape (2, links): row 0 is each link's ``a`` end, row 1 its ``b`` end.
    Speeds are in Gb/s, NaN when the port is unknown. In the fabric arrays a server is always
    the ``u`` end of a server-to-switch link.
    """

    device_ids: tuple[str, ...]
    device_kind: np.ndarray  # int8 per device
    compute_ports: np.ndarray  # int16 per device: compute NIC ports its spec has
    switch_ports: np.ndarray  # int16 per device: non-management switch ports its spec has
    link_ids: Sequence[str]  # LinkIds: a view over the Link objects, not a tuple
    end_dev: np.ndarray  # int32 (2, L)
    end_role: np.ndarray  # int8 (2, L)
    end_speed: np.ndarray  # float64 (2, L)
    end_tech: np.ndarray  # int8 (2, L)
    end_nic: np.ndarray  # int16 (2, L): index among the server's compute ports, -1 otherwise
    medium: np.ndarray  # int8 (L,), index into topology_parse.MEDIA
    length_m: np.ndarray  # float64 (L,)
    fab_link: np.ndarray  # int32 (F,): index of each fabric link in the link arrays
    fab_u: np.ndarray  # int32 (F,) device index (the server for server links)
    fab_v: np.ndarray  # int32 (F,) device index
    fab_cap: np.ndarray  # float64 (F,): the speed the link runs at (slower end), Gb/s
    fab_nic: np.ndarray  # int16 (F,): NIC index at the server end, -1 for switch-to-switch
    refs: PortRefs  # refs[end][link]: the port reference at end 0 (a) or 1 (b) of a link
    port_speeds: np.ndarray  # the distinct port speeds of the design's hardware, sorted (Gb/s)
    # int32 per device: its (catalog id, NIC, NIC count), numbered in order of first appearance
    model: np.ndarray | None = None
    model_keys: tuple[tuple[Any, ...], ...] = ()  # the (catalog id, NIC, NIC count) each model number stands for

    @property
    def n_devices(self) -> int:
        return len(self.device_ids)

    def devices_of_kind(self, kind: int) -> np.ndarray:
        return np.flatnonzero(self.device_kind == kind)

    def ids(self, indices: Any) -> tuple[str, ...]:
        return tuple(map(self.device_ids.__getitem__, np.asarray(indices, dtype=np.int64).ravel().tolist()))

    def ref(self, end: int, link: int) -> str:
        """The port reference at one end (0: a, 1: b) of link number ``link``."""
        return self.refs[end][int(link)]


@dataclass(frozen=True, slots=True)
class _PortTables:
    role: np.ndarray  # (specs, vocab) int8
    speed: np.ndarray  # (specs, vocab) float64
    tech: np.ndarray  # (specs, vocab) int8
    nic: np.ndarray  # (specs, vocab) int16


def build_fabric_graph(design: Design, catalog: Any) -> FabricGraph:
    """The arrays for ``design``; ``catalog`` is a planner_gui.catalog.Catalog (any HardwareSpecs
    whose ``get(catalog_id)`` returns entries with a switch ``role`` will do)."""
    columns = link_columns(design)  # read once per analysis, shared with its cache keys and power
    specs, dev_spec, kind, keys = _classify_devices(catalog, columns.devices)
    parse = parse_links(design, {p.name: None for spec in specs for p in spec.ports}, columns.links, columns.change)
    tables = _port_tables(specs, parse.vocab)
    last = _previous(catalog, keys, dev_spec, parse.device_ids)
    continued = last is not None and parse.prior is last[0]  # the parse has compared the two lists already
    if last is not None and continued and parse.dropped is not None:  # one link removed: its column goes
        ends, fab = _without_link(last[1], parse.dropped)
    else:
        keep = 0 if last is None else parse.reused if continued else common_prefix(last[0], parse.links)
        ends = _end_arrays(tables, dev_spec, parse.end_dev[:, keep:], parse.port_code[:, keep:])
        fab = _fabric_links(kind, parse.end_dev[:, keep:], ends[0], ends[1], ends[2], keep)
        if last is not None and keep:  # the links before the first change are as they were: so are their arrays
            ends, fab = _joined(last[1], keep, ends, fab)
    end_role, end_speed, end_nic, end_tech = ends
    compute_ports = np.array([_count_role(s, PortRole.COMPUTE) for s in specs], dtype=np.int16)[dev_spec]
    switch_ports = np.array([_count_role(s, PortRole.SWITCH) for s in specs], dtype=np.int16)[dev_spec]
    graph = FabricGraph(parse.device_ids, kind, compute_ports, switch_ports, parse.link_ids, parse.end_dev,
                        end_role, end_speed, end_tech, end_nic, columns.media, columns.lengths, *fab, parse.refs,
                        np.unique(tables.speed[np.isfinite(tables.speed)]), dev_spec, keys)
    kept()[_GRAPH] = (catalog, parse.links, graph)
    return graph


# In the running cache's store (engine/incremental/store.py): the catalog, the link list and the graph of
# the last build. A link's arrays follow from its ends and its two devices' models alone, so the next build
# with the same catalog, devices and models reuses them for the leading links that are the same objects
# (an edit near the end of the list, where added links go, recomputes a handful), and after one link was
# removed anywhere (the parse says which) drops its column. Replaced whole per build. Also the device
# classification, kept while the (catalog id, NIC, NIC count) columns are equal (every edit but a swap).
_GRAPH, _CLASSES = "fabric_graph", "device_classes"


def _previous(catalog: Any, keys: tuple[tuple[Any, ...], ...], dev_spec: np.ndarray,
              device_ids: tuple[str, ...]) -> tuple[list[Any], FabricGraph] | None:
    """The last build's links and graph when its catalog, devices and their models are these."""
    entry = kept().get(_GRAPH)
    if entry is None or entry[0] is not catalog:
        return None
    graph = entry[2]
    if graph.model_keys != keys or graph.device_ids != device_ids or not np.array_equal(graph.model, dev_spec):
        return None
    return entry[1], graph


def _end_arrays(tables: _PortTables, dev_spec: np.ndarray, end_dev: np.ndarray, port_code: np.ndarray
                ) -> tuple[np.ndarray, ...]:
    """(role, speed, NIC index, technology) of every link end."""
    flat = dev_spec[end_dev] * tables.role.shape[1] + port_code  # one flat index serves all four lookups
    return (tables.role.ravel().take(flat), tables.speed.ravel().take(flat), tables.nic.ravel().take(flat),
            tables.tech.ravel().take(flat))


def _without_link(old: FabricGraph, at: int) -> tuple[tuple[np.ndarray, ...], tuple[np.ndarray, ...]]:
    """``old``'s link arrays without link number ``at``; the fabric links after it are renumbered."""
    ends = tuple(np.delete(a, at, axis=1) for a in (old.end_role, old.end_speed, old.end_nic, old.end_tech))
    fab = (old.fab_link, old.fab_u, old.fab_v, old.fab_cap, old.fab_nic)
    j = int(np.searchsorted(old.fab_link, at))  # fab_link is ascending: the link's fabric entry, if any
    if j < old.fab_link.size and old.fab_link[j] == at:
        fab = tuple(np.delete(a, j) for a in fab)
    fab_link = fab[0].astype(np.int32)  # a copy, renumbered in place below
    fab_link[j:] -= 1
    return ends, (fab_link, *fab[1:])


def _joined(old: FabricGraph, keep: int, ends: tuple[np.ndarray, ...], fab: tuple[np.ndarray, ...]
            ) -> tuple[tuple[np.ndarray, ...], tuple[np.ndarray, ...]]:
    """``old``'s arrays for its first ``keep`` links followed by ``ends`` and ``fab`` (the links after)."""
    old_ends = (old.end_role, old.end_speed, old.end_nic, old.end_tech)
    joined_ends = tuple(np.concatenate((before[:, :keep], after), axis=1) for before, after in zip(old_ends, ends,
                                                                                                    strict=True))
    count = int(np.searchsorted(old.fab_link, keep))  # fabric entries of the kept links
    old_fab = (old.fab_link, old.fab_u, old.fab_v, old.fab_cap, old.fab_nic)
    joined_fab = tuple(np.concatenate((before[:count], after)) for before, after in zip(old_fab, fab, strict=True))
    return joined_ends, joined_fab


_Classes = tuple[list[DeviceSpec], np.ndarray, np.ndarray, tuple[tuple[Any, ...], ...]]
_MODEL_FIELDS = slice(1, 4)  # catalog id, NIC, NIC count in link_columns.LinkColumns.devices


def _classify_devices(catalog: Any, columns: tuple[list[Any], ...]) -> _Classes:
    """Each device's spec (deduplicated: a 4,096-node design has a handful) and kind code; ``columns``:
    the devices' fields (LinkColumns.devices)."""
    models = columns[_MODEL_FIELDS]
    store = kept()
    last = store.get(_CLASSES)
    if last is not None and last[0] is catalog and last[1] == models:
        return last[2]  # type: ignore[no-any-return]
    seen = FirstSeen()  # (catalog id, NIC, NIC count) -> spec index, in order of first appearance
    dev_spec = np.fromiter(map(seen.__getitem__, zip(*models, strict=True)), np.int32, len(models[0]))
    specs: list[DeviceSpec] = []
    spec_kind: list[int] = []
    for model in seen:
        specs.append(catalog.device_spec(*model))
        spec_kind.append(_kind_code(specs[-1], catalog.get(model[0])))
    kind = np.array(spec_kind, dtype=np.int8)[dev_spec] if specs else np.empty(0, dtype=np.int8)
    dev_spec.setflags(write=False)  # shared by the graphs of later analyses
    kind.setflags(write=False)
    found = specs, dev_spec, kind, tuple(seen)
    store[_CLASSES] = (catalog, models, found)
    return found


def _kind_code(spec: DeviceSpec, entry: Any) -> int:
    if spec.kind is DeviceKind.GPU_SERVER:
        return KIND_SERVER
    if spec.kind is DeviceKind.SWITCH:
        role = entry.get("role") if entry is not None else None
        return KIND_FABRIC_SWITCH if role == FABRIC_SWITCH_ROLE else KIND_OTHER_SWITCH
    return KIND_OTHER


def _port_tables(specs: list[DeviceSpec], vocab: dict[str, int]) -> _PortTables:
    shape = (max(len(specs), 1), max(len(vocab), 1))
    role = np.full(shape, ROLE_UNKNOWN, dtype=np.int8)
    speed = np.full(shape, np.nan)
    tech = np.full(shape, TECH_UNKNOWN, dtype=np.int8)
    nic = np.full(shape, -1, dtype=np.int16)
    for s, spec in enumerate(specs):
        compute_index = 0
        for port in spec.ports:
            j = vocab.get(port.name)
            if port.role is PortRole.COMPUTE:
                compute_index += 1
            if j is None:
                continue
            role[s, j] = _ROLE_CODES.get(port.role, ROLE_UNKNOWN)
            speed[s, j] = port.speed_gbps
            tech[s, j] = _TECH_CODES.get(port.technology, TECH_UNKNOWN)
            if port.role is PortRole.COMPUTE:
                nic[s, j] = compute_index - 1
    return _PortTables(role, speed, tech, nic)


def _count_role(spec: DeviceSpec, role: PortRole) -> int:
    return sum(1 for p in spec.ports if p.role is role)


def _fabric_links(kind: np.ndarray, end_dev: np.ndarray, end_role: np.ndarray, end_speed: np.ndarray,
                  end_nic: np.ndarray, first: int = 0) -> tuple[np.ndarray, ...]:
    """The compute-fabric links, server end first, with the speed each runs at; ``first``: the number of
    the first link given (the link indices returned count from it)."""
    dev_kind = kind[end_dev] if kind.size else np.empty_like(end_dev, dtype=np.int8)
    compute = (dev_kind == KIND_SERVER) & (end_role == ROLE_COMPUTE)
    switch = (dev_kind == KIND_FABRIC_SWITCH) & (end_role == ROLE_SWITCH)
    server_a = compute[0] & (switch[1] | compute[1])
    server_b = compute[1] & switch[0]
    mask = server_a | server_b | (switch[0] & switch[1])
    fab_link = np.flatnonzero(mask).astype(np.int32)
    flip = server_b[fab_link]  # put the server at the u end
    u = np.where(flip, end_dev[1, fab_link], end_dev[0, fab_link])
    v = np.where(flip, end_dev[0, fab_link], end_dev[1, fab_link])
    nic = np.where(flip, end_nic[1, fab_link], end_nic[0, fab_link]).astype(np.int16)
    cap = np.fmin(end_speed[0, fab_link], end_speed[1, fab_link])
    return (fab_link + first).astype(np.int32), u.astype(np.int32), v.astype(np.int32), cap, nic
