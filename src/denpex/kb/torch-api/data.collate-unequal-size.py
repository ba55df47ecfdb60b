"""Computed diagnosis for data.collate-unequal-size: which dimension differs between the two samples and what that means."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _shape(text: object) -> list[int] | None:
    if text is None:
        return None
    s = str(text).strip().strip("[]")
    if not s:
        return []
    try:
        return [int(x) for x in s.split(",") if x.strip()]
    except ValueError:
        return None


def _channels(n: int) -> bool:
    return n in (1, 3, 4)


def _from_shapes(a: list[int], b: list[int], ea: Any, eb: Any) -> Explanation:
    derived: dict[str, Any] = {}
    fix: list[str] = []
    who = f"sample {ea} has shape {a} but sample {eb} has {b}"
    if len(a) != len(b):
        derived["rank"] = [len(a), len(b)]
        lo, hi = (a, b) if len(a) < len(b) else (b, a)
        if len(hi) == len(lo) + 1 and hi[1:] == lo and _channels(hi[0]):
            derived["kind"] = "channels-missing"
            text = (
                f"In this batch {who}: one sample has no channel dimension ({lo}) and another has {hi[0]} channels "
                f"({hi}), the signature of a grayscale image among RGB images."
            )
            fix.append("Convert every image on load: Image.open(path).convert('RGB') (or 'L' everywhere for a grayscale model).")
        elif len(hi) == len(lo) + 1 and hi[:-1] == lo:
            derived["kind"] = "extra-trailing-dim"
            text = f"In this batch {who}: one sample has an extra trailing dimension of {hi[-1]} (e.g. stereo vs mono audio, or per-item feature vectors)."
            fix.append("Normalise the sample layout in __getitem__ (e.g. mix audio down to mono: wav.mean(-1) / a fixed channel count).")
        else:
            derived["kind"] = "rank"
            text = f"In this batch {who}: the samples do not even have the same number of dimensions."
            fix.append("Make __getitem__ return one layout for every sample (check the branches that build the tensor).")
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    diff = [i for i, (x, y) in enumerate(zip(a, b)) if x != y]
    derived["differing_dims"] = diff
    dims = ", ".join(f"dim {i}: {a[i]} vs {b[i]}" for i in diff)
    text = f"In this batch {who} ({dims})."
    if len(a) == 3 and _channels(a[0]) and _channels(b[0]) and diff == [0]:
        derived["kind"] = "channels"
        text += f" Only the channel count differs ({a[0]} vs {b[0]}): grayscale/RGB/RGBA images are mixed."
        fix.append("Convert every image to one mode on load: Image.open(path).convert('RGB').")
    elif len(a) == 3 and a[0] == b[0] and set(diff) <= {1, 2}:
        derived["kind"] = "image-size"
        text += f" The spatial size differs ({a[1]}x{a[2]} vs {b[1]}x{b[2]}): images are not resized to one size."
        fix.append(f"Resize or crop every image to one size in the transform, e.g. transforms.Resize(({a[1]}, {a[2]})) (a tuple; Resize(int) keeps the aspect ratio) or RandomResizedCrop(size).")
        fix.append("If sizes must vary (e.g. full-resolution evaluation), use batch_size=1 or a collate_fn that pads to the largest H and W.")
    elif len(a) == 2 and a[0] == b[0] and set(diff) <= {1}:
        derived["kind"] = "image-size-2d"
        text += " Two-dimensional samples of different width (grayscale images or spectrograms of different length)."
        fix.append("Resize/crop to one size, or pad along the last dimension in a collate_fn.")
    elif diff == [0] and len(a) <= 2:
        derived["kind"] = "variable-length"
        what = "sequences" if len(a) == 1 else "per-sample lists (e.g. boxes/objects or time frames)"
        text += f" The first dimension differs ({a[0]} vs {b[0]}): variable-length {what}, which torch.stack cannot batch."
        if len(a) == 1:
            fix.append("Pad per batch in a collate_fn: torch.nn.utils.rnn.pad_sequence(seqs, batch_first=True, padding_value=pad_id); for tokenized text use DataCollatorWithPadding(tokenizer) or tokenizer(..., padding=True).")
        else:
            fix.append("For detection-style targets keep lists: collate_fn=lambda batch: tuple(zip(*batch)); for time series pad with pad_sequence.")
        fix.append("Or pad/truncate to a fixed length when building the dataset (padding='max_length', truncation=True, max_length=N).")
    else:
        derived["kind"] = "other"
        fix.append("Make every sample the same shape in __getitem__ (resize, crop or pad the differing dimensions), or write a collate_fn that pads them.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    a = _shape(facts.get("shape_a"))
    b = _shape(facts.get("shape_b"))
    if a is not None and b is not None:
        return _from_shapes(a, b, facts.get("entry_a", 0), facts.get("entry_b", "?"))
    if facts.get("dim") is not None and facts.get("size_a") is not None:
        d = int(facts["dim"])
        sa, sb = int(facts["size_a"]), int(facts["size_b"])
        derived = {"sample_dim": d - 1}
        text = (
            f"Two samples of the batch differ in dimension {d} of the stacked tensor ({sa} vs {sb}), i.e. dimension {d - 1} "
            "of each sample (dimension 0 is the new batch dimension)."
        )
        fix = (
            "Make every sample the same size in that dimension (resize/crop images to a fixed (H, W), pad sequences in a collate_fn with pad_sequence).",
        )
        return Explanation(text=text, fix=fix, derived=derived)
    return None
