"""Computed diagnosis for ollama.llama-server-binary-not-found: which wording fired and what kind of install lacks the runner."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _install_kind(path: str) -> str:
    p = path.lower()
    if "/homebrew/" in p or "/cellar/" in p or p.startswith("/usr/local/cellar"):
        return "homebrew"
    if p.startswith("/usr/local/bin/") or p.startswith("/usr/bin/"):
        return "container or hand-copied binary"
    if p.startswith("/usr/lib/ollama") or p.startswith("/usr/local/lib/ollama"):
        return "linux package or image"
    if ":\\" in path or "\\" in path:
        return "windows install"
    return "unknown"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "no-suitable-llama-servers":
        return Explanation(
            text=("Ollama 0.2-0.3 found no usable runner among the payloads it extracts at start: extraction into "
                  "OLLAMA_TMPDIR (default /tmp) failed - often no space left or a noexec mount - or OLLAMA_LLM_LIBRARY "
                  "names a runner that does not exist."),
            fix=("df -h /tmp; mount | grep ' /tmp '  # space and noexec",
                 "export OLLAMA_TMPDIR=/var/tmp/ollama (writable, exec-able), unset OLLAMA_LLM_LIBRARY, restart ollama serve."),
            derived={"problem": "no runner payload available", "install_kind": "0.2-0.3 payload extraction"},
        )
    if sig != "llama-server-binary-not-found":
        return None
    first = str(facts.get("first_checked") or "")
    kind = _install_kind(first) if first else "unknown"
    fix: list[str] = []
    if kind == "homebrew":
        text = (f"The Homebrew build looked for llama-server in its Cellar ({first}) and it is not there: the formula "
                "installed only the ollama executable.")
        fix.append("Use the official Ollama app/zip (it ships lib/ollama/llama-server), or upgrade once the formula builds llama-server.")
    elif kind == "container or hand-copied binary":
        text = (f"The ollama executable sits in {first.rsplit('/', 1)[0]} without its lib/ollama directory: an image or "
                "add-on copied just the binary.")
        fix.append("Copy the release's lib/ollama (with llama-server) next to bin/ollama in the image, or build FROM ollama/ollama.")
    else:
        text = ("Ollama 0.30+ runs models through a separate llama-server executable in lib/ollama next to the ollama "
                "binary, and this install does not have it" + (f" (first place checked: {first})." if first else "."))
        fix.append("Reinstall from the official installer or release archive so that lib/ollama/llama-server is present.")
    fix.append("The cmake hint in the message is only for a source checkout; packaged installs should not need it.")
    return Explanation(text=text, fix=tuple(fix),
                       derived={"problem": "llama-server missing", "install_kind": kind})
