"""Computed diagnosis for soundfile.libsndfile-missing: platform-specific install line from the wording."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    msg = str(facts.get("msg") or "")
    lib = str(facts.get("lib") or "")
    if sig == "windows-dll" or lib.lower().endswith(".dll"):
        what = f"Windows could not load {lib or 'the libsndfile DLL'} (error 0x7e)"
        text = (f"soundfile on Windows could not load {lib or 'libsndfile'}: the DLL its wheel bundles (_soundfile_data) is missing "
                "or blocked, or soundfile was installed from source without it.")
        fix = ("pip install --force-reinstall --no-cache-dir soundfile (from a wheel; check site-packages/_soundfile_data exists).",
               "Check antivirus quarantine; on Python builds without a soundfile wheel, install libsndfile and put its DLL on PATH.")
    elif sig == "cffi-find-library":
        what = "no libsndfile found by cffi (no bundled copy, no system copy)"
        text = ("soundfile has no bundled libsndfile for this platform/installation and none is on the library path "
                "(common on macOS with conda or pip source builds, musl/Alpine, unusual architectures).")
        fix = ("macOS: brew install libsndfile, or conda install -c conda-forge libsndfile soundfile in the active env.",
               "Linux: apt-get install -y libsndfile1 / yum install libsndfile / apk add libsndfile.")
    elif "ctypes" in msg or sig == "bundled-data-missing":
        what = "bundled libsndfile missing and no system libsndfile (soundfile 0.12+)"
        text = ("soundfile 0.12+ found neither its bundled libsndfile nor a system one: the wheel for this platform has no "
                "bundled copy (or it was removed) and the OS lacks libsndfile.")
        fix = ("Install the system library: apt-get install -y libsndfile1 (Debian/Ubuntu), yum/dnf install libsndfile, "
               "brew install libsndfile, or conda install -c conda-forge libsndfile.",
               "Or reinstall soundfile from a wheel that bundles it: pip install --force-reinstall 'soundfile>=0.12'.")
    elif msg:
        what = "system libsndfile missing (soundfile < 0.12 does not bundle it on Linux)"
        text = ("This soundfile release (< 0.12) needs the system libsndfile on Linux and it is not installed (typical for "
                "Docker slim images, CI runners and fresh servers).")
        fix = ("apt-get update && apt-get install -y libsndfile1 (RHEL/CentOS: yum install libsndfile; Streamlit/Spaces: add "
               "libsndfile1 to packages.txt).",
               "Or pip install -U 'soundfile>=0.12', whose manylinux wheels bundle libsndfile.")
    else:
        return None
    return Explanation(text=text, fix=fix, derived={"what": what})
