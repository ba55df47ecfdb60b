"""Computed diagnosis for vllm.mrope-rope-scaling-mismatch: which key is missing, and which vLLM/transformers pair to install."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _ver(text: Any) -> tuple[int, int, int] | None:
    m = re.match(r"\s*(\d+)\.(\d+)(?:\.(\d+))?", str(text or ""))
    if not m:
        return None
    return int(m.group(1)), int(m.group(2)), int(m.group(3) or 0)


def _explain(facts: Mapping[str, Any]) -> Explanation:
    rope_type = str(facts.get("rope_type") or "").strip()
    extra = str(facts.get("extra_keys") or "").strip()
    vllm_v = str(facts.get("vllm_version") or "").strip()
    tf_v = str(facts.get("transformers_version") or "").strip()
    vv, tv = _ver(vllm_v), _ver(tf_v)
    derived: dict[str, Any] = {"missing_key": "factor", "model_type": "qwen2_vl"}
    parts: list[str] = []
    if rope_type:
        derived["rope_type_text"] = f" (transformers reports rope_type '{rope_type}')"
        if rope_type == "default":
            parts.append("transformers reported Qwen2-VL's M-RoPE as rope_type 'default' (its 4.45 rename of 'mrope'), "
                         "which this vLLM does not exempt from needing rope_scaling['factor'].")
        else:
            parts.append(f"transformers reported rope_type '{rope_type}', which this vLLM expects to carry rope_scaling['factor'].")
    else:
        derived["rope_type_text"] = " (rope type 'default' from transformers >= 4.45, no 'factor' key)"
        parts.append("The assert in vLLM's _get_and_verify_max_len failed: rope_scaling has no 'factor' key. For Qwen2-VL "
                     "this is transformers >= 4.45 reporting the M-RoPE type as 'default' to a vLLM that only exempts 'mrope'.")
    if "mrope_section" in extra:
        derived["mrope_section_present"] = True
        parts.append("The config carries mrope_section, so this is a Qwen2-VL/Qwen2.5-VL multimodal RoPE config.")
    if facts.get("vllm_line") is not None:
        parts.append(f"Raised at vllm/config.py line {facts.get('vllm_line')}.")
    if vllm_v:
        derived["vllm_version"] = vllm_v
    if tf_v:
        derived["transformers_version"] = tf_v
    old_vllm = vv is not None and vv < (0, 6, 3)
    new_tf = tv is not None and tv >= (4, 45, 0)
    if vv is not None and tv is not None:
        derived["version_pair"] = f"vllm {vllm_v} + transformers {tf_v}"
        if old_vllm and new_tf:
            derived["pair_case"] = "old-vllm-new-transformers"
            parts.append(f"vLLM {vllm_v} predates the fix (0.6.3) and transformers {tf_v} already renames the type.")
        else:
            derived["pair_case"] = "other"
    elif old_vllm:
        derived["pair_case"] = "old-vllm"
        parts.append(f"vLLM {vllm_v} predates 0.6.3, the first release that accepts rope_type 'default' for M-RoPE.")
    elif new_tf:
        derived["pair_case"] = "new-transformers"
    fix = ["pip install -U 'vllm>=0.6.3' 'transformers>=4.45.2'"]
    if vv is not None and vv < (0, 6, 2):
        fix.append(f"to keep vLLM {vllm_v}: pip install git+https://github.com/huggingface/transformers@"
                   "21fac7abba2a37fae86106f87fcf9974fd1e3830")
    fix.append("Qwen2.5-VL needs vLLM >= 0.7.2 regardless: pip install -U 'vllm>=0.7.2'")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        return _explain(facts)
    except (TypeError, ValueError, AttributeError, KeyError, OverflowError):
        return None
