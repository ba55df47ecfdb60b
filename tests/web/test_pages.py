"""Server-rendered pages and the static export."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from markupsafe import escape

import denpex
from denpex.web import pages
from denpex.web.site import build_site

from .conftest import VLLM_LINE

ID = "vllm.context-length-exceeded"


def esc(s: str) -> str:
    return str(escape(s))


def entry_texts(e: object) -> list[str]:
    """Every piece of text an entry page must show, section by section."""
    out = [e.title, e.summary, e.mechanism, e.fix_works, e.verify]  # type: ignore[attr-defined]
    out += e.observe + e.systems + e.confirm + e.root_causes + e.fix + e.prevention  # type: ignore[attr-defined]
    out += [s.symptom for s in e.symptoms] + [s.why for s in e.symptoms]  # type: ignore[attr-defined]
    out += [p.context for p in e.best_practices] + [p.recommendation for p in e.best_practices]  # type: ignore[attr-defined]
    out += [c.dimension for c in e.with_without] + [c.with_fix for c in e.with_without] + [c.without_fix for c in e.with_without]  # type: ignore[attr-defined]
    out += [f.q for f in e.faq] + [f.a for f in e.faq]  # type: ignore[attr-defined]
    out += [r.url for r in e.references] + [s.pattern for s in e.signatures]  # type: ignore[attr-defined]
    if e.diagnostic_note:  # type: ignore[attr-defined]
        out.append(e.diagnostic_note)  # type: ignore[attr-defined]
    return out


def test_home_has_form_samples_and_privacy(client: TestClient) -> None:
    html = client.get("/").text
    assert 'action="/diagnose"' in html and 'enctype="multipart/form-data"' in html
    assert '<label for="paste-text">Paste your log</label>' in html
    assert 'type="file" multiple' in html and "Try one" in html
    assert "never written to disk" in html
    assert "<main" in html and "<nav" in html and "<header" in html and 'lang="en"' in html
    assert not re.search(r"https?://(?!127\.0\.0\.1)[^\"' ]+\.(css|js)", html)  # no external assets


def test_sample_link_prefills_textarea(client: TestClient) -> None:
    key = pages.try_samples()[0]["key"]
    html = client.get(f"/?sample={key}").text
    sample = pages.find_sample(key)
    assert sample is not None
    first = next(line for line in sample.body.splitlines() if line.strip())
    assert esc(first) in html


def test_diagnosis_page(client: TestClient) -> None:
    r = client.post("/diagnose", files={"text": (None, VLLM_LINE)})
    assert r.status_code == 200
    html = r.text
    assert f'<code id="primary-id">{ID}</code>' in html
    for n in ("4608", "512", "5120", "4096"):
        assert n in html
    assert "&lt;text&gt;:1" in html  # evidence file:line
    assert "Verify" in html and "Fix" in html
    assert "Nothing was stored" in html


def test_diagnosis_page_from_urlencoded_form(client: TestClient) -> None:
    r = client.post("/diagnose", data={"text": VLLM_LINE})
    assert r.status_code == 200 and ID in r.text


def test_unknown_failure_page(client: TestClient) -> None:
    r = client.post("/diagnose", files={"text": (None, "Traceback (most recent call last):\n  File \"train.py\", line 3, in <module>\nzoo.ZebraError: zebra stripes misaligned\n")})
    assert "python.unhandled-exception" in r.text and "ZebraError" in r.text and "zebra" in r.text
    r = client.post("/diagnose", files={"text": (None, "INFO start\nerror: the frobnicator step did not finish\n")})
    assert "No known failure class matched" in r.text and "error: the frobnicator step did not finish" in r.text


def test_empty_form_is_a_friendly_400(client: TestClient) -> None:
    r = client.post("/diagnose", files={"text": (None, "")})
    assert r.status_code == 400 and "Paste a log" in r.text and "<html" in r.text


@pytest.mark.parametrize("loaded", list(denpex.load_kb()), ids=lambda le: le.entry.id)
def test_entry_page_renders_every_section(client: TestClient, loaded: object) -> None:
    e = loaded.entry  # type: ignore[attr-defined]
    html = client.get(f"/entries/{e.id}").text
    for text in entry_texts(e):
        assert esc(text) in html, text
    for heading in (
        "Quick answer", "Searchable error signatures", "Why it happens", "What you'll observe",
        "Common symptoms", "Which systems are affected", "How to confirm", "Root causes", "The fix",
        "Why the fix works", "Prevention", "Best practices", "With the fix vs without", "Verification command",
        "Frequently asked questions", "References", "Is this what broke your run?",
    ):
        assert heading in html, heading
    assert 'action="/diagnose"' in html
    for rel in e.related:
        if rel in denpex.load_kb().entries:
            assert f'href="/entries/{rel}"' in html


def test_encyclopedia_index_groups_by_category(client: TestClient) -> None:
    html = client.get("/encyclopedia").text
    for cat, entries in pages.by_category().items():
        assert f'href="/categories/{cat}"' in html
        for le in entries:
            assert f'href="/entries/{le.entry.id}"' in html


def test_system_hub_compares_entries(client: TestClient) -> None:
    html = client.get("/systems/vllm").text
    assert "Compare every vLLM error side by side" in html
    for le in pages.by_system()["vllm"]:
        e = le.entry
        assert esc(e.confirm[0]) in html and esc(e.root_causes[0]) in html and f"/entries/{e.id}" in html
    assert client.get("/systems/nonexistent").status_code == 404


def test_category_page(client: TestClient) -> None:
    cat = next(iter(pages.by_category()))
    r = client.get(f"/categories/{cat}")
    assert r.status_code == 200 and "/entries/" in r.text
    assert client.get("/categories/nonexistent").status_code == 404


def test_search_by_pasted_error(client: TestClient) -> None:
    html = client.get("/search", params={"q": VLLM_LINE}).text
    assert f'href="/entries/{ID}"' in html and "the pasted text is this failure" in html
    assert "0 results" in client.get("/search", params={"q": "qwertyuiopasdf"}).text


def test_unknown_pages_are_html_404(client: TestClient) -> None:
    r = client.get("/entries/no.such")
    assert r.status_code == 404 and "<html" in r.text


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for k, v in attrs:
            if k in ("href", "src") and v:
                self.links.append(v)


def test_static_site(tmp_path: Path) -> None:
    n = build_site(tmp_path)
    kb = denpex.load_kb()
    assert n == 1 + len(kb) + len(pages.by_system()) + len(pages.by_category())
    assert (tmp_path / "index.html").exists() and (tmp_path / "static" / "style.css").exists()
    assert len(list(tmp_path.rglob("*.html"))) == n
    for page in tmp_path.rglob("*.html"):
        html = page.read_text()
        parser = _Links()
        parser.feed(html)
        for link in parser.links:
            if link.startswith(("http://", "https://", "#", "mailto:")):
                continue
            assert not link.startswith("/"), f"{page}: absolute link {link}"
            target = (page.parent / link.split("#")[0]).resolve()
            assert target.exists(), f"{page}: broken link {link}"
        assert "<script" not in html
    entry = (tmp_path / "entries" / f"{ID}.html").read_text()
    assert "denpex serve" in entry and "denpex diagnose" in entry
    assert "<form" not in entry
    for text in entry_texts(kb.get(ID).entry):  # type: ignore[union-attr]
        assert esc(text) in entry


def test_multi_rank_diagnosis_shows_ranks_and_timeline(client: TestClient) -> None:
    files = [
        ("files", ("rank0.log", f"2024-05-01 10:00:00 [rank0]: step 10\n2024-05-01 10:00:05 [rank0]: {VLLM_LINE}\n".encode(), "text/plain")),
        ("files", ("rank1.log", b"2024-05-01 10:00:00 [rank1]: step 12\n", "text/plain")),
    ]
    doc = client.post("/api/diagnose", files=files).json()
    assert len(doc["ranks"]) == 2
    html = client.post("/diagnose", files=files).text
    assert 'id="ranks-h"' in html and "rank-initiating" in html
    try:
        from denpex.timeline import timeline_svg  # noqa: F401
        import matplotlib  # noqa: F401
    except ImportError:
        return
    assert '<img src="data:image/svg+xml;base64,' in html


def test_system_hub_includes_entries_of_other_prefixes_that_concern_it(client: TestClient) -> None:
    html = client.get("/systems/nccl").text
    assert 'id="also"' in html and "/entries/dist." in html  # NCCL-tagged dist.* entries


def test_api_page_names_the_server_it_was_reached_on() -> None:
    from denpex.web.server import create_app

    c = TestClient(create_app(), base_url="http://127.0.0.1:9123")
    html = c.get("/docs").text
    assert "http://127.0.0.1:9123/api/diagnose" in html and ":8000/" not in html
