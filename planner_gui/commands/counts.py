"""Counts with their nouns for the CLI's sentences: "1 rack", "2 racks" (Chinese: "1 个机柜" either way).

Each noun is one pair of translated literals (so lupdate extracts both) given to
:func:`planner_gui.present.counted`; a sentence holds the finished phrases ("{file}: valid ({racks},
{devices}, {links})") instead of writing "{racks} racks", which reads "1 racks".
"""

from __future__ import annotations

from planner_gui.commands.language import translate
from planner_gui.present import counted, plural


def racks(n: int) -> str:
    return counted(n, translate("CLI", "{n} rack"), translate("CLI", "{n} racks"))


def servers(n: int) -> str:
    return counted(n, translate("CLI", "{n} server"), translate("CLI", "{n} servers"))


def devices(n: int) -> str:
    return counted(n, translate("CLI", "{n} device"), translate("CLI", "{n} devices"))


def links(n: int) -> str:
    return counted(n, translate("CLI", "{n} link"), translate("CLI", "{n} links"))


def gpus(n: int) -> str:
    return counted(n, translate("CLI", "{n} GPU"), translate("CLI", "{n} GPUs"))


def nodes(n: int) -> str:
    return counted(n, translate("CLI", "{n} node"), translate("CLI", "{n} nodes"))


def cables(n: int) -> str:
    return counted(n, translate("CLI", "{n} cable"), translate("CLI", "{n} cables"))


def lines(n: int) -> str:
    return counted(n, translate("CLI", "{n} line"), translate("CLI", "{n} lines"))


def items(n: int) -> str:
    return counted(n, translate("CLI", "{n} item"), translate("CLI", "{n} items"))


def switch_tiers(n: int) -> str:
    return counted(n, translate("CLI", "{n} switch tier"), translate("CLI", "{n} switch tiers"))


def fabric_switches(n: int) -> str:
    return counted(n, translate("CLI", "{n} fabric switch"), translate("CLI", "{n} fabric switches"))


def fabric_links(n: int) -> str:
    return counted(n, translate("CLI", "{n} fabric link"), translate("CLI", "{n} fabric links"))


def switch_hops(n: int) -> str:
    return counted(n, translate("CLI", "{n} switch hop"), translate("CLI", "{n} switch hops"))


def single_point_switches(n: int) -> str:
    return counted(n, translate("CLI", "{n} single-point switch"), translate("CLI", "{n} single-point switches"))


def single_point_links(n: int) -> str:
    return counted(n, translate("CLI", "{n} single-point link"), translate("CLI", "{n} single-point links"))


def sizes(n: int) -> str:
    return counted(n, translate("CLI", "{n} size"), translate("CLI", "{n} sizes"))


def values(n: int) -> str:
    return counted(n, translate("CLI", "{n} value"), translate("CLI", "{n} values"))


def nics(n: int, gbps: float, technology: str) -> str:
    """ "1 x 400 Gb/s infiniband NIC", "8 x 400 Gb/s infiniband NICs"."""
    return plural(n, translate("CLI", "{count} x {gbps:g} Gb/s {technology} NIC"),
                  translate("CLI", "{count} x {gbps:g} Gb/s {technology} NICs")).format(
        count=n, gbps=gbps, technology=technology)


def kinds_differ(n: int) -> str:
    return counted(n, translate("CLI", "{n} kind differs"), translate("CLI", "{n} kinds differ"))
