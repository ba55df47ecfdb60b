"""Computed diagnosis for pip.invalid-editable-requirement: what kind of value pip got after -e."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _kind(req: str) -> str:
    if req.startswith("-"):
        return "option"
    if re.match(r"^(?:git|hg|svn|bzr)\+", req):
        return "vcs-url"
    if re.match(r"^[A-Za-z][A-Za-z0-9_.-]*@", req) and not req.startswith("git@"):
        return "name-at-path"
    if re.search(r"(?:==|>=|<=|~=|!=)", req):
        return "version-pin"
    if req.startswith("/") or re.match(r"^[A-Za-z]:[\\/]", req) or req.startswith("~"):
        return "absolute-path"
    if "git@" in req or req.startswith(("http://", "https://")):
        return "url-no-vcs-prefix"
    return "relative-path"


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    req = facts.get("requirement")
    if not isinstance(req, str) or not req:
        return None
    req = req.rstrip(".,;:") if not req.endswith("/.") and req not in (".", "..") else req
    kind = _kind(req)
    derived: dict[str, Any] = {"requirement_kind": kind}
    fix: list[str] = []
    if kind == "option":
        text = (
            f"pip got '{req}' as the editable target: the path after -e was left out, so the next option was read as the path "
            "(typically 'mim install -v -e' or 'pip install -e' without the trailing '.')."
        )
        fix.append("cd <repository root> && mim install -v -e .   # or: pip install -v -e .")
    elif kind == "vcs-url":
        text = f"'{req}' starts like a VCS URL but pip cannot parse it (scp-style host:path, missing ://, or a broken scheme)."
        m = re.search(r"github\.com[:/]([^/@#]+)/([^@#]+?)(?:\.git)?(?:@([^#]+))?(?:#(.*))?$", req)
        if m:
            ref = f"@{m.group(3)}" if m.group(3) else ""
            egg = f"#{m.group(4)}" if m.group(4) else ""
            good = f"git+https://github.com/{m.group(1)}/{m.group(2)}.git{ref}{egg}"
            derived["suggested_url"] = good
            fix.append(f"pip install -e '{good}'")
        else:
            fix.append("Use git+https://HOST/ORG/REPO.git[@REF][#egg=NAME] or git+ssh://git@HOST/ORG/REPO.git.")
    elif kind == "name-at-path":
        name, _, path = req.partition("@")
        text = f"'{req}' puts the package name in front of the path; an editable requirement is just the path ({path or '.'})."
        fix.append(f"pip install -e {path or '.'}")
    elif kind == "version-pin":
        base = re.split(r"(?:==|>=|<=|~=|!=)", req, maxsplit=1)[0]
        text = f"'{req}' carries a version specifier; editable installs take a path (with optional extras) only."
        fix.append(f"pip install -e '{base}'")
    elif kind == "absolute-path":
        home = re.match(r"^(/home/[^/]+|/Users/[^/]+|[A-Za-z]:[\\/]Users[\\/][^\\/]+)", req)
        if home:
            derived["foreign_home"] = home.group(1)
        text = (
            f"'{req}' is an absolute path that does not exist (or is not a project) on this machine"
            + (f"; it lives under {home.group(1)}, likely the author's home directory copied from a requirements file." if home else ".")
        )
        fix.append(f"Clone that project locally and replace the line with '-e ./<your clone>' (or its git URL); check: ls {req}")
    elif kind == "url-no-vcs-prefix":
        text = f"'{req}' is a URL without a git+ prefix; pip needs git+https://... (or git+ssh://git@...) for editable VCS installs."
        fix.append("pip install -e 'git+https://github.com/ORG/REPO.git#egg=NAME'")
    else:
        text = (
            f"'{req}' is treated as a local path but no such project directory exists from the current folder "
            "(run from the repository root, clone the missing folder, or fix the path)."
        )
        fix.append(f"pwd && ls -d {req.split('[')[0]} && pip install -e '{req}'")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
