"""What the model needs to know about hardware, without depending on the catalog package.

The catalog implements :class:`HardwareSpecs`; the model asks it for a device's height and
ports so that it can enforce its invariants. Unknown catalog ids get :data:`UNKNOWN_SPEC`, so a
design that names hardware this installation does not know still loads and saves unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Protocol


class DeviceKind(StrEnum):
    GPU_SERVER = "gpu_server"
    SWITCH = "switch"
    STORAGE = "storage"
    PDU = "pdu"
    PATCH_PANEL = "patch_panel"
    BLANK = "blank"
    UNKNOWN = "unknown"


class PortRole(StrEnum):
    COMPUTE = "compute"  # GPU fabric NIC on a server
    STORAGE = "storage"  # storage / front-end NIC on a server
    MANAGEMENT = "management"  # BMC / management Ethernet
    SWITCH = "switch"  # a port on a switch


@dataclass(frozen=True, slots=True)
class PortSpec:
    name: str
    role: PortRole
    speed_gbps: float
    technology: str  # "infiniband", "ethernet"
    form_factor: str  # "OSFP", "QSFP56", "RJ45", ...


@dataclass(frozen=True)
class DeviceSpec:
    catalog_id: str
    kind: DeviceKind
    height_u: int
    ports: tuple[PortSpec, ...]
    _by_name: dict[str, PortSpec] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Links are checked port by port; a 100k-link design must not scan port lists.
        object.__setattr__(self, "_by_name", {p.name: p for p in self.ports})

    def port(self, name: str) -> PortSpec | None:
        return self._by_name.get(name)


UNKNOWN_SPEC_HEIGHT_U = 1


def unknown_spec(catalog_id: str) -> DeviceSpec:
    """Placeholder for an id the catalog does not know: 1 U, no known ports."""
    return DeviceSpec(catalog_id, DeviceKind.UNKNOWN, UNKNOWN_SPEC_HEIGHT_U, ())


class HardwareSpecs(Protocol):
    """Answers the model's questions about hardware (implemented by the catalog)."""

    def device_spec(self, catalog_id: str, nic_id: str | None = None, nic_count: int | None = None,
                    ) -> DeviceSpec:
        """Height and ports of a device; an unknown id gives :func:`unknown_spec`."""
        ...

    def knows(self, catalog_id: str) -> bool: ...

    def knows_nic(self, nic_id: str) -> bool:
        """True when ``nic_id`` names a NIC this installation knows (a server then uses it, not its default)."""
        ...
