"""Computed diagnosis for mujoco.binding-version-mismatch: which side is older, from the symbol/field named."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

# licence-era functions: present only in MuJoCo <= 2.0 (removed when MuJoCo 2.1 became free)
_LICENCE_API = {"mj_certQuestion", "mj_certAnswer", "mj_certPolicy", "mj_activate", "mj_deactivate"}
# functions old libraries lack: a newer dm_control asks for them
_NEWER_API = {"mjr_label": "2.1", "mj_printFormattedModel": "2.1.1"}
# struct fields seen in threads: (what happened, fix)
_FIELDS = {
    "bvh_geomid": ("dm_control older than mujoco 3.0 reads a field 3.0 no longer has", "pip install -U 'dm_control>=1.0.15'"),
    "solver_iter": ("viewer code written for mujoco < 3.1 reads solver_iter, which newer mujoco replaced", "upgrade mujoco-python-viewer or pin mujoco to the release it supports"),
    "qacc_unc": ("an old dm_control reads qacc_unc, a field newer MuJoCo releases renamed", "pip install -U dm_control (or use the MuJoCo version the repository pins)"),
}


def _lib_version(library: str) -> str:
    m = re.search(r"libmujoco(\d)(\d)(\d)", library)
    if m:
        return ".".join(m.groups())
    m = re.search(r"libmujoco\.so\.(\d+(?:\.\d+)*)", library)
    return m.group(1) if m else ""


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "ctypes-undefined-symbol":
        symbol = str(facts.get("symbol") or "")
        library = str(facts.get("library") or "")
        if not symbol:
            return None
        ver = _lib_version(library)
        shown = f"MuJoCo {ver}" if ver else "the loaded MuJoCo library"
        if symbol in _LICENCE_API:
            direction = "binding older than library"
            text = (f"{symbol} is a licence-activation function of MuJoCo 2.0 and earlier; {shown} ({library}) is license-free "
                    "and does not export it. The dm_control in use predates MuJoCo 2.1.")
            fix = ("pip install -U dm_control  (1.0+ installs the matching mujoco wheel; unset MJLIB_PATH)",
                   "or keep this dm_control and point MJLIB_PATH at a MuJoCo 2.0 library (mujoco200) with its licence key")
        elif symbol in _NEWER_API:
            direction = "library older than binding"
            need = _NEWER_API[symbol]
            text = (f"{symbol} exists from MuJoCo {need} on; {shown} ({library}) is older, but the dm_control in use expects it.")
            fix = (f"Point dm_control at MuJoCo {need}+ (or pip install -U dm_control mujoco and drop MJLIB_PATH)",
                   "or install the older dm_control release that matches this library")
        else:
            direction = "unknown"
            text = (f"{shown} ({library}) does not export {symbol}, which the Python binding looks up: they are from different MuJoCo releases.")
            fix = ("pip install -U dm_control mujoco  (a matching pair), or pin dm_control to the release made for this library",)
        what = f"{symbol} missing in {ver or library}"
        derived = {"direction": direction, "what": what}
        if ver:
            derived["library_version"] = ver
        return Explanation(text=text, fix=fix, derived=derived)
    if sig == "struct-field-missing":
        struct = str(facts.get("struct") or "")
        attr = str(facts.get("attribute") or "")
        if not struct or not attr:
            return None
        known = _FIELDS.get(attr)
        if known:
            text = f"{struct}.{attr}: {known[0]}."
            fix = (known[1], "check: python -c \"import mujoco, dm_control; print(mujoco.__version__, dm_control.__version__)\"")
        else:
            text = (f"The installed mujoco's {struct} has no field {attr}: the code reading it (dm_control, a viewer, robosuite) "
                    "was written for another MuJoCo release (or the name is misspelt).")
            fix = ("Upgrade the package that reads the field together with mujoco (pip install -U dm_control mujoco), "
                   "or pin mujoco to the release that package supports.",)
        return Explanation(text=text, fix=fix, derived={"what": f"{struct}.{attr} missing"})
    if sig == "cannot-import-from-mujoco":
        name = str(facts.get("name") or "")
        if not name:
            return None
        text = f"The installed mujoco package has no '{name}': it is older than the code that imports it."
        fix = ("pip install -U mujoco",)
        if name == "viewer":
            text += " mujoco.viewer exists from mujoco 2.3.1 on."
            fix = ("pip install -U 'mujoco>=2.3.1'",)
        return Explanation(text=text, fix=fix, derived={"what": f"mujoco.{name} missing"})
    return None
