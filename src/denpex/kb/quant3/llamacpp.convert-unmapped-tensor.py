"""Computed diagnosis for llamacpp.convert-unmapped-tensor: what kind of tensor blocked the conversion."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# (substring in the tensor name, kind, fix)
_KINDS: tuple[tuple[tuple[str, ...], str, str], ...] = (
    (("weight_scale_inv",), "a block-wise FP8 scale (DeepSeek-V3/R1-style FP8 checkpoint)",
     "cast the checkpoint to bf16 first (DeepSeek's inference/fp8_cast_bf16.py, or load with transformers and "
     "save_pretrained in bf16), then convert; or download the bf16 release"),
    (("pre_quant_scale", "input_scale", "weight_scale", "k_scale", "v_scale"),
     "a quantization scale of a compressed-tensors / ModelOpt / FP8 checkpoint",
     "convert the original bf16/fp16 model instead of the quantized export"),
    ((".SCB", "weight_format", ".absmax", "quant_map", "quant_state", "nested_absmax"),
     "bitsandbytes 8/4-bit quantization state (a model merged or saved while loaded in 8-bit/4-bit)",
     "reload the base model in fp16/bf16 (no BitsAndBytesConfig), apply the adapter, merge_and_unload(), "
     "save_pretrained and convert that"),
    (("qweight", "qzeros", "g_idx", ".scales"), "packed GPTQ/AWQ weights",
     "convert the unquantized original model; GPTQ/AWQ checkpoints are not converter inputs"),
    (("lora_A", "lora_B", "lora_embedding", "base_layer"), "an unmerged LoRA adapter",
     "merge first: PeftModel.from_pretrained(bf16_base, adapter).merge_and_unload().save_pretrained(out); or "
     "convert the adapter alone with convert_lora_to_gguf.py"),
    (("._scale", "._data"), "a tensor-subclass quantized weight (quanto/torchao serialisation)",
     "save the model dequantized (fp16/bf16) before converting"),
    (("vision", "visual", "mm_projector", "multi_modal_projector", "image_newline", "vpm."),
     "a vision-tower / multimodal projector weight",
     "use a llama.cpp version that supports this multimodal model and convert the projector with --mmproj, "
     "or export the text-only model"),
    (("mtp", "nextn", "v_head", "score.", "value_head", "reward"),
     "an extra head (multi-token prediction, value or reward head)",
     "update llama.cpp (newer converters drop or map MTP layers) or save the plain causal-LM model without extra heads"),
)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = str(facts.get("tensor") or "")
    if not name:
        return None
    kind, fix = "", ""
    for keys, k, f in _KINDS:
        if any(key in name for key in keys):
            kind, fix = k, f
            break
    if not kind:
        if name.startswith(("embed_tokens", "layers.", "norm.")):
            kind = "a weight saved without the 'model.' prefix (a bare base model / AutoModel state_dict)"
            fix = ("save the full ...ForCausalLM model (AutoModelForCausalLM.save_pretrained) so names read "
                   "model.embed_tokens.weight / lm_head.weight, then convert")
        else:
            kind = "a weight this llama.cpp's mapping for the architecture does not know"
            fix = ("update llama.cpp (git pull; pip install -r requirements.txt) and check that config.json "
                   "'architectures' names the real model class; a custom variant needs converter support")
    text = f"The converter stopped at '{name}': {kind}."
    return Explanation(text=text, fix=(fix[0].upper() + fix[1:] + ".",), derived={"tensor_kind": kind})
