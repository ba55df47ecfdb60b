"""Computed diagnosis for env.numpy-abi: which side of the NumPy 1.x/2.x ABI break each part is on."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_PIN = "pip install 'numpy<2' (and pin numpy<2 in requirements/constraints)"
_UPGRADE = ("upgrade the package named in the traceback to a release built for NumPy 2 (torch >= 2.3 with matching "
            "torchvision/torchaudio, opencv-python >= 4.10, pandas >= 2.2.2, scikit-learn >= 1.4.2, scipy >= 1.13)")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    numpy = str(facts.get("numpy") or "")
    c_type = str(facts.get("c_type") or "")
    expected, got = facts.get("expected"), facts.get("got")
    parts: list[str] = []
    fix: list[str] = []
    derived: dict[str, Any] = {}
    if c_type and isinstance(expected, int) and isinstance(got, int):
        if c_type == "dtype" and (expected, got) == (96, 88):
            derived["what"] = "module built for NumPy 1.x, NumPy 2.x installed"
            parts.append("The extension was compiled against NumPy 1.x (96-byte numpy.dtype) and the installed NumPy is 2.x (88 bytes): NumPy 2.0 changed the binary layout.")
            fix += [f"Quick: {_PIN}.", f"Lasting: {_UPGRADE}."]
        elif c_type == "dtype" and (expected, got) == (88, 96):
            derived["what"] = "module built for NumPy 2.x, NumPy 1.x installed"
            parts.append("The extension was compiled against NumPy 2.x (88-byte numpy.dtype) but NumPy 1.x (96 bytes) is installed. A NumPy-2 build that still fails on 1.x was built without backward compatibility, or numpy was forced down after it was installed.")
            fix += ["pip install -U 'numpy>=2' if the rest of the stack supports it.", "Or install the release of the package that was built for NumPy 1.x (pin the package to its last version from before NumPy 2 support)."]
        elif expected > got:
            derived["what"] = f"numpy.{c_type} {expected} bytes at compile time, {got} installed"
            parts.append(f"numpy.{c_type} was {expected} bytes in the NumPy the extension was compiled against and is {got} bytes in the installed NumPy: the extension was built against a newer NumPy than the one installed.")
            fix += ["Upgrade numpy to at least the version the package was built with (pip install -U numpy, within the package's supported range),", "or reinstall the package so it matches the installed numpy (pip install --force-reinstall <package>)."]
        else:
            derived["what"] = f"numpy.{c_type} {expected} bytes at compile time, {got} installed"
            parts.append(f"numpy.{c_type} was {expected} bytes at compile time and is {got} bytes now: the extension was built against an older NumPy than the one installed.")
            fix += [f"Quick: {_PIN} if the jump crosses NumPy 2.0.", "Otherwise reinstall or upgrade the package so it is built for the installed numpy."]
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    if numpy:
        major = numpy.split(".", 1)[0]
        derived["numpy_major"] = major
        derived["what"] = f"a module built for NumPy 1.x imported under NumPy {numpy}"
        parts.append(f"NumPy {numpy} is installed and a compiled module in the traceback below the banner was built for NumPy 1.x; NumPy 2 refuses to give it its C API (_ARRAY_API), so the import fails or the module runs without NumPy support.")
        fix += [f"Quick: {_PIN} - e.g. numpy 1.26.4, the last 1.x release.", f"Lasting: {_UPGRADE}, and keep numpy {numpy}."]
        return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
    derived["what"] = "a compiled module does not match the installed NumPy major"
    parts.append("A compiled module could not initialize NumPy's C API: it was built for another NumPy major (typically for 1.x, with NumPy 2.x installed), or numpy failed to import at all. The banner or warning printed earlier in the log (at import time) names the NumPy version and the module.")
    fix += [f"Quick: {_PIN}.", f"Lasting: {_UPGRADE}."]
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived=derived)
