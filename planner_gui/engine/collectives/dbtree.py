"""NCCL's double binary tree over nodes, reduced to the one number the cost model needs.

NCCL (``src/graph/trees.cc``, ``ncclGetBtree`` / ``ncclGetDtree``) builds two complementary
binary trees over the nodes; each carries half the data. During an AllReduce a node sends half
the buffer over each of its edges in each tree (up during the reduce, down during the
broadcast), so its network egress is (edges in tree 0 + edges in tree 1) x M/2. The busiest node
sets the time. With two nodes that is M, not the ~2M a ring sends: the "busbw above line rate"
effect of two-node trees (nccl-tests#22, #196; nccl-tests doc/PERFORMANCE.md). Three nodes give 1.5M, larger
trees 2M (SimAI models the same 2x and 4/3 factors, SimAI, NSDI'25).
"""

from __future__ import annotations

from functools import lru_cache

# Above this many nodes the busiest node always has 4 edges (interior in one tree, leaf in the
# other), so the factor stops changing; checked by building the trees up to this size.
LARGE_TREE_NODES = 64
LARGE_TREE_EGRESS = 2.0


def _btree(nranks: int, rank: int) -> tuple[int, list[int]]:
    """(parent, children) of ``rank`` in NCCL's binary tree (parent -1 at the root)."""
    bit = 1
    while bit < nranks and not bit & rank:
        bit <<= 1
    if rank == 0:
        return -1, [bit >> 1] if nranks > 1 else []
    up = (rank ^ bit) | (bit << 1)
    if up >= nranks:
        up = rank ^ bit
    lowbit = bit >> 1
    children: list[int] = []
    if lowbit:
        children.append(rank - lowbit)
        down1 = rank + lowbit
        while down1 >= nranks and lowbit:
            lowbit >>= 1
            down1 = rank + lowbit
        if lowbit:
            children.append(down1)
    return up, children


def _degree(nranks: int, rank: int) -> int:
    parent, children = _btree(nranks, rank)
    return len(children) + (parent >= 0)


def _second_tree_rank(nranks: int, rank: int) -> int:
    """The rank whose position ``rank`` takes in the second tree: mirrored (even) or shifted (odd)."""
    return (rank - 1 + nranks) % nranks if nranks % 2 else nranks - 1 - rank


@lru_cache(maxsize=LARGE_TREE_NODES + 1)
def tree_egress_factor(nodes: int) -> float:
    """Busiest node's network egress in units of the buffer size M (0 on one node)."""
    if nodes <= 1:
        return 0.0
    if nodes > LARGE_TREE_NODES:
        return LARGE_TREE_EGRESS
    busiest = max(_degree(nodes, r) + _degree(nodes, _second_tree_rank(nodes, r)) for r in range(nodes))
    return busiest / 2.0
