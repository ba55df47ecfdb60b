"""Computed diagnosis for torch.deterministic-unsupported: name the op, map it to the usual module and a
deterministic replacement, and say how the flag was set."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_REPLACE = {
    "adaptive_avg_pool2d_backward": ("AdaptiveAvgPool2d (SE / coordinate-attention / CBAM blocks, classifier heads)",
                                     "Replace nn.AdaptiveAvgPool2d(1) with x.mean(dim=(2, 3), keepdim=True) (pooling to (None, 1) / (1, None): x.mean(dim=3 or 2, keepdim=True))."),
    "adaptive_max_pool2d_backward": ("AdaptiveMaxPool2d (CBAM channel/spatial attention)",
                                     "Replace nn.AdaptiveMaxPool2d(1) with x.amax(dim=(2, 3), keepdim=True)."),
    "scatter_add": ("scatter_add_ / index_add_ (segment sums, graph message passing, losses)",
                    "Upgrade PyTorch (deterministic scatter_add/index_add exist in recent releases) or compute the sums on the CPU."),
    "index_add": ("index_add_ (segment sums)",
                  "Upgrade PyTorch (a deterministic index_add exists in recent releases) or compute it on the CPU."),
    "cumsum": ("cumsum on CUDA (e.g. position ids, linear-attention scans)",
               "Compute that cumsum in float64 or on the CPU, or allow it with warn_only=True."),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    op = str(facts.get("op") or "")
    api = facts.get("api") or "use_deterministic_algorithms"
    warn = facts.get("_signature") == "nondeterministic-warning"
    module, replace = None, None
    for key, (mod, rep) in _REPLACE.items():
        if key in op:
            module, replace = mod, rep
            break
    derived: dict[str, Any] = {}
    if warn:
        derived["what"] = f"{op} ran non-deterministically (warn_only=True): the run is not bitwise reproducible"
        text = f"torch.use_deterministic_algorithms(True, warn_only=True) is set and {op} has no deterministic kernel, so it ran anyway and this run is not bitwise reproducible."
        fix: list[str] = [replace] if replace else []
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    derived["what"] = f"{op} has no deterministic implementation and torch.{api}(True) is set"
    text = f"Strict determinism is on (torch.{api}(True), set by your code or the trainer's deterministic option) and {op} only has a non-deterministic CUDA kernel" + (f" - it comes from {module}." if module else ".")
    fix = ["If bitwise reproducibility is not needed: ultralytics train(..., deterministic=False) / Lightning Trainer(deterministic=False) / remove torch.use_deterministic_algorithms(True)."]
    if replace:
        fix.append(replace)
    fix.append("Or keep determinism but only warn for this op: torch.use_deterministic_algorithms(True, warn_only=True).")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
