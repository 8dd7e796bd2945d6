"""``cluster-planner report FILE -o OUT.pdf [--lang en|zh] [--paper a4|letter]``: the PDF proposal.

Without ``--lang`` the proposal is in the command line's language (``cluster-planner --lang zh_CN
report ...``, the preference or the locale; commands/language.py).

Runs without a display: Qt starts on its offscreen platform when no DISPLAY is set. Qt is imported
only when this command runs, so the other commands stay headless and fast. A missing Chinese font
is said once, as a warning on stderr; the PDF is still written (in English).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from planner_gui.catalog import Catalog
from planner_gui.commands.common import catalog_for_cli, load_for_cli
from planner_gui.commands.language import report_language, text, translate
from planner_gui.model import Design

LANGUAGES = ("en", "zh")  # report/content/i18n.py LANGUAGES (not imported: keep --help free of the engine)
PAPERS = ("a4", "letter")  # report/render/page.py PAPERS


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("report", help=translate("CLI", "write the design's PDF proposal (headless)"))
    parser.add_argument("file", help=translate("CLI", "the .cluster file"))
    parser.add_argument("-o", "--output", required=True, help=translate("CLI", "the PDF file to write"))
    parser.add_argument("--lang", choices=LANGUAGES, default=None,
                        help=translate("CLI", "language of the proposal (default: the command line's, en or zh)"))
    parser.add_argument("--paper", choices=PAPERS, default="a4", help=translate("CLI", "paper size (default a4)"))
    parser.add_argument("--doc-number", metavar="NUMBER", default=None,
                        help=translate("CLI", "the document number on the cover and footers (default: Preferences)"))
    parser.add_argument("--revision", metavar="REV", default=None,
                        help=translate("CLI", "the document revision, e.g. B (default: Preferences)"))
    parser.add_argument("--compare", metavar="OTHER.cluster",
                        help=translate("CLI", "add a comparison with another design (OTHER.cluster@VARIANT, or "
                                              "@VARIANT for another variant of FILE)"))
    parser.add_argument("--accept", metavar="RESULTS.txt",
                        help=translate("CLI", "add an acceptance section from nccl-tests output measured on the "
                                              "delivered cluster"))
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    output = Path(args.output)
    if output.suffix.lower() != ".pdf":
        raise ValueError(translate("CLI", "output {output!r} must end in .pdf (e.g. -o proposal.pdf)").format(
            output=args.output))
    if output.is_dir():
        raise ValueError(translate("CLI", "output {output!r} is a folder; give a file name such as {example}").format(
            output=args.output, example=output / "proposal.pdf"))
    if not output.parent.is_dir():  # said before the analysis runs (report/render/pdf.py checks again)
        raise ValueError(translate("CLI", "cannot write {path}: the folder {folder} does not exist; create it or pick "
                                          "another output path").format(path=output, folder=output.parent))
    catalog = catalog_for_cli()
    design = load_for_cli(args.file, catalog).design
    comparison, acceptance = _optional_sections(args, design, catalog)
    from planner_gui.preferences import load_preferences
    from planner_gui.report.content.branding import branding_from
    from planner_gui.report.render import export_pdf  # Qt is loaded only for this command

    language = args.lang or report_language()  # an explicit --lang wins; else the CLI's own language
    branding = branding_from(load_preferences().preferences, args.doc_number, args.revision)  # logo checked here
    result = export_pdf(design, catalog, output, language, args.paper, comparison=comparison, acceptance=acceptance,
                        branding=branding)
    for warning in result.warnings:
        print(translate("CLI", "cluster-planner: warning: {warning}").format(warning=text(warning)), file=sys.stderr)
    print(translate("CLI", "{file}: {pages} pages ({language}, {paper})").format(
        file=output, pages=result.pages, language=result.lang, paper=args.paper))
    return 0


def _optional_sections(args: argparse.Namespace, design: Design, catalog: Catalog) -> tuple[object, object]:
    """The comparison and acceptance sections asked for with --compare / --accept (None when not asked)."""
    comparison = acceptance = None
    if args.compare:
        from planner_gui.commands.common import split_variant
        from planner_gui.engine import compare_designs, variant_label

        other_spec = split_variant(args.file)[0] + args.compare if args.compare.startswith("@") else args.compare
        other = load_for_cli(other_spec, catalog).design
        names = (variant_label(design, split_variant(args.file)[1]), variant_label(other, split_variant(other_spec)[1]))
        comparison = compare_designs(design, other, catalog, names=names)
    if args.accept:
        from planner_gui.commands.accept_cmd import read_results
        from planner_gui.engine import check_acceptance, named_test, parse_nccl_tests

        results = parse_nccl_tests(read_results(args.accept), named_test(Path(args.accept).name))
        acceptance = check_acceptance(design, catalog, results)
    return comparison, acceptance
