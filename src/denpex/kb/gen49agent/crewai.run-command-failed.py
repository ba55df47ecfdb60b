"""Explain crewai.run-command-failed: which script the CLI ran and what its exit status says."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    kind = str(facts.get("kind") or "")
    script = str(facts.get("script") or "")
    runner = str(facts.get("runner") or "uv")
    status = facts.get("exit_status")
    command = "flow kickoff" if kind == "flow" or script in ("kickoff", "plot") else "run"
    derived: dict[str, Any] = {"command": command}
    fix: list[str] = []
    if sig == "uv-spawn-script-missing" or status == 2:
        derived["what"] = f"uv found no `{script or 'run_crew'}` script in the project environment"
        text = (f"uv could not start `{script or 'run_crew'}`: the project environment has no console script of that name. "
                "Either this is a flow project (it declares kickoff, not run_crew), pyproject.toml has no such [project.scripts] "
                "entry, or the project was never installed.")
        if script == "run_crew":
            fix.append("If pyproject.toml has [tool.crewai] type = \"flow\", run: crewai flow kickoff")
        fix.append(f"Check pyproject.toml [project.scripts] for {script or 'run_crew'} = \"<package>.main:<function>\"; add it if missing.")
        fix.append("Then run crewai install (uv sync) in the project folder and retry.")
    elif status == 1:
        derived["what"] = f"the {kind or 'crew'} started and raised (exit status 1); its own error is printed above"
        text = (f"`{runner} run {script}` started the {kind or 'crew'} and it failed with exit status 1. This line is only the CLI's "
                "summary: the crew's own traceback or ERROR line printed before it is the cause.")
        fix.append(f"Scroll up to the first traceback, or run `{runner} run {script}` directly to see it alone.")
    else:
        derived["what"] = f"`{runner} run {script}` exited with status {status}"
        text = f"`{runner} run {script}` exited with status {status}; the output printed before this line says why."
        fix.append(f"Run `{runner} run {script}` directly in the project folder to see the full output.")
    if runner == "poetry":
        fix.append("This CLI used poetry: newer crewAI releases use uv; run crewai update and crewai install after upgrading.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
