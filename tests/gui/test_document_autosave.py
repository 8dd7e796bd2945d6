"""Autosave writes unsaved work to the state dir; a save or a clean exit removes it; recent files."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from planner_gui.catalog import bundled_catalog
from planner_gui.document import Document
from planner_gui.document.autosave import Autosaver, recovery_folder
from planner_gui.document.recent import MAX_RECENT, RecentFiles, open_settings, settings_path
from planner_gui.examples import default_example_path
from planner_gui.io import load_design

CATALOG = bundled_catalog()
DEFAULT = load_design(default_example_path(), CATALOG).design


@pytest.fixture(autouse=True)
def _state_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))


def _doc() -> Document:
    return Document(CATALOG, copy.deepcopy(DEFAULT), analyzer=lambda *_: None)


def test_state_and_settings_live_under_the_test_home(tmp_path: Path) -> None:
    assert recovery_folder().is_relative_to(tmp_path / "state")
    assert settings_path().is_relative_to(Path.home())  # conftest points HOME/XDG_CONFIG_HOME at a temp dir
    assert "config" in settings_path().parts


def test_autosave_writes_only_unsaved_work_and_a_save_removes_it(qtbot: QtBot, tmp_path: Path) -> None:
    doc = _doc()
    saver = Autosaver(doc, parent=doc)
    assert saver.autosave_now() is None and not saver.own_path.exists()  # nothing unsaved
    doc.set_settings("meta", name="Autosaved work")
    written = saver.autosave_now()
    assert written == saver.own_path and written.parent == recovery_folder()
    assert load_design(written, CATALOG).design == doc.design
    info = json.loads(written.with_suffix(".json").read_text(encoding="utf-8"))
    assert info["name"] == "Autosaved work" and info["original_path"] is None
    doc.save(tmp_path / "saved.cluster")
    assert not written.exists() and not written.with_suffix(".json").exists()


def test_a_crashed_apps_file_is_offered_newest_first_and_survives_a_decline(qtbot: QtBot, tmp_path: Path) -> None:
    crashed = _doc()
    crashed.path = tmp_path / "original.cluster"
    crashed.set_settings("meta", name="Crashed work")
    left_behind = Autosaver(crashed, parent=crashed).autosave_now()  # the app "crashes": no stop()
    assert left_behind is not None
    doc = _doc()
    saver = Autosaver(doc, parent=doc)
    pending = saver.pending()
    assert [p.design_path for p in pending] == [left_behind]
    assert pending[0].name == "Crashed work" and pending[0].original_path == tmp_path / "original.cluster"
    saver.decline(pending)
    assert left_behind.exists()  # declining keeps it ...
    doc.set_settings("meta", name="new work")
    doc.save(tmp_path / "new.cluster")
    assert not left_behind.exists()  # ... until the next successful save


def test_a_clean_stop_removes_the_own_file_only(qtbot: QtBot) -> None:
    doc = _doc()
    saver = Autosaver(doc, parent=doc)
    doc.set_settings("meta", name="x")
    path = saver.autosave_now()
    assert path is not None and path.exists()
    saver.stop()
    assert not path.exists()


def test_autosave_failure_is_reported_not_raised(qtbot: QtBot, tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the recovery folder should be", encoding="utf-8")
    doc = _doc()
    saver = Autosaver(doc, folder=blocker, parent=doc)
    doc.set_settings("meta", name="x")
    with qtbot.waitSignal(saver.failed) as signal:
        assert saver.autosave_now() is None
    assert str(blocker) in signal.args[0]


def test_recent_files_are_newest_first_unique_and_bounded(qtbot: QtBot, tmp_path: Path) -> None:
    recent = RecentFiles(open_settings())
    paths = [tmp_path / f"d{i}.cluster" for i in range(MAX_RECENT + 2)]
    for path in paths:
        recent.add(path)
    recent.add(paths[3])
    listed = RecentFiles(open_settings()).paths()  # read back through a fresh QSettings: it was stored
    assert listed[0] == paths[3].resolve() and len(listed) == MAX_RECENT and len(set(listed)) == MAX_RECENT
    recent.remove(paths[3])
    assert paths[3].resolve() not in recent.paths()
    assert settings_path().exists()
