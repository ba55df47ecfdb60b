"""Computed diagnosis for smp.unknown-encoder: what kind of name was rejected."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_ADDED = (("mit_b", "0.3.0"), ("tu-", "0.2.1"))


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = facts.get("encoder")
    if not isinstance(name, str) or not name:
        return None
    for prefix, version in _ADDED:
        if name.startswith(prefix):
            text = (f"'{name}' belongs to an encoder family added in segmentation_models_pytorch {version}; the installed "
                    "smp is older and has no such entry.")
            fix = (f"pip install -U 'segmentation-models-pytorch>={version}'",
                   "Then check: python -c \"import segmentation_models_pytorch as smp; print(smp.__version__)\"")
            return Explanation(text=text, fix=fix, derived={"likely_cause": "smp-too-old", "needs_smp": version})
    if re.search(r"[a-z]_[a-z0-9]", name) and "-" not in name and not name.startswith(("resnet", "resnext", "se_", "dpn", "vgg", "densenet", "inceptionv4", "inceptionresnetv2", "xception", "mobilenet_v2")):
        text = (f"'{name}' looks like a timm model name; smp only reaches arbitrary timm models through its universal "
                "encoder, spelled tu-<name>.")
        fix = (f"encoder_name='tu-{name}' (smp >= 0.2.1; check timm.list_models('{name}') finds it)",)
        return Explanation(text=text, fix=fix, derived={"likely_cause": "missing-tu-prefix"})
    text = f"'{name}' is not in the installed smp's encoder registry (typo, separator, or newer encoder)."
    fix = ("Copy the exact name from: python -c \"import segmentation_models_pytorch as smp; print(smp.encoders.get_encoder_names())\"",
           "If the name is in the current smp README, upgrade: pip install -U segmentation-models-pytorch")
    return Explanation(text=text, fix=fix, derived={"likely_cause": "unknown-name"})
