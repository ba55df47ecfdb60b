"""`denpex run -- <command>` and `denpex watch` (issue 15).

Unit tests of the pieces (exit decoding, the flight recorder, progress detection, stack comparison,
the environment switches) and real-process tests: plain Python children for byte-exact passthrough
(pipes and a pseudo-terminal), signals, leftovers, a 1 GB output and the hang watchdog with
--kill-on-hang; and real `torchrun --nproc-per-node 4` jobs on CPU/gloo (a rank that raises, followed
live by `denpex watch`; a rank SIGKILLed; a rank stalled, caught by the watchdog, then Ctrl-C).
"""

from __future__ import annotations

import json
import os
import pty
import select
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from denpex.hangs import Activity, ProcessState, compare_stacks, main_thread_frames
from denpex.recorder import FlightRecorder
from denpex.runner import decode_exit, diagnosable_env

ROOT = Path(__file__).resolve().parents[1]
WORKER = ROOT / "tests" / "distributed" / "worker.py"
TORCHRUN = Path(sys.executable).with_name("torchrun")
DENPEX = [sys.executable, "-m", "denpex"]
ENV = dict(os.environ, COLUMNS="120", NO_COLOR="1", PYTHONUNBUFFERED="1")
slow = [pytest.mark.slow, pytest.mark.xdist_group("denpex-run")]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _incident(run_dir: Path) -> dict:
    (folder,) = [p for p in run_dir.iterdir() if p.is_dir()]
    return json.loads((folder / "incident.json").read_text())


# -- pieces ------------------------------------------------------------------------------------------
def test_decode_exit():
    k = decode_exit(-9)
    assert k["signal_name"] == "SIGKILL" and k["status"] == 137 and "killed by signal 9" in k["text"]
    s = decode_exit(137)
    assert s["code"] == 137 and s["status"] == 137 and "128+9" in s["text"] and "SIGKILL" in s["text"]
    assert decode_exit(-11)["signal_name"] == "SIGSEGV"
    assert decode_exit(0)["status"] == 0 and decode_exit(3)["status"] == 3 and decode_exit(3)["signal_name"] is None


def test_env_switches_only_where_unset(tmp_path):
    env, set_, kept = diagnosable_env({"PYTHONFAULTHANDLER": "0", "PATH": "/bin"}, tmp_path, "2.13.0+cpu")
    assert env["PYTHONFAULTHANDLER"] == "0" and "PYTHONFAULTHANDLER" in kept
    assert set_["TORCH_SHOW_CPP_STACKTRACES"] == "1"
    assert set_["PET_LOG_DIR"] == str(tmp_path / "torchelastic")
    assert set_["TORCH_FR_DUMP_TEMP_FILE"].startswith(str(tmp_path)) and "TORCH_NCCL_TRACE_BUFFER_SIZE" not in set_
    _, old, _ = diagnosable_env({}, tmp_path, "2.3.1")
    assert "TORCH_NCCL_TRACE_BUFFER_SIZE" in old and "TORCH_NCCL_DEBUG_INFO_TEMP_FILE" in old
    _, none, kept2 = diagnosable_env({"TORCH_NCCL_TRACE_BUFFER_SIZE": "0"}, tmp_path, "2.13")
    assert "TORCH_FR_BUFFER_SIZE" not in none and "TORCH_FR_BUFFER_SIZE" in kept2


def test_recorder_bounded_keeps_flagged_lines_and_tail():
    rec = FlightRecorder(limit=256 * 1024)
    line = b"[default1]:2024-05-01 10:00:00,123 INFO step %d loss 1.2345\n"
    bad = (b"[default1]:Traceback (most recent call last):\n[default1]:  File \"train.py\", line 3, in step\n"
           b"[default1]:RuntimeError: mat1 and mat2 shapes cannot be multiplied (8x12 and 16x16)\n")
    for i in range(0, 100_000, 500):
        chunk = b"".join(line % j for j in range(i, i + 500))
        rec.feed(chunk + (bad if i == 40_000 else b""), 1)
    rec.feed(b"last words without newline", 2)
    snap = rec.snapshot()
    assert len(snap) < 256 * 1024 + 64 * 1024
    assert b"mat1 and mat2" in snap and b"Traceback" in snap  # flagged, with the lines above it
    assert snap.endswith(b"last words without newline\n")
    assert b"step 99999 " in snap and b"step 0 " in snap  # tail and head
    assert b"of output not kept here (lines" in snap
    import denpex

    d = denpex.diagnose(snap)
    assert d.primary.id == "torch.shape-mismatch" and d.primary.rank == 1
    quiet = denpex.diagnose(b"".join(ln for ln in snap.splitlines(keepends=True) if ln.startswith(b"[denpex:")))
    assert quiet.primary is None and not quiet.findings  # the marker lines match no signature


def test_activity_redraws():
    a = Activity()
    a.saw(b"line\n", now=10)
    a.saw(b"\r 10%|###   | 10/100 [00:01<00:09, 9.9it/s]", now=11)
    assert a.last == 11
    a.saw(b"\r 10%|###   | 10/100 [00:05<00:45, 2.0it/s]", now=15)  # only the clock moved
    assert a.last == 11
    a.saw(b"\r 11%|###   | 11/100 [00:06<00:45, 2.0it/s]", now=16)
    assert a.last == 16
    a.saw(b"\r\\", now=20)  # a spinner
    assert a.silent_for(now=21) == 5


def _dump(frames: list[str]) -> str:
    body = "\n".join(f"    {f}" for f in frames)
    return f'Process 1: python train.py\nPython v3.11.7\n\nThread 0x1 (idle): "MainThread"\n{body}\nThread 0x2 (idle): "pin"\n    run (threading.py:1)\n'


def test_compare_stacks_names_the_odd_rank():
    coll = ["all_reduce (distributed_c10d.py:3252)", "wrapper (c10d_logger.py:83)", "main (train.py:68)", "<module> (train.py:80)"]
    odd = ["main (train.py:63)", "<module> (train.py:80)"]
    assert main_thread_frames(_dump(coll)) == coll
    states = [ProcessState(pid=10 + r, ppid=1, name="python", cmdline="", status="sleeping", cpu_time_s=1.0, rank=r,
                           python=True, stack=_dump(odd if r == 3 else coll)) for r in range(4)]
    v = compare_stacks(states)
    assert v.suspects == [3] and v.majority_ranks == [0, 1, 2] and v.majority_frame.startswith("all_reduce")
    assert v.odd_frames[3] == "main (train.py:63)"
    same = compare_stacks([s for s in states if s.rank != 3])
    assert not same.suspects and "same place" in same.note


# -- real processes, plain Python --------------------------------------------------------------------
NOISY = r"""
import os, sys, time
out, err = sys.stdout.buffer, sys.stderr.buffer
out.write(b"\x1b[31mred\x1b[0m plain\n"); out.flush()
err.write(b"warning: to stderr\n"); err.flush()
for i in range(3):
    out.write(b"\r%3d%%" % (i * 50)); out.flush()
out.write(b"\n" + bytes(range(256)) + b"\n")
out.write(b"x" * 200000 + b"\n")
out.write(b"tty=%d\n" % os.isatty(1)); out.flush()
err.write(b"no newline at the end"); err.flush()
sys.exit(int(sys.argv[1]))
"""


@pytest.mark.slow
@pytest.mark.xdist_group("denpex-run")
def test_pipes_byte_identical_and_status(tmp_path):
    script = tmp_path / "noisy.py"
    script.write_text(NOISY)
    bare = subprocess.run([sys.executable, str(script), "7"], check=False, capture_output=True, env=ENV, timeout=60)
    ours = subprocess.run([*DENPEX, "run", "--dir", str(tmp_path / "runs"), "--", sys.executable, str(script), "7"],
                          check=False, capture_output=True, env=ENV, timeout=60, cwd=tmp_path)
    assert bare.returncode == ours.returncode == 7
    assert ours.stdout == bare.stdout
    assert ours.stderr.startswith(bare.stderr) and b"denpex: " in ours.stderr[len(bare.stderr):]
    inc = _incident(tmp_path / "runs")
    assert inc["run"]["exit"]["code"] == 7 and inc["run"]["output"]["bytes"] == len(bare.stdout) + len(bare.stderr)


def _in_pty(argv: list[str], cwd: Path) -> tuple[bytes, int]:
    pid, fd = pty.fork()
    if pid == 0:  # pragma: no cover - the child
        os.chdir(cwd)
        os.execvpe(argv[0], argv, ENV)
    chunks = []
    while True:
        try:
            r, _, _ = select.select([fd], [], [], 30)
            data = os.read(fd, 65536) if r else b""
        except OSError:
            data = b""
        if not data:
            break
        chunks.append(data)
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    return b"".join(chunks), os.waitstatus_to_exitcode(status)


@pytest.mark.slow
@pytest.mark.xdist_group("denpex-run")
def test_pty_passthrough_identical(tmp_path):
    script = tmp_path / "noisy.py"
    script.write_text(NOISY)
    bare, rc1 = _in_pty([sys.executable, str(script), "0"], tmp_path)
    ours, rc2 = _in_pty([*DENPEX, "run", "--dir", str(tmp_path / "runs"), "--", sys.executable, str(script), "0"], tmp_path)
    assert rc1 == rc2 == 0
    assert b"tty=1" in bare and b"\x1b[31mred" in bare
    cut = ours.rfind(b"denpex run: exit 0")
    assert cut > 0 and ours[:cut].rstrip(b"\r\n") == bare.rstrip(b"\r\n")
    assert (tmp_path / "runs" / "runs.jsonl").exists() and not [p for p in (tmp_path / "runs").iterdir() if p.is_dir()]


@pytest.mark.slow
@pytest.mark.xdist_group("denpex-run")
def test_signal_exit_decoded(tmp_path):
    r = subprocess.run([*DENPEX, "run", "--dir", str(tmp_path), "--", sys.executable, "-c",
                        "import os; print('about to die', flush=True); os.kill(os.getpid(), 9)"],
                       check=False, capture_output=True, env=ENV, timeout=60)
    assert r.returncode == 137
    assert b"killed by signal 9 (SIGKILL)" in r.stderr
    inc = _incident(tmp_path)
    assert inc["run"]["exit"]["signal_name"] == "SIGKILL" and inc["run"]["exit"]["status"] == 137
    assert inc["run"]["host"]["disk"]["dev_shm"]["free_bytes"] > 0


@pytest.mark.slow
@pytest.mark.xdist_group("denpex-run")
def test_everything_stored_is_masked(tmp_path):
    token = "hf_" + "aB3dE5gH7jK9mN1pQ3sT5vX7zA9"
    code = (f"print('login with {token} from 10.1.2.3 as /home/alice/run'); "
            f"raise RuntimeError('CUDA error: an illegal memory access was encountered ({token})')")
    r = subprocess.run([*DENPEX, "run", "--dir", str(tmp_path), "--", sys.executable, "-c", code],
                       check=False, capture_output=True, env=ENV, timeout=60)
    assert r.returncode == 1 and token.encode() in r.stdout  # passed through untouched
    import zstandard

    (folder,) = [p for p in tmp_path.iterdir() if p.is_dir()]
    stored = zstandard.ZstdDecompressor().decompressobj().decompress((folder / "output.log.zst").read_bytes())
    incident = (folder / "incident.json").read_bytes()
    for secret in (token.encode(), b"10.1.2.3", b"/home/alice"):
        assert secret not in stored and secret not in incident
    assert b"<SECRET-" in stored and b"illegal memory access" in stored


LEAVER = r"""
import signal, subprocess, sys, time
# like torchrun: a worker in its own session, which our SIGINT to the process group does not reach
child = subprocess.Popen([sys.executable, "-c", "import signal, time; signal.signal(signal.SIGINT, signal.SIG_IGN); print('worker up', flush=True); time.sleep(300)"], start_new_session=True)
print("parent up", child.pid, flush=True)
time.sleep(300)
"""


@pytest.mark.slow
@pytest.mark.xdist_group("denpex-run")
def test_sigint_forwarded_and_leftovers_ended(tmp_path):
    import psutil

    script = tmp_path / "leaver.py"
    script.write_text(LEAVER)
    p = subprocess.Popen([*DENPEX, "run", "--dir", str(tmp_path / "runs"), "--", sys.executable, str(script)],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV)
    line = p.stdout.readline()
    worker = int(line.split()[-1])
    deadline = time.time() + 30
    while b"worker up" not in line and time.time() < deadline:
        line += p.stdout.readline()
    p.send_signal(signal.SIGINT)
    _out, err = p.communicate(timeout=60)
    assert p.returncode == 130, err.decode()  # the parent died of the forwarded SIGINT
    assert not psutil.pid_exists(worker) or psutil.Process(worker).status() == psutil.STATUS_ZOMBIE
    inc = _incident(tmp_path / "runs")
    assert inc["run"]["signals_forwarded"] == ["SIGINT"] and inc["run"]["ended_by"] == "signal"
    assert [x["pid"] for x in inc["run"]["left_running"]] == [worker]


HANGER = r"""
import subprocess, sys, time
kids = [subprocess.Popen([sys.executable, "-c", "import time\ndef wait_for_data():\n    time.sleep(300)\nwait_for_data()"]) for _ in range(2)]
print("started", flush=True)
time.sleep(300)
"""


@pytest.mark.slow
@pytest.mark.xdist_group("denpex-run")
def test_hang_watchdog_kill_on_hang(tmp_path):
    script = tmp_path / "hanger.py"
    script.write_text(HANGER)
    t0 = time.time()
    r = subprocess.run([*DENPEX, "run", "--dir", str(tmp_path), "--hang-timeout", "2s", "--kill-on-hang", "--",
                        sys.executable, str(script)], check=False, capture_output=True, env=ENV, timeout=90)
    assert r.returncode == 143, r.stderr.decode()  # ended by our SIGTERM after the capture
    assert time.time() - t0 < 60
    inc = _incident(tmp_path)
    hang = inc["run"]["hang"]
    assert inc["run"]["ended_by"] == "hang" and hang["timeout_s"] == 2
    stacks = [p["stack"] or p["stack_error"] for p in hang["processes"] if p["python"]]
    assert len(stacks) == 3
    assert sum("wait_for_data (<string>:3)" in s for s in stacks) == 2, stacks
    assert "Hang:" in inc["run"]["verdict"] and b"HANG:" in r.stderr


@pytest.mark.slow
@pytest.mark.xdist_group("denpex-run")
def test_one_gigabyte_run_stays_bounded(tmp_path):
    gen = tmp_path / "gen.py"
    gen.write_text(
        "import sys\nline = b'[default0]:2024-05-01 10:00:00,123 INFO step 1 loss 1.2345 tokens/s 123456 ' + b'.' * 20 + b'\\n'\n"
        "block = line * (1048576 // len(line))\nw = sys.stdout.buffer.write\n"
        "for i in range(1024):\n    w(block)\n"
        "    if i == 300:\n        w(b'[default0]:RuntimeError: CUDA error: an illegal memory access was encountered\\n')\n"
        "sys.exit(3)\n"
    )
    r = subprocess.run([*DENPEX, "run", "--dir", str(tmp_path / "runs"), "--max-log", "2M", "--", sys.executable, str(gen)],
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=ENV, timeout=300, check=False)
    assert r.returncode == 3
    folder = next(p for p in (tmp_path / "runs").iterdir() if p.is_dir())
    size = sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())
    assert size < 2 * 2**20, size  # the bound (2M before compression) holds for the whole folder
    inc = json.loads((folder / "incident.json").read_text())
    assert inc["run"]["output"]["bytes"] > 2**30 - 2**20
    assert inc["primary"]["id"] == "cuda.illegal-memory-access" and inc["primary"]["rank"] == 0
    import zstandard

    stored = zstandard.ZstdDecompressor().decompressobj().decompress((folder / "output.log.zst").read_bytes())
    assert len(stored) <= 2 * 2**20 + 2**20
    assert b"illegal memory access" in stored  # a flagged line from the middle of the run


# -- real torchrun jobs ----------------------------------------------------------------------------
def _torchrun_args(scenario: str, bad: int) -> list[str]:
    return [str(TORCHRUN), "--nproc-per-node", "4", "--master-port", str(_free_port()), str(WORKER), scenario, str(bad)]


@pytest.fixture(scope="module")
def torch_ok():
    pytest.importorskip("torch")
    if not TORCHRUN.exists():
        pytest.skip("torchrun not installed")


@pytest.mark.slow
@pytest.mark.xdist_group("denpex-run")
def test_torchrun_crash_named_and_watch_alerts_within_2s(tmp_path, torch_ok):
    console = tmp_path / "console.log"
    runs = tmp_path / "runs"
    with open(console, "wb") as fh:
        job = subprocess.Popen([*DENPEX, "run", "--dir", str(runs), "--", *_torchrun_args("crash", 2)],
                               stdout=fh, stderr=subprocess.STDOUT, env=dict(ENV, COLLECTIVE_TIMEOUT_S="8"), cwd=tmp_path)
    watcher = subprocess.Popen([*DENPEX, "watch", str(console)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV)
    seen: dict[str, float] = {}

    def poll_file() -> None:  # when the failing line lands in the file
        while job.poll() is None or "line" not in seen:
            if "line" not in seen and b"mat1 and mat2 shapes cannot be multiplied" in console.read_bytes():
                seen["line"] = time.time()
            time.sleep(0.02)

    t = threading.Thread(target=poll_file, daemon=True)
    t.start()
    lines = []
    for raw in watcher.stdout:
        lines.append(raw.decode())
        if "FAILURE" in lines[-1] and "alert" not in seen:
            seen["alert"] = time.time()
    watcher.wait(timeout=120)
    assert job.wait(timeout=180) == 1  # torchrun's own status
    t.join(timeout=10)
    text = "".join(lines)
    assert "FAILURE torch.shape-mismatch on rank 2" in text, text
    assert seen["alert"] - seen["line"] < 2.0, (seen, text)
    assert "collateral:" in text and "job's end" in text
    assert watcher.returncode == 1
    inc = _incident(runs)
    assert inc["primary"]["id"] == "torch.shape-mismatch" and inc["primary"]["rank"] == 2
    assert inc["run"]["exit"]["code"] == 1 and "versions" in inc["run"] and inc["run"]["versions"].get("torch")
    assert "PYTHONFAULTHANDLER" in inc["run"]["env_set"]
    # the stored log is masked and the report ends with the verdict
    assert console.read_text().rstrip().splitlines()[-1].startswith("denpex: ")
    # a one-shot check on the finished files (a Slurm epilog) with --exec
    out = tmp_path / "exec.json"
    r = subprocess.run([*DENPEX, "watch", "--once", str(console), "--exec", f"cat > {out}"], check=False, capture_output=True, env=ENV, timeout=60)
    assert r.returncode == 1 and json.loads(out.read_text())["primary"]["rank"] == 2


@pytest.mark.slow
@pytest.mark.xdist_group("denpex-run")
def test_torchrun_sigkilled_rank_named_with_signal(tmp_path, torch_ok):
    r = subprocess.run([*DENPEX, "run", "--dir", str(tmp_path), "--", *_torchrun_args("sigkill", 1)],
                       check=False, capture_output=True, env=dict(ENV, COLLECTIVE_TIMEOUT_S="8"), timeout=180, cwd=tmp_path)
    assert r.returncode == 1  # torchrun's status, passed through
    inc = _incident(tmp_path)
    p = inc["primary"]
    assert p["rank"] == 1 and p["id"] in ("system.host-oom-killed", "dist.child-failed-summary")
    assert "SIGKILL" in json.dumps(p) or "signal 9" in json.dumps(p).lower()
    assert r.stderr.decode().rstrip().splitlines()[-1].startswith("denpex: ")


@pytest.mark.slow
@pytest.mark.xdist_group("denpex-run")
def test_torchrun_hang_caught_then_ctrl_c_leaves_nothing(tmp_path, torch_ok):
    import psutil

    sleep_line = next(i for i, ln in enumerate(WORKER.read_text().splitlines(), 1) if "time.sleep(600)" in ln)
    runs = tmp_path / "runs"
    err = open(tmp_path / "err.txt", "wb")  # noqa: SIM115 - closed after the job
    job = subprocess.Popen([*DENPEX, "run", "--dir", str(runs), "--hang-timeout", "8s", "--", *_torchrun_args("hang", 3)],
                           stdout=subprocess.DEVNULL, stderr=err, env=dict(ENV, COLLECTIVE_TIMEOUT_S="600"), cwd=tmp_path)
    deadline = time.time() + 150
    while time.time() < deadline and b"stacks in" not in (tmp_path / "err.txt").read_bytes():  # after incident.json
        assert job.poll() is None
        time.sleep(0.5)
    inc = _incident(runs)  # written at the hang, before the job ends
    hang = inc["run"]["hang"]
    assert hang["suspects"] == [3] and hang["majority_ranks"] == [0, 1, 2], hang["verdict"]
    assert hang["odd_frames"]["3"] == f"main (worker.py:{sleep_line})"
    assert "all_reduce" in hang["majority_frame"]
    rank3 = next(p for p in hang["processes"] if p["rank"] == 3)
    assert f"worker.py:{sleep_line}" in rank3["stack"]
    workers = [p.pid for p in psutil.process_iter() if _in_run(p, runs)]
    assert len(workers) >= 4
    job.send_signal(signal.SIGINT)  # Ctrl-C
    rc = job.wait(timeout=120)
    err.close()
    assert rc != 0
    time.sleep(0.5)
    assert not [p for p in psutil.process_iter() if _in_run(p, runs) and p.status() != psutil.STATUS_ZOMBIE]
    final = _incident(runs)
    assert final["run"]["signals_forwarded"][:1] == ["SIGINT"] and final["run"]["hang"]["suspects"] == [3]


def _in_run(p, runs: Path) -> bool:
    import psutil

    try:
        return p.environ().get("PET_LOG_DIR", "").startswith(str(runs))
    except psutil.Error:
        return False
