"""Computed diagnosis for numpy.reshape-size-mismatch: the element count against the product of the requested
shape, which single dimension would fit, and the usual ratios (empty input, one element, 3 or 4 channels)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import raising_frame
from denpex.models import Explanation


def _dims(shape: str) -> list[int] | None:
    """'(3,newaxis)' -> [3, -1]; numpy prints an inferred (-1) dimension as 'newaxis'; old numpy '(6)'."""
    body = shape.strip().strip("()").replace(" ", "")
    if not body:
        return []
    out: list[int] = []
    for tok in body.split(","):
        if not tok:
            continue
        if tok == "newaxis":
            out.append(-1)
        elif tok.isdigit():
            out.append(int(tok))
        else:
            return None
    return out


_CLASS_COUNTS = {2, 11, 20, 21, 80, 81, 90, 91, 1000, 1001}


def _prod(xs: list[int]) -> int:
    p = 1
    for x in xs:
        p *= x
    return p


def _shape_str(dims: list[int]) -> str:
    return "(" + ", ".join("-1" if d < 0 else str(d) for d in dims) + ("," if len(dims) == 1 else "") + ")"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    size = facts.get("size")
    shape = str(facts.get("shape") or "")
    code = str(facts.get("code") or "").strip()
    frame = raising_frame(facts)
    dims = _dims(shape)
    if not isinstance(size, int) or dims is None:
        return None
    parts: list[str] = []
    fix: list[str] = []
    inferred = [i for i, d in enumerate(dims) if d < 0]
    known = [d for d in dims if d >= 0]
    kprod = _prod(known)
    shown = _shape_str(dims)
    headline = f"reshape: {size} elements cannot fill shape {shown}"
    if size == 0:
        headline += ": the array is EMPTY"
        parts.append(f"The array has 0 elements, so no shape {shown} can hold it: whatever produced it loaded nothing - an empty file list or dataset, a filter/mask that selected nothing, a failed image read, a model that returned no detections.")
        fix.append("Print the array's shape where it is created and the number of files/samples that fed it; fix the path or filter so it is not empty (and guard: if arr.size == 0: raise ...).")
    elif size == 1 and kprod > 1:
        headline += ": the array holds ONE element"
        parts.append(f"The array holds a single element but the shape asks for {kprod if not inferred else 'at least ' + str(kprod)}: it is one scalar or one Python object - typically a string or list stored in a pandas cell / CSV column (np.array('[0.1, 0.2, ...]') is one element), or a length-1 result where a whole vector was expected.")
        fix.append("Print type(x) and repr(x)[:200] before the reshape; parse stored vectors first (np.array(json.loads(s)) / np.fromstring) or pass the real array, not the cell/object that wraps it.")
    elif inferred and kprod > 0:
        rem = size % kprod if kprod else size
        headline += f": {size} is not a multiple of {kprod}"
        others = "x".join(str(d) for d in known) or "1"
        parts.append(f"The -1 dimension is inferred as {size} / {kprod} (the product {others} of the fixed dimensions), and {size} is not a multiple of {kprod} (remainder {rem}, quotient {size / kprod:.4g}): the fixed dimensions do not describe this array.")
        lo, hi = (size // kprod) * kprod, (size // kprod + 1) * kprod
        if size < kprod:
            parts.append(f"The array has fewer elements ({size}) than one block of {kprod}: the fixed dimension is larger than the data - typically it was computed from another object (len() of a string or of the wrong list) or the data holds fewer items than expected.")
        else:
            parts.append(f"The nearest sizes that would work are {lo} and {hi}: the data has {rem} element(s) too many for whole blocks of {kprod} - e.g. a feature/patch/channel size that differs from the one assumed, a sequence length not divisible by the window, or a dimension taken from another variable (len() of a string instead of a list).")
        fix.append(f"Print x.shape before the reshape and check the fixed dimension(s) {others} against it; make the fixed sizes the ones the data really has (or crop/pad the data to a multiple of {kprod}).")
    elif kprod > 0:
        headline += f" (needs {kprod})"
        fitting: list[str] = []
        hidden_leading = len(dims) == 1 or bool(re.search(r"(?:reshape\(|\(|\[)\s*-1\s*,", code))
        for i, d in enumerate(dims):
            other = kprod // d if d else 0
            if len(dims) > 1 and other and size % other == 0 and size // other != d:
                a = size // other
                hint = ""
                for k in (3, 4, 5, 6, 9):
                    if a % k == 0 and d % k == 0 and ({a // k, d // k} & _CLASS_COUNTS):
                        hint = f" ({a} = {k} x {a // k} vs {d} = {k} x {d // k}: {k} anchors/boxes times {a // k} vs {d // k} classes - a model for another dataset)"
                        break
                if not hint and ({a, d} & _CLASS_COUNTS):
                    hint = f" ({a} vs {d}: a class count of another dataset?)"
                fitting.append(f"dimension {i} = {a} instead of {d}{hint}")
        ratio = size / kprod if kprod else 0.0
        parts.append(f"The array has {size} elements and shape {shown} needs {kprod} (ratio {ratio:.4g}): reshape never adds or drops elements, so the product of the target shape must equal the element count.")
        if fitting:
            parts.append("It would fit with " + "; or ".join(fitting[:3]) + ": the data was produced with that size where the code assumes the other - an input image of another resolution, a model/checkpoint for another number of classes/anchors/features, a different window or batch size.")
        if hidden_leading and size > kprod and size % kprod:
            parts.append(f"NumPy leaves a leading -1 out of the message, so if the call was reshape(-1, ...) the size must be a multiple of {kprod}: {size} = {size // kprod} x {kprod} + {size % kprod}, i.e. each row has another length than {kprod}" + (f" (5 + num_classes = {kprod} assumes {kprod - 5} class(es): the model/export was made for another class count than the one configured here)" if re.search(r"5\s*\+\s*\w*(?:num_classes|classes|nc)\b", code) or frame.pkg == "numpy" and kprod > 5 else " (another feature or output size per row than assumed)") + ".")
        if len(dims) == 2 and dims[0] == dims[1]:
            root = int(round(size ** 0.5))
            if root * root == size:
                parts.append(f"{size} = {root}x{root}: the map/image is {root}x{root}, not {dims[0]}x{dims[1]} (another input resolution or patch grid).")
        for k, why in ((3, "3 channels vs 1 (RGB vs grayscale)"), (4, "4 channels vs 1 (RGBA vs grayscale)")):
            if size == k * kprod:
                parts.append(f"The array has exactly {k}x the elements the shape needs: {why}; convert the image (img.convert('L'/'RGB')) or add the channel axis to the target shape.")
            elif kprod == k * size:
                parts.append(f"The shape needs exactly {k}x the elements the array has: {why}; the image has fewer channels than the shape assumes (convert it to RGB, or drop the channel axis).")
        if size * 3 == kprod * 4:
            parts.append("The array has 4/3 of the elements: an RGBA (4-channel) image where an RGB (3-channel) one is expected; use img.convert('RGB').")
        elif size * 4 == kprod * 3:
            parts.append("The array has 3/4 of the elements: an RGB image where an RGBA/4-channel one is expected.")
        fix.append(f"Print x.shape right before the reshape and use the shape the data really has (a -1 for the dimension that varies, e.g. reshape(-1, {dims[-1]}) if the last axis is right), or fix the producer so it yields {kprod} elements.")
    else:
        parts.append(f"The target shape {shown} contains a 0 dimension: a size computed from an empty list or a length that is 0.")
        fix.append("Print the variables the target shape is built from; one of them is 0.")
    if frame.pkg and frame.pkg != "numpy":
        parts.append(f"The reshape is inside {frame.pkg}: the array it got came from your inputs (image size, number of classes in a config or checkpoint).")
    if frame.pkg == "numpy":
        parts.append("The traceback's last frames are NumPy's own; the reshape call is in your code just above them.")
    elif code:
        parts.append(f"Line: `{code}`.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
