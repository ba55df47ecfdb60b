"""Computed diagnosis for gensim.compiled-extensions-missing: which compiled part is missing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    module = str(facts.get("module") or "")
    if sig in ("corpus-file-unsupported", "corpusfile-module-missing") and (not module or module.endswith("_corpusfile")):
        name = f"gensim.models.{module}" if module else "the *_corpusfile extension"
        what = f"{name} (corpus_file= training) is missing"
        text = (f"{name} does not import, so training with corpus_file= cannot run; training from sentences= may still "
                "work if the *_inner extensions load.")
        fix = ("Reinstall gensim from a binary wheel that includes the corpusfile extensions, or pass "
               "sentences=LineSentence(path) instead of corpus_file=.",)
    elif module:
        what = f"gensim.models.{module} is missing"
        text = f"The compiled training loop gensim.models.{module} does not import: gensim was installed or built without it."
        fix = ("pip install --force-reinstall --no-cache-dir gensim (a binary wheel for this Python and NumPy).",)
    else:
        what = "gensim raised NO_CYTHON at import"
        text = ("A compiled gensim module failed to import and gensim replaced the real ImportError with its fixed message. "
                "Import gensim.models.word2vec_inner directly to see the underlying cause (missing file, wrong Python, NumPy binary mismatch).")
        fix = ("python -c \"import gensim.models.word2vec_inner\" to see the real error, then reinstall a matching wheel.",)
    return Explanation(text=text, fix=fix, derived={"what": what})
