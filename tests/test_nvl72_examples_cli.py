"""Issue 18 (must hold): the shipped NVL72 examples validate, analyse and compare from the command line in
English and in Chinese, with figures equal to the engine's; the Chinese output carries no English unit
words. (Their proposals in both languages are checked in test_report_voice.py and test_report_designs.py.)"""

from __future__ import annotations

import json
import re

import pytest

from planner_gui.catalog import bundled_catalog
from planner_gui.cli import main
from planner_gui.engine.analysis import analyze_design
from planner_gui.examples import examples_folder
from planner_gui.io import load_design

CATALOG = bundled_catalog()
GB200 = examples_folder() / "gb200-nvl72-1rack.cluster"
GB300 = examples_folder() / "gb300-8x-nvl72-xdr.cluster"
GPUS = {GB200: 72, GB300: 576}
LANGUAGES = ("en", "zh_CN")
HAN = re.compile(r"[\u4e00-\u9fff]")
ENGLISH_WORDS = re.compile(r"\b\d[\d,.]*\s+(?:days?|months?|racks?|servers?|GPUs)\b|\bnever\b")


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("path", [GB200, GB300], ids=lambda p: p.stem)
def test_each_nvl72_example_validates_with_no_error(capsys: pytest.CaptureFixture[str], path: object,
                                                     language: str) -> None:
    code, out, err = _run(capsys, "--lang", language, "validate", str(path))
    assert code == 0, err
    verdict = out.strip().splitlines()[-1]
    assert verdict.endswith(("links)", "条链路）")) and ("valid (" in verdict or "有效（" in verdict), verdict
    assert "error" not in out.lower() and "错误" not in out


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_eight_rack_example_analyses_to_the_engines_figures(capsys: pytest.CaptureFixture[str],
                                                                 language: str) -> None:
    code, out, err = _run(capsys, "--lang", language, "analyze", str(GB300), "--json")
    assert code == 0, err
    summary = json.loads(out)["summary"]
    engine = analyze_design(load_design(GB300, CATALOG).design, CATALOG).to_json()["summary"]
    assert summary == engine  # the language changes words, never a figure
    assert summary["gpus"] == GPUS[GB300] and summary["checks"]["error"] == 0


def test_analyze_in_chinese_speaks_chinese_and_keeps_the_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    _, english, _ = _run(capsys, "--lang", "en", "analyze", str(GB200))
    code, chinese, err = _run(capsys, "--lang", "zh_CN", "analyze", str(GB200))
    assert code == 0, err
    assert len(HAN.findall(chinese)) > 200 and not ENGLISH_WORDS.findall(chinese)
    numbers = re.compile(r"\d[\d,]*\.\d+")  # decimals: the figures, not the counts spelled into sentences
    assert set(numbers.findall(english)) <= set(numbers.findall(chinese)) | {"2.25"}  # NCCL version in prose


@pytest.mark.parametrize("language", LANGUAGES)
def test_comparing_one_rack_with_eight_equals_the_engine(capsys: pytest.CaptureFixture[str], language: str) -> None:
    code, out, err = _run(capsys, "--lang", language, "compare", str(GB200), str(GB300), "--json")
    assert code == 0, err
    figures = {f["key"]: f for f in json.loads(out)["figures"]}
    a, b = (analyze_design(load_design(p, CATALOG).design, CATALOG).to_json()["summary"] for p in (GB200, GB300))
    for key, summary_key in (("gpus", "gpus"), ("it_kw", "it_kw"), ("buy_upfront", "buy_upfront"),
                             ("allreduce_busbw_1gib", "allreduce_busbw_1GiB_GBps"), ("training_days", "training_days")):
        assert (figures[key]["a"], figures[key]["b"]) == (a[summary_key], b[summary_key]), key
    assert (figures["gpus"]["a"], figures["gpus"]["b"]) == (GPUS[GB200], GPUS[GB300])


def test_the_chinese_comparison_table_has_no_english_unit_words(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, "--lang", "zh_CN", "compare", str(GB200), str(GB300))
    assert code == 0, err
    table = out.split("\n\n")[1]  # the figures, between the two names and the bill of materials
    assert "天" in table and not ENGLISH_WORDS.findall(table), ENGLISH_WORDS.findall(table)
