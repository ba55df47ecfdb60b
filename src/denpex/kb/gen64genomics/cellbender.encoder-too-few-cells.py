"""Computed diagnosis for cellbender.encoder-too-few-cells: which priors the run used."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    expected = facts.get("expected_cells")
    total = facts.get("total_droplets")
    parts = []
    if expected is not None:
        parts.append(f"--expected-cells {expected}")
    if total is not None:
        parts.append(f"--total-droplets-included {total}")
    fix: list[str] = []
    if parts:
        settings = " and ".join(parts)
        with_settings = f" (run with {settings})"
        text = (
            f"The run used {settings}. The encoder found almost no droplets above the cell/empty crossover "
            "these priors produced; compare them with the barcode-rank curve of this sample."
        )
        if expected is not None and total is not None and int(total) <= int(expected):
            fix.append("--total-droplets-included must be well above --expected-cells (into the empty-droplet plateau).")
        fix.append("Re-derive --expected-cells from the barcode-rank plot (or drop it and let CellBender choose) for this sample.")
    else:
        with_settings = ""
        text = "No priors were set on the command line, so CellBender's automatic priors found almost no cells: check the sample's UMI curve and that the input is the raw matrix."
        fix.append("Set --expected-cells and --total-droplets-included from the barcode-rank plot, or exclude a failed sample.")
    return Explanation(text=text, fix=tuple(fix), derived={"with_settings": with_settings})
