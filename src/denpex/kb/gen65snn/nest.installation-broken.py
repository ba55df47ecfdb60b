"""Computed diagnosis for nest.installation-broken: which path NEST searched and why it failed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    data_dir = str(facts.get("data_dir") or "")
    errno = facts.get("errno")
    hint = f" (looked in {data_dir})" if data_dir else ""
    fix: list[str] = []
    if str(errno) == "13":
        text = ("NEST's startup reported Errno 13 (permission denied) on its install directories: the files may be "
                "there, but the user running the job cannot read them.")
        fix.append("chmod -R a+rX on the NEST prefix, or install NEST where the job's user (and compute nodes) can read it.")
    elif errno is not None:
        text = f"NEST's startup could not open its install directories (Errno {errno})."
        fix.append("Check that the NEST prefix exists on this node and NEST_DATA_DIR / NEST_INSTALL_DIR point at it.")
    else:
        text = "NEST's SLI interpreter did not find sli-init.sli in its data directory."
        fix.append("Check <prefix>/share/nest/sli/sli-init.sli exists; unset stale NEST_DATA_DIR / NEST_INSTALL_DIR.")
    if data_dir:
        text += f" It expected the startup file under {data_dir}."
    return Explanation(text=text, fix=tuple(fix), derived={"data_dir_hint": hint})
