"""Computed diagnosis for matplotlib.tk-backend-unusable: headless display vs wrong-thread Tk use."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    agg = "export MPLBACKEND=Agg (or matplotlib.use('Agg') before the first 'import matplotlib.pyplot'), and save figures with fig.savefig(...)."
    if sig == "no-display":
        return Explanation(
            text="A figure was opened with the Tk backend but the process has no X display ($DISPLAY unset): a server, container or batch job.",
            fix=(agg, "Replace plt.show() with plt.savefig(path); plt.close()."),
            derived={"problem": "no $DISPLAY (headless)"},
        )
    if sig == "cannot-connect":
        d = str(facts.get("display") or "")
        return Explanation(
            text=f"$DISPLAY is set to {d!r} but no X server answers there (closed SSH -X session, no X server on this host/WSL).",
            fix=(agg, f"Or unset DISPLAY / start an X server for {d} (xvfb-run python ... for a virtual one)."),
            derived={"problem": f"display {d} unreachable"},
        )
    if sig in ("tcl-async-delete", "not-in-main-loop"):
        return Explanation(
            text=("Tk objects (TkAgg figures) were used or garbage-collected in a thread other than the one that created them; "
                  "Tcl cannot handle that and aborts the process (Tcl_AsyncDelete), typically hours into training when a "
                  "callback/logging thread plots."),
            fix=(agg + " Agg has no Tk interpreter, so threads are safe.",
                 "Close every figure where it was created: plt.close(fig); plot from the main thread only if a GUI backend is needed."),
            derived={"problem": "Tk used from the wrong thread"},
        )
    return None
