"""Reading the raw output of nccl-tests (``all_reduce_perf`` and friends), robustly. No Qt.

Accepted: single- and multi-node runs, with or without the header and device lines, the current
column layout (``size count type redop root`` then ``time algbw busbw #wrong`` for out-of-place
and in-place) and the older ones (no ``root``, no ``redop``, an ``error`` column), ``-G`` CUDA-graph
runs, lines prefixed by MPI (``[1,0]<stdout>:``), Slurm (``0: ``) or Intel MPI (``[0] ``), NCCL's
own INFO/WARN lines, several tests in one file, and files cut short. A line that cannot be read
is reported with its line number and skipped; nothing here raises on bad text.

The column layout is nccl-tests' ``common.cu`` (NVIDIA/nccl-tests, ``PrintHeader``/``PrintLine``);
what the columns mean is nccl-tests doc/PERFORMANCE.md (algbw = size / time, busbw = algbw × the op's factor).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum

from planner_gui.engine.acceptance.nccl_rows import (
    NcclRow,
    Placement,
    excerpt,
    infer_ranks,
    infer_test,
    parse_float,
    parse_row,
)
from planner_gui.engine.checks.base import Sentence
from planner_gui.model.messages import QT_TRANSLATE_NOOP

__all__ = ["OP_TESTS", "TEST_OPS", "LogHeader", "NcclResults", "NcclRow", "NcclRun", "ParseProblem", "Placement",
           "ProblemKind", "infer_ranks", "infer_test", "named_test", "parse_nccl_tests", "parse_row"]

# nccl-tests binary -> the collective model's op (engine/collectives OPS)
TEST_OPS = {"all_reduce_perf": "allreduce", "all_gather_perf": "allgather",
            "reduce_scatter_perf": "reducescatter", "alltoall_perf": "alltoall", "sendrecv_perf": "sendrecv",
            "broadcast_perf": "broadcast", "reduce_perf": "reduce"}
OP_TESTS = {op: test for test, op in TEST_OPS.items()}

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
_RANK = re.compile(r"Rank\s+(\d{1,9})\s+(?:Group\s+\d+\s+)?Pid\s+\d+\s+on\s+(\S+)\s+device\s+(\d+)"
                   r"(?:\s+\[[^\]]*\]\s+(.+))?")  # ... device 0 [0x18] NVIDIA H100 80GB HBM3
# What NCCL_DEBUG=INFO says about the run's network (NCCL's init.cc / net_ib.cc log lines): the network
# module picked, the IB devices with their link layer, and the library version.
_NETWORK = re.compile(r"NCCL INFO Using network (\S+(?: \S+)?)")  # "IB", "AWS Libfabric"
_IB_DEVICES = re.compile(r"NCCL INFO NET/IB : Using ((?:\[\d+\]\S+\s*)+)")
_VERSION = re.compile(r"NCCL version (\d+\.\d+\.\d+)")
_WARN_ERROR = re.compile(r"NCCL WARN.*\b(?:error|failed|failure)\b", re.IGNORECASE)
MAX_HEADER_ITEMS = 16  # distinct networks, GPU models or devices kept from a log: more is not one cluster
_AVG = re.compile(r"Avg bus bandwidth\s*:\s*(\S+)")
_FAILURE = re.compile(r"Test (?:NCCL |CUDA )?failure|exited on signal|Segmentation fault|core dumped")
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
    gpu_models: tuple[str, ...] = ()  # distinct GPU names of the device lines ("NVIDIA H100 80GB HBM3")

    @property
    def op(self) -> str | None:
        return None if self.test is None else TEST_OPS.get(self.test)

    @property
    def nodes(self) -> int | None:
        return len(self.hosts) or None


@dataclass(frozen=True, slots=True)
class LogHeader:
    """What the NCCL_DEBUG=INFO lines of the whole text say about the hardware and software."""

    nccl_version: str = ""  # "2.21.5" from the 'NCCL version' line
    networks: tuple[str, ...] = ()  # after 'Using network': "IB", "Socket", "AWS Libfabric", "FasTrak"
    ib_devices: tuple[str, ...] = ()  # 'NET/IB : Using [0]mlx5_0:1/IB ...' -> "mlx5_0:1/IB"


@dataclass(frozen=True, slots=True)
class NcclResults:
    runs: tuple[NcclRun, ...]
    problems: tuple[ParseProblem, ...]
    lines: int
    header: LogHeader = LogHeader()

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
    gpus: dict[str, None] = field(default_factory=dict)  # GPU names of the device lines, in order
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
        self.version = ""
        self.networks: dict[str, None] = {}
        self.ib_devices: dict[str, None] = {}

    # ----- lines -------------------------------------------------------------------------------
    def line(self, number: int, raw: str) -> None:
        text = _strip_prefix(raw.replace("\x00", "")).strip()
        if not text:
            return
        if text.startswith("#"):
            self._comment(number, text.lstrip("#").strip())
        elif _NCCL_BANNER.match(text):
            self._version(text)
        elif _NCCL_LOG.search(text):
            self._nccl_log(number, text)
        elif _FAILURE.search(text):
            self._problem(number, ProblemKind.FAILURE, Sentence(f"nccl-tests reported a failure: {excerpt(text)}",
                                                                 "parse.failure", excerpt=excerpt(text)))
        elif text[0].isdigit():
            self._data(number, text)
        elif (name := _TEST_NAME.search(text)) is not None:
            self._close()
            self.pending_test = (name.group(1), "command")
        else:
            self._problem(number, ProblemKind.IGNORED, Sentence(f"not nccl-tests output, skipped: {excerpt(text)!r}",
                                                                 "parse.ignored", excerpt=excerpt(text)))

    def _version(self, text: str) -> None:
        found = _VERSION.search(text)
        if found is not None and not self.version:
            self.version = found.group(1)

    def _nccl_log(self, number: int, text: str) -> None:
        if _WARN_ERROR.search(text):
            self._problem(number, ProblemKind.FAILURE, Sentence(f"NCCL reported an error: {excerpt(text)}",
                                                                 "parse.nccl-error", excerpt=excerpt(text)))
        elif "NCCL WARN" in text:
            self._problem(number, ProblemKind.NOTE, Sentence(f"NCCL warning: {excerpt(text)}",
                                                             "parse.nccl-warning", excerpt=excerpt(text)))
        elif (network := _NETWORK.search(text)) is not None:
            _keep(self.networks, excerpt(network.group(1)))
        elif (devices := _IB_DEVICES.search(text)) is not None:
            for device in devices.group(1).split():
                _keep(self.ib_devices, excerpt(device.split("]", 1)[-1]))
        elif "NCCL version" in text:
            self._version(text)

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
            if rank.group(4):
                _keep(run.gpus, excerpt(rank.group(4)))
        elif (avg := _AVG.search(text)) is not None:
            self._average(number, avg.group(1))
        elif "Collective test concluded" in text:
            self._close()
        elif text.split()[:2] == ["size", "count"]:
            run = self.current if self.current is not None and not self.current.rows else self._open(number)
            run.columns = len(text.split())

    def _average(self, number: int, value: str) -> None:
        number_value = parse_float(value)
        if self.current is None or number_value is None:
            self._problem(number, ProblemKind.MALFORMED, Sentence(
                f"'Avg bus bandwidth' line without a readable value or results above it: {value!r}",
                "parse.avg-unreadable", value=value))
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
        if run is None:
            run = self._open(number)
        elif run.rows and (self.restart_pending or row.bytes <= run.rows[-1].bytes):
            if not self.restart_pending:
                self._problem(number, ProblemKind.NOTE, Sentence(
                    f"size {row.bytes} B after {run.rows[-1].bytes} B: a new sweep starts here",
                    "parse.restart", size=row.bytes, previous=run.rows[-1].bytes))
            previous = (run.test, run.test_source) if run.test is not None else None
            run = self._open(number)
            if previous is not None and run.test is None:  # a repeat without a header: the same test
                run.test, run.test_source = previous
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
                          Sentence("the results end here without the '# Avg bus bandwidth' line: the output may "
                                   "be cut short (the sizes above are still used)", "parse.truncated"))
        self.runs.append(_finish(run, self.hint))

    def _problem(self, number: int, kind: ProblemKind, message: str) -> None:
        self.problems.append(ParseProblem(number, kind, message))


def parse_nccl_tests(text: str, test_hint: str | None = None) -> NcclResults:
    """Every run in ``text`` and every problem met; ``test_hint`` names the test when the text does not.

    ``test_hint`` is an nccl-tests binary (``all_reduce_perf``) or a collective (``allreduce``).
    """
    if not isinstance(text, str):
        raise ValueError(QT_TRANSLATE_NOOP("Engine", "nccl-tests output must be text, got {kind}").fill(
            kind=type(text).__name__))
    reader = _Reader(test_hint)
    lines = text.splitlines()
    for number, raw in enumerate(lines, start=1):
        reader.line(number, raw)
    reader._close()
    header = LogHeader(reader.version, tuple(reader.networks), tuple(reader.ib_devices))
    return NcclResults(tuple(reader.runs), tuple(reader.problems), len(lines), header)


def _keep(seen: dict[str, None], item: str) -> None:
    """Remember ``item`` once, up to MAX_HEADER_ITEMS (a hostile log cannot grow the header)."""
    if len(seen) < MAX_HEADER_ITEMS:
        seen[item] = None


def _strip_prefix(line: str) -> str:
    for pattern in _PREFIXES:
        stripped = pattern.sub("", line, count=1)
        if stripped != line:
            return stripped
    return line


def named_test(name: str) -> str | None:
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
    raise ValueError(QT_TRANSLATE_NOOP("Engine", "unknown nccl-tests test {hint!r}; use one of {tests} (or the "
                                                 "collective: {ops})").fill(
        hint=hint, tests=", ".join(TEST_OPS), ops=", ".join(OP_TESTS)))


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
                   run.avg, tuple(run.gpus))


