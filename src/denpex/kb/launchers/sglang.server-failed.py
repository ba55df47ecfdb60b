"""Computed diagnosis for sglang.server-failed: which child failed, and what its exception or exit code says."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_EXIT = {
    -9: "was killed by SIGKILL - almost always the OOM killer or a container memory limit while loading",
    -6: "aborted (SIGABRT) - a native check, NCCL or CUDA runtime abort",
    -11: "crashed with a segmentation fault in native code",
    -7: "died of a bus error - usually /dev/shm too small (docker --shm-size)",
    -15: "was terminated (SIGTERM) from outside",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    comp = facts.get("component")
    where = str(facts.get("where") or "").strip()
    rank = facts.get("rank")
    code = facts.get("exit_code")
    exc = facts.get("inner_exc")
    status = facts.get("http_status")
    msg = str(facts.get("inner_message") or "").strip()
    parts: list[str] = []
    fix: list[str] = []
    who = f"{comp or 'A child process'}" + (f" ({where})" if where else "")
    if rank is not None:
        who = f"the rank {rank} scheduler"
    if status is not None:
        what = f"the warmup request got HTTP {status} instead of 200"
        parts.append(f"The server started, but SGLang's warmup request to itself got HTTP {status}.")
        if int(status) in (403, 407):
            parts.append(f"An HTML {status} page is not SGLang's answer (SGLang replies with JSON): an HTTP proxy or gateway picked up the request to 127.0.0.1 and refused it - http_proxy / https_proxy / all_proxy set in the environment without 127.0.0.1 in no_proxy.")
            fix.append("export no_proxy=127.0.0.1,localhost,0.0.0.0 (and NO_PROXY) or unset http_proxy https_proxy all_proxy before launching sglang.launch_server.")
        elif int(status) in (502, 503, 504):
            parts.append("A 502/503/504 with an HTML body comes from a proxy between SGLang and 127.0.0.1 (http_proxy / https_proxy set in the environment), or from a scheduler that died meanwhile.")
            fix.append("Set no_proxy=127.0.0.1,localhost (or unset http_proxy/https_proxy) for the server process, then check the scheduler lines above for a traceback.")
        else:
            fix.append("Read the server-side error logged just before (a scheduler traceback) for why the warmup request failed.")
    elif exc:
        what = f"{who} raised {exc}: {msg[:140]}"
        parts.append(f"SGLang's {who} failed with {exc}: {msg[:300]}. The child logged it with its traceback and sent SIGQUIT to the launcher, which then killed the whole process tree.")
        low = msg.lower()
        if "out of memory" in low:
            fix.append("Lower --mem-fraction-static (e.g. by 0.1), --cuda-graph-max-bs, --max-running-requests or --context-length, or add TP ranks.")
        elif "nccl" in low:
            fix.append("Check the network between TP ranks: NCCL_SOCKET_IFNAME / GLOO_SOCKET_IFNAME, open ports for --dist-init-addr, same versions on all nodes; rerun with NCCL_DEBUG=INFO.")
        elif "ninja" in low or "nvcc" in low:
            fix.append("Put the JIT build tools on PATH for the server (the venv's bin for ninja, $CUDA_HOME/bin for nvcc).")
        elif "address already in use" in low:
            fix.append("Another server (or a stale SGLang process) holds the port: pick another --port / --nccl-port or kill the old process tree.")
    elif code is not None:
        meaning = _EXIT.get(int(code), f"exited with code {code}")
        what = f"{who} {meaning.split(' - ')[0]} before it was ready (exit code {code})"
        parts.append(f"SGLang's {who} {meaning}, before it reported ready (exit code {code}).")
        if int(code) == -9:
            fix.append("Check dmesg -T | grep -i 'killed process' (or the container's OOMKilled state) and give the server more host memory or lower --hicache-size / loading parallelism.")
        elif int(code) >= 0:
            parts.append("A non-negative code means the scheduler exited after an error it printed: search its lines above for a traceback.")
    else:
        what = f"{who} failed and the server was torn down; the child's traceback ('hit an exception:') above is the cause"
        parts.append("SGLang tears the server down when any child process fails. The cause is the child's own traceback, logged as '<Component> hit an exception:' before this line.")
    return Explanation(text=" ".join(parts), fix=tuple(fix), derived={"what": what})
