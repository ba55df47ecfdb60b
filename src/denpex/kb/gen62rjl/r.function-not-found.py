"""Computed diagnosis for r.function-not-found: which package provides the function, typo hints."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_EXACT = {
    "install_keras": "keras3 (or the older keras)", "keras_model_sequential": "keras3 (or keras)", "layer_dense": "keras3 (or keras)",
    "install_tensorflow": "tensorflow", "tf_config": "tensorflow", "install_torch": "torch", "torch_tensor": "torch",
    "nn_module": "torch", "dataset": "torch", "dataloader": "torch", "setup": "luz", "tabnet_fit": "tabnet",
    "use_condaenv": "reticulate", "use_python": "reticulate", "py_config": "reticulate", "import": "reticulate",
    "py_install": "reticulate", "tune_grid": "tune", "fit_resamples": "tune", "collect_metrics": "tune",
    "workflow": "workflows", "add_model": "workflows", "add_recipe": "workflows", "recipe": "recipes", "prep": "recipes",
    "bake": "recipes", "initial_split": "rsample", "vfold_cv": "rsample", "training": "rsample", "testing": "rsample",
    "boost_tree": "parsnip", "set_engine": "parsnip", "rand_forest": "parsnip", "grid_regular": "dials",
    "workflow_set": "workflowsets", "workflow_map": "workflowsets", "lrn": "mlr3", "tsk": "mlr3", "rsmp": "mlr3",
    "msr": "mlr3", "resample": "mlr3", "benchmark": "mlr3", "xgboost": "xgboost", "lgb.Dataset": "lightgbm",
    "install_github": "remotes (or devtools)", "ggplot": "ggplot2", "aes": "ggplot2", "%>%": "magrittr (attached by dplyr / tidyverse)",
    "mutate": "dplyr", "select": "dplyr", "filter": "dplyr", "tibble": "tibble", "read_csv": "readr",
}
_PREFIX = (("xgb.", "xgboost"), ("lgb.", "lightgbm"), ("layer_", "keras3 (or keras)"), ("optimizer_", "keras3 (or keras)"),
           ("nn_", "torch"), ("nnf_", "torch"), ("torch_", "torch"), ("optim_", "torch"), ("step_", "recipes"),
           ("conda_", "reticulate"), ("py_", "reticulate"), ("tf_", "tensorflow"), ("luz_", "luz"), ("tune_", "tune"))


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    fn = str(facts.get("function") or "").strip()
    if not fn:
        return None
    fix: list[str] = []
    pkg = _EXACT.get(fn) or next((p for pre, p in _PREFIX if fn.startswith(pre)), None)
    guess = None
    if pkg is None:
        for pre, p in (("xgb", "xgboost"), ("lgb", "lightgbm")):
            if fn.startswith(pre) and len(fn) > len(pre) and fn[len(pre)] != ".":
                guess = f"{pre}.{fn[len(pre):]}"
                pkg = p
                break
    if guess:
        diagnosis = "typo"
        text = (f"`{fn}` is not a function of any attached package; {pkg} spells it `{guess}` (with a dot).")
        fix.append(f"Call {guess}(...) (library({pkg.split(' ')[0]}) first).")
        hint = f" (did you mean {guess}?)"
    elif pkg:
        diagnosis = "package-not-attached"
        base = pkg.split(" ")[0]
        text = (f"`{fn}` comes from {pkg}, which is not attached in this session - library({base}) was not run, or it "
                "failed earlier (package not installed or not loadable): look for that error above.")
        fix.append(f"install.packages(\"{base}\") if needed, then library({base}); or call {base}::{fn}(...)." if fn != "%>%"
                   else "library(magrittr) or library(dplyr) before using %>% (or use the native |> on R >= 4.1).")
        hint = f" (provided by {pkg})"
    else:
        diagnosis = "unknown-name"
        text = (f"`{fn}` is not defined by any attached package or in the workspace: the package that provides it is not "
                "attached, the name is misspelt, or the installed version of the package does not have it.")
        fix.append(f"Find the provider with ??{fn} / help.search(\"{fn}\"), attach it with library(), and check the spelling and the package version.")
        hint = " (no attached package provides it)"
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis, "package_hint": hint})
