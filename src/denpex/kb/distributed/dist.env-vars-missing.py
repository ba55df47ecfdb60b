"""Computed diagnosis for dist.env-vars-missing: what the missing variable means and the launch line to use."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_SINGLE = "RANK=0 LOCAL_RANK=0 WORLD_SIZE=1 MASTER_ADDR=127.0.0.1 MASTER_PORT=29500 python <script>.py"
_TORCHRUN = "torchrun --standalone --nproc_per_node=<number of GPUs> <script>.py <args>"

_MEANING = {
    "RANK": "the global rank of this process",
    "WORLD_SIZE": "the total number of processes",
    "MASTER_ADDR": "the host of rank 0's TCPStore",
    "MASTER_PORT": "the port of rank 0's TCPStore",
    "LOCAL_RANK": "the GPU index of this process on its node",
    "LOCAL_WORLD_SIZE": "the number of processes on this node",
    "GROUP_RANK": "the rank of this node",
    "NODE_RANK": "the rank of this node",
}


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    var = str(facts.get("var") or "").upper()  # PyTorch 0.4 names them in lower case ("rank is not set")
    if not var:
        return None
    meaning = _MEANING.get(var, "a launcher variable")
    text = [
        f"{var} ({meaning}) is set by torchrun / accelerate launch / deepspeed for every process they start; this "
        "process was started without a launcher (plain python, an IDE run button, a notebook)."
    ]
    if var in {"MASTER_ADDR", "MASTER_PORT"}:
        text.append("RANK and WORLD_SIZE were found, so some variables were set by hand: the env:// rendezvous also needs MASTER_ADDR and MASTER_PORT.")
    if var == "LOCAL_RANK":
        text.append("The script reads LOCAL_RANK itself; the legacy python -m torch.distributed.launch only sets it with --use_env (torchrun always does).")
    fix = [
        f"Launch through torchrun: {_TORCHRUN}.",
        f"Or run one process with the variables set: {_SINGLE}.",
        "Or make the script tolerate plain python: call init_process_group only when 'RANK' in os.environ and use os.environ.get('LOCAL_RANK', '0').",
    ]
    advice = "launch with torchrun (or set RANK, LOCAL_RANK, WORLD_SIZE, MASTER_ADDR, MASTER_PORT for one process)"
    return Explanation(text=" ".join(text), fix=tuple(fix), derived={"advice": advice})
