"""A tiny hardware table for model tests that must not depend on the bundled catalog's figures."""

from __future__ import annotations

from typing import ClassVar

from planner_gui.model import DeviceKind, DeviceSpec, PortRole, PortSpec
from planner_gui.model.specs import unknown_spec


def _ports(prefix: str, count: int, role: PortRole, speed: float, tech: str = "infiniband") -> tuple[PortSpec, ...]:
    return tuple(PortSpec(f"{prefix}{i}", role, speed, tech, "OSFP") for i in range(count))


class FakeSpecs:
    """server-4u: 4 U, 2 compute ports at 400G; switch-1u: 1 U, 4 ports at 400G; switch-200: 4 at 200G;
    eth-switch: 1 U, 4 Ethernet ports at 100G."""

    SPECS: ClassVar[dict[str, DeviceSpec]] = {
        "server-4u": DeviceSpec("server-4u", DeviceKind.GPU_SERVER, 4, _ports("cx", 2, PortRole.COMPUTE, 400)),
        "switch-1u": DeviceSpec("switch-1u", DeviceKind.SWITCH, 1, _ports("p", 4, PortRole.SWITCH, 400)),
        "switch-200": DeviceSpec("switch-200", DeviceKind.SWITCH, 1, _ports("p", 4, PortRole.SWITCH, 200)),
        "eth-switch": DeviceSpec("eth-switch", DeviceKind.SWITCH, 1,
                                 _ports("e", 4, PortRole.SWITCH, 100, "ethernet")),
    }

    def device_spec(self, catalog_id: str, nic_id: str | None = None, nic_count: int | None = None) -> DeviceSpec:
        return self.SPECS.get(catalog_id) or unknown_spec(catalog_id)

    def knows(self, catalog_id: str) -> bool:
        return catalog_id in self.SPECS

    def knows_nic(self, nic_id: str) -> bool:
        return True  # the fake's servers take any NIC id
