"""Computed diagnosis for layoutparser.backend-not-installed: which backend the missing class needs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_BACKENDS = {
    "Detectron2LayoutModel": ("detectron2",
                              "pip install \"layoutparser[layoutmodels]\" && pip install 'git+https://github.com/facebookresearch/detectron2.git'"),
    "PaddleDetectionLayoutModel": ("paddlepaddle", "pip install \"layoutparser[paddledetection]\""),
    "EfficientDetLayoutModel": ("effdet", "pip install \"layoutparser[effdet]\""),
    "TesseractAgent": ("pytesseract", "pip install \"layoutparser[ocr]\" (and install the tesseract binary)"),
    "TesseractFeatureType": ("pytesseract", "pip install \"layoutparser[ocr]\" (and install the tesseract binary)"),
    "GCVAgent": ("google-cloud-vision", "pip install \"layoutparser[ocr]\" (google-cloud-vision)"),
    "GCVFeatureType": ("google-cloud-vision", "pip install \"layoutparser[ocr]\" (google-cloud-vision)"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    attr = facts.get("attr")
    if not attr:
        return None
    attr = str(attr)
    quoted = str(facts.get("_signature") or "") == "module-missing-attr-quoted"
    if attr in _BACKENDS:
        backend, install = _BACKENDS[attr]
        text = (f"lp.{attr} exists only when '{backend}' can be imported; in this interpreter it cannot, "
                "so layoutparser did not export the class.")
        if quoted:
            text = (f"The imported 'layoutparser' does not define {attr}: a release older than 0.3 (or PaddleOCR's "
                    "layoutparser-0.0.0 wheel), or a local layoutparser.py shadowing the package; in 0.3 the class also "
                    f"needs '{backend}'.")
            install = "pip install -U \"layoutparser>=0.3\" && " + install
        fix = (install + ", in the same environment, then restart the kernel/process.",
               f"Check: python -c \"import {backend.replace('-', '_').replace('google_cloud_vision', 'google.cloud.vision')}\"")
        return Explanation(text=text, fix=fix,
                           derived={"backend": backend, "install": install, "diagnosis": f"{backend} not importable"})
    return Explanation(text=f"layoutparser 0.3 does not export '{attr}' (not a backend-gated class: check the spelling or the version).",
                       fix=("print(dir(layoutparser)) to list the exported names; pip show layoutparser for the version.",),
                       derived={"backend": "none", "install": "", "diagnosis": "name not exported by layoutparser"})
