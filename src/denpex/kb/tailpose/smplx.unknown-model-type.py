"""Computed diagnosis for smplx.unknown-model-type: what the unknown type tells."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_KNOWN = ("smpl", "smplh", "smplx", "mano", "flame")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    mt = facts.get("model_type")
    if not isinstance(mt, str) or not mt:
        return None
    low = mt.lower()
    close = [k for k in _KNOWN if low.startswith(k) or k.startswith(low)]
    if low in _KNOWN:
        return None
    if close and ("_" in low or "-" in low):
        base = max(close, key=len)
        return Explanation(
            text=(f"'{mt}' is a variant of {base} that the installed smplx does not have: the repository ships its own "
                  "modified body-model package, but the stock smplx is imported."),
            fix=("Install/import the repository's bundled body-model package (check print(smplx.__file__)).",
                 f"Or use model_type='{base}' with the stock package."),
            derived={"diagnosis": "fork-only model type"},
        )
    if close:
        return Explanation(
            text=f"'{mt}' is not one of {', '.join(_KNOWN)}.",
            fix=(f"Use model_type='{max(close, key=len)}'.",),
            derived={"diagnosis": "model_type typo"},
        )
    return Explanation(
        text=(f"'{mt}' looks like a folder or file name, not a model type: model_path was not an existing directory "
              "(typo, '~' not expanded, relative to another working directory), so smplx derived the type from the path."),
        fix=("Pass os.path.abspath(os.path.expanduser(model_path)) and check it exists; it must hold smpl/ smplx/ ... subfolders.",
             f"Keep model_type one of {', '.join(_KNOWN)}."),
        derived={"diagnosis": "model_path is not an existing folder"},
    )
