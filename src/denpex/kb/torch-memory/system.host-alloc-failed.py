"""Computed diagnosis for system.host-alloc-failed: how big the refused request was, whether the
size itself looks like a bug, and which limit to check."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import fmt_bytes, parse_size
from denpex.models import Explanation

_ITEMSIZE = {
    "bool": 1, "int8": 1, "uint8": 1, "int16": 2, "uint16": 2, "float16": 2, "bfloat16": 2,
    "int32": 4, "uint32": 4, "float32": 4, "int64": 8, "uint64": 8, "float64": 8, "complex64": 8,
    "complex128": 16, "longdouble": 16, "float128": 16,
}
_TIB = 1024**4
_GIB = 1024**3


def _size_verdict(n: float) -> tuple[str, str]:
    if n >= _TIB:
        return ("absurd", f"{fmt_bytes(n)} is more than any ordinary machine has: the size itself is a bug (wrong shape, broadcasting, an n x n matrix, an overflowed dimension)")
    if n >= 64 * _GIB:
        return ("huge", f"{fmt_bytes(n)} in one block exceeds the RAM of most machines: check that this shape is intended before looking for a bigger machine")
    if n < 256 * 1024**2:
        return ("small", f"only {fmt_bytes(n)} was refused, so memory was already (almost) exhausted or a limit much lower than RAM applies (ulimit -v, strict overcommit, container limit, Windows commit limit)")
    return ("large", f"{fmt_bytes(n)} in one block did not fit in the memory or limit available at that moment")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    req = facts.get("requested_bytes")
    gib = facts.get("requested_gib")
    if not isinstance(req, int) and isinstance(gib, int):
        req = gib * _GIB
    size = facts.get("requested_size")
    if isinstance(size, str):
        size = parse_size(size)
    shape = facts.get("shape")
    dtype = str(facts.get("dtype") or "")
    nbytes: float | None = float(req) if isinstance(req, int) else (float(size) if isinstance(size, (int, float)) else None)
    if shape:
        dims = [int(x) for x in re.findall(r"\d+", str(shape))]
        item = _ITEMSIZE.get(dtype)
        if dims and item:
            computed = math.prod(dims) * item
            derived["computed_bytes"] = computed
            nbytes = nbytes or float(computed)
            parts.append(f"NumPy asked for {math.prod(dims):,} elements of {dtype} ({item} bytes each) = {fmt_bytes(computed)} for shape {shape}")
            if item >= 8 and dtype.startswith(("float", "complex")):
                fix.append(f"Use float32 instead of {dtype}: the array becomes {fmt_bytes(computed / 2)}.")
            if len(dims) >= 2 and dims[-1] == dims[-2] and dims[-1] >= 10_000:
                fix.append(f"The last two dimensions are equal ({dims[-1]} x {dims[-1]}): a pairwise matrix; compute it in row blocks or use a sparse / nearest-neighbour method instead.")
            elif len(dims) >= 3 and max(dims) >= 1000 and sorted(dims)[-2] >= 1000:
                fix.append("Several large dimensions multiply: check for unintended broadcasting (a missing axis or keepdims) or meshgrid over the full range.")
    if nbytes is not None:
        kind, text = _size_verdict(nbytes)
        derived["request_class"] = kind
        derived["requested"] = fmt_bytes(nbytes)
        parts.append(text)
    msg = facts.get("allocator_msg")
    if msg == "not enough memory" or isinstance(gib, int):
        derived["platform"] = "Windows"
        parts.append("the 'not enough memory' wording comes from PyTorch on Windows, where RAM plus the pagefile (commit limit) must cover every allocation")
        fix.append("Let Windows manage the pagefile size (or enlarge it) and reboot, and close other memory-hungry programs.")
    errno = facts.get("errno")
    if isinstance(errno, int):
        parts.append(f"the OS returned error {errno} ({facts.get('errno_text') or 'ENOMEM'})")
    if facts.get("fork_site"):
        derived["during"] = "fork/spawn"
        parts.append("it happened while starting a child process: fork() has to commit a copy of the parent's private memory, which a big parent cannot get under strict or tight overcommit")
        fix.append("Start fewer workers (DataLoader num_workers), keep large objects out of the parent before forking, or use the spawn/forkserver start method.")
    if not parts:
        return None
    return Explanation(text="A host memory allocation was refused inside the process; " + "; ".join(parts) + ".", fix=tuple(fix), derived=derived)
