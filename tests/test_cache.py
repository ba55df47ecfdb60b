"""The on-disk cache holds data only and is used only when it is safely ours (issue 18): a file
planted in the cache folder cannot run code, a tampered file is rebuilt, a shared or foreign folder
is not used (and the run says once that it is slower), a relative XDG_CACHE_HOME is ignored."""

from __future__ import annotations

import os
import pickle
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from denpex import cache

LOG = "Traceback (most recent call last):\n  File \"train.py\", line 3, in <module>\nKeyError: 'input_ids'\n"


def _run(cache_dir: Path, log: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DENPEX_CACHE_DIR": str(cache_dir)}
    return subprocess.run([sys.executable, "-m", "denpex", "diagnose", "-q", str(log)], env=env, capture_output=True, text=True, timeout=120)


class _Planted:
    def __init__(self, marker: str):
        self.marker = marker

    def __reduce__(self):  # type: ignore[no-untyped-def]
        return (Path.touch, (Path(self.marker),))


def test_cache_files_are_data_and_a_planted_pickle_never_runs(tmp_path: Path) -> None:
    log = tmp_path / "train.log"
    log.write_text(LOG)
    d = tmp_path / "cache"
    first = _run(d, log)
    assert first.returncode == 1 and "KeyError" in first.stdout + first.stderr
    assert stat.S_IMODE(d.stat().st_mode) == 0o700
    files = sorted(p.name for p in d.iterdir())
    assert files and all(n.endswith((".json", ".bin")) for n in files), files
    for p in d.iterdir():
        assert p.read_bytes().startswith(cache.MAGIC)
        assert stat.S_IMODE(p.stat().st_mode) == 0o600
    # an attacker replaces every cache file with a pickle that would create a marker when loaded
    marker = tmp_path / "pwned"
    for p in d.iterdir():
        p.write_bytes(pickle.dumps(_Planted(str(marker))))
    again = _run(d, log)
    assert again.returncode == 1 and "KeyError" in again.stdout + again.stderr
    assert not marker.exists()
    # the planted files were not trusted: the caches were written again, as data
    assert all(p.read_bytes().startswith(cache.MAGIC) for p in d.iterdir())


def test_tampered_body_fails_its_checksum(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DENPEX_CACHE_DIR", str(tmp_path / "c"))
    cache.write("x.json", b'{"a": 1}')
    assert cache.read("x.json") == b'{"a": 1}'
    p = tmp_path / "c" / "x.json"
    p.write_bytes(p.read_bytes().replace(b'"a": 1', b'"a": 2'))
    assert cache.read("x.json") is None


def test_a_folder_others_can_write_is_not_used_and_the_run_says_so_once(tmp_path: Path) -> None:
    log = tmp_path / "train.log"
    log.write_text(LOG)
    d = tmp_path / "shared"
    d.mkdir()
    d.chmod(0o777)
    r = _run(d, log)
    assert r.returncode == 1
    assert r.stderr.count("not using the cache") == 1, r.stderr
    assert list(d.iterdir()) == []


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root to give a file to another user")
def test_a_file_owned_by_another_user_is_not_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DENPEX_CACHE_DIR", str(tmp_path / "c"))
    cache.write("y.json", b"[1]")
    os.chown(tmp_path / "c" / "y.json", 65534, 65534)
    assert cache.read("y.json") is None


def test_relative_xdg_cache_home_is_ignored(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DENPEX_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/cache")
    assert cache.cache_dir() == Path(os.path.expanduser("~/.cache")) / "denpex"
    monkeypatch.setenv("XDG_CACHE_HOME", "/srv/cache")
    assert cache.cache_dir() == Path("/srv/cache/denpex")


def test_stale_temporary_files_are_cleaned(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DENPEX_CACHE_DIR", str(tmp_path / "c"))
    cache.write("a.json", b"1")
    old, fresh = tmp_path / "c" / "a.json.123.tmp", tmp_path / "c" / "b.json.456.tmp"
    old.write_bytes(b"half")
    fresh.write_bytes(b"half")
    past = time.time() - cache.STALE_TMP_S - 60
    os.utime(old, (past, past))
    cache.write("b.json", b"2")
    assert not old.exists() and fresh.exists()


def test_records_round_trip_through_json() -> None:
    from denpex.frozen import Record

    value = {"e": Record(id="x", tags=["a"], pair=("p", 1), inner=Record(n=None, f=1.5), _computed=("pair",))}
    back = cache.loads_records(cache.dumps_records(value))
    assert back == value
    assert isinstance(back["e"].pair, tuple) and back["e"].inner.f == 1.5


def test_old_versions_do_not_pile_up(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DENPEX_CACHE_DIR", str(tmp_path / "c"))
    for i in range(cache.KEEP + 5):
        cache.write(f"kb-{i:04d}.json", b"{}")
        os.utime(tmp_path / "c" / f"kb-{i:04d}.json", (1000 + i, 1000 + i))
    (tmp_path / "c" / "kb-old.pickle").write_bytes(b"x")
    cache.write("hs-0001.bin", b"db")
    names = sorted(p.name for p in (tmp_path / "c").iterdir())
    assert len([n for n in names if n.startswith("kb-")]) == cache.KEEP
    assert "kb-0012.json" in names and "kb-0000.json" not in names and "kb-old.pickle" not in names


def test_a_cached_load_reads_documentation_sections_on_use_and_they_equal_a_fresh_parse(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Start-up reads the slim half of the entry cache; an entry's documentation (mechanism, FAQ,
    references, the wordings' sources) comes from the second file on first use - the same values a
    fresh parse gives - and from the YAML itself when that file has gone (cleaned, another user's)."""
    from denpex import knowledge
    from denpex.frozen import LazyRecord, freeze

    team = tmp_path / "kb"
    team.mkdir()
    src = next(knowledge.KB_DIR.rglob("torch.cuda-oom.yaml"))
    for eid in ("torch.cuda-oom", "python.key-error"):
        p = next(knowledge.KB_DIR.rglob(f"{eid}.yaml"))
        (team / p.name).write_text(p.read_text())
    files = sorted(str(p) for p in team.glob("*.yaml"))
    monkeypatch.setenv("DENPEX_CACHE_DIR", str(tmp_path / "c"))
    knowledge._DOCS_FILES.clear()
    knowledge._DOCS.clear()
    fresh = knowledge._validated_entries(files)  # writes both cache files
    assert not any(isinstance(r, LazyRecord) for r in fresh.values())
    names = sorted(p.name.split("-")[0] for p in (tmp_path / "c").iterdir())
    assert names == ["kb", "kbdocs"]
    cached = knowledge._validated_entries(files)
    oom = cached[str(team / src.name)]
    assert isinstance(oom, LazyRecord) and "mechanism" not in oom.__dict__ and "references" not in oom.__dict__
    assert oom.signatures and "source" not in oom.signatures[0].__dict__  # not read at start-up
    assert oom.id == "torch.cuda-oom" and oom.fix and oom.summary  # what a finding needs is there
    assert oom.mechanism == fresh[str(team / src.name)].mechanism  # read on first use
    assert oom.signatures[0].source.startswith("http")
    for path, rec in cached.items():
        assert rec == fresh[path]  # every field, once loaded
        assert rec.model_dump() == freeze(knowledge.load_entry(Path(path))).model_dump()
    # the documentation file went: the YAML answers
    for p in (tmp_path / "c").glob("kbdocs-*"):
        p.unlink()
    knowledge._DOCS_FILES.clear()
    knowledge._DOCS.clear()
    again = knowledge._validated_entries(files)
    key = str(team / "python.key-error.yaml")
    assert isinstance(again[key], LazyRecord) and again[key].faq == fresh[key].faq


def test_an_entry_that_vanishes_while_the_folder_is_read_is_read_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A knowledge-base folder edited while a diagnosis loads it (an entry renamed between the walk and
    the read: an editor's save, a checkout, several people on a shared team folder) is walked again,
    not reported as a broken knowledge base."""
    from denpex import knowledge

    team = tmp_path / "kb"
    team.mkdir()
    for eid in ("torch.cuda-oom", "python.key-error"):
        p = next(knowledge.KB_DIR.rglob(f"{eid}.yaml"))
        (team / p.name).write_text(p.read_text())
    monkeypatch.setenv("DENPEX_CACHE_DIR", str(tmp_path / "c"))
    real = knowledge.load_entry
    calls = {"n": 0}

    def flaky(path: Path):  # type: ignore[no-untyped-def]
        calls["n"] += 1
        if calls["n"] == 1:
            raise FileNotFoundError(2, "No such file or directory", str(path))
        return real(path)

    monkeypatch.setattr(knowledge, "load_entry", flaky)
    knowledge._load_kb_cached.cache_clear()
    try:
        kb = knowledge._load_kb_cached((str(team),), False)
    finally:
        knowledge._load_kb_cached.cache_clear()
    assert set(kb.entries) == {"torch.cuda-oom", "python.key-error"} and calls["n"] >= 3
