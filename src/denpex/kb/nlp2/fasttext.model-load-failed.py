"""Computed diagnosis for fasttext.model-load-failed: what is wrong with the given path."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = facts.get("_signature")
    if sig == "old-binding-cannot-be-opened":
        return Explanation(
            text="This is the obsolete fasttext 0.8 binding, which cannot read models written by fastText 0.1+ (and gives no path).",
            fix=("pip uninstall -y fasttext && pip install fasttext-wheel   # or fasttext>=0.9.2",
                 "then check the path: fasttext.load_model(os.path.abspath(path))"),
            derived={"cause": "old binding"})
    path = str(facts.get("model_path") or "").strip()
    if not path:
        return None
    if path.startswith("~"):
        cause, text = "tilde", f"The path {path} starts with '~', which the fastText loader does not expand."
        fix = (f"fasttext.load_model(os.path.expanduser('{path}'))",)
    elif path.endswith(".gz"):
        cause, text = "compressed", f"{path} is the gzip-compressed download; fastText reads only the decompressed .bin."
        fix = (f"gunzip {path}   # then load {path[:-3]}",)
    elif path.endswith(".vec") or path.endswith(".txt"):
        cause, text = "text-vectors", f"{path} is a text vectors file; load_model expects the binary .bin model."
        fix = (f"from gensim.models import KeyedVectors; kv = KeyedVectors.load_word2vec_format('{path}')",
               "or download the .bin model for load_model")
    elif not (path.startswith("/") or (len(path) > 2 and path[1] == ":")):
        cause, text = "relative", f"{path} is a relative path, resolved against the process working directory, where no such file exists."
        fix = (f"Use an absolute path: fasttext.load_model(os.path.abspath('{path}')) after checking os.path.exists.",)
    else:
        cause, text = "missing", f"No readable file at {path} (missing, not copied into this container/deployment, or no read permission)."
        fix = (f"ls -l {path}   # check existence, size and permissions; re-download if truncated",)
    return Explanation(text=text, fix=fix, derived={"cause": cause})
