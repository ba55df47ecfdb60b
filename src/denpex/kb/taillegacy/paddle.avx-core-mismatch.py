"""Computed diagnosis for paddle.avx-core-mismatch: which of the three import cases this is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    core = str(facts.get("core") or "")
    path = str(facts.get("core_path") or "")
    if sig in ("no-avx-machine", "no-avx-machine-2-0"):
        text = ("This CPU (as Python sees it) has no AVX and the installed wheel only contains core_avx. "
                "Either the hardware is old, or a VM / emulation layer (Docker amd64 on Apple Silicon, QEMU) hides AVX.")
        fix = ("pip uninstall -y paddlepaddle paddlepaddle-gpu, then install the noavx build for this Python: "
               "pip install paddlepaddle==<ver> -f https://www.paddlepaddle.org.cn/whl/linux/mkl/noavx/stable.html",
               "or run on a machine/VM that exposes AVX (grep -c avx /proc/cpuinfo > 0).")
        return Explanation(text=text, fix=fix, derived={"core_label": "AVX", "case": "CPU without AVX, AVX-only wheel"})
    if sig == "core-exists-import-failed":
        label = "no-AVX" if core == "noavx" else "AVX"
        where = f" ({path})" if path else ""
        text = (f"The {label} core file exists{where} but importing it raised: the CPU check passed, so a library the core "
                "links against is missing or incompatible. The exception printed right after this line names it.")
        fix = ("Read the ImportError that follows: libgomp.so.1 -> apt install libgomp1 (yum install libgomp); "
               "libcudart/libcudnn -> install the CUDA/cuDNN versions the paddlepaddle-gpu wheel was built for; "
               "DLL load failed on Windows -> install the VC++ 2017+ redistributable.",
               f"Check directly: python -c 'import paddle.fluid.core_{core or 'avx'}'")
        return Explanation(text=text, fix=fix, derived={"core_label": label, "case": "core present but failed to load"})
    if sig == "installed-incorrect":
        text = "The CPU has AVX but neither core_avx nor core_noavx could be imported: the Paddle install is incomplete or mixed."
        fix = ("pip uninstall -y paddlepaddle paddlepaddle-gpu; pip install --force-reinstall paddlepaddle-gpu==<ver> (or paddlepaddle).",)
        return Explanation(text=text, fix=fix, derived={"core_label": "any", "case": "broken install"})
    return None
