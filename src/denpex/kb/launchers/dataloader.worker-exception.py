"""Computed diagnosis for dataloader.worker-exception: name the worker's own exception and the usual data cause."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_HINTS: tuple[tuple[str, str], ...] = (
    ("stack expects each tensor to be equal size", "default_collate could not stack samples of different shapes: resize/crop to a fixed size in the transform, or pad in a custom collate_fn"),
    ("batch must contain tensors", "__getitem__ returned something default_collate cannot batch (often None for a sample it skipped)"),
    ("cannot identify image file", "an image file is unreadable or not an image; validate the files in the index"),
    ("image file is truncated", "an image file is cut off; re-download it or set PIL.ImageFile.LOAD_TRUNCATED_IMAGES = True"),
    ("No such file or directory", "a path listed in the dataset does not exist where the worker runs"),
    ("Too many open files", "each worker keeps files open; raise ulimit -n or close files in __getitem__"),
    ("out of range", "an index past the end of a list or array in __getitem__ (dataset length and the underlying data disagree)"),
)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    outer = facts.get("inner_type")
    exc = facts.get("inner_exc") or outer
    msg = str(facts.get("inner_message") or "").strip()
    worker = facts.get("worker_id")
    device = facts.get("device")
    derived: dict[str, Any] = {"inner_msg": f" ({exc}: {msg[:120]})" if msg else ""}
    if outer is None:
        return None
    where = f"DataLoader worker process {worker}" if worker is not None else f"the pin-memory thread for device {device}"
    if worker is None:
        derived["worker_id"] = "pin-memory"
    parts = [f"{exc or outer} was raised in {where} while it built a batch; PyTorch re-raised it in the main process as 'Caught {outer} in {where}.'"]
    if msg:
        parts.append(f"The worker's own error, at the end of the Original Traceback: {exc}: {msg[:300]}.")
    else:
        parts.append("The worker's own error is at the end of the 'Original Traceback (most recent call last):' printed under that line.")
    fix: list[str] = []
    for needle, hint in _HINTS:
        if needle.lower() in msg.lower():
            parts.append(f"Likely cause: {hint}.")
            break
    else:
        if exc == "KeyError":
            parts.append("A KeyError in __getitem__ is usually a missing dict/annotation key, or pandas df[i] where df.iloc[i] was meant.")
    if worker is not None:
        fix.append("Reproduce without workers: DataLoader(..., num_workers=0) raises the same error directly in the main process, where pdb works.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
