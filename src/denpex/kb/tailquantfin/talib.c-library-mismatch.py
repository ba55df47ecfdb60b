"""Computed diagnosis for talib.c-library-mismatch: which half of TA-Lib is wrong, from the symbol."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# functions that exist only in the TA-Lib C library 0.6.x (wrapper >= 0.5 declares them)
_NEW_IN_06 = ("AVGDEV", "ACCBANDS", "IMI")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    symbol = str(facts.get("symbol") or "").lstrip("_")
    base = symbol[3:] if symbol.startswith("TA_") else symbol
    base = base.replace("_Lookback", "")
    if sig == "linux-undefined-symbol" and base in _NEW_IN_06:
        diagnosis = "wrapper >= 0.5 over C library 0.4.0"
        text = (f"{symbol} is one of the functions added in TA-Lib C 0.6 ({', '.join(_NEW_IN_06)}): the Python wrapper is "
                "0.5 or newer, but the C library the loader found is 0.4.0.")
        fix = ("Install TA-Lib C 0.6.x and run sudo ldconfig, then pip install --no-cache-dir --force-reinstall TA-Lib;",
               "or keep C 0.4.0 and pin the wrapper: pip install --no-cache-dir 'TA-Lib<0.5'.")
    elif sig == "linux-undefined-symbol":
        diagnosis = "extension not linked to libta_lib"
        text = (f"{symbol} exists in every TA-Lib C version, so the extension was built without linking libta_lib, or the "
                "loader resolved another libta_lib; rebuild the wrapper against the installed library.")
        fix = ("pip install --no-cache-dir --force-reinstall TA-Lib with TA_LIBRARY_PATH pointing at the directory of libta_lib.so.",)
    elif sig == "macos-symbol-not-found":
        diagnosis = "macOS build not linked / wrong architecture"
        text = (f"dyld cannot resolve {symbol or 'a TA_ symbol'}: the extension was built without a usable libta-lib, "
                "typically an arm64 Python with the x86_64 Homebrew library in /usr/local (or the reverse).")
        fix = ("brew install ta-lib with the Homebrew of the Python's architecture (/opt/homebrew on Apple Silicon), then pip install --no-cache-dir --force-reinstall TA-Lib;",
               "or conda install -c conda-forge ta-lib.")
    elif sig == "shared-object-missing":
        lib = facts.get("library") or "libta_lib.so"
        diagnosis = "C library not on the loader path"
        text = f"The extension is linked to {lib}, but ld.so does not find it: it is installed in a directory that is not in the loader cache."
        fix = ("sudo ldconfig (for /usr/local/lib) or export LD_LIBRARY_PATH=<prefix>/lib in the environment that runs Python (cron, systemd, Jupyter kernel).",)
    elif sig == "c-library-undefined-symbol":
        lib = facts.get("library") or "libta_lib.so"
        if symbol.startswith("TA_"):
            diagnosis = "C library older than the wrapper"
            text = f"{lib} itself misses {symbol}: the installed TA-Lib C library is older than the wrapper expects."
            fix = ("Install TA-Lib C 0.6.x (or pin TA-Lib<0.5 for C 0.4.0), run sudo ldconfig, reinstall the wrapper with --no-cache-dir.",)
        else:
            diagnosis = "C library built without its own dependencies"
            text = (f"{lib} needs {symbol}, which it does not get from the loader: the C library was built/linked without "
                    "its system dependency (sinh/cosh/... come from libm) or by a toolchain that does not match this Python runtime.")
            fix = ("Rebuild the C library with the system compiler (./configure LIBS=-lm --prefix=/usr && make && sudo make install) or use conda-forge ta-lib;",
                   "on alternative Pythons (GraalPy, PyPy) prefer the CPython wheel/conda package.")
    elif sig == "msvc-unresolved-ta":
        diagnosis = "32-bit ta_lib.lib linked into 64-bit Python"
        text = (f"The linker resolved no TA_ function ({symbol} ...): the ta_lib.lib it found does not match the Python "
                "build, usually the 32-bit ta-lib-0.4.0-msvc package with a 64-bit Python.")
        fix = ("Use a 64-bit TA-Lib C build (0.6.x installer) or the TA-Lib >= 0.5 wheel from PyPI: pip install --only-binary=:all: TA-Lib.",)
    else:
        return None
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
