"""Computed diagnosis for vits.monotonic-align-not-built: where to build, for which Python."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _python_tag(path: str) -> str | None:
    m = re.search(r"cpython-(\d)(\d+)", path) or re.search(r"\.cp(\d)(\d+)-", path)
    if not m:
        return None
    return f"{m.group(1)}.{m.group(2)}"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    module = facts.get("module")
    so_path = facts.get("so_path")
    if isinstance(module, str) and module:
        parts = module.split(".")
        try:
            i = parts.index("monotonic_align")
        except ValueError:
            return None
        pkg_dir = "/".join(parts[: i + 1])
        build_dir = pkg_dir
        nested = len(parts) > i + 1 and parts[i + 1] == "monotonic_align"
        if parts[0] == "piper_train" or parts[0] == "larynx_train":
            diagnosis = "Piper training extension not built"
            fix = ("cd src/python && ./build_monotonic_align.sh  # builds piper_train/vits/monotonic_align in place",)
        else:
            diagnosis = "compiled core module missing" if nested else "monotonic_align package not importable"
            fix = (f"cd {build_dir} && mkdir -p monotonic_align && python setup.py build_ext --inplace",)
        text = (f"Python could not import '{module}': the Cython kernel of Monotonic Alignment Search has not been built "
                f"into {build_dir}/monotonic_align/ for this interpreter (paths are relative to the folder the script "
                "runs from).")
        if not nested:
            text += " If there is no such folder at all, run the script from the repository root."
        return Explanation(text=text, fix=fix, derived={"build_dir": build_dir, "diagnosis": diagnosis})
    if isinstance(so_path, str) and so_path:
        out_dir = so_path.rsplit("/", 1)[0] if "/" in so_path else "."
        tag = _python_tag(so_path)
        derived: dict[str, Any] = {"build_dir": out_dir, "diagnosis": "build output folder missing"}
        text = (f"setup.py build_ext --inplace wanted to write {so_path}, but the folder {out_dir}/ does not exist, "
                "so no extension was produced.")
        if tag:
            derived["python_tag"] = tag
            text += f" The file name shows the build targets Python {tag}; training must use the same interpreter."
        fix = (f"mkdir -p {out_dir} && python setup.py build_ext --inplace  # run inside the monotonic_align folder",)
        return Explanation(text=text, fix=fix, derived=derived)
    return None
