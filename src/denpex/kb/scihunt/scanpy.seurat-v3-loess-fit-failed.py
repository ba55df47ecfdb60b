"""Computed diagnosis for scanpy.seurat-v3-loess-fit-failed: which loess failure, how singular."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_EPS = 2.220446049250313e-16  # float64 machine epsilon


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    err = str(facts.get("loess_error") or "")
    if not err:
        return None
    fix: list[str] = []
    rcond = facts.get("rcond")
    if err.startswith("reciprocal") and rcond is not None:
        try:
            r = float(rcond)
        except (TypeError, ValueError):
            r = None
        if r is not None:
            ratio = r / _EPS
            if ratio < 1e3:
                diagnosis = "local design matrix singular: many genes share one mean"
                text = (f"The loess design matrix has reciprocal condition number {r:.3g}, about {ratio:.0f} times the float64 "
                        "machine epsilon: it is singular for practical purposes. In the failing batch many genes have the "
                        "same (near-zero) mean, so the local quadratic fit has too few distinct points.")
            else:
                diagnosis = "local design matrix badly conditioned"
                text = (f"The loess design matrix is badly conditioned (rcond {r:.3g}); the failing batch has few distinct gene means.")
        else:
            diagnosis = "local design matrix singular"
            text = "The loess design matrix is singular in one batch: many genes share the same mean."
    elif err.startswith("There are other near"):
        diagnosis = "local design matrix singular: many genes share one mean"
        text = ("loess found several singular neighbourhoods: in the failing batch many genes have identical means "
                "(often genes seen in one or two cells of a small batch).")
    elif err.startswith("svddc"):
        diagnosis = "SVD of the local fit did not converge"
        text = ("The SVD inside the loess fit (l2fit) did not converge: typical with NaN/inf gene means or with "
                "normalized/log data instead of counts.")
        fix.append("Check the layer for NaN/inf and non-integers: np.isfinite(X.data).all(), (X.data % 1 == 0).all(); pass layer='counts'.")
    elif err.startswith("Extrapolation"):
        diagnosis = "a gene mean lies outside the fitted range of its batch"
        text = ("loess was asked to evaluate a mean outside the range it was fitted on (blending forbids extrapolation): "
                "usually a batch whose genes have very few distinct means.")
    else:
        return None
    fix += [
        "sc.pp.filter_genes(adata, min_cells=3) before HVG selection (and drop genes absent from a whole batch when using batch_key).",
        "Retry with a wider span: sc.pp.highly_variable_genes(adata, flavor='seurat_v3', layer='counts', span=0.5).",
        "Inspect batch sizes: adata.obs[batch_key].value_counts(); merge or exclude batches with very few cells.",
    ]
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
