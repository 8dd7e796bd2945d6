"""The command line in Simplified Chinese: chosen by --lang, the preference or the locale; tables that line
up; argparse's own words; one-line errors; English untouched (and without Qt)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from planner_gui.catalog import bundled_catalog
from planner_gui.cli import main
from planner_gui.commands.columns import display_width, pad, wrap
from planner_gui.commands.language import (
    CHINESE,
    ENGLISH,
    choose_language,
    language_from_locale,
    option_value,
    use_language,
)
from planner_gui.engine.analysis import analyze_design
from planner_gui.examples import default_example_path
from planner_gui.io import load_design
from planner_gui.present import format_days
from planner_gui.report.content.check_messages import check_message_in

EXAMPLE = str(default_example_path())
HAN = re.compile(r"[\u4e00-\u9fff]")
NUMBER = re.compile(r"\d+(?:,\d{3})*(?:\.\d+)?(?:e[-+]?\d+)?")
# tests/conftest.py starts every test in the C locale: English unless a test says otherwise.


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def _sections(text: str) -> list[str]:
    return text.strip().split("\n\n")


def test_analyze_in_chinese_has_chinese_headings_and_check_messages_and_the_english_numbers(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, zh, _ = run(capsys, "--lang", "zh_CN", "analyze", EXAMPLE)
    assert code == 0
    _, en, _ = run(capsys, "analyze", EXAMPLE)
    for heading in ("方案：", "拓扑：", "集合通信（", "检查（", "NCCL 环境变量：", "功耗：", "成本（", "训练："):
        assert heading in zh
    assert "Topology:" not in zh and "Checks (" not in zh and "typical" not in zh
    catalog = bundled_catalog()
    analysis = analyze_design(load_design(Path(EXAMPLE), catalog).design, catalog)
    flat = "".join(zh.split())  # messages are wrapped at 100 columns
    for check in analysis.checks:
        chinese = check_message_in(check, CHINESE)
        assert HAN.search(chinese) and "".join(chinese.split()) in flat
        assert check.message not in zh
    zh_sections, en_sections = _sections(zh), _sections(en)
    assert len(zh_sections) == len(en_sections)
    for zh_part, en_part in zip(zh_sections, en_sections, strict=True):
        if en_part.startswith(("Checks", "NCCL environment")):
            continue  # sentences from the proposal's tables, numbers written their own way
        assert sorted(NUMBER.findall(zh_part)) == sorted(NUMBER.findall(en_part)), en_part.splitlines()[0]


def test_chinese_tables_line_up_by_display_width(capsys: pytest.CaptureFixture[str]) -> None:
    _, zh, _ = run(capsys, "--lang", "zh_CN", "analyze", EXAMPLE)
    power = next(part for part in _sections(zh) if part.startswith("功耗："))
    header, *rows = power.splitlines()[1:]
    assert HAN.search(header)
    # each right-aligned column ends at the same terminal column in the heading and in every rack's row
    def column_ends(line: str) -> list[int]:  # cells are separated by two spaces or more
        return [display_width(line[:cell.end()]) for cell in re.finditer(r"\S+(?: \S+)*", line)]

    for line in rows[:3]:
        assert column_ends(line)[1:6] == column_ends(header)[1:6], (header, line)


@pytest.mark.parametrize(("variables", "language"), [
    ({"LANG": "zh_CN.UTF-8"}, CHINESE),
    ({"LANG": "C"}, ENGLISH),
    ({"LANG": "zh_TW.UTF-8"}, CHINESE),
    ({"LANG": "zh_CN.UTF-8", "LC_ALL": "C"}, ENGLISH),  # LC_ALL overrides LANG, as POSIX says
    ({"LANG": "en_US.UTF-8", "LC_MESSAGES": "zh_CN.UTF-8"}, CHINESE),
    ({"LC_ALL": "", "LANG": "zh_CN"}, CHINESE),  # an empty variable counts as unset
    ({}, ENGLISH),
])
def test_locale_variables_choose_the_language(variables: dict[str, str], language: str) -> None:
    assert language_from_locale(variables) == language


def test_lang_environment_selects_chinese_and_c_selects_english(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    code, out, _ = run(capsys, "validate", EXAMPLE)
    assert code == 0 and "有效（" in out and "个机柜" in out
    monkeypatch.setenv("LANG", "C")
    code, out, _ = run(capsys, "validate", EXAMPLE)
    assert code == 0 and out.rstrip().endswith("links)") and not HAN.search(out)


def test_the_option_overrides_the_locale_and_is_read_before_the_command() -> None:
    assert option_value(["--lang", "zh_CN", "analyze", "f"]) == "zh_CN"
    assert option_value(["--lang=en", "validate"]) == "en"
    assert option_value(["--la", "zh_CN"]) == "zh_CN"  # argparse takes unambiguous prefixes
    assert option_value(["report", "f", "--lang", "zh"]) is None  # the report's own option
    environ = {"LANG": "zh_CN.UTF-8"}
    assert choose_language("en", environ, lambda: None) == ENGLISH
    assert choose_language(None, environ, lambda: None) == CHINESE
    assert choose_language("fr", {}, lambda: None) == ENGLISH  # argparse then says what is allowed


def test_the_preference_file_sets_the_language_unless_told_otherwise(
        capsys: pytest.CaptureFixture[str]) -> None:
    from planner_gui.preferences.model import preferences_path

    path = preferences_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"version": 2, "language": "zh_CN"}), encoding="utf-8")
    assert HAN.search(run(capsys, "validate", EXAMPLE)[1])
    assert not HAN.search(run(capsys, "--lang", "system", "validate", EXAMPLE)[1])  # the locale (C) only
    assert not HAN.search(run(capsys, "--lang", "en", "validate", EXAMPLE)[1])
    path.write_text("{not json", encoding="utf-8")
    code, out, err = run(capsys, "validate", EXAMPLE)
    assert code == 0 and not HAN.search(out) and err == ""  # a broken file never stops a command


def test_a_bad_file_in_chinese_is_one_chinese_line_on_stderr(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for path in (str(tmp_path / "missing.cluster"), _broken_file(tmp_path)):
        code, out, err = run(capsys, "--lang", "zh_CN", "analyze", path)
        lines = err.strip().splitlines()
        assert code == 1 and out == "" and len(lines) == 1, err
        assert lines[0].startswith("cluster-planner: 错误：") and path in lines[0] and "Traceback" not in err
        assert "error" not in lines[0]


def _broken_file(tmp_path: Path) -> str:
    data = json.loads(Path(EXAMPLE).read_text(encoding="utf-8"))
    data["racks"][0]["devices"][0]["u"] = 47
    path = tmp_path / "bad.cluster"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_argparse_errors_in_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "--lang", "zh_CN", "predict", "--gpu", "h100-sxm5-80gb")
    assert code == 1 and err.startswith("cluster-planner: 错误：缺少必需的参数：--gpus-per-node, --nodes")
    assert "cluster-planner predict --help" in err
    code, _, err = run(capsys, "--lang", "zh_CN", "frobnicate")
    assert code == 1 and "无效的选项：'frobnicate'" in err and "invalid choice" not in err
    code, _, err = run(capsys, "--lang", "zh_CN", "predict", "--gpu", "h100-sxm5-80gb", "--gpus-per-node", "0",
                       "--nodes", "2")
    assert code == 1 and "参数 --gpus-per-node：0 不能小于 1" in err


def test_help_in_chinese_keeps_option_names_and_fits_the_terminal(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    for args in (["--help"], ["analyze", "--help"], ["estimate-training", "--help"]):
        with pytest.raises(SystemExit) as stop:
            main(["--lang", "zh_CN", *args])
        out = capsys.readouterr().out
        assert stop.value.code == 0 and out.startswith("用法：cluster-planner")
        assert "选项：" in out and "显示本帮助信息并退出" in out and "--help" in out
        assert "show this help" not in out and "usage:" not in out
        assert max(display_width(line) for line in out.splitlines()) <= 80, out
    assert "--lang LANG" in out or "--json" in out


def test_every_command_prints_chinese(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = Path(__file__).parent / "data" / "nccl"
    examples = Path(EXAMPLE).parent
    commands = [
        ["validate", EXAMPLE],
        ["catalog", "--kind", "server"],
        ["new", "--server", "hgx-h100", "--nodes", "4", "-o", str(tmp_path / "n.cluster")],
        ["predict", "--gpu", "h100-sxm5-80gb", "--gpus-per-node", "8", "--nodes", "2", "--bytes", "1G"],
        ["estimate-training", "--gpu", "dgx-h100", "--gpus", "16", "--layers", "32", "--hidden", "4096",
         "--heads", "32", "--seq", "2048", "--vocab", "32000", "--global-batch", "64"],
        ["compare", str(examples / "s5-a100-8x8-ib.cluster"), str(examples / "s5-a100-8x8-roce.cluster")],
        ["sweep", EXAMPLE, "--param", "nodes=8..16"],
        ["accept", EXAMPLE, str(data / "all_reduce_perf_4x8_openmpi.txt"), "--fit"],
    ]
    for args in commands:
        code, out, err = run(capsys, "--lang", "zh_CN", *args)
        assert code == 0, (args, err)
        assert HAN.search("\n".join(out.splitlines()[:4])), (args, out[:300])


def test_json_stays_english_in_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    _, zh, _ = run(capsys, "--lang", "zh_CN", "analyze", EXAMPLE, "--json")
    _, en, _ = run(capsys, "analyze", EXAMPLE, "--json")
    assert json.loads(zh) == json.loads(en) and not HAN.search(zh)


def test_report_follows_the_cli_language_unless_told(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    import planner_gui.report.render as render

    asked: list[str] = []

    def fake_export(design: object, catalog: object, path: object, lang: str, paper: str, **_: object) -> object:
        asked.append(lang)
        return SimpleNamespace(pages=1, lang=lang, warnings=())

    monkeypatch.setattr(render, "export_pdf", fake_export)
    out_pdf = str(tmp_path / "p.pdf")
    run(capsys, "report", EXAMPLE, "-o", out_pdf)
    run(capsys, "--lang", "zh_CN", "report", EXAMPLE, "-o", out_pdf)
    code, out, _ = run(capsys, "--lang", "zh_CN", "report", EXAMPLE, "-o", out_pdf, "--lang", "en")
    assert asked == ["en", "zh", "en"] and code == 0 and "共 1 页" in out


def test_a_chinese_run_leaves_english_behind(capsys: pytest.CaptureFixture[str]) -> None:
    results = Path(__file__).parent / "data" / "nccl" / "all_reduce_perf_4x8_openmpi.txt"
    _, out, _ = run(capsys, "--lang", "zh_CN", "accept", EXAMPLE, str(results), "--fit")
    assert re.search(r"训练时间 [\d.]+ 天 -> [\d.]+ 天", out)  # planner_gui/present's words, in Chinese while it ran
    assert format_days(12.34) == "12.3 days"  # and the app's again afterwards
    code, out, _ = run(capsys, "validate", EXAMPLE)
    assert code == 0 and not HAN.search(out)


def test_a_missing_qm_falls_back_to_english(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import planner_gui.commands.language as language
    from planner_gui.i18n import qm_path

    assert language.qm_file(CHINESE) == qm_path(CHINESE)  # the same file the desktop app loads
    monkeypatch.setattr(language, "qm_file", lambda name: tmp_path / "none.qm")
    with use_language(CHINESE) as used:
        assert used == ENGLISH


def test_english_never_imports_qt() -> None:
    """CLI start-up: English looks nothing up, so PySide6 stays unloaded (Chinese loads QtCore only)."""
    probe = ("import sys; from planner_gui.cli import main; main(sys.argv[1:]); "
             "print(sorted(m for m in sys.modules if m.startswith('PySide6')))")
    env = {**os.environ, "LANG": "C.UTF-8"}
    english = subprocess.run([sys.executable, "-c", probe, "validate", EXAMPLE], capture_output=True, text=True,
                             env=env, check=True)
    assert english.stdout.splitlines()[-1] == "[]"
    chinese = subprocess.run([sys.executable, "-c", probe, "validate", EXAMPLE], capture_output=True, text=True,
                             env={**env, "LANG": "zh_CN.UTF-8"}, check=True)
    assert "有效" in chinese.stdout and "QtWidgets" not in chinese.stdout.splitlines()[-1]


def test_pad_and_wrap_count_terminal_columns() -> None:
    assert pad("机柜", 6) == "机柜  " and pad("ok", 6, ">") == "    ok" and display_width("GPU 数") == 6
    english = "the quick brown fox jumps over the lazy dog " * 4
    assert wrap(english, 30, "  ") == _old_wrap(english, 30, "  ")
    lines = wrap("一路断电时，它们会降频运行（GPU 功耗受限），直到恢复供电为止。" * 3, 30, "  ")
    assert len(lines) > 2 and all(display_width(line) < 30 for line in lines)
    assert not any(line.strip().startswith(("，", "。", "）")) for line in lines)


def _old_wrap(text: str, limit: int, indent: str) -> list[str]:
    """analyze's wrapping before display widths, the reference for English."""
    lines, line = [], indent
    for word in text.split():
        if len(line) + len(word) + 1 > limit and line.strip():
            lines.append(line.rstrip())
            line = indent
        line += word + " "
    return [*lines, line.rstrip()] if line.strip() else lines


def test_fabric_technology_reads_as_a_word_in_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    """analyze's topology and collectives lines name the fabric in words in Chinese; English keeps the key."""
    roce = str(default_example_path().with_name("s2-a100-4x8-roce25.cluster"))
    chinese = run(capsys, "--lang", "zh_CN", "analyze", roce)[1]
    assert "以太网计算网络" in chinese.replace(" ", "") and "以太网网卡" in chinese.replace(" ", "")
    assert "ethernet" not in chinese
    assert "ethernet compute fabric" in run(capsys, "analyze", roce)[1]
