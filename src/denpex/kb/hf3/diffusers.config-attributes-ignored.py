"""Computed diagnosis for diffusers.config-attributes-ignored: informational keys vs feature flags from a newer diffusers."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_INFO = {"decay", "inv_gamma", "min_decay", "optimization_step", "power", "update_after_step", "use_ema_warmup",
         "feature_extractor", "image_encoder", "safety_checker", "requires_safety_checker", "add_watermarker",
         "dropout", "text2img", "img2img", "inpaint", "_use_default_values", "_name_or_path"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = str(facts.get("attributes") or "")
    cls = facts.get("class_name") or "the class"
    if not raw:
        return None
    pairs = re.findall(r"'(\w+)': ([^,}\]]+(?:\][^,}]*)?)", raw) or [(k, "") for k in re.findall(r"'(\w+)'", raw)]
    keys = [k for k, _ in pairs]
    flags = [(k, v.strip()) for k, v in pairs
             if k not in _INFO and v.strip() not in ("None", "False", "0", "0.0", "[None, None]", "")]
    if flags and facts.get("_signature") != "keyword-arguments":
        shown = ", ".join(f"{k}={v}" for k, v in flags[:4])
        text = (f"{cls} dropped {len(keys)} config key(s); {shown} look like feature settings with non-default values. "
                f"If this model is newer than the installed diffusers, those features are silently off and outputs can differ "
                "from the reference.")
        fix = ("pip install -U diffusers (or the version/source install the model card requires), then reload.",
               "If the keys are stale leftovers of a converted checkpoint, remove them from the config file.")
        return Explanation(text=text, fix=fix, derived={"what": f"{cls} ignored config keys {', '.join(k for k, _ in flags[:4])} (check diffusers version)"})
    text = (f"{cls} ignored {', '.join(keys[:6]) or 'some config keys'}: informational or unset values, harmless.")
    return Explanation(text=text, fix=("No action needed; silence with diffusers.utils.logging.set_verbosity_error().",),
                       derived={"what": f"{cls} ignored unused config keys (harmless)"})
