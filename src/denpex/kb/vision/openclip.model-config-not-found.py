"""Computed diagnosis for openclip.model-config-not-found: what kind of name was passed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_TAG_PREFIXES = ("laion", "openai", "datacomp", "metaclip", "dfn", "commonpool", "webli", "yfcc", "cc12m", "merged2b", "mlfoundations", "frozen_laion")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    model = facts.get("model")
    if not isinstance(model, str) or not model:
        return None
    low = model.lower()
    if low.startswith(_TAG_PREFIXES) or "_s" in low and "_b" in low and "-" not in low:
        kind = "weights-tag-as-model"
        text = f"'{model}' is a pretrained weights tag, not an architecture: it was passed as model_name."
        fix = (f"create_model_and_transforms('<architecture>', pretrained='{model}') - find the architecture with "
               f"[p for p in open_clip.list_pretrained() if p[1] == '{model}'].",)
    elif model.startswith(("microsoft-", "laion-", "apple-", "google-", "facebook-", "timm-", "openai-")) or "/" in model:
        kind = "hub-id-without-prefix"
        repo = model.replace("-", "/", 1) if "/" not in model else model
        text = (f"'{model}' looks like a Hugging Face repo id whose '/' was turned into '-': it needs the hf-hub: prefix so "
                "open_clip reads the repo's own config.")
        fix = (f"create_model_and_transforms('hf-hub:{repo}') and get_tokenizer('hf-hub:{repo}').",)
    else:
        kind = "architecture-missing"
        text = (f"No bundled or registered open_clip config is named '{model}': the installed open-clip-torch predates it, "
                "the project registers it separately, or an old vendored open_clip copy is imported.")
        fix = ("pip install -U open-clip-torch; then check '" + model + "' in open_clip.list_models().",
               "print(open_clip.__file__) - if it points into the repository, that vendored copy shadows the package.")
    return Explanation(text=text, fix=fix, derived={"name_kind": kind})
