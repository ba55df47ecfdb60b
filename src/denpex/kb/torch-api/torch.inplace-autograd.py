"""Computed diagnosis for torch.inplace-autograd: which saved tensor was overwritten, by what kind of op, how often."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_ACT = ("Relu", "LeakyRelu", "Sigmoid", "Tanh", "Elu", "Silu", "Hardtanh", "Threshold", "Gelu", "Softmax", "LogSoftmax", "Exp")
_VIEW = ("Slice", "Select", "AsStrided", "CopySlices", "Index", "Unbind", "Split", "Chunk", "Unsqueeze", "Squeeze", "View", "Expand")
_WEIGHT = ("TBackward", "Permute", "Transpose")


def _parse_tensor(t: str) -> tuple[str | None, list[int] | None]:
    m = re.match(r"\[([A-Za-z0-9_.]+) \[([0-9, ]*)\]\]", t or "")
    if not m:
        return None, None
    dims = [int(x) for x in m.group(2).split(",") if x.strip()]
    return m.group(1), dims


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    op = facts.get("op")
    tensor = facts.get("tensor")
    version, expected = facts.get("version"), facts.get("expected_version")
    derived: dict[str, Any] = {}
    parts: list[str] = []
    fix: list[str] = []
    ttype, dims = _parse_tensor(str(tensor)) if tensor else (None, None)
    if ttype:
        derived["tensor_type"] = ttype
        derived["shape"] = dims
        parts.append(f"The saved tensor is a {ttype} of shape {dims}.")
    if version is not None and expected is not None:
        n = version - expected
        derived["inplace_writes"] = n
        parts.append(f"It was written in place {n} time{'s' if n != 1 else ''} between forward and backward (version {expected} -> {version}).")
    view_op = facts.get("view_op")
    if op and "is a view" not in str(op):
        name = str(op)
        if facts.get("tensor") is None and facts.get("output_nr") is not None:
            # view-modified-inplace signature
            parts.append(f"Output {facts['output_nr']} of {name} is a view that was then modified in place; multi-output views (split/chunk/unbind) and views returned by custom Functions or backward hooks cannot be edited in place.")
            fix.append("Clone the view before the in-place op (y = y.clone()) or use the out-of-place form; for hooks set inplace=False on activations.")
        elif name.startswith(_ACT):
            act = name.replace("Backward0", "").replace("Backward", "")
            parts.append(f"{name} saved the output of a {act} activation; that output was modified afterwards by an in-place op (an inplace=True activation followed by +=/mul_(), or x.add_() on the output).")
            fix.append(f"Make the {act} and the op after it out-of-place: nn.{act.replace('Relu', 'ReLU')}(inplace=False) and x = x + y instead of x += y.")
        elif name.startswith(_WEIGHT):
            derived["likely_optimizer_step"] = True
            parts.append(f"{name} stands for a transposed weight (a Linear layer's parameter). A parameter changed after the forward: almost always optimizer.step() called before a later backward through the same graph (GAN / multi-loss loop).")
            fix.append("Call every loss.backward() that uses this forward before optimizer.step(), or recompute the forward after the step.")
            fix.append("In GANs, detach the generator output for the discriminator loss: d_loss = D(fake.detach()).")
        elif name.startswith(_VIEW):
            parts.append(f"{name} saved a slice/view; an indexed assignment (x[...] = v) or in-place op on the same storage overwrote it.")
            fix.append("Clone before assigning (x = x.clone(); x[idx] = v), or collect pieces in a list and torch.stack/cat them.")
        else:
            parts.append(f"The tensor was saved by {name} during forward.")
            fix.append(f"Find the forward op that produced {name} (torch.autograd.set_detect_anomaly(True) prints it) and make the in-place ops after it out-of-place.")
    elif tensor is not None and op is None:
        parts.append("No backward node is named: the tensor is a leaf (typically a parameter) changed in place, e.g. by optimizer.step() before a second backward.")
        fix.append("Order all backward() calls before optimizer.step(), or wrap manual parameter edits in torch.no_grad().")
    if view_op in ("no_grad", "inference"):
        parts.append(f"A view created under {view_op} mode was modified in place with grad enabled.")
        fix.append("Create the view with grad enabled, or clone() it before modifying; or do the modification under torch.no_grad().")
    elif view_op:
        parts.append("A leaf tensor that requires grad (a parameter or an input with requires_grad=True) was modified in place.")
        fix.append("Wrap the edit in with torch.no_grad(): ... (for initialisation/manual updates), or use an out-of-place op.")
    if not parts:
        # only the leaf-inplace wording carries no facts
        derived["detail"] = "a leaf tensor that requires grad was modified in place"
        parts.append("A leaf tensor that requires grad (a parameter or an input with requires_grad=True) was modified in place outside torch.no_grad().")
        fix.append("Wrap the edit in with torch.no_grad(): ... (initialisation, manual updates), or use an out-of-place op.")
    if "detail" not in derived:
        if tensor and op:
            derived["detail"] = f"{tensor} saved by {op}" + (f", {version - expected} in-place write(s)" if version is not None and expected is not None else "")
        elif tensor:
            derived["detail"] = f"{tensor} (a leaf/parameter)" + (f", {version - expected} in-place write(s)" if version is not None and expected is not None else "")
        elif op:
            derived["detail"] = f"output {facts.get('output_nr', '?')} of {op} is a view modified in place"
        elif view_op in ("no_grad", "inference"):
            derived["detail"] = f"view created in {view_op} mode modified in place"
        else:
            derived["detail"] = "a leaf tensor that requires grad was modified in place"
    fix.append("Rerun once with torch.autograd.set_detect_anomaly(True): the extra traceback shows the forward line whose result was overwritten.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
