"""Computed diagnosis for hf.generation-config-invalid: which flags conflict and the lines that fix them."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SAMPLING = {"temperature", "top_p", "top_k", "typical_p", "min_p", "epsilon_cutoff", "eta_cutoff"}
_BEAM = {"early_stopping", "num_beam_groups", "length_penalty", "diversity_penalty", "constraints"}


def _flags(facts: Mapping[str, Any]) -> list[str]:
    raw = facts.get("flags")
    names = re.findall(r"'(\w+)'", raw) if isinstance(raw, str) else []
    flag = facts.get("flag")
    if isinstance(flag, str) and flag and flag not in names:
        names.insert(0, flag)
    return names


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    names = _flags(facts)
    value = facts.get("value")
    sampling = [n for n in names if n in _SAMPLING]
    beam = [n for n in names if n in _BEAM]
    shown = ", ".join(names) if names else "sampling flags (temperature/top_p/top_k)"
    unset = "; ".join(f"model.generation_config.{n} = None" for n in (sampling or ["temperature", "top_p", "top_k"]))
    derived: dict[str, Any] = {"flags": shown}
    if sig in ("flags-not-valid", "sampling-flag-warning", "instance-invalid-warning"):
        what = f"{shown}" + (f" (= {value})" if value else "")
        text = (f"Warning only: the generation config sets {what} while do_sample is False"
                + (" / num_beams is 1" if beam else "")
                + ". Greedy decoding ignores these values, so outputs are unaffected; the same config will, however, be "
                  "refused by save_pretrained on transformers 4.34+ (checkpoint saves, merges, exports).")
        fix = (f"To silence it and keep saves working: {unset}",
               "or pass do_sample=True if you meant to sample.")
        return Explanation(text=text, fix=fix, derived=derived)
    first = f"`{names[0]}` = {value}" if names and value else shown
    text = (f"save_pretrained refused the generation config: {first} is a sampling-only setting but do_sample is not True. "
            "The conflicting values usually come from the base model's generation_config.json (or from code that set "
            "temperature=0 / top_k for greedy evaluation) and make every checkpoint save fail.")
    if value in ("0", "0.0", "1e-06"):
        text += f" A {names[0] if names else 'temperature'} of {value} is an attempt at greedy decoding: unset it instead."
    fix = (f"Before saving (or right after from_pretrained): {unset}",
           "or model.generation_config.do_sample = True to keep sampling defaults",
           "then call model.save_pretrained(...) / trainer.save_model() again; for exports fix generation_config.json in the base model directory.")
    return Explanation(text=text, fix=fix, derived=derived)
