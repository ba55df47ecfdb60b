"""Computed diagnosis for rapids.implicit-host-conversion: which GPU object and the explicit conversion to use."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "cupy-array":
        return Explanation(
            text="A CuPy array reached NumPy (np.asarray/np.array/np.pad/... or a NumPy-only library); CuPy refuses the implicit device-to-host copy.",
            fix=("convert once at the boundary: host = a.get()  (or cupy.asnumpy(a))",
                 "or stay on the GPU: replace the numpy call with its cupy equivalent (xp = cupy.get_array_module(a))",
                 "assigning into a NumPy array: np_arr[idx] = cp_arr.get()"),
            derived={"hint": "CuPy array needs .get() / cupy.asnumpy()"},
        )
    if sig == "cudf-array":
        return Explanation(
            text="A cuDF object (or cuML output in cuDF form) was coerced with __array__ by host code (NumPy, sklearn, matplotlib, pandas).",
            fix=("host copy: obj.to_numpy() (or .values_host / .to_pandas()); GPU array: obj.to_cupy()",
                 "cuML results: output_type='numpy' or cuml.set_global_output_type('numpy'); metrics: cuml.metrics",
                 "if a cuDF method itself raises this, upgrade cuDF or run that step on .to_pandas()"),
            derived={"hint": "cuDF object needs .to_numpy() / .to_cupy()"},
        )
    if sig == "cudf-not-iterable":
        t = facts.get("obj_type") or "cuDF object"
        return Explanation(
            text=f"Python iteration over a cuDF {t} (for-loop, list(), zip, pandas/NumPy construction) is refused: it would copy element by element from the GPU.",
            fix=(f"iterate host values: for v in {t.lower()}.values_host (or .to_arrow().to_pylist())",
                 "better: express the loop as a vectorised cuDF operation (apply/where/merge)"),
            derived={"hint": f"cuDF {t} is not iterable on the host"},
        )
    return None
