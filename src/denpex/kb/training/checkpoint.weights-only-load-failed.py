"""Computed diagnosis for checkpoint.weights-only-load-failed: what the refused global is and
the exact allowlist or re-save step for it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_BUILTINS = {"__builtin__", "builtins"}


def _kind(path: str) -> tuple[str, str]:
    mod, _, name = path.rpartition(".")
    top = path.split(".", 1)[0]
    if top == "numpy":
        return ("numpy", f"a numpy object ({name}): numpy scalars/arrays/dtypes were saved in the checkpoint (metrics, counters or optimizer/scheduler state)")
    if mod in _BUILTINS:
        return ("builtin", f"the Python builtin {name}, which older torch allowlists did not include")
    if mod == "__main__":
        return ("main", f"class {name} defined in the training script's __main__ module; it only exists when that script is the program being run")
    if path == "argparse.Namespace":
        return ("config", "the training script's argparse.Namespace (its command-line arguments) saved next to the weights")
    if top in ("omegaconf", "hydra") or name.lower().endswith(("config", "cfg", "hparams", "params")):
        return ("config", f"a configuration object ({path}) saved next to the weights")
    if top == "torch" and ("fx" in path or "nn.modules" in path):
        return ("module", f"a pickled torch module/graph ({path}): the file holds whole objects, not just tensors")
    if any(p in path.lower() for p in (".models.", ".model.", ".nn.", "net", "model", "tasks.")):
        return ("module", f"a model class ({path}): the whole nn.Module was pickled (torch.save(model)) instead of its state_dict")
    return ("other", f"{path}, a class or function that is not on the weights-only allowlist")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    g = facts.get("global_name")
    unsupported = facts.get("unsupported")
    flip = facts.get("default_flip")
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    if flip:
        parts.append("this torch (>= 2.6) loads with weights_only=True by default, so code that used to load this file now refuses it")
    path = str(g or unsupported or "")
    if unsupported and not g and str(unsupported).isdigit():
        derived["kind"] = "opcode"
        parts.append(f"the restricted unpickler does not implement pickle opcode {unsupported}; the file was not written by torch.save or uses exotic pickle features")
        fix.append("Only weights_only=False can read this file; do that only if you trust its source, then re-save it with torch.save(state_dict).")
    elif path:
        kind, text = _kind(path)
        derived["kind"] = kind
        derived["refused_global"] = path
        parts.append(f"the first object it refused is {text}")
        mod, _, name = path.rpartition(".")
        if mod in _BUILTINS:
            imp, ref = "", name
        elif mod == "__main__":
            imp, ref = "", name
        else:
            imp, ref = f"from {mod} import {name}; ", name
        if kind == "main":
            fix.append(f"Define or import {name} in the loading script before torch.load, then allowlist it: torch.serialization.add_safe_globals([{name}]); better, re-save as a state_dict of tensors.")
        elif kind == "module":
            fix.append("For a trusted file use torch.load(path, weights_only=False), then re-save model.state_dict() and load that with weights_only=True from now on.")
        else:
            fix.append(
                f"If you trust the file: {imp}torch.serialization.add_safe_globals([{ref}]) before torch.load "
                f"(or `with torch.serialization.safe_globals([{ref}]): torch.load(path)`); the loader may then name the next global to allow."
            )
        if kind == "numpy":
            fix.append("When saving, convert numpy values to Python numbers or tensors (float(x), int(x), torch.from_numpy(a)) so no numpy globals end up in the file.")
        if kind == "config":
            fix.append("When saving, store configs as plain dicts (vars(args), OmegaConf.to_container(cfg), dataclasses.asdict(cfg)).")
    if not parts:
        return None
    return Explanation(
        text="The file is intact; torch.load's weights-only unpickler refused it: " + "; ".join(parts) + ".",
        fix=tuple(fix),
        derived=derived,
    )
