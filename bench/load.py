"""Load test of the real server: ``denpex serve`` started as a child process, driven on loopback.

    .venv/bin/python bench/load.py [--clients 1,10,50] [--sizes 10k,1m] [--seconds 10] [--workers N]

For each log size and each number of concurrent clients, every client posts ``POST /api/diagnose``
in a bounded loop (until ``--seconds`` have passed or ``--max-requests`` were sent) and the script
prints throughput, p50/p99 latency and the count of non-200 answers and connection errors. The logs
are realistic training logs (progress lines, a NCCL banner, a secret, one known failure at the
end); every answer is checked for the expected diagnosis and for the planted secret.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
SECRET = "hf_" + "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z"
FAILURE = (
    "ValueError: This model's maximum context length is 4096 tokens, however you requested 5120 tokens "
    "(4608 in your prompt; 512 for the completion)."
)


def make_log(size: int) -> bytes:
    lines = [f"INFO 05-01 10:00:00 HF_TOKEN={SECRET} starting on gpu-node-3\n", "NCCL INFO comm 0x1 rank 0 nranks 8\n"]
    i = 0
    total = sum(len(x) for x in lines)
    while total < size - 200:
        line = f"[rank0]: step {i} | loss {1.0 / (i + 1):.5f} | lr 3.0e-4 | grad_norm 0.{i % 997:03d} | tokens/s 51234\n"
        lines.append(line)
        total += len(line)
        i += 1
    lines.append(FAILURE + "\n")
    return "".join(lines).encode()


def parse_size(text: str) -> int:
    t = text.lower()
    mult = {"k": 1024, "m": 1024 * 1024}.get(t[-1], 1)
    return int(float(t.rstrip("km")) * mult)


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(port: int, workers: int) -> subprocess.Popen[bytes]:
    cmd = [sys.executable, "-c", "from denpex.cli import main; main()", "serve", "--port", str(port)]
    if workers:
        cmd += ["--workers", str(workers)]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("server did not start")


def run_level(url: str, body: bytes, clients: int, seconds: float, max_requests: int) -> dict[str, float]:
    latencies: list[float] = []
    errors = {"status": 0, "connection": 0, "wrong": 0}
    lock = threading.Lock()
    sent = [0]
    stop_at = time.monotonic() + seconds

    def client() -> None:
        with httpx.Client(timeout=120) as c:
            while time.monotonic() < stop_at:
                with lock:
                    if sent[0] >= max_requests:
                        return
                    sent[0] += 1
                t = time.monotonic()
                try:
                    r = c.post(url, content=body, headers={"content-type": "text/plain"})
                except httpx.HTTPError:
                    with lock:
                        errors["connection"] += 1
                    continue
                dt = time.monotonic() - t
                with lock:
                    latencies.append(dt)
                    if r.status_code != 200:
                        errors["status"] += 1
                    elif SECRET in r.text or "vllm.context-length-exceeded" not in r.text:
                        errors["wrong"] += 1

    t0 = time.monotonic()
    threads = [threading.Thread(target=client) for _ in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.monotonic() - t0
    lat = sorted(latencies)

    def pct(p: float) -> float:
        return lat[min(len(lat) - 1, int(p * len(lat)))] if lat else float("nan")

    return {
        "requests": len(lat),
        "throughput": len(lat) / wall,
        "p50": pct(0.50),
        "p99": pct(0.99),
        "mean": statistics.fmean(lat) if lat else float("nan"),
        **errors,
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--clients", default="1,10,50")
    ap.add_argument("--sizes", default="10k,1m")
    ap.add_argument("--seconds", type=float, default=10.0, help="per level (each client stops after this)")
    ap.add_argument("--max-requests", type=int, default=2000, help="per level")
    ap.add_argument("--workers", type=int, default=0, help="server diagnosis processes (default: the server's)")
    args = ap.parse_args()
    port = free_port()
    proc = start_server(port, args.workers)
    url = f"http://127.0.0.1:{port}/api/diagnose"
    try:
        body0 = make_log(1024)
        httpx.post(url, content=body0, headers={"content-type": "text/plain"}, timeout=120)  # workers warm
        print(f"denpex serve on 127.0.0.1:{port}, {os.cpu_count()} cores, {args.seconds:g} s per level\n")
        print(f"{'log':>6} {'clients':>7} {'requests':>8} {'req/s':>8} {'p50 ms':>8} {'p99 ms':>8} {'non-200':>7} {'conn err':>8} {'wrong':>5}")
        for size_text in args.sizes.split(","):
            body = make_log(parse_size(size_text))
            for clients in (int(c) for c in args.clients.split(",")):
                r = run_level(url, body, clients, args.seconds, args.max_requests)
                print(
                    f"{size_text:>6} {clients:>7} {r['requests']:>8} {r['throughput']:>8.1f} {r['p50'] * 1000:>8.0f} "
                    f"{r['p99'] * 1000:>8.0f} {r['status']:>7} {r['connection']:>8} {r['wrong']:>5}",
                    flush=True,
                )
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


if __name__ == "__main__":
    main()
