"""Computed diagnosis for go.runtime-panic: what kind of Go crash, in which program, and what the reason means."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# module path fragment -> (program, how to upgrade it)
_PROGRAMS = (
    ("github.com/ollama/ollama", "ollama", "upgrade ollama (curl -fsSL https://ollama.com/install.sh | sh, or a newer ollama/ollama image)"),
    ("github.com/jmorganca/ollama", "ollama", "upgrade ollama to a current release"),
    ("github.com/NVIDIA/k8s-device-plugin", "the NVIDIA Kubernetes device plugin", "upgrade the device plugin (helm upgrade nvidia-device-plugin / the GPU operator)"),
    ("github.com/NVIDIA/nvidia-container-toolkit", "the NVIDIA container toolkit", "upgrade nvidia-container-toolkit and restart the container runtime"),
    ("github.com/NVIDIA/gpu-operator", "the NVIDIA GPU operator", "upgrade the GPU operator helm chart"),
    ("github.com/ray-project/kuberay", "the KubeRay operator", "upgrade the KubeRay operator"),
    ("sigs.k8s.io/kueue", "Kueue", "upgrade Kueue"),
    ("volcano.sh/volcano", "Volcano", "upgrade Volcano"),
    ("github.com/fluid-cloudnative/fluid", "Fluid", "upgrade Fluid"),
    ("github.com/minio/minio", "MinIO", "upgrade MinIO"),
    ("github.com/sammcj/gollama", "gollama", "upgrade gollama"),
)

_MEANING = (
    ("nil pointer dereference", "the program used a value that was never set (nil): something it expected - a config field, a loaded model, a response - was missing"),
    ("index out of range", "the program indexed past the end of a list: an input shorter or longer than it assumed"),
    ("slice bounds out of range", "the program sliced past the end of a buffer: an input (a file, a response) shorter than it assumed"),
    ("assignment to entry in nil map", "the program wrote to a map it never created: a bug on a code path its authors did not test"),
    ("all goroutines are asleep - deadlock!", "every goroutine waits on a channel or lock that nothing will ever release, so the runtime stopped the program instead of letting it hang"),
    ("concurrent map", "two goroutines used one map at the same time without a lock - a data race in the program, usually under concurrent requests"),
    ("out of memory", "the Go runtime could not get memory from the operating system: the host or container is out of RAM"),
    ("cannot allocate memory", "the Go runtime could not get memory from the operating system: the host or container is out of RAM"),
    ("stack overflow", "unbounded recursion in the program"),
    ("unexpected signal during runtime execution", "a memory fault inside the runtime or in C code called through cgo (a native library such as a GPU backend)"),
    ("negative WaitGroup counter", "a synchronisation bug in the program"),
    ("unlock of unlocked", "a synchronisation bug in the program"),
)


def _program(func: str) -> tuple[str | None, str | None]:
    for frag, name, up in _PROGRAMS:
        if frag.lower() in func.lower():
            return name, up
    m = re.match(r"((?:[\w.-]+\.[a-z]{2,}/)?[\w.-]+/[\w.-]+)/", func)
    if m and not func.startswith("runtime."):
        return m.group(1), None
    return None, None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    reason = str(facts.get("reason") or "").strip()
    sig = str(facts.get("_signature") or "")
    func = str(facts.get("func") or "")
    kind = {"go-fatal-error": "fatal error", "gin-panic-recovered": "panic caught by the HTTP server"}.get(sig, "panic")
    program, upgrade = _program(func) if func else (None, None)
    derived: dict[str, Any] = {"kind": kind, "program": program or "a Go program", "reason": reason or "(reason not captured)"}
    parts = [f"A Go {kind}" + (f" in {program}" if program else "") + (f": {reason}." if reason else ".")]
    if func:
        parts.append(f"The failing goroutine was in {func}" + (f" ({facts.get('state')})" if facts.get("state") else "") + ".")
    if facts.get("signal"):
        parts.append(f"The fault was signal {facts['signal']}.")
    for key, text in _MEANING:
        if key in reason:
            parts.append(f"That means {text}.")
            break
    if kind == "panic caught by the HTTP server":
        parts.append("gin's Recovery middleware caught it: that request got a 500, and the server kept running.")
    elif kind == "panic" or kind == "fatal error":
        parts.append("An unrecovered panic or fatal error ends a Go program with exit status 2.")
    fix = []
    if "out of memory" in reason or "cannot allocate memory" in reason:
        fix.append("Give the process more memory (raise the container's memory limit, free host RAM) or reduce what it loads at once (a smaller model, fewer parallel requests).")
    if upgrade:
        fix.append(f"Upgrade it: {upgrade}; most panics of this kind are fixed in a later release.")
    else:
        fix.append("Upgrade the program to its latest release; most panics of this kind are fixed there.")
    fix.append("Check the input it was handling in the lines just before the panic (config file, model, request), and if the newest release still crashes, report the panic line, the first goroutine stack and the version upstream.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
