"""Computed diagnosis for compile.dynamo-unsupported: the data-dependent condition and the torch._check that answers it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _negate(expr: str) -> str | None:
    """Eq(a, b) -> a != b; Ne(a, b) -> a == b; simple comparisons negated for torch._check."""
    m = re.fullmatch(r"(Eq|Ne)\((.+), ([^,()]+)\)", expr.strip())
    if m:
        op = "!=" if m.group(1) == "Eq" else "=="
        return f"{m.group(2).strip()} {op} {m.group(3).strip()}"
    return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    expr = str(facts.get("expr") or "").strip().rstrip(".")
    derived: dict[str, Any] = {}
    fix: list[str] = []
    if expr:
        syms = sorted(set(re.findall(r"\b[ui]\d+\b", expr)))
        derived["where"] = f" ({expr})"
        derived["unbacked"] = ", ".join(syms) if syms else "none"
        text = f"The tracer had to decide {expr} for {', '.join(syms) or 'a value'} that is only known at run time (created from tensor data, e.g. .item(), nonzero(), tolist() or a boolean mask)."
        if facts.get("exc") == "UserError":
            text += " This is torch.export, which never allows graph breaks."
        alt = _negate(expr)
        if re.fullmatch(r"Eq\(.+, 1\)", expr):
            text += " Comparing a size with 1 is usually a broadcasting/squeeze check in library code."
        if alt:
            fix.append(f"If the value can never satisfy {expr}, assert it right after creating it: torch._check({alt}), writing your variable in place of {', '.join(syms) or 'the symbol'} (and torch._check_is_size(<value>) for sizes).")
        else:
            fix.append(f"Assert what you know about {', '.join(syms) or 'the value'} right after creating it: torch._check_is_size(v), torch._check(v > 0) ... so the condition {expr} can be decided symbolically.")
        if syms:
            fix.append(f"To find where {syms[0]} comes from: TORCH_LOGS=\"+dynamic\" TORCHDYNAMO_EXTENDED_DEBUG_CREATE_SYMBOL=\"{','.join(syms)}\".")
        fix.append("Or keep the data-dependent step outside the compiled region / drop fullgraph=True (torch.compile only).")
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    op = facts.get("op")
    if op:
        scalar = "DataDependent" in str(facts.get("exc") or "") or "data dependent" in str(facts.get("exc") or "") or "_local_scalar_dense" in str(op)
        flag = facts.get("config") or ("capture_scalar_outputs" if scalar else "capture_dynamic_output_shape_ops")
        what = "returns a Python scalar read from tensor data (.item(), .tolist(), int(tensor))" if scalar else "has an output shape that depends on tensor data (nonzero, boolean masking, unique, repeat_interleave)"
        derived["where"] = f" ({op})"
        text = f"{op} {what}, so fake-tensor tracing cannot know its result; without the capture option Dynamo must break the graph there, which fullgraph=True / torch.export forbid."
        fix = [f"Set torch._dynamo.config.{flag} = True (or env TORCHDYNAMO_{flag.upper()}=1) so the op is traced with an unbacked symbol; add torch._check_is_size / torch._check on the result where it is used as a size.",
               "Or keep the op out of the compiled region / drop fullgraph=True, or rewrite it without a data-dependent shape (torch.where with a fixed-size output instead of boolean indexing)."]
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    loc, reason = facts.get("location"), facts.get("reason")
    if loc or reason:
        derived["where"] = f" at {loc}" if loc else ""
        text = f"Dynamo split the graph at {loc or 'this point'}" + (f" ({reason})" if reason else "") + "; the code there runs eagerly and compilation resumes after it. This is only a performance matter."
        r = str(reason or "").lower()
        if "data dependent" in r or "data-dependent" in r:
            fix.append("torch._dynamo.config.capture_scalar_outputs = True / capture_dynamic_output_shape_ops = True lets Dynamo trace .item() / nonzero() instead of breaking.")
        elif "backward" in r:
            fix.append("Compile the model (forward) rather than the whole train step, or use compiled autograd; loss.backward() inside a compiled function breaks the graph.")
        elif "disable" in r:
            fix.append("The function is decorated with torch.compiler.disable (often in a library); this break is intentional.")
        else:
            fix.append("Run with TORCH_LOGS=graph_breaks to list all breaks and fix the ones in hot loops.")
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    return Explanation(text="Tracing needed a value that depends on tensor data; the expression follows in the next lines of the error.",
                       fix=("Use torch._check / torch._check_is_size on the data-dependent value, or move that code out of the compiled region.",),
                       derived={"where": ""})
