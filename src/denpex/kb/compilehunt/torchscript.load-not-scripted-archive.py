"""Computed diagnosis for torchscript.load-not-scripted-archive: which runtime loaded the file."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    loader = str(facts.get("loader") or "")
    if sig == "python-runtimeerror":
        diagnosis = "torch.jit.load in Python on a torch.save file"
        text = ("torch.jit.load was given a torch.save checkpoint (state_dict or pickled module). In Python you can "
                "load it with torch.load and the model class instead.")
        fix = ("model = Net(...); model.load_state_dict(torch.load(path, map_location='cpu')); model.eval()",
               "If a TorchScript file is really needed: torch.jit.trace(model.eval(), example).save('model_ts.pt').")
    elif sig in ("libtorch-what", "bare") or "cpp_jit" in loader or "Libtorch" in loader or "EngineException" in loader:
        where = {"EngineException": "DJL", "cpp_jit_load": "R torch", "Libtorch API Error": "a LibTorch binding"}.get(loader, "LibTorch (C++)")
        diagnosis = f"{where} given a torch.save file"
        text = (f"{where} can only load TorchScript archives; this file is a Python torch.save checkpoint. "
                "Export it once in Python with the model code.")
        fix = ("python: ts = torch.jit.trace(model.eval(), example_input)  # or torch.jit.script(model)",
               "python: ts.save('model_ts.pt')  then load model_ts.pt from the runtime.")
    else:
        return None
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis})
