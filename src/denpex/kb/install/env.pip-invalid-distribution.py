"""Computed diagnosis for env.pip-invalid-distribution: which package the leftover folder belonged to."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_GUESS = {"orch": "torch", "ip": "pip", "ywin32": "pywin32", "umpy": "numpy", "ransformers": "transformers",
          "orchvision": "torchvision", "orchaudio": "torchaudio", "etuptools": "setuptools", "rotobuf": "protobuf",
          "pencv-python": "opencv-python", "radio": "gradio", "formers": "xformers", "egex": "regex", "rllib3": "urllib3"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name = str(facts.get("name") or "")
    sp = str(facts.get("site_packages") or "")
    if not name:
        return None
    tail = name[1:]
    guess = _GUESS.get(tail.lower(), "")
    derived: dict[str, Any] = {}
    text = f"'{name}' in {sp or 'site-packages'} is pip's temporary copy of a package (first letter replaced by '{name[0]}')"
    if guess:
        derived["package"] = guess
        text += f", here {guess}, left from an interrupted install/uninstall."
    else:
        text += ", left from an interrupted install/uninstall."
    sep = "\\" if "\\" in sp else "/"
    fix = [f"With no Python running, delete {sp}{sep}{name[0]}* folders" if sp else "With no Python running, delete the ~*/-* folders in site-packages"]
    if guess:
        fix.append(f"If {guess} misbehaves, reinstall it: pip install --force-reinstall --no-deps {guess}")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
