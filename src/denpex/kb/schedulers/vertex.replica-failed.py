"""Computed diagnosis for vertex.replica-failed: what the replica's exit status means."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SIG = {6: "SIGABRT", 9: "SIGKILL", 11: "SIGSEGV", 15: "SIGTERM"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    replica = str(facts.get("replica") or "the primary replica")
    code = facts.get("exit_code")
    sig = str(facts.get("signal") or "")
    reason = str(facts.get("termination_reason") or "")
    primary = replica.startswith(("workerpool0", "master", "chief"))
    where = "the primary replica" if primary else "a worker replica (its failure also fails the job)"
    derived: dict[str, Any] = {"primary_replica": primary}
    if code is None:
        return None
    c = int(code)
    signum = c - 128 if c > 128 else (c if c in _SIG else None)
    if sig.startswith("SIG"):
        signame = sig
    else:
        signame = _SIG.get(signum) if signum else None
    oom = bool(facts.get("oom")) or "memory" in reason.lower() or reason == "OOMKilled" or signame == "SIGKILL"
    if oom:
        derived["kind"] = "host-oom"
        text = (f"{replica} ({where}) was killed{' with ' + signame if signame else ''}: the VM ran out of RAM. "
                "This is host memory, not GPU memory.")
        fix = ("Use a machine_type with more memory (n1-highmem-*, a2/a3 with more GPUs, g2-standard-* larger sizes); small types lose up to 40% of RAM to system agents.",
               "Or lower host memory: fewer DataLoader workers, stream data from GCS instead of loading it whole, smaller prefetch/shuffle buffers.")
    elif c == 1:
        derived["kind"] = "exception"
        text = f"{replica} ({where}) exited with status 1: the training program raised an exception. Vertex adds nothing; the traceback is in the replica's log."
        fix = ("gcloud logging read 'resource.type=\"ml_job\" AND resource.labels.job_id=\"<job id>\" AND severity>=ERROR' --limit 50  # the traceback",
               "If the log is empty, grant the job's service account roles/logging.logWriter and rerun.")
    elif signame in ("SIGSEGV", "SIGABRT"):
        derived["kind"] = "native-crash"
        text = f"{replica} ({where}) crashed with {signame} (a native crash in CUDA, NCCL or an extension). Vertex treats this as possibly transient and retried."
        fix = ("Read the replica's last log lines for the native error (NCCL WARN, CUDA error, core dump).",)
    elif c == 2:
        derived["kind"] = "usage"
        text = f"{replica} exited with status 2: usually argparse rejected the args list of the worker pool spec."
        fix = ("Compare worker_pool_specs[*].python_package_spec.args / container_spec.args with the script's argparse options.",)
    else:
        derived["kind"] = "exit-code"
        text = f"{replica} ({where}) exited with status {c}" + (f" ({signame})" if signame else "") + "; the program's log gives the reason."
        fix = ("gcloud logging read 'resource.type=\"ml_job\" AND resource.labels.job_id=\"<job id>\"' --limit 100",)
    return Explanation(text=text, fix=fix, derived=derived)
