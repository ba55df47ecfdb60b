"""Computed diagnosis for matplotlib.colormap-api-mismatch: which side of the API change the environment is on."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    attr = str(facts.get("attr") or "")
    holder = str(facts.get("holder") or "")
    if holder == "ColormapRegistry":
        diagnosis = "matplotlib 3.5: the colormaps registry has no get_cmap before 3.6"
        text = ("The code calls matplotlib.colormaps.get_cmap(name), a method added in matplotlib 3.6; the installed "
                "matplotlib has the registry (3.5) but not the method.")
        fix = ("Use matplotlib.colormaps[name] (works from 3.5 on) or matplotlib.pyplot.get_cmap(name), or upgrade: "
               "pip install 'matplotlib>=3.6,<3.9'.",)
    elif holder == "matplotlib" and attr == "colormaps":
        diagnosis = "matplotlib older than 3.5 (no colormaps registry)"
        text = ("The code uses the colormap registry matplotlib.colormaps, which appeared in matplotlib 3.5; "
                "the installed matplotlib is older.")
        fix = ("Upgrade: pip install 'matplotlib>=3.6,<3.9', or use matplotlib.pyplot.get_cmap(name), which every release has.",)
    elif holder == "matplotlib.cm" and attr:
        diagnosis = f"matplotlib 3.9 or newer removed cm.{attr}"
        text = (f"matplotlib.cm.{attr} was deprecated in 3.7 and removed in 3.9 (plt.cm is the same module); "
                "the code was written for an older matplotlib.")
        new = {"get_cmap": "matplotlib.colormaps[name] or matplotlib.pyplot.get_cmap(name)",
               "register_cmap": "matplotlib.colormaps.register(cmap, name=...)",
               "unregister_cmap": "matplotlib.colormaps.unregister(name)"}.get(attr, "the matplotlib.colormaps registry")
        fix = (f"Replace it with {new}, or pin pip install 'matplotlib<3.9'.",)
    else:
        return None
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
