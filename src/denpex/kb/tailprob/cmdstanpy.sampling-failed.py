"""Computed diagnosis for cmdstanpy.sampling-failed: decode the CmdStan chain exit code."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SYSEXITS = {
    64: ("usage error", "CmdStan rejected its command-line arguments (check sample() keyword values)."),
    65: ("data error", "The data file does not match the data block (missing variable, wrong size or type)."),
    66: ("input missing", "An input file (data or inits) was not found."),
    70: ("Stan exception", "CmdStan stopped on an exception: initialization failed, a data mismatch or a runtime error in the model."),
    78: ("config error", "Invalid configuration (arguments/inits)."),
}
_NTSTATUS = {
    0xC0000135: ("Windows DLL not found (0xC0000135)",
                 "The model executable could not load a DLL (tbb.dll or the MinGW runtime) and died before printing anything.",
                 "Call cmdstanpy.utils.cxx_toolchain_path() before sampling, or add <cmdstan>\\stan\\lib\\stan_math\\lib\\tbb and "
                 "the RTools mingw64\\bin (or ucrt64\\bin) folder to PATH; rebuild CmdStan if it was built with another toolchain."),
    0xC0000139: ("Windows entry point not found (0xC0000139)",
                 "A DLL of another toolchain version was loaded (mixed RTools/MinGW runtimes on PATH).",
                 "Put the toolchain CmdStan was built with first on PATH, or rebuild CmdStan (cmdstanpy.rebuild_cmdstan())."),
    0xC0000005: ("Windows access violation (0xC0000005)",
                 "The model executable crashed (broken build or toolchain mismatch).",
                 "Rebuild the model (force_compile=True) and CmdStan with one toolchain."),
    0xC00000FD: ("Windows stack overflow (0xC00000FD)",
                 "Deep recursion or large local arrays in the model overflowed the stack.",
                 "Move large local arrays to parameters/transformed data or reduce recursion."),
}
_SIGNALS = {9: "SIGKILL (killed - usually out of memory)", 11: "SIGSEGV (segmentation fault)", 6: "SIGABRT (abort)"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        code = int(facts["retcode"])
    except (KeyError, TypeError, ValueError):
        detail = facts.get("detail")
        if detail:
            return Explanation(text=f"CmdStan reported: {detail}", fix=("Fix the error CmdStan printed, then re-run.",),
                               derived={"diagnosis": "CmdStan error"})
        return None
    fix = ["Re-run one chain with show_console=True (or read the *-stdout.txt file listed) to see CmdStan's own message."]
    if code in _SYSEXITS:
        diagnosis, text = _SYSEXITS[code]
    elif code in _NTSTATUS:
        diagnosis, text, f = _NTSTATUS[code]
        fix.insert(0, f)
    elif code < 0 and -code in _SIGNALS:
        diagnosis = f"signal {-code}"
        text = f"The chain process ended with {_SIGNALS[-code]}."
        if code == -9:
            fix.insert(0, "Lower memory use: parallel_chains=1, fewer/thinner generated quantities, or more RAM.")
    elif code > 0xC0000000:
        diagnosis = f"Windows NTSTATUS 0x{code:08X}"
        text = f"The executable was stopped by Windows with status 0x{code:08X} before or while running."
    else:
        diagnosis = f"exit code {code}"
        text = f"CmdStan exited with code {code}."
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
