"""Computed diagnosis for paddlelite.opt-version-mismatch: the two versions and the command to fix."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    opt_v, lite_v = facts.get("opt_version"), facts.get("lite_version")
    if not opt_v and not lite_v:
        return None
    opt_v, lite_v = str(opt_v or "?"), str(lite_v or "?")
    release = lite_v if lite_v.startswith("v") and "." in lite_v else None
    text = (f"The .nb model was produced by opt {opt_v}, the library loading it is {lite_v}. Kernels and attributes recorded by that "
            "opt may not exist or behave differently in this runtime: expect empty results or a kernel check abort.")
    fix = [f"Regenerate the .nb with the opt of {lite_v}" + (f" (pip install paddlelite=={release.lstrip('v')})" if release else
           " (build opt from the same commit: ./lite/tools/build.sh build_optimize_tool)") + ", or use the library release of opt " + opt_v + "."]
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": "opt and runtime from different Paddle Lite versions"})
