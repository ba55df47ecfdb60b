"""Computed diagnosis for hf.space-runtime-error: capacity vs RAM vs disk vs start-up crash."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    limit = str(facts.get("limit") or "")
    if sig == "scheduling-failure":
        reason = str(facts.get("reason") or "")
        problem = f"no machine of the Space's hardware tier available ({reason})"
        text = "The platform could not place the Space's container: no free machine of its hardware tier right now. The app itself did not fail."
        fix = ("Restart the Space later (Settings > Restart) or switch hardware (another GPU type, ZeroGPU).",
               "Visitors: Duplicate this Space to run it on your own hardware, or run the repo locally.")
    elif sig == "memory-limit":
        problem = f"container exceeded its {limit} RAM limit"
        text = f"The app used more than the tier's {limit} of RAM and was killed."
        fix = [f"Fit in {limit}: load fp16/bf16 or quantized weights, one model at a time, low_cpu_mem_usage=True, limit input/image sizes.",
               "Or upgrade the Space hardware to a tier with more RAM."]
        if limit.startswith("16"):
            fix.insert(0, "16Gi is the free CPU basic tier: GPU models rarely fit there in fp32; use a GPU/ZeroGPU tier or a smaller model.")
        fix = tuple(fix)
    elif sig == "storage-limit":
        problem = f"ephemeral disk exceeded {limit}"
        text = f"Files written inside the container (model downloads, caches, outputs) exceeded the {limit} ephemeral disk and the Space was evicted."
        fix = ("Download only the needed files (snapshot_download(allow_patterns=[...])), avoid keeping several checkpoints, clean temporary outputs.",
               "Keep large data in persistent storage or a dataset repo instead of the container disk.")
    elif sig == "failed-to-start":
        code = facts.get("exit_code")
        meaning = {1: "a Python exception at start-up", 137: "killed (out of memory)", 139: "segmentation fault", 127: "command not found"}.get(code if isinstance(code, int) else -1, "a start-up failure")
        problem = f"app exited during start-up with code {code} ({meaning})"
        text = f"The app process exited with code {code} ({meaning}) before serving; the container log (Logs tab) has the error."
        fix = ("Open Logs > Container and fix the traceback (missing package in requirements.txt, wrong model id, missing HF_TOKEN secret).",
               "Pin gradio/transformers versions that the code was written for (sdk_version in README.md).")
    elif sig == "runtime-error-reason":
        code = facts.get("exit_code")
        reason = str(facts.get("reason") or "").strip()
        if "not seem to be initialized" in reason:
            problem = "the app never started serving (nothing listened on the Space's port)"
            text = (f"The Space's process ended (exit code {code}) without ever serving the app: the platform saw nothing listening on the "
                    "app port. Typical causes: demo.launch() / app.run() is never called (guarded by a condition, or the file the Space runs "
                    "is not the one that launches), the server binds to 127.0.0.1 or another port than the one the Space expects, or the script exits early.")
            fix = ("Make the file named in README.md (app_file) call demo.launch() (Gradio) at top level; for Docker Spaces listen on 0.0.0.0 and the app_port in README.md (7860 by default).",
                   "Check Logs > Container for what ran last before the exit.")
        else:
            problem = f"app exited with code {code}: {reason[:120]}"
            text = f"The Space's app exited with code {code}; the platform's reason (the last line it logged) is: {reason[:200]}"
            fix = ("Open Logs > Container and fix the error printed before the exit (often a missing package in requirements.txt or a missing secret).",)
    else:
        return None
    return Explanation(text=text, fix=fix, derived={"problem": problem})
