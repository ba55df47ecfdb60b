"""Computed diagnosis for webui.launch-install-failed: Python-version mismatch vs pin gone vs network/disk/build."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def _minor(v: str) -> int | None:
    m = re.match(r"3\.(\d+)", v or "")
    return int(m.group(1)) if m else None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    package = str(facts.get("package") or "").strip().rstrip(".").strip()
    if not package and facts.get("requested"):
        package = "torch"
    if not package:
        return None
    pip_error = str(facts.get("pip_error") or "")
    pyver = str(facts.get("python_version_warn") or facts.get("python_version") or "")
    minor = _minor(pyver)
    code = facts.get("error_code")
    derived: dict[str, Any] = {"package": package}
    fix: list[str] = []
    reason = "pip failed (see stderr)"
    m = re.search(r"\(from versions: ([^)]*)\)", pip_error)
    pinned = re.search(r"requirement (\S+)", pip_error)
    if pyver:
        derived["python_version"] = pyver
    if m:
        versions = [v.strip() for v in m.group(1).split(",") if v.strip()]
        want = pinned.group(1) if pinned else package
        derived["requested"] = want
        if not versions or versions == ["none"]:
            reason = f"no wheel at all for {want} on this Python/platform"
            text = (f"pip found no installable version of {want}: there is no wheel for this Python"
                    + (f" ({pyver})" if pyver else "") + " / platform (32-bit Python, Python 3.12+, or an index without it).")
        else:
            derived["first_available"] = versions[0]
            reason = f"{want} is not available; versions start at {versions[0]}"
            text = (f"{want} is not offered for this Python"
                    + (f" ({pyver})" if pyver else "") + f"; the index has {versions[0]} .. {versions[-1]}. "
                    "The pin is older than any wheel built for this Python, i.e. the venv's Python is too new for this web UI release.")
        fix.append("Install Python 3.10.6 (64-bit), delete the venv folder, set PYTHON (webui-user.bat) / python_cmd (webui-user.sh) to it, relaunch.")
        if package == "torch":
            fix.append("Or override the pin: set TORCH_COMMAND=pip install torch==2.1.2 torchvision==0.16.2 --extra-index-url https://download.pytorch.org/whl/cu121 (must exist for your Python).")
    elif minor is not None and minor >= 12:
        reason = f"Python {pyver} is newer than the web UI supports"
        text = (f"The venv runs Python {pyver}; A1111-based releases pin packages built for Python 3.10, so installing "
                f"{package} fails.")
        fix.append("Install Python 3.10.6, delete the venv folder, point PYTHON / python_cmd at 3.10, relaunch.")
    elif re.search(r"OSError|No space left", pip_error):
        reason = "file system error (disk full, locked or permission)"
        text = f"pip could not write {package} into the venv: {pip_error}"
        fix.append("Free disk space / close other Python processes / exclude the web UI folder from antivirus, delete venv, relaunch.")
    elif re.search(r"Failed to build|Failed building wheel", pip_error):
        reason = "a package had to be compiled and the build failed"
        text = f"Installing {package} required building a package from source, which failed ({pip_error})."
        fix.append("Use Python 3.10 (wheels exist there) or install the build tools (MSVC Build Tools / build-essential), then retry.")
    elif re.search(r"timed out|Could not fetch URL|HASHES", pip_error):
        reason = "download problem"
        text = f"pip could not download {package} cleanly ({pip_error})."
        fix.append("Retry; check proxy (HTTPS_PROXY), remove a custom INDEX_URL mirror, or clear the pip cache (pip cache purge).")
    else:
        text = (f"pip exited with code {code} while installing {package}; the stderr block after the error says why." if code is not None
                else f"pip failed while installing {package}; its own error (printed above, or in the console of the first start) says why.")
        fix.append("Run the shown Command by hand inside the venv to see the full pip error, then fix that (Python version, network, disk).")
    if package not in ("torch", "requirements", "clip", "open_clip", "gfpgan", "xformers", "requirements for Web UI") and "requirement" in package:
        fix.append("This is an extension's requirement: the UI can still start; install it manually in the venv or disable the extension.")
    derived["reason"] = reason
    return Explanation(text=text, fix=tuple(fix), derived=derived)
