"""JSON API against the real app (in process)."""

from __future__ import annotations

import gzip
import json

import zstandard
from fastapi.testclient import TestClient

import denpex
from denpex.render import to_json

from .conftest import VLLM_LINE

ID = "vllm.context-length-exceeded"


def test_diagnose_json_body_matches_cli_json(client: TestClient) -> None:
    r = client.post("/api/diagnose", json={"text": VLLM_LINE + "\n"})
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("application/json")
    doc = r.json()
    assert doc == json.loads(to_json(denpex.diagnose(VLLM_LINE + "\n")))
    assert doc["primary"]["id"] == ID
    assert doc["primary"]["facts"]["prompt_tokens"] == 4608
    assert {"schema_version", "verdict", "findings", "ranks", "inputs", "unknown"} <= set(doc)


def test_diagnose_raw_text_body(client: TestClient) -> None:
    r = client.post("/api/diagnose", content=VLLM_LINE.encode(), headers={"content-type": "text/plain"})
    assert r.status_code == 200
    assert r.json()["primary"]["id"] == ID


def test_diagnose_multipart_many_files_and_archives(client: TestClient) -> None:
    files = [
        ("files", ("plain.log", b"INFO starting\n", "text/plain")),
        ("files", ("rank0.log.gz", gzip.compress((VLLM_LINE + "\n").encode()), "application/gzip")),
        ("files", ("rank1.log.zst", zstandard.ZstdCompressor().compress(b"INFO all fine\n"), "application/zstd")),
    ]
    r = client.post("/api/diagnose", files=files)
    assert r.status_code == 200, r.text
    doc = r.json()
    assert doc["primary"]["id"] == ID
    by_name = {f["name"]: f for f in doc["inputs"]["files"]}
    assert set(by_name) == {"plain.log", "rank0.log.gz", "rank1.log.zst"}
    assert by_name["rank0.log.gz"]["compression"] == "gzip"
    assert by_name["rank1.log.zst"]["compression"] == "zstd"


def test_uploaded_notebook_and_json_lines_log_are_read_as_their_text(client: TestClient) -> None:
    tb = ["Traceback (most recent call last):", '  File "/app/train.py", line 9, in <module>', "    x = rows[3]",
          "IndexError: list index out of range"]
    notebook = {"cells": [{"cell_type": "code", "execution_count": 2, "metadata": {}, "source": ["x = rows[3]"],
                           "outputs": [{"output_type": "error", "ename": "IndexError", "evalue": "list index out of range",
                                        "traceback": tb}]}], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    docker = "".join(json.dumps({"log": ln + "\n", "stream": "stderr", "time": "2024-05-01T10:00:01Z"}) + "\n" for ln in tb)
    for name, body in (("run.ipynb", json.dumps(notebook)), ("c0ffee-json.log", docker)):
        doc = client.post("/api/diagnose", files=[("files", (name, body.encode(), "application/octet-stream"))]).json()
        assert doc["primary"]["id"] == "python.index-out-of-range", (name, doc["primary"])
        assert doc["primary"]["evidence"][-1]["text"].endswith("IndexError: list index out of range")
        assert doc["primary"]["facts"]["frame_file"] == "/app/train.py"


def test_uploaded_file_names_lose_directories(client: TestClient) -> None:
    r = client.post("/api/diagnose", files=[("files", ("../../etc/x/train.log", VLLM_LINE.encode(), "text/plain"))])
    assert [f["name"] for f in r.json()["inputs"]["files"]] == ["train.log"]


def test_no_match_gives_unknown_summary(client: TestClient) -> None:
    text = "step 1 loss 2.3\nTraceback (most recent call last):\n  File \"x.py\", line 3, in <module>\nzoo.ZebraError: stripes misaligned\n"
    doc = client.post("/api/diagnose", json={"text": text}).json()
    assert doc["primary"]["id"] == "python.unhandled-exception"
    assert doc["primary"]["facts"]["exception"] == "zoo.ZebraError" and doc["primary"]["facts"]["raised_at"] == "x.py:3"
    assert doc["unknown"] is not None
    assert any("zoo.ZebraError" in e["text"] for e in doc["unknown"]["exceptions"])
    doc = client.post("/api/diagnose", json={"text": "step 1\nerror: the frobnicator step did not finish\n"}).json()
    assert doc["primary"] is None and doc["unknown"]["error_lines"]


def test_bad_requests(client: TestClient) -> None:
    r = client.post("/api/diagnose", json={"log": "x"})
    assert r.status_code == 400 and "text" in r.json()["detail"]
    r = client.post("/api/diagnose", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["error"]
    r = client.post("/api/diagnose", json={"text": "   "})
    assert r.status_code == 400 and "No log" in r.json()["error"]


def test_entries_list_and_detail(client: TestClient) -> None:
    entries = client.get("/api/entries").json()
    kb = denpex.load_kb()
    assert len(entries) == len(kb)
    assert all(set(e) == {"id", "title", "category", "role", "severity", "system"} for e in entries)
    one = client.get(f"/api/entries/{ID}").json()
    assert one == {**kb.get(ID).entry.model_dump(mode="json"), "system": "vllm"}  # type: ignore[union-attr]
    for key in ("summary", "mechanism", "confirm", "faq", "references", "with_without", "best_practices", "verify"):
        assert one[key]


def test_unknown_entry_is_json_404(client: TestClient) -> None:
    r = client.get("/api/entries/no.such-entry")
    assert r.status_code == 404
    assert r.headers["content-type"].startswith("application/json")
    assert r.json()["detail"]


def test_openapi_without_cdn_docs(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    assert {"/api/diagnose", "/api/entries", "/api/entries/{entry_id}"} <= set(spec["paths"])
    body = spec["paths"]["/api/diagnose"]["post"]["requestBody"]["content"]
    assert {"application/json", "text/plain", "multipart/form-data"} <= set(body)
    assert client.get("/redoc").status_code == 404
    docs = client.get("/docs")
    assert docs.status_code == 200 and "/api/diagnose" in docs.text
    assert "cdn" not in docs.text.lower() and "swagger" not in docs.text.lower()
