"""Computed diagnosis for scvi.anndata-key-not-found: what field is missing and how to create it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    key = str(facts.get("key") or "")
    attr = str(facts.get("attr") or "")
    if not key or not attr:
        return None
    if attr == "layers":
        if key.lower() in ("counts", "raw_counts", "count", "umi", "raw"):
            diagnosis = "no raw-counts layer stored"
            text = (f"The AnnData has no layer '{key}': raw counts were never copied into a layer (or were lost converting "
                    "from Seurat/loom). scvi-tools needs integer counts.")
            fix = (f"Before normalizing: adata.layers['{key}'] = adata.X.copy() (X must still be raw counts then).",
                   "If X already holds raw counts: setup_anndata(adata, layer=None, ...).",
                   "If only normalized data is left, recover counts from adata.raw or the original matrix files.")
        else:
            diagnosis = f"layer '{key}' missing"
            text = f"setup_anndata was asked for layer '{key}', which this AnnData does not have."
            fix = ("print(list(adata.layers.keys())) and pass an existing layer, or layer=None to use X.",)
    elif attr == "obs":
        diagnosis = f"obs column '{key}' missing"
        text = (f"The column '{key}' (a batch, labels or covariate key) is not in adata.obs of this AnnData; for query "
                "mapping, the query must have every column the reference model was set up with.")
        fix = (f"print(list(adata.obs.columns)); fix the spelling or add it: adata.obs['{key}'] = ...",
               f"For query data without it: adata.obs['{key}'] = 'unknown' (categorical) before load_query_data.")
    elif attr == "obsm":
        diagnosis = f"obsm key '{key}' missing"
        text = f"adata.obsm has no '{key}' (e.g. protein expression for totalVI)."
        fix = ("print(list(adata.obsm.keys())) and pass protein_expression_obsm_key=<existing key>.",)
    else:
        diagnosis = f"adata.{attr} has no '{key}'"
        text = f"The registered field '{key}' is not in adata.{attr}."
        fix = (f"print(adata) and pass a key present in adata.{attr}.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
