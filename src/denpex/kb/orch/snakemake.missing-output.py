"""Computed diagnosis for snakemake.missing-output: latency or a wrong output path."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    wait = facts.get("latency_wait")
    rule = facts.get("rule")
    where = f"rule {rule}" if rule else "the rule"
    if wait is None and rule is None:
        return None
    fix = [f"Run the command of {where} by hand (snakemake -n -p <target>) and compare what it writes with its output: paths."]
    if isinstance(wait, int) and wait < 60:
        text = (f"The command of {where} exited 0 but a declared output was still missing after {wait} s. "
                f"{wait} s is short for a cluster filesystem; if the job ran on a cluster, latency is a plausible cause, "
                "otherwise the command wrote a different path.")
        fix.insert(0, "On a cluster: snakemake --latency-wait 120 (or latency-wait: 120 in the profile)")
    else:
        shown = f" {wait} s" if wait is not None else ""
        text = (f"The command of {where} exited 0 but a declared output was still missing after waiting{shown}: "
                "with a wait that long the file is not late - the command writes a different name/place, "
                "or the output is a directory not declared with directory().")
    fix.append("Declare directory outputs with directory('...'); pass {output} to the script instead of hard-coded names.")
    return Explanation(text=text, fix=tuple(fix), derived={"latency_suspect": isinstance(wait, int) and wait < 60})
