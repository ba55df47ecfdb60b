"""Computed diagnosis for rust.panic: which crate panicked (from the source path) and what the message means."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_REGISTRY = re.compile(r"[/\\]registry[/\\]src[/\\][^/\\]+[/\\](?P<crate>[A-Za-z0-9_-]+?)-(?P<ver>[0-9]+\.[0-9]+\.[0-9]+[^/\\]*)[/\\]")
_GIT_DEP = re.compile(r"[/\\]git[/\\]checkouts[/\\](?P<crate>[A-Za-z0-9_-]+?)-[0-9a-f]{6,}[/\\]")

# (path fragment, component, package to upgrade)
_KNOWN = (
    ("/tokenizers/src/", "huggingface tokenizers", "pip install -U tokenizers (and the transformers release that pairs with it)"),
    ("/safetensors/src/", "safetensors", "pip install -U safetensors"),
    ("/router/src/", "the text-generation-inference / text-embeddings-inference router", "pull a newer TGI / TEI image (ghcr.io/huggingface/...:latest)"),
    ("/launcher/src/", "the text-generation-inference launcher", "pull a newer TGI image and check the shard output printed before the panic"),
    ("/backends/", "a text-embeddings-inference backend", "pull a newer TEI image matching your GPU architecture"),
    ("/candle", "candle", "cargo update -p candle-core (or a newer release of the app built on it)"),
    ("mistralrs", "mistral.rs", "upgrade mistral.rs (pip install -U mistralrs / a newer binary)"),
    ("/tiktoken/", "tiktoken", "pip install -U tiktoken"),
    ("/crates/uv", "uv", "uv self update (or pip install -U uv)"),
    ("/burn", "burn", "upgrade burn / the application built on it"),
)


def _component(location: str) -> tuple[str | None, str | None]:
    loc = location.replace("\\", "/")
    m = _REGISTRY.search(location) or _GIT_DEP.search(location)
    if m:
        crate = m.group("crate")
        ver = m.groupdict().get("ver")
        return (f"the {crate} crate" + (f" {ver}" if ver else "")), None
    for frag, name, up in _KNOWN:
        if frag in loc or frag.strip("/") in loc.split("/"):
            return name, up
    if loc.startswith(("/rustc/", "library/", "core/src/", "std/src/")):
        return "the Rust standard library (called from the component above it)", None
    return None, None


def _meaning(msg: str) -> str | None:
    m = re.search(r"called `Result::unwrap\(\)` on an `Err` value: (.+)", msg)
    if m:
        return f"it hit the error {m.group(1).strip()} and had no handling for it (unwrap on Err)"
    if "called `Option::unwrap()` on a `None` value" in msg:
        return "a value it assumed present was missing (unwrap on None): usually an input it did not expect (an id outside the vocabulary, a missing field)"
    if "index out of bounds" in msg:
        return "it indexed past the end of an array: an input longer, or an id larger, than the structure it indexes"
    if "bad split" in msg:
        return "the tokenizer's added-token / normalizer split failed on this text (a known tokenizers bug with some added tokens and normalizers)"
    if "did not match any variant of untagged enum" in msg:
        return "the JSON file (tokenizer.json) has a layout this version cannot parse: saved by a newer library version or corrupted"
    if "overflow" in msg:
        return "an integer overflowed: the input is larger than the component's index type allows"
    if "cannot unwind" in msg:
        return "a panic crossed an FFI boundary and Rust aborted; the earlier panic message is the cause"
    return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    msg = str(facts.get("message") or "").strip().strip("'")
    loc = str(facts.get("location") or "")
    thread = str(facts.get("thread") or "")
    comp, upgrade = _component(loc) if loc else (None, None)
    derived: dict[str, Any] = {"component": comp or ("a Rust extension (pyo3)" if not loc else "a Rust component"),
                               "panic": msg or "(message not captured)"}
    parts = []
    where = f" at {loc}:{facts.get('line')}" if loc and facts.get("line") else (f" at {loc}" if loc else "")
    parts.append(f"{derived['component'][0].upper() + derived['component'][1:]} panicked{where}" + (f" in thread '{thread}'" if thread else "") + (f": {msg}." if msg else "."))
    mean = _meaning(msg)
    if mean:
        parts.append(f"That means {mean}.")
    if "unigram/trainer.rs" in loc or "esaxx" in loc:
        parts.append("In the Unigram trainer this is the suffix-array step (esaxx) overflowing: the training corpus is too large for it (over about 2 billion characters) or has extremely long lines.")
        derived["hint"] = "corpus too large for the unigram suffix array"
    if thread and thread != "main" and loc:
        parts.append("A panic outside the main thread may fail only that task or request; a panic in 'main' ends the program (exit code 101).")
    fix = []
    if upgrade:
        fix.append(f"Upgrade it: {upgrade}.")
    elif comp and comp.startswith("the ") and "crate" in comp:
        fix.append(f"Upgrade the package that bundles {comp.split(' ')[1]} (pip install -U <package>, or rebuild with cargo update -p {comp.split(' ')[1]}).")
    else:
        fix.append("Upgrade the package whose call is in the Python traceback (pip install -U tokenizers / safetensors / tiktoken, or the server image).")
    fix.append("Rerun with RUST_BACKTRACE=1 for the Rust stack, and report the message, version and input upstream if the newest release still panics.")
    if derived.get("hint"):
        fix.insert(0, "Train the tokenizer on a sample of the corpus (a few GB is plenty for a vocabulary), or split very long lines; or use BPE, whose trainer has no suffix array.")
    if "untagged enum" in msg:
        fix.insert(0, "Load tokenizer.json with the tokenizers version that saved it (pip install -U tokenizers transformers), or re-download the tokenizer files.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
