"""Computed diagnosis for fairseq.dictionary-format-invalid: what the bad dictionary line is."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SPECIAL = {"<s>", "</s>", "<pad>", "<unk>", "<mask>"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    if facts.get("word") is not None:
        word = str(facts["word"])
        if word in _SPECIAL:
            diagnosis = f"special symbol {word} listed in dict.txt"
            text = (f"'{word}' is added by fairseq's Dictionary itself; the file lists it again (typical of a converted "
                    "SentencePiece vocab that kept its first lines).")
            fix = ("Remove the special-symbol lines from dict.txt (tail -n +4 for a spm .vocab before conversion).",)
        else:
            diagnosis = f"token '{word}' appears twice"
            text = f"The token '{word}' occurs on two lines of the dictionary file."
            fix = ("Deduplicate: awk '!seen[$1]++' dict.txt > dict.dedup.txt, or add ' #fairseq:overwrite' to the line that must win.",)
        return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis, "bad": f": '{word}' twice"})
    bad = facts.get("bad_count")
    if bad is None:
        return Explanation(
            text="A line of the dictionary file does not end in an integer count after a space.",
            fix=("head -3 dict.txt | cat -A: LFS pointer -> git lfs pull; tabs/float scores -> convert to '<token> <int>' lines.",),
            derived={"diagnosis": "not '<token> <cnt>' lines"})
    bad = str(bad)
    if "git-lfs" in bad or bad.startswith("sha256:"):
        diagnosis = "dict.txt is a Git LFS pointer"
        text = f"The count field reads '{bad}': the file is a Git LFS pointer, not the dictionary."
        fix = ("git lfs install && git lfs pull (in the model repository), or download the model archive.",)
    elif re.fullmatch(r"-?\d+\.\d*(e-?\d+)?|-?\d*\.\d+", bad):
        diagnosis = "float scores: vocabulary from another tool"
        text = f"The count field reads '{bad}', a float score: a SentencePiece/XLM-style vocabulary, not a fairseq dict."
        fix = ("Convert: cut -f1 vocab | sed 's/$/ 100/' > dict.txt (drop <unk>, <s>, </s> lines first).",)
    elif "\t" in bad:
        diagnosis = "tab-separated vocabulary"
        text = "The line has no space before its count (tab-separated): fairseq splits on the last space."
        fix = ("tr '\\t' ' ' < vocab > dict.txt (check the counts are integers).",)
    else:
        diagnosis = "non-integer count"
        text = f"The count field reads '{bad}', not an integer."
        fix = ("Rewrite the file as '<token> <int>' lines, one token per line.",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis, "bad": f" (count field '{bad}')"})
