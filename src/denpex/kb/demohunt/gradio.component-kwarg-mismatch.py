"""Computed diagnosis for gradio.component-kwarg-mismatch: name the Gradio release change behind the keyword."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# keyword -> (diagnosis, port hint); only renames documented in Gradio's changelogs
_REMOVED_IN_4 = {
    "source": ("Gradio 4 renamed source to sources", "Pass sources=['upload'] (a list; e.g. ['upload', 'microphone']) instead of source='upload'."),
    "_js": ("Gradio 4 renamed _js to js", "Pass js=... to the event listener instead of _js=...."),
    "shape": ("Gradio 4 removed Image(shape=)", "Resize in the function, or use width=/height= for display."),
    "tool": ("Gradio 4 removed Image(tool=)", "Use gr.ImageEditor (or gr.Image with sources) instead of tool='sketch'/'editor'."),
    "default": ("gr.inputs-era default= (Gradio 2/3)", "Pass value=... instead of default=...."),
    "optional": ("gr.inputs-era optional= (Gradio 2/3)", "Drop optional=; the component accepts an empty value."),
}
_MOVED_IN_6 = {"css", "theme", "js", "head", "css_paths", "head_paths"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    keyword = facts.get("keyword")
    callee = str(facts.get("callee") or "")
    if not keyword:
        return None
    keyword = str(keyword)
    if keyword in _MOVED_IN_6 and callee.split(".")[0] in ("BlockContext", "Blocks"):
        diagnosis = f"Gradio 6 moved {keyword}= from gr.Blocks() to launch()"
        text = (f"gr.Blocks() no longer takes {keyword}= (Gradio 6 moved app-level options to launch()); "
                "the app was written for Gradio 4/5.")
        fix = (f"Pass {keyword}=... to demo.launch(...) instead of gr.Blocks(...), or pin gradio<6.",)
    elif callee.endswith(".update") or callee == "update":
        diagnosis = f"{callee}() of the installed Gradio has no '{keyword}'"
        text = (f"{callee}({keyword}=...) comes from a Gradio 3 release other than the installed one "
                "(update() gained and lost parameters between 3.x releases and was removed in 4).")
        fix = ("Install the Gradio version the extension/app requires (see its requirements or the host web UI's pinned version).",)
    elif keyword in _REMOVED_IN_4:
        diagnosis, hint = _REMOVED_IN_4[keyword]
        text = (f"{callee}() rejected {keyword}=: {diagnosis}. The app was written for Gradio 3.x and runs on Gradio 4 or newer.")
        fix = (hint, "Or pin the old release: pip install \"gradio==3.50.2\" (the last 3.x).")
    else:
        diagnosis = f"'{keyword}' not accepted by this Gradio's {callee}()"
        text = (f"{callee}() of the installed Gradio does not take {keyword}=: the app (or custom component) was "
                "written for another Gradio release, older or newer.")
        fix = ("Compare pip show gradio with the version in the project's requirements/README and install that one.",
               f"python -c \"import gradio as gr, inspect; print(inspect.signature(gr.{callee.split('.')[0]}.__init__))\" lists the accepted keywords.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
