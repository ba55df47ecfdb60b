"""Computed diagnosis for torch.generator-device: which direction the mismatch goes and where the random
op ran (sampler vs random_split)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    exp, found = facts.get("expected_device"), facts.get("found_device")
    if not exp or not found:
        return None
    caller = facts.get("caller") or ""
    where = "DataLoader's RandomSampler (shuffle=True)" if "sampler" in caller else ("random_split" if "random_split" in caller else "a random op")
    setter = facts.get("default_setter")
    derived: dict[str, Any] = {}
    if exp != "cpu" and found == "cpu":
        derived["cause"] = "global-cuda-default"
        derived["what"] = f"{where} ran torch.randperm on {exp} with a CPU generator: a global CUDA default tensor type/device is set"
        text = (f"{where} drew its permutation on {exp} because new tensors default to {exp}"
                + (f" (the log shows {setter})" if setter else " (torch.set_default_tensor_type('torch.cuda.FloatTensor') or torch.set_default_device('cuda'))")
                + ", but its generator is a CPU one.")
        fix = (
            "Remove the global default and move the model and each batch to the GPU explicitly (model.cuda(); batch = batch.cuda()).",
            f"Or pass a matching generator: DataLoader(..., shuffle=True, generator=torch.Generator(device='{exp}')).",
        )
    else:
        derived["cause"] = "generator-on-other-device"
        derived["what"] = f"{where} runs on {exp} but was given a {found} generator"
        text = f"{where} runs its random op on {exp} but received a generator created on {found}."
        fix = (f"Create the generator on {exp}: torch.Generator(device='{exp}') (for DataLoader/random_split normally the default CPU generator: torch.Generator().manual_seed(seed)).",)
    derived["what"] = derived["what"][0].upper() + derived["what"][1:]
    return Explanation(text=text[0].upper() + text[1:], fix=fix, derived=derived)
