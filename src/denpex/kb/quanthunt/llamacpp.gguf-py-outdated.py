"""Computed diagnosis for llamacpp.gguf-py-outdated: which gguf name is missing and what to reinstall."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    attr = str(facts.get("attr") or "")
    if not attr:
        return None
    cls = str(facts.get("gguf_class") or "")
    sub = str(facts.get("submodule") or "")
    if cls in ("MODEL_ARCH", "MODEL_TENSOR"):
        where = f"gguf.{cls}.{attr}"
        what = ("an architecture" if cls == "MODEL_ARCH" else "a tensor kind") + " added to gguf-py after the installed package"
    elif cls in ("GGUFWriter", "GGUFReader", "SpecialVocab"):
        where = f"{cls}.{attr}()"
        what = "a metadata writer method added after the installed package"
    elif sub:
        where = f"gguf.{sub}.{attr}"
        what = f"a gguf.{sub} function added after the installed package"
    else:
        where = f"gguf.{attr}"
        what = "a name added (or renamed) after the installed package"
    text = (f"The conversion script uses {where} ({what}), but the gguf module Python imported does not have it: "
            "an older gguf wheel shadows the checkout's gguf-py.")
    fix = ("pip install -e <llama.cpp checkout>/gguf-py (then python -c 'import gguf; print(gguf.__file__)' should point "
           "into the checkout)",
           "Run convert_hf_to_gguf.py from inside the same up-to-date checkout, without NO_LOCAL_GGUF.")
    return Explanation(text=text, fix=fix, derived={"missing": where})
