"""Computed diagnosis for timm.module-attribute-version-mismatch: which side (object or code) is older."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# attribute -> (what it is, the timm release that introduced it)
_NEW_NAMES = {
    "drop_path1": ("the first stochastic-depth branch of a Block", "0.6 (ViT) / 0.9 (BEiT)"),
    "drop_path2": ("the second stochastic-depth branch of a Block", "0.6 (ViT) / 0.9 (BEiT)"),
    "ls1": ("the LayerScale after attention", "0.6"),
    "ls2": ("the LayerScale after the MLP", "0.6"),
    "norm_pre": ("the pre-norm of VisionTransformer (CLIP-style models)", "0.6"),
    "no_embed_class": ("a VisionTransformer position-embedding flag", "0.6"),
    "fc_norm": ("the pooled-feature norm of VisionTransformer", "0.5"),
    "head_drop": ("the dropout before the classifier head", "0.9"),
    "attn_pool": ("the attention-pooling head", "0.9"),
    "patch_drop": ("the patch-dropout module", "0.9"),
}
_OLD_NAMES = {
    "drop_path": ("the single stochastic-depth module of a Block", "0.6 (ViT) / 0.9 (BEiT)"),
    "dist_token": ("the distillation token of VisionTransformer", "0.6 (moved to VisionTransformerDistilled)"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    attr = facts.get("attr")
    module = facts.get("module") or "module"
    if not attr:
        return None
    suggestion = facts.get("suggestion")
    derived: dict[str, Any] = {}
    fix: list[str] = []
    if attr in _NEW_NAMES:
        what, since = _NEW_NAMES[attr]
        derived.update(older_side="object", name_added_in=since)
        text = f"'{attr}' is {what}, created by timm {since} and later; the {module} instance does not have it. "
        if facts.get("timm_file"):
            derived["raised_in"] = f"timm/models/{facts['timm_file']}"
            text += (f"The forward raising it is the installed timm's own {facts['timm_file']}, so the instance was "
                     "built by an older timm: a model pickled with torch.save(model) and loaded under a newer release.")
            fix.append(f"Load it under the timm release that saved it (older than {since.split()[0]}), or rebuild the "
                       "model with timm.create_model and load only its state_dict.")
        else:
            derived["raised_in"] = "repository code"
            text += ("The code calling it expects a newer timm than the one that built the instance "
                     "(the installed timm, or the release that pickled the model).")
            fix.append(f"Upgrade timm to the release the repository targets ({since.split()[0]} or later), or pin the "
                       "release the repository's requirements name.")
    elif attr in _OLD_NAMES:
        what, removed = _OLD_NAMES[attr]
        derived.update(older_side="code", name_removed_in=removed)
        text = (f"'{attr}' is {what}; timm {removed} no longer creates it. The code calling it was written for an "
                f"older timm than the one installed.")
        fix.append(f"Pin timm below {removed.split()[0]} (e.g. pip install 'timm==0.6.13' for MiDaS/ZoeDepth BEiT), "
                   "or port the code to the new names (drop_path1 / drop_path2).")
    else:
        return None
    if suggestion:
        derived["instance_has"] = suggestion
        text += f" The instance has '{suggestion}' instead."
    return Explanation(text=text, fix=tuple(fix), derived=derived)
