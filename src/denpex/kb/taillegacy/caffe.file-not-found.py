"""Computed diagnosis for caffe.file-not-found: classify the path Caffe could not open."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_KINDS = (
    (".solverstate", "solver state (resume with --snapshot)"),
    (".caffemodel", "weights (.caffemodel)"),
    (".binaryproto", "mean file (.binaryproto)"),
    ("solver", "solver prototxt"),
    (".prototxt", "net prototxt"),
    (".pt", "net prototxt"),
)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = facts.get("path")
    if raw is None:
        return None
    path = str(raw)
    shown = path.strip()
    printable = all(32 <= ord(c) < 127 for c in shown)
    if shown and (not printable or '"' in shown or "(" in shown and not shown.endswith(")")):
        text = ("The name Caffe tried to open is garbage: when resuming, caffe train --snapshot reads the file as a "
                "SolverState and takes the weights file name from it. A .caffemodel was passed to --snapshot.")
        fix = ("Resume with --snapshot=<prefix>_iter_N.solverstate; to start from weights only use --weights=<file>.caffemodel.",)
        return Explanation(text=text, fix=fix, derived={"path_label": "a snapshot (garbled name)",
                                                          "file_kind": "solverstate", "diagnosis": ".caffemodel passed to --snapshot"})
    kind = next((k for s, k in _KINDS if s in shown.lower()), "file")
    fixes: list[str] = []
    if facts.get("leading_space") or path[:1].isspace():
        text = (f"The {kind} path starts with a space (' {shown}'): a broken line continuation or a stray space in the "
                "command made the space part of the file name.")
        fixes.append(f"Remove the space: pass '{shown}' (check '\\ ' continuations in the command).")
    elif shown.startswith("/") or (len(shown) > 2 and shown[1] == ":"):
        text = f"The {kind} {shown} does not exist (absolute path): it was never downloaded/generated on this machine, or the path is from another machine."
        fixes.append(f"ls -l {shown}  # then download/generate it or fix the path in the command/prototxt")
    else:
        text = (f"The {kind} '{shown}' is a relative path, resolved from the directory the process was started in, "
                "not from the prototxt or the script.")
        fixes.append("cd to the directory the paths assume (often the Caffe or repository root) or use absolute paths.")
    if kind.startswith("mean"):
        fixes.append("Generate it: build/tools/compute_image_mean <train_lmdb> <mean.binaryproto>")
    if kind.startswith("weights"):
        fixes.append("Download it (scripts/download_model_binary.py models/<name>) or fix the weights path.")
    return Explanation(text=text, fix=tuple(fixes), derived={"path_label": f"{kind} {shown}", "file_kind": kind,
                                                               "diagnosis": "file path not found"})
