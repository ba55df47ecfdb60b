"""Computed diagnosis for anndata.annotation-shape-mismatch: transposed matrix vs mismatched metadata."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    axis = str(facts.get("axis") or "")
    exp, act = facts.get("expected"), facts.get("actual")
    if axis not in ("obs", "var") or not isinstance(exp, int) or not isinstance(act, int):
        return None
    table = "cell table (obs)" if axis == "obs" else "gene table (var)"
    dim = "rows (cells)" if axis == "obs" else "columns (genes)"
    text = f"X has {exp} {dim} but the {table} has {act} rows."
    if exp <= 1:
        verdict = "X is one-dimensional or was parsed wrongly"
        fix = ("Check how the matrix was read (index column, separator): print(X.shape); build X as a 2-D cells x genes array.",)
    elif max(exp, act) / max(1, min(exp, act)) >= 3:
        verdict = "matrix probably transposed"
        text += " A factor this large usually means X is genes x cells."
        fix = ("Transpose the matrix: AnnData(X=mat.T, obs=..., var=...) (scanpy: sc.read_mtx(path).T or sc.read_10x_mtx(folder)).",)
    else:
        verdict = "metadata from another cell/gene filtering"
        text += f" The counts differ by {abs(exp - act)}: the {table} belongs to a differently filtered set."
        fix = ("Align by index: obs = meta.reindex(barcodes) (or subset both to the shared barcodes) before constructing AnnData.",)
    return Explanation(text=text, fix=fix, derived={"verdict": verdict})
