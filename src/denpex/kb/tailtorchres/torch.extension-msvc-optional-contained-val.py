"""Computed diagnosis for torch.extension-msvc-optional-contained-val: name the compiler that was used."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_VS = {"14.0": "Visual Studio 2015 (MSVC v140)"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    msvc = facts.get("msvc")
    code = facts.get("code") or "C2556"
    if not msvc:
        return None
    msvc = str(msvc)
    name = _VS.get(msvc, f"Visual Studio {msvc}")
    if msvc == "14.0" or (msvc.isdigit() and int(msvc) <= 2015):
        diagnosis = f"{name} is too old for the PyTorch headers"
        text = (f"cl.exe comes from {name}, which applies the C++11 'constexpr implies const' rule; "
                f"c10/util/Optional.h fails with {code}. Any torch 1.x/2.x extension build needs a newer MSVC.")
        fix = ("Install Visual Studio 2019 or 2022 Build Tools (Desktop development with C++) and build from its x64 Native Tools prompt.",
               "In that prompt: set DISTUTILS_USE_SDK=1, then rerun the build so setuptools uses that cl.exe instead of VS 14.0.")
    elif msvc == "2017":
        diagnosis = "early Visual Studio 2017 toolset"
        text = (f"cl.exe comes from Visual Studio 2017; early 15.x updates still reject c10/util/Optional.h ({code}). "
                "Update VS2017 to its last update or use VS2019/2022.")
        fix = ("Update Visual Studio 2017 to 15.9 or install VS2019/2022 Build Tools, then rebuild from the matching Native Tools prompt.",)
    else:
        diagnosis = f"{name} rejects c10/util/Optional.h"
        text = (f"cl.exe comes from {name}, yet c10/util/Optional.h fails with {code}: check that this toolset is the one "
                "your torch release supports and that no older VC 14.0 tools come first on PATH.")
        fix = ("Compare with torch.__config__.show() (the MSVC torch was built with) and build from that version's Native Tools prompt.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
