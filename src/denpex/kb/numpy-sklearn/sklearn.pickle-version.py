"""Computed diagnosis for sklearn.pickle-version: the scikit-learn version a model was pickled with vs the
installed one (older -> newer or the reverse, 'pre-0.18'), and the tree __setstate__ KeyError it leads to."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _v(text: str) -> tuple[int, ...] | None:
    m = re.match(r"([0-9]+)\.([0-9]+)(?:\.([0-9]+))?", text or "")
    return tuple(int(x) for x in m.groups() if x is not None) if m else None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    est = str(facts.get("estimator") or "")
    old = str(facts.get("from_version") or "")
    new = str(facts.get("to_version") or "")
    key = str(facts.get("key") or "")
    parts: list[str] = []
    fix: list[str] = []
    if key:
        headline = f"a pickled scikit-learn tree from another version cannot be restored (missing '{key}' in the saved tree state)"
        parts.append(f"Unpickling a decision tree (DecisionTree*/RandomForest*/GradientBoosting*) called Tree.__setstate__, which needs the field '{key}' that the pickle does not contain: the file was written by a much older (or newer) scikit-learn whose tree format differs - typically a model pickled before 0.18 loaded in a current version.")
        fix.append("Retrain the model with the installed scikit-learn and save it again, or load it in the scikit-learn version it was saved with (pip install scikit-learn==<that version> in a separate environment) and export it in a portable form (re-save after upgrading step by step, or ONNX/skops).")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
    direction = ""
    vo, vn = _v(old), _v(new)
    if old.startswith("pre-"):
        direction = "much older (before 0.18, 2016)"
    elif vo and vn:
        direction = "older" if vo < vn else ("newer" if vo > vn else "")
    headline = f"{est or 'an estimator'} pickled with scikit-learn {old}, loaded with {new}"
    parts.append(f"The pickle of {est or 'an estimator'} was written by scikit-learn {old}" + (f" ({direction} than the installed {new})" if direction else f" and is loaded by {new}") + ". This is a warning: loading continued, but pickles are only guaranteed within one version - attributes may be missing or mean something else, so predict can fail (AttributeError: ... has no attribute ..., KeyError in __setstate__) or silently give different results.")
    if direction.startswith("newer"):
        parts.append("The file is NEWER than the library: the environment is older than the one that trained the model (a pinned requirements.txt, an old container image).")
        fix.append(f"Install the version the model was saved with: pip install scikit-learn=={old} (or upgrade to it).")
    else:
        fix.append(f"Either pin the training version in this environment (pip install scikit-learn=={old}) or re-train/re-save the model with scikit-learn {new}.")
    fix.append("For long-lived models store the training environment (requirements with the exact scikit-learn version) next to the file, or export to a version-independent format (skops.io, ONNX via skl2onnx).")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
