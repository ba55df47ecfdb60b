"""Computed diagnosis for cog.prediction-worker-died: what the child's exit code says."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SIGNALS = {
    9: ("SIGKILL", "killed from outside, almost always the OOM killer / container memory limit (host RAM)"),
    11: ("SIGSEGV", "a segmentation fault in native code (CUDA/driver, a compiled extension)"),
    6: ("SIGABRT", "an abort in native code (failed assertion, std::terminate)"),
    7: ("SIGBUS", "a bus error, often /dev/shm too small for shared memory"),
    15: ("SIGTERM", "terminated from outside (container stop, timeout, scale-down)"),
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        code = int(facts.get("exitcode"))
    except (TypeError, ValueError):
        return None
    phase = "setup" if str(facts.get("phase") or "").startswith("Predictor setup") else "prediction"
    fix: list[str] = []
    if code < 0:
        name, what = _SIGNALS.get(-code, (f"signal {-code}", "killed by a signal"))
        cause = f"{name}: {what}"
        text = (f"The Cog child process running {phase} was killed by {name} (exitcode {code}): {what}. "
                "The child could not report anything itself, so this is the only trace.")
        if -code == 9:
            fix.append("Reduce host-RAM use: smaller or tiled input, lower upscale factor, weights loaded straight to the GPU; or use an instance / container limit with more RAM.")
            fix.append("Check the kernel log (dmesg | grep -i oom) or rerun with docker run -m <limit> to confirm the OOM kill.")
        elif -code == 11:
            fix.append("Rerun locally with PYTHONFAULTHANDLER=1 to get the native stack; check that CUDA, driver and compiled extensions match the torch build in the image.")
        else:
            fix.append("Rerun the same input locally in the image to see what the child prints before it dies.")
    elif code == 0:
        cause = "child exited cleanly without sending a result"
        text = (f"The child running {phase} exited with code 0 before sending its result: something in the model "
                "code called sys.exit(0) or the process ended early.")
        fix.append("Remove sys.exit()/os._exit() calls from setup()/predict() and the code they call.")
    else:
        cause = "an exit call in the model or a library"
        text = (f"The child running {phase} exited with code {code}: an explicit sys.exit()/os._exit() ran"
                + (" - exit code 2 is what argparse uses when parse_args() rejects sys.argv of the server process." if code == 2 else "."))
        fix.append("Find the exit call (grep sys.exit / os._exit / parse_args in predict.py and the code it imports) and pass options as predict() inputs instead.")
    return Explanation(text=text, fix=tuple(fix), derived={"cause": cause})
