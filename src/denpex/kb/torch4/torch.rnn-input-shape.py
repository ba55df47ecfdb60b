"""Computed diagnosis for torch.rnn-input-shape: compare the layer's expectation with the tensor's shape."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _dims(s: Any) -> list[int]:
    return [int(x) for x in re.findall(r"\d+", str(s or ""))]


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "input-size":
        exp, got = facts.get("expected_input_size"), facts.get("got_input_size")
        if exp is None or got is None:
            return None
        if got == 0:
            text = f"The RNN was built with input_size={exp} but the input's last dimension is 0: the feature tensor is empty."
            fix = ("Check where the features/embeddings are produced: an empty selection, an unloaded embedding or a wrong column list gives 0 features.",)
        else:
            text = f"The RNN was built with input_size={exp} but receives features of size {got}."
            fix = (f"Set input_size={got} in the model config (or derive it from the data), or project the features with nn.Linear({got}, {exp}).",
                   f"If {got} should be {exp}, check which embedding/encoder/feature set is loaded (e.g. 100-d vs 300-d vectors, 768 vs 1024 hidden).")
        return Explanation(text=text, fix=fix, derived={"what": f"RNN input_size is {exp} but the input has {got} features"})
    if sig == "hidden-size":
        exp, got = _dims(facts.get("expected_hidden")), _dims(facts.get("got_hidden"))
        which = facts.get("which_hidden") or ""
        name = {"[0]": "h0", "[1]": "c0"}.get(which, "the hidden state")
        text = f"{name} has shape {got} but the RNN expects {tuple(exp)} for this input."
        fix = []
        if len(exp) == 3 and len(got) == 3 and exp[0] == got[0] and exp[2] == got[2] and exp[1] != got[1]:
            text += f" Only the batch dimension differs ({got[1]} vs {exp[1]}): the state was built for another batch size (typically the last, smaller batch)."
            fix.append("Build h0/c0 from the current input in forward: torch.zeros(layers*directions, x.size(0 if batch_first else 1), hidden_size, device=x.device), or pass no state; or use DataLoader(drop_last=True).")
        elif sorted(exp) == sorted(got):
            text += " The same sizes in another order: the state was built batch-first; h0/c0 are always (layers*directions, batch, hidden) even with batch_first=True."
            fix.append("Create the state as (num_layers * num_directions, batch, hidden_size) or permute it before the call.")
        else:
            fix.append("Create the state as (num_layers * num_directions, batch, hidden_size) matching the layer's num_layers, bidirectional and hidden_size.")
        return Explanation(text=text, fix=tuple(fix), derived={"what": f"RNN initial state {name} shape {got} != expected {tuple(exp)}"})
    if sig in ("input-dims", "input-2d-or-3d"):
        got = facts.get("got_dims")
        exp = facts.get("expected_dims")
        want = f"{exp}-D" if exp else "2-D (unbatched) or 3-D"
        text = f"The RNN input has {got} dimensions but must be {want} (seq, batch, features) / (batch, seq, features)."
        fix = ("Add the missing axis with unsqueeze (batch of one) or flatten the extra axes into features before the RNN.",)
        return Explanation(text=text, fix=fix, derived={"what": f"RNN input has {got} dimensions, expected {want}"})
    return None
