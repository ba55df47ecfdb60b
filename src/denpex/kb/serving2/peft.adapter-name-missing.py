"""Computed diagnosis for peft.adapter-name-missing: the requested name against the loaded ones,
with the closest loaded name and the 'default' / path / nothing-loaded cases."""

from __future__ import annotations

import ast
import difflib
import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _names(raw: str) -> list[str]:
    raw = raw.strip()
    m = re.fullmatch(r"(?:odict_keys|dict_keys)\((.*)\)", raw)
    if m:
        raw = m.group(1)
    try:
        val = ast.literal_eval(raw)
        if isinstance(val, (list, tuple, set)):
            return [str(v) for v in val]
    except (ValueError, SyntaxError):
        pass
    return [p.strip(" '\"") for p in raw.strip("[]{}").split(",") if p.strip(" '\"")]


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    name_raw = str(facts.get("name") or "").strip()
    if not name_raw:
        return None
    wanted = _names(name_raw) if name_raw.startswith(("[", "'", '"')) or "," in name_raw else [name_raw.strip("'\"")]
    has_list = facts.get("available") is not None
    avail = _names(str(facts.get("available"))) if has_list else []
    derived: dict[str, Any] = {"name": ", ".join(wanted)}
    derived["loaded"] = ", ".join(avail) if avail else ("none" if has_list else "see model.peft_config")
    parts: list[str] = []
    fix: list[str] = []
    first = wanted[0] if wanted else name_raw
    if has_list and not avail:
        parts.append(f"No adapter is loaded on this model, so '{first}' cannot be activated: the adapters were merged and unloaded, deleted, or loaded on another object.")
        fix.append(f"Load it first: model.load_adapter('<adapter dir>', adapter_name='{first}'); do not call merge_and_unload() before switching adapters.")
    else:
        close = difflib.get_close_matches(first, avail, n=1, cutoff=0.6) if avail else []
        if "/" in first or "\\" in first:
            parts.append(f"'{first}' is a path; adapters are looked up by the adapter_name they were loaded with, not by their folder.")
            fix.append(f"Load with a name and use that name: model.load_adapter('{first}', adapter_name='<name>'); model.set_adapter('<name>').")
        elif close:
            parts.append(f"'{first}' is not loaded; the closest loaded adapter is '{close[0]}' (a spelling or naming mismatch).")
            fix.append(f"model.set_adapter('{close[0]}') - or load the adapter under '{first}': model.load_adapter('<adapter dir>', adapter_name='{first}').")
        elif avail == ["default"]:
            parts.append(f"The only adapter is 'default': it was loaded without adapter_name=, so PEFT did not register it as '{first}'.")
            fix.append(f"Pass the name when loading: PeftModel.from_pretrained(base, '<adapter dir>', adapter_name='{first}') / model.load_adapter('<adapter dir>', adapter_name='{first}'); or call set_adapter('default').")
        else:
            loaded = f" (loaded: {', '.join(avail)})" if avail else ""
            parts.append(f"Adapter '{first}' was never added to this model{loaded}.")
            fix.append(f"Load it under that name before switching: model.load_adapter('<adapter dir>', adapter_name='{first}').")
    fix.append("Check right before the call: print(list(model.peft_config), model.active_adapters).")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
