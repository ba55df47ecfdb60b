"""Computed diagnosis for botorch.model-fitting-failed: what the attempts died of, if logged."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    warning = str(facts.get("warning") or "")
    if "LNSRCH" in warning:
        text = ("scipy L-BFGS-B stopped with a failed line search on the GP marginal likelihood in the attempts: "
                "the loss surface has NaN/inf or extreme scales - typically unstandardised targets or float32 data.")
        diag = "line search failed (badly scaled data)"
    elif warning in ("NotPSDError", "Matrix not positive definite"):
        text = ("The attempts failed on a non positive definite kernel matrix: duplicate inputs, float32, "
                "or a noise that collapsed to zero.")
        diag = "kernel matrix not PD"
    elif warning:
        text = f"The attempts failed with {warning}."
        diag = warning
    else:
        text = ("Every fit attempt failed, and the reasons were logged at DEBUG level only. Run the fit inside "
                "botorch.settings.debug(True) to see them; the usual causes are float32 data, unnormalised X/Y, "
                "duplicate points and NaN targets.")
        diag = "all attempts failed (reason hidden)"
    fix = ("Use torch.double and SingleTaskGP(..., input_transform=Normalize(d), outcome_transform=Standardize(m)).",
           "Deduplicate train_X and drop non-finite train_Y rows; then re-run with botorch.settings.debug(True) if it still fails.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diag})
