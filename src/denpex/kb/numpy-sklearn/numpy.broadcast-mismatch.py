"""Computed diagnosis for numpy.broadcast-mismatch: the shapes right-aligned, the axes whose sizes disagree
(neither 1), and the usual reasons read from them (a trailing axis of 1, off-by-one crops, RGB vs RGBA,
(H, W) vs (W, H), a per-channel vector on a grayscale or channels-first image, an empty side, a ragged list)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import raising_frame
from denpex.models import Explanation

_SHAPE = re.compile(r"\(([0-9, ]*)\)")


def _parse(text: str) -> list[int] | None:
    body = text.strip().strip("()").replace(" ", "")
    if not body:
        return []
    try:
        return [int(t) for t in body.split(",") if t]
    except ValueError:
        return None


def _fmt(dims: list[int]) -> str:
    return "(" + ", ".join(map(str, dims)) + ("," if len(dims) == 1 else "") + ")"


def _conflicts(shapes: list[list[int]]) -> list[tuple[int, list[int]]]:
    """Right-aligned axes (negative index) where two shapes have different sizes, neither 1."""
    nd = max(len(s) for s in shapes)
    out: list[tuple[int, list[int]]] = []
    for k in range(1, nd + 1):
        sizes = [s[-k] for s in shapes if len(s) >= k]
        big = {x for x in sizes if x != 1}
        if len(big) > 1:
            out.append((-k, sizes))
    return out


def _hints(a: list[int], b: list[int], code: str) -> list[str]:
    hints: list[str] = []
    if a + [1] == b or b + [1] == a:
        hints.append("One shape is the other with a trailing axis of size 1 ((H, W, 1) vs (H, W)): NumPy aligns shapes from the right, so that extra axis shifts every other one. Drop it (x[..., 0] / x.squeeze(-1)) or add it to the other side (y[..., None]).")
    if len(a) == len(b) and len(a) >= 2 and a == b[::-1] and a != b:
        hints.append(f"The shapes are each other reversed ({_fmt(a)} vs {_fmt(b)}): typically (height, width) vs (width, height) - PIL's Image.size and cv2.resize take (W, H) while NumPy arrays are (H, W) - or a missing transpose.")
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        if len(diff) == 1:
            i = diff[0]
            x, y = a[i], b[i]
            if abs(x - y) == 1:
                hints.append(f"Only axis {i} differs, by one ({x} vs {y}): an off-by-one in a crop, a slice end, a halving of an odd size, or a range that includes its endpoint (121 time steps for 120 intervals).")
            elif {x, y} == {3, 4}:
                hints.append("Axis sizes 3 vs 4: an RGBA (or 4-band) image where RGB is expected, or the reverse; drop the alpha channel (img[..., :3] / Image.convert('RGB')).")
            elif {x, y} == {1, 3}:
                pass
            elif 0 in (x, y):
                hints.append(f"Axis {i} has size 0 on one side: an empty slice (a crop box outside the image, start >= stop) or an empty selection.")
    if 0 in a or 0 in b:
        if not any("size 0" in h for h in hints):
            hints.append("One side has a 0-length axis: it is empty (an empty slice, selection, or a list that collected nothing).")
    for v, o in ((a, b), (b, a)):
        if v in ([3], [1, 3]) and len(o) >= 2 and o[-1] != 3:
            if len(o) >= 3 and o[-3] == 3:
                hints.append("A per-channel vector of 3 (mean/std, colour) meets a channels-first array (3, H, W): broadcasting aligns the 3 with W. Reshape it to (3, 1, 1) (mean[:, None, None]) or work channels-last.")
            else:
                hints.append("A per-channel vector of 3 (mean/std, colour) meets an array whose last axis is not 3: a grayscale (H, W) image - convert it to RGB (Image.convert('RGB') / cv2.cvtColor) - or a channels-first layout.")
            break
    if not hints and len(a) == 1 and len(b) == 1 and a[0] != b[0]:
        hints.append(f"Two 1-D arrays of different lengths ({a[0]} vs {b[0]}): they hold different sets of items - e.g. predictions vs labels from different splits/filters, or a per-query list with several entries compared with a single value.")
    return hints


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    code = str(facts.get("code") or "").strip()
    frame = raising_frame(facts)
    parts: list[str] = []
    fix: list[str] = []
    kind = ""
    shapes: list[list[int]] = []
    if facts.get("shapes"):
        kind = "operands"
        raw = str(facts["shapes"])
        if "->" in raw:
            parts.append("The operation uses remapped axes (np.einsum, an op with axes=, or an nditer with op_axes): compare the remapped shapes after each '->'.")
        for m in _SHAPE.finditer(raw if "->" not in raw else ""):
            p = _parse(m.group(0))
            if p is not None:
                shapes.append(p)
    elif facts.get("src") and facts.get("dst"):
        kind = "assign"
        for k in ("src", "dst"):
            p = _parse(str(facts[k]))
            if p is not None:
                shapes.append(p)
    elif facts.get("shape1") and facts.get("shape2"):
        kind = "objects"
        for k in ("shape1", "shape2"):
            p = _parse(str(facts[k]))
            if p is not None:
                shapes.append(p)
    headline = "NumPy shapes do not broadcast"
    if facts.get("shape1") and not facts.get("shape2"):
        s1 = _parse(str(facts["shape1"])) or []
        if 0 in s1:
            headline += f": argument {facts.get('arg1')} is empty {_fmt(s1)}"
            parts.append(f"Argument {facts.get('arg1')} has shape {_fmt(s1)}, an empty array: the data for it collected nothing (an empty list/filter, a failed parse), so it cannot pair with the others.")
    if len(shapes) >= 2:
        if kind == "assign":
            src, dst = shapes[0], shapes[1]
            headline = f"cannot assign an array of shape {_fmt(src)} into a slot of shape {_fmt(dst)}"
            bad: list[str] = []
            if len(src) > len(dst) and any(x != 1 for x in src[: len(src) - len(dst)]):
                bad.append(f"the value has {len(src)} dimensions and the target {len(dst)}")
            for k in range(1, min(len(src), len(dst)) + 1):
                if src[-k] not in (1, dst[-k]):
                    bad.append(f"axis {len(dst) - k} of the target is {dst[-k]} but the value has {src[-k]}")
            what = str(facts.get("what") or "")
            detail = "; ".join(bad) if bad else "the shapes disagree"
            if "operand" in what:
                headline = f"in-place/out= target of shape {_fmt(dst)} cannot hold the result of shape {_fmt(src)}"
                parts.append(f"The operation's result broadcasts to {_fmt(src)}, but it is written into an existing array (an in-place a += b, a[...] op= b, or out=) of shape {_fmt(dst)}, and an in-place target cannot grow: {detail}. Compute into a new array (a = a + b) or make the other operand fit the target.")
            elif what:
                parts.append(f"Assigning a value of shape {_fmt(src)} into a target (slice, row, pre-allocated array) of shape {_fmt(dst)}: the value must broadcast to the target, i.e. each of its axes (right-aligned) must be 1 or equal. Here {detail}.")
            else:
                headline = f"{src[0] if len(src) == 1 else _fmt(src)} values for {dst[0] if len(dst) == 1 else _fmt(dst)} indexed positions"
                parts.append(f"a[index] = values with an array/boolean index: the index selects a result of shape {_fmt(dst)} but the values have shape {_fmt(src)} ({detail}); the mask/index and the values were computed from different data (another length or filter).")
            ragged = len(dst) < len(src) and src[: len(dst)] == dst and "array(" in code
            if ragged:
                parts.append("The target is a prefix of the value's shape while building an array from a list: the list's items have different shapes (a ragged list) - older NumPy reports it this way (newer NumPy says 'inhomogeneous shape'). Make all items the same shape (resize/pad) or stack only items of one shape.")
            hints = [] if ragged else _hints(src, dst, code)
            fix.append(f"Print the shapes of both sides at this line and make the value {_fmt(dst)} (resize/crop/pad it, select the right axis) or allocate the target with the value's shape.")
        else:
            conf = _conflicts(shapes)
            shown = " and ".join(_fmt(s) for s in shapes)
            if conf:
                axes = "; ".join(f"axis {k}: " + " vs ".join(str(x) for x in sizes) for k, sizes in conf)
                headline = f"shapes {shown} do not broadcast ({axes})"
                parts.append(f"NumPy aligns shapes from the right and pairs axis by axis; sizes must be equal or 1. Right-aligned, {shown} disagree at {axes} (counted from the end).")
            else:
                headline = f"shapes {shown} do not broadcast"
            hints = _hints(shapes[0], shapes[1], code)
            if len(shapes) == 3 and kind == "operands":
                parts.append(f"The third shape {_fmt(shapes[2])} is the output (out= or an in-place op such as a -= b): the result of the other two must have exactly that shape.")
            fix.append("Print the shapes of the operands at this line and make the disagreeing axis the same size (resize/crop/pad the data, fix the constant) or insert a size-1 axis where broadcasting is meant (x[:, None]).")
        parts.extend(hints[:3])
    elif not parts:
        parts.append("Two arrays in one operation have shapes that cannot be aligned: sizes are compared from the last axis backwards and each pair must be equal or 1.")
        fix.append("Print the shape of every array on the failing line and make the disagreeing axis agree.")
    if facts.get("requested"):
        parts.append(f"The operation also asked for the output shape {facts['requested']} (out= or a broadcast_to target).")
    if frame.pkg and frame.pkg not in ("numpy",):
        parts.append(f"The failing operation is inside {frame.pkg}: the arrays came from your inputs (image sizes, column counts, a config value).")
    elif code and frame.pkg != "numpy":
        parts.append(f"Line: `{code}`.")
    if not fix:
        fix.append("Print the shapes of the arrays on the failing line and make them agree.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
