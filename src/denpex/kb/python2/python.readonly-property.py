"""Computed diagnosis for python.readonly-property: the read-only attribute (from the message or the
assigning line), whether it is a PyTorch Lightning property, and the replacement."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import raising_frame
from denpex.models import Explanation

_LIGHTNING_MANAGED = {"current_epoch", "global_step", "device", "dtype", "trainer", "logger", "loggers", "local_rank", "global_rank", "on_gpu", "precision", "automatic_optimization", "example_input_array", "fabric", "strict_loading"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    attr = str(facts.get("attr") or "")
    cls = str(facts.get("cls") or "")
    kind = str(facts.get("kind") or "set")
    code = str(facts.get("code") or "").strip()
    frame = raising_frame(facts)
    m = re.match(r"(?:self|[A-Za-z_]\w*)\.([A-Za-z_]\w*)\s*=[^=]", code)
    if not attr and m:
        attr = m.group(1)
    if not attr:
        d = re.match(r"del\s+[\w.]+\.([A-Za-z_]\w*)", code)
        attr = d.group(1) if d else ""
    where = f" at {frame.where}" if frame.where and frame.func != "__setattr__" else ""
    verb = "delete" if kind in ("deleter", "delete") else "assign"
    subj = f"`{attr}`" if attr else "the attribute"
    owner = f" of {cls}" if cls else ""
    parts: list[str] = []
    fix: list[str] = []
    if attr == "hparams":
        headline = "self.hparams is read-only in PyTorch Lightning >= 1.3: use self.save_hyperparameters()" + where
        parts.append(f"The code {verb}s self.hparams{owner}. PyTorch Lightning 1.3 made LightningModule.hparams a read-only property filled by save_hyperparameters(); code written for Lightning < 1.3 assigned it directly.")
        fix.append("Replace `self.hparams = hparams` with `self.save_hyperparameters(hparams)` (an argparse Namespace, dict or OmegaConf object) and keep reading self.hparams.<name>.")
        fix.append("Or install the pytorch-lightning version the repository was written for (see its requirements; < 1.3 for this idiom), together with a matching torch.")
    elif attr in _LIGHTNING_MANAGED:
        headline = f"{subj} is managed by the Lightning Trainer and is read-only" + where
        parts.append(f"{subj}{owner} is a property backed by the Trainer/strategy (epoch and step counters, device, logger); assigning it from the module is not supported.")
        fix.append(f"Do not assign {attr}: let the Trainer manage it (resume with ckpt_path=..., move data with self.device), or store your own value under another name (self.my_{attr}).")
    else:
        headline = f"{subj}{owner} is a read-only property (no {'deleter' if verb == 'delete' else 'setter'})" + where
        parts.append(f"{subj}{owner} is defined as a @property without a {'deleter' if verb == 'delete' else 'setter'}, so it cannot be {'deleted' if verb == 'delete' else 'assigned'}.")
        parts.append("Usually a subclass uses an attribute name that a base class (a framework module, a library object) exposes as a computed property, or a library upgrade made the attribute read-only.")
        fix.append(f"Rename your attribute (e.g. self._{attr or 'value'} / self.my_{attr or 'value'}) if it is yours; if it belongs to the library, set the value through the constructor/config or its documented method, or pin the library version the code was written for.")
    if code:
        parts.append(f"Line: `{code}`.")
    if frame.pkg and frame.pkg not in ("torch",):
        parts.append(f"The assignment is inside {frame.pkg}: the installed version does not match the code that calls it (the attribute became read-only).")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"headline": headline})
