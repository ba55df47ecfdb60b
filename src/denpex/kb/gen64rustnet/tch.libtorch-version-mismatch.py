"""Computed diagnosis for tch.libtorch-version-mismatch: which versions meet."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    expected = str(facts.get("expected") or "")
    found = str(facts.get("found") or "")
    if expected and found:
        same_minor = expected.split(".")[:2] == found.split("+")[0].split(".")[:2]
        if same_minor:
            text = (f"tch expects libtorch {expected} and found {found}: only the patch number differs, so "
                    "LIBTORCH_BYPASS_VERSION_CHECK=1 is usually safe here.")
            fix = ("export LIBTORCH_BYPASS_VERSION_CHECK=1 and rebuild, or install exactly " + expected + ".",)
        else:
            text = (f"tch expects libtorch {expected} but the build found {found}: a different minor version whose "
                    "ATen functions differ from the generated wrappers.")
            fix = (f"Point LIBTORCH at a libtorch {expected} download (or pip install torch=={expected} for "
                   f"LIBTORCH_USE_PYTORCH=1), or use the tch release made for {found}.",)
        return Explanation(text=text, fix=fix, derived={"versions": f" (expects {expected}, found {found})"})
    detail = str(facts.get("detail") or "")
    text = ("The libtch C++ shim of torch-sys did not compile against the libtorch headers found; the generated wrappers "
            "belong to another libtorch version" + (f" (first error: {detail})" if detail else "") + ".")
    return Explanation(text=text, fix=(), derived={"versions": " (the libtch C++ shim failed to compile)"})
