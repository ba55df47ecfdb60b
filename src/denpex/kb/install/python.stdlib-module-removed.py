"""Computed diagnosis for python.stdlib-module-removed: which Python removed the module and its replacement."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_312 = {"distutils", "imp", "asynchat", "asyncore", "smtpd"}
_BACKPORT = {
    "distutils": "pip install setuptools (ships a distutils shim) - or, for numpy.distutils builds, Python 3.11",
    "imp": "no backport: replace imp with importlib in the code, or use Python 3.11",
    "asynchat": "pip install pyasynchat", "asyncore": "pip install pyasyncore", "smtpd": "pip install aiosmtpd (new API)",
    "audioop": "pip install audioop-lts", "pyaudioop": "pip install audioop-lts (pydub's pyaudioop fallback does not import on 3.13)",
    "imghdr": "pip install standard-imghdr", "cgi": "pip install legacy-cgi", "cgitb": "pip install legacy-cgi",
    "pipes": "pip install standard-pipes", "aifc": "pip install standard-aifc", "sunau": "pip install standard-sunau",
    "sndhdr": "pip install standard-sndhdr", "chunk": "pip install standard-chunk", "telnetlib": "pip install standard-telnetlib",
    "uu": "pip install standard-uu", "xdrlib": "pip install standard-xdrlib", "mailcap": "pip install standard-mailcap",
    "nntplib": "pip install standard-nntplib", "crypt": "pip install crypt-r", "lib2to3": "no backport: upgrade the tool, or use Python 3.12",
}
_UPGRADE = {"pydub": "pydub 0.25.1 still imports audioop: add audioop-lts; python_version>='3.13' to the requirements"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    mod = str(facts.get("module") or "").split(".")[0]
    if not mod:
        return None
    importer = str(facts.get("importer") or "")
    py = str(facts.get("python") or "")
    if py and "." not in py:
        py = py[0] + "." + py[1:]
    derived: dict[str, Any] = {}
    fix: list[str] = []
    if mod == "pkgutil":
        derived["removed_in"] = "Python 3.12 (pkgutil.ImpImporter)"
        derived["what"] = "old setuptools/pip on Python 3.12+: pkgutil.ImpImporter was removed"
        text = "An old setuptools (pkg_resources) or pip references pkgutil.ImpImporter, which Python 3.12 removed" + (f"; this interpreter is Python {py}." if py else ".")
        fix.append("python -m pip install -U pip setuptools (in the same environment; with an embedded/portable Python use its python.exe -m pip).")
        fix.append("If a package pins an old setuptools in its build requirements, install with --no-build-isolation after upgrading setuptools, or use Python 3.11.")
        return Explanation(text=text, fix=tuple(fix), derived=derived)
    ver = "3.12" if mod in _312 else "3.13"
    derived["removed_in"] = f"Python {ver}"
    derived["what"] = f"'{mod}' is no longer in the standard library (removed in Python {ver})"
    who = f"{importer} imports" if importer else "The code imports"
    text = f"{who} '{mod}', a standard-library module removed in Python {ver}" + (f"; this run uses Python {py}." if py else ".")
    if importer in _UPGRADE and mod in ("audioop", "pyaudioop"):
        fix.append(_UPGRADE[importer] + ".")
    if mod in _BACKPORT:
        fix.append(f"Backport: {_BACKPORT[mod]}.")
    older = "3.11" if ver == "3.12" else "3.12"
    fix.append(f"Or run on Python {older} (uv venv --python {older} / conda create -n env python={older}), which still has {mod}.")
    if importer:
        fix.append(f"Or upgrade {importer} (pip install -U {importer}) if a release without the {mod} import exists.")
    return Explanation(text=text, fix=tuple(fix), derived=derived)
