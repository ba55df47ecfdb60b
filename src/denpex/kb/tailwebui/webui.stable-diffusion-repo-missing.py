"""Computed diagnosis for webui.stable-diffusion-repo-missing: read the candidate folders."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    raw = facts.get("paths")
    if not isinstance(raw, str) or not raw:
        return None
    paths = [p.replace("\\\\", "\\") for p in re.findall(r"'([^']*)'", raw)]
    if not paths:
        return None
    first = paths[0]
    norm = first.replace("\\", "/")
    fix: list[str] = []
    if "/content/" in norm or "/workspace/" in norm or norm.rstrip("/").endswith("/stablediffusion"):
        diagnosis = "notebook layout mismatch"
        text = (f"The first place searched is {first}: a notebook (Colab/RunPod) layout. The notebook's folder for the "
                "Stable Diffusion code does not match the web UI version it runs.")
        fix.append("Open the notebook's latest version and re-run its install cells (they fetch the matching web UI and repositories).")
    elif "repositories" in norm:
        base = norm.split("repositories")[0].rstrip("/") or "."
        sub = norm.split("repositories", 1)[1].strip("/") or "stable-diffusion-stability-ai"
        diagnosis = f"repositories/{sub} missing or incomplete"
        text = (f"The web UI at {base} has no usable repositories/{sub} (no ldm/models/diffusion/ddpm.py in it): the "
                "launcher's git clone failed or was interrupted.")
        fix.append(f"Delete {base}/repositories/{sub} and start with webui.bat / ./webui.sh to clone it again; watch the clone output for errors.")
        fix.append(f"Or clone it by hand: git clone https://github.com/Stability-AI/stablediffusion {base}/repositories/{sub} "
                   "(or the mirror set in STABLE_DIFFUSION_REPO) and check out the commit pinned in modules/launch_utils.py.")
    else:
        diagnosis = "started from the wrong place"
        text = (f"None of the searched folders ({', '.join(paths)}) is a repositories/ folder: webui.py was started directly "
                "or from another working directory, so the launcher never prepared repositories/.")
        fix.append("Start the web UI through webui.bat / ./webui.sh (or python launch.py) from its own folder.")
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis, "first_path": first})
