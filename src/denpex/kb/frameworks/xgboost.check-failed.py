"""Computed diagnosis for xgboost.check-failed: which subsystem checked what, the two compared values, and the usual cause."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_AREAS = (
    ("objective/", "the objective (labels vs. predictions)"),
    ("data/", "the DMatrix (data and its labels / weights)"),
    ("c_api", "the C API call (data passed in)"),
    ("learner.cc", "the learner configuration (parameters)"),
    ("context.cc", "device selection"),
    ("gbm/", "the booster (updater / predictor selection)"),
    ("updater_gpu_hist", "the GPU histogram tree updater"),
    ("device_helpers", "a CUDA call in the GPU code"),
    ("tree/", "the tree updater"),
    ("predictor/", "prediction"),
    ("common/hist_util", "the quantile sketch (feature binning)"),
    ("metric/", "an evaluation metric"),
    ("common/", "common utilities"),
)
_VALUES = re.compile(r"\((?P<a>-?[\w.]+) vs\. (?P<b>-?[\w.]+)\)")
_GPU = ("Must have at least one device", "Ordinal()", "n_gpus", "gpu_predictor_", "AllVisibleGPUs", "DeviceIdx()", "gpu_id", "device_id")


def _area(src: str) -> str | None:
    s = src.replace("\\", "/")
    for key, name in _AREAS:
        if key in s:
            return name
    return None


def _int(t: str) -> int | None:
    try:
        return int(t)
    except ValueError:
        return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    if facts.get("param"):
        p, t, v = facts["param"], facts.get("expected_type") or "?", facts.get("value")
        derived["what"] = f"parameter {p} must be {t} but got {v!r}"
        parts.append(f"The parameter {p} was passed as {v!r}, which does not parse as {t}.")
        if v in ("None", "nan", ""):
            fix.append(f"Give {p} a real value or leave it out (a None from a config or sklearn get_params() becomes the string 'None').")
        elif t.startswith("int") and re.fullmatch(r"-?\d+\.\d*", str(v)):
            fix.append(f"Cast it: {p}=int(round({v})) (tuners such as hyperopt / BayesOpt sample floats; use an integer distribution).")
        else:
            fix.append(f"Pass {p} as {t} within its documented range.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if facts.get("worker") is not None:
        derived["what"] = f"GPU out of memory on worker {facts['worker']}"
        parts.append("XGBoost's GPU allocator could not get memory (cudaErrorMemoryAllocation).")
        fix.append("Free the GPU (other processes, earlier boosters: del bst; gc.collect()), lower max_bin / max_depth, use xgb.QuantileDMatrix (or ExtMemQuantileDMatrix for larger-than-memory data), and run tuning trials one per GPU.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    check = str(facts.get("check") or "").strip().rstrip("'\"")
    src = str(facts.get("source_file") or "")
    if not check:
        derived["what"] = "this xgboost build has no GPU support (XGBoost version not compiled with GPU support)"
        parts.append("The installed libxgboost was built without CUDA, so tree_method='gpu_hist' / device='cuda' / predictor='gpu_predictor' cannot run.")
        fix.append("Install a CUDA build: pip install -U xgboost on Linux x86_64 / Windows (not xgboost-cpu), or conda install -c conda-forge py-xgboost-gpu; check xgboost.build_info()['USE_CUDA'] is True. Or drop the GPU parameters.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    area = _area(src)
    if area:
        derived["failed_in"] = area
    m = _VALUES.search(check)
    expr = check[: m.start()].strip() if m else check.split(" : ")[0]
    derived["what"] = f"Check failed: {expr}" + (f" ({m.group('a')} vs. {m.group('b')})" if m else "") + (f" in {src}" if src else "")
    parts.append(f"XGBoost's check '{expr}' failed in {src or 'its C++ core'}" + (f" ({area})" if area else "") + ".")
    a = _int(m.group("a")) if m else None
    b = _int(m.group("b")) if m else None
    low = check.lower()
    if "preds" in check and "label" in low:
        if a and b and a > b and a % b == 0:
            k = a // b
            derived["outputs_per_row"] = k
            parts.append(f"There are {a} predictions for {b} labels: {k} outputs per row, so the model is multi-output (num_class={k} or a multi-class objective) while the labels have one value per row.")
            fix.append(f"For binary or regression objectives remove num_class (it makes {k} outputs per row); for multi-class use objective='multi:softprob' with num_class={k} and labels 0..{k - 1}.")
        elif a and b and b > a and b % a == 0:
            k = b // a
            parts.append(f"There are {b} label values for {a} predictions: the label has {k} values per row (one-hot or a 2-D y).")
            fix.append("Pass 1-D integer class labels (y.argmax(axis=1) for one-hot) or a multi-output objective with the matching number of targets.")
        else:
            if a is not None and b is not None:
                parts.append(f"{a} predictions (data rows x outputs) but {b} labels: the label array is not the same length as the data.")
            fix.append("Make the label one value per data row (len(y) == X.shape[0]) and set num_class only for multi:softmax / multi:softprob.")
    elif "num_row" in check or "number of rows" in low:
        parts.append("The label (or weight) array length does not match the number of data rows" + (f" ({a} vs. {b})" if m else "") + ".")
        fix.append("Build the DMatrix from X and y of the same length; with Dask, partition X and y identically (same npartitions / divisions); a 2-D y needs shape (n_rows, n_targets).")
    elif "label must be" in low or "label" in low and "range" in low:
        fix.append("Encode labels to the range the objective expects: {0,1} for binary:logistic, 0..num_class-1 for multi:*, non-negative for count / gamma / tweedie (sklearn LabelEncoder).")
    elif any(g in check for g in _GPU):
        parts.append("A GPU setting could not be honoured: no visible GPU, a CPU-only build, a device index beyond the visible GPUs, or data on another device than the booster.")
        fix.append("Check nvidia-smi / CUDA_VISIBLE_DEVICES and xgboost.build_info()['USE_CUDA']; use device='cuda' (or 'cuda:0' within the visible set) for training and prediction alike, or drop the GPU parameters to run on the CPU.")
    elif "inf" in low or "finite" in low:
        fix.append("Replace infinite values: X = X.replace([np.inf, -np.inf], np.nan) (XGBoost treats NaN as missing).")
    elif "base_score" in check:
        fix.append("Set base_score inside the objective's range (0 < base_score < 1 for logistic objectives) or leave it unset.")
    elif "max_depth" in check or "depth" in low:
        fix.append("Lower max_depth (GPU hist limits tree depth) or use grow_policy='lossguide' with max_leaves.")
    elif "HistogramExists" in check or "updater_gpu_hist" in src:
        fix.append("An internal check of the GPU updater: pip install -U xgboost; if it persists, train with device='cpu' and report a reproducer.")
    else:
        fix.append("Read the expression: it names the input or parameter that is wrong; fix it, or upgrade xgboost if the check is internal.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
