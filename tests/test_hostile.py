"""Hostile input (issue 11): decompression bombs, secrets cut at the evidence limit, host names inside
messages, missing optional extras, and super-linear patterns."""

from __future__ import annotations

import gzip
import json
import sys
import time

import pytest
import zstandard

import denpex
import denpex.readers as readers
from denpex.hits import CUT_MARK, EVIDENCE_CHARS, cut_text
from denpex.masking import Masker

from conftest import run_cli

VLLM = (
    "ValueError: This model's maximum context length is 4096 tokens, however you requested 5120 tokens "
    "(4608 in your prompt; 512 for the completion)."
)
TOKEN = "hf_jEj6b03EK3FFKHq9Zx81LmN0pQrStUvWx"  # a whole Hugging Face token (over 20 characters after hf_)


# --- decompression bombs ------------------------------------------------------------------------


def _bomb(mb: int, kind: str = "zstd") -> bytes:
    raw = (b"all good, step ok\n" * ((mb << 20) // 18)) + VLLM.encode() + b"\n"
    return zstandard.ZstdCompressor(level=3).compress(raw) if kind == "zstd" else gzip.compress(raw, 1)


@pytest.mark.parametrize("kind", ["zstd", "gzip"])
def test_bomb_is_cut_at_the_ratio_limit_and_says_so(monkeypatch, kind):
    monkeypatch.setattr(readers, "RATIO_FLOOR", 1 << 20)
    bomb = _bomb(32, kind)
    t = time.monotonic()
    d = denpex.diagnose(bomb)
    info = d.inputs.files[0]
    assert time.monotonic() - t < 10
    assert info.bytes <= max(1 << 20, len(bomb) * readers.MAX_RATIO)
    assert any("read limit" in n for n in info.notes), info.notes


def test_cli_max_bytes(tmp_path):
    path = tmp_path / "big.log.zst"
    path.write_bytes(_bomb(4))
    r = run_cli("diagnose", "--json", "--max-bytes", "1M", str(path))
    doc = json.loads(r.stdout)
    f = doc["inputs"]["files"][0]
    assert f["bytes"] == 1 << 20 and any("read limit" in n for n in f["notes"])
    assert doc["primary"] is None  # the failure after the cut was not read
    r = run_cli("diagnose", "--json", "--max-bytes", "0", str(path))
    doc = json.loads(r.stdout)
    assert doc["primary"]["id"] == "vllm.context-length-exceeded" and not doc["inputs"]["files"][0]["notes"]
    r = run_cli("diagnose", "--max-bytes", "lots", str(path))
    assert r.returncode == 2 and b"Traceback" not in r.stderr


def test_plain_files_have_no_read_limit():
    src = readers.bytes_source("x", b"x\n" * 10, denpex.models.InputsReport())
    assert src.read_limit() is None


# --- a secret cut in half -----------------------------------------------------------------------


def test_cut_never_keeps_part_of_a_token():
    line = "x" * (EVIDENCE_CHARS - 10) + " " + TOKEN + " tail"
    cut = cut_text(line)
    assert cut.endswith(CUT_MARK) and "hf_" not in cut and len(cut) <= EVIDENCE_CHARS + 1
    assert cut_text("short") == "short"
    assert cut_text("a" * 5000) == CUT_MARK  # one huge token: nothing of it is kept


@pytest.mark.parametrize("pad", [EVIDENCE_CHARS - 20, EVIDENCE_CHARS - 5, EVIDENCE_CHARS - 3, EVIDENCE_CHARS + 5])
def test_secret_at_the_evidence_limit_never_leaks(pad):
    line = VLLM + " " + "y" * (pad - len(VLLM)) + " auth " + TOKEN + " more words after the token"
    d = denpex.diagnose(line + "\n")
    out = json.dumps(d.to_dict())
    for k in range(8, len(TOKEN) + 1):
        assert TOKEN[3:k] not in out or k < 12, (pad, TOKEN[:k])
    assert TOKEN[:12] not in out


def test_masker_treats_a_token_prefix_at_a_cut_as_secret():
    m = Masker()
    for text in ("... token " + TOKEN[:14], "x " + TOKEN[:10] + "...", "x " + TOKEN[:9] + CUT_MARK,
                 "Authorization: Bearer abcd12", "password=hunt", "url https://bob:s3cr"):
        masked = m.mask(text)
        assert "<SECRET-" in masked, text
    assert m.mask("a normal line that ends in words") == "a normal line that ends in words"


# --- host names inside messages -----------------------------------------------------------------

HOST_LOG = """[rank0]: step 10 loss 1.0
[W socket.cpp:601] [c10d] The client socket has failed to connect to gpu-node-17.corp.example.com:29500 (errno: 111 - Connection refused).
[rank0]: torch.distributed.DistBackendError: NCCL error: remote process exited, peer gpu-node-17 at 10.1.2.3 and fd00::17
RuntimeError: connect to gpu-node-17.corp.example.com:29500 failed; retried node3:29400
"""


def test_mask_hosts_masks_hosts_inside_messages():
    d = denpex.diagnose(HOST_LOG, mask_hosts=True)
    out = json.dumps(d.to_dict())
    for name in ("gpu-node-17", "corp.example.com", "node3:", "10.1.2.3", "fd00::17"):
        assert name not in out, name
    assert "<HOST-" in out
    # the same host gets the same placeholder everywhere (FQDN and its short name)
    m = Masker(mask_hosts=True)
    a = m.mask("to gpu-node-17.corp.example.com:29500")
    b = m.mask("peer gpu-node-17 died")
    assert a.split()[-1].split(":")[0] == b.split()[1]


def test_without_mask_hosts_names_stay_but_ips_go():
    d = denpex.diagnose(HOST_LOG)
    out = json.dumps(d.to_dict())
    assert "10.1.2.3" not in out and "fd00::17" not in out
    kept = Masker()
    assert kept.mask("listening on 127.0.0.1 and ::1, bind 0.0.0.0") == "listening on 127.0.0.1 and ::1, bind 0.0.0.0"


def test_host_masking_does_not_eat_code_names():
    m = Masker(mask_hosts=True)
    text = "torch.cuda.OutOfMemoryError in train.py at 10:22:33 c10::Error cuda:0 huggingface.co/meta-llama"
    assert m.mask(text) == text


def test_timeline_svg_has_no_host_names(tmp_path):
    pytest.importorskip("matplotlib")
    from denpex.timeline import timeline_svg

    log = "".join(
        f"[rank{r}]: step 3 loss 1.0\n[rank{r}]: RuntimeError: connect to gpu-node-{r}.corp.example.com:29500 failed\n"
        for r in range(2)
    )
    d = denpex.diagnose(log, mask_hosts=True)
    svg = timeline_svg(d) or ""
    assert "gpu-node" not in svg and "example.com" not in svg


def test_masking_is_linear_on_hostile_text():
    m = Masker(mask_hosts=True)
    for unit in ("a.", "a-", "1.", "x://a:", "a@b", "hf_"):
        t = time.perf_counter()
        m.mask(unit * 100_000)
        assert time.perf_counter() - t < 2.0, unit


# --- optional extras ----------------------------------------------------------------------------


def _cli_without(modules: list[str], *args: str):  # type: ignore[no-untyped-def]
    import os
    import subprocess

    code = "import sys\nfor m in %r: sys.modules[m] = None\nfrom denpex.cli import main\nmain()" % (modules,)
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, timeout=120,
                          env=dict(os.environ, NO_COLOR="1", COLUMNS="200"))


@pytest.mark.parametrize(
    "modules,args,extra",
    [
        (["fastapi"], ["serve", "--port", "1"], "web"),
        (["uvicorn"], ["serve", "--port", "1"], "web"),
        (["jinja2"], ["site", "build", "OUT"], "web"),
        (["matplotlib"], ["timeline", "--png", "t.png", "-"], "plot"),
    ],
)
def test_missing_extra_says_what_to_install_and_exits_2(modules, args, extra, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = _cli_without(modules, *args)
    assert r.returncode == 2, r.stderr
    assert b"Traceback" not in r.stderr and f"denpex[{extra}]".encode() in r.stderr
    assert not (tmp_path / "OUT").exists() and not (tmp_path / "t.png").exists()
