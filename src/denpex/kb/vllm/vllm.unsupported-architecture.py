"""Computed diagnosis for vllm.unsupported-architecture: which architecture, and what to do for that case."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_POOLING_SUFFIXES = ("Model", "ForSequenceClassification", "ForMaskedLM", "ForTokenClassification")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    arch = facts.get("architecture")
    if not isinstance(arch, str) or not arch:
        return None
    reason = str(facts.get("reason") or "")
    last = facts.get("last_supported_version")
    plugin = facts.get("plugin_url")
    check = (
        "python -c \"from vllm import ModelRegistry; "
        f"print('{arch}' in ModelRegistry.get_supported_archs())\""
    )
    derived: dict[str, Any] = {"architecture": arch}
    if isinstance(last, str) and last:
        derived["case"] = "removed"
        return Explanation(
            text=f"{arch} was removed from vLLM after v{last}; no newer release will load it natively.",
            fix=(f"pip install 'vllm=={last}'   (last release with {arch})",
                 "Or try the Transformers backend: --model-impl transformers (if transformers implements it)"),
            derived=derived,
        )
    if isinstance(plugin, str) and plugin:
        derived["case"] = "plugin"
        return Explanation(
            text=f"{arch} moved out of vLLM into a plugin at {plugin}.",
            fix=(f"pip install the plugin from {plugin}, then restart vllm serve",),
            derived=derived,
        )
    if "inspect" in reason:  # "failed to be inspected" / "Error in inspecting"
        derived["case"] = "import-failed"
        return Explanation(
            text=(
                f"{arch} IS registered in this vLLM, but importing its implementation failed in the inspection "
                "subprocess. The real error (ImportError, missing package, CUDA initialisation error) is in the "
                "inspection subprocess's traceback printed around this error."
            ),
            fix=("Read the inspection subprocess's traceback (its last exception line) and fix that import error.",
                 "Check the vLLM wheel matches your torch/CUDA (pip show vllm torch).",
                 check),
            derived=derived,
        )
    if "Transformers" in reason or "compatible" in reason or "no vLLM implementation" in reason:
        derived["case"] = "transformers-backend"
        text = (
            f"vLLM has no native {arch}, and the Transformers backend cannot use it either "
            "(transformers has no such class, the checkpoint's auto_map does not provide one, or the class "
            "does not support vLLM's attention interface)."
        )
        fix = ("Upgrade vLLM and transformers: pip install -U vllm transformers",
               "If the repo ships custom code: add --trust-remote-code (the auto_map class must support the backend)",
               check)
        return Explanation(text=text, fix=fix, derived=derived)
    derived["case"] = "unknown-to-registry"
    text = f"This vLLM has no implementation registered for {arch} (the name in config.json 'architectures')."
    fix = [
        "Upgrade vLLM: pip install -U vllm, and check https://docs.vllm.ai/en/latest/models/supported_models.html",
        f"If {arch} is custom remote code: --trust-remote-code --model-impl transformers",
        check,
    ]
    if arch.endswith(_POOLING_SUFFIXES):
        text += " The name looks like an encoder/pooling model; check that it is listed for pooling tasks."
        fix.insert(1, "For embedding/classifier models: vllm serve <model> --runner pooling (older: --task embed)")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
