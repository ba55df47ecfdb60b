"""Computed diagnosis for llamafile.uncaught-signal: read the signal and code."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("signal") or "")
    if not sig:
        return None
    code = str(facts.get("code") or "")
    addr = str(facts.get("address") or "")
    where = f" at {addr}" if addr else ""
    if sig == "SIGABRT":
        text = (f"llamafile aborted (SIGABRT{', ' + code if code else ''}){where}: abort() comes from an uncaught C++ "
                "exception or a failed assertion printed just before the crash report - that line is the cause.")
        fix = ("Read the 'terminating due to uncaught exception' / 'Assertion ... failed' line above the report and fix that "
               "(smaller --ctx-size, supported model, GPU runtime), or update llamafile.",)
    elif sig == "SIGSEGV":
        low = ""
        try:
            low = " (a near-null address: a null pointer dereference)" if addr and int(addr, 16) < 0x10000 else ""
        except ValueError:
            low = ""
        winlike = code.startswith("SEGV_") and code[5:].isdigit()
        text = (f"llamafile segfaulted ({code or 'SIGSEGV'}){where}{low}"
                + ("; the Windows exception code suggests a fault inside a DLL (GPU module or driver)." if winlike else "."))
        fix = ("Rerun with --gpu disable (or -ngl 0): if it runs, the GPU backend is the cause - update the driver/llamafile or offload fewer layers.",
               "Update to the latest llamafile release; run the printed cosmoaddr2line command for the backtrace.")
    else:
        text = f"llamafile died on an uncaught {sig}{(' (' + code + ')') if code else ''}{where}."
        fix = ("Check the line before the crash report, rerun with --gpu disable and with the latest llamafile.",)
    return Explanation(text=text, fix=fix, derived={} if code else {"code": "short form, no si_code"})
