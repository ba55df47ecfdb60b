"""Computed diagnosis for shell.zsh-no-matches-found: which glob character broke the word and the quoted command."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_EXTRA = re.compile(r"^(?P<name>[A-Za-z0-9_.\-]*|\.)\[(?P<extras>[^\]]*)\](?P<rest>.*)$")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    word = str(facts.get("word") or "").strip()
    if not word:
        return None
    quoted = f'"{word}"'
    m = _EXTRA.match(word)
    if m:
        name = m.group("name") or "."
        extras = m.group("extras")
        what = "an editable/local install with extras" if name in (".", "") else f"package {name} with extra(s) [{extras}]"
        diagnosis = f" (pip extras syntax read as a file pattern; quote it: pip install {quoted})"
        text = (f"The word {word} is {what}. zsh read [{extras}] as a glob character class, found no matching file and "
                "stopped before pip started, so nothing was installed.")
        fix = (f"pip install {quoted}", f"or: noglob pip install {word}")
    elif "?" in word or "*" in word:
        diagnosis = f" (the ? or * in it is a wildcard; quote it: {quoted})"
        text = (f"The word {word} contains a wildcard ({'?' if '?' in word else '*'}); zsh tried to match it against files, "
                "matched none and did not run the command (typical for URLs with query strings).")
        fix = (f"Put the word in quotes: {quoted}",)
    else:
        diagnosis = f" (quote it: {quoted})"
        text = f"zsh treated {word} as a file pattern, matched nothing and did not run the command."
        fix = (f"Put the word in quotes: {quoted}",)
    fix = fix + ("To make zsh pass unmatched patterns through like bash: setopt no_nomatch (in ~/.zshrc).",)
    return Explanation(text=text, fix=fix, derived={"diagnosis": diagnosis, "quoted": quoted})
