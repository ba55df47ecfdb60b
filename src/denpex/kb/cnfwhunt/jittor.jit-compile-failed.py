"""Computed diagnosis for jittor.jit-compile-failed: which compiler failed, on what, with which GCC."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cmd = facts.get("cmd")
    check = str(facts.get("check") or "").strip()
    if check and not cmd:
        short = check.split("  ")[0]
        return Explanation(
            text=(f"Jittor's JIT cache stopped before any compiler ran (cache_compile.cc: Check failed: {short}): the generated "
                  "source or one of its includes could not be read. Usual causes: a stale or half-written ~/.cache/jittor from "
                  "another Jittor version, or a path Jittor cannot read (non-ASCII user name on Windows)."),
            fix=("pip install -U jittor (1.3.7.5 or newer), then rm -rf ~/.cache/jittor (Windows: %USERPROFILE%\\.cache\\jittor) and rerun.",
                 "On Windows, keep the cache on an ASCII-only path: set cache_path=C:\\jittor_cache before importing jittor."),
            derived={"diagnosis": f"JIT cache check failed: {short}", "compiler": "the JIT cache", "source": "generated sources"})
    if not isinstance(cmd, str) or not cmd:
        return Explanation(text="Jittor failed to compile a generated operator; the compiler errors are printed just above the failure.",
                           fix=("rm -rf ~/.cache/jittor and rerun python -m jittor.test.test_example to see the first compiler error.",),
                           derived={"diagnosis": "operator compile failed", "compiler": "the compiler", "source": "an operator"})
    quoted = re.findall(r'"([^"]+)"', cmd)
    compiler_path = quoted[0] if quoted else cmd.split()[0]
    compiler = re.split(r"[\\/]", compiler_path)[-1]
    source = next((re.split(r"[\\/]", q)[-1] for q in quoted[1:] if re.search(r"\.(cu|cc|cpp)$", q)), "a generated source")
    gxx = facts.get("gxx_version")
    if not gxx:
        m = re.search(r"[\\/]g\+\+(\d+\.\d+(?:\.\d+)?)[\\/]", cmd)
        gxx = m.group(1) if m else None
    cuda = re.search(r"cuda(\d+\.\d+)_cudnn", cmd)
    bundled = "jtcuda" in cmd
    gmajor = int(str(gxx).split(".")[0]) if gxx else None
    fix: list[str] = []
    derived: dict[str, Any] = {"compiler": compiler, "source": source}
    if compiler.startswith("nvcc") and bundled and gmajor and gmajor >= 11:
        diagnosis = f"bundled CUDA {cuda.group(1) if cuda else '11.2'} nvcc with GCC {gxx}"
        text = (f"Jittor uses its own CUDA {cuda.group(1) if cuda else '11.2'} (jtcuda), whose nvcc supports host GCC up to 10, "
                f"but the host compiler is g++ {gxx}: {source} fails inside the GCC {gmajor} headers.")
        fix += ["sudo apt install g++-10 && export cc_path=/usr/bin/g++-10  (then rm -rf ~/.cache/jittor)",
                "or install a CUDA toolkit >= 11.8 and export nvcc_path=/usr/local/cuda/bin/nvcc"]
    elif compiler.startswith("nvcc") and compiler.endswith(".exe"):
        diagnosis = "nvcc on Windows"
        text = (f"nvcc.exe failed on {source}: on Windows this is usually an MSVC version nvcc does not accept, missing build tools, "
                "or a non-ASCII path in the cache/site-packages location.")
        fix += ["Install the Visual Studio Build Tools version Jittor documents and keep the user/cache path ASCII-only, or use WSL2.",
                "Delete %USERPROFILE%\\.cache\\jittor and rerun."]
    elif compiler.startswith("nvcc"):
        diagnosis = "nvcc compile error"
        text = f"nvcc failed on {source}" + (f" with host g++ {gxx}" if gxx else "") + "; the nvcc errors are printed above the traceback."
        fix += ["Check nvcc --version supports your g++ (CUDA 11.2: GCC <= 10; CUDA 12.x: GCC <= 12/13); set cc_path or nvcc_path accordingly.",
                "rm -rf ~/.cache/jittor and rerun."]
    elif compiler.startswith(("g++", "clang", "c++", "cl")):
        diagnosis = f"{compiler} compile error"
        text = f"The host compiler {compiler} failed on {source}; read its errors above the traceback (missing Python headers, unsupported flags such as -march=native, or a broken cache)."
        fix += ["Install the Python development headers (python3-dev) and build tools, rm -rf ~/.cache/jittor, rerun."]
    else:
        diagnosis = "compiler command failed"
        text = f"The command {compiler} exited with an error while Jittor built {source}."
        fix += ["rm -rf ~/.cache/jittor and rerun; check the tool exists and runs from the shell."]
    derived["diagnosis"] = diagnosis
    return Explanation(text=text, fix=tuple(fix), derived=derived)
