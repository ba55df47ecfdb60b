"""Computed diagnosis for megatron.dist-ckpt-shape-mismatch: which dimension differs and what it means."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_NUM = re.compile(r"\d+")


def _dims(s: Any) -> list[int]:
    return [int(x) for x in _NUM.findall(str(s or ""))]


def _qkv_groups(rows: int, hidden: int) -> str | None:
    """Describe a fused QKV row count for hidden size `hidden` (q = hidden, k = v = groups * head_dim)."""
    if hidden <= 0 or rows < hidden:
        return None
    if rows == 3 * hidden:
        return "multi-head attention (one key/value head per query head)"
    kv = rows - hidden
    if kv > 0 and kv % 2 == 0:
        return f"grouped-query attention (key+value width {kv}, i.e. {kv // 2} per K and V)"
    return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    key = facts.get("key")
    loaded = _dims(facts.get("loaded"))
    expected = _dims(facts.get("expected"))
    if not key or not loaded or not expected:
        return None
    key = str(key)
    if len(loaded) != len(expected):
        diff = f"rank {len(loaded)} in the checkpoint vs rank {len(expected)} in the model"
        return Explanation(
            text=(f"'{key}' is stored as {tuple(loaded)} but the model expects {tuple(expected)}: {diff}, "
                  "so the tensor is laid out differently (stacked per-layer vs per-layer, or another module type)."),
            fix=("Load with the Megatron-Core release and model config used to save the checkpoint.",),
            derived={"differing_dims": diff, "diagnosis": "different tensor rank", "what": f" ({diff})"},
        )
    idx = [i for i, (a, b) in enumerate(zip(loaded, expected)) if a != b]
    parts = [f"dim {i}: {loaded[i]} in checkpoint vs {expected[i]} in model" for i in idx]
    differing = "; ".join(parts) if parts else "none"
    text = f"'{key}': checkpoint {tuple(loaded)} vs model {tuple(expected)} ({differing})."
    fix: list[str] = []
    diagnosis = "model built with another architecture than the checkpoint"
    ratios = set()
    for i in idx:
        a, b = loaded[i], expected[i]
        if a and b and (a % b == 0 or b % a == 0):
            ratios.add(max(a, b) // min(a, b))
    if "linear_qkv" in key and idx:
        hidden = expected[-1]
        d = idx[0]
        ck, md = _qkv_groups(loaded[d], hidden), _qkv_groups(expected[d], hidden)
        if ck and md:
            diagnosis = "attention head layout (GQA num_query_groups) differs"
            text += (f" With hidden size {hidden} the checkpoint uses {ck} and the model is built for {md}: "
                     "num_query_groups / kv_channels / num_attention_heads differ.")
            fix.append("Build the model with the checkpoint's group_query_attention / num_query_groups / kv_channels "
                       "(e.g. --group-query-attention --num-query-groups G).")
    elif "linear_fc1" in key and 2 in ratios:
        diagnosis = "MLP width or gated (SwiGLU) setting differs"
        text += " A factor of 2 in linear_fc1 is the gated-linear-unit (SwiGLU) doubling, or ffn_hidden_size differs."
        fix.append("Use the checkpoint's ffn_hidden_size and gated_linear_unit / --swiglu setting.")
    elif "embedding" in key or "output_layer" in key or "word_embeddings" in key:
        diagnosis = "padded vocabulary size differs"
        text += " The vocabulary dimension differs: another tokenizer or another vocab padding (make-vocab-size-divisible-by x TP)."
        fix.append("Use the same tokenizer and --make-vocab-size-divisible-by as the saving run.")
    elif "experts" in key:
        diagnosis = "number of experts or expert MLP size differs"
        fix.append("Use the checkpoint's num_moe_experts and moe_ffn_hidden_size.")
    elif ratios and max(ratios) in (2, 4, 8) and len(idx) == 1:
        diagnosis = "possibly a TP-sharded weight recorded as replicated"
        text += (f" The dimensions differ by a factor {max(ratios)}: if that is the tensor-parallel size of one of the runs, "
                 "the layer's sharded_state_dict does not declare its TP split.")
        fix.append("Declare the tensor-parallel axis of this weight in the layer's sharded_state_dict and re-save.")
    fix.append("Otherwise build the model from the checkpoint's saved config (run_config / context / saved args).")
    return Explanation(
        text=text,
        fix=tuple(fix),
        derived={"differing_dims": differing, "diagnosis": diagnosis, "what": f": {diagnosis} ({differing})"},
    )
