"""Review of the internationalisation work (reviewer R2): each test pins one problem found, and fails
until it is fixed.

1. A Text built by nesting one Text per list item (templates/generator.py ``_listed``) recurses once
   per item when rendered, copied or pickled: a user catalog with a few hundred fabric NICs makes the
   generator's refusal raise RecursionError in every language (a traceback from ``new``, an "internal
   error" from ``sweep``, a crash in the New Design dialog).
2. The Chinese command line (chosen in the desktop app's Preferences) on an output stream that cannot
   carry Chinese (a redirected Windows console in a Western code page; PYTHONIOENCODING=ascii) fails
   every command with exit 1, even ``validate`` of a valid file.
3. Sentences the zh CLI still prints in English (engine refusals that are not Texts, an OSError's
   strerror, the PDF writer's folder check).
4. English behaviour change: the template checks now report a later problem first.
"""

from __future__ import annotations

import copy
import json
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from planner_gui.catalog import bundled_catalog, load_catalog
from planner_gui.cli import main
from planner_gui.examples import default_example_path
from planner_gui.model.messages import english, error_text, render
from planner_gui.templates import TemplateError, TemplateSpec, generate_design
from planner_gui.templates.spec import resolve

EXAMPLE = str(default_example_path())
ROOT = Path(__file__).resolve().parents[1]
MANY_FABRICS = 400  # catalog NICs whose switch reaches the job in three tiers; ~330 already overflow the stack
NODES_BEYOND_NDR = 8_200  # 65,600 NICs: more than three tiers of the default NDR switch (64 ports) reach


def _many_fabric_catalog(path: Path) -> Path:
    """A user catalog of MANY_FABRICS copies of the XDR NIC (each a fabric the refusal then names)."""
    xdr = bundled_catalog().get("ib-xdr-800")
    assert xdr is not None
    entries = [{**xdr.data, "id": f"xdr-copy-{i:03d}", "name": f"XDR copy {i}"} for i in range(MANY_FABRICS)]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"entries": entries}), encoding="utf-8")
    return path


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


# ----- 1. a Text nested once per listed item ------------------------------------------------------
def test_the_fabric_hint_naming_hundreds_of_catalog_fabrics_can_be_rendered_and_copied(tmp_path: Path) -> None:
    catalog = load_catalog(_many_fabric_catalog(tmp_path / "catalog.json"))
    with pytest.raises(TemplateError) as refused:
        generate_design(catalog, TemplateSpec("dgx-h100", NODES_BEYOND_NDR, topology="rail-optimized"))
    message = refused.value.args[0]
    assert "choose a fabric with a larger switch" in message  # the English str itself is built fine
    assert render(message, english) == message  # RecursionError today: render recurses once per item
    assert error_text(refused.value, english) == message
    assert copy.deepcopy(message) == message  # the UI's sweep deep-copies; the same recursion
    assert pickle.loads(pickle.dumps(message)) == message


def test_new_with_a_user_catalog_of_hundreds_of_fabrics_says_one_line_not_a_traceback(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from planner_gui.catalog.loader import default_user_catalog_path

    _many_fabric_catalog(default_user_catalog_path())  # the CLI reads the user catalog (conftest isolates it)
    code, _, err = _run(capsys, "new", "--server", "dgx-h100", "--nodes", str(NODES_BEYOND_NDR),
                        "--topology", "rail-optimized", "-o", str(tmp_path / "x.cluster"))
    assert code == 1
    assert err.count("\n") == 1 and "choose a fabric with a larger switch" in err


def test_sweep_with_a_user_catalog_of_hundreds_of_fabrics_shows_the_refusal_in_its_row(
        capsys: pytest.CaptureFixture[str]) -> None:
    from planner_gui.catalog.loader import default_user_catalog_path

    _many_fabric_catalog(default_user_catalog_path())
    code, out, err = _run(capsys, "sweep", "--param", f"nodes=16,{NODES_BEYOND_NDR}", EXAMPLE)
    assert "RecursionError" not in err  # today: "internal error: RecursionError ... (please report this)", exit 2
    assert code == 0 and "cannot be built" in out


# ----- 2. Chinese on a stream that cannot carry it ---------------------------------------------------
def test_the_chinese_preference_does_not_break_commands_whose_output_cannot_carry_chinese() -> None:
    from planner_gui.preferences.model import preferences_path

    prefs = preferences_path()
    prefs.parent.mkdir(parents=True, exist_ok=True)
    prefs.write_text(json.dumps({"language": "zh_CN"}), encoding="utf-8")  # chosen in the desktop app
    env = {**os.environ, "PYTHONIOENCODING": "ascii", "PYTHONPATH": str(ROOT)}  # e.g. `> log.txt` on cp1252
    done = subprocess.run([sys.executable, "-m", "planner_gui.cli", "validate", EXAMPLE], env=env,
                          capture_output=True, timeout=120)
    # today: exit 1 ("bad input": the file looks invalid to a script) and
    # "cluster-planner: \u9519\u8bef\uff1a'ascii' codec can't encode characters ..." on stderr
    assert done.returncode == 0, done.stderr.decode("ascii", "replace")
    assert done.stdout.strip()


# ----- 3. English left in the Chinese command line ------------------------------------------------------
@pytest.mark.parametrize(("args", "english_words"), [
    (("predict", "--gpu", "h100-sxm5-80gb", "--gpus-per-node", "8", "--nodes", "4", "--op", "alltoall",
      "--algo", "nvls"), "runs point-to-point in NCCL"),  # engine/collectives/model.py ValueError(f"...")
    (("accept", "--test", "bogus", EXAMPLE, str(ROOT / "tests/data/nccl/all_reduce_perf_1x8_h100.txt")),
     "unknown nccl-tests test"),  # engine/acceptance/nccl_results.py ValueError(f"...")
    (("accept", EXAMPLE, "no-such-results.txt"), "No such file or directory"),  # accept_cmd: OSError strerror
])
def test_the_chinese_cli_says_its_refusals_in_chinese(capsys: pytest.CaptureFixture[str], args: tuple[str, ...],
                                                      english_words: str) -> None:
    code, _, err = _run(capsys, "--lang", "zh_CN", *args)
    assert code == 1 and err.startswith("cluster-planner: 错误：")
    assert english_words not in err


def test_the_chinese_report_command_names_a_missing_output_folder_in_chinese(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "no-such-folder" / "proposal.pdf"
    code, _, err = _run(capsys, "--lang", "zh_CN", "report", EXAMPLE, "-o", str(target))
    assert code == 1
    assert "cannot write" not in err and "does not exist" not in err  # report/render/pdf.py's English


# ----- 4. English behaviour: which template problem is reported first -----------------------------------
def test_template_checks_report_the_same_first_problem_as_before() -> None:
    """Before this session resolve() said the NIC count before the topology/cooling/ratio/budget numbers,
    and a server too power-hungry for the rack before a bad --cooling-kw; _check_numbers now runs first."""
    catalog = bundled_catalog()
    with pytest.raises(TemplateError, match=r"^--nics-per-node 99"):
        resolve(TemplateSpec("dgx-h100", 4, nics_per_node=99, oversubscription=0), catalog)
    with pytest.raises(TemplateError, match=r"^one 'dgx-h100' draws up to"):
        resolve(TemplateSpec("dgx-h100", 4, rack_kw=1, cooling_kw=0), catalog)
