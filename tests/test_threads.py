"""``denpex.diagnose()`` is safe to call from many threads at once (issue 11, point 1)."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import denpex
from denpex.engine import get_engine

SAMPLES = Path(denpex.__file__).parent / "samples"


def _inputs() -> list[tuple[bytes, str | None]]:
    vllm = (SAMPLES / "vllm-server.log").read_bytes()
    oom = b"step 1 loss 2.0\ntorch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 79.15 GiB\n"
    healthy = b"".join(b"step %d loss 0.5 exit\n" % i for i in range(3000))
    out = [(vllm, denpex.diagnose(vllm).primary.id), (oom, denpex.diagnose(oom).primary.id)]
    out.append((healthy, None))
    return out


def test_diagnose_from_many_threads_is_correct():
    cases = _inputs()
    assert cases[0][1] == "vllm.context-length-exceeded"
    errors: list[BaseException] = []
    results: list[tuple[str | None, str | None]] = []
    lock = threading.Lock()

    def worker(seed: int) -> None:
        for i in range(12):
            data, want = cases[(seed + i) % len(cases)]
            try:
                d = denpex.diagnose(data)
                got = d.primary.id if d.primary else None
            except BaseException as exc:  # noqa: BLE001 - collected and reported below
                with lock:
                    errors.append(exc)
                continue
            with lock:
                results.append((want, got))

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors[:3]
    assert len(results) == 8 * 12
    assert all(w == g for w, g in results), [r for r in results if r[0] != r[1]][:5]


def test_matcher_scans_from_threads_while_another_demotes():
    """A demotion swaps the database while other threads scan: every scan sees one consistent layout."""
    from denpex.matchers import HyperscanMatcher

    eng = get_engine()
    m = HyperscanMatcher(eng.rules, cache_key=None)
    data = bytearray(b"".join(b"rank %d: exit ok, torch.OutOfMemoryError: CUDA out of memory\n" % i for i in range(2000)))
    expected = sorted(set(m.candidates(bytes(data))))
    literal = sorted(m.literal_rules)

    def scan(_: int) -> int:
        got = m.candidates_in(data, len(data))
        for end, rid in got:
            assert 0 <= rid < len(eng.rules) and 0 < end <= len(data)
        return len(got)

    with ThreadPoolExecutor(8) as ex:
        futures = [ex.submit(scan, i) for i in range(64)]
        m.demote(literal[:5])  # rebuild while the scans run
        m.demote(literal[5:10])
        counts = [f.result() for f in futures]
    assert all(c > 0 for c in counts)
    # every rule the literal path found is still found after the demotions (a full regex only narrows)
    after = {rid for _, rid in m.candidates(bytes(data))}
    assert {rid for _, rid in expected if rid not in literal[:10]} <= after
