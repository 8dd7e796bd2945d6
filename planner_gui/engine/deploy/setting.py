"""One NCCL setting (value, reason, how to verify it) and the settings every platform shares. No Qt."""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from typing import Any

from planner_gui.engine.deploy.platform import Platform


@dataclass(frozen=True, slots=True)
class NcclSetting:
    name: str
    value: str  # "" means leave unset (NCCL's default is right here) or, with ``ask``, find it on site
    reason: str
    verify: str = ""  # how to see that it took effect (the NCCL_DEBUG=INFO line to look for)
    ask: str = ""  # a site-specific value the catalog cannot know: what to put there, and how to find it
    key: str = ""  # which reason this is (its translation), when one variable has several
    params: tuple[tuple[str, Any], ...] = ()  # the figures of the reason and check, for its translation

    @property
    def is_set(self) -> bool:
        return self.value != ""

    @property
    def is_site(self) -> bool:
        """Set on site: the engineer finds the value (``ask``) and exports it before the tests."""
        return not self.is_set and self.ask != ""

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "value": self.value, "reason": self.reason, "verify": self.verify,
                "ask": self.ask}


def shell_exports(settings: tuple[NcclSetting, ...]) -> str:
    """``export`` lines for the settings to set; site-specific ones commented with what to fill in; a
    comment for the ones to leave alone. Values are shell-quoted ("AWS Libfabric")."""
    return "\n".join(export_line(s, "# {name}: leave unset") for s in settings) + "\n"


def export_line(setting: NcclSetting, unset: str) -> str:
    if setting.is_set:
        return f"export {setting.name}={shlex.quote(setting.value)}"
    if setting.is_site:
        return f"# export {setting.name}={setting.ask}"
    return unset.format(name=setting.name)


def socket_ifname(value: str = "", why: str = "", vm: str = "", nics: str = "") -> NcclSetting:
    """NCCL_SOCKET_IFNAME: the interface of bootstrap and out-of-band connections."""
    verify = "NCCL_DEBUG=INFO prints 'Bootstrap : Using <interface>:<address>' naming this interface."
    if value:
        return NcclSetting("NCCL_SOCKET_IFNAME", value, why, verify, key="socket.known",
                           params=(("vm", vm), ("nics", nics)))
    return NcclSetting("NCCL_SOCKET_IFNAME", "", "NCCL's bootstrap and out-of-band connections use TCP on this "
                       "interface. Left to itself NCCL may pick a docker bridge or a link other hosts cannot "
                       "reach, and the job hangs at start. Use the in-band management interface, the one holding "
                       "the address the hostfile names ('ip -br addr').", verify,
                       ask="<in-band management interface, from ip -br addr>",
                       key="socket.ask")


def debug_setting(platform: Platform | None) -> NcclSetting:
    network = platform.network_name if platform is not None else "IB"
    return NcclSetting("NCCL_DEBUG", "INFO", "For the first runs and the acceptance tests: the log shows the "
                       "network, the NICs used, the rings and trees and whether GPUDirect RDMA is on. Set WARN "
                       "afterwards.", f"The log holds 'NCCL INFO' lines, among them 'Using network {network}'.",
                       key="debug.info", params=(("network", network),))
