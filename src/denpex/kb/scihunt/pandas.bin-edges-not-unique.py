"""Computed diagnosis for pandas.bin-edges-not-unique: read the printed edges."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_NUM = re.compile(r"(?<![A-Za-z_])(-?inf|nan|-?[0-9]+(?:\.[0-9]*)?(?:[eE][+-]?[0-9]+)?)(?![A-Za-z_])")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    edges = str(facts.get("edges") or "")
    if not edges:
        return None
    body = edges.split("dtype=")[0]
    vals = _NUM.findall(body)
    if not vals:
        return None
    # cut(..., np.r_[-inf, percentiles, inf]) (scanpy cell_ranger) has infinite ends by design
    inner = vals[1:] if vals[0] == "-inf" else vals[:]
    if inner and inner[-1] == "inf":
        inner = inner[:-1]
    n = len(vals)
    n_bad = sum(v == "nan" or v.endswith("inf") for v in inner)
    nums = [float(v) for v in inner if v != "nan" and not v.endswith("inf")]
    dup = len(nums) - len(set(nums))
    if n_bad:
        diagnosis = "the binned values contain NaN/inf"
        text = (f"{n_bad} of the {n} printed bin edges are nan/inf: the data being binned holds NaN or infinite values. "
                "In scanpy highly_variable_genes this is an expression matrix with inf/NaN (e.g. flavor='seurat' on un-logged "
                "counts, where expm1 overflows).")
        fix = ("Check np.isfinite on the data; for scanpy log-normalize first (normalize_total + log1p) or use flavor='seurat_v3' on counts.",
               "Own data: x = x.replace([np.inf, -np.inf], np.nan).dropna() before pd.qcut.")
    elif dup:
        top = max(set(nums), key=nums.count)
        diagnosis = f"{dup} repeated edge(s): too many tied values"
        text = (f"{dup} of the {n} bin edges repeat (value {top:g} appears {nums.count(top)} times): a large share of the data has "
                "the same value, so several quantiles coincide.")
        if top == 0.0 or abs(top) <= 1e-12:
            text += " The tied value is zero: typically sparse counts or genes not expressed in a (small) batch."
        fix = ("pd.qcut(x, q, duplicates='drop') (fewer bins) or pd.qcut(x.rank(method='first'), q) (equal-size bins).",
               "scanpy: sc.pp.filter_genes(adata, min_cells=3) (per batch with batch_key) before highly_variable_genes.")
    else:
        return None
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
