"""Computed diagnosis for gaussian-splatting.rasterizer-version-mismatch: which side is newer."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_REINSTALL = ("pip uninstall -y diff_gaussian_rasterization && git submodule update --init --recursive && "
              "pip install ./submodules/diff-gaussian-rasterization --no-build-isolation --force-reinstall")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    args = str(facts.get("args") or "").replace("'", "").replace(" and ", ", ").strip(" ,")
    kwarg = str(facts.get("kwarg") or "").strip()
    expected, got = facts.get("expected"), facts.get("got")
    if args:
        names = [a.strip() for a in args.split(",") if a.strip()]
        if names == ["antialiasing"]:
            text = ("The installed diff_gaussian_rasterization is the post-2024 upstream one (its settings require "
                    "'antialiasing'); this repository's renderer was written for an older rasterizer.")
            fix = (_REINSTALL,
                   "or keep the new rasterizer: add antialiasing=False to GaussianRasterizationSettings(...) and unpack "
                   "three outputs from rasterizer(...)")
        else:
            text = (f"The renderer does not pass {', '.join(repr(n) for n in names)}: the installed rasterizer is "
                    "a variant with extra settings fields, not the one this code was written for.")
            fix = (_REINSTALL, "check which package provides it: python -c \"import diff_gaussian_rasterization as d; print(d.__file__)\"")
        return Explanation(text=text, fix=fix, derived={"what": "GaussianRasterizationSettings lacks " + ", ".join(names) + " in the call: renderer and installed diff_gaussian_rasterization are of different versions"})
    if kwarg:
        text = (f"The renderer passes '{kwarg}' but the installed diff_gaussian_rasterization has no such field: "
                "it was built from an older commit than the code.")
        return Explanation(text=text, fix=(_REINSTALL,), derived={"what": f"installed diff_gaussian_rasterization has no '{kwarg}' setting: it is older than the renderer code"})
    if expected is not None:
        if got is not None and int(got) < int(expected):
            text = (f"The renderer unpacks {expected} outputs from rasterizer(...) but the installed rasterizer "
                    f"returns {got}: an older extension than the code expects.")
        else:
            text = (f"The renderer unpacks {expected} outputs from rasterizer(...) but the installed rasterizer "
                    "returns more: a newer extension than the code expects.")
        return Explanation(text=text, fix=(_REINSTALL,), derived={"what": f"rasterizer(...) output count differs from the renderer's unpacking (expected {expected}): extension of another version"})
    return None
