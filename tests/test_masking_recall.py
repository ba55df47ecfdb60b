"""Masking recall: every planted kind (tests/planted.py, 60+ kinds) in every output format, on an
error line of its own and inside the failing line itself; the web app and the CLI on all at once."""

from __future__ import annotations

import io
import json

import pytest

from denpex import diagnose
from denpex.integrations.github import render_github, render_step_summary
from denpex.integrations.gitlab import render_gitlab_codequality
from denpex.render import render_markdown, render_plain, render_terminal, to_json

from planted import FAILURE, KINDS, context_log, failing_line_log, leaks

IDS = [k for k, _, _ in KINDS]


def outputs(d) -> dict[str, str]:  # type: ignore[no-untyped-def]
    from rich.console import Console

    buf = io.StringIO()
    render_terminal(d, Console(file=buf, width=200, color_system=None), verbose=True, all_ranks=True)
    doc = d.to_dict()
    return {
        "terminal": buf.getvalue(),
        "plain": render_plain(d, all_ranks=True),
        "json": to_json(d),
        "markdown": render_markdown(d),
        "github": render_github(doc) + render_step_summary(doc),
        "gitlab": json.dumps(render_gitlab_codequality(doc), ensure_ascii=False),
        "repr": repr(d) + d._repr_html_(),
    }


def test_at_least_sixty_kinds() -> None:
    assert len(KINDS) >= 60
    assert len(set(IDS)) == len(IDS)


@pytest.mark.parametrize(("kind", "line", "secret"), KINDS, ids=IDS)
def test_kind_masked_in_every_output(kind: str, line: str, secret: str) -> None:
    for variant, log in (("own error line", context_log([(kind, line, secret)])), ("failing line", failing_line_log(line, secret))):
        d = diagnose(log)
        assert d.primary is not None, variant
        for fmt, text in outputs(d).items():
            assert not leaks(text, [(kind, line, secret)]), f"{kind} leaked in {fmt} ({variant})"
        if variant == "failing line":  # the failing line is still reported, masked
            assert any(FAILURE in e.text for e in d.primary.evidence), d.primary.evidence


def test_drain3_templates_never_split_a_secret() -> None:
    key = "sk-ant-api03-" + "Ev9JxQ2mTz7Lp4Rk8Wn3Yb6Hc1Df5Gs0Ja-AbCdEf12"
    log = "".join(f"ERROR request {i} failed with key {key} (attempt {i})\n" for i in range(5)) + "FooError: odd\n"
    d = diagnose(log)
    text = to_json(d)
    assert "Ev9J" not in text and "api0" not in text, [t.template for t in d.unknown.templates]


def test_facts_are_built_from_masked_lines() -> None:
    """tracebacks.py reads the raising frame from the line: it must only ever see the masked one."""
    log = (
        "Traceback (most recent call last):\n"
        '  File "/home/alicesmith/proj/train.py", line 3, in <module>\n'
        '  File "/home/alicesmith/venv/lib/python3.11/site-packages/foo/bar.py", line 9, in run\n'
        "FooError: bad token hf_" + "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789\n"
    )
    d = diagnose(log)
    blob = json.dumps(d.primary.facts) + repr([h for f in d.findings for h in f.order])
    assert "alicesmith" not in blob and "AbCdEfGhIjKlMnOp" not in blob


def test_web_and_cli_on_every_kind_at_once(tmp_path, cli) -> None:  # type: ignore[no-untyped-def]
    from fastapi.testclient import TestClient

    from denpex.web.server import create_app

    folder = tmp_path / "logs"
    folder.mkdir()
    for i, (kind, line, secret) in enumerate(KINDS):
        (folder / f"{i:02d}-{kind}.log").write_text(failing_line_log(line, secret), encoding="utf-8")
    (folder / "context.log").write_text(context_log(), encoding="utf-8")
    for fmt in ([], ["--json"], ["--markdown"], ["--github"], ["--gitlab-codequality"], ["--json", "--mask-hosts"]):
        r = cli("diagnose", *fmt, str(folder))
        out = (r.stdout + r.stderr).decode("utf-8", "replace")
        assert r.returncode == 1, out[-2000:]
        assert not leaks(out), fmt
    files = [("files", (p.name, p.read_bytes(), "text/plain")) for p in sorted(folder.iterdir())]
    with TestClient(create_app(workers=1)) as client:
        for path in ("/api/diagnose", "/diagnose"):
            resp = client.post(path, files=files)
            assert resp.status_code == 200, resp.text[:500]
            assert not leaks(resp.text), path
        for _, line, secret in KINDS:
            resp = client.get("/search", params={"q": f"{FAILURE}: {line.format(s=secret)}"})
            assert not leaks(resp.text, [("q", line, secret)]), line
