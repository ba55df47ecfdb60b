"""Computed diagnosis for gradio.client-upstream-app-error: the endpoint the failing call used, when the log shows it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    endpoint = str(facts.get("endpoint") or "").strip()
    where = f"The call to endpoint {endpoint}" if endpoint else "The call"
    params = f"client.view_api()'s parameters for {endpoint}" if endpoint else "client.view_api()'s parameters for the endpoint"
    return Explanation(
        text=(f"{where} reached the Gradio app and the app's function raised; the app runs without show_error=True, "
              "so only this fixed sentence came back. The real error is in the app's own log (the Space's Logs tab "
              "or the server's terminal)."),
        fix=("Read the app's log at the time of the call.",
             f"Compare the call with {params}: all of them, in order, files wrapped in handle_file().",
             "If you own the app, launch it with show_error=True so that clients receive the message."),
        derived={})
