"""Computed diagnosis for pydantic.non-annotated-attribute: what kind of attribute pydantic 2 refused."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = str(facts.get("attribute") or "?")
    value = str(facts.get("value") or "").strip()
    fix: list[str] = []
    if value.startswith(("<cyfunction", "<built-in", "<function", "<method", "<bound")):
        diagnosis = "a method that is no longer a plain Python function (compiled or decorated)"
        text = (f"`{name}` is {value.split(' ')[0]}...>: a method pydantic 2 does not recognise, typically from a "
                "Cython/Nuitka-compiled module or a decorator returning a non-function object.")
        fix.append("Keep the pydantic model module uncompiled, or add that function type to model_config['ignored_types'].")
    elif value.startswith("typing.") or name in ("ClassVar", "Optional", "List", "Dict"):
        diagnosis = "an imported typing name seen as a class attribute"
        text = f"`{name} = {value}` is a name that ended up in the class namespace; pydantic treats it as an unannotated field."
        fix.append("Move the import out of the class body (import at module level).")
    else:
        diagnosis = "a class-level value without annotation (pydantic-1 style code under pydantic 2)"
        text = (f"`{name}` is a plain value on a BaseModel subclass. Pydantic 1 accepted it; pydantic 2 needs an annotation. "
                "If the application was written for pydantic 1, the installed pydantic 2 is the cause.")
        fix.append("Application written for pydantic 1: pip install 'pydantic<2' (or upgrade the application).")
        fix.append(f"Own code: annotate it, e.g. `{name}: ClassVar[...] = ...` for a constant or give it a field type.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
