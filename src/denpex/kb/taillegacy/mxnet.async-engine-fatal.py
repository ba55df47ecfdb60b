"""Computed diagnosis for mxnet.async-engine-fatal: surface the inner check printed next to the engine notice."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    check = str(facts.get("inner_check") or "").strip()
    src = str(facts.get("inner_file") or "")
    if not check:
        text = ("An operator failed on an MXNet engine thread and its error is not in this excerpt. The notice is generic: "
                "the real error is the 'Check failed' line printed before it.")
        fix = ("export MXNET_ENGINE_TYPE=NaiveEngine and rerun: the failure becomes a Python MXNetError at the line that queued the op.",
               "Try a smaller batch first if this happens after some iterations (GPU memory).")
        return Explanation(text=text, fix=fix, derived={"inner_label": "", "diagnosis": "cause not printed"})
    low = check.lower()
    base = src.rsplit("/", 1)[-1]
    if "out of memory" in low or "(2 vs. 0)" in low:
        why, fix = "GPU out of memory inside the operator", ("Reduce the batch size or input size.",)
    elif "workspace" in low:
        why, fix = "the operator's workspace is smaller than it needs", ("Raise workspace= on the Convolution/Deconvolution layer (MB) or lower the input size.",)
    elif "cudasuccess" in low:
        why, fix = "a CUDA call inside the operator failed", ("Check that custom ops were built for this GPU's arch and this MXNet; run with NaiveEngine to find the op.",)
    elif "threaded_engine" in base or "num_pending" in low:
        why, fix = "an internal engine consistency check failed (often a custom op or multi-threaded use of MXNet)", ("Run with MXNET_ENGINE_TYPE=NaiveEngine; avoid calling MXNet from several Python threads.",)
    else:
        why, fix = f"the check in {base or 'an operator'} failed", ("Run with MXNET_ENGINE_TYPE=NaiveEngine to get the Python line that queued this operator.",)
    text = f"The engine notice follows a real failure{(' in ' + base) if base else ''}: {check} - {why}."
    return Explanation(text=text, fix=fix, derived={"inner_label": f" ({why})", "diagnosis": why})
