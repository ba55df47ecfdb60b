"""Computed diagnosis for sklearn.set-output-wrapped-missing-x: which caller broke and the pin or upgrade."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_KNOWN = {
    "pytorch_forecasting": ("pytorch-forecasting", "its target normalizer (GroupNormalizer / EncoderNormalizer / TorchNormalizer) is called "
                            "with keywords while TimeSeriesDataSet is built"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    lib = str(facts.get("library") or "")
    if lib in ("sklearn", "numpy", "pandas"):
        lib = ""
    dist, how = _KNOWN.get(lib, (lib.replace("_", "-"), "it calls transform/fit_transform without passing X positionally"))
    derived = {"method_label": "transform/fit_transform", "library_label": f" ({dist})" if lib else ""}
    if lib:
        text = (f"scikit-learn >= 1.2 wraps transform/fit_transform as wrapped(self, X, ...); {dist} was written for an older "
                f"scikit-learn and {how}, so the call fails before any data is processed.")
        fix = (f"pip install \"scikit-learn<1.2\"  # keeps {dist} as installed working",
               f"or pip install -U {dist}  # a release that passes the data positionally")
    else:
        text = ("scikit-learn >= 1.2 wraps transform/fit_transform as wrapped(self, X, ...): the call in the last traceback frame "
                "passes the data under another keyword (or not at all).")
        fix = ("call transformer.transform(data, ...) positionally (or X=data),",
               "or pin pip install \"scikit-learn<1.2\" for a library written before 1.2,",
               "or opt a custom transformer out: class MyT(TransformerMixin, BaseEstimator, auto_wrap_output_keys=None)")
    return Explanation(text=text, fix=fix, derived=derived)
