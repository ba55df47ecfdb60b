"""Computed diagnosis for llamacpp.invalid-cli-argument: an unknown flag vs a bare value vs a value
that failed to parse, named for this run's argument."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# flags added in late 2024 - 2025 that binaries built before them reject
_NEW_FLAGS = {"-hf", "--hf-repo", "-hff", "--jinja", "--cache-reuse", "--n-cpu-moe", "-ncmoe",
              "--reasoning-format", "-ot", "--override-tensor", "--mmproj", "--mmproj-url"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    arg = str(facts.get("argument") or "").strip()
    if not arg:
        return None
    reason = str(facts.get("reason") or "").strip()
    sig = str(facts.get("_signature") or "")
    flag = arg.split("=")[0]
    if sig == "handling-argument" or reason:
        text = f"llama.cpp knows {flag} but rejected its value" + (f" ({reason})." if reason else ".")
        fix = (f"Check the value format with llama-server --help | grep -A3 -- '{flag}' (an old build may not accept words like 'auto'/'on').",)
    elif sig == "invalid-parameter":
        text = f"{flag} needs a value that was missing or malformed."
        fix = (f"Put the value right after the flag: {flag} <value>.",)
    elif not flag.startswith("-"):
        text = (f"'{arg}' is not a flag: it is a value that arrived without its option (e.g. '--host' missing, an empty variable, or a broken line continuation).")
        fix = ("Pass flag and value together (e.g. --host 0.0.0.0) and check every variable used in the command is set.",)
    else:
        text = f"This llama.cpp build has no option {flag}."
        if flag in _NEW_FLAGS:
            text += " It is a recent option; the binary run predates it (an old package, or another copy earlier on PATH)."
        elif re.match(r"--?[a-z]", flag) and "_" in flag and sig == "unknown-argument":
            text += " Old parsers did not turn '_' into '-'."
        fix = ("Run llama-server --version and which -a llama-server (another package's copy may shadow it); upgrade llama.cpp.",
               f"Look up the current spelling: llama-server --help | grep -- '{flag.lstrip('-')[:12]}'.")
    return Explanation(text=text, fix=fix, derived={"argument": arg})
