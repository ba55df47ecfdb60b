"""JSON-lines logs (Docker's json-file driver, log shippers, JSON loggers): the text in the records is diagnosed."""

from __future__ import annotations

import json


def _write(path, records):
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    return path


def _docker(lines, t0="2024-05-01T10:00:0"):
    return [{"log": ln + "\n", "stream": "stderr", "time": f"{t0}{i % 10}.000000001Z"} for i, ln in enumerate(lines)]


TRACEBACK = [
    "Epoch 3/10: 100%|##########| 500/500 [01:02<00:00,  8.01it/s]",
    "Traceback (most recent call last):",
    '  File "/app/train.py", line 88, in <module>',
    "    main()",
    '  File "/app/train.py", line 80, in main',
    "    batch = collate(rows)",
    '  File "/app/data.py", line 12, in collate',
    "    return rows[idx]",
    "IndexError: list index out of range",
]


def test_docker_json_file_log_reads_as_the_traceback(cli, tmp_path):
    p = _write(tmp_path / "4f2a-json.log", _docker(TRACEBACK))
    r = cli("diagnose", "--json", str(p))
    out = json.loads(r.stdout)
    prim = out["primary"]
    assert r.returncode == 1 and prim["id"] == "python.index-out-of-range"
    # the traceback's frames were read (not one escaped JSON line): the raising frame is data.py:12
    assert prim["facts"]["frame_file"] == "/app/data.py" and prim["facts"]["frame_line"] == 12
    assert prim["evidence"][-1]["text"].endswith("IndexError: list index out of range")
    assert prim["time"].startswith("2024-05-01T10:00:08")
    assert any("JSON-lines" in n for f in out["inputs"]["files"] for n in f["notes"])


def test_json_logger_traceback_kept_apart_from_the_message(cli, tmp_path):
    p = _write(tmp_path / "app.log", [
        {"asctime": "2024-05-01 10:00:00,120", "levelname": "INFO", "message": "step 100 loss 2.1"},
        {"asctime": "2024-05-01 10:00:05,431", "levelname": "ERROR", "message": "worker crashed",
         "exc_info": "\n".join(TRACEBACK[1:])},
    ])
    out = json.loads(cli("diagnose", "--json", str(p)).stdout)
    assert out["primary"]["id"] == "python.index-out-of-range"
    assert out["primary"]["facts"]["frame_file"] == "/app/data.py"


def test_structlog_dict_traceback_reads_as_the_chain_python_printed(cli, tmp_path):
    """structlog's dict_tracebacks keeps the exception as a list of dicts (the last raised first): read as the
    traceback Python prints, the cause is found and the wrapper raised from it is read as its consequence."""
    p = _write(tmp_path / "svc.jsonl", [
        {"event": "loading config", "level": "info", "timestamp": "2024-05-01T10:00:00Z"},
        {"event": "run failed", "level": "error", "timestamp": "2024-05-01T10:00:02Z", "exception": [
            {"exc_type": "RuntimeError", "exc_value": "could not build optimizer", "syntax_error": None,
             "is_cause": False, "frames": [{"filename": "/app/train.py", "lineno": 30, "name": "main", "locals": None}]},
            {"exc_type": "KeyError", "exc_value": "'lr'", "syntax_error": None, "is_cause": True,
             "frames": [{"filename": "/app/train.py", "lineno": 12, "name": "build_optimizer", "locals": None}]},
        ]},
    ])
    r = cli("diagnose", "--json", str(p))
    out = json.loads(r.stdout)
    assert r.returncode == 1
    assert out["primary"]["id"] == "python.key-error"
    assert out["primary"]["facts"]["frame_line"] == 12


def test_healthy_json_log_stays_healthy(cli, tmp_path):
    p = _write(tmp_path / "ok.jsonl", [
        {"level": "info", "msg": "step 10 loss 2.31 num_errors=0", "ts": "2024-05-01T10:00:00Z"},
        {"level": "info", "msg": "checkpoint saved to /ckpt/step-10 (error_file: <N/A>)", "ts": "2024-05-01T10:00:05Z"},
        {"level": "info", "msg": "training finished", "ts": "2024-05-01T10:01:00Z"},
    ])
    r = cli("diagnose", "--json", str(p))
    assert r.returncode == 0, r.stdout
    assert json.loads(r.stdout)["primary"] is None


def test_json_that_is_not_a_log_is_read_as_text(cli, tmp_path):
    # a config dump: records without a message field are not rendered (and still scanned as text)
    p = tmp_path / "trainer_state.json"
    p.write_text('{"best_metric": null, "epoch": 3.0}\n{"log_history": [{"loss": 2.1}]}\n'
                 "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 79.15 GiB of which 1.06 GiB is free.\n")
    out = json.loads(cli("diagnose", "--json", str(p)).stdout)
    assert out["primary"]["id"] == "torch.cuda-oom"
    assert not any("JSON-lines" in n for f in out["inputs"]["files"] for n in f["notes"])
