"""Incident history (issue 16): real ``denpex`` subprocesses on a real SQLite file (and on a real
PostgreSQL server, see test_history_postgres.py)."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

DENPEX = [sys.executable, "-m", "denpex"]

OOM = "[rank{r}]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate {a} GiB. GPU {r} has a total capacity of 79.15 GiB of which {f} GiB is free.\n"
XID = "{host}: NVRM: Xid (PCI:0000:{bus}:00): {xid}, pid={pid}, name=python, GPU has fallen off the bus.\n"
XID48 = "{host}: NVRM: Xid (PCI:0000:{bus}:00): 48, pid={pid}, name=python, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 0, subpartition 0.\n"
CTX = (
    "ValueError: This model's maximum context length is {m} tokens, however you requested {t} tokens "
    "({p} in your prompt; 512 for the completion). Reduce max_model_len or the prompt length.\n"
)


def tb(func: str, msg: str, exc: str = "KeyError", line: int = 12) -> str:
    return (
        "Traceback (most recent call last):\n"
        '  File "/home/alice/proj/train.py", line 40, in main\n'
        "    run(cfg)\n"
        f'  File "/home/alice/proj/data.py", line {line}, in {func}\n'
        "    return table[key]\n"
        f"{exc}: {msg}\n"
    )


class H:
    """The denpex command with its own XDG data folder (the default history location)."""

    def __init__(self, tmp: Path, url: str | None = None):
        self.tmp = tmp
        self.url = url  # a postgresql:// URL: every command gets --db URL
        self.env = dict(os.environ, COLUMNS="200", NO_COLOR="1", XDG_DATA_HOME=str(tmp / "xdg"))
        for k in ("DENPEX_HISTORY_DB", "DENPEX_JOB", "SLURM_JOB_NAME", "DENPEX_DIAGNOSE_DB"):
            self.env.pop(k, None)
        self.db = tmp / "xdg" / "denpex" / "history.db"
        self.n = 0

    def __call__(self, *args: str, input: str | None = None, timeout: float = 120) -> subprocess.CompletedProcess[str]:
        if self.url and args and args[0] in ("diagnose", "history", "show", "similar", "resolve", "nodes"):
            args = (args[0], "--db", self.url, *args[1:])
        return subprocess.run([*DENPEX, *args], input=input, capture_output=True, text=True, timeout=timeout, env=self.env)

    def log(self, text: str, name: str | None = None) -> str:
        self.n += 1
        p = self.tmp / (name or f"log{self.n}.log")
        p.write_text(text)
        return str(p)

    def save(self, text: str, *extra: str) -> dict:
        r = self("diagnose", "--save", "--json", *extra, self.log(text))
        assert r.returncode == 1, r.stderr
        return json.loads(r.stdout)["history"]


@pytest.fixture
def h(tmp_path: Path) -> H:
    return H(tmp_path)


class PostgresServer:
    """A throwaway PostgreSQL cluster: initdb in a temporary folder, started on a free loopback
    port with trust authentication, stopped (and removed) at the end of the session."""

    def __init__(self, root: Path):
        import glob
        import shutil
        import socket

        bins = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
        initdb = bins[-1] if bins else shutil.which("initdb")
        if not initdb:
            pytest.skip("PostgreSQL is not installed (apt-get install postgresql; scripts/test.sh does it as root)")
        self.bin = Path(initdb).parent
        self.root = root
        self.data = root / "data"
        with socket.socket() as sk:
            sk.bind(("127.0.0.1", 0))
            self.port = sk.getsockname()[1]
        self.prefix: list[str] = []
        if os.geteuid() == 0:  # postgres refuses to run as root: run it as the package's user
            if subprocess.run(["id", "postgres"], capture_output=True).returncode != 0:
                pytest.skip("running as root and there is no 'postgres' user to run the server as")
            shutil.chown(root, "postgres")
            self.prefix = ["runuser", "-u", "postgres", "--"]
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "denpex", "--no-sync", "-E", "UTF8")
        self._run(
            "pg_ctl", "-D", str(self.data), "-l", str(root / "server.log"), "-w", "-t", "60", "-o",
            f"-p {self.port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200", "start",
        )
        self.url = f"postgresql://denpex@127.0.0.1:{self.port}/postgres"
        self.n = 0

    def _run(self, tool: str, *args: str) -> None:
        r = subprocess.run([*self.prefix, str(self.bin / tool), *args], capture_output=True, text=True, timeout=120)
        if r.returncode != 0:
            log = (self.root / "server.log").read_text() if (self.root / "server.log").exists() else ""
            pytest.skip(f"PostgreSQL server could not start ({tool}): {r.stderr.strip()[-500:]} {log[-500:]}")

    def new_database(self) -> str:
        import psycopg

        self.n += 1
        name = f"denpex_test_{self.n}"
        with psycopg.connect(self.url, autocommit=True) as con:
            con.execute(f"DROP DATABASE IF EXISTS {name}")
            con.execute(f"CREATE DATABASE {name}")
        return self.url.rsplit("/", 1)[0] + "/" + name

    def stop(self) -> None:
        subprocess.run([*self.prefix, str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop"],
                       capture_output=True, timeout=60)


@pytest.fixture(scope="session")
def postgres():
    pytest.importorskip("sqlalchemy", reason="the [team] extra (sqlalchemy, psycopg) is not installed")
    pytest.importorskip("psycopg", reason="the [team] extra (sqlalchemy, psycopg) is not installed")
    import shutil
    import tempfile

    # not under pytest's own temporary folder: that one is private to root, and the server runs as 'postgres'
    root = Path(tempfile.mkdtemp(prefix="denpex-pg-"))
    try:
        server = PostgresServer(root)
        yield server
        server.stop()
    finally:
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(params=["sqlite", "postgresql"])
def hb(request: pytest.FixtureRequest, tmp_path: Path) -> H:
    """The history commands on either database: the same tests run on a real SQLite file and on a
    real PostgreSQL server."""
    if request.param == "sqlite":
        return H(tmp_path)
    server = request.getfixturevalue("postgres")
    return H(tmp_path, url=server.new_database())


def test_plain_diagnose_creates_no_history(h: H) -> None:
    r = h("diagnose", h.log(CTX.format(m=4096, t=5120, p=4608)))
    assert r.returncode == 1
    assert not h.db.exists() and "History" not in r.stdout
    r = h("diagnose", "--json", h.log(CTX.format(m=4096, t=5120, p=4608)))
    assert "history" not in json.loads(r.stdout)


def test_save_at_xdg_location_then_seen_before_and_solved_before(hb: H) -> None:
    h = hb
    first = h.save(CTX.format(m=4096, t=5120, p=4608), "--job", "llama-70b-ft")
    assert (h.url is not None or h.db.exists()) and first["saved_as"] == 1 and first["seen"] == 0
    again = h.save(CTX.format(m=8192, t=9000, p=8600), "--job", "llama-70b-ft")  # other numbers, same problem
    assert again["fingerprint"] == first["fingerprint"] and again["seen"] == 1 and again["last_job"] == "llama-70b-ft"
    r = h("resolve", "2", "--fix", "cut prompts to the served window", "--note", "client retries trimmed")
    assert r.returncode == 0, r.stderr
    # terminal report of a plain diagnose consults the history (nothing saved)
    r = h("diagnose", h.log(CTX.format(m=2048, t=3000, p=2500)))
    assert r.returncode == 1
    assert "Seen 2 times before since" in r.stdout and "job llama-70b-ft" in r.stdout
    assert "Solved on" in r.stdout and "'cut prompts to the served window'" in r.stdout
    # JSON: the history block, valid against the shipped schema
    r = h("diagnose", "--json", h.log(CTX.format(m=2048, t=3000, p=2500)))
    doc = json.loads(r.stdout)
    assert doc["history"]["seen"] == 2 and doc["history"]["resolved"]["fix"] == "cut prompts to the served window"
    assert doc["history"]["saved_as"] is None
    import jsonschema

    schema = json.loads(h("schema").stdout)
    jsonschema.Draft202012Validator(schema).validate(doc)
    r = h("diagnose", "--markdown", h.log(CTX.format(m=2048, t=3000, p=2500)))
    assert "## History" in r.stdout and "Solved on" in r.stdout
    r = h("diagnose", "--no-history", "--json", h.log(CTX.format(m=2048, t=3000, p=2500)))
    assert "history" not in json.loads(r.stdout)
    # a clean log is not an incident
    r = h("diagnose", "--save", h.log("INFO step 1 loss 2.0\n"))
    assert r.returncode == 0 and "no incident saved" in r.stderr


def test_db_option_and_env(h: H, tmp_path: Path) -> None:
    other = tmp_path / "team" / "h.db"
    r = h("diagnose", "--save", "--db", str(other), h.log(CTX.format(m=4096, t=5120, p=4608)))
    assert r.returncode == 1 and other.exists() and not h.db.exists()
    r = h("history", "--db", str(other), "--json")
    assert len(json.loads(r.stdout)["incidents"]) == 1
    r = h("history", "--json")
    assert r.returncode == 2 and "no history at" in r.stderr


def test_history_filters_show_and_json(hb: H) -> None:
    h = hb
    h.save(CTX.format(m=4096, t=5120, p=4608), "--job", "serve-a")
    h.save(XID.format(host="gpu-node-17", bus="3b", xid=79, pid=11), "--job", "train-b")
    h.save(OOM.format(r=3, a="2.00", f="1.02"), "--job", "train-b")
    rows = lambda *a: json.loads(h("history", "--json", *a).stdout)["incidents"]  # noqa: E731
    assert [r["id"] for r in rows()] == [3, 2, 1]
    assert [r["id"] for r in rows("--job", "train-b")] == [3, 2]
    assert [r["id"] for r in rows("--id", "nvidia.xid-fallen-off-bus")] == [2]
    assert [r["id"] for r in rows("--id", "torch.*")] == [3]
    assert [r["id"] for r in rows("--host", "gpu-node-17")] == [2]
    assert [r["id"] for r in rows("--since", "1h")] == [3, 2, 1]
    assert rows("--since", "2999-01-01") == []
    r = h("history")
    assert r.returncode == 0 and "nvidia.xid-fallen-off-bus" in r.stdout and "train-b" in r.stdout
    assert h("history", "--since", "yesterday").returncode == 2
    r = h("show", "2")
    assert r.returncode == 0 and "gpu-node-17" in r.stdout and "Incident #2" in r.stdout
    shown = json.loads(h("show", "#2", "--json").stdout)
    assert shown["doc"]["primary"]["id"] == "nvidia.xid-fallen-off-bus" and shown["log"] is None
    assert shown["initiating_host"] == "gpu-node-17" and shown["input_digest"]
    assert h("show", "99").returncode == 2
    assert "without its log" in h("show", "2", "--log").stderr


def test_nothing_secret_reaches_the_database(h: H) -> None:
    secrets = [
        "hf_AbCdEfGhIjKlMnOpQrStUvWxYz012345",
        "AKIAIOSFODNN7EXAMPLE",
        "sk-proj-abcdefghijklmnopqrstuvwxyz0123",
        "s3cretPassw0rd",
        "alice@example.com",
        "ghp_abcdefghijklmnopqrstuvwxyz0123456789",
    ]
    text = (
        f"export HF_TOKEN={secrets[0]}\n"
        f"aws key {secrets[1]} for user alice\n"
        f"OPENAI_API_KEY={secrets[2]} password={secrets[3]} mail {secrets[4]}\n"
        + tb("lookup", f"'{secrets[5]}'")
    )
    r = h("diagnose", "--save", "--keep-log", "--job", f"job-{secrets[4]}", h.log(text))
    assert r.returncode == 1, r.stderr
    r = h("resolve", "1", "--fix", f"rotated {secrets[0]}", "--note", f"password={secrets[3]}")
    assert r.returncode == 0
    log = h("show", "1", "--log").stdout
    assert "KeyError" in log and "<SECRET-" in log  # the log is there, masked
    # every byte of the database files (WAL included), every text cell
    blob = b"".join(p.read_bytes() for p in h.db.parent.iterdir())
    con = sqlite3.connect(h.db)
    cells = []
    for (table,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'"):
        for row in con.execute(f"SELECT * FROM {table}"):
            cells += [str(c) for c in row]
    con.close()
    everything = "\n".join(cells)
    for s in secrets:
        assert s not in everything, s
        assert s.encode() not in blob, s
    assert "/home/alice" not in everything


def test_keep_log_from_stdin_and_digest(hb: H) -> None:
    h = hb
    text = OOM.format(r=1, a="4.00", f="0.50")
    r = h("diagnose", "--save", "--keep-log", "-", input=text)
    assert r.returncode == 1, r.stderr
    r = h("diagnose", "--save", h.log(text))
    a, b = (json.loads(h("show", str(i), "--json").stdout) for i in (1, 2))
    assert a["input_digest"] and a["log"] == text and b["log"] is None
    assert a["fingerprint"] == b["fingerprint"]


# -- grouping -------------------------------------------------------------------------------


def _fp(h: H, text: str) -> str:
    r = h("diagnose", "--save", "--json", h.log(text))
    return json.loads(r.stdout)["history"]["fingerprint"]


def test_grouping_same_problem_one_group_other_problems_apart(hb: H) -> None:
    h = hb
    oom = {_fp(h, OOM.format(r=r, a=a, f=f)) for r, a, f in ((0, "2.00", "1.02"), (5, "20.00", "3.10"), (7, "512.00", "0.01"))}
    xid79 = {_fp(h, XID.format(host=host, bus=bus, xid=79, pid=pid)) for host, bus, pid in (("gpu-node-17", "3b", 1), ("gpu-node-3", "86", 99))}
    xid48 = {_fp(h, XID48.format(host="gpu-node-17", bus="3b", pid=5))}
    key_same = {_fp(h, tb("lookup", "'alpha'", line=12)), _fp(h, tb("lookup", "'beta'", line=14))}
    key_other_frame = {_fp(h, tb("resolve_split", "'alpha'"))}
    value_error = {_fp(h, tb("lookup", "bad value", exc="ValueError"))}
    groups = [oom, xid79, xid48, key_same, key_other_frame, value_error]
    for g in groups:
        assert len(g) == 1, g
    assert len(set().union(*groups)) == len(groups)


# -- similar ---------------------------------------------------------------------------------


def test_similar_same_fingerprint_first_then_nearest(hb: H) -> None:
    h = hb
    h.save(OOM.format(r=0, a="2.00", f="1.02"))  # 1
    h.save(CTX.format(m=4096, t=5120, p=4608))  # 2
    h.save(OOM.format(r=4, a="8.00", f="0.20"))  # 3: same group as 1
    h.save(tb("lookup", "'alpha'"))  # 4
    h.save(tb("lookup_other", "'alpha'"))  # 5: same exception, another frame: similar, not same
    r = h("similar", "3", "--json")
    res = json.loads(r.stdout)["similar"]
    assert res[0]["same_fingerprint"] and res[0]["incidents"] == [1]
    assert all(x["last_incident"] != 3 for x in res)
    r = h("similar", "4", "--json")
    res = json.loads(r.stdout)["similar"]
    assert res[0]["last_incident"] == 5 and not res[0]["same_fingerprint"] and res[0]["score"] > 0.6
    r = h("similar", h.log(OOM.format(r=2, a="1.00", f="0.10")))
    assert r.returncode == 0 and "same" in r.stdout and "torch.cuda-oom" in r.stdout


def test_solved_similar_incident_is_offered(hb: H) -> None:
    h = hb
    h.save(tb("lookup", "'alpha'"))
    h("resolve", "1", "--fix", "rebuilt the vocab table")
    block = h.save(tb("lookup_other", "'alpha'"))
    assert block["seen"] == 0 and block["similar_solved"][0]["resolved"]["fix"] == "rebuilt the vocab table"


# -- purge, retention ------------------------------------------------------------------------


def test_purge_and_retention(h: H) -> None:
    for _ in range(3):
        h.save(OOM.format(r=0, a="2.00", f="1.02"))
    h.save(CTX.format(m=4096, t=5120, p=4608))
    h("resolve", "4", "--fix", "shorter prompts")
    assert h("history", "purge").returncode == 2  # says which
    con = sqlite3.connect(h.db)
    con.execute("UPDATE incidents SET created_at = '2020-01-01T00:00:00.000000Z' WHERE id IN (1, 4)")
    con.commit()
    con.close()
    r = h("history", "purge", "--before", "2021-01-01")
    assert r.returncode == 0 and "deleted 2" in r.stdout
    assert [x["id"] for x in json.loads(h("history", "--json").stdout)["incidents"]] == [3, 2]
    # the resolution outlives its purged occurrences
    r = h("diagnose", h.log(CTX.format(m=4096, t=5120, p=4608)))
    assert "Solved on" in r.stdout and "shorter prompts" in r.stdout
    assert "retention: off" in h("history", "retention").stdout
    assert "retention: 30 days" in h("history", "retention", "30d").stdout
    con = sqlite3.connect(h.db)
    con.execute("UPDATE incidents SET created_at = '2020-01-01T00:00:00.000000Z' WHERE id = 2")
    con.commit()
    con.close()
    h.save(OOM.format(r=0, a="2.00", f="1.02"))  # every save applies the retention
    assert [x["id"] for x in json.loads(h("history", "--json").stdout)["incidents"]] == [5, 3]
    assert "retention: off" in h("history", "retention", "off").stdout
    assert "deleted 2" in h("history", "purge", "--all").stdout


# -- bad nodes -------------------------------------------------------------------------------


def test_nodes_ranks_hosts_that_initiate_incidents(hb: H) -> None:
    h = hb
    for pid in (1, 2, 3):
        h.save(XID.format(host="gpu-node-17", bus="3b", xid=79, pid=pid))
    h.save(XID48.format(host="gpu-node-17", bus="86", pid=4))
    h.save(XID.format(host="gpu-node-3", bus="3b", xid=79, pid=5))
    h.save(CTX.format(m=4096, t=5120, p=4608))
    res = json.loads(h("nodes", "--json").stdout)
    assert res["incidents"] == 6
    top = res["hosts"][0]
    assert top["host"] == "gpu-node-17" and top["initiated"] == 4
    assert top["classes"] == {"nvidia.xid-fallen-off-bus Xid 79": 3, "nvidia.xid-memory Xid 48": 1}
    assert top["gpus"] == {"PCI 0000:3b:00": 3, "PCI 0000:86:00": 1}
    assert res["hosts"][1]["host"] == "gpu-node-3" and res["hosts"][1]["initiated"] == 1
    r = h("nodes")
    assert "gpu-node-17 initiated 4 of the 6 incident(s): nvidia.xid-fallen-off-bus Xid 79 x3" in r.stdout
    r = h("nodes", "--last", "2", "--json")
    assert [x["host"] for x in json.loads(r.stdout)["hosts"]] == ["gpu-node-3"]
    # the incident's report names the last host
    block = h.save(XID.format(host="gpu-node-17", bus="3b", xid=79, pid=9))
    assert block["seen"] == 4 and block["last_host"] == "gpu-node-3"  # the same problem on gpu-node-3 came last


def test_masked_hosts_name_no_node(h: H) -> None:
    h.save(XID.format(host="gpu-node-17", bus="3b", xid=79, pid=1), "--mask-hosts")
    assert "gpu-node-17" not in h.db.read_bytes().decode("latin-1")
    res = json.loads(h("nodes", "--json").stdout)
    assert res["incidents"] == 1 and res["hosts"] == []


# -- concurrency -----------------------------------------------------------------------------


def test_many_concurrent_saves_lose_nothing(hb: H) -> None:
    h = hb
    n = 12
    logs = [h.log(OOM.format(r=i, a=f"{i + 1}.00", f="0.5") if i % 2 else XID.format(host=f"node{i}", bus="3b", xid=79, pid=i))
            for i in range(n)]
    with ThreadPoolExecutor(n) as pool:
        results = list(pool.map(lambda p: h("diagnose", "--save", "--json", "--job", "burst", p, timeout=300), logs))
    ids = []
    for r in results:
        assert r.returncode == 1, r.stderr
        assert "history not used" not in r.stderr
        ids.append(json.loads(r.stdout)["history"]["saved_as"])
    assert sorted(ids) == list(range(1, n + 1))
    rows = json.loads(h("history", "--json", "--limit", "100").stdout)["incidents"]
    assert len(rows) == n and {r["group_size"] for r in rows} == {n // 2}


# -- migrations ------------------------------------------------------------------------------


def test_migration_from_the_first_schema(h: H) -> None:
    """A database made by the first schema (version 1, before the node table) is upgraded in
    place on first use, and its incidents get their node rows from the stored documents."""
    from denpex.history.db import Database
    from denpex.history.migrations import LATEST, migrate

    h.db.parent.mkdir(parents=True)
    db = Database(str(h.db))
    assert migrate(db, target=1) == 1
    doc = {
        "verdict": "GPU fell off the bus", "denpex_version": "0.0.9", "findings": [], "ranks": [], "inputs": {"files": []},
        "primary": {"id": "nvidia.xid-fallen-off-bus", "title": "GPU fell off the bus", "host": "gpu-node-17", "rank": None,
                    "facts": {"xid": [79], "pci": "0000:3b:00"}, "evidence": [{"text": "NVRM: Xid (PCI:0000:3b:00): 79"}]},
    }
    with db.write() as c:
        c.execute("INSERT INTO incident_groups (fingerprint, failure_id, title, template, parts, created_at) "
                  "VALUES ('0123456789abcdef', 'nvidia.xid-fallen-off-bus', 't', 'NVRM', '{}', '2026-01-01T00:00:00.000000Z')")
        c.execute(
            "INSERT INTO incidents (created_at, fingerprint, failure_id, title, verdict, template, job, hosts, ranks, "
            "input_names, denpex_version, doc) VALUES ('2026-01-01T00:00:00.000000Z', '0123456789abcdef', "
            "'nvidia.xid-fallen-off-bus', 't', 'v', 'NVRM', 'old-job', '[\"gpu-node-17\"]', '[]', '[]', '0.0.9', :doc)",
            {"doc": json.dumps(doc)},
        )
    db.close()
    r = h("nodes", "--json")
    assert r.returncode == 0, r.stderr
    res = json.loads(r.stdout)
    assert res["hosts"][0]["host"] == "gpu-node-17" and res["hosts"][0]["classes"] == {"nvidia.xid-fallen-off-bus Xid 79": 1}
    con = sqlite3.connect(h.db)
    assert [v for (v,) in con.execute("SELECT version FROM schema_version ORDER BY version")] == list(range(1, LATEST + 1))
    con.close()
    assert json.loads(h("history", "--json").stdout)["incidents"][0]["job"] == "old-job"


def test_newer_schema_is_refused_not_damaged(h: H) -> None:
    h.save(OOM.format(r=0, a="2.00", f="1.02"))
    con = sqlite3.connect(h.db)
    con.execute("INSERT INTO schema_version VALUES (999, 'from the future', '2030-01-01')")
    con.commit()
    con.close()
    r = h("history")
    assert r.returncode == 2 and "newer than this denpex" in r.stderr
    r = h("diagnose", h.log(OOM.format(r=0, a="2.00", f="1.02")))
    assert r.returncode == 1 and "history not used" in r.stderr and "newer" in r.stderr  # the diagnosis still comes


# -- PostgreSQL specifics --------------------------------------------------------------------


def _pg_cells(url: str) -> str:
    import psycopg

    out = []
    with psycopg.connect(url) as con:
        tables = [t for (t,) in con.execute("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'")]
        for t in tables:
            for row in con.execute(f"SELECT * FROM {t}"):
                out += [str(c) for c in row]
    return "\n".join(out)


def test_postgres_nothing_secret_stored_and_migration_from_first_schema(postgres: PostgresServer, tmp_path: Path) -> None:
    from denpex.history.db import Database
    from denpex.history.migrations import LATEST, migrate

    url = postgres.new_database()
    db = Database(url)
    assert migrate(db, target=1) == 1  # a database the first release made
    doc = {
        "verdict": "v", "denpex_version": "0.0.9", "findings": [], "ranks": [], "inputs": {"files": []},
        "primary": {"id": "nvidia.xid-fallen-off-bus", "title": "t", "host": "gpu-node-17", "rank": None,
                    "facts": {"xid": [79]}, "evidence": [{"text": "NVRM: Xid (PCI:0000:3b:00): 79"}]},
    }
    with db.write() as c:
        c.execute("INSERT INTO incident_groups (fingerprint, failure_id, title, template, parts, created_at) "
                  "VALUES ('0123456789abcdef', 'nvidia.xid-fallen-off-bus', 't', 'NVRM', '{}', '2026-01-01T00:00:00.000000Z')")
        c.execute(
            "INSERT INTO incidents (created_at, fingerprint, failure_id, title, verdict, template, job, hosts, ranks, "
            "input_names, denpex_version, doc) VALUES ('2026-01-01T00:00:00.000000Z', '0123456789abcdef', "
            "'nvidia.xid-fallen-off-bus', 't', 'v', 'NVRM', 'old-job', '[]', '[]', '[]', '0.0.9', :doc)",
            {"doc": json.dumps(doc)},
        )
    db.close()
    h = H(tmp_path, url=url)
    secret, mail = "hf_AbCdEfGhIjKlMnOpQrStUvWxYz012345", "alice@example.com"
    r = h("diagnose", "--save", "--keep-log", "--job", mail, h.log(f"HF_TOKEN={secret}\n" + tb("lookup", f"'{secret}'")))
    assert r.returncode == 1 and "history not used" not in r.stderr, r.stderr
    h("resolve", "2", "--fix", f"rotated {secret}")
    cells = _pg_cells(url)
    assert secret not in cells and mail not in cells and "/home/alice" not in cells and "KeyError" in cells
    import psycopg

    with psycopg.connect(url) as con:
        versions = [v for (v,) in con.execute("SELECT version FROM schema_version ORDER BY version")]
    assert versions == list(range(1, LATEST + 1))
    res = json.loads(h("nodes", "--json").stdout)
    assert res["hosts"][0]["host"] == "gpu-node-17"  # backfilled by migration 2


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_exclusive_lock_refuses_a_second_holder(kind: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    from denpex.history import HistoryError
    from denpex.history.db import Database

    target = str(tmp_path / "h.db") if kind == "sqlite" else request.getfixturevalue("postgres").new_database()
    a, b = Database(target), Database(target)
    try:
        with a.exclusive("fleet scan"):
            with pytest.raises(HistoryError, match="another fleet scan"):
                with b.exclusive("fleet scan"):
                    pass
        with b.exclusive("fleet scan"):  # released when the first holder left its block
            pass
    finally:
        a.close()
        b.close()


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_accounts_tokens_passwords_and_an_allowance_taken_atomically(kind: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    from denpex.history import HistoryError
    from denpex.history.accounts import Accounts, may
    from denpex.history.store import Store

    target = str(tmp_path / "h.db") if kind == "sqlite" else request.getfixturevalue("postgres").new_database()
    with Store(target) as store:
        acc = Accounts(store)
        ann = acc.add_user("ann", "member", password="correct horse", daily_quota=5)
        with pytest.raises(HistoryError):
            acc.add_user("ann")
        with pytest.raises(HistoryError):
            acc.add_user("bad name!")
        token = acc.new_token("ann", "ci")
        assert acc.by_token(token)["name"] == "ann" and acc.by_token(token + "x") is None
        assert acc.by_password("ann", "correct horse") is not None and acc.by_password("ann", "nope") is None
        assert acc.by_password("nobody", "x") is None
        assert may(ann, "diagnose") and not may(ann, "admin") and not may(None, "read")
    # ten requests at once for five diagnoses: exactly five are allowed (each thread its own connection)
    def take(_: int) -> bool:
        with Store(target) as s:
            return Accounts(s).take(ann) is None

    with ThreadPoolExecutor(max_workers=10) as pool:
        allowed = list(pool.map(take, range(10)))
    assert sum(allowed) == 5
    with Store(target) as store:
        acc = Accounts(store)
        assert acc.users()[0]["used_today"] == 5
        acc.remove_user("ann")
        assert acc.by_token(token) is None and acc.users() == []


def test_team_server_on_postgresql_under_concurrent_requests(postgres, tmp_path: Path) -> None:
    """`denpex serve --history --db postgresql://...`: twenty diagnoses from two users at once, every
    failed one saved exactly once, under its user, and the allowance held exactly."""
    import socket
    import time

    import httpx

    url = postgres.new_database()
    cli = [sys.executable, "-m", "denpex"]
    assert subprocess.run([*cli, "users", "add", "ann", "--db", url], capture_output=True, timeout=120).returncode == 0
    assert subprocess.run([*cli, "users", "add", "bob", "--quota", "5", "--db", url], capture_output=True, timeout=120).returncode == 0
    tokens = {u: subprocess.run([*cli, "users", "token", u, "--db", url], capture_output=True, text=True, timeout=120).stdout.strip()
              for u in ("ann", "bob")}
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    log = open(tmp_path / "server.log", "wb")
    proc = subprocess.Popen([*cli, "serve", "--port", str(port), "--history", "--db", url], stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                if httpx.get(base + "/healthz", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert proc.poll() is None and time.monotonic() < deadline, (tmp_path / "server.log").read_text()
            time.sleep(0.3)
        text = "Traceback (most recent call last):\n  File \"train.py\", line 3, in <module>\nKeyError: 'input_ids'\n"

        def post(user: str) -> int:
            return httpx.post(base + "/api/diagnose", json={"text": text}, headers={"authorization": f"Bearer {tokens[user]}"}, timeout=120).status_code

        with ThreadPoolExecutor(max_workers=8) as pool:
            codes = list(pool.map(post, ["ann"] * 10 + ["bob"] * 10))
        assert codes[:10] == [200] * 10
        assert sorted(codes[10:]) == [200] * 5 + [429] * 5
        hist = httpx.get(base + "/api/history?limit=100", headers={"authorization": f"Bearer {tokens['ann']}"}, timeout=60).json()
        assert len(hist) == 15 and len({h["fingerprint"] for h in hist}) == 1
    finally:
        proc.terminate()
        proc.wait(timeout=30)
        log.close()
    import sqlalchemy

    eng = sqlalchemy.create_engine("postgresql+psycopg://" + url.split("://", 1)[1])
    with eng.connect() as c:
        by_user = dict(c.execute(sqlalchemy.text("SELECT created_by, count(*) FROM incidents GROUP BY created_by")).all())
    eng.dispose()
    assert by_user == {"ann": 10, "bob": 5}
