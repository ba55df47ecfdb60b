"""Computed diagnosis for qnn.context-binary-load-failed: decode the QnnContext error code."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# QnnContext.h: QNN_MIN_ERROR_CONTEXT = 5000
_CODES = {
    5000: "QNN_CONTEXT_ERROR_INVALID_ARGUMENT",
    5001: "QNN_CONTEXT_ERROR_CTX_DOES_NOT_EXIST",
    5002: "QNN_CONTEXT_ERROR_INVALID_HANDLE",
    5003: "QNN_CONTEXT_ERROR_NOT_FINALIZED",
    5004: "QNN_CONTEXT_ERROR_BINARY_VERSION",
    5005: "QNN_CONTEXT_ERROR_CREATE_FROM_BINARY",
    5006: "QNN_CONTEXT_ERROR_GET_BINARY_SIZE_FAILED",
    5007: "QNN_CONTEXT_ERROR_GET_BINARY_FAILED",
    5008: "QNN_CONTEXT_ERROR_BINARY_CONFIGURATION",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    err = facts.get("err")
    if err is None and facts.get("err_hex"):
        try:
            err = int(str(facts["err_hex"]), 16)
        except ValueError:
            err = None
    if not isinstance(err, int):
        return None
    name = _CODES.get(err, f"QNN error {err}")
    if err in (5000, 5004):
        diagnosis = "binary from another (newer) QNN SDK"
        why = "the HTP rejected the blob's version: it was compiled by a newer QAIRT/QNN release than the libraries loading it"
    elif err in (5005, 5008):
        diagnosis = "binary does not fit this runtime/SoC"
        why = "the HTP could not build a context from it: compiled for another SoC/HTP architecture or SDK, or mixed runtime libraries"
    else:
        diagnosis = "context creation failed"
        why = "context creation from the binary failed"
    text = f"err {err} is {name}: {why}."
    fix = ("Use libGenie/libQnnHtp/skel/stub libraries of the QAIRT release that compiled the binary (see the AI Hub compile job).",
           "Re-export the model for this device's chipset if it differs from the export target.")
    return Explanation(text=text, fix=fix, derived={"code_name": name, "diagnosis": diagnosis})
