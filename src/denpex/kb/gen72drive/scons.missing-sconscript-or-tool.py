"""Computed diagnosis for scons.missing-sconscript-or-tool: which piece is missing and where it comes from."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    variable = facts.get("variable")
    tool = facts.get("tool")
    sconscript = facts.get("sconscript")
    if variable:
        missing = f"the exported variable '{variable}'"
        if sconscript:
            diagnosis = f"{sconscript} is missing, so '{variable}' was never exported"
            text = (f"SCons skipped the missing {sconscript} (only a warning) and then failed where another SConscript "
                    f"imports '{variable}', which that file exports.")
        else:
            diagnosis = f"no SConscript exported '{variable}'"
            text = (f"An SConscript imports '{variable}' but none exported it; the exporting SConscript is missing "
                    "(look for 'Ignoring missing SConscript' warnings earlier) or at another revision.")
    else:
        missing = f"the tool module '{tool}'"
        diagnosis = f"'{tool}.py' is in no site_scons/site_tools folder"
        text = (f"SCons could not load the tool '{tool}': the site_scons/site_tools folder that should hold {tool}.py "
                "(the project's own or a submodule's) is absent or outdated.")
    fix = ("git submodule update --init --recursive in the project root (or clone again with --recurse-submodules), then rerun scons.",)
    return Explanation(text=text, fix=fix, derived={"missing": missing, "diagnosis": diagnosis})
