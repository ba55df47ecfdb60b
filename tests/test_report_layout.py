"""What a newcomer reads: the run-specific message first, fixes that fit the facts, a plain layout in
pipes and CI logs that never breaks ids or addresses, -q, and a compact notebook display."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import denpex

SAMPLE = Path(denpex.__file__).parent / "samples" / "vllm-server.log"
GLOO = ("[rank1]: RuntimeError: [/__w/pytorch/pytorch/third_party/gloo/gloo/transport/tcp/pair.cc:553] Connection closed "
        "by peer [127.0.0.1]:62089. This is typically caused by a remote worker crashing.")


def _run(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "denpex", *args], input=stdin.decode() if stdin else None,
                          capture_output=True, text=True, timeout=120, check=False)


def test_verdict_leads_with_the_run_specific_message():
    r = _run("diagnose", "-q", str(SAMPLE))
    assert r.returncode == 1
    assert r.stdout.strip() == "Request needs 5120 tokens but the server serves 4096."


def test_piped_output_never_breaks_tokens_and_ends_with_the_verdict():
    log = ("[rank2]: RuntimeError: mat1 and mat2 shapes cannot be multiplied (8x12 and 16x16)\n" + GLOO + "\n").encode()
    r = _run("diagnose", "-", stdin=log)
    assert r.returncode == 1
    out = r.stdout
    assert "dist.peer-connection-lost" in out and "[<IP-1>]:62089" in out or "127.0.0.1]:62089" in out
    assert "│" not in out and "┃" not in out  # no boxes in a pipe
    assert out.rstrip().splitlines()[-1].startswith("== ")
    boxed = _run("diagnose", "--width", "80", "-", stdin=log)
    assert "╭" in boxed.stdout


def test_computed_fixes_do_not_contradict_the_analysis():
    oom = ("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 79.15 GiB "
           "of which 1.06 GiB is free. Including non-PyTorch memory, this process has 78.08 GiB memory in use. Of the allocated "
           "memory 75.50 GiB is allocated by PyTorch, and 1.20 GiB is reserved by PyTorch but unallocated.\n")
    d = denpex.diagnose(oom)
    assert "expandable_segments will not help" in d.primary.explanation
    assert not any("expandable_segments:True" in f for f in d.primary.fix)


def test_notebook_display_is_compact():
    d = denpex.diagnose(SAMPLE.read_text())
    assert len(repr(d)) < 300 and "vllm.context-length-exceeded" in repr(d)
    html = d._repr_html_()
    assert html.startswith("<div") and "5120" in html and len(html) < 5000


def test_search_ranks_by_match_quality_and_admits_no_match():
    from denpex.encyclopedia import search_entries

    line = ("ValueError: This model's maximum context length is 4096 tokens, however you requested 5120 tokens "
            "(4608 in your prompt; 512 for the completion).")
    res = search_entries(line)
    assert res[0][1].id == "vllm.context-length-exceeded" and res[0][2] == "the pasted text is this failure"
    assert search_entries("banana smoothie kitchen") == []  # (not "blender": embedding hosts like Blender load a second libpython)
    r = _run("search", "--json", "banana smoothie kitchen")
    assert r.returncode == 1 and r.stdout.strip() == "[]"
    # a rare word outranks common ones: NVLink means the NVLink/P2P entries, not every CUDA entry
    top = [e.id for _, e, _ in search_entries("nvlink")]
    assert top and len(top) < 6
    assert _run("list", "--json", "--system", "vllm").stdout.count('"id"') >= 8


def test_explain_shows_real_example_lines_not_regexes():
    r = _run("explain", "--markdown", "vllm.context-length-exceeded")
    looks = r.stdout.split("## What this failure looks like", 1)[1].split("##", 1)[0]
    assert "maximum context length is" in looks and "(?P<" not in looks


def test_built_wheel_carries_what_an_installed_copy_needs(tmp_path):
    """The wheel (not the editable checkout) has the taxonomy, every sample folder and the knowledge
    base: kb lint runs clean and the README's multi-rank example path exists in an installed copy."""
    root = Path(__file__).resolve().parents[1]
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", str(tmp_path / "w"), str(root)],
                   check=True, capture_output=True, timeout=300)
    wheel = next((tmp_path / "w").glob("denpex_oss-*.whl"))
    import zipfile
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        meta = z.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    # the SPDX licence expression (setuptools 77+) and the licence file itself; no byte-code caches
    assert "License-Expression: Apache-2.0" in meta and any(n.endswith("licenses/LICENSE") for n in names)
    assert not [n for n in names if "__pycache__" in n or n.endswith((".pyc", ".pyo"))]
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target), str(wheel)],
                   check=True, capture_output=True, timeout=300)
    env = {**os.environ, "PYTHONPATH": str(target), "XDG_CACHE_HOME": str(tmp_path / "cache")}
    run = lambda *a: subprocess.run([sys.executable, *a], capture_output=True, text=True, timeout=300, env=env, cwd=tmp_path, check=False)
    where = run("-c", "import denpex; print(denpex.__file__)").stdout.strip()
    assert where.startswith(str(target)), where
    assert (target / "denpex" / "taxonomy.yaml").is_file()
    assert (target / "denpex" / "samples" / "torchrun-crash" / "console.log").is_file()
    # (a cold cache: every entry parsed and every pattern compiled; minutes on a loaded two-core machine)
    lint = subprocess.run([sys.executable, "-m", "denpex", "kb", "lint"], capture_output=True, text=True, timeout=900, env=env, cwd=tmp_path, check=False)
    assert lint.returncode == 0, lint.stdout[-2000:] + lint.stderr[-2000:]
    d = run("-m", "denpex", "diagnose", "-q", str(target / "denpex" / "samples" / "torchrun-crash" / "console.log"))
    assert d.returncode == 1 and "rank 2" in d.stdout
