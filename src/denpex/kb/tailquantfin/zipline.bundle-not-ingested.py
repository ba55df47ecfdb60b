"""Computed diagnosis for zipline.bundle-not-ingested: registration vs ingestion problem."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    bundle = str(facts.get("bundle") or "").strip()
    if not bundle or sig not in ("unknown-bundle", "no-data-for-bundle"):
        return None
    if sig == "unknown-bundle" and bundle.endswith(".py"):
        name = bundle.rsplit("/", 1)[-1][:-3]
        diagnosis = "file name given instead of bundle name"
        text = f"'{bundle}' is a Python file, not a bundle name: -b expects the name passed to register() inside that file."
        fix = (f"Register it in $ZIPLINE_ROOT/extension.py (or pass -e {bundle}) and use that name, e.g. zipline ingest -b {name}.",)
    elif sig == "unknown-bundle":
        diagnosis = "bundle not registered in this process"
        text = (f"No register('{bundle}', ...) ran before zipline resolved -b {bundle}: the extension.py that registers it is "
                "not under the ZIPLINE_ROOT in use, was not passed with -e, failed on import, or the name is misspelt.")
        fix = (f"Add register('{bundle}', <ingest function>) to $ZIPLINE_ROOT/extension.py (default ~/.zipline), then zipline bundles to confirm;",
               f"zipline ingest -b {bundle}")
    else:
        when = facts.get("date")
        diagnosis = "bundle registered but not ingested"
        text = (f"'{bundle}' is registered but has no ingested data" + (f" dated on or before {when}" if when else "") +
                " in this ZIPLINE_ROOT.")
        extra = " (needs QUANDL_API_KEY)" if "quandl" in bundle.lower() else ""
        fix = (f"zipline ingest -b {bundle}{extra}, in the same environment and ZIPLINE_ROOT as the backtest;",
               "zipline bundles shows the ingestion timestamps afterwards.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
