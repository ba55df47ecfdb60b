"""Computed diagnosis for fairseq.optional-arg-type-rejected: name the option and the Python it ran on."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    arg = str(facts.get("argument") or "").strip()
    if not arg:
        return None
    value = str(facts.get("value") or "").strip()
    typ = str(facts.get("type") or "Optional")
    py = "Python 3.9" if typ.startswith("typing.") else "Python 3.10 or newer"
    text = (f"{arg} {value} was rejected because argparse was given the annotation {typ} as converter: "
            f"fairseq 0.10.x does not unwrap Optional[...] on {py} (the value itself is fine; every Optional option fails).")
    fix = ("pip uninstall -y fairseq && pip install git+https://github.com/facebookresearch/fairseq.git",
           "or run fairseq 0.10.x on Python 3.8 (conda create -n fairseq python=3.8)",
           "or in the vendored fairseq/dataclass/utils.py make interpret_dc_type also accept typestring.startswith('typing.Optional').")
    return Explanation(text=text, fix=fix)
