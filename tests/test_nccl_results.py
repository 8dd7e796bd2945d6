"""The nccl-tests parser on real-format samples (tests/data/nccl/) and on crafted text.

The samples follow nccl-tests' own output (common.cu PrintHeader/PrintLine): the version and
"Collective test starting" lines, the nThread header, one "Rank ... on HOST device" line per GPU,
the two column blocks (out-of-place, in-place), the "Out of bounds" and "Avg bus bandwidth" lines.
Broken samples have known bad lines; every expected line number below was counted in the file.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from planner_gui.engine.acceptance.nccl_results import (
    OP_TESTS,
    ProblemKind,
    infer_ranks,
    infer_test,
    named_test,
    parse_nccl_tests,
    parse_row,
)

DATA = Path(__file__).parent / "data" / "nccl"
FACTORS = {"allreduce": lambda n: 2 * (n - 1) / n, "allgather": lambda n: (n - 1) / n,
           "reducescatter": lambda n: (n - 1) / n, "alltoall": lambda n: (n - 1) / n, "sendrecv": lambda n: 1.0}
REDOPS = {"allreduce": "sum", "allgather": "none", "reducescatter": "sum", "alltoall": "none", "sendrecv": "sum"}
PER_RANK_COUNT = {"allgather", "reducescatter", "alltoall"}  # nccl-tests' count column is per rank for these


def nccl_output(op: str, hosts: int, per_host: int, rows: list[tuple[int, float]], *, header: bool = True,
                wrong: dict[int, int] | None = None, graph: int = 0) -> str:
    """nccl-tests output for ``rows`` of (size in bytes, time in us), algbw/busbw computed as nccl-tests does."""
    ranks = hosts * per_host
    lines = []
    if header:
        lines += [f"# Collective test starting: {OP_TESTS[op]}",
                  f"# nThread 1 nGpus 1 minBytes 8 maxBytes {rows[-1][0]} step: 2(factor) warmup iters: 5 "
                  f"iters: 20 agg iters: 1 validation: 1 graph: {graph}", "#", "# Using devices"]
        lines += [f"#  Rank {r:3d} Group  0 Pid {1000 + r:6d} on node-{r // per_host + 1:03d} device "
                  f"{r % per_host:2d} [0x{r % per_host:02x}] NVIDIA H100 80GB HBM3" for r in range(ranks)]
        lines += ["#", "#       size         count      type   redop    root     time   algbw   busbw #wrong     "
                       "time   algbw   busbw #wrong"]
    for size, time_us in rows:
        count = size // 4 // (ranks if op in PER_RANK_COUNT else 1)
        algbw = size / time_us / 1e3
        busbw = algbw * FACTORS[op](ranks)
        bad = (wrong or {}).get(size, 0)
        block = f"{time_us:9.2f}  {algbw:7.2f}  {busbw:7.2f}  {bad:5d}"
        lines.append(f"{size:12d}  {count:12d}  {'float':>8}  {REDOPS[op]:>6}  {-1:6d}  {block}  {block}")
    if header:
        lines += ["# Out of bounds values : 0 OK", "# Avg bus bandwidth    : 1.0 ", "#"]
    return "\n".join(lines) + "\n"


def _parse(name: str):  # type: ignore[no-untyped-def]
    return parse_nccl_tests((DATA / name).read_text(), named_test(name))


# ----- every sample ------------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "test", "ranks", "hosts", "rows", "first", "last", "avg"), [
    ("all_reduce_perf_1x8_h100.txt", "all_reduce_perf", 8, 1, 31, 8, 2**33, 136.9783),
    ("all_reduce_perf_4x8_openmpi.txt", "all_reduce_perf", 32, 4, 31, 8, 2**33, 96.1998),
    ("all_gather_perf_2x8_graph.txt", "all_gather_perf", 16, 2, 28, 64, 2**33, 109.1292),
    ("reduce_scatter_perf_v100_old_layout.txt", "reduce_scatter_perf", 8, 1, 23, 32, 2**27, 32.3985),
    ("sendrecv_perf_2x8_srun.txt", "sendrecv_perf", 16, 2, 28, 8, 2**30, 16.5884),
    ("alltoall_perf_2x8_rows_only.txt", "alltoall_perf", 16, 0, 21, 1024, 2**30, None),
])
def test_each_sample_gives_one_run_with_its_shape(name: str, test: str, ranks: int, hosts: int, rows: int,
                                                  first: int, last: int, avg: float | None) -> None:
    results = _parse(name)
    assert len(results.runs) == 1
    run = results.runs[0]
    assert (run.test, run.ranks, len(run.hosts), len(run.rows)) == (test, ranks, hosts, rows)
    assert (run.rows[0].bytes, run.rows[-1].bytes, run.avg_busbw_gbs) == (first, last, avg)
    assert not results.of_kind(ProblemKind.MALFORMED)


def test_columns_are_read_as_printed() -> None:
    """The 1 GiB row of the single-node sample: out-of-place 4238.8 us, 253.31 / 443.30 GB/s; in-place
    4334.3 us, 247.73 / 433.53 GB/s; the better (out-of-place) one is the measured figure."""
    run = _parse("all_reduce_perf_1x8_h100.txt").runs[0]
    row = next(r for r in run.rows if r.bytes == 2**30)
    assert (row.count, row.dtype, row.redop, row.line) == (268435456, "float", "sum", 45)
    assert (row.out_of_place.time_us, row.out_of_place.algbw_gbs, row.out_of_place.busbw_gbs) == (4238.8, 253.31, 443.30)
    assert row.in_place is not None and row.in_place.busbw_gbs == 433.53
    assert row.best is row.out_of_place and row.wrong == 0


def test_where_the_test_name_came_from() -> None:
    assert _parse("all_reduce_perf_1x8_h100.txt").runs[0].test_source == "header"
    assert _parse("all_reduce_perf_4x8_openmpi.txt").runs[0].test_source == "command"
    assert _parse("alltoall_perf_2x8_rows_only.txt").runs[0].test_source == "hint"
    unnamed = parse_nccl_tests((DATA / "reduce_scatter_perf_v100_old_layout.txt").read_text())
    assert (unnamed.runs[0].test, unnamed.runs[0].test_source) == ("reduce_scatter_perf", "columns")


def test_mpi_and_slurm_prefixes_and_nccl_log_lines_are_not_problems() -> None:
    for name in ("all_reduce_perf_4x8_openmpi.txt", "sendrecv_perf_2x8_srun.txt"):
        assert _parse(name).problems == ()


def test_cuda_graph_run_and_unchecked_results() -> None:
    assert _parse("all_gather_perf_2x8_graph.txt").runs[0].graph
    assert not _parse("all_reduce_perf_1x8_h100.txt").runs[0].graph
    sendrecv = _parse("sendrecv_perf_2x8_srun.txt").runs[0]  # -c 0: #wrong is N/A
    assert all(r.out_of_place.wrong is None for r in sendrecv.rows)


def test_old_layout_without_root_or_wrong_count() -> None:
    run = _parse("reduce_scatter_perf_v100_old_layout.txt").runs[0]
    assert run.rows[0].redop == "sum" and run.rows[0].out_of_place.wrong is None
    assert run.hosts == ("gpu-node-07",)


def test_rows_only_ranks_come_from_the_busbw_factor() -> None:
    """AllToAll busbw/algbw = (n-1)/n (nccl-tests doc/PERFORMANCE.md): 15/16 gives 16 ranks."""
    run = _parse("alltoall_perf_2x8_rows_only.txt").runs[0]
    assert (run.ranks, run.ranks_source) == (16, "bandwidth ratio")


def test_two_tests_in_one_log() -> None:
    results = _parse("two_tests_1x8.txt")
    assert [(r.test, r.first_line, len(r.rows)) for r in results.runs] == [
        ("all_reduce_perf", 3, 11), ("all_gather_perf", 36, 11)]


# ----- broken files ------------------------------------------------------------------------------
def test_broken_sample_reports_each_bad_line_and_keeps_the_rest() -> None:
    results = _parse("all_reduce_perf_broken.txt")
    found = [(p.line, p.kind) for p in results.problems]
    assert found == [(22, ProblemKind.MALFORMED), (23, ProblemKind.MALFORMED), (24, ProblemKind.IGNORED),
                     (25, ProblemKind.MALFORMED), (39, ProblemKind.FAILURE), (40, ProblemKind.MALFORMED)]
    messages = {p.line: str(p) for p in results.problems}
    assert messages[22].startswith("line 22: result row with 7 columns") and "13 columns" in messages[22]
    assert "'128 32 float sum -1 28.88 abc" in messages[23]
    assert "Test NCCL failure" in messages[39]
    run = results.runs[0]
    assert len(run.rows) == 26 and {64, 128, 256}.isdisjoint(r.bytes for r in run.rows)
    assert run.test_source == "header" and run.first_line == 4


def test_truncated_sample_keeps_the_sizes_before_the_cut() -> None:
    results = _parse("all_reduce_perf_2x8_truncated.txt")
    assert [(p.line, p.kind) for p in results.problems] == [(50, ProblemKind.MALFORMED), (49, ProblemKind.TRUNCATED)]
    run = results.runs[0]
    assert run.rows[-1].bytes == 2**26 and run.avg_busbw_gbs is None


def test_a_sweep_that_restarts_without_a_header_is_a_new_run() -> None:
    rows = [(2**20, 50.0), (2**21, 60.0)]
    text = nccl_output("allreduce", 1, 8, rows, header=False) * 2
    results = parse_nccl_tests(text, "all_reduce_perf")
    assert [len(r.rows) for r in results.runs] == [2, 2]
    assert [(p.line, p.kind) for p in results.problems if p.kind == ProblemKind.NOTE] == [(3, ProblemKind.NOTE)]


def test_wrong_data_is_counted_per_row() -> None:
    text = nccl_output("allreduce", 1, 8, [(2**20, 50.0), (2**21, 60.0)], wrong={2**21: 7})
    run = parse_nccl_tests(text).runs[0]
    assert [r.wrong for r in run.rows] == [0, 14]  # 7 in each placement block


@pytest.mark.parametrize("text", ["", "\n\n", "\x00\x01\x02 binary", "#\n# only comments\n", "¯\\_(ツ)_/¯"])
def test_text_without_results_gives_no_runs(text: str) -> None:
    assert parse_nccl_tests(text).runs == ()


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("0123456789 .-#\nfloatsumNA/:[]<>eE")), max_size=400))
def test_any_text_parses_without_raising(text: str) -> None:
    results = parse_nccl_tests(text)
    assert all(1 <= p.line <= max(results.lines, 1) for p in results.problems)
    for run in results.runs:
        assert all(r.bytes > 0 for r in run.rows)


# ----- single pieces -----------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "redop"), [
    ("1048576 262144 float sum -1 40.5 25.89 45.31 0 40.1 26.15 45.76 0", "sum"),  # current layout
    ("1048576 262144 float sum 40.5 25.89 45.31 0e+00 40.1 26.15 45.76 0e+00", "sum"),  # before 'root'
    ("1048576 32768 float 40.5 25.89 22.65 0e+00 40.1 26.15 22.88 0e+00", ""),  # old all_gather
])
def test_each_column_layout(text: str, redop: str) -> None:
    row, error = parse_row(1, text)
    assert row is not None, error
    assert (row.bytes, row.redop, row.out_of_place.time_us, row.in_place.time_us) == (1048576, redop, 40.5, 40.1)  # type: ignore[union-attr]


@pytest.mark.parametrize("text", [
    "1048576 262144 float sum -1 40.5 25.89",  # cut short
    "1048576 262144 4 sum -1 40.5 25.89 45.31 0 40.1 26.15 45.76 0",  # type is a number
    "1048576 262144 float sum -1 40.5 25.89 45.31 0 40.1 26.15 inf 0",  # not finite
    "-8 2 float sum -1 40.5 25.89 45.31 0 40.1 26.15 45.76 0",  # negative size
])
def test_bad_rows_are_refused_with_the_line_quoted(text: str) -> None:
    row, error = parse_row(7, text)
    assert row is None and "skipped" in error


def test_rank_inference_hand_calculation() -> None:
    """AllReduce busbw/algbw = 2(n-1)/n: 187.5/100 = 1.875 gives n = 2/(2-1.875) = 16."""
    row, _ = parse_row(1, "1073741824 268435456 float sum -1 10737.4 100.00 187.50 0 10737.4 100.00 187.50 0")
    assert row is not None
    assert infer_ranks((row,), "allreduce") == 16
    assert infer_ranks((row,), "sendrecv") is None  # its factor is 1 whatever the ranks
    assert infer_test((row,), None) == "all_reduce_perf"


def test_test_names_from_files_and_hints() -> None:
    assert named_test("node-1_all-gather-perf.LOG") == "all_gather_perf"  # hyphens and case are forgiven
    assert named_test("run3_all_gather_perf.log") == "all_gather_perf"
    assert named_test("results.txt") is None
    assert parse_nccl_tests("", "allreduce").runs == ()  # an op name is accepted as a hint
    with pytest.raises(ValueError, match="unknown nccl-tests test 'allreduce_perf'; use one of all_reduce_perf"):
        parse_nccl_tests("", "allreduce_perf")


def test_a_repeat_without_a_header_keeps_the_test_of_the_run_before() -> None:
    rows = [(2**20, 50.0), (2**21, 60.0)]
    text = nccl_output("allgather", 1, 8, rows) + nccl_output("allgather", 1, 8, rows, header=False)
    runs = parse_nccl_tests(text).runs
    assert [(r.test, r.test_source, len(r.rows)) for r in runs] == [
        ("all_gather_perf", "header", 2), ("all_gather_perf", "header", 2)]
