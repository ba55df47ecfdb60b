"""Computed diagnosis for directml.device-error: the HRESULT decoded (also from its signed form) and the allocation sized."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.explain import fmt_bytes
from denpex.models import Explanation

_HR = {
    0x80070057: ("E_INVALIDARG", "DirectML rejected an operator's arguments (unsupported op/shape/dtype in this torch-directml/ONNX Runtime build, or a mismatched DirectML.dll)", "arg"),
    0x8007000E: ("E_OUTOFMEMORY", "video memory (or system memory for the D3D heap) ran out", "mem"),
    0x80004005: ("E_FAIL", "an unspecified DirectML failure", "other"),
    0x887A0005: ("DXGI_ERROR_DEVICE_REMOVED", "the GPU was removed/reset by Windows (TDR or driver crash)", "reset"),
    0x887A0006: ("DXGI_ERROR_DEVICE_HUNG", "the GPU hung on a command and was reset", "reset"),
    0x887A0007: ("DXGI_ERROR_DEVICE_RESET", "the GPU was reset", "reset"),
    0x887A0001: ("DXGI_ERROR_INVALID_CALL", "an invalid D3D/DXGI call", "arg"),
}
_FIX = {
    "arg": ["pip install -U torch-directml (or the version the app pins) / the latest onnxruntime-directml; if the error started after an app update, delete and recreate the venv.",
            "Work around a single unsupported op by running it on CPU; for ONNX Runtime, build for x64 so DirectML.dll ships with the app and try disabling graph optimizations for the model."],
    "mem": ["Lower resolution/batch, enable low-VRAM options (--medvram/--lowvram, attention slicing / sub-quadratic attention), and close other GPU applications."],
    "reset": ["Update the GPU driver; reduce work per dispatch (smaller batch, tiled VAE); check Event Viewer for 'Display driver stopped responding'; raising TdrDelay is a last resort."],
    "other": ["Update the GPU driver and torch-directml/onnxruntime-directml; reproduce with a minimal model to find the failing op."],
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    derived: dict[str, Any] = {}
    size = facts.get("alloc_bytes")
    if size is not None:
        size = int(size)
        derived["what"] = f"out of video memory allocating {fmt_bytes(size)}"
        text = f"DirectML could not allocate a {fmt_bytes(size)} tensor in video memory."
        if size < 64 * 1024**2:
            text += " The request is small, so the GPU was already essentially full (model weights plus activations of the current step)."
        else:
            text += " A single allocation this large is usually an attention or VAE activation that scales with resolution and batch."
        return Explanation(text=text, fix=tuple(_FIX["mem"]), derived=derived)
    check = str(facts.get("check") or "").strip()
    if check:
        where = f"{facts.get('source_file') or 'the DirectML plugin'}:{facts.get('source_line') or '?'}"
        if "broadcast" in check:
            kind, what = "arg", "an operator got input shapes the plugin cannot broadcast (a size-1/expand pattern its tensor descriptor does not support)"
        elif "DIMENSION_COUNT_MAX" in check or "rank" in check:
            kind, what = "arg", "a tensor has more dimensions than DirectML supports (at most 8, 4-5 for many operators)"
        elif "GetDeviceRemovedReason" in check:
            kind, what = "reset", "the GPU was removed/reset by Windows while a command list ran"
        elif "CreateCommittedResource" in check or "OUTOFMEMORY" in check:
            kind, what = "mem", "a D3D12 buffer could not be created (usually video memory exhausted)"
        elif "HRESULT" in check:
            kind, what = "arg", "a DirectML API call returned a failing HRESULT (operator or device not supported by this build/driver)"
        else:
            kind, what = "other", "an internal consistency check of the DirectML backend failed"
        derived["what"] = f"internal check failed at {where}"
        text = (f"The torch-directml / pytorch-directml backend aborted on its own check at {where} ('{check[:160]}'): {what}. "
                "It is a limitation or bug of the DirectML plugin for this operator, not an error in the model code as such.")
        fix = list(_FIX[kind])
        if kind == "arg":
            fix.append("Find the operator (run the step on CPU to get a normal error, or bisect the forward) and run it on CPU or reshape/expand the tensors explicitly before it; the CUDA/ROCm or CPU path avoids the plugin.")
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    hr = None
    if facts.get("hresult"):
        hr = int(str(facts["hresult"]), 16)
    elif facts.get("hresult_int") is not None:
        hr = int(facts["hresult_int"]) & 0xFFFFFFFF
        derived["hresult"] = f"{hr:08X}"
    elif facts.get("hresult_text") is None:
        hr = 0x80070057  # 'The parameter is incorrect.' is E_INVALIDARG's text
    if hr is None:
        return None
    name, meaning, kind = _HR.get(hr, (f"HRESULT {hr:08X}", "a Windows/DirectML error", "other"))
    derived["what"] = f"{hr:08X} {name}"
    text = f"HRESULT 0x{hr:08X} is {name}: {meaning}."
    if facts.get("hresult_int") is not None:
        text += f" torch-directml printed it as the signed integer {facts['hresult_int']}."
    return Explanation(text=text, fix=tuple(_FIX[kind]), derived=derived)
