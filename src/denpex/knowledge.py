"""Loading the knowledge base: entries (YAML), their sample logs and explain functions."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import re
import sys
import threading
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

from .frozen import LazyRecord, Record, freeze
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
    derived: dict[str, Any] = field(default_factory=dict)  # facts the entry's explain function computes


@dataclass
class LoadedEntry:
    entry: Record  # the validated Entry (denpex.entry) as a plain record
    file: str  # the entry's YAML file
    explain: LazyExplain | None = None  # called as explain(facts)
    samples: list[Sample] = field(default_factory=list)

    @cached_property
    def path(self) -> Path:  # (a Path each for 1,000+ entries was a measurable part of start-up)
        return Path(self.file)

    @classmethod
    def deferred(cls, file: str, load: Callable[[], Record], rule_rows: list[Any]) -> LoadedEntry:
        """An entry whose record is decoded on first use of ``entry`` (``load``: picklable); what
        building the rules needs of it (``signature_rows``) is given now. A cached start-up decodes
        only the entries a diagnosis names, not 1,500 records."""
        self = cls.__new__(cls)
        self.__dict__.update(file=file, explain=None, samples=[], rule_rows=rule_rows, _load=load)
        return self

    def __getattr__(self, name: str) -> Any:  # only called for an attribute not (yet) in __dict__
        if name == "entry" and "_load" in self.__dict__:
            with _LOAD_LOCK:  # (web server threads): one decode, every reader sees the same record
                if "entry" not in self.__dict__:
                    self.__dict__["entry"] = self.__dict__["_load"]()
            return self.__dict__["entry"]
        if name == "rule_rows":
            return None
        raise AttributeError(name)


_LOAD_LOCK = threading.Lock()


def signature_rows(entry: Record) -> list[Any]:
    """What building the scan rules reads of an entry, one row per signature (plain lists: this is
    stored in the cache as JSON): id, pattern, ignore_case, context [[pattern, before, after, required,
    veto]...], exclude, specificity, confidence, role, wraps, wraps_generic, ends_command, noise."""
    return [
        [
            sig.id, sig.pattern, sig.ignore_case, [[c.pattern, c.before, c.after, c.required, c.veto] for c in sig.context],
            sig.exclude, sig.specificity, sig.confidence, sig.role, sig.wraps, sig.wraps_generic, sig.ends_command,
            (sig.role or entry.role) == "noise",
        ]
        for sig in entry.signatures
    ]


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

    def __init__(self, path: Path | str):
        self._file = str(path)  # (no Path object per entry at start-up)
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

    @property
    def path(self) -> Path:
        return Path(self._file)

    def __getstate__(self) -> dict[str, Any]:  # workers get the path and import it themselves
        return {"path": self._file}

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
    facts = _header_mapping(header, "facts", path)
    derived = _header_mapping(header, "derived", path)
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
        derived=derived,
    )


def _header_mapping(header: dict[str, str], name: str, path: Path) -> dict[str, Any]:
    """A sample header holding a YAML flow mapping ('#! facts: {a: 1}'), empty when absent."""
    if not header.get(name):
        return {}
    import yaml

    try:
        loaded = yaml.load(header[name], Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))  # noqa: S506 - a SafeLoader
    except yaml.YAMLError as exc:
        raise KnowledgeBaseError(f"{path}: '#! {name}:' is not a YAML mapping: {exc}") from exc
    if not isinstance(loaded, dict):
        raise KnowledgeBaseError(f"{path}: '#! {name}:' must be a mapping like {{a: 1}}")
    return loaded


def _kb_files(kb_dir: Path, samples: bool = True) -> dict[str, list[str]]:
    """One walk of a knowledge-base folder: its entry files (".yaml", not "_"-prefixed), explain
    modules (".py") and, with ``samples``, sample logs (".log"), each sorted. Start-up walks the tree
    once, not per kind, and makes Path objects only for what it uses."""
    out: dict[str, list[str]] = {".yaml": [], ".py": [], ".log": []}
    yaml, py, log = out[".yaml"], out[".py"], out[".log"]
    stack = [str(kb_dir)]
    while stack:
        try:
            it = os.scandir(stack.pop())
        except OSError:  # a folder that went or cannot be read: as if empty
            continue
        with it:
            for d in it:
                n = d.name
                if n.endswith(".log"):
                    if samples:
                        log.append(d.path)
                elif n.endswith(".yaml"):
                    if not n.startswith("_"):
                        yaml.append(d.path)
                elif n.endswith(".py"):
                    py.append(d.path)
                elif d.is_dir() and n != "__pycache__":
                    stack.append(d.path)
    for v in out.values():
        v.sort()
    return out


def _stat_digest(paths: Iterable[str], extra: Iterable[str] = ()) -> str:
    """A digest of files' names, sizes and modification times (and of ``extra`` source files'
    bytes): what keys the validated-entry cache and names a loaded knowledge base. Reading the
    2,000+ files to hash their contents cost more than the rest of a cached start-up."""
    h = hashlib.sha256()
    here = os.path.dirname(__file__)
    for name in extra:
        with open(os.path.join(here, name), "rb") as fh:
            h.update(fh.read())
    stat = os.stat
    for p in paths:
        st = stat(p)
        h.update(f"{p}:{st.st_size}:{st.st_mtime_ns}\n".encode())
    return h.hexdigest()[:24]


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


# What a diagnosis reads of an entry is its id, role, category, severity, title, message, facts,
# signatures, quick answer, fix and verify command; the rest (the documentation sections, tags,
# systems, related ids, the wordings' versions and sources) stays in a second cache file that a
# cached start-up does not read: the first page, `denpex explain`, listing or JSON dump that asks reads it.
DOC_FIELDS = frozenset({
    "systems", "tags", "related",
    "mechanism", "observe", "symptoms", "confirm", "root_causes", "fix_works", "prevention",
    "best_practices", "with_without", "diagnostic_note", "faq", "references",
})
SIG_DOC_FIELDS = frozenset({"keywords", "versions", "source"})
_SIG_DOCS = "\u0000sig"


def _split_docs(entry: Record) -> tuple[dict[str, Any], dict[str, Any]]:
    """An entry record's cached form: (core fields, documentation fields incl. its signatures')."""
    core = {k: v for k, v in entry.__dict__.items() if k not in DOC_FIELDS}
    docs = {k: v for k, v in entry.__dict__.items() if k in DOC_FIELDS}
    sigs, sig_docs = [], {}
    for sig in entry.signatures:
        sigs.append(Record(**{k: v for k, v in sig.__dict__.items() if k not in SIG_DOC_FIELDS}))
        sig_docs[sig.id] = {k: v for k, v in sig.__dict__.items() if k in SIG_DOC_FIELDS}
    core["signatures"] = sigs
    docs[_SIG_DOCS] = sig_docs
    return core, docs


_DOCS_FILES: dict[str, dict[str, str]] = {}  # docs cache file name -> {entry file: its docs as JSON}
_DOCS: dict[tuple[str, str], dict[str, Any]] = {}  # decoded docs of the entries asked for


def _entry_docs(name: str, key: str) -> dict[str, Any]:
    got = _DOCS.get((name, key))
    if got is None:
        from . import cache

        table = _DOCS_FILES.get(name)
        if table is None:
            body = cache.read(name)
            try:
                table = json.loads(body) if body is not None else {}
            except ValueError:
                table = {}
            _DOCS_FILES[name] = table
        raw = table.get(key)
        try:
            got = cache.loads_records(raw.encode()) if raw is not None else None
        except (ValueError, TypeError):
            got = None
        if not isinstance(got, dict):  # the docs file went (cleaned, another user's cache): the YAML
            got = _split_docs(freeze(load_entry(Path(key))))[1]
        _DOCS[(name, key)] = got
    return got


class _CachedDocs:
    """Picklable loader of one entry's (or one signature's) documentation fields."""

    def __init__(self, name: str, key: str, sig: str | None = None):
        self.name, self.key, self.sig = name, key, sig

    def __call__(self) -> dict[str, Any]:
        docs = _entry_docs(self.name, self.key)
        if self.sig is not None:
            return dict(docs.get(_SIG_DOCS, {}).get(self.sig, {}))
        return {k: v for k, v in docs.items() if k != _SIG_DOCS}


def _entries_key(files: list[str]) -> str:
    """The validated-entry cache key: the entry files' stats and the schema and cache layout."""
    return _stat_digest(files, extra=("entry.py", "frozen.py", "knowledge.py"))


class _CachedEntries(Mapping[str, Record]):
    """Validated entries read back from the core cache file, each decoded on first use.

    The file is a JSON header line, ``{entry file: [id, start, end, signature rows]}``, then each
    entry's core record as JSON at ``body[start:end]``: a start-up parses the header (ids and what
    the rules need) and leaves 1,500 records undecoded until a diagnosis names one."""

    def __init__(self, name: str, docs_name: str, body: bytes, table: dict[str, list[Any]]):
        self.name, self.docs_name, self._body, self._table = name, docs_name, body, table

    def id_of(self, path: str) -> str:
        return str(self._table[path][0])

    def rows_of(self, path: str) -> list[Any]:
        return self._table[path][3]  # type: ignore[no-any-return]

    def __getitem__(self, path: str) -> Record:
        from . import cache

        _id, start, end, _rows = self._table[path]
        try:
            rec = cache.loads_records(self._body[start:end])
        except (ValueError, TypeError):  # (checksummed, so only a bug of ours): the YAML answers
            rec = None
        if not isinstance(rec, Record) or getattr(rec, "id", None) != _id:
            return _entry_from_yaml(path)
        rec.__class__ = LazyRecord
        rec._lazy = _CachedDocs(self.docs_name, path)
        for sig in rec.signatures:
            sig.__class__ = LazyRecord
            sig._lazy = _CachedDocs(self.docs_name, path, sig.id)
        return rec  # type: ignore[no-any-return]

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self._table)

    def __len__(self) -> int:
        return len(self._table)


def _read_core(name: str, docs_name: str, files: list[str]) -> _CachedEntries | None:
    from . import cache

    body = cache.read(name)
    if body is None:
        return None
    try:
        cut = body.index(b"\n")
        table = json.loads(body[:cut])
    except ValueError:  # a stale or corrupt cache is rebuilt
        return None
    if not isinstance(table, dict) or set(table) != set(files):
        return None
    base = cut + 1
    for row in table.values():
        if not (isinstance(row, list) and len(row) == 4 and isinstance(row[3], list)):
            return None
        row[1] += base
        row[2] += base
    return _CachedEntries(name, docs_name, body, table)


def _write_core(name: str, records: dict[str, Record]) -> None:
    from . import cache

    table: dict[str, list[Any]] = {}
    blobs: list[bytes] = []
    at = 0
    for path, rec in records.items():
        blob = cache.dumps_records(rec)
        table[path] = [rec.id, at, at + len(blob), signature_rows(rec)]
        blobs.append(blob)
        at += len(blob)
    cache.write(name, json.dumps(table, separators=(",", ":")).encode() + b"\n" + b"".join(blobs))


class _CachedEntry:
    """Picklable loader of one entry's record from the core cache file (or from its YAML)."""

    def __init__(self, entries: _CachedEntries, path: str):
        self.entries, self.path = entries, path

    def __call__(self) -> Record:
        return self.entries[self.path]

    def __reduce__(self):  # type: ignore[no-untyped-def]  # not the cache body: the YAML, in another process
        return (_entry_from_yaml, (self.path,))


def _entry_from_yaml(path: str) -> Record:
    return freeze(load_entry(Path(path)))  # type: ignore[no-any-return]


def _validated_entries(files: list[str], key: str | None = None) -> Mapping[str, Record]:
    """Parse + validate every entry, through an on-disk cache keyed by the files' sizes and mtimes
    (``denpex.cache``: data only, checked owner and checksum). A cached load gives a mapping whose
    records are decoded on first use, as LazyRecords: their documentation fields come from a second
    file when first asked for."""
    key = key or _entries_key(files)
    name, docs_name = f"kb-{key}.json", f"kbdocs-{key}.json"
    cached = _read_core(name, docs_name, files)
    if cached is not None:
        return cached
    out = {path: freeze(load_entry(Path(path))) for path in files}
    from . import cache

    try:
        split = {path: _split_docs(rec) for path, rec in out.items()}
        cache.write(docs_name, json.dumps({p: cache.dumps_records(d).decode() for p, (_c, d) in split.items()}).encode())
        _write_core(name, {p: Record(**c) for p, (c, _d) in split.items()})
    except TypeError:  # a value JSON cannot hold: no cache, same result
        pass
    return out


@lru_cache(maxsize=8)
def _load_kb_cached(kb_dirs: tuple[str, ...], with_samples: bool) -> KnowledgeBase:
    # a folder edited while it is read (an entry renamed or removed between the walk and the read: an
    # editor's save, a git checkout, a team folder on a network share) is read again, not reported broken
    for _ in range(2):
        try:
            return _load_kb(kb_dirs, with_samples)
        except FileNotFoundError:
            pass
    return _load_kb(kb_dirs, with_samples)


def _load_kb(kb_dirs: tuple[str, ...], with_samples: bool) -> KnowledgeBase:
    entries: dict[str, LoadedEntry] = {}
    walked = [_kb_files(Path(d), with_samples) for d in kb_dirs]
    explain_modules = {p for w in walked for p in w[".py"]}
    keys = []  # each folder's entry-cache key: its entry files are stat-ed once, here
    for w in walked:
        keys.append(_entries_key(w[".yaml"]))
        validated = _validated_entries(w[".yaml"], keys[-1])
        for path in w[".yaml"]:
            if isinstance(validated, _CachedEntries):
                eid = validated.id_of(path)
                loaded = LoadedEntry.deferred(path, _CachedEntry(validated, path), validated.rows_of(path))
            else:
                eid = validated[path].id
                loaded = LoadedEntry(entry=validated[path], file=path)
            if eid in entries:
                raise KnowledgeBaseError(f"{path}: field id: duplicate id {eid!r} (also {entries[eid].path})")
            py = path[: -len(".yaml")] + ".py"
            if py in explain_modules:
                loaded.explain = LazyExplain(py)
            entries[eid] = loaded
    hashed = sorted(explain_modules)
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
            hashed.append(str(log))
    content_hash = hashlib.sha256(("".join(keys) + _stat_digest(hashed)).encode()).hexdigest()[:16]
    return KnowledgeBase(entries=entries, content_hash=content_hash, problems=problems)


def _owner_of(filename: str, entries: Mapping[str, LoadedEntry]) -> str | None:
    """The longest entry id that the file name starts with, followed by a dot (ids hold dots
    themselves: each dot of the name is a candidate end, longest first)."""
    dot = len(filename)
    while (dot := filename.rfind(".", 0, dot)) > 0:
        if filename[:dot] in entries:
            return filename[:dot]
    return None


def load_taxonomy(path: Path | None = None) -> dict[str, dict[str, str]]:
    """Taxonomy ids (a contract) with their role and one-line description."""
    import yaml

    class _NoDuplicates(yaml.SafeLoader):
        """A YAML mapping with a key twice keeps only the last in plain YAML: a group name appended a
        second time would silently drop every id of the first. Refused instead."""

    def _mapping(loader: yaml.SafeLoader, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: set[Any] = set()
        for key_node, _ in node.value:
            key = loader.construct_object(key_node, deep=deep)
            if key in seen:
                raise KnowledgeBaseError(f"{path or TAXONOMY}: line {key_node.start_mark.line + 1}: {key!r} appears twice (merge the two)")
            seen.add(key)
        return yaml.SafeLoader.construct_mapping(loader, node, deep)

    _NoDuplicates.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)
    raw = yaml.load((path or TAXONOMY).read_text(encoding="utf-8"), Loader=_NoDuplicates)  # noqa: S506 - a SafeLoader
    out: dict[str, dict[str, str]] = {}
    for group, items in raw.items():
        if not isinstance(items, dict):
            continue
        for eid, meta in items.items():
            if eid in out:
                raise KnowledgeBaseError(f"{path or TAXONOMY}: id {eid!r} is in group {out[eid]['group']!r} and in {group!r}")
            out[eid] = {"group": group, **meta}
    return out
