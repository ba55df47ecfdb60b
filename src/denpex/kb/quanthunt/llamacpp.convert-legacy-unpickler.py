"""Computed diagnosis for llamacpp.convert-legacy-unpickler: what the missing pickle class means."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    module = str(facts.get("module") or "")
    name = str(facts.get("name") or "")
    if not name:
        return None
    if "meta" in name:
        text = ("The checkpoint was saved with its weights on the meta device (no data): convert.py finds "
                f"{module}.{name} instead of real tensors.")
        fix = ("Load the model fully on CPU without device_map offload and re-save it: "
               "model.save_pretrained(out, safe_serialization=True); then convert with convert_hf_to_gguf.py.",)
        cause = "meta"
    elif name.endswith("Storage") and name not in ("FloatStorage", "HalfStorage", "BFloat16Storage"):
        text = (f"The checkpoint stores {name} tensors (integer/quantized weights), which the legacy converter cannot "
                "read.")
        fix = ("Convert the original fp16/bf16 weights instead of the quantized release, with convert_hf_to_gguf.py.",)
        cause = "quantized"
    else:
        text = f"The legacy convert.py has no handler for {module}.{name} in this pickle."
        fix = ("Re-save as safetensors (save_pretrained(..., safe_serialization=True)) and use convert_hf_to_gguf.py.",)
        cause = "other"
    return Explanation(text=text, fix=fix, derived={"cause": cause})
