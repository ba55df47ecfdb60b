"""Computed diagnosis for faceswap.unexpected-crash: where the crash report is and when it was written."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_STAMP = re.compile(r"crash_report\.(\d{4})\.(\d{2})\.(\d{2})\.(\d{2})(\d{2})(\d{2})")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("crash_file") or "").strip()
    if not path:
        text = ("faceswap crashed but the report path is empty: the crash report could not be written. "
                "Re-run the command from a console with -L DEBUG to see the traceback.")
        return Explanation(text=text, fix=("Run faceswap from a folder you can write to, or from the console with -L DEBUG.",),
                           derived={"report_name": ""})
    name = re.split(r"[\\/]", path)[-1]
    m = _STAMP.search(name)
    when = f" written {m.group(1)}-{m.group(2)}-{m.group(3)} {m.group(4)}:{m.group(5)}:{m.group(6)}" if m else ""
    text = (f"The real error is the last traceback at the end of {name}{when}; this line is only faceswap's pointer to it.")
    fix = (f"Open {path} and read the final 'Traceback' block; fix that exception.",
           "Update faceswap before reporting, and attach that file when asking for help.")
    return Explanation(text=text, fix=fix, derived={"report_name": name})
