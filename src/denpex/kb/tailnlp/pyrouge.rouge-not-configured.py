"""Computed diagnosis for pyrouge.rouge-not-configured: which piece of the ROUGE-1.5.5 setup is missing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SITE = ("site-packages", "dist-packages")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    path = str(facts.get("path") or "")
    kind = facts.get("dir_kind")
    in_pkg = any(s in path for s in _SITE)
    if sig in ("binary-not-found", "dir-does-not-exist") and kind in ("system", "model"):
        return Explanation(
            text=f"pyrouge is configured, but the {kind} summaries directory {path} does not exist: the evaluation wrote its summaries elsewhere or not at all.",
            fix=(f"Create/fill {path} before calling Rouge155.convert_and_evaluate(), or pass the directory the decoder actually wrote.",),
            derived={"problem": f"{kind} summaries directory missing"},
        )
    if sig in ("binary-not-found", "dir-does-not-exist"):
        text = f"ROUGE home points to {path or 'a folder'} which lacks the ROUGE-1.5.5 package."
        if in_pkg:
            text += " That is the pip-installed pyrouge folder: pip install pyrouge does not contain ROUGE-1.5.5.pl or its data/ folder."
        return Explanation(
            text=text,
            fix=("Download ROUGE-1.5.5 and run: pyrouge_set_rouge_path /absolute/path/to/ROUGE-1.5.5  (the folder holding ROUGE-1.5.5.pl and data/)",
                 "python -m pyrouge.test"),
            derived={"problem": "ROUGE home directory wrong" + (" (pyrouge package folder)" if in_pkg else "")},
        )
    if sig == "settings-ini-missing":
        return Explanation(
            text=f"{path} does not exist: pyrouge_set_rouge_path was never run in this environment (fresh Colab/container), so Rouge155() has no ROUGE home.",
            fix=("pyrouge_set_rouge_path /absolute/path/to/ROUGE-1.5.5", "python -m pyrouge.test"),
            derived={"problem": "pyrouge_set_rouge_path never run"},
        )
    if sig == "perl-script-not-runnable":
        return Explanation(
            text=f"The shell could not run {path}: the ROUGE-1.5.5 script is not at that (relative) path or is not executable.",
            fix=(f"Place the ROUGE-1.5.5 folder where the code expects it (so that {path} exists) and chmod +x it; check perl is installed.",),
            derived={"problem": "ROUGE-1.5.5.pl missing or not executable"},
        )
    if sig == "exception-db":
        return Explanation(
            text="ROUGE-1.5.5.pl runs but cannot open data/WordNet-2.0.exc.db: the database shipped with ROUGE must be rebuilt on this platform.",
            fix=("cd ROUGE-1.5.5/data/WordNet-2.0-Exceptions && ./buildExeptionDB.pl . exc WordNet-2.0.exc.db && cd .. && ln -sf WordNet-2.0-Exceptions/WordNet-2.0.exc.db WordNet-2.0.exc.db",),
            derived={"problem": "WordNet exception db unreadable"},
        )
    return None
