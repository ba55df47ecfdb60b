"""Computed diagnosis for hugectr.runtime-error: name the component from the source path."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_COMPONENTS = (
    ("data_reader", "data reader (input files / format)"),
    ("embedding", "embedding tables"),
    ("parser", "configuration parser"),
    ("solver", "configuration parser"),
    ("optimizer", "optimizer"),
    ("network", "network / layers"),
    ("layers", "network / layers"),
    ("inference", "inference"),
    ("resource", "GPU resources"),
    ("general_buffer", "GPU buffers"),
    ("session", "training session"),
)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    src = str(facts.get("source_file") or "")
    msg = str(facts.get("error_message") or facts.get("error_type") or "").strip()
    if not src and not msg:
        return None
    line = facts.get("source_line")
    comp = next((name for key, name in _COMPONENTS if key in src.lower()), "HugeCTR core")
    low = msg.lower()
    where = f"{src}:{line}" if src and line is not None else (src or "an unnamed location")
    if "illegal memory access" in low or "out of memory" in low or "cuda" in low:
        diagnosis = "CUDA error inside HugeCTR"
        fix = ("Treat it as the CUDA error it names; rerun with CUDA_LAUNCH_BLOCKING=1 and try the latest HugeCTR release.",)
    elif "read" in low or "open" in low or "header" in low or "dataheader" in low or "data_reader" in src:
        diagnosis = "input data not readable in the configured format"
        fix = ("Check that every file in the file list exists inside the container and was written by the converter for the configured 'format'.",
               "Match slot_num / dense_dim / label_dim (or slot_size_array) to the converted data.")
    else:
        diagnosis = f"check failed in {comp}"
        fix = (f"Open HugeCTR's {where} to see which check failed and correct that input or config value.",)
    text = f"HugeCTR's {comp} raised '{msg}' at {where}."
    return Explanation(text=text, fix=fix, derived={"component": comp, "diagnosis": diagnosis})
