"""Computed diagnosis for deepspeed.autotp-unsupported-model: kernel injection available, or a policy to give."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    advice = str(facts.get("advice") or "")
    if advice.startswith("use kernel injection"):
        diagnosis = "DeepSpeed has a kernel-injection container for this model family; AutoTP declines it"
        fix = ("init_inference(model, tensor_parallel={'tp_size': N}, replace_with_kernel_inject=True, dtype=torch.float16)",)
    elif advice:
        diagnosis = "the model family is on AutoTP's unsupported list and has no kernel container"
        fix = ("Give injection_policy={DecoderLayerClass: ('self_attn.o_proj', 'mlp.down_proj')} for the model's decoder layer.",
               "Or upgrade DeepSpeed, whose AutoTP supports more families in later releases.")
    else:
        diagnosis = "AutoTP found no '<Name>Model' / '<Name>Stack' in the model's repr (a wrapper or custom class)"
        fix = ("Pass the inner transformers model to init_inference (e.g. pipe.model), or give injection_policy={DecoderLayerClass: ('self_attn.o_proj', 'mlp.down_proj')}.",
               "If DeepSpeed has a kernel container for the family, replace_with_kernel_inject=True also works.")
    return Explanation(text=f"init_inference asked AutoTP to shard the model and it stopped: {diagnosis}.", fix=fix,
                       derived={"diagnosis": diagnosis})
