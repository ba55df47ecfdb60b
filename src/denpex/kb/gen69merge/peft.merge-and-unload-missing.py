"""Computed diagnosis for peft.merge-and-unload-missing: which object was asked, and why it lacks the method."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cls = str(facts.get("obj_class") or "the object")
    attr = str(facts.get("attr") or "merge_and_unload")
    fix: list[str] = []
    if attr == "merge_and_upload":
        diagnosis = "typo (merge_and_upload)"
        text = f"The code calls {attr}; the PEFT method is merge_and_unload."
        fix.append("Rename the call to merge_and_unload().")
    elif cls.startswith("Peft") or cls in {"LoraModel", "AdaLoraModel", "IA3Model", "LoHaModel", "LoKrModel"}:
        diagnosis = "PEFT wrapper without a reachable merge_and_unload (old PEFT or non-mergeable adapter)"
        text = (f"The object is PEFT's {cls}, so the adapter was loaded, but this PEFT install does not provide merge_and_unload "
                "for it: an old or snapshot release (2023 merge scripts), or an adapter type with nothing to merge (prompt/prefix tuning).")
        fix.append("pip install -U peft and run the merge again; check model.peft_config shows a LoRA-type adapter.")
    else:
        diagnosis = "called on a plain transformers model, not a PeftModel"
        text = (f"{cls} is a transformers class: merge_and_unload was called on the model itself, not on a PeftModel "
                "(adapter attached with load_adapter/add_adapter, merge already done, or the base-model variable used). "
                "Old PEFT snapshots also end their forwarding chain here.")
        fix.append("merged = PeftModel.from_pretrained(base_model, adapter_dir).merge_and_unload(); merged.save_pretrained(out)")
        fix.append("If the traceback shows peft/peft_model.py and peft/tuners frames above, upgrade PEFT (pip install -U peft).")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
