"""Computed diagnosis for chromadb.sqlite3-too-old: interpreter-specific advice from the Python version in the traceback."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SWAP = "pip install pysqlite3-binary and put `__import__('pysqlite3'); import sys; sys.modules['sqlite3'] = sys.modules.pop('pysqlite3')` before `import chromadb`."


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    need = str(facts.get("required_version") or "3.35.0")
    py = str(facts.get("python_version") or "")
    text = (f"The SQLite library linked into this Python interpreter{f' ({py})' if py else ''} is older than {need}; "
            "chromadb checks sqlite3.sqlite_version of the interpreter, not the sqlite3 command-line tool.")
    fix = [_SWAP]
    if py in ("3.8", "3.9", "3.10"):
        fix.append(f"Python {py} from an older distro usually links SQLite 3.26-3.31: a conda Python or a python:3.11+ image ships SQLite >= 3.40.")
    else:
        fix.append("Or use an interpreter built against a newer SQLite (conda, python:3.11+ images, Ubuntu 22.04+).")
    return Explanation(text=text, fix=tuple(fix), derived={"where": f" (Python {py} interpreter)" if py else " (interpreter's sqlite3 module)"})
