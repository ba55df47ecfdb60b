"""Computed diagnosis for ray.init-twice: a driver calling ray.init again vs a worker importing a module-level ray.init."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if facts.get("in_worker"):
        return Explanation(
            text=("The second ray.init ran inside a Ray worker while it imported your module to run a remote function: "
                  "ray.init() sits at module top level, so every worker executes it."),
            fix=("Move ray.init(...) under if __name__ == \"__main__\": in the driver script (or into main()).",
                 "Keep modules that define remote functions free of top-level Ray set-up."),
            derived={"where": " (inside a worker: module-level ray.init)"},
        )
    return Explanation(
        text="The driver was already connected to Ray (an earlier ray.init, a library's auto-init, a previous cell or test).",
        fix=("if not ray.is_initialized(): ray.init(...)  or  ray.init(..., ignore_reinit_error=True)",
             "ray.shutdown() before re-initialising with other arguments."),
        derived={"where": " (driver re-initialised)"},
    )
