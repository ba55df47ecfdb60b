"""Computed diagnosis for alibi-detect.backend-not-installed: extra to install or backend to pass."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_EXTRA = {"tensorflow": "tensorflow", "pytorch": "torch", "torch": "torch", "keops": "keops", "sklearn": ""}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    detector = str(facts.get("detector") or "")
    if facts.get("_signature") == "missing-optional-dependency":
        extra = str(facts.get("extra") or "")
        if not extra:
            return None
        return Explanation(
            text=(f"{detector} was imported as a placeholder because its optional dependency ({extra}) could not be "
                  "imported; using it raises."),
            fix=(f"pip install 'alibi-detect[{extra}]'", f"then check: python -c 'import {'torch' if extra == 'torch' else extra}'"),
            derived={"diagnosis": f"optional extra [{extra}] missing", "extra": extra},
        )
    backend = str(facts.get("backend") or "")
    extra = _EXTRA.get(backend)
    if extra is None:
        return None
    fixes = []
    if extra:
        fixes.append(f"pip install 'alibi-detect[{extra}]'  (quote the brackets in zsh)")
    if detector == "ClassifierDrift" and backend == "tensorflow":
        fixes.insert(0, "For a scikit-learn model: ClassifierDrift(x_ref, model=clf, backend='sklearn')")
    elif backend == "tensorflow":
        fixes.append(f"or use PyTorch: {detector or 'the detector'}(x_ref, backend='pytorch')")
    elif backend in ("pytorch", "torch"):
        fixes.append(f"or use TensorFlow: {detector or 'the detector'}(x_ref, backend='tensorflow')")
    fixes.append(f"If {backend} is installed, run python -c 'import {'torch' if backend == 'pytorch' else backend}' and fix that import error.")
    return Explanation(
        text=f"{detector or 'The detector'} was built with backend='{backend}', but {backend} cannot be imported in this environment.",
        fix=tuple(fixes),
        derived={"diagnosis": f"{backend} backend unavailable", "extra": extra or ""},
    )
