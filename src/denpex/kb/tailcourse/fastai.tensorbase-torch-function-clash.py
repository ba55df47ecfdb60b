"""Computed diagnosis for fastai.tensorbase-torch-function-clash: which call, which subclass pair."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _short(t: str) -> str:
    return t.rsplit(".", 1)[-1] if t else t


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    ft = str(facts.get("fastai_type") or "")
    if not ft:
        return None
    if facts.get("_signature") == "tensorbase-format" or ft == "TensorBase":
        return Explanation(
            text="fastai's progress display formats a TensorBase loss with a format spec; torch 1.13+ refuses that for "
                 "tensor subclasses on fastai releases before 2.7.10.",
            fix=("pip install -U 'fastai>=2.7.10' fastcore", "or pin torch<1.13 for this fastai release"),
            derived={"diagnosis": "fastai older than torch (TensorBase.__format__)"})
    func = str(facts.get("func") or "a torch function")
    other = str(facts.get("other_type") or "")
    a, b = _short(ft), _short(other)
    kind = "loss" if ("functional" in func or "loss" in func) else "operation"
    pair = f"{a} and {b}" if b else a
    if b and b.startswith("Tensor") and "fastai" in other:
        text = (f"`{func}` was called with two different fastai tensor subclasses ({pair}); this fastai release does not "
                f"let them combine, so torch found no implementation. Typical in a custom {kind} or metric that mixes the "
                "prediction with the target.")
    elif b:
        text = (f"`{func}` was called with a fastai {a} and a {b} (not a fastai type); neither __torch_function__ accepts the other.")
    else:
        text = f"`{func}` was called with a fastai {a} that does not implement it under this torch version."
    fix = [f"Cast before the call: pred, targ = TensorBase(pred), TensorBase(targ)  (or .as_subclass(torch.Tensor)) in your {kind}."]
    if b.startswith("Tensor"):
        fix.append(f"Or register the pair (fastai 2.2+): {a}.register_func({func.split('.')[-1]}, {a}, {b})")
    fix.append("Upgrade fastai and fastcore to a release made for the installed torch: pip install -U fastai fastcore")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": f"{func} refused {pair}"})
