"""Computed diagnosis for openpose.python-api-not-found: which import layout failed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    module = facts.get("module") or ""
    from_module = facts.get("from_module") or ""
    name = str(from_module or module)
    if not name and facts.get("_signature") == "pyopenpose-import":
        return Explanation(
            text=("Python found the openpose package folder but not the compiled pyopenpose module inside it: "
                  "OpenPose was built without BUILD_PYTHON=ON, or the pyopenpose*.so/.pyd there was built for another Python version."),
            fix=("find <openpose>/build/python -name 'pyopenpose*' ; rebuild with -DBUILD_PYTHON=ON -DPYTHON_EXECUTABLE=$(which python) if missing or for another Python.",
                 "Run the script with the Python the module was built for (the file name carries its version tag)."),
            derived={"diagnosis": "compiled pyopenpose module not found", "module_note": ""},
        )
    if not name:
        return Explanation(
            text="The OpenPose import hint was printed: pyopenpose could not be imported.",
            fix=("Build OpenPose with -DBUILD_PYTHON=ON and add <openpose>/build/python to sys.path.",),
            derived={"diagnosis": "pyopenpose not importable", "module_note": ""},
        )
    note = f" ({name})"
    if "Release" in name:
        diag = "Windows Release layout not found"
        text = (f"The script imports pyopenpose through '{name}', the Windows build layout "
                "(build/python/openpose/Release). That folder is not on sys.path from here, or this is a Linux build that has no Release folder.")
        fix = ("Windows: sys.path.append('<openpose>/build/python/openpose/Release') and add build/x64/Release and build/bin to PATH.",
               "Linux: sys.path.append('<openpose>/build/python') and use from openpose import pyopenpose as op.")
    elif name.split(".")[0].lower() == "openpose" and not name.endswith("pyopenpose"):
        diag = "openpose python package folder not on sys.path"
        text = (f"'{name}' is the package folder OpenPose generates under build/python (or /usr/local/python after make install); "
                "Python cannot find it, so OpenPose was not built with BUILD_PYTHON=ON or the folder is not on sys.path.")
        fix = ("sys.path.append('<openpose>/build/python') (or '/usr/local/python' after sudo make install).",
               "If build/python/openpose has no pyopenpose*.so/.pyd: cmake -DBUILD_PYTHON=ON .. and rebuild.")
    else:
        diag = "compiled pyopenpose module not found"
        text = (f"The compiled module '{name}' is not on sys.path: it only exists after building OpenPose with "
                "BUILD_PYTHON=ON, and its file name carries the Python version it was built for.")
        fix = ("find <openpose>/build -name 'pyopenpose*' ; rebuild with -DBUILD_PYTHON=ON -DPYTHON_EXECUTABLE=$(which python) if missing or for another Python.",
               "Append the folder holding pyopenpose*.so/.pyd to sys.path before importing it.")
    return Explanation(text=text, fix=fix, derived={"diagnosis": diag, "module_note": note})
