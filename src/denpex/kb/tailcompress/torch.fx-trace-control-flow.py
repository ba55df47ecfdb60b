"""Computed diagnosis for torch.fx-trace-control-flow: which tool traced, and whether a DP wrapper was traced."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_TOOL_FIX = {
    "prepare_fx": ("FX graph mode quantization (prepare_fx)",
                   "prepare_fx(model, qconfig_mapping, example_inputs, prepare_custom_config=PrepareCustomConfig().set_non_traceable_module_names(['<submodule>']))"),
    "prepare_qat_fx": ("FX graph mode QAT (prepare_qat_fx)",
                       "prepare_qat_fx(model, qconfig_mapping, example_inputs, prepare_custom_config=PrepareCustomConfig().set_non_traceable_module_names(['<submodule>']))"),
    "prepare_by_platform": ("MQBench prepare_by_platform",
                            "prepare_by_platform(model, backend, prepare_custom_config_dict={'leaf_module': [...], 'concrete_args': {...}})"),
    "ModelSpeedup": ("NNI ModelSpeedup", "Speed up only the traceable submodule, or make the branch static before ModelSpeedup(...).speedup_model()."),
    "speedup_model": ("NNI ModelSpeedup", "Speed up only the traceable submodule, or make the branch static before ModelSpeedup(...).speedup_model()."),
    "intel_extension_for_pytorch": ("intel-extension-for-pytorch fusion", "ipex.optimize(model, ...) on a traceable submodule, or pass conv_bn_folding=False to skip the FX fusion pass."),
    "symbolic_trace": ("torch.fx.symbolic_trace", "symbolic_trace(model, concrete_args={'<flag>': <value>}) or torch.fx.wrap('<helper>') at module scope."),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    entry = str(facts.get("tracer_entry") or "") or ("symbolic_trace" if facts.get("fx_call") else "")
    wrapper = str(facts.get("wrapper_file") or "")
    sig = str(facts.get("_signature") or "")
    what = "a Proxy iterated (for loop or *args/**kwargs)" if sig == "proxy-iterated" else "a Proxy used in if/while/assert"
    fix: list[str] = []
    if wrapper:
        diagnosis = "DataParallel/DDP wrapper traced"
        text = (f"The trace went through {wrapper} (the DataParallel/DDP forward that scatters inputs): {what}. "
                "Trace the bare network and wrap it afterwards.")
        fix.append("Pass model.module (the unwrapped network) to the tracing tool, then wrap the prepared model in DataParallel/DDP.")
    else:
        tool = _TOOL_FIX.get(entry)
        label = tool[0] if tool else "torch.fx symbolic tracing"
        diagnosis = f"data-dependent Python in forward ({label})"
        text = f"{label} traced forward() and met {what}; the model line just above the error holds the branch or loop."
        if tool:
            fix.append(tool[1])
    fix.append("Or keep that code (post-processing, input checks) outside the module being compressed.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
