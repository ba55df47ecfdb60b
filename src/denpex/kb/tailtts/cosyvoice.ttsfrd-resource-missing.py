"""Computed diagnosis for cosyvoice.ttsfrd-resource-missing: which resource folder, old or current name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    rd = facts.get("resource_dir")
    rd = str(rd) if rd else None
    if rd and "kantts" in rd:
        diagnosis = "code expects the old speech_kantts_ttsfrd folder"
        text = (f"The frontend looks for {rd}/resource, the folder name used before the ttsfrd download moved to "
                "iic/CosyVoice-ttsfrd: the resource you downloaded lives under CosyVoice-ttsfrd.")
        fix = ("Update the CosyVoice checkout (or point the path in frontend.py at pretrained_models/CosyVoice-ttsfrd/resource).",
               "Or pip uninstall -y ttsfrd to use the WeTextProcessing fallback.")
    else:
        where = f"pretrained_models/{rd}" if rd else "pretrained_models/CosyVoice-ttsfrd"
        diagnosis = "ttsfrd installed but its resource folder is missing"
        text = (f"ttsfrd is importable, so CosyVoice uses it, but {where}/resource could not be loaded: resource.zip "
                "is not extracted there or the models were downloaded to another directory.")
        fix = (f"cd {where} && unzip resource.zip -d .",
               "Or pip uninstall -y ttsfrd (CosyVoice then uses WeTextProcessing/wetext).")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
