"""Shell commands folded to the width of a code block so that they still run when pasted.

A long command is broken only between words, each broken line ends in `` \\`` (the shell's line
continuation) and the next is indented; an option keeps its value on its line (``-x NCCL_NET=IB``,
``-b 8``) and a path or quoted string is never split. A comment continues as a comment. A single
word longer than the line (a very long path) is left whole: the layout then breaks it, which is
rarer than any real command.
"""

from __future__ import annotations

CONTINUATION = " \\"
INDENT = "  "


def fold_commands(text: str, columns: int) -> str:
    """``text`` (one command or comment per line) with every line longer than ``columns`` folded."""
    return "\n".join(_fold(line, columns) for line in text.split("\n"))


def _fold(line: str, columns: int) -> str:
    if len(line) <= columns or not line.strip():
        return line
    lead = line[: len(line) - len(line.lstrip())]
    if line.lstrip().startswith("#"):
        return _fold_words(line.lstrip()[1:].split(), columns, lead + "# ", lead + "# ", "")
    return _fold_words(_units(_words(line.strip())), columns, lead, lead + INDENT, CONTINUATION)


def _fold_words(words: list[str], columns: int, first: str, rest: str, ending: str) -> str:
    lines: list[str] = []
    prefix, current = first, []
    for word in words:
        if current and len(prefix) + len(" ".join([*current, word])) + len(ending) > columns:
            lines.append(prefix + " ".join(current) + ending)
            prefix, current = rest, []
        current.append(word)
    lines.append(prefix + " ".join(current))
    return "\n".join(lines)


def _words(command: str) -> list[str]:
    """Split at spaces outside quotes (a quoted argument stays one word)."""
    words, current, quote = [], "", ""
    for char in command:
        if quote:
            quote = "" if char == quote else quote
            current += char
        elif char in "'\"":
            quote, current = char, current + char
        elif char == " ":
            if current:
                words.append(current)
            current = ""
        else:
            current += char
    if current:
        words.append(current)
    return words


def _units(words: list[str]) -> list[str]:
    """An option and its value as one unit: ``-x NCCL_NET=IB``, ``--hostfile hosts.txt``."""
    units: list[str] = []
    index = 0
    while index < len(words):
        word = words[index]
        following = words[index + 1] if index + 1 < len(words) else ""
        if word.startswith("-") and following and not following.startswith(("-", "./", "/")):
            units.append(f"{word} {following}")
            index += 2
        else:
            units.append(word)
            index += 1
    return units
