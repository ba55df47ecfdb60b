"""Computed diagnosis for h5py.file-not-found: what the path says about the missing file."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    path = facts.get("filepath")
    if not isinstance(path, str) or not path.strip():
        return None
    p = path.strip()
    norm = p.replace("\\", "/")
    folder = norm.rsplit("/", 1)[0] if "/" in norm else "."
    name = norm.rsplit("/", 1)[-1]
    is_abs = norm.startswith("/") or (len(norm) > 2 and norm[1] == ":")
    creating = facts.get("_signature") == "h5py-create-errno2"
    fix: list[str] = []
    if creating:
        diagnosis = "output folder missing"
        text = f"HDF5 could not create {p}: the folder '{folder}' does not exist (HDF5 does not create parent directories)."
        fix.append(f"os.makedirs('{folder}', exist_ok=True)  # before h5py.File(..., 'w')")
    elif "/patches/" in f"/{norm}" and name.endswith(".h5"):
        slide = name[:-3]
        diagnosis = "patch file never written"
        text = (f"The patch file for slide '{slide}' was never written: CLAM-style create_patches only saves "
                "patches/<slide>.h5 when tissue segmentation finds contours.")
        fix.append(f"check {folder.rsplit('/', 1)[0] if '/' in folder else '.'}/masks/{slide}.jpg and the 'Total number of contours' line for this slide")
        fix.append("use a segmentation preset that finds tissue (--preset bwh_biopsy.csv or lower a_t/a_h), or drop the slide from the process list")
    elif not is_abs:
        diagnosis = "relative path"
        text = f"'{p}' is relative: it is resolved from the working directory, and no such file exists there."
        fix.append("print(os.path.abspath(path)); run from the project root or build the path from __file__")
        fix.append("if the file is produced by a preparation script (data.py, preprocess), run that first")
    else:
        diagnosis = "file does not exist"
        text = f"No file at {p}: the step that should produce it did not run or wrote elsewhere."
        fix.append(f"ls -la {folder}  # compare names/extensions (.h5 vs .hdf5)")
    if "\\" in p and not p.startswith("\\\\"):
        text += " The path contains backslashes: in a normal Python string \\t, \\n... change it; use a raw string or '/'."
    return Explanation(text=text, fix=tuple(fix), derived={"diagnosis": diagnosis})
