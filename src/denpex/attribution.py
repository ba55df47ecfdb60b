"""Who printed a line and when: rank, local rank, host, process and timestamp.

Sources of attribution, most specific first: the line's own prefix (torchrun
``[rank3]:``, srun ``--label``, mpirun ``[1,3]<stderr>:``, Ray ``(pid=, ip=)``),
fields inside the message (``[Rank 3]``, ``[PG 1 Rank 3]``, NCCL's
``host:pid:tid``), then the file and folder names (``rank3.log``, ``node-2/``,
``attempt_0/3/stderr.log``).
"""

from __future__ import annotations

import calendar
import re
from collections import deque
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator, Sequence

    from .hits import Hit

_MONTHS = {m: i for i, m in enumerate(["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"], 1)}


@dataclass(frozen=True)
class Stamp:
    """A parsed timestamp. ``seconds`` is comparable only between stamps of the same ``kind``."""

    seconds: float
    kind: str  # "absolute" (has a date with year), "noyear" (month-day), "relative" (dmesg uptime)
    text: str
    precise: bool = True  # has a sub-second part; whole-second stamps tie with anything in that second

    def iso(self) -> str:
        if self.kind == "relative":
            return f"+{self.seconds:.3f}s since boot"
        dt = datetime.fromtimestamp(self.seconds, tz=timezone.utc)
        s = dt.strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3]
        return s[5:] if self.kind == "noyear" else s


@dataclass(frozen=True)
class Attribution:
    rank: int | None = None
    local_rank: int | None = None
    host: str | None = None
    pid: int | None = None
    time: Stamp | None = None


def _epoch(y: int, mo: int, d: int, h: int, mi: int, s: int, frac: str | None) -> float:
    base = calendar.timegm((y, mo, d, h, mi, s, 0, 0, 0))
    return base + (float("0." + frac) if frac else 0.0)


_TS_ISO = re.compile(r"(?<!\d)(\d{4})-(\d\d)-(\d\d)[T _](\d\d):(\d\d):(\d\d)(?:[.,](\d{1,9}))?(Z|[+-]\d\d:?\d\d)?")
# glog / c10 logging: "E0626 05:06:30.929" (month padded) or "E626 05:06:30.929" (recent PyTorch does not pad it)
_TS_GLOG = re.compile(r"(?:^|[\[\]:\s])[IWEF](1[0-2]|0?[1-9])(\d\d) (\d\d):(\d\d):(\d\d)\.(\d{1,9})")
_TS_VLLM = re.compile(r"\b(?:INFO|WARNING|ERROR|DEBUG|CRITICAL|WARN)\s+(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)(?:\.(\d+))?")
_TS_SYSLOG = re.compile(r"^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) +(\d{1,2}) (\d\d):(\d\d):(\d\d)")
_TS_DMESG = re.compile(r"^\[\s*(\d{1,9}\.\d{3,9})\]")
_TS_EPOCH = re.compile(r"\"timestamp\"\s*:\s*\"?(\d{10})(?:\.(\d+))?")
_NOYEAR = 1970


def parse_time(line: str) -> Stamp | None:
    m = _TS_ISO.search(line, 0, 200)
    if m:
        y, mo, d, h, mi, s = (int(m.group(i)) for i in range(1, 7))
        try:
            secs = _epoch(y, mo, d, h, mi, s, m.group(7))
        except (ValueError, OverflowError):
            return None
        tz = m.group(8)
        if tz and tz != "Z":
            sign = 1 if tz[0] == "+" else -1
            hh, mm = int(tz[1:3]), int(tz[-2:])
            secs -= sign * (hh * 3600 + mm * 60)
        return Stamp(secs, "absolute", m.group(0), m.group(7) is not None)
    m = _TS_GLOG.search(line, 0, 200)
    if m:
        mo, d, h, mi, s = (int(m.group(i)) for i in range(1, 6))
        if 1 <= mo <= 12 and 1 <= d <= 31:
            return Stamp(_epoch(_NOYEAR, mo, d, h, mi, s, m.group(6)), "noyear", m.group(0).strip("[]: "))
    m = _TS_VLLM.search(line, 0, 200)
    if m:
        mo, d, h, mi, s = (int(m.group(i)) for i in range(1, 6))
        if 1 <= mo <= 12 and 1 <= d <= 31:
            return Stamp(_epoch(_NOYEAR, mo, d, h, mi, s, m.group(6)), "noyear", m.group(0), m.group(6) is not None)
    m = _TS_SYSLOG.search(line)
    if m:
        return Stamp(
            _epoch(_NOYEAR, _MONTHS[m.group(1)], int(m.group(2)), int(m.group(3)), int(m.group(4)), int(m.group(5)), None),
            "noyear",
            m.group(0),
            False,
        )
    m = _TS_DMESG.search(line)
    if m:
        return Stamp(float(m.group(1)), "relative", m.group(0))
    m = _TS_EPOCH.search(line)
    if m:
        return Stamp(float(m.group(1) + "." + (m.group(2) or "0")), "absolute", m.group(0), m.group(2) is not None)
    return None


def comparable(a: Stamp, b: Stamp) -> tuple[float, float] | None:
    """Seconds of two stamps on one scale, or None when they cannot be ordered."""
    if a.kind == b.kind:
        return a.seconds, b.seconds
    if {a.kind, b.kind} == {"absolute", "noyear"}:
        # compare on month-day-time only
        def strip(s: Stamp) -> float:
            if s.kind == "noyear":
                return s.seconds
            dt = datetime.fromtimestamp(s.seconds, tz=timezone.utc)
            return _epoch(_NOYEAR, dt.month, dt.day, dt.hour, dt.minute, dt.second, None) + (s.seconds % 1)

        return strip(a), strip(b)
    return None


# --- ranks and hosts ------------------------------------------------------

_LINE_RULES: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"^\s*\[rank(?P<rank>\d+)\]:"), "torchrun"),
    # Lightning's rank_prefixed_message / rank_zero_* helpers: "[rank: 1] ..."
    (re.compile(r"^\s*\[rank: (?P<rank>\d+)\] "), "lightning"),
    # kubectl logs --prefix: "[pod/trainer-worker-3-x7k2p/pytorch] ..." (JobSet / PyTorchJob pods)
    (re.compile(r"^\[pod/(?P<host>[a-z0-9][a-z0-9.-]*)/[\w.-]+\] "), "kubectl"),
    (re.compile(r"^\s*\[default(?P<local>\d+)\]:"), "torchrun-tee"),
    (re.compile(r"^\s*\[(?P<job>\d+),(?P<rank>\d+)\]<std(?:out|err)>:"), "mpirun"),
    (re.compile(r"^\s*(?P<host>[A-Za-z][\w.-]*): \[rank(?P<rank>\d+)\]:"), "pdsh"),
    # (not a Rust backtrace frame, "   0: rust_begin_unwind" / "  12: tokenizers::x::y", nor a
    # gdb-style "N: 0x55d0 - core::panicking::panic", nor darknet's iteration line " 10090: 1.262299, 1.207728 avg loss")
    # (srun --label pads the task id to the widest one: " 3: " among 10+ tasks; a number indented further is a
    # source listing's line number, "    320: esm.pretrained.esm2_t6_8M_UR50D()" under a traceback frame)
    (re.compile(r"^(?=[ \d]{1,5}: )\s*(?P<rank>\d{1,5}): (?!(?:0x[0-9a-fA-F]+ - )?(?:<?[A-Za-z_][\w<>]*::|rust_begin_unwind\b|__rust))(?!\d+\.\d+, \d+\.\d+ avg)"), "srun"),
    # pdsh / DeepSpeed multi-node prefix "worker-3: ...": a lowercase host name with a digit in it,
    # so that "RuntimeError: ..." or "huggingface_hub.errors.GatedRepoError: ..." are never taken for hosts
    # (not slurmstepd's own "slurmstepd-falkor7: error:" prefix, whose host is after the dash)
    (re.compile(r"^\s*(?!slurmstepd-)(?P<host>[a-z][a-z0-9-]*[0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*): (?=\S)"), "pdsh"),
]
# a line that starts like an srun --label prefix ("3: ...") may be an item of a numbered list instead: R's
# traceback (" 1: .Call(...)" .. "27: stop(x)"), R's crash menu ("1: abort (with core dump, if enabled)")
_NUMBERED = re.compile(r"^\s*(\d{1,5}): ")


def numbered_list_items(lines: Sequence[str]) -> set[int]:
    """Indices of ``lines`` that are items of a numbered list, not srun --label prefixes: a block of two or
    more adjacent "N: " lines whose numbers step up by one (1, 2, 3 ...). srun labels come in blocks too
    (a task's traceback), but a task prints several lines in a row, so its number repeats or the block
    goes back down; where any block of ``lines`` does that, the labels are real and no line is a list
    item (two tasks that each printed one line, "0: ..." then "1: ...", read as a list: the price of
    telling R's numbered frames from 27 ranks)."""
    nums = [(m := _NUMBERED.match(line)) and int(m.group(1)) for line in lines]
    items: set[int] = set()
    start = 0
    while start < len(nums):
        if nums[start] is None:
            start += 1
            continue
        end = start + 1
        while end < len(nums) and nums[end] is not None:
            end += 1
        if end - start >= 2:
            if any(nums[i + 1] != nums[i] + 1 for i in range(start, end - 1)):  # type: ignore[operator]
                return set()  # a block of real labels: a task's lines in a row, or tasks interleaved
            items.update(range(start, end))
        start = end
    return items


_LATE_PREFIX = re.compile(r"(?:^|\s)\[(?:rank(?P<rank>\d+)|default(?P<local>\d+))\]:")
_RAY = re.compile(r"^\s*\((?P<actor>[\w.]+ )?(?:rank=(?P<rank>\d+) )?pid=(?P<pid>\d+)(?:, ip=(?P<host>[\w.:-]+))?\)")
# the task a Ray error came from, named inside the message: "RayTaskError(X): ray::Actor.method() (pid=N, ip=A, ..."
_RAY_TASK = re.compile(r"\bray::[\w.<>-]+(?:\(\))?\s+\(pid=(?P<pid>\d+), ip=(?P<host>[^,)\s]+)")
# Ray Train's controller lists its worker group: "- (ip=A, pid=N) world_rank=R, local_rank=L, node_rank=K";
# the line describes that worker, not the controller whose "(TrainController pid=M)" prefix it carries
_RAY_MEMBER = re.compile(r"\(ip=(?P<host>[^,)\s]+), pid=(?P<pid>\d+)\) world_rank=(?P<rank>\d+)(?:, local_rank=(?P<local>\d+))?")
# lines under a block header belong to the rank (or process) the header names: Ray Train's
# "[Rank 1 Error Snippet]:" (one rank only) and the inner traceback under a Ray task error
_BLOCK_RANK = re.compile(r"\[Rank (?P<rank>\d+) Error Snippet\]:")
# Ray's log de-duplication: a line printed by several workers is shown once more at the end of a batch
# with " [repeated 3x across cluster]" under ONE of their prefixes (often another process's, even the
# controller's); the first copy was printed before with its own prefix, so the repeat is no new event
_RAY_REPEAT = re.compile(r" \[repeated \d+x across cluster\]")
# ... but a paste that starts after the first copy holds only the repeat: a repeat is dropped only when a line
# of the same rule with the same text (without the process prefix) came before it
_RAY_PREFIX = re.compile(r"^\s*\((?:[^()\n]{1,200})\) ")


def _ray_text(text: str) -> int:
    if "across cluster]" in text:
        text = _RAY_REPEAT.sub("", text)
    return hash(_RAY_PREFIX.sub("", text, count=1).strip() if text.lstrip().startswith("(") else text.strip())


_IN_MSG: list[re.Pattern[str]] = [
    re.compile(r"\[(?:PG (?:ID )?\d+ (?:PG GUID \S+ )?)?Rank (?P<rank>\d+)\]"),
    re.compile(r"\brank\s*:\s*(?P<rank>\d+) \(local_rank: (?P<local>\d+)\)"),
    re.compile(r"\blocal_rank: (?P<local>\d+) \(pid: (?P<pid>\d+)\)"),
    # Lightning, printed by each process as it joins: "Initializing distributed: GLOBAL_RANK: 1, MEMBER: 2/4"
    re.compile(r"\bGLOBAL_RANK: (?P<rank>\d+), MEMBER: \d+/\d+"),
    # (not "from rank 1" / "to rank 3": those name the peer a message came from or goes to, e.g. MPICH's
    # "Message from rank 1 and tag 11 truncated" printed by the receiving rank)
    # (nor a low-rank adapter's rank: "Merging rank 128 LoRA weights", "lora rank 16", "LoRA rank=8", nor a
    # command-line option quoted in the line, "'--rank=16'" of a LoRA training script's command)
    # (nor a suspected peer: NCCL's "collective mismatch around rank 3", "remote rank 2", "peer rank 5")
    # (nor a tensor's rank: "X must have rank 2", "Shape must be rank 4 but is rank 3", "a tensor of rank 3")
    re.compile(r"(?<!from )(?<!to )(?<!around )(?<!peer )(?<!remote )(?<!lora )(?<!lora_)(?<!-)(?<!have )(?<!be )(?<!is )(?<!of )\b(?:global[_ ])?rank[= ](?P<rank>\d+)\b(?!\s*\()(?!\s+(?:lora|adapter|lokr|loha|dora)\b)",
               re.IGNORECASE),
]
# launchers' own records about one process, printed on the launcher's console (no rank prefix): the rank
# and host they name are the line's. Open MPI/PRRTE "mpirun noticed that process rank 1 with PID 0 on node
# vm exited on signal 9 (Killed)." (1.2 said "job rank" and quoted the node), srun "srun: error: vm: task 3:
# Exited with exit code 1" (a range "tasks 0-2: Terminated" names the host only), slurmstepd's
# "slurmstepd-vm: error: ..." prefix, Open MPI's "Process name: [[28107,1],2]" field
_LAUNCHER_RECORDS: list[re.Pattern[str]] = [
    re.compile(r"\b(?P<launcher>[\w.-]+) noticed that (?:process|job) rank (?P<rank>\d+) with PID (?P<pid>\d+) on node \"?(?P<host>[^\s\"]+?)\"? exited on signal (?P<signal>\d+)"),
    re.compile(r"\b(?P<launcher>srun|salloc|sbatch): error: (?P<host>[A-Za-z0-9][\w.-]*): tasks? (?P<tasks>\d+(?:[-,]\d+)*): (?P<how>[A-Z][\w ]*\w)"),
    re.compile(r"^\s*(?:\d{1,5}: )?(?P<launcher>slurmstepd)-(?P<host>[A-Za-z0-9][\w.-]*): "),
    re.compile(r"^\s*Process name: \[\[\d+,\d+\],(?P<rank>\d+)\]"),
]


@dataclass(frozen=True)
class ExitRecord:
    """A launcher's record of how one or more ranks ended: ``ranks`` it names, on ``host``;
    ``signal`` (9 for srun's "Killed") or ``exit_code``; ``own`` is False where the launcher itself ended
    them (srun's "Terminated" after another task failed)."""

    launcher: str
    ranks: tuple[int, ...]
    host: str | None
    signal: int | None = None
    exit_code: int | None = None
    own: bool = True

    def how(self) -> str:
        if self.signal is not None:
            return f"exited on signal {self.signal}" + (" (SIGKILL)" if self.signal == 9 else "")
        if self.exit_code is not None:
            return f"exited with code {self.exit_code}"
        return "ended"


_SRUN_HOW = re.compile(r"Exited with exit code (?P<code>\d+)|(?P<sig>Killed|Terminated|Segmentation fault|Aborted|Bus error)")
_SIGNALS = {"Killed": 9, "Terminated": 15, "Segmentation fault": 11, "Aborted": 6, "Bus error": 7}


def _task_list(text: str) -> tuple[int, ...]:
    out: list[int] = []
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        a, b = int(lo), int(hi or lo)
        out.extend(range(a, min(b, a + 4096) + 1))
    return tuple(out)


def exit_record(line: str) -> ExitRecord | None:
    """The launcher's record of how ranks ended, when ``line`` is one (mpirun's "noticed that process rank
    N ... exited on signal S", srun's "error: host: task(s) N: ..."), else None."""
    m = _LAUNCHER_RECORDS[0].search(line)
    if m:
        return ExitRecord(m.group("launcher"), (int(m.group("rank")),), m.group("host"), signal=int(m.group("signal")))
    m = _LAUNCHER_RECORDS[1].search(line)
    if m:
        hm = _SRUN_HOW.match(m.group("how"))
        if hm is None:
            return None
        sig = _SIGNALS.get(hm.group("sig") or "")
        code = int(hm.group("code")) if hm.group("code") else None
        return ExitRecord(m.group("launcher"), _task_list(m.group("tasks")), m.group("host"), signal=sig, exit_code=code,
                          own=sig != 15)
    return None


_NCCL_HOST = re.compile(r"(?:^|\s|\]:?)(?P<host>[A-Za-z][\w.-]*):(?P<pid>\d+):(?P<tid>\d+) \[(?P<dev>\d+)\] (?:[\w./-]+:\d+ )?NCCL")
_FILE_RANK = [
    # "rank3.log", "rank_3/", Open MPI --output-filename "DIR/1/rank.3/stderr"
    re.compile(r"(?:^|[/_.-])rank[_.-]?(?P<rank>\d+)(?=[/_.-]|$)", re.IGNORECASE),
    re.compile(r"attempt_\d+/(?P<local>\d+)/(?:stdout|stderr|error)"),
    re.compile(r"(?:^|[/_.-])(?:worker|proc|process|gpu)[_-]?(?P<rank>\d+)(?=[/_.-]|$)", re.IGNORECASE),
]
_FILE_HOST = re.compile(r"(?:^|/)(?P<host>(?:node|host|worker|nid|gpu-node|compute)[-_]?\d+[\w-]*)(?=/)", re.IGNORECASE)


def from_path(path: str) -> Attribution:
    rank = local = None
    for rx in _FILE_RANK:
        m = rx.search(path)
        if m:
            g = m.groupdict()
            if g.get("rank") is not None:
                rank = int(g["rank"])
            if g.get("local") is not None:
                local = int(g["local"])
            break
    mh = _FILE_HOST.search(path)
    return Attribution(rank=rank, local_rank=local, host=mh.group("host") if mh else None)


def prefix_rank(line: str) -> tuple[int | None, int | None, str | None]:
    """Rank, local rank and host from a launcher prefix only (not from words in the message)."""
    return _prefix(line)[:3]


def _prefix(line: str) -> tuple[int | None, int | None, str | None, str | None]:
    """``prefix_rank`` and the kind of launcher prefix it was read from (None without one)."""
    for rx, kind in _LINE_RULES:
        m = rx.match(line)
        if m:
            g = m.groupdict()
            return (
                int(g["rank"]) if g.get("rank") else None,
                int(g["local"]) if g.get("local") else None,
                g.get("host"),
                kind,
            )
    return None, None, None, None


def _nested_prefixes(line: str, ray: bool = False) -> Iterator[tuple[re.Match[str], str]]:
    """The launcher prefixes in front of a line's message, outermost first, nested up to three deep
    ("[default1]:[rank3]: ...", "node-2: [rank5]: ..."), each with the text after it. With ``ray``, Ray's
    "(Actor pid=, ip=) " prefix counts too, and the one space a prefix template puts before the message
    (not the message's own indent) is dropped."""
    rest = line
    for _ in range(3):
        m = _RAY.match(rest) if ray else None
        if m is None:
            m = next((hit for rx, _kind in _LINE_RULES if (hit := rx.match(rest))), None)
        if m is None:
            return
        rest = rest[m.end():]
        if ray and rest[:1] == " ":
            rest = rest[1:]
        yield m, rest


def strip_prefixes(line: str) -> str:
    """``line`` without the launcher prefixes in front of its message ("[rank3]: ", "[1,2]<stderr>: ",
    "(RayTrainWorker pid=12, ip=10.0.0.3) ", "node-2: [rank5]: ", "0: "), nested up to three deep; the
    line itself when it has none."""
    rest = line
    for _m, rest in _nested_prefixes(line, ray=True):
        pass
    return rest


def from_line(line: str) -> Attribution:
    rank = local = pid = None
    host = None
    for m, _rest in _nested_prefixes(line):
        g = m.groupdict()
        if g.get("rank") and rank is None:
            rank = int(g["rank"])
        if g.get("local") and local is None:
            local = int(g["local"])
        host = host or g.get("host")
    if rank is None and local is None:
        m = _LATE_PREFIX.search(line, 0, 96)  # "2024-11-20 14:37:16 [rank3]: ..." (a logger put a stamp first)
        if m:
            if m.group("rank"):
                rank = int(m.group("rank"))
            else:
                local = int(m.group("local"))
    m = _RAY.match(line)
    if m:
        pid = int(m.group("pid"))
        host = host or m.group("host")
        if m.group("rank") and rank is None:
            rank = int(m.group("rank"))
    m = _RAY_MEMBER.search(line) or _RAY_TASK.search(line)
    if m:  # the worker the message is about, not the process that printed it
        g = m.groupdict()
        pid, host = int(g["pid"]), g["host"]
        if g.get("rank") is not None:
            return Attribution(int(g["rank"]), int(g["local"]) if g.get("local") else None, host, pid, parse_time(line))
    if rank is None or host is None:
        for rx in _LAUNCHER_RECORDS:
            m = rx.search(line, 0, 400)
            if m:
                g = m.groupdict()
                if rank is None and g.get("rank") is not None:
                    rank = int(g["rank"])
                elif rank is None and g.get("tasks") and g["tasks"].isdigit():
                    rank = int(g["tasks"])
                host = host or g.get("host")
                break
    if rank is None and not _BLOCK_RANK.search(line):  # a "[Rank 1 Error Snippet]:" header is the controller's line
        for rx in _IN_MSG:
            m = rx.search(line)
            if m:
                g = m.groupdict()
                if g.get("rank") is not None:
                    rank = int(g["rank"])
                if g.get("local") is not None and local is None:
                    local = int(g["local"])
                if g.get("pid") is not None:
                    pid = int(g["pid"])
                if rank is not None:
                    break
    m = _NCCL_HOST.search(line)
    if m:
        host = host or m.group("host")
        pid = pid or int(m.group("pid"))
    return Attribution(rank=rank, local_rank=local, host=host, pid=pid, time=parse_time(line))


def merge(line: Attribution, path: Attribution) -> Attribution:
    rank = line.rank if line.rank is not None else path.rank
    local = line.local_rank if line.local_rank is not None else path.local_rank
    host = line.host or path.host
    if rank is None and local is not None and host is None:
        rank = local  # one node (no host named anywhere): the local rank is the rank
    return Attribution(
        rank=rank,
        local_rank=line.local_rank if line.local_rank is not None else path.local_rank,
        host=line.host or path.host,
        pid=line.pid,
        time=line.time,
    )


_BANNER_RULE = re.compile(r"^\s*(?:-{10,}|={10,}|\*{10,})\s*$")
_TASK_FILE = re.compile(r"^(?P<pre>.*?)[-_.](?P<n>\d{1,6})$")
_HOST_NAME = re.compile(r"[A-Za-z0-9][\w-]*(?:\.[\w-]+)*")


def task_files(names: Sequence[str], hosts: set[str]) -> dict[str, Attribution]:
    """Per-task output files named by task number: Slurm's ``--output=logs/%N-%t.out`` ("vm-3.out": %t is
    the task's rank, %N its node), ``%j-%t.out``, ``out_%t.log``. Read as ranks only where the numbers of
    the files with one extension in one folder are exactly 0..n-1 (n >= 2); the part before the number is
    the host where it differs between those files (several nodes) or is a host the logs name themselves
    (srun's "error: vm: task 3: ...", slurmstepd's "slurmstepd-vm:")."""
    groups: dict[tuple[str, str], list[tuple[str, str, int]]] = {}
    for name in names:
        parent, _, base = name.replace("\\", "/").rpartition("/")
        stem, dot, ext = base.rpartition(".")
        if not dot:
            stem, ext = base, ""
        m = _TASK_FILE.match(stem)
        if m and from_path(name).rank is None:
            groups.setdefault((parent, ext), []).append((name, m.group("pre"), int(m.group("n"))))
    out: dict[str, Attribution] = {}
    for files in groups.values():
        if len(files) < 2 or sorted(n for _, _, n in files) != list(range(len(files))):
            continue
        several = len({pre for _, pre, _ in files}) > 1
        for name, pre, n in files:
            host = pre if (several or pre in hosts) and _HOST_NAME.fullmatch(pre) else None
            out[name] = Attribution(rank=n, host=host)
    return out


def with_facts(at: Attribution, groups: dict[str, str]) -> Attribution:
    """What a knowledge-base signature read from its match fills in where the line's own prefix said
    nothing: ``rank`` ("MPI_ABORT was invoked on rank 2", "mpirun noticed that process rank 1"),
    ``node`` and, beside a ``pid``, ``host``/``ip`` ("ray::Actor.f() (pid=N, ip=A)") are the failing process's."""
    if not groups:
        return at
    rank, host, pid = at.rank, at.host, at.pid
    if rank is None:
        # "rank" names the process; a list of failed ranks with one member does too ("rank=[3] was aborted")
        g = groups.get("rank") or ""
        if not g.isdigit():
            g = (groups.get("ranks") or "").strip()
        if g.isdigit():
            rank = int(g)
    if host is None:
        # "node" names where the process ran; a bare "host"/"ip" is often the far end (huggingface.co, the
        # rendezvous master), so it counts only beside the pid of the process it belongs to
        keys = ("node", "host", "ip") if groups.get("pid") else ("node",)
        host = next((groups[k] for k in keys if groups.get(k) and re.fullmatch(r"[\w.:-]+", groups[k])), None)
    if pid is None and (g := groups.get("pid")) and g.isdigit():
        pid = int(g)
    if (rank, host, pid) == (at.rank, at.host, at.pid):
        return at
    return Attribution(rank, at.local_rank, host, pid, at.time)


def _from_block_header(at: Attribution, before: Sequence[str]) -> Attribution:
    """An unprefixed line under a block header is that header's: the traceback under Ray Train's
    "[Rank 1 Error Snippet]:", or the inner traceback a driver prints under "RayTaskError(X): ray::A.f()
    (pid=N, ip=H)". The block ends at a blank line, a line with a timestamp or a rank prefix of its own,
    or a line of another process (a different Ray prefix)."""
    if not any("Error Snippet" in p or "ray::" in p for p in before):
        return at  # no block header in reach (the common case: a cheap test before the walk)
    for prev in reversed(before):
        if not prev.strip() or parse_time(prev) is not None:
            return at
        pre = _RAY.match(prev)
        ppid = int(pre.group("pid")) if pre else None
        if ppid != at.pid:
            return at
        rest = prev[pre.end():] if pre else prev
        if prefix_rank(rest) != (None, None, None):
            return at
        m = _BLOCK_RANK.search(rest)
        if m:
            if at.pid is not None:
                return at  # a controller's own copy of the snippet: its process is not that rank
            return Attribution(int(m.group("rank")), at.local_rank, at.host, at.pid, at.time)
        m = _RAY_TASK.search(rest)
        if m and at.pid is None:
            return Attribution(at.rank, at.local_rank, at.host or m.group("host"), int(m.group("pid")), at.time)
    return at


KEEP_HEAD = 2500  # of one pattern's matches on one rank/host: the first ones kept ...
KEEP_TAIL = 2500  # ... and the last ones; those between are counted, not kept


def _listed(hit: Hit) -> bool:
    """Whether a hit on a line that starts "N: " is an item of a numbered list (``numbered_list_items``
    over the lines above it and the line itself): R's traceback frame " 27: stop(x)" is not task 27's."""
    lines = (*hit.before[-24:], hit.text)
    return len(lines) - 1 in numbered_list_items(lines)


def _lone_label(hit: Hit, label: int) -> bool:
    """Whether a hit's "N: " prefix (``label``) with N >= 100 stands alone: no line above it carries one. srun
    --label puts the task id on every line a task prints, so task 500 of a big job shows it on its traceback too;
    a single "500: Sandbox failed to start ..." is an HTTP status or a counter, not a rank. A hit that kept no
    lines above it (a bookkeeping or noise kind, or the first line of its file) is not judged."""
    if label < 100 or not hit.before:
        return False
    return not any(_NUMBERED.match(line) for line in hit.before[-24:])


def attribute_hits(hits: Iterable[Hit], source_name: str, notes: list[str] | None = None) -> list[tuple[Hit, Attribution, bool]]:
    """Each hit of one source with its rank/host/time and whether the time was inherited from a line
    above; a (line, rule) pair seen twice is kept once. Depends on nothing outside the source, so
    worker processes run it beside the scan; only the cross-file fallbacks are left to the caller.

    Memory stays bounded on a noisy log (200,000 retry warnings): of one pattern's matches on one
    rank and host, the first ``KEEP_HEAD`` and the last ``KEEP_TAIL`` are kept and those between are
    only counted (said in ``notes``); the end of the input, where a run fails, is always examined."""
    path_at = from_path(source_name)
    seen: set[tuple[int, int]] = set()
    ray_seen: set[tuple[int, int]] = set()  # (rule, text hash) of lines a Ray repeat may copy
    out: list[tuple[int, tuple[Hit, Attribution, bool]]] = []
    counts: dict[tuple[int, int | None, str | None], int] = {}
    tails: dict[tuple[int, int | None, str | None], deque[tuple[int, tuple[Hit, Attribution]]]] = {}
    order = 0
    dropped = 0
    # neighbouring hits share most of the lines above them: each line is parsed once (a noisy log of
    # 200,000 matches would otherwise parse every line 25 times for its time and its rank prefix)
    times: dict[str, Any] = {}
    prefixes: dict[str, tuple[int | None, int | None, str | None, str | None]] = {}

    def time_of(line: str) -> Any:
        t = times.get(line, times)
        if t is times:
            t = times[line] = parse_time(line)
        return t

    def prefix_of(line: str) -> tuple[int | None, int | None, str | None, str | None]:
        p = prefixes.get(line)
        if p is None:
            p = prefixes[line] = _prefix(line)
        return p

    def attribute(hit: Hit, at: Attribution) -> tuple[Hit, Attribution, bool]:
        if at.rank is None and at.local_rank is None:
            at = _from_block_header(at, hit.before)
        inherited = False
        if at.time is None:
            for prev in reversed(hit.before):
                t = time_of(prev)
                if t is not None:
                    at = Attribution(at.rank, at.local_rank, at.host, at.pid, t)
                    inherited = True
                    break
        if at.rank is None and at.local_rank is None and not inherited and at.time is None:
            # continuation lines of a rank's traceback carry no prefix; inherit from the lines above
            # (a line with its own timestamp is a new record from another logger: no inheritance)
            for prev in reversed(hit.before):
                if _BANNER_RULE.match(prev):
                    break  # a framed banner (Open MPI's help messages, Hydra's) is the launcher's, not a rank's
                prank, plocal, phost, kind = prefix_of(prev)
                if kind == "srun":
                    # srun --label prefixes every line a task prints: a line without the label is not that
                    # task's (and " 360: fc: ..." above it may be a numbered dump, not a label at all)
                    continue
                if prank is not None or plocal is not None:
                    if prank is None and not (at.host or phost):
                        prank = plocal
                    at = Attribution(prank, plocal, at.host or phost, at.pid, at.time)
                    break
        return hit, at, inherited

    for hit in hits:
        if len(times) > 100_000:  # memory stays bounded on a huge input
            times.clear()
            prefixes.clear()
        if (hit.line, hit.rule) in seen:
            continue
        seen.add((hit.line, hit.rule))
        if "across cluster]" in hit.text and _RAY_REPEAT.search(hit.text):
            if (hit.rule, _ray_text(hit.text)) in ray_seen:
                continue
        elif len(ray_seen) < 200_000 and hit.text.lstrip().startswith("("):
            # only a line under a Ray process prefix can have a repeat: other logs pay nothing here
            ray_seen.add((hit.rule, _ray_text(hit.text)))
        line_at = from_line(hit.text)
        if (line_at.rank is not None and (label := _NUMBERED.match(hit.text))
                and (_listed(hit) or _lone_label(hit, int(label.group(1))))):
            line_at = Attribution(None, line_at.local_rank, line_at.host, line_at.pid, line_at.time)
        at = with_facts(merge(line_at, path_at), hit.groups)
        # counted by what the line itself says (the walk above it is the costly part: skipped for
        # the matches that are only counted)
        key = (hit.rule, at.rank, at.host)
        n = counts[key] = counts.get(key, 0) + 1
        order += 1
        if n <= KEEP_HEAD:
            out.append((order, attribute(hit, at)))
            continue
        tail = tails.get(key)
        if tail is None:
            tail = tails[key] = deque(maxlen=KEEP_TAIL)
        if len(tail) == KEEP_TAIL:
            dropped += 1
        tail.append((order, (hit, at)))
    if tails:  # the kept tails go back where they were found (line order, then the last progress lines)
        kept = [(i, attribute(h, a)) for t in tails.values() for i, (h, a) in t]
        out = sorted([*out, *kept], key=lambda x: x[0])
    if notes is not None and dropped:
        notes.append(
            f"{dropped:,} repeated matches were counted but not kept (one pattern matched more than "
            f"{KEEP_HEAD + KEEP_TAIL:,} lines of one rank: its first {KEEP_HEAD:,} and last {KEEP_TAIL:,} were examined)"
        )
    return [item for _, item in out]
