"""Computed diagnosis for torch.prepare-fx-example-inputs-missing: the fixed call for the API used."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    api = facts.get("api")
    if not api:
        return None
    qat = api == "prepare_qat_fx"
    mapping = "get_default_qat_qconfig_mapping('x86')" if qat else "get_default_qconfig_mapping('x86')"
    mode = "quantization-aware training" if qat else "post-training quantization"
    text = (f"{api}() is called the pre-1.13 way ({mode}); PyTorch 1.13+ requires example_inputs, a tuple of sample "
            "positional inputs.")
    fix = (f"model_prepared = {api}(model, {mapping}, example_inputs=(sample_batch,))  # sample_batch: one input with the real shape",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": f"pre-1.13 {api} call"})
