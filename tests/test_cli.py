from __future__ import annotations

import json

import jsonschema

from denpex.render import to_json

SEED = (
    "ValueError: This model's maximum context length is 4096 tokens, however you requested 5120 tokens "
    "(4608 in your prompt; 512 for the completion). Reduce max_model_len or the prompt length.\n"
)


def test_explain_prints_every_section(cli):
    r = cli("explain", "vllm.context-length-exceeded", "--markdown")
    assert r.returncode == 0
    out = r.stdout.decode()
    for section in ("Quick answer", "mechanism", "Common symptoms", "How to confirm", "Root causes", "Fix",
                    "Why the fix works", "Prevention", "Best practices", "With the fix vs without", "Verify", "FAQ",
                    "References"):
        assert section in out, section


def test_explain_unknown_id(cli):
    r = cli("explain", "vllm.nope")
    assert r.returncode == 2 and b"no entry" in r.stderr


def test_list_filters(cli):
    r = cli("list", "--system", "vllm")
    out = r.stdout.decode()
    assert r.returncode == 0 and "vllm.context-length-exceeded" in out and "torch.cuda-oom" not in out
    r = cli("list", "--role", "collateral")
    assert "nccl.watchdog-timeout" in r.stdout.decode() and "torch.cuda-oom" not in r.stdout.decode()


def test_search_by_pasted_error_text(cli):
    r = cli("search", "RuntimeError: CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 15.78 GiB total capacity)")
    assert r.returncode == 0
    assert r.stdout.decode().splitlines()[0].startswith("torch.cuda-oom")
    r = cli("search", "watchdog", "timeout")
    assert "nccl.watchdog-timeout" in r.stdout.decode()


def test_markdown_report(cli):
    r = cli("diagnose", "--markdown", "-", input=SEED.encode())
    out = r.stdout.decode()
    assert r.returncode == 1
    assert "## Primary: `vllm.context-length-exceeded`" in out and "3584" in out


def test_json_output_validates_against_shipped_schema(cli, tmp_path):
    schema = json.loads(cli("schema").stdout)
    jsonschema.Draft202012Validator.check_schema(schema)
    logs = {
        "seed": SEED,
        "clean": "INFO all good\n",
        "unknown": "Traceback (most recent call last):\n  File \"x.py\", line 1\nWeirdError: boom\n",
        "multi": "[rank0]: " + SEED + "[rank1]:[E1203 10:22:33.123456 ProcessGroupNCCL.cpp:616] [Rank 1] Watchdog caught "
        "collective operation timeout: WorkNCCL(SeqNum=12, OpType=ALLREDUCE, NumelIn=8, NumelOut=8, Timeout(ms)=600000) "
        "ran for 600010 milliseconds before timing out.\n",
    }
    for name, text in logs.items():
        r = cli("diagnose", "--json", "-", input=text.encode())
        jsonschema.validate(json.loads(r.stdout), schema)


def test_kb_commands(cli):
    r = cli("kb", "export-patterns")
    assert r.returncode == 0 and len(r.stdout.decode().splitlines()) >= 60
    assert b"(?P<" not in r.stdout


def test_exported_patterns_are_one_a_line_and_portable(cli):
    """`kb export-patterns` feeds `rg -f` / `grep -E -f`: one pattern a line (a raw newline inside a
    character class would split it in two) and no Python-only anchors such as \\Z."""
    import re

    from denpex.knowledge import load_kb
    from denpex.rules import build_rules

    lines = cli("kb", "export-patterns", "--generic").stdout.decode().splitlines()
    assert len(lines) == len(build_rules(load_kb(with_samples=False)))
    for line in lines:
        re.compile(line)
        assert not re.search(r"(?<!\\)(?:\\\\)*\\[AZz]", line), line


def test_api_to_json_roundtrip():
    import denpex

    d = denpex.diagnose(SEED)
    assert json.loads(to_json(d))["primary"]["id"] == "vllm.context-length-exceeded"
