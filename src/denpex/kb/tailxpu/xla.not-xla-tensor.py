"""Computed diagnosis for xla.not-xla-tensor: read where the offending tensor lives from its type name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    t = str(facts.get("tensor_type") or "").strip()
    if not t:
        return None
    arg = str(facts.get("argument") or "").strip()
    who = f"operand `{arg}`" if arg else "an operand"
    low = t.lower()
    if low.startswith("xla"):
        kind = "complex " if "complex" in low else ""
        return Explanation(
            text=(f"{who} is a {t}: it is on the XLA device but wrapped (a functional/fake {kind}tensor under torch.compile, "
                  "dynamo sharding or a custom op) so the bridge cannot unwrap it. This is not a placement bug in your code."),
            fix=("Run the failing region eagerly (without torch.compile / dynamo_mark_sharding) or upgrade torch_xla;",
                 "report the op named in the stack trace upstream with the torch_xla version."),
            derived={"diagnosis": "XLA tensor wrapper not unwrapped (compile/sharding path)"},
        )
    if low.startswith("torch.cuda.") or low.startswith("cuda"):
        where = "CUDA"
    else:
        where = "CPU"
    dtype = t.replace("torch.", "").replace("CPU", "").replace("CUDA", "").replace("Type", "").replace("Tensor", "")
    hint = (" Integer tensors are usually token ids, labels or indices from the data loader." if dtype in ("Long", "Int")
            else "")
    return Explanation(
        text=f"{who} is a {where} tensor ({t}) while the op runs on the XLA device.{hint}",
        fix=("x = x.to(xm.xla_device())  # move the batch/targets; or iterate MpDeviceLoader(loader, device)",
             "model.to(device) after registering constants with register_buffer; create new tensors with device=x.device."),
        derived={"diagnosis": f"{where} tensor passed to an XLA op"},
    )
