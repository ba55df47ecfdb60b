"""Computed diagnosis for ncnn.blob-name-not-found: what kind of names failed and what to use instead."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = facts.get("blob")
    names = [str(b) for b in raw] if isinstance(raw, (list, tuple)) else ([str(raw)] if raw else [])
    blob = names[0] if names else ""
    hint = str(facts.get("hint_name") or "").strip()
    if not names and not blob:
        return None
    uniq: list[str] = []
    for n in names:
        if n not in uniq:
            uniq.append(n)
    if any(n.startswith("BLOB_") for n in uniq):
        diagnosis = "ncnn2mem ids used as strings"
        fix = ("Use the integer ids from the generated .id.h: ex.input(model_param_id::BLOB_x, in); not the string 'BLOB_x'.",)
    elif any("splitncnn" in n for n in uniq):
        diagnosis = "internal split blob names do not exist in this param (optimized/converted again)"
        fix = ("Extract the layer's real output blob from the .param, not the *_splitncnn_N copies.",)
    elif hint:
        diagnosis = "blob names do not match this param (converter naming)"
        fix = (f"Use the name ncnn suggests: \"{hint}\" (pnnx names inputs in0.. and outputs out0..).",)
    elif uniq and all(n.replace(".", "").isdigit() for n in uniq):
        diagnosis = "numeric ONNX tensor names of another export"
        fix = ("Read the current output blob names from the end of the .param (they change with each ONNX export).",)
    else:
        diagnosis = "blob names do not match this param (or load_param failed)"
        fix = (
            "grep the .param for the input (Input layer) and output blob names and use them.",
            "Check that net.load_param(...) returned 0 - if it failed, every name is missing.",
        )
    shown = ", ".join(uniq[:8]) + (" ..." if len(uniq) > 8 else "")
    text = f"ncnn could not find blob(s) {shown} in the loaded .param; input/extract returned -1 and left the Mat empty."
    text += f" Likely: {diagnosis}."
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis, "distinct_blobs": len(uniq)})
