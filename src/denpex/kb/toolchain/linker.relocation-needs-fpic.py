"""Computed diagnosis for linker.relocation-needs-fpic: which input lacks -fPIC and how to rebuild or replace it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    obj = str(facts.get("object") or "").strip()
    reloc = str(facts.get("relocation") or "")
    kind = str(facts.get("output_kind") or "shared")
    if not obj and not reloc:
        return None
    derived: dict[str, Any] = {}
    m = re.match(r"(?P<archive>.+?\.a)\((?P<member>[^()]+)\)", obj)
    target = "PIE executable" if kind in ("PIE", "PDE") else ("shared object" if facts.get("output_kind") else "shared object or PIE")
    flag = "-fPIE (or -fPIC)" if kind == "PIE" else "-fPIC"
    if m:
        archive = m.group("archive")
        derived["archive"] = archive
        base = archive.rsplit("/", 1)[-1]
        text = (f"{base} (member {m.group('member')}) holds position-dependent code ({reloc or 'absolute relocations'}), "
                f"so it cannot be linked into a {target}.")
        if base.startswith("libpython"):
            text += " It is the interpreter's static library: this Python was built without --enable-shared."
            fix = ("Do not link libpython into the extension: drop -lpython3.X / Python3_LIBRARIES (CMake: link Python3::Module).",
                   "Or use a Python that ships libpython3.X.so (distro, conda, python.org), e.g. "
                   "PYTHON_CONFIGURE_OPTS=--enable-shared pyenv install <version>.")
        else:
            fix = (f"Rebuild {base} with {flag}: CMake -DCMAKE_POSITION_INDEPENDENT_CODE=ON, autotools ./configure --with-pic "
                   "(or CFLAGS=-fPIC CXXFLAGS=-fPIC), then relink.",
                   f"Or link the shared library instead of {base} (install the distro -dev package providing {base[:-2]}.so).")
    else:
        where = obj or "an input object"
        text = f"{where} was compiled without {flag} ({reloc or 'absolute relocation'}), and the linker is building a {target}."
        if kind == "PIE":
            fix = ("Compile with -fPIE/-fPIC (or set CMAKE_POSITION_INDEPENDENT_CODE=ON); for a program that must stay "
                   "position-dependent link it with -no-pie.",)
        else:
            fix = ("Add -fPIC to the compile flags of that object (CFLAGS/CXXFLAGS, CMake POSITION_INDEPENDENT_CODE ON, "
                   "nvcc -Xcompiler -fPIC for .cu files) and rebuild from clean.",)
    return Explanation(text=text, fix=fix, derived=derived)
