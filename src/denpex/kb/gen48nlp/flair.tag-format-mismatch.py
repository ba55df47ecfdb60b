"""Explain flair.tag-format-mismatch: which tags in the label dictionary break the span conversion."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_TAG = re.compile(r"([^,()]+?) \(seen \d+ times\)")
_CHUNK_POS = {"NP", "VP", "PP", "ADVP", "ADJP", "SBAR", "PRT", "INTJ", "CONJP", "LST", "UCP",
              "NN", "NNP", "VB", "JJ", "DT", "IN"}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    sig = str(facts.get("_signature") or "")
    hint = "BIO/BIOES"
    raw = str(facts.get("bad_tags") or "")
    label = str(facts.get("label_type") or "ner")
    tags = [t.strip() for t in _TAG.findall(raw)]
    bilou = sorted({t for t in tags if t[:2] in ("U-", "L-")})
    bare = sorted({t for t in tags if t != "O" and not re.match(r"^[BIESUL]-", t)})
    chunky = sorted({t for t in tags if t[2:] in _CHUNK_POS})
    parts: list[str] = []
    fix: list[str] = []
    if bilou:
        parts.append(f"The '{label}' labels use BILOU prefixes ({', '.join(bilou[:6])}); flair knows only BIO/BIOES.")
        fix.append("Rename U- to S- and L- to E- in the data files (BILOU -> BIOES).")
    if chunky:
        parts.append(f"The '{label}' dictionary holds chunk/POS tags ({', '.join(chunky[:6])}): the columns mapping reads the wrong column.")
        fix.append(f"Point '{label}' at the entity column in the columns dict (CoNLL-2003: {{0: 'text', 3: 'ner'}}).")
    if bare:
        parts.append(f"Tags without a B-/I-/E-/S- prefix: {', '.join(bare[:6])}.")
        fix.append("Map these to O, give them prefixes, or drop -DOCSTART- lines ('-X-').")
    if not parts:
        parts.append("Some tag in the span label column has no B-/I-/E-/S- prefix (BILOU U-/L-, a bare label, or a POS/chunk column read as entities).")
        fix.append("List the label column's values and convert everything that is not O or ^[BIES]- .")
    if sig == "token-has-no-len":
        fix.append("For BIO data on flair 0.11.x, upgrade to >= 0.11.3 and pass tag_format='BIO'.")
    return Explanation(text=" ".join(parts), fix=tuple(fix),
                       derived={"tag_format_hint": hint,
                                "diagnosis": "bilou" if bilou else "wrong-column" if chunky else "bare-tags" if bare else "unknown"})
