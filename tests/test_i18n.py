"""The shipped Chinese translation: complete, compiled from the .ts in the repo, and up to date with the code."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

import pytest

from planner_gui.i18n import CHINESE, qm_path, ts_path
from planner_gui.i18n.checks_zh import check_fix, check_title

ROOT = Path(__file__).resolve().parents[1]
LRELEASE = Path(sys.executable).with_name("pyside6-lrelease")


def _messages() -> list[tuple[str, str, ElementTree.Element]]:
    root = ElementTree.parse(ts_path(CHINESE)).getroot()
    return [(c.findtext("name") or "", m.findtext("source") or "", m.find("translation"))
            for c in root.iter("context") for m in c.iter("message")]


def test_every_source_string_has_a_finished_chinese_translation() -> None:
    messages = _messages()
    assert len(messages) > 200  # the whole UI, not a sample
    untranslated = [(ctx, src) for ctx, src, tr in messages
                    if tr is None or not (tr.text or "").strip() or tr.get("type") in ("unfinished", "obsolete")]
    assert untranslated == []


def test_translations_keep_their_placeholders() -> None:
    """A {name} dropped or misspelt in Chinese would raise KeyError in str.format at run time."""
    import re

    field = re.compile(r"\{(\w*)(![rsa])?(:[^{}]*)?\}")  # {name}, {name!r}, {value:,.1f}: name, conversion, spec
    for ctx, src, tr in _messages():
        assert sorted(field.findall(src)) == sorted(field.findall(tr.text or "")), (ctx, src)


@pytest.mark.skipif(not LRELEASE.exists(), reason="pyside6-lrelease not installed")
def test_shipped_qm_is_compiled_from_the_ts(tmp_path: Path) -> None:
    fresh = tmp_path / "fresh.qm"
    subprocess.run([str(LRELEASE), str(ts_path(CHINESE)), "-qm", str(fresh)], check=True, capture_output=True)
    assert fresh.read_bytes() == qm_path(CHINESE).read_bytes()


@pytest.mark.skipif(not LRELEASE.with_name("pyside6-lupdate").exists(), reason="pyside6-lupdate not installed")
def test_ts_holds_every_string_the_code_marks() -> None:
    spec = importlib.util.spec_from_file_location("update_translations", ROOT / "scripts" / "update_translations.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    assert module.missing_sources(ts_path(CHINESE)) == set()


def test_check_titles_come_from_the_pdf_table() -> None:
    """report/content/strings_checks.py CHECK_TITLES is the one table; unknown codes fall back."""
    assert check_title("rack-too-heavy", language="zh_CN") == "机柜超重"
    assert check_title("rack-too-heavy", language="en") == "Rack too heavy"
    assert check_title("no-such-code", "Fallback", language="zh_CN") == "Fallback"
    assert check_fix("no-such-code", "do this", language="zh_CN") == "do this"
    assert check_fix("gpu-throttled", "english", language="en") == "english"
    assert "降到" in check_fix("gpu-throttled", "english", language="zh_CN")


def test_lrelease_tool_is_the_one_documented() -> None:
    assert shutil.which("pyside6-lrelease") or LRELEASE.exists()
