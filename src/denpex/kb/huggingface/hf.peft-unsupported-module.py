"""Computed diagnosis for hf.peft-unsupported-module: what kind of module the target name matched (a container
block, a quantized linear layer whose backend PEFT cannot see, a model-specific head) and how to target leaves."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CONTAINER = re.compile(r"(DecoderLayer|EncoderLayer|Layer|Block|MLP|Attention|Model|Encoder|Decoder|Transformer|ModuleList|Sequential)$")
_QUANT = {"QuantLinear": ("GPTQ (auto-gptq / gptqmodel / exllama)", "pip install -U optimum gptqmodel (or auto-gptq) so PEFT can dispatch to its GPTQ LoRA layer, and use a PEFT release that supports that backend"),
          "Linear4bit": ("bitsandbytes 4-bit", "make bitsandbytes importable in this environment (python -c 'import bitsandbytes') and use a PEFT release >= 0.4"),
          "Linear8bitLt": ("bitsandbytes 8-bit", "make bitsandbytes importable in this environment (python -c 'import bitsandbytes')"),
          "WQLinear_GEMM": ("AutoAWQ", "pip install -U autoawq and PEFT >= 0.10 (AWQ LoRA support)"),
          "QuantizedLinear": ("a custom quantization", "target the unquantized model, or use a quantization backend PEFT supports (bitsandbytes, GPTQ, AWQ, HQQ, torchao)"),
          "HQQLinear": ("HQQ", "pip install -U hqq peft (HQQ LoRA support needs recent PEFT)"),
          "FP8Linear": ("FP8 quantized", "dequantize the model or use a PEFT/transformers release that supports this FP8 layer")}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cls = str(facts.get("module_class") or "").strip()
    if not cls:
        return None
    if cls in _QUANT:
        kind, fix = _QUANT[cls]
        return Explanation(
            text=(f"The target name matched {cls}, a {kind} layer. PEFT wraps such layers only through a backend-specific LoRA layer, "
                  "which it enables when the backend library is importable and supported by the installed PEFT; here it fell through to the generic check."),
            fix=(fix[0].upper() + fix[1:] + ".", "python -c \"import peft; print(peft.__version__)\" and check the backend imports in the same environment."),
            derived={"what": f"{cls} ({kind} layer not recognised)"},
        )
    if _CONTAINER.search(cls):
        return Explanation(
            text=(f"A target_modules entry matched {cls}, a container block, not a weight layer: LoRA can only wrap leaf layers "
                  "(nn.Linear, Embedding, Conv, transformers Conv1D). A short or numeric name (e.g. 'mlp', 'self_attn', '8', 'layers.0') or a regex that ends at a block matches the whole block."),
            fix=(f"Target the Linear layers inside {cls} by their leaf names (for Llama/Qwen-style blocks: q_proj, k_proj, v_proj, o_proj, gate_proj, up_proj, down_proj), "
                 "or use target_modules='all-linear' (PEFT >= 0.8).",
                 "List candidates: python -c \"import torch; m=...; print(sorted({n.split('.')[-1] for n, x in m.named_modules() if isinstance(x, torch.nn.Linear)}))\"",
                 "In LLaMA-Factory, lora_target takes such leaf names (or 'all'); a number there is read as a module name."),
            derived={"what": f"{cls} (a container block)"},
        )
    if cls in ("Identity", "Dropout", "LayerNorm", "RMSNorm") or cls.endswith(("Norm", "RMSNorm", "Embedding", "Head", "Activation", "Rotary", "RotaryEmbedding")):
        return Explanation(
            text=(f"A target_modules entry matched {cls}, which is not a layer type LoRA can adapt (no weight matrix PEFT knows how to wrap; "
                  "model-specific heads such as Baichuan's NormHead are custom classes)."),
            fix=(f"Remove the name that matches {cls} from target_modules (or exclude it with exclude_modules, PEFT >= 0.14); "
                 "to train it, list it in modules_to_save instead (full fine-tuning of that module).",),
            derived={"what": f"{cls} (not an adaptable layer)"},
        )
    return Explanation(
        text=(f"A target_modules entry matched {cls}, a class that is neither nn.Linear / Embedding / Conv nor a quantized layer PEFT supports: "
              "a model-specific (remote-code) layer or a container."),
        fix=("Target the nn.Linear layers inside it by their leaf names, or list it in modules_to_save to train it fully.",
             "A custom layer can be registered for LoRA through PEFT's custom-module mapping (LoraConfig._register_custom_module, PEFT >= 0.9)."),
        derived={"what": f"{cls}"},
    )
