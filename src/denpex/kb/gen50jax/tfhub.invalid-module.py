"""Computed diagnosis for tfhub.invalid-module: what the handle is and what to check."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    handle = str(facts.get("handle") or "").strip()
    if not handle:
        return None
    kind = str(facts.get("kind") or "")
    is_url = handle.startswith(("http://", "https://", "gs://"))
    in_cache = "tfhub_modules" in handle or (is_url and facts.get("_signature") == "not-valid-module")
    if kind == "resolver":
        handle_kind = "unresolvable handle"
        why = "no resolver can fetch or find it (network, proxy or a mistyped URL/path)"
        fix = ["Check that the machine reaches tfhub.dev / kaggle.com, or download the archive elsewhere and load the local folder.",
               f"Check the spelling of {handle}."]
    elif is_url or in_cache:
        handle_kind = "cached download"
        why = "the cached download for it holds no saved_model.pb (interrupted or cleaned download)"
        fix = ["Delete the TF-Hub cache entry: rm -rf ${TFHUB_CACHE_DIR:-/tmp/tfhub_modules} (or only the hashed folder) and rerun.",
               "Set TFHUB_CACHE_DIR to a persistent directory so the download is not cleaned."]
    else:
        handle_kind = "local folder"
        why = "the folder is not a TF-Hub module (no saved_model.pb / tfhub_module.pb at that level)"
        fix = [f"ls {handle}: point at the directory that holds saved_model.pb (or tfhub_module.pb).",
               "A raw checkpoint (model.ckpt.*, bert_config.json) is no hub module: use the published TF-Hub/Kaggle model or the model's own loading code."]
        if kind == "loader":
            fix.append("For TF2 SavedModels use hub.load / hub.KerasLayer instead of the TF1 hub.Module.")
    text = f"tensorflow_hub resolved {handle} ({handle_kind}) but {why}."
    return Explanation(text=text, fix=tuple(fix), derived={"handle_kind": handle_kind, "why": why})
