"""Computed diagnosis for colmap.opengl-context-failed: which stage and the CPU/virtual-display commands."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    command = str(facts.get("command") or "").strip()
    component = str(facts.get("component") or "").strip()
    if not command and not component and facts.get("source_line") is None:
        return None
    low = (command + " " + component).lower()
    stage = "matching" if "match" in low else "extraction" if ("extract" in low or "extractor" in low) else ""
    flag = "--SiftMatching.use_gpu 0" if stage == "matching" else "--SiftExtraction.use_gpu 0"
    cmd = f"colmap {command}" if command else "colmap <command>"
    where = f" ({component})" if component else (f" ({command})" if command else "")
    text = (f"{cmd} needs an OpenGL context for GPU SIFT{(' ' + stage) if stage else ''} and Qt could not create one: "
            "no usable display in this session (SSH, Docker, notebook, offscreen Qt).")
    fix = (
        f"{cmd} ... {flag}  (COLMAP 3.12+: --FeatureExtraction.use_gpu 0 / --FeatureMatching.use_gpu 0)",
        f"or keep the GPU: xvfb-run -a -s '-screen 0 1024x768x24' {cmd} ...",
        "wrappers: ns-process-data ... --no-gpu; python convert.py -s <scene> --no_gpu",
    )
    return Explanation(text=text, fix=fix, derived={"where": where})
