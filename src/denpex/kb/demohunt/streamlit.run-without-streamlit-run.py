"""Computed diagnosis for streamlit.run-without-streamlit-run: the command to start the app."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    script = facts.get("script")
    sig = facts.get("_signature")
    target = str(script) if script else "app.py"
    if sig == "mainthread-bare-mode" and not script:
        text = ("st.* calls ran on the interpreter's MainThread with no ScriptRunContext: the script was executed by "
                "python, not by the Streamlit server, so nothing is rendered.")
    else:
        text = (f"The Streamlit script {target} was run by python directly (bare mode): no server starts, st.* calls "
                "are no-ops and session state does not persist.")
    fix = (f"streamlit run {target}", f"with script arguments: streamlit run {target} -- <args>")
    return Explanation(text=text, fix=fix, derived={"diagnosis": "script run without streamlit run", "script": target})
