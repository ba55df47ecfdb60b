"""Open MPI and Slurm wordings as seen on real runs (Open MPI 4.1.4 mpirun, Slurm 22.05 srun/sbatch, made
by tests/distributed/test_mpirun.py and test_slurm.py), stored here so that they are covered where the
launchers cannot run: prefixes, file layouts and the launchers' exit records as rank/host evidence."""

from __future__ import annotations

from pathlib import Path

import pytest

from denpex import attribution as attr
from denpex import diagnose

GLOO_CLOSED = ("RuntimeError: [/__w/pytorch/pytorch/third_party/gloo/gloo/transport/tcp/pair.cc:553] Connection closed by "
               "peer [127.0.0.1]:23733. This is typically caused by a remote worker crashing. Check the logs of the remote "
               "worker before reporting an error.")
GLOO_TIMEOUT = ("RuntimeError: [/__w/pytorch/pytorch/third_party/gloo/gloo/transport/tcp/unbound_buffer.cc:78] Timed out "
                "waiting 8000ms for recv operation to complete")
BANNER = "-" * 74


def _tb(prefix: str, error: str) -> list[str]:
    return [
        f"{prefix}Traceback (most recent call last):",
        f'{prefix}  File "/work/tests/distributed/worker.py", line 57, in main',
        f"{prefix}    dist.all_reduce(w.grad)",
        f"{prefix}{error}",
    ]


def _log(*parts: list[str] | str) -> str:
    lines: list[str] = []
    for p in parts:
        lines.extend([p] if isinstance(p, str) else p)
    return "\n".join(lines) + "\n"


def _steps(prefix: str, ranks: range, last: int = 4) -> list[str]:
    return [f"{prefix(r)}2026-12-03 09:52:21,{300 + s:03d} INFO step {s} loss 1.0" for s in range(1, last + 1) for r in ranks]


# --- the records themselves -------------------------------------------------------------------------


@pytest.mark.parametrize(("line", "launcher", "ranks", "host", "signal", "code", "own"), [
    ("mpirun noticed that process rank 1 with PID 0 on node vm exited on signal 9 (Killed).", "mpirun", (1,), "vm", 9, None, True),
    ('mpirun noticed that job rank 7 with PID 4242 on node "gpu-a12" exited on signal 11 (Segmentation fault).',
     "mpirun", (7,), "gpu-a12", 11, None, True),
    ("srun: error: vm: task 3: Exited with exit code 1", "srun", (3,), "vm", None, 1, True),
    ("srun: error: vm: task 1: Killed", "srun", (1,), "vm", 9, None, True),
    ("srun: error: vm: tasks 0,2-3: Terminated", "srun", (0, 2, 3), "vm", 15, None, False),
    ("srun: error: node017: tasks 8-11: Killed", "srun", (8, 9, 10, 11), "node017", 9, None, True),
])
def test_exit_records(line, launcher, ranks, host, signal, code, own):
    rec = attr.exit_record(line)
    assert rec is not None
    assert (rec.launcher, rec.ranks, rec.host, rec.signal, rec.exit_code, rec.own) == (launcher, ranks, host, signal, code, own)


@pytest.mark.parametrize("line", [
    "srun: error: Unable to allocate resources: Requested node configuration is not available",
    "srun: launch/slurm: _step_signal: Terminating StepId=4.0",
    "srun: Force Terminated StepId=4.0",
    "Primary job  terminated normally, but 1 process returned",
    "[1,2]<stdout>:2026-12-03 09:52:21,349 INFO step 1 loss 19.2332",
])
def test_not_exit_records(line):
    assert attr.exit_record(line) is None


def test_line_prefixes_and_records_attribute():
    assert attr.from_line("[1,2]<stderr>:[rank2]: RuntimeError: mat1 and mat2 shapes").rank == 2
    assert attr.from_line("[1,3]<stdout>:2026-12-03 09:52:21,315 INFO rank=3 world_size=4").rank == 3
    assert attr.from_line("3: [rank3]: RuntimeError: mat1 and mat2 shapes").rank == 3  # srun --label
    a = attr.from_line("mpirun noticed that process rank 1 with PID 0 on node vm exited on signal 9 (Killed).")
    assert (a.rank, a.host) == (1, "vm")
    a = attr.from_line("srun: error: vm: task 3: Exited with exit code 1")
    assert (a.rank, a.host) == (3, "vm")
    a = attr.from_line("srun: error: vm: tasks 0-2: Terminated")
    assert (a.rank, a.host) == (None, "vm")  # a range names the host only
    a = attr.from_line("0: slurmstepd-vm: error: *** STEP 2.0 ON vm CANCELLED AT 2026-12-03T09:55:18 ***")
    assert (a.rank, a.host) == (0, "vm")


def test_open_mpi_output_filename_layout():
    assert attr.from_path("out/1/rank.2/stderr").rank == 2
    assert attr.from_path("/tmp/x/out/1/rank.13/stdout").rank == 13
    assert attr.from_path("runs/rank_3.log").rank == 3


def test_slurm_task_file_names():
    names = [f"job/logs/vm-{t}.out" for t in range(4)]
    got = attr.task_files(names, hosts={"vm"})
    assert [(got[n].rank, got[n].host) for n in names] == [(t, "vm") for t in range(4)]
    # the same names with no line naming the host: ranks only
    got = attr.task_files(names, hosts=set())
    assert [(got[n].rank, got[n].host) for n in names] == [(t, None) for t in range(4)]
    # several nodes: %N differs between the files
    multi = ["l/node1-0.out", "l/node1-1.out", "l/node2-2.out", "l/node2-3.out"]
    got = attr.task_files(multi, hosts=set())
    assert [(got[n].rank, got[n].host) for n in multi] == [(0, "node1"), (1, "node1"), (2, "node2"), (3, "node2")]
    # numbers that are not 0..n-1 (epochs, checkpoints, a lone file) are not task ranks
    assert attr.task_files(["l/epoch-1.log", "l/epoch-2.log"], hosts=set()) == {}
    assert attr.task_files(["l/checkpoint-500.log"], hosts=set()) == {}


# --- whole logs: the first failing rank and its host ------------------------------------------------

MPI = lambda r: f"[1,{r}]<stdout>:"
MPI_ERR = lambda r: f"[1,{r}]<stderr>:[rank{r}]: "
LABEL = lambda r: f"{r}: "
LABEL_ERR = lambda r: f"{r}: [rank{r}]: "


def test_mpirun_sigkill_record_names_rank_1_and_its_node():
    text = _log(
        _steps(MPI, range(4)),
        BANNER, "Primary job  terminated normally, but 1 process returned",
        "a non-zero exit code. Per user-direction, the job has been aborted.", BANNER,
        _tb(MPI_ERR(2), GLOO_CLOSED), _tb(MPI_ERR(0), GLOO_CLOSED), _tb(MPI_ERR(3), GLOO_CLOSED),
        BANNER, "mpirun noticed that process rank 1 with PID 0 on node vm exited on signal 9 (Killed).", BANNER,
    )
    d = diagnose(text)
    assert d.primary.rank == 1 and d.primary.host == "vm" and d.primary.suspect
    assert "signal 9" in d.verdict and "OOM" in d.verdict
    # its evidence: its own last line, then mpirun's record (once); the record is not its "last line"
    texts = [e.text for e in d.primary.evidence]
    assert "INFO step 4" in texts[0] and sum("exited on signal 9" in t for t in texts) == 1
    rows = {r.rank: r for r in d.ranks}
    assert rows[1].role == "suspect" and all(rows[r].role == "collateral" for r in (0, 2, 3))
    assert "INFO step 4" in rows[1].last_line
    # mpirun's banner after rank 3's traceback is not rank 3's (a framed banner is a new writer)
    banner = [f for f in d.findings if f.evidence and f.evidence[0].text.startswith("Primary job")]
    assert all(f.rank != 3 and f.rank != 2 for f in banner)


def test_mpirun_hang_first_exit_record_is_a_victim_silent_rank_3_is_suspect():
    text = _log(
        _steps(MPI, range(4)), _steps(MPI, range(3), 0),
        _tb(MPI_ERR(1), GLOO_TIMEOUT), _tb(MPI_ERR(2), GLOO_TIMEOUT), _tb(MPI_ERR(0), GLOO_TIMEOUT.replace("recv", "send")),
        BANNER, "Primary job  terminated normally, but 1 process returned",
        "a non-zero exit code. Per user-direction, the job has been aborted.", BANNER, BANNER,
        "mpirun detected that one or more processes exited with non-zero status, thus causing",
        "the job to be terminated. The first process to do so was:", "",
        "  Process name: [[28549,1],0]", "  Exit code:    1", BANNER,
    )
    d = diagnose(text)
    assert d.primary.rank == 3 and d.primary.suspect
    rows = {r.rank: r for r in d.ranks}
    assert rows[3].role == "suspect"


def test_mpirun_first_exit_record_names_a_rank_that_printed_nothing():
    """A rank that exited non-zero without a word (os._exit(1)): mpirun's record is the only evidence."""
    text = _log(
        _steps(MPI, range(4)),
        _tb(MPI_ERR(0), GLOO_CLOSED), _tb(MPI_ERR(1), GLOO_CLOSED), _tb(MPI_ERR(3), GLOO_CLOSED),
        BANNER, "mpirun detected that one or more processes exited with non-zero status, thus causing",
        "the job to be terminated. The first process to do so was:", "",
        "  Process name: [[1505,1],2]", "  Exit code:    1", BANNER,
    )
    d = diagnose(text)
    assert d.primary.rank == 2 and d.primary.suspect
    assert "rank 2" in d.verdict


def test_srun_label_crash_names_task_3_on_its_host():
    text = _log(
        "job 2 on vm", _steps(LABEL, range(4)),
        _tb(LABEL_ERR(3), "RuntimeError: mat1 and mat2 shapes cannot be multiplied (8x12 and 16x16)"),
        _tb(LABEL_ERR(0), GLOO_CLOSED), _tb(LABEL_ERR(2), GLOO_CLOSED),
        "srun: error: vm: task 3: Exited with exit code 1",
        "srun: launch/slurm: _step_signal: Terminating StepId=2.0",
        "0: slurmstepd-vm: error: *** STEP 2.0 ON vm CANCELLED AT 2026-12-03T09:55:18 ***",
        "srun: error: vm: tasks 0-2: Terminated", "srun: Force Terminated StepId=2.0",
    )
    d = diagnose(text)
    assert d.primary.id == "torch.shape-mismatch" and d.primary.rank == 3 and d.primary.host == "vm"
    assert {r.rank: r.host for r in d.ranks} == {0: "vm", 1: "vm", 2: "vm", 3: "vm"}


def test_srun_killed_task_is_the_sigkill_suspect():
    text = _log(
        _steps(LABEL, range(4)),
        _tb(LABEL_ERR(2), GLOO_CLOSED), _tb(LABEL_ERR(0), GLOO_CLOSED),
        "srun: error: vm: task 1: Killed",
        "srun: launch/slurm: _step_signal: Terminating StepId=3.0",
        "0: slurmstepd-vm: error: *** STEP 3.0 ON vm CANCELLED AT 2026-12-03T09:55:57 ***",
        "srun: error: vm: tasks 0,2-3: Terminated", "srun: Force Terminated StepId=3.0",
    )
    d = diagnose(text)
    assert d.primary.rank == 1 and d.primary.host == "vm" and d.primary.suspect
    assert "signal 9" in d.verdict and "OOM" in d.verdict


def test_srun_hang_terminated_task_is_not_taken_for_the_first_failure():
    text = _log(
        _steps(LABEL, range(4)), _steps(LABEL, range(3), 0),
        _tb(LABEL_ERR(0), GLOO_TIMEOUT), _tb(LABEL_ERR(1), GLOO_TIMEOUT), _tb(LABEL_ERR(2), GLOO_TIMEOUT),
        "srun: error: vm: task 2: Exited with exit code 1",
        "srun: launch/slurm: _step_signal: Terminating StepId=4.0",
        "0: slurmstepd-vm: error: *** STEP 4.0 ON vm CANCELLED AT 2026-12-03T09:56:47 ***",
        "srun: error: vm: tasks 0-1,3: Terminated", "srun: Force Terminated StepId=4.0",
    )
    d = diagnose(text)
    assert d.primary.rank == 3 and d.primary.suspect and d.primary.host == "vm"


def test_srun_per_task_files(tmp_path: Path):
    logs = tmp_path / "logs"
    logs.mkdir()
    for t in range(4):
        body = [f"2026-12-03 10:00:17,{100 + s:03d} INFO step {s} loss 1.0" for s in range(1, 5)]
        if t == 2:
            body += _tb("[rank2]: ", "KeyError: 'labels'")
        elif t == 0:
            body += ["slurmstepd-vm: error: *** STEP 5.0 ON vm CANCELLED AT 2026-12-03T10:00:19 ***"]
        else:
            body += _tb(f"[rank{t}]: ", GLOO_CLOSED)
        (logs / f"vm-{t}.out").write_text(_log(body))
    d = diagnose(logs)
    assert d.primary.rank == 2 and d.primary.host == "vm" and d.primary.facts["exception"] == "KeyError"
    rows = {r.rank: r for r in d.ranks}
    assert sorted(rows) == [0, 1, 2, 3]
    assert all(rows[t].host == "vm" and rows[t].last_progress for t in range(4))
    assert all("step 4" in rows[t].last_progress for t in (1, 2, 3))  # unprefixed lines: the rank is %t


TORCHRUN = lambda r: f"[rank{r}]: "


def _torchrun_record(rank: int, code: str, traceback: str) -> list[str]:
    return ["Root Cause (first observed failure):", "[0]:", "  time      : 2026-12-05_08:32:48", "  host      : localhost",
            f"  rank      : {rank} (local_rank: {rank})", f"  exitcode  : {code}", "  error_file: <N/A>", f"  traceback : {traceback}",
            "=" * 60]


def test_a_rank_that_timed_out_then_aborted_on_exit_is_collateral_the_silent_rank_is_suspect():
    """Seen in CI under load (tests/distributed/test_accelerate.py, rank 1 stalled): rank 0's gloo recv
    timed out, then its process printed `terminate called without an active exception` (no rank
    prefix: native stderr) and torchrun recorded it dying of SIGABRT. That death is how a rank that
    waited for rank 1 ended, not the failure that started the incident."""
    timeouts = [_tb(TORCHRUN(0), GLOO_TIMEOUT), ["terminate called without an active exception"],
                _tb(TORCHRUN(3), GLOO_TIMEOUT), _tb(TORCHRUN(2), GLOO_TIMEOUT.replace("recv", "send"))]
    text = _log(
        _steps(lambda r: "", range(4)), *timeouts,
        "E1205 08:32:48.803000 2232 torch/distributed/elastic/multiprocessing/api.py:1002] failed (exitcode: -6) "
        "local_rank: 0 (pid: 3315) of binary: /venv/bin/python",
        "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ", "=" * 60, "train.py FAILED", "-" * 60,
        _torchrun_record(0, "-6 (pid: 3315)", "Signal 6 (SIGABRT) received by PID 3315"),
    )
    text = text.replace("INFO step", "INFO rank=0 step", 4)  # (rank 1's last step is like everyone's)
    text = "\n".join(f"{TORCHRUN(r)}2026-12-05 08:32:27,42{r} INFO rank={r} world_size=4" for r in range(4)) + "\n" + text
    d = diagnose(text)
    assert d.primary.rank == 1 and d.primary.suspect and d.primary.role == "collateral", d.verdict
    deaths = [f for f in d.findings if f.id in ("system.cpp-terminate", "system.abort")]
    assert deaths and all(f.role == "collateral" for f in deaths)
    # the same death with no collective failure before it is the failure of that run
    alone = diagnose(_log(_steps(lambda r: "", range(1)), "terminate called without an active exception"))
    assert alone.primary.id == "system.cpp-terminate" and alone.primary.role == "root"
