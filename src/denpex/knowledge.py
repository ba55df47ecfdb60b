"""Loading the knowledge base: entries (YAML), their sample logs and explain functions."""

from __future__ import annotations

import hashlib
import importlib.util
import os
import re
import sys
import threading
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from .frozen import Record, freeze
from .models import Explanation

KB_DIR = Path(__file__).parent / "kb"
TAXONOMY = Path(__file__).parent / "taxonomy.yaml"

ExplainFn = Callable[[Mapping[str, Any]], Explanation | None]


class KnowledgeBaseError(Exception):
    """A malformed entry; the message names the file and the field."""

    exit_code = 2


@dataclass(frozen=True)
class Sample:
    path: Path
    entry_id: str
    expect: str  # "match" | "no-match"
    signature: str | None
    facts: dict[str, Any]
    primary: str | None  # expected primary id, "none", or None = default rule
    source: str
    body: str


@dataclass
class LoadedEntry:
    entry: Record  # the validated Entry (denpex.entry) as a plain record
    path: Path
    explain: LazyExplain | None = None  # called as explain(facts)
    samples: list[Sample] = field(default_factory=list)


@dataclass
class KnowledgeBase:
    entries: dict[str, LoadedEntry]
    content_hash: str
    # sample files that could not be used (a name that no entry owns, a malformed header): reported by
    # kb lint and kb test, never a reason to refuse diagnosing (a team folder's stray file must not
    # stop everyone's diagnoses)
    problems: list[str] = field(default_factory=list)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.entries.values())

    def __len__(self) -> int:
        return len(self.entries)

    def get(self, entry_id: str) -> LoadedEntry | None:
        return self.entries.get(entry_id)


def _format_validation_error(path: Path, exc: Any) -> str:
    lines = [f"{path}: invalid knowledge-base entry"]
    for err in exc.errors():
        loc = ".".join(str(p) for p in err["loc"]) or "(entry)"
        lines.append(f"  field {loc}: {err['msg']}")
    return "\n".join(lines)


def load_entry(path: Path) -> Any:
    """Parse and validate one entry file (pydantic); raises KnowledgeBaseError naming file and field."""
    import yaml
    from pydantic import ValidationError

    from .entry import Entry

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        raw = yaml.load(path.read_text(encoding="utf-8"), Loader=loader)  # noqa: S506 - a safe loader
    except yaml.YAMLError as exc:
        raise KnowledgeBaseError(f"{path}: not valid YAML: {exc}") from exc
    if not isinstance(raw, dict):
        raise KnowledgeBaseError(f"{path}: an entry must be a YAML mapping")
    try:
        entry = Entry.model_validate(raw)
    except ValidationError as exc:
        raise KnowledgeBaseError(_format_validation_error(path, exc)) from exc
    if entry.id != path.stem:
        raise KnowledgeBaseError(f"{path}: field id: {entry.id!r} must equal the file stem {path.stem!r}")
    return entry


def _load_explain(path: Path) -> ExplainFn:
    spec = importlib.util.spec_from_file_location(f"denpex_kb_{path.stem.replace('.', '_').replace('-', '_')}", path)
    if spec is None or spec.loader is None:
        raise KnowledgeBaseError(f"{path}: cannot load explain module")
    module = importlib.util.module_from_spec(spec)
    keep, sys.dont_write_bytecode = sys.dont_write_bytecode, True  # no __pycache__ inside the knowledge base
    try:
        spec.loader.exec_module(module)
    finally:
        sys.dont_write_bytecode = keep
    fn = getattr(module, "explain", None)
    if not callable(fn):
        raise KnowledgeBaseError(f"{path}: must define explain(facts) -> Explanation | None")
    return fn  # type: ignore[no-any-return]


class LazyExplain:
    """An entry's ``explain(facts)``, imported on its first call: a start-up would otherwise compile
    every entry's module (hundreds, from source: the knowledge base keeps no __pycache__), while a
    diagnosis calls the few of the entries it found."""

    def __init__(self, path: Path):
        self.path = path
        self._fn: ExplainFn | None = None
        self._lock = threading.Lock()

    def load(self) -> ExplainFn:
        if self._fn is None:
            with self._lock:
                if self._fn is None:
                    self._fn = _load_explain(self.path)
        return self._fn

    def __call__(self, facts: Mapping[str, Any]) -> Any:
        return self.load()(facts)

    def __getstate__(self) -> dict[str, Any]:  # workers get the path and import it themselves
        return {"path": self.path}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__(state["path"])  # type: ignore[misc]


_HEADER = re.compile(r"^#!\s*([a-z-]+)\s*:\s*(.*)$")


def parse_sample(path: Path, entry_id: str) -> Sample:
    text = path.read_text(encoding="utf-8")
    header: dict[str, str] = {}
    body_lines: list[str] = []
    in_header = True
    for line in text.splitlines(keepends=True):
        m = _HEADER.match(line.rstrip("\r\n")) if in_header else None
        if m:
            header[m.group(1)] = m.group(2).strip()
            continue
        in_header = False
        body_lines.append(line)
    expect = header.get("expect", "")
    if expect not in ("match", "no-match"):
        raise KnowledgeBaseError(f"{path}: header '#! expect:' must be 'match' or 'no-match'")
    facts: dict[str, Any] = {}
    if header.get("facts"):
        import yaml

        try:
            loaded = yaml.safe_load(header["facts"])
        except yaml.YAMLError as exc:
            raise KnowledgeBaseError(f"{path}: '#! facts:' is not a YAML mapping: {exc}") from exc
        if not isinstance(loaded, dict):
            raise KnowledgeBaseError(f"{path}: '#! facts:' must be a mapping like {{a: 1}}")
        facts = loaded
    if expect == "match" and not header.get("signature"):
        raise KnowledgeBaseError(f"{path}: a 'match' sample needs '#! signature: <signature id>'")
    return Sample(
        path=path,
        entry_id=entry_id,
        expect=expect,
        signature=header.get("signature"),
        facts=facts,
        primary=header.get("primary"),
        source=header.get("source", ""),
        body="".join(body_lines),
    )


def _kb_files(kb_dir: Path) -> dict[str, list[str]]:
    """One walk of a knowledge-base folder: its entry files (".yaml", not "_"-prefixed), explain
    modules (".py") and samples (".log"), each sorted. Start-up walks the tree once, not per kind,
    and makes Path objects only for what it uses (thousands of samples are not read at start-up)."""
    out: dict[str, list[str]] = {".yaml": [], ".py": [], ".log": []}
    for root, _dirs, names in os.walk(kb_dir):
        for n in names:
            kind = out.get(os.path.splitext(n)[1])
            if kind is not None and not (n.startswith("_") and n.endswith(".yaml")):
                kind.append(os.path.join(root, n))
    for v in out.values():
        v.sort()
    return out


def _hash_files(paths: Iterable[Path]) -> str:
    h = hashlib.sha256()
    for p in sorted(paths):
        h.update(str(p.name).encode())
        h.update(p.read_bytes())
    return h.hexdigest()[:16]


def extra_kb_dirs() -> tuple[Path, ...]:
    """A team's own entry folders, added to the bundled knowledge base: ``DENPEX_KB_PATH``
    (folders separated by ``os.pathsep``), then ``kb_path`` of the configuration file."""
    from .config import load_config

    raw = os.environ.get("DENPEX_KB_PATH")
    paths = [p for p in raw.split(os.pathsep) if p] if raw else []
    cfg = load_config().get("kb_path") or []
    paths += [cfg] if isinstance(cfg, str) else [str(p) for p in cfg]
    out: list[Path] = []
    for p in paths:
        d = Path(p).expanduser().resolve()
        if not d.is_dir():
            raise KnowledgeBaseError(f"{p}: knowledge-base folder named in DENPEX_KB_PATH / kb_path does not exist")
        if d != KB_DIR.resolve() and d not in out:
            out.append(d)
    return tuple(out)


def load_kb(kb_dir: Path | None = None, *, with_samples: bool = True) -> KnowledgeBase:
    """Load and validate every entry under ``kb_dir``; by default the bundled knowledge base plus the
    team folders of ``DENPEX_KB_PATH`` / the configuration's ``kb_path`` (their ids must not collide
    with bundled ones: give them a namespace of their own, e.g. ``acme.*``)."""
    dirs = (kb_dir.resolve(),) if kb_dir else (KB_DIR.resolve(), *extra_kb_dirs())
    return _load_kb_cached(tuple(str(d) for d in dirs), with_samples)


def is_bundled(loaded: LoadedEntry) -> bool:
    """Whether an entry ships with Denpex (its id is then a published taxonomy id)."""
    return KB_DIR.resolve() in loaded.path.resolve().parents


def _stat_key(files: list[Path]) -> str:
    """The cache key of the validated entries: the schema and every entry file's size and mtime
    (samples and explain modules do not change a validated entry)."""
    h = hashlib.sha256()
    for schema in ("entry.py", "frozen.py"):  # the schema: a new field invalidates the cache
        h.update(Path(__file__).with_name(schema).read_bytes())
    for p in files:
        st = p.stat()
        h.update(f"{p}:{st.st_size}:{st.st_mtime_ns}".encode())
    return h.hexdigest()[:24]


def _validated_entries(files: list[Path]) -> dict[Path, Record]:
    """Parse + validate every entry, through an on-disk JSON cache keyed by the files' sizes and
    mtimes (``denpex.cache``: data only, checked owner and checksum)."""
    from . import cache

    name = f"kb-{_stat_key(files)}.json"
    body = cache.read(name)
    if body is not None:
        try:
            cached = {Path(k): v for k, v in cache.loads_records(body).items()}
            if set(cached) == set(files) and all(isinstance(v, Record) for v in cached.values()):
                return cached
        except (ValueError, TypeError, AttributeError):  # a stale or corrupt cache is rebuilt
            pass
    out = {path: freeze(load_entry(path)) for path in files}
    try:
        cache.write(name, cache.dumps_records({str(k): v for k, v in out.items()}))
    except TypeError:  # a value JSON cannot hold: no cache, same result
        pass
    return out


@lru_cache(maxsize=8)
def _load_kb_cached(kb_dirs: tuple[str, ...], with_samples: bool) -> KnowledgeBase:
    entries: dict[str, LoadedEntry] = {}
    files: list[Path] = []
    validated: dict[Path, Record] = {}
    walked = [_kb_files(Path(d)) for d in kb_dirs]
    explain_modules = {p for w in walked for p in w[".py"]}
    for w in walked:
        dir_files = [Path(p) for p in w[".yaml"]]
        files += dir_files
        validated.update(_validated_entries(dir_files))
    for path in files:
        entry = validated[path]
        if entry.id in entries:
            raise KnowledgeBaseError(f"{path}: field id: duplicate id {entry.id!r} (also {entries[entry.id].path})")
        loaded = LoadedEntry(entry=entry, path=path)
        py = path.with_suffix(".py")
        if str(py) in explain_modules:
            loaded.explain = LazyExplain(py)
        entries[entry.id] = loaded
    all_files = list(files) + [Path(p) for w in walked for p in w[".py"]]
    problems: list[str] = []
    if with_samples:
        for log in sorted(Path(p) for w in walked for p in w[".log"]):
            owner = _owner_of(log.name, entries)
            if owner is None:
                problems.append(f"{log}: sample file name must start with an entry id and a dot")
                continue
            try:
                entries[owner].samples.append(parse_sample(log, owner))
            except (KnowledgeBaseError, ValueError, UnicodeDecodeError) as exc:
                problems.append(f"{log}: {exc}")
                continue
            all_files.append(log)
    return KnowledgeBase(entries=entries, content_hash=_hash_files(all_files), problems=problems)


def _owner_of(filename: str, entries: Mapping[str, LoadedEntry]) -> str | None:
    best = None
    for eid in entries:
        if filename.startswith(eid + ".") and (best is None or len(eid) > len(best)):
            best = eid
    return best


def load_taxonomy(path: Path | None = None) -> dict[str, dict[str, str]]:
    """Taxonomy ids (a contract) with their role and one-line description."""
    import yaml

    raw = yaml.safe_load((path or TAXONOMY).read_text(encoding="utf-8"))
    out: dict[str, dict[str, str]] = {}
    for group, items in raw.items():
        if not isinstance(items, dict):
            continue
        for eid, meta in items.items():
            out[eid] = {"group": group, **meta}
    return out
