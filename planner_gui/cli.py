"""The headless command line: ``cluster-planner COMMAND ...``.

Every command reports bad input as one readable line on stderr and exits 1; nothing prints a
traceback. With no command, the GUI opens on the bundled default design.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

from planner_gui import __version__

EXIT_OK, EXIT_BAD_INPUT, EXIT_INTERNAL = 0, 1, 2
VARIANT_COMMANDS = ("validate", "analyze", "report", "accept", "sweep")  # commands on one FILE: --variant NAME


class CliError(Exception):
    """Bad input: the message is printed as one line and the exit code is 1."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise CliError(f"{message} (see '{self.prog} --help')")


def build_parser() -> argparse.ArgumentParser:
    from planner_gui.commands import register_all

    parser = _Parser(prog="cluster-planner", description="Design GPU training clusters.")
    parser.add_argument("--version", action="version", version=f"cluster-planner {__version__}")
    commands = parser.add_subparsers(dest="command", parser_class=_Parser, metavar="COMMAND")
    register_all(commands)
    from planner_gui.commands.common import add_variant_option

    for name in VARIANT_COMMANDS:
        add_variant_option(commands.choices[name])
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
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
        return _fail("interrupted", 130)
    except Exception as error:  # the last line of defence: still one line, never a traceback
        return _fail(f"internal error: {type(error).__name__}: {_one_line(error)} (please report this)", EXIT_INTERNAL)


def _one_line(error: BaseException) -> str:
    text = error.args[0] if isinstance(error, KeyError) and error.args else str(error)
    return " ".join(str(text).split())[:2000] or type(error).__name__


def _fail(message: str, code: int) -> int:
    print(f"cluster-planner: error: {message}", file=sys.stderr)
    return code


if __name__ == "__main__":
    sys.exit(main())
