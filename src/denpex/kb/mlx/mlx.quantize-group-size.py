"""Computed diagnosis for mlx.quantize-group-size: which group size fits the offending dimension."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if facts.get("_signature") == "div-32":
        return Explanation(
            text="This MLX release required every dimension of a quantized matrix to be a multiple of 32; later releases relaxed it.",
            fix=("pip install -U mlx mlx-lm, then re-run the conversion",),
            derived={"suggested_group_size": "upgrade mlx", "problem": "this MLX needs every dimension divisible by 32"})
    g = facts.get("group_size")
    dims = [d for d in str(facts.get("shape") or "").replace(" ", "").split(",") if d.isdigit()]
    if not dims:
        if not g:
            return None
        return Explanation(
            text=f"A matrix's last dimension is not a multiple of the group size {g}.",
            fix=(f"Use a group size that divides it (--q-group-size 32), or skip that layer with a quant predicate "
                 "(weight.shape[-1] % group_size != 0 -> False); KV cache: --kv-group-size that divides head_dim.",),
            derived={"problem": f"a last dimension not divisible by group size {g}"})
    last = int(dims[-1])
    ok = [s for s in (128, 64, 32) if last % s == 0]
    kv = len(dims) == 4
    what = "head_dim of the KV cache" if kv else "input dimension of the layer"
    if ok:
        best = max(ok)
        text = (f"The last dimension is {last} (the {what}); {last} % {g} = {last % int(g or 1)}, but group size {best} divides it.")
        fix = ((f"KV cache: --kv-group-size {best} (or drop --kv-bits)",) if kv else
               (f"mlx_lm.convert ... -q --q-group-size {best}", "or keep this layer unquantized with a quant predicate"))
        sugg = str(best)
    else:
        text = (f"The last dimension is {last} (the {what}); no MLX group size (32/64/128) divides it, so this "
                "matrix cannot be quantized.")
        fix = (("Turn KV-cache quantization off for this model (no --kv-bits)",) if kv else
               ("Keep this layer in bf16: quant_predicate returning False when weight.shape[-1] % group_size != 0 "
                "(newer mlx-vlm/mlx-lm converters do this - upgrade)",))
        sugg = "none - skip the layer"
    return Explanation(text=text, fix=fix, derived={"last_dim": last, "suggested_group_size": sugg,
                                                   "problem": f"last dimension {last} not divisible by group size {g}"})
