"""Computed diagnosis for weasyprint.system-library-missing: platform from the loader message and the install command."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    lib = str(facts.get("library") or "").strip()
    reason = str(facts.get("reason") or "")
    if not lib:
        return None
    base = lib[3:] if lib.startswith("lib") else lib
    family = "Pango" if base.startswith("pango") else "GLib/GObject" if base.startswith(("gobject", "glib", "gio")) else base.split("-")[0]
    if "0x7e" in reason:
        platform = "windows"
        diagnosis = " (Windows: the DLL is not installed or not on the DLL search path)"
        text = (f"Windows could not load {lib} (error 0x7e = module not found): the {family} DLLs of a GTK3 runtime / MSYS2 "
                "are missing, not in a folder WeasyPrint searches, or built for another architecture than this Python.")
        fix = ("Install MSYS2, run pacman -S mingw-w64-x86_64-pango, then set WEASYPRINT_DLL_DIRECTORIES=C:\\msys64\\mingw64\\bin (or the GTK3 runtime's bin) and restart the shell/IDE.",
               "Check the Python is 64-bit and that no older GTK/GtkSharp libgobject-2.0-0.dll comes first (where libgobject-2.0-0.dll).")
    elif "dlopen" in reason:
        platform = "macos"
        diagnosis = " (macOS: not found in the dylib search path)"
        text = (f"macOS dlopen did not find {lib}: {family} is not installed with Homebrew, or this Python (python.org, conda, pyenv) "
                "does not search Homebrew's lib folder (/opt/homebrew/lib on Apple Silicon).")
        fix = ("brew install pango (or brew install weasyprint)",
               "With a non-Homebrew Python: export DYLD_FALLBACK_LIBRARY_PATH=/opt/homebrew/lib:$DYLD_FALLBACK_LIBRARY_PATH")
    elif "shared object" in reason:
        platform = "linux"
        pkg = "libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz0b libfontconfig1" if family == "Pango" else "libglib2.0-0 libpango-1.0-0 libpangoft2-1.0-0"
        diagnosis = f" (Linux: install {pkg.split()[0]})"
        text = f"The dynamic loader found no {lib} shared object: the {family} system package is not installed in this system/container."
        fix = (f"apt-get install -y {pkg}  (dnf install pango on Fedora/RHEL, apk add pango on Alpine)",)
    else:
        platform = "unknown"
        diagnosis = ""
        text = f"cffi could not open {lib} ({reason.strip()}): the {family} native library WeasyPrint needs is not available to this process."
        fix = ("Install Pango/GLib with the system package manager and make sure its folder is on the loader path.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis, "platform": platform})
