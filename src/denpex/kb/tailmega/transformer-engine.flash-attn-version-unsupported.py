"""Computed diagnosis for transformer-engine.flash-attn-version-unsupported: above or below the range."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _ver(s: str) -> tuple[int, ...]:
    return tuple(int(p) for p in re.findall(r"\d+", s.split("+")[0].replace("post", "."))[:4])


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    found = str(facts.get("found") or "")
    supported = str(facts.get("supported") or "")
    max_version = str(facts.get("max_version") or "")
    if max_version and not found:
        text = (f"Transformer Engine allows flash-attn up to {max_version} and the installed flash-attn is newer, "
                "so it refused to build its FlashAttention module.")
        pin = f"flash-attn=={max_version}"
        return Explanation(text=text, fix=(f"pip install '{pin}' --no-build-isolation", "Or upgrade Transformer Engine to a release that supports your flash-attn."),
                           derived={"diagnosis": "flash-attn newer than TE supports", "pin": pin})
    if not found:
        return None
    lo = re.search(r">=\s*([0-9][\w.+]*[0-9A-Za-z])", supported)
    hi = re.search(r"<=\s*([0-9][\w.+]*[0-9A-Za-z])", supported)
    f = _ver(found)
    if hi and f > _ver(hi.group(1)):
        diagnosis, pin = "flash-attn newer than TE supports", f"flash-attn=={hi.group(1)}"
        text = f"flash-attn {found} is newer than the highest version this Transformer Engine accepts ({hi.group(1)})."
    elif lo and f < _ver(lo.group(1)):
        diagnosis, pin = "flash-attn older than TE requires", f"flash-attn>={lo.group(1)}"
        text = f"flash-attn {found} is older than the lowest version this Transformer Engine accepts ({lo.group(1)})."
    else:
        diagnosis, pin = "flash-attn outside TE's range", f"flash-attn{supported.replace(' ', '')}"
        text = f"flash-attn {found} is not in Transformer Engine's range {supported}."
    text += " TE disables its FlashAttention backend; training continues only if cuDNN FusedAttention or the unfused path supports the model."
    fix = (f"pip install '{pin}' --no-build-isolation",
           "Or upgrade Transformer Engine / use the NGC container whose TE supports this flash-attn.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis, "pin": pin})
