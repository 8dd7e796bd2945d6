"""The design generator's and the sweep's refusals are Texts (model/messages.py): English as before, Chinese
on a Chinese command line (issue 7: `cluster-planner --lang zh_CN new` and `sweep` said them in English).

An ast scan keeps new messages in templates/*.py and engine/sweep*.py marked. The New Design dialog and
the Sweep dialog in Chinese are tests/gui/test_templates_texts_gui.py.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from planner_gui.catalog import bundled_catalog
from planner_gui.cli import main
from planner_gui.commands.language import CHINESE, error_message, text, use_language
from planner_gui.engine.compare.sweep import parse_range, sweep_point
from planner_gui.engine.compare.sweep_variant import make_variant
from planner_gui.examples import examples_folder
from planner_gui.model import Design
from planner_gui.model.messages import Text
from planner_gui.templates import TemplateError, TemplateSpec, generate_design
from tests.english_scan import unmarked_raise_lines

PACKAGE = Path(__file__).resolve().parents[1] / "planner_gui"
SCANNED = (*sorted((PACKAGE / "templates").glob("*.py")), *sorted((PACKAGE / "engine" / "compare").glob("sweep*.py")))
CATALOG = bundled_catalog()
SMALL = str(examples_folder() / "s4b-h100-1x8.cluster")  # one HGX H100: a sweep of it is quick
HAN = re.compile(r"[\u4e00-\u9fff]")
RACK_KW_EN = ("one 'dgx-h100' draws up to 10.2 kW, more than the rack budget 8 kW; raise --rack-kw (and consider "
              "--cooling liquid)")
RACK_KW_ZH = ("单台 'dgx-h100' 最大功耗 10.2 kW，超过机柜功率预算 8 kW；请提高机柜功率预算（--rack-kw），"
              "并考虑改用冷板式液冷（--cooling=liquid）")


@pytest.fixture
def chinese() -> Iterator[None]:
    """The CLI's translator (the shipped .qm) for ``text`` / ``error_message``."""
    with use_language(CHINESE) as language:
        assert language == CHINESE, "the shipped Chinese .qm did not load"
        yield


def _refusal(spec: TemplateSpec) -> TemplateError:
    with pytest.raises(TemplateError) as raised:
        generate_design(CATALOG, spec)
    return raised.value


# ----- the scan: every refusal is marked ----------------------------------------------------------
def unmarked_raises(source: str) -> list[int]:
    """Lines raising an error whose message (first argument) is a bare literal, an f-string, a + or a
    .format() (a plain English str: it cannot be translated)."""
    return unmarked_raise_lines(source)


def test_the_scan_finds_unmarked_messages() -> None:
    sample = ('raise TemplateError("a")\nraise ValueError(f"b {x}")\nraise KeyError("c" + d)\n'
              'raise TemplateError("{}".format(e))\n'
              'raise TemplateError(QT_TRANSLATE_NOOP("Templates", "ok {x}").fill(x=1))\n'
              'raise ValueError(QT_TRANSLATE_NOOP(\n    "Engine", "ok").fill()) from None\nraise\n')
    assert unmarked_raises(sample) == [1, 2, 3, 4]


@pytest.mark.parametrize("path", SCANNED, ids=lambda p: p.name)
def test_generator_and_sweep_raise_only_translatable_messages(path: Path) -> None:
    """A refusal written as a plain string would reach the Chinese UI in English: mark it instead."""
    assert unmarked_raises(path.read_text(encoding="utf-8")) == []


# ----- English unchanged, the Text kept -----------------------------------------------------------
@pytest.mark.parametrize(("spec", "message"), [
    (TemplateSpec("dgx-h100", 4, rack_kw=8.0), RACK_KW_EN),
    (TemplateSpec("dgx-h100", 0), "--nodes 0: give 1 to 12500 nodes"),
    (TemplateSpec("dgx-h100", 4, nic_id="dgx-h100"), "--fabric: unknown nic id 'dgx-h100' (known nic ids: "
                                                    "ib-hdr-200, ib-ndr-400, "),
    (TemplateSpec("dgx-h100", 16, topology="single-switch"),
     "128 NICs do not fit one qm9700 (64 ports); use --topology leaf-spine or rail-optimized"),
    (TemplateSpec("dgx-h100", 8192, nic_id="ib-hdr-200"),
     "3280 leaves need 164 pods, more than a three-tier fabric of qm8700 (40 ports) supports (40); use a switch "
     "with more ports or fewer nodes. For 65,536 NICs in three tiers choose a fabric with a larger switch: "
     "--fabric efa-v1-100 (sn4600c, 64 ports), --fabric efa-v2-100 (sn4600c, 64 ports), "),
])
def test_generator_refusals_read_as_before_and_are_texts(spec: TemplateSpec, message: str) -> None:
    error = _refusal(spec)
    assert str(error).startswith(message) and (str(error) == message or message.endswith(" "))
    assert isinstance(error.args[0], Text) and error.args[0].template.context == "Templates"


def test_the_unknown_id_refusal_matches_the_catalogs_own_words() -> None:
    """templates/spec.py words it itself (translatable); the English is Catalog.require's, letter for letter."""
    for spec, option, kind, catalog_id in ((TemplateSpec("dgx-h101", 4), "--server", "server", "dgx-h101"),
                                           (TemplateSpec("dgx-h100", 4, nic_id="qm9700"), "--fabric", "nic", "qm9700")):
        with pytest.raises(KeyError) as catalog_error:
            CATALOG.require(catalog_id, kind)
        assert str(_refusal(spec)) == f"{option}: {catalog_error.value.args[0]}"


def test_sweep_range_refusals_read_as_before_and_are_texts() -> None:
    for spec, message in (("nodes=0..8", "nodes: 0 is outside 1..12500"),
                          ("rack_kw=20..60:ten", "rack_kw: step 'ten' must be a number (20..60:10) or a factor "
                                                 "(8..1024:x4)"),
                          ("gpus=8..64", "--param 'gpus=8..64': write NAME=RANGE with NAME one of nodes, nic_gbps, "
                                         "oversubscription, rack_kw, nic, server, e.g. nodes=8..256, "
                                         "rack_kw=20..60:10 or nic=ib-ndr-400,roce-400")):
        with pytest.raises(ValueError) as raised:
            parse_range(spec)
        assert str(raised.value) == message
        assert isinstance(raised.value.args[0], Text) and raised.value.args[0].template.context == "Engine"


def _single_switch_design() -> tuple[Design, TemplateSpec]:
    spec = TemplateSpec("dgx-h100", 2, nic_id="ib-ndr-400", nics_per_node=8, topology="single-switch")
    return generate_design(CATALOG, spec), spec


def test_sweep_points_keep_the_refusal_and_the_note_texts() -> None:
    design, spec = _single_switch_design()
    point = sweep_point(design, CATALOG, dataclasses.replace(spec, topology="rail-optimized"), "rack_kw", 8.0)
    assert point.error == RACK_KW_EN and isinstance(point.error, Text)
    _, note = make_variant(design, CATALOG, spec, "nodes", 16)
    assert note == ("built as rail-optimized: 128 NICs do not fit one qm9700 (64 ports); use --topology leaf-spine "
                    "or rail-optimized")
    assert isinstance(note, Text)


# ----- Chinese where it is rendered -----------------------------------------------------------------
def test_refusals_render_in_chinese(chinese: None) -> None:
    assert error_message(_refusal(TemplateSpec("dgx-h100", 4, rack_kw=8.0))) == RACK_KW_ZH
    unknown = error_message(_refusal(TemplateSpec("dgx-h101", 4)))
    assert unknown.startswith("服务器（--server）：服务器 id 'dgx-h101' 不在目录中（服务器 id 可选：dgx-a100, ")
    too_big = error_message(_refusal(TemplateSpec("dgx-h100", 8192, nic_id="ib-hdr-200")))
    assert too_big.startswith("3280 台 Leaf 交换机需要 164 个 Pod，超过了 qm8700（40 个端口）三层组网所能支持的 40 个；")
    assert "。要以三层组网连接 65,536 块网卡，" in too_big
    assert "--fabric efa-v1-100（sn4600c，64 端口）、--fabric efa-v2-100（sn4600c，64 端口）、" in too_big
    assert "ports" not in too_big and "leaves" not in too_big
    with pytest.raises(ValueError) as raised:
        parse_range("rack_kw=20..60:ten")
    assert error_message(raised.value) == "rack_kw：步长 'ten' 必须是数字（20..60:10）或倍数（8..1024:x4）"
    design, spec = _single_switch_design()
    _, note = make_variant(design, CATALOG, spec, "nodes", 16)
    assert text(note) == ("已改用 rail-optimized 生成：128 块网卡无法全部接入一台 qm9700（64 个端口）；"
                          "请将拓扑（--topology）改为 leaf-spine 或 rail-optimized")


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_new_says_the_generators_refusal_in_chinese(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    output = str(tmp_path / "n.cluster")
    code, out, err = _run(capsys, "--lang", "zh_CN", "new", "--server", "dgx-h100", "--nodes", "4", "--rack-kw", "8",
                          "-o", output)
    assert code == 1 and out == "" and err == f"cluster-planner: 错误：{RACK_KW_ZH}\n"
    code, _, err = _run(capsys, "new", "--server", "dgx-h100", "--nodes", "4", "--rack-kw", "8", "-o", output)
    assert code == 1 and err == f"cluster-planner: error: {RACK_KW_EN}\n"  # English as before
    assert not Path(output).exists()


def test_sweep_says_range_and_row_refusals_in_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, "--lang", "zh_CN", "sweep", SMALL, "--param", "nodes=0..8")
    assert code == 1 and out == "" and err == "cluster-planner: 错误：nodes：0 超出范围 1..12500\n"
    code, out, _ = _run(capsys, "--lang", "zh_CN", "sweep", SMALL, "--param", "rack_kw=8,9")
    row = next(line for line in out.splitlines() if line.lstrip().startswith("8"))
    assert code == 0 and row.endswith("无法生成：" + RACK_KW_ZH.replace("dgx-h100", "hgx-h100"))
    code, out, _ = _run(capsys, "sweep", SMALL, "--param", "rack_kw=8,9")
    assert code == 0 and "cannot be built: " + RACK_KW_EN.replace("dgx-h100", "hgx-h100") in out
    assert not HAN.search(out)
