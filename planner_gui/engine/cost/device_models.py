"""The devices' hardware models, counted once per edit of the devices rather than once per section.

The cable schedule (each link end's port), the bill (its device and NIC lines, whether PDUs are
placed) and the cost report (the fleet a rent plan prices) each walked every device for its
(catalog id, NIC id, NIC count): three walks over the 55,000 devices of a 100,000-GPU NVL72 design
on every cable edit (benchmarks/scale.py). The analysis keeps one :class:`DeviceModels` while the
devices are unchanged (engine/analysis.py, keyed on the devices' revision) and hands it to all three.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from operator import attrgetter

import numpy as np

from planner_gui.model import Design

DeviceModel = tuple[str, str | None, int | None]  # (catalog id, NIC id, NIC count)
_MODEL_OF = attrgetter("catalog_id", "nic_id", "nic_count")


@dataclass(frozen=True, slots=True)
class DeviceModels:
    """Every device's model: ``keys`` in the order first seen, ``codes`` per device in the design's order."""

    keys: tuple[DeviceModel, ...]
    codes: np.ndarray  # int64, one per device: an index into ``keys``
    kinds: Counter[DeviceModel]  # model -> devices, in the order of ``keys``

    @property
    def catalog_ids(self) -> set[str]:
        return {catalog_id for catalog_id, _, _ in self.keys}


def device_models(design: Design) -> DeviceModels:
    """The models of ``design``'s devices (one pass over them)."""
    index: dict[DeviceModel, int] = {}
    codes = np.fromiter((index.setdefault(model, len(index)) for model in map(_MODEL_OF, design.devices.values())),
                        dtype=np.int64, count=len(design.devices))
    counts = np.bincount(codes, minlength=len(index)).tolist()
    return DeviceModels(tuple(index), codes, Counter(dict(zip(index, counts, strict=True))))
