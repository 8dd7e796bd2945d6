"""``cluster-planner gui [FILE]`` (and no command at all): open the desktop app."""

from __future__ import annotations

import argparse

from planner_gui.commands.language import translate


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("gui", help=translate("CLI", "open the desktop app (the default command)"))
    parser.add_argument("file", nargs="?",
                        help=translate("CLI", "a .cluster file (default: the bundled default design)"))
    parser.add_argument("--quit-after-ms", type=int, default=None, help=argparse.SUPPRESS)
    parser.set_defaults(handler=lambda args: run_gui(args.file, args.quit_after_ms))


def run_gui(path: str | None, quit_after_ms: int | None = None) -> int:
    from planner_gui.app import run_app  # Qt is imported only when the GUI is asked for

    return run_app(path, quit_after_ms)
