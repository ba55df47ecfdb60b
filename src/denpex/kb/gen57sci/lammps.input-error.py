"""Computed diagnosis for lammps.input-error: what kind of input or run error LAMMPS reported."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.explain import as_int
from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    original, current = as_int(facts.get("original")), as_int(facts.get("current"))
    if original is not None and current is not None:
        lost = original - current
        return Explanation(
            text=(f"{lost} of {original} atoms disappeared during the run: atoms moved farther than the neighbor skin in one step "
                  "or left a non-periodic box, which means the dynamics blew up (overlapping atoms, too large a time step, "
                  "or a potential predicting huge forces outside its training data)."),
            fix=("Minimize before dynamics (minimize 1e-6 1e-8 1000 10000) and check the starting structure for overlaps.",
                 "Reduce the time step and print thermo every step near the failure to see the energy/temperature explode.",
                 "With an ML potential, check the species mapping of pair_coeff and whether the configuration is inside the training domain."),
            derived={"kind": "lost atoms", "lost": lost},
        )
    reason = str(facts.get("reason") or "").strip()
    if not reason:
        return None
    last = str(facts.get("last_command") or "").strip()
    cmd = last.split()[0] if last else ""
    derived: dict[str, Any] = {}
    on = f" (input line: {last})" if last else ""
    if re.search(r"Incorrect args for pair coefficients", reason):
        derived["kind"] = "pair_coeff arguments"
        text = f"The pair_coeff line does not give the coefficients the pair style expects{on}: wrong count, order or type, or a hybrid sub-style not named."
        fix = ("Compare the pair_coeff line with the coefficient list on the pair style's documentation page for this LAMMPS version.",
               "For pair_style hybrid/overlay, put the sub-style name after the two atom types.")
    elif re.search(r"^Illegal ", reason):
        derived["kind"] = "illegal command syntax"
        text = f"LAMMPS could not parse the arguments of a command{on}: a keyword or value this version does not accept."
        fix = ("Check the command's documentation for the installed version (lmp -h prints it) and fix the keyword/argument order.",)
    elif re.search(r"before \S+ is defined|before .* (?:is|are) (?:defined|set)", reason):
        derived["kind"] = "command order"
        text = f"A command needs state another command sets up first: {reason}{on}."
        fix = ("Reorder the input script (pair_style before pair_coeff/pair_modify, box and atoms before groups, fixes and velocity).",)
    elif re.search(r"Cannot open|Could not open|No such file", reason, re.IGNORECASE):
        derived["kind"] = "file not found"
        text = f"LAMMPS could not open a file named in the input: {reason}{on}."
        fix = ("Check the path relative to the directory LAMMPS runs in (potential files, data files, include files).",)
    else:
        derived["kind"] = "input check"
        text = f"LAMMPS rejected the input or the run state: {reason}{on}."
        fix = ("Fix the input line the error refers to; the source file in the message names the command class that raised it.",)
    if cmd:
        derived["command"] = cmd
    return Explanation(text=text, fix=fix, derived=derived)
