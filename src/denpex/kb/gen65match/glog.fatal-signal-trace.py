"""Computed diagnosis for glog.fatal-signal-trace: which signal and which library, when the trace says so."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_OWNER = {
    "PyInit_pycolmap": "pycolmap (the Python extension)",
    "colmap::": "COLMAP",
    "glomap::": "GLOMAP",
    "ceres::": "Ceres Solver",
    "caffe::": "Caffe",
}

_SIGNAL = {
    "SIGFPE": "an arithmetic fault (integer division by zero) - usually an empty input reaching a size computation",
    "SIGILL": "an instruction this CPU lacks - a binary built for newer CPU features (AVX2/AVX-512)",
    "SIGBUS": "a bus error - a truncated or memory-mapped file changed underneath",
    "SIGTERM": "a termination request from outside (scheduler, timeout, kill)",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    component = str(facts.get("component") or "")
    signal = str(facts.get("signal") or "")
    owner = _OWNER.get(component, "")
    in_component = f" in {owner}" if owner else ""
    parts = [f"glog's failure-signal handler caught a fatal signal{in_component}"]
    fix: list[str] = []
    if signal:
        parts.append(f"the signal is {signal}" + (f": {_SIGNAL[signal]}" if signal in _SIGNAL else ""))
    else:
        parts.append("the signal line is not in the log (Windows builds and cut pastes omit it), so the frames are the evidence")
    if component == "PyInit_pycolmap":
        fix.append("Reinstall pycolmap in a clean environment (pip install --force-reinstall pycolmap) and, on Windows, remove other COLMAP/glog/Ceres DLLs from PATH; pin the pycolmap version your hloc release names.")
    elif owner:
        fix.append(f"Search {owner}'s issue tracker for the top frame's function and upgrade to the release that fixes it; check the input paths and model first.")
    else:
        fix.append("Take the first frames that name a library as the crash site; reinstall that library from one channel and rerun with PYTHONFAULTHANDLER=1.")
    return Explanation(text="; ".join(parts) + ".", fix=tuple(fix), derived={"in_component": in_component})
