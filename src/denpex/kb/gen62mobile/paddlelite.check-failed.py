"""Computed diagnosis for paddlelite.check-failed: what the failed check means, from its file and condition."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    src = str(facts.get("source_file") or "")
    cond = str(facts.get("condition") or "")
    if not src and not cond:
        return None
    opt_v, lite_v = facts.get("opt_version"), facts.get("lite_version")
    fix: list[str] = []
    if "kernels.end()" in cond or src == "program.cc":
        diagnosis = "kernel missing in this Paddle Lite build"
        text = ("RuntimeProgram could not find a kernel for an op of the .nb model: the model was optimized by an opt of another "
                "version/targets than this library, or the library lacks the op (built without --with_extra).")
        fix.append("Regenerate the .nb with the opt of exactly this library's version and valid_targets (pip install paddlelite==<version>; "
                   "paddle_lite_opt ...), or build the library with --with_extra=ON.")
    elif src.endswith("_op.cc"):
        op = src[: -len("_op.cc")]
        diagnosis = f"{op} op attributes/shapes unsupported by Paddle Lite"
        text = (f"Paddle Lite's {op} operator rejected the attributes or input shapes it was given ({cond.strip()}): the model uses a form "
                f"of {op} that the Lite implementation does not support.")
        fix.append(f"Change the exported model so {op} gets a supported form (e.g. scalar values, static shapes), or report the op with "
                   "the model to Paddle Lite.")
    else:
        diagnosis = "Paddle Lite internal check"
        text = f"Paddle Lite aborted on a check in {src}: {cond.strip()}."
        fix.append("Use matching opt/runtime versions and report the check with the model if it persists.")
    if opt_v and lite_v:
        text += f" The model was transformed by opt {opt_v} but the runtime is {lite_v}: regenerate the .nb with the runtime's opt."
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
