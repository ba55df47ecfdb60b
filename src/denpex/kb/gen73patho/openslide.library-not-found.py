"""Computed diagnosis for openslide.library-not-found: which platform's library is missing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_PLATFORM = {"DLL": "Windows", "dylib": "macOS", "shared library": "Linux"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    artifact = facts.get("artifact")
    library = facts.get("library")
    if isinstance(library, str) and library:
        artifact = "dylib"
    if not isinstance(artifact, str) or artifact not in _PLATFORM:
        return None
    platform = _PLATFORM[artifact]
    fix = ["pip install openslide-bin  # in the same environment as openslide-python (1.4+ finds it by itself)"]
    if platform == "Windows":
        text = ("openslide-python found no libopenslide DLL: OpenSlide is not installed in this environment, or its "
                "bin folder was never passed to os.add_dll_directory() (Python 3.8+ ignores PATH for it).")
        fix.append("with os.add_dll_directory(r'C:\\path\\to\\openslide-win64\\bin'): import openslide")
    elif platform == "macOS":
        text = (f"openslide-python could not dlopen {library or 'libopenslide.1.dylib'}: no OpenSlide library "
                "on this interpreter's dyld search path (Homebrew/MacPorts prefix not searched, or not installed).")
        fix.append("brew install openslide  # or rely on openslide-bin, which needs no search path")
    else:
        text = "openslide-python found neither libopenslide.so.1 nor libopenslide.so.0 on the loader path."
        fix.append("apt install libopenslide0  # or openslide-tools; or use openslide-bin")
    return Explanation(
        text=text,
        fix=tuple(fix),
        derived={"platform": platform},
    )
