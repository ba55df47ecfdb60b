"""Computed diagnosis for python.dataclass-mutable-default: library (fairseq) vs own code, and the exact change."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cls = str(facts.get("cls") or "")
    field = str(facts.get("field") or "")
    owner = str(facts.get("owner") or "")
    if not cls or not field:
        return None
    short = cls.rsplit(".", 1)[-1]
    derived: dict[str, Any] = {"owner": owner.replace("\\", "/").rsplit("/", 1)[-1] if owner else cls.rsplit(".", 1)[0]}
    if cls.startswith("fairseq.") or "fairseq" in owner:
        text = ("fairseq 0.12.2 does not import on Python 3.11+: its config dataclasses use instances (here "
                f"{short}() for field '{field}') as defaults, which 3.11 rejects. Apps that load HuBERT/ContentVec through fairseq "
                "(RVC, so-vits-svc, voice-changer) fail at startup.")
        fix = ("Run the app on Python 3.10 (conda create -n rvc python=3.10; reinstall its requirements there).",
               "Or replace fairseq==0.12.2 with a build patched for Python 3.11 (nested configs with field(default_factory=...)).")
    else:
        text = (f"A dataclass field '{field}' defaults to an instance of {short}; Python 3.11+ refuses unhashable defaults "
                "(ordinary dataclass instances are unhashable).")
        fix = (f"Change the field to: {field}: {short} = dataclasses.field(default_factory={short})"
               + (f" in {owner}." if owner else "."),
               "Or run the code on Python 3.10 until it is updated.")
    return Explanation(text=text, fix=fix, derived=derived)
