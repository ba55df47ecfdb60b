"""Computed diagnosis for swift.model-type-unresolved."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _first(cands: str) -> str:
    m = re.search(r"'([^']+)'", cands or "")
    return m.group(1) if m else ""


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    cands = str(facts.get("candidates") or "")
    mt = str(facts.get("model_type") or "")
    model = str(facts.get("model") or "")
    if sig == "ambiguous-model-type" and cands:
        pick = _first(cands)
        return Explanation(
            text=f"The model's architecture matches several ms-swift model types {cands}; ms-swift will not guess.",
            fix=(f"Add --model_type <one of {cands}> (e.g. --model_type {pick}) and the matching --template.",),
            derived={"problem": f"ambiguous model type {cands}"})
    if sig == "unknown-model-type" and mt:
        old_style = "-" in mt
        text = f"--model_type {mt} is not registered in the installed ms-swift."
        if old_style:
            text += " The hyphenated name is an ms-swift 2.x model type; 3.x uses underscore family names (e.g. qwen2_vl)."
            fix = ("Use 3.x syntax: --model <hub id or path> and, if needed, --model_type <family> (e.g. qwen2_vl, internvl2_5),",
                   "or install the ms-swift 2.x release the command was written for.")
        else:
            fix = (f"Upgrade ms-swift to a release that registers {mt} (pip install -U ms-swift, or install from git main),",
                   "or choose a registered type from the list in the error.")
        return Explanation(text=text, fix=fix, derived={"problem": f"model_type {mt} not registered"})
    if sig == "ambiguous-template" and cands:
        what = str(facts.get("what") or "template_type")
        flag = "--template" if what == "template_type" else "--model_type"
        return Explanation(
            text=f"ms-swift found several {what}s for {model}: {cands}.",
            fix=(f"Pass {flag} {_first(cands)} (or the right one of {cands}); for a GRPO reward model set its own "
                 "template/model_type arguments (reward_model_type / reward_template in your version), not only --template.",),
            derived={"problem": f"ambiguous {what} for {model}"})
    if sig == "model-not-set":
        return Explanation(
            text="No --model was given. ms-swift 3.x takes the model as --model <hub id or local dir>; "
                 "2.x flags --model_id_or_path / --model_type <name> do not set it.",
            fix=("Replace --model_id_or_path <path> (and --model_type <2.x name>) with --model <path>.",),
            derived={"problem": "no --model given"})
    return None
