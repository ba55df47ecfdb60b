"""Computed diagnosis for hf.dynamic-module-class-missing: the cached file to inspect and the likely cause."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_GENERIC_DIR = re.compile(r"^(?:\d+|checkpoint-\d+|model|models|output|outputs|merged|final|local|hf|ckpt)$", re.IGNORECASE)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    mdir = facts.get("module_dir")
    mfile = facts.get("module_file")
    cls = facts.get("class_name")
    if not (isinstance(mdir, str) and isinstance(mfile, str) and isinstance(cls, str)):
        return None
    cached = f"~/.cache/huggingface/modules/transformers_modules/{mdir.replace('.', '/')}/{mfile}.py"
    fix = [f"grep -n 'class {cls}' {cached} || rm -rf ~/.cache/huggingface/modules/transformers_modules/{mdir.split('.')[0]}"]
    if _GENERIC_DIR.match(mdir):
        diagnosis = "generic folder name shared by several models"
        text = (f"The remote code is cached under transformers_modules/{mdir}: a generic folder name that other models also use, "
                f"so {mfile}.py there may be another model's file without {cls}.")
        fix.append("Rename the model folder to something unique (e.g. qwen-72b-chat-int8) and reload.")
    else:
        diagnosis = "cached remote code incomplete (multi-process copy) or class not in the file"
        text = (f"{mfile}.py in the transformers_modules/{mdir} cache was imported without class {cls}: under torchrun every rank "
                "rewrites this file while others import it, or the model folder's file does not define the class auto_map names.")
        fix.append("Warm the cache once in a single process (AutoConfig/AutoTokenizer.from_pretrained(..., trust_remote_code=True)), then launch the ranks.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis, "cached_file": cached})
