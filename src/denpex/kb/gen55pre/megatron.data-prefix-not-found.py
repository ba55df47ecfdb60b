"""Computed diagnosis for megatron.data-prefix-not-found: what is wrong with the printed prefix."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    prefix = str(facts.get("prefix") or "").strip().strip("`'\"")
    if not prefix:
        return Explanation(
            text="A Megatron indexed dataset prefix did not resolve to <prefix>.bin and <prefix>.idx.",
            fix=("Set --data-path to the exact prefix of the .bin/.idx pair written by preprocess_data (usually ending in _text_document).",),
            derived={"hint": "prefix not printed"},
        )
    fix: list[str] = []
    if re.search(r"\.(bin|idx)$", prefix):
        base = prefix[:-4]
        hint = "prefix includes the file extension"
        text = f"The data path {prefix} includes the extension; the loader appends .bin and .idx itself, so it looked for {prefix}.idx."
        fix.append(f"Use --data-path {base}")
    elif prefix.endswith(("/", "\\")):
        hint = "a directory was given instead of a file prefix"
        text = f"{prefix} is a directory; --data-path must name the file prefix inside it (e.g. {prefix}my-corpus_text_document)."
        fix.append(f"ls {prefix}*.idx  # use one of these names without .idx")
    elif not re.search(r"_(document|sentence)$", prefix):
        hint = "the _text_document suffix from preprocess_data is missing"
        text = (f"The prefix {prefix} lacks the _<json-key>_document suffix that preprocess_data adds to --output-prefix, "
                f"so the files are most likely {prefix}_text_document.bin/.idx.")
        fix.append(f"Use --data-path {prefix}_text_document (check: ls {prefix}_text_document.*)")
    else:
        hint = "files missing at this prefix on this node"
        text = (f"{prefix}.bin / {prefix}.idx were not found from this process: the preprocessing output is elsewhere, on "
                "another node's local disk, or incomplete.")
        fix.append(f"ls -l {prefix}.bin {prefix}.idx  # on every training node")
    fix.append("Make the .bin/.idx pair available at the same path on all nodes.")
    return Explanation(text=text, fix=tuple(fix), derived={"hint": hint})
