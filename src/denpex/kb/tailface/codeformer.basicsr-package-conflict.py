"""Computed diagnosis for codeformer.basicsr-package-conflict: which basicsr copy was imported."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("basicsr_path") or "").strip()
    if not path:
        return None
    low = path.replace("\\", "/").lower()
    pip_copy = "yes" if ("site-packages/" in low or "dist-packages/" in low) else "no"
    if pip_copy == "yes":
        text = (f"basicsr was imported from {path}: that is the PyPI package (installed for gfpgan/realesrgan), "
                "not CodeFormer's bundled basicsr, and it has no get_device.")
        fix = ("Run CodeFormer in its own environment after 'python basicsr/setup.py develop', or pip uninstall basicsr "
               "and install CodeFormer's copy instead.",)
    else:
        text = (f"basicsr was imported from {path}, outside site-packages: an old or foreign basicsr checkout is on "
                "sys.path ahead of CodeFormer's copy.")
        fix = ("Remove that directory from sys.path/PYTHONPATH, or run from the CodeFormer repository root.",)
    return Explanation(text=text, fix=fix, derived={"pip_copy": pip_copy})
