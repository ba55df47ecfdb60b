"""Computed diagnosis for transformers.cache-get-max-length-removed: which remote model code calls the removed method."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cls = str(facts.get("cache_class") or "DynamicCache")
    module = str(facts.get("remote_module") or "").replace("\\", "/").strip("/")
    fix: list[str] = []
    if module:
        diagnosis = f"remote code {module} was written for transformers < 4.48"
        text = (f"The trust_remote_code modeling file of {module} calls {cls}.get_max_length(), which transformers "
                "removed in 4.48 (renamed get_max_cache_shape).")
        fix.append(f"grep -rn get_max_length ~/.cache/huggingface/modules/transformers_modules/{module} and change it to get_max_cache_shape(), or pin transformers<4.48 for this model.")
    else:
        diagnosis = "model code written for transformers < 4.48"
        text = (f"Model code calls {cls}.get_max_length(), removed in transformers 4.48 (renamed get_max_cache_shape); "
                "the call is usually in a trust_remote_code modeling_*.py or a server's copy of one.")
        fix.append("Pin transformers<4.48 for this model, or replace get_max_length() with get_max_cache_shape() in its modeling file.")
    if cls != "DynamicCache":
        fix.append(f"{cls} is a model-specific cache subclass: update the model's repository code, not only transformers.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
