"""Presenting entries: Markdown pages and search by pasted error text or keywords."""

from __future__ import annotations

import re

from .entry import Entry
from .knowledge import load_kb


def entry_markdown(e: Entry) -> str:
    o: list[str] = [f"# {e.title}", "", f"`{e.id}` · {e.category} · severity **{e.severity}** · role **{e.role}**", ""]
    o += [f"Tags: {', '.join(e.tags)}", "", "## Quick answer", "", e.summary, ""]
    o += ["## What this failure looks like", ""]
    for s in e.signatures:
        o.append(f"- `{s.id}`" + (f" ({s.versions})" if s.versions else "") + f": `{s.pattern}`")
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


def search_entries(text: str, limit: int = 10) -> list[tuple[float, Entry, str]]:
    """Rank entries for a query: a signature that matches the pasted text wins outright;
    otherwise keyword overlap with id, title, tags, summary and signature keywords."""
    from .explain import convert_facts  # noqa: F401 - keeps import cost out of module load
    from .rules import build_rules

    kb = load_kb(with_samples=False)
    scored: dict[str, tuple[float, Entry, str]] = {}
    for rule in build_rules(kb):
        if rule.entry_id is None:
            continue
        for line in text.splitlines() or [text]:
            if rule.regex.search(line):
                e = kb.entries[rule.entry_id].entry
                scored[e.id] = (100.0 + rule.specificity / 10, e, f"signature {rule.sig_id} matches")
                break
    words = {w.lower() for w in _WORD.findall(text)}
    if words:
        for loaded in kb:
            e = loaded.entry
            if e.id in scored:
                continue
            hay_strong = " ".join([e.id, e.title, " ".join(e.tags)]).lower()
            hay_weak = " ".join([e.summary, " ".join(k for s in e.signatures for k in s.keywords), " ".join(e.systems)]).lower()
            score = sum(3.0 for w in words if w in hay_strong) + sum(1.0 for w in words if w in hay_weak)
            if score > 0:
                scored[e.id] = (score, e, "keywords")
    return sorted(scored.values(), key=lambda t: -t[0])[:limit]
