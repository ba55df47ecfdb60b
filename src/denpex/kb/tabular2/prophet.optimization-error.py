"""Computed diagnosis for prophet.optimization-error: what the process signal says."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_WIN_DLL = {"3221225657": "0xC0000139 (DLL entry point not found)", "3221225781": "0xC0000135 (DLL not found)"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("signal") or "").lstrip("-")
    algo = str(facts.get("algorithm") or "")
    derived = {"algorithm": algo or "unknown", "signal": sig or "unknown"}
    if sig in _WIN_DLL:
        text = (f"The Stan executable exited with Windows status {_WIN_DLL[sig]}: it loaded a foreign tbb.dll from PATH "
                "instead of the one bundled with prophet.")
        fix = ("Run `where tbb.dll` and remove the other TBB folders (Anaconda, oneAPI, Rtools) from PATH for this process,",
               "or reinstall prophet in a clean venv so the bundled stan_model/ folder is complete.")
    elif sig == "11":
        text = "The Stan executable segfaulted (signal 11): typical for an amd64 image under emulation or a broken prophet/CmdStan install."
        fix = ("Use a native-architecture image/venv (no --platform linux/amd64 on Apple Silicon),",
               "reinstall prophet with its pinned cmdstanpy, or rebuild CmdStan with cmdstanpy.install_cmdstan().")
    elif sig == "6":
        text = ("The Stan executable aborted (signal 6, 'Unknown error: -6'): the bundled prophet_model.bin could not run in this "
                "environment (seen on Apple Silicon with a prophet/cmdstanpy copy left over from an older install); Newton fails the same way.")
        fix = ("Create a fresh venv/conda env and pip install prophet there (the wheel bundles its own CmdStan),",
               "or pip install --force-reinstall prophet cmdstanpy; run the command from the error by hand to see the abort message.")
    elif sig:
        text = f"The Stan executable was terminated by signal {sig}, so optimization{' (' + algo + ')' if algo else ''} never produced parameters."
        fix = ("Run the command from the error message by hand to see the crash, then reinstall prophet/cmdstanpy in a clean environment.",)
    else:
        return None
    return Explanation(text=text, fix=fix, derived=derived)
