"""Editor and CI integrations: GitHub annotations/summary/action, GitLab Code Quality, VS Code."""

from __future__ import annotations

import copy
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from denpex.integrations import (
    render_github,
    render_gitlab_codequality,
    render_step_summary,
    write_step_summary,
)
from denpex.integrations.github import escape_data, escape_property, outputs, should_fail

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = "src/denpex/samples/vllm-server.log"
KB = ROOT / "src" / "denpex" / "kb"
MULTI = [
    KB / "distributed" / "dist.worker-sigterm.multirank-root.log",
    KB / "huggingface" / "tokenizers.fork-parallelism.before-failure.log",
]
ACTION = ROOT / "integrations" / "github-action"
VSCODE = ROOT / "integrations" / "vscode"
NOISE_ONLY = (
    "huggingface/tokenizers: The current process just got forked, after parallelism has already been used. "
    "Disabling parallelism to avoid deadlocks...\n"
    "To disable this warning, you can either:\n"
    "\t- Avoid using `tokenizers` before the fork if possible\n"
    "\t- Explicitly set the environment variable TOKENIZERS_PARALLELISM=(true | false)\n"
)
GITLAB_SEVERITIES = {"info", "minor", "major", "critical", "blocker"}


def _html(s: str) -> str:
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def diagnose_json(*paths: str | Path, cwd: Path = ROOT, stdin: bytes | None = None, expect: int = 1) -> dict:
    env = dict(os.environ, NO_COLOR="1")
    r = subprocess.run(
        [sys.executable, "-m", "denpex", "diagnose", *map(str, paths), "--json"],
        cwd=cwd, input=stdin, capture_output=True, timeout=120, env=env,
    )
    assert r.returncode == expect, r.stderr.decode()
    return json.loads(r.stdout)


@pytest.fixture(scope="module")
def vllm() -> dict:
    return diagnose_json(SAMPLE)


@pytest.fixture(scope="module")
def multi() -> dict:
    return diagnose_json(*[p.relative_to(ROOT) for p in MULTI])


# --------------------------------------------------------------------------- GitHub annotations


def test_escaping_follows_the_runner():
    assert escape_data("50% done\r\nnext: a,b") == "50%25 done%0D%0Anext: a,b"
    assert escape_property("logs/run:1,2%\r\n.log") == "logs/run%3A1%2C2%25%0D%0A.log"


def test_primary_annotation_exact_line(vllm):
    p = vllm["primary"]
    out = render_github(vllm)
    lines = out.splitlines()
    assert len(lines) == 1
    expected = (
        "::error file=src/denpex/samples/vllm-server.log,line=12,title=denpex%3A vllm.context-length-exceeded::"
        f"{p['message']} (at {p['time']})%0A%0A{p['explanation']}%0A%0AFix: {p['fix'][0]}"
    )
    assert lines[0] == expected
    # The data part keeps ':' and ',' (only properties escape them).
    assert "fit: the prompt" in lines[0]


def test_message_with_percent_and_newline_is_escaped(vllm):
    d = copy.deepcopy(vllm)
    d["primary"]["message"] = "100% of 4096\r\n::set-output name=pwned::1"
    d["primary"]["time"] = None
    d["primary"]["explanation"] = "a\nb"
    d["primary"]["fix"] = ["x%0Ay"]
    line = render_github(d).splitlines()[0]
    assert line.endswith("::100%25 of 4096%0D%0A::set-output name=pwned::1%0A%0Aa%0Ab%0A%0AFix: x%250Ay")
    # Nothing in a diagnosis can start a workflow command of its own.
    assert len(render_github(d).splitlines()) == 1


def test_file_name_with_colon_comma_percent(tmp_path):
    (tmp_path / "logs").mkdir()
    shutil.copy(ROOT / SAMPLE, tmp_path / "logs" / "run:1,2%.log")
    d = diagnose_json("logs", cwd=tmp_path)
    assert d["primary"]["evidence"][0]["file"] == "logs/run:1,2%.log"
    line = render_github(d).splitlines()[0]
    assert line.startswith(
        "::error file=logs/run%3A1%2C2%25.log,line=12,title=denpex%3A vllm.context-length-exceeded::"
    )


def test_levels_by_role(multi):
    out = render_github(multi).splitlines()
    assert sum(1 for ln in out if ln.startswith("::error ")) == 1
    assert out[0].startswith("::error ") and f"title=denpex%3A {multi['primary']['id']}::" in out[0]
    others = [f for f in multi["findings"] if f != multi["primary"]]
    assert len(out) == 1 + len(others)
    for f, ln in zip(others, out[1:]):
        level = "notice" if f["role"] == "noise" else "warning"
        ev = f["evidence"][0]
        assert ln.startswith(f"::{level} file={escape_property(ev['file'])},line={ev['line']},title=denpex%3A {f['id']}::")
    assert any(ln.startswith("::warning ") for ln in out)
    assert any(ln.startswith("::notice ") for ln in out)


def test_annotation_cap(multi):
    out = render_github(multi, max_per_level=1).splitlines()
    assert sum(ln.startswith("::warning ") for ln in out) == 1
    assert out[-1].startswith("denpex: ") and "not annotated" in out[-1]


def test_stdin_has_no_file_property_and_unmatched_lines_are_annotated():
    log = b"INFO start\nTraceback (most recent call last):\n  File \"t.py\", line 1\nFrobnicatorError: flux 17\n"
    d = diagnose_json("-", stdin=log)
    assert d["primary"]["id"] == "python.unhandled-exception"  # no entry names it; its traceback does
    out = render_github(d).splitlines()
    assert out[0].startswith("::error title=denpex%3A python.unhandled-exception")
    assert "FrobnicatorError: flux 17" in out[0]
    # failure lines that are no exception at all still get the unmatched annotation
    d = diagnose_json("-", stdin=b"INFO start\nerror: the frobnicator step did not finish\n")
    assert d["primary"] is None
    out = render_github(d).splitlines()
    assert out[0].startswith("::error title=denpex%3A denpex.unmatched-failure::")
    assert "error: the frobnicator step did not finish" in out[0]


def test_clean_log_renders_nothing(tmp_path):
    (tmp_path / "ok.log").write_text("INFO step 1 loss 1.0\nINFO done\n")
    d = diagnose_json(tmp_path / "ok.log", expect=0)
    assert render_github(d) == ""
    assert outputs(d, 0) == {"primary-id": "", "rank": "", "exit-code": "0", "verdict": d["verdict"]}


def test_step_summary(vllm, multi, tmp_path):
    path = tmp_path / "summary.md"
    path.write_text("# earlier step\n")
    text = write_step_summary(vllm, path)
    content = path.read_text()
    assert content.startswith("# earlier step\n")  # appended, never truncated
    assert text in content
    p = vllm["primary"]
    assert f"### Primary: `{p['id']}`" in text
    assert _html(p["explanation"]) in text
    assert f"1. {_html(p['fix'][0])}" in text
    assert "```\n" + p["verify"] + "\n```" in text
    m = render_step_summary(multi)
    assert "### Other findings" in m and "### Ranks" in m


def test_step_summary_escapes_untrusted_text(vllm):
    d = copy.deepcopy(vllm)
    d["verdict"] = "<script>alert(1)</script>"
    d["primary"]["explanation"] = "<img src=x onerror=alert(1)>"
    d["primary"]["evidence"][0]["text"] = "a ` b `` c"
    d["primary"]["verify"] = "x\n```\n<b>y</b>"
    text = render_step_summary(d)
    assert "<script" not in text and "<img" not in text
    assert "&lt;script&gt;" in text
    assert "``` a ` b `` c ```" in text  # a longer fence than any backtick run inside
    assert "````\nx\n```\n<b>y</b>\n````" in text


def test_should_fail_policy(vllm):
    assert should_fail(vllm, 1, "root") and should_fail(vllm, 1, "any") and not should_fail(vllm, 1, "never")
    noise = {"findings": [{"id": "n", "role": "noise"}], "primary": None}
    assert not should_fail(noise, 0, "root") and should_fail(noise, 0, "any")
    assert should_fail(None, 2, "root") and not should_fail(None, 2, "never")


# --------------------------------------------------------------------------- GitLab Code Quality


def _check_codequality(report: list[dict]) -> None:
    json.dumps(report)
    assert isinstance(report, list)
    fps = [i["fingerprint"] for i in report]
    assert len(fps) == len(set(fps))
    for i in report:
        assert isinstance(i["description"], str) and i["description"]
        assert isinstance(i["check_name"], str) and i["check_name"]
        assert isinstance(i["fingerprint"], str) and len(i["fingerprint"]) == 32
        assert i["severity"] in GITLAB_SEVERITIES
        assert isinstance(i["location"]["path"], str) and i["location"]["path"]
        assert isinstance(i["location"]["lines"]["begin"], int) and i["location"]["lines"]["begin"] >= 1


def test_gitlab_report_structure_and_severity(vllm, multi):
    r = render_gitlab_codequality(vllm)
    _check_codequality(r)
    assert len(r) == 1
    assert r[0]["check_name"] == "vllm.context-length-exceeded"
    assert r[0]["severity"] == "major"  # root, denpex severity medium
    assert r[0]["location"] == {"path": SAMPLE, "lines": {"begin": 12}}
    assert r[0]["description"].startswith("vllm.context-length-exceeded: Request needs 5120 tokens")

    m = render_gitlab_codequality(multi)
    _check_codequality(m)
    by_role = {}
    for f, issue in zip([multi["primary"]] + [f for f in multi["findings"] if f != multi["primary"]], m):
        assert issue["check_name"] == f["id"]
        by_role.setdefault(f["role"], set()).add(issue["severity"])
    assert by_role["collateral"] == {"minor"}
    assert by_role["noise"] == {"info"}
    assert m[0]["severity"] == {"critical": "blocker", "high": "critical", "medium": "major", "low": "minor", "info": "info"}[
        multi["primary"]["severity"]
    ]


def test_gitlab_fingerprints_stable_across_runs(multi):
    again = diagnose_json(*[p.relative_to(ROOT) for p in MULTI])
    a = [i["fingerprint"] for i in render_gitlab_codequality(multi)]
    b = [i["fingerprint"] for i in render_gitlab_codequality(again)]
    assert a == b
    # Independent of the denpex version that produced the JSON.
    bumped = dict(multi, denpex_version="99.0")
    assert [i["fingerprint"] for i in render_gitlab_codequality(bumped)] == a


def test_gitlab_cli_and_stdin_input(tmp_path, vllm):
    src = tmp_path / "d.json"
    src.write_text(json.dumps(vllm))
    out = tmp_path / "gl-code-quality-report.json"
    r = subprocess.run(
        [sys.executable, "-W", "error", "-m", "denpex.integrations.gitlab", str(src), "-o", str(out)],
        capture_output=True, text=True, timeout=60,
    )
    assert r.returncode == 0, r.stderr
    assert json.loads(out.read_text()) == render_gitlab_codequality(vllm)
    d = diagnose_json("-", stdin=(ROOT / SAMPLE).read_bytes())
    (issue,) = render_gitlab_codequality(d)
    assert issue["location"] == {"path": "<stdin>", "lines": {"begin": 12}}
    bad = tmp_path / "bad.json"
    bad.write_text("")
    r = subprocess.run([sys.executable, "-m", "denpex.integrations.gitlab", str(bad)], capture_output=True, text=True)
    assert r.returncode == 2


# --------------------------------------------------------------------------- the composite action


def test_action_yml_shape():
    a = yaml.safe_load((ACTION / "action.yml").read_text())
    assert set(a["inputs"]) >= {"paths", "fail-on", "mask-hosts"}
    assert a["inputs"]["fail-on"]["default"] == "root"
    assert set(a["outputs"]) >= {"primary-id", "rank", "exit-code"}
    assert a["runs"]["using"] == "composite"
    for step in a["runs"]["steps"]:
        assert step["shell"] == "bash"
        # Inputs reach scripts through env only: no ${{ }} expression inside a run script.
        assert "${{" not in step["run"]
    assert "pip install" in a["runs"]["steps"][0]["run"] and "$GITHUB_ACTION_PATH/../.." in a["runs"]["steps"][0]["run"]


def _run_action(tmp_path: Path, paths: str, fail_on: str = "root", mask_hosts: str = "false", cwd: Path = ROOT):
    out, summary = tmp_path / "output", tmp_path / "summary"
    env = dict(
        os.environ, DENPEX_PYTHON=sys.executable, INPUT_PATHS=paths, INPUT_FAIL_ON=fail_on,
        INPUT_MASK_HOSTS=mask_hosts, GITHUB_OUTPUT=str(out), GITHUB_STEP_SUMMARY=str(summary),
        RUNNER_TEMP=str(tmp_path),
    )
    r = subprocess.run(["bash", str(ACTION / "run.sh")], cwd=cwd, env=env, capture_output=True, text=True, timeout=180)
    values = dict(ln.split("=", 1) for ln in out.read_text().splitlines()) if out.exists() else {}
    return r, values, summary.read_text() if summary.exists() else ""


needs_bash = pytest.mark.skipif(shutil.which("bash") is None, reason="bash not on PATH")


@needs_bash
def test_action_run_script_failure_found(tmp_path, vllm):
    r, values, summary = _run_action(tmp_path, f"\n  {SAMPLE}  \n\n")
    assert r.returncode == 1, r.stderr
    assert r.stdout.splitlines() == render_github(vllm).splitlines()
    assert values["primary-id"] == "vllm.context-length-exceeded"
    assert values["rank"] == ""
    assert values["exit-code"] == "1"
    assert values["verdict"] == vllm["verdict"]
    assert json.loads(Path(values["json"]).read_text())["primary"]["id"] == "vllm.context-length-exceeded"
    assert "## Denpex diagnosis" in summary and _html(vllm["primary"]["explanation"]) in summary

    r, values, _ = _run_action(tmp_path, SAMPLE, fail_on="never")
    assert r.returncode == 0 and values["exit-code"] == "1"


@needs_bash
def test_action_run_script_multirank_globs_and_mask_hosts(tmp_path, multi):
    paths = " ".join(str(p.relative_to(ROOT)) for p in MULTI)  # one line, space-separated
    r, values, _ = _run_action(tmp_path, paths, mask_hosts="TRUE")
    assert r.returncode == 1, r.stderr
    assert values["primary-id"] == multi["primary"]["id"]
    assert values["rank"] == str(multi["primary"]["rank"])
    r, values, _ = _run_action(tmp_path, "src/denpex/kb/distributed/dist.worker-sigterm.multirank-*.log")
    assert r.returncode == 1 and values["primary-id"]


@needs_bash
def test_action_run_script_noise_only_and_input_error(tmp_path):
    (tmp_path / "noise.log").write_text(NOISE_ONLY)
    r, values, _ = _run_action(tmp_path, "noise.log", cwd=tmp_path)
    assert r.returncode == 0 and values["exit-code"] == "0"
    assert r.stdout.startswith("::notice file=noise.log,line=1,title=denpex%3A ")
    r, values, _ = _run_action(tmp_path, "noise.log", fail_on="any", cwd=tmp_path)
    assert r.returncode == 1

    r, values, summary = _run_action(tmp_path, "missing.log", cwd=tmp_path)
    assert r.returncode == 2
    assert values["exit-code"] == "2" and values["primary-id"] == ""
    assert r.stdout.startswith("::error title=denpex::denpex could not diagnose the inputs (exit 2)")
    assert "could not diagnose" in summary
    r, _, _ = _run_action(tmp_path, "missing.log", fail_on="never", cwd=tmp_path)
    assert r.returncode == 0
    r, _, _ = _run_action(tmp_path, "noise.log", fail_on="sometimes", cwd=tmp_path)
    assert r.returncode == 2 and "fail-on must be" in r.stdout
    r, _, _ = _run_action(tmp_path, "  \n", cwd=tmp_path)
    assert r.returncode == 2 and "no paths given" in r.stdout


# --------------------------------------------------------------------------- VS Code extension


def test_vscode_manifest():
    pkg = json.loads((VSCODE / "package.json").read_text())
    titles = {c["command"]: f"{c['category']}: {c['title']}" for c in pkg["contributes"]["commands"]}
    assert titles["denpex.diagnoseFile"] == "Denpex: Diagnose current file"
    assert titles["denpex.diagnoseSelection"] == "Denpex: Diagnose selection"
    assert {"onCommand:denpex.diagnoseFile", "onCommand:denpex.diagnoseSelection"} <= set(pkg["activationEvents"])
    props = pkg["contributes"]["configuration"]["properties"]
    assert props["denpex.executable"]["default"] == "denpex"
    assert props["denpex.executable"]["scope"] == "machine"  # a workspace cannot point it elsewhere
    assert props["denpex.maskHosts"]["type"] == "boolean"
    assert (VSCODE / pkg["main"]).is_file()
    assert not pkg.get("dependencies")  # no npm dependencies at run time


@pytest.mark.skipif(shutil.which("node") is None, reason="node not on PATH")
def test_vscode_node_unit_tests(tmp_path, vllm):
    fresh = tmp_path / "fresh.json"
    fresh.write_text(json.dumps(vllm))
    wrapper = tmp_path / "denpex"
    wrapper.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m denpex "$@"\n')
    wrapper.chmod(0o755)
    env = dict(os.environ, DENPEX_JSON=str(fresh), DENPEX_BIN=str(wrapper), DENPEX_SAMPLE=str(ROOT / SAMPLE))
    files = sorted(str(p) for p in (VSCODE / "test").glob("*.test.js"))
    r = subprocess.run(["node", "--test", *files], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-2000:]
    assert "# fail 0" in r.stdout


def test_cli_flags_when_wired(vllm):
    """`denpex diagnose --github / --gitlab-codequality` print the same as the library (once cli.py has them)."""
    help_text = subprocess.run(
        [sys.executable, "-m", "denpex", "diagnose", "--help"], capture_output=True, text=True, timeout=60
    ).stdout
    if "--github" not in help_text:
        pytest.skip("cli.py does not expose --github yet")
    r = subprocess.run(
        [sys.executable, "-m", "denpex", "diagnose", SAMPLE, "--github"], cwd=ROOT, capture_output=True, text=True
    )
    assert r.returncode == 1 and r.stdout == render_github(vllm)
    r = subprocess.run(
        [sys.executable, "-m", "denpex", "diagnose", SAMPLE, "--gitlab-codequality"],
        cwd=ROOT, capture_output=True, text=True,
    )
    assert r.returncode == 1 and json.loads(r.stdout) == render_gitlab_codequality(vllm)
