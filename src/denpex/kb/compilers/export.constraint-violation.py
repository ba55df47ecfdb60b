"""Computed diagnosis for export.constraint-violation: which kind of contradiction, and the concrete declaration that resolves it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    dims = str(facts.get("dims") or facts.get("dim") or "").strip()
    dim = str(facts.get("dim") or dims or "the dimension")
    const, guard, equal_to = facts.get("const"), facts.get("guard"), facts.get("equal_to")
    suggested = str(facts.get("suggested") or "").strip()
    compile_path = bool(facts.get("relaxed")) or ("L[" in (dims or dim) and facts.get("exc") != "UserError" and "Dim(" not in suggested)
    derived: dict[str, Any] = {"dims": dims or dim}
    fix: list[str] = []
    if suggested:
        fix.append(f"Apply PyTorch's suggested fix: {suggested}" + (" (in dynamic_shapes; torch.export.dynamic_shapes.refine_dynamic_shapes_from_suggested_fixes can apply it)" if not compile_path else "") + ".")
    if isinstance(const, int):
        derived["what"] = (": specialized" if dim == dims else f": {dim} was specialized") + f" to the constant {const}"
        if const in (0, 1):
            text = (f"{dim} was traced with an example of size {const}. PyTorch always specializes sizes 0 and 1, so a dimension traced "
                    f"with {const} becomes that constant and cannot be dynamic.")
            fix.insert(0, f"Trace with an example input of size 2 or more in {dim} (e.g. a batch of 2), keeping the dynamic declaration.")
        elif compile_path:
            text = (f"torch._dynamo.mark_dynamic was set on {dims or dim}, but the compiled code fixes that size to {const} "
                    f"(a literal in a reshape/view, a fixed-size buffer, padding to {const}), and mark_dynamic turns that specialization into an error.")
            fix.insert(0, f"Use torch._dynamo.maybe_mark_dynamic (or drop mark_dynamic) for this tensor if the size really is {const}; otherwise find the line that pins it: "
                          f"TORCH_LOGS=\"+dynamic\" TORCHDYNAMO_EXTENDED_DEBUG_GUARD_ADDED=\"Eq(s0, {const})\" (use the symbol from the log).")
        else:
            text = (f"You declared {dim} dynamic, but the model's code fixes it to {const}: a literal in reshape/view/expand, a fixed-size "
                    f"tensor or parameter combined with the input, or an assert/== on the size.")
            fix.insert(0, f"If {dim} is really always {const}, declare it static (Dim.STATIC, or leave it out of dynamic_shapes); otherwise replace the literal "
                          f"{const} in forward() with the size taken from the input (x.shape[i] or -1).")
            fix.append(f"Find the line: TORCH_LOGS=\"+dynamic\" TORCHDYNAMO_EXTENDED_DEBUG_GUARD_ADDED=\"Eq(s0, {const})\" prints the user stack that added the guard.")
    elif guard:
        g = str(guard).strip().rstrip(".")
        derived["what"] = f": the code only supports {g}"
        text = (f"The traced code only works for part of the range declared for {dim}: it added the guard {g} "
                "(a Python branch on the size, or an op that needs a minimum/maximum size).")
        if not suggested:
            fix.append(f"Narrow the Dim for {dim} to the range of the guard ({g}), or remove the size-dependent branch (torch.cond).")
        else:
            fix.append("Or remove the size-dependent branch (torch.cond, or arithmetic that works for every size) to keep the wider range.")
    elif equal_to:
        derived["what"] = f": {dim} must equal {equal_to}"
        text = (f"The model combines the dimensions {dim} and {equal_to} (elementwise op, concatenation, matmul), so they must always be equal, "
                "but they were declared as independent Dims.")
        if not suggested:
            fix.append(f"Use the same Dim object for both ({dim} = {equal_to}).")
    else:
        derived["what"] = " (see the bullets under the error)"
        text = (f"The guards the traced code needs contradict the dynamic shapes declared for {dims or dim}; the bullets under the error "
                "say whether the size was specialized, narrowed or tied to another dimension.")
        fix.append("Rerun with TORCH_LOGS=\"+dynamic\" to see which line added each guard; trace with example sizes >= 2 in dynamic dims.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
