"""Computed diagnosis for rvc.pretrained-asset-missing: which asset, where it belongs, how to get it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_WHAT = {
    "hubert_base.pt": ("the shared HuBERT content encoder", "assets/hubert/hubert_base.pt (RVC) - from huggingface.co/lj1995/VoiceConversionWebUI"),
    "hubert_base.onnx": ("the ONNX HuBERT content encoder", "the path the app's config names"),
    "checkpoint_best_legacy_500.pt": ("the ContentVec encoder of so-vits-svc", "pretrain/checkpoint_best_legacy_500.pt (so-vits-svc README)"),
    "rmvpe.pt": ("the RMVPE pitch (f0) extractor", "assets/rmvpe/rmvpe.pt (RVC) or pretrain/rmvpe.pt (so-vits-svc)"),
    "rmvpe.onnx": ("the ONNX RMVPE pitch extractor", "assets/rmvpe/rmvpe.onnx"),
    "fcpe.pt": ("the FCPE pitch extractor", "the pretrain/assets folder the app documents"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("path") or "").strip()
    asset = str(facts.get("asset") or "").strip()
    if not path:
        return None
    what, where = _WHAT.get(asset, ("a shared pretrained checkpoint", "the path the app expects"))
    relative = not (path.startswith("/") or (len(path) > 2 and path[1] == ":"))
    text = f"'{path}' is {what}; it is not part of the code checkout and was not found"
    text += " relative to the current working directory." if relative else "."
    fix = [f"Put the file at {where}."]
    if asset in ("hubert_base.pt", "rmvpe.pt", "rmvpe.onnx"):
        fix.append("RVC: run python tools/download_models.py from the project root to fetch hubert_base.pt and rmvpe.pt.")
    if relative:
        fix.append("Start the app from the project root (the relative path is resolved against the working directory), or configure an absolute path.")
    return Explanation(text=text, fix=tuple(fix), derived={"relative_path": relative})
