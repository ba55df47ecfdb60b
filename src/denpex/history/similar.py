"""The nearest past incidents: the same fingerprint first, then by similarity of the masked line
templates and the class-defining facts.

Text similarity is RapidFuzz's ``token_set_ratio``: the templates are short, already normalised
(``<*>`` for every volatile token) and differ mostly by inserted or missing words (a wrapper
prefix, a versioned wording), which a token-set comparison scores as near while an edit distance
over the whole string does not. RapidFuzz is a compiled C++ implementation (MIT), fast enough
to score every group of a 100,000-incident history in milliseconds (``process.cdist`` over all
templates at once), needs no model or network (Denpex is local-first), and gives the same number
on every machine; ``difflib`` is pure Python and roughly a hundred times slower, and embedding
models would need weights we cannot ship.

Score = 0.6 x template similarity + 0.25 x Jaccard overlap of the class facts + 0.15 when the
failure ids are equal; the same fingerprint scores 1.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from .fingerprint import Fingerprint

W_TEXT, W_FACTS, W_ID = 0.6, 0.25, 0.15


@dataclass
class Match:
    score: float
    same_group: bool
    group: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        g = self.group
        return {
            "score": round(self.score, 3),
            "same_fingerprint": self.same_group,
            "fingerprint": g["fingerprint"],
            "failure_id": g["failure_id"],
            "title": g["title"],
            "occurrences": int(g["n"]),
            "last_incident": g["last_id"],
            "last_seen": g["last_at"],
            "resolved": {"at": g["resolved_at"], "fix": g["fix"], "note": g["note"]} if g["resolved_at"] else None,
        }


def _fact_set(parts: dict[str, Any]) -> set[str]:
    facts = dict(parts.get("facts") or {})
    for k in ("exception", "raised_in", "user_frame", "wrapped_by"):
        if parts.get(k):
            facts[k] = parts[k]
    return {f"{k}={v}" for k, v in facts.items()}


def _text(fp_template: str, parts: dict[str, Any]) -> str:
    extra = " ".join(str(parts[k]) for k in ("exception", "raised_in") if parts.get(k))
    return f"{fp_template} {extra}".strip()


def rank(target: Fingerprint, groups: list[dict[str, Any]], limit: int = 10, min_score: float = 0.35) -> list[Match]:
    """Groups ordered by closeness to ``target``; its own group (same fingerprint) first."""
    from rapidfuzz import fuzz, process

    if not groups:
        return []
    parts = [json.loads(g["parts"]) if isinstance(g["parts"], str) else g["parts"] for g in groups]
    texts = [_text(g["template"], p) for g, p in zip(groups, parts)]
    sims = process.cdist([_text(target.template, target.parts)], texts, scorer=fuzz.token_set_ratio, workers=1)[0]
    tfacts = _fact_set(target.parts)
    out: list[Match] = []
    for g, p, sim in zip(groups, parts, sims):
        if g["fingerprint"] == target.key:
            out.append(Match(1.0, True, g))
            continue
        gf = _fact_set(p)
        union = tfacts | gf
        jac = len(tfacts & gf) / len(union) if union else (1.0 if target.failure_id == g["failure_id"] else 0.0)
        score = W_TEXT * float(sim) / 100 + W_FACTS * jac + W_ID * (target.failure_id == g["failure_id"])
        if score >= min_score:
            out.append(Match(score, False, g))
    out.sort(key=lambda m: (not m.same_group, -m.score, -(m.group["last_id"] or 0)))
    return out[:limit]
