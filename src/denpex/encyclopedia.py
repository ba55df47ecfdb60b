"""Presenting entries: Markdown pages and search by pasted error text or keywords."""

from __future__ import annotations

import re

from .entry import Entry
from .knowledge import LoadedEntry, load_kb


def signature_examples(loaded: LoadedEntry, per_signature: int = 2) -> dict[str, list[str]]:
    """Real example lines for each signature, taken from the entry's positive samples (what a
    reader recognises, unlike the regex)."""
    out: dict[str, list[str]] = {}
    for sig in loaded.entry.signatures:
        rx = re.compile(sig.pattern, re.IGNORECASE if sig.ignore_case else 0)
        found: list[str] = []
        for smp in loaded.samples:
            if smp.expect != "match":
                continue
            for line in smp.body.splitlines():
                if rx.search(line) and line.strip() not in found:
                    found.append(line.strip())
                    break
            if len(found) >= per_signature:
                break
        out[sig.id] = found
    return out


def entry_markdown(e: Entry, examples: dict[str, list[str]] | None = None) -> str:
    o: list[str] = [f"# {e.title}", "", f"`{e.id}` · {e.category} · severity **{e.severity}** · role **{e.role}**", ""]
    o += [f"Tags: {', '.join(e.tags)}", "", "## Quick answer", "", e.summary, ""]
    o += ["## What this failure looks like", ""]
    for s in e.signatures:
        shown = (examples or {}).get(s.id)
        what = "; ".join(f"`{x[:300]}`" for x in shown) if shown else f"`{s.pattern}`"
        o.append(f"- {s.versions or s.id}: {what}")
    o += ["", "## Why it happens (the mechanism)", "", e.mechanism, "", "## What you'll observe", ""]
    o += [f"- {x}" for x in e.observe]
    o += ["", "## Common symptoms and what they mean", "", "| Symptom | Why it happens |", "|---|---|"]
    o += [f"| {_cell(s.symptom)} | {_cell(s.why)} |" for s in e.symptoms]
    o += ["", "## Which systems are affected", ""] + [f"- {x}" for x in e.systems]
    o += ["", "## How to confirm this is the problem", ""] + [f"- [ ] {x}" for x in e.confirm]
    o += ["", "## Root causes", ""] + [f"- {x}" for x in e.root_causes]
    o += ["", "## Fix", ""] + [f"{i}. {x}" for i, x in enumerate(e.fix, 1)]
    o += ["", "## Why the fix works", "", e.fix_works, "", "## Prevention", ""] + [f"- {x}" for x in e.prevention]
    o += ["", "## Best practices", "", "| Context | Recommendation | Notes |", "|---|---|---|"]
    o += [f"| {_cell(p.context)} | {_cell(p.recommendation)} | {_cell(p.notes)} |" for p in e.best_practices]
    o += ["", "## With the fix vs without", "", "| Dimension | With the fix | Without the fix |", "|---|---|---|"]
    o += [f"| {_cell(c.dimension)} | {_cell(c.with_fix)} | {_cell(c.without_fix)} |" for c in e.with_without]
    if e.diagnostic_note:
        o += ["", "## Diagnostic note", "", f"> {e.diagnostic_note}"]
    o += ["", "## Verify", "", "```", e.verify, "```", "", "## FAQ", ""]
    for f in e.faq:
        o += [f"**{f.q}**", "", f.a, ""]
    if e.related:
        o += ["## Related", ""] + [f"- `{r}`" for r in e.related] + [""]
    o += ["## References", ""] + [f"- [{r.title or r.url}]({r.url})" for r in e.references]
    return "\n".join(o) + "\n"


def _cell(s: str) -> str:
    return s.replace("|", "\\|").replace("\n", " ")


_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_.-]{2,}")
_TOKEN = re.compile(r"[a-z][a-z0-9]+|\d+[a-z]\w*")
# words every entry and every error message uses: they rank nothing
_STOP = frozenset(["the", "and", "for", "with", "not", "was", "were", "are", "but", "you", "your", "this", "that", "from", "into", "has", "have", "had", "can", "cannot", "could", "error", "errors", "failed", "fail", "failure", "when", "while", "then", "than", "there", "their", "which", "what", "use", "used", "using", "run", "running", "line", "file"])
MIN_RELATIVE = 0.35  # a keyword result below this share of the best one is noise
MIN_SCORE = 1.5  # BM25 score below which nothing "really matches"


def _tokens(text: str) -> list[str]:
    return [t for t in _TOKEN.findall(text.lower().replace("_", " ").replace("-", " ")) if t not in _STOP and len(t) > 2]


def _document(e: Entry) -> list[str]:
    # the id, title and tags count three times: they name the failure; the rest describes it
    strong = " ".join([e.id.replace(".", " "), e.title, " ".join(e.tags)])
    weak = " ".join([e.summary, " ".join(k for s in e.signatures for k in s.keywords), " ".join(e.systems), " ".join(e.observe)])
    return _tokens(strong) * 3 + _tokens(weak)


def search_entries(text: str, limit: int = 10) -> list[tuple[float, Entry, str]]:
    """Entries for a pasted error or keywords, best first, weak results left out.

    Pasted log text is diagnosed by the real engine first (every signature, the generic failure
    lines, unnamed exceptions): what it finds ranks above anything else, in the engine's order.
    The rest is ranked by BM25 over each entry's words (rank-bm25), so rare words ("libcudart",
    "NVLink") weigh more than common ones ("cuda", "error"); results far below the best one, or
    below ``MIN_SCORE``, are dropped: an empty list means nothing really matches."""
    from rank_bm25 import BM25Okapi

    from .engine import diagnose

    kb = load_kb(with_samples=False)
    scored: dict[str, tuple[float, Entry, str]] = {}
    d = diagnose(text if text.endswith("\n") else text + "\n")
    ranked = ([d.primary] if d.primary is not None else []) + [f for f in d.findings if f is not d.primary]
    for i, f in enumerate(f for f in ranked if f.role != "noise" or not ranked):
        if f.id in scored or f.id not in kb.entries:
            continue
        how = "the pasted text is this failure" if f is d.primary else f"the pasted text matches ({f.role})"
        scored[f.id] = (1000.0 - i, kb.entries[f.id].entry, how)
    query = _tokens(text)
    if query:
        entries = [x.entry for x in kb]
        bm = BM25Okapi([_document(e) for e in entries])
        scores = bm.get_scores(query)
        best = max(scores) if len(scores) else 0.0
        for e, sc in sorted(zip(entries, scores), key=lambda t: -t[1]):
            if sc < MIN_SCORE or sc < MIN_RELATIVE * best or e.id in scored:
                continue
            scored[e.id] = (float(sc), e, "keywords")
    return sorted(scored.values(), key=lambda t: -t[0])[:limit]
