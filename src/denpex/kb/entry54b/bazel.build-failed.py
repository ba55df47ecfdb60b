"""Computed diagnosis for bazel.build-failed: which Bazel phase failed, on which target, and the fix for that phase."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_PHASE_BY_SIGNATURE = {
    "genrule-failed": "genrule",
    "cpp-compile-failed": "compile",
    "link-failed": "link",
    "link-output-failed": "link",
    "repository-fetch-failed": "fetch",
    "analysis-failed": "analysis",
    "configure-bazel-version": "version-check",
    "workspace-version-check": "version-check",
    "build-not-complete": "unknown",
}

_PHASE_TEXT = {
    "genrule": "genrule (a script run by the build)",
    "compile": "C++ compilation",
    "link": "linking",
    "fetch": "repository fetch",
    "analysis": "analysis",
    "version-check": "Bazel version check",
    "unknown": "unknown (only the final FAILED summary line was seen)",
}


def _version_tuple(v: str) -> tuple[int, ...]:
    parts = []
    for piece in v.split("-")[0].split("."):
        if not piece.isdigit():
            break
        parts.append(int(piece))
    return tuple(parts)


def _explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    phase = _PHASE_BY_SIGNATURE.get(sig)
    if phase is None:
        return None
    target = str(facts.get("target") or facts.get("repository") or "").strip()
    exit_code = facts.get("exit_code")
    derived: dict[str, Any] = {"phase": phase, "phase_text": _PHASE_TEXT[phase]}
    derived["target_text"] = f" ({'@' + target if phase == 'fetch' else target})" if target else ""
    fix: list[str] = []
    if phase == "genrule":
        text = (f"The genrule {target or '(unnamed)'} exited {exit_code}: a script run during the build failed, "
                "usually a Python import in the build environment (numpy, protobuf, the interpreter ./configure chose).")
        if "api_gen" in target or "pip_package" in target:
            text += " TensorFlow's API generation imports the freshly built package, so numpy/protobuf versions matter here."
        if str(exit_code) == "-1":
            text += " Exit -1 means the action could not start at all (on Windows: bash/MSYS not found or not allowed)."
            fix.append("Windows: install MSYS2 and set BAZEL_SH to its bash.exe; build from a path without spaces.")
        fix += ["Rerun with --verbose_failures --sandbox_debug to see the script's traceback.",
                "Install the project's build requirements (numpy, protobuf, packaging at its pinned versions) into the Python ./configure selected."]
    elif phase in ("compile", "link"):
        what = "C++ compilation" if phase == "compile" else "Linking"
        text = f"{what} of {target or 'a rule'} failed" + (f" (Exit {exit_code})" if exit_code is not None else "") + \
            ": the compiler / toolchain or a dependency's sources did not build."
        if target.startswith("@"):
            text += f" The rule is in the external repository {target.split('//')[0]}, so the toolchain (not your code) is the suspect."
        if str(exit_code) == "4":
            text += " Exit 4 from gcc often means the compiler was killed (out of memory)."
            fix.append("Limit parallel actions: --jobs=4 --local_ram_resources=HOST_RAM*.5")
        fix += ["Use the compiler version listed in the project's tested build configurations.",
                "For Android targets run ./configure and set the NDK/SDK paths (an unconfigured NDK compiles with 'false')."]
    elif phase == "fetch":
        text = (f"Bazel could not fetch the external repository {target or '(unnamed)'}: network, proxy, a mirror URL "
                "that no longer exists, a checksum mismatch, or a corrupt repository cache.")
        fix += ["Check HTTPS_PROXY / git access from the machine running the Bazel server, then retry.",
                "bazel clean --expunge (drops a corrupt download), or pre-download into --distdir / --repository_cache."]
    elif phase == "analysis":
        text = (f"Analysis of {target or 'the target'} failed: an error in loading its BUILD/.bzl files, most often a "
                "Bazel release that does not match the project's .bazelversion or rules_* versions.")
        fix += ["cat .bazelversion; install bazelisk so that exact Bazel release is used.",
                "Read the ERROR line printed just above (the .bzl error) for the symbol or attribute Bazel lacks."]
    elif phase == "version-check":
        need = str(facts.get("required_version") or "").strip()
        have = str(facts.get("current_version") or "").strip()
        direction = str(facts.get("direction") or "upgrade")
        word = "at least" if direction == "upgrade" else "at most"
        text = f"The project requires Bazel {word} {need or '(see message)'}" + (f"; bazel {have} is installed." if have else ".")
        hv, nv = _version_tuple(have), _version_tuple(need)
        if hv and nv:
            derived["version_compare"] = "older" if hv < nv else ("newer" if hv > nv else "equal")
            if direction == "upgrade" and hv >= nv:
                text += (" The installed release is not actually older: this checkout compares versions as strings "
                         "(0.10 < 0.4), a bug of old TensorFlow checks; use the Bazel release its docs name for that version.")
        derived["target_text"] = f" (needs Bazel {word} {need})" if need else ""
        fix.append(f"Install bazelisk and set USE_BAZEL_VERSION={need}" if need else "Install bazelisk and use .bazelversion")
    else:
        text = ("Only Bazel's final summary line was found; the cause is the first 'ERROR:' line earlier in the full log "
                "(fetch, analysis, genrule or compile step).")
        fix.append("Rerun with --verbose_failures and keep the whole output; search it for the first 'ERROR:'.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    try:
        return _explain(facts)
    except (TypeError, ValueError, AttributeError, KeyError, OverflowError):
        return None
