"""Computed diagnosis for tfp.tensorflow-version-mismatch: which side to move and to what."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# TensorFlow minor version -> TFP release built for it (TFP release notes)
_TFP_FOR_TF = {
    (2, 4): "0.12", (2, 5): "0.13", (2, 6): "0.14", (2, 7): "0.15", (2, 8): "0.16", (2, 9): "0.17",
    (2, 10): "0.18", (2, 11): "0.19", (2, 12): "0.20", (2, 13): "0.21", (2, 14): "0.22",
    (2, 15): "0.23", (2, 16): "0.24", (2, 17): "0.24", (2, 18): "0.25",
}


def _minor(version: str) -> tuple[int, int] | None:
    parts = version.split(".")
    try:
        return int(parts[0]), int("".join(ch for ch in parts[1] if ch.isdigit()) or "x")
    except (IndexError, ValueError):
        return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "arg-specs-do-not-match":
        fn = facts.get("function") or "a wrapped TensorFlow function"
        text = (f"TFP checks that its wrapper of {fn} takes the same arguments as TensorFlow's, and they differ: "
                "the installed TensorFlow is newer than this TensorFlow Probability release (TF added an argument, "
                "e.g. 'layout' in TF 2.14).")
        fix = ("Upgrade TFP to the release for your TensorFlow (TF 2.14 -> tensorflow-probability 0.22, 2.15 -> 0.23, "
               "2.16 -> 0.24): python -m pip install -U 'tensorflow-probability==0.22.*'.",
               "Or go back to the TensorFlow this TFP was built for (tfp 0.21 -> tensorflow 2.13).")
        return Explanation(text=text, fix=fix, derived={"diagnosis": "TensorFlow newer than this TFP"})
    required = str(facts.get("required") or "")
    present = str(facts.get("present") or "")
    if not required or not present:
        return None
    have = _minor(present)
    text = (f"This TFP release needs TensorFlow {required} or newer but TensorFlow {present} is installed "
            "(TFP does not declare TensorFlow as a pip dependency, so nothing stopped the pair).")
    if "dev" in present or "rc" in present:
        text += f" {present} is a nightly/pre-release build: it reports an older version than its code."
    fix = [f"Upgrade TensorFlow: python -m pip install -U 'tensorflow>={required}'."]
    tfp = _TFP_FOR_TF.get(have) if have else None
    if tfp:
        fix.insert(0, f"Or keep TensorFlow {present} and install the TFP built for it: "
                      f"python -m pip install 'tensorflow-probability=={tfp}.*'.")
    elif have and have[0] == 1:
        fix.insert(0, "TensorFlow 1.x: the last TFP for TF 1.15 is tensorflow-probability==0.8.* (0.7 for TF 1.14).")
    return Explanation(text=text, fix=tuple(fix),
                       derived={"diagnosis": f"TensorFlow {present} older than required {required}"})
