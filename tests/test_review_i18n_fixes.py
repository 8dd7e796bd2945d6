"""The fixes for the reviewer's i18n findings (tests/test_review_i18n.py), English side and Chinese side:
the collective model's and the nccl-tests reader's refusals are Texts (English byte-identical), a
FabricProfile's problems are one Text of Texts, shallowly nested; ``accept`` and ``report`` name a
missing file or folder in the CLI's language; a refused setting names its section in words; the
``catalog`` listing's figures read in Chinese.

The GUI half (the PDF export dialog's message) is tests/gui/test_export_pdf_texts.py.
"""

from __future__ import annotations

import dataclasses
import pickle
import re
import sys
from pathlib import Path

import pytest

from planner_gui.cli import main
from planner_gui.engine.acceptance.nccl_results import parse_nccl_tests
from planner_gui.engine.collectives import FabricProfile, predict
from planner_gui.engine.collectives.profile import joined_problems
from planner_gui.examples import default_example_path
from planner_gui.model.messages import QT_TRANSLATE_NOOP, Text, Translate, english, error_text, render

EXAMPLE = str(default_example_path())
HAN = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture(scope="module")
def zh() -> Translate:
    from planner_gui.report.render import proposal_translator

    translate = proposal_translator("zh")
    assert translate is not None, "the shipped Chinese .qm did not load"
    return translate


def _h100(**changes: object) -> FabricProfile:
    base = FabricProfile(gpus_per_node=8, nodes=2, gpu_name="H100 SXM5 80GB", intra="nvswitch",
                         nvlink_bidir_gbs=900.0, pcie_gen=5, nics_per_node=8, nic_gbps=400.0,
                         nic_latency_us=1.0, technology="infiniband", nvls=True)
    return dataclasses.replace(base, **changes)


def _refusal(call: object, *args: object, **kwargs: object) -> ValueError:
    with pytest.raises(ValueError) as raised:
        call(*args, **kwargs)  # type: ignore[operator]
    return raised.value


# ----- a FabricProfile's problems --------------------------------------------------------------------
def test_an_invalid_profile_says_every_problem_in_english_as_before_and_in_chinese(zh: Translate) -> None:
    error = _refusal(_h100, nodes=0, technology="token-ring", hops=2.5, nic_gbps=5000.0, gpu_name=" ")
    message = error.args[0]
    assert isinstance(message, Text)
    assert message == ("invalid FabricProfile: nodes=0 is outside 1..1000000; hops must be a whole number, got 2.5; "
                       "technology='token-ring': use one of infiniband, ethernet, efa, efa_v1, tcpx; gpu_name must be "
                       "a non-empty GPU name such as 'H100 SXM5 80GB'; nic_gbps=5000.0 is outside 0..3200")
    chinese = error_text(error, zh)
    assert chinese.startswith("FabricProfile 无效：nodes=0 超出范围 1..1000000；hops 必须是整数，当前为 2.5；")
    assert "is outside" not in chinese and "must be" not in chinese and "; " not in chinese


def test_a_reason_in_parentheses_is_said_in_the_language_too(zh: Translate) -> None:
    error = _refusal(_h100, nics_per_node=0)
    assert error.args[0] == "invalid FabricProfile: nics_per_node=0 is outside 1..64 (a multi-node job needs NICs)"
    assert error_text(error, zh) == "FabricProfile 无效：nics_per_node=0 超出范围 1..64（多节点任务需要网卡）"


def test_a_long_list_of_problems_nests_shallowly_and_survives_a_copy() -> None:
    problems = [QT_TRANSLATE_NOOP("Engine", "a tree needs at least two ranks").fill() for _ in range(5000)]
    joined = joined_problems(problems)
    assert joined == "; ".join(problems)
    depth, level = 0, [joined]
    while level:  # breadth-first over the nested Texts: ~log2(5000) levels, not 5000
        level = [value for text in level for value in text.params.values() if isinstance(value, Text)]
        depth += 1
    assert depth <= 14
    limit = sys.getrecursionlimit()
    assert render(joined, english) == joined and pickle.loads(pickle.dumps(joined)) == joined
    assert sys.getrecursionlimit() == limit


# ----- the collective model and the nccl-tests reader ------------------------------------------------
@pytest.mark.parametrize(("call", "english_text", "chinese_start"), [
    (lambda: predict(_h100(), "allsum", 1024), "unknown collective 'allsum'; use one of allreduce, allgather, "
     "reducescatter, broadcast, reduce, alltoall, sendrecv", "未知的集合通信操作 'allsum'"),
    (lambda: predict(_h100(), "allreduce", 1024, algo="fast"), "unknown algorithm 'fast'; use 'auto' or one of "
     "ring, tree, nvls, nvlstree, collnet, pat", "未知的算法 'fast'"),
    (lambda: predict(_h100(), "allreduce", 1024, proto="fast"), "unknown protocol 'fast'; use 'auto' or one of LL, "
     "LL128, Simple", "未知的协议 'fast'"),
    (lambda: predict(_h100(), "alltoall", 1024, algo="ring"), "alltoall runs point-to-point in NCCL; NCCL_ALGO "
     "does not apply, use algo='auto'", "alltoall 在 NCCL 中以点对点方式运行"),
    (lambda: predict(_h100(), "allreduce", 1024, algo="collnet"), "cannot force 'collnet' for allreduce on this "
     "profile: CollNet needs several nodes on an InfiniBand fabric with SHARP enabled (sharp=True)",
     "此配置下无法为 allreduce 强制使用 'collnet'：CollNet 需要多个节点"),
    (lambda: predict(_h100(), "broadcast", 1024, algo="tree"), "cannot force 'tree' for broadcast on this profile: "
     "NCCL has no 'tree' algorithm for broadcast; choices: ring", "此配置下无法为 broadcast 强制使用 'tree'：NCCL 的"),
    (lambda: predict(_h100(), "allreduce", 1.5), "message size must be a whole number of bytes, got 1.5",
     "消息大小必须是整数字节"),
    (lambda: predict(_h100(), "allreduce", 0), "message size must be positive, got 0 bytes", "消息大小必须为正数"),
    (lambda: parse_nccl_tests(b"bytes"), "nccl-tests output must be text, got bytes", "nccl-tests 输出必须是文本"),
    (lambda: parse_nccl_tests("", "bogus"), "unknown nccl-tests test 'bogus'; use one of all_reduce_perf, "
     "all_gather_perf, reduce_scatter_perf, alltoall_perf, sendrecv_perf, broadcast_perf, reduce_perf (or the "
     "collective: allreduce, allgather, reducescatter, alltoall, sendrecv, broadcast, reduce)", "未知的 nccl-tests 测试"),
])
def test_engine_refusals_read_as_before_in_english_and_in_chinese(zh: Translate, call: object, english_text: str,
                                                                  chinese_start: str) -> None:
    error = _refusal(call)
    assert isinstance(error.args[0], Text) and str(error) == english_text
    assert error_text(error, zh).startswith(chinese_start)


# ----- the command line --------------------------------------------------------------------------------
def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_accept_names_a_missing_results_file_with_the_systems_reason(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(capsys, "accept", EXAMPLE, "no-such-results.txt")
    assert (code, err) == (1, "cluster-planner: error: results 'no-such-results.txt' cannot be read "
                              "(No such file or directory)\n")
    code, _, err = _run(capsys, "--lang", "zh_CN", "accept", EXAMPLE, "no-such-results.txt")
    assert (code, err) == (1, "cluster-planner: 错误：无法读取结果 'no-such-results.txt'（文件或文件夹不存在）\n")


def test_report_names_a_missing_folder_before_the_analysis(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    from planner_gui.commands import report_cmd

    monkeypatch.setattr(report_cmd, "catalog_for_cli", lambda: pytest.fail("the folder is checked first"))
    target = tmp_path / "missing" / "p.pdf"
    code, _, err = _run(capsys, "report", EXAMPLE, "-o", str(target))
    assert (code, err) == (1, f"cluster-planner: error: cannot write {target}: the folder {target.parent} does not "
                              "exist; create it or pick another output path\n")  # report/render/pdf.py's words
    code, _, err = _run(capsys, "--lang", "zh_CN", "report", EXAMPLE, "-o", str(target))
    assert (code, err) == (1, f"cluster-planner: 错误：无法写入 {target}：文件夹 {target.parent} 不存在；请先创建该文件夹，"
                              "或换一个输出路径\n")


def test_the_pdf_writers_own_folder_check_is_a_text(tmp_path: Path, zh: Translate) -> None:
    from planner_gui.catalog import bundled_catalog
    from planner_gui.model import Design
    from planner_gui.report.render import export_pdf

    target = tmp_path / "missing" / "p.pdf"
    error = _refusal(export_pdf, Design(), bundled_catalog(), target)
    assert isinstance(error.args[0], Text)
    assert error_text(error, zh) == f"无法写入 {target}：文件夹 {target.parent} 不存在；请先创建该文件夹，或换一个输出路径"


def test_the_catalog_listing_reads_in_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "--lang", "zh_CN", "catalog", "--kind", "nic")
    assert code == 0 and "400 Gb/s InfiniBand，延迟 1 us" in out and "以太网，延迟" in out
    assert "ethernet" not in out and "infiniband," not in out
    code, out, _ = _run(capsys, "catalog", "--kind", "nic")
    assert code == 0 and "400 Gb/s infiniband, 1 us" in out  # English as before
    code, out, _ = _run(capsys, "--lang", "zh_CN", "catalog", "--kind", "gpu")
    assert "80 GB，700 W，989 TFLOPS" in out


# ----- a refused setting names its section in words ------------------------------------------------------
def test_a_refused_setting_names_its_section_in_words(zh: Translate) -> None:
    from planner_gui.document.properties import check_setting
    from planner_gui.model import DesignError, FabricSettings

    with pytest.raises(DesignError) as raised:
        check_setting("fabric", "bogus", 1, FabricSettings())
    assert str(raised.value.where) == "fabric settings"  # English: the key, as before
    assert raised.value.text.startswith("'bogus' is not a fabric setting (settings: ")
    chinese = error_text(raised.value, zh)
    assert chinese.startswith("网络设置: 'bogus' 不是网络设置项（可用设置：") and "fabric" not in chinese
    assert HAN.search(chinese)
