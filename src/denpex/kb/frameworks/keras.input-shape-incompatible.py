"""Computed diagnosis for keras.input-shape-incompatible: compare the expected and found shapes axis by axis."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _dims(text: str | None) -> list[int | None] | None:
    if not text:
        return None
    inner = text.strip().strip("()[]")
    if not inner.strip():
        return []
    out: list[int | None] = []
    for tok in inner.split(","):
        tok = tok.strip()
        if not tok:
            continue
        if tok in ("None", "?", "-1"):
            out.append(None)
        elif re.fullmatch(r"\d+", tok):
            out.append(int(tok))
        else:
            return None
    return out


def _fmt(d: list[int | None]) -> str:
    return "(" + ", ".join("None" if v is None else str(v) for v in d) + ("," if len(d) == 1 else "") + ")"


def _prod(d: list[int | None]) -> int | None:
    return None if any(v is None for v in d) else math.prod(d)  # type: ignore[arg-type]


def _same(a: list[int | None], b: list[int | None]) -> bool:
    return len(a) == len(b) and all(x is None or y is None or x == y for x, y in zip(a, b))


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    layer = facts.get("layer") or facts.get("old_layer") or "?"
    if facts.get("_signature") == "rank-undefined":
        return Explanation(
            text=(f"Layer {layer} received a tensor whose rank (number of axes) is unknown to the graph: the input "
                  "pipeline lost the static shape, typically a tf.numpy_function / tf.py_function (albumentations, "
                  "OpenCV, PIL) inside Dataset.map, which returns tensors of unknown shape."),
            fix=("Restore the shape after the wrapped function: image.set_shape((H, W, C)) (or tf.ensure_shape) inside "
                 "the map function, and the label's shape too.",
                 "Batch after restoring the shape so Keras sees (None, H, W, C)."),
            derived={"layer_name": layer, "expected_txt": "an input of defined rank",
                     "found_txt": "a tensor of unknown rank", "what": "static shape lost in the input pipeline"})
    exp, found = _dims(facts.get("expected")), _dims(facts.get("found"))
    derived: dict[str, Any] = {"layer_name": layer}
    parts: list[str] = []
    fix: list[str] = []
    what = "shape mismatch"
    if facts.get("expected_ndim") is not None and facts.get("found_ndim") is None and found is not None:
        facts = {**facts, "found_ndim": len(found)}  # Keras 2's 'expected X to have 4 dimensions, but got array with shape (...)'
    if facts.get("expected_ndim") is not None and facts.get("found_ndim") is not None:
        en, fn, kind = facts["expected_ndim"], facts["found_ndim"], facts.get("ndim_kind") or "ndim"
        derived["expected_txt"] = f"{kind}={en}"
        derived["found_txt"] = f"ndim={fn}" + (f" {_fmt(found)}" if found else "")
        if fn < en:
            what = f"{en - fn} axis missing"
            parts.append(f"Layer {layer} needs rank {en} input but got rank {fn}{' ' + _fmt(found) if found else ''}.")
            if en == 4 and fn == 3:
                fix.append("Images need (batch, height, width, channels): add the channel axis for grayscale data, x = x[..., np.newaxis], or the batch axis for a single RGB image, x = np.expand_dims(x, 0).")
            elif en == 3 and fn == 2:
                fix.append("Sequence layers need (batch, timesteps, features): reshape, e.g. x = x.reshape((x.shape[0], x.shape[1], 1)) for one feature per step.")
            else:
                fix.append(f"Add {en - fn} axis/axes with np.expand_dims (batch axis first, channel/feature axis last) to reach rank {en}.")
        else:
            what = f"{fn - en} extra axis"
            parts.append(f"Layer {layer} accepts rank {en} input but got rank {fn}{' ' + _fmt(found) if found else ''}.")
            fix.append("Remove the extra axis (np.squeeze(x, axis=...)), or put a Flatten/GlobalPooling/Reshape layer before this layer.")
    elif facts.get("axis") is not None and facts.get("expected_value") is not None:
        axis, want = facts["axis"], facts["expected_value"]
        got = None
        if found:
            try:
                got = found[axis]
            except IndexError:
                got = None
        derived["expected_txt"] = f"axis {axis} = {want}"
        derived["found_txt"] = _fmt(found) if found else "?"
        what = f"axis {axis} is {got} instead of {want}" if got is not None else f"axis {axis} should be {want}"
        parts.append(f"Layer {layer} was built for size {want} on axis {axis}" + (f" but the input has {got} there {_fmt(found)}." if got is not None else "."))
        if got and want and axis in (-1, len(found or []) - 1):
            ratio = got / want
            if ratio > 1 and ratio == int(ratio) and int(math.isqrt(int(ratio))) ** 2 == int(ratio) and "dense" in str(layer).lower():
                side = math.isqrt(int(ratio))
                parts.append(f"{got} / {want} = {int(ratio)} = {side}x{side}: this Dense layer sits after a Flatten, and the images are {side}x larger per side than the size the model was built with.")
                fix.append(f"Feed images of the size the model was built for (each side {side}x smaller), or rebuild the model with Input(shape=(H, W, C)) of your data and GlobalAveragePooling2D instead of Flatten.")
            elif ratio < 1 and want % got == 0 and int(math.isqrt(want // got)) ** 2 == want // got and "dense" in str(layer).lower():
                side = math.isqrt(want // got)
                parts.append(f"{want} / {got} = {want // got} = {side}x{side}: the images are {side}x smaller per side than the size the model was built with (Flatten output shrank).")
                fix.append(f"Resize the inputs to the training resolution (each side {side}x larger), or rebuild with GlobalAveragePooling2D.")
            else:
                fix.append(f"Give the data {want} features on the last axis (same preprocessing / vocabulary / one-hot width as at training), or rebuild the layer for {got}.")
        else:
            fix.append(f"Make axis {axis} of the input {want} (resize/reshape the data) or rebuild the model for the data's shape.")
    elif exp is not None and found is not None:
        derived["expected_txt"] = _fmt(exp)
        derived["found_txt"] = _fmt(found)
        parts.append(f"The model input was built as {_fmt(exp)} (None = any batch size) but received {_fmt(found)}.")
        if len(found) == len(exp) - 1 and _same(found, exp[1:]):
            what = "batch axis missing"
            parts.append("The received shape equals the expected shape without its batch axis: a single sample was passed.")
            fix.append("Add the batch axis: x = np.expand_dims(x, 0) (model.predict(x[None])).")
        elif len(found) == len(exp) - 1 and exp[-1] == 1 and _same(found, exp[:-1]):
            what = "channel axis missing"
            parts.append("The received shape lacks the trailing channel axis of size 1.")
            fix.append("Add the channel axis: x = x[..., np.newaxis].")
        elif len(found) == len(exp) - 1 and len(found) >= 1 and _same(found[1:], exp[1:-1] if exp[-1] == 1 else exp[2:]):
            what = "channel axis missing"
            fix.append("Add the missing axis with np.expand_dims so the ranks match.")
        elif len(found) == len(exp) + 1 and found[0] == 1 and _same(found[1:], exp):
            what = "extra leading axis"
            parts.append("The received shape has an extra leading axis of size 1 (batch axis added twice).")
            fix.append("Drop it: x = np.squeeze(x, axis=0), or do not wrap an already batched array in another list.")
        elif len(found) == len(exp):
            diff = [i for i, (a, b) in enumerate(zip(exp, found)) if a is not None and b is not None and a != b]
            derived["differing_axes"] = diff
            if diff == [len(exp) - 1] and exp[-1] in (1, 3, 4) and found[-1] in (1, 3, 4):
                names = {1: "grayscale", 3: "RGB", 4: "RGBA"}
                what = f"{found[-1]} channels instead of {exp[-1]}"
                parts.append(f"Only the channel axis differs: {names[found[-1]]} images fed to a model built for {names[exp[-1]]}.")  # type: ignore[index]
                mode = {1: "L", 3: "RGB", 4: "RGBA"}[exp[-1]]  # type: ignore[index]
                fix.append(f"Convert the images to {names[exp[-1]]} before predicting: PIL img.convert('{mode}') or cv2.cvtColor, or np.repeat(x, 3, -1) for grayscale to RGB.")  # type: ignore[index]
            elif diff:
                axes = ", ".join(f"axis {i}: {exp[i]} expected, {found[i]} found" for i in diff)
                what = axes
                parts.append(f"Differing axes - {axes}.")
                if len(exp) == 4 and set(diff) <= {1, 2, 3} and set(diff) & {1, 2}:
                    fix.append(f"Resize the images to {exp[1]}x{exp[2]} (tf.image.resize / cv2.resize(img, ({exp[2]}, {exp[1]}))) or rebuild the model with Input(shape={_fmt(found[1:])}).")
                    if 3 in diff and exp[3] in (1, 3, 4) and found[3] in (1, 3, 4):
                        mode = {1: "L", 3: "RGB", 4: "RGBA"}[exp[3]]  # type: ignore[index]
                        fix.append(f"And convert {found[3]}-channel images to {exp[3]} channels (PIL img.convert('{mode}'), cv2.cvtColor, or np.repeat(x, 3, -1) for grayscale to RGB).")
                elif diff == [0]:
                    fix.append(f"The model was built with a fixed batch size {exp[0]} (stateful RNN or Input(batch_size=...)): pass batches of exactly {exp[0]} or rebuild with batch size None.")
                else:
                    fix.append(f"Preprocess the data to {_fmt(exp)} (same features/window/vocabulary as at training) or rebuild the model with Input(shape={_fmt(found[1:])}).")
        if not fix:
            pe, pf = _prod([v for v in exp[1:]]), _prod([v for v in found[1:]])
            if pe and pf and pe == pf:
                what = "same size, different layout"
                parts.append(f"Both hold {pe} values per sample: only the layout differs.")
                fix.append(f"Reshape: x = x.reshape((-1,) + {tuple(exp[1:])}).")
            else:
                what = "rank differs" if len(exp) != len(found) else what
                fix.append(f"Bring the data to {_fmt(exp)} (np.expand_dims / reshape / resize) or rebuild the model for {_fmt(found)}.")
    else:
        return None
    derived["what"] = what
    derived.setdefault("expected_txt", "?")
    derived.setdefault("found_txt", "?")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
