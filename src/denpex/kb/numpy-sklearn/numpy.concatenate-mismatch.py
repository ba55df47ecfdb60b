"""Computed diagnosis for numpy.concatenate-mismatch: which dimension differs between which arrays (sizes),
or which ranks differ, and the usual producer (a 1-D empty accumulator, a vector appended to a matrix,
off-by-one lengths, images of different sizes)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import raising_frame
from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    code = str(facts.get("code") or "").strip()
    frame = raising_frame(facts)
    parts: list[str] = []
    fix: list[str] = []
    dim, ia, sa, ib, sb = (facts.get(k) for k in ("dim", "idx_a", "size_a", "idx_b", "size_b"))
    na, nb = facts.get("ndim_a"), facts.get("ndim_b")
    if facts.get("stack"):
        headline = "np.stack: the arrays have different shapes"
        parts.append("np.stack (and torch-style stacking of a list of arrays) needs every array to have exactly the same shape; at least one item differs (an image of another size, a sequence of another length, a sample with another number of boxes).")
        fix.append("Find the odd ones: from collections import Counter; print(Counter(a.shape for a in arrays)); resize/pad them to one shape, or concatenate along the varying axis instead.")
    elif isinstance(dim, int) and isinstance(sa, int) and isinstance(sb, int):
        headline = f"concatenate: dimension {dim} differs ({sa} in array {ia} vs {sb} in array {ib})"
        parts.append(f"Arrays are joined along one axis, and every OTHER dimension must be equal. Dimension {dim} is {sa} in array {ia} and {sb} in array {ib}.")
        if dim == 0:
            parts.append("Dimension 0 differs, so the join is along another axis (hstack / axis=1 / column-wise): the arrays have different numbers of rows - features and labels from different sample sets, a per-sample array that lost or gained rows.")
        if abs(sa - sb) == 1:
            parts.append(f"They differ by one ({sa} vs {sb}): an off-by-one in a crop/slice, a different count in a config (e.g. number of keypoints/body parts or classes) versus the data, or an odd size halved.")
        elif 0 in (sa, sb):
            parts.append("One of them has size 0 there: it is empty (a list or detection result that collected nothing).")
        elif max(sa, sb) % min(sa, sb) == 0:
            parts.append(f"One size is {max(sa, sb) // min(sa, sb)}x the other: another channel count, a flattened vs per-item layout, or a repeated/batched array.")
        else:
            parts.append("Typical causes: images/feature maps of different sizes, feature vectors from another extractor setting, sequences of different lengths.")
        fix.append(f"Print the shape of every array in the list; make dimension {dim} agree (resize/crop/pad, fix the count in the config) or concatenate along dimension {dim} if that is the axis that should grow.")
    elif isinstance(na, int) and isinstance(nb, int):
        headline = f"concatenate: array {facts.get('idx_a')} has {na} dimension(s), array {facts.get('idx_b')} has {nb}"
        parts.append(f"All arrays passed to np.concatenate/np.vstack/np.hstack must have the same number of dimensions; here {na} vs {nb}.")
        if 0 in (na, nb):
            parts.append("One is 0-dimensional: a scalar (e.g. a single float returned where an array was expected, or np.array(x) of a number).")
            fix.append("Wrap scalars as arrays of the right rank (np.atleast_1d / [x]) or use np.append/np.hstack on 1-D data.")
        elif {na, nb} == {1, 2}:
            parts.append("A 1-D vector is joined with a 2-D matrix. Very often the 1-D one is the starting accumulator np.array([]) (shape (0,)) in a loop like feats = np.concatenate([feats, new]), or a single sample/feature vector added to a batch.")
            fix.append("Collect pieces in a Python list and call np.concatenate/np.vstack once at the end (feats = []; feats.append(new); X = np.vstack(feats)), or reshape the vector to a row (v[None, :]) / column (v[:, None]) before joining.")
        else:
            parts.append(f"A {min(na, nb)}-D array meets a {max(na, nb)}-D one: a missing batch/channel axis on one side (np.expand_dims / x[None]) or an extra one (squeeze).")
            fix.append("Make the ranks equal with np.expand_dims/np.squeeze (or reshape) before joining; print each array's shape.")
    else:
        headline = "np.concatenate: the arrays do not fit together"
        parts.append("np.concatenate/vstack/hstack need the same number of dimensions and equal sizes on every axis except the joined one (older NumPy did not say which).")
        fix.append("Print [a.shape for a in arrays] before the call and make them agree.")
    if frame.pkg and frame.pkg != "numpy":
        parts.append(f"The concatenation is inside {frame.pkg}: the arrays come from your data/config (image sizes, counts of keypoints/classes).")
    elif code and frame.pkg != "numpy" and not code[:1].isdigit() and not code.startswith("raise "):
        parts.append(f"Line: `{code}`.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
