"""Extract the UI's strings into the .ts source and compile it to the shipped .qm.

Run: .venv/bin/python scripts/update_translations.py            # lupdate + lrelease
     .venv/bin/python scripts/update_translations.py --check    # exit 1 if the .ts misses a source string
     .venv/bin/python scripts/update_translations.py --fill zh.json ...   # also fill translations

A ``--fill`` file is a JSON list of ``{"context": ..., "source": ..., "translation": ...}``: a
translator's batch for new strings, written beside the code that adds them; entries whose source the
code no longer has are reported and skipped.

Uses ``pyside6-lupdate`` (it reads ``self.tr("…")``, ``QCoreApplication.translate("Context", "…")``
and ``QT_TRANSLATE_NOOP("Context", "…")`` in Python; the pure layers' own marker of that name,
planner_gui/model/messages.py, is found the same way) and ``pyside6-lrelease``, both shipped in the
PySide6-Essentials wheel. Existing translations are kept; new strings arrive "unfinished" for a
translator to fill in (tests/test_i18n.py fails until they are).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCES = [ROOT / "planner_gui" / name for name in
           ("ui", "i18n", "preferences", "model", "io", "engine", "templates", "document", "commands", "catalog",
            "report/render", "report/content/branding.py", "cli.py", "app.py")]
# report/render and branding.py: the PDF writer's own refusals (report/content has its own tables of strings)
TS_DIR = ROOT / "planner_gui" / "resources" / "i18n"
LANGUAGES = ("zh_CN",)


def tool(name: str) -> str:
    """A Qt tool next to this Python (the venv's bin), else on PATH; FileNotFoundError says how to get it."""
    beside = Path(sys.executable).with_name(name)
    found = str(beside) if beside.exists() else shutil.which(name)
    if not found:
        raise FileNotFoundError(f"{name} not found next to {sys.executable} or on PATH; "
                                "install the PySide6-Essentials wheel (pip install -e .)")
    return found


def source_files() -> list[Path]:
    files = [p for source in SOURCES if source.is_dir() for p in source.rglob("*.py")]
    return sorted([*files, *(p for p in SOURCES if p.is_file())])


def lupdate(ts_file: Path, extra: list[str] | None = None) -> None:
    """Update ``ts_file`` from the sources; -no-obsolete drops strings the code no longer has."""
    args = [tool("pyside6-lupdate"), *map(str, source_files()), "-no-obsolete", "-locations", "none",
            *(extra or []), "-ts", str(ts_file)]
    subprocess.run(args, check=True, capture_output=True, text=True)


def lrelease(ts_file: Path, qm_file: Path) -> None:
    subprocess.run([tool("pyside6-lrelease"), str(ts_file), "-qm", str(qm_file)], check=True,
                   capture_output=True, text=True)


def missing_sources(ts_file: Path) -> set[tuple[str, str]]:
    """(context, source) pairs the code has but ``ts_file`` lacks: lupdate into a copy and compare."""
    from xml.etree import ElementTree

    def pairs(path: Path) -> set[tuple[str, str]]:
        tree = ElementTree.parse(path)
        return {(c.findtext("name") or "", m.findtext("source") or "")
                for c in tree.getroot().iter("context") for m in c.iter("message")}

    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / ts_file.name
        shutil.copy(ts_file, copy)
        lupdate(copy)
        return pairs(copy) - pairs(ts_file)


def fill(ts_file: Path, batches: list[Path]) -> list[str]:
    """Write the batches' translations into ``ts_file``; returns what could not be placed."""
    import json
    from xml.etree import ElementTree

    wanted: dict[tuple[str, str], str] = {}
    for batch in batches:
        for entry in json.loads(batch.read_text(encoding="utf-8")):
            wanted[(entry["context"], entry["source"])] = entry["translation"]
    tree = ElementTree.parse(ts_file)
    for context in tree.getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            translation = wanted.pop((name, message.findtext("source") or ""), None)
            element = message.find("translation")
            if translation is not None and element is not None:
                element.text = translation
                element.attrib.pop("type", None)
    tree.write(ts_file, encoding="utf-8", xml_declaration=True)
    return [f"not in the code: {context}: {source!r}" for context, source in wanted]


@contextmanager
def locked(path: Path) -> Iterator[None]:
    """One update at a time: two translators filling at once would each drop the other's strings."""
    import fcntl

    with open(path.with_suffix(".lock"), "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report strings missing from the .ts")
    parser.add_argument("--fill", type=Path, nargs="+", default=[], help="JSON batches of translations")
    args = parser.parse_args(argv)
    status = 0
    for language in LANGUAGES:
        ts_file = TS_DIR / f"cluster_planner_{language}.ts"
        if args.check:
            missing = missing_sources(ts_file)
            for context, source in sorted(missing):
                print(f"{ts_file.name}: missing {context}: {source!r}")
            status |= bool(missing)
            continue
        with locked(ts_file):
            lupdate(ts_file, ["-target-language", language])
            for problem in fill(ts_file, args.fill) if args.fill else []:
                print(f"{ts_file.name}: {problem}")
            lupdate(ts_file, ["-target-language", language])  # back to lupdate's own layout
            lrelease(ts_file, ts_file.with_suffix(".qm"))
        print(ts_file, ts_file.with_suffix(".qm"))
    return status


if __name__ == "__main__":
    sys.exit(main())
