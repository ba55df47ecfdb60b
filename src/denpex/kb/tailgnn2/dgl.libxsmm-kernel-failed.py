"""Computed diagnosis for dgl.libxsmm-kernel-failed: which DGL generation printed it and the switch to use."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    if sig.endswith("disable-hint"):
        text = ("This DGL already has the libxsmm switch (the message names it): libxsmm could not JIT the CPU SpMM "
                "kernel for this CPU. Turn libxsmm off before the first graph operation.")
        fix = ("import dgl; dgl.use_libxsmm(False)  # right after import, before the model runs",
               "or move the graph and features to a GPU: g = g.to('cuda')")
        diag = "switch available: dgl.use_libxsmm(False)"
    elif sig.endswith("nullptr"):
        text = ("A DGL 0.7.0 development build failed to create its libxsmm op-reduce kernel on this CPU; that build has no "
                "switch and no fallback.")
        fix = ("pip install -U dgl -f https://data.dgl.ai/wheels/repo.html  # then dgl.use_libxsmm(False) if it persists",
               "or pip install dgl==0.6.1 (no libxsmm CPU kernels)")
        diag = "0.7.0 dev build: upgrade"
    else:
        line = facts.get("header_line")
        where = f" (spmm_blocking_libxsmm.h:{line})" if line else ""
        text = (f"DGL 0.7/0.8{where} aborted because libxsmm could not generate the SpMM kernel for this CPU, and these "
                "releases do not fall back to the portable kernel. The model code is fine: the same run works on a GPU or "
                "with libxsmm disabled.")
        fix = ("pip install -U dgl -f https://data.dgl.ai/wheels/repo.html, then call dgl.use_libxsmm(False) after import dgl",
               "or run the graph ops on CUDA (g.to('cuda')), or pin dgl==0.6.1 which has no libxsmm path")
        diag = "DGL 0.7/0.8 without fallback: upgrade + use_libxsmm(False)"
    return Explanation(text=text, fix=fix, derived={"diagnosis": diag})
