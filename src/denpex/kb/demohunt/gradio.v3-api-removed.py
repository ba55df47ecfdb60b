"""Computed diagnosis for gradio.v3-api-removed: the Gradio 4 replacement for the removed attribute."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    attr = facts.get("attr")
    if not attr:
        return None
    attr = str(attr)
    component = str(facts.get("component") or "Textbox")
    if attr in ("inputs", "outputs"):
        diagnosis = f"gr.{attr} namespace removed in Gradio 4"
        text = (f"The code declares components as gr.{attr}.X(...), the Gradio 2 API that Gradio 4.0 deleted; "
                "the installed Gradio is 4 or newer.")
        fix = (f"Replace gr.{attr}.Textbox(...)/gr.{attr}.Image(...) with gr.Textbox(...)/gr.Image(...) (default= becomes value=).",
               "Or pin pip install \"gradio==3.50.2\".")
    elif attr in ("launch", "queue", "integrate"):
        diagnosis = "gr.Interface.load() is an event listener in Gradio 4"
        text = ("gr.Interface.load(\"models/...\") loaded a Hub model in Gradio 3; in Gradio 4 it is the Blocks.load event "
                f"listener, which returns a Dependency, so .{attr}() fails on it.")
        fix = ("Use gr.load(\"models/<repo>\").launch() (or pin gradio<4 for the old app).",)
    elif attr == "Box":
        diagnosis = "gr.Box removed in Gradio 4"
        text = "gr.Box() was removed in Gradio 4; the code was written for Gradio 3."
        fix = ("Replace with gr.Group() (or gr.Column(variant='panel')), or pin pip install \"gradio==3.50.2\".",)
    elif attr == "style":
        diagnosis = f"{component}.style() removed in Gradio 4"
        text = f"gr.{component}(...).style(...) was removed in Gradio 4: its options are constructor arguments now."
        fix = (f"Move the .style(...) options into gr.{component}(...) (e.g. height=..., container=..., scale=...).",
               "Or pin pip install \"gradio==3.50.2\".")
    elif attr == "update":
        diagnosis = f"gr.{component}.update() removed in Gradio 4"
        text = (f"The event handler returns gr.{component}.update(...), removed in Gradio 4; the failure happens when "
                "the event runs, not at startup.")
        fix = (f"Return gr.{component}(...) with the changed properties (or gr.update(...)) instead of gr.{component}.update(...).",)
    else:
        diagnosis = f"gr.{attr} not in the installed Gradio"
        text = f"gr.{attr} belongs to an older Gradio API than the installed one."
        fix = ("Pin the Gradio version the code was written for, or port to the top-level gr.<Component> classes.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
