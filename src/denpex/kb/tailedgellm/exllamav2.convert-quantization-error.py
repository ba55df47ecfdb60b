"""Computed diagnosis for exllamav2.convert-quantization-error: what the coded line means."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    stage = facts.get("stage")
    try:
        code = int(facts["code"])
    except (KeyError, TypeError, ValueError):
        return None
    tensor = facts.get("tensor")
    layer = facts.get("layer")
    at = f" at {layer}" if layer else ""
    if stage == "Quantization":
        diagnosis = "packed layer does not reproduce the dequantized weights"
        text = (f"Quantization error ({code}){at}: after packing, the layer rebuilt through the inference kernel differs from "
                "the dequantized matrix beyond the converter's threshold. This has been a bug of specific exllamav2 "
                "releases for new shapes/bitrates; extreme weights can also cause it.")
        fix = ("pip install -U exllamav2 (or the dev branch) and resume with the same output directory.",
               "If it persists on the latest release, try a neighbouring bitrate / head bits and report the layer and bpw.")
    elif code == 1:
        diagnosis = "no quantization candidate reached the minimal accuracy"
        text = (f"Measurement/inference error (1){at}: every candidate setting for this layer scored below 0.1 accuracy "
                "against the FP16 reference, so the reference output itself is unusable.")
        fix = ("Check that the source model runs correctly in FP16 (transformers, torch_dtype=float16).",
               "Update exllamav2; try the default calibration dataset.")
    elif code in (2, 3):
        kind = "NaN" if code == 2 else "inf"
        where = f" in {tensor}" if tensor else " in the hidden states entering the layer"
        diagnosis = f"{kind} in the FP16 reference forward pass"
        text = (f"Measurement/inference error ({code}){at}: {kind} values appeared{where} while running the original model in "
                "FP16 for reference. The activations overflow FP16 (common with merged or up-scaled models); every later "
                "layer would see NaN.")
        fix = ("Verify the model in FP16 with transformers; if it overflows, fix the merge or quantize with a tool that uses "
               "BF16/FP32 references (exllamav3, GPTQ/AWQ).",
               "Update exllamav2 (newer releases clamp a tiny fraction of inf values), try the default calibration set or "
               "shorter rows (-l).")
    else:
        diagnosis = f"converter self-check {code} failed"
        text = f"The EXL2 converter stopped with {stage} error ({code}){at}."
        fix = ("Update exllamav2 and resume the job; check the source model in FP16.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis, "at_layer": at})
