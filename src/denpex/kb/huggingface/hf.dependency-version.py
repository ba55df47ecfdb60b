"""Computed diagnosis for hf.dependency-version: which clause of the version requirement the installed release
breaks (too old, too new, an excluded release) and the pip command that satisfies it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CLAUSE = re.compile(r"(===|==|!=|>=|<=|~=|>|<)\s*([0-9][\w.*+!-]*)")
_NAME = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)")


def _vt(v: str) -> tuple[int, ...]:
    """Release tuple of a version string: '4.46.0.dev0' -> (4, 46, 0); pre/dev suffixes ignored."""
    out: list[int] = []
    for part in v.split("+", 1)[0].split("."):
        m = re.match(r"\d+", part)
        if not m:
            break
        out.append(int(m.group(0)))
        if m.group(0) != part:
            break
    return tuple(out)


def _cmp(a: tuple[int, ...], b: tuple[int, ...]) -> int:
    n = max(len(a), len(b))
    a2, b2 = a + (0,) * (n - len(a)), b + (0,) * (n - len(b))
    return (a2 > b2) - (a2 < b2)


def _broken(found: str, clauses: list[tuple[str, str]]) -> list[tuple[str, str, str]]:
    """The clauses the found version fails, each with a kind: 'old', 'new' or 'excluded'."""
    f = _vt(found)
    bad: list[tuple[str, str, str]] = []
    for op, want in clauses:
        if want.endswith(".*"):
            prefix = _vt(want[:-2])
            match = f[: len(prefix)] == prefix
            if op == "!=" and match:
                bad.append((op, want, "excluded"))
            elif op == "==" and not match:
                bad.append((op, want, "old" if _cmp(f, prefix) < 0 else "new"))
            continue
        w = _vt(want)
        c = _cmp(f, w)
        if (op == ">=" and c < 0) or (op == ">" and c <= 0) or (op == "~=" and c < 0):
            bad.append((op, want, "old"))
        elif (op == "<=" and c > 0) or (op == "<" and c >= 0):
            bad.append((op, want, "new"))
        elif op in ("==", "===") and c != 0:
            bad.append((op, want, "old" if c < 0 else "new"))
        elif op == "!=" and c == 0:
            bad.append((op, want, "excluded"))
        elif op == "~=" and len(w) > 1 and f[: len(w) - 1] != w[: len(w) - 1]:
            bad.append((op, want, "new"))
    return bad


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    g = {k: str(v) for k, v in facts.items() if v not in (None, "")}
    if "from_type" in g and "to_type" in g:
        a, b = g["from_type"], g["to_type"]
        return Explanation(
            text=(f"A '{a}' checkpoint is being loaded into a '{b}' class. Harmless when one wraps the other (a vision-language or "
                  "encoder checkpoint loaded into its text or base sub-model); if a real error follows, the class is wrong for "
                  "this checkpoint or the installed transformers predates the model."),
            fix=(f"If loading fails after this line, load with the class the model card names for '{a}' (or AutoModel*), and check the transformers version it requires.",),
            derived={"what": f"'{a}' checkpoint loaded as '{b}' (warning)"},
        )
    if "min_accelerate" in g:
        v = g["min_accelerate"]
        return Explanation(
            text=f"Trainer/TrainingArguments needs accelerate >= {v} and it is missing or older in this environment.",
            fix=(f"pip install -U 'accelerate>={v}' (or pip install -U 'transformers[torch]') in the environment that runs the script, then restart the kernel/process.",),
            derived={"what": f"accelerate >= {v} needed by Trainer"},
        )
    req = g.get("requirement", "")
    m = _NAME.match(req)
    pkg = g.get("pkg") or (m.group(1) if m else "")
    clauses = _CLAUSE.findall(req)
    found = g.get("found", "")
    if not pkg:
        return None
    quoted = f"'{req}'" if req else pkg
    if not found:
        by = g.get("required_by")
        return Explanation(
            text=(f"{by or 'A package'} declares {req} in its metadata and the installed {pkg} does not satisfy it "
                  "(or is not installed); the check runs when the package is imported."),
            fix=(f"pip install {quoted} (read 'pip show {pkg}' first: a different version installed by another package, or an editable/source build such as 4.49.0.dev0, fails the check).",
                 f"Or install the release of {by} that supports your {pkg}." if by else "Or upgrade the package that declares the requirement."),
            derived={"what": f"{req} required" + (f" by {by}" if by else "")},
        )
    bad = _broken(found, clauses)
    kinds = {k for _, _, k in bad}
    fix: list[str] = []
    lf = "DISABLE_VERSION_CHECK" in g.get("hint", "")
    if "new" in kinds:
        limit = ", ".join(f"{op}{w}" for op, w, k in bad if k == "new")
        text = f"{pkg} {found} is newer than this code supports ({limit}): the code was written and tested against older {pkg} releases."
        fix.append(f"pip install {quoted} (pins {pkg} back into the supported range).")
        fix.append(f"Or upgrade the package that runs the check (LLaMA-Factory, a ComfyUI node, ...) to a release that supports {pkg} {found}; newer models often need the newer {pkg}, so prefer this when the model requires it.")
        what = f"{pkg} {found} too new ({limit})"
    elif "old" in kinds:
        limit = ", ".join(f"{op}{w}" for op, w, k in bad if k == "old")
        text = f"{pkg} {found} is older than this code needs ({limit})."
        fix.append(f"pip install -U {quoted}")
        what = f"{pkg} {found} too old ({limit})"
    elif "excluded" in kinds:
        ex = ", ".join(f"{op}{w}" for op, w, k in bad if k == "excluded")
        text = f"{pkg} {found} is a release this code explicitly excludes ({ex}), usually for a known bug in it."
        fix.append(f"pip install {quoted} (any other release in the range).")
        what = f"{pkg} {found} excluded ({ex})"
    else:
        text = f"{pkg} {found} does not satisfy {req} (a pre-release or local build such as .dev0 compares below the release it precedes)."
        fix.append(f"pip install {quoted}")
        what = f"{pkg} {found} vs {req}"
    if lf:
        fix.append("LLaMA-Factory only: DISABLE_VERSION_CHECK=1 skips the check, at your own risk (the pinned range is what its code is tested with).")
    return Explanation(text=text, fix=tuple(fix), derived={"what": what})
