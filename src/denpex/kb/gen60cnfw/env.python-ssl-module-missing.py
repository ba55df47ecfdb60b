"""Computed diagnosis for env.python-ssl-module-missing: which index URL failed, and that the final not-found is a consequence."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    where = str(facts.get("index_path") or "")
    derived: dict[str, Any] = {"where": ""}
    if where:
        pkg = where.strip("/").split("/")[-1]
        derived["where"] = f" (fetching {where})"
        derived["package"] = pkg
        text = (f"pip could not fetch the index page {where} because this Python cannot open TLS connections; "
                f"any 'Could not find a version that satisfies the requirement {pkg}' after it is a consequence.")
    else:
        text = "pip started on an interpreter whose ssl module cannot be imported; every HTTPS request will fail."
    fix = ("python -c \"import ssl; print(ssl.OPENSSL_VERSION)\"   # with the interpreter pip uses",
           "Rebuild/reinstall Python with OpenSSL (pyenv: install libssl-dev/openssl@3 first) or activate the conda env on Windows.")
    return Explanation(text=text, fix=fix, derived=derived)
