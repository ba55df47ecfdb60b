"""Hostile and ordinary inputs, and masking recall (issue 18).

    .venv/bin/python bench/hostile.py [--only NAME] [--skip-masking]

1) For every input class: `denpex diagnose` as a child process, its exit code, wall time, peak RSS
   (os.wait4), whether the planted failure line was found, and whether a Python traceback reached
   stderr. Target: found everywhere, RSS < 300 MB, no traceback.
2) Masking recall: every planted kind of tests/planted.py, inside the failing line, through the
   library in every output format (terminal, plain, JSON, Markdown, GitHub, GitLab) and through the
   web app (HTML page and JSON API). Target: 0 leaks.

Inputs are generated under bench/out/hostile/ (re-used between runs).
"""

from __future__ import annotations

import argparse
import gzip
import io
import os
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

import zstandard

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
OUT = HERE / "out" / "hostile"
sys.path.insert(0, str(ROOT / "tests"))
PY = sys.executable
FAIL = "FooError: the planted failure"
TB = 'Traceback (most recent call last):\n  File "train.py", line 9, in <module>\n' + FAIL + "\n"
LOG = "INFO starting\n" + "INFO step 1 loss 0.5\n" * 50 + TB


def _mk(name: str, make) -> Path:  # type: ignore[no-untyped-def]
    p = OUT / name
    if not p.exists():
        make(p)
    return p


def _noisy(p: Path) -> None:
    with open(p, "w") as fh:
        for i in range(200_000):
            fh.write(f"WARNING retrying request {i}: ConnectionResetError: [Errno 104] Connection reset by peer\n")
        fh.write(TB)


def _long_line(p: Path) -> None:
    with open(p, "wb") as fh:
        fh.write(b"INFO start\n")
        for _ in range(800):
            fh.write(b"x" * (1 << 20))
        fh.write(b"\n" + TB.encode())


def _hole(p: Path) -> None:
    with open(p, "wb") as fh:
        fh.truncate(256 << 20)
        fh.seek(256 << 20)
        fh.write(LOG.encode())


def _tree(root: Path) -> None:
    (root / "logs" / "node-2").mkdir(parents=True, exist_ok=True)
    (root / "logs" / "node-2" / "rank3.log").write_text(LOG)
    (root / "logs" / "rank0.log").write_text("INFO step 1 loss 0.5\n")


def _bundle(kind: str):  # type: ignore[no-untyped-def]
    def make(p: Path) -> None:
        src = OUT / "tree"
        _tree(src)
        if kind == "zip":
            with zipfile.ZipFile(p, "w", zipfile.ZIP_DEFLATED) as zf:
                for f in sorted((src / "logs").rglob("*.log")):
                    zf.write(f, f.relative_to(src))
            return
        with tarfile.open(p, "w:gz" if kind == "tgz" else "w:") as tf:
            tf.add(src / "logs", arcname="logs")
    return make


def _deep(p: Path) -> None:
    p.mkdir()
    cwd = os.getcwd()
    os.chdir(p)
    try:
        for _ in range(1100):
            os.mkdir("d")
            os.chdir("d")
        Path("x.log").write_text(LOG)
    finally:
        os.chdir(cwd)


def cases() -> list[tuple[str, str, dict]]:  # type: ignore[type-arg]
    """(name, shell command, options) per input class."""
    OUT.mkdir(parents=True, exist_ok=True)
    plain = _mk("plain.log", lambda p: p.write_text(LOG))
    big_body = ("INFO step loss 0.5 the quick brown fox\n" * 1_000_000 + TB).encode()
    gz_cut = _mk("cut.log.gz", lambda p: p.write_bytes(gzip.compress(big_body)[:-8]))
    zst_cut = _mk("cut.log.zst", lambda p: p.write_bytes(zstandard.ZstdCompressor().compress(big_body)[:-3]))
    noisy = _mk("noisy.log", _noisy)
    u16 = _mk("utf16.log", lambda p: p.write_bytes(("INFO 启动训练\n" + LOG).encode("utf-16")))
    gbk = _mk("gbk.log", lambda p: p.write_bytes(("INFO 启动训练\n" + LOG).encode("gb18030")))
    hole = _mk("hole.log", _hole)
    long = _mk("long-line.log", _long_line)
    tar, tgz, zp = (_mk(f"bundle.{k}", _bundle(k)) for k in ("tar", "tgz", "zip"))
    deep = _mk("deep", _deep)
    zh = _mk("zh.log", lambda p: p.write_text(TB.replace("planted failure", "planted failure 失败了"), encoding="utf-8"))
    evil = OUT / "evil"
    evil.mkdir(exist_ok=True)
    (evil / "evil\x1b]0;pwned\x07\x1b[2J.log").write_text(LOG)
    d = f"{PY} -m denpex diagnose"
    return [
        ("plain file", f"{d} {plain}", {}),
        ("process substitution <(cat f)", f"{d} <(cat {plain})", {}),
        ("pipe to /dev/stdin", f"cat {plain} | {d} /dev/stdin", {}),
        ("named pipe", f"rm -f {OUT}/fifo; mkfifo {OUT}/fifo; (cat {plain} > {OUT}/fifo &); {d} {OUT}/fifo", {}),
        ("/dev/zero", f"{d} /dev/zero", {"expect": None}),
        ("truncated .gz (trailer lost)", f"{d} {gz_cut}", {}),
        ("truncated .zst", f"{d} {zst_cut}", {"expect": None}),
        ("200,000 retry warnings, then the failure", f"{d} {noisy}", {}),
        ("UTF-16 with BOM", f"{d} {u16}", {}),
        ("GB18030", f"{d} {gbk}", {}),
        ("256 MiB NUL hole (copytruncate)", f"{d} {hole}", {}),
        ("800 MiB line without newline", f"{d} -j 1 {long}", {}),
        (".tar bundle", f"{d} {tar}", {}),
        (".tgz bundle", f"{d} {tgz}", {}),
        (".zip bundle", f"{d} {zp}", {}),
        ("closed stdin", f"{d} - <&-", {"expect": None}),
        ("cp1252 stdout, --json", f"PYTHONIOENCODING=cp1252 {d} --json {zh}", {}),
        ("folder 1,100 levels deep", f"{d} {deep}", {}),
        ("stdout on a full disk", f"{d} --json {plain} > /dev/full", {"expect": None, "stdout": False}),
        ("timeline --png into a missing folder", f"{PY} -m denpex timeline --png {OUT}/missing/t.png {plain}", {"expect": None}),
        ("terminal escapes in a file name", f"{d} {evil}", {"escapes": True}),
    ]


def run_case(cmd: str, opts: dict) -> tuple[int, float, float, str, str]:  # type: ignore[type-arg]
    env = dict(os.environ, COLUMNS="200", NO_COLOR="1")
    t0 = time.perf_counter()
    p = subprocess.Popen(["bash", "-c", cmd], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    out, err = p.communicate(timeout=600)
    wall = time.perf_counter() - t0
    # the child's peak RSS: the largest of the shell's children (RUSAGE_CHILDREN of this process)
    import resource

    rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return p.returncode, wall, rss, out.decode("utf-8", "replace"), err.decode("utf-8", "replace")


def inputs_table(only: str | None) -> int:
    bad = 0
    print(f"{'input class':<44} {'exit':>4} {'wall s':>7} {'peak MiB':>9}  found  traceback  note")
    for name, cmd, opts in cases():
        if only and only not in name:
            continue
        # each case in a fresh Python so that RUSAGE_CHILDREN is this case's own peak
        res = subprocess.run(
            [PY, __file__, "--one", cmd], capture_output=True, text=True, timeout=900
        )
        code_s, wall_s, rss_s, found_s, tb_s, esc_s = res.stdout.strip().split("\t")
        found = found_s == "1"
        tb = tb_s == "1"
        expect_found = opts.get("expect", True) is not None
        note = ""
        if not expect_found:
            note = "(no failure planted: a message is the expected answer)"
            found_txt = "-"
        else:
            found_txt = "yes" if found else "NO"
        if opts.get("escapes"):
            note = "raw ESC/BEL on stdout" if esc_s == "1" else "name shown escaped"
        ok = (found or not expect_found) and not tb and float(rss_s) < 300 and not (opts.get("escapes") and esc_s == "1")
        bad += not ok
        print(f"{name:<44} {code_s:>4} {float(wall_s):7.2f} {float(rss_s):9.1f}  {found_txt:>5}  {'YES' if tb else 'no':>9}  {note}")
    subprocess.run(["rm", "-rf", str(OUT / "deep")], check=False)  # Python's rmtree/walk would recurse 1,100 levels
    return bad


def masking_table() -> int:
    import json

    from fastapi.testclient import TestClient
    from planted import FAILURE, KINDS, failing_line_log, leaks
    from test_masking_recall import outputs

    from denpex import diagnose
    from denpex.web.server import create_app

    fmts = ["terminal", "plain", "json", "markdown", "github", "gitlab", "web-html", "web-json"]
    leaked: dict[str, list[str]] = {f: [] for f in fmts}
    for kind, line, secret in KINDS:
        d = diagnose(failing_line_log(line, secret))
        for fmt, text in outputs(d).items():
            if fmt in leaked and leaks(text, [(kind, line, secret)]):
                leaked[fmt].append(kind)
    files = [("files", (f"{i:02d}-{k}.log", failing_line_log(line, s).encode(), "text/plain")) for i, (k, line, s) in enumerate(KINDS)]
    with TestClient(create_app(workers=1)) as client:
        html = client.post("/diagnose", files=files).text
        api = client.post("/api/diagnose", files=files).text
    leaked["web-html"] = leaks(html)
    leaked["web-json"] = leaks(api)
    shown = json.loads(api)
    assert FAILURE in json.dumps(shown)
    print(f"\n2) masking recall: {len(KINDS)} planted kinds, each inside the failing line")
    print(f"{'output':<10} {'kinds':>5} {'leaks':>5}  leaked kinds")
    for f in fmts:
        print(f"{f:<10} {len(KINDS):>5} {len(leaked[f]):>5}  {', '.join(leaked[f]) or '-'}")
    return sum(len(v) for v in leaked.values())


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--only")
    ap.add_argument("--skip-masking", action="store_true")
    ap.add_argument("--one", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.one:
        code, wall, rss, out, err = run_case(args.one, {})
        found = FAIL in out
        tb = "Traceback (most recent call last)" in err
        esc = "\x1b" in out or "\x07" in out
        print(f"{code}\t{wall:.3f}\t{rss:.1f}\t{int(found)}\t{int(tb)}\t{int(esc)}")
        return 0
    print("1) input classes (denpex diagnose as a child process)")
    bad = inputs_table(args.only)
    leaks_n = 0 if args.skip_masking else masking_table()
    print(f"\n{bad} input class(es) off target, {leaks_n} leak(s)")
    return 0 if not bad and not leaks_n else 1


if __name__ == "__main__":
    sys.exit(main())
