"""Computed diagnosis for onnxsim.optimizer-assertion: which pass failed and how to get around it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    file = str(facts.get("file") or "")
    func = str(facts.get("function") or "")
    if not file and not func:
        return None
    cond = str(facts.get("assertion") or "")
    if func == "ParseTensorData":
        where = "tensor_util.cc ParseTensorData"
        diagnosis = "onnxsim Windows tensor-parsing bug"
        text = f"onnx-optimizer could not parse an initializer ({cond}): a known onnxsim bug on Windows, fixed in 0.4.22."
        fix = ("pip install -U 'onnxsim>=0.4.22', or simplify on Linux.",)
    elif file == "ir" and func == "eraseOutput":
        where = "ir.h eraseOutput"
        diagnosis = "onnxsim 0.4.36 regression"
        text = ("A pass tried to delete a node output that other nodes still use. Reported as a regression of onnxsim 0.4.36 "
                "(0.4.35 and 0.4.31 simplify the same models).")
        fix = ("pip install 'onnxsim==0.4.35', or onnxsim.simplify(model, perform_optimization=False).",)
    elif file == "ir" and func == "insertAfter":
        where = "ir.h insertAfter"
        diagnosis = "fusion pass broke the graph list"
        text = ("A fusion pass inserted a node next to one that is not in the graph; reported for the fuse_qkv fusion, which only "
                "handles three MatMuls.")
        fix = ("onnxsim.simplify(model, skipped_optimizers=['fuse_qkv']) (or --skip-optimization fuse_qkv), or perform_optimization=False.",)
    elif file and file != "ir":
        where = f"pass {file}"
        diagnosis = f"onnx-optimizer pass {file} failed"
        text = (f"The onnx-optimizer pass '{file}' ({func}) asserted {cond or 'a precondition'} on this model: the pass does not handle "
                "a pattern in the graph. The model itself is most likely valid.")
        fix = (f"onnxsim.simplify(model, skipped_optimizers=['{file}']) or onnxsim in.onnx out.onnx --skip-optimization {file}.",
               "If it still fails: onnxsim.simplify(model, perform_optimization=False), or use the unsimplified model.")
    else:
        where = f"ir.h {func}"
        diagnosis = "onnx-optimizer IR assertion"
        text = f"An onnx-optimizer pass broke an IR invariant in {func} ({cond})."
        fix = ("onnxsim.simplify(model, perform_optimization=False), or try another onnxsim version.",)
    return Explanation(text=text, fix=fix, derived={"where": where, "diagnosis": diagnosis})
