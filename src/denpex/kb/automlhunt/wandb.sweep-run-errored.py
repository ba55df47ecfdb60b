"""Computed diagnosis for wandb.sweep-run-errored: the exception of the failed sweep runs."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_HINTS = {
    "FileNotFoundError": "a path that exists only where you ran the script by hand (the agent's working directory differs): use absolute paths.",
    "KeyError": "the code reads a config key the sweep does not define: give defaults via wandb.config.setdefaults / config= in wandb.init.",
    "AttributeError": "the code reads wandb.config.<name> that the sweep does not set, or an object is None in the agent's process.",
    "ModuleNotFoundError": "the agent runs another Python environment than your shell: start it from the same venv.",
    "ImportError": "the agent runs another Python environment than your shell: start it from the same venv.",
    "IndexError": "the code indexes data that is empty or shorter under the sampled config (e.g. an empty split, a list built from a parameter).",
    "OutOfMemoryError": "the sampled batch size / model size does not fit the GPU: cap it in the sweep's parameter ranges.",
    "ValueError": "the sampled values form an invalid combination, or inputs do not match: check the sampled config of the run.",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    error = str(facts.get("error") or "").strip()
    failures = facts.get("failures")
    seconds = facts.get("seconds")
    exc = ""
    m = re.match(r"([A-Za-z_][\w.]*(?:Error|Exception|Interrupt|Exit))\b", error)
    if m:
        exc = m.group(1).rsplit(".", 1)[-1]
    parts = []
    if failures is not None:
        parts.append(f"{failures} runs failed within the first {seconds} s, so the agent stopped (flapping check).")
    if exc:
        hint = _HINTS.get(exc, "the training function raises it for the sampled config.")
        parts.append(f"The runs raise {exc}: {hint}")
    elif error:
        parts.append(f"The runs fail with: {error}.")
    else:
        parts.append("The traceback of the failing run follows the 'errored:' line (wandb 0.16.3+) or is in wandb/run-*/logs.")
    if not parts:
        return None
    fix = ["Reproduce once outside the agent: wandb.init(config=<one sampled config>) then call the training function."]
    if failures is not None:
        fix.append("Only if some configs are expected to fail: export WANDB_AGENT_DISABLE_FLAPPING=true.")
    derived: dict[str, Any] = {"diagnosis": f"sweep runs raise {exc}" if exc else "sweep runs fail"}
    if exc:
        derived["exception"] = exc
    if not error:
        derived["error"] = "see the traceback of the run"
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
