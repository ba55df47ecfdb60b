"""Computed diagnosis for wandb.service-failed: process exit vs start-up timeout vs missing binary, and
the matching setting."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    code = facts.get("exit_code")
    timeout = facts.get("timeout")
    binp = facts.get("bin_path")
    derived: dict[str, Any] = {}
    fix: list[str] = []
    if binp:
        derived["what"] = "no wandb-core binary"
        derived["action"] = "pip install --force-reinstall wandb from a wheel for this platform"
        text = f"The installed wandb has no service binary at {binp}: the package was built from source or for another platform/architecture."
        fix.append("pip install --force-reinstall --no-cache-dir wandb (a prebuilt wheel for this OS/CPU); if none exists for the platform, pin wandb<0.18, which uses a Python service.")
    elif isinstance(code, int):
        derived["what"] = f"service exited with {code}"
        if code < 0:
            derived["action"] = "the service was killed by a signal; check memory limits and noexec temp dirs"
            text = f"The service process was killed by signal {-code} right after start (out-of-memory killer, a seccomp/sandbox policy, or an illegal instruction on this CPU)."
            fix.append("Check dmesg / the job's memory limit; try TMPDIR and WANDB_DIR on a local, exec-allowed disk.")
        elif code == 127:
            derived["action"] = "the interpreter or binary was not found; set WANDB_X_EXECUTABLE"
            text = "Exit code 127: the command used to start the service was not found - sys.executable points at something that is not a Python interpreter, or the wandb-core binary is missing."
            fix.append("export WANDB_X_EXECUTABLE=$(which python) (older SDKs: WANDB__EXECUTABLE), then retry.")
        else:
            derived["action"] = "read the service stderr printed with the error; usually set WANDB_X_EXECUTABLE"
            text = (f"The service process exited with {code} before it was ready. The proc_err text printed with the error has its own "
                    "message; most often sys.executable is not a usable Python (debugger, uWSGI, embedded interpreter, moved venv) or the "
                    "wandb-core binary cannot run here (glibc too old, wrong architecture).")
            fix.append("export WANDB_X_EXECUTABLE=/path/to/venv/bin/python (wandb.Settings(x_executable=...); older: WANDB__EXECUTABLE / _executable).")
            fix.append("If the stderr names GLIBC or 'exec format error', reinstall a wandb wheel built for this platform or pin wandb<0.18.")
    elif facts.get("debug_log"):
        log = facts["debug_log"]
        derived["what"] = f"the W&B background process did not start (see {log})"
        derived["action"] = f"read {log}, then upgrade wandb"
        text = (f"wandb's background process (0.8.x run manager) failed to start; the reason is written to {log}, not to this "
                "console: commonly a wandb/ directory that is not writable, a broken install, or a network/proxy error at start-up.")
        fix.append(f"tail -n 50 {log}  # the background process's own error")
        fix.append("pip install -U wandb (0.8.x is long unsupported); or run offline: WANDB_MODE=offline, then wandb sync.")
    elif timeout is not None:
        t = f"{timeout:g}" if isinstance(timeout, (int, float)) else str(timeout)
        derived["what"] = f"no port file after {t} s"
        derived["action"] = "export WANDB__SERVICE_WAIT=300 and keep WANDB_DIR/TMPDIR on local disk"
        text = (f"The service did not report ready within {t} s. Start-up is slow on this node: imports from a network filesystem, an "
                "overloaded node, or many processes (array tasks, sweep agents, all DDP ranks) starting wandb at the same moment.")
        fix.append("export WANDB__SERVICE_WAIT=300 (or wandb.Settings(x_service_wait=300)); older SDKs: wandb.Settings(_service_wait=300).")
        fix.append("Put WANDB_DIR and TMPDIR on node-local disk, stagger task starts, and call wandb.init on rank 0 only.")
    else:
        derived["what"] = "service port not readable"
        derived["action"] = "check the temp directory (TMPDIR) is writable and local"
        text = "The SDK could not read the service's port file: the temporary directory is not writable, full, or shared in a way that breaks it."
        fix.append("export TMPDIR=/local/tmp (writable, with free space) and retry.")
    fix.append("To train now without W&B: WANDB_MODE=disabled.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
