"""The engine commands: analyze, predict and estimate-training, their text and JSON, and every bad input
as one stderr line with exit code 1 (never a traceback)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from planner_gui.catalog import bundled_catalog
from planner_gui.cli import main
from planner_gui.commands.analyze_cmd import MAX_CHECKS_PER_CODE, report_lines
from planner_gui.engine.analysis import analyze_design
from planner_gui.engine.collectives import DEFAULT_SIZES, predict, profile_from_catalog
from planner_gui.engine.training import comm_model_from_profile, estimate_training, gpu_facts_from_catalog
from planner_gui.examples import default_example_path
from planner_gui.io import load_design
from planner_gui.model import Workload

CATALOG = bundled_catalog()
S1 = default_example_path().with_name("s1-h100-2x8-ndr.cluster")
RESULT_KEYS = {"op", "bytes", "time_us", "algbw_GBps", "busbw_GBps", "algorithm", "protocol", "bottleneck"}
ESTIMATE_KEYS = {"step_time_s", "tokens_per_s", "tflops_per_gpu_model", "tflops_per_gpu_hardware", "mfu", "hfu",
                 "memory_per_gpu_gb", "fits", "breakdown"}
H100 = ("--gpu", "h100-sxm5-80gb", "--gpus-per-node", "8")
NVL72 = ("--gpu", "gb200", "--gpus-per-node", "4")
LLAMA_13B = ("--layers", "40", "--hidden", "5120", "--heads", "40", "--seq", "4096", "--vocab", "32000",
             "--global-batch", "64")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_line_error(code: int, err: str, fragment: str) -> None:
    assert code == 1, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("cluster-planner: error: ") and fragment in lines[0], err
    assert "Traceback" not in err


# ----- analyze ---------------------------------------------------------------------------------
def test_analyze_json_is_the_analysis(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "analyze", str(S1), "--json")
    assert code == 0
    data = json.loads(out)
    direct = analyze_design(load_design(S1, CATALOG).design, CATALOG).to_json()
    assert data == json.loads(json.dumps(direct))
    assert data["summary"]["gpus"] == 16 and data["collectives"]["profile"]["nodes"] == 2


def test_analyze_text_report_has_every_section(capsys: pytest.CaptureFixture[str]) -> None:
    """The busbw table's 1 GiB AllReduce cell is the model's prediction for the design's profile."""
    code, out, _ = run(capsys, "analyze", str(S1))
    assert code == 0
    analysis = analyze_design(load_design(S1, CATALOG).design, CATALOG)
    for heading in ("Design: ", "Topology: ", "Collectives ", "Checks (", "NCCL environment:", "Power: ",
                    "Cost over 12 months", "Training: "):
        assert heading in out, heading
    row = next(line for line in out.splitlines() if line.strip().startswith("1 GiB"))
    busbw = predict(analysis.profile, "allreduce", 2**30).busbw_GBps
    assert row.split()[2] == f"{busbw:,.1f}"
    lines = out.splitlines()
    header = next(i for i, line in enumerate(lines) if line.split()[:2] == ["size", "allreduce"])
    sizes = [" ".join(line.split()[:2]) for line in lines[header + 1:header + 6]]
    assert sizes == ["8 B", "1 MiB", "64 MiB", "1 GiB", "8 GiB"]
    assert "# export NCCL_IB_HCA==<the 8 compute HCAs, from ibdev2netdev>" in out  # an HGX: found on site
    assert "check: NCCL_DEBUG=INFO prints" in out


def test_analyze_reports_missing_sections(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = default_example_path().with_name("s3-cloud-a100-3090.cluster")
    code, out, _ = run(capsys, "analyze", str(path))
    assert code == 0 and "not computed  training: no training workload" in out


# ----- predict ---------------------------------------------------------------------------------
def test_predict_json_matches_the_model(capsys: pytest.CaptureFixture[str]) -> None:
    """4 nodes without --nic use the NIC of the catalog's 8 x H100 server (dgx-h100: 8 x ib-ndr-400)."""
    code, out, _ = run(capsys, "predict", *H100, "--nodes", "4", "--bytes", "8,1K,64M,1G", "--json")
    assert code == 0
    results = json.loads(out)["results"]
    profile = profile_from_catalog(CATALOG, "h100-sxm5-80gb", 8, 4, "ib-ndr-400", 8)
    assert [r["bytes"] for r in results] == [8, 1024, 64 * 2**20, 2**30]
    for r in results:
        assert set(r) == RESULT_KEYS and r["op"] == "allreduce"
        direct = predict(profile, "allreduce", r["bytes"])
        assert r["busbw_GBps"] == pytest.approx(direct.busbw_GBps) and r["algorithm"] == direct.algorithm
        assert r["time_us"] == pytest.approx(direct.time_us)


def test_predict_options_reach_the_profile(capsys: pytest.CaptureFixture[str]) -> None:
    """GDR off and a forced ring change the 1 GiB figure exactly as the model says."""
    args = (*H100, "--nodes", "2", "--nic", "ib-ndr-400", "--nics-per-node", "8", "--bytes", "1G", "--json")
    _, out, _ = run(capsys, "predict", *args, "--gdr", "off", "--algo", "ring", "--op", "allreduce")
    result = json.loads(out)["results"][0]
    profile = profile_from_catalog(CATALOG, "h100-sxm5-80gb", 8, 2, "ib-ndr-400", 8, gdr=False)
    assert result["algorithm"] == "ring"
    assert result["busbw_GBps"] == pytest.approx(predict(profile, "allreduce", 2**30, algo="ring").busbw_GBps)
    _, out, _ = run(capsys, "predict", *args, "--op", "alltoall")
    assert json.loads(out)["results"][0]["algorithm"] == "p2p"


def test_predict_default_curve_is_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "predict", "--gpu", "a100-sxm4-80gb", "--gpus-per-node", "8", "--nodes", "1")
    assert code == 0
    lines = out.strip().splitlines()
    assert "1 x 8 NVIDIA A100" in lines[0] and "no NICs" in lines[0]
    assert len(lines) == 2 + len(DEFAULT_SIZES) and lines[2].split()[0] == "8" and lines[-1].split()[0] == "16G"


def test_predict_gdr_on_one_node_is_accepted_with_a_note(capsys: pytest.CaptureFixture[str]) -> None:
    """A script sweeping --nodes 1..N with --gdr on does not break at 1 node (issue 16 item 5)."""
    code, out, err = run(capsys, "predict", *H100, "--nodes", "1", "--gdr", "on", "--bytes", "1G", "--json")
    assert code == 0 and "ignored on one node" in err
    _, plain, _ = run(capsys, "predict", *H100, "--nodes", "1", "--bytes", "1G", "--json")
    assert json.loads(out)["results"] == json.loads(plain)["results"]  # the same prediction


def test_predict_a_full_nvl72_rack(capsys: pytest.CaptureFixture[str]) -> None:
    """18 trays of 4 GB200 in one NVLink domain: one NCCL node of 72 GPUs, NVLS over the switch trays."""
    code, out, _ = run(capsys, "predict", *NVL72, "--nodes", "18", "--nvlink-domain", "72", "--bytes", "4G", "--json")
    assert code == 0
    data = json.loads(out)
    assert (data["profile"]["gpus_per_node"], data["profile"]["nodes"], data["profile"]["hosts_per_domain"]) == (
        72, 1, 18)
    profile = profile_from_catalog(CATALOG, "gb200", 4, 18, "ib-ndr-400", nvlink_domain=72)
    assert data["results"][0]["busbw_GBps"] == pytest.approx(predict(profile, "allreduce", 2**32).busbw_GBps)
    assert data["results"][0]["algorithm"] == "nvls"
    _, text_out, _ = run(capsys, "predict", *NVL72, "--nodes", "36", "--nvlink-domain", "72", "--bytes", "1G")
    assert "2 x 72" in text_out and "NVLink domain of 72 GPUs on 18 servers" in text_out


@pytest.mark.parametrize(("args", "fragment"), [
    (("--gpu", "ib-ndr-400", "--gpus-per-node", "8", "--nodes", "2"), "--gpu: unknown gpu id 'ib-ndr-400'"),
    ((*H100, "--nodes", "2", "--nic", "h100-sxm5-80gb"), "--nic: unknown nic id 'h100-sxm5-80gb'"),
    (("--gpu", "h100-sxm5-80gb", "--gpus-per-node", "16", "--nodes", "2"), "no catalog server carries more than 8"),
    ((*H100, "--nodes", "2", "--op", "allsum"), "argument --op: invalid choice: 'allsum'"),
    ((*H100, "--nodes", "2", "--algo", "fastest"), "argument --algo: invalid choice: 'fastest'"),
    ((*H100, "--nodes", "2", "--bytes", "1X"), "argument --bytes: '1X' is not a size"),
    ((*H100, "--nodes", "2", "--bytes", "0"), "argument --bytes: '0'"),
    ((*H100, "--nodes", "0"), "argument --nodes: 0 must be at least 1"),
    ((*H100, "--nodes", "two"), "argument --nodes: invalid whole number"),
    (("--gpu", "a100-sxm4-80gb", "--gpus-per-node", "8", "--nodes", "2", "--algo", "nvls"), "cannot force 'nvls'"),
    ((*H100, "--nodes", "2", "--op", "alltoall", "--algo", "ring"), "NCCL_ALGO does not apply"),
    ((*H100, "--nodes", "2", "--nic", "roce-100", "--sharp", "on"), "--sharp on: the NIC's switch"),
    ((*H100, "--nodes", "1", "--sharp", "on"), "--sharp needs a network"),
    (("--gpu", "rtx-4090", "--gpus-per-node", "8", "--nodes", "2", "--gdr", "on"), "rtx-4090 GPUs have no GPUDirect"),
    (("--gpu", "gh200", "--gpus-per-node", "1", "--nodes", "2"), "no catalog server carries gh200"),
    ((*H100,), "the following arguments are required: --nodes"),
    ((*NVL72, "--nodes", "27", "--nvlink-domain", "72"), "--nvlink-domain: 27 servers do not fill whole NVLink"),
    ((*NVL72, "--nodes", "18", "--nvlink-domain", "70"), "--nvlink-domain: an NVLink domain of 70 GPUs"),
    ((*H100, "--nodes", "2", "--nvlink-domain", "16"), "--nvlink-domain: h100-sxm5-80gb has no NVLink between"),
    ((*NVL72, "--nodes", "18", "--nvlink-domain", "0"), "argument --nvlink-domain: 0 must be at least 1"),
])
def test_predict_bad_input_is_one_line(capsys: pytest.CaptureFixture[str], args: tuple[str, ...],
                                       fragment: str) -> None:
    code, out, err = run(capsys, "predict", *args)
    assert_one_line_error(code, err, fragment)
    assert out == ""


# ----- estimate-training -----------------------------------------------------------------------
def test_estimate_training_json_matches_the_engine(capsys: pytest.CaptureFixture[str]) -> None:
    """LLaMA-13B shape on 16 H100 (2 x dgx-h100, tp 8, dp 2): the command is estimate_training() with the
    collective model's timing of a 2-node NDR profile."""
    code, out, _ = run(capsys, "estimate-training", "--gpu", "h100-sxm5-80gb", "--gpus", "16", *LLAMA_13B,
                       "--tp", "8", "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data) >= ESTIMATE_KEYS
    workload = Workload(model_name="custom", layers=40, hidden=5120, heads=40, seq_len=4096, vocab=32000,
                        global_batch=64, tp=8, dp=2)
    profile = profile_from_catalog(CATALOG, "h100-sxm5-80gb", 8, 2, "ib-ndr-400", 8)
    direct = estimate_training(workload, gpu_facts_from_catalog(CATALOG, "h100-sxm5-80gb"),
                               comm_model_from_profile(profile), gpus=16, gpus_per_node=8)
    assert data["step_time_s"] == pytest.approx(direct.step_time_s)
    assert data["mfu"] == pytest.approx(direct.mfu) and data["fits"] is True
    assert data["breakdown"]["compute_s"] == pytest.approx(direct.breakdown["compute_s"])


def test_estimate_training_text_and_server_id(capsys: pytest.CaptureFixture[str]) -> None:
    """--gpu may name a server: dgx-h100 means its GPU, 8 per node; dp defaults to 16 / 8 = 2."""
    code, out, _ = run(capsys, "estimate-training", "--gpu", "dgx-h100", "--gpus", "16", *LLAMA_13B, "--tp", "8")
    assert code == 0
    for label in ("step time", "tokens/s", "TFLOP/s per GPU", "MFU / HFU", "memory per GPU", "fits"):
        assert label in out, label
    assert "16 x NVIDIA H100 SXM5 80GB (8 per node" in out and "tp 8, pp 1, dp 2" in out


@pytest.mark.parametrize(("args", "fragment"), [
    (("--gpu", "h100-sxm5-80gb", "--gpus", "16", *LLAMA_13B, "--tp", "8", "--dp", "4"),
     "tp x pp x dp = 8 x 1 x 4 = 32, not --gpus 16"),
    (("--gpu", "h100-sxm5-80gb", "--gpus", "16", *LLAMA_13B, "--tp", "16"), "heads 40 are not divisible by tp 16"),
    (("--gpu", "h100-sxm5-80gb", "--gpus", "12", *LLAMA_13B, "--tp", "8"), "--gpus 12 is not a multiple of tp x pp"),
    (("--gpu", "qm9700", "--gpus", "16", *LLAMA_13B), "'qm9700' is a switch"),
    (("--gpu", "nope", "--gpus", "16", *LLAMA_13B), "--gpu: unknown id 'nope'"),
    (("--gpu", "a100-sxm4-80gb", "--gpus", "16", *LLAMA_13B, "--precision", "fp8"), "no dense fp8 figure"),
    (("--gpu", "h100-sxm5-80gb", "--gpus", "16", *LLAMA_13B, "--precision", "fp4"), "invalid choice: 'fp4'"),
    (("--gpu", "h100-sxm5-80gb", "--gpus", "16", *LLAMA_13B, "--gpus-per-node", "16"), "more than 8"),
    (("--gpu", "dgx-h100", "--gpus", "16", *LLAMA_13B, "--gpus-per-node", "9"), "carries 8 GPUs"),
    (("--gpu", "h100-sxm5-80gb", "--gpus", "16", *LLAMA_13B, "--ep", "2"), "no experts"),
    (("--gpu", "h100-sxm5-80gb", "--gpus", "16", *LLAMA_13B, "--moe-experts", "8", "--moe-topk", "9"),
     "--moe-topk 9"),
    (("--gpu", "h100-sxm5-80gb", "--gpus", "16", *LLAMA_13B, "--zero", "4"), "argument --zero: invalid choice"),
    (("--gpu", "h100-sxm5-80gb", "--gpus", "16", "--layers", "40"), "the following arguments are required"),
])
def test_estimate_training_bad_input_is_one_line(capsys: pytest.CaptureFixture[str], args: tuple[str, ...],
                                                 fragment: str) -> None:
    code, out, err = run(capsys, "estimate-training", *args)
    assert_one_line_error(code, err, fragment)
    assert out == ""


def test_analyze_bad_file_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "analyze", str(tmp_path / "missing.cluster"))
    assert_one_line_error(code, err, "missing.cluster")
    bad = tmp_path / "bad.cluster"
    bad.write_text("{ nope", encoding="utf-8")
    code, _, err = run(capsys, "analyze", str(bad), "--json")
    assert code == 1 and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_text_report_groups_repeated_checks() -> None:
    """Nine racks over a 5 kW budget: three are shown in full, the other six counted, the fix said once."""
    design = load_design(default_example_path(), CATALOG).design
    for rack in design.racks.values():
        rack.power_budget_kw = 5.0
    analysis = analyze_design(design, CATALOG)
    over = [c for c in analysis.checks if c.code == "rack-over-power"]
    assert len(over) == len(design.racks) > MAX_CHECKS_PER_CODE
    text = "\n".join(report_lines(analysis))
    assert text.count("] rack-over-power: ") == MAX_CHECKS_PER_CODE
    assert f"... and {len(over) - MAX_CHECKS_PER_CODE} more rack-over-power" in text
    assert text.count("fix: " + " ".join(over[0].fix.split()[:3])) == 1
