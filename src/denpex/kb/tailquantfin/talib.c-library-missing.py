"""Computed diagnosis for talib.c-library-missing: which stage of the TA-Lib build stopped."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_INSTALL = ("Install the TA-Lib C library first (brew install ta-lib / conda install -c conda-forge ta-lib / "
            "the release .deb or a source build with ./configure --prefix=/usr && make && sudo make install), "
            "then pip install --no-cache-dir TA-Lib.")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "header-missing":
        header = facts.get("header") or "ta-lib/ta_defs.h"
        diagnosis = "C library headers not found"
        text = (f"The compiler could not open {header}: the TA-Lib C headers are not under any include directory "
                "the wrapper's setup.py searched, so the C library is either not installed or installed under a custom prefix.")
        fix = (_INSTALL,
               "If it is installed under a custom prefix: export TA_INCLUDE_PATH=<prefix>/include TA_LIBRARY_PATH=<prefix>/lib before pip install.")
    elif sig == "setup-cannot-find":
        diagnosis = "setup.py found no C library"
        text = ("setup.py searched the usual prefixes and TA_INCLUDE_PATH / TA_LIBRARY_PATH and found no TA-Lib C "
                "library; the compile that follows is expected to fail on ta-lib/ta_defs.h or at link time.")
        fix = (_INSTALL,)
    elif sig == "wheel-failed":
        pkg = facts.get("package") or "TA-Lib"
        diagnosis = "wrapper build failed (cause hidden)"
        text = (f"pip could not build {pkg} from source. Almost always the TA-Lib C library is missing; the compiler "
                "output above this line (or pip install -v) shows ta-lib/ta_defs.h or -lta_lib not found.")
        fix = (_INSTALL,
               f"Or avoid the source build: pip install --only-binary=:all: {pkg} (TA-Lib >= 0.5 has wheels) or conda install -c conda-forge ta-lib.")
    else:
        return None
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
