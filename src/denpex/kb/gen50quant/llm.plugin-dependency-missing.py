"""Computed diagnosis for llm.plugin-dependency-missing: which plugin's engine is missing and the install command for llm's own environment."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# import name -> (plugin, pip distribution, install command run through llm's own environment)
_ENGINES = {
    "mlc_chat": (
        "llm-mlc",
        "mlc-chat-nightly",
        "llm mlc pip install --pre --force-reinstall mlc-ai-nightly mlc-chat-nightly -f https://mlc.ai/wheels",
    ),
    "llama_cpp": ("llm-llama-cpp", "llama-cpp-python", "llm install llama-cpp-python"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    package = str(facts.get("package") or "").strip()
    if package not in _ENGINES:
        return None
    plugin, dist, command = _ENGINES[package]
    dist = str(facts.get("pip_name") or dist)
    derived: dict[str, Any] = {"plugin": plugin, "distribution": dist, "install_command": command}
    text = (
        f"The {plugin} plugin could not import {package} (pip package {dist}) inside the Python that runs llm. "
        f"A plain 'pip install {dist}' from a shell installs into another environment when llm comes from pipx or Homebrew; "
        "if the package is already in llm's environment, the import itself fails and the plugin hides the reason."
    )
    fix = (
        f"{command}  (installs into llm's own environment)",
        f"llm python -c \"import {package}\"  (prints the real ImportError if it still fails)",
    )
    return Explanation(text=text, fix=fix, derived=derived)
