"""Computed diagnosis for peft.adapter-config-newer-version: which PEFT release added the rejected key."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# first PEFT release whose LoraConfig has the field
_ADDED = {
    "use_rslora": "0.7.0", "loftq_config": "0.7.0", "use_dora": "0.9.0",
    "layer_replication": "0.10.0", "eva_config": "0.14.0", "lora_bias": "0.14.0",
    "exclude_modules": "0.14.0", "trainable_token_indices": "0.15.0", "corda_config": "0.15.0",
    "target_parameters": "0.17.0",
}
_OLD = {"enable_lora", "merge_weights"}


def _ver(v: str) -> tuple[int, ...]:
    out = []
    for p in v.split(".")[:3]:
        out.append(int(p) if p.isdigit() else 0)
    return tuple(out)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    keys: list[str] = []
    kw = facts.get("keyword")
    if kw:
        keys.append(str(kw))
    for part in str(facts.get("unexpected") or "").split(","):
        part = part.strip().strip("'\"")
        if part and part not in keys:
            keys.append(part)
    if not keys:
        return None
    cls = str(facts.get("config_cls") or "the PEFT config class")
    have = str(facts.get("peft_version") or "")
    known = [k for k in keys if k in _ADDED]
    old = [k for k in keys if k in _OLD]
    odd = [k for k in keys if k not in _ADDED and k not in _OLD]
    parts = []
    fix = []
    if known:
        need = max((_ADDED[k] for k in known), key=_ver)
        parts.append(", ".join(f"'{k}' (PEFT {_ADDED[k]}+)" for k in known)
                     + " comes from a newer PEFT than the one loading the adapter"
                     + (f" (installed {have})" if have else ""))
        fix.append(f"pip install -U 'peft>={need}' in the environment that loads the adapter.")
    if old:
        parts.append(", ".join(f"'{k}'" for k in old) + " is a field of PEFT <= 0.2 (alpaca-lora era) adapters that later releases removed")
        fix.append("Delete " + ", ".join(f"\"{k}\"" for k in old) + " from adapter_config.json (they were inference-time switches), or re-save the adapter with a current PEFT.")
    if odd:
        if any(k.startswith("_") for k in odd):
            parts.append(", ".join(f"'{k}'" for k in odd) + " is not a PEFT field: the JSON looks like a transformers model/generation config, not adapter_config.json")
            fix.append("Point the loader at the adapter folder (the one holding adapter_config.json + adapter_model.*), not a model folder.")
        else:
            parts.append(", ".join(f"'{k}'" for k in odd) + " is either a field of a PEFT release newer than this table knows or not a PEFT argument at all")
            fix.append("If it is in adapter_config.json: pip install -U peft (or delete the key if its value is null/false). If your code passes it to " + cls + "(...), remove it.")
    fix.append("Never delete a key whose value is set (e.g. use_dora: true): that changes the adapter's behaviour.")
    return Explanation(text=f"{cls}: " + "; ".join(parts) + ".", fix=tuple(fix),
                       derived={"config_cls": cls, "keyword": keys[0]})
