"""Computed diagnosis for trtllm.assertion-failed: which TensorRT-LLM check failed and the launch/build change it asks for."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from denpex.models import Explanation

_WORLD = re.compile(r"MPI size (\d+) != TP size (\d+) \* PP size (\d+)(?: \* CP Size (\d+))?")
_SEQ = re.compile(r"Input length \((\d+)\) \+ max new tokens \((\d+)\) \+ draft tokens \((\d+)\) must be less than max sequence length \((\d+)\)")


def explain(facts: Mapping[str, Any]) -> Explanation | None:
    cond = str(facts.get("condition") or "").strip()
    if not cond:
        return None
    where = str(facts.get("file") or "")
    base = where.rsplit("/", 1)[-1]
    text: list[str] = []
    fix: list[str] = []
    kind = "runtime invariant"
    m = _WORLD.search(cond)
    if m or re.search(r"mpiSize == tp \* pp", cond):
        kind = "MPI world size != engine TP x PP"
        if m:
            size, tp, pp = int(m.group(1)), int(m.group(2)), int(m.group(3))
            cp = int(m.group(4)) if m.group(4) else 1
            need = tp * pp * cp
            text.append(f"The engine was built for {need} rank(s) (TP {tp} x PP {pp}{f' x CP {cp}' if cp > 1 else ''}) "
                        f"but the program runs as {size} MPI process(es).")
            n = str(need)
        else:
            text.append("The engine was built for tp*pp ranks (one rankN.engine per GPU) but the number of MPI processes differs: "
                        "typically a multi-GPU engine started with plain python (a world of 1) or mpirun -n with the wrong count.")
            n = "<tp*pp>"
        fix += [f"Launch one process per engine rank: mpirun -n {n} --allow-run-as-root python3 run.py --engine_dir <dir> ... "
                f"(Triton: python3 scripts/launch_triton_server.py --world_size {n} --model_repo <repo>).",
                "Or rebuild for the GPUs you use: convert_checkpoint.py --tp_size/--pp_size with their product equal to the process count, then trtllm-build.",
                "Count the engine's ranks: ls <engine_dir>/rank*.engine; tp_size/pp_size are in <engine_dir>/config.json."]
    elif (s := _SEQ.search(cond)):
        inp, new, draft, mx = (int(s.group(i)) for i in range(1, 5))
        kind = "request longer than the engine's max_seq_len"
        total = inp + new + draft
        text.append(f"A request needs {inp} input + {new} new + {draft} draft = {total} tokens, over the engine's max_seq_len {mx} "
                    f"by {total - mx + 1}.")
        room = mx - 1 - inp - draft
        fix += [(f"Cap max_new_tokens at {room} for this prompt, or shorten the prompt." if room > 0 else
                 f"The prompt alone ({inp} tokens) fills the engine's {mx}: truncate it."),
                f"Or rebuild with a larger limit: trtllm-build ... --max_seq_len {total} (and --max_input_len >= {inp}); "
                "validate input + max_new_tokens against max_seq_len in the client."]
    elif "mMaxContextLength" in cond or "max_input_len" in cond.lower() or "maxInputLen" in cond:
        kind = "input longer than the engine's max_input_len"
        text.append(f"The context (prompt) is longer than the engine's built maximum input length ({cond}).")
        fix += ["Shorten or truncate prompts to the engine's max_input_len (see <engine_dir>/config.json).",
                "Or rebuild: trtllm-build ... --max_input_len <longest prompt> --max_seq_len <prompt + output>."]
    elif "MPI error" in cond:
        kind = "MPI communication error"
        text.append("An MPI call between the ranks failed: the ranks could not communicate (launcher / Open MPI mismatch, "
                    "missing shared memory or network between hosts), or another rank already died.")
        fix += ["Look at the other ranks' output for the first error; launch with the container's own mpirun (mpirun --version) "
                "and run containers with --ipc=host --shm-size=<large>.",
                "For multi-node runs check that every host can reach the others (hostfile, btl/ucx settings)."]
    else:
        text.append(f"The TensorRT-LLM runtime check '{cond}' failed{f' in {base}' if base else ''}. This is an internal invariant: "
                    "often an engine built by another TensorRT-LLM version or with other build options than the runtime expects, "
                    "or a runtime bug for this model/feature.")
        fix += ["Rebuild the engine with the installed TensorRT-LLM (pip show tensorrt_llm; engines are version-specific) and run again.",
                f"Search the condition text in NVIDIA/TensorRT-LLM issues; upgrade if it is a fixed bug{f' ({base})' if base else ''}."]
    return Explanation(text=" ".join(text), fix=tuple(fix), derived={"kind": kind})
