"""Computed diagnosis for checkpoint.resume-not-found: what the path and the resuming code say is missing."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = str(facts.get("checkpoint_path") or "").rstrip(".")
    out = facts.get("output_dir")
    loader = str(facts.get("loader") or "")
    derived: dict[str, Any] = {}
    if out:
        derived["what"] = f"resume_from_checkpoint=True found no checkpoint-* folder in {out}"
        return Explanation(
            text=f"resume_from_checkpoint=True searched {out} for checkpoint-<step> folders and found none: this is the first run, output_dir differs from the run that saved, or the checkpoints were deleted (save_total_limit, cleanup).",
            fix=(f"ls {out} | grep checkpoint- ; if empty, start without resuming: ckpt = get_last_checkpoint('{out}') and trainer.train(resume_from_checkpoint=ckpt) (None trains from scratch).",
                 "If the checkpoints are elsewhere, pass that folder explicitly: resume_from_checkpoint='<dir>/checkpoint-<step>'."),
            derived=derived)
    if not path:
        return None
    m = re.search(r"checkpoint-(\d+)", path)
    step = int(m.group(1)) if m else None
    derived["checkpoint_step"] = step
    parts: list[str] = []
    fix: list[str] = []
    if "deepspeed" in loader:
        derived["what"] = f"no DeepSpeed engine state in {path}"
        parts.append(f"The DeepSpeed loader found no engine state in {path}: the global_step folder (named by the 'latest' file) is missing - written with save_only_model=True, a partial/custom save (e.g. only a projector or adapter), or a failed save.")
        fix.append(f"ls {path} - it needs latest and global_step*/; if they are missing the optimizer state is gone: load the weights into the model and start a new run.")
    elif facts.get("aborting"):
        derived["what"] = f"Lightning checkpoint {path} does not exist"
        parts.append(f"Lightning could not find {path}.")
        fix.append("Pass an existing file: trainer.fit(model, ckpt_path=trainer.checkpoint_callback.last_model_path), or ckpt_path='last' with ModelCheckpoint(save_last=True).")
    else:
        derived["what"] = f"{path} has no weights the Trainer recognizes" + (f" (step {step})" if step is not None else "")
        parts.append(f"The Trainer looked in {path} for model.safetensors / pytorch_model.bin (or sharded *.index.json, or adapter_model.* for PEFT) and found none.")
        if step is None:
            parts.append("The path is not a checkpoint-<step> folder: it may be the output_dir or a final export directory.")
            fix.append(f"Point at a checkpoint folder inside it, e.g. {path.rstrip('/')}/checkpoint-<last step> (or use resume_from_checkpoint=True to pick the latest).")
        fix.append(f"ls -la {path}: if weights are in a subfolder (adapter_model/) or saved by a custom callback with other names, load them manually and start a new run; if the folder is missing, check the working directory and output_dir.")
    if path.startswith("./") or not path.startswith("/"):
        parts.append("The path is relative: it resolves against the job's working directory.")
    fix.append("Keep save_only_model=False for resumable checkpoints.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
