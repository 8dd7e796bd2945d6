"""``cluster-planner report FILE -o OUT.pdf [--lang en|zh] [--paper a4|letter]``: the PDF proposal.

Runs without a display: Qt starts on its offscreen platform when no DISPLAY is set. Qt is imported
only when this command runs, so the other commands stay headless and fast. A missing Chinese font
is said once, as a warning on stderr; the PDF is still written (in English).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from planner_gui.commands.common import catalog_for_cli, load_for_cli

LANGUAGES = ("en", "zh")  # report/content/i18n.py LANGUAGES (not imported: keep --help free of the engine)
PAPERS = ("a4", "letter")  # report/render/page.py PAPERS


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("report", help="write the design's PDF proposal (headless)")
    parser.add_argument("file", help="the .cluster file")
    parser.add_argument("-o", "--output", required=True, help="the PDF file to write")
    parser.add_argument(
        "--lang", choices=LANGUAGES, default="en", help="language of the proposal (default en)"
    )
    parser.add_argument("--paper", choices=PAPERS, default="a4", help="paper size (default a4)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    output = Path(args.output)
    if output.suffix.lower() != ".pdf":
        raise ValueError(f"output {args.output!r} must end in .pdf (e.g. -o proposal.pdf)")
    if output.is_dir():
        raise ValueError(
            f"output {args.output!r} is a folder; give a file name such as {output / 'proposal.pdf'}"
        )
    catalog = catalog_for_cli()
    design = load_for_cli(args.file, catalog).design
    from planner_gui.report.render import export_pdf  # Qt is loaded only for this command

    result = export_pdf(design, catalog, output, args.lang, args.paper)
    for warning in result.warnings:
        print(f"cluster-planner: warning: {warning}", file=sys.stderr)
    print(f"{output}: {result.pages} pages ({result.lang}, {args.paper})")
    return 0
