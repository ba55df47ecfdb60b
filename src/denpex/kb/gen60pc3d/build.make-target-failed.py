"""Computed diagnosis for build.make-target-failed: compile vs link vs propagated failure, from the target name."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_OBJ = re.compile(r"(?P<src>[^/\\]+?\.(?:c|cc|cpp|cxx|cu|C|f90))\.(?:o|obj)$")
_LIB = re.compile(r"\.(?:so(?:\.\d+)*|a|dylib|dll|lib|exe)$")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    target = str(facts.get("target") or "").strip()
    if not target:
        return None
    err = str(facts.get("compile_error") or "").strip()
    m = _OBJ.search(target)
    if m:
        src = m.group("src")
        diagnosis = f": {src} did not compile"
        text = f"The compiler failed on {src} (target {target})."
        fix = [f"make -j1 VERBOSE=1 2>&1 | grep -n -m1 -A8 'error' # the first error in {src}"]
    elif target == "all" or target.endswith("/all") or target in ("install", "default_target"):
        diagnosis = ": a sub-target failed earlier (propagated)"
        text = (f"'{target}' only propagates a failure from a nested make; the failing object or link target and the "
                "compiler/linker message are printed above it.")
        fix = ["make -j1 2>&1 | grep -n -m1 -B2 -A10 -E 'error:|undefined reference|cannot find -l'"]
    elif _LIB.search(target) or "/devel/lib/" in target or "/bin/" in target or "/lib/" in target:
        diagnosis = ": the link step failed"
        text = (f"Linking {target} failed: look above for 'undefined reference to' (a library missing from "
                "target_link_libraries or built with another ABI) or 'cannot find -lX'.")
        fix = ["make -j1 VERBOSE=1 2>&1 | grep -n -m5 -E 'undefined reference|cannot find -l|ld returned'"]
    else:
        diagnosis = ""
        text = f"The recipe for {target} exited non-zero; its own output above says why."
        fix = ["make -j1 VERBOSE=1 2>&1 | tail -50"]
    if err:
        text += f" The first compiler message seen above: '{err[:200]}'."
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
