"""Computed diagnosis for ray.extra-not-installed: which extra, and whether it is really missing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    feature = str(facts.get("feature") or "")
    package = str(facts.get("package") or "")
    if sig == "tune-not-installed-so":
        lib = package or "xgboost_ray/lightgbm_ray"
        text = (f"{lib} reports Tune as missing for `{feature or 'get_tune_resources'}`. It decides that by importing names from "
                "ray.tune: either ray[tune] is not installed, or it is and the installed Ray no longer has those names (version mismatch).")
        fix = ("python -c 'import ray.tune' - if that fails: pip install -U \"ray[tune]==$(python -c 'import ray; print(ray.__version__)')\".",
               f"If ray.tune imports fine: pin Ray to a release {lib} supports, or switch to ray.train.xgboost.XGBoostTrainer / ray.train.lightgbm.LightGBMTrainer.")
        what = f"{lib}: Tune reported missing ({feature or 'get_tune_resources'})"
        return Explanation(text=text, fix=fix, derived={"what": what})
    if sig == "tune-requires-tabulate":
        return Explanation(
            text="Ray was installed without the [tune] extra: Tune's progress reporter needs tabulate.",
            fix=("pip install -U 'ray[tune]' (same Ray version), or pip install tabulate.",),
            derived={"what": "ray[tune] extra missing (tabulate)"},
        )
    if sig == "jobs-require-ray-default":
        part = "Jobs" if feature == "jobs" else "state"
        return Explanation(
            text=f"The Ray {part} CLI/SDK needs the dashboard client dependencies that only ray[default] installs; this environment has minimal ray.",
            fix=("pip install -U \"ray[default]==<cluster Ray version>\" on the machine that runs the command.",),
            derived={"what": f"ray[default] missing for the {part} CLI/SDK"},
        )
    return None
