"""Model fidelity in one command: the collective model against nccl-tests, then the training model.

Runs `fidelity_collectives.py` (issue 3's table: predicted vs measured, median and p90 absolute error for
messages >= 64 MiB and < 64 MiB) and `fidelity_training.py` (published training runs). Each can also be run
alone. Run: `.venv/bin/python benchmarks/fidelity.py`; exit status 1 when the training targets fail.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the two scripts sit beside this one

import fidelity_collectives
import fidelity_training


def main() -> int:
    print("=== Collective communication (benchmarks/data/nccl_calibration.csv)\n")
    collectives = fidelity_collectives.main()
    print("\n=== Training (benchmarks/data/training_calibration.csv)\n")
    training = fidelity_training.main([sys.argv[0]])
    return max(collectives, training)


if __name__ == "__main__":
    sys.exit(main())
