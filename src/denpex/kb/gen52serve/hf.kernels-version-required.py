"""Computed diagnosis for hf.kernels-version-required: who built the unversioned kernel reference and which side to change."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    caller = str(facts.get("caller") or "")
    if "transformers/integrations/hub_kernels" in caller:
        who = "transformers' own default kernel mapping (built when transformers.integrations.hub_kernels is imported)"
        fix = ("pip install 'kernels<0.15'  # quickest when vLLM/TRL pin transformers",
               "or pip install -U transformers to a release that passes version= for its Hub kernels")
        side = "transformers too old for kernels"
    elif caller:
        pkg = caller.split("/", 1)[0]
        who = f"{pkg} ({caller})"
        fix = (f"Upgrade {pkg}, or pip install 'kernels<0.15' until it passes version=/revision= to its Hub kernels.",)
        side = f"{pkg} too old for kernels"
    else:
        who = "a caller that does not pass version= or revision= (usually transformers' hub_kernels mapping)"
        fix = ("pip install 'kernels<0.15', or upgrade the package that builds the LayerRepository / get_kernel call.",)
        side = "unversioned kernel reference"
    text = ("kernels 0.15+ requires version= or revision= on every Hub kernel reference; the unversioned one came from "
            f"{who}.")
    return Explanation(text=text, fix=fix, derived={"caller": caller or "unknown caller", "side": side})
