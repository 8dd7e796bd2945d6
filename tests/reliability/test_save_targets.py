"""Issue 20 item 7 and 9: odd save targets are refused before anything is written, never hang or replace
a device node; long names save; read-only designs are not overwritten; a killed save's temporaries go."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from planner_gui.io import SaveError, load_design, save_design
from planner_gui.io.saving import remove_stale_temps, temp_prefix
from tests.reliability.hostile import CATALOG
from tests.reliability.save_victim import versions

pytestmark = pytest.mark.usefixtures("no_hang")  # tests/reliability/conftest.py


def _null_device(path: Path) -> None:
    os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))  # the numbers of /dev/null, made in tmp_path


def test_a_named_pipe_is_refused_without_hanging(tmp_path: Path) -> None:
    design, _ = versions(1)
    pipe = tmp_path / "pipe.cluster"
    os.mkfifo(pipe)
    with pytest.raises(SaveError, match="not a regular file"):
        save_design(design, pipe)
    assert stat.S_ISFIFO(pipe.stat().st_mode) and sorted(p.name for p in tmp_path.iterdir()) == ["pipe.cluster"]


def test_a_link_to_a_pipe_is_refused_too(tmp_path: Path) -> None:
    design, _ = versions(1)
    os.mkfifo(tmp_path / "pipe")
    (tmp_path / "link.cluster").symlink_to(tmp_path / "pipe")
    with pytest.raises(SaveError, match="not a regular file"):
        save_design(design, tmp_path / "link.cluster")


@pytest.mark.skipif(os.geteuid() != 0, reason="making a device node needs root")
def test_a_link_to_a_device_keeps_the_device_node(tmp_path: Path) -> None:
    design, _ = versions(1)
    device = tmp_path / "null"
    _null_device(device)
    (tmp_path / "link.cluster").symlink_to(device)
    with pytest.raises(SaveError, match="not a regular file"):
        save_design(design, tmp_path / "link.cluster")
    assert stat.S_ISCHR(device.stat().st_mode)


def test_a_link_to_the_zero_device_is_refused_not_read(tmp_path: Path) -> None:
    design, _ = versions(1)
    (tmp_path / "zero.cluster").symlink_to("/dev/zero")
    with pytest.raises(SaveError, match="not a regular file"):
        save_design(design, tmp_path / "zero.cluster")


def test_a_planted_pipe_as_the_backup_is_refused(tmp_path: Path) -> None:
    first, second = versions(1)
    target = tmp_path / "d.cluster"
    save_design(first, target)
    os.mkfifo(tmp_path / "d.cluster.bak")
    with pytest.raises(SaveError, match="not a regular file"):
        save_design(second, target)
    assert load_design(target, CATALOG).design.meta.name == first.meta.name


def test_a_read_only_design_is_not_overwritten(tmp_path: Path) -> None:
    first, second = versions(1)
    target = tmp_path / "d.cluster"
    save_design(first, target)
    os.chmod(target, 0o444)
    with pytest.raises(SaveError, match="read-only; save under another name"):
        save_design(second, target)
    assert load_design(target, CATALOG).design.meta.name == first.meta.name


@pytest.mark.parametrize("length", [234, 245, 250])
def test_long_file_names_save_and_their_temporaries_fit(tmp_path: Path, length: int) -> None:
    first, second = versions(1)
    target = tmp_path / ("n" * (length - len(".cluster")) + ".cluster")
    save_design(first, target)
    save_design(second, target)  # the second save writes NAME.bak through a temporary name too
    assert load_design(target, CATALOG).design.meta.name == second.meta.name
    assert len(temp_prefix(target.name + ".bak").encode()) + 30 <= 255


def test_a_chinese_long_name_is_never_cut_inside_a_character() -> None:
    prefix = temp_prefix("设计" * 60 + ".cluster")
    assert prefix.encode("utf-8").decode("utf-8") == prefix and len(prefix.encode()) <= 255 - 30


def test_temporaries_of_a_killed_save_are_removed_at_once_those_of_a_live_one_are_kept(tmp_path: Path) -> None:
    target = tmp_path / "d.cluster"
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True,
                          check=True).stdout.strip()
    left = tmp_path / f"{temp_prefix(target.name)}{dead}-0123456789ab.tmp"
    left_bak = tmp_path / f"{temp_prefix(target.name + '.bak')}{dead}-0123456789ab.tmp"
    mine = tmp_path / f"{temp_prefix(target.name)}{os.getpid()}-ba9876543210.tmp"
    for path in (left, left_bak, mine):
        path.write_text("half a file", encoding="utf-8")
    remove_stale_temps(target)
    assert not left.exists() and not left_bak.exists() and mine.exists()
