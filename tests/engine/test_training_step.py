"""Step-time model: compute, bubble, TP/DP/EP traffic, placement, bad input. Hand calculations."""

from __future__ import annotations

from dataclasses import replace

import pytest

from planner_gui.engine.training import StepOptions, estimate_training, layout_from_workload, shape_from_workload
from planner_gui.engine.training import compute as compute_module
from planner_gui.engine.training import gemm as gemm_module
from planner_gui.model.settings import Precision, Recompute
from tests.engine.test_training_support import A100, A100_GEMM_ONLY, BusComm, gpt, no_comm

NO_OVERLAP = StepOptions(sequence_parallel=False, dp_overlap=False)


@pytest.fixture
def no_launch_cost(monkeypatch: pytest.MonkeyPatch) -> None:
    """No launch gaps and every GEMM at the sustained rate (no size classes): isolates the roofline."""
    monkeypatch.setattr(compute_module, "KERNEL_OVERHEAD_S", 0.0)
    monkeypatch.setattr(gemm_module, "SIZE_EFFICIENCY", ((0.0, gemm_module.REFERENCE_EFFICIENCY),))


@pytest.mark.usefixtures("no_launch_cost")
def test_compute_only_step_is_flops_over_achievable_rate() -> None:
    """No network, no element-wise cost: t = F / (peak × achievable) = 1.175103e13 / (312e12 × 0.7)
    = 1.175103e13 / 2.184e14 = 0.0538051 s (F from Narayanan's 72-form, see test_training_flops), plus
    FlashAttention's backward recompute of the scores, half the forward score FLOPs: ½ · 4·l·s·h per token
    × 16,384 tokens = ½ · 33,554,432 · 16,384 = 2.7488e11 FLOPs = 1.25861e-3 s -> 0.0550637 s."""
    est = estimate_training(gpt(), A100_GEMM_ONLY, no_comm)
    assert est.step_time_s == pytest.approx(0.0550637, rel=1e-5)
    assert est.mfu == pytest.approx(0.7 * 0.0538051 / 0.0550637, rel=1e-5)
    assert est.dominant == "compute"
    stored = estimate_training(gpt(), A100_GEMM_ONLY, no_comm, options=StepOptions(flash_attention=False))
    assert stored.step_time_s == pytest.approx(0.0538051, rel=1e-5)  # scores kept: nothing to recompute


@pytest.mark.usefixtures("no_launch_cost")
@pytest.mark.parametrize(("seq", "micro_batch"), [(2048, 2), (4096, 1)])
def test_flash_attention_backward_recomputes_half_a_forward_of_scores(seq: int, micro_batch: int) -> None:
    """FlashAttention-2's backward runs 5 score matmuls against the forward's 2 (arXiv:2307.08691 Alg. 2):
    0.5 × the forward score FLOPs 4·l·s·h per token. 4,096 tokens, l = 4, h = 1024: s = 2048 gives
    0.5 · 4·4·2048·1024 · 4096 = 6.872e10 FLOPs = 0.31465 ms at 2.184e14; s = 4096 twice that. Time only:
    the hardware FLOP count does not change; without FlashAttention (scores stored) nothing is added."""
    workload = gpt(seq=seq, micro_batch=micro_batch)
    shape = shape_from_workload(workload)
    layout = layout_from_workload(workload, shape)
    flash, stored = (compute_module.stage_compute(shape, A100_GEMM_ONLY, Precision.BF16, Recompute.NONE, layout, fa)
                     for fa in (True, False))
    expected = 0.31465e-3 * seq / 2048
    assert flash.backward_s - stored.backward_s == pytest.approx(expected, rel=1e-4)
    assert flash.forward_s == pytest.approx(stored.forward_s)
    assert flash.hardware_flops == pytest.approx(stored.hardware_flops)
    assert flash.attention_s - stored.attention_s == pytest.approx(expected, rel=1e-4)


@pytest.mark.usefixtures("no_launch_cost")
@pytest.mark.parametrize(("vpp", "share"), [(1, 3 / 11), (2, 1.5 / 9.5)])
def test_pipeline_bubble_is_p_minus_1_over_v_micro_batches(vpp: int, share: float) -> None:
    """Bubble = (p − 1)/v of a micro-batch's time; its share of the step is (p−1)/(v·m + p − 1):
    p = 4, m = 8: 3/11 = 27.3 % without interleaving, 1.5/9.5 = 15.8 % with v = 2 (Narayanan et al. 2021, §2.2)."""
    est = estimate_training(gpt(layers=8, pp=4, vpp=vpp), A100_GEMM_ONLY, no_comm)
    assert est.breakdown["bubble_fraction"] == pytest.approx(share, rel=1e-9)


def test_tp_traffic_is_four_exchanges_per_layer_and_micro_batch() -> None:
    """tp = 2, no SP, no recompute: per layer and micro-batch 2 forward + 2 backward all-reduces of
    b·s·h·2 B = 4,194,304 B; at a bus bandwidth of 100 GB/s each takes 2·(1/2)·4,194,304/1e11 = 41.94 µs;
    4 layers × 8 micro-batches × 4 × 41.94 µs = 5.3687 ms. Selective recompute with SP adds one
    all-gather per layer: 8 × 4 × 20.97 µs = 0.6711 ms more."""
    plain = estimate_training(gpt(tp=2, global_batch=8), A100, BusComm(100.0), options=NO_OVERLAP)
    assert plain.breakdown["tp_comm_s"] == pytest.approx(5.3687e-3, rel=1e-4)
    sp = estimate_training(gpt(tp=2, global_batch=8, recompute=Recompute.SELECTIVE), A100, BusComm(100.0),
                           options=StepOptions(sequence_parallel=True, dp_overlap=False))
    assert sp.breakdown["tp_comm_s"] == pytest.approx(5.3687e-3 + 0.6711e-3, rel=1e-4)


def test_ddp_all_reduce_once_per_step_without_overlap() -> None:
    """ZeRO-0, dp = 4: one all-reduce of 2 B × N gradients; N = 4·(12h² + 2h) + 2·V·h = 50,339,840 +
    104,857,600 = 155,197,440, S = 310,394,880 B; at 10 GB/s: 2·(3/4)·S/1e10 = 46.559 ms, all exposed."""
    workload = gpt(dp=4, global_batch=8)
    assert shape_from_workload(workload).total_params == 155_197_440
    est = estimate_training(workload, A100, BusComm(10.0), options=NO_OVERLAP)
    assert est.breakdown["dp_comm_s"] == pytest.approx(46.559e-3, rel=1e-4)
    overlapped = estimate_training(workload, A100, BusComm(10.0))
    assert overlapped.breakdown["dp_comm_s"] < est.breakdown["dp_comm_s"]  # the last backward hides part


def test_zero3_moves_one_and_a_half_times_the_ddp_volume_on_its_layers() -> None:
    """ZeRO-3 layers: all-gather forward + all-gather backward + reduce-scatter = 3·(d−1)/d·S vs the
    all-reduce's 2·(d−1)/d·S: 1.5 × DDP (Megatron-LM / ZeRO accounting, docs/models/training.md). The embedding/output root unit is
    gathered once per micro-batch (FSDP keeps the root unsharded between forward and backward): 2·(d−1)/d.
    Layers 50,339,840, embedding 104,857,600 parameters: (3·50.34M + 2·104.86M)/(2·155.20M) = 1.16218."""
    ddp = estimate_training(gpt(dp=4, global_batch=4, zero_stage=0), A100, BusComm(10.0), options=NO_OVERLAP)
    zero3 = estimate_training(gpt(dp=4, global_batch=4, zero_stage=3), A100, BusComm(10.0), options=NO_OVERLAP)
    layers, embedding = 50_339_840, 104_857_600
    ratio = (3 * layers + 2 * embedding) / (2 * (layers + embedding))
    assert zero3.breakdown["dp_comm_total_s"] / ddp.breakdown["dp_comm_total_s"] == pytest.approx(ratio, rel=1e-6)


def test_slow_network_makes_zero3_communication_bound() -> None:
    """Llama-2-7B-like shape, ZeRO-3 over 8 GPUs at 1 GB/s per GPU: gathering 13.5 GB of weights twice per
    micro-batch takes ~ 24 s against well under a second of compute: DP dominates the step."""
    workload = gpt(layers=32, hidden=4096, heads=32, seq=4096, dp=8, global_batch=8, zero_stage=3)
    est = estimate_training(workload, A100, BusComm(1.0))
    assert est.dominant == "dp_comm"
    assert est.breakdown["comm_exposed_s"] > 10 * est.breakdown["compute_s"]


def test_dp_group_spans_nodes_once_tp_pp_fill_a_node() -> None:
    """tp 8 · pp 2 fill two 8-GPU nodes per replica, so each DP rank sits in another node (1 rank per node);
    with tp 2 a node holds 4 ranks of each DP group of 8, which spans 2 nodes."""
    shape = shape_from_workload(gpt(layers=8, heads=16))
    wide = layout_from_workload(gpt(layers=8, tp=8, pp=2, dp=4, global_batch=8), shape)
    assert (wide.ranks_per_node("tp"), wide.ranks_per_node("pp"), wide.ranks_per_node("dp")) == (8, 1, 1)
    assert wide.nodes_spanned("dp") == 4
    narrow = layout_from_workload(gpt(tp=2, dp=8, global_batch=8), shape)
    assert (narrow.ranks_per_node("dp"), narrow.nodes_spanned("dp")) == (4, 2)


def test_the_network_model_is_asked_about_the_real_groups() -> None:
    """The DP all-reduce of a tp 8 × pp 2 × dp 4 job is a 4-rank group with one rank per node."""
    calls: list[tuple[str, int, int, int]] = []
    estimate_training(gpt(layers=8, tp=8, pp=2, dp=4, global_batch=8), A100, BusComm(50.0, calls))
    assert ("allreduce", 4, 1) in {(op, ranks, per_node) for op, _, ranks, per_node in calls}
    assert ("sendrecv", 2, 1) in {(op, ranks, per_node) for op, _, ranks, per_node in calls}


def test_expert_all_to_all_counts_four_per_moe_layer() -> None:
    """8 experts, top-2, ep 4 carved out of dp 4: per MoE layer and micro-batch 4 all-to-alls of
    b·s·k·h·2 = 2048·2·1024·2 = 8,388,608 B; at 100 GB/s each is (3/4)·8,388,608/1e11 = 62.91 µs;
    4 layers × 2 micro-batches × 4 × 62.91 µs = 2.0133 ms."""
    workload = gpt(dp=4, ep=4, global_batch=8, moe_experts=8, moe_topk=2)
    est = estimate_training(workload, A100, BusComm(100.0), options=NO_OVERLAP)
    assert est.gpus == 4
    assert est.breakdown["ep_comm_s"] == pytest.approx(2.0133e-3, rel=1e-4)
    multiplied = estimate_training(gpt(dp=1, ep=4, global_batch=8, moe_experts=8, moe_topk=2), A100,
                                   BusComm(100.0), gpus=4)
    assert multiplied.gpus == 4  # ep multiplies dp when tp·pp·dp·ep is the GPU count


@pytest.mark.parametrize(("overrides", "gpus", "words"), [
    ({"tp": 2, "dp": 2}, 8, "tp·pp·dp = 2·1·2 = 4 but the design has 8 GPUs"),
    ({"heads": 16, "tp": 3}, None, "heads 16 are not divisible by tp 3"),
    ({"layers": 4, "pp": 2, "vpp": 3}, None, "pp·vpp = 2·3 pipeline chunks exceed the 4 layers"),
    ({"global_batch": 6, "dp": 4}, None, "global_batch 6 is not divisible by micro_batch"),
    ({"ep": 2, "dp": 2}, None, "no experts"),
    ({"precision": Precision.FP8}, None, "no dense fp8"),
    ({"precision": "fp4"}, None, "precision 'fp4' is not one of bf16, fp16, fp8"),
    ({"zero_stage": 4}, None, "zero_stage 4 is not 0, 1, 2 or 3"),
])
def test_inconsistent_input_says_what_to_change(overrides: dict[str, object], gpus: int | None, words: str) -> None:
    with pytest.raises(ValueError) as error:
        estimate_training(gpt(**overrides), A100, no_comm, gpus=gpus)
    message = str(error.value)
    assert words in message and "\n" not in message
    assert any(verb in message for verb in ("change", "choose", "set", "use", "pick"))


def test_estimate_json_and_breakdown_add_up() -> None:
    """The parts of the breakdown sum to the step time; to_json carries the brief's keys."""
    est = estimate_training(gpt(tp=2, pp=2, dp=2, layers=8, global_batch=16), A100, BusComm(50.0))
    parts = ("compute", "tp_comm", "cp_comm", "ep_comm", "pp_comm", "dp_comm", "bubble", "optimizer")
    assert sum(est.breakdown[f"{p}_s"] for p in parts) == pytest.approx(est.step_time_s)
    data = est.to_json()
    for key in ("step_time_s", "tokens_per_s", "tflops_per_gpu_model", "tflops_per_gpu_hardware", "mfu", "hfu",
                "memory_per_gpu_gb", "fits", "breakdown"):
        assert key in data
    assert data["tokens_per_s"] == pytest.approx(16 * 2048 / est.step_time_s)
    assert est.days_to_train == pytest.approx(1e12 / (est.tokens_per_s * 86_400))


def test_context_parallel_ring_exchange_minus_attention() -> None:
    """cp = 2: each ring step sends b·(s/cp)·2·kv_hidden·2 B = 1024·2·1024·2 = 4,194,304 B (4.194 ms at
    1 GB/s); forward 1 + backward 2 passes × (cp−1) × 4 layers = 12 steps = 50.332 ms, minus the attention
    math that hides them: 3.5 × 4·s·h·(s/cp)·4 layers (forward, backward and FlashAttention's recompute)
    = 1.2026e11 FLOPs / 2.184e14 = 0.551 ms → 49.781 ms per micro-batch, × 8 micro-batches = 398.25 ms."""
    base = gpt()
    workload = replace(base, cp=2)
    est = estimate_training(workload, A100, BusComm(1.0), options=NO_OVERLAP)
    assert est.gpus == 2
    assert est.breakdown["cp_comm_s"] == pytest.approx(398.25e-3, rel=1e-4)


def test_uneven_stages_are_placed_like_llama3() -> None:
    """126 layers on 16 stages (Llama 3 405B): 7 on the first and last stage, 8 on the 14 others
    (arXiv:2407.21783 §3.3.2). Here the output layer (2·h·V = 105 MFLOP per token at h = 1024) costs about
    4 layers (24·h² = 25 MFLOP), so the last stage (7 layers + output) is the slowest: less than a
    128-layer model's last stage (8 + output), more than 8 layers alone. Refused only when asked."""
    workload = gpt(layers=126, pp=16, global_batch=16)
    with pytest.raises(ValueError, match="layers 126 are not divisible by pp·vpp = 16·1"):
        estimate_training(workload, A100, no_comm, options=StepOptions(uneven_stages=False))
    layout = layout_from_workload(workload, shape_from_workload(workload))
    assert layout.stage_layers == (7,) + (8,) * 14 + (7,)
    est = estimate_training(workload, A100, no_comm)
    even = estimate_training(gpt(layers=128, pp=16, global_batch=16), A100, no_comm)
    no_logits = estimate_training(gpt(layers=128, pp=16, global_batch=16, vocab=8), A100, no_comm)
    assert no_logits.breakdown["compute_s"] < est.breakdown["compute_s"] < even.breakdown["compute_s"]


def test_first_and_last_stage_layers_are_megatrons_options() -> None:
    """--decoder-first/last-pipeline-num-layers: 126 layers, pp 4, first 30, last 30 → 33 each in the middle;
    an uneven middle is refused with a line that says what to change."""
    workload = gpt(layers=126, pp=4, global_batch=8)
    layout = layout_from_workload(workload, shape_from_workload(workload), first_last=(30, 30))
    assert layout.stage_layers == (30, 33, 33, 30)
    with pytest.raises(ValueError, match="leave 65 of 126 layers for 2 middle stages"):
        layout_from_workload(workload, shape_from_workload(workload), first_last=(31, 30))


def test_llama3_405b_at_pp16_is_paced_by_a_middle_stage() -> None:
    """Llama 3.1 405B, pp 16: a layer is ≈ 2·3.2e9 = 6.4 GFLOP per token, the output layer 2·16384·128256 =
    4.2 GFLOP, so the last stage (7 layers + output ≈ 7.7 layers) is lighter than a middle one (8)."""
    from planner_gui.engine.training.shape import find_preset, workload_for_preset

    preset = find_preset("Llama-3.1-405B")
    assert preset is not None
    workload = workload_for_preset(preset, tp=8, pp=16, dp=1, global_batch=16, recompute=Recompute.NONE)
    uneven = estimate_training(workload, A100, no_comm)
    eight_layers = estimate_training(replace(workload, layers=128, vocab=8), A100, no_comm)  # no output layer
    assert uneven.breakdown["compute_s"] == pytest.approx(eight_layers.breakdown["compute_s"], rel=1e-3)
