"""Inputs users really have (issue 18): pipes and devices, cut archives, noisy logs past the caps,
other encodings, NUL holes, huge lines, bundles, and surroundings that fail (closed stdin, a cp1252
console, deep folders, a full disk, a missing output folder, escapes in file names)."""

from __future__ import annotations

import gzip
import io
import json
import os
import subprocess
import sys
import tarfile
import threading
import zipfile
from pathlib import Path

import pytest
import zstandard

from denpex import diagnose

FAIL = "FooError: the planted failure"
TB = 'Traceback (most recent call last):\n  File "train.py", line 9, in <module>\n' + FAIL + "\n"
LOG = "INFO starting\n" + "INFO step 1 loss 0.5\n" * 50 + TB
DENPEX = [sys.executable, "-m", "denpex"]
# this process's peak resident memory in KiB (VmHWM: ru_maxrss would carry the high-water mark of the
# pytest worker that forked it)
PEAK = (
    "hwm = [ln.split()[1] for ln in open('/proc/self/status') if ln.startswith('VmHWM')][0]\n"
    "print(d.primary.evidence[0].text, hwm)\n"
)
ENV = dict(os.environ, COLUMNS="200", NO_COLOR="1")


def run(*args: str, **kw) -> subprocess.CompletedProcess[bytes]:  # type: ignore[no-untyped-def]
    return subprocess.run([*DENPEX, *args], capture_output=True, timeout=120, env=kw.pop("env", ENV), **kw)


def found(d) -> bool:  # type: ignore[no-untyped-def]
    return d.primary is not None and any(FAIL in e.text for e in d.primary.evidence)


def test_process_substitution_and_dev_stdin(tmp_path: Path) -> None:
    (tmp_path / "src.log").write_text(LOG)
    cmd = f"{sys.executable} -m denpex diagnose -q <(cat {tmp_path / 'src.log'})"
    r = subprocess.run(["bash", "-c", cmd], capture_output=True, timeout=120, env=ENV)
    assert r.returncode == 1 and b"FooError" in r.stdout, r.stdout + r.stderr
    r = run("diagnose", "-q", "/dev/stdin", input=LOG.encode())
    assert r.returncode == 1 and b"FooError" in r.stdout, r.stdout + r.stderr


def test_named_pipe_is_read_once(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)

    def writer() -> None:
        with open(fifo, "w") as fh:
            fh.write(LOG)

    t = threading.Thread(target=writer)
    t.start()
    r = run("diagnose", "-q", str(fifo))
    t.join(10)
    assert r.returncode == 1 and b"FooError" in r.stdout, r.stdout + r.stderr


def test_dev_zero_answers() -> None:
    r = run("diagnose", "/dev/zero")
    assert r.returncode == 2 and b"NUL" in r.stdout + r.stderr


def test_truncated_gzip_keeps_every_line_before_the_cut(tmp_path: Path) -> None:
    body = ("INFO step loss 0.5 the quick brown fox\n" * 300_000 + TB).encode()
    packed = gzip.compress(body)
    p = tmp_path / "cut.log.gz"
    p.write_bytes(packed[:-8])  # the trailer (CRC, size) lost: every line is still in the stream
    d = diagnose(p)
    assert found(d)
    notes = " ".join(d.inputs.files[0].notes)
    assert "truncated" in notes and "every complete line" in notes


def test_truncated_zstd_says_where_it_stopped(tmp_path: Path) -> None:
    body = ("INFO step loss 0.5 the quick brown fox\n" * 300_000).encode()
    packed = zstandard.ZstdCompressor().compress(body)
    p = tmp_path / "cut.log.zst"
    p.write_bytes(packed[: len(packed) // 2])
    d = diagnose(p)
    assert "truncated" in " ".join(d.inputs.files[0].notes)
    assert d.inputs.files[0].lines > 100_000


def test_caps_never_drop_the_end_of_an_input() -> None:
    noise = "".join(f"WARNING retrying request {i}: ConnectionResetError: [Errno 104] Connection reset by peer\n" for i in range(30_000))
    assert found(diagnose(noise + TB))


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "gb18030"])
def test_other_encodings_are_read(tmp_path: Path, encoding: str) -> None:
    p = tmp_path / "enc.log"
    p.write_bytes(("INFO 启动训练 step 1\n" + LOG).encode(encoding))
    d = diagnose(p)
    assert found(d), d.inputs
    assert any(encoding.split("-")[0].replace("gb18030", "gb") in n.lower() for n in d.inputs.files[0].notes)


def test_nul_hole_from_copytruncate(tmp_path: Path) -> None:
    p = tmp_path / "rotated.log"
    with open(p, "wb") as fh:
        fh.truncate(100 << 20)  # a sparse hole, as copytruncate leaves it (longer than the NUL-only stop for streams)
        fh.seek(100 << 20)
        fh.write(LOG.encode())
    d = diagnose(p)
    assert found(d) and any("NUL" in n for n in d.inputs.files[0].notes)
    # split across two processes: finding a line start inside the hole must not read it whole
    code = (
        "import denpex\n"
        f"d = denpex.diagnose({str(p)!r}, jobs=2)\n"
        + PEAK
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    text, rss = r.stdout.rsplit(" ", 1)
    assert FAIL in text and int(rss) < 200 * 1024, r.stderr


def test_huge_line_in_bounded_memory(tmp_path: Path) -> None:
    p = tmp_path / "long.log"
    with open(p, "wb") as fh:
        fh.write(b"INFO start\n")
        for _ in range(96):
            fh.write(b"x" * (1 << 20))
        fh.write(b"\n" + TB.encode())
    code = (
        "import denpex\n"
        f"d = denpex.diagnose({str(p)!r})\n"
        + PEAK
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    text, rss = r.stdout.rsplit(" ", 1)
    assert FAIL in text, r.stderr
    assert int(rss) < 300 * 1024  # KiB


def _tree(root: Path) -> None:
    (root / "logs" / "node-2").mkdir(parents=True)
    (root / "logs" / "node-2" / "rank3.log").write_text(LOG)
    (root / "logs" / "rank0.log").write_text("INFO step 1 loss 0.5\n")


@pytest.mark.parametrize("kind", ["tar", "tgz", "tar.zst", "zip"])
def test_bundles_are_read_member_by_member(tmp_path: Path, kind: str) -> None:
    _tree(tmp_path)
    out = tmp_path / f"bundle.{kind}"
    if kind == "zip":
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
            for f in sorted((tmp_path / "logs").rglob("*.log")):
                zf.write(f, f.relative_to(tmp_path))
    else:
        buf = io.BytesIO()
        with tarfile.open(fileobj=buf, mode="w:gz" if kind == "tgz" else "w:") as tf:
            tf.add(tmp_path / "logs", arcname="logs")
        data = buf.getvalue()
        out.write_bytes(zstandard.ZstdCompressor().compress(data) if kind == "tar.zst" else data)
    d = diagnose(out)
    assert found(d) and d.primary.rank == 3 and d.primary.host == "node-2"
    names = sorted(f.name for f in d.inputs.files)
    assert names == [f"{out}/logs/node-2/rank3.log", f"{out}/logs/rank0.log"]
    assert not any(b"ustar" in e.text.encode() for f in d.findings for e in f.evidence)


def test_closed_stdin_is_a_message() -> None:
    r = subprocess.run([*DENPEX, "diagnose", "-"], stdin=subprocess.DEVNULL, capture_output=True, env=ENV, timeout=60,
                       preexec_fn=lambda: os.close(0))
    assert r.returncode == 2 and b"Traceback" not in r.stderr and b"closed" in r.stdout + r.stderr


def test_cp1252_stdout_with_other_scripts(tmp_path: Path) -> None:
    p = tmp_path / "zh.log"
    p.write_text("Traceback (most recent call last):\n  File \"a.py\", line 1, in <module>\nFooError: 失败了\n", encoding="utf-8")
    for fmt in ([], ["--json"], ["--markdown"]):
        r = run("diagnose", *fmt, str(p), env=dict(ENV, PYTHONIOENCODING="cp1252"))
        assert r.returncode == 1 and b"Traceback" not in r.stderr, r.stderr
    r = run("diagnose", "--json", str(p), env=dict(ENV, PYTHONIOENCODING="cp1252"))
    assert "失败了" in json.loads(r.stdout)["verdict"]


def test_folder_1100_levels_deep(tmp_path: Path) -> None:
    d = tmp_path / "deep"
    d.mkdir()
    cwd = os.getcwd()
    os.chdir(d)
    try:
        for _ in range(1100):
            os.mkdir("d")
            os.chdir("d")
        Path("x.log").write_text(LOG)
    finally:
        os.chdir(cwd)
    try:
        r = run("diagnose", "-q", str(d))
    finally:
        # removed here: pytest's own clean-up of old temporary folders recurses and would fail on it
        subprocess.run(["rm", "-rf", str(d)], check=False)
    assert r.returncode == 1 and b"FooError" in r.stdout, r.stderr[-500:]


def test_full_disk_and_missing_output_folder(tmp_path: Path) -> None:
    p = tmp_path / "run.log"
    p.write_text(LOG * 50)
    with open("/dev/full", "wb") as full:
        r = subprocess.run([*DENPEX, "diagnose", "--json", str(p)], stdout=full, stderr=subprocess.PIPE, env=ENV, timeout=60)
    assert r.returncode == 2 and b"Traceback" not in r.stderr and b"space" in r.stderr
    pytest.importorskip("matplotlib")
    r = run("timeline", "--png", str(tmp_path / "missing" / "t.png"), str(p))
    assert r.returncode == 2 and b"Traceback" not in r.stderr and b"No such file" in r.stderr


def test_escapes_in_file_names_never_reach_the_terminal(tmp_path: Path) -> None:
    name = "evil\x1b]0;pwned\x07\x1b[2J.log"
    (tmp_path / name).write_text(LOG)
    for fmt in ([], ["--markdown"], ["--json"]):
        r = run("diagnose", *fmt, str(tmp_path))
        assert b"\x1b" not in r.stdout and b"\x07" not in r.stdout, fmt
        assert b"\x1b" not in r.stderr
