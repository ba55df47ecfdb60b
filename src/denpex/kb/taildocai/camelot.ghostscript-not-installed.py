"""Computed diagnosis for camelot.ghostscript-not-installed: which wording, what to do."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    backend = facts.get("backend")
    code = facts.get("gs_code")
    if sig == "gsprint-error-code" and code is not None:
        try:
            code = int(code)
        except (TypeError, ValueError):
            return None
        diagnosis = f"Ghostscript ran but failed (code {code})"
        text = (f"Ghostscript was found and returned {code}: it failed on this document or its arguments "
                "(-100 is Ghostscript's generic fatal error), not a missing install.")
        fix = ("Repair the PDF (gs -o fixed.pdf -sDEVICE=pdfwrite in.pdf, or qpdf in.pdf fixed.pdf) and retry.",
               "Upgrade to camelot-py>=1.0 and render with backend='pdfium', or use flavor='stream'.")
        return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis, "backend_note": f" (gs error {code})"})
    if sig == "image-conversion-backend-failed" and backend:
        backend = str(backend)
        if backend == "ghostscript":
            diagnosis = "camelot 1.0 still told to render with ghostscript"
            fix = ("Pass backend='pdfium' to camelot.read_pdf (the 1.0 default), or install Ghostscript.",)
        else:
            diagnosis = f"renderer '{backend}' failed"
            fix = (f"Check that the '{backend}' backend is installed (pypdfium2 for pdfium, poppler-utils for poppler), "
                   "or try another backend='...'.",)
        text = f"camelot's image conversion with backend '{backend}' failed, so lattice parsing cannot see ruling lines."
        return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis, "backend_note": f" (backend {backend})"})
    if sig == "dlopen-libgs":
        diagnosis = "libgs not on the dynamic loader path (macOS)"
        text = "ctypes could not load libgs: Ghostscript's shared library is not where the loader looks."
        fix = ("brew install ghostscript, then export DYLD_LIBRARY_PATH=$(brew --prefix)/lib (or symlink libgs.dylib into /usr/local/lib).",
               "Or upgrade to camelot-py>=1.0 and use backend='pdfium'.")
        return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis, "backend_note": " (libgs not loadable)"})
    if sig in ("oserror-not-installed", "runtime-make-sure-installed"):
        diagnosis = "Ghostscript not found by this process"
        text = ("camelot's lattice flavour needs Ghostscript to render pages and could not find it from this process "
                "(not installed, or not on this kernel's/service's PATH).")
        fix = ("Install Ghostscript (apt-get install ghostscript / brew install ghostscript / 64-bit Windows installer) and restart the kernel.",
               "Or camelot-py>=1.0 with backend='pdfium', or flavor='stream'.")
        return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis, "backend_note": " (not installed / not on PATH)"})
    return None
