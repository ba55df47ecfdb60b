"""Computed diagnosis for autogptq.model-basename-not-found: what was searched where."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    where = facts.get("model_dir")
    names = facts.get("basenames")
    if not isinstance(where, str) or not isinstance(names, str):
        return None
    tried = [n.strip() for n in names.split(",") if n.strip()]
    exts = sorted({n.rsplit(".", 1)[-1] for n in tried if "." in n})
    hub = where.count("/") == 1 and not where.startswith((".", "/", "~")) and ":" not in where
    place = f"the Hub repo {where}" if hub else f"the folder {where}"
    text = (f"AutoGPTQ looked in {place} for {len(tried)} file name(s): {', '.join(tried)} and found none. "
            f"It only tries .{'/.'.join(exts) or 'safetensors'} files with these stems; a sharded checkpoint "
            "(model-00001-of-0000N) or a file with another stem is not found.")
    fix = [f"ls {where}" if not hub else f"huggingface-cli download {where} --local-dir ./{where.split('/')[-1]}   # then list the files",
           "from_quantized(path, model_basename='<file stem without extension>', use_safetensors=True)",
           "Sharded checkpoint: AutoModelForCausalLM.from_pretrained(path, device_map='auto') via transformers' GPTQ support."]
    if exts == ["safetensors"]:
        fix.append("Only .safetensors names were tried: if the weights are .bin/.pt pass use_safetensors=False.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": f"{len(tried)} name(s) tried in {'hub repo' if hub else 'local folder'}"})
