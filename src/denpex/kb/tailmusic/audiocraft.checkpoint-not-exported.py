"""Computed diagnosis for audiocraft.checkpoint-not-exported: which key is missing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    missing = str(facts.get("missing") or "")
    if missing == "xp.cfg":
        return Explanation(
            text=("The file handed to AudioCraft's loader has no 'xp.cfg' entry, so it is not an exported AudioCraft "
                  "package: a trainer checkpoint (dora checkpoint.th, Lightning .ckpt), a transformers-format model, "
                  "or a broken download."),
            fix=("Export it: from audiocraft.utils import export; export.export_lm('<xp>/checkpoint.th', 'out/state_dict.bin'); "
                 "export.export_pretrained_compression_model('facebook/encodec_32khz', 'out/compression_state_dict.bin')",
                 "Check the keys: python -c \"import torch; print(list(torch.load('<file>', map_location='cpu').keys()))\""),
            derived={"diagnosis": "not an exported package"},
        )
    if missing == "compression_model":
        return Explanation(
            text=("The exported config has no compression_model section: an LM export (state_dict.bin) was loaded as "
                  "the compression model, or the folder lacks compression_state_dict.bin."),
            fix=("Add the codec: export.export_pretrained_compression_model('facebook/encodec_32khz', '<folder>/compression_state_dict.bin')",),
            derived={"diagnosis": "compression model package missing"},
        )
    return None
