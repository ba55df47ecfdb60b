"""Computed diagnosis for r.object-not-found: user code vs package internals."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_USER_LEVEL = {
    "eval", "withVisible", "print", "mean", "sum", "data.frame", "cbind", "rbind", "ggplot", "aes", "mutate", "filter",
    "select", "summarise", "summarize", "arrange", "group_by", "lm", "glm", "model.frame", "predict", "plot", "head",
    "eval_tidy", "FUN", "lapply", "sapply", "vapply", "do.call", "paste", "paste0", "nrow", "ncol", "length", "as.matrix",
}
_CALL_NAME = re.compile(r"^[`\s]*([A-Za-z_.][A-Za-z0-9_.:]*)")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    obj = str(facts.get("object") or "").strip()
    if not obj:
        return None
    call = str(facts.get("call") or "").strip()
    m = _CALL_NAME.match(call)
    fname = m.group(1).split("::")[-1] if m else ""
    fix: list[str] = []
    if call and (not fname or call.startswith("(function")):
        diagnosis = "package-internal-anonymous"
        text = (f"‘{obj}’ is looked up inside an anonymous function ({call.strip()[:40]}...), i.e. a package's own code "
                "(callbacks, training loops): the installed package version refers to a variable it does not define - a "
                "bug of that release or packages at mismatched versions.")
        fix.append("Update the packages involved together (or install the development version); search the package's issues for the object name.")
        hint = " inside package code"
    elif fname and fname not in _USER_LEVEL:
        diagnosis = "package-internal"
        text = (f"‘{obj}’ is missing inside `{fname}()`. If {fname} is a package function (not yours), that package "
                f"version refers to ‘{obj}’ without defining it: a bug of the installed release, or {fname} belongs to a "
                "package whose companion (e.g. torch for tft/luz/tabnet, reticulate for keras) is at another version.")
        fix.append(f"Check traceback(): if {fname} is package code, upgrade that package and its companions together (install.packages / remotes::install_github for the fixed development version).")
        fix.append(f"If {fname} is your own function, define ‘{obj}’ or pass it as an argument.")
        hint = f" in {fname}()"
    elif fname:
        diagnosis = "user-data-or-typo"
        text = (f"‘{obj}’ is not defined where `{fname}()` evaluates it: a typo, a column that is not in the data passed, "
                "or a variable created by a line that was not run.")
        fix.append(f"Check names(<data>) and exists(\"{obj}\"); supply the data frame to {fname}() or create ‘{obj}’ first.")
        hint = f" in {fname}()"
    else:
        diagnosis = "user-variable"
        text = f"‘{obj}’ is not defined in the workspace: a typo or a defining line that was not run in this session."
        fix.append(f"Run the line that creates ‘{obj}’ (restart R and run the script from the top) or fix the spelling.")
        hint = " in the workspace"
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis, "call_hint": hint})
