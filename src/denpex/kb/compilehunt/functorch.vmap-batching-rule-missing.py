"""Computed diagnosis for functorch.vmap-batching-rule-missing: why the fallback refused this op."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_REWRITE = {
    "view.dtype": "use x.to(dtype) (a copy) or bit-cast outside vmap",
    "t": "use x.transpose(-2, -1) / x.mT, or upgrade PyTorch",
    "expand.SymInt": "upgrade PyTorch (rule added after functorch 0.2) or use expand_as",
    "item": "keep the value as a 0-d tensor (no .item()/float()) inside vmap",
    "is_nonzero": "replace `if tensor:` by torch.where(...) inside vmap",
    "_local_scalar_dense": "keep the value as a 0-d tensor (no .item()/float()) inside vmap",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    op = str(facts.get("op") or "").removeprefix("aten::")
    if not op:
        return None
    sig = str(facts.get("_signature") or "")
    base = op.split(".")[0]
    if base in {"gru", "lstm", "rnn_tanh", "rnn_relu", "_cudnn_rnn", "_cudnn_rnn_backward", "miopen_rnn"}:
        diagnosis = f"RNN op {op} cannot be vmapped"
        rewrite = "write the recurrent cell with matmul + sigmoid/tanh (a manual GRU/LSTM cell) or loop over the batch"
    elif op in _REWRITE or base in _REWRITE:
        diagnosis = f"aten::{op} has no batching rule"
        rewrite = _REWRITE.get(op) or _REWRITE[base]
    elif sig == "view-or-out":
        diagnosis = f"view/out= op aten::{op} has no batching rule"
        rewrite = "use a non-aliasing equivalent (reshape instead of view, a functional op instead of out=) or upgrade PyTorch"
    elif sig == "no-returns":
        diagnosis = f"aten::{op} returns nothing and cannot be batched"
        rewrite = "move the in-place/side-effect call outside the vmapped function"
    else:
        diagnosis = f"aten::{op} returns non-tensors or takes a tensor list"
        rewrite = "move the call outside vmap or compose it from ops that have rules"
    text = (f"Inside vmap the operator aten::{op} has no batching rule and the per-example fallback cannot run it. "
            f"Fix: {rewrite}.")
    return Explanation(text=text, fix=(rewrite[0].upper() + rewrite[1:] + ".",
                                       "Or upgrade PyTorch (batching rules are added each release)."),
                       derived={"diagnosis": diagnosis})
