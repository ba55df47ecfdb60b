"""Computed diagnosis for seuratdisk.h5ad-convert-failed: which conversion step HDF5 refused."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_DEST = {"obs": "meta.data", "var": "meta.features", "raw/var": "meta.features"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    src = facts.get("src_name")
    op = facts.get("op")
    fix: list[str] = []
    if src in ("feature names", "scaled features"):
        step = f"it found no {src} (var index) where it expects them"
        text = (
            "SeuratDisk reads the gene names from var/_index (or var/index) of a var group; this file stores "
            "var in a way it does not know (compound dataset, another index name)."
        )
    elif src:
        dest = _DEST.get(str(src))
        where = f" as {dest}" if dest else ""
        step = f"HDF5 could not copy '{src}' into the h5Seurat file{where}"
        text = (
            f"obj_copy_from copies the h5ad's '{src}' as raw HDF5 objects into another file; the copy fails when "
            "its datasets carry object-reference attributes (anndata 0.7 categoricals) or use a newer encoding."
        )
        if src == "obs":
            fix.append("Convert categorical obs columns to strings in Python and re-write the h5ad, or use anndataR / zellkonverter.")
    elif facts.get("target"):
        step = f"HDF5 could not copy an h5ad element into {facts['target']} of the h5Seurat file"
        text = (
            "obj_copy_from copies h5ad elements (here from uns) as raw HDF5 objects into another file; the copy "
            "fails when they carry object-reference attributes or a newer anndata encoding."
        )
    elif op == "link_delete":
        step = "deleting the var index from the copied meta.features failed"
        text = "The var index is not a plain link under the name SeuratDisk derived (anndata 0.8+ layout)."
    elif op:
        step = "reading the column-order attribute failed (empty attribute)"
        text = "obs/var written without columns carry an empty column-order attribute that hdf5r cannot read."
    else:
        step = "an HDF5 step of H5ADToH5Seurat failed"
        text = "SeuratDisk expects the anndata 0.6/0.7 h5ad layout."
    fix.append("Use a maintained converter (anndataR, zellkonverter, sceasy) instead of SeuratDisk.")
    return Explanation(text=text, fix=tuple(fix), derived={"step": step})
