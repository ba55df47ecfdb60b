"""What runs on the Dask workers. Every function here is plain Python on picklable values (no Dask
import), so a task can also be run in-process by a test.

A job is diagnosed by the same engine as ``denpex diagnose`` over its folder
(``engine.diagnose_sources``); a large job is split by file: each ``scan_part`` task does the
per-file part of the engine (``parallel.raw_scan``: read, match, attribute) and ``merge_job`` runs
the rest of the same pipeline (cross-file attribution, findings, first-rank choice, masking) on the
parts' results, which is what the single-machine path does after its own worker processes return.

A job's content digest is the xxh3-128 hash of its files' bytes as stored (compressed files are not
decompressed for it) with their names below the job folder: the same logs copied elsewhere or
touched are the same job.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

import xxhash

from ..models import InputInfo, InputsReport, SkippedInput
from .discover import FileRef, JobSpec

CHUNK = 4 << 20


@dataclass
class Known:
    """Content digests already counted (scattered once to every worker): their jobs are not read twice."""

    digests: frozenset[str] = frozenset()


@dataclass
class JobResult:
    listing: str
    job: str
    root: str
    files: int
    bytes: int
    ended: float
    digest: str = ""
    status: str = "error"  # failed | clean | empty | duplicate | error
    exit_code: int | None = None
    failure_id: str | None = None
    doc: dict[str, Any] | None = None  # the --json document of a failed job (masked by the engine)
    hosts: list[str] = field(default_factory=list)
    seconds: float = 0.0
    error: str | None = None
    worker: str | None = None

    @property
    def ended_at(self) -> datetime:
        return datetime.fromtimestamp(self.ended, tz=timezone.utc)


@dataclass
class PartResult:
    names: list[str]
    infos: list[InputInfo]
    scanned: list[Any]  # per source: [(Hit, Attribution, inherited), ...]
    skipped: list[SkippedInput]
    digests: list[tuple[str, str]]  # (file below the job, its digest)
    seconds: float


def _fs(spec: JobSpec) -> Any:
    import fsspec

    return fsspec.filesystem(spec.protocol, **spec.storage_options)


def file_digest(path: str) -> str:
    h = xxhash.xxh3_128()
    with open(path, "rb") as fh:
        while chunk := fh.read(CHUNK):
            h.update(chunk)
    return h.hexdigest()


def job_digest(pairs: list[tuple[str, str]]) -> str:
    h = xxhash.xxh3_128()
    for rel, d in sorted(pairs):
        h.update(f"{rel}\0{d}\n".encode("utf-8", "surrogateescape"))
    return "xxh3:" + h.hexdigest()


class _Hashing:
    """A remote file read once: the engine reads it through this, the digest is taken on the way."""

    def __init__(self, fh: Any):
        self.fh, self.h = fh, xxhash.xxh3_128()

    def read(self, size: int = -1) -> bytes:
        data = self.fh.read(size)
        self.h.update(data)
        return data

    def readinto(self, b: Any) -> int:
        data = self.read(len(b))
        b[: len(data)] = data
        return len(data)

    def readable(self) -> bool:
        return True

    def close(self) -> None:
        self.fh.close()

    def digest(self) -> str:
        """The hash of the whole file (what the engine left unread, past a read limit, is read here)."""
        try:
            while self.read(CHUNK):
                pass
        except ValueError:  # closed by the reader: it read to the end
            pass
        return self.h.hexdigest()


def _sources(spec: JobSpec, files: list[FileRef], report: InputsReport) -> tuple[list[Any], Any]:
    """The engine's sources for these files, and how to get their digests: local files are hashed
    first (so that a known job is never scanned); remote ones while the engine streams them."""
    from ..readers import collect_sources, stream_source

    if spec.local:
        pairs = [(f.rel, file_digest(f.path)) for f in files]
        return collect_sources([f.path for f in files], report), lambda: pairs
    fs = _fs(spec)
    sources, tees = [], []
    for f in files:
        tee = _Hashing(fs.open(f.path, "rb"))
        tees.append((f.rel, tee))
        sources.append(stream_source(f"{spec.protocol}://{f.path.lstrip('/')}", tee, report))  # type: ignore[arg-type]
    return sources, lambda: [(rel, t.digest()) for rel, t in tees]


def _hosts(doc: dict[str, Any], files: list[FileRef]) -> list[str]:
    """The hosts a job ran on: those its diagnosis names, else those its folder names give."""
    from ..attribution import from_path
    from ..history.store import _host

    named = {
        h for h in (_host(x.get("host")) for x in [doc.get("primary") or {}, *(doc.get("ranks") or []), *(doc.get("findings") or [])]) if h
    }
    if named:
        return sorted(named)
    return sorted({h for h in (_host(from_path(f.rel).host) for f in files) if h})


def _finish(spec: JobSpec, res: JobResult, d: Any, files: list[FileRef], t0: float) -> JobResult:
    doc = d.to_dict()
    res.exit_code = d.exit_code
    res.status = {0: "clean", 1: "failed"}.get(d.exit_code, "empty")
    res.hosts = _hosts(doc, files)
    if res.status == "failed":
        res.failure_id = (doc.get("primary") or {}).get("id") or "unknown"
        res.doc = doc
    res.seconds = time.perf_counter() - t0
    return res


def _new_result(spec: JobSpec) -> JobResult:
    res = JobResult(spec.listing, spec.name, spec.root, len(spec.files), spec.bytes, spec.ended)
    try:
        from distributed import get_worker

        res.worker = get_worker().address
    except (ImportError, ValueError):
        pass
    return res


def diagnose_job(spec: JobSpec, known: Known | None = None) -> JobResult:
    """One job, whole: hash it, skip it when its content was counted before, else diagnose it."""
    from ..engine import diagnose_sources

    t0 = time.perf_counter()
    res = _new_result(spec)
    try:
        report = InputsReport()
        sources, digests = _sources(spec, spec.files, report)
        if spec.local:
            res.digest = job_digest(digests())
            if known is not None and res.digest in known.digests:
                res.status, res.seconds = "duplicate", time.perf_counter() - t0
                return res
        d = diagnose_sources(sources, report, jobs=1)
        if not spec.local:
            res.digest = job_digest(digests())
        return _finish(spec, res, d, spec.files, t0)
    except Exception as exc:  # noqa: BLE001 - recorded for the job, retried by the next scan
        res.status, res.error, res.seconds = "error", f"{type(exc).__name__}: {exc}", time.perf_counter() - t0
        return res


def diagnose_jobs(specs: list[JobSpec], known: Known | None = None) -> list[JobResult]:
    """Several small jobs in one task: a task costs the scheduler a few milliseconds, as much as
    diagnosing a job of a few hundred kilobytes, so small jobs travel in batches."""
    return [diagnose_job(spec, known) for spec in specs]


def scan_part(spec: JobSpec, indices: list[int]) -> PartResult:
    """The per-file part of the engine for some of a large job's files."""
    from ..engine import get_engine
    from ..parallel import raw_scan

    t0 = time.perf_counter()
    files = [spec.files[i] for i in indices]
    report = InputsReport()
    sources, digests = _sources(spec, files, report)
    raw = raw_scan(sources, get_engine(), 1, None, "auto", None)
    return PartResult([s.name for s in sources], [s.info for s in sources], raw, report.skipped, digests(),
                      time.perf_counter() - t0)


def merge_job(spec: JobSpec, known: Known | None, *parts: PartResult) -> JobResult:
    """The rest of the engine over a split job's parts, in file order (as if one task had read it)."""
    from ..engine import diagnose_sources
    from ..readers import Source

    t0 = time.perf_counter()
    res = _new_result(spec)
    try:
        res.digest = job_digest([p for part in parts for p in part.digests])
        if known is not None and res.digest in known.digests:
            res.status, res.seconds = "duplicate", time.perf_counter() - t0
            return res
        report = InputsReport()
        sources: list[Source] = []
        scanned: list[Any] = []
        for part in parts:
            report.skipped.extend(part.skipped)
            sources.extend(Source(name, info) for name, info in zip(part.names, part.infos))
            scanned.extend(part.scanned)
        d = diagnose_sources(sources, report, scanned=scanned, jobs=1)
        res = _finish(spec, res, d, spec.files, t0)
        res.seconds += sum(p.seconds for p in parts)
        return res
    except Exception as exc:  # noqa: BLE001
        res.status, res.error, res.seconds = "error", f"{type(exc).__name__}: {exc}", time.perf_counter() - t0
        return res


def split(spec: JobSpec, part_bytes: int) -> list[list[int]]:
    """A large job's files in parts of about ``part_bytes`` each, in file order (one part: no split)."""
    parts: list[list[int]] = [[]]
    size = 0
    for i, f in enumerate(spec.files):
        if parts[-1] and size + f.size > part_bytes:
            parts.append([])
            size = 0
        parts[-1].append(i)
        size += f.size
    return parts


def warm() -> None:
    """Load the knowledge base and the compiled patterns once per worker (before the first task)."""
    from ..engine import get_engine
    from ..masking import Masker

    get_engine()
    Masker().preload()
