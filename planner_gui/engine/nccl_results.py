"""Reading the raw output of nccl-tests (``all_reduce_perf`` and friends), robustly. No Qt.

Accepted: single- and multi-node runs, with or without the header and device lines, the current
column layout (``size count type redop root`` then ``time algbw busbw #wrong`` for out-of-place
and in-place) and the older ones (no ``root``, no ``redop``, an ``error`` column), ``-G`` CUDA-graph
runs, lines prefixed by MPI (``[1,0]<stdout>:``), Slurm (``0: ``) or Intel MPI (``[0] ``), NCCL's
own INFO/WARN lines, several tests in one file, and files cut short. A line that cannot be read
is reported with its line number and skipped; nothing here raises on bad text.

The column layout is nccl-tests' ``common.cu`` (NVIDIA/nccl-tests, ``PrintHeader``/``PrintLine``);
what the columns mean is collectives.md §2 (algbw = size / time, busbw = algbw × the op's factor).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from enum import StrEnum

# nccl-tests binary -> the collective model's op (engine/collectives OPS)
TEST_OPS = {"all_reduce_perf": "allreduce", "all_gather_perf": "allgather",
            "reduce_scatter_perf": "reducescatter", "alltoall_perf": "alltoall", "sendrecv_perf": "sendrecv",
            "broadcast_perf": "broadcast", "reduce_perf": "reduce"}
OP_TESTS = {op: test for test, op in TEST_OPS.items()}
# nccl-tests' data types (common.cu test_typenames) and their sizes in bytes
TYPE_BYTES = {"int8": 1, "uint8": 1, "int32": 4, "uint32": 4, "int64": 8, "uint64": 8, "half": 2,
              "float": 4, "double": 8, "bfloat16": 2, "f8e4m3": 1, "f8e5m2": 1, "fp8_e4m3": 1, "fp8_e5m2": 1}
PLACEMENT_COLUMNS = 4  # time, algbw, busbw, #wrong (or error) per placement block
MAX_EXCERPT = 80  # characters of a bad line quoted in its message
MAX_SIZE_BYTES = 2**50  # 1 PiB: far above any GPU's memory, so a bigger size is a garbled line
RANK_INFERENCE_TOLERANCE = 0.15  # a rank count inferred from busbw/algbw must be this close to whole
MIN_INFERENCE_ALGBW = 1.0  # GB/s: below this, two printed decimals are too coarse to infer ranks

_PREFIXES = (
    re.compile(r"^.*?\[\d+,\d+\]<std(?:out|err)>:\s?"),  # Open MPI --tag-output
    re.compile(r"^\[\d+\]\s"),  # Intel MPI -prepend-rank
    re.compile(r"^\s*\d+:\s"),  # srun --label
)
# Leftmost match wins, so "all_reduce_perf" is found before the "reduce_perf" inside it.
_TEST_NAME = re.compile(r"(?<![A-Za-z])(" + "|".join(TEST_OPS) + r")(?![A-Za-z])")
_NCCL_BANNER = re.compile(r"^NCCL version \S+")  # rank 0 prints it before the results
_STARTING = re.compile(r"Collective test starting:\s*(\S+)")
_HEADER = re.compile(r"nThread\s+\d+\s+nGpus\s+\d+")
_GRAPH = re.compile(r"graph:\s*(\d+)")  # -G: CUDA graph launches (absent before nccl-tests 2.10)
_RANK = re.compile(r"Rank\s+(\d+)\s+(?:Group\s+\d+\s+)?Pid\s+\d+\s+on\s+(\S+)\s+device\s+(\d+)")
_AVG = re.compile(r"Avg bus bandwidth\s*:\s*(\S+)")
_FAILURE = re.compile(r"Test (?:NCCL |CUDA )?failure|exited on signal|Segmentation fault|Aborted \(core dumped\)")
_NCCL_LOG = re.compile(r"\bNCCL (?:INFO|TRACE|WARN)\b")


class ProblemKind(StrEnum):
    MALFORMED = "malformed"  # looked like a result row but could not be read
    IGNORED = "ignored"  # text that is not nccl-tests output (a shell prompt, an MPI banner)
    FAILURE = "failure"  # nccl-tests or NCCL said something went wrong
    TRUNCATED = "truncated"  # the run ends without its summary lines
    NOTE = "note"  # something worth knowing that is not an error (a run restarted)


@dataclass(frozen=True, slots=True)
class ParseProblem:
    line: int  # 1-based line number in the text
    kind: ProblemKind
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


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


@dataclass(frozen=True, slots=True)
class NcclRun:
    """One sweep of one test, as nccl-tests printed it."""

    test: str | None  # nccl-tests binary, None when neither the text nor the caller says which
    test_source: str  # how the test was known: "header", "command", "hint", "columns" or ""
    first_line: int
    last_line: int
    rows: tuple[NcclRow, ...]
    ranks: int | None  # from the device lines, else inferred from busbw/algbw, else None
    ranks_source: str  # "devices", "bandwidth ratio" or ""
    hosts: tuple[str, ...]  # distinct host names of the device lines, in order
    graph: bool  # -G: CUDA graphs
    avg_busbw_gbs: float | None  # the '# Avg bus bandwidth' line; None when missing (truncated)

    @property
    def op(self) -> str | None:
        return None if self.test is None else TEST_OPS.get(self.test)

    @property
    def nodes(self) -> int | None:
        return len(self.hosts) or None


@dataclass(frozen=True, slots=True)
class NcclResults:
    runs: tuple[NcclRun, ...]
    problems: tuple[ParseProblem, ...]
    lines: int

    def of_kind(self, kind: ProblemKind) -> tuple[ParseProblem, ...]:
        return tuple(p for p in self.problems if p.kind == kind)


@dataclass
class _Open:
    """A run being read."""

    first_line: int
    test: str | None = None
    test_source: str = ""
    rows: list[NcclRow] = field(default_factory=list)
    ranks: dict[int, str] = field(default_factory=dict)  # rank -> host
    graph: bool = False
    avg: float | None = None
    last_line: int = 0
    columns: int | None = None  # columns the header line names; None without a header


class _Reader:
    def __init__(self, test_hint: str | None) -> None:
        self.hint = _check_hint(test_hint)
        self.runs: list[NcclRun] = []
        self.problems: list[ParseProblem] = []
        self.current: _Open | None = None
        self.pending_test: tuple[str, str] | None = None  # (test, source) for the next run
        self.restart_pending = False

    # ----- lines -------------------------------------------------------------------------------
    def line(self, number: int, raw: str) -> None:
        text = _strip_prefix(raw.replace("\x00", "")).strip()
        if not text:
            return
        if text.startswith("#"):
            self._comment(number, text.lstrip("#").strip())
        elif _NCCL_BANNER.match(text):
            return
        elif _NCCL_LOG.search(text):
            if "NCCL WARN" in text:
                self._problem(number, ProblemKind.NOTE, f"NCCL warning: {_excerpt(text)}")
        elif _FAILURE.search(text):
            self._problem(number, ProblemKind.FAILURE, f"nccl-tests reported a failure: {_excerpt(text)}")
        elif text[0].isdigit():
            self._data(number, text)
        elif (name := _TEST_NAME.search(text)) is not None:
            self._close()
            self.pending_test = (name.group(1), "command")
        else:
            self._problem(number, ProblemKind.IGNORED, f"not nccl-tests output, skipped: {_excerpt(text)!r}")

    def _comment(self, number: int, text: str) -> None:
        if (found := _STARTING.search(text)) is not None:
            self._close()
            self.pending_test = (found.group(1), "header")
        elif _HEADER.search(text) is not None:
            run = self._open(number)
            graph = _GRAPH.search(text)
            run.graph = graph is not None and graph.group(1) != "0"
        elif (rank := _RANK.search(text)) is not None:
            run = self.current if self.current is not None and not self.current.rows else self._open(number)
            run.ranks[int(rank.group(1))] = rank.group(2)
        elif (avg := _AVG.search(text)) is not None:
            self._average(number, avg.group(1))
        elif "Collective test concluded" in text:
            self._close()
        elif text.split()[:2] == ["size", "count"]:
            run = self.current if self.current is not None and not self.current.rows else self._open(number)
            run.columns = len(text.split())

    def _average(self, number: int, value: str) -> None:
        number_value = _float(value)
        if self.current is None or number_value is None:
            self._problem(number, ProblemKind.MALFORMED, f"'Avg bus bandwidth' line without a readable "
                                                         f"value or results above it: {value!r}")
            return
        self.current.avg = number_value
        self.current.last_line = number
        self.restart_pending = True  # rows after the summary belong to a new run

    def _data(self, number: int, text: str) -> None:
        expected = self.current.columns if self.current is not None else None
        row, error = parse_row(number, text, expected)
        if row is None:
            self._problem(number, ProblemKind.MALFORMED, error)
            return
        if row.bytes == 0:
            return  # AllGather/AllToAll print 0-byte rows below ranks × type size: nothing was sent
        run = self.current
        if run is None or self.restart_pending or (run.rows and row.bytes <= run.rows[-1].bytes):
            if run is not None and run.rows and not self.restart_pending:
                self._problem(number, ProblemKind.NOTE, f"size {row.bytes} B after {run.rows[-1].bytes} B: "
                                                        "a new sweep starts here")
            run = self._open(number) if run is None or run.rows else run
        self.restart_pending = False
        run.rows.append(row)
        run.last_line = number

    # ----- runs --------------------------------------------------------------------------------
    def _open(self, number: int) -> _Open:
        self._close()
        self.current = _Open(number, last_line=number)
        if self.pending_test is not None:
            self.current.test, self.current.test_source = self.pending_test
            self.pending_test = None
        return self.current

    def _close(self) -> None:
        run, self.current, self.restart_pending = self.current, None, False
        if run is None:
            return
        if not run.rows:
            if self.pending_test is None and run.test is not None:
                self.pending_test = (run.test, run.test_source)
            return
        if run.avg is None:
            self._problem(run.last_line, ProblemKind.TRUNCATED,
                          "the results end here without the '# Avg bus bandwidth' line: the output may be "
                          "cut short (the sizes above are still used)")
        self.runs.append(_finish(run, self.hint))

    def _problem(self, number: int, kind: ProblemKind, message: str) -> None:
        self.problems.append(ParseProblem(number, kind, message))


def parse_nccl_tests(text: str, test_hint: str | None = None) -> NcclResults:
    """Every run in ``text`` and every problem met; ``test_hint`` names the test when the text does not.

    ``test_hint`` is an nccl-tests binary (``all_reduce_perf``) or a collective (``allreduce``).
    """
    if not isinstance(text, str):
        raise ValueError(f"nccl-tests output must be text, got {type(text).__name__}")
    reader = _Reader(test_hint)
    lines = text.splitlines()
    for number, raw in enumerate(lines, start=1):
        reader.line(number, raw)
    reader._close()
    return NcclResults(tuple(reader.runs), tuple(reader.problems), len(lines))


def test_from_name(name: str) -> str | None:
    """The nccl-tests binary a file name mentions (``node1_all_reduce_perf.log``), else None."""
    found = _TEST_NAME.search(name.replace("-", "_").lower())
    return None if found is None else found.group(1)


def _check_hint(hint: str | None) -> str | None:
    if hint is None or hint == "":
        return None
    if hint in TEST_OPS:
        return hint
    if hint in OP_TESTS:
        return OP_TESTS[hint]
    raise ValueError(f"unknown nccl-tests test {hint!r}; use one of {', '.join(TEST_OPS)} "
                     f"(or the collective: {', '.join(OP_TESTS)})")


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
        return None, (f"result row with {len(tokens)} columns where nccl-tests prints {wanted} (size, count, "
                      f"type, redop, root, then time, algbw, busbw, #wrong out-of-place and in-place): cut "
                      f"short or garbled, skipped: {_excerpt(text)!r}")
    size, count = _int(tokens[0]), _int(tokens[1])
    if size is None or count is None or not 0 <= size <= MAX_SIZE_BYTES or count < 0:
        return None, f"size and count must be whole numbers of bytes and elements, skipped: {_excerpt(text)!r}"
    redop = tokens[3] if fixed >= 4 and _int(tokens[3]) is None else ""
    blocks = [_placement(tokens[i:i + PLACEMENT_COLUMNS]) for i in range(fixed, len(tokens), PLACEMENT_COLUMNS)]
    out_of_place = blocks[0]
    in_place = blocks[1] if len(blocks) > 1 else None
    if out_of_place is None or (len(blocks) > 1 and in_place is None):
        return None, f"time, algbw and busbw must be non-negative numbers, skipped: {_excerpt(text)!r}"
    return NcclRow(number, size, count, tokens[2], redop, out_of_place, in_place), ""


def _fixed_columns(tokens: list[str], expected: int | None) -> int | None:
    """How many descriptive columns lead the row (3 to 5), or None when the row does not fit a layout."""
    if expected is not None and len(tokens) != expected:
        return None
    blocks = 2 if expected is None else None  # without a header, both placements must be there
    for fixed in (5, 4, 3):
        rest = len(tokens) - fixed
        if rest <= 0 or rest % PLACEMENT_COLUMNS or (blocks is not None and rest != blocks * PLACEMENT_COLUMNS):
            continue
        if _float(tokens[2]) is not None:
            return None  # the type column is a word (float, bfloat16 ...): this is not a result row
        if fixed == 5 and (_int(tokens[4]) is None or _int(tokens[3]) is not None):
            continue  # five columns: a redop word, then a numeric root
        return fixed
    return None


def _placement(tokens: list[str]) -> Placement | None:
    if len(tokens) != PLACEMENT_COLUMNS:
        return None
    time_us, algbw, busbw = (_float(t) for t in tokens[:3])
    if time_us is None or algbw is None or busbw is None or min(time_us, algbw, busbw) < 0:
        return None
    wrong = _int(tokens[3])
    if wrong is None and tokens[3] != "N/A" and _float(tokens[3].rstrip("*")) is None:
        return None
    return Placement(time_us, algbw, busbw, wrong)


def _float(token: str) -> float | None:
    try:
        value = float(token)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def _int(token: str) -> int | None:
    return int(token) if re.fullmatch(r"-?\d+", token) else None


def _strip_prefix(line: str) -> str:
    for pattern in _PREFIXES:
        stripped = pattern.sub("", line, count=1)
        if stripped != line:
            return stripped
    return line


def _excerpt(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= MAX_EXCERPT else text[: MAX_EXCERPT - 1] + "…"


# ----- finishing a run ---------------------------------------------------------------------------
def _finish(run: _Open, hint: str | None) -> NcclRun:
    rows = tuple(run.rows)
    hosts = tuple(dict.fromkeys(run.ranks[r] for r in sorted(run.ranks)))
    test, source = run.test, run.test_source
    if test is None and hint is not None:
        test, source = hint, "hint"
    ranks: int | None = len(run.ranks) or None
    ranks_source = "devices" if ranks else ""
    if test is None:
        test = infer_test(rows, ranks)
        source = "columns" if test is not None else ""
    if ranks is None and test is not None:
        ranks = infer_ranks(rows, TEST_OPS[test])
        ranks_source = "bandwidth ratio" if ranks is not None else ""
    return NcclRun(test, source, run.first_line, run.last_line, rows, ranks, ranks_source, hosts, run.graph,
                   run.avg)


def _ratio(rows: tuple[NcclRow, ...]) -> float | None:
    """busbw / algbw of the row with the largest algbw (the most printed digits)."""
    usable = [r.out_of_place for r in rows if r.out_of_place.algbw_gbs >= MIN_INFERENCE_ALGBW]
    if not usable:
        return None
    best = max(usable, key=lambda p: p.algbw_gbs)
    return best.busbw_gbs / best.algbw_gbs


def infer_ranks(rows: tuple[NcclRow, ...], op: str) -> int | None:
    """Ranks from nccl-tests' busbw factor (collectives.md §2): 2(n−1)/n for AllReduce, (n−1)/n for
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
    return whole if whole >= 2 and abs(ranks - whole) <= RANK_INFERENCE_TOLERANCE else None


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
