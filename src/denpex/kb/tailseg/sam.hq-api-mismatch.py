"""Computed diagnosis for sam.hq-api-mismatch: which side of the SAM / HQ-SAM mix-up this is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    if not sig:
        return None
    callee = str(facts.get("callee") or "")
    if sig == "hq-args-missing":
        diagnosis = "HQ-SAM decoder called by official SAM code"
        text = ("An HQ-SAM mask decoder (MaskDecoderHQ) was called by code that does not pass hq_token_only/interm_embeddings: "
                "the installed 'segment_anything' is most likely sam-hq's package, or an HQ model was built and used through "
                "the official Sam/SamPredictor.")
        fix = ("python -c \"import segment_anything as s; print(s.__file__)\"  # must be the official package",
               "pip uninstall -y segment_anything && pip install git+https://github.com/facebookresearch/segment-anything.git; "
               "use HQ-SAM as segment_anything_hq (pip install segment-anything-hq).")
    else:
        kw = facts.get("kwarg") or "hq_token_only"
        who = callee or "the predictor"
        diagnosis = f"{kw} passed to a non-HQ {who}"
        text = (f"{who}() belongs to a SAM without the HQ extension (official SAM, EdgeSAM, MobileSAM) but the caller passes "
                f"the HQ-only argument {kw}.")
        fix = (f"Remove {kw}=... from the call, or pass it only when the model comes from segment_anything_hq.",
               "For HQ masks: build the model with segment_anything_hq.sam_model_registry and a sam_hq_vit_* checkpoint.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
