"""Computed diagnosis for executorch.missing-out-variants: sort the listed ops by where they come from."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_OP = re.compile(r"'([A-Za-z0-9_]+::[A-Za-z0-9_.]+)'")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    first = facts.get("op")
    if not first:
        return None
    ops = [str(first)] + _OP.findall(str(facts.get("more") or ""))
    spaces = sorted({o.split("::", 1)[0] for o in ops})
    names = ", ".join(ops)
    if "quantized_decomposed" in spaces:
        ns = "quantized_decomposed"
        diagnosis = "quantized graph not delegated / quantized op library not loaded"
        text = (f"to_executorch() found no out-variant for {names}: the quantize/dequantize ops of a PT2E-quantized graph "
                "were left outside any delegate and the quantized kernel library was not imported.")
        fix = ("Lower after convert_pt2e with to_edge_transform_and_lower(..., partitioner=[XnnpackPartitioner()]).",
               "Or `import executorch.kernels.quantized` before to_executorch() and link quantized_ops_lib in the runtime.")
    elif "llama" in spaces:
        ns = "llama"
        diagnosis = "LLM custom ops library not loaded"
        text = (f"to_executorch() found no out-variant for {names}: ExecuTorch's LLM custom ops are not registered in this "
                "Python process (custom ops library not built or not imported).")
        fix = ("Reinstall executorch with custom kernels (EXECUTORCH_BUILD_KERNELS_CUSTOM=ON / ./install_executorch.sh) and "
               "`import executorch.extension.llm.custom_ops` before export.",
               "Or export without --use_sdpa_with_kv_cache.")
    elif "torchao" in spaces:
        ns = "torchao"
        diagnosis = "torchao quantization ops have no ExecuTorch kernels"
        text = (f"to_executorch() found no out-variant for {names}: this torchao quantization config emits ops ExecuTorch "
                "does not implement.")
        fix = ("Use a quantization scheme ExecuTorch lowers (e.g. 8da4w / XNNPACK-quantized linear, embedding quantization "
               "from the export script) or lower those layers to a delegate.",)
    else:
        ns = spaces[0] if spaces else ""
        fused = [o for o in ops if re.search(r"(_weight_int4pack|_flash_attention|_efficient_attention|_cudnn|int4pack)", o)]
        if fused:
            diagnosis = "device-specific fused op left in the graph"
            text = (f"{', '.join(fused)} is an eager-PyTorch fused kernel, not a core ATen op, so ExecuTorch has no out-variant "
                    "for it. The quantization mode or attention implementation used for export produced it.")
            fix = ("Export with a mode ExecuTorch supports (e.g. -qmode 8da4w with XNNPACK instead of int4 packed weights; "
                   "the export script's SDPA instead of flash attention).",
                   "Or decompose: exported = exported.run_decompositions() before to_edge.")
        else:
            diagnosis = "op without out-variant in this torch/executorch pair"
            text = (f"to_executorch() found no out-variant for {names}. Core ops normally have one: check that torch and "
                    "executorch come from the same release and that the model is exported in eval mode.")
            fix = ("pip install the executorch release matching your torch (or the torch it pins).",
                   "Delegate the op with a partitioner or rewrite the model code around it.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis, "namespace": ns})
