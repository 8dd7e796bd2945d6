"""Design <-> plain JSON data (the current schema version only; older ones go through migrations)."""

from __future__ import annotations

from dataclasses import asdict, fields
from enum import StrEnum
from typing import Any

from planner_gui.io.devices import add_devices
from planner_gui.io.limits import FILE_BOUNDS as B
from planner_gui.io.limits import MAX_DEVICES, MAX_LINKS, MAX_RACKS
from planner_gui.io.links import links_to_skip, read_links
from planner_gui.io.reader import Problems, Reader, at
from planner_gui.io.unknown_keys import (
    FEED_KEYS,
    RACK_KEYS,
    SECTIONS,
    TOP_LEVEL,
    keep_part_unknown,
    keep_unknown,
    part_key,
)
from planner_gui.model import (
    CoolingType,
    CostSettings,
    Currency,
    Design,
    DesignError,
    DesignMeta,
    Device,
    FabricSettings,
    Feed,
    HardwareSpecs,
    Precision,
    Rack,
    Recompute,
    Workload,
)
from planner_gui.model.cost_limits import date_problem
from planner_gui.model.messages import QT_TRANSLATE_NOOP
from planner_gui.model.variants import MAX_VARIANTS, Variants, check_name

FORMAT_NAME = "cluster-planner"
CURRENT_SCHEMA_VERSION = 5  # 2: named variants; 3: quote terms in cost; 4: devices' NVLink domains; 5: MoE routing
# load in the workload (io/migrations.py)
WORKLOAD_REALS = ("train_tokens", "moe_capacity_factor", "moe_imbalance")  # the workload's non-integer numbers
ENVELOPE_KEYS = ("format", "schema_version", "variants")  # file-level keys a variant's design does not repeat


# ----- writing -------------------------------------------------------------------------------
def design_to_data(design: Design) -> dict[str, Any]:
    """Plain JSON data for a design; devices nest in their racks, unplaced ones are listed apart."""
    racks = []
    for rack in design.racks.values():
        data = _plain(rack)
        data["devices"] = [_device_data(d, placed=True) for d in design.devices_in_rack(rack.id)]
        racks.append(data)
    parts_unknown = {key: extra for key, extra in design.unknown_keys.items() if "/" in key}
    data = {
        "format": FORMAT_NAME,
        "schema_version": CURRENT_SCHEMA_VERSION,
        "meta": _plain(design.meta),
        "fabric": _plain(design.fabric),
        "cost": _plain(design.cost),
        "workload": None if design.workload is None else _plain(design.workload),
        "racks": racks,
        "unplaced": [_device_data(d, placed=False) for d in design.devices.values() if not d.placed],
        "links": [{"id": link.id, "a": link.a, "b": link.b, "medium": link.medium.value, "length_m": link.length_m}
                  for link in design.links.values()],
        "variants": _variants_data(design),
    }
    if parts_unknown:
        _with_parts_unknown_keys(data, parts_unknown)
    return _with_unknown_keys(data, design.unknown_keys)


def _with_unknown_keys(data: dict[str, Any], unknown: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """Write back what the file held that this version does not read (io/unknown_keys.py); ours wins a clash."""
    for section, extra in unknown.items():
        if "/" in section:
            continue  # a part's keys: written by _with_parts_unknown_keys
        target = data if section == "" else data.get(section)
        if isinstance(target, dict):
            for key, value in extra.items():
                target.setdefault(key, value)
    return data


def _with_parts_unknown_keys(data: dict[str, Any], unknown: dict[str, dict[str, Any]]) -> None:
    """Write back each rack's, feed's, device's and link's unknown keys beside its own; ours wins a clash."""
    records: dict[str, dict[str, Any]] = {}
    for rack in data["racks"]:
        records[part_key("racks", rack["id"])] = rack
        for feed in ("feed_a", "feed_b"):
            if isinstance(rack.get(feed), dict):
                records[part_key("racks", rack["id"], feed)] = rack[feed]
        records.update((part_key("devices", d["id"]), d) for d in rack["devices"])
    records.update((part_key("devices", d["id"]), d) for d in data["unplaced"])
    if any(key.startswith("links/") for key in unknown):
        records.update((part_key("links", link["id"]), link) for link in data["links"])
    for key, extra in unknown.items():
        record = records.get(key)
        if record is not None:  # a part deleted since loading is not written, nor are its keys
            for name, value in extra.items():
                record.setdefault(name, value)


def _variants_data(design: Design) -> list[dict[str, Any]]:
    """Every variant in order; the active one's design is the file's own (``"design": null``)."""
    v = design.variants
    return [{"name": name, "design": None if name == v.active else _variant_body(v.stored[name])}
            for name in v.order]


def _variant_body(design: Design) -> dict[str, Any]:
    data = design_to_data(design)
    return {key: value for key, value in data.items() if key not in ENVELOPE_KEYS}


def _device_data(device: Device, placed: bool) -> dict[str, Any]:
    data = {"id": device.id, "catalog_id": device.catalog_id, "name": device.name}
    if placed:
        data["u"] = device.u
    if device.nic_id is not None:
        data["nic_id"] = device.nic_id
    if device.nic_count is not None:
        data["nic_count"] = device.nic_count
    if device.nvlink_domain is not None:
        data["nvlink_domain"] = device.nvlink_domain
    return data


def _plain(obj: Any) -> dict[str, Any]:
    return {k: _plain_value(v) for k, v in asdict(obj).items()}


def _plain_value(value: Any) -> Any:
    if isinstance(value, StrEnum):
        return value.value
    if isinstance(value, dict):
        return {str(k): _plain_value(v) for k, v in value.items()}
    return value


# ----- reading -------------------------------------------------------------------------------
TOO_MANY_RACKS = QT_TRANSLATE_NOOP(
    "Load", "{count:,} racks is more than the {limit:,} this version opens; split the design into parts")
TOO_MANY_DEVICES = QT_TRANSLATE_NOOP(
    "Load", "{count:,} devices is more than the {limit:,} this version opens; split the design into parts")
TOO_MANY_LINKS = QT_TRANSLATE_NOOP(
    "Load", "{count:,} links is more than the {limit:,} this version opens; split the design into parts")


def count_problems(data: dict[str, Any]) -> list[str]:
    """Refusals for lists longer than this version opens, checked before reading any of them.

    The limits hold for the whole file: the variants' racks, devices and links count too.
    """
    variants = data.get("variants")
    variants = variants if isinstance(variants, list) else []
    if len(variants) > MAX_VARIANTS:
        return [at("variants", QT_TRANSLATE_NOOP(
            "Load", "{count:,} variants is more than the {limit} this version opens; keep the others in separate files"
        ).fill(count=len(variants), limit=MAX_VARIANTS))]
    bodies = [data, *(v["design"] for v in variants if isinstance(v, dict) and isinstance(v.get("design"), dict))]
    racks = devices = links = 0
    for body in bodies:
        body_racks = body.get("racks")
        body_racks = body_racks if isinstance(body_racks, list) else []
        racks += len(body_racks)
        devices += sum(len(r["devices"]) for r in body_racks
                       if isinstance(r, dict) and isinstance(r.get("devices"), list))
        unplaced, body_links = body.get("unplaced"), body.get("links")
        devices += len(unplaced) if isinstance(unplaced, list) else 0
        links += len(body_links) if isinstance(body_links, list) else 0
    counts = (("racks", racks, MAX_RACKS, TOO_MANY_RACKS),
              ("racks[].devices and unplaced", devices, MAX_DEVICES, TOO_MANY_DEVICES),
              ("links", links, MAX_LINKS, TOO_MANY_LINKS))
    return [at(_all_variants(path) if len(bodies) > 1 else path, message.fill(count=count, limit=limit))
            for path, count, limit, message in counts if count > limit]


def _all_variants(path: str) -> str:
    return QT_TRANSLATE_NOOP("Load", "{path} (all variants)").fill(path=path)


def data_to_design(data: dict[str, Any], specs: HardwareSpecs, problems: Problems, path: str = "") -> Design:
    """Build a design from current-version data, recording every problem with its JSON path.

    ``path`` is where the design sits in the file: "" for the file's own, ``variants[i].design`` for a variant.
    """
    root = Reader(data, path, problems)
    sections = {name: root.child(name, required=False) or Reader({}, root.at(name), problems)
                for name in ("meta", "fabric", "cost")}
    design = Design(meta=_read_meta(sections["meta"]), fabric=_read_fabric(sections["fabric"]),
                    cost=_read_cost(sections["cost"]))
    workload = root.child("workload", required=False)
    design.workload = _read_workload(workload) if workload is not None else None
    if workload is not None:
        sections["workload"] = workload
    unknown = {"": keep_unknown(root, TOP_LEVEL), **{name: keep_unknown(r, SECTIONS[name]) for name, r in
                                                    sections.items()}}
    design.unknown_keys = {section: keys for section, keys in unknown.items() if keys}
    failed: set[str] = set()  # ids of devices that could not be added
    for rack_reader in root.items("racks"):
        rack = _read_rack(rack_reader)
        if rack is not None and _add_rack(design, rack, rack_reader):
            _keep_rack_unknown(design, rack, rack_reader)
            add_devices(design, rack_reader, "devices", specs, rack, failed)
            continue
        for device_reader in rack_reader.items("devices"):  # each still checked for shape
            if isinstance(device_reader.data.get("id"), str):
                failed.add(device_reader.data["id"])
    add_devices(design, root, "unplaced", specs, None, failed)
    _add_links(design, root, specs, failed)
    if path:  # a variant's design: variants do not nest
        if root.data.get("variants"):
            problems.error(root.at("variants"), QT_TRANSLATE_NOOP(
                "Load", "a variant cannot hold variants of its own; remove this list").fill())
    else:
        design.variants = _read_variants(root, specs)
    return design


def _read_variants(root: Reader, specs: HardwareSpecs) -> Variants:
    """The file's variants: unique valid names, exactly one ``"design": null`` (the file's own design)."""
    variants = Variants()
    for r in root.items("variants"):
        try:
            name = check_name(r.data.get("name"), variants.order, r.at("name"))
        except DesignError as error:
            r.problems.refused(r.at("name"), error)
            continue
        variants.order.append(name)
        body = r.data.get("design")
        if body is None:
            if variants.active:
                r.problems.error(r.at("design"), QT_TRANSLATE_NOOP(
                    "Load", "variants {first!r} and {second!r} both say they are the file's own design "
                            "(\"design\": null); give one its design").fill(first=variants.active, second=name))
            variants.active = variants.active or name
        else:
            variants.stored[name] = data_to_design(body, specs, r.problems, r.at("design"))
    if variants.order and not variants.active:
        root.problems.error(root.at("variants"), QT_TRANSLATE_NOOP(
            "Load", "no variant is the file's own design; mark one with \"design\": null").fill())
    return variants


def _add_links(design: Design, root: Reader, specs: HardwareSpecs, failed: set[str]) -> None:
    """Links to devices that failed to load are counted in one message, not one error each."""
    links, positions = read_links(root, design.unknown_keys)
    skip = links_to_skip(links, failed)
    if skip:
        links = [link for i, link in enumerate(links) if i not in skip]
        positions = [p for i, p in enumerate(positions) if i not in skip]
    for index, error in design.add_links(links, specs):
        root.problems.refused(f"{root.at('links')}[{positions[index]}]", error)
    if skip:
        message = (QT_TRANSLATE_NOOP("Load", "{count} link could not be loaded because a device it connects is "
                                             "invalid") if len(skip) == 1 else
                   QT_TRANSLATE_NOOP("Load", "{count} links could not be loaded because a device they connect is "
                                             "invalid")).fill(count=len(skip))
        root.problems.error(root.at("links"), message)


def _add_rack(design: Design, rack: Rack, r: Reader) -> bool:
    try:
        design.add_rack(rack)
    except DesignError as error:
        r.problems.refused(r.path, error)
        return False
    return True


def _read_rack(r: Reader) -> Rack | None:
    rack_id = r.text("id", None, required=True)
    if rack_id is None:
        return None
    feed_a = r.child("feed_a", required=False)
    feed_b = r.child("feed_b", required=False)
    return Rack(
        id=rack_id, name=r.text("name") or "", row=r.text("row", "A") or "A",
        position=r.integer("position", 1, *_int("racks.position")) or 1,
        height_u=r.integer("height_u", 42, *_int("racks.height_u")) or 42,
        power_budget_kw=r.number("power_budget_kw", 20.0, *B["racks.power_budget_kw"]) or 20.0,
        feed_a=_read_feed(feed_a) if feed_a else Feed(),
        feed_b=_read_feed(feed_b) if feed_b else None,
        cooling=r.choice("cooling", CoolingType, CoolingType.AIR),
        cooling_capacity_kw=r.number("cooling_capacity_kw", None, *B["racks.cooling_capacity_kw"]),
        catalog_id=r.text("catalog_id", "rack-42u") or "rack-42u",
    )


def _keep_rack_unknown(design: Design, rack: Rack, r: Reader) -> None:
    """The unknown keys of an added rack and its feeds, kept under its id (io/unknown_keys.py)."""
    kept = {part_key("racks", rack.id): keep_part_unknown(r, RACK_KEYS)}
    for feed in ("feed_a", "feed_b"):
        if isinstance(r.data.get(feed), dict):
            kept[part_key("racks", rack.id, feed)] = keep_part_unknown(Reader(r.data[feed], r.at(feed), r.problems),
                                                                       FEED_KEYS)
    design.unknown_keys.update((key, extra) for key, extra in kept.items() if extra)


def _read_feed(r: Reader) -> Feed:
    return Feed(
        voltage_v=r.number("voltage_v", 400.0, *B["feed.voltage_v"]) or 400.0,
        amps=r.number("amps", 32.0, *B["feed.amps"]) or 32.0,
        phases=r.integer("phases", 3, *_int("feed.phases")) or 3,
    )


def _read_meta(r: Reader) -> DesignMeta:
    return DesignMeta(
        name=_text(r, "name", "Untitled design"), customer=r.text("customer") or "",
        author=r.text("author") or "", created=r.text("created") or "", modified=r.text("modified") or "",
        notes=r.text("notes") or "", currency=r.choice("currency", Currency, Currency.CNY),
    )


def _read_fabric(r: Reader) -> FabricSettings:
    defaults = FabricSettings()
    return FabricSettings(
        gpudirect_rdma=r.boolean("gpudirect_rdma", defaults.gpudirect_rdma),
        sharp=r.boolean("sharp", defaults.sharp),
        adaptive_routing=r.boolean("adaptive_routing", defaults.adaptive_routing),
        congestion_control=r.boolean("congestion_control", defaults.congestion_control),
        nccl_version=r.text("nccl_version", defaults.nccl_version) or defaults.nccl_version,
        nccl_env=r.text_map("nccl_env"),
    )


def _read_cost(r: Reader) -> CostSettings:
    d = CostSettings()
    return CostSettings(
        cny_per_usd=_num(r, "cny_per_usd", d.cny_per_usd),
        project_months=r.integer("project_months", d.project_months, *_int("cost.project_months")) or d.project_months,
        rent_per_gpu_month=r.number("rent_per_gpu_month", None, *B["cost.rent_per_gpu_month"]),
        rent_per_server_month=r.number_map("rent_per_server_month", B["cost.price_maps"][1]),
        annual_prepay_discount=_num(r, "annual_prepay_discount", d.annual_prepay_discount),
        cloud_per_gpu_hour=r.number("cloud_per_gpu_hour", None, *B["cost.cloud_per_gpu_hour"]),
        switch_rent_month=r.number_map("switch_rent_month", B["cost.price_maps"][1]),
        buy_price=r.number_map("buy_price", B["cost.price_maps"][1]),
        installation_fraction=_num(r, "installation_fraction", d.installation_fraction),
        electricity_per_kwh=_num(r, "electricity_per_kwh", d.electricity_per_kwh),
        pue=r.number("pue", None, *B["cost.pue"]),
        space_per_rack_month=_num(r, "space_per_rack_month", d.space_per_rack_month),
        tax_rate=_num(r, "tax_rate", d.tax_rate),
        prices_include_tax=r.boolean("prices_include_tax", d.prices_include_tax),
        quote_valid_until=_quote_date(r),
        support_rate_per_year=_num(r, "support_rate_per_year", d.support_rate_per_year),
        warranty_years=_whole(r, "warranty_years", d.warranty_years),
    )


def _whole(r: Reader, key: str, default: int) -> int:
    value = r.integer(key, default, *_int(f"cost.{key}"))
    return default if value is None else value


def _quote_date(r: Reader) -> str:
    """The quote's validity date: "" or YYYY-MM-DD (model/cost_limits.py); anything else is an error."""
    value = _text(r, "quote_valid_until", "")
    if date_problem(value) is not None:
        r.problems.error(r.at("quote_valid_until"), QT_TRANSLATE_NOOP(
            "Load", "{value!r} must be a date written YYYY-MM-DD (e.g. 2027-03-31), or empty").fill(value=value))
        return ""
    return value


def _read_workload(r: Reader) -> Workload:
    d = Workload()
    values: dict[str, Any] = {}
    for f in fields(Workload):
        default = getattr(d, f.name)
        if f"workload.{f.name}" in B and f.name not in WORKLOAD_REALS:
            values[f.name] = r.integer(f.name, default, *_int(f"workload.{f.name}"))
            if values[f.name] is None and default is not None:
                values[f.name] = default
    values["gated_mlp"] = r.boolean("gated_mlp", d.gated_mlp)
    values["tied_embeddings"] = r.boolean("tied_embeddings", d.tied_embeddings)
    values["model_name"] = r.text("model_name", d.model_name) or d.model_name
    values["precision"] = r.choice("precision", Precision, d.precision)
    values["recompute"] = r.choice("recompute", Recompute, d.recompute)
    values["train_tokens"] = _num(r, "train_tokens", d.train_tokens, "workload")
    values["moe_imbalance"] = _num(r, "moe_imbalance", d.moe_imbalance, "workload")
    values["moe_capacity_factor"] = r.number("moe_capacity_factor", None, *B["workload.moe_capacity_factor"])
    return Workload(**values)


def _int(key: str) -> tuple[int, int]:
    low, high = B[key]
    return int(low), int(high)


def _text(r: Reader, key: str, default: str) -> str:
    value = r.text(key, default)
    return default if value is None else value


def _num(r: Reader, key: str, default: float, section: str = "cost") -> float:
    value = r.number(key, default, *B[f"{section}.{key}"])
    return default if value is None else value
