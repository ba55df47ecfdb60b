"""Computed diagnosis for colab.gpu-usage-limit: which accelerator and which plan hit the limit."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    acc = str(facts.get("accelerator") or "GPU").upper()
    tier = str(facts.get("tier") or "").strip()
    if tier:
        diagnosis = f"Colab {tier} account out of {acc} allowance"
        text = (f"This is a Colab {tier} account: paid tiers are limited by compute units and pool availability. "
                f"Colab refused a {acc} runtime, so check the remaining compute units (Runtime > View resources).")
        fix = ("Buy/renew compute units or wait for the pool; terminate idle GPU runtimes to stop spending units.",
               f"Meanwhile train elsewhere (Kaggle, local or cloud {acc}).")
    else:
        diagnosis = f"free-tier {acc} usage limit"
        text = (f"Free-tier Colab refused a {acc} runtime because of recent accelerator usage on this account; the limit "
                "resets after a cool-down that Colab does not publish (hours to days).")
        fix = ("Disconnect and delete the runtime, work on CPU, and retry the GPU runtime later.",
               "Use Kaggle notebooks (weekly GPU quota) or Colab compute units for the training run.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis, "tier": tier or "free"})
