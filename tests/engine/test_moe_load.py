"""The MoE routing load (issue 17 item 4): the busiest expert rank's tokens over the balanced share, from a
capacity factor (experts padded to capacity) or a dropless router's imbalance. It scales the expert GEMMs,
the expert all-to-all volume and the expert activations; a dense model and a balanced dropless router are
unchanged; the load is validated in the engine, the file and the command line alike."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from planner_gui.catalog import bundled_catalog
from planner_gui.cli import main
from planner_gui.engine.training import estimate_training, shape_from_workload
from planner_gui.engine.training.gemm import layer_gemms
from planner_gui.engine.training.memory import activation_bytes_per_layer
from planner_gui.engine.training.parallel import layout_from_workload
from planner_gui.engine.training.traffic import ep_time_per_micro_batch
from planner_gui.io import LoadError, load_design, save_design
from planner_gui.io.migrations import migrate
from planner_gui.model import Design
from planner_gui.model.settings import Recompute, Workload
from planner_gui.templates import TemplateSpec, generate_design
from tests.engine.test_training_support import H100, BusComm
from tests.fakes import FakeSpecs

DATA = Path(__file__).parents[1] / "data"
MOE = Workload(model_name="moe", layers=8, hidden=4096, heads=32, kv_heads=8, ffn_hidden=14336, gated_mlp=True,
               vocab=32000, seq_len=4096, global_batch=64, micro_batch=1, tp=1, pp=1, dp=8, ep=8,
               moe_experts=8, moe_topk=2)
COMM = BusComm(50.0)  # 50 GB/s bus bandwidth: the all-to-all visible beside compute
CLI_SHAPE = ["--gpu", "h100-sxm5-80gb", "--gpus", "64", "--layers", "32", "--hidden", "4096", "--heads", "32",
             "--seq", "4096", "--vocab", "32000", "--global-batch", "256", "--moe-experts", "8", "--moe-topk", "2",
             "--ep", "8", "--json"]


def _with(**load: object) -> Workload:
    return dataclasses.replace(MOE, **load)


def _expert_gemm_flops(workload: Workload) -> float:
    shape = shape_from_workload(workload)
    return layer_gemms(shape, 4096.0, 1, 8)[2][0]


@pytest.mark.parametrize(("load", "factor"), [({}, 1.0), ({"moe_imbalance": 1.3}, 1.3),
                                              ({"moe_capacity_factor": 1.25}, 1.25),
                                              ({"moe_capacity_factor": 1.5, "moe_imbalance": 3.0}, 1.5)])
def test_the_busiest_ranks_expert_gemms_and_all_to_all_scale_with_the_load(load: dict[str, float],
                                                                            factor: float) -> None:
    # hand count: 4096 tokens x ep 8 x top-2 / 8 experts = 8192 tokens per local expert, x load
    assert _expert_gemm_flops(_with(**load)) == pytest.approx(2 * 8192 * factor * 4096 * 14336)
    shape = shape_from_workload(_with(**load))
    layout = layout_from_workload(_with(**load), shape, 64, 8)
    calls: list[tuple[str, int, int, int]] = []
    ep_time_per_micro_batch(shape, layout, Recompute.SELECTIVE, BusComm(50.0, calls))
    assert {op for op, *_ in calls} == {"alltoall"}
    assert calls[0][1] == int(4096 * 2 * factor * 4096 * 2)  # tokens x top-k x load x hidden x 2 B (bf16)


def test_capacity_padding_wins_over_the_imbalance_and_a_dense_model_ignores_both() -> None:
    assert shape_from_workload(_with(moe_capacity_factor=1.25, moe_imbalance=2.0)).moe_load == 1.25
    dense = dataclasses.replace(MOE, moe_experts=0, moe_topk=0, ep=1, moe_imbalance=2.0)
    assert shape_from_workload(dense).moe_load == 1.0


def test_expert_activations_grow_with_the_load_and_attention_does_not() -> None:
    def stored(workload: Workload) -> float:
        return activation_bytes_per_layer(shape_from_workload(workload), 1, 1, Recompute.SELECTIVE, True, True)

    balanced, loaded = stored(MOE), stored(_with(moe_imbalance=2.0))
    expert_part = loaded - balanced  # the MLP term alone doubles
    assert 0 < expert_part < balanced


def test_step_time_grows_and_mfu_falls_monotonically_with_the_load() -> None:
    runs = [estimate_training(_with(moe_imbalance=r), H100, COMM, gpus=64) for r in (1.0, 1.2, 1.5, 2.0)]
    steps, mfus = [r.step_time_s for r in runs], [r.mfu for r in runs]
    assert steps == sorted(steps) and steps[0] < steps[-1]
    assert mfus == sorted(mfus, reverse=True)
    assert [r.breakdown["ep_comm_s"] for r in runs] == sorted(r.breakdown["ep_comm_s"] for r in runs)
    # the same model FLOPs: the padding or the straggler is lost time, not useful work
    assert runs[0].tokens_per_s * runs[0].step_time_s == pytest.approx(runs[-1].tokens_per_s * runs[-1].step_time_s)


@pytest.mark.parametrize("load", [{"moe_capacity_factor": 0.9}, {"moe_capacity_factor": 17.0},
                                  {"moe_imbalance": 0.5}, {"moe_imbalance": float("nan")}])
def test_a_load_below_one_or_out_of_range_is_refused_by_the_engine(load: dict[str, float]) -> None:
    name = next(iter(load))
    with pytest.raises(ValueError, match=name):
        shape_from_workload(_with(**load))


def test_a_schema_4_file_migrates_unchanged_and_reads_as_dropless_and_balanced() -> None:
    before = json.loads((DATA / "schema-v4.cluster").read_text(encoding="utf-8"))
    data, passed = migrate(dict(before))
    assert passed == [5] and {k: v for k, v in data.items() if k != "schema_version"} == {
        k: v for k, v in before.items() if k != "schema_version"}
    workload = load_design(DATA / "schema-v4.cluster", FakeSpecs()).design.workload
    assert workload is not None and (workload.moe_capacity_factor, workload.moe_imbalance) == (None, 1.0)


def test_the_schema_5_golden_file_keeps_its_load_and_round_trips(tmp_path: Path) -> None:
    design = load_design(DATA / "schema-v5.cluster", FakeSpecs()).design
    assert design.workload is not None and design.workload.moe_capacity_factor == 1.25
    save_design(design, tmp_path / "again.cluster")
    assert load_design(tmp_path / "again.cluster", FakeSpecs()).design == design


@pytest.mark.parametrize(("key", "value"), [("moe_capacity_factor", 0.5), ("moe_imbalance", 0.0),
                                            ("moe_imbalance", "high"), ("moe_capacity_factor", 100)])
def test_a_bad_load_in_a_file_is_one_problem_with_its_path(tmp_path: Path, key: str, value: object) -> None:
    data = json.loads((DATA / "schema-v5.cluster").read_text(encoding="utf-8"))
    data["workload"][key] = value
    path = tmp_path / "bad.cluster"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(LoadError) as caught:
        load_design(path, FakeSpecs())
    assert f"workload.{key}" in str(caught.value)


def test_the_cli_takes_the_load_and_names_its_options_when_wrong(capsys: pytest.CaptureFixture[str]) -> None:
    steps = []
    for extra in ([], ["--moe-imbalance", "1.3"], ["--moe-capacity-factor", "1.25"]):
        assert main(["estimate-training", *CLI_SHAPE, *extra]) == 0
        steps.append(json.loads(capsys.readouterr().out)["step_time_s"])
    assert steps[0] < steps[1] and steps[0] < steps[2]
    assert main(["estimate-training", *CLI_SHAPE, "--moe-capacity-factor", "0.5"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--moe-capacity-factor 0.5 must be from 1 to 16" in err
    dense = [*CLI_SHAPE[:CLI_SHAPE.index("--moe-experts")], "--moe-imbalance", "2"]
    assert main(["estimate-training", *dense]) == 1
    assert "apply to MoE models only" in capsys.readouterr().err


def test_plan_training_on_a_moe_design_ranks_it_slower_under_imbalance(capsys: pytest.CaptureFixture[str],
                                                                       tmp_path: Path) -> None:
    catalog = bundled_catalog()
    design = generate_design(catalog, TemplateSpec("dgx-h100", 8))
    design.workload = dataclasses.replace(MOE, dp=64)
    save_design(design, tmp_path / "moe.cluster")
    base = ["plan-training", "--design", str(tmp_path / "moe.cluster"), "--top", "1", "--json"]
    best = []
    for extra in ([], ["--moe-imbalance", "1.5"]):
        assert main([*base, *extra]) == 0
        out = json.loads(capsys.readouterr().out)
        best.append((out if isinstance(out, list) else out["entries"])[0])
    assert best[1]["step_time_s"] > best[0]["step_time_s"]
    assert best[0]["layout"]["ep"] > 1  # the search kept expert parallelism, where the load costs


def test_an_empty_design_has_no_workload_to_carry_a_load() -> None:
    assert Design().workload is None  # the load lives in the workload only: nothing to migrate elsewhere


def test_the_document_takes_only_a_load_the_file_can_hold_again(qtbot: object) -> None:
    from planner_gui.document import Document

    catalog = bundled_catalog()
    design = generate_design(catalog, TemplateSpec("dgx-h100", 2))
    design.workload = dataclasses.replace(MOE, dp=2, ep=2)
    document = Document(catalog, design, analyzer=lambda *_: None)
    assert not document.set_settings("workload", moe_imbalance=0.5)
    assert not document.set_settings("workload", moe_capacity_factor=20.0)
    assert document.set_settings("workload", moe_capacity_factor=1.25)
    assert document.set_settings("workload", moe_capacity_factor=None)
    assert document.design.workload is not None
    assert (document.design.workload.moe_capacity_factor, document.design.workload.moe_imbalance) == (None, 1.0)
