"""Bad input gets a clear message (or is read correctly), never a traceback."""

from __future__ import annotations

import gzip
import json
import os
import socket

import zstandard

OOM = "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 79.15 GiB of which 1.06 GiB is free.\n"
SEED = "ValueError: This model's maximum context length is 4096 tokens, however you requested 5120 tokens (4608 in your prompt; 512 for the completion).\n"


def _json(r):
    assert b"Traceback" not in r.stderr, r.stderr.decode()
    return json.loads(r.stdout)


def test_binary_file_is_skipped_with_reason(cli, tmp_path):
    (tmp_path / "model.bin").write_bytes(os.urandom(50_000))
    (tmp_path / "train.log").write_text(SEED)
    r = cli("diagnose", "--json", str(tmp_path))
    out = _json(r)
    assert out["primary"]["id"] == "vllm.context-length-exceeded"
    assert any("binary" in s["reason"] for s in out["inputs"]["skipped"])


def test_only_binary_is_usage_error(cli, tmp_path):
    p = tmp_path / "x.bin"
    p.write_bytes(bytes(range(256)) * 100)
    r = cli("diagnose", str(p))
    assert r.returncode == 2
    assert b"binary" in r.stderr and b"Traceback" not in r.stderr


def test_invalid_utf8_is_read(cli, tmp_path):
    p = tmp_path / "bad.log"
    p.write_bytes(b"INFO caf\xe9 \xff\xfe noise\n" + SEED.encode() + b"\xc3\x28 trailing\n")
    out = _json(cli("diagnose", "--json", str(p)))
    assert out["primary"]["id"] == "vllm.context-length-exceeded"
    assert out["primary"]["evidence"][0]["line"] == 2


def test_huge_single_line(cli, tmp_path):
    p = tmp_path / "huge.log"
    with open(p, "wb") as fh:
        fh.write(b"x" * (50 * 1024 * 1024))
        fh.write(b"\n" + SEED.encode())
    out = _json(cli("diagnose", "--json", str(p), timeout=300))
    assert out["primary"]["id"] == "vllm.context-length-exceeded"
    assert out["primary"]["evidence"][0]["line"] == 2
    assert any("8 MiB" in n for n in out["inputs"]["files"][0]["notes"])


def test_empty_file_and_empty_stdin(cli, tmp_path):
    p = tmp_path / "empty.log"
    p.write_bytes(b"")
    r = cli("diagnose", "--json", str(p))
    assert r.returncode == 2  # a lost log must not pass a CI gate
    out = _json(r)
    assert out["primary"] is None and "empty file" in out["inputs"]["files"][0]["notes"]
    assert out["inputs"]["empty"] is True and "input is empty" in out["verdict"]
    r = cli("diagnose", "-", input=b"")
    assert r.returncode == 2 and b"input is empty" in r.stdout and b"No failure found" not in r.stdout
    r = cli("diagnose", "-", input=b"  \n\t\r\n\n")
    assert r.returncode == 2 and b"input is empty" in r.stdout
    (tmp_path / "folder").mkdir()
    (tmp_path / "folder" / "a.log").write_bytes(b"")
    (tmp_path / "folder" / "b.log").write_bytes(b"\n\n")
    assert cli("diagnose", str(tmp_path / "folder")).returncode == 2
    (tmp_path / "folder" / "c.log").write_bytes(b"INFO all good\n")
    r = cli("diagnose", str(tmp_path / "folder"))
    assert r.returncode == 0 and b"No failure found" in r.stdout


def test_truncated_gzip_reads_what_is_there(cli, tmp_path):
    body = ("INFO noise line\n" * 20000 + SEED).encode()
    data = gzip.compress(body)
    p = tmp_path / "run.log.gz"
    p.write_bytes(data[: len(data) - 50])
    out = _json(cli("diagnose", "--json", str(p)))
    notes = out["inputs"]["files"][0]["notes"]
    assert any("truncated" in n or "corrupt" in n for n in notes)
    # a complete gzip is read fully
    p.write_bytes(data)
    out = _json(cli("diagnose", "--json", str(p)))
    assert out["primary"]["id"] == "vllm.context-length-exceeded"
    assert out["primary"]["evidence"][0]["line"] == 20001


def test_zstd_and_truncated_zstd(cli, tmp_path):
    body = ("INFO noise\n" * 1000 + SEED).encode()
    data = zstandard.ZstdCompressor().compress(body)
    p = tmp_path / "run.log.zst"
    p.write_bytes(data)
    out = _json(cli("diagnose", "--json", str(p)))
    assert out["primary"]["id"] == "vllm.context-length-exceeded"
    assert out["inputs"]["files"][0]["compression"] == "zstd"
    p.write_bytes(data[:-10])
    r = cli("diagnose", "--json", str(p))
    _json(r)


def test_ansi_and_crlf(cli, tmp_path):
    p = tmp_path / "color.log"
    colored = "\x1b[32mINFO\x1b[0m ok\r\n\x1b[31mValueError\x1b[0m: This model's maximum context length is \x1b[1m4096\x1b[0m tokens, however you requested 5120 tokens (4608 in your prompt; 512 for the completion).\r\n"
    p.write_bytes(colored.encode())
    out = _json(cli("diagnose", "--json", str(p)))
    ev = out["primary"]["evidence"][0]
    assert ev["line"] == 2 and "\x1b" not in ev["text"] and not ev["text"].endswith("\r")
    assert out["primary"]["facts"]["max_model_len"] == 4096


def test_progress_bar_carriage_returns(cli, tmp_path):
    p = tmp_path / "tqdm.log"
    p.write_bytes(b"Epoch 1:  10%|# | 10/100\rEpoch 1:  20%|## | 20/100\r" + SEED.encode())
    out = _json(cli("diagnose", "--json", str(p)))
    assert out["primary"]["evidence"][0]["text"].startswith("ValueError")


def test_directory_with_unreadable_entries(cli, tmp_path):
    (tmp_path / "ok.log").write_text(SEED)
    (tmp_path / "dangling.log").symlink_to(tmp_path / "missing-target")
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(tmp_path / "agent.sock"))
    locked = tmp_path / "locked"
    locked.mkdir()
    (locked / "x.log").write_text(OOM)
    os.chmod(locked, 0)
    try:
        out = _json(cli("diagnose", "--json", str(tmp_path)))
    finally:
        os.chmod(locked, 0o755)
        sock.close()
    assert out["primary"]["id"] == "vllm.context-length-exceeded"
    reasons = " ".join(s["reason"] for s in out["inputs"]["skipped"])
    assert "broken symbolic link" in reasons
    if os.geteuid() != 0:
        assert "permission denied" in reasons


def test_unreadable_file_as_non_root(cli, tmp_path):
    p = tmp_path / "secret.log"
    p.write_text(SEED)
    os.chmod(p, 0)
    try:
        r = cli("diagnose", str(p))
    finally:
        os.chmod(p, 0o644)
    assert b"Traceback" not in r.stderr
    if os.geteuid() != 0:
        assert r.returncode == 2 and b"permission denied" in r.stderr


def test_colour_codes_written_out_as_text_are_removed(cli, tmp_path):
    """A notebook's JSON output or a JS console quotes colour codes as text ("\\u001b[31m"): left in, they
    glue to the exception class ("...mKeyError") and hide it."""
    p = tmp_path / "notebook.log"
    p.write_text(
        "Traceback (most recent call last):\n"
        '  File "/content/train.py", line 3, in <module>\n'
        "\\u001b[31mKeyError\\u001b[39m: 'labels'\n"
        "\\x1b[0m\\033[1;31mdone\\033[0m C:\\x1b\\keep.txt\n"
    )
    out = _json(cli("diagnose", "--json", str(p)))
    assert out["primary"]["id"] == "python.key-error"
    assert out["primary"]["evidence"][0]["text"] == "KeyError: 'labels'"
    # a Windows path that merely contains "\x1b" is not a colour code
    from denpex.readers import strip_ansi

    assert strip_ansi(b"\\x1b[0m\\033[1;31mdone\\033[0m C:\\x1b\\keep.txt") == b"done C:\\x1b\\keep.txt"
