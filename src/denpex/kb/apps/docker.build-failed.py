"""Computed diagnosis for docker.build-failed: which step failed, what its exit code means, and the
not-found path / image."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_EXIT = {
    1: "a generic failure of the command: its own error message is in the step output above",
    2: "a shell/usage error (bad option, syntax error in the RUN line) or a make/compile failure",
    100: "apt-get failed (package not found for this distribution, repository key or network problem)",
    126: "the command was found but is not executable (permissions, CRLF line endings in a script)",
    127: "the command does not exist in this image (install it first, or use python3/pip3)",
    137: "the step was killed by SIGKILL - almost always out of memory while compiling or installing",
    139: "the command crashed with a segmentation fault",
    143: "the step was terminated (SIGTERM), e.g. a CI timeout",
}


def _short(cmd: str) -> str:
    cmd = re.sub(r"^/bin/(?:ba)?sh (?:--login )?(?:-o pipefail )?-c ", "", cmd.replace('\\"', '"')).strip()
    return cmd if len(cmd) <= 160 else cmd[:160] + " ..."


def _tool(cmd: str) -> str | None:
    low = cmd.lower()
    for key, name in (("flash-attn", "flash-attn"), ("flash_attn", "flash-attn"), ("apex", "apex"), ("pip", "pip"), ("conda", "conda"),
                      ("mamba", "mamba"), ("apt-get", "apt-get"), ("apt ", "apt-get"), ("git clone", "git"), ("wget", "wget"),
                      ("curl", "curl"), ("setup.py", "setup.py"), ("npm", "npm"), ("make", "make")):
        if key in low:
            return name
    return None


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "dockerfile-path-missing":
        p = str(facts.get("path") or "")
        return Explanation(
            text=f"docker looked for the Dockerfile at {p} and it is not there (wrong directory, a different file name such as Dockerfile.gpu or cpu.Dockerfile, or a .txt extension on Windows).",
            fix=("Run docker build from the folder that contains the Dockerfile, or pass it explicitly: docker build -f path/to/Dockerfile <context-dir>.",),
            derived={"what": f"no Dockerfile at {p}"},
        )
    if sig == "context-path-missing":
        p = str(facts.get("path") or "")
        fix = [f"Check that {p} exists and is readable by the docker client you run (ls -ld {p}); build from an existing directory."]
        if p.startswith("/tmp"):
            fix.insert(0, "A snap-installed docker cannot read the host's /tmp: point the tool's temporary directory elsewhere (export TMPDIR=$HOME/tmp before bentoml containerize / the image build) or install docker from the distribution's packages instead of snap.")
        return Explanation(
            text=f"The docker client could not find the build context directory {p}" + (" - under /tmp, typically a temporary context written by BentoML/MLflow that a snap-confined docker cannot see." if p.startswith("/tmp") else "."),
            fix=tuple(fix),
            derived={"what": f"build context {p} not found by the docker client"},
        )
    if sig == "build-command-wrapper" and facts.get("command") is None:
        code = facts.get("exit_code")
        return Explanation(
            text="A tool ran `docker build` for you (BentoML containerize, an MLflow/SageMaker image builder) and re-raised its failure"
            + (f" (exit status {code})" if code is not None else "")
            + "; the wrapper's exception carries no cause - the failing build step and its error are in the docker build output printed above it.",
            fix=("Read the first ERROR in the docker build output above (or rerun the printed docker build command by hand with --progress=plain) and fix that step: usually a pip/apt install in the generated Dockerfile.",
                 "For BentoML: bentoml containerize <tag> --verbose shows the whole build; pin the packages in bentofile.yaml python.packages that fail to install."),
            derived={"what": "the docker build run by a Python tool failed (see the build output above)"},
        )
    if sig == "copy-source-not-found":
        p = str(facts.get("path") or "")
        return Explanation(
            text=f"A COPY/ADD source {p} is not in the build context sent to the builder (paths are relative to the context directory, cannot go above it, and .dockerignore removes files).",
            fix=(f"Build from the directory that contains {p.lstrip('/')} (docker build -f <Dockerfile> <that-dir>), fix the COPY path, or remove it from .dockerignore; for COPY --from=<stage> check the stage really produced it.",),
            derived={"what": f"COPY source {p} not in the build context"},
        )
    if sig == "base-image-not-found":
        img = str(facts.get("image") or "")
        fix = [f"Use a tag that exists: docker pull {img} fails too; look up the repository's current tags and update FROM."]
        if img.startswith("nvidia/cuda:"):
            fix.insert(0, "NVIDIA removed end-of-life nvidia/cuda tags; use a full current tag such as nvidia/cuda:12.4.1-cudnn-devel-ubuntu22.04 (or the x.y.z patch version of your CUDA).")
        return Explanation(
            text=f"The base image {img} in FROM does not exist in the registry (removed or mistyped tag).",
            fix=tuple(fix),
            derived={"what": f"base image {img} not found"},
        )
    cmd = str(facts.get("command") or "")
    code = facts.get("exit_code")
    if not cmd and code is None:
        return None
    short = _short(cmd)
    tool = _tool(cmd)
    meaning = _EXIT.get(int(code)) if isinstance(code, int) else None
    if meaning is None and isinstance(code, int) and code > 128:
        meaning = f"the step was killed by signal {code - 128}"
    parts = [f"The RUN step `{short}` exited with code {code}" + (f": {meaning}." if meaning else ".")]
    parts.append("docker's line carries no cause; the step's own output above it does.")
    fix = ["Read the output of that step above this line (rebuild with --progress=plain to see all of it) and fix its error."]
    if code == 137:
        fix.insert(0, "Give the build more memory or use fewer parallel jobs: ENV MAX_JOBS=2 (flash-attn, apex, CUDA extensions), or install a prebuilt wheel instead of compiling.")
    elif code == 127:
        fix.insert(0, "Install the missing command earlier in the Dockerfile (apt-get install -y git wget, python3-pip) or call it by its real name (python3, pip3).")
    if tool in ("flash-attn", "apex"):
        fix.append(f"{tool} compiles CUDA code: build FROM an nvidia/cuda *-devel image with torch installed first, pip install --no-build-isolation, set TORCH_CUDA_ARCH_LIST (no GPU during docker build) and MAX_JOBS; or use a prebuilt wheel matching torch/CUDA/Python.")
    elif tool == "pip":
        fix.append("Typical pip causes: versions that do not exist for the image's Python, conflicting pins, a package needing build tools (gcc, python3-dev) or network/proxy access.")
    elif tool == "apt-get":
        fix.append("Run apt-get update in the same RUN as apt-get install, use DEBIAN_FRONTEND=noninteractive, and check the package exists for the image's distribution.")
    what = f"RUN `{short[:100]}` exited with code {code}"
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"what": what})
