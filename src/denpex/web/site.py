"""Static export of the encyclopedia: plain HTML files with relative links, no server needed."""

from __future__ import annotations

import shutil
from pathlib import Path

from . import pages
from .pages import Linker

# Static pages have no upload limit or rate limit to show.
_SETTINGS = {"max_upload_mb": 0, "rate": None, "timeout": 0}


def _write(out: Path, rel: str, html: str) -> None:
    path = out / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(html, encoding="utf-8")


def build_site(out: Path) -> int:
    """Write index, entry pages, system hubs, category pages and CSS into ``out``.

    Returns the number of HTML pages written. Open ``out/index.html`` in a browser.
    """
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    kb = pages.kb()
    n = 0
    root, sub = Linker(static=True, depth=0), Linker(static=True, depth=1)
    _write(
        out,
        "index.html",
        pages.render("index.html", root, settings=_SETTINGS, categories=pages.by_category(kb), systems=pages.by_system(kb), total=len(kb)),
    )
    n += 1
    for loaded in kb:
        ctx = pages.entry_context(loaded, kb)
        _write(out, f"entries/{loaded.entry.id}.html", pages.render("entry.html", sub, settings=_SETTINGS, **ctx))
        n += 1
    for system in pages.by_system(kb):
        entries, concerning = pages.hub_entries(system, kb)
        _write(out, f"systems/{system}.html", pages.render("system.html", sub, settings=_SETTINGS, system=system,
                                                          rows=pages.hub_rows(entries), also=pages.hub_rows(concerning)))
        n += 1
    for category, entries in pages.by_category(kb).items():
        html = pages.render("category.html", sub, settings=_SETTINGS, category=category, entries=pages.sorted_entries(entries))
        _write(out, f"categories/{category}.html", html)
        n += 1
    static = out / "static"
    static.mkdir(exist_ok=True)
    for name in ("style.css", "favicon.svg"):
        shutil.copyfile(pages.STATIC / name, static / name)
    return n
