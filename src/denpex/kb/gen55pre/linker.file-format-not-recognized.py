"""Computed diagnosis for linker.file-format-not-recognized: what kind of input ld refused and how to replace it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CROSS = re.compile(r"(aarch64|arm64|armv7|arm-|riscv|mips|musl|android|mingw|darwin|macos)", re.I)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("file") or "").strip()
    if not path:
        return None
    sig = facts.get("_signature")
    name = path.replace("\\", "/").rsplit("/", 1)[-1]
    ext = name.rsplit(".", 1)[-1].lower() if "." in name else ""
    cross = _CROSS.search(path)
    if sig == "treating-as-linker-script" or ext in ("so", "a", "dylib", "lib") or re.search(r"\.so(\.\d+)*$", name):
        kind = "library is a text file (LFS pointer, HTML page or broken download)"
        text = (f"{name} is not a binary library: ld fell back to reading it as a linker script. It is most likely a Git LFS "
                "pointer that was never fetched, an HTML page saved by a download, or a truncated copy.")
        fix = (f"head -c 200 {path}  # a 'version https://git-lfs' line means: git lfs install && git lfs pull",
               f"Otherwise download or rebuild {name} and check it with: file {path}")
    else:
        if "fused_kernels" in path:
            kind = "stale fused-kernel object"
            where = "Megatron/GPT-NeoX fused kernel build"
            clean = f"rm -rf {path.rsplit('/', 1)[0]}/build {path}  # then rerun the build (NeoX: python megatron/fused_kernels/setup.py install)"
        else:
            kind = "stale or foreign object file"
            where = "build"
            clean = f"rm -f {path} && rebuild from a clean tree (make clean / rm -rf build/)"
        text = (f"{name} is not an object file this linker can read: it was left from another {where} (another machine, "
                "OS, architecture or compiler) or truncated by an interrupted compile, and was reused instead of recompiled.")
        if cross:
            text += f" The path mentions '{cross.group(1)}': compile and link with the same (cross) toolchain."
        fix = (clean, f"Check it first: file {path}  # must say ELF relocatable for this machine's architecture (uname -m)")
    return Explanation(text=text, fix=fix, derived={"kind": kind})
