"""Job discovery: which files under the roots form one job.

Default rules (no layout file):
- a job is the folder that holds its rank logs, walking up past the folders that name a node, rank
  or attempt (``gpu-node-07/``, ``node_3/``, ``rank5/``, ``worker-2/``, torchrun's ``attempt_0/3/``):
  ``DAY/job-17/gpu-node-07/rank5.log`` belongs to ``DAY/job-17``, a torchrun ``--log-dir`` tree
  ``LOGDIR/RUN_ID/attempt_0/3/stderr.log`` to ``LOGDIR/RUN_ID``;
- Slurm output files ``slurm-JOBID.out`` / ``slurm-JOBID_TASK.out`` (``.err``) in one folder are a job
  per JOBID (``%N-%t.out`` files in a per-job folder are covered by the first rule);
- only log files are read: no extension, or ``.log .out .err .txt .stdout .stderr .json .jsonl``,
  optionally ``.gz`` / ``.zst``; checkpoints, tensors and images are never opened.

A layout file (TOML) changes this for site-specific trees::

    [layout]
    job = "^(?P<job>[^/]+/[^/]+)/"      # regex on the path below the root; the job is the group
    include = ["*.log", "*.log.gz"]     # file name globs (default: the log files above)
    exclude = ["*/debug/*"]             # path globs below the root

Paths are fsspec URLs (``s3://bucket/jobs``, ``gs://...``, ``memory://...``) or local paths; a
remote filesystem needs its package (``s3fs``, ``gcsfs``).
"""

from __future__ import annotations

import fnmatch
import re
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import xxhash

_NODE_PART = re.compile(
    r"^(?:(?:gpu-?)?(?:node|host|worker|nid|compute|rank|proc|process|gpu|local_rank)[-_.]?\d+[\w.-]*|attempt_\d+)$",
    re.IGNORECASE,
)
_SLURM_OUT = re.compile(r"^slurm-(?P<job>\d+)(?:_\d+)?(?:\.[\w-]+)?\.(?:out|err)$")
_LOG_NAME = re.compile(r"^(?:[^.]+|.+\.(?:log|out|err|txt|stdout|stderr|json|jsonl))(?:\.gz|\.zst|\.zstd)?$", re.IGNORECASE)


@dataclass
class FileRef:
    path: str  # as the filesystem names it
    rel: str  # below the job folder (names the file in the digest)
    size: int
    mtime: float


@dataclass
class JobSpec:
    """One job: what a task needs to read it (picklable: sent to the workers)."""

    name: str  # below the root
    root: str
    protocol: str
    files: list[FileRef]
    storage_options: dict[str, Any] = field(default_factory=dict)
    listing: str = ""  # hash of the file names, sizes and times

    @property
    def bytes(self) -> int:
        return sum(f.size for f in self.files)

    @property
    def ended(self) -> float:
        return max((f.mtime for f in self.files), default=0.0)

    @property
    def local(self) -> bool:
        return self.protocol in ("file", "local")


@dataclass
class Layout:
    job: re.Pattern[str] | None = None
    include: list[str] = field(default_factory=list)
    exclude: list[str] = field(default_factory=list)

    @classmethod
    def load(cls, path: str | None) -> Layout:
        if not path:
            return cls()
        try:
            import tomllib
        except ImportError:  # pragma: no cover - Python 3.10
            import tomli as tomllib  # type: ignore[no-redef]
        with open(path, "rb") as fh:
            doc = tomllib.load(fh).get("layout", {})
        job = doc.get("job")
        rx = re.compile(job) if job else None
        if rx is not None and "job" not in rx.groupindex:
            raise ValueError(f"{path}: layout.job must have a named group (?P<job>...)")
        return cls(rx, list(doc.get("include", [])), list(doc.get("exclude", [])))

    def wanted(self, rel: str) -> bool:
        name = rel.rsplit("/", 1)[-1]
        if any(fnmatch.fnmatch(rel, g) for g in self.exclude):
            return False
        if self.include:
            return any(fnmatch.fnmatch(name, g) or fnmatch.fnmatch(rel, g) for g in self.include)
        return bool(_LOG_NAME.match(name)) and not name.startswith(".")

    def job_of(self, rel: str) -> str | None:
        """The job (a path below the root, '.' for the root itself) a file belongs to; None: no job."""
        if self.job is not None:
            m = self.job.search(rel)
            return m.group("job").strip("/") or "." if m else None
        parts = rel.split("/")
        name, folders = parts[-1], parts[:-1]
        m = _SLURM_OUT.match(name)
        if m:
            return "/".join([*folders, f"slurm-{m.group('job')}"])
        while folders:
            if _NODE_PART.match(folders[-1]):
                folders.pop()
            elif folders[-1].isdigit() and len(folders) > 1 and folders[-2].startswith("attempt_"):
                folders.pop()  # torchrun's LOGDIR/RUN_ID/attempt_N/LOCAL_RANK/: a number alone may be a job id
            else:
                break
        return "/".join(folders) or "."


def _mtime(info: dict[str, Any]) -> float:
    for key in ("mtime", "LastModified", "last_modified", "updated", "created", "timeCreated"):
        v = info.get(key)
        if v is None:
            continue
        if isinstance(v, (int, float)):
            return float(v)
        if isinstance(v, datetime):
            return (v if v.tzinfo else v.replace(tzinfo=timezone.utc)).timestamp()
        if isinstance(v, str):
            try:
                return datetime.fromisoformat(v.replace("Z", "+00:00")).timestamp()
            except ValueError:
                continue
    return 0.0


def discover(
    roots: list[str], layout: Layout | None = None, since: float | None = None,
    storage_options: dict[str, Any] | None = None,
) -> list[JobSpec]:
    """Every job under the roots, largest first; ``since``: only jobs whose newest file is that
    recent (seconds since the epoch)."""
    import fsspec

    layout = layout or Layout()
    jobs: dict[tuple[str, str], JobSpec] = {}
    for root in roots:
        fs, base = fsspec.core.url_to_fs(root, **(storage_options or {}))
        protocol = fs.protocol if isinstance(fs.protocol, str) else fs.protocol[0]
        base = base.rstrip("/")
        if not fs.exists(base):
            raise FileNotFoundError(f"{root}: no such file or directory")
        if fs.isfile(base):
            found = {base: fs.info(base)}
            base = base.rsplit("/", 1)[0] if "/" in base else ""
        else:
            found = fs.find(base, detail=True, withdirs=False)
        shown_root = root if "://" in root or protocol not in ("file", "local") else str(Path(root))
        for path, info in sorted(found.items()):
            if info.get("type", "file") != "file":
                continue
            rel = path[len(base):].lstrip("/") if path.startswith(base) else path
            if not layout.wanted(rel):
                continue
            job = layout.job_of(rel)
            if job is None:
                continue
            spec = jobs.setdefault((shown_root, job), JobSpec(job, shown_root, protocol, [], dict(storage_options or {})))
            if job == ".":
                inner = rel
            elif rel.startswith(job + "/"):
                inner = rel[len(job) + 1:]
            else:  # a job named after its files (a Slurm output set): the file name
                inner = rel.rsplit("/", 1)[-1]
            spec.files.append(FileRef(path, inner, int(info.get("size") or 0), _mtime(info)))
    out = []
    for spec in jobs.values():
        if since is not None and spec.ended < since:
            continue
        h = xxhash.xxh3_128()
        for f in spec.files:
            h.update(f"{f.rel}\0{f.size}\0{f.mtime:.3f}\n".encode("utf-8", "surrogateescape"))
        spec.listing = f"{spec.root}\0{spec.name}\0{h.hexdigest()}"
        spec.listing = "L" + xxhash.xxh3_128(spec.listing.encode("utf-8", "surrogateescape")).hexdigest()
        out.append(spec)
    out.sort(key=lambda s: (-s.bytes, s.root, s.name))
    return out
