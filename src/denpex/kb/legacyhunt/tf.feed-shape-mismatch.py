"""Computed diagnosis for tf.feed-shape-mismatch: compare the fed shape with the placeholder's shape."""

from __future__ import annotations

import re
from collections.abc import Mapping
from math import prod
from typing import Any

from denpex.models import Explanation


def _dims(text: str) -> list[int | None] | None:
    inner = text.strip().strip("()").strip()
    if not inner:
        return []
    out: list[int | None] = []
    for part in inner.split(","):
        part = part.strip()
        if not part:
            continue
        if part in ("?", "None"):
            out.append(None)
        elif re.fullmatch(r"\d+", part):
            out.append(int(part))
        else:
            return None
    return out


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    fed = _dims(str(facts.get("fed_shape", "")))
    want = _dims(str(facts.get("expected_shape", "")))
    tensor = str(facts.get("tensor", "the placeholder"))
    if fed is None or want is None:
        return None
    fed_s, want_s = facts.get("fed_shape"), facts.get("expected_shape")
    if not fed or 0 in fed:
        return Explanation(
            text=(f"The array fed to {tensor} has shape {fed_s}: it is empty. The data loading produced no samples "
                  "(wrong path or glob, nothing matched a filter), so the model is not the problem."),
            fix=("Print the number of files/samples found before batching and fix the data path or filter.",),
            derived={"diagnosis": "empty batch fed"},
        )
    if len(fed) != len(want):
        fed_rest = prod(d for d in fed[1:] if d is not None) if len(fed) > 1 else None
        known = [d for d in want[1:] if d is not None]
        if fed_rest and known and len(known) == len(want) - 1:
            want_rest = prod(known)
            if fed_rest == want_rest:
                tail = ", ".join(str(d) for d in want[1:])
                return Explanation(
                    text=(f"{tensor} expects rank {len(want)} {want_s}; the batch {fed_s} has rank {len(fed)} "
                          f"but the same {want_rest} values per sample: it only needs reshaping."),
                    fix=(f"batch = batch.reshape(-1, {tail})",),
                    derived={"diagnosis": "same size, different rank: reshape"},
                )
            if fed_rest == 3 * want_rest or want_rest == 3 * fed_rest:
                what = "RGB (3-channel) data into a grayscale model" if fed_rest > want_rest else "grayscale data into a 3-channel model"
                return Explanation(
                    text=(f"Per sample the batch has {fed_rest} values and {tensor} takes {want_rest}: a factor of 3, "
                          f"i.e. {what}."),
                    fix=("Convert the images to the channel count the model was trained on (e.g. cv2.cvtColor(img, cv2.COLOR_BGR2GRAY) or .convert('L') in PIL), then reshape.",),
                    derived={"diagnosis": "channel count differs (x3)"},
                )
        if len(fed) == len(want) - 1:
            return Explanation(
                text=(f"The batch {fed_s} has one dimension less than {tensor} {want_s}: a single sample was fed without the batch axis."),
                fix=("batch = np.expand_dims(sample, 0)  # add the batch dimension",),
                derived={"diagnosis": "missing batch dimension"},
            )
        return Explanation(
            text=f"{tensor} expects rank {len(want)} {want_s}; the batch {fed_s} has rank {len(fed)}.",
            fix=("Preprocess the input exactly as in training so it has the placeholder's layout.",),
            derived={"diagnosis": "rank differs"},
        )
    bad = [i for i, (a, b) in enumerate(zip(fed, want)) if b is not None and a != b]
    if bad == [0]:
        return Explanation(
            text=(f"{tensor} was declared with a fixed batch size {want[0]}, and a batch of {fed[0]} was fed (often the "
                  "last, partial batch or the test set)."),
            fix=("Declare the batch dimension as None: tf.placeholder(dtype, [None, ...]), or drop/pad the partial batch.",),
            derived={"diagnosis": f"fixed batch size {want[0]} vs {fed[0]}"},
        )
    if bad == [len(want) - 1] and {fed[-1], want[-1]} <= {1, 3, 4}:
        return Explanation(
            text=f"Only the channel axis differs: {fed[-1]} channels fed, {tensor} takes {want[-1]}.",
            fix=("Convert the images to the model's channel count (gray <-> RGB, drop the alpha channel of PNGs).",),
            derived={"diagnosis": f"channels {fed[-1]} vs {want[-1]}"},
        )
    if bad:
        axes = ", ".join(f"axis {i}: {fed[i]} vs {want[i]}" for i in bad)
        return Explanation(
            text=f"The batch {fed_s} differs from {tensor} {want_s} on {axes}.",
            fix=("Resize/preprocess the input to the declared size, or declare that dimension None if it may vary.",),
            derived={"diagnosis": f"size differs on {len(bad)} axis/axes"},
        )
    return None
