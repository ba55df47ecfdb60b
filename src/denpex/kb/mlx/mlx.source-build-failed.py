"""Computed diagnosis for mlx.source-build-failed: which build step failed and why."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "stale-object":
        obj = str(facts.get("object") or "an object file")
        return Explanation(
            text=(f"The link of libmlx.dylib expects {obj}, which this run never compiled: the build directory "
                  "comes from an earlier configure (other options or sources)."),
            fix=("rm -rf build/ *.egg-info && pip install . -v",),
            derived={"problem": f"stale build tree (missing {obj.rsplit('/', 1)[-1]})"})
    if sig == "preamble-path":
        path = str(facts.get("path") or "")
        if " " in path:
            return Explanation(
                text=f"The checkout path contains spaces ({path.split('/build/')[0]}); the JIT preamble script splits it and cannot write its sources.",
                fix=("Move the mlx checkout to a path without spaces (e.g. ~/src/mlx), rm -rf build, and rebuild",),
                derived={"problem": "checkout path with spaces"})
        return Explanation(
            text=f"The JIT preamble step did not produce {path}: its 'xcrun metal' preprocessing failed.",
            fix=("Check xcrun -sdk macosx metal --version; install full Xcode (and the Metal toolchain on Xcode 26), then rebuild from a clean build/",),
            derived={"problem": "JIT preamble not generated"})
    if sig == "metal-toolchain":
        return Explanation(
            text="Xcode 26 does not include the Metal compiler until the MetalToolchain component is downloaded.",
            fix=("xcodebuild -downloadComponent MetalToolchain", "on macOS 15 if that is refused: use Xcode 16, or pip install mlx (prebuilt)"),
            derived={"problem": "Metal toolchain missing (Xcode 26)"})
    return None
