"""Loading the hardware catalog: the bundled data plus an optional user catalog.

The bundled files live in ``planner_gui/resources/catalog/*.json``; a user catalog (same format)
in the platformdirs data dir adds or overrides entries. Every entry is validated; a bad one is
reported in :attr:`Catalog.problems` and skipped, never fatal. Problems (and :meth:`Catalog.require`'s
KeyError) are translatable Texts (model/messages.py): the GUI's status bar and a Chinese CLI show them
in Chinese; built only on the error paths, as the bundled catalog loads at every start.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from planner_gui.catalog.reading import Problems, read_entries, short_error
from planner_gui.catalog.schema import KINDS, kind_word, validate_entry
from planner_gui.model.ids import ID_PATTERN
from planner_gui.model.messages import QT_TRANSLATE_NOOP, Text
from planner_gui.model.specs import DeviceKind, DeviceSpec, PortRole, PortSpec, unknown_spec

# Kinds that are physical devices placed in racks, and the model's name for each.
DEVICE_KINDS = {
    "server": DeviceKind.GPU_SERVER,
    "switch": DeviceKind.SWITCH,
    "storage": DeviceKind.STORAGE,
    "pdu": DeviceKind.PDU,
    "patch_panel": DeviceKind.PATCH_PANEL,
    "blank": DeviceKind.BLANK,
    "power_shelf": DeviceKind.PDU,  # a power device without network ports, like a PDU
}
# References between entries that must resolve: (kind, field, kind it must point to).
_REFERENCES = (("server", "gpu_id", "gpu"), ("server", "default_nic_id", "nic"), ("nic", "default_switch_id", "switch"),
               ("server", "domain_switch_id", "switch"), ("server", "domain_power_shelf_id", "power_shelf"),
               ("server", "domain_rack_id", "rack"), ("cooling", "cdu_id", "cdu"))
_OPTIONAL_REFERENCES = ("domain_switch_id", "domain_power_shelf_id", "domain_rack_id", "cdu_id")
# Bounds on a hostile user catalog (docs/reliability.md; the file's own bounds are in reading.py). The
# largest switch in the bundled catalog (resources/catalog) has 144 ports; each bound is far above real use.
MAX_PORTS_PER_DEVICE = 4_096
MAX_TEXT_CHARS = 10_000  # as for a design's names and notes (io/limits.py)
ID_SHOWN_CHARS = 80  # how much of a bad id a message repeats
MAX_FIGURE = 10**15  # above every maximum in catalog/schema.py (the largest, price_usd, is 1e8)
# Device specs kept per catalog. Keys a file chooses (a made-up nic_id on each of 200,000 servers)
# stop being cached past this; the specs of real entries (servers x NICs x 0-64 NIC counts) always are.
MAX_CACHED_SPECS = 20_000
MANAGEMENT_PORT_GBPS = 1.0  # BMC ports are 1 GbE RJ45 on every server in the catalog


@dataclass(frozen=True, slots=True)
class CatalogEntry:
    id: str
    kind: str
    name: str
    data: Mapping[str, Any]
    origin: str  # "bundled" or the user catalog's path

    def __getitem__(self, name: str) -> Any:
        return self.data[name]

    def get(self, name: str, default: Any = None) -> Any:
        return self.data.get(name, default)

    @property
    def source(self) -> str:
        return str(self.data["source"])

    @property
    def estimated(self) -> Mapping[str, str]:
        return self.data.get("estimated") or {}


@dataclass
class Catalog:
    entries: dict[str, CatalogEntry] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._spec_cache: dict[tuple[str, str | None, int | None], DeviceSpec] = {}

    def __contains__(self, catalog_id: object) -> bool:
        return catalog_id in self.entries

    def __iter__(self) -> Iterator[CatalogEntry]:
        return iter(self.entries.values())

    def get(self, catalog_id: str) -> CatalogEntry | None:
        return self.entries.get(catalog_id)

    def require(self, catalog_id: str, kind: str | None = None) -> CatalogEntry:
        """The entry, or a KeyError naming the id (and the kind expected)."""
        entry = self.entries.get(catalog_id)
        if entry is None or (kind is not None and entry.kind != kind):
            raise KeyError(self._unknown(catalog_id, kind))
        return entry

    def _unknown(self, catalog_id: str, kind: str | None) -> Text:
        """"unknown nic id 'x' (known nic ids: a, b)": the id, the kind asked for and the ids of that kind."""
        if not kind:
            return QT_TRANSLATE_NOOP("Catalog", "unknown id {catalog_id!r}").fill(catalog_id=catalog_id)
        choices = ", ".join(e.id for e in self.of_kind(kind))
        if not choices:
            return QT_TRANSLATE_NOOP("Catalog", "unknown {kind} id {catalog_id!r}").fill(
                kind=kind_word(kind), catalog_id=catalog_id)
        return QT_TRANSLATE_NOOP("Catalog", "unknown {kind} id {catalog_id!r} (known {kind} ids: {choices})").fill(
            kind=kind_word(kind), catalog_id=catalog_id, choices=choices)

    def of_kind(self, kind: str | None) -> list[CatalogEntry]:
        return [e for e in self.entries.values() if kind is None or e.kind == kind]

    # ----- HardwareSpecs protocol ------------------------------------------------------------
    def knows(self, catalog_id: str) -> bool:
        entry = self.entries.get(catalog_id)
        return entry is not None and entry.kind in DEVICE_KINDS

    def knows_nic(self, nic_id: str) -> bool:
        entry = self.entries.get(nic_id)
        return entry is not None and entry.kind == "nic"

    def device_spec(self, catalog_id: str, nic_id: str | None = None, nic_count: int | None = None) -> DeviceSpec:
        key = (catalog_id, nic_id, nic_count)
        spec = self._spec_cache.get(key)
        if spec is None:
            entry = self.entries.get(catalog_id)
            if entry is None or entry.kind not in DEVICE_KINDS:
                return unknown_spec(catalog_id)  # not cached: a hostile file could name millions
            if entry.kind != "server" or (nic_id is not None and not self._is_nic(nic_id)):
                nic_id = None  # ignored (or unknown, so the default NIC is used): share the cached spec
            if entry.kind != "server":
                nic_count = None
            spec = self._cached_spec(catalog_id, nic_id, nic_count)
            if len(self._spec_cache) < MAX_CACHED_SPECS:
                self._spec_cache[key] = spec
        return spec

    def _cached_spec(self, catalog_id: str, nic_id: str | None, nic_count: int | None) -> DeviceSpec:
        """The cache holds only keys of real catalog entries, so its size is bounded by the catalog."""
        key = (catalog_id, nic_id, nic_count)
        spec = self._spec_cache.get(key)
        if spec is None:
            spec = self._spec_cache[key] = self._build_spec(catalog_id, nic_id, nic_count)
        return spec

    def _is_nic(self, nic_id: str) -> bool:
        entry = self.entries.get(nic_id)
        return entry is not None and entry.kind == "nic"

    def _build_spec(self, catalog_id: str, nic_id: str | None, nic_count: int | None) -> DeviceSpec:
        entry = self.entries.get(catalog_id)
        if entry is None or entry.kind not in DEVICE_KINDS:
            return unknown_spec(catalog_id)
        ports = self._server_ports(entry, nic_id, nic_count) if entry.kind == "server" else _group_ports(entry)
        return DeviceSpec(catalog_id, DEVICE_KINDS[entry.kind], int(entry["height_u"]), tuple(ports))

    def _server_ports(self, entry: CatalogEntry, nic_id: str | None, nic_count: int | None) -> list[PortSpec]:
        nic = self.entries.get(nic_id or entry["default_nic_id"])
        if nic is None or nic.kind != "nic":
            nic = self.entries[entry["default_nic_id"]]
        count = entry["compute_nic_slots"] if nic_count is None else nic_count
        ports = [
            PortSpec(f"cx{i}", PortRole.COMPUTE, float(nic["speed_gbps"]), nic["technology"], nic["form_factor"])
            for i in range(count)
        ]
        ports += [
            PortSpec(f"st{i}", PortRole.STORAGE, float(entry["storage_nic_gbps"]), "ethernet", "QSFP")
            for i in range(entry["storage_nic_count"])
        ]
        ports.append(PortSpec("bmc", PortRole.MANAGEMENT, MANAGEMENT_PORT_GBPS, "ethernet", "RJ45"))
        return ports


def _group_ports(entry: CatalogEntry) -> list[PortSpec]:
    technology = entry.get("technology", "ethernet")
    role = PortRole.SWITCH if entry.kind == "switch" else PortRole.STORAGE
    ports = [
        PortSpec(f"{group['prefix']}{i}", role, float(group["speed_gbps"]), technology, group["form_factor"])
        for group in entry.get("port_groups") or []
        for i in range(1, group["count"] + 1)
    ]
    if entry.kind in ("switch", "storage"):
        ports.append(PortSpec("mgmt", PortRole.MANAGEMENT, MANAGEMENT_PORT_GBPS, "ethernet", "RJ45"))
    return ports


# ----- loading -------------------------------------------------------------------------------
def bundled_catalog_files() -> list[Path]:
    folder = resources.files("planner_gui") / "resources" / "catalog"
    return sorted(Path(str(p)) for p in folder.iterdir() if p.name.endswith(".json"))


def default_user_catalog_path() -> Path:
    from platformdirs import user_data_path

    return user_data_path("cluster-planner", appauthor=False) / "catalog.json"


def load_catalog(user_catalog: Path | None = None, include_user: bool = True) -> Catalog:
    """The bundled catalog, with a user catalog on top (``None``: the default location)."""
    catalog, problems = Catalog(), Problems()
    for path in bundled_catalog_files():
        _merge(catalog, read_entries(path, problems), "bundled", path.name, problems)
    bundled = dict(catalog.entries)
    if include_user:
        path = user_catalog if user_catalog is not None else default_user_catalog_path()
        if path.exists():
            _merge(catalog, read_entries(path, problems), str(path), str(path), problems)
    _drop_broken_references(catalog, problems, bundled)
    catalog.problems = problems.listed()
    return catalog


@lru_cache(maxsize=1)
def bundled_catalog() -> Catalog:
    """The bundled catalog alone, loaded once (the default for tests and the CLI's tools)."""
    return load_catalog(include_user=False)


def _merge(catalog: Catalog, entries: Iterable[Any], origin: str, label: str, problems: Problems) -> None:
    seen: set[str] = set()  # ids of this file: a user entry may override a bundled one, never its own sibling
    for index, raw in enumerate(entries):
        found = _entry_problems(raw, problems.room())
        where = f"{label} entries[{index}]"
        if isinstance(raw, dict) and isinstance(raw.get("id"), str):
            where += f" ({raw['id'][:ID_SHOWN_CHARS]!r})"
        if found:
            problems.skipped(where, found)
            continue
        if raw["id"] in seen or (origin == "bundled" and raw["id"] in catalog.entries):
            problems.append(QT_TRANSLATE_NOOP("Catalog", "{where}: duplicate id {id!r}; entry skipped").fill(
                where=where, id=raw["id"]))
            continue
        seen.add(raw["id"])
        catalog.entries[raw["id"]] = CatalogEntry(raw["id"], raw["kind"], raw["name"], dict(raw), origin)


def _entry_problems(raw: Any, limit: int) -> list[str]:
    """Checks a hostile entry needs before the schema's (shapes the schema assumes, ids, sizes), and the
    schema's: the first ``limit`` problems found."""
    if not isinstance(raw, dict):
        return validate_entry(raw, limit)
    early = _shape_problems(raw, limit)
    if early:
        return early
    try:
        return validate_entry(raw, limit) or _size_problems(raw, limit)
    except (TypeError, ValueError, OverflowError, RecursionError) as error:  # a shape the schema did not expect
        return [QT_TRANSLATE_NOOP("Catalog", "could not be checked ({reason})").fill(reason=short_error(error))]


def _shape_problems(raw: dict[str, Any], limit: int) -> list[str]:
    kind, entry_id, groups = raw.get("kind"), raw.get("id"), raw.get("port_groups")
    if not isinstance(kind, str):
        return [QT_TRANSLATE_NOOP("Catalog", "kind must be text, one of {kinds}").fill(kinds=", ".join(KINDS))]
    if isinstance(entry_id, str) and not ID_PATTERN.match(entry_id):
        return [QT_TRANSLATE_NOOP("Catalog", "id {id!r} must be 1-64 letters, digits, '.', '_', ':' or '-' "
                                             "(designs refer to hardware by this id)").fill(
            id=entry_id[:ID_SHOWN_CHARS])]
    if groups is not None and not isinstance(groups, list):
        return [QT_TRANSLATE_NOOP("Catalog", "port_groups must be a list of {fields}").fill(
            fields="{prefix, count, speed_gbps, form_factor}")]
    numbers = [(name, v) for name, v in raw.items() if isinstance(v, int) and not isinstance(v, bool)]
    numbers += [(f"port_groups[{i}].{name}", v) for i, g in enumerate(groups or []) if isinstance(g, dict)
                for name, v in g.items() if isinstance(v, int) and not isinstance(v, bool)]
    # The schema formats numbers as floats; an integer beyond float range (10**400) would crash it.
    huge = [(name, v) for name, v in numbers if abs(v) > MAX_FIGURE][:limit]
    return [QT_TRANSLATE_NOOP("Catalog", "{name}: {value} is far outside any allowed range").fill(
            name=name, value=str(v)[:ID_SHOWN_CHARS]) for name, v in huge]


def _size_problems(raw: dict[str, Any], limit: int) -> list[str]:
    """Bounds the schema does not set: text length and the number of ports one device may have."""
    texts = [(name, v) for name, v in raw.items() if isinstance(v, str)]
    texts += [(f"estimated.{name}", v) for name, v in (raw.get("estimated") or {}).items()]
    texts += [(f"port_groups[{i}].{name}", v) for i, g in enumerate(raw.get("port_groups") or [])
              for name, v in g.items() if isinstance(v, str)]
    long = [(name, v) for name, v in texts if len(v) > MAX_TEXT_CHARS][:limit]
    problems: list[str] = [
        QT_TRANSLATE_NOOP("Catalog", "{name}: text of {length:,} characters is longer than {limit:,}").fill(
            name=name, length=len(v), limit=MAX_TEXT_CHARS) for name, v in long]
    broken = [name for name, v in texts if not (v.isascii() or _encodable(v))][:limit - len(problems)]
    problems += [QT_TRANSLATE_NOOP("Catalog", "{name}: contains an unpaired surrogate; retype it").fill(name=name)
                 for name in broken]
    ports = sum(g["count"] for g in raw.get("port_groups") or [])
    if ports > MAX_PORTS_PER_DEVICE:
        problems.append(QT_TRANSLATE_NOOP(
            "Catalog", "port_groups: {ports:,} ports is more than the {limit:,} one device may have").fill(
            ports=ports, limit=MAX_PORTS_PER_DEVICE))
    return problems[:limit]


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _drop_broken_references(catalog: Catalog, problems: Problems,
                             bundled: dict[str, CatalogEntry] | None = None) -> None:
    """Skip every entry whose reference does not resolve; a user entry that replaced a bundled one gives the
    bundled one back (a user's ``liquid`` with a bad ``cdu_id`` must not leave liquid racks without figures)."""
    bundled = bundled or {}
    changed = True
    while changed:  # dropping an entry can break another that pointed at it
        changed = False
        for entry in list(catalog.entries.values()):
            for kind, name, target_kind in _REFERENCES:
                if entry.kind != kind or (name in _OPTIONAL_REFERENCES and entry.get(name) is None):
                    continue
                target = catalog.entries.get(entry.get(name, ""))
                if target is None or target.kind != target_kind:
                    problems.append(QT_TRANSLATE_NOOP(
                        "Catalog", "{entry}: {field} {value!r} is not a {kind} in the catalog; entry skipped").fill(
                        entry=entry.id, field=name, value=entry[name], kind=kind_word(target_kind)))
                    kept = bundled.get(entry.id)
                    if kept is not None and kept is not entry:
                        catalog.entries[entry.id] = kept
                    else:
                        del catalog.entries[entry.id]
                    changed = True
                    break
