"""Computed diagnosis for numpy.allow-pickle: the file np.load refused (read from the failing line) and the
allow_pickle / library-upgrade fix."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import raising_frame
from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    code = str(facts.get("code") or "").strip()
    frame = raising_frame(facts)
    saving = str(facts.get("op") or "") == "saved"
    parts: list[str] = []
    fix: list[str] = []
    if saving:
        headline = "np.save with allow_pickle=False cannot store an object array"
        parts.append("The array has dtype object (Python objects: ragged lists, dicts, strings of mixed lengths), which can only be written by pickling, and allow_pickle=False was requested.")
        fix.append("Convert to a numeric/fixed-width dtype before saving (pad ragged data, use np.array(..., dtype=str)), or save with allow_pickle=True / pickle / np.savez of separate numeric arrays.")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
    m = re.search(r"np\.load\(\s*([^,)]{1,160})", code)
    target = m.group(1).strip() if m else ""
    headline = "np.load refused a pickled object array (allow_pickle=False by default since NumPy 1.16.3)" + (f": {target}" if target else "")
    parts.append("The .npy/.npz file holds an object array (a dict, a list of arrays, strings saved with np.save), which NumPy can only read by unpickling. Since NumPy 1.16.3 np.load defaults to allow_pickle=False for security, so files written by older code no longer load.")
    fix.append("If you trust the file: np.load(path, allow_pickle=True)" + (f" - e.g. np.load({target}, allow_pickle=True)" if target else "") + " (add .item() for a saved dict, [()] for a 0-d object array).")
    if "encoding" in code:
        parts.append("The call passes encoding=...: the file was pickled by Python 2; keep encoding='latin1' (or 'bytes') together with allow_pickle=True.")
    if frame.pkg and frame.pkg not in ("numpy",):
        parts.append(f"The np.load call is inside {frame.pkg}: that library version predates NumPy 1.16.3 (e.g. old keras.datasets.imdb.load_data, tensorlayer); upgrade it, or pin numpy<1.16.3 only as a stop-gap.")
        fix.append(f"Upgrade {frame.pkg} to a release that passes allow_pickle=True (or temporarily pin numpy<1.16.3 in that environment).")
    fix.append("Never set allow_pickle=True on files from untrusted sources: unpickling can execute code. Re-save data as plain numeric arrays where possible.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
