"""Computed diagnosis for ollama.pull-manifest-failed: suggest the registry name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _suggest(model: str) -> str | None:
    name = model
    if name.startswith("ollama/"):
        return name[len("ollama/"):]
    if name.startswith("library/"):
        return name[len("library/"):]
    base, sep, tag = name.partition(":")
    # 'granite:3.3' style: version written as a tag although it belongs to the name
    if sep and "/" not in base and tag[:1].isdigit() and "." in tag and not tag.endswith("b"):
        return base + tag
    return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    err = str(facts.get("pull_error") or "")
    model = str(facts.get("model") or "")
    sig = facts.get("_signature")
    derived: dict[str, Any] = {"model_suffix": f" {model}" if model else ""}
    fix: tuple[str, ...] = ()
    if sig == "max-retries-exceeded":
        derived["diagnosis"] = "blob download kept failing"
        text = (f"The download gave up after repeated failures ({err}). The parts already fetched are kept; "
                "rerunning the pull resumes.")
        fix = ("Rerun: ollama pull " + (model or "<name:tag>") + " ; check VPN/proxy and free space under OLLAMA_MODELS.",)
    elif err in ("file does not exist", "model not found") or facts.get("status") == 404:
        derived["diagnosis"] = "no such model name/tag in the registry"
        text = (f"The registry has no manifest for {model!r}." if model else "The registry has no manifest for that name:tag.")
        s = _suggest(model) if model else None
        if s:
            text += f" The registry name is probably {s!r}."
            fix = (f"ollama pull {s}",)
        fix = fix + ("Check the exact name and tag on https://ollama.com/library; for ollama create, make FROM an existing path or local model.",)
    elif facts.get("status"):
        derived["diagnosis"] = f"registry refused the manifest request (HTTP {facts.get('status')})"
        text = (f"The registry answered {facts.get('status')} to the manifest request; with ollama create this "
                "usually means FROM names something that is neither a local file nor a registry model.")
        fix = ("Check the model name / the Modelfile FROM line.",)
    else:
        derived["diagnosis"] = "registry unreachable"
        text = f"Ollama could not fetch the manifest: {err[:200]}"
        fix = ("Check DNS/proxy access to registry.ollama.ai (HTTPS_PROXY for the ollama server process).",)
    return Explanation(text=text, fix=fix, derived=derived)
