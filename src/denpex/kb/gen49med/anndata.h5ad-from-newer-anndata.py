"""Computed diagnosis for anndata.h5ad-from-newer-anndata: which encoding the reader lacks and the anndata it needs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# encoding tag -> the anndata release that first wrote it (tags the 0.7.x reader lacks all came with 0.8)
_INTRODUCED = {
    "dict": "0.8",
    "string-array": "0.8",
    "categorical": "0.8",
    "nullable-integer": "0.8",
    "nullable-boolean": "0.8",
    "numeric-scalar": "0.8",
    "string": "0.8",
    "array": "0.8",
    "awkward-array": "0.9",
    "null": "a newer release than the reader",
    "nullable-string-array": "a newer release than the reader",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    enc = str(facts.get("encoding") or "")
    if not enc:
        key = str(facts.get("key") or "")
        if not key:
            return None
        headline = f"anndata could not read h5ad element {key} (AnnDataReadError): usually a file written by a newer anndata"
        return Explanation(
            text=("Only the AnnDataReadError wrapper is shown; the error it wraps is above it in the full output. "
                  "Most often the file was written by a newer anndata than the reader."),
            fix=("pip install -U anndata (and scanpy) in the reading environment, then read again.",
                 "If the wrapped error is MemoryError / OSError instead, it is a memory or file problem, not a version one."),
            derived={"needs": "a newer anndata", "headline": headline},
        )
    sig = facts.get("_signature")
    key = str(facts.get("key") or "")
    where = f" (element {key})" if key else ""
    since = _INTRODUCED.get(enc, "a newer release than the reader")
    need = f"anndata >= {since}" if since[0].isdigit() else since
    if sig == "encoding-versions-keyerror":
        reader = "anndata 0.7.x"
        text = (f"The installed anndata is 0.7.x (it validates tags with the EncodingVersions enum) and the file "
                f"stores an element tagged '{enc}'{where}, which anndata {since if since[0].isdigit() else '0.8'}+ writes. "
                f"The file was written by a newer anndata; it is not corrupted.")
        fix = ("pip install -U 'anndata>=0.8' (with a scanpy that accepts it) in the environment that reads the file.",
               "Or re-write the file from an anndata 0.7.x environment if this reader cannot be upgraded.")
    else:
        reader = "an anndata older than the writer"
        ver = facts.get("encoding_version")
        text = (f"The installed anndata has no reader for encoding '{enc}'"
                + (f" version {ver}" if ver else "") + f"{where}: the file was written by {need.replace('a newer', 'a newer anndata')}.")
        fix = ("pip install -U anndata in the reading environment.",)
        if enc == "null":
            fix += ("Or, in the writing env, drop None values before writing (e.g. del adata.uns['log1p']['base']) and write again.",)
        elif enc == "nullable-string-array":
            fix += ("Or, in the writing env, convert pandas 'string' dtype columns/index to object or category and write again.",)
    headline = f"h5ad element{where} uses encoding '{enc}' that {reader} cannot read: written by a newer anndata"
    return Explanation(text=text, fix=fix, derived={"needs": need, "headline": headline})
