"""Computed diagnosis for jupyter.ipykernel-launcher-missing: which interpreter lacks ipykernel."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    python = str(facts.get("python") or "").strip().rstrip(".")
    if not python:
        return Explanation(
            text="The kernel's interpreter has no ipykernel installed, so 'python -m ipykernel_launcher' exits at once.",
            fix=("Find argv[0] of the kernel (jupyter kernelspec list; kernel.json) and run '<that python> -m pip install ipykernel'.",),
            derived={"diagnosis": "kernel interpreter lacks ipykernel"},
        )
    low = python.lower().replace("\\", "/")
    quoted = f'"{python}"' if " " in python else python
    fix = [f"{quoted} -m pip install ipykernel",
           f"{quoted} -m ipykernel install --user --name <env-name>  # re-register, then pick this kernel"]
    if "windowsapps" in low:
        diagnosis = "Windows Store Python selected as kernel"
        text = (f"The kernel runs the Microsoft Store Python ({python}), which has no ipykernel; it is rarely the env you "
                "installed packages into.")
        fix.insert(0, "Select your project's venv/conda interpreter in the notebook's kernel picker instead of the Store Python.")
    elif low in ("python", "python3") or low.startswith(("/usr/bin/python", "/bin/python")):
        diagnosis = "kernelspec resolves to the system Python"
        text = (f"The kernel command resolves to the system interpreter {python}, not to the environment where Jupyter "
                "and ipykernel live: the kernelspec uses a bare/system python.")
        fix.insert(0, "jupyter kernelspec list; edit or remove the kernel whose argv[0] is the system python.")
    elif "/envs/" in low or "venv" in low or "/.pyenv/" in low or "conda" in low:
        diagnosis = "project environment registered without ipykernel"
        text = (f"The kernelspec points at the environment interpreter {python}, and ipykernel is not installed in it "
                "(it is installed in the env that runs the Jupyter server).")
    else:
        diagnosis = "kernel interpreter lacks ipykernel"
        text = f"The interpreter {python} that the kernelspec launches has no ipykernel installed."
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
