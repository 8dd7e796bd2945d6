"""The headless command line: ``cluster-planner [--lang L] COMMAND ...``.

Every command reports bad input as one readable line on stderr and exits 1; nothing prints a
traceback. With no command, the GUI opens on the bundled default design. What the commands print
for a reader is in the CLI's language (commands/language.py: ``--lang``, the preference, the
locale); ``--json`` output is always English, for scripts.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from planner_gui import __version__
from planner_gui.commands.errors import CliError
from planner_gui.commands.language import (
    CHOICES,
    choose_language,
    error_message,
    format_words,
    option_value,
    translate,
    use_language,
    writable_language,
)

EXIT_OK, EXIT_BAD_INPUT, EXIT_INTERNAL = 0, 1, 2
VARIANT_COMMANDS = ("validate", "analyze", "report", "accept", "sweep")  # commands on one FILE: --variant NAME


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        from planner_gui.commands.parser_language import HelpFormatter

        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        raise CliError(translate("CLI", "{message} (see '{prog} --help')").format(message=message, prog=self.prog))


def build_parser() -> argparse.ArgumentParser:
    from planner_gui.commands import register_all

    parser = _Parser(prog="cluster-planner", description=translate("CLI", "Design GPU training clusters."))
    parser.add_argument("--version", action="version", version=f"cluster-planner {__version__}",
                        help=translate("CLI", "show program's version number and exit"))
    parser.add_argument("--lang", dest="cli_lang", choices=CHOICES, metavar="LANG",
                        help=translate("CLI", "language of the output: system, en or zh_CN (default: the desktop "
                                              "app's preference, else the locale: LC_ALL, LC_MESSAGES, LANG); "
                                              "--json is always English"))
    commands = parser.add_subparsers(dest="command", parser_class=_Parser, metavar="COMMAND")
    register_all(commands)
    from planner_gui.commands.common import add_variant_option

    for name in VARIANT_COMMANDS:
        add_variant_option(commands.choices[name])
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    # the present layer's words ("12.3 days", "never") follow the command's language in every command
    with use_language(writable_language(choose_language(option_value(args_list)))), format_words():
        return _run(args_list)


def _run(args_list: list[str]) -> int:
    try:
        from planner_gui.commands.parser_language import argparse_words

        with argparse_words():
            parser = build_parser()
            args = parser.parse_args(args_list)
        from planner_gui.commands.common import apply_variant_option

        apply_variant_option(args)
        if args.command is None:
            from planner_gui.commands.gui import run_gui

            return run_gui(None)
        return int(args.handler(args) or EXIT_OK)
    except CliError as error:
        return _fail(str(error), EXIT_BAD_INPUT)
    except BrokenPipeError:  # the reader went away (e.g. `| head`): nothing left to say
        return EXIT_OK
    except (ValueError, KeyError, OSError) as error:
        return _fail(_one_line(error), EXIT_BAD_INPUT)
    except KeyboardInterrupt:
        return _fail(translate("CLI", "interrupted"), 130)
    except Exception as error:  # the last line of defence: still one line, never a traceback
        return _fail(translate("CLI", "internal error: {kind}: {message} (please report this)").format(
            kind=type(error).__name__, message=_one_line(error)), EXIT_INTERNAL)


def _one_line(error: BaseException) -> str:
    return " ".join(error_message(error).split())[:2000] or type(error).__name__


def _fail(message: str, code: int) -> int:
    print(translate("CLI", "cluster-planner: error: {message}").format(message=message), file=sys.stderr)
    return code


if __name__ == "__main__":  # python -m planner_gui.cli
    sys.exit(main())
