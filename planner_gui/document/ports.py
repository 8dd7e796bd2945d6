"""Choosing the ports for a link drawn between two devices, and the cable it needs. No Qt.

A user drags from one device to another; the planner picks the pair of free ports a cabling
engineer would: same technology, the same speed if possible (a speed step wastes the faster port),
fabric ports before storage ports before management ports, and the lowest-numbered free port of each
kind (rail order). The cable's length and medium come from the template generator's rules, so a
hand-drawn link is costed like a generated one.
"""

from __future__ import annotations

from planner_gui.catalog import Catalog
from planner_gui.document.naming import fresh_id
from planner_gui.model import Design, DesignError, DeviceKind, Link, Medium, PortRole, PortSpec
from planner_gui.model.ids import port_ref
from planner_gui.model.messages import QT_TRANSLATE_NOOP
from planner_gui.templates.racks import MediumChooser, cable_length_m

# Which kinds of port a drawn link prefers: the GPU fabric first, management last.
ROLE_RANK = {PortRole.COMPUTE: 0, PortRole.SWITCH: 0, PortRole.STORAGE: 1, PortRole.MANAGEMENT: 2}
PortGroup = tuple[PortRole, str, float]  # (role, technology, speed): ports that are interchangeable


def choose_ports(design: Design, catalog: Catalog, device_a: str, device_b: str) -> tuple[str, str]:
    """Port references ``(a/port, b/port)`` for a new link, or a DesignError saying why there is none."""
    where = QT_TRANSLATE_NOOP("Document", "link {a} - {b}").fill(a=device_a, b=device_b)
    if device_a == device_b:
        raise DesignError(QT_TRANSLATE_NOOP(
            "Document", "a link joins two different devices; drag to another device").fill(), where)
    free_a = _first_free_by_group(design, catalog, device_a, where)
    free_b = _first_free_by_group(design, catalog, device_b, where)
    pairs = [(ga, gb) for ga in free_a for gb in free_b if ga[1] == gb[1]]
    if not pairs:
        techs_a = sorted({g[1] for g in free_a})
        techs_b = sorted({g[1] for g in free_b})
        raise DesignError(QT_TRANSLATE_NOOP(
            "Document", "no free port of {a} ({techs_a}) matches a free port of {b} ({techs_b}); a link needs the "
                        "same technology at both ends").fill(
            a=device_a, techs_a=", ".join(techs_a), b=device_b, techs_b=", ".join(techs_b)), where)
    best_a, best_b = min(pairs, key=_pair_rank)
    return port_ref(device_a, free_a[best_a].name), port_ref(device_b, free_b[best_b].name)


def _first_free_by_group(design: Design, catalog: Catalog, device_id: str,
                         where: str) -> dict[PortGroup, PortSpec]:
    spec = design.spec_of(device_id, catalog)
    if spec.kind is DeviceKind.UNKNOWN:
        raise DesignError(QT_TRANSLATE_NOOP(
            "Document", "{device} is hardware the catalog does not know ({catalog}), so its ports are unknown; link "
                        "it port by port instead").fill(device=device_id, catalog=spec.catalog_id), where)
    if not spec.ports:
        raise DesignError(QT_TRANSLATE_NOOP("Document", "{device} ({catalog}) has no network ports").fill(
            device=device_id, catalog=spec.catalog_id), where)
    groups: dict[PortGroup, PortSpec] = {}
    for port in design.free_ports(device_id, catalog):
        groups.setdefault((port.role, port.technology, port.speed_gbps), port)
    if not groups:
        if len(spec.ports) == 1:
            raise DesignError(QT_TRANSLATE_NOOP("Document", "the one port of {device} is in use; remove its link or "
                                                            "add a device with free ports").fill(device=device_id),
                              where)
        raise DesignError(QT_TRANSLATE_NOOP(
            "Document", "every port of {device} is in use ({count} ports); remove a link or add a device with free "
                        "ports").fill(device=device_id, count=len(spec.ports)), where)
    return groups


def _pair_rank(pair: tuple[PortGroup, PortGroup]) -> tuple[float, int, float]:
    (role_a, _, speed_a), (role_b, _, speed_b) = pair
    return abs(speed_a - speed_b), ROLE_RANK[role_a] + ROLE_RANK[role_b], -min(speed_a, speed_b)


def new_link(design: Design, catalog: Catalog, ref_a: str, ref_b: str) -> Link:
    """A link between two port references with an estimated length and the cheapest medium reaching it."""
    where = QT_TRANSLATE_NOOP("Document", "new link").fill()
    spec_a = design.port_spec(ref_a, catalog, where)
    spec_b = design.port_spec(ref_b, catalog, where)
    dev_a, dev_b = ref_a.partition("/")[0], ref_b.partition("/")[0]
    length = cable_length_m(design, dev_a, dev_b, {})
    medium = Medium.DAC
    if spec_a is not None and spec_b is not None:
        speed = min(spec_a.speed_gbps, spec_b.speed_gbps)
        medium = MediumChooser(catalog).choose(spec_a.technology, speed, length)
    return Link(fresh_id(design, "link", design.links), ref_a, ref_b, medium, length)
