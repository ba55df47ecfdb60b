"""The on-disk cache (parsed knowledge base, compiled pattern databases): data only, never code.

Entries are stored as JSON and Hyperscan databases in Hyperscan's own serialisation, each file with
a SHA-256 of its body, so nothing read back can run code (a pickle planted in a shared cache folder
would run as whoever next starts denpex). The folder is created 0700; a folder or file owned by
someone else, or writable by group or others, is not used. A relative ``XDG_CACHE_HOME`` is ignored
(the XDG rule). Without a usable cache denpex still works, only slower, and says so once.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from .frozen import Record

MAGIC = b"DENPEXC1\n"
STALE_TMP_S = 600  # a *.tmp older than this is a write that died half-way
KEEP = 8  # cache files of each kind (kb-, hs-) kept: the newest
_noted: set[str] = set()


def cache_dir() -> Path:
    """Where the cache lives: ``DENPEX_CACHE_DIR``, else ``$XDG_CACHE_HOME/denpex`` when that is an
    absolute path, else ``~/.cache/denpex``."""
    explicit = os.environ.get("DENPEX_CACHE_DIR")
    if explicit:
        return Path(explicit)
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    base = xdg if os.path.isabs(xdg) else os.path.expanduser("~/.cache")
    return Path(base) / "denpex"


def _note_once(reason: str) -> None:
    if reason in _noted:
        return
    _noted.add(reason)
    if not _noted - {reason}:  # one line per process, whatever the number of reasons
        print(f"denpex: note: not using the cache ({reason}); every run parses and compiles the knowledge base again (slower)", file=sys.stderr)


def _own(st: os.stat_result) -> bool:
    uid = getattr(os, "getuid", None)
    return uid is None or st.st_uid == uid()


def usable_dir(create: bool = False) -> Path | None:
    """The cache folder when it is safe to read from (and, with ``create``, to write to): ours, not
    writable by group or others. None otherwise (with a one-time note)."""
    d = cache_dir()
    try:
        if create:
            d.mkdir(parents=True, exist_ok=True, mode=0o700)
        st = d.lstat()
    except FileNotFoundError:
        return None
    except OSError as e:
        _note_once(f"{d}: {e.strerror or e}")
        return None
    if not stat.S_ISDIR(st.st_mode):
        _note_once(f"{d} is not a folder")
        return None
    if not _own(st) or st.st_mode & 0o022:
        _note_once(f"{d} is owned by another user or writable by others")
        return None
    return d


def read(name: str) -> bytes | None:
    """A cache file's body, or None: missing, not ours, not a regular file, or failing its checksum."""
    d = usable_dir()
    if d is None:
        return None
    try:
        fd = os.open(d / name, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or not _own(st) or st.st_mode & 0o022:
            return None
        with os.fdopen(fd, "rb", closefd=False) as fh:
            data = fh.read()
    except OSError:
        return None
    finally:
        os.close(fd)
    head = len(MAGIC) + 64
    if not data.startswith(MAGIC) or len(data) < head + 1:
        return None
    digest, body = data[len(MAGIC):head], data[head + 1:]
    if hashlib.sha256(body).hexdigest().encode() != digest:
        return None
    return body


def write(name: str, body: bytes) -> None:
    """Store ``body`` under ``name`` atomically (a private temporary file renamed into place)."""
    d = usable_dir(create=True)
    if d is None:
        return
    _clean_stale(d)
    try:
        fd, tmp = tempfile.mkstemp(dir=d, prefix=name + ".", suffix=".tmp")  # mode 0600
        with os.fdopen(fd, "wb") as fh:
            fh.write(MAGIC + hashlib.sha256(body).hexdigest().encode() + b"\n" + body)
        os.replace(tmp, d / name)
        _keep_newest(d, name.split("-", 1)[0] + "-")
    except OSError as e:
        _note_once(f"cannot write to {d}: {e.strerror or e}")
        try:
            os.unlink(tmp)
        except (OSError, UnboundLocalError):
            pass


def _keep_newest(d: Path, prefix: str) -> None:
    """Each change of the knowledge base (or of a team folder) gets new cache files: keep the
    ``KEEP`` newest of a kind so that the folder does not grow without end."""
    try:
        files = sorted((p for p in d.glob(prefix + "*") if not p.name.endswith(".tmp")), key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        return
    for p in files[KEEP:]:
        try:
            p.unlink()
        except OSError:
            continue


def _clean_stale(d: Path) -> None:
    """Remove writes that died half-way and the pickles of denpex versions before this format."""
    now = time.time()
    try:
        for p in [*d.glob("kb-*.pickle"), *d.glob("hs-*.pickle")]:
            try:
                p.unlink()
            except OSError:
                continue
        for p in d.glob("*.tmp"):
            try:
                if now - p.lstat().st_mtime > STALE_TMP_S:
                    p.unlink()
            except OSError:
                continue
    except OSError:
        pass


# --- JSON for frozen knowledge-base records: Records and tuples survive the round trip

_RECORD, _TUPLE = "\u0000R", "\u0000T"


def _encode(v: Any) -> Any:
    if isinstance(v, Record):
        return {_RECORD: {k: _encode(x) for k, x in v.__dict__.items()}}
    if isinstance(v, tuple):
        return {_TUPLE: [_encode(x) for x in v]}
    if isinstance(v, list):
        return [_encode(x) for x in v]
    if isinstance(v, dict):
        return {k: _encode(x) for k, x in v.items()}
    if v is None or isinstance(v, (str, int, float, bool)):
        return v
    raise TypeError(f"cannot cache a {type(v).__name__}")


def _decode(d: dict[str, Any]) -> Any:
    if len(d) == 1:
        if _RECORD in d:
            return Record(**d[_RECORD])
        if _TUPLE in d:
            return tuple(d[_TUPLE])
    return d


def dumps_records(value: Any) -> bytes:
    return json.dumps(_encode(value), separators=(",", ":")).encode()


def loads_records(body: bytes) -> Any:
    return json.loads(body, object_hook=_decode)
