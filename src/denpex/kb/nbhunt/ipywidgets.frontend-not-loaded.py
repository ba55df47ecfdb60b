"""Computed diagnosis for ipywidgets.frontend-not-loaded: which wording, which fix."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    wtype = str(facts.get("widget_type") or "").strip()
    widget = f" ({wtype})" if wtype else ""
    if sig == "js-not-detected":
        return Explanation(
            text="ipywidgets 5/6 found no widget JavaScript in the classic notebook: widgetsnbextension is missing, disabled or of another major version.",
            fix=("pip install -U 'ipywidgets>=8' jupyterlab_widgets widgetsnbextension (kernel and server env), then restart the server.",
                 "Classic notebook 5/6: jupyter nbextension enable --py --sys-prefix widgetsnbextension"),
            derived={"diagnosis": "ipywidgets 5/6 widget JS missing", "widget": ""})
    if sig == "state-not-found":
        return Explanation(
            text="The notebook was opened without the kernel that created the widget (or rendered statically), and no widget state was saved in it.",
            fix=("Rerun the cells in a live kernel.", "To keep widgets in a static copy: save widget state before saving the notebook."),
            derived={"diagnosis": "widget state missing (no live kernel)", "widget": ""})
    if sig == "model-not-found":
        return Explanation(
            text="The JupyterLab renderer has no model for this widget: the kernel restarted/closed, or the kernel's ipywidgets major version differs from the lab extension (7 vs 8).",
            fix=("Compare: python -c 'import ipywidgets; print(ipywidgets.__version__)' (kernel) with jupyter labextension list (server).",
                 "pip install -U ipywidgets jupyterlab_widgets to the same major version, restart the server and kernel, rerun the cell."),
            derived={"diagnosis": "widget model not found in front end", "widget": ""})
    if sig == "failed-to-display":
        return Explanation(
            text=(f"The front end showed the text fallback of a {wtype or 'widget'} widget: the widget manager JS is missing, still loading, "
                  "of another protocol version, or this is a static renderer (GitHub, nbviewer)."),
            fix=("Server env: pip install -U jupyterlab_widgets (Lab/Notebook 7) or widgetsnbextension (classic); restart the server.",
                 "Kernel env: pip install -U ipywidgets to the same major version; restart the kernel and rerun."),
            derived={"diagnosis": f"{wtype or 'widget'} rendered as fallback text", "widget": widget})
    return None
