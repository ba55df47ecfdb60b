"""Computed diagnosis for streamlit.session-state-uninitialized: the guard line for the key."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_LIST_KEYS = {"messages", "history", "chat_history", "generated", "past", "past_key_values"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    key = facts.get("key")
    if not key:
        return None
    key = str(key)
    default = "[]" if key in _LIST_KEYS or key.endswith(("_history", "_messages", "_list")) else "None"
    how = "attribute" if facts.get("_signature") == "no-attribute" else "item"
    text = (f"st.session_state{'.' + key if how == 'attribute' else '[' + repr(key) + ']'} was read in a run where "
            f"'{key}' had never been set for this browser session.")
    fix = (f"if '{key}' not in st.session_state: st.session_state['{key}'] = {default}   # at the top of every page that reads it",
           f"or read it with st.session_state.get('{key}', {default})",
           "If the app was started with python app.py, start it with streamlit run app.py.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": f"session key '{key}' not initialised"})
