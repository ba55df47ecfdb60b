"""Computed diagnosis for streamlit.cache-unhashable-param: the signature change that skips the argument."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    func = facts.get("func")
    arg_type = str(facts.get("arg_type") or "")
    if not func:
        return None
    func = str(func)
    arg = facts.get("arg")
    short_type = arg_type.rsplit(".", 1)[-1] if arg_type else "the type"
    if facts.get("_signature") == "legacy-unhashable-type" or not arg:
        text = (f"Legacy @st.cache could not hash an object of type {arg_type or '?'} used by {func}(): "
                "it hashes the function's arguments and the objects its body references.")
        fix = (f"Switch to @st.cache_resource (objects) or @st.cache_data (data) and pass only hashable inputs to {func}().",
               f"Or with legacy st.cache: @st.cache(hash_funcs={{{arg_type or 'Type'}: lambda _: None}}).")
        return Explanation(text=text, fix=fix, derived={"diagnosis": f"st.cache cannot hash {short_type}"})
    arg = str(arg)
    model_like = any(w in arg_type.lower() for w in ("model", "module", "pipeline", "client", "session", "connection", "engine", "tokenizer"))
    text = f"{func}() is cached and its argument '{arg}' ({arg_type}) cannot be hashed to build the cache key."
    fix = [f"def {func}(_{arg}, ...):  # leading underscore: Streamlit skips '{arg}' when hashing"]
    if model_like:
        fix.append(f"{arg_type} looks like a model/client: create it in an @st.cache_resource function from a name or path instead of passing it.")
    else:
        fix.append(f"or @st.cache_data(hash_funcs={{{arg_type}: lambda o: <stable id of o>}})")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": f"unhashable {short_type} argument '{arg}'"})
