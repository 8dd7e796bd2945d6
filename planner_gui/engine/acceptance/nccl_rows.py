"""One result row of nccl-tests, and what a run's rows say about the test and its ranks. No Qt.

A row is ``size count type [redop] [root]`` followed by one or two placement blocks
(out-of-place, in-place) of ``time algbw busbw #wrong`` — nccl-tests' ``common.cu``
(``PrintHeader``/``PrintLine``); busbw = algbw × the op's factor (nccl-tests doc/PERFORMANCE.md).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from planner_gui.engine.checks.base import Sentence

PLACEMENT_COLUMNS = 4  # time, algbw, busbw, #wrong (or error) per placement block
PLACEMENTS = 2  # out-of-place, then in-place
MAX_EXCERPT = 80  # characters of a bad line quoted in its message
MAX_SIZE_BYTES = 2**50  # 1 PiB: far above any GPU's memory, so a bigger size is a garbled line
# Descriptive columns before the placement blocks: size count type [redop] [root] (common.cu).
TYPE_COLUMN, REDOP_COLUMN, ROOT_COLUMN = 2, 3, 4
LAYOUTS = (5, 4, 3)  # with root and redop, with one of them, with neither (oldest all_gather)
RANK_INFERENCE_TOLERANCE = 0.15  # a rank count inferred from busbw/algbw must be this close to whole
MIN_RANKS = 2  # a collective needs two ranks; one rank's busbw factor is 0
MIN_INFERENCE_ALGBW = 1.0  # GB/s: below this, two printed decimals are too coarse to infer ranks


@dataclass(frozen=True, slots=True)
class Placement:
    """One block of a result row: out-of-place or in-place."""

    time_us: float
    algbw_gbs: float
    busbw_gbs: float
    wrong: int | None  # data errors found (#wrong); None when not checked (-c 0) or an old 'error' column


@dataclass(frozen=True, slots=True)
class NcclRow:
    line: int
    bytes: int
    count: int
    dtype: str
    redop: str  # "" when the layout has no redop column
    out_of_place: Placement
    in_place: Placement | None

    @property
    def best(self) -> Placement:
        """The faster placement: what nccl-tests users quote; both are shown next to each other."""
        if self.in_place is None or self.out_of_place.busbw_gbs >= self.in_place.busbw_gbs:
            return self.out_of_place
        return self.in_place

    @property
    def wrong(self) -> int:
        return sum(p.wrong or 0 for p in (self.out_of_place, self.in_place) if p is not None)


# ----- one row -----------------------------------------------------------------------------------
def parse_row(number: int, text: str, expected: int | None = None) -> tuple[NcclRow | None, str]:
    """A result row, or (None, why not) with the reason phrased for the user.

    ``expected`` is the column count the header line announced; without a header, a row must have
    both placement blocks after 3 to 5 descriptive columns (11 to 13 columns in all).
    """
    tokens = text.split()
    fixed = _fixed_columns(tokens, expected)
    if fixed is None:
        wanted = f"{expected} columns, as the header line says" if expected else "11 to 13 columns"
        return None, Sentence(
            f"result row with {len(tokens)} columns where nccl-tests prints {wanted} (size, count, type, redop, "
            f"root, then time, algbw, busbw, #wrong out-of-place and in-place): cut short or garbled, skipped: "
            f"{excerpt(text)!r}", "parse.row-columns.header" if expected else "parse.row-columns",
            columns=len(tokens), expected=expected or 0, excerpt=excerpt(text))
    size, count = _int(tokens[0]), _int(tokens[1])
    if size is None or count is None or not 0 <= size <= MAX_SIZE_BYTES or count < 0:
        return None, Sentence(f"size and count must be whole numbers of bytes and elements, skipped: "
                              f"{excerpt(text)!r}", "parse.row-integers", excerpt=excerpt(text))
    has_redop = fixed > REDOP_COLUMN and _int(tokens[REDOP_COLUMN]) is None
    redop = tokens[REDOP_COLUMN] if has_redop else ""
    blocks = [_placement(tokens[i:i + PLACEMENT_COLUMNS])
              for i in range(fixed, len(tokens), PLACEMENT_COLUMNS)]
    out_of_place = blocks[0]
    in_place = blocks[1] if len(blocks) > 1 else None
    if out_of_place is None or (len(blocks) > 1 and in_place is None):
        return None, Sentence(f"time, algbw and busbw must be non-negative numbers, skipped: {excerpt(text)!r}",
                              "parse.row-negative", excerpt=excerpt(text))
    return NcclRow(number, size, count, tokens[2], redop, out_of_place, in_place), ""


def _fixed_columns(tokens: list[str], expected: int | None) -> int | None:
    """How many descriptive columns lead the row (3 to 5), or None when the row does not fit a layout."""
    if expected is not None and len(tokens) != expected:
        return None
    blocks = PLACEMENTS if expected is None else None  # without a header, both placements must be there
    for fixed in LAYOUTS:
        rest = len(tokens) - fixed
        wrong_blocks = blocks is not None and rest != blocks * PLACEMENT_COLUMNS
        if rest <= 0 or rest % PLACEMENT_COLUMNS or wrong_blocks:
            continue
        if parse_float(tokens[TYPE_COLUMN]) is not None:
            return None  # the type column is a word (float, bfloat16 ...): this is not a result row
        root_missing = _int(tokens[ROOT_COLUMN]) is None or _int(tokens[REDOP_COLUMN]) is not None
        if fixed > ROOT_COLUMN and root_missing:
            continue  # five columns: a redop word, then a numeric root
        return fixed
    return None


def _placement(tokens: list[str]) -> Placement | None:
    if len(tokens) != PLACEMENT_COLUMNS:
        return None
    time_us, algbw, busbw = (parse_float(t) for t in tokens[:3])
    if time_us is None or algbw is None or busbw is None or min(time_us, algbw, busbw) < 0:
        return None
    wrong = _int(tokens[3])
    if wrong is None and tokens[3] != "N/A" and parse_float(tokens[3].rstrip("*")) is None:
        return None
    return Placement(time_us, algbw, busbw, wrong)


def parse_float(token: str) -> float | None:
    try:
        value = float(token)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


MAX_INT_DIGITS = 18  # any count nccl-tests prints fits; a longer one is damage (and int() refuses 4,301+ digits)


def _int(token: str) -> int | None:
    return int(token) if len(token) <= MAX_INT_DIGITS + 1 and re.fullmatch(r"-?\d+", token) else None


def excerpt(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= MAX_EXCERPT else text[: MAX_EXCERPT - 1] + "…"


def _ratio(rows: tuple[NcclRow, ...]) -> float | None:
    """busbw / algbw of the row with the largest algbw (the most printed digits)."""
    usable = [r.out_of_place for r in rows if r.out_of_place.algbw_gbs >= MIN_INFERENCE_ALGBW]
    if not usable:
        return None
    best = max(usable, key=lambda p: p.algbw_gbs)
    return best.busbw_gbs / best.algbw_gbs


def infer_ranks(rows: tuple[NcclRow, ...], op: str) -> int | None:
    """Ranks from nccl-tests' busbw factor (nccl-tests doc/PERFORMANCE.md): 2(n−1)/n for AllReduce, (n−1)/n for
    AllGather, ReduceScatter and AllToAll; None when it cannot be told (SendRecv's factor is 1)."""
    factor = _ratio(rows)
    if factor is None:
        return None
    if op == "allreduce" and factor < 2.0:
        ranks = 2.0 / (2.0 - factor)
    elif op in ("allgather", "reducescatter", "alltoall") and factor < 1.0:
        ranks = 1.0 / (1.0 - factor)
    else:
        return None
    whole = round(ranks)
    return whole if whole >= MIN_RANKS and abs(ranks - whole) <= RANK_INFERENCE_TOLERANCE else None


def infer_test(rows: tuple[NcclRow, ...], ranks: int | None) -> str | None:
    """The test a headerless run most likely is, from its columns; None when two tests fit.

    busbw/algbw above 1 only happens for AllReduce; below 1 with a reduction (``sum``) is
    ReduceScatter; ``none`` below 1 is AllGather or AllToAll, which the columns cannot tell apart.
    """
    factor = _ratio(rows)
    redop = rows[0].redop if rows else ""
    if factor is None:
        return None
    if factor > 1.0:
        return "all_reduce_perf"
    if factor < 1.0 and redop not in ("", "none"):
        return "reduce_scatter_perf"
    if factor == 1.0 and ranks is not None and ranks > 2 and redop not in ("", "none"):
        return "sendrecv_perf"
    return None
