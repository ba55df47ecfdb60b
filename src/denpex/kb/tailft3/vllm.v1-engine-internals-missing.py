"""Computed diagnosis for vllm.v1-engine-internals-missing: which internal attribute, and which framework
reached for it (from the traceback path)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_FRAMEWORK_FIX = {
    "trl": "pip install -U trl (recent GRPO/online DPO sync weights through vLLM's RPC or vllm_mode='server'/'colocate').",
    "openrlhf": "Upgrade OpenRLHF to a release that supports your vLLM (its vllm_engine uses a V1 worker extension).",
    "verl": "Upgrade verl to a release that lists your vLLM version as supported.",
    "orz": "Pin the vLLM version Open-Reasoner-Zero's requirements name (V0-era), or port the sync to collective_rpc.",
    "unsloth_zoo": "pip install -U unsloth unsloth_zoo vllm together.",
    "swift": "pip install -U ms-swift (or pin the vLLM version its docs list).",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    attr = str(facts.get("attr") or "")
    if not attr:
        return None
    framework = str(facts.get("framework") or "")
    fix: list[str] = []
    if framework in _FRAMEWORK_FIX:
        fix.append(_FRAMEWORK_FIX[framework])
    if attr == "model_executor":
        diagnosis = "V0-era weight sync on the vLLM V1 engine"
        where = f" ({framework} code)" if framework else ""
        text = (f"The code{where} walks llm.llm_engine.model_executor to reach the model, which exists only in vLLM's V0 engine; "
                "vLLM >= 0.8 runs the V1 engine by default, whose LLMEngine keeps no model_executor.")
        fix.append("On vLLM 0.8-0.10: export VLLM_USE_V1=0 before vLLM is imported (V0 engine).")
        fix.append("Or pin vLLM to the version the framework's requirements name.")
    else:
        diagnosis = f"vLLM internal attribute {attr} moved"
        text = (f"LLMEngine.{attr} is an internal attribute of an older vLLM layout; the installed vLLM no longer has it there "
                "(driver_worker moved under model_executor in 0.3, and V1 removed the executor from LLMEngine).")
        fix.append("Use the framework release made for the installed vLLM, or pin vLLM to the version the code was written for.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
