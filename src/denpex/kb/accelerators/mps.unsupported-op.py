"""Computed diagnosis for mps.unsupported-op: the operator behind the schema name and what to do about it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# schema base name -> Python-level call that reaches it
_PY = {
    "upsample_bicubic2d": "F.interpolate(mode='bicubic')",
    "_upsample_bicubic2d_aa": "F.interpolate(mode='bicubic', antialias=True)",
    "_upsample_bilinear2d_aa": "F.interpolate(mode='bilinear', antialias=True)",
    "upsample_nearest3d": "F.interpolate on a 5-D tensor (mode='nearest')",
    "_linalg_solve_ex": "torch.linalg.solve",
    "linalg_cholesky_ex": "torch.linalg.cholesky",
    "linalg_svd": "torch.linalg.svd / torch.svd",
    "isin": "torch.isin",
    "grid_sampler_2d_backward": "the backward of F.grid_sample",
    "max_pool3d_with_indices": "nn.MaxPool3d / F.max_pool3d",
    "index_copy": "Tensor.index_copy_",
    "_index_put_impl_": "indexed assignment t[idx] = v",
    "nms": "torchvision.ops.nms",
    "col2im": "F.fold",
    "segment_reduce": "torch.segment_reduce",
    "_fft_r2c": "torch.fft.rfft",
    "_ctc_loss": "F.ctc_loss",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    op = facts.get("op")
    if facts.get("dtype") and not op:
        return Explanation(
            text="A float64 tensor was created on or moved to MPS; Metal has no 64-bit float type, so the MPS backend refuses it.",
            fix=("Cast to float32 before moving: t.float().to('mps') / torch.from_numpy(a.astype('float32')); or torch.set_default_dtype(torch.float32) if torch.double is the default.",),
            derived={"op": "a float64 tensor"},
        )
    limit = facts.get("limit")
    if limit and not op:
        return Explanation(
            text=f"The MPS kernel exists but refuses this shape: {limit}. It is a limit of the Metal backend, not a missing operator, so "
                 "PYTORCH_ENABLE_MPS_FALLBACK=1 does not help (the fallback only covers operators with no MPS kernel).",
            fix=("Run the layer (or the whole model) on the CPU: move its inputs with .cpu() and the result back with .to('mps'), or pick device='cpu' for this model.",
                 "Or reduce the size below the limit (split a convolution's output channels into chunks, process a shorter input), and upgrade PyTorch: several MPS limits were lifted in later releases."),
            derived={"op": str(limit)},
        )
    if not op:
        return None
    ns, _, rest = str(op).partition("::")
    base, _, overload = rest.partition(".")
    derived: dict[str, Any] = {"op_name": base, "namespace": ns}
    if overload:
        derived["overload"] = overload
    call = _PY.get(base)
    parts = [f"The MPS backend of this PyTorch has no kernel for {ns}::{base}" + (f" (overload {overload})" if overload else "") + "."]
    if call:
        parts.append(f"It is reached from {call}.")
    if base.endswith("_backward"):
        parts.append("Only the gradient kernel is missing: inference works, training fails in backward().")
    fix = [f"Start the process with PYTORCH_ENABLE_MPS_FALLBACK=1 (before torch is imported) so {ns}::{base} runs on the CPU; it is then warned once and works, slower."]
    if ns == "aten":
        fix.append("Upgrade PyTorch (pip install -U torch, or a nightly): MPS kernels are added every release; if it is still missing, comment on https://github.com/pytorch/pytorch/issues/141287.")
    else:
        fix.append(f"{ns}::{base} is registered by the {ns} package: upgrade {ns} together with torch, or call it on CPU tensors.")
    fix.append(f"Or run only that step on the CPU: move its inputs with .cpu(), call {call or base}, and move the result back with .to('mps').")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
