"""Computed diagnosis for build.cuda-object-missing: what made the nvcc step fail."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    obj = facts.get("object")
    if not obj:
        return None
    obj = str(obj)
    src = obj[: -len(".o")] if obj.endswith(".o") else obj
    problem = str(facts.get("nvcc_problem") or "")
    if "not found" in problem:
        return Explanation(
            text=f"{obj} was never built because nvcc is not on PATH ('{problem}' just before): the link step had no object.",
            fix=("export PATH=/usr/local/cuda/bin:$PATH; export CUDA_HOME=/usr/local/cuda  (install the CUDA toolkit if that directory has no nvcc), then rerun make.sh.",),
            derived={"nvcc_problem": "nvcc not on PATH"},
        )
    if "Unknown option" in problem:
        return Explanation(
            text=f"{obj} was never built: nvcc rejected a flag of the script ({problem.strip()}); this nvcc is older than the script expects.",
            fix=("Use a newer CUDA toolkit, or remove/adapt the rejected flag (e.g. -std=c++11) in the nvcc line of make.sh.",),
            derived={"nvcc_problem": "nvcc rejected a flag"},
        )
    if problem:
        return Explanation(
            text=f"{obj} was never built: nvcc failed to compile {src} ({problem.strip()}).",
            fix=("Fix that nvcc error first; with TensorFlow >= 1.4 headers add -DNDEBUG (or --expt-relaxed-constexpr) to the nvcc command.",),
            derived={"nvcc_problem": "nvcc compile error"},
        )
    return Explanation(
        text=(f"{obj} does not exist when the linker runs: the nvcc command that should compile {src} failed or never ran. "
              "The cause is printed above this line (most often 'nvcc: command not found')."),
        fix=("Check which nvcc / nvcc --version; put /usr/local/cuda/bin on PATH or install the CUDA toolkit.",
             "Run the nvcc line of make.sh by hand to see its error; add 'set -e' to the script."),
        derived={"nvcc_problem": "not shown (look above)"},
    )
