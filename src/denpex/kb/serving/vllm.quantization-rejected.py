"""Computed diagnosis for vllm.quantization-rejected: which side to change, and what the capability numbers mean."""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_GPUS = {
    50: "Maxwell (GTX 750)", 52: "Maxwell (M40, GTX 9xx)", 60: "Pascal (P100)", 61: "Pascal (P40, GTX 10xx)",
    70: "Volta (V100)", 75: "Turing (T4, RTX 20xx)", 80: "Ampere (A100, A30)", 86: "Ampere (A10, A40, RTX 30xx)",
    87: "Ampere (Jetson Orin)", 89: "Ada (L4, L40S, RTX 40xx)", 90: "Hopper (H100, H200)", 100: "Blackwell (B200)",
    120: "Blackwell (RTX 50xx, RTX PRO 6000)",
}


def _cc(v: int) -> str:
    return f"{v // 10}.{v % 10} ({_GPUS.get(v, 'unknown family')})"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cfg, arg = facts.get("config_quant"), facts.get("arg_quant")
    parts: list[str] = []
    fix: list[str] = []
    if cfg is not None and arg is not None:
        problem = f"checkpoint is {cfg}, --quantization is {arg}"
        parts.append(f"The checkpoint's config.json declares {cfg or '(empty)'} but the quantization argument says {arg or '(empty)'}.")
        base = {"gptq_marlin": "gptq", "awq_marlin": "awq", "marlin": "gptq", "gptq_bitblas": "gptq"}
        if base.get(arg) == cfg or base.get(cfg) == arg:
            parts.append(f"{arg} is a kernel for {cfg} checkpoints that vLLM selects by itself on capable GPUs; forcing it by name is refused by this version.")
        elif cfg == "compressed-tensors":
            parts.append("The checkpoint was exported with llm-compressor (compressed-tensors), even if its scheme is AWQ/GPTQ-like.")
        elif arg == "gguf":
            parts.append("For a GGUF file the config comes from --tokenizer / --hf-config-path; it points at a checkpoint that is itself quantized.")
            fix.append("Point --hf-config-path (or --tokenizer) at the unquantized base model's repository.")
        fix.insert(0, f"Remove --quantization {arg} (quantization= in LLM()) and let vLLM read {cfg} from the checkpoint" + (f", or pass --quantization {cfg}." if cfg else "."))
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"problem": problem})
    if arg is not None and facts.get("supported") is not None or (arg is not None and cfg is None and facts.get("min_capability") is None):
        sup = re.findall(r"'([^']+)'", str(facts.get("supported") or ""))
        problem = f"unknown method '{arg}'"
        if not arg:
            parts.append("The checkpoint's quantization config names a method this vLLM does not map (empty name after lookup): the format is newer than the installed vLLM or not a vLLM format.")
            fix.append("Upgrade vLLM; for ModelOpt/TensorRT exports use a vLLM release that lists modelopt/modelopt_fp4, or export in a format vLLM supports.")
        else:
            close = difflib.get_close_matches(arg, sup, n=1, cutoff=0.75) if sup else []
            if close and close[0] != arg:
                parts.append(f"'{arg}' is not registered; the closest known method is '{close[0]}'.")
                fix.append(f"Use --quantization {close[0]} (or omit it for pre-quantized checkpoints).")
            else:
                known = f" (this build knows {len(sup)}: {', '.join(sup[:8])}{', ...' if len(sup) > 8 else ''})" if sup else ""
                parts.append(f"'{arg}' is not registered in this vLLM{known}: the method was added in a later release, or the checkpoint format is not servable by vLLM.")
                fix.append("Upgrade vLLM (pip install -U vllm); check that another package did not downgrade it.")
                if arg == "bitsandbytes":
                    fix.append("For 4-bit fine-tunes (unsloth/QLoRA) merge the adapter into 16-bit weights and serve those.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"problem": problem})
    mn, cur = facts.get("min_capability"), facts.get("capability")
    if isinstance(mn, int) and isinstance(cur, int):
        meth = facts.get("quant_method") or "this compressed-tensors scheme"
        problem = f"{meth} needs compute capability {mn // 10}.{mn % 10}, GPU has {cur // 10}.{cur % 10}"
        parts.append(f"{meth} kernels need compute capability {_cc(mn)} or newer; this GPU is {_cc(cur)}.")
        if cur >= 60:
            fix.append("Serve a GPTQ checkpoint without Marlin (runs from capability 6.0) or the unquantized fp16 model (dtype=half on pre-Ampere GPUs).")
        else:
            fix.append("This GPU is too old for vLLM's quantized kernels: serve fp16 weights (if they fit) or use llama.cpp/GGUF instead.")
        fix.append(f"Or run on a GPU with capability >= {mn // 10}.{mn % 10}.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"problem": problem})
    return None
