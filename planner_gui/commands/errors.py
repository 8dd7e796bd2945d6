"""The CLI's error for bad input, raised by the commands and caught by ``cli.py``, the error boundary.

It lives here, below both, so that the commands need not import ``cli.py`` (which imports them).
"""

from __future__ import annotations


class CliError(Exception):
    """Bad input: the message is printed as one line and the exit code is 1."""
