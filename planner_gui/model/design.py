"""The Design: racks, devices and links, with the invariants enforced on every edit.

Edit a design only through its methods: they keep the indexes (devices per rack, link per port)
in step and refuse changes that would break an invariant, with a :class:`DesignError` that says
what is wrong and where. Plain attribute edits are fine for fields no invariant depends on
(names, notes, prices, a link's length).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from planner_gui.model.bulk_links import LinkColumns, plan_links
from planner_gui.model.errors import DesignError, device_where, link_where, rack_where
from planner_gui.model.ids import ID_PATTERN, check_id, next_free_id, port_ref, split_port_ref
from planner_gui.model.link_index import IndexBuild, file_links
from planner_gui.model.messages import QT_TRANSLATE_NOOP
from planner_gui.model.parts import Device, Link, Rack
from planner_gui.model.rack_units import ABOVE, fit_problem, free_slots, occupied_units
from planner_gui.model.settings import CostSettings, DesignMeta, FabricSettings, Workload
from planner_gui.model.specs import DeviceKind, DeviceSpec, HardwareSpecs, PortSpec
from planner_gui.model.variants import Variants

# The place an error names, built only when there is an error: loading a 100,000-GPU design adds ~19,000
# devices, and a translatable label for each would cost more than the checks themselves.
Where = Callable[[], str]


@dataclass(frozen=True, slots=True)
class Note:
    """Something worth telling the user that is not an error (an unplaced device, a speed step)."""

    code: str
    message: str
    ids: tuple[str, ...]


@dataclass
class Design:
    meta: DesignMeta = field(default_factory=DesignMeta)
    fabric: FabricSettings = field(default_factory=FabricSettings)
    cost: CostSettings = field(default_factory=CostSettings)
    workload: Workload | None = None
    racks: dict[str, Rack] = field(default_factory=dict)
    devices: dict[str, Device] = field(default_factory=dict)
    links: dict[str, Link] = field(default_factory=dict)
    _rack_devices: dict[str, set[str]] = field(default_factory=dict, repr=False, compare=False)
    # port reference -> link id; None until first needed (the _port_link property builds it)
    _ports: dict[str, str] | None = field(default=None, repr=False, compare=False)
    # device id -> ids of the links on it; None until first needed (_device_links builds it), dropped
    # whenever the port index is rebuilt
    _links_by_device: dict[str, set[str]] | None = field(default=None, repr=False, compare=False)
    # The indexes being built a step at a time (prepare_indexes, model/link_index.py), else None
    _index_build: IndexBuild | None = field(default=None, repr=False, compare=False)
    # The other named variants of this design (model/variants.py); edited only through that module.
    variants: Variants = field(default_factory=Variants, repr=False, compare=False)
    # Keys a file held that this version does not know, by section ("" for the top level, "meta", "cost",
    # ...): kept and written back unchanged, so a newer minor version's settings survive a round trip here.
    unknown_keys: dict[str, dict[str, Any]] = field(default_factory=dict, repr=False, compare=False)

    @property
    def _device_links(self) -> dict[str, set[str]]:
        """The links on each device, so that removing a device does not scan every port in use (a spine
        of a 4,096-node design: 240,000 ports)."""
        if self._links_by_device is None or self._index_build is not None:
            self.prepare_indexes(None)
        assert self._links_by_device is not None
        return self._links_by_device

    @property
    def _port_link(self) -> dict[str, str]:
        """Which link is on each port in use. Built from the links on first use, not while loading:
        a 100,000-GPU design has 780,000 ports in use, and only edits ask about them."""
        if self._ports is None or self._index_build is not None:
            self.prepare_indexes(None)
        assert self._ports is not None
        return self._ports

    def prepare_indexes(self, budget: int | None) -> bool:
        """File up to ``budget`` links (None: all) into the indexes not built yet; True once both are
        complete. The GUI calls it between turns of its event loop (model/link_index.py)."""
        build = self._index_build
        if build is None:
            if self._ports is not None and self._links_by_device is not None:
                return True
            build = self._index_build = IndexBuild(self.links, self._ports, self._links_by_device)
            self._ports, self._links_by_device = build.ports, build.by_device
        if build.step(self.links, budget):
            self._index_build = None
        return self._index_build is None

    # ----- ids -------------------------------------------------------------------------------
    def new_id(self, prefix: str) -> str:
        """A fresh id ``prefix-N`` unused by any rack, device or link."""
        return next_free_id(prefix, self._all_ids())

    def _all_ids(self) -> Iterator[str]:
        yield from self.racks
        yield from self.devices
        yield from self.links

    def _check_new_id(self, object_id: str, where: Where) -> None:
        if not (isinstance(object_id, str) and ID_PATTERN.match(object_id)):
            check_id(object_id, where())  # raises the precise message
        if object_id in self.racks or object_id in self.devices or object_id in self.links:
            raise DesignError(QT_TRANSLATE_NOOP("Model", "id {id!r} is already used in this design").fill(
                id=object_id), where())

    # ----- racks -----------------------------------------------------------------------------
    def add_rack(self, rack: Rack) -> None:
        where = partial(rack_where, rack.id)
        self._check_new_id(rack.id, where)
        _check_positive_int(rack.height_u, "height_u", where, maximum=60)
        _check_positive_number(rack.power_budget_kw, "power_budget_kw", where, maximum=1000.0)
        self.racks[rack.id] = rack
        self._rack_devices[rack.id] = set()

    def remove_rack(self, rack_id: str) -> list[str]:
        """Remove a rack; its devices stay in the design, unplaced. Returns their ids."""
        self._require_rack(rack_id)
        orphans = sorted(self._rack_devices.pop(rack_id))
        for device_id in orphans:
            device = self.devices[device_id]
            device.rack_id, device.u = None, None
        del self.racks[rack_id]
        return orphans

    def devices_in_rack(self, rack_id: str) -> list[Device]:
        self._require_rack(rack_id)
        return sorted((self.devices[d] for d in self._rack_devices[rack_id]), key=lambda d: d.u or 0)

    def resize_rack(self, rack_id: str, height_u: int, specs: HardwareSpecs) -> None:
        rack = self._require_rack(rack_id)
        where = partial(rack_where, rack_id)
        _check_positive_int(height_u, "height_u", where, maximum=60)
        for device in self.devices_in_rack(rack_id):
            top = (device.u or 0) + self._spec(device, specs).height_u - 1
            if top > height_u:
                raise DesignError(QT_TRANSLATE_NOOP(
                    "Model", "cannot shrink to {height} U: device {device!r} reaches U{top}").fill(
                    height=height_u, device=device.id, top=top), where())
        rack.height_u = height_u

    # ----- devices ---------------------------------------------------------------------------
    def add_device(self, device: Device, specs: HardwareSpecs, occupied: dict[int, str] | None = None) -> None:
        """Add a device, placed if it names a rack and U, otherwise unplaced. ``occupied`` (U -> device id of
        the device's rack, from :meth:`occupied_units`) lets a batch of devices for one rack (a file being
        read) share one map rather than walk the rack's devices for each; the device's units are added to it."""
        where = partial(device_where, device.id)
        self._check_new_id(device.id, where)
        if not (isinstance(device.catalog_id, str) and ID_PATTERN.match(device.catalog_id)):
            check_id(device.catalog_id, QT_TRANSLATE_NOOP("Model", "{where} catalog_id").fill(where=where()))
        if (device.rack_id is None) != (device.u is None):
            raise DesignError(QT_TRANSLATE_NOOP(
                "Model", "rack_id and u must be given together (or neither, for an unplaced device)").fill(), where())
        if device.nic_count is not None:
            _check_positive_int(device.nic_count, "nic_count", where, maximum=64, allow_zero=True)
        if device.nvlink_domain is not None and not (
                isinstance(device.nvlink_domain, str) and ID_PATTERN.match(device.nvlink_domain)):
            check_id(device.nvlink_domain, QT_TRANSLATE_NOOP("Model", "{where} nvlink_domain").fill(where=where()))
        if device.rack_id is not None and device.u is not None:
            height = self._check_fits(device, device.rack_id, device.u, specs, occupied)
            if occupied is not None:
                occupied.update(dict.fromkeys(range(device.u, device.u + height), device.id))
        self.devices[device.id] = device
        if device.rack_id is not None:
            self._rack_devices[device.rack_id].add(device.id)

    def remove_device(self, device_id: str) -> list[Link]:
        """Remove a device and every link on it. Returns the links removed."""
        device = self._require_device(device_id)
        removed = [self.links[lid] for lid in self.links_of(device_id)]
        for link in removed:
            self.remove_link(link.id)
        if device.rack_id is not None:
            self._rack_devices[device.rack_id].discard(device_id)
        del self.devices[device_id]
        return removed

    def place_device(self, device_id: str, rack_id: str | None, u: int | None, specs: HardwareSpecs) -> None:
        """Move a device to ``rack_id`` at ``u`` (both None: take it out of its rack)."""
        device = self._require_device(device_id)
        if (rack_id is None) != (u is None):
            raise DesignError(QT_TRANSLATE_NOOP("Model", "rack and U must be given together").fill(),
                              device_where(device_id))
        if rack_id is not None and u is not None:
            self._check_fits(device, rack_id, u, specs)
        if device.rack_id is not None:
            self._rack_devices[device.rack_id].discard(device_id)
        device.rack_id, device.u = rack_id, u
        if rack_id is not None:
            self._rack_devices[rack_id].add(device_id)

    def free_u_slots(self, rack_id: str, height_u: int, specs: HardwareSpecs) -> list[int]:
        """Every U at which a device ``height_u`` tall would fit in the rack."""
        rack = self._require_rack(rack_id)
        return free_slots(self._occupied_units(rack_id, specs, ignore=None), rack.height_u, height_u)

    def occupied_units(self, rack_id: str, specs: HardwareSpecs) -> dict[int, str]:
        """U -> the id of the device taking it, in the rack."""
        self._require_rack(rack_id)
        return self._occupied_units(rack_id, specs, ignore=None)

    def _check_fits(self, device: Device, rack_id: str, u: int, specs: HardwareSpecs,
                    occupied: dict[int, str] | None = None) -> int:
        """The device's height, U, when it fits at ``u`` (``occupied``: the rack's map, the device not in it)."""
        where = partial(device_where, device.id)
        rack = self.racks.get(rack_id) or self._require_rack(rack_id, where())
        _check_positive_int(u, "u", where, maximum=10_000)
        height = self._spec(device, specs).height_u
        top = u + height - 1
        taken = self._occupied_units(rack_id, specs, ignore=device.id) if occupied is None else occupied
        problem = fit_problem(taken, rack.height_u, u, height)
        if problem is not None and problem[0] == ABOVE:
            raise DesignError(QT_TRANSLATE_NOOP(
                "Model", "a {height} U device at U{u} reaches U{top}, above the rack height {rack_height} U "
                         "of rack {rack!r}; place it at U{highest} or lower").fill(
                height=height, u=u, top=top, rack_height=rack.height_u, rack=rack_id,
                highest=max(1, rack.height_u - height + 1)), where())
        if problem is not None:  # u >= 1 was checked above: the device is in the way of another
            raise DesignError(QT_TRANSLATE_NOOP(
                "Model", "U{u}-U{top} of rack {rack!r} overlaps device {device!r}").fill(
                u=u, top=top, rack=rack_id, device=problem[1]), where())
        return height

    def _occupied_units(self, rack_id: str, specs: HardwareSpecs, ignore: str | None) -> dict[int, str]:
        others = (self.devices[i] for i in self._rack_devices[rack_id] if i != ignore)
        return occupied_units((d.id, d.u or 0, self._spec(d, specs).height_u) for d in others)

    # ----- ports and links -------------------------------------------------------------------
    def port_spec(self, ref: str, specs: HardwareSpecs, where: str | Where = "",
                  spec_cache: dict[str, DeviceSpec] | None = None) -> PortSpec | None:
        """The spec of port ``device/port``; None when the device's hardware is unknown.

        ``spec_cache`` (device id -> spec) lets a batch of link checks share device lookups; it is
        only valid while no device changes.
        """
        device_id, _, port_name = ref.partition("/") if isinstance(ref, str) else ("", "", "")
        spec = spec_cache.get(device_id) if spec_cache is not None else None
        if spec is None:
            device = self.devices.get(device_id)
            if device is None or not port_name or "/" in port_name:
                split_port_ref(ref, _place(where))  # raises the precise message for a malformed reference
                self._require_device(device_id, _place(where))
            spec = self._spec(device, specs)  # type: ignore[arg-type]
            if spec_cache is not None:
                spec_cache[device_id] = spec
        if spec.kind is DeviceKind.UNKNOWN:
            if not ID_PATTERN.match(port_name):
                check_id(port_name, _place(where))
            return None
        port = spec.port(port_name)
        if port is None:
            names = ", ".join(p.name for p in spec.ports[:6]) or QT_TRANSLATE_NOOP("Model", "none").fill()
            raise DesignError(QT_TRANSLATE_NOOP(
                "Model", "device {device!r} has no port {port!r} (ports: {names}...)").fill(
                device=device_id, port=port_name, names=names), _place(where))
        return port

    def add_link(self, link: Link, specs: HardwareSpecs, spec_cache: dict[str, DeviceSpec] | None = None) -> None:
        """Add a link; ``spec_cache`` as in :meth:`port_spec`, for loading or generating many links."""
        where = partial(link_where, link.id)
        self._check_new_id(link.id, where)
        if not (isinstance(link.length_m, int | float) and 0 <= link.length_m <= 100_000):
            raise DesignError(QT_TRANSLATE_NOOP("Model", "length_m {length!r} must be a number from 0 to 100000").fill(
                length=link.length_m), where())
        spec_a = self.port_spec(link.a, specs, where, spec_cache)
        spec_b = self.port_spec(link.b, specs, where, spec_cache)
        dev_a, dev_b = link.a.partition("/")[0], link.b.partition("/")[0]
        if dev_a == dev_b:
            raise DesignError(QT_TRANSLATE_NOOP(
                "Model", "both ends are on device {device!r}; a link joins two different devices").fill(device=dev_a),
                where())
        if spec_a and spec_b and spec_a.technology != spec_b.technology:
            raise DesignError(QT_TRANSLATE_NOOP(
                "Model", "{a} is {tech_a} but {b} is {tech_b}; they cannot be linked").fill(
                a=link.a, tech_a=spec_a.technology, b=link.b, tech_b=spec_b.technology), where())
        for ref in (link.a, link.b):
            if ref in self._port_link:
                raise DesignError(QT_TRANSLATE_NOOP("Model", "port {port} already carries link {link!r}").fill(
                    port=ref, link=self._port_link[ref]), where())
        self.links[link.id] = link
        self._port_link[link.a] = link.id
        self._port_link[link.b] = link.id
        if self._links_by_device is not None:
            for device_id in (dev_a, dev_b):
                self._links_by_device.setdefault(device_id, set()).add(link.id)

    def add_links(self, links: list[Link], specs: HardwareSpecs) -> list[tuple[int, DesignError]]:
        """Add many links at once (loading, generating); returns (index, error) for each one refused.

        A batch in which every link is good is checked and inserted whole (model/bulk_links.py);
        otherwise each link goes through the per-link loop, so every error is exactly the one a
        single :meth:`add_link` would give.
        """
        if self._add_all(links, specs):
            return []
        return self._add_one_by_one(links, specs)

    def _add_all(self, links: list[Link], specs: HardwareSpecs) -> bool:
        """Insert the whole batch if every link passes every check; False (nothing changed) if not."""
        plan = plan_links(links, self.devices, specs)
        if plan is None:
            return False
        if self.links:  # an edit adding to a design: check against what is there, then insert
            return self._add_to_existing(plan, links)
        fresh = set(plan.ids)
        ports = set(plan.a)
        ports.update(plan.b)
        if len(fresh) != len(links) or len(ports) != 2 * len(links) or not (
                self.devices.keys().isdisjoint(fresh) and self.racks.keys().isdisjoint(fresh)):
            return False  # an id or a port used twice, or an id a device or rack has
        self.links.update(zip(plan.ids, links, strict=True))
        self._ports = self._links_by_device = self._index_build = None  # built from the links when first needed
        return True

    def _add_to_existing(self, plan: LinkColumns, links: list[Link]) -> bool:
        fresh = set(plan.ids)
        ports = self._port_link
        if len(fresh) != len(links) or not (
                self.links.keys().isdisjoint(fresh) and self.devices.keys().isdisjoint(fresh)
                and self.racks.keys().isdisjoint(fresh) and ports.keys().isdisjoint(plan.a)
                and ports.keys().isdisjoint(plan.b)):
            return False
        count = len(ports)
        ports.update(zip(plan.a, plan.ids, strict=True))
        ports.update(zip(plan.b, plan.ids, strict=True))
        if len(ports) != count + 2 * len(links):  # a port used twice within the batch
            for ref in (*plan.a, *plan.b):  # none was in use before: take every one back
                ports.pop(ref, None)
            return False
        self.links.update(zip(plan.ids, links, strict=True))
        if self._links_by_device is not None:  # complete: the port index above finished any build
            file_links(self._links_by_device, links)
        return True

    def _add_one_by_one(self, links: list[Link], specs: HardwareSpecs) -> list[tuple[int, DesignError]]:
        refused: list[tuple[int, DesignError]] = []
        specs_by_device: dict[str, DeviceSpec] = {}
        ports_in_use, all_links, devices = self._port_link, self.links, self.devices
        racks, valid_id = self.racks, ID_PATTERN.match
        for index, link in enumerate(links):
            a_dev, _, a_port = link.a.partition("/")
            b_dev, _, b_port = link.b.partition("/")
            spec_a = specs_by_device.get(a_dev) or self._cached_spec(a_dev, specs, specs_by_device)
            spec_b = specs_by_device.get(b_dev) or self._cached_spec(b_dev, specs, specs_by_device)
            port_a = spec_a.port(a_port) if spec_a is not None else None
            port_b = spec_b.port(b_port) if spec_b is not None else None
            length = link.length_m
            if (port_a is None or port_b is None or a_dev == b_dev or port_a.technology != port_b.technology
                    or link.a in ports_in_use or link.b in ports_in_use or link.id in all_links
                    or link.id in devices or link.id in racks or type(link.id) is not str or not valid_id(link.id)
                    or type(length) not in (int, float) or not 0 <= length <= 100_000):
                try:
                    self.add_link(link, specs)
                except DesignError as error:
                    refused.append((index, error))
                continue
            all_links[link.id] = link
            ports_in_use[link.a] = link.id
            ports_in_use[link.b] = link.id
        if self._links_by_device is not None:  # complete (the port index finished any build): file those added
            file_links(self._links_by_device, [link for link in links if all_links.get(link.id) is link])
        return refused

    def _cached_spec(self, device_id: str, specs: HardwareSpecs, cache: dict[str, DeviceSpec]) -> DeviceSpec | None:
        device = self.devices.get(device_id)
        if device is None:
            return None
        spec = cache[device_id] = self._spec(device, specs)
        return spec

    def remove_link(self, link_id: str) -> Link:
        link = self.links.pop(link_id, None)
        if link is None:
            raise DesignError(QT_TRANSLATE_NOOP("Model", "no link {link!r} in this design").fill(link=link_id))
        if self._ports is not None:  # else the index is built from the remaining links when needed
            self._ports.pop(link.a, None)
            self._ports.pop(link.b, None)
        if self._links_by_device is not None:
            for ref in (link.a, link.b):
                self._links_by_device.get(ref.partition("/")[0], set()).discard(link_id)
        return link

    def link_on_port(self, ref: str) -> str | None:
        return self._port_link.get(ref)

    def free_ports(self, device_id: str, specs: HardwareSpecs, roles: set[str] | None = None) -> list[PortSpec]:
        device = self._require_device(device_id)
        return [
            p for p in self._spec(device, specs).ports
            if port_ref(device_id, p.name) not in self._port_link and (roles is None or p.role in roles)
        ]

    def links_of(self, device_id: str) -> list[str]:
        """Ids of the links on ``device_id``, sorted."""
        return sorted(self._device_links.get(device_id, ()))


    # ----- whole-design notes ----------------------------------------------------------------
    def notes(self, specs: HardwareSpecs) -> list[Note]:
        """Warnings that are not errors: unplaced devices, unknown hardware, speed steps."""
        found: list[Note] = []
        unplaced = sorted(d.id for d in self.devices.values() if not d.placed)
        if unplaced:
            found.append(Note("device-unplaced", (
                QT_TRANSLATE_NOOP("Model", "{n} device is not in a rack yet") if len(unplaced) == 1 else
                QT_TRANSLATE_NOOP("Model", "{n} devices are not in a rack yet")).fill(n=len(unplaced)),
                tuple(unplaced)))
        unknown = sorted(d.id for d in self.devices.values() if not specs.knows(d.catalog_id))
        if unknown:
            found.append(Note("unknown-hardware", (
                QT_TRANSLATE_NOOP("Model", "{n} device names hardware not in the catalog") if len(unknown) == 1 else
                QT_TRANSLATE_NOOP("Model", "{n} devices name hardware not in the catalog")).fill(n=len(unknown)),
                tuple(unknown)))
        for link in self.links.values():
            a, b = self.port_spec(link.a, specs), self.port_spec(link.b, specs)
            if a and b and a.speed_gbps != b.speed_gbps:
                found.append(Note(
                    "link-speed-mismatch",
                    QT_TRANSLATE_NOOP("Model", "link {link} joins a {a:g}G port to a {b:g}G port; it runs at {slow:g}G"
                                      ).fill(link=link.id, a=a.speed_gbps, b=b.speed_gbps,
                                             slow=min(a.speed_gbps, b.speed_gbps)),
                    (link.id,),
                ))
        return found

    # ----- helpers ---------------------------------------------------------------------------
    def spec_of(self, device_id: str, specs: HardwareSpecs) -> DeviceSpec:
        return self._spec(self._require_device(device_id), specs)

    @staticmethod
    def _spec(device: Device, specs: HardwareSpecs) -> DeviceSpec:
        return specs.device_spec(device.catalog_id, device.nic_id, device.nic_count)

    def _require_rack(self, rack_id: str, where: str = "") -> Rack:
        rack = self.racks.get(rack_id)
        if rack is None:
            raise DesignError(QT_TRANSLATE_NOOP("Model", "no rack {rack!r} in this design").fill(rack=rack_id), where)
        return rack

    def _require_device(self, device_id: str, where: str = "") -> Device:
        device = self.devices.get(device_id)
        if device is None:
            raise DesignError(QT_TRANSLATE_NOOP("Model", "no device {device!r} in this design").fill(device=device_id),
                              where)
        return device


def _place(where: str | Where) -> str:
    return where() if callable(where) else where


def _check_positive_int(value: object, name: str, where: Where, maximum: int, allow_zero: bool = False) -> None:
    low = 0 if allow_zero else 1
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= maximum:
        raise DesignError(QT_TRANSLATE_NOOP(
            "Model", "{name} {value!r} must be a whole number from {low} to {maximum}").fill(
            name=name, value=value, low=low, maximum=maximum), where())


def _check_positive_number(value: object, name: str, where: Where, maximum: float) -> None:
    ok = isinstance(value, int | float) and not isinstance(value, bool) and 0 < value <= maximum
    if not ok:
        raise DesignError(QT_TRANSLATE_NOOP(
            "Model", "{name} {value!r} must be a number above 0 and at most {maximum:g}").fill(
            name=name, value=value, maximum=maximum), where())
