"""Computed diagnosis for dowhy.econml-integration-failed: which side to install / import."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_KNOWN_CLASSES = {
    "econml.dml": ("DML", "LinearDML", "SparseLinearDML", "CausalForestDML", "NonParamDML", "KernelDML"),
    "econml.dr": ("DRLearner", "LinearDRLearner", "SparseLinearDRLearner", "ForestDRLearner"),
    "econml.metalearners": ("TLearner", "SLearner", "XLearner", "DomainAdaptationLearner"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    lib = str(facts.get("library") or "")
    if sig == "econml-extra-missing":
        extra = str(facts.get("extra") or lib or "all")
        text = (f"EconML could not import {lib} when the estimator used it. Either the extra is not installed, or {lib} "
                f"is installed but raises on import (the chained exception above shows which).")
        fix = (f"pip install 'econml[{extra}]'",
               f"python -c 'import {lib}' - if this fails, fix that error (version conflict) instead of reinstalling econml.")
        derived = {"what": f"econml[{extra}]", "diagnosis": f"{lib} not importable from econml"}
    elif sig == "dowhy-error-loading":
        module = str(facts.get("module") or "")
        klass = str(facts.get("klass") or "")
        known = _KNOWN_CLASSES.get(module)
        if known and klass not in known:
            diagnosis = "class not in that module"
            text = f"{module} has no class {klass} in current releases: method_name points to a wrong path."
            fix = (f"Use one of {module}.{', '.join(known)} in method_name (prefix backdoor./iv.).",)
        else:
            diagnosis = f"{lib or 'estimator library'} not importable"
            text = (f"DoWhy could not import {module} to build {klass}: {lib or 'the library'} is not installed in this "
                    "environment, or importing it fails (DoWhy hides the real error).")
            fix = (f"python -c 'import {module}; print({module}.{klass})' to see the real error;",
                   f"pip install {lib or module.split('.')[0]} (with scikit-learn / numpy versions it supports).")
        derived = {"what": f"{module}.{klass}", "diagnosis": diagnosis}
    else:
        return None
    return Explanation(text=text, fix=fix, derived=derived)
