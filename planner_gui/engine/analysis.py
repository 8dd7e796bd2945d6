"""``analyze_design``: the one entry point the CLI, the GUI (on every edit) and the PDF use. No Qt.

It runs every engine model in order — topology, the fabric profile, collective curves, checks,
the NCCL environment, acceptance figures, power, cooling, facility, cost, training and storage —
and gathers their results in one frozen :class:`Analysis`. Each section degrades on its own: a
design with no racks, no servers, one server, no links or unknown hardware still analyses, and
a missing section is ``None`` with its reason in ``Analysis.unavailable`` (a section that fails on
bad input also adds an ``analysis-section-failed`` warning saying what to fix). Nothing raises.

Pass an :class:`AnalysisCache` to reuse, after a small edit, every section whose inputs did not
change (see analysis_cache.py and benchmarks/analysis.py for what that buys); everything kept
between runs lives in that cache (engine/incremental/). A one-shot analysis passes none and runs
the pure functions directly.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from planner_gui.engine.acceptance.plan import AcceptancePlan, acceptance_plan
from planner_gui.engine.checks.base import Check, Severity, params, sort_checks
from planner_gui.engine.checks.fabric import fabric_checks
from planner_gui.engine.checks.facility import facility_checks
from planner_gui.engine.checks.rack_scale import rack_scale_devices, rack_scale_findings
from planner_gui.engine.collectives import FabricProfile
from planner_gui.engine.collectives.fabric_profile import fabric_profile_from_design
from planner_gui.engine.cost.bom import Bom, build_bom
from planner_gui.engine.cost.cables import CableSchedule, cable_schedule
from planner_gui.engine.cost.device_models import DeviceModels, device_models
from planner_gui.engine.cost.tco import CostReport, cost_report
from planner_gui.engine.deploy.nccl_env import NcclSetting, recommend_nccl_env
from planner_gui.engine.facility.cooling import CoolingReport, cooling_report, slowest_rack
from planner_gui.engine.facility.energy import FacilityReport, facility_report
from planner_gui.engine.facility.power import DeviceDraw, PowerReport, power_base, power_report, rack_inputs_of
from planner_gui.engine.incremental.analysis_cache import AnalysisCache, DesignInputs, NoCache
from planner_gui.engine.incremental.link_columns import columns_scope
from planner_gui.engine.incremental.store import keeping
from planner_gui.engine.sections.curves_notes import collectives_section, design_notes, device_notes, note_checks
from planner_gui.engine.sections.results import (
    Analysis,
    CollectivesSection,
    StorageSection,
    Summary,
    TrainingSection,
    count_by_severity,
)
from planner_gui.engine.sections.training import (
    LayoutInvalid,
    SectionSkipped,
    error_message,
    invalid_layout_check,
    mixed_gpu_check,
    needs_reason,
    storage_section,
    throttle_check,
    training_section,
)
from planner_gui.engine.topology.report import TopologyReport, topology_structure, with_cable_lengths
from planner_gui.engine.topology.utilisation import analysis_link_utilisation
from planner_gui.engine.training import CommModel, comm_model_from_profile, training_checks
from planner_gui.engine.util.gc_pause import gc_paused
from planner_gui.model import Design
from planner_gui.model.messages import QT_TRANSLATE_NOOP, Text

__all__ = ["Analysis", "AnalysisCache", "analyze_design"]
T = TypeVar("T")
MAX_REASON_CHARS = 500  # a reason is one line in the GUI's status list and the CLI's report
LINK_LOAD_INPUTS = ("topology", "collectives", "storage")  # the sections link utilisation reads
SECTION_FAILED_FIX = "Fix the value the message names; the rest of the analysis is unaffected."
# The aspects of a design sections are keyed on (model/snapshot.py): revisions the Document renews per edit
DEVICES, LINKS, RACKS, COST = ("devices", "placement"), ("links", "media", "lengths"), ("racks", "rack_power"), \
    ("cost", "meta")


def analyze_design(design: Design, catalog: Any, cache: AnalysisCache | None = None) -> Analysis:
    """Every result for ``design`` with hardware from ``catalog``; never raises on a design. Without a
    cache every section is computed from scratch by its pure function, and nothing is kept."""
    if cache is None:
        with keeping(None):  # not even the store of a caller's own run
            return _analysis(design, catalog, NoCache())
    cache.begin(catalog)
    with keeping(cache.store):  # what the sections' incremental steps keep lives in the cache (store.py)
        return _analysis(design, catalog, cache)


def _analysis(design: Design, catalog: Any, memo: AnalysisCache) -> Analysis:
    with gc_paused():  # the collector's passes over a large design cost more than the analysis (gc_pause.py)
        run = _Run(design, catalog, memo)
        with columns_scope(run.inputs.columns):  # topology and power read the links once, with the keys
            analysis = run.analysis()
        # The run's snapshots go before the collector is back on: its link columns also hold the last
        # analysis' lists (to compare with), which its first pass would otherwise walk.
        del run
    return analysis


_FabricResults = tuple[CollectivesSection | None, list[Check] | None, tuple[NcclSetting, ...] | None,
                       AcceptancePlan | None]


class _Run:
    """One analysis: runs each section through the cache and records why any is missing."""

    def __init__(self, design: Design, catalog: Any, memo: AnalysisCache) -> None:
        self.design, self.catalog, self.memo = design, catalog, memo
        self.inputs = DesignInputs(design)
        self.unavailable: dict[str, str] = {}
        self.failed: set[str] = set()
        self.problems: list[Check] = []
        self.gen: dict[str, int] = {}
        self.bom: Bom | None = None

    def section(self, name: str, key: Callable[[], Any], compute: Callable[[], T]) -> T | None:
        try:
            value, generation = self.memo.memo(name, key, compute)
        except SectionSkipped as skip:
            self.unavailable[name] = skip.reason
            return None
        except LayoutInvalid as error:
            self.unavailable[name] = _one_line(error)
            self.failed.add(name)
            self.problems.append(invalid_layout_check(_one_line(error)))
            return None
        except (ValueError, KeyError) as error:  # bad input somewhere in the design or catalog
            self._fail(name, _one_line(error), f"{name} could not be computed: {_one_line(error)}",
                       details=params(section=name, reason=_one_line(error)))
            return None
        except Exception as error:  # a bug in one model must not take the live analysis down
            text = f"{type(error).__name__}: {_one_line(error)}"
            self._fail(name, f"internal error: {text}", f"{name}: internal error {text} (please report this)",
                       "analysis-internal-error", params(section=name, error=text))
            return None
        self.gen[name] = generation
        return value

    def _fail(self, name: str, reason: str, message: str, code: str = "analysis-section-failed",
              details: tuple[tuple[str, Any], ...] = ()) -> None:
        self.unavailable[name] = reason
        self.failed.add(name)
        self.problems.append(Check(code, Severity.WARNING, message, (), SECTION_FAILED_FIX, params=details))

    def need(self, value: T | None, name: str) -> T:
        """``value``, or skip the calling section with the reason ``name`` is missing."""
        if value is not None:
            return value
        if name in self.failed:
            raise SectionSkipped(needs_reason(name, failed=True))
        raise SectionSkipped(self.unavailable.get(name) or needs_reason(name, failed=False))

    # ----- the pipeline ----------------------------------------------------------------------
    def analysis(self) -> Analysis:
        topo, profile = self._fabric()
        collectives, fabric, env, acceptance = self._fabric_results(topo, profile)
        power, cooling, facility, cost, facility_found = self._facility()
        notes = self.section("notes", lambda: (self.inputs(*DEVICES), self.gen.get("topology"),
                                               None if topo is not None else self.inputs(*LINKS)),
                             lambda: self._notes(topo))
        training, storage = self._training(topo, profile, cooling)
        links = self.section("link_utilisation", lambda: tuple(map(self.gen.get, LINK_LOAD_INPUTS)),
                             lambda: analysis_link_utilisation(self.need(topo, "topology"), collectives, storage))
        found = [*(fabric or []), *(facility_found or []), *(notes or []),
                 *self._training_checks(training, storage), *self._mixed_gpus(topo), *self.problems]
        checks = tuple(sort_checks(found))
        summary = self._summary(topo, collectives, power, facility, cost, training, checks)
        return Analysis(topo, profile, collectives, checks, tuple(env or ()), acceptance, power, cooling,
                        facility, cost, training, storage, summary, link_utilisation=links, bom=self.bom)

    def _notes(self, topo: TopologyReport | None) -> list[Check]:
        """The design's notes as checks; the device notes are kept while the devices are unchanged (a
        cable edit redoes only the links' speed steps)."""
        i = self.inputs
        devices, _ = self.memo.memo("device_notes", lambda: i(*DEVICES),
                                    lambda: device_notes(self.design, self.catalog))
        return note_checks(design_notes(self.design, self.catalog, topo, devices))

    def _fabric_results(self, topo: TopologyReport | None, profile: FabricProfile | None) -> _FabricResults:
        d, c, i = self.design, self.catalog, self.inputs
        collectives = self.section("collectives", lambda: profile, lambda: self._collectives(profile))
        key = self._fabric_key(profile)
        fabric = self.section("fabric_checks", key,
                              lambda: fabric_checks(d, c, self.need(topo, "topology"), profile))
        env = self.section("nccl_env", key, lambda: recommend_nccl_env(
            d, c, self.need(topo, "topology"), self.need(profile, "profile")))
        # acceptance reads the topology only through the NCCL environment and the main server's memory
        acceptance = self.section("acceptance", lambda: (profile, env, i("devices")), lambda: acceptance_plan(
            d, c, self.need(topo, "topology"), self.need(profile, "profile")))
        return collectives, fabric, env, acceptance

    def _fabric(self) -> tuple[TopologyReport | None, FabricProfile | None]:
        i = self.inputs
        topo = self.section("topology", lambda: i(*DEVICES, *LINKS),
                            self._topology)
        profile = self.section("profile", lambda: (self.gen.get("topology"), i("fabric")),
                               lambda: self._profile(topo))
        return topo, profile

    def _topology(self) -> TopologyReport:
        """Cable lengths feed only the cable findings: the structure is cached apart, so a length edit
        redoes that last step alone."""
        i = self.inputs
        structure, _ = self.memo.memo("topology_structure", lambda: i(*DEVICES, "links", "media"),
                                      lambda: topology_structure(self.design, self.catalog))
        return with_cable_lengths(structure, self.catalog, i.columns.lengths)

    def _profile(self, topo: TopologyReport | None) -> FabricProfile:
        topo = self.need(topo, "topology")
        if topo.servers == 0:
            raise SectionSkipped(QT_TRANSLATE_NOOP("Engine", "the design has no GPU servers (of a model the catalog "
                                                             "knows)").fill())
        return fabric_profile_from_design(self.design, self.catalog, topo)

    def _collectives(self, profile: FabricProfile | None) -> CollectivesSection:
        known = self.need(profile, "profile")
        return self.memo.table("curves", known, lambda: collectives_section(known))

    def _fabric_key(self, profile: FabricProfile | None) -> Callable[[], Any]:
        i = self.inputs
        return lambda: (self.gen.get("topology"), profile, i("fabric", "workload"))

    def _facility(self) -> tuple[PowerReport | None, CoolingReport | None, FacilityReport | None,
                                 CostReport | None, list[Check] | None]:
        i, d, c = self.inputs, self.design, self.catalog
        power = self.section("power", lambda: i(*DEVICES, *LINKS, *RACKS), self._power)
        gen = self.gen.get
        cooling = self.section("cooling", lambda: (gen("power"), i(*RACKS)),
                               lambda: cooling_report(d, c, self.need(power, "power")))
        facility = self.section("facility", lambda: (gen("power"), i(*RACKS, *COST)),
                                lambda: facility_report(d, c, self.need(power, "power")))
        # racks only for their models: a rack's power budget, feeds or cooling change no part of the BOM
        self.bom = self.section("bom", lambda: i(*DEVICES, *LINKS, "racks", *COST),
                                lambda: build_bom(d, c, self._cable_schedule(), self._device_models()))
        cost = self.section("cost", lambda: (gen("power"), gen("facility"), gen("bom"), i(*RACKS, *COST, *DEVICES)),
                            lambda: cost_report(d, c, self.need(power, "power"), facility, self.need(self.bom, "bom"),
                                                self._device_models()))
        found = self.section("facility_checks", lambda: (gen("power"), gen("cooling"), gen("cost")),
                             lambda: facility_checks(self.need(power, "power"), self.need(cooling, "cooling"),
                                                     cost))
        # the devices' share is kept across a rack's budget, feeds or cooling edit; the rest walks the racks
        share = self.section("rack_scale_devices", lambda: i(*DEVICES), lambda: rack_scale_devices(d, c))
        scale = self.section("rack_scale_checks", lambda: (gen("rack_scale_devices"), gen("power"), gen("cooling"),
                                                           i(*RACKS)),
                             lambda: rack_scale_findings(d, c, self.need(share, "rack_scale_devices"), power,
                                                         cooling))
        if found is not None or scale is not None:
            found = [*(found or []), *(scale or [])]
        return power, cooling, facility, cost, found

    def _cable_schedule(self) -> CableSchedule:
        """The one cable schedule both the power model and the bill read: the same part for every link."""
        i = self.inputs
        return self.memo.memo("cable_schedule", lambda: i(*DEVICES, *LINKS),
                              lambda: cable_schedule(self.design, self.catalog, self._device_models()))[0]

    def _device_models(self) -> DeviceModels:
        """The devices' models, kept while the devices are unchanged (the schedule, the bill and the cost read them)."""
        return self.memo.memo("device_models", lambda: self.inputs("devices"), lambda: device_models(self.design))[0]

    def _power(self) -> PowerReport:
        """The power model from its shares, each kept while what it reads is unchanged: the devices' figures,
        the cable schedule (module watts), the racks' supply and frames (and the placement)."""
        i, d, memo = self.inputs, self.design, self.memo.memo
        base = memo("power_base", lambda: i(*DEVICES), lambda: power_base(d, self.catalog))[0]
        return power_report(d, self.catalog, base, self._cable_schedule(),
                            lambda: memo("rack_inputs", lambda: i(*DEVICES, *RACKS),
                                         lambda: rack_inputs_of(d, base))[0],
                            lambda: memo("device_draw", lambda: i(*DEVICES, *LINKS),
                                         lambda: DeviceDraw(d, self.catalog, base, self._cable_schedule()))[0])

    def _training(self, topo: TopologyReport | None, profile: FabricProfile | None, cooling: CoolingReport | None
                  ) -> tuple[TrainingSection | None, StorageSection | None]:
        i = self.inputs
        # cooling only through the slowest rack's throttle: a budget edit that throttles nothing keeps it
        training = self.section("training", lambda: (i("workload"), profile, self.gen.get("topology"),
                                                     self._throttle(cooling)),
                                lambda: self._estimate(topo, profile, cooling))
        storage = self.section("storage", lambda: (self.gen.get("training"), i(*DEVICES)),
                               lambda: storage_section(self.design, self.catalog,
                                                       self.need(training, "training")))
        return training, storage

    def _estimate(self, topo: TopologyReport | None, profile: FabricProfile | None,
                  cooling: CoolingReport | None = None) -> TrainingSection:
        if self.design.workload is None:
            raise SectionSkipped(QT_TRANSLATE_NOOP("Engine", "no training workload is set (add one in the design's "
                                                             "workload settings)").fill())
        throttle, rack = self._throttle(cooling)
        return training_section(self.design, self.catalog, self.need(topo, "topology"),
                                self.need(profile, "profile"), self._comm, throttle, rack)

    def _throttle(self, cooling: CoolingReport | None) -> tuple[float, str]:
        """The slowest GPU rack's throttle, once per cooling report (a walk over every rack)."""
        return self.memo.memo("throttle", lambda: self.gen.get("cooling"), lambda: slowest_rack(cooling))[0]

    def _comm(self, profile: FabricProfile) -> CommModel:
        """One communication model per profile, kept so its per-group timings stay cached between edits."""
        return self.memo.table("comm", profile, lambda: comm_model_from_profile(profile))

    def _mixed_gpus(self, topo: TopologyReport | None) -> list[Check]:
        """One job, one GPU model (sections/training.py ``mixed_gpu_check``); nothing without a topology."""
        return [] if topo is None else mixed_gpu_check(self.design, self.catalog, topo)

    @staticmethod
    def _training_checks(training: TrainingSection | None, storage: StorageSection | None) -> list[Check]:
        if training is None:
            return []
        return [*training_checks(training.estimate, None if storage is None else storage.estimate),
                *throttle_check(training)]

    def _summary(self, topo: TopologyReport | None, collectives: CollectivesSection | None,
                 power: PowerReport | None, facility: FacilityReport | None, cost: CostReport | None,
                 training: TrainingSection | None, checks: tuple[Check, ...]) -> Summary:
        design = self.design
        profile = collectives.profile if collectives is not None else None
        options = cost.options if cost is not None else {}
        buy, rent, cloud = options.get("buy"), options.get("rent"), options.get("cloud")
        estimate = training.estimate if training is not None else None
        return Summary(
            name=design.meta.name, currency=str(design.meta.currency),
            gpus=topo.gpus if topo is not None else (power.gpu_count if power is not None else 0),
            nodes=topo.servers if topo is not None else 0,
            job_gpus=profile.ranks if profile is not None else 0,
            job_nodes=profile.nodes * profile.hosts_per_domain if profile is not None else 0,
            racks=len(design.racks),
            it_kw=facility.it_training_kw if facility is not None else None,
            it_typical_kw=facility.it_typical_kw if facility is not None else None,
            it_peak_kw=facility.it_peak_kw if facility is not None else None,
            facility_kw=facility.facility_kw if facility is not None else None,
            pue=facility.pue if facility is not None else None,
            buy_upfront=buy.upfront if buy is not None else None,
            buy_monthly=buy.monthly if buy is not None else None,
            rent_monthly=rent.monthly if rent is not None else None,
            cloud_monthly=cloud.monthly if cloud is not None else None,
            allreduce_busbw_1gib_gbps=None if collectives is None else collectives.allreduce_busbw_1gib_gbps,
            training_step_time_s=estimate.step_time_s if estimate is not None else None,
            training_days=estimate.days_to_train if estimate is not None else None,
            checks=count_by_severity(checks), unavailable=dict(self.unavailable),
        )


def _one_line(error: BaseException) -> str:
    text = error.args[0] if isinstance(error, KeyError) and error.args else error_message(error)
    line = " ".join(str(text).split())[:MAX_REASON_CHARS] or type(error).__name__
    return text if isinstance(text, Text) and text == line else line  # a one-line Text stays translatable
