"""Computed diagnosis for python.value-error-unpack: expected vs got and the producer read from the failing
line (DataLoader loop, model call, .shape, dict iteration, split)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    direction = str(facts.get("direction") or "not enough")
    expected = facts.get("expected")
    got = facts.get("got") if facts.get("got") is not None else facts.get("got2")
    code = str(facts.get("code") or "").strip()
    ffile = str(facts.get("frame_file") or "").replace("\\", "/")
    fline = facts.get("frame_line")
    ffunc = str(facts.get("frame_func") or "")
    where = f"{ffile.rsplit('/', 1)[-1]}:{fline}" + (f" in {ffunc}" if ffunc else "") if ffile and fline else ""
    counts = f"{expected} names" + (f", {got} values" if got is not None else (", more values" if direction == "too many" else "")) if expected is not None else ""
    headline = f"unpacking mismatch ({counts or direction})" + (f" at {where}" if where else "")
    parts: list[str] = []
    fix: list[str] = []
    if expected is not None:
        parts.append(f"The left side names {expected} variable(s) but the value produced " + (f"{got}" if got is not None else ("more" if direction == "too many" else "fewer")) + " item(s).")
    loop = re.search(r"\bfor\b(.{0,120}?)\bin\s+(?:enumerate\()?\s*([\w.]+)", code)
    if "findContours(" in code and (expected, got) in ((3, 2), (2, 3)):
        # OpenCV 3.x returns (image, contours, hierarchy); 2.4 and 4.x return (contours, hierarchy)
        newer = expected == 3
        headline += ": cv2.findContours returns " + ("2 values in OpenCV 4.x" if newer else "3 values in OpenCV 3.x")
        parts.append("cv2.findContours returns (image, contours, hierarchy) in OpenCV 3.x but (contours, hierarchy) in OpenCV 2.4 and 4.x: "
                     + ("the code was written for OpenCV 3.x and the installed opencv-python is 4.x." if newer else
                        "the code was written for OpenCV 4.x and an OpenCV 3.x build is installed."))
        fix.append("Unpack version-independently: contours, hierarchy = cv2.findContours(...)[-2:]"
                   + (" (or pin opencv-python<4 as the repository's requirements do)." if newer else " (or install opencv-python>=4)."))
    elif loop and re.search(r"loader|dataloader|tbar|pbar|batch|iterator|tqdm", loop.group(2), re.I):
        headline += ": the DataLoader yields another structure"
        parts.append(f"The loop unpacks each batch of {loop.group(2)}, and the batches have another structure: the Dataset's __getitem__ (or collate_fn) returns " + ("more items (e.g. an extra path, mask or index)" if direction == "too many" else "fewer items (e.g. only image and label)") + " than the loop names, or returns a dict (iterating a dict gives its keys).")
        fix.append(f"Print one batch: b = next(iter({loop.group(2)})); print(type(b), len(b)); then unpack what it holds (x, y, *rest = batch / batch['image'], batch['label']) or make __getitem__ return exactly the names the loop expects.")
    elif re.search(r"\bnext\(\s*(?:iter\()?[\w.]*(?:loader|iterator)", code, re.I) or ffunc == "__getitem__":
        headline += ": a dataset item has another structure"
        parts.append("A sample or batch from the dataset has another number of fields than unpacked here: check the annotation/list file format (a line with an extra field, e.g. a file name containing the separator or a space) and what __getitem__ returns.")
        fix.append("Print the item that failed (its repr) and fix the data line or the parsing (split with maxsplit, or another separator).")
    elif re.search(r"=\s*\w*(?:model|net|self\.model|self\.net)\w*\s*\(", code) or re.search(r"=\s*[\w.]*(?:forward|generate)\(", code):
        headline += ": the model returns another number of outputs"
        parts.append("The model call returns another number of outputs than the assignment names: in training vs evaluation mode, with other flags (return_dict, output_hidden_states, aux outputs), or in another version of the model code/library.")
        fix.append("Print type(out) and len(out) for this call; unpack accordingly (out = model(x); logits = out[0] or out.logits) or pass the flags that give the expected tuple.")
    elif re.search(r"\.shape\b|\.size\(\)", code):
        headline += ": the array has another number of dimensions"
        parts.append("The shape of the array/tensor has " + (f"{got} dimensions" if got is not None else ("more dimensions" if direction == "too many" else "fewer dimensions")) + " than the names: a colour channel (H, W, C) vs grayscale (H, W), a batch dimension, or a squeezed axis.")
        fix.append("Unpack a slice of the shape (h, w = img.shape[:2]) or convert inputs to one layout first (img.convert('RGB'), np.atleast_3d, unsqueeze).")
    elif re.search(r"\bfor\s+\w+\s*,\s*\w+\s+in\s+[\w.\[\]'\"]+\s*:", code) and ".items()" not in code:
        headline += ": iterating a dict without .items()?"
        parts.append("Iterating a dict yields its keys; each key (a string) is then unpacked into its characters, which gives 'too many values' for keys longer than the number of names.")
        fix.append("Use .items() (for k, v in d.items()) when iterating a dict.")
    elif (expected, got) in ((5, 4), (4, 5)) and (not code or re.search(r"\bstep\(|\benv\b|obs|reward|done", code)):
        # Gym 0.26 / Gymnasium return (obs, reward, terminated, truncated, info) from step(); old gym and code written for it use 4
        headline += ": the Gym step API changed (4 vs 5 values)"
        parts.append("4 vs 5 values is the signature of the Gym API change: gym >= 0.26 and gymnasium return (obs, reward, terminated, truncated, info) "
                     "from env.step() and (obs, info) from reset(); gym <= 0.25 and code written for it use (obs, reward, done, info)."
                     + (" This line has no env.step() visible, so check what the right side is first." if not code else ""))
        fix.append("Make the code and the installed gym agree: obs, reward, terminated, truncated, info = env.step(a); done = terminated or truncated "
                   "(and obs, info = env.reset()), or pin gym==0.21-0.25 for old code (a wrapper such as shimmy / gym.wrappers.StepAPICompatibility also works).")
    elif re.search(r"\.(?:r?split)\(", code):
        headline += ": a split gave another number of fields"
        parts.append("A string was split into another number of fields than names: some lines/file names contain the separator more or fewer times (spaces in file names, blank lines, a header row).")
        fix.append("Use split(sep, maxsplit=N-1) or rsplit, skip blank/header lines, and print the line that failed.")
    else:
        parts.append("The function or iterable on the right returns another number of items than the names on the left: it changed (version, configuration, a different branch) or is not the object you think.")
        fix.append("Print type(), len() and the value of the right side once, then unpack what it really holds (or use a, b, *rest = ...).")
    if code:
        parts.append(f"Line: `{code}`.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
