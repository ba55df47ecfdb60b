"""Computed diagnosis for rknn.model-runtime-mismatch: runtime vs model version, or wrong target."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "hardware-mismatch":
        return Explanation(
            text="The .rknn model was compiled for a different Rockchip NPU than this board's SoC.",
            fix=("Reconvert with rknn.config(target_platform=<this board's SoC, e.g. 'rk3568'>) and deploy that file.",),
            derived={"problem": "model built for another target_platform"},
        )
    if sig == "invalid-model-version":
        mv = facts.get("model_version")
        rt = str(facts.get("runtime_version") or "").strip()
        rt_txt = f"librknnrt {rt}" if rt else "the board's librknnrt"
        text = (f"{rt_txt} does not know .rknn format version {mv}: the model was converted with a newer "
                "rknn-toolkit2 than the runtime installed on the board.")
        fix = (f"Replace /usr/lib/librknnrt.so ({rt or 'old'}) with the one from the rknn-toolkit2 release used for conversion "
               "(rknpu2/runtime/Linux/librknn_api/aarch64/) and update rknn_server.",
               "Or reconvert the model with the toolkit release matching " + (f"librknnrt {rt}." if rt else "the board's runtime."))
        return Explanation(text=text, fix=fix, derived={"problem": f"model format {mv} newer than {rt_txt}"})
    if sig == "init-failed-model-invalid":
        return Explanation(
            text="The NPU runtime rejected the model as invalid: a toolkit/runtime version mismatch or a model built for another target.",
            fix=("Compare pip show rknn-toolkit2 on the PC with the librknnrt/RKNNAPI version the board prints, and the target_platform.",),
            derived={"problem": "model rejected (RKNN_ERR_MODEL_INVALID)"},
        )
    return None
