"""Computed diagnosis for mps.graph-broadcast-incompatible: compare the two MPSGraph operand types."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_TYPE = re.compile(r"^(?P<shape>(?:[0-9?*]+x)*)(?P<elem>(?:bf|f|i|ui)[0-9]+|complex<f[0-9]+>)$")
_NAMES = {"f16": "float16", "f32": "float32", "bf16": "bfloat16", "f64": "float64", "i1": "bool",
          "i32": "int32", "i64": "int64", "i8": "int8", "ui8": "uint8"}
_OPS = (
    ("varianceeps", "the epsilon add of a LayerNorm/GroupNorm"),
    ("addmm", "the bias add of a Linear layer (addmm)"),
    ("mps_add", "an elementwise add (e.g. the timestep/conditioning embedding added to activations)"),
    ("mul", "an elementwise multiply"),
    ("select", "a where/select"),
)


def _split(t: str) -> tuple[str, str] | None:
    m = _TYPE.match(t or "")
    if not m:
        return None
    shape = m.group("shape").rstrip("x").replace("x", ", ") or "scalar"
    return shape, m.group("elem")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    lhs = str(facts.get("lhs_type") or "")
    rhs = str(facts.get("rhs_type") or "")
    op = str(facts.get("op") or "")
    what = ""
    for key, label in _OPS:
        if key in op.lower():
            what = label
            break
    where = f" in MPSGraph op '{op}'" + (f" ({what})" if what else "") if op else ""
    a, b = _split(lhs), _split(rhs)
    if not a or not b:
        if facts.get("_signature") == "llvm-failed-to-infer-result-types-metal":
            return Explanation(
                text="MPSGraph/MLIR could not type an op in a Metal run and aborted the process; the verifier line just "
                     "above (input types ... are not broadcast compatible, or an op result must be ...) names the operands.",
                fix=("Run the model in one dtype on the Metal device (float32), or on CPU, and upgrade torch / jax-metal.",),
                derived={},
            )
        return None
    (sa, ea), (sb, eb) = a, b
    na, nb = _NAMES.get(ea, ea), _NAMES.get(eb, eb)
    derived: dict[str, Any] = {"lhs_dtype": na, "rhs_dtype": nb, "lhs_shape": sa, "rhs_shape": sb}
    if ea != eb:
        floats = {ea, eb} <= {"f16", "f32", "bf16"}
        derived["diagnosis"] = "mixed precision" if floats else "mixed element types"
        text = (f"One operand is {na} [{sa}] and the other {nb} [{sb}]{where}: the model mixes dtypes on MPS "
                "and MPSGraph aborts instead of promoting.")
        fix = (
            "Put every module and input in one dtype: full float32 on MPS (web UIs: --no-half / --precision full or "
            "--upcast-sampling; diffusers: torch_dtype=torch.float32) or model.half() plus half inputs.",
            f"Find the module whose tensors have the odd dtype (here [{sa}] {na} vs [{sb}] {nb}: norm weights, "
            "embeddings, LoRA, VAE, text encoder) and cast it with .to(dtype).",
            "Upgrade PyTorch (2.1+) / macOS so the MPS lowering casts mixed operands.",
        )
    else:
        derived["diagnosis"] = "shape mismatch"
        text = (f"Both operands are {na}, but shapes [{sa}] and [{sb}]{where} do not broadcast: a real shape bug "
                "that the MPS graph compiler turns into an abort.")
        fix = ("Run the same input on CPU to get a normal shape error with a traceback, then fix the shapes at that op.",)
    return Explanation(text=text, fix=fix, derived=derived)
