"""Computed diagnosis for numpy.inhomogeneous-array: where the nesting stops being rectangular (after N
dimensions, detected shape), and the usual producer read from the failing line (token lists, images,
boxes, gym reset() tuples, TF feed_dict)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import raising_frame
from denpex.models import Explanation


def _dims(text: str) -> list[int]:
    return [int(t) for t in re.findall(r"[0-9]+", text or "")]


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    ndim = facts.get("ndim")
    detected = _dims(str(facts.get("detected") or ""))
    maxdims = facts.get("maxdims")
    code = str(facts.get("code") or "").strip()
    frame = raising_frame(facts)
    warning = bool(facts.get("warning"))
    parts: list[str] = []
    fix: list[str] = []
    if warning:
        headline = "ragged nested list turned into an object array (NumPy < 1.24 warning; an error from NumPy 1.24 on)"
        parts.append("np.array() got a list whose items have different lengths or shapes. NumPy 1.19-1.23 warns and builds a 1-D array of Python objects; NumPy 1.24+ raises 'setting an array element with a sequence ... inhomogeneous shape' for the same line. If the code only stores the items, pass dtype=object; if it computes with them, the items must have one shape.")
        fix.append("Pass dtype=object where a ragged container is intended (np.array(bboxes, dtype=object)); otherwise pad/resize the items to one shape before np.array().")
        if code:
            parts.append(f"Line: `{code}`.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
    if maxdims:
        headline = f"the nested input is deeper than NumPy's {maxdims}-dimension limit"
        parts.append(f"The input nests sequences more than {maxdims} levels deep: usually a self-referencing or recursive structure (a list containing itself, a string iterated character by character) rather than real data.")
        fix.append("Print type() and len() of the input and its first items; convert only the numeric part.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
    if isinstance(ndim, int) and detected:
        outer = detected[0]
        headline = f"ragged input: the items differ after {ndim} dimension(s) (detected shape {tuple(detected)})"
        if ndim == 1:
            parts.append(f"np.array() got a list of {outer} items that do not all have the same length/shape: the first dimension ({outer}) is consistent, the items inside are not.")
            if outer == 2:
                parts.append("Two items of different shape: often a pair such as (features, label) or (obs, info) - gym/gymnasium >= 0.26 env.reset() returns (obs, info) and step() returns 5 values - or two arrays of different lengths passed as one.")
        else:
            parts.append(f"The input is regular for its first {ndim} dimensions (shape {tuple(detected)}) and then the elements at level {ndim + 1} have different lengths/shapes (e.g. boxes or polygons with different numbers of points, sequences of different lengths inside each sample).")
        low = code.lower()
        if re.search(r"token|stoi|split\(|word_to_index|vocab|encode|input_ids|seq", low):
            parts.append("The line builds token/word-id lists: sentences have different lengths, so they must be padded (or truncated) to one length before becoming an array.")
            fix.append("Pad the sequences to one length first (tf.keras.utils.pad_sequences / a tokenizer with padding='max_length', truncation=True / manual padding) and then call np.array().")
        elif re.search(r"\b(?:img|image|frame|crop|patch|pic)", low):
            parts.append("The line stacks images/crops: they have different sizes or channel counts (a grayscale or RGBA image among RGB ones, a crop at the border).")
            fix.append("Resize (and convert to one mode, Image.convert('RGB')) every image to one size before np.array()/np.stack().")
        elif re.search(r"\b(?:state|obs|observation)", low) or "reset(" in low:
            parts.append("The line stacks observations: with gym/gymnasium >= 0.26, env.reset() returns (obs, info), so a stored 'state' is a tuple and the batch mixes shapes.")
            fix.append("Unpack obs, info = env.reset() (and obs, reward, terminated, truncated, info = env.step(a)), store only obs, or pin the gym version the code was written for.")
        elif re.search(r"\b(?:box|bbox|label|target|anno|poly|kpt|keypoint)", low):
            parts.append("The line stacks annotations (boxes/labels/points): images have different numbers of objects, so the per-image arrays differ in length.")
            fix.append("Keep per-image annotations as a list (or dtype=object), or pad them to a fixed maximum with a mask; do not np.array() the whole list.")
        fix.append("Find the odd items: from collections import Counter; print(Counter(np.shape(x) for x in items)) - then pad/resize/filter them to one shape, or pass dtype=object if a ragged container is really meant.")
        parts.append("NumPy < 1.24 silently built an object array here (with a VisibleDeprecationWarning); code written for it fails on NumPy >= 1.24, so this can appear after an upgrade without any data change. Pinning numpy<1.24 only hides the ragged data.")
    else:
        headline = "setting an array element with a sequence: a list/array was put where a single number belongs"
        parts.append("NumPy tried to store a sequence into one element of a numeric array: np.array()/np.asarray() of a nested list whose items have different lengths (older NumPy wording), a list/array assigned to one element (a[i] = [1, 2]), or a framework converting a feed whose items are ragged or are tensors/lists instead of numbers (TensorFlow feed_dict, pandas object columns holding lists).")
        if "feed_dict" in code or frame.pkg == "tensorflow" or "subfeed" in code:
            parts.append("Here TensorFlow converts a feed_dict value with np.asarray: one fed batch holds sequences of different lengths (unpadded sentences, a wrong number of classes in one-hot labels) or a tensor/list of tensors instead of arrays.")
            fix.append("Print np.shape of each fed value; pad sequences to one length and feed numpy arrays (not tf.Tensors or lists of them).")
        fix.append("Print the lengths/shapes of the items: from collections import Counter; print(Counter(np.shape(x) for x in items)); pad/resize them to one shape, or use dtype=object for a ragged container.")
    if frame.pkg and frame.pkg not in ("numpy",) and not any(frame.pkg in p for p in parts):
        parts.append(f"The conversion happens inside {frame.pkg}: the ragged data is what your code passed to it.")
    if code and frame.pkg != "numpy":
        parts.append(f"Line: `{code}`.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
