"""Computed diagnosis for torchtune.state-dict-convert-key: read the naming scheme from the key."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    key = str(facts.get("key") or "").strip()
    if not key:
        return None
    if key.startswith("_orig_mod."):
        kind = "compiled"
        text = (f"'{key}' carries the torch.compile wrapper prefix _orig_mod.: the model was compiled and its "
                "state dict was converted without stripping the prefix.")
        fix = ("Upgrade torchtune (fixed after 0.2), or run the saving job with compile=False.",)
    elif key.startswith("model.") or key.startswith("lm_head"):
        kind = "hf"
        text = (f"'{key}' is a Hugging Face parameter name, but the configured checkpointer converts another format "
                "(Meta/torchtune) or a model_type whose table lacks this key.")
        fix = ("Use checkpointer._component_: torchtune.training.FullModelHFCheckpointer with model_type set to the model family.",)
    elif re.match(r"(tok_embeddings|layers\.\d+\.(attn|mlp|sa_norm|mlp_norm)|norm\.scale|output\.weight)", key):
        kind = "torchtune"
        text = (f"'{key}' is a torchtune-native parameter name: the file (e.g. meta_model_0.pt from a finetune) is "
                "already in torchtune format, but the checkpointer converts it as HF/Meta weights.")
        fix = ("Use checkpointer._component_: torchtune.training.FullModelTorchTuneCheckpointer for this file,",
               "or point FullModelHFCheckpointer at the HF-format shards the finetune wrote.")
    elif re.match(r"layers\.\d+\.(attention|feed_forward)|attention_norm|ffn_norm", key):
        kind = "meta"
        text = f"'{key}' is a Meta (consolidated.pth) parameter name given to a checkpointer for another format."
        fix = ("Use checkpointer._component_: torchtune.training.FullModelMetaCheckpointer for consolidated.00.pth.",)
    else:
        kind = "other"
        text = (f"'{key}' has no entry in the conversion table: the model_type (architecture family) or the "
                "checkpointer does not match this checkpoint.")
        fix = ("Set checkpointer.model_type to the model's family and use the checkpointer matching the files' format.",)
    return Explanation(text=text, fix=fix, derived={"key_kind": kind})
