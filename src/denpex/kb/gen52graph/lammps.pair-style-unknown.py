"""Computed diagnosis for lammps.pair-style-unknown: which package or patch provides the style."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# Pair styles shipped outside LAMMPS as patches or plugins, and how they are added.
_PATCHED = {
    "nequip": ("pair_nequip", "https://github.com/mir-group/pair_nequip"),
    "allegro": ("pair_allegro", "https://github.com/mir-group/pair_allegro"),
    "mlip": ("interface-lammps-mlip-2", "https://gitlab.com/ashapeev/interface-lammps-mlip-2"),
}
# Common in-tree styles whose package is not named by old LAMMPS wordings.
_PACKAGE = {
    "sw": "MANYBODY", "tersoff": "MANYBODY", "eam/alloy": "MANYBODY", "eam/fs": "MANYBODY", "eam": "MANYBODY",
    "meam": "MEAM", "reax/c": "REAXFF", "reaxff": "REAXFF", "quip": "ML-QUIP", "mliap": "ML-IAP",
    "snap": "ML-SNAP", "pace": "ML-PACE", "hdnnp": "ML-HDNNP", "nnp": "ML-HDNNP", "mace": "ML-IAP",
    "airebo": "MANYBODY", "lj/cut/coul/long": "KSPACE", "deepmd": "DEEPMD (deepmd-kit plugin)",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    style = facts.get("pair_style")
    package = facts.get("package")
    if not style and not package:
        return Explanation(
            text="LAMMPS stopped at the pair_style line: this binary was built without the package of that style "
                 "(this old wording does not print the name; read it from the input script's pair_style line).",
            fix=("lmp -h | sed -n '/Pair styles/,/Pair_modify/p'  # styles this binary has",
                 "rebuild with the package: cmake ../cmake -D PKG_<PACKAGE>=on && cmake --build ."),
            derived={"diagnosis": "style not compiled in (name not printed)"})
    style = str(style or "")
    base = style.split("/kk")[0].split("/gpu")[0].split("/omp")[0]
    if base in _PATCHED:
        repo, url = _PATCHED[base]
        text = (f"'{style}' is not a LAMMPS style: it comes from the {repo} patch ({url}). This lmp was not patched "
                f"and rebuilt with it, or the job runs another lmp than the rebuilt one.")
        fix = (f"git clone {url} && cd {repo} && ./patch_lammps.sh /path/to/lammps",
               "rebuild LAMMPS against libtorch (cmake ../cmake -D CMAKE_PREFIX_PATH=<libtorch dir>) and run that lmp by full path")
        return Explanation(text=text, fix=fix, derived={"diagnosis": f"out-of-tree {repo} not compiled in"})
    pkg = str(package) if package else _PACKAGE.get(base)
    suffix = ""
    if style != base:
        suffix = f" The suffix of '{style}' also needs its accelerator package (KOKKOS/GPU/OPENMP) in the build."
    if pkg:
        text = f"Pair style '{style}' lives in the {pkg} package, which this LAMMPS binary was built without.{suffix}"
        fix = (f"cmake ../cmake -D PKG_{pkg.split(' ')[0]}=on && cmake --build .   (make: make yes-{pkg.split(' ')[0].lower()} && make mpi)",
               "run the rebuilt binary by full path and check: lmp -h | grep -i " + (base or style))
        return Explanation(text=text, fix=fix, derived={"diagnosis": f"package {pkg} not enabled"})
    text = (f"This LAMMPS binary has no pair style '{style}': either its package was not enabled at build time, it is "
            f"an out-of-tree plugin that was not compiled in, or the name is misspelled.{suffix}")
    fix = ("lmp -h | sed -n '/Pair styles/,/Pair_modify/p'  # compare with the name in the input",
           "find the style's package in the LAMMPS docs (pair_style page) and rebuild with -D PKG_<PACKAGE>=on")
    return Explanation(text=text, fix=fix, derived={"diagnosis": "style unknown to this binary"})
