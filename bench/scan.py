"""Scanner throughput and memory, side by side with ripgrep, GNU grep, a naive Python loop and a raw read.

    .venv/bin/python bench/scan.py [--mb 1024] [--rank-files 256] [--rank-mb 2] [--big-gb 0] [--runs 3]

Generates (and caches under bench/out/) a realistic training log and a folder of rank files,
exports Denpex's signature patterns with `denpex kb export-patterns`, then runs every contender
as a child process, measuring wall time and the child's own peak RSS (os.wait4); each timed
contender runs ``--runs`` times and the fastest run is reported (the machine is shared). ripgrep is
installed with apt-get if missing. Outputs go to a pipe, never /dev/null (GNU grep stops at the
first match when stdout is /dev/null).
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from gen import write_log  # noqa: E402

OUT = HERE / "out"
PY = sys.executable
DENPEX = [PY, "-m", "denpex"]


LIMIT = [0.0]  # seconds a contender may take before it is stopped (0: no limit); --contender-limit


def measure(cmd: list[str] | str, shell: bool = False, stdin_path: Path | None = None) -> tuple[float, float]:
    """Wall seconds and peak RSS (MiB) of one child process; its stdout is drained through a pipe."""
    t0 = time.perf_counter()
    stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
    p = subprocess.Popen(cmd, shell=shell, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, stdin=stdin)
    assert p.stdout is not None
    timer = threading.Timer(LIMIT[0], p.kill) if LIMIT[0] else None
    if timer:
        timer.start()
    while p.stdout.read(1 << 16):
        pass
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    if timer:
        timer.cancel()
    if stdin_path:
        stdin.close()  # type: ignore[union-attr]
    if LIMIT[0] and wall >= LIMIT[0]:
        raise ContenderFailed(f"did not finish in {LIMIT[0]:.0f} s; stopped")
    code = os.waitstatus_to_exitcode(status)
    if code >= 2 or code < 0:  # grep/rg: 1 = no line matched; 2 = error (a refused pattern set)
        raise ContenderFailed(f"exit status {code}")
    return wall, ru.ru_maxrss / 1024


class ContenderFailed(Exception):
    """A contender exited with an error: its time is no baseline (it did not search)."""


def best(cmd: list[str] | str, runs: int, **kw) -> tuple[float, float]:
    """The fastest of ``runs`` runs (this machine is shared: the minimum is the least disturbed)."""
    results = [measure(cmd, **kw) for _ in range(runs)]
    return min(w for w, _ in results), max(m for _, m in results)


def measure_pair(cmd_a: list[str], cmd_b: list[str]) -> float:
    """Wall seconds for two commands run at the same time (both finished)."""
    t0 = time.perf_counter()
    procs = [subprocess.Popen(c, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for c in (cmd_a, cmd_b)]
    for p in procs:
        p.wait()
    return time.perf_counter() - t0


def ensure_rg() -> str | None:
    rg = shutil.which("rg")
    if rg:
        return rg
    if shutil.which("apt-get") and os.geteuid() == 0:
        subprocess.run("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ripgrep",
                       shell=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return shutil.which("rg")


RG_CHUNK = 700  # patterns per ripgrep run when the whole set does not fit in its memory


def rg_ascii(p: str) -> str:
    """One pattern as ripgrep should read it: denpex compiles its patterns in ASCII mode (``\\w`` is
    [A-Za-z0-9_]), ripgrep in Unicode mode, which multiplies the automaton of every class; ``(?-u:...)``
    gives ripgrep the same meaning (patterns that spell non-ASCII text keep Unicode mode)."""
    return f"(?-u:{p})" if p.isascii() else p


def rg_cmd(rg: str, patterns: Path, target: Path) -> list[str]:
    """ripgrep on one core, counting, with its size limits raised: its default (100 MB) refuses this many patterns."""
    return [rg, "-j1", "-c", "--regex-size-limit", "12G", "--dfa-size-limit", "4G", "-f", str(patterns), str(target)]


def rg_chunks(rg_pats: Path) -> list[Path]:
    """``rg_pats`` split into files of RG_CHUNK patterns each (written once, reused for every target)."""
    lines = rg_pats.read_text(encoding="utf-8").splitlines()
    files = []
    for k in range(0, len(lines), RG_CHUNK):
        f = OUT / f"rg-chunk-{k // RG_CHUNK:02d}.txt"
        f.write_text("\n".join(lines[k:k + RG_CHUNK]) + "\n", encoding="utf-8")
        files.append(f)
    return files


def rg_chunked(rg: str, chunks: list[Path], target: Path) -> str:
    """A shell command that runs ripgrep once per chunk over ``target`` (every pattern still searched over every
    line, a pass per chunk), stopping with the status of a refused chunk. ripgrep 13 asks for hundreds of GB to
    compile 5,000+ Unicode-mode patterns as one set (it aborts), so this is how it searches them then."""
    runs = "; ".join(shlex.join(rg_cmd(rg, c, target)) + "; s=$?; [ $s -ge 2 ] && exit $s" for c in chunks)
    return runs + "; exit 0"


_CLASS_ESC = {"d": "0-9", "s": "[:space:]", "w": "[:alnum:]_", "n": "", "r": "", "t": "\t"}
_ESC = {"d": "[0-9]", "s": "[[:space:]]", "w": "[[:alnum:]_]", "D": "[^0-9]", "S": "[^[:space:]]",
        "W": "[^[:alnum:]_]", "Z": "$", "z": "$", "A": "^", "n": "", "t": "\t"}


def _ere_class(p: str, i: int) -> tuple[str, int]:
    """One Python bracket expression starting at p[i] == '[' -> POSIX (backslash is literal inside)."""
    i += 1
    neg = p[i] == "^"
    if neg:
        i += 1
    items: list[str] = []
    close = dash = False
    first = True
    while i < len(p) and not (p[i] == "]" and not first):
        c = p[i]
        if c == "\\" and i + 1 < len(p):
            e = p[i + 1]
            if e == "]":
                close = True
            elif e == "-":
                dash = True
            else:
                items.append(_CLASS_ESC.get(e, e))
            i += 2
        else:
            items.append(c)
            i += 1
        first = False
    body = "".join(items)
    if not body and not close and not dash:  # [^\r\n]: grep reads a line at a time, so any character
        return ("." if neg else "$^"), i + 1
    return "[" + ("^" if neg else "") + ("]" if close else "") + body + ("-" if dash else "") + "]", i + 1


def to_ere(p: str) -> str:
    """Python/Hyperscan syntax -> POSIX ERE for GNU grep -E (classes, escapes, non-capturing groups)."""
    out: list[str] = []
    i = 0
    while i < len(p):
        c = p[i]
        if c == "[":
            cls, i = _ere_class(p, i)
            out.append(cls)
        elif c == "\\" and i + 1 < len(p):
            e = p[i + 1]
            out.append(_ESC.get(e, "\\" + e))
            i += 2
        elif p.startswith("(?:", i):
            out.append("(")
            i += 3
        else:
            out.append(c)
            i += 1
    return "".join(out)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mb", type=int, default=1024, help="size of the single training log")
    ap.add_argument("--rank-files", type=int, default=256)
    ap.add_argument("--rank-mb", type=float, default=2.0)
    ap.add_argument("--big-gb", type=int, default=0, help="also stream N copies of the log through stdin (memory bound check)")
    ap.add_argument("--naive-mb", type=int, default=16, help="slice measured for the naive per-line loop")
    ap.add_argument("--runs", type=int, default=3, help="runs per contender; the fastest is reported")
    ap.add_argument("--contender-limit", type=float, default=300.0,
                    help="seconds after which a baseline contender is stopped and reported as not finishing (GNU grep -E "
                         "with thousands of alternatives can take hours)")
    args = ap.parse_args()
    LIMIT[0] = args.contender_limit
    OUT.mkdir(exist_ok=True)
    log = OUT / f"train-{args.mb}mb.log"
    if not log.exists():
        print(f"generating {log} ...", flush=True)
        write_log(log, args.mb * 1024 * 1024, seed=1, failures=5)
    folder = OUT / f"ranks-{args.rank_files}x{args.rank_mb}mb"
    if not folder.exists():
        folder.mkdir()
        print(f"generating {folder} ...", flush=True)
        for r in range(args.rank_files):
            write_log(folder / f"rank{r}.log", int(args.rank_mb * 1024 * 1024), seed=100 + r, failures=1 if r == 7 else 0)
    patterns = OUT / "patterns.txt"
    patterns.write_text(subprocess.run([*DENPEX, "kb", "export-patterns", "--generic"], capture_output=True, text=True, check=True).stdout)
    pats = patterns.read_text(encoding="utf-8").splitlines()
    rg_pats = OUT / "patterns.rg"
    rg_pats.write_text("\n".join(rg_ascii(p) for p in pats) + "\n", encoding="utf-8")
    ere = OUT / "patterns.ere"
    ere.write_text("\n".join(to_ere(p) for p in pats) + "\n")
    n_pat = len(pats)
    size_mb = log.stat().st_size / 1e6
    # warm the page cache (the log and every rank file) and the compiled-pattern cache
    measure(["cat", str(log)])
    measure(["sh", "-c", f"cat {folder}/* > /dev/null"])
    measure([*DENPEX, "diagnose", "-q", "-j", "1", "--json", str(OUT / "patterns.txt")])
    warm_failed: dict[str, str] = {}
    try:  # compiling every pattern as a full regex can itself take longer than the contender limit
        measure([*DENPEX, "diagnose", "-q", "-j", "1", "--engine", "hyperscan-full", "--json", str(OUT / "patterns.txt")])
    except ContenderFailed as exc:
        warm_failed["denpex -j1, full regexes (no literal prefilter)"] = f"compiling its database: {exc}"

    rows: list[tuple[str, float, float, float]] = []

    def row(name: str, wall: float, rss: float, mb: float = size_mb) -> None:
        rows.append((name, mb / wall, rss, wall))
        print(f"  {name:<44} {mb / wall:9.1f} MB/s  {rss:8.1f} MiB  {wall:7.2f} s", flush=True)

    print(f"\n1) single log: {size_mb:.0f} MB, {n_pat} patterns (page-cached); fastest of {args.runs} runs each")
    w, m = measure([PY, "-c", f"f=open({str(log)!r},'rb')\nwhile f.read(16<<20): pass"])
    row("plain read, Python 16 MiB chunks (I/O limit)", w, m)
    rg = ensure_rg()
    if not rg:
        print("  ripgrep not available")
    contenders: list[tuple[str, list[str]]] = [
        ("denpex diagnose -j1 (one core)", [*DENPEX, "diagnose", "-q", "-j", "1", "--json", str(log)]),
        ("denpex -j1, full regexes (no literal prefilter)", [*DENPEX, "diagnose", "-q", "-j", "1", "--engine", "hyperscan-full", "--json", str(log)]),
        (f"denpex diagnose -j{os.cpu_count()} (all cores)", [*DENPEX, "diagnose", "-q", "-j", str(os.cpu_count() or 2), "--json", str(log)]),
    ]
    rg_name = "ripgrep rg -j1 -c -f (same patterns)"
    rg_whole_failed = ""
    if rg:
        # in Unicode mode ripgrep 13 aborted on 5,000+ patterns ("memory allocation of 356547927904 bytes failed");
        # in ASCII mode it compiles them: tried once, and where it fails it searches them in chunks, a pass each
        whole = rg_cmd(rg, rg_pats, log)
        try:
            measure(whole)
        except ContenderFailed as exc:
            rg_whole_failed = str(exc)
        if rg_whole_failed:
            chunks = rg_chunks(rg_pats)
            rg_name = f"ripgrep -j1, same patterns in {len(chunks)} runs of <= {RG_CHUNK}"
            contenders.append((rg_name, rg_chunked(rg, chunks, log)))  # type: ignore[arg-type]
        else:
            contenders.append((rg_name, whole))
    contenders.append(("GNU grep -E -c -f (same patterns)", ["grep", "-E", "-c", "-f", str(ere), str(log)]))
    # the contenders take turns, so that a noisy spell on this shared machine hits them alike
    runs: dict[str, list[tuple[float, float]]] = {name: [] for name, _ in contenders}
    failed: dict[str, str] = dict(warm_failed)
    if rg_whole_failed:
        print(f"  {'ripgrep, the whole set in one run':<44} FAILED ({rg_whole_failed}): searched in chunks below", flush=True)
    for _ in range(args.runs):
        for name, cmd in contenders:
            if name in failed:
                continue
            try:
                runs[name].append(measure(cmd, shell=isinstance(cmd, str)))
            except ContenderFailed as exc:
                failed[name] = str(exc)
    for name, _ in contenders:
        if name in failed:
            print(f"  {name:<44} FAILED ({failed[name]}): not a baseline", flush=True)
            continue
        row(name, min(w for w, _ in runs[name]), max(m for _, m in runs[name]))
    den1 = size_mb / min(w for w, _ in runs[contenders[0][0]])
    rg_rate = size_mb / min(w for w, _ in runs[rg_name]) if rg and runs.get(rg_name) else None
    naive = (
        "import re,sys\n"
        f"pats=[re.compile(l.rstrip('\\n')) for l in open({str(patterns)!r})]\n"
        f"f=open({str(log)!r},encoding='utf-8',errors='replace')\n"
        f"n=0;lim={args.naive_mb}*1024*1024\n"
        "for line in f:\n"
        "    n+=len(line)\n"
        "    for p in pats:\n"
        "        if p.search(line): break\n"
        "    if n>=lim: break\n"
    )
    try:
        w, m = measure([PY, "-c", naive])
        row(f"naive Python: every regex on every line ({args.naive_mb} MB slice)", w, m, mb=args.naive_mb * 1.048576)
    except ContenderFailed as exc:
        print(f"  naive Python: every regex on every line ({args.naive_mb} MB slice) FAILED ({exc}): not a baseline", flush=True)
    print(f"\n  denpex one core / ripgrep one core: {rg_rate / den1:.2f}x time ratio (<= 1.0 means denpex is faster)" if rg_rate else "")
    print(f"  denpex one core / plain read: {den1 / rows[0][1]:.1%} of the I/O limit")

    fsize = sum(p.stat().st_size for p in folder.iterdir()) / 1e6
    print(f"\n2) folder: {args.rank_files} rank files, {fsize:.0f} MB")
    # the machine's own ceiling: two independent one-core runs, each on half the files, side by side
    halves = [OUT / "half-a", OUT / "half-b"]
    for k, h in enumerate(halves):
        shutil.rmtree(h, ignore_errors=True)
        h.mkdir()
        for f in sorted(folder.iterdir())[k::2]:
            (h / f.name).symlink_to(f)
    # one core, two cores and the ceiling take turns, so that a noisy spell hits all three alike
    one, two, pair = [], [], []
    for _ in range(args.runs):
        one.append(measure([*DENPEX, "diagnose", "-q", "-j", "1", "--json", str(folder)]))
        two.append(measure([*DENPEX, "diagnose", "-q", "-j", "2", "--json", str(folder)]))
        pair.append(measure_pair(*[[*DENPEX, "diagnose", "-q", "-j", "1", "--json", str(h)] for h in halves]))
    w1, m1 = min(w for w, _ in one), max(m for _, m in one)
    w2, m2 = min(w for w, _ in two), max(m for _, m in two)
    wp = min(pair)
    row("denpex diagnose -j1 folder", w1, m1, fsize)
    row("denpex diagnose -j2 folder", w2, m2, fsize)
    if rg:
        try:
            if rg_whole_failed:
                w, m = best(rg_chunked(rg, chunks, folder), args.runs, shell=True)
            else:
                w, m = best(rg_cmd(rg, rg_pats, folder), args.runs)
            row("ripgrep -j1 folder" + (" (chunked)" if rg_whole_failed else ""), w, m, fsize)
        except ContenderFailed as exc:
            print(f"  {'ripgrep -j1 folder':<44} FAILED ({exc}): not a baseline", flush=True)
    print(f"  speed-up on 2 cores (whole command): {w1 / w2:.2f}x")
    print(f"  ceiling: two independent one-core runs on half the files each, side by side: {wp:.2f} s,"
          f" {w1 / wp:.2f}x over one core (denpex -j2 reaches {wp / w2:.0%} of it)")
    inproc = (
        "import time, denpex\n"
        "denpex.diagnose('x\\n')\n"
        "for j in (1, 2):\n"
        "    best = min((lambda t: (denpex.diagnose(%r, jobs=j), time.perf_counter() - t)[1])(time.perf_counter()) for _ in range(3))\n"
        "    print(j, best)\n" % str(folder)
    )
    out = subprocess.run([PY, "-c", inproc], capture_output=True, text=True, check=True).stdout.split()
    t1, t2 = float(out[1]), float(out[3])
    print(f"  in-process diagnosis (start-up excluded): {t1:.2f} s on one core, {t2:.2f} s on two: {t1 / t2:.2f}x")

    small = OUT / "small.log"
    small.write_text("INFO start\nValueError: This model's maximum context length is 4096 tokens, however you requested 5120 tokens (4608 in your prompt; 512 for the completion).\n")
    # an installed denpex has its byte-code compiled (pip does it at install time); a source checkout run
    # with PYTHONDONTWRITEBYTECODE=1 would compile every changed module again on each start, which is not
    # what a user's start-up costs: compile it once here, as pip would, before timing
    import compileall
    import importlib.util

    spec = importlib.util.find_spec("denpex")
    if spec is not None and spec.origin:
        compileall.compile_dir(str(Path(spec.origin).parent), quiet=1)
    ws = [measure([*DENPEX, "diagnose", "-q", "--json", str(small)])[0] for _ in range(5)]
    wb = [measure([PY, "-c", "pass"])[0] for _ in range(5)]
    print(f"\n3) start-up on a 2-line log: {min(ws):.3f} s (python -c pass: {min(wb):.3f} s)")

    if args.big_gb:
        cmd = f"for i in $(seq {args.big_gb * 1024 // args.mb}); do cat {log}; done | {' '.join(DENPEX)} diagnose -q -j 1 --json -"
        t0 = time.perf_counter()
        w, m = measure(cmd, shell=True)
        print(f"\n4) {args.big_gb} GB streamed through stdin: {w:.1f} s, {args.big_gb * 1024 / w:.0f} MB/s, peak RSS {m:.0f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
