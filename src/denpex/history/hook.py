"""What ``denpex diagnose`` does with the history: consult it (seen before / solved before) and,
with ``--save``, store the incident. Kept apart from ``cli.py`` so that the command stays thin."""

from __future__ import annotations

import hashlib
import io
import os
from typing import Any

from . import HistoryError, history_exists

KEEP_LOG_MAX = 8 << 20  # characters of masked log kept with --keep-log
_CHUNK = 1 << 20


class _TeeReader(io.RawIOBase):
    """Wraps stdin: hashes every byte the engine reads and, for --keep-log, spools a copy."""

    def __init__(self, raw: Any, spool: bool):
        self.raw = raw
        self.sha = hashlib.sha256()
        import tempfile

        self.copy = tempfile.SpooledTemporaryFile(max_size=KEEP_LOG_MAX) if spool else None  # noqa: SIM115
        self.copied = 0

    def readable(self) -> bool:
        return True

    def _seen(self, data: bytes) -> None:
        self.sha.update(data)
        if self.copy is not None and self.copied < KEEP_LOG_MAX:
            self.copy.write(data[: KEEP_LOG_MAX - self.copied])
            self.copied += min(len(data), KEEP_LOG_MAX - self.copied)

    def read(self, size: int = -1) -> bytes:
        data = self.raw.read(size)
        if data:
            self._seen(data)
        return data

    def readinto(self, b: Any) -> int:
        data = self.raw.read(len(b))
        n = len(data)
        b[:n] = data
        if n:
            self._seen(data)
        return n


class Recorder:
    """Consults (and with ``save``, writes) the history around one ``denpex diagnose`` run."""

    def __init__(self, db: str | None, save: bool, keep_log: bool, job: str | None, mask_hosts: bool):
        self.db, self.save, self.keep_log, self.mask_hosts = db, save, keep_log, mask_hosts
        self.job = job or os.environ.get("DENPEX_JOB") or os.environ.get("SLURM_JOB_NAME") or None
        self._tees: list[tuple[Any, _TeeReader]] = []
        self.error: str | None = None
        self.notes: list[str] = []

    @staticmethod
    def wanted(db: str | None, save: bool, no_history: bool) -> bool:
        """Whether this run touches the history: --save, or a history exists and is not switched off."""
        return save or (not no_history and history_exists(db))

    def wrap(self, sources: list[Any]) -> None:
        """Put a hashing reader between stdin and the engine (a file can be read again later)."""
        if not self.save:
            return
        for src in sources:
            if src.stream is not None:
                tee = _TeeReader(src.stream, self.keep_log)
                src.stream = tee
                self._tees.append((src, tee))

    def _digest_and_log(self, sources: list[Any]) -> tuple[str, str | None]:
        outer = hashlib.sha256()
        parts: list[str] = []
        budget = KEEP_LOG_MAX
        seen: set[str] = set()
        for src in sources:
            key = src.path or src.name
            if key in seen:
                continue
            seen.add(key)
            tee = next((t for s, t in self._tees if s is src), None)
            h = hashlib.sha256()
            if tee is not None:
                h = tee.sha
            elif src.data is not None:
                h.update(src.data)
            elif src.path:
                with open(src.path, "rb") as fh:
                    for chunk in iter(lambda: fh.read(_CHUNK), b""):
                        h.update(chunk)
            outer.update(f"{src.name}\0{h.hexdigest()}\0".encode())
            if self.keep_log and budget > 0:
                text = self._read_text(src, tee, budget)
                budget -= len(text)
                parts.append((f"==> {src.name} <==\n" if len(sources) > 1 else "") + text)
        log = None
        if self.keep_log:
            log = "".join(parts)
            if budget <= 0:
                log += f"\n[denpex: log cut at {KEEP_LOG_MAX} characters]\n"
        return outer.hexdigest(), log

    @staticmethod
    def _read_text(src: Any, tee: _TeeReader | None, budget: int) -> str:
        if tee is not None:
            assert tee.copy is not None
            tee.copy.seek(0)
            fh: Any = tee.copy
            if src.compression == "gzip":
                import gzip

                fh = gzip.GzipFile(fileobj=tee.copy)
            elif src.compression == "zstd":
                import zstandard

                fh = zstandard.ZstdDecompressor().stream_reader(tee.copy, read_across_frames=True)
            try:
                data = fh.read(budget)
            except (OSError, EOFError, ValueError):  # a cut archive: what could be read
                data = b""
        else:
            with src.open() as fh:
                data = fh.read(budget)
        return data.decode("utf-8", errors="replace")

    def run(self, d: Any, sources: list[Any]) -> dict[str, Any] | None:
        """The ``history`` block of this diagnosis; None when the history could not be used
        (``self.error`` says why)."""
        from ..masking import Masker
        from .fingerprint import fingerprint
        from .store import Store

        doc = d.to_dict()
        failed = d.exit_code == 1
        try:
            with Store(self.db) as store:
                fp = fingerprint(doc)
                block: dict[str, Any] = {"fingerprint": fp.key, "seen": 0, "saved_as": None}
                if failed:
                    g = store.group(fp.key)
                    if g:
                        block.update({k: v for k, v in g.items() if k not in ("fingerprint", "failure_id", "title")})
                    if not (g and g.get("resolved")):
                        block["similar_solved"] = _similar_solved(store, fp)
                if self.save:
                    if not failed:
                        self.notes.append("nothing failed: no incident saved")
                    else:
                        digest, log = self._digest_and_log(sources)
                        masker = Masker(mask_hosts=self.mask_hosts)
                        incident, _ = store.save(doc, masker=masker, job=self.job, input_digest=digest, log=log)
                        block["saved_as"] = incident
                return block
        except (HistoryError, OSError) as exc:
            self.error = str(exc)
        except Exception as exc:  # noqa: BLE001 - a broken history must not hide the diagnosis
            self.error = f"{type(exc).__name__}: {exc}"
        return None


    def report(self, d: Any, sources: list[Any], err_console: Any) -> dict[str, Any] | None:
        """``run`` and print its notes and any error on stderr (a history problem never changes
        the diagnosis or its exit status)."""
        block = self.run(d, sources)
        for note in self.notes:
            err_console.print(f"history: {note}", markup=False, highlight=False)
        if self.error:
            err_console.print(f"history not used: {self.error}", markup=False, highlight=False)
        return block

    @staticmethod
    def with_history(d: Any, block: dict[str, Any]) -> str:
        """``--json``: the diagnosis document with its ``history`` block."""
        import json

        return json.dumps({**d.to_dict(), "history": block}, indent=2, ensure_ascii=False, default=str)

    @staticmethod
    def markdown(block: dict[str, Any]) -> str:
        return "\n## History\n\n" + "\n".join(f"- {line}" for line in summary_lines(block)) + "\n"

    @staticmethod
    def text(block: dict[str, Any]) -> str:
        return "History: " + "\n         ".join(summary_lines(block))


def _similar_solved(store: Any, fp: Any, threshold: float = 0.75) -> list[dict[str, Any]]:
    """Solved groups close to this one (only when some group was ever solved: rapidfuzz is loaded
    only then)."""
    groups = store.groups(resolved_only=True)
    if not groups:
        return []
    from .similar import rank

    return [m.to_dict() for m in rank(fp, groups, limit=3, min_score=threshold) if not m.same_group]


def summary_lines(block: dict[str, Any]) -> list[str]:
    """The history block as sentences (terminal and Markdown)."""
    from .store import short_time

    lines = []
    if block.get("seen"):
        n = block["seen"]
        where = ", ".join(
            x for x in (
                f"job {block['last_job']}" if block.get("last_job") else "",
                f"node {block['last_host']}" if block.get("last_host") else "",
                f"incident #{block['last_incident']}" if block.get("last_incident") else "",
            ) if x
        )
        lines.append(
            f"Seen {n} time{'s' if n != 1 else ''} before since {short_time(block.get('first_seen'))[:10]}"
            + (f" (last: {where})" if where else "") + "."
        )
    else:
        lines.append("Not seen before in the history.")
    r = block.get("resolved")
    if r:
        lines.append(f"Solved on {short_time(r['at'])[:10]}: '{r['fix']}'" + (f" ({r['note']})" if r.get("note") else "") + ".")
    for s in block.get("similar_solved") or []:
        res = s["resolved"]
        ref = f"#{s['last_incident']}, " if s.get("last_incident") else ""
        lines.append(
            f"A similar incident ({ref}{s['failure_id']}, similarity {s['score']:.2f}) "
            f"was solved on {short_time(res['at'])[:10]}: '{res['fix']}'."
        )
    if block.get("saved_as"):
        lines.append(f"Saved as incident #{block['saved_as']} (fingerprint {block['fingerprint']}).")
    return lines
