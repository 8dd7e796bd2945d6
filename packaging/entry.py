"""PyInstaller entry point: the same as the installed ``cluster-planner`` command."""

import sys

from planner_gui.cli import main

if __name__ == "__main__":
    sys.exit(main())
