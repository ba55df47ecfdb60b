"""Computed diagnosis for audiowebui.requirement-install-failed: which requirement pip failed on and how to see why."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# packages whose install needs a source build or tight pins on Windows / newer Pythons
_HINTS: dict[str, str] = {
    "audiocraft": "audiocraft pins av, xformers and torch; without wheels for your Python, pip compiles av/xformers "
                  "(Visual C++ Build Tools on Windows, Python 3.10)",
    "audiolm": "audiolm-pytorch pulls fairseq-style extensions that need a compiler and Python 3.10",
    "tts": "coqui TTS has no wheels for Python > 3.10 in the pinned version",
    "fairseq": "fairseq builds C++ extensions from source (compiler needed; no wheels for new Pythons)",
    "pytorch": "the torch wheel index URL or CUDA variant did not match the interpreter",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    package = str(facts.get("package") or "").strip()
    if not package:
        return None
    key = package.split()[0].split("==")[0].split(">=")[0].casefold()
    hint = _HINTS.get(key)
    text = f"audio-webui's installer ran pip for '{package}' and pip exited non-zero."
    if hint:
        text += f" Likely cause: {hint}."
    spec = package.split()[0]
    fix = [
        "read the STDERR block under the AutoDebug banner: it is pip's own error for this package",
        f"venv\\Scripts\\python -m pip install --upgrade {spec}   # Linux/macOS: venv/bin/python -m pip install --upgrade {spec}",
        "venv\\Scripts\\python --version   # audio-webui expects Python 3.10.x; recreate the venv with 3.10 if not",
    ]
    return Explanation(text=text, fix=fix, derived={"package_key": key})
