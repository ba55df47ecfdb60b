"""Computed diagnosis for theano.c-compilation-failed: read the compiler's stderr that Theano put in the message."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_CAUSES: list[tuple[str, str, str]] = [
    (r"recompile with -fPIC|relocation R_X86_64", "Python was built without a shared libpython (static .a cannot be linked into a module)",
     "Rebuild Python with --enable-shared (pyenv: PYTHON_CONFIGURE_OPTS=--enable-shared pyenv install <ver>) or use a conda Python."),
    (r"Python\.h: No such file", "Python development headers are missing",
     "apt install python3-dev (yum install python3-devel), or use a conda Python."),
    (r"No such file or directory", "the compiler was given a path that does not exist - on Windows usually an install path with a space split in two",
     "Move Anaconda/the compiledir to a path without spaces, or set THEANO_FLAGS=base_compiledir=C:\\theano."),
    (r"not recognized as an internal or external command|g\+\+(?:\.exe)?: (?:command )?not found|cannot find -lpython",
     "the compiler or the Python library is not on the search path",
     "conda install m2w64-toolchain libpython (Windows) or apt install g++ (Linux)."),
    (r"unsupported GNU version|host compiler", "nvcc does not support this host compiler version",
     "Use a g++ version supported by the installed CUDA (nvcc -ccbin g++-X) or the libgpuarray back end."),
]


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    detail = str(facts.get("detail") or "")
    status = facts.get("status")
    compiler = "nvcc" if sig == "cuda-ndarray-nvcc" else "C++"
    node = str(facts.get("node") or "").strip()
    if sig == "c-code-temp-file" and status is None:
        tmp = str(facts.get("tmpfile") or "").strip()
        text = ("Theano could not compile the C code it generated and saved it to " + (tmp or "a temporary file")
                + "; the 'Compilation failed (return status=N)' line with the compiler's error was cut off from this log.")
        fix = ("Look for the full exception (or rerun and keep the whole output): the compiler error after 'Compilation failed' names the cause.",
               "Check that the compiler runs from this shell (g++ --version) and that THEANO_FLAGS=cxx= works as a fallback.")
        return Explanation(text=text, fix=fix, derived={"compiler": compiler, "diagnosis": "compilation failed, compiler output cut off"})
    for rx, why, todo in _CAUSES:
        if re.search(rx, detail):
            text = f"The {compiler} compiler Theano called failed (status {status}): {why}."
            if node:
                text += f" Node being compiled: {node}."
            return Explanation(text=text, fix=(todo, "Then clear stale modules: theano-cache purge"),
                               derived={"compiler": compiler, "diagnosis": why})
    text = (f"The {compiler} compiler Theano called returned status {status}. The compiler output in the message "
            "(and the 'Problem occurred during compilation with the command line below' block before it) names the cause.")
    if node:
        text += f" Node being compiled: {node}."
    fix = ("Run the printed command line by hand to see the full compiler error.",
           "Check that the compiler runs from this shell (g++ --version) and that THEANO_FLAGS=cxx= works as a fallback.")
    return Explanation(text=text, fix=fix, derived={"compiler": compiler, "diagnosis": "toolchain error"})
