"""A broken user catalog is reported in the status bar at start-up in the app's language (issue 7):
the catalog's own sentences in Chinese, with their paths, ids and figures. The same problems in
English and on the command line are tests/test_catalog_texts.py."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from planner_gui.app import MAX_CATALOG_PROBLEMS_SHOWN, build
from planner_gui.catalog import bundled_catalog, load_catalog
from planner_gui.i18n import install_language
from planner_gui.preferences import Preferences, save_preferences
from planner_gui.ui.panels.status_bar import catalog_problems_text

BUNDLED = bundled_catalog()
HAN = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture
def chinese(qtbot: QtBot) -> Iterator[None]:
    try:
        yield
    finally:
        install_language("en")


def _broken_user_catalog(tmp_path: Path) -> Path:
    gpu = {**BUNDLED.require("h100-sxm5-80gb").data, "id": "my-gpu", "memory_gb": "lots"}
    path = tmp_path / "catalog.json"
    path.write_text(json.dumps({"entries": [gpu, 5]}), encoding="utf-8")
    return path


def test_the_status_note_renders_the_catalogs_problems_in_chinese(tmp_path: Path, chinese: None) -> None:
    path = _broken_user_catalog(tmp_path)
    problems = load_catalog(user_catalog=path).problems
    english = catalog_problems_text(problems, 3)
    assert english == (f"2 catalog problems: {path} entries[0] ('my-gpu'): memory_gb: expected a whole number or "
                       f"a number, got str; entry skipped; {path} entries[1]: an entry must be an object, got int; "
                       "entry skipped")
    assert install_language("zh_CN") == "zh_CN"
    assert catalog_problems_text(problems, 3) == (
        f"硬件目录有 2 个问题：{path} entries[0] ('my-gpu'): memory_gb：应为整数或数字，实际为 str；已跳过该条目; "
        f"{path} entries[1]: 条目必须是对象，实际为 int；已跳过该条目")


def test_a_chinese_app_starts_with_the_user_catalogs_problems_in_chinese(tmp_path: Path, chinese: None,
                                                                         qtbot: QtBot) -> None:
    """The real start-up: the preferences choose Chinese and name the user catalog."""
    path = _broken_user_catalog(tmp_path)
    save_preferences(Preferences(language="zh_CN", user_catalog=str(path)))  # conftest's temp config dir
    _app, window = build(["cluster-planner"])
    qtbot.addWidget(window)
    window.document.live.wait_idle()
    message = window.statusBar().currentMessage()
    assert message.startswith("硬件目录有 2 个问题：") and f"{path} entries[0] ('my-gpu'): memory_gb：" in message
    assert "expected" not in message and "entry skipped" not in message
    assert MAX_CATALOG_PROBLEMS_SHOWN >= 2 and HAN.search(message)
