"""Computed diagnosis for axolotl.cce-not-installed: which check failed and the exact install command."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_REPO = "git+https://github.com/axolotl-ai-cloud/ml-cross-entropy.git"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    commit = str(facts.get("commit") or "")
    ref = f"@{commit}" if commit else "@<commit printed by axolotl>"
    install = f"pip uninstall -y cut-cross-entropy && pip install \"cut-cross-entropy[transformers] @ {_REPO}{ref}\""
    if sig == "not-fork":
        problem = "installed cut_cross_entropy is not Axolotl's fork"
        text = ("cut_cross_entropy is installed but is not Axolotl's fork (no AXOLOTL_CCE_FORK marker): the upstream package "
                "or an old build. A plain pip install keeps it because the version number is the same.")
    elif sig == "no-transformers-extra":
        problem = "cut_cross_entropy installed without transformers support"
        text = "cut_cross_entropy is importable but its transformers submodule is missing (installed without the [transformers] extra)."
    elif sig == "not-installed":
        problem = "cut_cross_entropy is not installed"
        text = "The config enables the Cut Cross Entropy plugin but no cut_cross_entropy package is installed."
    elif sig == "torch-too-old":
        tv = str(facts.get("torch_version") or "?")
        problem = f"PyTorch {tv} < 2.4.0"
        return Explanation(text=f"Cut Cross Entropy needs PyTorch >= 2.4.0, found {tv}.",
                           fix=("Upgrade torch to >= 2.4 with the wheel for your CUDA, or remove the CutCrossEntropyPlugin / cut_cross_entropy: true from the config.",),
                           derived={"problem": problem})
    else:
        return None
    return Explanation(text=text,
                       fix=(install, "Or disable it: drop axolotl.integrations.cut_cross_entropy.CutCrossEntropyPlugin from plugins and cut_cross_entropy: true."),
                       derived={"problem": problem})
