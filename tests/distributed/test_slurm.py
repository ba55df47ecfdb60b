"""Real Slurm runs on a one-node cluster started by the fixture (munged, slurmctld, slurmd from the
Debian/Ubuntu packages slurm-wlm and munge), 4 tasks of the gloo worker (worker.py through
env_worker.py, which maps SLURM_PROCID/NTASKS to torch's env://), one task failing.

Scenarios (all four at once; srun -K ends a step when one task fails, as most sites configure):
  sbatch  - ``sbatch`` job script running ``srun --label -n 4``; task 3 hits a shape error
  files   - ``srun --output=logs/%N-%t.out``: one file per task named by node and task rank; task 2
            raises a KeyError no entry names
  sigkill - ``srun --label``; task 1 is SIGKILLed ("srun: error: <host>: task 1: Killed")
  hang    - ``srun --label``; task 3 stops calling collectives, the others time out in gloo

When the daemons cannot start here the module is skipped with the reason; the wordings seen on real
runs are also covered by stored-log tests (tests/test_launcher_records.py).
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from launch_helpers import by_rank as _by_rank
from launch_helpers import diagnose as _diagnose
from launch_helpers import free_port as _free_port

torch = pytest.importorskip("torch")
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("slurm")]

TOOLS = {t: shutil.which(t) for t in ("munged", "slurmctld", "slurmd", "srun", "sbatch", "sinfo", "squeue")}
if not all(TOOLS.values()):
    missing = ", ".join(t for t, p in TOOLS.items() if p is None)
    pytest.skip(f"Slurm/munge not installed ({missing} missing): apt-get install slurm-wlm munge (scripts/test.sh does)",
                allow_module_level=True)

WORKER = Path(__file__).with_name("env_worker.py")
HOST = socket.gethostname().split(".")[0]


def _tail(path: Path, n: int = 6) -> str:
    try:
        return " | ".join(path.read_text(errors="replace").strip().splitlines()[-n:])
    except OSError:
        return "(no log)"


def _conf(d: Path) -> str:
    return f"""ClusterName=denpex
SlurmctldHost={HOST}(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket={d}/munge/munge.sock
SlurmctldPort={_free_port()}
SlurmdPort={_free_port()}
StateSaveLocation={d}/state
SlurmdSpoolDir={d}/spool
SlurmctldPidFile={d}/slurmctld.pid
SlurmdPidFile={d}/slurmd.pid
SlurmctldLogFile={d}/slurmctld.log
SlurmdLogFile={d}/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
SchedulerType=sched/builtin
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
ReturnToService=2
InactiveLimit=0
MinJobAge=30
KillWait=2
Waittime=0
NodeName={HOST} NodeAddr=127.0.0.1 CPUs=2 State=UNKNOWN
PartitionName=debug Nodes={HOST} Default=YES MaxTime=INFINITE State=UP OverSubscribe=FORCE:4
"""


def _pid(path: Path) -> int | None:
    try:
        return int(path.read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    """munged + slurmctld + slurmd for this host only, state under a tmp dir; stopped afterwards."""
    if os.geteuid() != 0:
        pytest.skip("the Slurm fixture runs slurmd as root (it launches tasks); not root here")
    d = tmp_path_factory.mktemp("slurm")
    for sub in ("munge", "state", "spool"):
        (d / sub).mkdir()
    (d / "munge").chmod(0o700)
    key = d / "munge" / "munge.key"
    key.write_bytes(os.urandom(1024))
    key.chmod(0o400)
    conf = d / "slurm.conf"
    conf.write_text(_conf(d))
    env = dict(os.environ, SLURM_CONF=str(conf))
    pids = {"munged": d / "munge" / "munged.pid", "slurmctld": d / "slurmctld.pid", "slurmd": d / "slurmd.pid"}
    started: list[Path] = []
    try:
        steps = [
            ("munged", [TOOLS["munged"], "--force", f"--socket={d}/munge/munge.sock", f"--key-file={key}",
                        f"--pid-file={pids['munged']}", f"--log-file={d}/munge/munged.log", f"--seed-file={d}/munge/seed"],
             d / "munge" / "munged.log"),
            ("slurmctld", [TOOLS["slurmctld"], "-c", "-f", str(conf)], d / "slurmctld.log"),
            ("slurmd", [TOOLS["slurmd"], "-f", str(conf)], d / "slurmd.log"),
        ]
        for name, cmd, log in steps:
            r = subprocess.run(cmd, env=env, check=False, capture_output=True, timeout=30)
            for _ in range(50):
                if _pid(pids[name]):
                    break
                time.sleep(0.1)
            if r.returncode != 0 or not _pid(pids[name]):
                pytest.skip(f"{name} could not start in this container (exit {r.returncode}): "
                            f"{r.stderr.decode(errors='replace').strip()[-300:]} {_tail(log)}")
            started.append(pids[name])
        state = ""
        for _ in range(100):
            r = subprocess.run([TOOLS["sinfo"], "-h", "-n", HOST, "-o", "%T"], env=env, check=False, capture_output=True, timeout=10)
            state = r.stdout.decode().strip()
            if state.startswith(("idle", "mixed", "alloc")):
                break
            time.sleep(0.2)
        else:
            pytest.skip(f"slurmd on {HOST} did not become idle (state {state!r}): {_tail(d / 'slurmd.log')}")
        yield env
    finally:
        # only the daemons this fixture started, by the pids their pid files hold
        ours = [pid for pid in (_pid(pf) for pf in reversed(started)) if pid]
        for pid in ours:
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
        deadline = time.time() + 15
        while time.time() < deadline and any(_alive(pid) for pid in ours):
            time.sleep(0.1)


def _alive(pid: int | None) -> bool:
    if not pid:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def _task_env(cluster_env: dict, timeout_s: int) -> dict:
    return dict(cluster_env, MASTER_ADDR="127.0.0.1", MASTER_PORT=str(_free_port()),
                COLLECTIVE_TIMEOUT_S=str(timeout_s), PYTHONUNBUFFERED="1")


SRUN = ["-n", "4", "--overcommit", "--kill-on-bad-exit=1"]


@pytest.fixture(scope="module")
def runs(cluster, tmp_path_factory):
    base = tmp_path_factory.mktemp("slurm-runs")
    dirs = {name: base / name for name in ("sbatch", "files", "sigkill", "hang")}
    for d in dirs.values():
        d.mkdir()
    procs = []
    # sbatch: the batch script's output (console.log) holds srun's --label lines and srun's own errors
    job = dirs["sbatch"] / "job.sh"
    job.write_text(f"#!/bin/bash\necho \"job $SLURM_JOB_ID on $SLURM_JOB_NODELIST\"\n"
                   f"srun --label {' '.join(SRUN)} {sys.executable} {WORKER} crash 3\n")
    r = subprocess.run([TOOLS["sbatch"], "--parsable", "-n", "4", "--overcommit", "--output=console.log", str(job)],
                       cwd=dirs["sbatch"], env=_task_env(cluster, 30), check=False, capture_output=True, timeout=30)
    assert r.returncode == 0, r.stderr.decode()
    job_id = r.stdout.decode().strip().split(";")[0]
    for name, opts, scenario, bad, timeout_s in [
        ("files", ["--output=logs/%N-%t.out"], "keyerror", 2, 30),
        ("sigkill", ["--label"], "sigkill", 1, 30),
        ("hang", ["--label"], "hang", 3, 8),
    ]:
        if name == "files":
            (dirs[name] / "logs").mkdir()
        out = open(dirs[name] / "console.log", "wb")  # noqa: SIM115 - closed below
        procs.append((out, subprocess.Popen([TOOLS["srun"], *opts, *SRUN, sys.executable, str(WORKER), scenario, str(bad)],
                                            cwd=dirs[name], stdout=out, stderr=subprocess.STDOUT,
                                            env=_task_env(cluster, timeout_s))))
    for out, p in procs:
        try:
            p.wait(timeout=180)
        finally:
            if p.poll() is None:
                p.kill()
            out.close()
        assert p.returncode != 0
    deadline = time.time() + 180
    while time.time() < deadline:  # sbatch --wait polls slowly (up to 10 s); squeue is enough here
        r = subprocess.run([TOOLS["squeue"], "-h", "-j", job_id, "-o", "%T"], env=cluster, check=False, capture_output=True, timeout=10)
        if r.stdout.decode().strip() not in ("PENDING", "CONFIGURING", "RUNNING", "COMPLETING"):
            break
        time.sleep(0.3)
    return dirs


def srun_says(console: Path) -> list[tuple[str, tuple[int, ...], str]]:
    """srun's own records, in order: (host, tasks, how), e.g. ("vm", (3,), "Exited with exit code 1")."""
    out = []
    for m in re.finditer(r"^srun: error: (\S+): tasks? ([\d,-]+): (.+)$", console.read_text(errors="replace"), re.MULTILINE):
        tasks: list[int] = []
        for part in m.group(2).split(","):
            lo, _, hi = part.partition("-")
            tasks.extend(range(int(lo), int(hi or lo) + 1))
        out.append((m.group(1), tuple(tasks), m.group(3).strip()))
    return out


def test_sbatch_label_names_task_3_and_host(runs):
    console = runs["sbatch"] / "console.log"
    text = console.read_text(errors="replace")
    assert "3: [rank3]: RuntimeError: mat1 and mat2 shapes cannot be multiplied" in text
    said = srun_says(console)
    # srun names task 3 first; when another task's collateral exit (a gloo connection reset on task 0) lands
    # in the same instant srun groups them in one record ("tasks 0,3: Exited with exit code 1"), so the
    # report must stand on task 3's own traceback, not on srun's order alone
    assert said[0][0] == HOST and 3 in said[0][1] and said[0][2] == "Exited with exit code 1", said
    rep = _diagnose(console)
    p = rep["primary"]
    assert p["id"] == "torch.shape-mismatch" and p["rank"] == 3 and p["role"] == "root" and not p["suspect"]
    assert p["host"] == HOST  # from srun's "error: <host>: task 3:" / "tasks 0-2:" records
    ranks = _by_rank(rep)
    assert sorted(ranks) == [0, 1, 2, 3] and all(ranks[r]["host"] == HOST for r in ranks)
    assert ranks[3]["role"] == "initiating"
    assert all(ranks[r]["role"] in ("collateral", "silent") for r in (0, 1, 2))
    # the same run as srun words it when task 0's collateral exit lands in the same instant as task 3's
    grouped = re.sub(r"srun: error: (\S+): tasks? [\d,-]+: Exited with exit code 1", r"srun: error: \1: tasks 0,3: Exited with exit code 1",
                     text, count=1)
    assert grouped != text
    (runs["sbatch"] / "grouped.log").write_text(grouped)
    rep = _diagnose(runs["sbatch"] / "grouped.log")
    assert rep["primary"]["id"] == "torch.shape-mismatch" and rep["primary"]["rank"] == 3 and not rep["primary"]["suspect"]
    assert _by_rank(rep)[3]["role"] == "initiating"


def test_output_per_task_files_name_task_2_and_host(runs):
    d = runs["files"]
    names = sorted(p.name for p in (d / "logs").iterdir())
    assert names == [f"{HOST}-{t}.out" for t in range(4)]  # %N-%t
    said = srun_says(d / "console.log")
    assert said[0][0] == HOST and 2 in said[0][1] and said[0][2] == "Exited with exit code 1", said  # (may be grouped)
    for target in ((d / "logs",), (d / "logs", d / "console.log")):
        rep = _diagnose(*target)
        p = rep["primary"]
        assert p["id"] == "python.key-error", (target, rep["verdict"])
        assert p["facts"]["exception"] == "KeyError" and p["rank"] == 2 and p["role"] == "root"
        assert "rank 2" in rep["verdict"]
        ranks = _by_rank(rep)
        assert sorted(ranks) == [0, 1, 2, 3]
        assert ranks[2]["role"] == "initiating"
        # the progress lines carry no prefix: their rank is the file name's %t
        assert all(ranks[t]["last_progress"] for t in range(4))
        # (slurmstepd's "STEP n.0 ... CANCELLED" line lands in one task's file after its last step)
        assert sum(bool(re.search(r"INFO step \d", ranks[t]["last_progress"])) for t in range(4)) >= 3
    # with srun's console the host is named for every task (%N matches "srun: error: <host>: ...")
    assert p["host"] == HOST and all(r["host"] == HOST for r in rep["ranks"])


def test_sigkill_names_task_1_from_sruns_record(runs):
    console = runs["sigkill"] / "console.log"
    said = srun_says(console)
    assert said[0] == (HOST, (1,), "Killed")
    rep = _diagnose(console)
    p = rep["primary"]
    assert p["rank"] == 1 and p["host"] == HOST
    assert p["suspect"] is True or p["id"] == "system.host-oom-killed"
    assert "signal 9" in rep["verdict"] and "OOM" in rep["verdict"]
    ranks = _by_rank(rep)
    assert ranks[1]["role"] in ("suspect", "initiating")
    assert all(ranks[r]["role"] in ("collateral", "silent") for r in (0, 2, 3))


def test_hang_names_silent_task_3_where_srun_names_another(runs):
    console = runs["hang"] / "console.log"
    said = srun_says(console)
    _, first_tasks, first_how = said[0]
    assert first_tasks != (3,) and first_how == "Exited with exit code 1"  # a rank that timed out waiting
    assert any(3 in tasks and how == "Terminated" for _, tasks, how in said)  # srun ended task 3 itself
    rep = _diagnose(console)
    p = rep["primary"]
    assert p["rank"] == 3 and p["suspect"] is True and p["host"] == HOST
    ranks = _by_rank(rep)
    assert ranks[3]["role"] == "suspect"
    assert all(ranks[r]["role"] == "collateral" for r in (0, 1, 2))
    assert "rank 3" in rep["verdict"]
