"""Computed diagnosis for lightning.misconfiguration: requested vs visible devices, and the closest logged metric."""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _ints(text: Any) -> list[int]:
    return [int(x) for x in re.findall(r"-?\d+", str(text or ""))]


def _names(text: Any) -> list[str]:
    s = str(text or "")
    quoted = re.findall(r"[`'\"]([^`'\"]+)[`'\"]", s)
    return quoted or [x.strip() for x in s.strip("[] ").split(",") if x.strip()]


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    derived: dict[str, Any] = {}
    if facts.get("requested") is not None:
        req, avail = _ints(facts.get("requested")), _ints(facts.get("available"))
        have_avail = facts.get("available") is not None
        derived["requested_devices"] = len(req)
        if have_avail:
            derived["visible_devices"] = len(avail)
        missing = [i for i in req if i not in avail] if have_avail else []
        if have_avail and not avail:
            derived["what"] = f"GPU(s) {req} requested but torch sees no GPU"
            text = (f"The Trainer asked for GPU(s) {req} but this process sees no GPU at all: torch.cuda.is_available() is False - a CPU-only torch build, "
                    "a driver problem, or no GPU in this runtime/allocation.")
            fix = ("Check: python -c 'import torch; print(torch.__version__, torch.version.cuda, torch.cuda.is_available())' - a version without CUDA needs a CUDA wheel (pip install torch --index-url https://download.pytorch.org/whl/cu121).",
                   "Request a GPU from the scheduler / notebook runtime, or run with accelerator='cpu'.")
        elif have_avail:
            derived["what"] = f"requested GPU(s) {req}, visible {avail}"
            parts = [f"The Trainer asked for {len(req)} GPU(s) {req} but only {len(avail)} {'is' if len(avail) == 1 else 'are'} visible: {avail}."]
            if len(req) == 1 and req[0] not in avail and req[0] < 8:
                parts.append(f"A one-element list is an index: [{req[0]}] means 'the GPU with index {req[0]}', which does not exist here (visible indices start at 0, also after CUDA_VISIBLE_DEVICES remapping). Use a count: devices=1.")
                fix = ("devices=1 (a count) - or devices=[0] - instead of " + f"[{req[0]}].",)
            else:
                parts.append(f"Missing indices: {missing}. Under SLURM this is typically --gpus-per-task=1 (each task sees one GPU) with devices={len(req)}, or an allocation smaller than the config.")
                fix = (f"Set devices={len(avail)} (or devices='auto'), or allocate {len(req)} GPUs per node: #SBATCH --gpus-per-node={len(req)} --ntasks-per-node={len(req)} (no --gpus-per-task).",)
            text = " ".join(parts)
        else:
            derived["what"] = f"GPU(s) {req} requested but not all are visible"
            text = f"The Trainer asked for GPU(s) {req}, more than (or other than) the GPUs visible to this process."
            fix = ("Use devices=<count> or devices='auto'; check CUDA_VISIBLE_DEVICES and the scheduler's GPU allocation.",)
        return Explanation(text=text, fix=fix, derived=derived)
    if facts.get("accelerator"):
        acc = facts["accelerator"]
        avail = _names(facts.get("available_accelerators"))
        shown = "accelerator='gpu'" if acc == "gpu" else acc
        derived["what"] = f"{shown} requested but not available" + (f" (available: {', '.join(avail)})" if avail else "")
        if "MPS" in acc:
            text = f"{acc} was requested but MPS is not available: not an Apple-silicon Mac, macOS < 12.3, or a Python/torch running under x86 (Rosetta) emulation."
            fix = ("On Apple silicon install a native arm64 Python and torch; otherwise use accelerator='cpu' (or 'auto').",)
        elif "TPU" in acc or "XLA" in acc:
            text = f"{acc} was requested but no TPU/XLA runtime is available in this environment."
            fix = ("Install torch_xla on a TPU VM, or use accelerator='auto'.",)
        else:
            text = (f"{shown} was requested but CUDA is not available to torch" + (f"; only {avail} can be used" if avail else "") +
                    ": a CPU-only torch build, no GPU in this runtime/allocation, or a driver problem.")
            fix = ("python -c 'import torch; print(torch.version.cuda, torch.cuda.is_available())' - install a CUDA build of torch or run on a GPU node; accelerator='auto' falls back to CPU.",)
        return Explanation(text=text, fix=fix, derived=derived)
    mon = facts.get("monitor")
    if mon:
        avail = [n for n in _names(facts.get("available_metrics")) if n]
        real = [n for n in avail if n not in ("epoch", "step")]
        close = difflib.get_close_matches(mon, avail, n=1, cutoff=0.5)
        norm = lambda s: re.sub(r"[/._-]", "", s.lower()).replace("epoch", "").replace("step", "")
        same = [n for n in avail if norm(n) == norm(mon) and n != mon]
        who = facts.get("callback") or {"Early stopping": "EarlyStopping", "ReduceLROnPlateau": "ReduceLROnPlateau (lr scheduler 'monitor')"}.get(str(facts.get("checker")), "The callback")
        derived["closest_metric"] = (same or close or [None])[0]
        derived["what"] = f"monitored metric '{mon}' is not logged (logged: {', '.join(avail) or 'nothing'})"
        parts = [f"{who} monitors '{mon}', but the logged metrics are {avail or 'empty'}."]
        if same:
            parts.append(f"'{same[0]}' is the same metric under another name (separator or _epoch/_step suffix).")
            fix = (f"Monitor '{same[0]}' (or log it as '{mon}').",)
        elif not real or all(n.startswith(("train", "lr")) for n in real):
            parts.append("Only training metrics were logged: the validation loop that logs it did not run before the check (no val_dataloader, limit_val_batches=0, check_val_every_n_epoch) or validation_step does not call self.log.")
            fix = (f"Log it in validation_step: self.log('{mon}', value, on_epoch=True), and make sure validation runs (val_dataloader, check_val_every_n_epoch=1).",
                   "Or monitor a training metric (e.g. " + (f"'{real[0]}'" if real else "'train_loss'") + ").")
        elif close:
            parts.append(f"The closest logged name is '{close[0]}'.")
            fix = (f"Set monitor='{close[0]}', or log '{mon}' with self.log('{mon}', value).",)
        else:
            fix = (f"Log it: self.log('{mon}', value, on_epoch=True) in the loop that runs before the check, or monitor one of {avail}.",)
        return Explanation(text=" ".join(parts), fix=fix, derived=derived)
    derived["what"] = "the LightningModule has no training_step"
    return Explanation(
        text="fit() needs a training_step(self, batch, batch_idx) method on the LightningModule; none was found (misspelled, defined outside the class by indentation, or the wrong object passed to fit).",
        fix=("Define training_step inside the LightningModule subclass and return the loss; check spelling and indentation.",),
        derived=derived)
