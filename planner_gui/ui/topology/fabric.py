"""The fabric overview: a topology as the people who run fabrics draw it. Pure numpy, no Qt.

Each tier (band) is a tree of groups over its devices: GPU servers by pod (the servers that share
the same leaf switches: a scalable unit), leaves by rail then pod (the leaf that most of a leaf's
server links come from one NIC index of is that rail's leaf), higher tiers by rail (a switch whose
downlinks all serve one rail belongs to that rail's plane) then by the groups below them they
reach, other networks by model. A node with more than FANOUT children gets intermediate nodes, so
no level shows more than FANOUT groups (a 100,000-GPU tier stays a few dozen nodes). What is drawn
is the frontier of the open nodes: by default each tier's first level; opening a node replaces it
with its children, down to single devices and, for an open device, its linked ports. Links between
the drawn nodes merge into bundles with their count, speed, load and rail.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from planner_gui.ui.topology import layout as tl
from planner_gui.ui.topology.grouped import Band, Grouping, band_of, cut_range

if TYPE_CHECKING:
    from planner_gui.ui.topology.data import TopologyData

FANOUT = 16  # children shown at most when a node opens: a row of 16 groups fits a laptop at fit-all
# Designs with this many servers or more open as the overview. From screenshots of the generator's
# rail-optimized DGX H100 designs drawn device by device (issue 19 item 4): at 8 servers (64 GPUs) every
# link can still be followed; at 16 (128 GPUs) the 64 server-leaf links cross into one orange mass, and at
# the 256-GPU default (32 servers) the rails are lost.
COLLAPSE_FROM_SERVERS = 16
RAIL_SHARE = 0.5  # a leaf belongs to a rail when at least this share of its server links use that NIC index
NO_RAIL = -1
MIN_CHUNK = 8  # an intermediate node holds at least this many: 32 servers are 4 x 8, not 16 x 2
NICE_CHUNKS = (8, 10, 16, 20, 25, 32, 40, 50, 64, 100, 128, 200, 250, 256, 500, 512, 1000, 1024)
# Partition kinds, which name a group: "Pod 3", "Rail 2", "Group 4", a model name.
POD, RAIL, GROUP, MODEL, CHUNK, DEVICE, TIER = "pod", "rail", "group", "model", "chunk", "device", "tier"


@dataclass(eq=False)
class Node:
    band: int
    lo: int  # the node's devices are order[lo:hi] of the tree
    hi: int
    kind: str  # POD, RAIL, GROUP, MODEL, CHUNK (intermediate), DEVICE, or TIER (a band's root)
    number: int  # 1-based ordinal of a pod/rail/group, the device index for DEVICE
    rail: int = NO_RAIL
    parent: int = -1
    children: list[int] = field(default_factory=list)
    first: int = 0  # CHUNK: the numbers of its first and last child
    last: int = 0
    pending: bool = False  # its children are single devices not made yet (FabricTree.children makes them)
    split: int = -1  # >= 0: its children are groups not made yet, cut from this key on (FabricTree.children)

    @property
    def count(self) -> int:
        return self.hi - self.lo


@dataclass(eq=False)
class FabricTree:
    """The groups of every tier. A group's children (its groups, or its single devices) become nodes only
    when it is opened or looked into (``children``): at 100,000 GPUs the single devices are 19,000 of the
    20,000 nodes, and a regroup after every edit made them all (issue 19: the overview's regroup at 100k);
    at 4,096 nodes the tiers' first level is ~40 of the ~1,300 groups, and the regroup after a spine
    delete made all of them."""

    order: np.ndarray  # drawn device indices, band by band, in tree order
    nodes: list[Node]
    roots: dict[int, int]  # band code -> root node
    rail: np.ndarray  # per device: its rail (leaves, rail planes) or NO_RAIL
    model: np.ndarray  # per device: model code (TopologyData.model)
    bands: dict[int, Band] = field(default_factory=dict)  # band code -> what its pending nodes are made from

    def devices(self, node: int) -> np.ndarray:
        n = self.nodes[node]
        return self.order[n.lo:n.hi]

    def children(self, node: int) -> list[int]:
        """The node's children, made now if they were not yet (its groups, then its single devices)."""
        n = self.nodes[node]
        if n.split >= 0:
            level, n.split = n.split, -1
            _split(self.nodes, node, self.bands[n.band], level)
            self._index_devices(node)
        if n.pending:
            n.pending = False
            _device_children(self.nodes, node, self.bands[n.band])
            self._index_devices(node)
        return n.children

    def _index_devices(self, node: int) -> None:
        for child in _descendants(self.nodes, node):
            if self.nodes[child].kind == DEVICE:
                self._device_node[self.nodes[child].number] = child

    def node_of_device(self, device: int) -> int:
        """The DEVICE node of a device index (-1 when not drawn), made if it was pending."""
        found = self._device_node.get(device)
        if found is not None:
            return found
        where = np.flatnonzero(self.order == device)
        if where.size == 0:
            return -1
        position = int(where[0])
        node = next((r for r in self.roots.values() if self.nodes[r].lo <= position < self.nodes[r].hi), -1)
        while node >= 0 and self.nodes[node].kind != DEVICE:
            node = next((c for c in self.children(node) if self.nodes[c].lo <= position < self.nodes[c].hi), -1)
        return node

    def __post_init__(self) -> None:
        self._device_node = {n.number: i for i, n in enumerate(self.nodes) if n.kind == DEVICE}


def default_open(tree: FabricTree) -> set[int]:
    """The overview's first picture: a tier shows its groups (pods, rails, spine groups, a few single
    switches) unless they would only be runs of devices; then it stays one node ("32 × DGX H100")."""
    opened = set()
    for root in tree.roots.values():
        children = tree.children(root)
        if children and not any(tree.nodes[c].kind == CHUNK and _holds_devices(tree, c) for c in children):
            opened.add(root)
    return opened


def _holds_devices(tree: FabricTree, node: int) -> bool:
    n = tree.nodes[node]
    if n.pending:
        return True  # its children are single devices
    children = n.children
    return bool(children) and tree.nodes[children[0]].kind in (DEVICE, CHUNK) and (
        tree.nodes[children[0]].kind == DEVICE or _holds_devices(tree, children[0]))


def build_tree(data: TopologyData) -> FabricTree:
    n = data.band.size
    drawn = data.drawn[:n]
    links = data.live_links()
    links = links[data.link_fabric[links]]  # only the compute fabric's links make groups
    a, b, nic = data.link_a[links], data.link_b[links], data.link_nic[links]
    band = data.band[:n]
    rail = np.full(n, NO_RAIL, dtype=np.int64)
    group = np.zeros(n, dtype=np.int64)
    server_pods = _server_pods(band, a, b, n)
    group[band == 0] = server_pods[band == 0]
    _leaf_groups(band, a, b, nic, server_pods, rail, group)
    for tier in sorted(c for c in np.unique(band[drawn]).tolist() if c >= 2):
        _upper_groups(tier, band, a, b, rail, group)
    model = data.model[:n].astype(np.int64)
    nodes: list[Node] = []
    roots: dict[int, int] = {}
    order_parts: list[np.ndarray] = []
    start = 0
    bands: dict[int, Band] = {}
    for code in sorted(np.unique(band[drawn]).tolist(), key=tl._band_sort_key):
        members = np.flatnonzero(drawn & (band == code))
        keys = _partition_keys(code, members, rail, group, model)
        members = members[np.lexsort((members, *reversed(keys)))]
        keys = _partition_keys(code, members, rail, group, model)  # in the sorted order
        order_parts.append(members)
        root = _add(nodes, Node(code, start, start + members.size, TIER, code))
        roots[code] = root
        bands[code] = band_of(members, keys, _level_kinds(code), rail[members], start)
        _split(nodes, root, bands[code], 0)
        start += members.size
    order = np.concatenate(order_parts) if order_parts else np.empty(0, dtype=np.int64)
    return FabricTree(order, nodes, roots, rail, model, bands)


# ----- groups --------------------------------------------------------------------------------------
def _server_pods(band: np.ndarray, a: np.ndarray, b: np.ndarray, n: int) -> np.ndarray:
    """Per device: a pod number for servers (servers with the same leaves share it), 0 otherwise."""
    server, leaf = _down_up(band, a, b, 0)
    pods = np.zeros(n, dtype=np.int64)
    if server.size == 0:
        return pods
    lo = np.full(n, np.iinfo(np.int64).max)
    hi = np.full(n, -1, dtype=np.int64)
    by_server = Grouping(server)
    by_server.into(np.minimum, lo, leaf)
    by_server.into(np.maximum, hi, leaf)
    count = np.bincount(server, minlength=n)
    linked = np.flatnonzero(count > 0)
    _, pod = np.unique(np.stack((lo[linked], hi[linked], count[linked])), axis=1, return_inverse=True)
    pods[linked] = pod.ravel() + 1
    return _renumber_by_first(pods, band == 0)


def _leaf_groups(band: np.ndarray, a: np.ndarray, b: np.ndarray, nic: np.ndarray, pods: np.ndarray,
                 rail: np.ndarray, group: np.ndarray) -> None:
    """Leaves: the rail most of their server links come from (if it is most) and their servers' pod."""
    server, leaf, link_nic = _down_up(band, a, b, 0, nic)
    if leaf.size == 0:
        return
    n = band.size
    width = int(max(link_nic.max(initial=0), 0)) + 1
    use = link_nic >= 0
    pair, count = np.unique(leaf[use] * width + link_nic[use], return_counts=True)
    best = np.zeros(n, dtype=np.int64)
    best_nic = np.full(n, NO_RAIL, dtype=np.int64)
    owner = pair // width
    order = np.lexsort((-count, owner))  # each leaf's most used NIC index first
    first = np.unique(owner[order], return_index=True)[1]
    best[owner[order][first]] = count[order][first]
    best_nic[owner[order][first]] = (pair % width)[order][first]
    total = np.bincount(leaf, minlength=n)
    is_rail = (total > 0) & (best >= RAIL_SHARE * np.maximum(total, 1))
    leaves = band == 1
    if len(np.unique(best_nic[leaves & is_rail])) > 1:  # one NIC index for all leaves is no rail design
        rail[leaves & is_rail] = best_nic[leaves & is_rail]
    pod = np.zeros(n, dtype=np.int64)
    pod[:] = np.iinfo(np.int64).max
    Grouping(leaf).into(np.minimum, pod, pods[server])
    group[leaves] = np.where(pod[leaves] == np.iinfo(np.int64).max, 0, pod[leaves])


def _upper_groups(tier: int, band: np.ndarray, a: np.ndarray, b: np.ndarray, rail: np.ndarray,
                  group: np.ndarray) -> None:
    """A tier above the leaves: its switches' rail (when all their downlinks serve one) and the range
    of lower groups they reach (a pod's spines reach that pod's leaves; a plane's, every pod's)."""
    below, switch = _down_up(band, a, b, tier - 1)
    n = band.size
    big = np.iinfo(np.int64).max
    lo, hi = np.full(n, big), np.full(n, -1, dtype=np.int64)
    rail_lo, rail_hi = np.full(n, big), np.full(n, -big, dtype=np.int64)
    by_switch = Grouping(switch)
    by_switch.into(np.minimum, lo, group[below])
    by_switch.into(np.maximum, hi, group[below])
    by_switch.into(np.minimum, rail_lo, rail[below])
    by_switch.into(np.maximum, rail_hi, rail[below])
    members = np.flatnonzero(band == tier)
    linked = members[hi[members] >= 0]
    if linked.size == 0:
        return
    same = (rail_lo[linked] == rail_hi[linked]) & (rail_lo[linked] >= 0)
    rail[linked[same]] = rail_lo[linked[same]]
    _, key = np.unique(np.stack((rail[linked], lo[linked], hi[linked])), axis=1, return_inverse=True)
    group[linked] = key.ravel() + 1
    group[:] = _renumber_by_first(group, band == tier) * (band == tier) + group * (band != tier)


def _down_up(band: np.ndarray, a: np.ndarray, b: np.ndarray, lower: int,
             *extra: np.ndarray) -> tuple[np.ndarray, ...]:
    """The fabric links between band ``lower`` and the band above it, as (lower end, upper end, extra...)."""
    band_a, band_b = band[a], band[b]
    forward = (band_a == lower) & (band_b == lower + 1)
    backward = (band_b == lower) & (band_a == lower + 1)
    down = np.concatenate((a[forward], b[backward]))
    up = np.concatenate((b[forward], a[backward]))
    return (down, up, *(np.concatenate((e[forward], e[backward])) for e in extra))


def _renumber_by_first(values: np.ndarray, members: np.ndarray) -> np.ndarray:
    """Number the distinct positive values of ``members`` 1, 2, ... in order of their first device, so
    "Pod 1" holds the first servers of the design."""
    out = values.copy()
    where = np.flatnonzero(members & (values > 0))
    if where.size == 0:
        return out
    distinct, first = np.unique(values[where], return_index=True)
    rank = np.empty(distinct.size, dtype=np.int64)
    rank[np.argsort(first, kind="stable")] = np.arange(1, distinct.size + 1)
    out[where] = rank[np.searchsorted(distinct, values[where])]
    return out


# ----- the tree ------------------------------------------------------------------------------------
def _partition_keys(code: int, members: np.ndarray, rail: np.ndarray, group: np.ndarray,
                    model: np.ndarray) -> list[np.ndarray]:
    """Coarse to fine: what splits a band into groups."""
    if code == 0:
        return [group[members], model[members]]
    if code >= 1:
        return [rail[members], group[members], model[members]]
    return [model[members]]


def _level_kinds(code: int) -> list[str]:
    if code == 0:
        return [POD, MODEL]
    if code >= 1:
        return [RAIL, POD if code == 1 else GROUP, MODEL]
    return [MODEL]


def _add(nodes: list[Node], node: Node) -> int:
    nodes.append(node)
    return len(nodes) - 1


def _split(nodes: list[Node], parent: int, band: Band, level: int) -> None:
    """Give ``parent`` its children: the segments of the next key that splits it, else single devices;
    FANOUT at most."""
    node = nodes[parent]
    members, keys, kinds, base = band.members, band.keys, band.kinds, band.base
    lo, hi = node.lo - base, node.hi - base
    first = last = 0
    while level < len(keys):
        first, last = cut_range(band.cuts[level], lo, hi)
        if first < last:
            break
        level += 1  # one value all through: this level names nothing here
    if level >= len(keys):
        if hi - lo == 1:  # a group of one device: it is that device
            node.kind, node.number, node.rail = DEVICE, int(members[lo]), int(band.rail[lo])
        else:  # single devices: made when the node is opened (FabricTree.children)
            node.pending = True
            i, j = cut_range(band.rail_cuts, lo, hi)
            same = i == j  # one rail all through
            node.rail = node.number - 1 if node.kind == RAIL else int(band.rail[lo]) if same else NO_RAIL
        return
    bounds = [lo, *band.cuts[level][first:last], hi]
    kind = kinds[level]
    children = []
    for start, stop in itertools.pairwise(bounds):
        value = keys[level][start]
        number = value + 1 if kind == RAIL else value
        if stop - start == 1:  # a group of one device: it is that device
            child = _add(nodes, Node(node.band, base + start, base + stop, DEVICE, int(members[start]),
                                     rail=int(band.rail[start]), parent=parent))
        else:  # its own groups are cut when it is opened; its rail is its devices' (what they would give)
            i, j = cut_range(band.rail_cuts, start, stop)
            rail = number - 1 if kind == RAIL else int(band.rail[start]) if i == j else NO_RAIL
            child = _add(nodes, Node(node.band, base + start, base + stop, kind, number, rail=rail,
                                     parent=parent, split=level + 1))
        children.append(child)
    nodes[parent].children = _chunked(nodes, parent, children)
    for child in nodes[parent].children:
        nodes[child].parent = parent
    node.rail = _common_rail(nodes, node.children, node)


def _device_children(nodes: list[Node], parent: int, band: Band) -> None:
    """Give a pending node its single devices, under intermediate nodes when there are more than FANOUT."""
    node = nodes[parent]
    children = [_add(nodes, Node(node.band, i, i + 1, DEVICE, int(band.members[i - band.base]),
                                 rail=int(band.rail[i - band.base]), parent=parent))
                for i in range(node.lo, node.hi)]
    nodes[parent].children = _chunked(nodes, parent, children)
    for child in nodes[parent].children:
        nodes[child].parent = parent


def _descendants(nodes: list[Node], node: int) -> list[int]:
    out, stack = [], list(nodes[node].children)
    while stack:
        child = stack.pop()
        out.append(child)
        stack.extend(nodes[child].children)
    return out


def chunk_size(n: int) -> int:
    """How many consecutive children one intermediate node takes when there are more than FANOUT: a
    round number (so labels read "Pods 1–25"), at least MIN_CHUNK."""
    wanted = max(-(-n // FANOUT), MIN_CHUNK)
    return next(s for s in NICE_CHUNKS if s >= wanted) if wanted <= NICE_CHUNKS[-1] else wanted


def _chunked(nodes: list[Node], parent: int, children: list[int]) -> list[int]:
    """At most FANOUT children: runs of consecutive ones under intermediate nodes (recursively)."""
    while len(children) > FANOUT:
        size = chunk_size(len(children))
        grouped = []
        for i in range(0, len(children), size):
            part = children[i:i + size]
            first, last = nodes[part[0]], nodes[part[-1]]
            chunk = _add(nodes, Node(first.band, first.lo, last.hi, CHUNK, 0, parent=parent, children=part,
                                     first=_first_number(nodes, part[0]), last=_last_number(nodes, part[-1])))
            for child in part:
                nodes[child].parent = chunk
            nodes[chunk].rail = _common_rail(nodes, part, nodes[chunk])
            grouped.append(chunk)
        children = grouped
    return children


def _first_number(nodes: list[Node], i: int) -> int:
    return nodes[i].first if nodes[i].kind == CHUNK else nodes[i].number


def _last_number(nodes: list[Node], i: int) -> int:
    return nodes[i].last if nodes[i].kind == CHUNK else nodes[i].number


def _common_rail(nodes: list[Node], children: list[int], node: Node) -> int:
    rails = {nodes[c].rail for c in children}
    if node.kind == RAIL:
        return node.number - 1
    return rails.pop() if len(rails) == 1 else NO_RAIL
