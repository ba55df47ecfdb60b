"""Computed diagnosis for megatron.dataset-helpers-missing: which tree to build."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    pkg = str(facts.get("package") or "")
    if sig == "compile-failed" or (not pkg and sig != "nemo-could-not-compile"):
        pkg = pkg or "megatron.core.datasets"
    elif sig == "nemo-could-not-compile" and not pkg:
        pkg = "nemo.collections.nlp.data.language_modeling.megatron"
    directory = pkg.replace(".", "/")
    if pkg.startswith("nemo"):
        build = f"cd <NeMo>/{directory} && make  (NeMo's compile_helper runs the same Makefile)"
    else:
        build = f"cd <repo>/{directory} && make"
    text = (f"The C++ dataset helpers of {pkg} are not importable on this rank: the build failed, was done for another Python, "
            "or (multi-node) happened only in node 0's copy of the code.")
    fix = (build + " on every node (or in the container image) before launching",
           "Prerequisites: pip install pybind11 and python3-dev, g++ and make available",
           "Multi-node: run from a shared filesystem checkout so the rank-0 build is visible to all nodes.")
    return Explanation(text=text, fix=fix, derived={"package": pkg})
