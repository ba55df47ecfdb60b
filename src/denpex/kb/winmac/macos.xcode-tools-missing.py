"""Computed diagnosis for macos.xcode-tools-missing: which tool/directory is missing and the matching fix."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "invalid-developer-path":
        dev = str(facts.get("dev_path") or "")
        if "Xcode" in dev and ".app" in dev:
            text = f"xcode-select points at {dev}, which no longer exists (Xcode deleted, renamed or moved)."
            fix = ("sudo xcode-select --reset  (or sudo xcode-select -s <path of the installed Xcode>/Contents/Developer)",
                   "if no Xcode is installed: xcode-select --install")
            return Explanation(text=text, fix=fix, derived={"problem": "selected Xcode is gone"})
        text = (f"The Command Line Tools at {dev or '/Library/Developer/CommandLineTools'} are missing (usually removed by a "
                "macOS upgrade), so clang/git/make shims cannot run and source builds fail.")
        fix = ("xcode-select --install  (then rerun the pip/cmake/git command)",)
        return Explanation(text=text, fix=fix, derived={"problem": "Command Line Tools missing"})
    if sig == "unable-to-find-utility":
        util = str(facts.get("utility") or "")
        if util in ("metal", "metallib"):
            text = (f"The Metal shader compiler '{util}' is not in the selected developer directory: the Command Line Tools "
                    "do not ship it, only Xcode does.")
            fix = ("Install Xcode, then: sudo xcode-select -s /Applications/Xcode.app/Contents/Developer && sudo xcodebuild -license accept",
                   "Xcode 26+: xcodebuild -downloadComponent MetalToolchain",
                   "or avoid the offline shader compile: cmake -DGGML_METAL_EMBED_LIBRARY=ON (llama.cpp/whisper.cpp) or a prebuilt wheel")
            return Explanation(text=text, fix=fix, derived={"problem": "Metal compiler not available (Command Line Tools selected)"})
        text = f"xcrun cannot find '{util}' in the selected developer directory ({'Xcode only tool' if util else 'tool missing'})."
        fix = ("xcode-select -p to see the selection; select full Xcode if the tool is part of Xcode",)
        return Explanation(text=text, fix=fix, derived={"problem": f"'{util}' not found by xcrun"})
    return None
